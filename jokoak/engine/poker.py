"""Poker hands: the rankings of the banked poker games, evaluated by table look-up over numpy arrays.

A card is an integer, ``4 * rank + suit`` (rank 0 the 2 … 12 the ace; suits ``c d h s``), and 52 is
the joker. A hand's *value* is an integer that orders every hand of a ranking totally, equal
hands equal; its category is read from the value. A hand of more cards than the ranking's size is
worth its best ``size`` cards (best five of seven, best four of six, …).

>>> evaluate(parse("Ah Kh Qh Jh Th")).category.name
'ROYAL_FLUSH'
>>> evaluate(parse("As 2d 3c 4h 5s")) < evaluate(parse("2s 3d 4c 5h 6s"))   # the ace low: the lowest straight
True
>>> evaluate(parse("Ah Kd 9c 9h 9s 2d 2c")).category.name                 # best five of seven
'FULL_HOUSE'
>>> evaluate(parse("Ah 7h 2h"), THREE_CARD) > evaluate(parse("5d 6c 7s"), THREE_CARD)  # a straight beats a flush
False

The same tables evaluate many hands at once: ``values(hands, ranking, rules)`` takes an integer
array of shape (hands, cards). The rules the texts leave to the game are a :class:`Rules`:

>>> PAI_GOW
Rules(wheel='second', joker=True)
>>> evaluate(parse("As Ad Ac Ah Jk"), rules=PAI_GOW).category.name
'FIVE_ACES'
>>> evaluate(parse("Jk Ad Ac Kh Ks"), rules=PAI_GOW).category.name        # the joker is an ace
'FULL_HOUSE'
>>> evaluate(parse("Ah Kd Qc Js 9s"), rules=Rules())  # without the joker rule the card does not exist
Hand(category=HIGH_CARD, ranks=(12, 11, 10, 9, 7))
>>> evaluate(parse("Ah Kd Qc Js Jk"))
Traceback (most recent call last):
ValueError: The joker is not a card of this game: turn on Rules(joker=True).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Literal

import numpy as np
import numpy.typing as npt

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs (tréboles), diamonds (diamantes), hearts (corazones), spades (picas)
JOKER = 52
ACE = 12
Cards = npt.NDArray[np.integer]
Values = npt.NDArray[np.int32]


class Category(enum.IntEnum):
    """The combinations of the texts, by their names in English (000:3139-3181, 000:4072-4106)."""

    HIGH_CARD = 0       # cartas mayores / carta más alta
    PAIR = 1            # pareja
    TWO_PAIR = 2        # doble pareja / dos pares
    THREE_OF_A_KIND = 3  # trío
    STRAIGHT = 4        # escalera
    FLUSH = 5           # color
    FULL_HOUSE = 6      # full
    FOUR_OF_A_KIND = 7  # póker
    STRAIGHT_FLUSH = 8  # escalera de color
    ROYAL_FLUSH = 9     # escalera real (de color)
    FIVE_ACES = 10      # cinco ases: four aces and the joker (Pai Gow)

    def __repr__(self) -> str:
        return self.name

    @property
    def id(self) -> str:
        """The combination's id in the catalogue and the data: ``Category.ROYAL_FLUSH.id == "royal-flush"``."""
        return self.name.lower().replace("_", "-")


C = Category


@dataclass(frozen=True)
class Ranking:
    """A ranking: how many cards a hand has (``size``) and its combinations, lowest first
    (``order``). A category not in ``order`` does not exist in it (no flush in a two-card hand)."""

    size: int
    order: tuple[Category, ...]


FIVE_CARD = Ranking(5, (C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT, C.FLUSH, C.FULL_HOUSE,
                        C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH, C.FIVE_ACES))
"""Póquer sin descarte (000:3139-3181) and Pai Gow's five-card hand (000:4072-4106)."""
FOUR_CARD = Ranking(4, (C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.STRAIGHT, C.FLUSH, C.THREE_OF_A_KIND,
                        C.STRAIGHT_FLUSH, C.FOUR_OF_A_KIND))
"""Póquer de cuatro cartas, in the order of its «Ases» pay table (001:1874-1889)."""
THREE_CARD = Ranking(3, (C.HIGH_CARD, C.PAIR, C.FLUSH, C.STRAIGHT, C.THREE_OF_A_KIND, C.STRAIGHT_FLUSH,
                         C.ROYAL_FLUSH))
"""Tripóker (000:4324-4343): a straight beats a flush, three of a kind beats a straight."""
TWO_CARD = Ranking(2, (C.HIGH_CARD, C.PAIR))
"""Pai Gow's small hand (000:3997-4001): a pair, or the higher cards."""


@dataclass(frozen=True)
class Rules:
    """What the texts leave to the game. ``wheel``: where A-2-3-4-5 ranks among straights and straight
    flushes: ``"low"``, the lowest, the ace counting below the 2 (000:3069-3072, 001:1854); ``"second"``,
    just below the ace-high one (Pai Gow, 000:4078-4079). ``joker``: the deck has a joker, used as an ace
    or as any card that completes a straight, a flush or a straight flush (000:4010-4012); in a flush
    it takes the highest rank the flush lacks."""

    wheel: Literal["low", "second"] = "low"
    joker: bool = False

    def __post_init__(self) -> None:
        if self.wheel not in ("low", "second"):
            raise ValueError(f"The wheel ranks 'low' or 'second', not {self.wheel!r}.")


PLAIN = Rules()
PAI_GOW = Rules(wheel="second", joker=True)
"""Pai Gow Poker's ranking (000:4010-4012, 4072-4106)."""


@dataclass(frozen=True, order=True)
class Hand:
    """A hand's worth: ``value`` orders the hands of a ranking totally; ``category`` and ``ranks`` (the
    ranks that decide between two hands of the category, most significant first; a straight's top card)
    say it in words. ``size``: the ranking's number of cards."""

    value: int
    size: int = field(default=5, compare=False)

    @property
    def category(self) -> Category:
        return Category((self.value >> 20) & 15)

    @property
    def ranks(self) -> tuple[int, ...]:
        if self.category in (C.STRAIGHT, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH):
            tie = (self.value >> 12) & 255
            return (self.size - 2 if tie % 2 else tie // 2 - 1),
        fields = [(self.value >> (16 - 4 * i)) & 15 for i in range(5)]
        return tuple(f - 1 for f in fields if f)

    def __repr__(self) -> str:
        return f"Hand(category={self.category.name}, ranks={self.ranks})"


# --- cards -------------------------------------------------------------------------------------------

def parse(text: str) -> tuple[int, ...]:
    """Cards from their short names, rank then suit: ``"Ah 10d 7c"`` (``T`` or ``10`` for the ten),
    ``"Jk"`` for the joker.

    >>> parse("2c Ah Jk")
    (0, 50, 52)
    >>> parse("1h")
    Traceback (most recent call last):
    ValueError: '1h' is not a card: a rank of 23456789TJQKA (or 10) and a suit of cdhs, or Jk.
    """
    cards = []
    for name in text.split():
        rank, suit = name[:-1].upper().replace("10", "T"), name[-1:].lower()
        if name == "Jk":
            cards.append(JOKER)
        elif len(rank) == 1 and rank in RANKS and suit in SUITS:
            cards.append(4 * RANKS.index(rank) + SUITS.index(suit))
        else:
            raise ValueError(f"{name!r} is not a card: a rank of {RANKS} (or 10) and a suit of {SUITS}, or Jk.")
    return tuple(cards)


def dealt(names: Sequence[str], joker: bool = False) -> tuple[int, ...]:
    """The cards dealt, one name each (``"Ah"``, ``"Td"``, ``"Jk"``), checked: none twice, and the joker
    only in a game that has one.

    >>> [name(card) for card in dealt(["Ah", "Td"])]
    ['Ah', 'Td']
    >>> dealt(["Ah", "Kd", "Ah"])
    Traceback (most recent call last):
    ValueError: A card is dealt twice: Ah.
    """
    cards = tuple(card for text in names for card in parse(str(text)))
    if len(cards) != len(names):
        raise ValueError(f"Each card is one name, such as 'Ah' or 'Td', not {' '.join(map(str, names))!r}.")
    repeated = sorted({card for card in cards if cards.count(card) > 1})
    if repeated:
        raise ValueError(f"A card is dealt twice: {' '.join(name(card) for card in repeated)}.")
    if not joker and JOKER in cards:
        raise ValueError("The joker is not a card of this game: it is played with a deck of 52 cards.")
    return cards


def name(card: int) -> str:
    """The short name of a card: ``name(50) == "Ah"``."""
    return "Jk" if card == JOKER else RANKS[card // 4] + SUITS[card % 4]


def combinations(n: int, k: int) -> npt.NDArray[np.uint8]:
    """Every set of ``k`` of ``range(n)``, one a row, in colex order (so the sets within ``range(m)``
    are the first ``comb(m, k)`` rows).

    >>> combinations(4, 2).tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
    """
    if k == 0:
        return np.zeros((1, 0), np.uint8)
    smaller = combinations(n - 1, k - 1) if n > k - 1 else np.zeros((0, k - 1), np.uint8)
    parts = [np.column_stack([smaller[:comb(top, k - 1)], np.full(comb(top, k - 1), top, np.uint8)])
             for top in range(k - 1, n)]
    return np.concatenate(parts) if parts else np.zeros((0, k), np.uint8)


# --- the tables --------------------------------------------------------------------------------------
# A hand's ranks are a multiset; the multisets of 0..7 cards are numbered (`_STATES`), and a table of
# transitions gives the number of a multiset with one more rank, so that a hand's multiset is read card
# by card with one look-up each. Flushes are read from each suit's 13-bit mask of ranks.

def _encode(ranking: Ranking, category: Category, fields: Sequence[int]) -> int:
    place = ranking.order.index(category)
    if category in (C.STRAIGHT, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH):
        return place << 24 | category << 20 | fields[0] << 12
    return place << 24 | category << 20 | sum((f + 1) << (16 - 4 * i) for i, f in enumerate(fields))


def _straight(mask: int, size: int, wheel: str) -> int:
    """The tie-break of the best straight of ``size`` cards in ``mask`` (a 13-bit set of ranks): twice its
    top rank plus one; the wheel (ace low) ranks by its top card, or just below the ace-high straight."""
    run = (1 << size) - 1
    low = (1 << ACE) | ((1 << (size - 1)) - 1)
    best = 2 * size - 2 if wheel == "low" else 2 * ACE + 1
    tops = [2 * top + 2 for top in range(12, size - 2, -1) if mask >> (top - size + 1) & run == run]
    return max(tops + [best] * (mask & low == low), default=0)


def _in(ranking: Ranking, *categories: Category) -> bool:
    return all(c in ranking.order for c in categories)


def _rank_value(counts: Sequence[int], ranking: Ranking, wheel: str) -> int:
    """The best hand of ``ranking.size`` cards with these rank counts, flushes aside."""
    m = ranking.size
    cards = [r for r in range(12, -1, -1) for _ in range(counts[r])]
    present = [r for r in range(12, -1, -1) if counts[r]]
    pairs = [r for r in present if counts[r] >= 2]
    trips = [r for r in present if counts[r] >= 3]

    def kick(*used: int) -> list[int]:
        return [r for r in cards if r not in used]

    candidates: list[tuple[Category, Sequence[int]]] = []
    if m >= 5 and counts[ACE] >= 5:
        candidates.append((C.FIVE_ACES, [ACE]))
    if m >= 4 and max(counts) >= 4:
        quad = max(r for r in present if counts[r] >= 4)
        candidates.append((C.FOUR_OF_A_KIND, [quad, *kick(quad)[:m - 4]]))
    if m >= 5 and trips and [r for r in pairs if r != trips[0]]:
        candidates.append((C.FULL_HOUSE, [trips[0], next(r for r in pairs if r != trips[0])]))
    if m >= 3 and (top := _straight(sum(1 << r for r in present), m, wheel)):
        candidates.append((C.STRAIGHT, [top]))
    if m >= 3 and trips:
        candidates.append((C.THREE_OF_A_KIND, [trips[0], *kick(trips[0])[:m - 3]]))
    if m >= 4 and len(pairs) >= 2:
        candidates.append((C.TWO_PAIR, [pairs[0], pairs[1], *kick(pairs[0], pairs[1])[:m - 4]]))
    if pairs:
        candidates.append((C.PAIR, [pairs[0], *kick(pairs[0])[:m - 2]]))
    if len(present) >= m:
        candidates.append((C.HIGH_CARD, present[:m]))
    return max((_encode(ranking, c, f) for c, f in candidates if c in ranking.order), default=0)


def _flush_value(mask: int, ranking: Ranking, wheel: str) -> int:
    """The best flush or straight flush of ``ranking.size`` cards of one suit with these ranks, or 0."""
    m = ranking.size
    present = [r for r in range(12, -1, -1) if mask >> r & 1]
    if len(present) < m or not _in(ranking, C.FLUSH):
        return 0
    best = _encode(ranking, C.FLUSH, present[:m])
    if top := _straight(mask, m, wheel):
        royal = top == 2 * ACE + 2 and _in(ranking, C.ROYAL_FLUSH)
        best = _encode(ranking, C.ROYAL_FLUSH if royal else C.STRAIGHT_FLUSH, [top])
    return best


@functools.cache
def _states() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.int64]]:
    """Every multiset of up to 7 ranks (up to four of a rank, five aces with the joker), as codes of
    3 bits a rank; the transitions (state * 13 + rank -> 13 * next state); the start of each size."""
    levels = [np.zeros(1, np.int64)]
    digit = np.int64(1) << (3 * np.arange(13, dtype=np.int64))
    limit = np.array([4] * 12 + [5], np.int64)
    for _ in range(7):
        codes = levels[-1][:, None] + digit[None, :]
        ok = (codes >> (3 * np.arange(13)) & 7) <= limit
        levels.append(np.unique(codes[ok]))
    codes = np.concatenate(levels)
    starts = np.cumsum([0] + [len(level) for level in levels])
    nxt = np.zeros((len(codes), 13), np.int64)
    for k in range(7):
        cand = levels[k][:, None] + digit[None, :]
        found = np.searchsorted(levels[k + 1], cand).clip(max=len(levels[k + 1]) - 1)
        good = levels[k + 1][found] == cand
        nxt[starts[k]:starts[k + 1]] = np.where(good, found + starts[k + 1], 0)
    return codes, (13 * nxt).astype(np.int32).ravel(), starts


@functools.cache
def _tables(ranking: Ranking, cards: int, wheel: str) -> tuple[Values, Values]:
    """For hands of ``cards`` cards: the last transition, straight to the value of the multiset (flushes
    aside); the value of a suit's mask of ranks."""
    codes, nxt, starts = _states()
    last = codes[starts[cards]:starts[cards + 1]]
    counts = (last[:, None] >> (3 * np.arange(13)) & 7).tolist()
    value = np.zeros(len(codes), np.int32)
    value[starts[cards]:starts[cards + 1]] = [_rank_value(c, ranking, wheel) for c in counts]
    final = value[nxt[:13 * starts[cards]] // 13]
    flush = np.array([_flush_value(mask, ranking, wheel) for mask in range(8192)], np.int32)
    return final, flush


@functools.cache
def _wild_tables(ranking: Ranking, wheel: str) -> tuple[Values, Values]:
    """With the joker: the best straight (not a flush) of a mask of ranks and one wild rank; the best
    flush or straight flush of a suit's mask and one wild rank."""
    flush = _tables(ranking, ranking.size, wheel)[1]
    straight_wild = np.zeros(8192, np.int32)
    if _in(ranking, C.STRAIGHT):
        for mask in range(8192):
            top = max(_straight(mask | 1 << r, ranking.size, wheel) for r in range(13))
            straight_wild[mask] = _encode(ranking, C.STRAIGHT, [top]) if top else 0
    flush_wild = np.array([max(flush[mask | 1 << r] for r in range(13) if not mask >> r & 1) if mask < 8191
                           else flush[mask] for mask in range(8192)], np.int32)
    return straight_wild, flush_wild


_RANK = np.array([c // 4 for c in range(52)] + [ACE], np.int32)        # the joker is read as an ace...
_BITS = np.array([1 << (16 * (c % 4) + c // 4) for c in range(52)] + [0], np.int64)  # ...but has no suit


def values(hands: Cards | Sequence[Sequence[int]], ranking: Ranking = FIVE_CARD, rules: Rules = PLAIN) -> Values:
    """The value of each hand, one a row of ``hands`` (from ``ranking.size`` to 7 cards a hand; a hand of
    more cards is worth its best ``ranking.size``). For speed, the cards of a row are not checked for
    repeats: :func:`evaluate` checks one hand.

    >>> v = values([parse("2c 3d 4h 5s 7c"), parse("Ah Ad 3c 3d 9s")])
    >>> bool(v[0] < v[1]), [Category(c).name for c in categories(v)]
    (True, ['HIGH_CARD', 'TWO_PAIR'])
    >>> values([parse("2c 3d 4h")])
    Traceback (most recent call last):
    ValueError: A hand of this ranking has from 5 to 7 cards, not 3.
    """
    hands = np.asarray(hands)
    size = ranking.size
    if hands.ndim != 2 or not size <= hands.shape[1] <= 7:
        shape = hands.shape[1] if hands.ndim == 2 else hands.shape
        raise ValueError(f"A hand of this ranking has from {size} to 7 cards, not {shape}.")
    if hands.size and (hands.min() < 0 or hands.max() > (JOKER if rules.joker else JOKER - 1)):
        if hands.max() == JOKER:
            raise ValueError("The joker is not a card of this game: turn on Rules(joker=True).")
        raise ValueError("A card is a number from 0 to 51, or 52 for the joker.")
    final, flush = _tables(ranking, hands.shape[1], rules.wheel)
    columns = np.ascontiguousarray(hands.T)
    state = _TRANSITIONS[_RANK[columns[0]]]
    for column in columns[1:-1]:
        state = _TRANSITIONS[state + _RANK[column]]
    value: Values = final[state + _RANK[columns[-1]]]
    if not _in(ranking, C.FLUSH):
        return value
    masks = _BITS[columns[0]]
    for column in columns[1:]:
        masks |= _BITS[column]
    for suit in range(4):
        np.maximum(value, flush[(masks >> (16 * suit)) & 8191], out=value)
    if rules.joker:
        jokers = (columns == JOKER).sum(axis=0)
        if jokers.max(initial=0) > 1:
            raise ValueError("A hand holds one joker at most.")
        rows = np.flatnonzero(jokers)
        if len(rows):
            _add_joker(value, rows, masks[rows], ranking, rules.wheel)
    return value


def _add_joker(value: Values, rows: npt.NDArray[np.intp], masks: npt.NDArray[np.int64], ranking: Ranking,
               wheel: str) -> None:
    """The joker as any card that completes a straight, a flush or a straight flush (as an ace it was
    read already)."""
    straight_wild, flush_wild = _wild_tables(ranking, wheel)
    ranks = (masks | masks >> 16 | masks >> 32 | masks >> 48) & 8191
    best = straight_wild[ranks]
    for suit in range(4):
        np.maximum(best, flush_wild[(masks >> (16 * suit)) & 8191], out=best)
    value[rows] = np.maximum(value[rows], best)


def evaluate(cards: Iterable[int], ranking: Ranking = FIVE_CARD, rules: Rules = PLAIN) -> Hand:
    """The worth of one hand: its best ``ranking.size`` cards.

    >>> evaluate(parse("As Ad Kc Kd 2h")).ranks     # aces and kings, a 2 to decide further
    (12, 11, 0)
    >>> evaluate(parse("As Ad Kc Kd As"))
    Traceback (most recent call last):
    ValueError: A card appears twice in the hand: As.
    """
    hand = tuple(cards)
    repeated = sorted({c for c in hand if hand.count(c) > 1})
    if repeated:
        raise ValueError(f"A card appears twice in the hand: {' '.join(name(c) for c in repeated)}.")
    return Hand(int(values(np.array([hand], np.int64), ranking, rules)[0]), ranking.size)


def categories(hand_values: Values) -> npt.NDArray[np.int32]:
    """The :class:`Category` of each value (as integers).

    >>> [Category(c).name for c in categories(values([parse("2c 3c 4c 5c 6c")]))]
    ['STRAIGHT_FLUSH']
    """
    found: npt.NDArray[np.int32] = (np.asarray(hand_values) >> 20) & 15
    return found


def category_counts(hand_values: Values) -> dict[Category, int]:
    """How many hands of each category, every category of the texts listed (0 where none).

    >>> category_counts(values(combinations(52, 5)))[Category.FLUSH]
    5108
    """
    counts = np.bincount(categories(hand_values).ravel(), minlength=len(Category))
    return {category: int(counts[category]) for category in Category}


# --- Pai Gow: the split of seven cards and its settlement (000:3983-4248) ------------------------------

@dataclass(frozen=True)
class Split:
    """A Pai Gow hand set: the five-card «mano alta» and the two-card «mano baja» (000:3985-3989)."""

    high: Hand
    low: Hand

    @property
    def valid(self) -> bool:
        """«La "mano" alta debe se[r] de mayor valor que la "mano" baja» (000:4167-4168): a pair
        against a pair by its rank, high cards card by card."""
        return self.high.value > self.low.value


def split(cards: Sequence[int], low: Sequence[int], rules: Rules = PAI_GOW) -> Split:
    """Seven cards set as two hands: the two cards of ``low``, and the other five.

    >>> s = split(parse("Ah Ad Kc Qs 9h 5d 2c"), parse("Kc Qs"))
    >>> s.high.category.name, s.low.ranks, s.valid
    ('PAIR', (11, 10), True)
    >>> split(parse("Ah Ad Kc Qs 9h 5d 2c"), parse("Ah Ad")).valid   # the low hand higher: a foul
    False
    >>> split(parse("Ah Ad Kc Qs 9h 5d 2c"), parse("Ah Ks"))
    Traceback (most recent call last):
    ValueError: The low hand is two of the seven cards: Ks is not among them.
    """
    seven, two = tuple(cards), tuple(low)
    if len(seven) != 7 or len(set(seven)) != 7:
        raise ValueError(f"A Pai Gow hand is seven different cards, not {' '.join(name(c) for c in seven)}.")
    if len(two) != 2 or len(set(two)) != 2 or not set(two) <= set(seven):
        outside = " ".join(name(c) for c in two if c not in seven) or "they are not two different ones"
        raise ValueError(f"The low hand is two of the seven cards: {outside} is not among them.")
    five = [c for c in seven if c not in two]
    return Split(evaluate(five, FIVE_CARD, rules), evaluate(two, TWO_CARD, rules))


def pai_gow_outcome(player: Split, bank: Split) -> Literal["ganancia", "nula", "perdida"]:
    """The table of 000:4177-4201: both hands higher than the bank's win (paid at par less the
    commission); one higher and the other lower or equal is a «partida nula»; otherwise the player
    loses, the bank winning every tie (000:3995-3997). A hand set wrongly loses (000:4235-4236).

    >>> bank = split(parse("Kh Kd 7c 6s 4h 3d 2c"), parse("7c 6s"))
    >>> pai_gow_outcome(split(parse("Ah Ad 9c 8s 5h Qd Jc"), parse("Qd Jc")), bank)
    'ganancia'
    >>> pai_gow_outcome(split(parse("Ah Ad 9c 8s 5h 7d 6c"), parse("7d 6c")), bank)   # 7-6 against 7-6
    'nula'
    """
    if not bank.valid:
        raise ValueError("The bank's hands are set wrongly: the text settles only a player's foul.")
    if not player.valid:
        return "perdida"
    wins = (player.high > bank.high) + (player.low > bank.low)
    return ("perdida", "nula", "ganancia")[wins]


_TRANSITIONS = _states()[1]
