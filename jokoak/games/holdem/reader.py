"""Reading the hold'em part of a game file (Euskadi «Texas Poker», Extremadura «Texas Hold'em bonus poker»): the
deck, the names of the combinations, the Ante and its pay table, the betting rounds, the croupier's qualification,
the bonus bet and the limits.

Every figure cites its lines; where the text is silent or ambiguous the file says how it is read (``reading:``).
A round may record the other reading of its stake (``other_reading``): the lint then gives the Ante's edge under
it, so that the legal team sees what the choice is worth. The result, :class:`HoldemSpec`, holds the engine's
:class:`~jokoak.games.holdem.engine.Rules` and what the sheets show beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ...common import CitedLine, CommonReader, Layout, LimitGroup, Limits
from ...engine.poker import RANKS, Category, parse
from ...engine.result import Result
from ...family import Options, choice, strings
from ...models import Citation, Reading, Text, WordTable
from ...schema import Reader, join
from ...yamlsrc import Map, Seq
from . import engine as holdem

HOLDEM_FIELDS = {"deck", "hands", "ante", "rounds", "limits"}
HOLDEM_OPTIONAL = {"qualifier", "bonus"}
CATEGORIES = {c.id: c for c in Category if c != Category.FIVE_ACES}


@dataclass(frozen=True)
class HandName:
    """A combination as the official text names it."""

    category: Category
    name: Text
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class PayLine:
    """A line of the Ante's table: from this combination up to the next line's, paid ``payout`` to 1 (0: returned)."""

    category: Category
    name: Text
    payout: Fraction
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class RoundInfo:
    """A betting round: the engine's street, its box's name, and the other reading of its stake, if any."""

    street: holdem.Street
    name: Text
    payout: Fraction  # when the player wins, N to 1
    source: tuple[Citation, ...]
    other_multiple: Fraction | None = None
    other_name: Text | None = None
    decision_source: tuple[Citation, ...] = ()  # what the player may do at the round (its ``source``)
    payout_source: tuple[Citation, ...] = ()  # what its bet is paid when the player wins

    @property
    def id(self) -> str:
        return self.street.bet


@dataclass(frozen=True)
class BonusLineInfo:
    """A line of the bonus table: the engine's line, its words (the table's first cell), the payout as printed."""

    line: holdem.BonusLine
    name: Text
    printed: str
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class HoldemBetInfo:
    """A bet made before the deal: the Ante or the bonus."""

    id: str
    name: Text
    limit: str | None
    source: tuple[Citation, ...]
    fold_source: tuple[Citation, ...] = ()  # the bonus: whether a player who folds loses it

    def maximum(self, group_maximum: Fraction) -> Fraction:
        return group_maximum


@dataclass(frozen=True)
class HoldemSpec:
    rules: holdem.Rules
    hands: tuple[HandName, ...]  # best first
    ante: HoldemBetInfo
    ante_pays: tuple[PayLine, ...]  # best first
    rounds: tuple[RoundInfo, ...]
    bonus: HoldemBetInfo | None
    bonus_lines: tuple[BonusLineInfo, ...]
    limits: Limits
    deck_source: tuple[Citation, ...]
    qualifier_source: tuple[Citation, ...]
    qualifier_name: Text | None  # the croupier's least hand, as the text words it
    settlement_source: tuple[Citation, ...]
    published: tuple[float, str] | None = None  # the Ante's edge as published elsewhere (percent, by whom)
    layouts: tuple[Layout, ...] = ()

    @property
    def bets(self) -> tuple[HoldemBetInfo, ...]:
        return (self.ante,) + ((self.bonus,) if self.bonus else ())

    def bet(self, bet_id: str) -> HoldemBetInfo:
        return next(b for b in self.bets if b.id == bet_id)

    @property
    def tables(self) -> dict[str, WordTable]:
        """The tables the official text prints (in Spanish), by the id its ``table:`` blocks give: each bonus
        line's words and its payout as printed."""
        if not self.bonus_lines or not self.bonus_lines[0].printed:
            return {}
        return {"bonus": WordTable({"es": tuple((line.name["es"], line.printed) for line in self.bonus_lines)})}

    def hand_name(self, category: int, lang: str) -> str:
        return next(h.name[lang] for h in self.hands if h.category == category)

    # The lines of each rule a step of the engine applies (:func:`jokoak.facts.step_citations`).
    @property
    def deal_source(self) -> tuple[Citation, ...]:
        """The deck the cards are dealt from: the game file cites no lines of the deal itself."""
        return self.deck_source

    @property
    def tie_break_source(self) -> tuple[Citation, ...]:
        """Two hands of one combination: who wins, and the highest cards decide (the text says it of «cartas
        mayores» alone; the deck's reading applies it to every combination)."""
        return self.settlement_source + next(h.source for h in self.hands if h.category == Category.HIGH_CARD)

    @property
    def pays(self) -> tuple[CitedLine, ...]:
        """The lines of each item a step cites (``bet:<key>``): each line of the Ante's table (``ante:flush``), each
        combination (``hand:flush``), each round's decision and payout (``round:flop``, ``round:flop:paid``), each
        line of the bonus table (``txb:1``), the whole table (``txb:table``) and what a fold does to it
        (``txb:fold``)."""
        found = [CitedLine(f"ante:{line.category.id}", line.source) for line in self.ante_pays]
        found += [CitedLine(f"hand:{hand.category.id}", hand.source) for hand in self.hands]
        for info in self.rounds:
            found += [CitedLine(f"round:{info.id}", info.decision_source),
                      CitedLine(f"round:{info.id}:paid", info.payout_source)]
        if self.bonus:
            found += [CitedLine(f"{self.bonus.id}:{index}", line.source)
                      for index, line in enumerate(self.bonus_lines, start=1)]
            table = tuple(c for line in self.bonus_lines for c in line.source)
            found += [CitedLine(f"{self.bonus.id}:table", table), CitedLine(f"{self.bonus.id}:fold",
                                                                            self.bonus.fold_source)]
        return tuple(found)

    def rules_with(self, round_id: str, multiple: Fraction) -> holdem.Rules:
        """The rules with one round's stake read otherwise (``other_reading``)."""
        streets = tuple(replace(s, multiple=multiple) if s.bet == round_id else s for s in self.rules.streets)
        return replace(self.rules, streets=streets)

    def placement_names(self, lang: str) -> dict[str, str]:
        """Names of what the lint checks beside the bets: the Ante under another reading of a round."""
        return {f"ante {r.id}-{r.other_multiple}x": r.other_name[lang] for r in self.rounds
                if r.other_multiple is not None and r.other_name}


class HoldemReader:
    """Reads and checks the hold'em fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations
        self.readings = readings
        self.roulette = CommonReader(reader, citations, readings)  # limits and readings

    def read(self, doc: Map) -> HoldemSpec | None:
        deck: Any = doc.get("deck")
        deck_ok = self.r.keys(deck, "deck", {"cards", "source"}, {"reading"})
        if deck_ok:
            self.roulette.reading(deck, "deck")
            if deck["cards"] != 52:
                self.r.error(deck, "cards", "deck", f"expected 52 (one French deck, no joker), got {deck['cards']!r}")
                deck_ok = False
        deck_source = self.cite(deck, "source", "deck") if deck_ok else ()
        hands = self.hands(doc)
        ante = self.ante(doc.get("ante"))
        rounds = self.rounds(doc)
        qualifier = self.qualifier(doc["qualifier"]) if "qualifier" in doc else (None, (), None)
        bonus = self.bonus(doc["bonus"]) if "bonus" in doc else (None, (), False)
        if ante is None or rounds is None or qualifier is None or bonus is None:
            return None
        ante_info, pays, settlement, published = ante
        groups = [LimitGroup(b.id, b.limit) for b in (ante_info, bonus[0]) if b]
        limits = self.roulette.limits(doc.get("limits"), "limits", groups)
        if not deck_ok or hands is None or limits is None:
            return None
        lines = tuple(line.line for line in bonus[1])
        pays_calls = {r.payout for r in rounds} or {Fraction(1)}
        if len(pays_calls) > 1:
            self.r.error(doc, "rounds", "", "expected one payout for every round's bet")
            return None
        try:
            rules = holdem.Rules(tuple(r.street for r in rounds), {p.category: p.payout for p in pays},
                                 qualifier[0], holdem.Bonus(bonus[0].id, lines, bonus[2]) if bonus[0] else None,
                                 pays_calls.pop())
        except ValueError as exc:
            self.r.error(doc, "rounds", "", str(exc))
            return None
        return HoldemSpec(rules, hands, ante_info, pays, tuple(rounds), bonus[0], bonus[1], limits, deck_source,
                          qualifier[1], qualifier[2], settlement, published)

    def category(self, node: Map, key: str, path: str) -> Category | None:
        value = node.get(key)
        if value not in CATEGORIES:
            self.r.error(node, key, path, f"expected one of {', '.join(CATEGORIES)}, got {value!r}")
            return None
        return CATEGORIES[value]

    def minimum(self, node: Any, path: str) -> tuple[Category, int] | None:
        """A least combination: a category and, for a pair or better of one rank, the rank (``A``, ``K``, … ``2``)."""
        if not self.r.keys(node, path, {"category"}, {"rank"}):
            return None
        category = self.category(node, "category", path)
        rank = str(node.get("rank", ""))
        if rank and rank not in RANKS:
            self.r.error(node, "rank", path, f"expected a rank among {', '.join(RANKS)}, got {node['rank']!r}")
            return None
        return None if category is None else (category, RANKS.index(rank) if rank else 0)

    def hands(self, doc: Map) -> tuple[HandName, ...] | None:
        found: list[HandName] = []
        for path, node in self.r.items(doc, "hands", ""):
            if not self.r.keys(node, path, {"category", "name", "source"}):
                continue
            category = self.category(node, "category", path)
            name = self.r.text(node, "name", path)
            source = self.cite(node, "source", path)
            if category is not None and name is not None:
                found.append(HandName(category, name, source))
        if [h.category for h in found] != sorted(CATEGORIES.values(), reverse=True):
            self.r.error(doc, "hands", "", f"expected the {len(CATEGORIES)} combinations, best first: "
                         f"{', '.join(reversed(list(CATEGORIES)))}")
            return None
        return tuple(found)

    def ante(self, node: Any) -> tuple[HoldemBetInfo, tuple[PayLine, ...], tuple[Citation, ...],
                                        tuple[float, str] | None] | None:
        path = "ante"
        if not self.r.keys(node, path, {"name", "name_source", "pays", "settlement_source", "limit"},
                           {"reading", "published_edge"}):
            return None
        self.roulette.reading(node, path)
        name = self.r.text(node, "name", path)
        source = self.cite(node, "name_source", path)
        settlement = self.cite(node, "settlement_source", path)
        pays: list[PayLine] = []
        for line_path, line in self.r.items(node, "pays", path):
            if not self.r.keys(line, line_path, {"from", "name", "payout", "source"}, {"reading"}):
                continue
            self.roulette.reading(line, line_path)
            category = self.category(line, "from", line_path)
            line_name = self.r.text(line, "name", line_path)
            line_source = self.cite(line, "source", line_path)
            payout = self.r.payout(line, "payout", line_path)
            if payout is None:
                continue
            if category is not None and line_name is not None:
                pays.append(PayLine(category, line_name, payout, line_source))
        cats = [p.category for p in pays]
        if not pays or cats != sorted(set(cats), reverse=True) or cats[-1] != Category.HIGH_CARD:
            self.r.error(node, "pays", path, "expected the lines of the Ante's table best first, each from a lower "
                         "combination, the last from high-card")
            return None
        published = None
        if "published_edge" in node:
            given = node["published_edge"]
            if not self.r.keys(given, join(path, "published_edge"), {"percent", "by"}) or \
                    type(given["percent"]) not in (int, float):
                return None
            published = (float(given["percent"]), str(given["by"]))
        if name is None:
            return None
        return HoldemBetInfo("ante", name, str(node["limit"]), source), tuple(pays), settlement, published

    def rounds(self, doc: Map) -> list[RoundInfo] | None:
        found: list[RoundInfo] = []
        broken = False
        for path, node in self.r.items(doc, "rounds", ""):
            if not self.r.keys(node, path, {"id", "name", "name_source", "seen", "times_ante", "required", "source",
                                            "payout", "payout_source"}, {"reading", "other_reading"}):
                broken = True
                continue
            self.roulette.reading(node, path)
            name = self.r.text(node, "name", path)
            named = self.cite(node, "name_source", path)
            decision, paid = self.cite(node, "source", path), self.cite(node, "payout_source", path)
            source = named + decision + paid
            payout = self.r.payout(node, "payout", path)
            if payout is None:
                broken = True
                continue
            seen = node["seen"]
            if seen not in (0, 3, 4) or type(seen) is not int:
                self.r.error(node, "seen", path, f"expected the common cards seen when deciding: 0, 3 or 4, "
                             f"got {seen!r}")
                broken = True
                continue
            multiple = self.multiple(node, "times_ante", path)
            if not isinstance(node["required"], bool):
                self.r.error(node, "required", path, "expected true (declining folds) or false (declining checks)")
                broken = True
                continue
            other, other_name = None, None
            if "other_reading" in node:
                given = node["other_reading"]
                other_path = join(path, "other_reading")
                if self.r.keys(given, other_path, {"times_ante", "name"}):
                    other = self.multiple(given, "times_ante", other_path)
                    other_name = self.r.text(given, "name", other_path)
                if other is None or other_name is None or "reading" not in node:
                    self.r.error(node, "other_reading", path, "expected times_ante and a name, on a round whose "
                                 "reading says why the other reading is not taken")
                    broken = True
                    continue
            if multiple is None or name is None:
                broken = True
                continue
            street = holdem.Street(str(node["id"]), seen, multiple, node["required"])
            found.append(RoundInfo(street, name, payout, source, other, other_name, decision, paid))
        return None if broken else found

    def multiple(self, node: Map, key: str, path: str) -> Fraction | None:
        value = node.get(key)
        if type(value) is not int or value < 1:
            self.r.error(node, key, path, f"expected a whole number of Antes, got {value!r}")
            return None
        return Fraction(value)

    def qualifier(self, node: Any) -> tuple[tuple[Category, int], tuple[Citation, ...], Text] | None:
        if not self.r.keys(node, "qualifier", {"at_least", "name", "source"}, {"reading"}):
            return None
        self.roulette.reading(node, "qualifier")
        least = self.minimum(node["at_least"], "qualifier.at_least")
        name = self.r.text(node, "name", "qualifier")
        source = self.cite(node, "source", "qualifier")
        return None if least is None or name is None else (least, source, name)

    def bonus(self, node: Any) -> tuple[HoldemBetInfo, tuple[BonusLineInfo, ...], bool] | None:
        path = "bonus"
        if not self.r.keys(node, path, {"id", "name", "name_source", "lost_on_fold", "fold_source", "lines"},
                           {"reading", "limit"}):
            return None
        self.roulette.reading(node, path)
        name = self.r.text(node, "name", path)
        named, fold = self.cite(node, "name_source", path), self.cite(node, "fold_source", path)
        source = named + fold
        lines: list[BonusLineInfo] = []
        broken = False
        for line_path, line in self.r.items(node, "lines", path):
            found = self.bonus_line(line, line_path)
            broken |= found is None
            if found:
                lines.append(found)
        if not isinstance(node["lost_on_fold"], bool):
            self.r.error(node, "lost_on_fold", path, "expected true or false")
            return None
        if name is None or broken or not lines:
            return None
        limit = node.get("limit")
        info = HoldemBetInfo(str(node["id"]), name, None if limit is None else str(limit), source, fold)
        return info, tuple(lines), node["lost_on_fold"]

    def bonus_line(self, line: Any, path: str) -> BonusLineInfo | None:
        if not self.r.keys(line, path, {"name", "payout", "source"},
                           {"hands", "dealer", "at_least", "printed", "reading"}):
            return None
        self.roulette.reading(line, path)
        name = self.r.text(line, "name", path)
        source = self.cite(line, "source", path)
        payout = self.r.payout(line, "payout", path)
        if payout is None:
            return None
        two = {key: self.two_cards(line, key, path) for key in ("hands", "dealer") if key in line}
        if None in two.values():
            return None
        least = self.minimum(line["at_least"], join(path, "at_least")) if "at_least" in line else None
        if ("at_least" in line and least is None) or not (two.get("hands") or least):
            if "at_least" not in line or least is not None:
                self.r.error(line, None, path, "expected the player's two cards (hands) or a least combination "
                             "(at_least)")
            return None
        if name is None:
            return None
        engine_line = holdem.BonusLine(payout, two.get("hands") or frozenset(), least, two.get("dealer") or frozenset())
        return BonusLineInfo(engine_line, name, " ".join(str(line.get("printed", "")).split()), source)

    def two_cards(self, node: Map, key: str, path: str) -> frozenset[str] | None:
        """Two-card hands as a bonus table names them: «AA», «AKs» (one suit), «AKo» (two suits)."""
        value = node.get(key)
        if not isinstance(value, Seq) or not value or not all(isinstance(v, str) and _two_cards(v) for v in value):
            self.r.error(node, key, path, f"expected a list of two-card hands such as \"AA\", \"AKs\", \"AKo\", "
                         f"got {value!r}")
            return None
        return frozenset(str(v) for v in value)


def _two_cards(text: str) -> bool:
    if len(text) == 2:
        return text[0] == text[1] and text[0] in RANKS
    return len(text) == 3 and text[0] in RANKS and text[1] in RANKS and RANKS.index(text[0]) > RANKS.index(
        text[1]) and text[2] in "so"


def read_example(r: Reader, node: Map, path: str, spec: HoldemSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The nine cards of a worked example (the player's two, the croupier's two, the five common ones) and the
    player's ``decisions``, one a round until he folds."""
    cards = strings(r, node, "cards", path, "a list of 9 cards: the player's two, the croupier's two and the five "
                    "common cards, such as \"Ah\", \"Td\"")
    if cards is None:
        return None
    try:
        dealt = parse(" ".join(cards))
        if len(dealt) != 9 or len(set(dealt)) != 9 or max(dealt) > 51:
            raise ValueError
    except ValueError:
        r.error(node, "cards", path, "expected 9 different cards of one deck: the player's two, the croupier's two "
                "and the five common cards, such as \"Ah\", \"Td\"")
        return None
    options: Options = {}
    if "decisions" in node and not isinstance(node["decisions"], Seq):
        r.error(node, "decisions", path, "expected a list of decisions, one a round")
        return None
    if not choice(r, node, "decisions", path, options, [*holdem.YES, *holdem.NO], many=True):
        return None
    return cards, options


def play(spec: HoldemSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    return holdem.play(spec.rules, bets, [str(c) for c in cards], options.get("decisions", []))
