"""Póquer Trijoker (a Let-it-Ride game): three equal bets on the player's three cards and two community
cards, each bet still in play paid by the pay table; the player may withdraw the first bet after seeing
his cards and the second after the first community card is turned (000:3905-3949, 001:1531-1537).

The pay table and the lowest winning pair are data: Euskadi pays a pair of jacks or better and the royal
flush 500 a 1 (000:3773, 3869-3884); Extremadura pays the royal 1.000 a 1 and names the lowest pair both
jacks (001:1455) and tens (001:1497, 1501).

>>> from jokoak.engine.poker import Category as C
>>> table = {C.PAIR: 1, C.TWO_PAIR: 2, C.THREE_OF_A_KIND: 3, C.STRAIGHT: 5, C.FLUSH: 8, C.FULL_HOUSE: 11,
...          C.FOUR_OF_A_KIND: 50, C.STRAIGHT_FLUSH: 200, C.ROYAL_FLUSH: 1000}
>>> rules = Rules(table, minimum_pair="T")
>>> bets = {"apuesta_1": 10, "apuesta_2": 10, "apuesta_3": 10}
>>> play(rules, bets, ["Th", "Td", "4c", "9s", "2h"])              # a pair of tens, three bets paid 1 a 1
staked=30 returned=60 net=+30
>>> play(rules, bets, ["9h", "9d", "4c", "Ks", "2h"], withdrawn=["apuesta_1", "apuesta_2"])
staked=30 returned=20 net=-10
>>> f"{float(house_edge(rules).per_box):.4%}"                      # Wizard of Odds: 3.51 %
'3.5057%'

A bet's worth after three or four cards decides whether to let it ride:

>>> expected_value(rules, ["Th", "Jh", "Qh"])                       # three to a royal flush: keep it
Fraction(31, 21)
>>> play(rules, bets, ["Th", "Td", "4c", "9s"])
Traceback (most recent call last):
ValueError: A Trijoker hand is dealt five cards (the player's three, then the two community cards), not 4.

The result keeps the steps the engine applied (:mod:`jokoak.engine.steps`), each naming its rule:

>>> [(s.key, s.rule) for s in play(rules, bets, ["9h", "9d", "4c", "Ks", "2h"], withdrawn=["apuesta_1"]).steps]
... # doctest: +NORMALIZE_WHITESPACE
[('first-bet', 'bet:apuesta_1'), ('second-bet', 'bet:apuesta_2'), ('third-bet', 'bet:apuesta_3'),
 ('low-pair', 'minimum_pair'), ('lose', 'minimum_pair'), ('lose', 'minimum_pair')]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, lcm

import numpy as np
import numpy.typing as npt

from ...engine.poker import FIVE_CARD, RANKS, Category, combinations, dealt, name, values
from ...engine.result import Result
from ...engine.steps import Step

C = Category
BETS = ("apuesta_1", "apuesta_2", "apuesta_3")
"""The three boxes (000:3909-3912, 001:1531): the first two may be withdrawn, the third stays in play."""
WITHDRAWABLE = BETS[:2]
_Key = tuple[tuple[tuple[Category, Fraction], ...], str, bool]
PAYING = (C.PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT, C.FLUSH, C.FULL_HOUSE, C.FOUR_OF_A_KIND,
          C.STRAIGHT_FLUSH, C.ROYAL_FLUSH)
"""The combinations a pay table may list (000:3867-3884, 001:1499-1509)."""


@dataclass(frozen=True)
class Rules:
    """A Trijoker table.

    ``pays``: the pay table, combination -> «N a 1» (000:3867-3884, 001:1499-1509); a combination not in it
    loses, except that a royal flush not listed is paid as a straight flush (it is one).
    ``minimum_pair``: the rank of the lowest pair that wins, ``"J"`` for «pareja de J» (000:3773, 3869),
    ``"T"`` (or ``"10"``) for «Pareja de 10 o mayor» (001:1501); ``"2"`` makes every pair win.
    ``ace_low``: the ace also plays below the 2, so A-2-3-4-5 is a straight (000:3782-3784; 001:1459 does not
    say it); without it that hand is an ace high, or a flush if suited.
    """

    pays: Mapping[Category, Fraction | int]
    minimum_pair: str = "J"
    ace_low: bool = True
    _pays: tuple[tuple[Category, Fraction], ...] = field(init=False, repr=False, compare=False)
    _minimum: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pays = []
        for category, payout in self.pays.items():
            if category not in PAYING:
                raise ValueError(f"The Trijoker pay table lists the combinations from a pair to a royal flush, "
                                 f"not {Category(category).name}.")
            if Fraction(payout) <= 0:
                raise ValueError(f"A payout is a positive «N a 1», not {payout} for {Category(category).name}.")
            pays.append((Category(category), Fraction(payout)))
        if not pays:
            raise ValueError("The Trijoker pay table lists at least one combination.")
        rank = self.minimum_pair.upper().replace("10", "T")
        if len(rank) != 1 or rank not in RANKS:
            raise ValueError(f"The lowest winning pair is a rank of {RANKS} (or 10), not {self.minimum_pair!r}.")
        object.__setattr__(self, "_pays", tuple(sorted(pays)))
        object.__setattr__(self, "_minimum", RANKS.index(rank))

    def payout(self, category: Category, pair: int = 12) -> Fraction | None:
        """What one unit wins on a hand of ``category`` («N a 1»), ``pair`` the rank of a pair (0 the 2 … 12
        the ace); None when the hand loses.

        >>> Rules({C.PAIR: 1, C.STRAIGHT_FLUSH: 200}).payout(C.ROYAL_FLUSH)   # a royal is a straight flush
        Fraction(200, 1)
        >>> Rules({C.PAIR: 1}).payout(C.PAIR, pair=RANKS.index("T")) is None  # tens lose with jacks the minimum
        True
        """
        table = dict(self._pays)
        if category == C.ROYAL_FLUSH and category not in table:
            category = C.STRAIGHT_FLUSH
        if category == C.PAIR and pair < self._minimum:
            return None
        return table.get(category)

    @property
    def key(self) -> _Key:
        """The rules as a hashable key (for caching the enumeration)."""
        return self._pays, RANKS[self._minimum], self.ace_low


# --- the cards ---------------------------------------------------------------------------------------------

def cards_of(names: Sequence[str], count: Iterable[int], what: str) -> tuple[int, ...]:
    """The cards named (``"Ah"``, ``"Td"``), checked: ``count`` of them, no joker, none twice."""
    allowed = tuple(count)
    if len(names) not in allowed:
        raise ValueError(f"{what}, not {len(names)}.")
    return dealt(names)


def _outcomes(rules: Rules, hands: npt.NDArray[np.integer]) -> tuple[npt.NDArray[np.int64], int]:
    """Each five-card hand's result for one unit in play, in units of 1/``scale``: its payout, or -1."""
    value = values(hands, FIVE_CARD)
    category = (value >> 20) & 15
    if not rules.ace_low:
        wheel = ((value >> 12) & 255) == 8
        category = np.where(wheel & (category == C.STRAIGHT), C.HIGH_CARD, category)
        category = np.where(wheel & (category == C.STRAIGHT_FLUSH), C.FLUSH, category)
    pair = ((value >> 16) & 15) - 1
    scale = lcm(*(p.denominator for _, p in rules._pays))
    table = np.full(len(Category), -scale, np.int64)
    for cat in Category:
        paid = rules.payout(cat)
        if paid is not None:
            table[cat] = int(paid * scale)
    result = table[category]
    low_pair = (category == C.PAIR) & (pair < rules._minimum)
    result[low_pair] = -scale
    return result, scale


def hand_result(rules: Rules, cards: Sequence[str]) -> Fraction:
    """What one unit in play wins (its payout) or loses (-1) on the five cards.

    >>> hand_result(Rules({C.PAIR: 1, C.FLUSH: 8}), ["2h", "7h", "9h", "Jh", "Kh"])
    Fraction(8, 1)
    >>> hand_result(Rules({C.PAIR: 1, C.STRAIGHT: 5}, ace_low=False), ["Ah", "2d", "3c", "4s", "5h"])
    Fraction(-1, 1)
    """
    hand = cards_of(cards, (5,), "A Trijoker hand is five cards")
    result, scale = _outcomes(rules, np.array([hand]))
    return Fraction(int(result[0]), scale)


def expected_value(rules: Rules, cards: Sequence[str]) -> Fraction:
    """The exact expected result of one unit left in play, seen three cards (the player's) or four (and the
    first community card), every completion from the rest of the deck equally likely. The best decision
    lets the bet ride when this is positive and withdraws it when negative.

    >>> expected_value(Rules({C.PAIR: 1, C.STRAIGHT: 5}, minimum_pair="T"), ["5h", "6d", "7c", "8s"])
    Fraction(0, 1)
    """
    seen = cards_of(cards, (3, 4), "A bet is decided on three cards or four")
    rest = np.array([c for c in range(52) if c not in seen], np.int64)
    missing = 5 - len(seen)
    hands = np.column_stack([np.tile(np.array(seen), (comb(len(rest), missing), 1)),
                             rest[combinations(len(rest), missing)]])
    result, scale = _outcomes(rules, hands)
    return Fraction(int(result.sum()), scale * len(hands))


# --- a round ---------------------------------------------------------------------------------------------------

def play(rules: Rules, bets: Mapping[str, int | str | Fraction], cards: Sequence[str],
         withdrawn: Iterable[str] = ()) -> Result:
    """Settle a player's box: ``bets`` the three equal bets (``apuesta_1``, ``apuesta_2``, ``apuesta_3``),
    ``cards`` the player's three cards then the community cards in the order turned (left, then right),
    ``withdrawn`` the bets the player took back (the first after seeing his cards, the second after the
    first community card; the third cannot be). A withdrawn bet comes back; each bet in play is paid by the
    table or lost (000:3943-3949). ``staked`` is the three bets placed.

    >>> play(Rules({C.PAIR: 1}), {"apuesta_1": 5, "apuesta_2": 5, "apuesta_3": 5},
    ...      ["Jh", "Jd", "4c", "9s", "2h"], withdrawn=["apuesta_3"])
    Traceback (most recent call last):
    ValueError: Only bets 1 and 2 may be withdrawn (000:3926-3934, 001:1533-1535), not apuesta_3.
    """
    if set(bets) != set(BETS):
        raise ValueError(f"A Trijoker player makes three bets, {', '.join(BETS)} (000:3909-3912), "
                         f"not {', '.join(bets) or 'none'}.")
    stakes = {Fraction(stake) for stake in bets.values()}
    if len(stakes) != 1:
        raise ValueError("The three Trijoker bets are equal (000:3910-3912, 001:1531).")
    stake = stakes.pop()
    if stake <= 0:
        raise ValueError(f"A stake is positive, not {stake}.")
    taken = list(withdrawn)
    for bet in taken:
        if bet not in WITHDRAWABLE:
            raise ValueError(f"Only bets 1 and 2 may be withdrawn (000:3926-3934, 001:1533-1535), not {bet}.")
    if len(set(taken)) != len(taken):
        raise ValueError("A bet is withdrawn once.")
    hand = cards_of(cards, (5,), "A Trijoker hand is dealt five cards (the player's three, then the two community "
                    "cards)")
    won = hand_result(rules, cards)
    in_play = len(BETS) - len(taken)
    returned = stake * len(taken) + (stake * in_play * (1 + won) if won > 0 else Fraction(0))
    return Result(stake * len(BETS), returned, _steps(rules, hand, stake, taken, won))


def _steps(rules: Rules, hand: Sequence[int], stake: Fraction, taken: Sequence[str], won: Fraction) -> tuple[Step, ...]:
    """What the engine applied (:mod:`jokoak.engine.steps`): the player's choice on bets 1 and 2 as the cards are
    seen, the hand the five cards make, then each bet still in play paid by its line of the table or lost. Each
    cites its rule by the catalogue's names: ``bet:<bet>`` (when it may be taken back), ``bet:<category>`` (the
    line of the pay table), ``minimum_pair`` (the lowest winning hand)."""
    names = tuple(name(card) for card in hand)
    steps = [Step("first-bet", "bet:apuesta_1", {"bet": "apuesta_1", "cards": names[:3], "stake": stake,
                                                 "withdrawn": "apuesta_1" in taken}),
             Step("second-bet", "bet:apuesta_2", {"bet": "apuesta_2", "card": names[3], "stake": stake,
                                                  "withdrawn": "apuesta_2" in taken}),
             Step("third-bet", "bet:apuesta_3", {"bet": "apuesta_3", "card": names[4]})]
    category = _category(rules, hand)
    line = None if won < 0 else C.STRAIGHT_FLUSH if category == C.ROYAL_FLUSH and C.ROYAL_FLUSH not in dict(
        rules._pays) else category
    if line is not None:
        steps.append(Step("hand", f"bet:{line.id}", {"cards": names, "line": line.id, "payout": won}))
    elif category == C.PAIR:
        pair = RANKS[((int(values(np.array([hand]), FIVE_CARD)[0]) >> 16) & 15) - 1]
        steps.append(Step("low-pair", "minimum_pair", {"cards": names, "rank": pair,
                                                       "minimum": RANKS[rules._minimum]}))
    else:
        steps.append(Step("no-combination", "minimum_pair", {"cards": names}))
    for bet in BETS:
        if bet in taken:
            continue
        steps.append(Step("win", f"bet:{line.id}", {"bet": bet, "stake": stake, "payout": won,
                                                     "returned": stake * (1 + won)})
                     if line is not None else Step("lose", "minimum_pair", {"bet": bet, "stake": stake}))
    return tuple(steps)


def _category(rules: Rules, hand: Sequence[int]) -> Category:
    """The combination five cards make as :func:`_outcomes` reads it: without ``ace_low``, A-2-3-4-5 is no straight."""
    value = int(values(np.array([hand]), FIVE_CARD)[0])
    category = Category((value >> 20) & 15)
    if not rules.ace_low and (value >> 12) & 255 == 8 and category in (C.STRAIGHT, C.STRAIGHT_FLUSH):
        return C.HIGH_CARD if category == C.STRAIGHT else C.FLUSH
    return category


# --- the house edge ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BoxEdge:
    """The house edge of a Trijoker box under the player's best decisions, exact.

    ``per_box``: the house's expected gain per unit of one of the three bets (the usual figure);
    ``per_initial_stake``: per unit of the three bets placed (``per_box / 3``); ``per_stake_in_play``: per
    unit of the bets still in play at the settlement, on average («element of risk»); ``keep_first`` and
    ``keep_second``: the probabilities that the first and the second bet are let ride; ``bets``: the
    player's expected result of bets 1, 2 and 3 per unit placed (a withdrawn bet counting 0).
    """

    per_box: Fraction
    per_initial_stake: Fraction
    per_stake_in_play: Fraction
    keep_first: Fraction
    keep_second: Fraction
    bets: tuple[Fraction, Fraction, Fraction]


def _subset_index(hands: npt.NDArray[np.integer], columns: Sequence[int]) -> npt.NDArray[np.int64]:
    """The colex index (the row in :func:`combinations`) of the subset of each hand in ``columns``."""
    binomial = np.array([[comb(n, k) for k in range(6)] for n in range(53)], np.int64)
    index = np.zeros(len(hands), np.int64)
    for place, column in enumerate(columns):
        index += binomial[hands[:, column].astype(np.int64), place + 1]
    return index


def house_edge(rules: Rules) -> BoxEdge:
    """The exact house edge with the best decisions: the first bet is let ride when its expected result on the
    player's three cards is positive, the second when it is on the four cards seen (a bet worth exactly nothing
    is withdrawn); the third is always in play. Every five-card hand is enumerated (about two seconds)."""
    return _house_edge(rules.key)


@functools.cache
def _house_edge(key: _Key) -> BoxEdge:
    pays, minimum_pair, ace_low = key
    rules = Rules(dict(pays), minimum_pair, ace_low)
    hands = combinations(52, 5)
    result, scale = _outcomes(rules, hands)
    four = np.zeros(comb(52, 4), np.int64)
    for leave in range(5):
        subset = [c for c in range(5) if c != leave]
        four += np.rint(np.bincount(_subset_index(hands, subset), result, comb(52, 4))).astype(np.int64)
    three = np.zeros(comb(52, 3), np.int64)
    for a in range(5):
        for b in range(a + 1, 5):
            subset = [c for c in range(5) if c not in (a, b)]
            three += np.rint(np.bincount(_subset_index(hands, subset), result, comb(52, 3))).astype(np.int64)
    third = Fraction(int(result.sum()), scale * len(hands))
    second = Fraction(int(np.maximum(four, 0).sum()), scale * 48 * comb(52, 4))
    first = Fraction(int(np.maximum(three, 0).sum()), scale * comb(49, 2) * comb(52, 3))
    keep_first = Fraction(int((three > 0).sum()), comb(52, 3))
    keep_second = Fraction(int((four > 0).sum()), comb(52, 4))
    per_box = -(first + second + third)
    return BoxEdge(per_box, per_box / 3, per_box / (1 + keep_first + keep_second), keep_first, keep_second,
                (first, second, third))
