"""Poker trijoker's part of its data file: the bets, the pay table and their exact edges."""

from __future__ import annotations

from typing import Any

from ...facts import GameFacts
from ...models import cite
from ...render.data import edge_entry, exact_edge, number_data, payout_text, variant_name
from .facts import TRIJOKER_METHOD, TrijokerBetFacts
from .reader import TrijokerSpec


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The deck, the lowest winning pair (and the figures other passages give), the pay table, each bet's
    exact house edge under the best decisions, and the three bets' together: per unit of one bet (the usual
    figure), per unit of the three placed, and per unit left in play (the element of risk)."""
    spec: TrijokerSpec = facts.game.rules
    langs = facts.game.languages
    bets = [bet for bet in facts.bets if isinstance(bet, TrijokerBetFacts)]
    box = bets[0].box

    return {
        "deck": {"cards": 52, "ace_low": spec.rules.ace_low, "source": cite(spec.deck_source),
                 "ace_low_source": cite(spec.ace_low_source)},
        "minimum_pair": {"rank": spec.minimum_pair, "source": cite(spec.minimum_pair_source),
                         "otherwise": [{"rank": o.rank, "payout": payout_text(o.payout), "source": cite(o.source)}
                                       for o in spec.other_pair]},
        "pays": [{"category": line.category, "name": {lang: line.name[lang] for lang in langs},
                  "payout": payout_text(line.payout), "source": cite(line.source)} for line in spec.pays],
        "box": {
            "name": {lang: spec.box_name[lang] for lang in langs},
            "house_edge": edge_entry(
                exact_edge(box.per_initial_stake, "optimal", TRIJOKER_METHOD), macros, langs, None,
                [("per-unit-of-one-bet", variant_name(macros, langs, "per-unit-of-one-bet"),
                  exact_edge(box.per_box, "optimal", TRIJOKER_METHOD)),
                 ("per-unit-in-play", variant_name(macros, langs, "per-unit-in-play"),
                  exact_edge(box.per_stake_in_play, "optimal", TRIJOKER_METHOD))]),
            "keep_first": number_data(box.keep_first), "keep_second": number_data(box.keep_second),
            "source": cite(spec.box_source),
        },
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "withdraw": bet.info.withdraw,
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "in_play": number_data(bet.kept),
            "house_edge": edge_entry(
                exact_edge(bet.edge, "optimal", TRIJOKER_METHOD), macros, langs, None,
                [("per-unit-in-play", variant_name(macros, langs, "per-unit-in-play"),
                  exact_edge(bet.edge_in_play, "optimal", TRIJOKER_METHOD))]),
            "source": cite(bet.info.source),
        } for bet in bets],
    }
