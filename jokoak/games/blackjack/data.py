"""Black jack's part of its data file: the rules, the bets and their edges, the dealer's final hands."""

from __future__ import annotations

from typing import Any

from ...edges import HouseEdge, fraction_text
from ...facts import GameFacts
from ...models import cite
from ...render.data import edge_entry, exact_edge, payout_text, sentences, variant_name
from . import shoe as blackjack_shoe
from .cards import OUTCOMES
from .facts import BlackjackBetFacts
from .reader import BlackjackSpec


def _blackjack_edge(bet: BlackjackBetFacts, langs: tuple[str, ...], macros: dict[str, Any],
                    facts: GameFacts) -> dict[str, Any]:
    said = sentences(macros, langs, "bj_assumptions", facts.game, bet)
    if isinstance(bet.edge, float):  # the main bet: an approximation, by optional rule
        spec: BlackjackSpec = facts.game.rules
        kinds = {o.id: kind for kind, o in (("surrender", spec.surrender), ("sevens", spec.three_sevens)) if o}

        def approximation(value: float) -> HouseEdge:
            if bet.numeric:  # the best play for the cards held, without splits: exact but for the rounding
                return HouseEdge(value, "numeric", "optimal", blackjack_shoe.ROUNDING, bet.method)
            return HouseEdge(value, "approximation", "fixed", blackjack_shoe.RESPLIT_PRECISION,
                             f"{bet.method}; {bet.precision}")

        return edge_entry(approximation(bet.edge), macros, langs, said,
                          [(key, variant_name(macros, langs, "+".join(kinds[k] for k in key.split("+"))),
                            approximation(value)) for key, value in bet.variants.items()])
    return edge_entry(exact_edge(bet.edge), macros, langs, said)


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The shoe, the dealer's rule and his final hand by his first card (exact), the player's options,
    the optional items, and every bet with its payouts and house edge (method and precision)."""
    spec: BlackjackSpec = facts.game.rules
    rules, langs = spec.rules, facts.game.languages
    assert facts.dealer is not None
    return {
        "shoe": {"decks": rules.decks, "source": cite(spec.sources["shoe"])},
        "dealer": {"cards_before_players_play": 1, "stands_on": 17, "hits_soft_17": rules.dealer_hits_soft_17,
                   "hands": rules.dealer_hands, "source": cite(spec.sources["dealer"] + spec.sources["deal"]),
                   "final_hand": {"outcomes": list(OUTCOMES), "method": "exact over the shoe less the dealer's card",
                                  "by_first_card": {("A" if up == 1 else str(up)): {
                                      "exact": {k: fraction_text(v) for k, v in p.items()},
                                      "value": {k: float(v) for k, v in p.items()}}
                                      for up, p in facts.dealer.items()}}},
        "player": {"stop_at_21": rules.stop_at_21, "source": cite(spec.sources["player"])},
        "double": None if "double" not in spec.sources else {
            "totals": None if rules.double_totals is None else sorted(rules.double_totals),
            "soft": rules.double_soft, "pair_of_aces": rules.double_pair_of_aces,
            "ace_counts_one": rules.double_ace_counts_one, "after_split": rules.double_after_split,
            "source": cite(spec.sources["double"])},
        "split": None if "split" not in spec.sources else {
            "max_hands": rules.max_hands, "resplit_aces": rules.resplit_aces, "source": cite(spec.sources["split"])},
        "dealer_blackjack_takes": {"stakes": rules.lost_to_dealer_blackjack,
                                   "source": cite(spec.sources["dealer_blackjack"])},
        "surrender": None if not spec.surrender else {"option": spec.surrender.id or None,
                                                      "source": cite(spec.surrender.source)},
        "three_sevens": None if not spec.three_sevens else {
            "pays": payout_text(rules.three_sevens_pays), "option": spec.three_sevens.id or None,
            "source": cite(spec.three_sevens.source)},
        "options": {key: cite(source) for key, source in spec.options.items()},
        "bets": [{
            "id": bet.info.id,
            "kind": bet.info.kind,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "option": bet.info.option,
            "payout": payout_text(bet.info.payout),
            **({"blackjack_pays": payout_text(rules.blackjack_pays)} if bet.info.kind == "main" else {}),
            "pays": [{"category": line.category, "name": {lang: line.name[lang] for lang in langs},
                      "payout": payout_text(line.payout), "at_least": bet.info.at_least,
                      "printed": {k: payout_text(v) for k, v in line.printed.items()},
                      "probability": fraction_text(bet.probabilities[line.category]),
                      "source": cite(line.source)} for line in bet.info.pays],
            "printed": {k: payout_text(v) for k, v in bet.info.printed.items()},
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": _blackjack_edge(bet, langs, macros, facts),
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, BlackjackBetFacts)],
    }
