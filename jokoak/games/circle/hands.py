"""The hands of circle poker: the ranking of 000:4897-4938 (001:2400-2417) with its ties (000:4939-4966,
001:2419-2435), for a deck of 52, 32 or 28 cards, «Figuras» where the variant plays it, the colour above the full
in a deck of fewer than 52 cards, the best five of more, Omaha's two and three, and Omaha Hi&Low's low hand.

A hand's *value* is an integer that orders the hands of one :class:`Ranking` totally (equal hands equal); its
:class:`Combination` and the ranks that decide a tie are read from it (:class:`HandValue`). Many hands are valued
at once over numpy arrays (:func:`values`, :func:`values_two_three`).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import numpy.typing as npt

from .cards import DECK_52, Deck

Values = npt.NDArray[np.int64]


class Combination(enum.IntEnum):
    """The combinations of 000:4899-4935, by English names as :class:`jokoak.engine.poker.Category` has them
    (``FIGURES`` is «Figuras», 000:4922-4924). The integer is an id, not the order: a :class:`Ranking` orders them."""

    HIGH_CARD = 0        # carta mayor (k)
    PAIR = 1             # pareja (j)
    TWO_PAIR = 2         # doble pareja (i)
    FIGURES = 3          # figuras (h): five cards all A, K, Q or J; covered poker only
    THREE_OF_A_KIND = 4  # trío (g)
    STRAIGHT = 5         # escalera (f)
    FLUSH = 6            # color (e)
    FULL_HOUSE = 7       # full (d)
    FOUR_OF_A_KIND = 8   # poker (c)
    STRAIGHT_FLUSH = 9   # escalera de color (b)
    ROYAL_FLUSH = 10     # escalera de color real (a)

    @property
    def id(self) -> str:
        """The combination's id: ``"royal-flush"``, ``"figures"``."""
        return self.name.lower().replace("_", "-")


@dataclass(frozen=True)
class Ranking:
    """How hands rank in a variant: its ``deck`` (the ace plays low below the deck's lowest rank in a straight,
    000:4775-4777), ``figures`` («Figuras» between trío and doble pareja, only in covered poker, 000:4922-4924)
    and ``flush_over_full`` (000:4937-4938, 001:2417, 001:2909; by default true exactly when the deck has fewer
    than 52 cards). ``order`` lists the combinations that exist, lowest first."""

    deck: Deck = DECK_52
    figures: bool = False
    flush_over_full: bool | None = None

    @property
    def order(self) -> tuple[Combination, ...]:
        raise NotImplementedError


STANDARD = Ranking()
"""Hold'em, Omaha, seven-card stud: 52 cards, no Figuras."""


@dataclass(frozen=True, order=True)
class HandValue:
    """A hand's worth in its ranking: ``value`` orders the hands; ``combination`` and ``ranks`` (the ranks that
    decide a tie, most significant first; a straight's highest card, the ace of a wheel counting low) say it in
    words; ``cards`` are the five cards that make it (not compared)."""

    value: int
    cards: tuple[int, ...] = field(default=(), compare=False)

    @property
    def combination(self) -> Combination:
        raise NotImplementedError

    @property
    def ranks(self) -> tuple[int, ...]:
        raise NotImplementedError


def evaluate(cards: Sequence[int], ranking: Ranking = STANDARD) -> HandValue:
    """The best five of ``cards`` (five to seven cards of ``ranking.deck``)."""
    raise NotImplementedError


def evaluate_two_three(hole: Sequence[int], board: Sequence[int], ranking: Ranking = STANDARD) -> HandValue:
    """The best hand of exactly two of ``hole`` and three of ``board`` (Omaha, 000:5371-5375, 000:5409-5412;
    Sintético, 000:5631-5634)."""
    raise NotImplementedError


def values(hands: npt.ArrayLike, ranking: Ranking = STANDARD) -> Values:
    """The value of each row of ``hands`` (an integer array, shape (n, 5 to 7)): its best five."""
    raise NotImplementedError


def values_two_three(holes: npt.ArrayLike, boards: npt.ArrayLike, ranking: Ranking = STANDARD) -> Values:
    """Row by row, the best of two of ``holes[i]`` and three of ``boards[i]``."""
    raise NotImplementedError


def combination_of(value: int | Values) -> Combination | npt.NDArray[np.int64]:
    """The :class:`Combination` of a value (or, for an array, of each, as integers)."""
    raise NotImplementedError


# --- Omaha Hi&Low's low hand (000:5456-5465) --------------------------------------------------------------

LowRule = Literal["ranking", "ace-to-five"]
"""How low hands compare. ``"ranking"``: our reading of 000:5458-5465 (the combination «de menor valor» under
the ranking of 000:4897-4938, the ace the lowest card: a pair, a straight or a flush count against it);
``"ace-to-five"``: the customary eight-or-better (five different ranks, straights and flushes ignored)."""


@dataclass(frozen=True, order=True)
class LowValue:
    """A low hand's worth: the *lower* ``value`` is the better low; ``cards`` the five that make it."""

    value: int
    cards: tuple[int, ...] = field(default=(), compare=False)

    @property
    def ranks(self) -> tuple[int, ...]:
        """Its ranks, highest first, the ace as 1 … the 8 as 8."""
        raise NotImplementedError


def board_allows_low(board: Sequence[int]) -> bool:
    """Whether the common cards hold three of rank 8 or lower, the ace counting low (000:5462-5465)."""
    raise NotImplementedError


def low_hand(hole: Sequence[int], board: Sequence[int], rule: LowRule = "ranking") -> LowValue | None:
    """The player's best low: two of ``hole`` and three of ``board``, all five of rank 8 or lower (the ace low),
    or None when he has none or the board allows none (000:5462-5465)."""
    raise NotImplementedError


def low_values(holes: npt.ArrayLike, boards: npt.ArrayLike, rule: LowRule = "ranking") -> Values:
    """Row by row, the value of :func:`low_hand` (lower is better), ``NO_LOW`` where there is none."""
    raise NotImplementedError


NO_LOW = 1 << 40
"""The low value of a hand that has no low: higher than every low."""


def showing_value(cards: Sequence[int], ranking: Ranking = STANDARD) -> int:
    """The worth of a stud player's face-up cards (one to four) to say who speaks first: pairs, two pairs, trios
    and pokers, then the highest cards, straights and flushes not counting (001:2693); higher speaks first
    (000:5588-5589, 001:2673, 001:2749)."""
    raise NotImplementedError
