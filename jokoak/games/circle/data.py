"""A circle poker game's part of its data file.

The players play against each other: the game has no bet against the house (``bets`` is empty) and no house edge.
The part says instead what the casino takes (``take``: each option with its rates, what it is a percentage of and
what it comes to for a reference hand, exact), how the hand runs (the variant, the deck, the deal, the betting
intervals, the structures a table may choose, the forced bets, the actions, what is forbidden), the ranking of each
deck with the probability of each final combination (``odds``: exact, or a simulation with each figure's standard
error), and each worked example's hands at the showdown.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...edges import fraction_text
from ...facts import GameFacts
from ...models import cite
from .facts import REFERENCE, CircleFacts, HandFacts, Odds, TakeFacts
from .spec import CircleSpec


def _money(value: Fraction) -> str:
    return fraction_text(value) if value.denominator != 1 else str(value.numerator)


def _take(take: TakeFacts, langs: tuple[str, ...]) -> dict[str, Any]:
    option = take.option
    return {
        "id": option.id, "name": {lang: option.name[lang] for lang in langs},
        "rate": {"least": fraction_text(take.least), "most": fraction_text(take.most),
                 "least_excluded": take.least_excluded},
        "per": take.per, "bases": list(option.bases) or None,
        "reference": {"at_least": _money(take.at_least), "at_most": _money(take.at_most)},
        "source": cite(option.source),
    }


def _odds(found: Odds) -> dict[str, Any]:
    return {
        "deck": found.deck, "method": found.method, "details": found.details,
        "precision": "exact" if found.method == "exact" else "standard_error",
        "deals": found.total if found.method == "exact" else found.deals, "seed": found.seed,
        "combinations": [{
            "category": category, "exact": fraction_text(p) if found.method == "exact" else None,
            "value": float(p), "count": (found.counts or {}).get(category),
            "standard_error": (found.stderr or {}).get(category)} for category, p in found.probabilities.items()],
        "five_card_counts": found.five,
    }


def _hands(hands: HandFacts) -> dict[str, Any]:
    return {
        "pot": _money(hands.pot), "take": _money(hands.take),
        "board": [list(line) for line in hands.board],
        "players": [{"player": s.player, "cards": list(s.cards), "folded": s.folded, "put": _money(s.put),
                     "best": [list(b) for b in s.best], "combinations": list(s.combinations),
                     "low": list(s.low) if s.low is not None else None, "returned": _money(s.returned)}
                    for s in hands.seats],
    }


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The variant and how its hand runs, the casino's take, the ranking and the final combinations' odds of each
    deck, each example's hands; no bet against the house and no house edge."""
    spec: CircleSpec = facts.game.rules
    circle: CircleFacts = facts.circle
    langs = facts.game.languages

    def text(value: Any) -> dict[str, str]:
        return {lang: value[lang] for lang in langs}

    names = {h.category: h for h in spec.hands}
    odds = {o.deck: o for o in circle.odds}
    return {
        "variant": spec.variant,
        "playable": spec.playable,
        "players": {"minimum": spec.players[0], "maximum": spec.players[1], "source": cite(spec.players_source)},
        "decks": [{
            "cards": size,
            "ranking": [{"category": p.category, "name": text(names[p.category].name), "example": list(p.cards),
                         "source": cite(names[p.category].source)} for p in circle.rankings[size]],
            "odds": _odds(odds[size]) if size in odds else None,
        } for size in circle.rankings],
        "deck_source": cite(spec.deck_source),
        "figures": spec.figures,
        "flush_over_full": None if spec.flush_over_full is None else {
            "below_cards": spec.flush_over_full, "source": cite(spec.flush_over_full_source)},
        "ties": {"source": cite(spec.ties_source), "split_source": cite(spec.split_source)},
        "deal": None if spec.deal is None else {
            "hole": spec.deal.hole, "up": spec.deal.up, "board": spec.deal.board, "boards": spec.deal.boards,
            "draw": spec.deal.draw, "source": cite(spec.deal.source)},
        "showdown": {"hole_used": spec.hole_used, "low_at_most": spec.low,
                     "source": cite(spec.showdown_source + spec.low_source)},
        "intervals": [{"id": i.id, "name": text(i.name), "hole": i.hole, "up": i.up, "board": i.board,
                       "first": i.first, "source": cite(i.source)} for i in spec.intervals],
        "structures": [{"id": s.id, "kind": s.kind, "name": text(s.name), "source": cite(s.source)}
                       for s in spec.structures],
        "relations": {
            "minimum_percent_of_maximum": None if spec.relations.minimum_percent_of_maximum is None else
            [fraction_text(v) for v in spec.relations.minimum_percent_of_maximum],
            "ante_at_most_times_minimum": fraction_text(spec.relations.ante_at_most),
            "source": cite(spec.relations.source)},
        "forced": {"kinds": list(spec.forced), "source": cite(spec.forced_source)},
        "resto": None if spec.resto is None else {
            "initial_times_minimum": list(spec.resto.initial), "topup_times_minimum": list(spec.resto.topup),
            "source": cite(spec.resto.source)},
        "options": [{"id": o.id, "name": text(o.name), "source": cite(o.source)} for o in spec.options],
        "actions": [{"id": a.id, "name": text(a.name), "source": cite(a.source)} for a in spec.actions],
        "forbidden": [{"id": f.id, "text": text(f.text), "source": cite(f.source)} for f in spec.forbidden],
        "take": {
            "options": [_take(t, langs) for t in circle.takes],
            "reference": {"pot": _money(REFERENCE.pot), "table_minimum": _money(REFERENCE.minimum),
                          "session_base": _money(REFERENCE.base), "players": REFERENCE.players},
            "length_source": cite(spec.length_source),
        },
        "example_hands": {key: _hands(hands) for key, hands in circle.hands.items()},
        "bets": [],
    }
