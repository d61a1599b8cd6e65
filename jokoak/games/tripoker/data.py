"""Tripóker's part of its data file: the bets, their pay tables and exact edges."""

from __future__ import annotations

from typing import Any

from ...edges import fraction_text
from ...facts import GameFacts
from ...models import cite
from ...render.data import edge_entry, exact_edge, number_data, payout_text, variant_name
from .facts import TripokerBetFacts
from .reader import TripokerSpec


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The deck, the hands as the text names them, the bank's qualifying card, the decision, and both bets with
    their pay tables (each line's probability, and the figure another language prints) and exact house edges:
    the ante under the best decision per unit of ante and per unit staked, the Par Plus also as printed."""
    spec: TripokerSpec = facts.game.rules
    langs = facts.game.languages

    bets = []
    for bet in facts.bets:
        if not isinstance(bet, TripokerBetFacts):
            continue
        info = bet.info
        if bet.per_staked is not None and bet.plays is not None:
            edge = edge_entry(exact_edge(bet.edge, "optimal", bet.method), macros, langs, None,
                         [("per-unit-staked", variant_name(macros, langs, "per-unit-staked"),
                           exact_edge(bet.per_staked, "optimal", bet.method))])
        else:
            edge = edge_entry(exact_edge(bet.edge, details=bet.method), macros, langs)
        bets.append({
            "id": info.id,
            "name": {lang: info.name[lang] for lang in langs},
            **({"second_bet": {"name": {lang: info.second[lang] for lang in langs}, "equals": "ante",
                               "payout": "1:1"}, "payout": "1:1"} if info.second else {}),
            "pays": [{"hand": line.hand, "payout": payout_text(line.payout),
                      "printed": {k: payout_text(v) for k, v in line.printed.items()},
                      "probability": fraction_text(bet.probabilities[line.hand]),
                      "source": cite(line.source)} for line in info.pays],
            "pays_source": cite(info.pays_source),
            "limit": {"group": info.limit} if info.limit else None,
            "house_edge": edge,
            **({"goes_on": number_data(bet.plays)} if bet.plays is not None else {}),
            "house_edge_as_printed": {lang: edge_entry(exact_edge(e, details=bet.method), macros, langs)
                                      for lang, e in bet.printed.items()},
            "source": cite(info.source),
        })
    return {
        "deck": {"cards": 52, "source": cite(spec.sources["deck"])},
        "hands": {"order": [h.id for h in spec.hands],
                  "names": {h.id: {lang: h.name[lang] for lang in langs} for h in spec.hands},
                  "source": cite(spec.sources["ranking"])},
        "bank": {"qualifying_card": spec.rules.qualifying_card, "source": cite(spec.sources["bank"])},
        "decision": {"options": ["ir", "retirarse"], "source": cite(spec.sources["decision"])},
        "bets": bets,
    }
