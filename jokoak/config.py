"""A casino's configuration: its regulation, its name, and its tables, each checked against the text.

A table names the casino's id for it («R1», «BJ2»), its game, its minimum and the maximum of every
bet group in whole euros, and every choice the regulation leaves to the casino (see
:mod:`jokoak.tablespec`): nothing is left to a silent default. A bet whose player expectation is
positive under the text can be offered only with the legal team's recorded decision
(:func:`check_decisions`, once the engine has computed the expectations). Without ``--config``
the embedded sample (``default_config.yaml``, a Basque casino and a bingo hall) is used. A configuration may
describe bingo halls as well as, or instead of, a casino's tables (``halls:``, see :mod:`jokoak.halls`).
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import yamlsrc
from .errors import BuildError, Collector, Problem
from .games import families
from .halls import Hall, read_halls
from .models import Catalog, Game, Regulation, cite
from .schema import Reader, join, kind
from .tablespec import TABLE_ID, Maximum, Option, TableSpec, has_tables, optional_item, table_spec
from .yamlsrc import Map, Seq

DEFAULT_CONFIG = Path(__file__).with_name("default_config.yaml")
SAMPLES = Path(__file__).with_name("samples")


@dataclass(frozen=True)
class Table:
    """One table of a casino: its game, limits in whole euros, the casino's choices, what it offers."""

    id: str
    game: str
    minimum: int
    maximums: dict[str, int]  # by bet group, and by dice bet whose maximum is its own
    per_number: dict[str, dict[int, int]]  # dice bets whose maximum depends on the number
    choices: dict[str, Any]  # every option of the game's table spec, by key
    not_offered: frozenset[str]
    line: int
    field: str  # where the configuration gives it: «tables[3]»

    @property
    def offered_items(self) -> frozenset[str]:
        """The optional bets and rules this table offers."""
        return frozenset(self.choices.get("offers", ()))

    def offers(self, info: Any) -> bool:
        """Whether this table takes a bet (any family's bet info) or offers an optional item (its id)."""
        if isinstance(info, str):
            return info in self.offered_items
        item = optional_item(info)
        return info.id not in self.not_offered and (item is None or item in self.offered_items)

    # The choices the templates ask for by name; None where the game has no such choice.
    @property
    def layout(self) -> str | None:
        return self.choices.get("layout")

    @property
    def payment(self) -> str | None:
        return self.choices.get("payment")

    @property
    def commission(self) -> Fraction | None:
        return self.choices.get("commission")

    @property
    def decks(self) -> int | None:
        return self.choices.get("decks")

    @property
    def even_chance_minimum(self) -> int:
        return int(self.choices.get("even_chance_minimum", self.minimum))

    @property
    def multiples(self) -> bool:
        return bool(self.choices.get("multiples", False))


@dataclass(frozen=True)
class Decision:
    """The legal team's decision to offer a bet whose player expectation is positive under the text."""

    game: str
    bet: str
    decided_by: str
    date: dt.date
    reference: str
    line: int


@dataclass(frozen=True)
class Config:
    regulation: Regulation
    casino: str | None  # printed only where the configuration gives one
    tables: tuple[Table, ...]
    decisions: tuple[Decision, ...]
    file: str
    halls: tuple[Hall, ...] = ()  # its bingo halls

    def tables_of(self, game_key: str) -> tuple[Table, ...]:
        return tuple(t for t in self.tables if t.game == game_key)


def table_specs(catalog: Catalog) -> dict[str, TableSpec]:
    """The table definition of every game, by key."""
    return {game.key: table_spec(game, families()[game.engine].table) for game in catalog.games}


def load_config(path: Path | None, catalog: Catalog) -> Config:
    """Read and check a configuration; ``None`` means the embedded sample."""
    path = path or DEFAULT_CONFIG
    display = "jokoak/default_config.yaml" if path == DEFAULT_CONFIG else str(path)
    doc = yamlsrc.load(path, display)
    problems = Collector()
    r = Reader(display, problems, ())
    if not r.keys(doc, "", {"regulation"}, {"tables", "casino", "decisions", "halls"}):
        problems.raise_if_any()
    if "tables" not in doc and "halls" not in doc:
        r.error(doc, None, "tables", "missing field (a configuration gives a casino's tables, its bingo halls, or "
                "both)")
        problems.raise_if_any()
    regulation = catalog.regulations.get(doc["regulation"]) if isinstance(doc["regulation"], str) else None
    if regulation is None:
        r.error(doc, "regulation", "", f"expected one of {', '.join(sorted(catalog.regulations))}, "
                f"got {doc['regulation']!r}")
        problems.raise_if_any()
    assert regulation is not None
    casino = r.string(doc, "casino", "") if "casino" in doc else None
    if casino is not None and (len(casino) > 80 or any(ord(ch) < 32 for ch in casino)):
        r.error(doc, "casino", "", "expected a name of at most 80 characters on one line")
    specs = table_specs(catalog)
    games = {game.key: game for game in catalog.games}
    tables = r.unique(doc, "tables", "table", lambda node, path: _table(r, node, path, regulation, games, specs)) \
        if "tables" in doc else []
    decisions = _decisions(r, doc, games)
    halls = read_halls(r, doc, regulation, catalog.halls, games) if "halls" in doc else []
    problems.raise_if_any()
    return Config(regulation, casino, tuple(tables), tuple(decisions), display, tuple(halls))


def _table(r: Reader, node: Any, path: str, regulation: Regulation, games: dict[str, Game],
           specs: dict[str, TableSpec]) -> Table | None:
    if not isinstance(node, Map):
        r.error(node, None, path, f"expected a mapping, got {kind(node)}")
        return None
    key = str(node.get("game"))
    game = games.get(key)
    if game is None:
        ours = [k for k in games if k.startswith(f"{regulation.id}/")]
        r.error(node, "game", path, f"no game {node.get('game')!r} in the catalogue (games of {regulation.id}: "
                f"{', '.join(ours)})")
        return None
    if game.regulation.id != regulation.id:
        r.error(node, "game", path, f"{key} is a game of another regulation ({game.regulation.id}); this casino is "
                f"under {regulation.id}")
        return None
    if game.superseded_by is not None:
        r.error(node, "game", path, f"{key} is the text of «{game.version.decree['es']}», since replaced by "
                f"«{game.superseded_by.decree['es']}»: a table plays the regulation in force")
        return None
    if not has_tables(game):
        variants = [k for k, g in games.items() if g.engine == game.engine and g.regulation == game.regulation
                    and has_tables(g)]
        r.error(node, "game", path, f"{key} holds the general rules that its variants share; no hand is played under "
                f"them alone ({game.article['es']}): a table plays one of the variants ({', '.join(variants)})")
        return None
    spec = specs[key]
    optional = {o.key for o in spec.options if o.when is not None} | {"not_offered"}
    required = {"id", "game", "minimum", *(o.key for o in spec.options if o.when is None)}
    if spec.maximums:
        required.add("maximum")
    if not r.keys(node, path, required, optional):
        return None
    table_id = node["id"]
    if not isinstance(table_id, str) or not re.fullmatch(TABLE_ID, table_id):
        r.error(node, "id", path, f"expected a table id of 1 to 16 letters, digits, - or _ (such as R1 or BJ-2), "
                f"got {table_id!r}")
        return None
    article = f"{game.version.decree['es']}, {game.article['es']}"
    minimum = _whole(r, node, "minimum", path)
    choices = {}
    for option in spec.options:
        if option.when is not None:
            key_, value = option.when
            if node.get(key_) != value:
                if option.key in node:
                    r.error(node, option.key, path, f"only asked when {key_} is {value}")
                    return None
                continue
            if option.key not in node:
                r.problems.add(r.file, node.line, join(path, option.key), f"missing field (asked when {key_} is "
                               f"{value})")
                return None
        found = _option(r, node, path, option, minimum, article)
        if found is None:
            return None
        choices[option.key] = found
    not_offered = _not_offered(r, node, path, spec)
    if minimum is None or not_offered is None:
        return None
    table = Table(table_id, key, minimum, {}, {}, choices, not_offered, node.line, path)
    maximums = _maximums(r, node, path, spec, table, article)
    if maximums is None:
        return None
    table = replace(table, maximums=maximums[0], per_number=maximums[1])
    check = families()[game.engine].check_table
    wrong = check(game.rules, table) if check else []
    for field_, message in wrong:  # at the line of the field: a maximum's is in the mapping ``maximum``
        head, _, rest = field_.partition(".")
        where = node[head] if rest and isinstance(node.get(head), Map) else node
        r.error(where, rest or head, join(path, head) if rest else path, f"{message} ({article})")
    return None if wrong else table


def _whole(r: Reader, node: Map, key: str, path: str) -> int | None:
    value = node.get(key)
    if type(value) is not int or value < 1:
        r.error(node, key, path, f"expected an amount in whole euros (1 or more), got {value!r}")
        return None
    return value


def _option(r: Reader, node: Map, path: str, option: Option, minimum: int | None, article: str) -> Any:
    value = node[option.key]
    where = f"({article}; {cite(option.source)})"
    if option.kind == "choice":
        if value not in option.values:
            r.error(node, option.key, path, f"expected one of {', '.join(option.values)}, got {value!r} {where}")
            return None
        return str(value)
    if option.kind == "items":
        if not _ids(value) or not all(v in option.values for v in value) or len(set(value)) != len(value):
            r.error(node, option.key, path, f"expected the list of the optional items this table offers, among "
                    f"{', '.join(option.values)} (an empty list for none), got {value!r} {where}")
            return None
        return tuple(str(v) for v in value)
    if option.kind == "flag":
        if not isinstance(value, bool):
            r.error(node, option.key, path, f"expected true or false, got {value!r} {where}")
            return None
        return value
    if option.kind in ("whole", "euros"):
        scale = minimum if option.kind == "euros" else 1
        if scale is None:
            return None
        euros = option.kind == "euros"
        low = math.ceil(option.low * scale) if option.low is not None else 1 if euros else 0
        high = math.floor(option.high * scale) if option.high is not None else None if euros else 0
        if type(value) is not int or not low <= value <= (value if high is None else high):
            unit = " €" if euros else ""
            span = f"at least {low}{unit}" if high is None else f"from {low}{unit} to {high}{unit}"
            r.error(node, option.key, path, f"expected a whole number {span}, got {value!r} {where}")
            return None
        return value
    # percent: a number with at most two decimals
    finite = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    found = Fraction(str(value)) if finite else None
    if found is None or (found * 100).denominator != 1 or not (option.low or 0) <= found <= (option.high or 0):
        r.error(node, option.key, path, f"expected a percentage from {_decimal(option.low or Fraction(0))} to "
                f"{_decimal(option.high or Fraction(0))}, with at most two decimals, got {value!r} {where}")
        return None
    return found


def _decimal(value: Fraction) -> str:
    """A bound of a percentage as the casino writes it: ``5``, ``0.01``, ``1.25``."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _not_offered(r: Reader, node: Map, path: str, spec: TableSpec) -> frozenset[str] | None:
    value = node.get("not_offered", Seq())
    if not _ids(value) or not all(v in spec.bets for v in value) or len(set(value)) != len(value):
        r.error(node, "not_offered", path, f"expected a list of bets of this game, each once, among "
                f"{', '.join(spec.bets)}; got {value!r}")
        return None
    optional = [v for v in value if v in spec.item_of]
    if optional:
        r.error(node, "not_offered", path, f"{', '.join(optional)}: optional, offered only when listed in offers")
        return None
    return frozenset(value)


def _ids(value: Any) -> bool:
    """A list of ids (text), as ``offers`` and ``not_offered`` are."""
    return isinstance(value, Seq) and all(isinstance(v, str) for v in value)


def _maximums(r: Reader, node: Map, path: str, spec: TableSpec, table: Table,
              article: str) -> tuple[dict[str, int], dict[str, dict[int, int]]] | None:
    """The table's maximums, each within the rule of the regulation; a tiered game's all of one tier."""
    if not spec.maximums:
        return {}, {}
    offered = {info.id for info in spec.game.rules.bets if table.offers(info)}
    needed = [m for m in spec.maximums if not m.bets or offered & set(m.bets)]
    given = node["maximum"]
    field = join(path, "maximum")
    if not isinstance(given, Map):
        r.error(node, "maximum", path, f"expected a mapping of the maximums by bet group, got {kind(given)}")
        return None
    unneeded = set(given) - {m.key for m in needed}
    for key in sorted(unneeded, key=str):
        known = {m.key for m in spec.maximums}
        why = "no bet of this group is offered at this table" if key in known else \
            f"unknown group (groups: {', '.join(m.key for m in needed)})"
        r.error(given, key, field, why)
    missing = [m.key for m in needed if m.key not in given]
    for key in missing:
        r.problems.add(r.file, given.line, join(field, key), "missing field")
    if unneeded or missing:
        return None
    found: dict[str, int] = {}
    per_number: dict[str, dict[int, int]] = {}
    tiers: dict[int, str] = {}
    for maximum in needed:  # groups before the dice bets whose maximum depends on theirs
        value = given[maximum.key]
        reference = f"({article}; {maximum.rule()})"
        if maximum.winnings is not None and len(maximum.payouts) > 1:
            amounts = _per_number(r, given, field, maximum, found, reference)
            if amounts is None:
                return None
            per_number[maximum.key] = amounts
            continue
        if type(value) is not int or value < 1:
            r.error(given, maximum.key, field, f"expected an amount in whole euros, got {value!r}")
            return None
        allowed: Any = maximum.allowed(table.minimum, found)
        if allowed is None:
            return None
        if maximum.tiers or maximum.choices:
            if value not in allowed:
                r.error(given, maximum.key, field, f"expected {_euros(allowed)} with a {table.minimum} € minimum, got "
                        f"{value} € {reference}")
                return None
            if maximum.tiers:
                tiers[allowed.index(value)] = maximum.key
        elif not _within(value, allowed):
            r.error(given, maximum.key, field, f"expected {_span(allowed, table.minimum)}, got {value} € {reference}")
            return None
        found[maximum.key] = value
    if len(tiers) > 1:
        named = "; ".join(f"{group}: tier {tier + 1}" for tier, group in sorted(tiers.items()))
        r.error(node, "maximum", path, f"the maximums must all be of one tier of the regulation, got {named} "
                f"({article}; {cite(spec.game.rules.limits.tiers_source)})")
        return None
    return found, per_number


def _per_number(r: Reader, given: Map, field: str, maximum: Maximum, found: dict[str, int],
                reference: str) -> dict[int, int] | None:
    """A dice bet with one payout per number: its maximum for each number."""
    value = given[maximum.key]
    numbers = sorted(n for n in maximum.payouts if n is not None)
    if not isinstance(value, Map) or sorted(value, key=str) != sorted(numbers, key=str):
        r.error(given, maximum.key, field, f"expected the maximum in whole euros for each of {numbers}, got {value!r}")
        return None
    group = found.get(maximum.winnings or "")
    if group is None:
        return None
    amounts = {}
    for number in numbers:
        single = Maximum(maximum.key, maximum.source, winnings=maximum.winnings, times=maximum.times,
                         payouts={number: maximum.payouts[number]})
        allowed = single.allowed(0, found)
        amount = value[number]
        if type(amount) is not int or not _within(amount, allowed):
            r.error(value, str(number), join(field, maximum.key), f"expected {_span(allowed, 0)} on {number}, got "
                    f"{amount!r} {reference}")
            return None
        amounts[number] = amount
    return amounts


def _within(value: int, allowed: Any) -> bool:
    low, high = allowed
    return bool(low <= value and (high is None or value <= high))


def _span(allowed: Any, minimum: int) -> str:
    low, high = allowed
    if high is None:
        return f"at least {low} €"
    if low > high:
        return f"an amount between {high} € and {low} €, which do not meet: no whole amount fits"
    return f"{low} €" if low == high else f"from {low} to {high} €"


def _euros(values: tuple[int, ...]) -> str:
    return ", ".join(f"{v} €" for v in values[:-1]) + f" or {values[-1]} €"


def _decisions(r: Reader, doc: Map, games: dict[str, Game]) -> list[Decision]:
    found = []
    for path, node in (r.items(doc, "decisions", "") if "decisions" in doc else ()):
        if not r.keys(node, path, {"game", "bet", "decided_by", "date", "reference"}):
            continue
        game = games.get(node["game"]) if isinstance(node["game"], str) else None
        if game is None:
            r.error(node, "game", path, f"no game {node['game']!r} in the catalogue")
            continue
        bets = [info.id for info in game.rules.bets]
        if node["bet"] not in bets:
            r.error(node, "bet", path, f"no bet {node['bet']!r} in {game.key} (bets: {', '.join(bets)})")
            continue
        by, reference = r.string(node, "decided_by", path), r.string(node, "reference", path)
        date = r.date(node, "date", path)
        if by and reference and date:
            found.append(Decision(game.key, str(node["bet"]), by, date, reference, node.line))
    return found


def check_decisions(config: Config, positive: dict[str, dict[str, tuple[Fraction | float, str]]]) -> None:
    """Every bet offered at a table whose player expectation is positive under the text needs a decision.

    ``positive``: by table id, the bets (or placements) whose player expectation is positive there, each with
    the house edge (negative) and the lines of the text. A decision for a bet that needs none is an error too:
    it would hide a change of the text or of the engine."""
    problems = []
    decided = {(d.game, d.bet): d for d in config.decisions}
    for table in config.tables:
        for placement, (edge, lines) in positive.get(table.id, {}).items():
            bet = placement.split()[0]
            if bet in table.not_offered or (table.game, bet) in decided:
                continue
            gain = f"{float(-edge) * 100:.3f}"
            problems.append(Problem(config.file, table.line, table.field,
                                    f"table {table.id}, {placement}: the player's expectation is positive under the "
                                    f"text (+{gain} % of the stake; {lines}); offer it only with the legal team's "
                                    f"decision recorded under decisions (who, when, the reference of their note), or "
                                    f"list it under not_offered"))
    for decision in config.decisions:
        tables = config.tables_of(decision.game)
        if not any(p.split()[0] == decision.bet for t in tables for p in positive.get(t.id, {})):
            problems.append(Problem(config.file, decision.line, "decisions", f"{decision.game} {decision.bet}: the "
                                    "player's expectation is not positive under the text; the decision is not needed"))
    if problems:
        raise BuildError(problems)


def load_or_raise(path: Path | None, catalog: Catalog) -> Config:
    """:func:`load_config`, with a path that is not a file reported like any other bad input."""
    if path is not None and not path.is_file():
        raise BuildError([Problem(str(path), 1, "(file)", "no such configuration file")])
    return load_config(path, catalog)
