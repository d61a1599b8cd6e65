"""Reading the Póquer Trijoker part of a game file: the deck, the three bets and when each may be withdrawn,
the lowest winning pair (with the other figure where a text of the regulation gives another), the pay table
line by line, and the limits.

The result, :class:`TrijokerSpec`, holds the engine's :class:`~jokoak.games.trijoker.engine.Rules` and what the
sheets show beside them: the names of the bets and of the combinations as the official text prints them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...common import CommonReader, Layout, LimitGroup, Limits
from ...engine.poker import RANKS, Category, evaluate, parse
from ...engine.result import Result
from ...family import Options, choice, strings
from ...models import Citation, Reading, Text
from ...schema import Reader, join
from ...yamlsrc import Map
from . import engine as trijoker

TRIJOKER_FIELDS = {"deck", "box", "bets", "minimum_pair", "pays", "limits"}
TRIJOKER_OPTIONAL: set[str] = set()
CATEGORIES = {c.id: c for c in trijoker.PAYING}  # «pair», «two-pair» … «royal-flush»
WITHDRAW = {"apuesta_1": "three-cards", "apuesta_2": "four-cards", "apuesta_3": "never"}
"""When each bet may be withdrawn (000:3926-3939, 001:1533-1535): after the player's three cards, after the
first community card, never."""


@dataclass(frozen=True)
class TrijokerBetInfo:
    id: str
    name: Text
    withdraw: str  # one of WITHDRAW's values
    limit: str | None
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class PayLine:
    """A line of the pay table: the combination, its name as the text prints it, «N a 1»."""

    category: str
    name: Text
    payout: Fraction
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class OtherPair:
    """The lowest winning pair as another passage of the same regulation gives it, not read: its rank
    (``"2"``: every pair), its payout, and its lines."""

    rank: str
    payout: Fraction
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class TrijokerSpec:
    rules: trijoker.Rules
    bets: tuple[TrijokerBetInfo, ...]
    box_name: Text
    box_source: tuple[Citation, ...]
    pays: tuple[PayLine, ...]
    minimum_pair_source: tuple[Citation, ...]
    other_pair: tuple[OtherPair, ...]
    deck_source: tuple[Citation, ...]
    ace_low_source: tuple[Citation, ...]
    limits: Limits
    layouts: tuple[Layout, ...] = ()

    def bet(self, bet_id: str) -> TrijokerBetInfo:
        return next(b for b in self.bets if b.id == bet_id)

    @property
    def tables(self) -> dict[str, Any]:
        """The pay table is printed as lines of text: no ``table:`` block."""
        return {}

    @property
    def minimum_pair(self) -> str:
        return self.rules.key[1]

    def pay_line(self, category: str) -> PayLine:
        return next(line for line in self.pays if line.category == category)

    def placement_names(self, lang: str) -> dict[str, str]:
        """The three bets together («box») and the pay table's lines, as the lint names them."""
        return {"box": self.box_name[lang], **{line.category: line.name[lang] for line in self.pays}}

    def rules_with(self, rank: str) -> trijoker.Rules:
        """The same table with another lowest winning pair (to weigh a reading not taken)."""
        return trijoker.Rules(self.rules.pays, rank, self.rules.ace_low)

    def line(self, cards: Sequence[str]) -> PayLine | None:
        """The pay-table line five cards are paid by; None when they lose.

        A royal flush the table does not list is paid as a straight flush (the engine's reading)."""
        if trijoker.hand_result(self.rules, cards) < 0:
            return None
        category = evaluate(parse(" ".join(cards))).category
        lines = {line.category: line for line in self.pays}
        name = category.id
        if category == Category.ROYAL_FLUSH and name not in lines:
            name = "straight-flush"
        return lines[name]


class TrijokerReader:
    """Reads and checks the Trijoker fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations
        self.readings = readings
        self.roulette = CommonReader(reader, citations, readings)  # shares limits and readings

    def read(self, doc: Map) -> TrijokerSpec | None:
        deck = self.deck(doc.get("deck"))
        box: Any = doc.get("box")
        box_name, box_source = None, ()
        if self.r.keys(box, "box", {"name", "source"}, {"reading"}):
            self.roulette.reading(box, "box")
            box_name, box_source = self.r.text(box, "name", "box"), self.cite(box, "source", "box")
        bets = self.bets(doc)
        minimum = self.minimum_pair(doc.get("minimum_pair"))
        pays = self.pays(doc, minimum[0] if minimum else None)
        limits = self.roulette.limits(doc.get("limits"), "limits", [LimitGroup(b.id, b.limit) for b in bets or ()])
        if deck is None or box_name is None or bets is None or minimum is None or not pays or limits is None:
            return None
        ace_low, deck_source, ace_source = deck
        rank, minimum_source, others = minimum
        try:
            rules = trijoker.Rules({CATEGORIES[p.category]: p.payout for p in pays}, rank, ace_low)
        except ValueError as exc:
            self.r.error(doc, "pays", "", str(exc))
            return None
        return TrijokerSpec(rules, tuple(bets), box_name, box_source, tuple(pays), minimum_source, tuple(others),
                            deck_source, ace_source, limits)

    def deck(self, node: Any) -> tuple[bool, tuple[Citation, ...], tuple[Citation, ...]] | None:
        if not self.r.keys(node, "deck", {"cards", "source", "ace_low", "ace_low_source"}, {"reading"}):
            return None
        self.roulette.reading(node, "deck")
        source = self.cite(node, "source", "deck")
        ace_source = self.cite(node, "ace_low_source", "deck")
        if node["cards"] != 52:
            self.r.error(node, "cards", "deck", f"expected 52 (a deck without jokers), got {node['cards']!r}")
            return None
        if not isinstance(node["ace_low"], bool):
            self.r.error(node, "ace_low", "deck", f"expected true or false, got {node['ace_low']!r}")
            return None
        return node["ace_low"], source, ace_source

    def bets(self, doc: Map) -> list[TrijokerBetInfo] | None:
        found: list[TrijokerBetInfo] = []
        given = 0
        for path, node in self.r.items(doc, "bets", ""):
            given += 1
            if not self.r.keys(node, path, {"id", "name", "name_source", "withdraw", "withdraw_source"},
                               {"limit", "reading"}):
                continue
            self.roulette.reading(node, path)
            name = self.r.text(node, "name", path)
            source = self.cite(node, "name_source", path) + self.cite(node, "withdraw_source", path)
            bet_id = str(node["id"])
            if bet_id not in WITHDRAW or any(b.id == bet_id for b in found):
                self.r.error(node, "id", path, f"expected each of {', '.join(WITHDRAW)} once, got {bet_id!r}")
                continue
            if node["withdraw"] != WITHDRAW[bet_id]:
                self.r.error(node, "withdraw", path, f"{bet_id} is withdrawn {WITHDRAW[bet_id]!r} (three-cards: after "
                             f"the player's cards; four-cards: after the first community card; never), "
                             f"got {node['withdraw']!r}")
                continue
            if name is not None:
                limit = node.get("limit")
                found.append(TrijokerBetInfo(bet_id, name, WITHDRAW[bet_id], None if limit is None else str(limit),
                                             source))
        if len(found) != given:  # each broken bet is reported above
            return None
        if [b.id for b in found] != list(WITHDRAW):
            self.r.error(doc, "bets", "", f"expected the three bets {', '.join(WITHDRAW)}, in order")
            return None
        return found

    def minimum_pair(self, node: Any) -> tuple[str, tuple[Citation, ...], list[OtherPair]] | None:
        """The lowest pair that wins, and the other figures other passages of the regulation give."""
        if not self.r.keys(node, "minimum_pair", {"rank", "source"}, {"reading", "otherwise"}):
            return None
        self.roulette.reading(node, "minimum_pair")
        rank = self.rank(node, "minimum_pair")
        source = self.cite(node, "source", "minimum_pair")
        others: list[OtherPair] = []
        for path, other in self.r.items(node, "otherwise", "minimum_pair") if "otherwise" in node else ():
            if not self.r.keys(other, path, {"rank", "payout", "source"}, {"reading"}):
                continue
            self.roulette.reading(other, path)
            other_rank = self.rank(other, path)
            payout = self.r.payout(other, "payout", path)
            if payout is None:
                continue
            if other_rank is not None:
                others.append(OtherPair(other_rank, payout, self.cite(other, "source", path)))
        if others and "reading" not in node:
            self.r.error(node, None, join("minimum_pair", "reading"), "missing field: a figure given otherwise "
                         "elsewhere in the regulation needs a reading saying which is read and why")
            return None
        return (rank, source, others) if rank is not None else None

    def rank(self, node: Map, path: str) -> str | None:
        rank = str(node["rank"]).upper().replace("10", "T")
        if len(rank) != 1 or rank not in RANKS:
            self.r.error(node, "rank", path, f"expected a rank: 2-10, J, Q, K or A, got {node['rank']!r}")
            return None
        return rank

    def pays(self, doc: Map, rank: str | None) -> list[PayLine]:
        found: list[PayLine] = []
        for path, node in self.r.items(doc, "pays", ""):
            if not self.r.keys(node, path, {"category", "name", "payout", "source"}, {"reading"}):
                continue
            self.roulette.reading(node, path)
            name = self.r.text(node, "name", path)
            source = self.cite(node, "source", path)
            category = node["category"]
            if category not in CATEGORIES or any(p.category == category for p in found):
                self.r.error(node, "category", path, f"expected one of {', '.join(CATEGORIES)}, each once, "
                             f"got {category!r}")
                continue
            payout = self.r.payout(node, "payout", path)
            if payout is None:
                continue
            if name is not None:
                found.append(PayLine(str(category), name, payout, source))
        return found


def read_example(r: Reader, node: Map, path: str, spec: TrijokerSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The five cards of a worked example (the player's three, then the community cards left and right,
    e.g. ``"Th"``), and the bets the player ``withdrawn`` (bets 1 and 2 only)."""
    cards = strings(r, node, "cards", path, "a list of five cards such as \"Th\", \"Ac\"")
    options: Options = {}
    if cards is None or not choice(r, node, "withdrawn", path, options, list(trijoker.WITHDRAWABLE), many=True):
        return None
    return cards, options


def play(spec: TrijokerSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    withdrawn = options.get("withdrawn", ())
    return trijoker.play(spec.rules, bets, cards, withdrawn=[withdrawn] if isinstance(withdrawn, str) else withdrawn)
