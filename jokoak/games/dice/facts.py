"""What the site, the sheets and the data say about a dice game: each bet's payouts by number, edges and maximums."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...catalog import run_example
from ...engine import lint
from ...facts import GameFacts
from ...models import Game
from . import engine as dice
from .reader import DiceBetInfo, DiceSpec


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


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
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
