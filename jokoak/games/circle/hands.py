"""The hands of circle poker: the ranking of 000:4897-4938 (001:2400-2417) with its ties (000:4939-4966,
001:2419-2435), for a deck of 52, 32 or 28 cards, «Figuras» where the variant plays it, the colour above the full
in a deck of fewer than 52 cards, the best five of more, Omaha's two and three, and Omaha Hi&Low's low hand.

A hand's *value* is an integer that orders the hands of one :class:`Ranking` totally (equal hands equal); its
:class:`Combination` and the ranks that decide a tie are read from it (:class:`HandValue`). Many hands are valued
at once over numpy arrays (:func:`values`, :func:`values_two_three`).

>>> from .cards import DECK_32, dealt
>>> evaluate(dealt("Ah Kd Qc Jh Th 9s 2c")).combination.name
'STRAIGHT'
>>> short = Ranking(DECK_32)
>>> evaluate(dealt("Ah 7d 8c 9h Ts", DECK_32), short).ranks   # the ace low below the 7: a straight to the 10
(8,)
>>> evaluate(dealt("9h 8h Jh Qh Ah", DECK_32), short) > evaluate(dealt("9s 9d 9c 8s 8d", DECK_32), short)
True
>>> covered = Ranking(figures=True)
>>> evaluate(dealt("Ah Ad Kc Qs Jh"), covered).combination.name                # Figuras above two pairs
'FIGURES'

Ties (000:4939-4966) are decided as the text says, and, where it stops (a poker's fifth card, a full's pair, a
trío's and a colour's further cards), as Extremadura goes on (001:2421-2429) and card by card after that. Figuras
(our reading of 000:4956-4957): the highest pair, then the other three cards from the highest (five cards of four
ranks always hold a pair). The ace counts low only in a straight (000:4775-4777).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations as subsets
from typing import Literal

import numpy as np
import numpy.typing as npt

from .cards import DECK_52, Deck, dealt, names

Values = npt.NDArray[np.int64]
ACE = 12
JACK = 9


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


C = Combination
RUNS = (C.STRAIGHT, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH)


@dataclass(frozen=True)
class Ranking:
    """How hands rank in a variant: its ``deck`` (the ace plays low below the deck's lowest rank in a straight,
    000:4775-4777), ``figures`` («Figuras» between trío and doble pareja, only in covered poker, 000:4922-4924)
    and ``flush_over_full`` (000:4937-4938, 001:2417, 001:2909; by default true exactly when the deck has fewer
    than 52 cards). ``order`` lists the combinations that exist, lowest first.

    >>> [c.name for c in Ranking(deck=Deck(32, 5)).order][4:7]
    ['STRAIGHT', 'FULL_HOUSE', 'FLUSH']
    """

    deck: Deck = DECK_52
    figures: bool = False
    flush_over_full: bool | None = None

    @property
    def colour_first(self) -> bool:
        return self.deck.size < 52 if self.flush_over_full is None else self.flush_over_full

    @property
    def order(self) -> tuple[Combination, ...]:
        middle = (C.FULL_HOUSE, C.FLUSH) if self.colour_first else (C.FLUSH, C.FULL_HOUSE)
        figures = (C.FIGURES,) if self.figures else ()
        return (C.HIGH_CARD, C.PAIR, C.TWO_PAIR, *figures, C.THREE_OF_A_KIND, C.STRAIGHT, *middle,
                C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH)


STANDARD = Ranking()
"""Hold'em, Omaha, seven-card stud: 52 cards, no Figuras."""


def _decode_ranks(value: int) -> tuple[int, ...]:
    if C((value >> 20) & 15) in RUNS:
        return (((value >> 16) & 15) - 1,)
    fields = [(value >> (16 - 4 * i)) & 15 for i in range(5)]
    return tuple(f - 1 for f in fields if f)


@dataclass(frozen=True, order=True)
class HandValue:
    """A hand's worth in its ranking: ``value`` orders the hands; ``combination`` and ``ranks`` (the ranks that
    decide a tie, most significant first; a straight's highest card, the ace of a wheel counting low) say it in
    words; ``cards`` are the five cards that make it (not compared)."""

    value: int
    cards: tuple[int, ...] = field(default=(), compare=False)

    @property
    def combination(self) -> Combination:
        return C((self.value >> 20) & 15)

    @property
    def ranks(self) -> tuple[int, ...]:
        return _decode_ranks(self.value)

    def __repr__(self) -> str:
        shown = f", cards='{names(self.cards)}'" if self.cards else ""
        return f"HandValue({self.combination.name}, ranks={self.ranks}{shown})"


# --- five cards ----------------------------------------------------------------------------------------------

def _encode(ranking: Ranking, combination: Combination, fields: Sequence[int]) -> int:
    place = ranking.order.index(combination)
    return place << 24 | combination << 20 | sum((f + 1) << (16 - 4 * i) for i, f in enumerate(fields))


def _top_of_run(ranks: set[int], lowest: int) -> int | None:
    """The highest card of a straight made by five ranks, or None; the ace below ``lowest`` makes the lowest
    straight, its top ``lowest + 3`` (000:4775-4777)."""
    if len(ranks) != 5:
        return None
    if max(ranks) - min(ranks) == 4:
        return max(ranks)
    if ranks == {ACE, lowest, lowest + 1, lowest + 2, lowest + 3}:
        return lowest + 3
    return None


def _five(ranks: Sequence[int], flush: bool, ranking: Ranking) -> int:
    """The value of five cards of these ranks, of one suit or not."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    # the ranks by count, then by rank, highest first: the order in which a tie is decided
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    top = _top_of_run(set(ranks), ranking.deck.lowest)
    desc = sorted(ranks, reverse=True)
    if flush and top is not None:
        return _encode(ranking, C.ROYAL_FLUSH if top == ACE else C.STRAIGHT_FLUSH, [top])
    if shape[0] == 4:
        return _encode(ranking, C.FOUR_OF_A_KIND, by_count)
    if shape == [3, 2]:
        return _encode(ranking, C.FULL_HOUSE, by_count)
    if flush:
        return _encode(ranking, C.FLUSH, desc)
    if top is not None:
        return _encode(ranking, C.STRAIGHT, [top])
    if shape[0] == 3:
        return _encode(ranking, C.THREE_OF_A_KIND, by_count)
    if ranking.figures and min(ranks) >= JACK:
        pair = max(r for r in counts if counts[r] >= 2)
        rest = sorted(ranks, reverse=True)
        rest.remove(pair)
        rest.remove(pair)
        return _encode(ranking, C.FIGURES, [pair, *rest])
    if shape[:2] == [2, 2]:
        return _encode(ranking, C.TWO_PAIR, by_count)
    if shape[0] == 2:
        return _encode(ranking, C.PAIR, by_count)
    return _encode(ranking, C.HIGH_CARD, desc)


# --- the tables: a hand's ranks are a multiset, read card by card through a table of transitions -------------

@functools.cache
def _states() -> tuple[list[tuple[int, ...]], npt.NDArray[np.int64], list[int]]:
    """Every multiset of up to 7 ranks (at most four of a rank), as sorted tuples; the transitions (state * 13 +
    rank -> next state); the first state of each size."""
    levels: list[list[tuple[int, ...]]] = [[()]]
    for _ in range(7):
        following = {tuple(sorted((*s, r))) for s in levels[-1] for r in range(13) if s.count(r) < 4}
        levels.append(sorted(following))
    states = [s for level in levels for s in level]
    index = {s: i for i, s in enumerate(states)}
    nxt = np.zeros(len(states) * 13, np.int64)
    for i, s in enumerate(states):
        if len(s) < 7:
            for r in range(13):
                if s.count(r) < 4:
                    nxt[13 * i + r] = index[tuple(sorted((*s, r)))]
    starts = list(np.cumsum([0] + [len(level) for level in levels]))
    return states, nxt, [int(x) for x in starts]


@functools.cache
def _five_table(ranking: Ranking) -> dict[tuple[int, ...], int]:
    states, _, starts = _states()
    return {s: _five(s, False, ranking) for s in states[starts[5]:starts[6]]}


@functools.cache
def _rank_values(ranking: Ranking, size: int) -> Values:
    """The best non-colour value of each multiset of ``size`` ranks (0 for other sizes)."""
    states, _, starts = _states()
    five = _five_table(ranking)
    table = np.zeros(len(states), np.int64)
    for i in range(starts[size], starts[size + 1]):
        table[i] = max(five[sub] for sub in set(subsets(states[i], 5)))
    return table


@functools.cache
def _flush_values(ranking: Ranking) -> Values:
    """The best colour or straight colour of a suit's 13-bit mask of ranks (0 with fewer than five)."""
    table = np.zeros(8192, np.int64)
    for mask in range(8192):
        ranks = [r for r in range(13) if mask >> r & 1]
        if 5 <= len(ranks) <= 7:
            table[mask] = max(_five(sub, True, ranking) for sub in subsets(ranks, 5))
    return table


def _check(hands: npt.ArrayLike, ranking: Ranking, least: int, most: int) -> npt.NDArray[np.int64]:
    array = np.asarray(hands, np.int64)
    if array.ndim != 2 or not least <= array.shape[1] <= most:
        got = array.shape[1] if array.ndim == 2 else array.shape
        raise ValueError(f"A hand here has from {least} to {most} cards, not {got}.")
    if array.size and (array.min() < 4 * ranking.deck.lowest or array.max() > 51):
        raise ValueError(f"A card is not of {ranking.deck.describe()}.")
    return array


def _rank_states(columns: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    _, nxt, _ = _states()
    state = np.zeros(columns.shape[1], np.int64)
    for column in columns:
        state = nxt[13 * state + column // 4]
    return state


def _suit_masks(columns: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    bits = np.int64(1) << (16 * (columns % 4) + columns // 4)
    masks: npt.NDArray[np.int64] = np.bitwise_or.reduce(bits, axis=0)
    return masks


def values(hands: npt.ArrayLike, ranking: Ranking = STANDARD) -> Values:
    """The value of each row of ``hands`` (an integer array, shape (n, 5 to 7)): its best five. The cards of a
    row are not checked for repeats (:func:`evaluate` checks one hand).

    >>> v = values([dealt("2c 3d 4h 5s 7c"), dealt("Ah Ad 3c 3d 9s")])
    >>> bool(v[0] < v[1]), [Combination(c).name for c in combination_of(v)]
    (True, ['HIGH_CARD', 'TWO_PAIR'])
    """
    array = _check(hands, ranking, 5, 7)
    columns = np.ascontiguousarray(array.T)
    value = _rank_values(ranking, array.shape[1])[_rank_states(columns)]
    masks = _suit_masks(columns)
    flush = _flush_values(ranking)
    for suit in range(4):
        np.maximum(value, flush[(masks >> (16 * suit)) & 8191], out=value)
    return value


def values_two_three(holes: npt.ArrayLike, boards: npt.ArrayLike, ranking: Ranking = STANDARD) -> Values:
    """Row by row, the best of two of ``holes[i]`` and three of ``boards[i]``.

    >>> hole, board = dealt("Ah Ad Ac Kd"), dealt("As 2c 7h 9s Jd")  # four aces, but only two of the hand count
    >>> Combination(int(combination_of(values_two_three([hole], [board]))[0])).name
    'THREE_OF_A_KIND'
    """
    hole = _check(holes, ranking, 2, 7)
    board = _check(boards, ranking, 3, 5)
    if len(hole) != len(board):
        raise ValueError(f"Each hand needs its common cards: {len(hole)} hands, {len(board)} boards.")
    _, nxt, _ = _states()
    table = _rank_values(ranking, 5)
    flush = _flush_values(ranking)
    best = np.zeros(len(hole), np.int64)
    for three in subsets(range(board.shape[1]), 3):
        columns = np.ascontiguousarray(board[:, three].T)
        state3, masks3 = _rank_states(columns), _suit_masks(columns)
        for two in subsets(range(hole.shape[1]), 2):
            state, masks = state3, masks3
            for c in two:
                state = nxt[13 * state + hole[:, c] // 4]
                masks = masks | np.int64(1) << (16 * (hole[:, c] % 4) + hole[:, c] // 4)
            value = table[state]
            for suit in range(4):
                np.maximum(value, flush[(masks >> (16 * suit)) & 8191], out=value)
            np.maximum(best, value, out=best)
    return best


def evaluate(cards: Sequence[int], ranking: Ranking = STANDARD) -> HandValue:
    """The best five of ``cards`` (five to seven cards of ``ranking.deck``), with the five that make it.

    >>> evaluate(dealt("As Ad Kc Kd 2h 2c 9s"))
    HandValue(TWO_PAIR, ranks=(12, 11, 7), cards='As Ad Kc Kd 9s')
    >>> evaluate(dealt("As Ad Kc Kd"))
    Traceback (most recent call last):
    ValueError: A hand here has from 5 to 7 cards, not 4.
    """
    hand = dealt(cards, ranking.deck)
    value = int(values([hand], ranking)[0])
    return HandValue(value, _five_cards(hand, value, ranking))


def _five_cards(cards: Sequence[int], value: int, ranking: Ranking) -> tuple[int, ...]:
    for five in subsets(cards, 5):
        if _five([c // 4 for c in five], len({c % 4 for c in five}) == 1, ranking) == value:
            return five
    raise AssertionError("no five cards make the value")  # pragma: no cover


def evaluate_two_three(hole: Sequence[int], board: Sequence[int], ranking: Ranking = STANDARD) -> HandValue:
    """The best hand of exactly two of ``hole`` and three of ``board`` (Omaha, 000:5371-5375, 000:5409-5412;
    Sintético, 000:5631-5634).

    >>> evaluate_two_three(dealt("Ah Kh 2c 3d"), dealt("Qh Jh Th 5s 5d"))
    HandValue(ROYAL_FLUSH, ranks=(12,), cards='Ah Kh Qh Jh Th')
    """
    mine, common = dealt(hole, ranking.deck), dealt(board, ranking.deck)
    dealt((*mine, *common), ranking.deck)
    value = int(values_two_three([mine], [common], ranking)[0])
    for two in subsets(mine, 2):
        for three in subsets(common, 3):
            five = (*two, *three)
            if _five([c // 4 for c in five], len({c % 4 for c in five}) == 1, ranking) == value:
                return HandValue(value, five)
    raise AssertionError("no five cards make the value")  # pragma: no cover


def combination_of(value: int | Values) -> Combination | npt.NDArray[np.int64]:
    """The :class:`Combination` of a value (or, for an array, of each, as integers)."""
    if isinstance(value, (int, np.integer)):
        return C((int(value) >> 20) & 15)
    found: npt.NDArray[np.int64] = (np.asarray(value) >> 20) & 15
    return found


def counts(hand_values: Values, ranking: Ranking = STANDARD) -> dict[Combination, int]:
    """How many hands of each combination of the ranking (0 where none)."""
    found = np.bincount(np.asarray(combination_of(hand_values)).ravel(), minlength=len(C))
    return {c: int(found[c]) for c in ranking.order}


# --- Omaha Hi&Low's low hand (000:5456-5465) --------------------------------------------------------------
# «Para poder jugar a la combinación de menor valor, deberán existir tres naipes comunes a los jugadores, de rango
# igualo inferior a 8. El As se podrá utilizar tanto para la combinación de mayor valor, como para la de menor
# valor» (000:5462-5465; «igualo» sic). Our reading: a low is made as the high hand is, two of the player's cards
# and three common ones (000:5448-5452, 000:5456-5457), all five of rank 8 or lower, the ace the lowest card; so a
# low exists only when three common cards are of 8 or lower, as the text requires. The text names no other
# condition: the better low is the ranking's «de menor valor» (``"ranking"``); the customary eight-or-better
# (``"ace-to-five"``) is the alternative for the legal team. A player without a low has no part in the low half;
# with no low at all the high hand takes the whole pot («Para poder jugar», 000:5462).

LowRule = Literal["ranking", "ace-to-five"]
"""How low hands compare. ``"ranking"``: our reading of 000:5458-5465, the combination «de menor valor»
(000:5459) under the ranking of 000:4897-4938 with the ace the lowest card, so that a pair, a straight (the ace to
the 5 is one) or a colour count against it; ``"ace-to-five"``: the customary eight-or-better (five different ranks,
straights and colours ignored)."""

NO_LOW = 1 << 40
"""The low value of a hand that has no low: higher than every low."""


def _low_rank(card: int) -> int:
    """The rank in a low hand: the ace 0 (it plays as the lowest card, 000:5464-5465), the 2 1 … the 8 7; 8 or
    more above the 8."""
    return 0 if card // 4 == ACE else card // 4 + 1


def _low_five(ranks: Sequence[int], flush: bool, rule: LowRule) -> int:
    """The low value of five cards of these low ranks (each 0 to 7): lower is better."""
    if rule == "ace-to-five":
        if len(set(ranks)) < 5:
            return NO_LOW
        return _encode(STANDARD, C.HIGH_CARD, sorted(ranks, reverse=True))
    # the ace is rank 0 and no rank is 12: a straight is any five in a row, the ace to the 5 the lowest one
    return _five(ranks, flush, STANDARD)


@functools.cache
def _low_table(rule: LowRule) -> Values:
    """The low value of five cards by the key ``sum(5 ** rank)`` of their low ranks, plus ``5 ** 8`` for a colour."""
    table = np.full(2 * 5 ** 8, NO_LOW, np.int64)
    for five in {tuple(sorted(s)) for s in subsets([r for r in range(8) for _ in range(4)], 5)}:
        key = sum(5 ** r for r in five)
        table[key] = _low_five(five, False, rule)
        if len(set(five)) == 5:
            table[5 ** 8 + key] = _low_five(five, True, rule)
    return table


@dataclass(frozen=True, order=True)
class LowValue:
    """A low hand's worth: the *lower* ``value`` is the better low; ``cards`` the five that make it."""

    value: int
    cards: tuple[int, ...] = field(default=(), compare=False)

    @property
    def ranks(self) -> tuple[int, ...]:
        """Its ranks, highest first, the ace as 1 … the 8 as 8."""
        if self.cards:
            return tuple(sorted((_low_rank(c) + 1 for c in self.cards), reverse=True))
        return tuple(r + 1 for r in _decode_ranks(self.value))

    def __repr__(self) -> str:
        return f"LowValue(ranks={self.ranks}, cards='{names(self.cards)}')"


def board_allows_low(board: Sequence[int]) -> bool:
    """Whether the common cards hold three of rank 8 or lower, the ace counting low (000:5462-5465).

    >>> board_allows_low(dealt("Ah 8d Kc 3s Qd")), board_allows_low(dealt("Ah 9d Kc 3s Qd"))
    (True, False)
    """
    return sum(_low_rank(c) <= 7 for c in board) >= 3


def low_values(holes: npt.ArrayLike, boards: npt.ArrayLike, rule: LowRule = "ranking") -> Values:
    """Row by row, the value of :func:`low_hand` (lower is better), :data:`NO_LOW` where there is none."""
    hole = _check(holes, STANDARD, 2, 5)
    board = _check(boards, STANDARD, 3, 5)
    table = _low_table(rule)
    low = np.where(hole // 4 == ACE, 0, hole // 4 + 1), np.where(board // 4 == ACE, 0, board // 4 + 1)
    best = np.full(len(hole), NO_LOW, np.int64)
    for two in subsets(range(hole.shape[1]), 2):
        for three in subsets(range(board.shape[1]), 3):
            ranks = np.concatenate([low[0][:, two], low[1][:, three]], axis=1)
            suits = np.concatenate([hole[:, two] % 4, board[:, three] % 4], axis=1)
            key = (5 ** np.minimum(ranks, 8)).sum(axis=1) + 5 ** 8 * (suits == suits[:, :1]).all(axis=1)
            value = np.where((ranks <= 7).all(axis=1), table[np.minimum(key, 2 * 5 ** 8 - 1)], NO_LOW)
            np.minimum(best, value, out=best)
    return best


def low_hand(hole: Sequence[int], board: Sequence[int], rule: LowRule = "ranking") -> LowValue | None:
    """The player's best low: two of ``hole`` and three of ``board``, all five of rank 8 or lower (the ace low),
    or None when he has none, as when the board does not allow one (000:5462-5465).

    >>> low_hand(dealt("Ah 2d Kc Kd"), dealt("3s 5h 8c Qd Jd"))
    LowValue(ranks=(8, 5, 3, 2, 1), cards='Ah 2d 3s 5h 8c')
    >>> hole, board = dealt("Ah 2d 6c Kd"), dealt("3s 4h 5c Qd Jd")
    >>> low_hand(hole, board)                             # the ace to the 5 is a straight: it counts against
    LowValue(ranks=(6, 5, 4, 3, 1), cards='Ah 6c 3s 4h 5c')
    >>> low_hand(hole, board, "ace-to-five")
    LowValue(ranks=(5, 4, 3, 2, 1), cards='Ah 2d 3s 4h 5c')
    >>> low_hand(hole, dealt("3s 9h Tc Qd Jd")) is None   # one common card of 8 or lower
    True
    """
    mine, common = dealt(hole), dealt(board)
    dealt((*mine, *common))
    value = int(low_values([mine], [common], rule)[0])
    if value == NO_LOW:
        return None
    for two in subsets(mine, 2):
        for three in subsets(common, 3):
            five = (*two, *three)
            ranks = [_low_rank(c) for c in five]
            if max(ranks) <= 7 and _low_five(ranks, len({c % 4 for c in five}) == 1, rule) == value:
                return LowValue(value, five)
    raise AssertionError("no five cards make the low")  # pragma: no cover


def showing_value(cards: Sequence[int], ranking: Ranking = STANDARD) -> int:
    """The worth of a stud player's face-up cards (one to four) to say who speaks first: pokers, trios, two pairs
    and pairs, then the highest cards, straights and colours not counting (001:2693); higher speaks first
    (000:5588-5589, 001:2673, 001:2749).

    >>> showing_value(dealt("9s 9d")) > showing_value(dealt("Ah Kd")) > showing_value(dealt("Ah Qd"))
    True
    """
    ranks = [c // 4 for c in dealt(cards, ranking.deck)]
    if not 1 <= len(ranks) <= 4:
        raise ValueError(f"A stud player shows from one to four cards, not {len(ranks)}.")
    count = {r: ranks.count(r) for r in set(ranks)}
    order = sorted(count, key=lambda r: (count[r], r), reverse=True)
    shape = sorted(count.values(), reverse=True)
    combination = {4: C.FOUR_OF_A_KIND, 3: C.THREE_OF_A_KIND}.get(shape[0], C.PAIR if shape[0] == 2 else C.HIGH_CARD)
    if shape[:2] == [2, 2]:
        combination = C.TWO_PAIR
    place = (C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.FOUR_OF_A_KIND).index(combination)
    fields = [r for r in order for _ in range(1 if combination == C.HIGH_CARD else count[r])]
    return place << 24 | sum((f + 1) << (16 - 4 * i) for i, f in enumerate(sorted(set(fields), key=fields.index)))
