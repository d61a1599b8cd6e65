"""What the engine computes about a game, once, for every output: coverage, house edges, lint, examples.

Nothing here depends on a language or a casino; the renderers format these facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from .catalog import run_example
from .catalog_baccarat import BaccaratBetInfo, BaccaratSpec
from .catalog_chemin import CheminBetInfo, CheminSpec, hands
from .catalog_dice import DiceBetInfo, DiceSpec
from .catalog_roulette import BetInfo, RouletteSpec
from .catalog_trente import TrenteBetInfo, TrenteSpec
from .engine import baccarat, chemin, dice, dos_panos, lint, roulette, trente
from .models import Example, Game


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
class OptionCell:
    """An «O» cell of the bank's table: what drawing and standing there are worth to the banker (per unit, net
    of the commission, from the coups that reach it), against a punto who stands or draws on his option."""

    bank: int
    column: int | None
    punto_draws: bool
    draw: Fraction
    stand: Fraction

    @property
    def best(self) -> str:
        return "T" if self.draw > self.stand else "P" if self.stand > self.draw else "="


@dataclass(frozen=True)
class CheminFacts:
    plays: tuple[CheminPlay, ...]
    cells: tuple[OptionCell, ...]  # chemin de fer only
    hands: dict[str, tuple[Hand, ...]]  # each example's hands: punto and banca, or paño 1, paño 2 and banca

    def play(self, play: str, commission: str) -> CheminPlay:
        return next(p for p in self.plays if (p.play, p.commission) == (play, commission))


CHEMIN_METHOD = "exact enumeration of every deal of one coup over the full shoe's composition"
CHEMIN_PRECISION = "exact (a fraction); later coups of a shoe are dealt from fewer cards and differ slightly"


@dataclass(frozen=True)
class GameFacts:
    game: Game
    bets: tuple[BetFacts, ...] | tuple[DiceBetFacts, ...] | tuple[CardBetFacts, ...] | tuple[TrenteBetFacts, ...] \
        | tuple[CheminBetFacts, ...]
    findings: tuple[lint.Finding, ...]
    examples: tuple[tuple[Example, roulette.Result], ...]
    probabilities: dict[str, Fraction] | None = None  # punto y banca: each outcome's, over the full shoe
    hands: dict[str, tuple[Hand, Hand]] | None = None  # punto y banca: each example's hands (punto, banca)
    rows: dict[str, tuple[tuple[Hand, Hand], ...]] | None = None  # treinta y cuarenta: each example's rows by coup
    chemin: CheminFacts | None = None  # chemin de fer and dos paños: expectations, «O» cells, hands

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
    names = {}
    for info in game.rules.bets:
        names[info.id] = info.name[lang]
        for number in getattr(getattr(info, "bet", None), "payouts", {}):
            names[f"{info.id} {number}"] = f"{info.name[lang]} {number}"
    return names


def same_game_elsewhere(game: Game, games: Sequence[Game]) -> list[Game]:
    """The games with the same id in the other regulations."""
    return [other for other in games if other.id == game.id and other.regulation.id != game.regulation.id]


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
    examples = tuple((example, run_example(spec, example)) for example in game.examples)
    return GameFacts(game, bets, tuple(findings), examples)


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
    examples = tuple((example, run_example(spec, example)) for example in game.examples)
    hands = {}
    for example in game.examples:
        dealt = baccarat.hands(rules.drawing, [str(card) for card in example.spins])
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
    examples = tuple((example, run_example(spec, example)) for example in game.examples)
    rows = {}
    for example in game.examples:
        coups = []
        for coup in example.spins:
            cards = str(coup).split()
            if cards and cards[-1].lower() == trente.CUT:
                continue
            dealt = trente.rows(cards)
            coups.append(tuple(Hand(row, sum(trente.parse_card(c).value for c in row)) for row in dealt))
        rows[example.id] = tuple((black, red) for black, red in coups)
    return GameFacts(game, bets, tuple(findings), examples, p, rows=rows)


def _chemin_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """Chemin de fer: exact expectations of the punto, the banker and the house under the customary play and
    the banker's best reply, and the banker's best choice in each «O» cell. Dos paños: the same under the
    customary play, with cards drawn with replacement (the method and its precision are given)."""
    spec: CheminSpec = game.rules
    plays: list[CheminPlay] = []
    cells: list[OptionCell] = []
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
            cells += [OptionCell(bank, column, punto_draws, found[bank, column].draw, found[bank, column].stand)
                      for bank, column in spec.option_cells]
    first = spec.commissions[0].id
    customary = {p.commission: p for p in plays if p.play == "customary"}
    seats = {"punto": "punto", "paño": "punto", "banca": "banker"}
    bets = tuple(CheminBetFacts(info, {c: -getattr(p, seats[info.id]) for c, p in customary.items()})
                 for info in spec.bets)
    # The punto's stake against the bank is a bet like any other; the bank seat is checked on its own: the
    # players hold it in turn, and it may gain (dos paños) or lose (chemin de fer at 5 %) by the regulation.
    findings = lint.player_expectation({bet.info.id: bet.edges[first] for bet in bets if bet.info.id != "banca"})
    findings += [lint.bank_seat(c.id, c.rate, customary[c.id].banker) for c in spec.commissions]
    payouts = {b.id: b.payout for b in spec.bets}
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: {b.id: b.payout for b in o.rules.bets}
                                                  for o in others})
    examples = tuple((example, run_example(spec, example)) for example in game.examples)
    dealt = {}
    for example in game.examples:
        found_hands = hands(spec, tuple(map(str, example.spins)), example.said, example.banco)
        dealt[example.id] = tuple(Hand(h, baccarat.total(*map(baccarat.card_value, h))) for h in found_hands)
    return GameFacts(game, bets, tuple(findings), examples, chemin=CheminFacts(tuple(plays), tuple(cells), dealt))


def game_facts(game: Game, others: Sequence[Game] = ()) -> GameFacts:
    """The facts of ``game``; ``others`` are the same game in other regulations, to compare payouts with."""
    if isinstance(game.rules, DiceSpec):
        return _dice_facts(game, others)
    if isinstance(game.rules, BaccaratSpec):
        return _baccarat_facts(game, others)
    if isinstance(game.rules, TrenteSpec):
        return _trente_facts(game, others)
    if isinstance(game.rules, CheminSpec):
        return _chemin_facts(game, others)
    spec: RouletteSpec = game.rules
    bets = tuple(bet_facts(spec, info) for info in spec.bets)
    findings = [replace(lint.run_claim(spec.rules, c.id, c.check, c.params), source=c.source) for c in spec.claims]
    findings += lint.player_expectation({bet: roulette.house_edge(spec.rules, bet) for bet in spec.rules.bets})
    findings += lint.winning_pays_something({b.id: b.bet.payout for b in spec.bets})
    findings += lint.same_bet_elsewhere({b.id: b.bet.payout for b in spec.bets},
                                        {o.regulation.id: {b.id: b.bet.payout for b in o.rules.bets} for o in others})
    covers = {b.info.limit: b.covers for b in bets if b.info.limit and not b.announced}
    if spec.limits.tiers:
        findings.append(lint.limit_tiers(spec.limits.maximum, covers))
    examples = tuple((example, run_example(spec, example)) for example in game.examples)
    return GameFacts(game, bets, tuple(findings), examples)
