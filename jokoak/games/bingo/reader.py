"""Reading the bingo part of a game file (Euskadi, Decreto 277/1996 Art. 3, 000:5803-5888; the national order of
1977, «10. Bingo», 003:2347-2529), and the worked examples' cards, claims and prizes.

The fields, each with the lines it comes from:

- ``balls``: ``count`` and ``source``;
- ``card``: ``numbers``, ``rows``, ``per_row``, ``columns`` (a number, or ``none`` where the text fixes no columns,
  which ``columns_note`` then says) and ``per_column`` (``[lowest, highest]``, with columns), ``source``;
- ``prizes``: the ``linea`` and the ``bingo``, in this order, each with its ``name``, ``source``, ``last_ball``
  (true where the text requires the last ball drawn to be on the winning line or card: then ``last_ball_source``);
  the línea's ``once_source`` (it is paid once: to the first ball on which it is claimed correctly);
- ``announced_line``, ``late_claim``, ``sharing``, ``end``: each a rule with its value (``allowed``, ``loses``,
  ``parts``, ``ends``) and either its ``source`` or, where the text says nothing of it, a ``note`` in Spanish and
  Basque saying so and what the engine does (a ``source`` may come with it).

A prize or a rule may carry a ``reading`` (es, eu): how the catalogue reads a passage, for the legal team. The
optional ``notes`` say, each with its lines, what the text fixes beside the game the engine plays (electronic cards,
interconnected halls, void games…), in our own words (es, eu).

A game of bingo has no bets against the house, no table limits and no table a casino states: a bingo hall's
configuration says what it sells. The result, :class:`BingoSpec`, holds the engine's rules
(:class:`~jokoak.games.bingo.engine.BingoRules`) and what the pages show beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...common import CommonReader, Limits
from ...engine.result import Result
from ...family import Options
from ...models import NOTE_LANGUAGES, Citation, Reading, Text
from ...schema import Reader, join
from ...yamlsrc import Map, Seq
from . import engine as bingo

BINGO_FIELDS = {"balls", "card", "prizes", "announced_line", "late_claim", "sharing", "end"}
BINGO_OPTIONAL = {"notes"}
RULES = {"announced_line": "allowed", "late_claim": "loses", "sharing": "parts", "end": "ends"}
SHARING = ("equal",)  # «distribución proporcional»: equal parts per winning card (the engine's only way)
NO_LIMITS = Limits(0, {}, None, (), (), (), {})


@dataclass(frozen=True)
class Prize:
    """The línea or the bingo: its name, its lines, and those of the condition on the last ball and of the línea
    being paid once, where the text has them."""

    id: str
    name: Text
    source: tuple[Citation, ...]
    last_ball: bool
    last_ball_source: tuple[Citation, ...] = ()
    once_source: tuple[Citation, ...] = ()


@dataclass(frozen=True)
class Rule:
    """A rule of the game as the text gives it (``source``), or says nothing of it (``note``: what the engine
    does then, in our words)."""

    value: Any
    source: tuple[Citation, ...]
    note: Text | None = None


@dataclass(frozen=True)
class Note:
    """Something the text fixes that the engine does not play, in our own words, with its lines."""

    text: Text
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class CardBought:
    """A card a worked example's player bought: its id is its name (the examples call the cards A, B…)."""

    id: str
    name: Text


@dataclass(frozen=True)
class BingoSpec:
    rules: bingo.BingoRules
    prizes: tuple[Prize, ...]
    balls_source: tuple[Citation, ...]
    card_source: tuple[Citation, ...]
    columns_note: Text | None  # where the text fixes no columns: saying so
    announced: Rule
    late: Rule
    sharing: Rule
    ending: Rule
    notes: tuple[Note, ...] = ()
    limits: Limits = NO_LIMITS
    bets: tuple[Any, ...] = ()  # no bet against the house
    layouts: tuple[Any, ...] = ()
    languages: tuple[str, ...] = field(default=("es",))

    @property
    def playable(self) -> bool:
        """A casino's table never plays bingo: a bingo hall does (its own configuration)."""
        return False

    def bet(self, card_id: str) -> CardBought:
        """A worked example's ``bets`` are the cards the player bought, by their id (``A``), each at its price."""
        return CardBought(card_id, {lang: card_id for lang in self.languages})

    def prize(self, prize_id: str) -> Prize:
        return next(p for p in self.prizes if p.id == prize_id)

    # The lines of each rule a step of the engine applies (:func:`jokoak.facts.step_citations`).
    @property
    def linea_source(self) -> tuple[Citation, ...]:
        return self.prize("linea").source

    @property
    def bingo_source(self) -> tuple[Citation, ...]:
        return self.prize("bingo").source

    @property
    def check_source(self) -> tuple[Citation, ...]:
        return self.linea_source + self.bingo_source

    @property
    def once_source(self) -> tuple[Citation, ...]:
        return self.prize("linea").once_source

    @property
    def last_ball_source(self) -> tuple[Citation, ...]:
        return tuple(c for p in self.prizes for c in p.last_ball_source)

    @property
    def announced_line_source(self) -> tuple[Citation, ...]:
        return self.announced.source

    @property
    def late_claim_source(self) -> tuple[Citation, ...]:
        return self.late.source

    @property
    def sharing_source(self) -> tuple[Citation, ...]:
        return self.sharing.source

    @property
    def end_source(self) -> tuple[Citation, ...]:
        return self.ending.source


class BingoReader:
    """Reads and checks the bingo fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.notes = Reader(reader.file, reader.problems, NOTE_LANGUAGES)  # our words: Spanish and Basque always
        self.common = CommonReader(reader, citations, readings)  # the readings of the text, for the legal team

    def read(self, doc: Map) -> BingoSpec | None:
        balls, balls_source = self.balls(doc.get("balls"))
        card = self.card(doc.get("card"), balls)
        prizes = self.prizes(doc)
        rules = {key: self.rule(doc.get(key), key) for key in RULES}
        if balls is None or card is None or prizes is None or None in rules.values():
            return None
        announced, late, sharing, ending = (rules[key] for key in RULES)
        assert announced is not None and late is not None and sharing is not None and ending is not None
        if sharing.value not in SHARING:
            self.r.error(doc["sharing"], "parts", "sharing", f"the engine shares a prize in {SHARING[0]} parts "
                         f"among the winning cards of one ball: expected {SHARING[0]}, got {sharing.value!r}")
            return None
        if ending.value is not True:
            self.r.error(doc["end"], "ends", "end", "the engine ends the game at the first verified bingo: "
                         "expected true")
            return None
        for key in ("announced_line", "late_claim"):
            if not isinstance(rules[key].value, bool):  # type: ignore[union-attr]
                self.r.error(doc[key], RULES[key], key, "expected true or false")
                return None
        rule, columns_note = card
        engine_rules = bingo.BingoRules(rule, {p.id: p.last_ball for p in prizes}, bool(announced.value),
                                        bool(late.value))
        return BingoSpec(engine_rules, prizes, balls_source, self.cite(doc["card"], "source", "card"), columns_note,
                         announced, late, sharing, ending, self.read_notes(doc), languages=self.r.languages)

    def read_notes(self, doc: Map) -> tuple[Note, ...]:
        found = []
        for path, node in self.r.items(doc, "notes", "") if "notes" in doc else ():
            if self.r.keys(node, path, {"text", "source"}):
                text, source = self.notes.text(node, "text", path), self.cite(node, "source", path)
                if text is not None:
                    found.append(Note(text, source))
        return tuple(found)

    def balls(self, node: Any) -> tuple[int | None, tuple[Citation, ...]]:
        if not self.r.keys(node, "balls", {"count", "source"}):
            return None, ()
        return self.r.integer(node, "count", "balls", minimum=2, maximum=1000), self.cite(node, "source", "balls")

    def card(self, node: Any, balls: int | None) -> tuple[bingo.CardRule, Text | None] | None:
        path = "card"
        if not self.r.keys(node, path, {"numbers", "rows", "per_row", "columns", "source"},
                           {"per_column", "columns_note"}):
            return None
        numbers = self.r.integer(node, "numbers", path, minimum=1, maximum=1000)
        rows = self.r.integer(node, "rows", path, minimum=1, maximum=100)
        per_row = self.r.integer(node, "per_row", path, minimum=1, maximum=100)
        if numbers is None or rows is None or per_row is None or balls is None:
            return None
        if numbers != rows * per_row or numbers > balls:
            self.r.error(node, "numbers", path, f"expected rows × per_row numbers ({rows} × {per_row}), and no more "
                         f"than the {balls} balls, got {numbers}")
            return None
        if node["columns"] == "none":
            if "per_column" in node or "columns_note" not in node:
                self.r.error(node, "columns", path, "a text that fixes no columns gives no per_column, and a "
                             "columns_note (es, eu) saying so")
                return None
            note = self.notes.text(node, "columns_note", path)
            return (bingo.CardRule(balls, numbers, rows, per_row, None, None), note) if note else None
        columns = self.r.integer(node, "columns", path, minimum=1, maximum=100)
        given = node.get("per_column")
        if columns is None:
            return None
        if not isinstance(given, Seq) or len(given) != 2 or not all(type(v) is int for v in given) \
                or not 0 <= given[0] <= given[1] <= rows:
            self.r.error(node, "per_column", path, f"expected [lowest, highest] numbers a column holds, from 0 to "
                         f"the {rows} rows, got {given!r}")
            return None
        low, high = int(given[0]), int(given[1])
        if not columns * low <= numbers <= columns * high or per_row > columns:
            self.r.error(node, "per_column", path, f"no card of {numbers} numbers fits {columns} columns holding "
                         f"{low} to {high} each with {per_row} per row")
            return None
        if "columns_note" in node:
            self.r.error(node, "columns_note", path, "only a text that fixes no columns takes a columns_note")
            return None
        return bingo.CardRule(balls, numbers, rows, per_row, columns, (low, high)), None

    def prizes(self, doc: Map) -> tuple[Prize, ...] | None:
        found: list[Prize] = []
        for path, node in self.r.items(doc, "prizes", ""):
            if not self.r.keys(node, path, {"id", "name", "source", "last_ball"},
                               {"last_ball_source", "once_source", "reading"}):
                return None
            self.common.reading(node, path)
            index = len(found)
            if index >= len(bingo.PRIZES) or node["id"] != bingo.PRIZES[index]:
                self.r.error(node, "id", path, f"expected the prizes {' and '.join(bingo.PRIZES)}, in this order")
                return None
            if not isinstance(node["last_ball"], bool) or node["last_ball"] != ("last_ball_source" in node):
                self.r.error(node, "last_ball", path, "expected true, with last_ball_source (the lines that put the "
                             "last ball drawn on the winning line or card), or false without it")
                return None
            if ("once_source" in node) != (node["id"] == "linea"):
                self.r.error(node, "id", path, "the línea, and it alone, gives once_source (the lines by which it is "
                             "paid once)")
                return None
            name, source = self.r.text(node, "name", path), self.cite(node, "source", path)
            last = self.cite(node, "last_ball_source", path) if node["last_ball"] else ()
            once = self.cite(node, "once_source", path) if "once_source" in node else ()
            if name is None:
                return None
            found.append(Prize(str(node["id"]), name, source, node["last_ball"], last, once))
        if len(found) != len(bingo.PRIZES):
            self.r.error(doc, "prizes", "", f"expected the prizes {' and '.join(bingo.PRIZES)}, in this order")
            return None
        return tuple(found)

    def rule(self, node: Any, key: str) -> Rule | None:
        value = RULES[key]
        if not self.r.keys(node, key, {value}, {"source", "note", "reading"}):
            return None
        self.common.reading(node, key)
        if "source" not in node and "note" not in node:
            self.r.error(node, None, key, "expected the lines of the rule (source), or a note (es, eu) saying that "
                         "the text says nothing of it and what the engine does")
            return None
        source = self.cite(node, "source", key) if "source" in node else ()
        note = self.notes.text(node, "note", key) if "note" in node else None
        if "note" in node and note is None:
            return None
        return Rule(node[value], source, note)


ROWS_NAMED = "a row number, 1 the top one"


def read_example(r: Reader, node: Map, path: str, spec: BingoSpec) -> tuple[tuple[int, ...], Options] | None:
    """The balls of a bingo example, and the keyword options of its ``play`` call: ``cartones``, the cards (by id,
    each its rows of cells, null an empty one: not ``cards``, which names what a card game is dealt), ``claims``
    (each ``{card, prize, ball}``: ``ball`` the number of balls drawn when it is made), ``prizes``
    (``{linea, bingo}``: the amounts the hall announced) and ``announced`` (the row of the línea announced in
    advance, 1 the top one), checked by playing it."""
    balls = node.get("balls")
    if not isinstance(balls, Seq) or not balls or not all(type(b) is int for b in balls):
        r.error(node, "balls", path, "expected the balls drawn, a list of numbers")
        return None
    options: Options = {}
    cards = r.mapping(node, "cartones", path)
    if cards is None or not cards:
        r.error(node, "cartones", path, "expected the game's cards by id, each a list of its rows")
        return None
    options["cartones"] = {}
    for card_id, rows in cards.items():
        if not isinstance(rows, Seq) or not all(isinstance(row, Seq) for row in rows) \
                or not all(v is None or type(v) is int for row in rows for v in row):
            r.error(cards, card_id, join(path, "cartones"), "expected a card: a list of rows, each a list of numbers "
                    "(null for an empty cell)")
            return None
        options["cartones"][str(card_id)] = [list(row) for row in rows]
    claims = node.get("claims")
    if not isinstance(claims, Seq) or not all(isinstance(c, Map) and set(c) == {"card", "prize", "ball"}
                                              and type(c["ball"]) is int for c in claims):
        r.error(node, "claims", path, "expected a list of claims, each {card, prize, ball}: the card, linea or "
                "bingo, and the number of balls drawn when it is made")
        return None
    options["claims"] = [{"card": str(c["card"]), "prize": str(c["prize"]), "ball": c["ball"]} for c in claims]
    prizes = r.mapping(node, "prizes", path)
    if prizes is None or set(prizes) != set(bingo.PRIZES):
        r.error(node, "prizes", path, "expected the amounts of the prizes: {linea: …, bingo: …}")
        return None
    options["prizes"] = {}
    for prize in bingo.PRIZES:
        found = r.amount(prizes, prize, join(path, "prizes"))
        if found is None:
            return None
        options["prizes"][prize] = found
    if "announced" in node:
        if type(node["announced"]) is not int:
            r.error(node, "announced", path, f"expected {ROWS_NAMED}")
            return None
        options["announced"] = node["announced"]
    return tuple(balls), options


def play(spec: BingoSpec, stakes: dict[str, Fraction], balls: Sequence[Any], options: Options) -> Result:
    """Play a game of bingo: ``stakes`` are the prices of the player's own cards by id, ``balls`` the draw; the
    options ``cartones``, ``claims``, ``prizes`` and ``announced`` (see :func:`read_example`)."""
    missing = sorted({"cartones", "claims", "prizes"} - set(options))
    if missing:
        raise ValueError(f"bingo takes cartones, claims and prizes; missing {', '.join(missing)}")
    cards = {str(k): tuple(tuple(row) for row in rows) for k, rows in options["cartones"].items()}
    claims = [bingo.Claim(str(c["card"]), str(c["prize"]), int(c["ball"])) for c in options["claims"]]
    prizes = {str(k): Fraction(str(v)) for k, v in options["prizes"].items()}
    announced = options.get("announced")
    if announced is not None and (type(announced) is not int or announced < 1):
        raise ValueError(f"the announced line is {ROWS_NAMED}")
    return bingo.play(spec.rules, stakes, cards, list(balls), claims, prizes,
                      None if announced is None else announced - 1)
