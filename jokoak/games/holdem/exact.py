"""The exact house edge of the hold'em Ante under the player's best play, as a :class:`~fractions.Fraction`.

The player decides at each betting round (:class:`~jokoak.games.holdem.engine.Street`) knowing his two cards and the
common cards face up; each decision maximises his expectation given what he sees. The first round may be one he
must bet to stay (a fold loses the Ante); every later round is a bet he may check. A later round's bet is
settled on its own, whatever else he does (paid when he wins and the croupier plays, returned on a tie or when
the croupier does not play, lost otherwise), so his best choice there is to bet exactly when that bet alone
gains in expectation, and it changes none of his other choices: the rounds are valued one by one, backwards
(river, turn, flop, before the flop). The bonus bet is not counted (:func:`~jokoak.games.holdem.engine.bonus_edge`).

Method. For every five common cards, up to a renaming of the suits (134,459 boards of 52 cards), each of the
1,081 pairs of cards the player may hold is ranked among all of them, and the croupier's pairs that do not
share a card with it are counted, by whether the croupier qualifies and whether he loses, ties or wins, by
inclusion–exclusion over the player's two cards (all pairs, less those holding his first or his second card).
These counts give, for each board and pair, the sum over the croupier's 990 pairs of the Ante's result and of a
round's bet per unit. Then for every flop (1,755 up to suits) and every pair the player may hold, the boards
that complete the flop are read from that table (renaming the suits), summed over the river for the river's
choice, over the turn for the turn's and the flop's, and over the flops, by classes of two cards (169), for the
choice before the flop. Integers throughout; the edge is one fraction at the end.

>>> from fractions import Fraction as F
>>> from jokoak.games.holdem.engine import Rules, Street
>>> from jokoak.engine.poker import Category as C
>>> ten_cards = [4 * r + s for r in (12, 0, 1, 2, 3) for s in (0, 1)]   # A 2 3 4 5 of two suits
>>> rules = Rules((Street("apuesta2", 3, F(2), True),), {C.HIGH_CARD: F(1), C.FLUSH: F(2)}, (C.PAIR, 2))
>>> edge = house_edge_exact(rules, ten_cards)   # the player's edge in so small a deck
>>> edge.per_ante, edge.rounds                   # he goes on with 167 flops in 210
(Fraction(-404, 1575), (Fraction(167, 210),))
>>> house_edge_exact(Rules((Street("turn", 3, F(1), False), Street("flop", 3, F(2), True)), {C.HIGH_CARD: F(0)}))
Traceback (most recent call last):
ValueError: Only the first betting round can be one the player must bet to stay: «flop» is the 2nd.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from math import comb, lcm

import numpy as np
import numpy.typing as npt

from ...engine.poker import _BITS, _RANK, _TRANSITIONS, FIVE_CARD, Category, _tables, combinations, dealt
from .engine import Rules, _at_least

Ints = npt.NDArray[np.int64]
_BINOMIALS = np.array([[comb(x, i) for x in range(64)] for i in range(6)], np.int64)  # comb(x, i), 0 for x < i


@dataclass(frozen=True)
class ExactEdge:
    """The Ante's house edge under best play, exact. ``per_ante``: the house's expected gain per unit of Ante
    (the usual figure); ``per_staked``: per unit staked on average, the rounds' bets counted; ``rounds``: for each
    betting round of the rules, in order, the probability that the player makes its bet (for a round he must bet
    to stay, one minus his probability of folding there). Where betting and not betting are worth the same, the
    player does not bet (checks, or folds): the edge is the same either way."""

    per_ante: Fraction
    per_staked: Fraction
    rounds: tuple[Fraction, ...]


def house_edge_exact(rules: Rules, deck: Sequence[int] | None = None) -> ExactEdge:
    """The exact house edge of the Ante with its rounds' bets under the player's best play (the bonus bet apart),
    dealing from ``deck`` (the 52 cards by default; a smaller deck holds every suit of each of its ranks, for
    checks). For 52 cards, about 40 s of one core and 1.2 GB: half of it builds the table of boards, which is kept
    for the next rules with the same pays (:func:`_board_table`). The games of the catalogue give, per unit of
    Ante: Euskadi's «Texas Poker» (a Casino Hold'em, the 2.ª Apuesta twice the Ante), 1363917077/63213204600
    = 2.1576 %, folding 18.01 % of the flops; Extremadura's «Texas Hold'em bonus poker», 578107733/28381438800
    = 2.0369 %, folding 60 of the 1,326 starting pairs (4.52 %)."""
    cards = _deck(deck)
    _check(rules)
    return _edge(rules, cards)


def flop_expectations(rules: Rules, cards: Sequence[str],
                      deck: Sequence[int] | None = None) -> tuple[Fraction, Fraction]:
    """The player's exact expected net result, per unit of Ante, of the Ante and of one unit of a round's bet, given
    his two cards and the flop (``cards``, five names), over every turn, river and two cards of the croupier, the
    rounds' bets all made. At the flop of a Casino Hold'em he goes on exactly when the Ante's plus twice the bet's
    beats −1.

    >>> from jokoak.games.holdem.engine import Rules, Street
    >>> from jokoak.engine.poker import Category as C
    >>> casino = Rules((Street("apuesta2", 3, Fraction(2), True),), {C.HIGH_CARD: Fraction(1),
    ...                C.ROYAL_FLUSH: Fraction(100)}, (C.PAIR, 2))
    >>> ante, bet = flop_expectations(casino, "Ah Kh Qh Jh Th".split())   # a royal flush made
    >>> ante, bet < 1                  # the Ante is paid 100 to 1; the bet is returned when he does not qualify
    (Fraction(100, 1), True)
    """
    deck_cards = _deck(deck)
    sym, pays = _symmetry(deck_cards), _Pays.of(rules)
    given = dealt(cards)
    if len(given) != 5 or not set(given) <= set(deck_cards):
        raise ValueError(f"Five cards of the deck: the player's two and the flop, not {' '.join(cards)}.")
    place = {card: i for i, card in enumerate(deck_cards)}
    hole, flop = sorted(place[c] for c in given[:2]), np.array(sorted(place[c] for c in given[2:]), np.int64)
    rest = np.setdiff1d(np.arange(sym.n), flop)
    boards = np.sort(np.column_stack([np.broadcast_to(flop, (comb(len(rest), 2), 3)),
                                      rest[combinations(len(rest), 2).astype(np.int64)]]), axis=1)
    row = np.full(comb(sym.n, 5), -1, np.int64)
    row[_colex(boards)] = np.arange(len(boards))
    table = _BoardTable(row, np.zeros(len(row), np.int64), *_board_stats(sym, boards, pays))
    sums = _flop_sums(sym, table, flop)
    pair = int(np.flatnonzero(sums.pairs == comb(hole[1], 2) + hole[0])[0])
    each = (sym.n - 5) * (sym.n - 6) * comb(sym.n - 7, 2) * pays.scale
    return Fraction(int(sums.ante[pair]), each), Fraction(int(sums.call[pair]), each)


def _check(rules: Rules) -> None:
    for i, street in enumerate(rules.streets[1:], start=2):
        if street.required:
            raise ValueError(f"Only the first betting round can be one the player must bet to stay: «{street.bet}» "
                             f"is the {i}{'nd' if i == 2 else 'th' if i > 3 else 'rd'}.")


def _deck(deck: Sequence[int] | None) -> tuple[int, ...]:
    cards = tuple(range(52)) if deck is None else tuple(sorted(set(int(c) for c in deck)))
    ranks, suits = {c // 4 for c in cards}, {c % 4 for c in cards}
    if min(cards) < 0 or max(cards) > 51 or len(cards) != len(ranks) * len(suits) or len(cards) < 9:
        raise ValueError("The deck holds every suit of each of its ranks, 9 cards at least, from 0-51.")
    return cards


# --- the suits renamed ----------------------------------------------------------------------------------------

def _colex(sets: Ints) -> Ints:
    """The colex number of each row, a set of positions sorted ascending (as :func:`combinations` numbers it)."""
    index = np.zeros(len(sets), np.int64)
    for i in range(sets.shape[1]):
        index += _BINOMIALS[i + 1][sets[:, i]]
    return index


@dataclass(frozen=True)
class _Symmetry:
    """The renamings of the suits of a deck, as permutations of the positions of its cards (``perms``, the
    identity first), and what they do to every pair of positions (``pairs``: the colex number of the image)."""

    cards: Ints
    perms: Ints
    pairs: Ints

    @property
    def n(self) -> int:
        return len(self.cards)


@functools.cache
def _symmetry(cards: tuple[int, ...]) -> _Symmetry:
    suits = len({c % 4 for c in cards})
    position = np.arange(len(cards))
    perms = np.array([position // suits * suits + np.array(p)[position % suits]
                      for p in permutations(range(suits))], np.int64)
    two = combinations(len(cards), 2).astype(np.int64)
    pairs = np.array([_colex(np.sort(perm[two], axis=1)) for perm in perms])
    return _Symmetry(np.array(cards, np.int64), perms, pairs)


@functools.cache
def _classes(cards: tuple[int, ...], k: int) -> tuple[Ints, Ints, Ints, Ints]:
    """The sets of ``k`` positions up to a renaming of the suits. For every set (in colex order): its class and
    the renaming that takes it to its class's representative; and the representatives (one a row) and the sizes
    of the classes. A set is read as a bit mask, the representative the least mask of its class."""
    sym = _symmetry(cards)
    sets = combinations(sym.n, k).astype(np.int64)
    masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), sets), axis=1)
    suits = len({c % 4 for c in cards})
    one_suit = sum(1 << (suits * r) for r in range(sym.n // suits))
    best = np.full(len(sets), np.iinfo(np.int64).max)
    which = np.zeros(len(sets), np.int64)
    for p, perm in enumerate(sym.perms):
        image = np.zeros(len(sets), np.int64)
        for s in range(suits):
            image |= ((masks >> s) & one_suit) << int(perm[s])
        better = image < best
        best[better], which[better] = image[better], p
    keys, row = np.unique(best, return_inverse=True)
    reps = np.nonzero((keys[:, None] >> np.arange(sym.n)) & 1)[1].reshape(-1, k)
    return row.astype(np.int64), which, reps, np.bincount(row).astype(np.int64)


# --- each board: every pair of the player against every pair of the croupier ------------------------------

@dataclass(frozen=True)
class _Pays:
    """The settlement in integers: ``ante[category]``, the Ante's net when it is paid by its table, and
    ``call``, a round's bet's net per unit when the player wins, both times ``scale``; a loss is ``-scale``."""

    ante: tuple[int, ...]
    call: int
    scale: int
    qualifier: tuple[Category, int] | None

    @classmethod
    def of(cls, rules: Rules) -> _Pays:
        table = [rules.ante_payout(Category(c)) for c in range(len(Category))]
        scale = lcm(*(p.denominator for p in table), rules.calls_pay.denominator)
        return cls(tuple(int(p * scale) for p in table), int(rules.calls_pay * scale), scale, rules.qualifier)


def _ranks(v: Ints) -> tuple[Ints, Ints]:
    """For each entry of each row: how many entries of its row are below it, and how many are not above it."""
    rows, k = v.shape
    order = np.argsort(v, axis=1, kind="stable")
    s = np.take_along_axis(v, order, axis=1)
    index = np.broadcast_to(np.arange(k), (rows, k))
    new = np.ones((rows, k), bool)
    new[:, 1:] = s[:, 1:] != s[:, :-1]
    end = np.ones((rows, k), bool)
    end[:, :-1] = new[:, 1:]
    first = np.maximum.accumulate(np.where(new, index, 0), axis=1)
    last = np.minimum.accumulate(np.where(end, index + 1, k)[:, ::-1], axis=1)[:, ::-1]
    below, upto = np.empty_like(first), np.empty_like(first)
    np.put_along_axis(below, order, first, axis=1)
    np.put_along_axis(upto, order, last, axis=1)
    return below, upto


@functools.cache
def _holding(m: int) -> Ints:
    """For each of ``m`` cards, the pairs of them (colex numbers) that hold it, one card a row."""
    local = combinations(m, 2).astype(np.int64)
    return np.array([np.flatnonzero((local == c).any(axis=1)) for c in range(m)], np.int64)


def _seven_values(boards: Ints, first: Ints, second: Ints) -> Ints:
    """The value of each row of ``boards`` (five cards) with each of its pairs ``first``, ``second`` (cards):
    the board's ranks read once, the pair's two added (:func:`~jokoak.engine.poker.values` card by card)."""
    final, flush = _tables(FIVE_CARD, 7, "low")
    state = _TRANSITIONS[_RANK[boards[:, 0]]]
    for column in range(1, 5):
        state = _TRANSITIONS[state + _RANK[boards[:, column]]]
    found: Ints = final[_TRANSITIONS[state[:, None] + _RANK[first]] + _RANK[second]].astype(np.int64)
    counts = np.stack([(boards % 4 == s).sum(axis=1) for s in range(4)], axis=1)
    suit = counts.argmax(axis=1)  # a flush needs three of the board's cards: one suit at most
    bits = np.bitwise_or.reduce(_BITS[boards], axis=1)
    masks = ((bits[:, None] | _BITS[first] | _BITS[second]) >> (16 * suit[:, None])) & 8191
    masks[counts.max(axis=1) < 3] = 0
    best: Ints = np.maximum(found, flush[masks])
    return best


def _board_stats(sym: _Symmetry, boards: Ints, pays: _Pays) -> tuple[Ints, Ints]:
    """For each board (a row of five positions) and each pair of positions (by colex number, 0 where it
    meets the board): the sums, over the croupier's pairs from the other cards, of the Ante's net result and
    of a round's bet's net result per unit (times ``pays.scale``)."""
    count, n = len(boards), sym.n
    free = np.ones((count, n), bool)
    free[np.arange(count)[:, None], boards] = False
    rest = np.nonzero(free)[1].reshape(count, n - 5)
    local = combinations(n - 5, 2).astype(np.int64)
    first, second = rest[:, local[:, 0]], rest[:, local[:, 1]]
    v = _seven_values(sym.cards[boards], sym.cards[first], sym.cards[second])
    holding = _holding(n - 5)
    slot = np.argsort(holding.ravel(), kind="stable").reshape(-1, 2) % (n - 6)  # pair k's place in its cards' lists
    below, upto = _ranks(v)
    by_card = v[:, holding].reshape(-1, n - 6)
    card_below, card_upto = (x.reshape(count, n - 5, n - 6) for x in _ranks(by_card))
    a, b = local[:, 0], local[:, 1]
    below = below - card_below[:, a, slot[:, 0]] - card_below[:, b, slot[:, 1]]
    upto = upto - card_upto[:, a, slot[:, 0]] - card_upto[:, b, slot[:, 1]] + 1  # the pair itself, in both lists
    if pays.qualifier is None:
        short = np.zeros_like(v)
    else:
        low = ~_at_least(v, pays.qualifier)
        card_low = low[:, holding].sum(axis=2)
        short = low.sum(axis=1)[:, None] - card_low[:, a] - card_low[:, b] + low
    dealers = comb(n - 7, 2)
    won = np.maximum(below - short, 0)  # the croupier qualifies and loses: not qualifying is an upper set
    lost = dealers - np.maximum(upto, short)  # he qualifies and wins
    ante = np.array(pays.ante, np.int64)[(v >> 20) & 15] * (short + won) - pays.scale * lost
    call = pays.call * won - pays.scale * lost
    pair = _BINOMIALS[2][second] + first
    out = np.zeros((2, count, comb(n, 2)), np.int64)
    rows = np.arange(count)[:, None]
    out[0, rows, pair], out[1, rows, pair] = ante, call
    return out[0], out[1]


@dataclass(frozen=True)
class _BoardTable:
    """For every set of five positions (colex): its row and the renaming to the row's board; per row and pair of
    positions, the sums of :func:`_board_stats`."""

    row: Ints
    perm: Ints
    ante: npt.NDArray[np.signedinteger]
    call: npt.NDArray[np.signedinteger]


def _fits(bound: int) -> type[np.signedinteger]:
    return np.int16 if bound < 2 ** 15 else np.int32 if bound < 2 ** 31 else np.int64


_KEPT: dict[tuple[tuple[int, ...], _Pays], _BoardTable] = {}


def release() -> None:
    """Forget the board table kept for the next computation with the same pay table (about 1 GB)."""
    _KEPT.clear()


def _board_table(cards: tuple[int, ...], pays: _Pays) -> _BoardTable:
    """The table over every board up to suits (under a minute and 0.7-1.1 GB for 52 cards). The last one is kept
    for the next rules with the same pays (another stake of a round), and dropped before another is built."""
    if (cards, pays) not in _KEPT:
        _KEPT.clear()
        _KEPT[cards, pays] = _build_table(cards, pays)
    return _KEPT[cards, pays]


def _build_table(cards: tuple[int, ...], pays: _Pays) -> _BoardTable:
    sym = _symmetry(cards)
    row, perm, reps, _ = _classes(cards, 5)
    dealers = comb(sym.n - 7, 2)
    ante = np.zeros((len(reps), comb(sym.n, 2)), _fits(dealers * (max(abs(p) for p in pays.ante) + pays.scale)))
    call = np.zeros((len(reps), comb(sym.n, 2)), _fits(dealers * (abs(pays.call) + pays.scale)))
    for start in range(0, len(reps), 500):
        ante[start:start + 500], call[start:start + 500] = _board_stats(sym, reps[start:start + 500], pays)
    return _BoardTable(row, perm, ante, call)


# --- the rounds, backwards --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Flop:
    """Sums for one flop and each pair the player may hold (the pairs of the other cards, colex over them), over
    the ordered turn and river and the croupier's pairs: the Ante's net (``ante``) and a round's bet's net per
    unit (``call``); ``turn[t]``, the latter over the river alone, the turn being the t-th other card (0 if the
    pair holds it), and ``turn_ante`` likewise for the Ante; ``places``: the pair's two cards as places among the
    other cards."""

    pairs: Ints
    places: Ints
    ante: Ints
    call: Ints
    turn: Ints
    turn_ante: Ints


def _flop_sums(sym: _Symmetry, table: _BoardTable, flop: Ints) -> _Flop:
    free = np.ones(sym.n, bool)
    free[flop] = False
    rest = np.flatnonzero(free)
    local = combinations(len(rest), 2).astype(np.int64)
    pairs = _colex(rest[local])
    boards = np.sort(np.column_stack([np.broadcast_to(flop, (len(local), 3)), rest[local]]), axis=1)
    board = _colex(boards)
    index = table.row[board][:, None] * comb(sym.n, 2) + sym.pairs[table.perm[board][:, None], pairs[None, :]]
    ante, call = table.ante.ravel()[index], table.call.ravel()[index]  # (turn and river, player's pair)
    holding = _holding(len(rest))
    turn = call[holding].sum(axis=1, dtype=np.int64)
    turn_ante = ante[holding].sum(axis=1, dtype=np.int64)
    return _Flop(pairs, local, turn_ante.sum(axis=0), turn.sum(axis=0), turn, turn_ante)


@dataclass(frozen=True)
class _Plan:
    """The betting rounds in integers: each round's stake times ``unit`` (``stakes``), the common cards seen
    (``seen``), and the level (cards seen) of the round the player must bet to stay, or None. The folds are worth,
    in the units of the sums of :class:`_Flop` times ``unit``, ``fold3`` for a flop and ``fold4`` for a turn."""

    stakes: tuple[int, ...]
    seen: tuple[int, ...]
    level: int | None
    unit: int
    fold3: int
    fold4: int

    @classmethod
    def of(cls, rules: Rules, n: int, scale: int) -> _Plan:
        unit = lcm(*(s.multiple.denominator for s in rules.streets))
        forced = rules.streets[0].seen if rules.streets and rules.streets[0].required else None
        turns, dealers = n - 5, comb(n - 7, 2)
        return cls(tuple(int(s.multiple * unit) for s in rules.streets), tuple(s.seen for s in rules.streets),
                   forced, unit, -turns * (turns - 1) * dealers * scale * unit, -(turns - 1) * dealers * scale * unit)

    @property
    def optional(self) -> list[int]:
        return [i for i in range(len(self.stakes)) if i or self.level is None]


def _flop_values(plan: _Plan, s: _Flop) -> tuple[Ints, list[Ints | None]]:
    """For one flop and each pair of the player: the sum of his results under best play from the flop on (the
    round before the flop bet, if he must bet it to stay), and by round how many of its decisions bet (None for the
    rounds before the flop)."""
    turn_card = np.arange(len(s.turn))[:, None]
    valid = (turn_card != s.places[:, 0]) & (turn_card != s.places[:, 1])  # the turn is not one of his cards
    river = np.where(valid, np.maximum(s.turn, 0), 0).sum(axis=0)  # a river bet made when it gains
    total = s.ante * plan.unit + sum((plan.stakes[i] * (river if plan.seen[i] == 4 else np.maximum(s.call, 0))
                                      for i in plan.optional if plan.seen[i] >= 3), np.zeros_like(s.ante))
    goes, turn_goes = np.ones(len(total), bool), valid
    if plan.level == 4:  # he folds or bets on seeing the turn
        staying = s.turn_ante * plan.unit + plan.stakes[0] * s.turn + \
            sum((plan.stakes[i] * np.maximum(s.turn, 0) for i in plan.optional), np.zeros_like(s.turn))
        turn_goes = valid & (staying > plan.fold4)
        total = np.where(turn_goes, staying, np.where(valid, plan.fold4, 0)).sum(axis=0)
    elif plan.level is not None:
        total += plan.stakes[0] * s.call
        if plan.level == 3:  # he folds or bets on seeing the flop
            goes = total > plan.fold3
            total, turn_goes = np.where(goes, total, plan.fold3), valid & goes
    took: list[Ints | None] = []
    for i, seen in enumerate(plan.seen):
        if i == 0 and plan.level in (3, 4):
            took.append(goes.astype(np.int64) if plan.level == 3 else turn_goes.sum(axis=0))
        elif seen == 3:
            took.append((goes & (s.call > 0)).astype(np.int64))
        else:
            took.append((turn_goes & (s.turn > 0)).sum(axis=0) if seen == 4 else None)
    return total, took


def _edge(rules: Rules, cards: tuple[int, ...]) -> ExactEdge:
    """Every flop up to suits, each pair of the player: the results and bets summed by class of his two cards,
    then the rounds before the flop decided on those sums."""
    sym, pays = _symmetry(cards), _Pays.of(rules)
    table = _board_table(cards, pays)
    plan = _Plan.of(rules, sym.n, pays.scale)
    pair_class, _, _, class_sizes = _classes(cards, 2)
    _, _, flops, flop_sizes = _classes(cards, 3)
    value, calls = np.zeros(len(class_sizes), np.int64), np.zeros(len(class_sizes), np.int64)
    bets = np.zeros((len(plan.stakes), len(class_sizes)), np.int64)  # by round: the decisions that bet, weighted
    for flop, weight in zip(flops, flop_sizes.tolist(), strict=True):
        s = _flop_sums(sym, table, flop)
        total, took = _flop_values(plan, s)
        klass = pair_class[s.pairs]
        np.add.at(value, klass, weight * total)
        np.add.at(calls, klass, weight * s.call)
        for i, count in enumerate(took):
            if count is not None:
                np.add.at(bets[i], klass, weight * count)
    flop_count = comb(sym.n - 2, 3)
    for i in plan.optional:  # the rounds before the flop, on the class of the player's two cards
        if plan.seen[i] == 0:
            value += plan.stakes[i] * np.maximum(calls, 0)
            bets[i] = np.where(calls > 0, class_sizes * flop_count, 0)
    plays = np.ones(len(class_sizes), bool)
    if plan.level == 0:
        fold = class_sizes * flop_count * plan.fold3
        plays = value > fold
        value = np.where(plays, value, fold)
        bets[0] = class_sizes * flop_count
    hands = comb(sym.n, 2) * flop_count
    states = {0: hands, 3: hands, 4: hands * (sym.n - 5)}
    rounds = tuple(Fraction(int(bets[i][plays].sum()), states[seen]) for i, seen in enumerate(plan.seen))
    per_ante = Fraction(int(value.sum()), hands * plan.fold3)
    staked = 1 + sum((s.multiple * p for s, p in zip(rules.streets, rounds, strict=True)), Fraction(0))
    return ExactEdge(per_ante, per_ante / staked, rounds)
