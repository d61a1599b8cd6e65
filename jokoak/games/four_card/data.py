"""Póquer de cuatro cartas' part of its data file: the boxes, their pay tables and exact edges."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...edges import fraction_text
from ...facts import GameFacts
from ...models import cite
from ...render.data import edge_entry, exact_edge, number_data, payout_text
from .facts import FourCardBetFacts
from .reader import FourCardSpec, PayLine


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The cards, the ranking, the tie and fold rules, the Bono's table and every box with its pay table and house
    edge: «Ases» exact, with each line's probability; the Ante's round by Monte Carlo (method, precision), with
    the Bono's exact worth."""
    spec: FourCardSpec = facts.game.rules
    rules, langs = spec.rules, facts.game.languages

    def line(pay: PayLine, p: dict[str, Fraction]) -> dict[str, Any]:
        return {"hand": pay.id, "payout": payout_text(pay.payout), "printed": list(pay.printed),
                "probability": number_data(p.get(pay.id)),
                "source": cite(pay.source)}

    bets = [bet for bet in facts.bets if isinstance(bet, FourCardBetFacts)]
    ante = next(bet for bet in bets if bet.info.id == "ante")
    return {
        "cards": {"player": 5, "croupier": 6, "croupier_face_up": 1, "best": 4,
                  "source": cite(spec.sources["cards"]), "deck_source": cite(spec.sources["deck"])},
        "ranking": [{"hand": h.id, "name": {lang: h.name[lang] for lang in langs}, "source": cite(h.source)}
                    for h in spec.ranking],
        "ties": {"player_wins": rules.player_wins_ties, "source": cite(spec.sources["ties"])},
        "fold": {"loses": "ante", "bonus_paid": rules.bonus_on_fold, "source": cite(spec.sources["fold"])},
        "bonus": {"name": {lang: spec.bonus_name[lang] for lang in langs},
                  "pays": [line(pay, ante.probabilities) for pay in spec.bonus],
                  "value_per_ante": {"exact": fraction_text(ante.bonus_value or Fraction(0)),
                                     "value": float(ante.bonus_value or 0),
                                     "method": "exact over every five-card hand, the player playing every hand the "
                                               "Bono pays"},
                  "source": cite(spec.sources["bonus"])},
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "payout": payout_text(bet.info.payout),
            **({"minimum_pair": "A", "pays": [line(pay, bet.probabilities) for pay in bet.info.pays]}
               if bet.info.id == "ases" else {}),
            **({"times_ante": [str(rules.play_range[0]), str(rules.play_range[1])]} if bet.info.id == "play" else {}),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": edge_entry(exact_edge(bet.edge, "optimal" if bet.info.id != "ases" else "none", bet.method),
                                macros, langs),
            **({"decisions": {k: number_data(v) for k, v in bet.decisions.items()}} if bet.decisions else {}),
            "source": cite(bet.info.source),
        } for bet in bets],
    }
