"""Treinta y cuarenta's part of its data file: the bets, their edges, the refait."""

from __future__ import annotations

from typing import Any

from ...edges import HouseEdge, fraction_text
from ...facts import GameFacts
from ...models import cite
from ...render.data import edge_entry, exact_edge, payout_text, sentences, variant_name
from .facts import TrenteBetFacts
from .reader import TrenteSpec

TRENTE_METHOD = ("exact over every deal of the first coup from a full shoe (later coups of the shoe are dealt from "
                 "fewer cards and differ slightly)")


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The shoe, the refait and its insurance, the exact probabilities of a coup, and each bet's
    house edge when half is taken back on a refait, when the stake is left in prison, and insured."""
    spec: TrenteSpec = facts.game.rules
    rules, langs = spec.rules, facts.game.languages
    assert facts.probabilities is not None

    prison_method = TRENTE_METHOD + "; a stake in prison is then settled by later coups taken with the same " \
        "probabilities (an approximation)"
    return {
        "shoe": {"decks": rules.decks, "red_card_before": rules.reserved, "source": cite(spec.shoe_source)},
        "refait": {"prison": rules.refait.prison, "below_minimum_stays": rules.refait.below_minimum_stays,
                   "last_coup_refund": rules.refait.last_spin_refund, "source": cite(spec.refait_source)},
        "insurance": {"premium": fraction_text(rules.insurance_rate),
                      "minimum_pesetas": spec.insurance_minimum_pesetas, "source": cite(spec.insurance_source)},
        "probabilities": {"exact": {k: fraction_text(v) for k, v in facts.probabilities.items()},
                          "value": {k: float(v) for k, v in facts.probabilities.items()},
                          "method": TRENTE_METHOD},
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "payout": payout_text(bet.info.payout),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": edge_entry(
                exact_edge(bet.edge, details=TRENTE_METHOD), macros, langs,
                sentences(macros, langs, "trente_assumptions", facts.game),
                [("insured", variant_name(macros, langs, "insured"),
                  exact_edge(bet.edge_insured, details=TRENTE_METHOD))]
                + ([("prison", variant_name(macros, langs, "prison"),
                     HouseEdge(bet.edge_prison, "approximation", "none", details=prison_method))]
                   if bet.edge_prison is not None else [])),
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, TrenteBetFacts)],
    }
