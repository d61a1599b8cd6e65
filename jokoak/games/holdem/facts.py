"""What the site, the sheets and the data say about Texas hold'em: the Ante's exact edge and the side bets'."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ...catalog import run_example
from ...engine import lint, memo
from ...engine.poker import evaluate, parse
from ...facts import GameFacts, Hand
from ...models import Game
from . import engine as holdem
from . import exact as holdem_exact
from .reader import HoldemBetInfo, HoldemSpec


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


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
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
