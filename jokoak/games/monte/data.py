"""El monte's and el reto's part of their data files: the bets and their edges by phase or by decks."""

from __future__ import annotations

from typing import Any

from ...edges import fraction_text
from ...facts import GameFacts
from ...models import cite
from ...render.data import edges_by_option, exact_edge, payout_text, sentences, variant_name
from .facts import MONTE_LAYOUT, MonteBetFacts, RetoBetFacts
from .reader import RetoSpec

MONTE_METHOD = ("exact over every card left to draw after a layout of four placed cards of different ranks "
                "({layout}), none doubled or burnt: the first card of a placed rank decides, and it is the first "
                "card drawn (a tenth of the winnings deducted) with probability (cards of those ranks) / (cards "
                "left); Segundas: the two cards of a horizontal pair in play, the cards drawn in Primeras not "
                "removed from the shoe; a Cartas bet the phase does not decide counts as given back")


RETO_METHODS = {
    "retando": "exact over every deal of a full shoe of that many decks, one player who always «reta» on a tie; "
               "per unit of the initial bet",
    "sin-retar": "exact over every deal of a full shoe of that many decks, one player who never «reta» on a tie "
                 "(half the initial bet lost); per unit of the initial bet",
    "reto": "exact, given a first tie (the tied cards out of the shoe, the burnt cards unseen): what «retar» costs "
            "per unit of the initial bet it keeps in play, both bets counted (declining costs half of it)",
    "empate": "exact over every first deal of a full shoe of that many decks",
}


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """Monte: the decks, phases, the tenth deducted, every bet with its payouts and edges by phase, the
    notes on what the engine does not play. El reto: the shoe, the bets and their edges by decks."""
    spec = facts.game.rules
    langs = facts.game.languages
    notes = [{"text": {lang: n.text[lang] for lang in langs}, "source": cite(n.source)} for n in spec.notes]
    if isinstance(spec, RetoSpec):
        rules = spec.rules
        return {
            "shoe": {"decks_at_most": rules.decks, "source": cite(spec.shoe_source)},
            "reto": {"payout_on_tie": payout_text(rules.reto_tie_pays), "burnt_cards": rules.burnt,
                     "declined_keeps": fraction_text(rules.surrender_keeps),
                     "declined_source": cite(spec.decline_source)},
            "probabilities": {"decks": rules.decks,
                              "exact": {k: fraction_text(v) for k, v in (facts.probabilities or {}).items()},
                              "method": "exact enumeration of the first two cards and, after a tie, of the two "
                                        "reto cards"},
            "bets": [{
                "id": bet.info.id, "name": {lang: bet.info.name[lang] for lang in langs},
                "payout": payout_text(bet.info.payout), "limit": {"group": bet.info.limit} if bet.info.limit else None,
                "house_edge": edges_by_option(
                    {f"{play or bet.info.id}-{decks}": (exact_edge(edge, "fixed" if play else "none",
                                                               RETO_METHODS[play or bet.info.id]), None)
                     for play, edges in bet.edges.items()
                     for decks, edge in sorted(edges.items(), key=lambda item: -item[0])},
                    {f"{play or bet.info.id}-{decks}": sentences(macros, langs, "reto_variant", play, decks)
                     for play, edges in bet.edges.items() for decks in edges}, macros, langs),
                "source": cite(bet.info.source),
            } for bet in facts.bets if isinstance(bet, RetoBetFacts)],
            "notes": notes,
        }
    method = MONTE_METHOD.format(layout=", ".join(MONTE_LAYOUT.cards))
    phases = {phase.id: {lang: phase.name[lang] for lang in langs} for phase in spec.phases}
    return {
        "shoe": {"decks": spec.rules.decks, "suits": ["oros", "copas", "espadas", "bastos"],
                 "source": cite(spec.shoe_source)},
        "phases": [{"id": p.id, "name": {lang: p.name[lang] for lang in langs}, "source": cite(p.source)}
                   for p in spec.phases],
        "deduction": {"of_winnings": fraction_text(spec.rules.deduction), "when": "the first card drawn decides",
                      "except": ["vis"], "source": cite(spec.deduction_source)},
        "bets": [{
            "id": bet.info.id, "name": {lang: bet.info.name[lang] for lang in langs}, "box": bet.info.box or None,
            "suits": list(bet.info.suits) or None,
            "pays": {phase: payout_text(pay) for phase, pay in bet.info.pays.items()},
            "points_off_per_card": list(bet.info.points_off), "limit": bet.info.limit,
            "house_edge": edges_by_option({key: (exact_edge(e, details=method), None) for key, e in bet.edges.items()},
                                     phases | {"primeras-pairs": variant_name(macros, langs, "primeras-pairs")},
                                     macros, langs),
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, MonteBetFacts)],
        "notes": notes,
    }
