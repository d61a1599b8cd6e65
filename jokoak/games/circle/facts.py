"""What the site, the sheets and the data say about a circle poker game: no house edge (the players play against
each other); the examples played. A first, minimal version: the presentation builds on it."""

from __future__ import annotations

from collections.abc import Sequence

from ...catalog import run_example
from ...facts import GameFacts
from ...models import Game


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """The examples played; no bet has a house edge."""
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    return GameFacts(game, (), (), examples)
