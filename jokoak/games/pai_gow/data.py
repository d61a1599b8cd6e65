"""Pai gow poker's part of its data file: the commission, the house way, the edge by simulation."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...edges import fraction_text
from ...facts import GameFacts
from ...models import cite
from ...render.data import edge_entry, estimated_edge, payout_text, variant_name
from . import engine as pai_gow
from .facts import PaiGowBetFacts
from .reader import PaiGowSpec


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The deck and its joker, the deal, the ranking, the settlement table, the commission, the house way
    (ours: marked so), and the bet's edge by Monte Carlo with the shares of rounds won, void and lost."""
    spec: PaiGowSpec = facts.game.rules
    langs = facts.game.languages
    way = spec.house_way
    return {
        "deck": {"cards": 53, "joker_completes": list(spec.joker_uses), "joker_flush": spec.rules.joker_flush,
                 "source": cite(spec.deck_source), "joker_source": cite(spec.joker_source)},
        "deal": {"cards_each": 7, "positions": spec.rules.positions,
                 "direction": "clockwise" if spec.rules.clockwise else "counter-clockwise",
                 "source": cite(spec.deal_source)},
        "ranking": [{"category": h.category.id,
                     "name": {lang: h.name[lang] for lang in langs}, "source": cite(h.source)}
                    for h in spec.ranking],
        "settlement": {"cases": [{"case": c.case, "high": c.high, "low": c.low, "result": c.result,
                                  "source": cite(c.source)} for c in spec.settlement.cases],
                       "source": cite(spec.settlement.source)},
        "commission": {"percent_at_most": fraction_text(spec.commission.percent), "up_to": spec.commission.up_to,
                       "on": "winnings", "chosen_by": "casino (table option)", "source": cite(spec.commission.source)},
        "house_way": {"own_text": way.own_text, "official_source": None,
                      "text_silent_at": cite(way.silent_source),
                      "summary": {lang: way.summary[lang] for lang in langs},
                      "rules": [{lang: rule[lang] for lang in langs} for rule in way.rules],
                      "engine_note": pai_gow.HOUSE_WAY_NOTE},
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "payout": payout_text(bet.info.payout),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "probabilities": bet.probabilities,
            "house_edge": edge_entry(
                estimated_edge(bet.edge, "monte-carlo", "house-way", bet.precision, bet.method), macros, langs, None,
                [("without-commission", variant_name(macros, langs, "without-commission"),
                  estimated_edge(bet.edge_at(Fraction(0)), "monte-carlo", "house-way", bet.precision, bet.method))]),
        } for bet in facts.bets if isinstance(bet, PaiGowBetFacts)],
    }
