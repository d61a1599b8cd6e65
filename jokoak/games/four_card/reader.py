"""Reading the póquer de cuatro cartas part of a game file: the cards, the ranking of four-card hands, the
«Ases», «Ante» and «Play» bets with the «Ases» pay table, the tie rule, the fold, the Ante's bonus table and
the limits.

Each line of a pay table is given as the text prints it (``printed``: the hand's words and the payout
cell), with the combination it names and the payout read, each citing its line, so that a test can hold
every cell against the source; the official text's ``table:`` blocks show those rows. The result,
:class:`FourCardSpec`, holds the engine's :class:`~jokoak.games.four_card.engine.Rules` and what the sheets show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...common import CitedLine, CommonReader, Layout, LimitGroup, Limits
from ...engine.poker import FOUR_CARD, RANKS, Category, parse
from ...engine.result import Result
from ...family import Options, strings
from ...models import Citation, Reading, Text, WordTable
from ...schema import Reader
from ...yamlsrc import Map, Seq
from . import engine as four_card

FIELDS = {"cards", "ranking", "bets", "ties", "fold", "bonus", "limits"}
HANDS = {c.id: c for c in reversed(FOUR_CARD.order)}  # the four-card combinations, highest first
KINDS = ("ases", "ante", "play")  # the engine's boxes (four_card.BETS)


@dataclass(frozen=True)
class HandName:
    """A combination of the ranking, highest first, with its name in the official languages."""

    category: Category
    name: Text
    source: tuple[Citation, ...]

    @property
    def id(self) -> str:
        return self.category.id


@dataclass(frozen=True)
class PayLine:
    """One line of a pay table: the combination, what it pays (N to 1), and its cells as printed."""

    category: Category
    payout: Fraction
    printed: tuple[str, ...]  # the row's words, then its payout cell, as the text prints them
    source: tuple[Citation, ...]

    @property
    def id(self) -> str:
        return self.category.id


@dataclass(frozen=True)
class FourCardBetInfo:
    """A box of the cloth: «ases» (its pay table), «ante» or «play» (even money; the Play in multiples of the
    Ante)."""

    id: str
    name: Text
    payout: Fraction | None  # ante and play: won N to 1; ases: None (its table)
    pays: tuple[PayLine, ...]
    limit: str | None
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class FourCardSpec:
    rules: four_card.Rules
    bets: tuple[FourCardBetInfo, ...]
    ranking: tuple[HandName, ...]  # highest first
    bonus_name: Text
    bonus: tuple[PayLine, ...]
    limits: Limits
    sources: dict[str, tuple[Citation, ...]]  # cards, deck, ranking, minimum, play, ties, fold, bonus

    def bet(self, bet_id: str) -> FourCardBetInfo:
        return next(b for b in self.bets if b.id == bet_id)

    @property
    def layouts(self) -> tuple[Layout, ...]:
        """None to choose from: the table is the one the text describes (001:1858)."""
        return ()

    def hand(self, category: Category) -> HandName:
        return next(h for h in self.ranking if h.category == category)

    # The lines of each rule a step of the engine applies (:func:`jokoak.facts.step_citations`).
    @property
    def cards_source(self) -> tuple[Citation, ...]:
        """The deal (five cards, and six to the croupier, the last face up), and a croupier who needs no hand."""
        return self.sources.get("cards", ())

    @property
    def play_source(self) -> tuple[Citation, ...]:
        return self.sources.get("play", ())

    @property
    def fold_source(self) -> tuple[Citation, ...]:
        return self.sources.get("fold", ())

    @property
    def ties_source(self) -> tuple[Citation, ...]:
        return self.sources.get("ties", ())

    @property
    def minimum_source(self) -> tuple[Citation, ...]:
        return self.sources.get("minimum", ())

    @property
    def compare_source(self) -> tuple[Citation, ...]:
        """The «Ante» settled by comparing the hands (001:1891), ranked as the «Ases» table orders them."""
        return self.sources.get("play", ()) + self.sources.get("ranking", ())

    @property
    def pays(self) -> tuple[CitedLine, ...]:
        """The lines of each item a step cites (``bet:<key>``): each combination (``hand:flush``), each line of the
        «Ases» table (``ases:flush``) and the whole table with its lowest pair (``ases:table``), each line of the
        Bono (``bono:three-of-a-kind``)."""
        aces = self.bet("ases").pays
        found = [CitedLine(f"hand:{hand.id}", hand.source) for hand in self.ranking]
        found += [CitedLine(f"ases:{line.id}", line.source) for line in aces]
        found.append(CitedLine("ases:table", self.sources.get("minimum", ()) + tuple(c for line in aces
                                                                                     for c in line.source)))
        found += [CitedLine(f"bono:{line.id}", line.source) for line in self.bonus]
        return tuple(found)

    @property
    def tables(self) -> dict[str, WordTable]:
        """The tables the official text prints (in Spanish only), by the id its ``table:`` blocks give: each
        line's words and payout cell as printed."""
        return {table: WordTable({"es": tuple(line.printed for line in lines)})
                for table, lines in (("ases", self.bet("ases").pays), ("bono-del-ante", self.bonus))}

    def placement_names(self, lang: str) -> dict[str, str]:
        """The names the lint gives each line of a pay table («ases flush»: «Ases: Color»)."""
        names = {f"ases {line.id}": f"{self.bet('ases').name[lang]}: {self.hand(line.category).name[lang]}"
                 for line in self.bet("ases").pays}
        names.update({f"bono {line.id}": f"{self.bonus_name[lang]}: {self.hand(line.category).name[lang]}"
                      for line in self.bonus})
        names["bono"] = self.bonus_name[lang]
        return names

    def payouts(self) -> dict[str, Fraction | None]:
        """Every payout, keyed as the lint compares them: «ante», «ases flush», «bono three-of-a-kind»."""
        found: dict[str, Fraction | None] = {}
        for info in self.bets:
            if info.payout is not None:
                found[info.id] = info.payout
            found.update({f"{info.id} {line.id}": line.payout for line in info.pays})
        found.update({f"bono {line.id}": line.payout for line in self.bonus})
        return found


class FourCardReader:
    """Reads and checks the póquer de cuatro cartas fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.readings = readings
        self.roulette = CommonReader(reader, citations, readings)  # shares limits and readings

    def read(self, doc: Map) -> FourCardSpec | None:
        sources: dict[str, tuple[Citation, ...]] = {}
        cards_ok = self.cards(doc.get("cards"), sources)
        ranking = self.ranking(doc.get("ranking"), sources)
        bets = self.bets(doc, sources)
        ties = self.choice(doc.get("ties"), "ties", "player_wins", sources)
        fold = self.choice(doc.get("fold"), "fold", "bonus_paid", sources)
        bonus = self.bonus(doc.get("bonus"), sources)
        limits = self.roulette.limits(doc.get("limits"), "limits", [LimitGroup(b.id, b.limit) for b in bets])
        if not cards_ok or ranking is None or ties is None or fold is None or bonus is None or limits is None \
                or [b.id for b in bets] != list(KINDS) or "minimum" not in sources:
            if self.bets_whole and [b.id for b in bets] != list(KINDS):  # else a bet's own error says why
                self.r.error(doc, "bets", "", f"expected the boxes {', '.join(KINDS)}, in this order (001:1858)")
            return None
        by_id = {b.id: b for b in bets}
        minimum, play_range = self.minimum, self.play_range
        rules = four_card.Rules(aces_pays={line.category: line.payout for line in by_id["ases"].pays},
                                ante_bonus={line.category: line.payout for line in bonus[1]}, aces_minimum=minimum,
                                play_range=play_range, player_wins_ties=ties, bonus_on_fold=fold,
                                payout=by_id["ante"].payout or Fraction(1))
        return FourCardSpec(rules, tuple(bets), ranking, bonus[0], bonus[1], limits, sources)

    def cards(self, node: Any, sources: dict[str, tuple[Citation, ...]]) -> bool:
        if not self.r.keys(node, "cards", {"player", "croupier", "source", "deck_source"}, {"reading"}):
            return False
        self.roulette.reading(node, "cards")
        sources["cards"] = self.cite(node, "source", "cards")
        sources["deck"] = self.cite(node, "deck_source", "cards")
        ok = True
        for key, count in (("player", 5), ("croupier", 6)):
            if node[key] != count:
                self.r.error(node, key, "cards", f"the engine deals {count} cards here (001:1848, 1876), "
                             f"got {node[key]!r}")
                ok = False
        return ok

    def ranking(self, node: Any, sources: dict[str, tuple[Citation, ...]]) -> tuple[HandName, ...] | None:
        if not self.r.keys(node, "ranking", {"source", "hands"}, {"reading"}):
            return None
        self.roulette.reading(node, "ranking")
        sources["ranking"] = self.cite(node, "source", "ranking")
        found: list[HandName] = []
        for path, item in self.r.items(node, "hands", "ranking"):
            if not self.r.keys(item, path, {"hand", "name", "source"}, {"reading"}):
                continue
            self.roulette.reading(item, path)
            category = self.category(item, "hand", path)
            name = self.r.text(item, "name", path)
            source = self.cite(item, "source", path)
            if category is not None and name is not None:
                found.append(HandName(category, name, source))
        expected = tuple(reversed(FOUR_CARD.order))
        if tuple(h.category for h in found) != expected:
            self.r.error(node, "hands", "ranking", "expected every four-card combination, highest first: "
                         + ", ".join(c.id for c in expected))
            return None
        return tuple(found)

    def category(self, node: Map, key: str, path: str) -> Category | None:
        value = node.get(key)
        if value not in HANDS:
            self.r.error(node, key, path, f"expected one of {', '.join(HANDS)}, got {value!r}")
            return None
        return HANDS[str(value)]

    def pays(self, node: Map, path: str) -> tuple[PayLine, ...] | None:
        """A pay table, line by line: ``hand``, ``payout`` «N:1» and the cells as ``printed``."""
        found: list[PayLine] = []
        broken = False
        for line_path, line in self.r.items(node, "pays", path):
            if not self.r.keys(line, line_path, {"hand", "payout", "printed", "source"}, {"reading"}):
                broken = True
                continue
            self.roulette.reading(line, line_path)
            category = self.category(line, "hand", line_path)
            printed = line["printed"]
            payout = self.r.payout(line, "payout", line_path)
            if payout is None:
                broken = True
                continue
            if not isinstance(printed, Seq) or len(printed) != 2 or not all(isinstance(p, str) for p in printed):
                self.r.error(line, "printed", line_path, "expected the row's two cells as printed: the hand and "
                             "the payout, such as [\"Trío\", \"7 a 1\"]")
                broken = True
                continue
            if payout.denominator != 1 or printed[1].split() != [str(payout.numerator), "a", "1"]:
                self.r.error(line, "printed", line_path, f"the printed payout {printed[1]!r} is not the payout "
                             f"read, {line['payout']!r}")
                broken = True
                continue
            if category is None:
                broken = True
                continue
            if any(other.category == category for other in found):
                self.r.error(line, "hand", line_path, f"{line['hand']!r} is twice in the table")
                broken = True
                continue
            found.append(PayLine(category, payout, tuple(printed), self.cite(line, "source", line_path)))
        return None if broken or not found else tuple(found)

    def bets(self, doc: Map, sources: dict[str, tuple[Citation, ...]]) -> list[FourCardBetInfo]:
        found: list[FourCardBetInfo] = []
        before = len(self.r.problems.problems)
        for path, node in self.r.items(doc, "bets", ""):
            kind = node.get("id") if isinstance(node, Map) else None
            extra = {"ases": {"minimum_pair", "minimum_source", "pays"},
                     "play": {"payout", "payout_source", "times", "times_source"}}.get(str(kind),
                                                                                    {"payout", "payout_source"})
            if kind not in KINDS:
                self.r.error(node, "id", path, f"expected one of {', '.join(KINDS)}, got {kind!r}")
                continue
            if not self.r.keys(node, path, {"id", "name", "name_source", "limit"} | extra, {"reading"}):
                continue
            self.roulette.reading(node, path)
            name = self.r.text(node, "name", path)
            source = self.cite(node, "name_source", path)
            payout: Fraction | None = None
            pays: tuple[PayLine, ...] = ()
            if kind == "ases":
                table = self.pays(node, path)
                minimum = self.pair(node, path)
                if table is None or minimum is None:
                    continue
                pays, self.minimum = table, minimum
                sources["minimum"] = self.cite(node, "minimum_source", path)
            else:
                payout = self.r.payout(node, "payout", path)
                if payout is None:
                    continue
                source += self.cite(node, "payout_source", path)
            if kind == "play":
                times = node["times"]
                if not isinstance(times, Seq) or len(times) != 2 or not all(type(t) is int and t > 0 for t in times) \
                        or times[0] > times[1]:
                    self.r.error(node, "times", path, "expected [lowest, highest] multiple of the Ante")
                    continue
                self.play_range = (Fraction(times[0]), Fraction(times[1]))
                sources["play"] = self.cite(node, "times_source", path)
            if any(other.id == kind for other in found):
                self.r.error(node, "id", path, f"duplicate bet id {kind!r}")
                continue
            if name is not None:
                found.append(FourCardBetInfo(str(kind), name, payout, pays, str(node["limit"]), source))
        self.bets_whole = len(self.r.problems.problems) == before
        return found

    def pair(self, node: Map, path: str) -> int | None:
        """The lowest pair «Ases» pays: only the aces (001:1878) have an exact edge here."""
        value = str(node.get("minimum_pair"))
        if value != "A":
            self.r.error(node, "minimum_pair", path, f"expected A (the pair of aces, 001:1878), got {value!r}")
            return None
        return RANKS.index("A")

    def choice(self, node: Any, path: str, key: str, sources: dict[str, tuple[Citation, ...]]) -> bool | None:
        if not self.r.keys(node, path, {key, "source"}, {"reading"}):
            return None
        self.roulette.reading(node, path)
        sources[path] = self.cite(node, "source", path)
        if not isinstance(node[key], bool):
            self.r.error(node, key, path, f"expected true or false, got {node[key]!r}")
            return None
        return bool(node[key])

    def bonus(self, node: Any, sources: dict[str, tuple[Citation, ...]]) -> tuple[Text, tuple[PayLine, ...]] | None:
        if not self.r.keys(node, "bonus", {"name", "source", "pays"}, {"reading"}):
            return None
        self.roulette.reading(node, "bonus")
        sources["bonus"] = self.cite(node, "source", "bonus")
        name = self.r.text(node, "name", "bonus")
        pays = self.pays(node, "bonus")
        if name is None or pays is None:
            return None
        return name, pays

    minimum: int = RANKS.index("A")
    bets_whole: bool = False
    play_range: tuple[Fraction, Fraction] = (Fraction(1), Fraction(3))


def read_example(r: Reader, node: Map, path: str, spec: FourCardSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The cards of a worked example: the player's five, then the croupier's six (the last face up), each
    as rank and suit («Ah», «10d», «7c»)."""
    cards = strings(r, node, "cards", path, "a list of 11 cards such as \"Ah\", \"10d\": the player's five, "
                    "then the croupier's six")
    if cards is None:
        return None
    try:
        parse(" ".join(cards))
    except ValueError as exc:
        r.error(node, "cards", path, str(exc))
        return None
    if len(cards) != 11:
        r.error(node, "cards", path, f"expected 11 cards (the player's five, then the croupier's six), "
                f"got {len(cards)}")
        return None
    return cards, {}


def play(spec: FourCardSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    return four_card.play(spec.rules, bets, [str(card) for card in cards], **options)
