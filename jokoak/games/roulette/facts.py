"""What the site, the sheets and the data say about a roulette game: each bet's cover, chips, house edge and limit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ...catalog import run_example
from ...engine import lint
from ...facts import GameFacts
from ...models import Game
from . import claims
from . import engine as roulette
from .reader import BetInfo, RouletteSpec


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
        return self.info.announced

    @property
    def even_chance(self) -> bool:
        return self.info.bet.shape == "even-chance"


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


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
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
