"""Bingo halls: what each regulation says of a hall (``catalog/bingo-halls.yaml``), and a configuration's halls.

The duty of 000:170-175 covers bingo halls as well as casinos. A configuration may describe, beside a casino's
tables, its bingo halls (``halls:``): each names its id and its name, its category where the regulation has
categories (Euskadi: especial, primera, segunda, tercera, 000:5877-5881), its rooms, the series of cards it sells
(the price of a card and the cards of the series, which the cards print, 003:2384-2385), whether it announces the
línea before each game where the text allows it (003:2360-2363; never in Euskadi, 000:5816-5817), its prizes as it
sets them, and its auxiliary machines, at most as many as its category allows and at most the series per game,
machine and player the text fixes (000:5875-5884). The share of the sales given to prizes is left by the text to a
regulation outside the sources (the rules file's ``outside``): a hall's prizes are printed as it states them and
checked only for their form, never against a figure of ours.

>>> from .errors import Collector
>>> from .yamlsrc import loads
>>> c = Collector()
>>> r = Reader("c.yaml", c, ())
>>> doc = loads("price: 1.505\\n", "c.yaml")
>>> print(_euros(r, doc, "price", "halls[0].series[0]"))
None
>>> print(c.problems[0])
c.yaml:1: halls[0].series[0].price: expected an amount in euros above 0 with at most two decimals (1.50), got 1.505
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import yamlsrc
from .citations import Citations
from .errors import Collector
from .models import Citation, Game, Regulation, cite
from .schema import Reader, Text, join, kind
from .yamlsrc import Map, Seq

RULES = "bingo-halls.yaml"
HALL_ID = r"[A-Za-z0-9][A-Za-z0-9_-]{0,15}"
_MONEY = re.compile(r"\d{1,9}(?:\.\d{1,2})?")


@dataclass(frozen=True)
class Category:
    """A category of bingo hall the text names, and the most auxiliary machines such a hall may install."""

    id: str
    name: Text
    machines: int
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class HallRules:
    """What one regulation says of a bingo hall beyond the game (see ``catalog/bingo-halls.yaml``)."""

    regulation: str
    game: str  # the regulation's bingo game, <regulation>/<game>
    categories: tuple[Category, ...]
    machines_source: tuple[Citation, ...]
    machine_series: int | None  # the most series per game, machine and player; None: the text has no machines
    machine_series_source: tuple[Citation, ...]
    outside: Text  # what the text leaves to a regulation outside the sources (the share of the sales for prizes)


def load_hall_rules(root: Path, regulations: dict[str, Regulation], problems: Collector,
                    lengths: dict[str, int]) -> dict[str, HallRules]:
    """Read ``catalog/bingo-halls.yaml`` (absent: no regulation says anything of halls), by regulation id."""
    path = root / RULES
    if not path.is_file():
        return {}
    display = f"{root.name}/{RULES}"
    doc = yamlsrc.load(path, display)
    found: dict[str, HallRules] = {}
    if not isinstance(doc, Map):
        problems.add(display, 1, "(document)", f"expected a mapping of regulations, got {kind(doc)}")
        return found
    for regulation_id, node in doc.items():
        regulation = regulations.get(regulation_id)
        if regulation is None:
            problems.add(display, doc.line_of(regulation_id), str(regulation_id),
                         f"no regulation {regulation_id!r} (regulations: {', '.join(regulations)})")
            continue
        rules = _rules(Reader(display, problems, regulation.languages), node, regulation, lengths)
        if rules is not None:
            found[regulation.id] = rules
    return found


def _rules(r: Reader, node: Any, regulation: Regulation, lengths: dict[str, int]) -> HallRules | None:
    path = regulation.id
    cite_ = Citations(r, tuple(regulation.sources), lengths)
    machines = {"machines_source", "machine_series", "machine_series_source"}
    if not r.keys(node, path, {"game", "categories", "outside"}, machines):
        return None
    whole = not any(key in node for key in machines) or machines <= set(node)
    if not whole:
        r.error(node, None, path, f"the auxiliary machines are stated whole ({', '.join(sorted(machines))}) or not "
                "at all")
    game = r.string(node, "game", path)
    if game is not None and not game.startswith(f"{regulation.id}/"):
        r.error(node, "game", path, f"expected a game of {regulation.id}, got {game!r}")
        game = None
    categories = []
    for item_path, item in r.items(node, "categories", path):
        if not r.keys(item, item_path, {"id", "name", "machines", "source"}):
            continue
        name = r.text(item, "name", item_path)
        most = r.integer(item, "machines", item_path, minimum=0)
        source = cite_(item, "source", item_path)
        if name is not None and most is not None and source and isinstance(item["id"], str):
            categories.append(Category(item["id"], name, most, source))
    if categories and "machine_series" not in node:
        r.error(node, "categories", path, "a category's machines need the series per machine (machine_series)")
    series = r.integer(node, "machine_series", path, minimum=1) if "machine_series" in node else None
    outside = r.text(node, "outside", path)
    sources = [cite_(node, key, path) if key in node else () for key in ("machines_source", "machine_series_source")]
    if game is None or outside is None or not whole:
        return None
    return HallRules(regulation.id, game, tuple(categories), sources[0], series, sources[1], outside)


@dataclass(frozen=True)
class Series:
    """A series of cards the hall sells: its id as the cards print it, the price of a card, the cards of the series."""

    id: str
    price: Fraction
    cards: int


@dataclass(frozen=True)
class Prize:
    """A prize as the hall sets it: a share of the game's sales (``percent``), or a fixed amount in euros."""

    percent: Fraction | None
    amount: Fraction | None


@dataclass(frozen=True)
class Hall:
    """A bingo hall of the configuration, checked against its regulation's :class:`HallRules`."""

    id: str
    name: str
    game: str  # the bingo game it plays, <regulation>/<game>
    category: Category | None
    rooms: tuple[str, ...]
    series: tuple[Series, ...]
    announced_line: bool  # false where the text does not allow it
    prizes: dict[str, Prize]  # by combination: linea, bingo
    machines: int
    machine_series: int | None  # the most series a player plays per game on one machine; None without machines
    line: int
    field: str  # where the configuration gives it: «halls[0]»


def read_halls(r: Reader, doc: Map, regulation: Regulation, rules: dict[str, HallRules],
               games: dict[str, Game]) -> list[Hall]:
    """The configuration's halls (``halls:``), each checked; ids compared without regard to case."""
    return r.unique(doc, "halls", "hall", lambda node, path: _hall(r, node, path, regulation, rules, games))


def _hall(r: Reader, node: Any, path: str, regulation: Regulation, all_rules: dict[str, HallRules],
          games: dict[str, Game]) -> Hall | None:
    rules = all_rules.get(regulation.id)
    if rules is None:
        r.error(node, None, path, f"{regulation.id} says nothing of bingo halls (catalog/{RULES}): a hall is "
                f"configured under {', '.join(all_rules) or 'no regulation'}")
        return None
    game = games.get(rules.game)
    if game is None:
        r.error(node, None, path, f"no bingo game {rules.game!r} in the catalogue")
        return None
    if game.superseded_by is not None:
        r.error(node, None, path, f"{game.key} is the text of «{game.version.decree['es']}», since replaced by "
                f"«{game.superseded_by.decree['es']}»: a hall plays the regulation in force")
        return None
    article = f"{game.version.decree['es']}, {game.article['es']}"
    required = {"id", "name", "rooms", "series", "prizes", "machines"}
    optional = set()
    if rules.categories:
        required.add("category")
    if announced_rule(game).value:
        required.add("announced_line")
    else:
        optional.add("announced_line")  # refused below with the text's reason, not as an unknown field
    if rules.machine_series is not None:
        optional.add("machine_series")
    if not r.keys(node, path, required, optional):
        return None
    ok = True
    hall_id = node["id"]
    if not isinstance(hall_id, str) or not re.fullmatch(HALL_ID, hall_id):
        r.error(node, "id", path, f"expected a hall id of 1 to 16 letters, digits, - or _ (such as BU1), got "
                f"{hall_id!r}")
        ok = False
    name = _name(r, node, "name", path)
    category = _category(r, node, path, rules, article) if rules.categories else None
    rooms = _rooms(r, node, path)
    series = _series(r, node, path)
    announced = _announced(r, node, path, game, article)
    prizes = _prizes(r, node, path, prize_ids(game))
    machines = _machines(r, node, path, rules, category, article)
    if not ok or name is None or (rules.categories and category is None) or rooms is None or series is None \
            or announced is None or prizes is None or machines is None:
        return None
    return Hall(str(hall_id), name, game.key, category, rooms, series, announced, prizes, machines[0], machines[1],
                node.line, path)


def _name(r: Reader, node: Map | Seq, key: str | int, path: str) -> str | None:
    """A name printed on the sheet: one line of at most 80 characters."""
    value = node[key] if isinstance(node, Map) else node[int(key)]
    if not isinstance(value, str) or not value.strip() or len(value) > 80 or any(ord(ch) < 32 for ch in value):
        r.error(node, key, path, f"expected a name of at most 80 characters on one line, got {value!r}")
        return None
    return value.strip()


def _category(r: Reader, node: Map, path: str, rules: HallRules, article: str) -> Category | None:
    by_id = {c.id: c for c in rules.categories}
    value = node["category"]
    if value not in by_id:
        r.error(node, "category", path, f"expected one of {', '.join(by_id)}, got {value!r} ({article}; "
                f"{cite(rules.machines_source)})")
        return None
    return by_id[value]


def _rooms(r: Reader, node: Map, path: str) -> tuple[str, ...] | None:
    value = node["rooms"]
    if not isinstance(value, Seq) or not value:
        r.error(node, "rooms", path, f"expected the list of the hall's rooms (at least one name), got {kind(value)}")
        return None
    names: list[str] = []
    for index, _item in enumerate(value):
        name = _name(r, value, index, join(path, "rooms"))
        if name is None:
            return None
        if name.casefold() in (n.casefold() for n in names):
            r.error(value, index, join(path, "rooms"), f"the room {name!r} is named twice")
            return None
        names.append(name)
    return tuple(names)


def _euros(r: Reader, node: Map, key: str, path: str) -> Fraction | None:
    """An amount in euros above 0, to the cent (``1.50``)."""
    value = node.get(key)
    text = str(value) if isinstance(value, int | float) and not isinstance(value, bool) else ""
    if not _MONEY.fullmatch(text) or Fraction(text) <= 0:
        r.error(node, key, path, f"expected an amount in euros above 0 with at most two decimals (1.50), got {value!r}")
        return None
    return Fraction(text)


def _series(r: Reader, node: Map, path: str) -> tuple[Series, ...] | None:
    found: list[Series] = []
    value = node["series"]
    if not isinstance(value, Seq) or not value:
        r.error(node, "series", path, f"expected the list of the series of cards the hall sells, got {kind(value)}")
        return None
    for item_path, item in r.items(node, "series", path):
        if not r.keys(item, item_path, {"id", "price", "cards"}):
            return None
        series_id = item["id"]
        if not isinstance(series_id, str | int) or isinstance(series_id, bool) \
                or not re.fullmatch(HALL_ID, str(series_id)):
            r.error(item, "id", item_path, f"expected the series as the cards print it (letters and digits), got "
                    f"{series_id!r}")
            return None
        price = _euros(r, item, "price", item_path)
        cards = r.integer(item, "cards", item_path, minimum=1)
        if price is None or cards is None:
            return None
        if any(s.id == str(series_id) for s in found):
            r.error(item, "id", item_path, f"the series {series_id!r} is listed twice")
            return None
        found.append(Series(str(series_id), price, cards))
    return tuple(found)


def announced_rule(game: Game) -> Any:
    """The bingo game's rule on an announced línea (its ``rules.announced``: ``value`` true where the text lets the
    hall announce, before a game, the one row that wins; ``source``)."""
    return game.rules.announced


def prize_ids(game: Game) -> tuple[str, ...]:
    """The combinations the bingo game rewards (its ``rules.prizes``): línea and bingo."""
    return tuple(prize.id for prize in game.rules.prizes)


def _announced(r: Reader, node: Map, path: str, game: Game, article: str) -> bool | None:
    value = node.get("announced_line", False)
    rule = announced_rule(game)
    if not rule.value:
        if "announced_line" in node:
            r.error(node, "announced_line", path, f"the text lets the línea be any of the three rows of a card: a "
                    f"hall cannot announce the one that wins ({article}; {cite(rule.source)})")
            return None
        return False
    if not isinstance(value, bool):
        r.error(node, "announced_line", path, f"expected true or false (whether the hall announces, before each "
                f"game, the row that wins the línea), got {value!r} ({article}; {cite(rule.source)})")
        return None
    return value


def _prizes(r: Reader, node: Map, path: str, prizes: tuple[str, ...]) -> dict[str, Prize] | None:
    value = node["prizes"]
    field = join(path, "prizes")
    if not r.keys(value, field, set(prizes)):
        return None
    found = {}
    for prize in prizes:
        item = value[prize]
        where = join(field, prize)
        if not isinstance(item, Map) or len(item) != 1 or not set(item) <= {"percent", "amount"}:
            r.error(value, prize, field, f"expected either {{percent: N}} (a share of the game's sales, as the hall "
                    f"sets it) or {{amount: N}} (euros), got {item!r}")
            return None
        if "amount" in item:
            amount = _euros(r, item, "amount", where)
            if amount is None:
                return None
            found[prize] = Prize(None, amount)
            continue
        percent = item["percent"]
        exact = Fraction(str(percent)) if isinstance(percent, int | float) and not isinstance(percent, bool) \
            and re.fullmatch(r"\d{1,3}(?:\.\d{1,2})?", str(percent)) else None
        if exact is None or not 0 < exact < 100:
            r.error(item, "percent", where, f"expected a share of the sales above 0 and below 100, with at most two "
                    f"decimals, got {percent!r}")
            return None
        found[prize] = Prize(exact, None)
    return found


def _machines(r: Reader, node: Map, path: str, rules: HallRules, category: Category | None,
              article: str) -> tuple[int, int | None] | None:
    value = node["machines"]
    if rules.machine_series is None:
        if value != 0 or isinstance(value, bool):
            r.error(node, "machines", path, f"the text has no auxiliary bingo machines: expected 0, got {value!r}")
            return None
        return 0, None
    most = category.machines if category else None
    if type(value) is not int or value < 0 or (most is not None and value > most):
        span = f"from 0 to {most}" if most is not None else "0 or more"
        named = f" in a «{category.name['es']}»" if category else ""
        r.error(node, "machines", path, f"expected a whole number of auxiliary machines {span}{named}, got {value!r} "
                f"({article}; {cite(category.source if category else rules.machines_source)})")
        return None
    if value == 0:
        if "machine_series" in node:
            r.error(node, "machine_series", path, "only asked when the hall has auxiliary machines (machines above 0)")
            return None
        return 0, None
    series = node.get("machine_series")
    if "machine_series" not in node:
        r.problems.add(r.file, node.line, join(path, "machine_series"), "missing field (asked when machines is above "
                       "0: the most series a player may play in one game on one machine)")
        return None
    if type(series) is not int or not 1 <= series <= rules.machine_series:
        r.error(node, "machine_series", path, f"expected a whole number of series from 1 to {rules.machine_series} "
                f"per game, machine and player, got {series!r} ({article}; {cite(rules.machine_series_source)})")
        return None
    return value, series


def json_schemas(rules: dict[str, HallRules], regulations: Iterable[str],
                 games: dict[str, Game]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The JSON Schema (draft-07) of ``halls`` in a configuration, and the conditions that give each regulation's
    halls their own shape (``if regulation is X then halls are X's``). It cannot say what the checks do with a
    category's maximum of machines: the field says it in words."""
    conditions = []
    described_ones: list[str] = []
    for regulation, found in rules.items():
        game = games.get(found.game)
        if game is None or game.superseded_by is not None:
            continue  # no hall plays it (the configuration says why)
        conditions.append({"if": {"properties": {"regulation": {"const": regulation}}, "required": ["regulation"]},
                           "then": {"properties": {"halls": {"items": _hall_schema(found, game)}}}})
        described_ones.append(regulation)
    others = sorted(set(regulations) - set(described_ones))
    if others:  # a regulation that says nothing of halls has none
        conditions.append({"if": {"properties": {"regulation": {"enum": others}}, "required": ["regulation"]},
                           "then": {"not": {"required": ["halls"]}}})
    described = "The bingo halls of this configuration, each with its category, rooms, cards, prizes and machines."
    return {"type": "array", "minItems": 1, "description": described}, conditions


def _hall_schema(rules: HallRules, game: Game) -> dict[str, Any]:
    money = {"type": "number", "exclusiveMinimum": 0, "description": "Euros, at most two decimals."}
    prize = {"oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["percent"],
         "properties": {"percent": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 100,
                                    "description": "A share of the game's sales, at most two decimals. "
                                    + rules.outside["es"]}}},
        {"type": "object", "additionalProperties": False, "required": ["amount"], "properties": {"amount": money}}]}
    properties: dict[str, Any] = {
        "id": {"type": "string", "pattern": f"^{HALL_ID}$", "description": "The hall's id (file names): BU1."},
        "name": {"type": "string", "minLength": 1, "maxLength": 80, "description": "The hall's name, printed."},
        "rooms": {"type": "array", "minItems": 1, "uniqueItems": True,
                  "items": {"type": "string", "minLength": 1, "maxLength": 80}, "description": "Its rooms' names."},
        "series": {"type": "array", "minItems": 1, "items": {
            "type": "object", "additionalProperties": False, "required": ["id", "price", "cards"],
            "properties": {"id": {"type": ["string", "integer"], "description": "The series as the cards print it."},
                           "price": money, "cards": {"type": "integer", "minimum": 1,
                                                     "description": "The cards of the series."}}}},
        "prizes": {"type": "object", "additionalProperties": False, "required": list(prize_ids(game)),
                   "properties": {p: prize for p in prize_ids(game)}},
        "machines": {"type": "integer", "minimum": 0, "maximum": 0, "description": "The text has no auxiliary "
                     "machines."},
    }
    required = ["id", "name", "rooms", "series", "prizes", "machines"]
    if rules.categories:
        properties["category"] = {"enum": [c.id for c in rules.categories], "description": "; ".join(
            f"{c.id}: {c.name['es']}, at most {c.machines} machines" for c in rules.categories)
            + f" ({cite(rules.machines_source)})."}
        required.append("category")
    if rules.machine_series is not None:
        most = max((c.machines for c in rules.categories), default=None)
        properties["machines"] = {"type": "integer", "minimum": 0, "description": "The auxiliary bingo machines "
                                  "installed, at most as many as the category allows."}
        if most is not None:
            properties["machines"]["maximum"] = most
        properties["machine_series"] = {"type": "integer", "minimum": 1, "maximum": rules.machine_series,
                                        "description": "The most series a player may play in one game on one "
                                        f"machine ({cite(rules.machine_series_source)}); only with machines."}
    if announced_rule(game).value:
        properties["announced_line"] = {"type": "boolean", "description": "Whether the hall announces, before each "
                                        f"game, the row that wins the línea ({cite(announced_rule(game).source)})."}
        required.append("announced_line")
    return {"type": "object", "additionalProperties": False, "required": required, "properties": properties}
