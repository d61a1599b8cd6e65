"""What the site, the sheets and the data say about treinta y cuarenta: the bets' edges and each example's rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...catalog import run_example
from ...engine import lint, memo
from ...facts import GameFacts, Hand
from ...models import Game
from . import engine as trente
from .reader import TrenteBetInfo, TrenteSpec


@dataclass(frozen=True)
class TrenteBetFacts:
    """A treinta y cuarenta bet's house edge: taking half back on a refait, leaving the stake in
    prison (where the regulation allows it), and insured."""

    info: TrenteBetInfo
    edge: Fraction
    edge_prison: Fraction | None
    edge_insured: Fraction


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    spec: TrenteSpec = game.rules
    rules = spec.rules
    p = trente.outcome_probabilities(memo.remembered(trente.coup_probabilities)(trente.shoe(rules.decks)))  # seconds
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
