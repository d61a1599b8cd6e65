"""Texas hold'em's part of its data file: the rounds, the side bets and their exact edges."""

from __future__ import annotations

from typing import Any

from ...edges import fraction_text
from ...engine.poker import RANKS
from ...facts import GameFacts
from ...models import cite
from ...render.data import edge_entry, exact_edge, number_data, payout_text, variant_name
from .facts import HoldemBetFacts
from .reader import HoldemSpec


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The deck, the combinations by name, the Ante's table, the betting rounds (with the other reading of a
    round's stake and the Ante's edge under it), the croupier's qualification, the bonus with each line's exact
    probability, and each bet's house edge with its method and precision."""
    spec: HoldemSpec = facts.game.rules
    rules, langs = spec.rules, facts.game.languages

    def minimum(least: Any) -> dict[str, Any] | None:
        return None if least is None else {"category": least[0].id,
                                            "rank": RANKS[least[1]] if least[1] else None}

    def edge(bet: HoldemBetFacts) -> dict[str, Any]:
        if bet.per_staked is None:  # the bonus
            return edge_entry(exact_edge(bet.edge, details=bet.method), macros, langs)
        return edge_entry(exact_edge(bet.edge, "optimal", bet.method), macros, langs, None,
                     [("per-unit-staked", variant_name(macros, langs, "per-unit-staked"),
                       exact_edge(bet.per_staked, "optimal", bet.method))])

    ante = next(b for b in facts.bets if isinstance(b, HoldemBetFacts) and b.per_staked is not None)
    bonus = next((b for b in facts.bets if isinstance(b, HoldemBetFacts) and b.per_staked is None), None)
    return {
        "deck": {"cards": 52, "ace_low_straight": True, "source": cite(spec.deck_source)},
        "hands": [{"category": h.category.id,
                   "name": {lang: h.name[lang] for lang in langs}, "source": cite(h.source)} for h in spec.hands],
        "qualifier": None if rules.qualifier is None else {"at_least": minimum(rules.qualifier),
                                                            "source": cite(spec.qualifier_source)},
        "rounds": [{
            "id": r.id, "name": {lang: r.name[lang] for lang in langs}, "common_cards_seen": r.street.seen,
            "times_ante": fraction_text(r.street.multiple), "declining": "folds" if r.street.required else "checks",
            "payout": payout_text(r.payout), "source": cite(r.source),
            "other_reading": None if r.other_multiple is None else {
                "times_ante": fraction_text(r.other_multiple),
                "ante_edge": edge_entry(exact_edge(ante.other_readings[r.id], "optimal", ante.method), macros, langs)},
        } for r in spec.rounds],
        "bets": [{
            "id": spec.ante.id, "name": {lang: spec.ante.name[lang] for lang in langs},
            "limit": {"group": spec.ante.limit},
            "pays": [{"from": p.category.id, "name": {lang: p.name[lang] for lang in langs},
                      "payout": payout_text(p.payout), "source": cite(p.source)} for p in spec.ante_pays],
            "settlement_source": cite(spec.settlement_source),
            "house_edge": edge(ante),
            "rounds_bet": {r.id: number_data(p) for r, p in zip(spec.rounds, ante.rounds, strict=True)},
            "source": cite(spec.ante.source),
        }] + ([] if spec.bonus is None or bonus is None or rules.bonus is None else [{
            "id": spec.bonus.id, "name": {lang: spec.bonus.name[lang] for lang in langs},
            "limit": {"group": spec.bonus.limit} if spec.bonus.limit else None,
            "lost_on_fold": rules.bonus.lost_on_fold,
            "lines": [{"name": {lang: line.name[lang] for lang in langs}, "payout": payout_text(line.line.payout),
                       "hands": sorted(line.line.hands) or None, "dealer": sorted(line.line.dealer) or None,
                       "at_least": minimum(line.line.minimum), "printed": line.printed or None,
                       "probability": {"exact": fraction_text(p), "value": float(p)}, "source": cite(line.source)}
                      for line, p in zip(spec.bonus_lines, bonus.probabilities, strict=True)],
            "house_edge": edge(bonus),
            "source": cite(spec.bonus.source),
        }]),
    }
