"""Póquer de cuatro cartas: the exact house edge of the Ante (with its Play and Bono) under the player's best play.

The player sees his five cards and the croupier's face-up card (001:1876), and folds or puts 1 to 3 times his
Ante on «Play» (001:1874). With ``w`` the number of the croupier's ``N`` possible hidden fives (from the cards
the player does not see) that his best four beat or tie, and ``B`` the Bono of his hand (paid whatever the
croupier holds, 001:1903), playing ``m`` times is worth ``(1 + m) (w - (N - w)) / N + B`` Antes and folding
``-1``: the return is linear in ``m``, so the best play is the fold, the least or the most Play, whichever is
worth the most; on an exact tie the smaller stake is taken (the return is the same).

Every round is counted: each of the 13 ranks of the up card (its suit is fixed: the four suits are alike,
weight 4), each five of the 51 other cards for the player, up to the permutations of the three other suits
(each class once, weighted by its size), and ``w`` by inclusion–exclusion over the cards the player holds:
the croupier's fives that miss the player's five are all fives, less those that hold one of his cards, plus
those that hold two, …; the fives holding a given set of ``k`` cards, sorted by the croupier's best four, are
one sorted array for each ``k``, and a count is a binary search.

A small deck (the four suits of some ranks) is counted the same way, and by brute force in the tests:

>>> from fractions import Fraction as F
>>> from jokoak.games.four_card.engine import Rules
>>> from jokoak.engine.poker import Category as C
>>> rules = Rules({}, {C.THREE_OF_A_KIND: F(2)})
>>> found = ante_edge(rules, ranks=(9, 10, 11, 12))   # the sixteen cards J, Q, K, A: the player gains
>>> found.edge, found.fold, found.low, found.high, found.rounds
(Fraction(-1017, 1274), Fraction(36, 91), Fraction(25, 286), Fraction(1035, 2002), 48048)
>>> ante_edge(rules, ranks=(11, 12))
Traceback (most recent call last):
ValueError: The deck must have at least 11 cards for the player's 5 and the croupier's 6, got 8.
"""

from __future__ import annotations

import functools
import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

import numpy as np
import numpy.typing as npt

from ...engine.poker import FOUR_CARD, Category, combinations, values
from .engine import Rules

Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class AnteEdge:
    """The exact house edge of the Ante per unit of Ante (Play and Bono included) under the best play, and how
    often the best play folds, plays the least Play (``low``) and the most (``high``), as shares of every
    round (the player's five and the croupier's up card); ``rounds``: how many rounds were counted
    (52 × C(51, 5) for the full deck); ``seconds``: the time it took."""

    edge: Fraction
    fold: Fraction
    low: Fraction
    high: Fraction
    rounds: int
    seconds: float

    @property
    def method(self) -> str:
        return ("exact: every player's five and croupier's up card, each valued over every hidden five of the "
                "croupier from the cards left; the player folds or plays the least or the most Play, whichever "
                "returns the most given his cards and the up card (the best play)")


def ante_edge(rules: Rules, ranks: Sequence[int] = range(13)) -> AnteEdge:
    """The exact house edge of the Ante under the best play, from a deck of the four suits of ``ranks``
    (0 the 2 … 12 the ace; by default the 52 cards: about 30 seconds on one core and 0.6 GB of memory).

    The Play is taken to be within the table's maximum (an Ante of at most a third of it, 001:1922)."""
    if not set(ranks) <= set(range(13)):
        raise ValueError(f"A rank is from 0 (the 2) to 12 (the ace), got {sorted(set(ranks))}.")
    deck = [4 * r + s for r in sorted(set(ranks)) for s in range(4)]
    if len(deck) < 11:
        raise ValueError(f"The deck must have at least 11 cards for the player's 5 and the croupier's 6, "
                         f"got {len(deck)}.")
    start = time.perf_counter()
    hidden = comb(len(deck) - 6, 5)
    plays = (rules.play_range[0], rules.play_range[1])
    scale = _scale(rules)
    bonus = _bonus(rules, scale)
    total = [0, 0, 0]  # rounds folded, played low, played high (each up card of a rank counted once)
    value = 0
    for rank in sorted(set(ranks)):
        up = 4 * rank
        rest = np.array([card for card in deck if card != up], np.int64)
        fives = combinations(len(rest), 5)
        player = _rank(values(rest[fives], FOUR_CARD))
        croupier = _rank(values(np.column_stack([rest[fives], np.full(len(fives), up)]), FOUR_CARD))
        rows, weight = _classes(fives, rest)
        beat = _count(fives, len(rest), croupier, player, rows, "right")
        lose = hidden - beat
        win = beat if rules.player_wins_ties else _count(fives, len(rest), croupier, player, rows, "left")
        b = bonus[player[rows]]
        folded = np.full(len(rows), -scale * hidden) + (b * hidden if rules.bonus_on_fold else 0)
        choices = [folded] + [_times(scale * (1 + m) * rules.payout) * win - _times(scale * (1 + m)) * lose
                            + b * hidden for m in plays]
        returns = np.stack(choices)
        best = returns.argmax(axis=0)  # the first of equal returns: the smaller stake
        value += int((returns.max(axis=0) * weight).sum())
        for choice in range(3):
            total[choice] += int(weight[best == choice].sum())
    rounds = sum(total)
    fold, low, high = (Fraction(t, rounds) for t in total)
    return AnteEdge(-Fraction(value, rounds * hidden * scale), fold, low, high, 4 * rounds,
                    time.perf_counter() - start)


def _scale(rules: Rules) -> int:
    """The least common denominator of the returns' coefficients, so that every return is an integer."""
    parts = [*rules.ante_bonus.values()]
    for m in rules.play_range:
        parts += [(1 + m) * rules.payout, 1 + m]
    return lcm(*(Fraction(p).denominator for p in parts))


def _times(x: Fraction) -> int:
    if x.denominator != 1:
        raise ValueError(f"{x} is not a whole number: the returns are scaled by their common denominator.")
    return int(x)


def _bonus(rules: Rules, scale: int) -> Ints:
    """The Bono, times ``scale``, of each four-card value in the order of :func:`_unique`."""
    cats = (_unique() >> 20) & 15
    return np.array([_times(scale * rules.ante_bonus.get(Category(int(c)), Fraction(0))) for c in cats], np.int64)


@functools.cache
def _unique() -> Ints:
    """Every value of a four-card hand, in order (2,535 of them): the best four of more cards is one of them."""
    return np.unique(values(combinations(52, 4), FOUR_CARD)).astype(np.int64)


def _rank(hand_values: npt.NDArray[np.int32]) -> Ints:
    """Each value's place among :func:`_unique`: equal hands equal, a better hand a higher place."""
    return np.searchsorted(_unique(), hand_values).astype(np.int64)


def _colex(sets: npt.NDArray[np.uint8]) -> Ints:
    """The colex number of each row of ``sets`` (increasing rows): its row in ``combinations(n, k)``."""
    found = np.zeros(len(sets), np.int64)
    for i in range(sets.shape[1]):
        found += _BINOM[i + 1][sets[:, i]]
    return found


_BINOM = np.array([[comb(n, k) for n in range(53)] for k in range(7)], np.int64)


def _classes(fives: npt.NDArray[np.uint8], rest: Ints) -> tuple[Ints, Ints]:
    """The player's fives up to the permutations of the suits of the up card's three others (the up card is a
    club): the row of one five of each class (the one of the least set of cards) and the number of fives in
    it (6 over the number of permutations that leave the five as it is)."""
    bits = np.int64(1) << rest
    mask = bits[fives[:, 0]] | bits[fives[:, 1]] | bits[fives[:, 2]] | bits[fives[:, 3]] | bits[fives[:, 4]]
    suits = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]
    least = mask.copy()
    fixed = np.zeros(len(mask), np.int64)
    for perm in itertools.permutations((1, 2, 3)):
        moved = mask & suits[0]
        for suit, to in zip((1, 2, 3), perm, strict=True):
            moved |= (mask & suits[suit]) << to >> suit
        np.minimum(least, moved, out=least)
        fixed += moved == mask
    rows = np.flatnonzero(least == mask)
    return rows, 6 // fixed[rows]


def _count(fives: npt.NDArray[np.uint8], n: int, croupier: Ints, player: Ints, rows: Ints, side: str) -> Ints:
    """For each player's five ``fives[rows]``: how many fives disjoint from it the croupier's four beat at most
    (``side="right"``: his four at most equal to the player's) or less (``"left"``: strictly below).

    Inclusion–exclusion: the fives holding a set S of k of the player's cards, summed with the sign (-1)^k over
    every S (k = 0 … 5). The fives holding each k-set are a run of the array of (k-set, croupier's four) keys
    sorted, ``comb(n - k, 5 - k)`` long, the runs in the order of the k-sets' colex numbers."""
    size = len(_unique())
    mine = fives[rows]
    found = np.zeros(len(rows), np.int64)
    for k in range(5):
        subsets = combinations(5, k)
        assert size * comb(n, k) < 2**31  # 633,496,500 at most (51 cards, k = 4): the keys fit 32 bits
        keys = np.concatenate([(_colex(fives[:, s]) * size + croupier).astype(np.int32) for s in subsets])
        keys.sort()
        sets = np.stack([_colex(mine[:, s]) for s in subsets])
        queries = (sets * size + player[rows]).ravel()
        order = np.argsort(queries)
        below = np.empty_like(queries)
        below[order] = np.searchsorted(keys, queries[order].astype(np.int32), side=side)  # type: ignore[call-overload]
        counts = below - sets.ravel() * comb(n - k, 5 - k)
        found += (-1) ** k * counts.reshape(len(subsets), -1).sum(axis=0)
    last = croupier[rows] <= player[rows] if side == "right" else croupier[rows] < player[rows]
    found -= last  # k = 5: the one five holding the player's five is his own
    if found.min(initial=0) < 0 or found.max(initial=0) > comb(n - 5, 5):
        raise AssertionError("inclusion–exclusion out of range: the sorted runs are broken")
    return found
