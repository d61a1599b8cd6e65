"""What the site, the sheets and the data say about tripóker: each bet's exact edge."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ...catalog import run_example
from ...engine import lint
from ...facts import GameFacts
from ...models import Game
from . import engine as tripoker
from .reader import HANDS, TripokerBetInfo, TripokerSpec

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


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
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
