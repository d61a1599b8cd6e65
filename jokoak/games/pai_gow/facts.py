"""What the site, the sheets and the data say about pai gow poker: the edge by simulation, each example's hands as
set."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...catalog import run_example
from ...engine import lint
from ...engine.result import Edge
from ...facts import GameFacts
from ...models import Game
from . import engine as pai_gow
from .reader import PaiGowBetInfo, PaiGowSpec


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


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
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
