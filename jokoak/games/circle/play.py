"""A worked example of circle poker: how it is read from a game file and played through the engine (the showdown,
the pots, the take and, where the example gives them, the betting actions). The example's format is in
:mod:`.reader`'s docstring."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...engine.result import Result
from ...family import Options
from ...schema import Reader
from ...yamlsrc import Map, Seq
from .spec import CircleSpec


def read_example(r: Reader, node: Map, path: str, spec: CircleSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The cards of a worked example: one string per player, in the order of ``bets``, then the common cards."""
    if not spec.playable:
        r.error(node, None, path, "the general rules of circle poker play no hand: give the example in a variant")
        return None
    cards = node.get("cards")
    if not isinstance(cards, Seq) or not cards or not all(isinstance(c, str) for c in cards):
        r.error(node, "cards", path, "expected a list of texts: each player's cards, then the common cards")
        return None
    return tuple(str(c) for c in cards), {}


def play(spec: CircleSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    """Play a worked example through the engine (the showdown, the pots and the take)."""
    raise ValueError("the circle poker engine is not there yet")
