"""Reading the Pai Gow Poker part of a game file: the deck and its joker, the deal, the ranking with its
names, the settlement table row by row, the one bet, the commission, the house way (ours) and the limits.

The settlement table («cuadro comparativo», 000:4177-4201; 001:1633-1638) is data: each case is read
with its line and checked against the engine's settlement, so a row that the engine would settle
otherwise is an error. The house way is not the regulation's (the texts give none, 000:4171-4173,
001:1629): its text is ours, and the game file says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from typing import Any

from ...common import CitedLine, CommonReader, LimitGroup, Limits
from ...engine import poker
from ...engine.poker import Category
from ...engine.result import Result
from ...family import Options, strings
from ...models import Citation, Reading, Text
from ...schema import Reader
from ...tablespec import Option
from ...yamlsrc import Map, Seq
from . import engine as pai_gow

PAI_GOW_FIELDS = {"deck", "deal", "ranking", "settlement", "bets", "commission", "house_way", "limits"}
JOKER_USES = ("straight", "flush", "straight-flush", "royal-flush")  # what the texts let the joker complete
DIRECTIONS = {"clockwise": True, "counter-clockwise": False}
COMPARISONS = ("superior", "inferior", "igualdad")  # a hand of the player against the bank's
RESULTS = ("ganancia", "nula", "perdida")
CATEGORIES = {c.id: c for c in Category}  # "five-aces", "royal-flush", ...
OWN_TEXT = "texto propio, sin fuente oficial"  # how the legal team is told that a text is ours


@dataclass(frozen=True)
class Case:
    """One row of the settlement table: the case as printed («2b», «2 bis»), the player's high and low
    hands against the bank's, and the result."""

    case: str
    high: str
    low: str
    result: str
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class Settlement:
    """The settlement table; ``words`` and ``payments``: the table's cells in each language, where the
    text prints it as a table (Euskadi), else empty (Extremadura gives the cases as sentences)."""

    cases: tuple[Case, ...]
    words: dict[str, Text]  # superior, inferior, igualdad, ganancia, nula, perdida
    payments: dict[str, Text]  # by result
    source: tuple[Citation, ...]

    def grid(self, lang: str) -> list[list[str]]:
        """The table as the text prints it, row by row, in ``lang`` (case, high, low, result, payment)."""
        return [[c.case, self.words[c.high][lang], self.words[c.low][lang], self.words[c.result][lang],
                 self.payments[c.result][lang]] for c in self.cases]


@dataclass(frozen=True)
class HandName:
    category: Category
    name: Text
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class PaiGowBetInfo:
    id: str
    name: Text
    payout: Fraction
    limit: str | None
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class Commission:
    """The commission on a winning bet's winnings: ``percent`` at most; ``up_to``: the casino may take less."""

    percent: Fraction
    up_to: bool
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class HouseWay:
    """How the croupier sets his hands: our own text (the regulation gives none), with the lines where
    the text is silent. ``summary``: a few words for the sheet; ``rules``: the nine rules in order."""

    summary: Text
    rules: tuple[Text, ...]
    silent_source: tuple[Citation, ...]
    own_text: str = OWN_TEXT


@dataclass(frozen=True)
class PaiGowSpec:
    rules: pai_gow.Rules
    bets: tuple[PaiGowBetInfo, ...]
    commission: Commission
    ranking: tuple[HandName, ...]
    settlement: Settlement
    house_way: HouseWay
    limits: Limits
    deck_source: tuple[Citation, ...]
    joker_source: tuple[Citation, ...]
    joker_uses: tuple[str, ...]
    deal_source: tuple[Citation, ...]
    layouts: tuple[Any, ...] = ()

    def bet(self, bet_id: str) -> PaiGowBetInfo:
        return next(b for b in self.bets if b.id == bet_id)

    @property
    def tables(self) -> dict[str, Settlement]:
        """The tables the official text prints, by the id its ``table:`` blocks give."""
        return {"comparacion": self.settlement} if self.settlement.words else {}

    def category_name(self, category: int, lang: str) -> str:
        return next(h.name[lang] for h in self.ranking if h.category == category)

    # The lines of each rule a step of the engine applies (:func:`jokoak.facts.step_citations`); ``deal_source``
    # (the seven cards each, set as a high and a low hand) is a field.
    @property
    def house_way_source(self) -> tuple[Citation, ...]:
        """Where the text has the croupier set the bank's hands without saying how: the house way is ours."""
        return self.house_way.silent_source

    @property
    def banker_source(self) -> tuple[Citation, ...]:
        """A player holding the bank sets its hands: the game file cites no lines of its own for it (000:4158-4170;
        001:1627-1629), the nearest it cites are those where the hands are set before the croupier shows his."""
        return self.house_way.silent_source

    @property
    def settlement_source(self) -> tuple[Citation, ...]:
        return self.settlement.source

    @property
    def commission_source(self) -> tuple[Citation, ...]:
        return self.commission.source

    @property
    def pays(self) -> tuple[CitedLine, ...]:
        """The lines of each item a step cites (``bet:<key>``): the two combinations a hand of the player and the
        bank's are compared by (``hand:pair+two-pair``; two straights, or two straight flushes, with the «Escalera
        Real» that ranks A-2-3-4-5 second), and each case of the comparison table by the player's high and low hands
        against the bank's (``case:superior-inferior``)."""
        royal = next(h.source for h in self.ranking if h.category == Category.ROYAL_FLUSH)
        runs = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
        found = [CitedLine(f"hand:{mine.category.id}+{theirs.category.id}", mine.source + theirs.source
                           + (royal if mine.category == theirs.category and mine.category in runs else ()))
                 for mine in self.ranking for theirs in self.ranking]
        found += [CitedLine(f"case:{case.high}-{case.low}", case.source) for case in self.settlement.cases]
        return tuple(found)


class PaiGowReader:
    """Reads and checks the Pai Gow Poker fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.readings = readings
        self.roulette = CommonReader(reader, citations, readings)  # shares limits and readings

    def read(self, doc: Map) -> PaiGowSpec | None:
        deck = self.deck(doc.get("deck"))
        deal = self.deal(doc.get("deal"))
        ranking = self.ranking(doc)
        settlement = self.settlement(doc.get("settlement"))
        bets = self.bets(doc)
        commission = self.commission(doc.get("commission"))
        house_way = self.house_way(doc.get("house_way"))
        limits = self.roulette.limits(doc.get("limits"), "limits", [LimitGroup(b.id, b.limit) for b in bets])
        if deck is None or deal is None or ranking is None or settlement is None or not bets or commission is None \
                or house_way is None or limits is None:
            return None
        (joker_uses, deck_source, joker_source), (clockwise, deal_source) = deck, deal
        rules = pai_gow.Rules(commission.percent / 100, commission.percent / 100, "flush" in joker_uses, clockwise)
        return PaiGowSpec(rules, tuple(bets), commission, ranking, settlement, house_way, limits, deck_source,
                          joker_source, joker_uses, deal_source)

    def deck(self, node: Any) -> tuple[tuple[str, ...], tuple[Citation, ...], tuple[Citation, ...]] | None:
        path = "deck"
        if not self.r.keys(node, path, {"cards", "source", "joker_completes", "joker_source"}, {"reading"}):
            return None
        self.roulette.reading(node, path)
        source, joker_source = self.cite(node, "source", path), self.cite(node, "joker_source", path)
        if node["cards"] != 53:
            self.r.error(node, "cards", path, f"expected 53 (52 cards and a joker: the engine's deck), got "
                         f"{node['cards']!r}")
            return None
        uses = node["joker_completes"]
        if not isinstance(uses, Seq) or not set(uses) <= set(JOKER_USES) or not {"straight", "straight-flush"} <= set(
                uses):
            self.r.error(node, "joker_completes", path, f"expected a list of {', '.join(JOKER_USES)}, with straight "
                         f"and straight-flush (the engine's joker always completes them), got {uses!r}")
            return None
        return tuple(str(u) for u in uses), source, joker_source

    def deal(self, node: Any) -> tuple[bool, tuple[Citation, ...]] | None:
        path = "deal"
        if not self.r.keys(node, path, {"cards_each", "positions", "direction", "source"}, {"reading"}):
            return None
        self.roulette.reading(node, path)
        source = self.cite(node, "source", path)
        if node["cards_each"] != 7 or node["positions"] != 7:
            self.r.error(node, "cards_each" if node["cards_each"] != 7 else "positions", path,
                         "expected 7 (seven cards to each of 7 positions: the engine's deal)")
            return None
        if node["direction"] not in DIRECTIONS:
            self.r.error(node, "direction", path, f"expected one of {', '.join(DIRECTIONS)}, got "
                         f"{node['direction']!r}")
            return None
        return DIRECTIONS[node["direction"]], source

    def ranking(self, doc: Map) -> tuple[HandName, ...] | None:
        found: list[HandName] = []
        for path, node in self.r.items(doc, "ranking", ""):
            if not self.r.keys(node, path, {"category", "name", "source"}, {"reading"}):
                return None
            self.roulette.reading(node, path)
            name = self.r.text(node, "name", path)
            if node["category"] not in CATEGORIES:
                self.r.error(node, "category", path, f"expected one of {', '.join(CATEGORIES)}, got "
                             f"{node['category']!r}")
                return None
            if name is not None:
                found.append(HandName(CATEGORIES[node["category"]], name, self.cite(node, "source", path)))
        order = sorted(Category, reverse=True)
        if [h.category for h in found] != order:
            self.r.error(doc, "ranking", "", "expected every hand of the engine, highest first: "
                         + ", ".join(c.id for c in order))
            return None
        return tuple(found)

    def settlement(self, node: Any) -> Settlement | None:
        path = "settlement"
        if not self.r.keys(node, path, {"cases", "source"}, {"words", "payments", "reading"}):
            return None
        self.roulette.reading(node, path)
        source = self.cite(node, "source", path)
        words, payments = {}, {}
        if ("words" in node) != ("payments" in node):
            self.r.error(node, "words", path, "a table printed as a table gives both its words and its payments")
            return None
        if "words" in node:
            given = self.r.mapping(node, "words", path) or Map()
            if set(given) != {*COMPARISONS, *RESULTS}:
                self.r.error(node, "words", path, f"expected the words {', '.join((*COMPARISONS, *RESULTS))}")
                return None
            words = {str(k): self.r.text(given, k, f"{path}.words") or {} for k in given}
            paid = self.r.mapping(node, "payments", path) or Map()
            if set(paid) != set(RESULTS):
                self.r.error(node, "payments", path, f"expected the payments of {', '.join(RESULTS)}")
                return None
            payments = {str(k): self.r.text(paid, k, f"{path}.payments") or {} for k in paid}
        cases: list[Case] = []
        for case_path, case in self.r.items(node, "cases", path):
            if not self.r.keys(case, case_path, {"case", "high", "low", "result", "source"}, {"reading"}):
                return None
            self.roulette.reading(case, case_path)
            for key, allowed in (("high", COMPARISONS), ("low", COMPARISONS), ("result", RESULTS)):
                if case[key] not in allowed:
                    self.r.error(case, key, case_path, f"expected one of {', '.join(allowed)}, got {case[key]!r}")
                    return None
            settled = engine_result(case["high"], case["low"])
            if case["result"] != settled:
                self.r.error(case, "result", case_path, f"the engine settles {case['high']}/{case['low']} as "
                             f"{settled!r}, not {case['result']!r}: the bank wins every tie (000:3995-3997)")
                return None
            cases.append(Case(str(case["case"]), case["high"], case["low"], case["result"],
                              self.cite(case, "source", case_path)))
        missing = set(product(COMPARISONS, COMPARISONS)) - {(c.high, c.low) for c in cases}
        if missing:
            self.r.error(node, "cases", path, "no case for " + ", ".join(f"{h}/{lo}" for h, lo in sorted(missing)))
            return None
        return Settlement(tuple(cases), words, payments, source)

    def bets(self, doc: Map) -> list[PaiGowBetInfo]:
        found: list[PaiGowBetInfo] = []
        for path, node in self.r.items(doc, "bets", ""):
            if not self.r.keys(node, path, {"id", "name", "name_source", "payout", "payout_source"},
                               {"limit", "reading"}):
                continue
            self.roulette.reading(node, path)
            name = self.r.text(node, "name", path)
            source = self.cite(node, "name_source", path) + self.cite(node, "payout_source", path)
            if node["id"] not in pai_gow.BETS or any(b.id == node["id"] for b in found):
                self.r.error(node, "id", path, f"expected the one bet {', '.join(pai_gow.BETS)}, got {node['id']!r}")
                continue
            payout = self.r.payout(node, "payout", path)
            if payout is None:
                continue
            if payout != 1:
                self.r.error(node, "payout", path, f"expected \"1:1\" (the engine pays at par less the commission), "
                             f"got {node['payout']!r}")
                continue
            if name is not None:
                limit = node.get("limit")
                found.append(PaiGowBetInfo(str(node["id"]), name, payout, None if limit is None else str(limit),
                                           source))
        return found

    def commission(self, node: Any) -> Commission | None:
        path = "commission"
        if not self.r.keys(node, path, {"percent", "up_to", "source"}, {"reading"}):
            return None
        self.roulette.reading(node, path)
        source = self.cite(node, "source", path)
        percent = node["percent"]
        if type(percent) not in (int, float) or not 0 <= percent < 100:
            self.r.error(node, "percent", path, f"expected a percentage from 0 to 100, got {percent!r}")
            return None
        if not isinstance(node["up_to"], bool):
            self.r.error(node, "up_to", path, f"expected true (the text says «hasta») or false, got {node['up_to']!r}")
            return None
        return Commission(Fraction(str(percent)), node["up_to"], source)

    def house_way(self, node: Any) -> HouseWay | None:
        path = "house_way"
        if not self.r.keys(node, path, {"own_text", "summary", "rules", "silent_source", "reading"}):
            return None
        self.roulette.reading(node, path)
        if node["own_text"] != OWN_TEXT:
            self.r.error(node, "own_text", path, f"expected {OWN_TEXT!r}: the regulation gives no house way, the "
                         f"text is ours")
            return None
        if OWN_TEXT not in " ".join(str(node["reading"]).split()).lower():
            self.r.error(node, "reading", path, f"the reading must say «{OWN_TEXT}» for the legal team")
            return None
        summary = self.r.text(node, "summary", path)
        rules = self.r.texts(node, "rules", path)
        if len(rules) != 9:
            self.r.error(node, "rules", path, f"expected the engine's nine rules (HOUSE_WAY_NOTE), got {len(rules)}")
            return None
        if summary is None:
            return None
        return HouseWay(summary, tuple(rules), self.cite(node, "silent_source", path))


def engine_result(high: str, low: str) -> str:
    """How the engine settles a player whose high and low hands are ``high`` and ``low`` against the bank's
    (superior, inferior, igualdad), by :func:`jokoak.engine.poker.pai_gow_outcome` itself.

    >>> engine_result("superior", "igualdad"), engine_result("igualdad", "igualdad")
    ('nula', 'perdida')
    """
    step = {"superior": 1, "igualdad": 0, "inferior": -1}
    bank = poker.Split(poker.Hand(1000, 5), poker.Hand(100, 2))
    player = poker.Split(poker.Hand(1000 + step[high], 5), poker.Hand(100 + step[low], 2))
    return poker.pai_gow_outcome(player, bank)


def read_example(r: Reader, node: Map, path: str, spec: PaiGowSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The fourteen cards of a worked example (the player's seven, then the bank's seven), the player's
    ``low`` hand and, where a player holds the bank, the bank's ``bank_low``."""
    cards = strings(r, node, "cards", path, "a list of fourteen cards such as \"Ah\", \"Td\", \"Jk\"")
    if cards is None:
        return None
    options: Options = {}
    for key in ("low", "bank_low"):
        if key not in node and key == "bank_low":
            continue
        low = strings(r, node, key, path, "the two cards of a low hand, such as [\"Qd\", \"Jc\"]")
        if low is None:
            return None
        if len(low) != 2 or not set(low) <= set(cards[:7] if key == "low" else cards[7:]):
            r.error(node, key, path, f"expected two of the {'player' if key == 'low' else 'bank'}'s seven cards, "
                    f"got {list(low)!r}")
            return None
        options[key] = list(low)
    try:
        poker.parse(" ".join(cards))
    except ValueError as exc:
        r.error(node, "cards", path, str(exc))
        return None
    return cards, options


def play(spec: PaiGowSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    return pai_gow.play(spec.rules, bets, [str(c) for c in cards], **options)


HOUSE_WAYS = ("catalogo",)  # the house way of the catalogue, our own text: the regulations give none


def table(spec: PaiGowSpec) -> tuple[tuple[Option, ...], dict[str, tuple[Citation, ...]]]:
    """A table states its commission («hasta el 5 por 100, a discreción del Establecimiento») and the house
    way its croupier sets the bank's hands by: the regulations give none, so the casino adopts one."""
    commission = Option("commission", "percent", f"The commission on the winnings of a winning bet, up to "
                        f"{spec.commission.percent} %, announced to the players.", spec.commission.source,
                        low=Fraction(0), high=spec.commission.percent)
    house_way = Option("house_way", "choice", "The house way the croupier sets the bank's hands by: «catalogo», the "
                       "catalogue's own (not the regulation's), which the casino adopts and announces.",
                       spec.house_way.silent_source, HOUSE_WAYS)
    return (commission, house_way), {}


def at_table(spec: PaiGowSpec, table: Any, example: Any) -> PaiGowSpec:
    """An example plays at the table's commission (an example a winning bet ends otherwise at it is left out)."""
    return replace(spec, rules=replace(spec.rules, commission=table.commission / 100))
