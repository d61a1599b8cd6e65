"""What the engine computes about a game, once, for every output: coverage, house edges, lint, examples.

Nothing here depends on a language or a casino; the renderers format these facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations

from .catalog import run_example
from .engine import lint, memo
from .engine.poker import FOUR_CARD, Category, evaluate, parse
from .engine.result import Edge, Result
from .engine.steps import Step
from .games.baccarat import chemin, dos_panos
from .games.baccarat import engine as baccarat
from .games.baccarat.chemin_reader import CheminBetInfo, CheminSpec, hands
from .games.baccarat.reader import BaccaratBetInfo, BaccaratSpec
from .games.blackjack import edge as blackjack_edge
from .games.blackjack import engine as blackjack
from .games.blackjack.reader import BlackjackBetInfo, BlackjackSpec
from .games.dice import engine as dice
from .games.dice.reader import DiceBetInfo, DiceSpec
from .games.four_card import engine as four_card
from .games.four_card import exact as four_card_exact
from .games.four_card.reader import FourCardBetInfo, FourCardSpec
from .games.holdem import engine as holdem
from .games.holdem import exact as holdem_exact
from .games.holdem.reader import HoldemBetInfo, HoldemSpec
from .games.monte import engine as monte
from .games.monte.reader import MonteBetInfo, MonteSpec, RetoBetInfo, RetoSpec
from .games.pai_gow import engine as pai_gow
from .games.pai_gow.reader import PaiGowBetInfo, PaiGowSpec
from .games.roulette import claims
from .games.roulette import engine as roulette
from .games.roulette.reader import BetInfo, RouletteSpec
from .games.stud import engine as stud
from .games.stud import exact as stud_exact
from .games.stud.reader import StudBetInfo, StudSpec, category, final_hands
from .games.trente import engine as trente
from .games.trente.reader import TrenteBetInfo, TrenteSpec
from .games.trijoker import engine as trijoker
from .games.trijoker.reader import TrijokerBetInfo, TrijokerSpec
from .games.tripoker import engine as tripoker
from .games.tripoker.reader import HANDS, TripokerBetInfo, TripokerSpec
from .models import Citation, Example, Game, cite


@dataclass(frozen=True)
class ChipFacts:
    count: int
    bet: BetInfo
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class BetFacts:
    info: BetInfo
    covers: int  # numbers covered by one placement (all chips together for announced bets)
    chips: int  # chips per placement (1 for a plain bet)
    edge: Fraction
    edge_prison: Fraction | None  # even chances with a prison: the player always leaves the stake there
    sector: tuple[ChipFacts, ...]
    limit: tuple[int, ...] | None  # maximum per tier, in multiples of the table minimum
    limit_range: tuple[int, int | None] | None  # or the lowest and highest maximum the regulation allows

    @property
    def announced(self) -> bool:
        return self.info.bet.shape in roulette.ANNOUNCED_SHAPES

    @property
    def even_chance(self) -> bool:
        return self.info.bet.shape == "even-chance"


@dataclass(frozen=True)
class PayoutFacts:
    """The numbers (or winning totals) of a dice bet that share one payout, and its house edge."""

    numbers: tuple[int, ...]  # empty for a bet with one payout and no number
    payout: Fraction
    edge: Fraction  # per unit staked, the same for each of these numbers


@dataclass(frozen=True)
class Maximum:
    """A dice bet's maximum for some of its numbers: ``low``-``high`` in euros (equal when the
    regulation fixes it) at a table whose group maximum is known, else None; ``percent`` for a
    share of the group's maximum or of the line bet."""

    numbers: tuple[int, ...]
    low: Fraction | None
    high: Fraction | None
    percent: int | None


def floor_cents(value: Fraction) -> Fraction:
    """An amount rounded down to whole cents: a maximum is never rounded up."""
    return Fraction(int(value * 100), 100)


@dataclass(frozen=True)
class DiceBetFacts:
    info: DiceBetInfo
    payouts: tuple[PayoutFacts, ...]
    edge: Fraction  # the whole bet's edge where it has one (a one-roll bet); else the highest of its numbers

    @staticmethod
    def _winnings(numbers: tuple[int, ...], m: Fraction | None, payout: Fraction, times: tuple[int, int]) -> Maximum:
        """The maximum stake whose winnings are from ``times[0]`` to ``times[1]`` times the group maximum ``m``."""
        if m is None:
            return Maximum(numbers, None, None, None)
        return Maximum(numbers, floor_cents(m * times[0] / payout), floor_cents(m * times[1] / payout), None)

    def maxima(self, group_maximum: Fraction | None) -> tuple[Maximum, ...]:
        """The bet's maximums, given its group's maximum in euros at a table (None: no table)."""
        limit, m = self.info.limit, group_maximum
        if limit is None:
            return ()
        if limit.kind == "group":
            return (Maximum((), m, m, None),)
        if limit.kind == "winnings":
            # «la ganancia posible»: what the stake wins at the bet's highest payout
            assert limit.times is not None
            numbered = self.info.bet.kind in dice.NUMBERED
            groups = [(g.numbers, g.payout) for g in self.payouts] if numbered else [
                ((), max(g.payout for g in self.payouts))]
            return tuple(self._winnings(numbers, m, payout, limit.times) for numbers, payout in groups)
        by_percent: dict[int, list[int]] = {}
        for number, percent in sorted(limit.percent.items(), key=lambda item: item[0] or 0):
            by_percent.setdefault(percent, []).extend([] if number is None else [number])
        shared = limit.kind == "share-of-group"
        return tuple(Maximum(tuple(ns), floor_cents(m * pct / 100) if shared and m else None,
                             floor_cents(m * pct / 100) if shared and m else None, pct)
                     for pct, ns in by_percent.items())

    @property
    def placements(self) -> dict[str, Fraction]:
        """The house edge by placement, as examples and the lint name them («right-bet 6»)."""
        if self.info.bet.kind not in dice.NUMBERED:
            return {self.info.id: self.edge}
        return {f"{self.info.id} {n}": p.edge for p in self.payouts for n in p.numbers}


@dataclass(frozen=True)
class Hand:
    """A hand as dealt in a worked example: its cards and its points."""

    cards: tuple[str, ...]
    points: int


@dataclass(frozen=True)
class CardBetFacts:
    """A punto y banca bet and its house edge under each way the bank's winnings may be paid."""

    info: BaccaratBetInfo
    edges: dict[str, Fraction]  # by payment id, in the regulation's order

    @property
    def edge(self) -> Fraction:
        """The lowest of its edges: the bet under the way of paying that favours the player most."""
        return min(self.edges.values())

    @property
    def same_edge(self) -> bool:
        return len(set(self.edges.values())) == 1


@dataclass(frozen=True)
class TrenteBetFacts:
    """A treinta y cuarenta bet's house edge: taking half back on a refait, leaving the stake in
    prison (where the regulation allows it), and insured."""

    info: TrenteBetInfo
    edge: Fraction
    edge_prison: Fraction | None
    edge_insured: Fraction


@dataclass(frozen=True)
class MonteBetFacts:
    """A monte bet's house edge by the way it is played: «primeras», «segundas», and for cartas
    «primeras-pairs» (two placed cards against the other two)."""

    info: MonteBetInfo
    edges: dict[str, Fraction]


@dataclass(frozen=True)
class RetoBetFacts:
    """An el reto bet's house edge by decks in the shoe (1 to the most the text allows), and for the
    initial bet by the player's choice on a tie: «retando» (always), «sin-retar» (never)."""

    info: RetoBetInfo
    edges: dict[str, dict[int, Fraction]]  # play ("" for one way only) -> decks -> edge


MONTE_LAYOUT = monte.Layout(("3o", "5c", "Se", "Rb"))  # any four ranks, none doubled or burnt: the edges are alike


@dataclass(frozen=True)
class BlackjackBetFacts:
    """A Black Jack bet and its house edge: exact (a fraction) for the side bets and insurance, a float for the
    main bet (computed exactly in floating point where no hand is split again, else within a stated precision),
    whose ``variants`` give it under each optional rule."""

    info: BlackjackBetInfo
    edge: Fraction | float
    method: str
    precision: str
    variants: dict[str, float] = field(default_factory=dict)  # main: "retiro", "tres-sietes", "retiro+tres-sietes"
    probabilities: dict[str, Fraction] = field(default_factory=dict)  # side bets: each category's

    @property
    def exact(self) -> bool:
        return isinstance(self.edge, Fraction)

    @property
    def numeric(self) -> bool:
        """A float computed exactly but for its rounding (the main bet where no hand is split again)."""
        return self.precision == blackjack_edge.EXACT

    @property
    def lowest(self) -> Fraction | float:
        """The edge at a table offering every optional rule that helps the player."""
        return min([self.edge, *self.variants.values()])


@dataclass(frozen=True)
class CheminBetFacts:
    """A stake at chemin de fer or dos paños: its seat's loss per unit (the house edge it faces) under the
    customary play, by commission."""

    info: CheminBetInfo
    edges: dict[str, Fraction]  # by commission id

    @property
    def edge(self) -> Fraction:
        return min(self.edges.values())


@dataclass(frozen=True)
class CheminPlay:
    """What the punto, the banker and the house expect per unit staked under one way of playing and one
    commission; ``play``: «customary» (the regulation's own answers), or the banker's best reply to a punto
    who stands («best-reply-stands») or draws («best-reply-draws») on his option."""

    play: str
    commission: str
    punto: Fraction
    banker: Fraction
    house: Fraction
    method: str
    precision: str


@dataclass(frozen=True)
class CheminFacts:
    plays: tuple[CheminPlay, ...]
    # chemin de fer only: each «O» cell's worth to the banker, against a punto who draws (True) or stands on his option
    cells: tuple[tuple[bool, chemin.Cell], ...]
    hands: dict[str, tuple[Hand, ...]]  # each example's hands: punto and banca, or paño 1, paño 2 and banca

    def play(self, play: str, commission: str) -> CheminPlay:
        return next(p for p in self.plays if (p.play, p.commission) == (play, commission))


@dataclass(frozen=True)
class PaiGowBetFacts:
    """The Pai Gow bet's house edge at the text's highest commission, by Monte Carlo with both sides set by the
    engine's house way (ours), and the share of rounds won, void and lost it rests on."""

    info: PaiGowBetInfo
    edge: float
    method: str
    precision: str
    probabilities: dict[str, float]  # ganancia, nula, perdida

    def edge_at(self, commission: Fraction) -> float:
        """The edge with another commission (a share of the winnings), from the same rounds."""
        p = self.probabilities
        return p["perdida"] - p["ganancia"] * float(1 - commission)


@dataclass(frozen=True)
class PaiGowSet:
    """Seven cards set as two hands: the high hand's five and the low hand's two, with their categories."""

    high: tuple[str, ...]
    high_category: int
    low: tuple[str, ...]
    low_category: int


PAI_GOW_DEALS = 100_000  # about two and a half seconds on one core; ±0.46 points at 95 %
PAI_GOW_SEED = 1


CHEMIN_METHOD = "exact enumeration of every deal of one coup over the full shoe's composition"
CHEMIN_PRECISION = "exact (a fraction); later coups of a shoe are dealt from fewer cards and differ slightly"


@dataclass(frozen=True)
class FourCardBetFacts:
    """A box of póquer de cuatro cartas and its exact house edge: «Ases», with each line's probability; «Ante»
    (the round: Ante, Play and Bono, per unit of Ante) under the best play, with the exact worth of the Bono
    and how often the best play folds and plays the least and the most Play; «Play» shares the Ante's figure
    (it is the Ante's decision)."""

    info: FourCardBetInfo
    edge: Fraction
    method: str
    probabilities: dict[str, Fraction] = field(default_factory=dict)  # ases: by line id; ante: the Bono's lines
    bonus_value: Fraction | None = None  # ante: the Bono's exact worth per unit of Ante, every Bono hand played
    decisions: dict[str, Fraction] = field(default_factory=dict)  # ante: fold, least-play, most-play


@dataclass(frozen=True)
class GameFacts:
    game: Game
    bets: tuple[BetFacts, ...] | tuple[DiceBetFacts, ...] | tuple[CardBetFacts, ...] | tuple[TrenteBetFacts, ...] \
        | tuple[MonteBetFacts, ...] | tuple[RetoBetFacts, ...] | tuple[BlackjackBetFacts, ...] \
        | tuple[CheminBetFacts, ...] | tuple[FourCardBetFacts, ...] | tuple[PaiGowBetFacts, ...] \
        | tuple[TrijokerBetFacts, ...] | tuple[TripokerBetFacts, ...] | tuple[StudBetFacts, ...] \
        | tuple[HoldemBetFacts, ...]
    findings: tuple[lint.Finding, ...]
    examples: tuple[tuple[Example, Result], ...]
    probabilities: dict[str, Fraction] | None = None  # punto y banca: each outcome's, over the full shoe
    hands: dict[str, tuple[Hand, Hand]] | None = None  # punto y banca: each example's hands (punto, banca)
    rows: dict[str, tuple[tuple[Hand, Hand], ...]] | None = None  # treinta y cuarenta: each example's rows by coup
    dealer: dict[int, dict[str, Fraction]] | None = None  # black jack: the dealer's final hand by his first card
    chemin: CheminFacts | None = None  # chemin de fer and dos paños: expectations, «O» cells, hands
    pai_gow: dict[str, tuple[PaiGowSet, PaiGowSet]] | None = None  # pai gow: each example's player and bank
    stud: StudFacts | None = None  # póquer sin/con descarte: the main game's figures and each example's hands

    @property
    def failures(self) -> tuple[lint.Finding, ...]:
        return tuple(f for f in self.findings if not f.holds)


def _placement(spec: RouletteSpec, info: BetInfo) -> tuple[roulette.Chip, ...]:
    """The chips of one placement of the bet, one unit each (all placements cover as many numbers)."""
    bet, rules = info.bet, spec.rules
    if bet.shape == "neighbours":
        target = str(rules.wheel.order[0])
    elif bet.shape in roulette.ANNOUNCED_SHAPES or bet.shape == "even-chance":
        target = ""
    else:
        target = next(iter(roulette.targets(bet, rules.wheel)))
    return roulette.chips_for(rules, f"{bet.id} {target}".strip(), Fraction(1))


def bet_facts(spec: RouletteSpec, info: BetInfo) -> BetFacts:
    rules = spec.rules
    chips = _placement(spec, info)
    covers = len(frozenset().union(*(chip.covers for chip in chips)))
    edge = roulette.house_edge(rules, info.id)
    prison = None
    if info.bet.shape == "even-chance" and rules.zero_rule.prison:
        prison = roulette.house_edge(rules, info.id, "prison")
    sector = tuple(ChipFacts(chip.count, spec.bet(chip.bet), tuple(sorted(chip.numbers))) for chip in info.bet.chips)
    limit = spec.limits.maximum.get(info.limit) if info.limit else None
    limit_range = spec.limits.ranges.get(info.limit) if info.limit else None
    return BetFacts(info, covers, int(sum(chip.stake for chip in chips)), edge, prison, sector, limit, limit_range)


def bet_names(game: Game, lang: str) -> dict[str, str]:
    """The bets' names in ``lang`` by id, and by placement where a payout depends on a number
    or a total («right-bet 6»: «Right Bet 6»), as the lint findings name them."""
    names = game.rules.placement_names(lang) if hasattr(game.rules, "placement_names") else {}
    for info in game.rules.bets:
        names[info.id] = info.name[lang]
        for number in getattr(getattr(info, "bet", None), "payouts", {}):  # «Right Bet 6»; «Big 6» names its number
            named = info.name[lang].split()[-1] == str(number)
            names[f"{info.id} {number}"] = info.name[lang] if named else f"{info.name[lang]} {number}"
        for line in info.pays if isinstance(info, BlackjackBetInfo) else ():  # side bets: the name of each line
            names[f"{info.id} {line.category}"] = f"{info.name[lang]}: {line.name[lang]}"
    return names


def same_game_elsewhere(game: Game, games: Sequence[Game]) -> list[Game]:
    """The same game in the other regulations: the same id, or named by either game's ``same_as``
    («poker-trijoker» in Euskadi is «poquer-trijoker» in Extremadura)."""
    return [other for other in games if other.regulation.id != game.regulation.id
            and (other.id == game.id or other.key in game.same_as or game.key in other.same_as)]


def dice_bet_facts(rules: dice.Rules, info: DiceBetInfo) -> DiceBetFacts:
    bet = info.bet
    if bet.payout is not None:  # line and until bets: one payout, no number
        edge = dice.house_edge(bet, rules.dice)
        return DiceBetFacts(info, (PayoutFacts((), bet.payout, edge),), edge)
    by_payout: dict[Fraction, list[int]] = {}  # the numbers (or winning totals) paid alike
    for number, payout in sorted(bet.payouts.items()):
        by_payout.setdefault(payout, []).append(number)
    if bet.kind in dice.NUMBERED:  # the edge depends on the number
        groups = tuple(PayoutFacts(tuple(ns), p, dice.house_edge(bet, rules.dice, ns[0]))
                       for p, ns in by_payout.items())
        return DiceBetFacts(info, groups, max(g.edge for g in groups))
    edge = dice.house_edge(bet, rules.dice)  # a one-roll bet: one edge for all its totals
    return DiceBetFacts(info, tuple(PayoutFacts(tuple(ts), p, edge) for p, ts in by_payout.items()), edge)


def payouts_by_placement(spec: DiceSpec) -> dict[str, Fraction | None]:
    """Every payout of a dice game, keyed as the lint compares them: «field 2», «right-bet 6», «win»."""
    found: dict[str, Fraction | None] = {}
    for info in spec.bets:
        bet = info.bet
        if bet.payout is not None:
            found[info.id] = bet.payout
        if len(bet.payouts) > 1:
            found.update({f"{info.id} {n}": p for n, p in bet.payouts.items()})
        elif bet.payouts:
            found[info.id] = next(iter(bet.payouts.values()))
    return found


def _dice_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    spec: DiceSpec = game.rules
    bets = tuple(dice_bet_facts(spec.rules, info) for info in spec.bets)
    edges: dict[str, Fraction] = {}
    findings = []
    for bet in bets:
        if bet.info.bet.kind == "odds":
            line = next(b for b in bets if b.info.id == bet.info.bet.on)
            findings.append(lint.odds_fair(bet.info.id, line.info.id,
                                           {n: p.edge for p in bet.payouts for n in p.numbers}, line.edge))
        else:
            edges.update(bet.placements)
    findings += lint.player_expectation(edges)
    payouts = payouts_by_placement(spec)
    findings += lint.winning_pays_something(payouts)
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: payouts_by_placement(o.rules) for o in others})
    findings += lint.bet_limits_elsewhere({b.id: _dice_limit(b) for b in spec.bets},
                                          {o.regulation.id: {b.id: _dice_limit(b) for b in o.rules.bets}
                                           for o in others},
                                          {b.id: b.limit.source for b in spec.bets if b.limit},
                                          {o.regulation.id: {b.id: b.limit.source for b in o.rules.bets if b.limit}
                                           for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    return GameFacts(game, bets, tuple(findings), examples)


def _dice_limit(info: DiceBetInfo) -> dict[str, object] | None:
    """A dice bet's maximum as the lint compares it across regulations (None: the text sets none)."""
    limit = info.limit
    if limit is None:
        return None
    return {"kind": limit.kind, "times": list(limit.times) if limit.times else None,
            "percent": {("all" if n is None else str(n)): pct for n, pct in sorted(
                limit.percent.items(), key=lambda item: -1 if item[0] is None else item[0])} or None}


def _baccarat_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    spec: BaccaratSpec = game.rules
    rules = spec.rules
    p = baccarat.outcome_probabilities(rules.drawing, baccarat.shoe(rules.decks))
    edges = {payment.id: baccarat.house_edges(rules, p, payment.id) for payment in spec.payments}
    bets = tuple(CardBetFacts(info, {pid: by_bet[info.id] for pid, by_bet in edges.items()}) for info in spec.bets)
    payouts = {b.id: b.bet.payout for b in spec.bets}
    findings = lint.player_expectation({bet.info.id: bet.edge for bet in bets})
    findings += lint.winning_pays_something(payouts)
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: {b.id: b.bet.payout for b in o.rules.bets}
                                                  for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    hands = {}
    for example in game.examples:
        dealt = baccarat.hands(rules.drawing, [str(card) for card in example.draws])
        punto, banca = (Hand(cards, baccarat.total(*map(baccarat.card_value, cards))) for cards in dealt)
        hands[example.id] = (punto, banca)
    return GameFacts(game, bets, tuple(findings), examples, p, hands)


def _trente_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    spec: TrenteSpec = game.rules
    rules = spec.rules
    p = trente.outcome_probabilities(trente.coup_probabilities(trente.shoe(rules.decks)))
    half = trente.house_edges(rules, p)
    prison = trente.house_edges(rules, p, "prison") if rules.refait.prison else None
    bets = tuple(TrenteBetFacts(info, half[info.id], prison[info.id] if prison else None,
                                half[f"{info.id} asegurado"]) for info in spec.bets)
    payouts = {b.id: b.payout for b in spec.bets}
    findings = lint.player_expectation({bet.info.id: min(bet.edge, bet.edge_prison or bet.edge) for bet in bets})
    findings += lint.winning_pays_something(payouts)
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: {b.id: b.payout for b in o.rules.bets}
                                                  for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    rows = {}
    for example in game.examples:
        coups = []
        for coup in example.draws:
            cards = str(coup).split()
            if cards and cards[-1].lower() == trente.CUT:
                continue
            dealt = trente.rows(cards)
            coups.append(tuple(Hand(row, sum(trente.parse_card(c).value for c in row)) for row in dealt))
        rows[example.id] = tuple((black, red) for black, red in coups)
    return GameFacts(game, bets, tuple(findings), examples, p, rows=rows)


def _monte_facts(game: Game, others: Sequence[Game] = ()) -> GameFacts:
    """Monte: each bet's edge on a layout of four ranks, exact over the cards left (monte.monte_edge);
    in Segundas with the horizontal pair in play. El reto: exact edges for each number of decks."""
    spec = game.rules
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    if isinstance(spec, RetoSpec):
        rules = spec.rules
        by_decks = {d: monte.reto_probabilities([4 * d] * len(monte.RETO_RANKS)) for d in range(1, rules.decks + 1)}
        reto_edges = {d: monte.reto_edges(rules, p) for d, p in by_decks.items()}
        # After a tie, what «retar» costs per unit of the initial bet it puts back in play, both bets counted
        after = {d: -(p["reto gana"] * rules.pays + p["reto empate"] * rules.reto_tie_pays - p["reto pierde"] * 2)
                 / p["empate"] for d, p in by_decks.items()}
        found = (RetoBetFacts(spec.bet("inicial"), {play: {d: e[f"inicial, {play.replace('-', ' ')}"]
                                                           for d, e in reto_edges.items()}
                                                    for play in ("retando", "sin-retar")}),
                 RetoBetFacts(spec.bet("reto"), {"": after}),
                 RetoBetFacts(spec.bet("empate"), {"": {d: e["empate"] for d, e in reto_edges.items()}}))
        # the lowest edge over the deck counts, with the deck count that gives it, per unit of the initial bet
        lowest = {f"{b.info.id} {play}".strip(): min((edge, decks) for decks, edge in e.items()) for b in found
                  for play, e in b.edges.items()}
        findings = [replace(f, values={**f.values, "decks": lowest[f.values["bet"]][1], "basis": "initial"})
                    for f in lint.player_expectation({bet: edge for bet, (edge, _) in lowest.items()})]
        findings += lint.winning_pays_something({b.id: b.payout for b in spec.bets})
        return GameFacts(game, found, tuple(findings), examples, by_decks[rules.decks])
    mspec: MonteSpec = spec
    bets = []
    for info in mspec.bets:
        edges: dict[str, Fraction] = {}
        for phase in info.pays:
            in_play = (1, 2, 3, 4) if phase == "primeras" else (1, 2)
            target = "1 2" if info.id == "cartas" else "1"
            edges[phase] = monte.monte_edge(mspec.rules, MONTE_LAYOUT, f"{info.id} {target}", phase=phase,
                                            in_play=in_play)
        if info.id == "cartas" and "primeras" in info.pays:
            edges["primeras-pairs"] = monte.monte_edge(mspec.rules, MONTE_LAYOUT, "cartas 1+2 3+4")
        bets.append(MonteBetFacts(info, edges))
    findings = lint.player_expectation({f"{b.info.id} {key}": e for b in bets for key, e in b.edges.items()})
    findings += lint.winning_pays_something({f"{b.id} {phase}": pay for b in mspec.bets
                                             for phase, pay in b.pays.items()})
    return GameFacts(game, tuple(bets), tuple(findings), examples)


_MAIN_EDGES: dict[str, Edge] = {}  # by the rules' repr: the first takes 2 s, the others 0.1 s


def _main_edge(rules: blackjack.Rules) -> Edge:
    key = repr(replace(rules, pairs={}, sevens={}, under_over_13=None))
    if key not in _MAIN_EDGES:
        _MAIN_EDGES[key] = blackjack_edge.house_edge(rules)
    return _MAIN_EDGES[key]


def blackjack_payouts(spec: BlackjackSpec, lang: str | None = None) -> dict[str, Fraction | None]:
    """Every payout of a Black Jack game, by placement («parejas completa»), as the text of ``lang``
    prints it (None: as read)."""
    found: dict[str, Fraction | None] = {}
    for info in spec.bets:
        if info.payout is not None:
            found[info.id] = info.printed.get(lang, info.payout) if lang else info.payout
        if info.kind == "main":
            found[f"{info.id} black-jack"] = spec.rules.blackjack_pays
        for line in info.pays:
            found[f"{info.id} {line.category}"] = line.printed.get(lang, line.payout) if lang else line.payout
    return found


def _blackjack_bet(spec: BlackjackSpec, info: BlackjackBetInfo) -> BlackjackBetFacts:
    rules, decks = spec.rules, spec.rules.decks
    exact, exact_precision = "exact", "exact"
    if info.kind == "main":
        options = [o for o in (spec.surrender, spec.three_sevens) if o and o.id]
        edge = _main_edge(spec.rules_with(()))
        variants = {o.id: _main_edge(spec.rules_with((o.id,))).value for o in options}
        if len(options) > 1:
            variants["+".join(o.id for o in options)] = _main_edge(spec.rules_with(tuple(o.id for o in options))).value
        return BlackjackBetFacts(info, edge.value, edge.method, edge.precision, variants)
    if info.kind == "insurance":
        return BlackjackBetFacts(info, blackjack_edge.insurance_edge(rules), exact, exact_precision)
    if info.kind in ("pairs", "sevens"):
        p = blackjack_edge.pairs_probabilities(decks, rules.pairs_match) if info.kind == "pairs" else \
            blackjack_edge.sevens_probabilities(decks, rules.sevens_three_mixed)
        return BlackjackBetFacts(info, blackjack_edge.side_bet_edge(info.payouts, p), exact, exact_precision,
                                 probabilities=p)
    p = blackjack_edge.under_over_13_probabilities(blackjack.shoe(decks))
    side = "under" if info.kind == "under-13" else "over"
    assert info.payout is not None
    return BlackjackBetFacts(info, blackjack_edge.side_bet_edge({side: info.payout}, p), exact, exact_precision,
                             probabilities=p)


def _blackjack_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    spec: BlackjackSpec = game.rules
    bets = tuple(_blackjack_bet(spec, info) for info in spec.bets)
    findings = lint.player_expectation({bet.info.id: bet.lowest for bet in bets})
    payouts = blackjack_payouts(spec)
    findings += lint.winning_pays_something(payouts)
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: blackjack_payouts(o.rules) for o in others})
    findings += lint.same_payout_in_every_language(payouts, {lang: blackjack_payouts(spec, lang)
                                                             for lang in game.languages})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    dealer = {up: blackjack_edge.dealer_probabilities(spec.rules, up) for up in range(1, 11)}
    return GameFacts(game, bets, tuple(findings), examples, dealer=dealer)


def _chemin_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """Chemin de fer: exact expectations of the punto, the banker and the house under the customary play and
    the banker's best reply, and the banker's best choice in each «O» cell. Dos paños: the same under the
    customary play, exact over every deal of the first coup from the full shoe of each way of holding the bank."""
    spec: CheminSpec = game.rules
    plays: list[CheminPlay] = []
    cells: list[tuple[bool, chemin.Cell]] = []
    for commission in spec.commissions:
        rules = spec.rules_for(commission.id)
        if spec.two:
            two = dos_panos.two_expectations(rules)
            plays.append(CheminPlay("customary", commission.id, two["paño 1"].value, two["banca"].value,
                                    two["casa"].value, two["banca"].method, two["banca"].precision))
            continue
        bound = chemin.FREE if rules.bank_free else chemin.ASKED
        strategies = [("customary", chemin.customary(rules))]
        for name, draws in (("best-reply-stands", rules.player_draws),
                            ("best-reply-draws", rules.player_draws | rules.player_option)):
            strategies.append((name, chemin.best_response(rules, draws, bound=bound)))
        for name, strategy in strategies:
            e = chemin.expectations(rules, strategy)
            plays.append(CheminPlay(name, commission.id, e.punto, e.banker, e.house, CHEMIN_METHOD, CHEMIN_PRECISION))
    if not spec.two:
        rules = spec.rules_for(None)
        for punto_draws in (False, True):
            found = chemin.bank_cells(rules, rules.player_draws | (rules.player_option if punto_draws else frozenset()))
            cells += [(punto_draws, found[bank, column]) for bank, column in spec.option_cells]
    first = spec.commissions[0].id
    customary = {p.commission: p for p in plays if p.play == "customary"}
    seats = {"punto": "punto", "paño": "punto", "banca": "banker"}
    bets = tuple(CheminBetFacts(info, {c: -getattr(p, seats[info.id]) for c, p in customary.items()})
                 for info in spec.bets)
    # The punto's stake against the bank is a bet like any other. The bank seat is not: the players hold it in
    # turn, and that it may lose after the house's commission (chemin de fer at 5 %) is the game, not a defect.
    findings = lint.player_expectation({bet.info.id: bet.edges[first] for bet in bets if bet.info.id != "banca"})
    payouts = {b.id: b.payout for b in spec.bets}
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: {b.id: b.payout for b in o.rules.bets}
                                                  for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    dealt = {}
    for example in game.examples:
        found_hands = hands(spec, tuple(map(str, example.draws)), example.options.get("said", {}),
                            example.options.get("banco", False))
        dealt[example.id] = tuple(Hand(h, baccarat.total(*map(baccarat.card_value, h))) for h in found_hands)
    return GameFacts(game, bets, tuple(findings), examples, chemin=CheminFacts(tuple(plays), tuple(cells), dealt))


def _roulette_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    spec: RouletteSpec = game.rules
    bets = tuple(bet_facts(spec, info) for info in spec.bets)
    findings = [replace(claims.run_claim(spec.rules, c.id, c.check, c.params), source=c.source) for c in spec.claims]
    findings += lint.player_expectation({bet: roulette.house_edge(spec.rules, bet) for bet in spec.rules.bets})
    findings += lint.winning_pays_something({b.id: b.bet.payout for b in spec.bets})
    findings += lint.same_bet_elsewhere({b.id: b.bet.payout for b in spec.bets},
                                        {o.regulation.id: {b.id: b.bet.payout for b in o.rules.bets} for o in others})
    covers = {b.info.limit: b.covers for b in bets if b.info.limit and not b.announced}
    if spec.limits.tiers:
        findings.append(replace(lint.limit_tiers(spec.limits.maximum, covers),
                                source=spec.limits.tiers_source + spec.limits.source))
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    return GameFacts(game, bets, tuple(findings), examples)


def _four_card_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """Póquer de cuatro cartas: «Ases» exact over every five-card hand; the Ante's round exact under the best
    play, with how often it folds and plays the least and the most Play; the Bono's worth exact; each
    example's best fours."""
    spec: FourCardSpec = game.rules
    rules = spec.rules
    p = four_card.hand_probabilities()
    ases = spec.bet("ases")
    lines = {line.id: (p[None] if line.category == Category.PAIR else p[line.category]) for line in ases.pays}
    found = [FourCardBetFacts(ases, four_card.aces_edge(rules), "exact over every five-card hand", lines)]
    best = memo.remembered(four_card_exact.ante_edge)(rules)
    bonus = {line.id: p[line.category] for line in spec.bonus}
    decisions = {"fold": best.fold, "least-play": best.low, "most-play": best.high}
    for info in spec.bets[1:]:
        found.append(FourCardBetFacts(info, best.edge, best.method, bonus, four_card.bonus_value(rules), decisions))
    findings = lint.player_expectation({"ases": found[0].edge, "ante": best.edge})
    payouts = spec.payouts()
    findings += lint.winning_pays_something(payouts)
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: o.rules.payouts() for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    hands = {}
    for example in game.examples:
        cards = [str(card) for card in example.draws]
        hands[example.id] = (_best_four(cards[:5]), _best_four(cards[5:]))
    return GameFacts(game, tuple(found), tuple(findings), examples, hands=hands)


def _best_four(cards: Sequence[str]) -> Hand:
    """The best four of a hand as dealt, in the order dealt, and its combination (a poker Category)."""
    best = max(combinations(cards, 4), key=lambda four: evaluate(parse(" ".join(four)), FOUR_CARD))
    return Hand(tuple(best), int(evaluate(parse(" ".join(best)), FOUR_CARD).category))


def pai_gow_edge(counts: dict[str, int], commission: Fraction, deals: int, seed: int) -> Edge:
    """The house edge of :func:`jokoak.games.pai_gow.engine.house_edge`, from rounds already simulated (the same
    formula: the mean return of a unit staked, and the 95 % interval of that mean)."""
    pay = float(1 - commission)
    p_win, p_loss = counts["ganancia"] / deals, counts["perdida"] / deals
    mean = p_win * pay - p_loss
    half = 1.96 * ((p_win * pay ** 2 + p_loss - mean ** 2) / deals) ** 0.5
    return Edge(-mean, f"Monte Carlo of {deals:,} rounds, player and bank both setting by the "
                                      f"engine's house way (seed {seed})", f"95 % interval ±{half:.4f}")


def _pai_gow_set(spec: PaiGowSpec, seven: list[str], low: list[str]) -> PaiGowSet:
    high = [c for c in seven if c not in low]
    found = pai_gow.splits(seven, spec.rules)
    split = next(s for pair, s in found if set(pair) == set(low))
    return PaiGowSet(tuple(high), int(split.high.category), tuple(low), int(split.low.category))


def _pai_gow_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """Pai Gow Poker: the bet's edge by Monte Carlo (a fixed seed, so the build is reproducible), the player
    and the bank both setting their hands by the engine's house way, which is ours: the method says so."""
    spec: PaiGowSpec = game.rules
    counts = {str(k): v for k, v in pai_gow.simulate(spec.rules, deals=PAI_GOW_DEALS, seed=PAI_GOW_SEED).items()}
    edge = pai_gow_edge(counts, spec.rules.commission, PAI_GOW_DEALS, PAI_GOW_SEED)
    method = (f"{edge.method}; the house way is ours (texto propio, sin fuente oficial), not the regulation's, "
              f"and the edge rests on it; commission {float(spec.commission.percent):g} %, the highest the text allows")
    probabilities = {k: v / PAI_GOW_DEALS for k, v in counts.items()}
    bets = tuple(PaiGowBetFacts(info, edge.value, method, edge.precision, probabilities) for info in spec.bets)
    findings = lint.player_expectation({bet.info.id: bet.edge for bet in bets})
    payouts = {b.id: b.payout for b in spec.bets}
    findings += lint.winning_pays_something(payouts)
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: {b.id: b.payout for b in o.rules.bets}
                                                  for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    dealt = {}
    for example in game.examples:
        cards = [str(c) for c in example.draws]
        bank_low = example.options.get("bank_low") or list(pai_gow.set_hand(cards[7:], spec.rules))
        dealt[example.id] = (_pai_gow_set(spec, cards[:7], example.options["low"]),
                             _pai_gow_set(spec, cards[7:], bank_low))
    return GameFacts(game, bets, tuple(findings), examples, pai_gow=dealt)


@dataclass(frozen=True)
class TrijokerBetFacts:
    """One of the three Trijoker bets under the player's best decisions, exact: ``edge`` the house's expected
    gain per unit placed on it (a withdrawn bet counting 0), ``kept`` the probability it is still in play at
    the settlement, ``box`` the edge of the three bets together (the figure a player faces: the three are
    placed together and the third cannot be withdrawn)."""

    info: TrijokerBetInfo
    edge: Fraction
    kept: Fraction
    box: trijoker.BoxEdge

    @property
    def edge_in_play(self) -> Fraction:
        """Per unit of this bet left in play at the settlement."""
        return self.edge / self.kept


TRIJOKER_METHOD = ("exact enumeration of all 2,598,960 five-card hands; bet 1 is let ride when its expected "
                   "result on the player's three cards is positive, bet 2 when it is on the four cards seen, "
                   "bet 3 always stays")




def _trijoker_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """Trijoker: the exact edge of each bet and of the three together under the best decisions; the lint
    weighs the box as one bet (bets 1 and 2, let ride only when they favour the player, gain; bet 3 loses
    more), the pay lines against the other regulations, and the lowest pair other passages give."""
    spec: TrijokerSpec = game.rules
    box = trijoker.house_edge(spec.rules)
    kept = (box.keep_first, box.keep_second, Fraction(1))
    bets = tuple(TrijokerBetFacts(info, -box.bets[i], kept[i], box) for i, info in enumerate(spec.bets))
    findings = lint.player_expectation({"box": box.per_box})
    payouts = {line.category: line.payout for line in spec.pays}
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: {line.category: line.payout
                                                                    for line in o.rules.pays} for o in others})
    findings += lint.same_figure_in_every_text(
        "minimum-pair", spec.minimum_pair, cite(spec.minimum_pair_source),
        [(other.rank, cite(other.source), {"edge": box.per_box,
                                           "edge_other": trijoker.house_edge(spec.rules_with(other.rank)).per_box})
         for other in spec.other_pair])
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    return GameFacts(game, bets, tuple(findings), examples)


TRIPOKER_METHOD = {
    "ante": "exact enumeration of the player's 22,100 hands (up to suits) against the bank's 18,424 hands from "
            "the other 49 cards, the player going on exactly when that is worth more than folding",
    "par_plus": "exact over the 22,100 three-card hands"}


@dataclass(frozen=True)
class TripokerBetFacts:
    """A Tripóker bet's exact house edge: the ante (with its second bet and bonus, under the best decision)
    per unit of ante, and per unit staked; the Par Plus per unit staked, and as another language's text prints
    its table."""

    info: TripokerBetInfo
    edge: Fraction
    method: str
    per_staked: Fraction | None = None  # ante: per unit of ante and second bet staked
    plays: Fraction | None = None  # ante: the share of hands the player goes on with
    printed: dict[str, Fraction] = field(default_factory=dict)  # by language: the edge as that text prints it
    probabilities: dict[str, Fraction] = field(default_factory=dict)  # each hand of the pay table's


def _tripoker_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """Exact edges of the ante (best decision) and of the Par Plus, also as each language prints its table;
    the lint: no bet favours the player, a figure printed otherwise in one language (naming both lines), and
    each payout against the same game elsewhere."""
    spec: TripokerSpec = game.rules
    rules = spec.rules
    p = tripoker.hand_probabilities()
    ante, pair_plus = spec.bet("ante"), spec.bet("par_plus")
    edge = tripoker.ante_edge(rules)
    bets = (TripokerBetFacts(ante, edge.per_ante, TRIPOKER_METHOD["ante"], edge.per_staked, edge.plays,
                             probabilities={line.hand: p[HANDS[line.hand]] for line in ante.pays}),
            TripokerBetFacts(pair_plus, tripoker.pair_plus_edge(rules), TRIPOKER_METHOD["par_plus"],
                             printed={lang: tripoker.pair_plus_edge(tripoker.Rules(
                                 pair_plus.table_as_printed(lang), ante.table(), rules.qualifying_card))
                                 for lang in game.languages if any(lang in line.printed for line in pair_plus.pays)},
                             probabilities={line.hand: p[HANDS[line.hand]] for line in pair_plus.pays}))
    findings = lint.player_expectation({bet.info.id: bet.edge for bet in bets})
    payouts = spec.payouts()
    findings += lint.winning_pays_something(payouts)
    for bet in (ante, pair_plus):
        for line in bet.pays:
            key = f"{bet.id} {line.hand}"
            printed = {lang: {key: figure} for lang, figure in line.printed.items()}
            found = lint.same_payout_in_every_language({key: line.payout}, printed)
            edges = next((b.printed for b in bets if b.info is bet), {})
            findings += [replace(f, source=line.source, values={**f.values, "edge": bets[bet is pair_plus].edge,
                                                                  "edge_printed": edges.get(f.values["lang"])})
                         for f in found]
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: o.rules.payouts() for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    return GameFacts(game, bets, tuple(findings), examples)


@dataclass(frozen=True)
class StudBetFacts:
    """A bet of banked poker: the ante stands for the main game (ante and second bet together), its house edge
    per ante: without a draw exact under the best play (``strategy`` «optimal»), with ``others`` the figures of
    other players (who never buy a card, or who also ignore the bank's face-up card: the usual published
    figure); with a draw by Monte Carlo under a fixed rule («fixed»). A side bet of fixed prizes has its exact
    edge; a jackpot paying shares of an accumulated amount has its prizes' probabilities and its edge as a line
    in the amount (``jackpot``; ``edge`` None), with the prizes for hands made by changing cards apart."""

    info: StudBetInfo
    edge: Fraction | float | None
    method: str
    precision: str
    per_staked: Fraction | float | None = None  # the main game: per unit of ante and second bet staked
    probabilities: dict[str, Fraction] = field(default_factory=dict)  # side bets: each prize's, on the dealt hand
    strategy: str = "none"
    others: dict[str, tuple[Fraction, str]] = field(default_factory=dict)  # the main game: by player, edge and how
    jackpot: stud.JackpotEdge | None = None  # a jackpot: its edge in the amount, on the hands as dealt
    jackpot_drawn: stud.JackpotEdge | None = None  # with the prizes for hands made by changing cards


@dataclass(frozen=True)
class StudHand:
    cards: tuple[str, ...]
    hand: str  # its category id


@dataclass(frozen=True)
class StudFacts:
    voy: Fraction | float  # how often the player of the stated strategy says «voy»
    hands: dict[str, tuple[StudHand, StudHand]]  # each example's player's and bank's hands at the showdown
    drawn: dict[str, tuple[float, float]]  # con descarte: each category's share of the hands that discarded


STUD_EXACT = ("exact enumeration of every player's hand against every bank hand from the other 47 cards; the "
              "player says «voy» when that loses less than the ante on his five cards (the bank's face-up card "
              "not used), buys no card")


STUD_DRAWS = 2_000_000


_STUD_MAIN: dict[str, tuple[object, ...]] = {}  # by the main game's rules: the edge takes ~16 s (sin) or ~10 s (con)


def _stud_main(rules: stud.Rules) -> tuple[object, ...]:
    key = repr(replace(rules, side_bets={}, buy_price=None))
    if key not in _STUD_MAIN:
        if rules.bank_draw is None:
            e = stud.main_edge(rules)
            _STUD_MAIN[key] = (e.per_ante, e.per_staked, e.voy, STUD_EXACT, "exact (a fraction)", {})
        else:
            d = stud.draw_edge(rules, STUD_DRAWS, seed=0)
            drawn = {stud.C(c).id: v for c, v in d.drawn.items()}
            _STUD_MAIN[key] = (d.main.value, d.per_staked.value, d.voy, d.main.method, d.main.precision, drawn)
    return _STUD_MAIN[key]


def stud_payouts(spec: StudSpec) -> dict[str, Fraction | None]:
    """Every fixed payout of a banked poker game by placement («second pair», «seguro full-house»)."""
    found: dict[str, Fraction | None] = {f"second {line.hand}{''.join(line.ranks)}": line.payout
                                          for line in spec.pays}
    for bet in spec.side_bets:
        found.update({f"{bet.id} {p.hand}": p.payout for p in bet.prizes if p.payout is not None})
        found.update({f"{bet.id} {p.hand} drawn": p.payout for p in bet.drawn if p.payout is not None})
    return found


def _stud_best(rules: stud.Rules, info: StudBetInfo, published: Fraction) -> tuple[StudBetFacts, Fraction] | None:
    """Póquer sin descarte with a card to buy: the main game exact under the best play (the player sees his cards
    and the bank's face-up card, and may buy a card), with the best player who never buys and the usual published
    player (who also ignores the face-up card) beside it, and how often the best player says «voy»; kept in the
    exact cache (about two minutes)."""
    if rules.bank_draw is not None or rules.buy_price is None:
        return None
    best = memo.remembered(stud_exact.best_play)(replace(rules, side_bets={}))
    others = {"without-buying": (best.without_buying.per_ante, "the best play on his five cards and the bank's "
                                 "face-up card, never buying a card (a table that does not offer it)"),
              "published-play": (published, STUD_EXACT)}
    return StudBetFacts(info, best.per_ante, f"{best.method}; {best.strategy}", "exact", best.per_staked,
                        strategy="optimal", others=others), best.voy


def _stud_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """Póquer sin descarte: the main game exact under the best play; con descarte by Monte Carlo under a fixed
    rule; fixed-prize side bets exact on the dealt five cards; jackpots paying shares: their prizes'
    probabilities and their edge as a line in the amount."""
    spec: StudSpec = game.rules
    per_ante, per_staked, voy, method, precision, drawn = _stud_main(spec.rules)
    bets: list[StudBetFacts] = []
    for info in spec.bets:
        if info.kind == "ante" and (best := _stud_best(spec.rules, info, per_ante)) is not None:  # type: ignore[arg-type]
            bets.append(best[0])
            voy = best[1]
        elif info.kind == "ante":
            bets.append(StudBetFacts(info, per_ante, str(method), str(precision), per_staked,  # type: ignore[arg-type]
                                     strategy="fixed"))
        elif info.kind == "side" and (info.shares or info.drawn):
            p = stud.prize_probabilities(spec.rules, info.id)
            made = memo.remembered(stud.drawn_probabilities)(replace(spec.rules, side_bets={})) if info.drawn \
                else None
            bets.append(StudBetFacts(info, None, "exact enumeration of the five cards as dealt", "exact",
                                     probabilities={c.id: v for c, v in p.items()},
                                     jackpot=stud.jackpot_edge(spec.rules, info.id),
                                     jackpot_drawn=None if made is None else stud.jackpot_edge(spec.rules, info.id,
                                                                                               made)))
        elif info.kind == "side":
            p = stud.prize_probabilities(spec.rules, info.id)
            bets.append(StudBetFacts(info, stud.side_bet_edge(spec.rules, info.id),
                                     "exact enumeration of the five cards as dealt", "exact",
                                     probabilities={c.id: v for c, v in p.items()}))
    findings = lint.player_expectation({b.info.id: b.edge for b in bets if b.edge is not None})
    payouts = stud_payouts(spec)
    findings += lint.winning_pays_something(payouts)
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: stud_payouts(o.rules) for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    hands = {}
    for example in game.examples:
        player, bank = final_hands(spec, [str(c) for c in example.draws], example.options)
        hands[example.id] = (StudHand(player, category(spec, player)), StudHand(bank, category(spec, bank)))
    return GameFacts(game, tuple(bets), tuple(findings), examples,
                     stud=StudFacts(voy, hands, drawn))  # type: ignore[arg-type]


@dataclass(frozen=True)
class HoldemBetFacts:
    """A hold'em bet before the deal and its exact house edge: the Ante with the rounds' bets it leads to, per unit
    of Ante under the best play, with the edge per unit staked in all, how often each round's bet is made and the
    edge under the other reading of a round's stake where the file records one; or the bonus, with each line's
    probability."""

    info: HoldemBetInfo
    edge: Fraction
    method: str
    probabilities: tuple[Fraction, ...] = ()  # the bonus: each line's, in the table's order
    per_staked: Fraction | None = None  # the Ante: the edge per unit staked in all, the rounds' bets counted
    rounds: tuple[Fraction, ...] = ()  # the Ante: the probability of making each round's bet, in order
    other_readings: dict[str, Fraction] = field(default_factory=dict)  # the Ante: by round id, read otherwise


def holdem_ante_edge(rules: holdem.Rules) -> holdem_exact.ExactEdge:
    """The Ante's edge with the rounds' bets under the best play, exact (kept in the exact cache)."""
    return memo.remembered(holdem_exact.house_edge_exact)(replace(rules, bonus=None))


HOLDEM_METHOD = ("exact: every deal of the player's two cards, the five common cards and the croupier's two; each "
                 "decision the one worth most given the cards the player sees (the best play)")


def _holdem_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """The Ante exact under the best play, also under the other reading of a round's stake where the file
    records one; the bonus exact."""
    spec: HoldemSpec = game.rules
    edge = holdem_ante_edge(spec.rules)
    rejected = {info.id: holdem_ante_edge(spec.rules_with(info.id, info.other_multiple)).per_ante
                for info in spec.rounds if info.other_multiple is not None}
    holdem_exact.release()
    method = HOLDEM_METHOD
    if spec.published:
        agrees = round(float(edge.per_ante) * 100, 2) == spec.published[0]
        method += f"; {'agrees with' if agrees else 'differs from'} the published {spec.published[0]} % " \
                  f"({spec.published[1]})"
    bets = [HoldemBetFacts(spec.ante, edge.per_ante, method, per_staked=edge.per_staked, rounds=edge.rounds,
                           other_readings=rejected)]
    if spec.rules.bonus and spec.bonus:
        p = holdem.bonus_probabilities(spec.rules.bonus)
        assumption = "exact enumeration" + (" (no fold of a hand the bonus pays)" if spec.rules.bonus.lost_on_fold
                                            else "")
        bets.append(HoldemBetFacts(spec.bonus, holdem.bonus_edge(spec.rules.bonus), assumption, tuple(p)))
    findings = lint.player_expectation({bet.info.id: bet.edge for bet in bets})
    others_read = {r.id: r.other_multiple for r in spec.rounds}
    findings += lint.player_expectation({f"ante {key}-{others_read[key]}x": value for key, value in rejected.items()},
                                        rejected_reading=True)
    findings += lint.same_bet_elsewhere(holdem_payouts(spec), {o.regulation.id: holdem_payouts(o.rules)
                                                               for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    dealt = {}
    for example in game.examples:
        cards = parse(" ".join(map(str, example.draws)))
        mine, theirs = evaluate([*cards[:2], *cards[4:]]), evaluate(cards[2:])
        dealt[example.id] = (Hand(tuple(map(str, example.draws[:2])), int(mine.category)),
                             Hand(tuple(map(str, example.draws[2:4])), int(theirs.category)))
    return GameFacts(game, tuple(bets), tuple(findings), examples, hands=dealt)


def holdem_payouts(spec: HoldemSpec) -> dict[str, Fraction | None]:
    """Every payout of a hold'em game, by placement: the Ante by combination, each round, each bonus line."""
    found: dict[str, Fraction | None] = {f"ante {line.category.name.lower()}": line.payout for line in spec.ante_pays}
    found.update({r.id: r.payout for r in spec.rounds})
    if spec.bonus:
        found.update({f"{spec.bonus.id} {i + 1}": line.line.payout for i, line in enumerate(spec.bonus_lines)})
    return found


FACTS = {"roulette": _roulette_facts, "dice": _dice_facts, "baccarat": _baccarat_facts, "trente": _trente_facts,
         "monte": _monte_facts, "reto": _monte_facts, "blackjack": _blackjack_facts, "chemin": _chemin_facts,
         "dos-panos": _chemin_facts, "four-card": _four_card_facts, "pai-gow": _pai_gow_facts,
         "trijoker": _trijoker_facts, "tripoker": _tripoker_facts,
         "stud": _stud_facts, "holdem": _holdem_facts}  # by engine


def game_facts(game: Game, others: Sequence[Game] = ()) -> GameFacts:
    """The facts of ``game``; ``others`` are the same game in other regulations, to compare payouts with."""
    found = FACTS[game.engine](game, others)
    return replace(found, findings=regulator_lint(game, found.findings, others))


def _limit_bounds(game: Game) -> dict[str, tuple[int, int]]:
    """Each group's lowest and highest maximum in multiples of the minimum (0: the text sets no highest)."""
    limits = game.rules.limits
    if limits.tiers:
        return {g: (min(v), max(v)) for g, v in limits.maximum.items()}
    return {g: (low, high or 0) for g, (low, high) in limits.ranges.items()}


def _limit_sources(game: Game) -> dict[str, tuple[Citation, ...]]:
    """The lines of each group's maximum: its own where the catalogue has them, else the limits' lines."""
    limits = game.rules.limits
    return {g: tuple(limits.group_sources.get(g) or limits.source) for g in _limit_bounds(game)}


def _group_bets(game: Game, group: str) -> list[str]:
    """The ids of the bets whose maximum is the group's, to name the group by them."""
    def of(bet: object) -> object:
        limit = getattr(bet, "limit", None)
        return getattr(limit, "group", limit)

    return [str(b.id) for b in getattr(game.rules, "bets", ()) if of(b) == group]


def _bet_of_reading(game: Game, field: str) -> str | None:
    """The bet a reading of the game file is about («bets[3].payout»), by its id, if it is about one."""
    bets = getattr(game.rules, "bets", ())
    head = field.split(".")[0]
    if head.startswith("bets[") and head.endswith("]") and head[5:-1].isdigit() and int(head[5:-1]) < len(bets):
        return str(bets[int(head[5:-1])].id)
    return None


def bet_sources(game: Game) -> dict[str, tuple[Citation, ...]]:
    """The lines of each bet of a game, by its id, and of each line of its pay table, by its hand."""
    found = {str(p.category): tuple(p.source) for p in getattr(game.rules, "pays", ())
             if getattr(p, "category", None) and getattr(p, "source", None)}
    return found | {str(b.id): tuple(b.source) for b in getattr(game.rules, "bets", ()) if getattr(b, "source", None)}


def step_citations(game: Game, step: Step) -> tuple[Citation, ...]:
    """The lines of the rule a step of the engine applied (:mod:`jokoak.engine.steps`): the bet's (``bet:<id>``), those
    the rules give for another name with a colon (their ``step_source``: a hand's definition, a line of a pay table),
    or the rules' ``<rule>_source``; empty where the catalogue keeps none (a test keeps every step cited)."""
    kind, _, name = step.rule.partition(":")
    if kind == "bet":
        found = bet_sources(game).get(name, ())
    elif name and hasattr(game.rules, "step_source"):
        found = game.rules.step_source(step.rule) or ()
    else:
        found = tuple(getattr(game.rules, f"{step.rule}_source", ()))
    return tuple(c for c in dict.fromkeys(found)  # each once, and none that another of them contains
                 if not any(o != c and o.source == c.source and o.first <= c.first and c.last <= o.last for o in found))


def regulator_lint(game: Game, findings: Sequence[lint.Finding], others: Sequence[Game]) -> tuple[lint.Finding, ...]:
    """A family's findings with what a regulator checks of every game (issue 13): each finding about a bet cites
    the bet's lines where it cites none (and the other text's, for a payout another regulation pays otherwise);
    house edges above :data:`lint.IMPLAUSIBLE`; each group's maximum against the same game's in the other
    regulations (the lines of both texts); a maximum lower than the minimum; and every bet that gives the player
    an edge under a reading the catalogue chose, for decision."""
    sources = bet_sources(game)
    elsewhere = {o.regulation.id: bet_sources(o) for o in others}

    def cited(f: lint.Finding) -> lint.Finding:
        if not f.source and "read_source" in f.values:  # a figure two passages of the text give otherwise
            return replace(f, source=Citation.parse_all(f"{f.values['read_source']}; {f.values['other_source']}"))
        if f.source or "bet" not in f.values:
            return f
        bet = str(f.values["bet"]).split()[0]
        other = elsewhere.get(str(f.values["regulation"]), {}) if f.check == "payout-elsewhere" else {}
        own = sources.get(bet) or tuple(getattr(game.rules, f"{bet}_source", ()))  # a box, a deck…
        return replace(f, source=own + other.get(bet, ()))

    found = [cited(f) for f in findings]
    # a maximum another regulation sets, where this one sets none: this text's lines of the bet as well
    found = [replace(f, source=tuple(dict.fromkeys(sources.get(str(f.values["bet"]), ()) + f.source)))
             if f.check == "bet-limit-elsewhere" else f for f in found]
    edges = {str(f.values["bet"]): f.values["edge"] for f in findings
             if f.check == "player-expectation" and not f.values.get("rejected_reading")}
    found += [replace(f, source=sources.get(f.values["bet"].split()[0], ()))
              for f in lint.implausible_edges(edges, game.edge_ceiling)]
    groups = lint.limits_elsewhere(_limit_bounds(game), {o.regulation.id: _limit_bounds(o) for o in others},
                                   _limit_sources(game), {o.regulation.id: _limit_sources(o) for o in others})
    groups += lint.limit_order({g: b for g, b in _limit_bounds(game).items() if b[1]})
    found += [replace(f, values={**f.values, "bets": _group_bets(game, f.values["group"])}) for f in groups]
    read = {bet: sources.get(bet, ()) for r in game.readings if (bet := _bet_of_reading(game, r.field))}
    found += lint.reading_edges(edges, read)
    return tuple(found)
