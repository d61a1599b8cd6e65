"""The probability of each final combination of circle poker, per variant's deck and card count.

Exact where it runs in seconds: a set of five to seven cards by counting, for every multiset of ranks, the ways its
suits fall and the colour they make (:func:`best_of`: the 133,784,560 sets of seven of 52 in seconds); Sintético's
two and three of 28 by enumerating every set of seven cards and the 21 ways two of them are the player's
(:func:`two_three`). Omaha's two of four (or five) and three of five from 52 by a seeded simulation whose standard
error is given (:func:`simulate_two_three`). Covered poker's table is the five cards dealt (before the discard, which
depends on the player's choices); Doble Hold'em's is each line's.

>>> from .hands import Ranking
>>> from .cards import DECK_32
>>> best_of(Ranking(DECK_32), 5)[Combination.FLUSH]             # rarer than a full in 32 cards
204
>>> t = table("holdem")
>>> t.counts[Combination.ROYAL_FLUSH], t.method
(4324, 'exact')
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations as subsets
from math import comb, prod, sqrt

import numpy as np
import numpy.typing as npt

from ...engine.poker import combinations
from .hands import Combination, Ranking, _flush_values, _rank_values, _states, combination_of, values, values_two_three
from .showdown import variant as variant_of


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


@functools.cache
def best_of(ranking: Ranking, cards: int) -> dict[Combination, int]:
    """Every set of ``cards`` cards of the ranking's deck counted by the combination of its best five (exact)."""
    if not 5 <= cards <= 7:
        raise ValueError(f"A hand here is of five to seven cards, not {cards}.")
    states, _, starts = _states()
    rank_value = _rank_values(ranking, cards)
    flush = _flush_values(ranking)
    found = {c: 0 for c in ranking.order}
    lowest = ranking.deck.lowest
    for index in range(starts[cards], starts[cards + 1]):
        multiset = states[index]
        if multiset[0] < lowest:
            continue
        count = {r: multiset.count(r) for r in set(multiset)}
        total = prod(comb(4, c) for c in count.values())
        plain = int(rank_value[index])
        present = sorted(count)
        for size in range(5, len(present) + 1):
            for suited in subsets(present, size):
                # one suit holds exactly the ranks ``suited``; four suits, and two suits cannot both hold five
                ways = 4 * prod(comb(3, count[r] - 1) if r in suited else comb(3, count[r]) for r in present)
                if ways:
                    value = max(plain, int(flush[sum(1 << r for r in suited)]))
                    found[Combination((value >> 20) & 15)] += ways
                    total -= ways
        found[Combination((plain >> 20) & 15)] += total
    return found


def _deal_values(sets: npt.NDArray[np.int64], hole: int, ranking: Ranking) -> npt.NDArray[np.int64]:
    """For each set of ``hole + board`` cards, the best two-and-three value of each way ``hole`` of them are the
    player's (shape: sets × ways)."""
    n = sets.shape[1]
    fives = list(subsets(range(n), 5))
    five_values = np.stack([values(sets[:, list(f)], ranking) for f in fives], axis=1)
    columns = []
    for held in subsets(range(n), hole):
        usable = [i for i, f in enumerate(fives) if len(set(f) & set(held)) == 2]
        columns.append(five_values[:, usable].max(axis=1))
    return np.stack(columns, axis=1)


@functools.cache
def two_three(ranking: Ranking, hole: int, board: int = 5) -> dict[Combination, int]:
    """Every deal of ``hole`` cards and ``board`` common ones counted by the best of two and three (exact; a deck
    and card count whose deals are too many to enumerate in seconds is refused)."""
    size, n = ranking.deck.size, hole + board
    if comb(size, n) > 3_000_000:
        raise ValueError(f"{comb(size, n):,} sets of {n} of {size} cards are too many to enumerate: simulate them.")
    sets = combinations(size, n).astype(np.int64) + 4 * ranking.deck.lowest
    found = np.zeros(len(Combination), np.int64)
    for start in range(0, len(sets), 200_000):
        worth = _deal_values(sets[start:start + 200_000], hole, ranking)
        found += np.bincount(np.asarray(combination_of(worth)).ravel(), minlength=len(Combination))
    return {c: int(found[c]) for c in ranking.order}


def simulate_two_three(ranking: Ranking, hole: int, deals: int, seed: int, board: int = 5) -> Table:
    """The same by a seeded simulation of ``deals`` deals, with each probability's standard error.

    >>> t = simulate_two_three(Ranking(), 4, 20_000, seed=1)
    >>> abs(float(t.probabilities[Combination.TWO_PAIR]) - 0.4) < 3 * t.stderr[Combination.TWO_PAIR] + 0.05
    True
    """
    if deals < 1:
        raise ValueError(f"A simulation deals at least once, not {deals} times.")
    rng = np.random.default_rng(seed)
    cards = np.array(ranking.deck.cards, np.int64)
    found = np.zeros(len(Combination), np.int64)
    done = 0
    while done < deals:
        chunk = min(100_000, deals - done)
        dealt = cards[np.argsort(rng.random((chunk, len(cards))), axis=1)[:, :hole + board]]
        worth = values_two_three(dealt[:, :hole], dealt[:, hole:], ranking)
        found += np.bincount(np.asarray(combination_of(worth)), minlength=len(Combination))
        done += chunk
    probabilities = {c: Fraction(int(found[c]), deals) for c in ranking.order}
    stderr = {c: sqrt(float(p) * (1 - float(p)) / deals) for c, p in probabilities.items()}
    return Table("", None, probabilities, "simulation", deals, seed, stderr)


def _exact(variant: str, counts: dict[Combination, int]) -> Table:
    total = sum(counts.values())
    return Table(variant, counts, {c: Fraction(n, total) for c, n in counts.items()}, "exact")


def table(variant_id: str, regulation: str = "euskadi", deck: int | None = None, deals: int = 1_000_000,
          seed: int = 1) -> Table:
    """The table of a variant: the final hand's combinations for its deck and cards."""
    v = variant_of(variant_id, "extremadura" if regulation == "extremadura" else "euskadi", deck)
    if v.make == "two-three":
        try:
            return _exact(v.id, two_three(v.ranking, v.hole, v.board))
        except ValueError:
            simulated = simulate_two_three(v.ranking, v.hole, deals, seed, v.board)
            return Table(v.id, None, simulated.probabilities, "simulation", deals, seed, simulated.stderr)
    return _exact(v.id, best_of(v.ranking, v.hole + v.board))
