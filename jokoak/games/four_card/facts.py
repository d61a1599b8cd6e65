"""What the site, the sheets and the data say about póquer de cuatro cartas: each box's exact edge and the best play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from ...catalog import run_example
from ...engine import lint, memo
from ...engine.poker import FOUR_CARD, Category, evaluate, parse
from ...facts import GameFacts, Hand
from ...models import Game
from . import engine as four_card
from . import exact as four_card_exact
from .reader import FourCardBetInfo, FourCardSpec


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


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
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
