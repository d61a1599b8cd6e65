"""The chances of bingo: exact where they are cheap, simulated (seeded, with the standard error stated) where not.

A card's rows are disjoint sets of ``per_row`` numbers among ``balls``; after n balls drawn without replacement,
every set of n balls is equally likely. So a given set of k numbers is all drawn with probability
C(balls − k, n − k) / C(balls, n), and by inclusion-exclusion over the rows

    P(a línea by ball n) = Σ_{j=1..rows} (−1)^(j+1) C(rows, j) C(balls − j·per_row, n − j·per_row) / C(balls, n),
    P(the bingo by ball n) = C(balls − numbers, n − numbers) / C(balls, n).

The first bingo among N cards depends on how the cards overlap, so it is simulated; for one card it is exact: the
bingo comes at the ball that draws the last of the card's numbers, whose mean is numbers × (balls + 1) /
(numbers + 1) (85 5/16 balls for 15 numbers of 90).

>>> rule = CardRule(balls=90, numbers=15, rows=3, per_row=5, columns=9, per_column=(1, 3))
>>> linea_by(rule, 5) * 43949268 == 3, bingo_by(rule, 90)
(True, Fraction(1, 1))
>>> mean_balls_one_card(rule)
Fraction(1365, 16)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .engine import CardRule, generate_card


def _all_drawn(rule: CardRule, k: int, n: int) -> Fraction:
    """The chance that k given numbers are all among the first n balls."""
    if n < k:
        return Fraction(0)
    return Fraction(math.comb(rule.balls - k, n - k), math.comb(rule.balls, n))


def linea_by(rule: CardRule, n: int) -> Fraction:
    """The exact chance that a given card has at least one whole row among the first ``n`` balls."""
    return sum(((-1) ** (j + 1) * math.comb(rule.rows, j) * _all_drawn(rule, j * rule.per_row, n)
                for j in range(1, rule.rows + 1)), Fraction(0))


def bingo_by(rule: CardRule, n: int) -> Fraction:
    """The exact chance that a given card has all its numbers among the first ``n`` balls."""
    return _all_drawn(rule, rule.numbers, n)


def table(rule: CardRule, first: int | None = None) -> list[tuple[int, Fraction, Fraction]]:
    """``(n, P(línea by n), P(bingo by n))`` for n from ``first`` (the numbers of a row, by default) to every ball."""
    return [(n, linea_by(rule, n), bingo_by(rule, n)) for n in range(first or rule.per_row, rule.balls + 1)]


def mean_balls_one_card(rule: CardRule) -> Fraction:
    """The exact mean number of balls drawn until a given card is full: Σ_n P(not full after n balls)."""
    return sum((1 - bingo_by(rule, n) for n in range(rule.balls)), Fraction(0))


@dataclass(frozen=True)
class FirstBingo:
    """The number of balls drawn until the first card of ``cards`` is full, simulated: its ``mean`` over
    ``trials`` draws and the mean's ``standard_error`` (the sample standard deviation over √trials); the cards
    are generated once with ``seed`` (:func:`~jokoak.games.bingo.engine.generate_card`), the draws with it too."""

    cards: int
    trials: int
    seed: int
    mean: float
    standard_error: float


def first_bingo(rule: CardRule, cards: int, trials: int, seed: int) -> FirstBingo:
    """Simulate the first bingo among ``cards`` cards of a series (distinct cards, none repeated)."""
    rng = random.Random(seed)
    found: set[tuple[int, ...]] = set()
    deck: list[tuple[int, ...]] = []
    while len(deck) < cards:
        card = generate_card(rule, rng)
        numbers = tuple(sorted(n for row in card for n in row if n is not None))
        if numbers not in found:
            found.add(numbers)
            deck.append(numbers)
    table = np.array(deck, dtype=np.int64)  # cards × numbers
    draws = np.random.default_rng(seed)
    results = np.empty(trials, dtype=np.int64)
    chunk = max(1, 2_000_000 // (cards * rule.numbers))
    for start in range(0, trials, chunk):
        size = min(chunk, trials - start)
        # position[t, b]: the ball (1-based) on which number b comes out in trial t
        order = np.argsort(draws.random((size, rule.balls)), axis=1)
        position = np.empty((size, rule.balls + 1), dtype=np.int64)
        position[np.arange(size)[:, None], order + 1] = np.arange(1, rule.balls + 1)
        full = position[:, table].max(axis=2)  # trial × card: the ball that fills the card
        results[start:start + size] = full.min(axis=1)
    mean = float(results.mean())
    error = float(results.std(ddof=1) / math.sqrt(trials)) if trials > 1 else math.inf
    return FirstBingo(cards, trials, seed, mean, error)
