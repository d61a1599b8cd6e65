"""What the site, the sheets and the data say about poker trijoker: each bet's exact edge."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...catalog import run_example
from ...engine import lint
from ...facts import GameFacts
from ...models import Game, cite
from . import engine as trijoker
from .reader import TrijokerBetInfo, TrijokerSpec


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


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
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
