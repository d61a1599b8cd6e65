"""The probability of each final combination of circle poker, per variant's deck and card count.

Exact by enumeration where it runs in seconds (five of 52, 32 or 28 cards; seven of 52; Sintético's two and three
of 28); Omaha's two of four (or five) and three of five by a seeded simulation whose standard error is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .hands import Combination, Ranking


@dataclass(frozen=True)
class Table:
    """The count (or estimated probability) of each combination: ``counts`` (exact hands, None when simulated),
    ``probabilities`` (exact fractions, or floats' nearest fractions when simulated), ``method`` (``"exact"`` or
    ``"simulation"``), ``deals`` and ``seed`` of a simulation, and ``stderr`` per combination."""

    variant: str
    counts: dict[Combination, int] | None
    probabilities: dict[Combination, Fraction]
    method: str
    deals: int = 0
    seed: int | None = None
    stderr: dict[Combination, float] | None = None


def best_of(ranking: Ranking, cards: int) -> dict[Combination, int]:
    """Every set of ``cards`` cards of the ranking's deck counted by the combination of its best five (exact)."""
    raise NotImplementedError


def two_three(ranking: Ranking, hole: int, board: int = 5) -> dict[Combination, int]:
    """Every deal of ``hole`` cards and ``board`` common ones counted by the best of two and three (exact)."""
    raise NotImplementedError


def simulate_two_three(ranking: Ranking, hole: int, deals: int, seed: int, board: int = 5) -> Table:
    """The same by a seeded simulation of ``deals`` deals, with each probability's standard error."""
    raise NotImplementedError


def table(variant_id: str, regulation: str = "euskadi", deck: int | None = None, deals: int = 1_000_000,
          seed: int = 1) -> Table:
    """The table of a variant: the final hand's combinations for its deck and cards."""
    raise NotImplementedError
