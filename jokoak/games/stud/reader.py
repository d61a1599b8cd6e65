"""Reading the banked five-card poker part of a game file: póquer sin descarte and con descarte.

The hands' names as the texts print them, the player's «voy» (the second bet in antes), the bank's
qualification, the second bet's pay table (each line a least hand and its payout, cited), the tie
rules that compare fewer cards, the draw with the bank's discard rules, the purchase of a card, the
side bets (seguro, jackpot, carrusel, progresivo) with their prizes, and the limits. The result,
:class:`StudSpec`, holds the engine's :class:`~jokoak.games.stud.engine.Rules` and what the sheets show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...common import CommonReader, Layout, LimitGroup, Limits
from ...engine.poker import RANKS, Category, Hand, dealt
from ...engine.result import Result
from ...family import Options, choice, strings
from ...models import Citation, Reading, Text
from ...schema import Reader, parse_payout
from ...tablespec import Option
from ...yamlsrc import Map
from . import engine as stud

STUD_FIELDS = {"deck", "hands", "play", "ante", "second", "pays", "limits"}
STUD_OPTIONAL = {"ties", "draw", "buy", "side_bets"}
BUY = "compra-de-carta"  # buying a card, where the casino may offer it or not (001:1300, 1325)
HANDS = {c.id: c for c in Category if c != Category.FIVE_ACES}


def hand_id(category: Category) -> str:
    return category.id


@dataclass(frozen=True)
class HandName:
    """A category of hand with the text's words for it."""

    hand: str
    name: Text
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class PayLine:
    """A line of a pay table: the least hand it takes (a category and, within it, the least leading ranks),
    its own name where the text gives one (else the category's), and a payout «N a 1» or a share of the
    jackpot."""

    hand: str
    ranks: tuple[str, ...]
    name: Text | None
    payout: Fraction | None
    share: Fraction | None
    source: tuple[Citation, ...]

    @property
    def minimum(self) -> stud.Minimum:
        return stud.Minimum(HANDS[self.hand], tuple(RANKS.index(r) for r in self.ranks))

    @property
    def prize(self) -> Fraction | stud.Share:
        return stud.Share(self.share) if self.share is not None else self.payout  # type: ignore[return-value]


@dataclass(frozen=True)
class LeastJackpot:
    """The least accumulated amount the text fixes for a kind of jackpot, in stakes of the bet: «fijo», at least
    2,000 times the bet; «progresivo», starting from at least 1,000 times (000:3678-3686). The house edge at that
    amount is the most the house keeps (:func:`jokoak.games.stud.edge.jackpot_edge`)."""

    kind: str
    name: Text
    stakes: Fraction
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class StudBetInfo:
    """A bet of the box: the ante, the second bet («voy») or a side bet with its prizes."""

    id: str
    kind: str  # "ante", "second", "side"
    name: Text
    limit: str | None
    source: tuple[Citation, ...]
    prizes: tuple[PayLine, ...] = ()
    drawn: tuple[PayLine, ...] = ()  # prizes of a hand made by discarding (con descarte)
    option: bool = False  # the casino may offer it or not
    stake_most: Fraction | None = None  # its maximum in multiples of the table minimum («la mitad del mínimo»)
    least: tuple[LeastJackpot, ...] = ()  # a jackpot's least amount, by kind («fijo», «progresivo»)

    def maximum(self, group_maximum: Fraction) -> Fraction:
        return group_maximum

    @property
    def shares(self) -> bool:
        """Whether a prize is a share of an accumulated amount (its edge needs the amount)."""
        return any(p.share is not None for p in (*self.prizes, *self.drawn))


@dataclass(frozen=True)
class StudSpec:
    rules: stud.Rules
    hands: tuple[HandName, ...]
    bets: tuple[StudBetInfo, ...]
    pays: tuple[PayLine, ...]
    qualification: PayLine
    limits: Limits
    sources: dict[str, tuple[Citation, ...]]  # deck, ace, voy, qualification, ante_pays, ties, draw, bank, buy
    layouts: tuple[Layout, ...] = ()

    @property
    def tables(self) -> dict[str, Any]:
        return {}

    def bet(self, bet_id: str) -> StudBetInfo:
        return next(b for b in self.bets if b.id == bet_id)

    def hand_name(self, line: PayLine) -> Text:
        """The line's own name, or its category's."""
        return line.name or next(h.name for h in self.hands if h.hand == line.hand)

    @property
    def side_bets(self) -> tuple[StudBetInfo, ...]:
        return tuple(b for b in self.bets if b.kind == "side")

    # The lines of each rule a step of the engine applies (:func:`jokoak.facts.step_citations`), by the names of
    # :mod:`jokoak.games.stud.engine`: plain names here, names with a colon by :meth:`step_source`.
    @property
    def voy_source(self) -> tuple[Citation, ...]:
        return self.sources.get("voy", ())

    @property
    def qualification_source(self) -> tuple[Citation, ...]:
        return self.sources.get("qualification", ())

    @property
    def ante_pays_source(self) -> tuple[Citation, ...]:
        return self.sources.get("ante_pays", ())

    @property
    def ties_source(self) -> tuple[Citation, ...]:
        return self.sources.get("ties", ())

    @property
    def draw_source(self) -> tuple[Citation, ...]:
        return self.sources.get("draw", ())

    @property
    def bank_source(self) -> tuple[Citation, ...]:
        return self.sources.get("bank", ())

    @property
    def buy_source(self) -> tuple[Citation, ...]:
        return self.sources.get("buy", ())

    def step_source(self, rule: str) -> tuple[Citation, ...] | None:
        """The lines of a rule named with a colon: «hand:<hand>» (its definition), «pays:<n>» (line n of the second
        bet's table), «prize:<bet>:<hand>» and «drawn:<bet>:<hand>» (a line of a side bet's prizes on the cards as
        dealt, or after changing cards), «prizes:<bet>» (all its prizes on the cards as dealt) and
        «prizes:<bet>:drawn» (with those after changing cards); None for no such name."""
        kind, _, rest = rule.partition(":")
        if kind == "hand":
            return next((h.source for h in self.hands if h.hand == rest), ())
        if kind == "pays":
            return self.pays[int(rest)].source if rest.isdigit() and int(rest) < len(self.pays) else ()
        if kind not in ("prize", "drawn", "prizes"):
            return None
        bet_id, _, hand = rest.partition(":")
        info = next((b for b in self.side_bets if b.id == bet_id), None)
        if info is None:
            return ()
        if kind == "prizes":
            lines = (*info.prizes, *(info.drawn if hand == "drawn" else ()))
        else:
            lines = tuple(line for line in (info.prizes if kind == "prize" else info.drawn) if line.hand == hand)
        return tuple(c for line in lines for c in line.source)


class StudReader:
    """Reads and checks the poker fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations
        self.readings = readings
        self.roulette = CommonReader(reader, citations, readings)

    def read(self, doc: Map) -> StudSpec | None:
        sources: dict[str, tuple[Citation, ...]] = {}
        deck: Any = doc.get("deck")
        if not self.r.keys(deck, "deck", {"cards", "source", "ace_low", "ace_source"}, {"reading"}):
            return None
        self.roulette.reading(deck, "deck")
        sources["deck"] = self.cite(deck, "source", "deck")
        sources["ace"] = self.cite(deck, "ace_source", "deck")
        if deck["cards"] != 52 or not isinstance(deck["ace_low"], bool):
            self.r.error(deck, "cards", "deck", "expected 52 cards and ace_low true or false")
            return None
        hands = self.hands(doc)
        play = self.play(doc.get("play"), sources)
        pays = self.lines(doc, "pays", "", prizes=False)
        ties = self.ties(doc.get("ties"), sources) if "ties" in doc else {}
        draw = self.draw(doc.get("draw"), sources) if "draw" in doc else (0, None)
        buy = self.buy(doc.get("buy"), sources) if "buy" in doc else None
        bets = [b for b in (self.box_bet(doc, "ante"), self.box_bet(doc, "second")) if b is not None]
        bets += self.side_bets(doc)
        limits = self.roulette.limits(doc.get("limits"), "limits", [LimitGroup(b.id, b.limit) for b in bets])
        if hands is None or play is None or pays is None or ties is None or draw is None or len(bets) < 2 \
                or limits is None or (buy is None and "buy" in doc):
            return None
        named = {h.hand for h in hands}
        for line in (*pays, play[2], *(p for b in bets for p in (*b.prizes, *b.drawn))):
            if line.name is None and line.hand not in named:
                self.r.error(doc, "hands", "", f"no name for the hand {line.hand!r} used in a pay table")
                return None
        raise_multiple, ante_pays, qualification = play
        try:
            rules = stud.Rules(tuple((line.minimum, line.payout) for line in pays if line.payout is not None),
                               qualification.minimum, raise_multiple, ante_pays, ties,
                               "low" if deck["ace_low"] else "second", draw[0], draw[1], buy,
                               {b.id: stud.SideBet({HANDS[p.hand]: p.prize for p in b.prizes},
                                                   {HANDS[p.hand]: p.prize for p in b.drawn})
                                for b in bets if b.kind == "side"})
        except ValueError as exc:
            self.r.error(doc, "pays", "", str(exc))
            return None
        return StudSpec(rules, hands, tuple(bets), tuple(pays), qualification, limits, sources)

    def hands(self, doc: Map) -> tuple[HandName, ...] | None:
        found = []
        for path, node in self.r.items(doc, "hands", ""):
            if not self.r.keys(node, path, {"hand", "name", "source"}, {"reading"}):
                return None
            self.roulette.reading(node, path)
            name = self.r.text(node, "name", path)
            if node["hand"] not in HANDS:
                self.r.error(node, "hand", path, f"expected one of {', '.join(HANDS)}, got {node['hand']!r}")
                return None
            if name is not None:
                found.append(HandName(str(node["hand"]), name, self.cite(node, "source", path)))
        return tuple(found)

    def play(self, node: Any, sources: dict[str, tuple[Citation, ...]]) -> tuple[Fraction, Fraction, PayLine] | None:
        path = "play"
        if not self.r.keys(node, path, {"raise_antes", "raise_source", "qualification", "ante_pays",
                                        "ante_pays_source"}, {"reading"}):
            return None
        self.roulette.reading(node, path)
        sources["voy"] = self.cite(node, "raise_source", path)
        sources["ante_pays"] = self.cite(node, "ante_pays_source", path)
        raise_antes = node["raise_antes"]
        if type(raise_antes) is not int or raise_antes < 1:
            self.r.error(node, "raise_antes", path, f"expected a whole number of antes, got {raise_antes!r}")
            return None
        ante_pays = self.r.payout(node, "ante_pays", path)
        if ante_pays is None:
            return None
        qualification = self.line(node["qualification"], "play.qualification", prizes=False, payout=False)
        if qualification is None:
            return None
        sources["qualification"] = qualification.source
        return Fraction(raise_antes), ante_pays, qualification

    def lines(self, node: Map, key: str, path: str, prizes: bool) -> list[PayLine] | None:
        found, broken = [], False
        for line_path, line_node in self.r.items(node, key, path):
            line = self.line(line_node, line_path, prizes)
            broken |= line is None
            if line is not None:
                found.append(line)
        if broken or not found:
            return None
        return found

    def line(self, node: Any, path: str, prizes: bool, payout: bool = True) -> PayLine | None:
        amounts = {"payout", "share"} if prizes else {"payout"}
        required = {"hand", "source"} | ({"payout"} if payout and not prizes else set())
        if not self.r.keys(node, path, required, {"ranks", "name", "reading"} | (amounts if payout else set())):
            return None
        self.roulette.reading(node, path)
        hand = node["hand"]
        if hand not in HANDS:
            self.r.error(node, "hand", path, f"expected one of {', '.join(HANDS)}, got {hand!r}")
            return None
        ranks = [str(r).replace("10", "T") for r in node.get("ranks", [])]
        if not all(r in RANKS for r in ranks):
            self.r.error(node, "ranks", path, f"expected ranks among {', '.join(RANKS)}, got {node['ranks']!r}")
            return None
        name = self.r.text(node, "name", path) if "name" in node else None
        value, share = None, None
        try:
            if "payout" in node:
                value = parse_payout(node["payout"])
            elif "share" in node:
                text = str(node["share"])
                if not text.endswith("%"):
                    raise ValueError(f'expected a share of the jackpot such as "10%", got {text!r}')
                share = Fraction(text[:-1].strip().replace(",", ".")) / 100
                if not 0 < share <= 1:
                    raise ValueError(f"expected a share from 0 to 100 %, got {text!r}")
            elif payout:
                raise ValueError("expected a payout or a share")
        except ValueError as exc:
            self.r.error(node, "payout" if "payout" in node else "share", path, str(exc))
            return None
        return PayLine(str(hand), tuple(ranks), name, value, share, self.cite(node, "source", path))

    def ties(self, node: Any, sources: dict[str, tuple[Citation, ...]]) -> dict[Category, int] | None:
        if not self.r.keys(node, "ties", {"cards", "source"}, {"reading"}):
            return None
        self.roulette.reading(node, "ties")
        sources["ties"] = self.cite(node, "source", "ties")
        cards = self.r.mapping(node, "cards", "ties") or Map()
        found: dict[Category, int] = {}
        for hand, n in cards.items():
            if hand not in HANDS or type(n) is not int or not 1 <= n <= 5:
                self.r.error(node, "cards", "ties", f"expected hand: ranks compared (1 to 5), got {hand!r}: {n!r}")
                return None
            found[HANDS[hand]] = n
        return found

    def draw(self, node: Any, sources: dict[str, tuple[Citation, ...]]) -> tuple[int, stud.BankDraw | None] | None:
        if not self.r.keys(node, "draw", {"discards", "source", "bank_source", "ace_low_run"}, {"reading"}):
            return None
        self.roulette.reading(node, "draw")
        sources["draw"] = self.cite(node, "source", "draw")
        sources["bank"] = self.cite(node, "bank_source", "draw")
        discards = self.r.integer(node, "discards", "draw", minimum=1)
        if discards is None or not isinstance(node["ace_low_run"], bool):
            return None
        return discards, stud.BankDraw(node["ace_low_run"])

    def buy(self, node: Any, sources: dict[str, tuple[Citation, ...]]) -> Fraction | None:
        """Buying a card; ``option: true`` (with ``option_source``) where the casino may offer it or not."""
        if not self.r.keys(node, "buy", {"price_antes", "source"}, {"option", "option_source", "reading"}):
            return None
        self.roulette.reading(node, "buy")
        sources["buy"] = self.cite(node, "source", "buy")
        if node.get("option", False) is not False:
            if node["option"] is not True or "option_source" not in node:
                self.r.error(node, "option", "buy", "expected true (with option_source: who decides) or false")
                return None
            sources[BUY] = self.cite(node, "option_source", "buy")
        price = self.r.integer(node, "price_antes", "buy", minimum=1)
        return None if price is None else Fraction(price)

    def box_bet(self, doc: Map, key: str) -> StudBetInfo | None:
        node: Any = doc.get(key)
        if not self.r.keys(node, key, {"name", "name_source", "limit"}, {"reading"}):
            return None
        self.roulette.reading(node, key)
        name = self.r.text(node, "name", key)
        if name is None:
            return None
        limit = node["limit"]
        return StudBetInfo(key, key, name, None if limit is None else str(limit), self.cite(node, "name_source", key))

    def side_bets(self, doc: Map) -> list[StudBetInfo]:
        found: list[StudBetInfo] = []
        for path, node in self.r.items(doc, "side_bets", "") if "side_bets" in doc else ():
            if not self.r.keys(node, path, {"id", "name", "name_source", "prizes", "stake_most", "stake_source"},
                               {"drawn_prizes", "option", "option_source", "least_jackpot", "reading"}):
                continue
            self.roulette.reading(node, path)
            name = self.r.text(node, "name", path)
            prizes = self.lines(node, "prizes", path, prizes=True)
            drawn = self.lines(node, "drawn_prizes", path, prizes=True) if "drawn_prizes" in node else []
            try:
                most = Fraction(str(node["stake_most"]))
            except ValueError:
                most = Fraction(0)
            if most <= 0:
                self.r.error(node, "stake_most", path, f"expected the maximum stake in multiples of the table minimum "
                             f'such as "1/2", got {node["stake_most"]!r}')
                continue
            option = node.get("option", False)
            if not isinstance(option, bool) or (option and "option_source" not in node):
                self.r.error(node, "option", path, "expected true (with option_source: who decides) or false")
                continue
            bet_id = str(node["id"])
            if bet_id in ("ante", "second") or any(b.id == bet_id for b in found):
                self.r.error(node, "id", path, f"duplicate bet id {bet_id!r}")
                continue
            source = self.cite(node, "name_source", path) + self.cite(node, "stake_source", path)
            if option:
                source += self.cite(node, "option_source", path)
            least = self.least_jackpot(node, path, prizes or []) if "least_jackpot" in node else ()
            if name is not None and prizes is not None and drawn is not None and least is not None:
                found.append(StudBetInfo(bet_id, "side", name, None, source, tuple(prizes), tuple(drawn), option,
                                         most, least))
        return found

    def least_jackpot(self, node: Map, path: str, prizes: list[PayLine]) -> tuple[LeastJackpot, ...] | None:
        """The least amounts of a jackpot by kind: ``{kind, name, stakes, source}`` each (000:3678-3686)."""
        if not any(p.share is not None for p in prizes):
            self.r.error(node, "least_jackpot", path, "a least jackpot is for a bet whose prizes are shares of it")
            return None
        found: list[LeastJackpot] = []
        for item_path, item in self.r.items(node, "least_jackpot", path):
            if not self.r.keys(item, item_path, {"kind", "name", "stakes", "source"}, {"reading"}):
                return None
            self.roulette.reading(item, item_path)
            name = self.r.text(item, "name", item_path)
            stakes = self.r.integer(item, "stakes", item_path, minimum=1)
            kind = str(item["kind"])
            if any(f.kind == kind for f in found):
                self.r.error(item, "kind", item_path, f"duplicate kind of jackpot {kind!r}")
                return None
            if name is None or stakes is None:
                return None
            found.append(LeastJackpot(kind, name, Fraction(stakes), self.cite(item, "source", item_path)))
        return tuple(found)


def read_example(r: Reader, node: Map, path: str, spec: StudSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The cards in the order dealt (the player's five, the bank's five, then any bought or drawn), the
    player's ``decision`` («voy» or «paso»), the cards he ``discards``, the card he gives up to ``buy`` one,
    and the ``jackpot``'s accumulated amount where a share of it is won."""
    cards = strings(r, node, "cards", path, 'a list of cards such as "Ah", "Td", "7c"')
    options: Options = {}
    if cards is None or not choice(r, node, "decision", path, options, ["voy", "paso"]):
        return None
    if "decision" not in node:
        r.error(node, None, path, "missing field decision («voy» or «paso»)")
        return None
    if "discards" in node:
        discards = strings(r, node, "discards", path, "a list of the player's cards")
        if discards is None:
            return None
        options["discards"] = list(discards)
    if "buy" in node:
        options["buy"] = str(node["buy"])
    if "jackpot" in node:
        found = r.amount(node, "jackpot", path)
        if found is None:
            return None
        options["jackpot"] = found
    return cards, options


def play(spec: StudSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    return stud.play(spec.rules, bets, list(cards), **options)


def table(spec: StudSpec) -> tuple[tuple[Option, ...], dict[str, tuple[Citation, ...]]]:
    """A table states which optional side bets it offers, and buying a card where that is optional too."""
    items = {info.id: info.source for info in spec.side_bets if info.option}
    if BUY in spec.sources:
        items[BUY] = spec.sources[BUY]
    return (), items


def at_table(spec: StudSpec, table: Any, example: Any) -> StudSpec | None:
    """An example that buys a card fits only a table that offers it, where buying is optional."""
    if example.options.get("buy") and BUY in spec.sources and not table.offers(BUY):
        return None
    return spec


def final_hands(spec: StudSpec, cards: Sequence[str], options: Options) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The player's and the bank's five cards at the showdown of a worked example (after a bought card and
    the draws), in the order of :func:`jokoak.games.stud.engine.play`."""
    player, bank, rest = list(cards[:5]), list(cards[5:10]), list(cards[10:])
    if options.get("buy"):
        player[player.index(options["buy"])] = rest.pop(0)
    if options.get("decision") == "voy" and spec.rules.bank_draw is not None:
        for out in options.get("discards", ()):
            player[player.index(out)] = rest.pop(0)
        thrown = stud.bank_discards(spec.rules.bank_draw, [dealt(bank)])[0]
        bank = [rest.pop(0) if gone else card for card, gone in zip(bank, thrown, strict=True)]
    return tuple(player), tuple(bank)


def category(spec: StudSpec, hand: Sequence[str]) -> str:
    """The category id of five cards under the game's ranking."""
    value = stud.hand_values(spec.rules, [dealt(hand)])[0]
    return hand_id(Hand(int(value)).category)
