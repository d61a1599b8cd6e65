"""Reading the Tripóker part of a game file: the deck, the hands the text names, the bank's qualifying
card, the player's decision, the «Ante» with its second bet and bonus, the «Par Plus» («Fortuna»),
and the limits.

Every payout is a line of a pay table citing its lines; where another official language prints another
figure, ``printed`` gives it and a ``reading`` says which is paid and why (the Basque Par Plus pays
«Hirukoa» 3 a 1, 002:10043, the Spanish «Trío» 30 a 1, 000:4459). The result, :class:`TripokerSpec`,
holds the engine's :class:`~jokoak.games.tripoker.engine.Rules` and what the sheets show beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...common import CommonReader, LimitGroup, Limits
from ...engine.poker import Category
from ...engine.result import Result
from ...family import Options, choice, strings
from ...models import Citation, Reading, Text, WordTable
from ...schema import Reader, join
from ...yamlsrc import Map, Seq
from . import engine as tripoker

TRIPOKER_FIELDS = {"deck", "ranking", "bank", "decision", "bets", "limits"}
HANDS = {"escalera-real": Category.ROYAL_FLUSH, "escalera-de-color": Category.STRAIGHT_FLUSH,
         "trio": Category.THREE_OF_A_KIND, "escalera": Category.STRAIGHT, "color": Category.FLUSH,
         "pareja": Category.PAIR}  # the three-card hands, from the highest (000:4324-4343)
BET_FIELDS = {"id", "name", "name_source", "pays", "pays_source"}
BET_OPTIONAL = {"second_bet", "second_bet_source", "payout", "payout_source", "bonus", "bonus_source", "limit",
                "reading"}


@dataclass(frozen=True)
class HandName:
    """A three-card hand as the text names it (``id`` one of :data:`HANDS`)."""

    id: str
    name: Text
    source: tuple[Citation, ...]

    @property
    def category(self) -> Category:
        return HANDS[self.id]


@dataclass(frozen=True)
class PayLine:
    """One line of a pay table: the hand, what it pays, and what another language's text prints instead."""

    hand: str
    payout: Fraction
    source: tuple[Citation, ...]
    printed: dict[str, Fraction]


@dataclass(frozen=True)
class TripokerBetInfo:
    """The «ante» (``pays``: its bonus, named ``bonus``; ``second``: the second bet's name) or the «par_plus»."""

    id: str
    name: Text
    pays: tuple[PayLine, ...]
    second: Text | None
    limit: str | None
    source: tuple[Citation, ...]
    pays_source: tuple[Citation, ...]
    bonus: Text | None = None  # the ante's bonus as the text names it: «bonus» (000:4414), «Extra» (001:1702)
    payout_source: tuple[Citation, ...] = ()  # the ante's: how the ante and the second bet are paid (1 a 1)

    def table(self) -> dict[Category, Fraction]:
        return {HANDS[line.hand]: line.payout for line in self.pays}

    def table_as_printed(self, lang: str) -> dict[Category, Fraction]:
        """The table as the text in ``lang`` prints it."""
        return {HANDS[line.hand]: line.printed.get(lang, line.payout) for line in self.pays}

    def maximum(self, group_maximum: Fraction) -> Fraction:
        return group_maximum


@dataclass(frozen=True)
class TripokerSpec:
    rules: tripoker.Rules
    hands: tuple[HandName, ...]
    bets: tuple[TripokerBetInfo, ...]
    limits: Limits
    sources: dict[str, tuple[Citation, ...]]  # deck, ranking, bank, decision
    layouts: tuple[Any, ...] = ()

    def bet(self, bet_id: str) -> TripokerBetInfo:
        return next(b for b in self.bets if b.id == bet_id)

    def hand(self, hand_id: str) -> HandName | None:
        return next((h for h in self.hands if h.id == hand_id), None)

    @property
    def tables(self) -> dict[str, WordTable]:
        """The tables the official text prints, by the id its ``table:`` blocks give (001 prints the ante
        bonus, «Extra-Ante», as a grid: a hand and its payout «N a 1» per row)."""
        rows = []
        for line in self.bet("ante").pays:
            hand = self.hand(line.hand)
            assert hand is not None  # the reader checks every line's hand
            rows.append((hand.name["es"], f"{line.payout.numerator} a {line.payout.denominator}"))
        return {"extra-ante": WordTable({"es": tuple(rows)})}

    def hand_name(self, cards: Sequence[str], lang: str) -> str | None:
        """The name of the hand ``cards`` make, as the text gives it; None for no combination (a high card)."""
        value = tripoker._value(tripoker.cards_of(cards, 3, "A hand is three cards"))
        category = Category((value >> 20) & 15)
        if category == Category.ROYAL_FLUSH and self.hand("escalera-real") is None:
            category = Category.STRAIGHT_FLUSH  # 001 names no royal flush
        found = next((h for h in self.hands if h.category == category), None)
        return None if found is None else found.name[lang]

    def placement_names(self, lang: str) -> dict[str, str]:
        """Each pay line's name («par_plus trio»: «Par Plus: Trío»), as the lint findings name them."""
        found = {}
        for bet in self.bets:
            for key in HANDS:
                hand = self.hand(key) or self.hand("escalera-de-color")  # 001 names no royal flush
                name = hand.name[lang] if hand else key
                if hand and hand.id != key:
                    name += " (A-K-Q)"
                found[f"{bet.id} {key}"] = f"{bet.name[lang]}: {name}"
        return found

    # The lines of each rule a step of the engine applies (:func:`jokoak.facts.step_citations`), by the names of
    # :mod:`jokoak.games.tripoker.engine`: plain names here, names with a colon by :meth:`step_source`.
    @property
    def decision_source(self) -> tuple[Citation, ...]:
        return self.sources.get("decision", ())

    @property
    def bank_source(self) -> tuple[Citation, ...]:
        return self.sources.get("bank", ())

    @property
    def ranking_source(self) -> tuple[Citation, ...]:
        return self.sources.get("ranking", ())

    @property
    def showdown_source(self) -> tuple[Citation, ...]:
        """A bank that plays against the player: the ranking of the hands, and how the ante and the second bet are
        paid."""
        return self.ranking_source + self.bet("ante").payout_source

    def step_source(self, rule: str) -> tuple[Citation, ...] | None:
        """The lines of a rule named with a colon: «hand:<category>» (the hand's definition; a royal flush the text
        does not name is its straight flush), «pays:<bet>:<category>» (the line of the bet's table, the Par Plus's
        or the ante's bonus), «pays:<bet>» (the whole table); None for no such name."""
        kind, _, rest = rule.partition(":")
        if kind == "hand":
            found = [h for h in self.hands if h.category.id == rest]
            if not found and rest == Category.ROYAL_FLUSH.id:
                found = [h for h in self.hands if h.category == Category.STRAIGHT_FLUSH]
            return found[0].source if found else ()
        if kind != "pays":
            return None
        bet_id, _, hand = rest.partition(":")
        info = next((b for b in self.bets if b.id == bet_id), None)
        if info is None:
            return ()
        return tuple(c for line in info.pays if HANDS[line.hand].id == hand for c in line.source) if hand else \
            info.pays_source

    def payouts(self) -> dict[str, Fraction | None]:
        """What each bet pays on each hand, as the engine pays it (a royal not listed as a straight flush), and
        the ante's own 1 a 1: keyed «par_plus trio», as the lint compares them across regulations."""
        found: dict[str, Fraction | None] = {"ante": Fraction(1)}
        for key, category in HANDS.items():
            found[f"par_plus {key}"] = self.rules.pair_plus_pays(category)
            found[f"ante {key}"] = self.rules.bonus(category) or None
        return found


class TripokerReader:
    """Reads and checks the Tripóker fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.readings = readings
        self.roulette = CommonReader(reader, citations, readings)  # shares limits and readings

    def part(self, doc: Map, key: str, required: set[str]) -> Map | None:
        node: Any = doc.get(key)
        if not self.r.keys(node, key, {"source", *required}, {"reading"}):
            return None
        self.roulette.reading(node, key)
        found: Map = node
        return found

    def read(self, doc: Map) -> TripokerSpec | None:
        sources: dict[str, tuple[Citation, ...]] = {}
        deck, bank, decision = self.part(doc, "deck", set()), self.part(doc, "bank", {"qualifying_card"}), \
            self.part(doc, "decision", set())
        for key, node in (("deck", deck), ("bank", bank), ("decision", decision)):
            if node is not None:
                sources[key] = self.cite(node, "source", key)
        hands = self.ranking(doc)
        bets = self.bets(doc, hands or ())
        limits = self.roulette.limits(doc.get("limits"), "limits", [LimitGroup(b.id, b.limit) for b in bets])
        if deck is None or bank is None or decision is None or hands is None or limits is None:
            return None
        given = doc.get("bets")
        if isinstance(given, Seq) and len(bets) < len(given):
            return None  # each broken bet is reported once, above
        ids = [b.id for b in bets]
        if sorted(ids) != sorted(tripoker.BETS):
            self.r.error(doc, "bets", "", f"expected the bets {' and '.join(tripoker.BETS)}, each once, got "
                         f"{', '.join(ids) or 'none'}")
            return None
        ranking: Any = doc["ranking"]
        sources["ranking"] = self.cite(ranking, "source", "ranking")
        by_id = {b.id: b for b in bets}
        try:
            rules = tripoker.Rules(by_id["par_plus"].table(), by_id["ante"].table(), str(bank["qualifying_card"]))
        except ValueError as exc:
            self.r.error(bank, "qualifying_card", "bank", str(exc))
            return None
        return TripokerSpec(rules, hands, tuple(by_id[b] for b in tripoker.BETS), limits, sources)

    def ranking(self, doc: Map) -> tuple[HandName, ...] | None:
        node = self.part(doc, "ranking", {"hands"})
        if node is None:
            return None
        found: list[HandName] = []
        for path, item in self.r.items(node, "hands", "ranking"):
            if not self.r.keys(item, path, {"id", "name", "source"}, {"reading"}):
                continue
            self.roulette.reading(item, path)
            name = self.r.text(item, "name", path)
            source = self.cite(item, "source", path)
            if item["id"] not in HANDS:
                self.r.error(item, "id", path, f"expected one of {', '.join(HANDS)}, got {item['id']!r}")
            elif any(h.id == item["id"] for h in found):
                self.r.error(item, "id", path, f"duplicate hand {item['id']!r}")
            elif name is not None:
                found.append(HandName(str(item["id"]), name, source))
        order = list(HANDS)
        if [h.id for h in found] != sorted((h.id for h in found), key=order.index):
            self.r.error(node, "hands", "ranking", f"expected the hands from the highest: {', '.join(HANDS)}")
            return None
        return tuple(found) if found else None

    def bets(self, doc: Map, hands: Sequence[HandName]) -> list[TripokerBetInfo]:
        found: list[TripokerBetInfo] = []
        for path, node in self.r.items(doc, "bets", ""):
            if not self.r.keys(node, path, BET_FIELDS, BET_OPTIONAL):
                continue
            self.roulette.reading(node, path)
            bet_id = node["id"]
            if bet_id not in tripoker.BETS or any(b.id == bet_id for b in found):
                self.r.error(node, "id", path, f"expected one of {', '.join(tripoker.BETS)}, each once, got "
                             f"{bet_id!r}")
                continue
            ante = bet_id == "ante"
            extra = {"second_bet", "second_bet_source", "payout", "payout_source", "bonus", "bonus_source"}
            if ante and not extra <= set(node):
                missing = sorted(extra - set(node))[0]
                self.r.error(node, None, join(path, missing), "missing field: the ante gives its second bet, "
                             "its payout and its bonus's name")
                continue
            if not ante and extra & set(node):
                self.r.error(node, sorted(extra & set(node))[0], path, "only the ante has a second bet, a payout and a "
                             "bonus of its own")
                continue
            name = self.r.text(node, "name", path)
            source = self.cite(node, "name_source", path)
            second = bonus = None
            payout_source: tuple[Citation, ...] = ()
            if ante:
                second = self.r.text(node, "second_bet", path)
                bonus = self.r.text(node, "bonus", path)
                payout_source = self.cite(node, "payout_source", path)
                source += self.cite(node, "second_bet_source", path) + payout_source + \
                    self.cite(node, "bonus_source", path)
                payout = self.payout(node, "payout", path)
                if payout is None:
                    continue
                if payout != 1:
                    self.r.error(node, "payout", path, f"the ante and its second bet are paid 1 a 1 (000:4411-4413, "
                                 f"001:1700), got {node['payout']!r}")
                    continue
            pays_source = self.cite(node, "pays_source", path)
            pays = self.pays(node, path, hands)
            if name is None or pays is None or (ante and (second is None or bonus is None)):
                continue
            limit = node.get("limit")
            found.append(TripokerBetInfo(str(bet_id), name, pays, second, None if limit is None else str(limit),
                                         source, pays_source, bonus, payout_source))
        return found

    def pays(self, node: Map, path: str, hands: Sequence[HandName]) -> tuple[PayLine, ...] | None:
        lines: list[PayLine] = []
        broken = False
        known = [h.id for h in hands]
        for line_path, line in self.r.items(node, "pays", path):
            if not self.r.keys(line, line_path, {"hand", "payout", "source"}, {"printed", "reading"}):
                broken = True
                continue
            self.roulette.reading(line, line_path)
            source = self.cite(line, "source", line_path)
            if line["hand"] not in known or any(p.hand == line["hand"] for p in lines):
                self.r.error(line, "hand", line_path, f"expected one of the hands of ranking ({', '.join(known)}), "
                             f"each once, got {line['hand']!r}")
                broken = True
                continue
            payout = self.payout(line, "payout", line_path)
            printed = self.printed(line, line_path)
            if payout is None or printed is None:
                broken = True
                continue
            lines.append(PayLine(str(line["hand"]), payout, source, printed))
        if broken or not lines:
            if not broken:
                self.r.error(node, "pays", path, "expected the pay table, one line per hand")
            return None
        return tuple(lines)

    def payout(self, node: Map, key: str, path: str) -> Fraction | None:
        found = self.r.payout(node, key, path)
        if found is None:
            return None
        if found <= 0:
            self.r.error(node, key, path, f"expected a payout «N:1» above nothing, got {node[key]!r}")
            return None
        return found

    def printed(self, node: Map, path: str) -> dict[str, Fraction] | None:
        """What another language's text prints instead (the ``payout`` is paid; a reading must say why)."""
        given: Any = self.r.mapping(node, "printed", path) if "printed" in node else Map()
        if given is None:
            return None
        found: dict[str, Fraction] = {}
        for lang in given:
            if lang not in self.r.languages:
                self.r.error(node, "printed", path, f"expected an official language of the regulation, got {lang!r}")
                return None
            payout = self.payout(given, lang, join(path, "printed"))
            if payout is None:
                return None
            found[str(lang)] = payout
        if found and "reading" not in node:
            self.r.error(node, "reading", path, "missing field: a figure printed otherwise in one language needs "
                         "a reading")
            return None
        return found


def read_example(r: Reader, node: Map, path: str, spec: TripokerSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The six cards of a worked example (the player's three, then the bank's) and the player's ``decision``,
    «ir» or «retirarse» (given with an ante)."""
    cards = strings(r, node, "cards", path, 'a list of six cards such as "Kh", "Td", "2c": the player\'s three, '
                    "then the bank's three")
    options: Options = {}
    if cards is None or not choice(r, node, "decision", path, options, tripoker.DECISIONS):
        return None
    try:
        tripoker.cards_of(cards, 6, "expected six cards, the player's three then the bank's three")
    except ValueError as exc:
        r.error(node, "cards", path, str(exc))
        return None
    return cards, options


def play(spec: TripokerSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    return tripoker.play(spec.rules, bets, [str(c) for c in cards], options.get("decision"))
