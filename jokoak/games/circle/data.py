"""A circle poker game's part of its data file. A first, minimal version: the presentation builds on it."""

from __future__ import annotations

from typing import Any

from ...facts import GameFacts
from ...models import cite
from .reader import CircleSpec


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The variant, the deck sizes and the ranking; no bet has a house edge."""
    spec: CircleSpec = facts.game.rules
    langs = facts.game.languages
    return {
        "variant": spec.variant,
        "deck": {"cards": list(spec.decks), "source": cite(spec.deck_source)},
        "hands": [{"category": h.category, "name": {lang: h.name[lang] for lang in langs}, "source": cite(h.source)}
                  for h in spec.hands],
        "bets": [],
    }
