"""Póquer sin descarte under the player's best play, exact: his five cards, the bank's face-up card, and the
purchase of one card.

The bank's last card is dealt face up (000:3236-3241; 001:1290) before the players look at their cards. At his
turn the player may give up one of his five cards and buy another «por la misma cantidad de la apuesta inicial»
(000:3343-3351; 001:1325): one card, the price never returned. He then says «voy» or «paso» (after «voy» his
cards may not be touched, 001:1294). The best player takes, for every five cards and up card, the best of:
«paso»; «voy»; buying in place of each of his five cards and then the better of «voy» and «paso» on every card
he may receive. Side bets play no part (the buyer loses them, 000:3353-3359: the figures are the ante's).

Method. From the player's side the bought card and the bank's four hidden cards are drawn from the cards he has
not seen, so the expectation of «voy» is a count of the bank's hands: those that do not qualify, that the player
beats, that tie and that beat him. The bank's hand is its up card and four cards of a pool (the deck less the
player's five cards, the up card and, after a purchase, the card given up). Those four cards are counted by their
ranks: the number of hands of ranks M in the pool is a product of binomials of what is left of each rank, and
the hands are ordered by the value of their ranks (:func:`_rank_counts`); the few that are all of the up card's
suit are flushes and are moved to their place by a table over which cards of that suit the player took
(:func:`_flush_table`). The purchase: the expectation after it, for each five cards and card given up, is summed
over the card received by a count over the 4-card subsets (:func:`best_play`). Everything is integer arithmetic.

>>> from fractions import Fraction as F
>>> from jokoak.engine.poker import Category as C
>>> from jokoak.games.stud.engine import Minimum, Rules
>>> table = Rules(((Minimum(C.PAIR), F(1)), (Minimum(C.HIGH_CARD), F(1))), Minimum(C.PAIR), buy_price=F(1))
>>> small = [c for c in range(52) if c // 4 >= 8 and c % 4 < 3]   # T J Q K A of three suits: 15 cards
>>> best = best_play(table, small)
>>> best.voy > best.without_buying.voy, best.per_ante < best.without_buying.per_ante
(True, True)
>>> best_play(Rules(((Minimum(C.PAIR), F(1)),), Minimum(C.PAIR)), small)
Traceback (most recent call last):
ValueError: This game has no «comprar una carta»: see without_buying, or give buy=False.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm
from typing import Literal

import numpy as np
import numpy.typing as npt

from ...engine.poker import Category, combinations
from .engine import Minimum, Rules, compare_keys, hand_values, payout

Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Play:
    """A strategy's result: the house edge per unit of ante (``per_ante``, the price of a bought card counted
    as staked and lost) and per unit staked (ante, second bet and price together, ``per_staked``); how often the
    player says «voy» (``voy``) and buys a card (``buys``)."""

    per_ante: Fraction
    per_staked: Fraction
    voy: Fraction
    buys: Fraction


@dataclass(frozen=True)
class BestPlay(Play):
    """:class:`Play` of the best player, who buys a card when that is best, and ``without_buying``: the best
    player who never buys. ``up_card``: whether they look at the bank's face-up card (the best play does; the
    published figures ignore it)."""

    without_buying: Play
    up_card: bool

    @property
    def method(self) -> str:
        """How the figures were found, for the data."""
        return ("exact: every five cards of the player and up card of the bank, every card he may give up and buy, "
                "the bank's four hidden cards counted by their ranks and suit (jokoak.games.stud.exact)")

    @property
    def strategy(self) -> str:
        """The strategy in words, for the data."""
        seen = "his five cards and the bank's face-up card" if self.up_card else "his five cards only"
        return (f"the best play on {seen}: «voy», «paso», or buying one card in place of any of his and then «voy» "
                "or «paso», whichever has the highest expectation")


def best_play(rules: Rules, deck: Sequence[int] | None = None, buy: bool = True, up_card: bool = True) -> BestPlay:
    """The exact house edge of póquer sin descarte when the player plays best on his five cards and (``up_card``)
    the bank's face-up card, buying a card (``buy``, at ``rules.buy_price`` antes) when that is best; over every
    five cards of the player and up card of the bank from ``deck`` (the 52 cards by default), the bank's four
    other cards from the rest. The full deck takes about 2 minutes on one core with the up card, 4 1/2 without
    (then with 1 GB of memory; benchmarks/bench_stud_exact.py).
    """
    if rules.discards:
        raise ValueError("The best play is for the game without a draw (póquer sin descarte).")
    if buy and rules.buy_price is None:
        raise ValueError("This game has no «comprar una carta»: see without_buying, or give buy=False.")
    cards = np.arange(52, dtype=np.int64) if deck is None else np.asarray(sorted(set(deck)), np.int64)
    n = len(cards)
    if n < 11 or cards.min() < 0 or cards.max() > 51:
        raise ValueError(f"The deck is at least 11 different cards of 0-51, not {n}.")
    price = rules.buy_price if buy and rules.buy_price is not None else Fraction(0)
    scale = lcm(*(p.denominator for _, p in rules.pays), rules.ante_pays.denominator,
                rules.raise_multiple.denominator, (rules.raise_multiple * rules.ante_pays).denominator,
                *((rules.raise_multiple * p).denominator for _, p in rules.pays), price.denominator)
    hands = _Hands(rules, cards, scale)
    totals = _Totals()
    if up_card:
        whole = _with_up_card(hands, buy, int(price * scale), totals)
        deals = comb(n, 5) * (n - 5)
    else:
        whole = _without_up_card(hands, buy, int(price * scale), totals)
        deals = comb(n, 5)
    keep = _play(Fraction(-totals.keep, scale * whole * deals), Fraction(totals.keep_voy, deals), Fraction(0), rules,
                 Fraction(0))
    if not buy:
        return BestPlay(keep.per_ante, keep.per_staked, keep.voy, keep.buys, keep, up_card)
    found = _play(Fraction(-totals.best, scale * whole * deals), totals.voy / deals, Fraction(totals.buys, deals),
                  rules, price)
    return BestPlay(found.per_ante, found.per_staked, found.voy, found.buys, keep, up_card)


@dataclass
class _Totals:
    """Sums over the deals: the best play's result, its «voy» and purchases; the result and «voy» without
    buying."""

    best: int = 0
    voy: Fraction = Fraction(0)
    buys: int = 0
    keep: int = 0
    keep_voy: int = 0

    def add(self, keep: Ints, keep_voy: npt.NDArray[np.bool_], options: Ints | None, says: Ints | None, cards: int,
            weight: int) -> None:
        """One group of deals: the result of the best of «voy» and «paso» on the cards dealt (``keep``) and
        whether it is «voy»; for each card given up (``options``, one column each), the result of buying, and
        on how many of the ``cards`` that may be bought the player then says «voy» (``says``)."""
        self.keep += weight * int(keep.sum())
        self.keep_voy += weight * int(keep_voy.sum())
        if options is None or says is None:
            return
        choice = options.argmax(axis=1)
        value = options[np.arange(len(options)), choice]
        buying = value > keep
        self.best += weight * int(np.where(buying, value, keep).sum())
        self.buys += weight * int(buying.sum())
        said = says[np.arange(len(says)), choice]
        self.voy += weight * (Fraction(int(said[buying].sum()), cards) + int(keep_voy[~buying].sum()))


def _with_up_card(hands: _Hands, buy: bool, price: int, totals: _Totals) -> int:
    """Adds every deal to ``totals``, the player seeing the up card; returns the unit of the results (they are
    in antes times scale times it)."""
    n = len(hands.cards)
    scale = hands.scale
    t_keep, t_buy = comb(n - 6, 4), comb(n - 7, 4)   # the bank's hands without and after a purchase
    whole = (n - 6) * t_buy                            # n - 10 times t_keep
    counts: dict[int, Ints] = {}
    for up, weight in _suit_classes(hands.cards).items():
        counter = _UpCard(hands, up, counts)
        keep = counter.kept()                # «voy» on the five cards, in units of 1 / scale / t_keep
        keep_best = np.maximum(keep, -scale * t_keep) * (n - 10)
        if not buy:
            totals.add(keep_best, keep > -scale * t_keep, None, None, n - 6, weight)
            continue
        # per card given up and four cards kept, summed over the card bought: the best after it (times 64) and
        # whether that is «voy» (below 64: at most n - 6 cards), in one count
        bought = np.zeros((n, comb(n, 4)), np.int64)
        for out in range(n):
            if out != up:
                ev, rows = counter.after(out)
                best = np.maximum(ev, -scale * t_buy) * 64 + (ev > -scale * t_buy)
                bought[out] = _exact_bincount(hands.subsets[rows].ravel(), np.repeat(best, 5), bought.shape[1],
                                              n - 6)
        bought, says = np.divmod(bought, 64)
        mine = counter.rows
        where = (hands.positions[mine], hands.subsets[mine])
        totals.add(keep_best, keep > -scale * t_keep, bought[where] - price * whole, says[where], n - 6, weight)
    return whole


def _without_up_card(hands: _Hands, buy: bool, price: int, totals: _Totals) -> int:
    """Adds every deal to ``totals``, the player deciding on his cards alone: each expectation is summed over
    the up cards first. Returns the unit of the results."""
    n = len(hands.cards)
    scale = hands.scale
    t_keep, t_buy = comb(n - 6, 4), comb(n - 7, 4)
    whole = (n - 5) * (n - 6) * t_buy                  # (n - 10) (n - 5) times t_keep
    kept = np.zeros(len(hands.bits), np.int64)         # in units of 1 / scale / t_keep / (n - 5)
    after = np.zeros((n, len(hands.bits)) if buy else (0, 0), np.int64)   # 1 / scale / t_buy / (n - 6)
    counts: dict[int, Ints] = {}
    for up in range(n):
        counter = _UpCard(hands, up, counts)
        kept[counter.rows] += counter.kept()
        for out in range(n if buy else 0):
            if out != up:
                ev, rows = counter.after(out)
                after[out, rows] += ev
    keep_best = np.maximum(kept, -scale * t_keep * (n - 5)) * (n - 10)
    if not buy:
        totals.add(keep_best, kept > -scale * t_keep * (n - 5), None, None, n - 5, 1)
        return whole
    options = np.zeros((len(kept), 5), np.int64)
    says = np.zeros((len(kept), 5), np.int64)
    for out in range(n):
        rows = np.flatnonzero(((hands.bits >> out) & 1) == 0)
        paso = -scale * t_buy * (n - 6)
        best = np.maximum(after[out, rows], paso) * 64 + (after[out, rows] > paso)
        summed = np.divmod(_exact_bincount(hands.subsets[rows].ravel(), np.repeat(best, 5), comb(n, 4), n - 5), 64)
        holding = hands.positions == out
        options[holding] = summed[0][hands.subsets[holding]] - price * whole
        says[holding] = summed[1][hands.subsets[holding]]
    totals.add(keep_best, kept > -scale * t_keep * (n - 5), options, says, n - 5, 1)
    return whole


def _play(per_ante: Fraction, voy: Fraction, buys: Fraction, rules: Rules, price: Fraction) -> Play:
    return Play(per_ante, per_ante / (1 + rules.raise_multiple * voy + price * buys), voy, buys)


def _suit_classes(cards: Ints) -> dict[int, int]:
    """The up cards to count, by position in the deck, each with how many it stands for: where the deck is
    every rank it has in every suit it has, one suit stands for all (permuting suits changes no count)."""
    ranks, suits = set((cards // 4).tolist()), sorted(set((cards % 4).tolist()))
    if len(cards) == len(ranks) * len(suits):
        return {i: len(suits) for i, card in enumerate(cards.tolist()) if card % 4 == suits[0]}
    return dict.fromkeys(range(len(cards)), 1)


def _exact_bincount(index: Ints, weights: Ints, size: int, most: int) -> Ints:
    """np.bincount of integer weights, at most ``most`` in a bin, checked to be exact in float64."""
    if len(weights) and int(np.abs(weights).max()) * most >= 2 ** 53:
        raise OverflowError("The sums would not be exact in float64.")
    return np.rint(np.bincount(index, weights.astype(np.float64), size)).astype(np.int64)


# --- the hands of the deck ------------------------------------------------------------------------------------

def _all_keys(rules: Rules) -> Ints:
    """Every compare key of five cards of 52 under ``rules``, sorted: the dense order of hands."""
    return _keys(rules.wheel, tuple(sorted(rules.tie_cards.items())))


@functools.cache
def _keys(wheel: Literal["low", "second"], ties: tuple[tuple[Category, int], ...]) -> Ints:
    rules = Rules((), Minimum(Category.HIGH_CARD), tie_cards=dict(ties), wheel=wheel)
    every = combinations(52, 5).astype(np.int64)
    return np.unique(compare_keys(rules, hand_values(rules, every))).astype(np.int64)


class _Hands:
    """Every five cards of the deck (positions in ``cards``): card masks, the four-card subsets' numbers, each
    suit's mask of ranks, and the class of each hand (its ranks and its value): the class's rank counts, dense
    key and payoff of a win (scaled)."""

    def __init__(self, rules: Rules, cards: Ints, scale: int) -> None:
        self.rules, self.cards, self.scale = rules, cards, scale
        n = len(cards)
        self.positions = combinations(n, 5).astype(np.int64)
        hand_cards = cards[self.positions]
        raw = hand_values(rules, hand_cards).astype(np.int64)
        self.bits = (np.int64(1) << self.positions).sum(axis=1)
        binomials = np.array([[comb(x, i) for x in range(64)] for i in range(6)], np.int64)
        self.subsets = np.zeros((len(raw), 5), np.int64)   # column j: the four cards without the j-th
        for j in range(5):
            kept = [c for c in range(5) if c != j]
            self.subsets[:, j] = sum(binomials[i + 1][self.positions[:, col]] for i, col in enumerate(kept))
        ranks, suits = hand_cards // 4, hand_cards % 4
        self.suit_ranks = np.zeros((len(raw), 4), np.int64)
        for s in range(4):
            self.suit_ranks[:, s] = np.where(suits == s, np.int64(1) << ranks, 0).sum(axis=1)
        rank_code = (np.int64(5) ** ranks).sum(axis=1)
        _, first, self.cls = np.unique(rank_code * (1 << 32) + raw, return_index=True, return_inverse=True)
        self.cls = self.cls.ravel()
        self.counts = np.stack([(ranks[first] == r).sum(axis=1) for r in range(13)], axis=1)
        keys = _all_keys(rules)
        self.width = len(keys)
        self.dense = np.searchsorted(keys, compare_keys(rules, raw[first].astype(np.int32)))
        pays = payout(rules, raw[first].astype(np.int32))
        self.win = np.array([int((rules.ante_pays + rules.raise_multiple * p) * scale) for p in pays], np.int64)
        self.nq = int(rules.ante_pays * scale)
        self.lose = int((1 + rules.raise_multiple) * scale)
        self.deck_counts = np.bincount(cards // 4, minlength=13)


# --- the bank's hands, by their ranks -------------------------------------------------------------------------

@functools.cache
def _multisets() -> tuple[Ints, Ints, Ints]:
    """The 1,820 multisets of four ranks: sorted ranks, distinct ranks (padded with 13) and multiplicities."""
    found = np.array(list(itertools.combinations_with_replacement(range(13), 4)), np.int64)
    distinct = np.full((len(found), 4), 13, np.int64)
    times = np.zeros((len(found), 4), np.int64)
    for i, row in enumerate(found.tolist()):
        for j, r in enumerate(sorted(set(row))):
            distinct[i, j], times[i, j] = r, row.count(r)
    return found, distinct, times


def _rank_codes(rules: Rules, up_rank: int) -> Ints:
    """The code of the bank's hand of its up card's rank and each multiset of four ranks, valued without
    flushes: ``width`` if it qualifies, plus its dense key; -1 where five cards would share a rank."""
    four, _, _ = _multisets()
    ranks = np.sort(np.column_stack([four, np.full(len(four), up_rank)]), axis=1)
    valid = (ranks == ranks[:, :1]).sum(axis=1) < 5
    cards = ranks * 4 + np.arange(5) % 4     # suits 0 1 2 3 0: never a flush, equal ranks never the same card
    raw = hand_values(rules, np.where(valid[:, None], cards, np.arange(5) * 4))
    keys = _all_keys(rules)
    code = np.searchsorted(keys, compare_keys(rules, raw)) + len(keys) * (raw >= rules.qualification.threshold(
        rules.wheel))
    return np.where(valid, code, -1).astype(np.int64)


def _rank_counts(hands: _Hands, up_rank: int) -> Ints:
    """For each rank of a card given up (row 0: none, row 1 + r: a card of rank r) and each class of the
    player's hand: how many of the bank's hands (the up card of rank ``up_rank`` and four cards from the rest)
    fall below each of the class's three thresholds (does not qualify; qualifies and is beaten; not above it),
    counting every four cards by their ranks, flushes aside. Shape (14, classes, 3)."""
    _, distinct, times = _multisets()
    code = _rank_codes(hands.rules, up_rank)
    order = np.argsort(code, kind="stable")
    code, distinct, times = code[order], distinct[order], times[order]
    binom = np.array([[comb(a, m) for m in range(5)] for a in range(5)], np.int64).ravel()
    w = hands.width
    thresholds = np.stack([np.full(len(hands.dense), w), w + hands.dense, w + hands.dense + 1], axis=1)
    where = np.searchsorted(code, thresholds)    # how many codes fall below each threshold
    classes = len(hands.dense)
    base = hands.deck_counts.copy()
    base[up_rank] -= 1
    # what is left of each rank, for each card given up (none or one of each rank) and class: many pairs leave
    # the same, counted once
    left = np.repeat(base[None, None, :] - hands.counts[None, :, :], 14, axis=0)
    left[np.arange(1, 14), :, np.arange(13)] -= 1
    left = np.clip(left.reshape(14 * classes, 13), 0, 4)
    states, state = np.unique((left * 5 ** np.arange(13)).sum(axis=1), return_inverse=True)
    state = state.ravel()
    digits = (states[:, None] // 5 ** np.arange(13)) % 5
    digits = np.concatenate([digits, np.zeros((len(states), 1), np.int64)], axis=1)   # rank 13: the padding
    pairs = np.argsort(state, kind="stable")
    bounds = np.searchsorted(state[pairs], np.arange(0, len(states) + 2048, 2048))
    found = np.zeros((14 * classes, 3), np.int64)
    for block, start in enumerate(range(0, len(states), 2048)):
        part = digits[start:start + 2048]
        weight = np.ones((len(part), len(code)), np.int32)
        for j in range(4):
            weight *= binom[part[:, distinct[:, j]] * 5 + times[None, :, j]].astype(np.int32)
        cumulative = np.zeros((len(part), len(code) + 1), np.int32)
        np.cumsum(weight, axis=1, out=cumulative[:, 1:])
        mine = pairs[bounds[block]:bounds[block + 1]]
        found[mine] = cumulative[state[mine][:, None] - start, where[mine % classes]]
    return found.reshape(14, classes, 3)


def _flush_table(hands: _Hands, up: int, suit_ranks: Ints) -> tuple[Ints, npt.NDArray[np.int16]]:
    """The bank's hands all of the up card's suit, valued by their ranks above and as flushes here: for each
    set of that suit's cards out of the pool (a mask over ``suit_ranks``, the ranks of the suit in the deck
    but the up card's) and each threshold ``width + t``, how many of those hands go from below it to at or
    above it. Returns the map of 13-bit rank masks to the table's masks, and the table."""
    rules, w = hands.rules, hands.width
    card = int(hands.cards[up])
    up_rank, suit = card // 4, card % 4
    k = len(suit_ranks)
    squeeze = np.zeros(1 << 13, np.int64)
    for i, r in enumerate(suit_ranks.tolist()):
        squeeze |= ((np.arange(1 << 13) >> r) & 1) << i
    table = np.zeros((1 << k, w + 3), np.int32)
    if k >= 4:
        four, _, _ = _multisets()
        codes = _rank_codes(rules, up_rank)
        chosen = combinations(k, 4).astype(np.int64)
        ranks = suit_ranks[chosen]
        index = {tuple(row): i for i, row in enumerate(four.tolist())}
        low = codes[[index[tuple(sorted(row))] for row in ranks.tolist()]]
        flush = np.column_stack([ranks * 4 + suit, np.full(len(ranks), card)])
        raw = hand_values(rules, flush)
        keys = _all_keys(rules)
        high = np.searchsorted(keys, compare_keys(rules, raw)) + w * (raw >= rules.qualification.threshold(
            rules.wheel))
        start, stop = np.maximum(low + 1, w) - w, high + 1 - w        # thresholds t with low < w + t <= high
        masks = (np.int64(1) << chosen).sum(axis=1)
        every = np.arange(1 << k)
        q, a = np.nonzero((masks[:, None] & every[None, :]) == 0)    # the hand is in the pool: none taken
        keep = start[q] < stop[q]
        np.add.at(table, (a[keep], start[q][keep]), 1)
        np.add.at(table, (a[keep], stop[q][keep]), -1)
    return squeeze, np.cumsum(table, axis=1, dtype=np.int16)


class _UpCard:
    """The expectations of «voy» for one up card of the bank (a position in the deck)."""

    def __init__(self, hands: _Hands, up: int, counts: dict[int, Ints]) -> None:
        self.hands = hands
        self.up = up
        card = int(hands.cards[up])
        self.up_rank, self.suit = card // 4, card % 4
        self.rows = np.flatnonzero(((hands.bits >> up) & 1) == 0)
        if self.up_rank not in counts:
            counts[self.up_rank] = _rank_counts(hands, self.up_rank)
        self.counts = counts[self.up_rank]
        suit_ranks = np.array(sorted(int(c) // 4 for c in hands.cards if c % 4 == self.suit and c != card), np.int64)
        self.squeeze, self.table = _flush_table(hands, up, suit_ranks)
        self.mask = hands.suit_ranks[self.rows, self.suit]
        self.cls = hands.cls[self.rows]

    def kept(self) -> Ints:
        """The player's expectation of «voy» on his five cards, for each hand without the up card (in the order
        of ``rows``), in units of 1 / scale / the number of the bank's hands."""
        return self._expectation(np.ones(len(self.rows), bool), None)

    def after(self, out: int) -> tuple[Ints, Ints]:
        """The same after buying in place of the card at position ``out``, for each hand without the up card
        and ``out`` (the hand the player then holds): the expectations and the hands' rows."""
        keep = ((self.hands.bits[self.rows] >> out) & 1) == 0
        return self._expectation(keep, out), self.rows[keep]

    def _expectation(self, keep: npt.NDArray[np.bool_], out: int | None) -> Ints:
        h = self.hands
        n = len(h.cards)
        cls, mask = self.cls[keep], self.mask[keep]
        row, total = 0, comb(n - 6, 4)
        if out is not None:
            card = int(h.cards[out])
            row, total = 1 + card // 4, comb(n - 7, 4)
            if card % 4 == self.suit:
                mask = mask | (1 << (card // 4))
        below = self.counts[row][cls]
        squeezed = self.squeeze[mask]
        dense = h.dense[cls]
        below = below - np.stack([self.table[squeezed, 0], self.table[squeezed, dense],
                                  self.table[squeezed, dense + 1]], axis=1)
        win = h.win[cls]
        found: Ints = h.nq * below[:, 0] + win * (below[:, 1] - below[:, 0]) - h.lose * (total - below[:, 2])
        return found
