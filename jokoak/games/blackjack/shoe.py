"""Black Jack's main bet over the finite shoe: the player's best play by the cards he has seen, the dealer's final
hand exact for each hand of the player.

Every card seen comes out of the shoe, for the cards the player draws and for the dealer's, who draws after him:
the dealer's card and every card of the player's hand. A hand is a composition (how many cards of each value 1-10;
their order does not change what is left). Against each dealer's card, the dealer's final hand is exact over the
shoe less his card and each composition (:func:`dealer_given`, in floating point), and the player takes the best of
standing, hitting, doubling and surrendering for the composition he holds. Where no hand is split, as in Triple
Black Jack, that is the best play there is and the value is exact.

A split hand is played by its own cards, the dealer's and the pair cards it knows of, and valued over the shoe less
those. With one split (two hands) this is exact for that play: the other hand's cards, which it does not look at,
may as well be dealt after the dealer's (the cards are exchangeable and the other hand's play does not depend on
them). Where hands are split again, the hands are dealt in order, each taking its second card when its turn comes
(:func:`_split_starts`); a hand knows of the pair cards split off before its second card and of the earlier hands'
second cards, known not to be pair cards. Its worth is the one with the other pair card out, corrected linearly for
each further pair card (the worth with two out less the worth with one) and for each earlier hand's second card
(the worth with one card out at the shoe's proportions of the other values less the worth with none):
:data:`RESPLIT_PRECISION` bounds the difference from valuing each number of cards apart (``finer``). The player
resplits up to the number of hands that is best for the pair, raised one at a time while that helps.

>>> from .engine import Rules
>>> f"{-player_expectation(Rules(dealer_hands=3)):.5%}"
'2.34352%'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from .cards import OUTCOMES, dealer_outcome, dealer_stands, hand_total
from .engine import Rules, shoe

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Hand = tuple[int, ...]  # how many cards of each value 1 (ace) to 10
EMPTY: Hand = (0,) * 10
THREE_SEVENS: Hand = (0, 0, 0, 0, 0, 0, 3, 0, 0, 0)
ZERO_LOG = -1e4  # stands for the log of zero: exp() of a sum holding it is 0
NEGLIGIBLE = 1e-16  # a split's states less likely than this are dropped (each is worth a few units at most)
# A split this far below not splitting, valued roughly (its hands as unsplit hands), is not valued exactly: the
# pair cards out change a hand's worth by hundredths. With six decks and with one, the figures are the same without.
SCREEN = 0.25
# Per unit first staked, how far the linear corrections for resplits may be from valuing each number of cards apart
# (up to six): 0.0001 percentage points. Found: 0.000006 with six decks, up to 0.00008 with one (see the tests).
RESPLIT_PRECISION = 1e-6
ROUNDING = 1e-12  # the floating point's error on a figure computed without approximation (below this)


def _add(hand: Hand, value: int, n: int = 1) -> Hand:
    return (*hand[:value - 1], hand[value - 1] + n, *hand[value:])


def _hard(hand: Hand) -> int:
    return sum(v * n for v, n in enumerate(hand, start=1))


def _total(hand: Hand) -> int:
    hard = _hard(hand)
    return hard + 10 if hand[0] and hard <= 11 else hard


@cache
def compositions(contains: int = 0, most_cards: int = 21) -> tuple[Hand, ...]:
    """Every hand of two cards or more whose hard total (aces one) is 21 or less, holding a card of value
    ``contains`` if it is not 0, of ``most_cards`` cards at most.

    >>> len(compositions()), len(compositions(10)), compositions(1, most_cards=2)[:2]
    (3072, 193, ((2, 0, 0, 0, 0, 0, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0, 0, 0, 0, 0)))
    """
    found: list[Hand] = []

    def extend(hand: Hand, lowest: int, hard: int, cards: int) -> None:
        if cards >= 2 and (not contains or hand[contains - 1]):
            found.append(hand)
        if cards < most_cards:
            for v in range(lowest, min(10, 21 - hard) + 1):
                extend(_add(hand, v), v, hard + v, cards + 1)

    extend(EMPTY, 1, 0, 0)
    return tuple(found)


# --- the dealer ----------------------------------------------------------------------------------------------------

@cache
def _dealer_paths(up: int, hits_soft_17: bool) -> tuple[Ints, Floats, Ints]:
    """Every way the dealer finishes from ``up``: the cards he draws (by value), in how many orders (the log), and
    his final hand (an index into :data:`OUTCOMES`). A path's probability depends on its cards only, not on their
    order: the product of the counts left of each value, over the falling factorial of the shoe."""
    frontier: dict[Hand, int] = {EMPTY: 1}
    finished: dict[tuple[Hand, int], int] = {}
    while frontier:
        later: dict[Hand, int] = {}
        for drawn, orders in frontier.items():
            for v in range(1, 11):
                now = _add(drawn, v)
                values = [up] + [w for w in range(1, 11) for _ in range(now[w - 1])]
                if dealer_stands(values, hits_soft_17):
                    key = (now, OUTCOMES.index(dealer_outcome(values)))
                    finished[key] = finished.get(key, 0) + orders
                else:
                    later[now] = later.get(now, 0) + orders
        frontier = later
    keys = sorted(finished)
    return (np.array([k[0] for k in keys], dtype=np.int64), np.log(np.array([finished[k] for k in keys], dtype=float)),
            np.array([k[1] for k in keys], dtype=np.int64))


def _log_falling(n: Floats, k: int) -> Floats:
    """log n (n-1) … (n-k+1) for each n, :data:`ZERO_LOG` where a factor is not positive."""
    found = np.zeros(n.shape)
    for t in range(k):
        left = n - t
        found += np.where(left > 1e-9, np.log(np.where(left > 1e-9, left, 1.0)), ZERO_LOG)
    return found


@cache
def _dealer_matrix(up: int, hits_soft_17: bool) -> tuple[Floats, Floats, int, int]:
    """The dealer's paths as the columns of a matrix that, multiplied by a row of logs of falling factorials of the
    cards left, gives the log of each path's probability; and which final hand each path makes."""
    drawn, log_orders, outcome = _dealer_paths(up, hits_soft_17)
    most, longest = int(drawn.max()), int(drawn.sum(1).max())
    columns = np.arange(len(drawn))
    paths = np.zeros((10 * (most + 1) + longest + 2, len(drawn)))
    for v in range(10):
        paths[v * (most + 1) + drawn[:, v], columns] = 1
    paths[10 * (most + 1) + drawn.sum(1), columns] = 1
    paths[-1] = log_orders
    finals = np.zeros((len(drawn), len(OUTCOMES)))
    finals[columns, outcome] = 1
    return paths, finals, most, longest


def dealer_given(up: int, hits_soft_17: bool, left: Floats) -> Floats:
    """The dealer's final hand (by :data:`OUTCOMES`) from ``up`` over each row of ``left``, the cards of each value
    left in the shoe (a count may be fractional: a card removed in expectation), drawing without replacement.

    >>> p = dealer_given(6, False, np.array([[24, 24, 24, 24, 24, 23, 24, 24, 24, 96]], dtype=float))
    >>> round(float(p[0, 5]), 6)  # over 21 from a six, six decks
    0.422842
    """
    paths, finals, most, longest = _dealer_matrix(up, hits_soft_17)
    logs = np.empty((len(left), paths.shape[0]))
    for v in range(10):
        for k in range(most + 1):
            logs[:, v * (most + 1) + k] = _log_falling(left[:, v], k)
    size = left.sum(1)
    for k in range(longest + 1):
        logs[:, 10 * (most + 1) + k] = -_log_falling(size, k)
    logs[:, -1] = 1
    found = np.empty((len(left), len(OUTCOMES)))
    step = max(1, 2_000_000 // paths.shape[1])
    for i in range(0, len(left), step):
        found[i:i + step] = np.exp(logs[i:i + step] @ paths) @ finals
    return found


# --- the player's hands ----------------------------------------------------------------------------------------------

@cache
def _shape(pair: int) -> tuple[tuple[Hand, ...], dict[Hand, int], Ints, Ints, Ints]:
    """The hands of a table: unsplit (``pair`` 0), the split hands of ``pair`` (an ace takes one card): each hand,
    its place, hard total, total, and the place of the hand it makes with each value drawn (-1: over 21)."""
    hands = compositions() if not pair else compositions(pair, 2 if pair == 1 else 21)
    index = {h: i for i, h in enumerate(hands)}
    children = np.array([[index.get(_add(h, c), -1) if _hard(h) + c <= 21 else -1 for c in range(1, 11)]
                         for h in hands], dtype=np.int64)
    return (hands, index, np.array([_hard(h) for h in hands]), np.array([_total(h) for h in hands]),
            children.reshape(len(hands), 10))


@cache
def _hands_seen(counts: Hand, up: int, hits_soft_17: bool, pair: int, pair_cards: int,
                others: int) -> tuple[Floats, Floats]:
    """For each hand of a table (see :meth:`_Game.table`), the cards left besides it, and the dealer's final hand
    over them. Depends on the shoe and the dealer's rule only, so that the games and variants of one shoe share it."""
    removed = np.zeros(10)
    left = np.array(counts, dtype=float)
    left[up - 1] -= 1
    if pair:
        removed[pair - 1] = pair_cards
        if others:
            rest = left.copy()
            rest[pair - 1] = 0
            removed += others * rest / rest.sum()
    held = np.array(_shape(pair)[0], dtype=float)
    dealt = (held + removed <= left + 1e-9).all(1)  # the hands that can be dealt at all
    left = np.maximum(left - removed - held, 0.0)
    dealer = dealer_given(up, hits_soft_17, left)
    if (dealer[dealt].sum(1) < 1 - 1e-9).any():
        raise ValueError("The shoe is too small: the dealer could run out of cards.")
    return left, dealer


class _Table:
    """Hands against one dealer's card, unsplit or split (:meth:`_Game.table`): what standing, hitting and doubling
    are worth for each, per unit staked."""

    def __init__(self, rules: Rules, up: int, pair: int, seen: tuple[Floats, Floats]) -> None:
        self.left, dealer = seen
        self.rules, self.up, self.one_card, self.pair = rules, up, pair == 1, pair
        self.index = _shape(pair)[1]
        self.size = self.left.sum(1)
        self.draw = self.left / self.size[:, None]
        blackjack = dealer[:, 6] if rules.lost_to_dealer_blackjack == "all" else 0.0
        under = np.cumsum(dealer[:, :5], axis=1)  # the dealer's 17 up to each of his totals
        # standing on 16 or less (column 0), then on 17 … 21: his bust and lower totals win, higher ones lose
        self.stands = np.empty((len(self.left), 6))
        self.stands[:, 0] = dealer[:, 5] - under[:, 4] - blackjack
        for t in range(17, 22):
            lower = under[:, t - 18] if t > 17 else 0.0
            self.stands[:, t - 16] = dealer[:, 5] + lower - (under[:, 4] - under[:, t - 17]) - blackjack
        self.busts = self.bust_after()
        self.best = self.play()
        self.memo: dict[tuple[int, int, bool], float] = {}

    def dealer_blackjack(self, left: Floats) -> Floats:
        """The probability of the dealer's black jack with ``left`` cards in the shoe (the last axis)."""
        if self.up in (1, 10):
            return np.asarray(left[..., 10 - self.up] / left.sum(-1))
        return np.zeros(left.shape[:-1])

    def bust_after(self) -> Floats:
        """Per unit, a hand gone over 21 with each value drawn: its stake; where the dealer's black jack takes only
        the first stake, its stake unless the dealer makes black jack."""
        if self.rules.lost_to_dealer_blackjack == "all":
            return np.full((len(self.left), 10), -1.0)
        after = np.maximum(self.left[:, None, :] - np.eye(10)[None, :, :], 0.0)
        return -(1 - self.dealer_blackjack(after))

    def stand(self, i: int, total: int) -> float:
        return float(self.stands[i, max(total - 16, 0)])

    def three_sevens(self, i: int) -> float:
        """Per unit, 21 of three sevens (hand ``i``): paid unless the dealer makes black jack (lost) or three
        sevens too (void)."""
        rules, left, size = self.rules, self.left[i], self.size[i]
        blackjack = float(self.dealer_blackjack(left))
        sevens = left[6] / size * max(left[6] - 1, 0) / (size - 1) if self.up == 7 else 0.0
        lost = blackjack if rules.lost_to_dealer_blackjack == "all" else 0.0
        return float((1 - blackjack - sevens) * float(rules.three_sevens_pays or 0) - lost)

    def play(self) -> Floats:
        """The better of standing and hitting for every hand, those of higher hard totals first."""
        rules, (_, _, hard, total, children) = self.rules, _shape(self.pair)
        n = len(hard)
        stand = self.stands[np.arange(n), np.maximum(total - 16, 0)]
        may_hit = ((total < 21) | ((total == 21) & (not rules.stop_at_21))) & (not self.one_card)
        sevens = self.index.get(THREE_SEVENS) if rules.three_sevens_pays is not None else None
        best = np.empty(n)
        for layer in sorted(set(hard.tolist()), reverse=True):
            rows = np.flatnonzero(hard == layer)
            kids = children[rows]
            after = np.where(kids >= 0, best[np.maximum(kids, 0)], self.busts[rows])
            hit = (self.draw[rows] * after).sum(1)
            best[rows] = np.where(may_hit[rows], np.maximum(stand[rows], hit), stand[rows])
            if sevens is not None and hard[sevens] == layer:
                best[sevens] = self.three_sevens(sevens)
        return best

    def two_cards(self, x: int, y: int, after_split: bool) -> float:
        """Per unit first staked on it, the best play of the hand of ``x`` and ``y`` other than splitting it (not
        a black jack)."""
        key = (x, y, after_split)
        if key not in self.memo:
            i = self.index[_add(_add(EMPTY, x), y)]
            value = float(self.best[i])
            if not self.one_card and _may_double(self.rules, x, y, after_split):
                value = max(value, 2 * self.doubled(i, x, y))
            self.memo[key] = value
        return self.memo[key]

    def doubled(self, i: int, x: int, y: int) -> float:
        """Per unit staked, the hand ``i`` of ``x`` and ``y`` doubled: one card, then it stands."""
        rules = self.rules
        held = sum(v == 1 for v in (x, y)) if rules.double_ace_counts_one else 0
        value = 0.0
        for c in range(1, 11):
            p = float(self.draw[i, c - 1])
            if not p:
                continue
            total = hand_total([x, y, c], held)[0]
            if total > 21:
                value += p * float(self.busts[i, c - 1])
                continue
            child = self.index[_add(_add(_add(EMPTY, x), y), c)]
            sevens = rules.three_sevens_pays is not None and x == y == c == 7
            value += p * (self.three_sevens(child) if sevens else self.stand(child, total))
        return value


def _may_double(rules: Rules, a: int, b: int, after_split: bool) -> bool:
    if rules.dealer_hands != 1 or (after_split and not rules.double_after_split):
        return False
    if a == b == 1 and not rules.double_pair_of_aces:
        return False
    if rules.double_totals is None:
        return True
    best, soft = hand_total([a, b])
    return (a + b in rules.double_totals) if soft and rules.double_soft else best in rules.double_totals


# --- a round ---------------------------------------------------------------------------------------------------------

@dataclass
class _Game:
    rules: Rules
    counts: Hand
    finer: int = 0  # 0: split hands by linear corrections; n: valued apart up to n pair cards and n other cards out
    tables: dict[tuple[int, int, int, int], _Table] = field(default_factory=dict)

    def table(self, up: int, pair: int = 0, pair_cards: int = 0, others: int = 0) -> _Table:
        """The hands against ``up``: unsplit (``pair`` 0), or the split hands of ``pair``, with ``pair_cards`` pair
        cards out besides each hand's own and ``others`` cards of other values out at the shoe's proportions."""
        key = (up, pair, pair_cards, others)
        if key not in self.tables:
            seen = _hands_seen(self.counts, up, self.rules.dealer_hits_soft_17, pair, pair_cards, others)
            self.tables[key] = _Table(self.rules, up, pair, seen)
        return self.tables[key]


@dataclass
class _Position:
    """The player's choices against one dealer's card."""

    game: _Game
    up: int

    def first_two(self, a: int, b: int) -> float:
        """Per unit first staked, the best play of the first two cards."""
        rules, table = self.game.rules, self.game.table(self.up)
        blackjack = float(table.dealer_blackjack(table.left[table.index[_add(_add(EMPTY, a), b)]]))
        if {a, b} == {1, 10}:
            paid = (1 - blackjack) * float(rules.blackjack_pays)
            return max(paid, 1.0) if rules.even_money and self.up == 1 else paid
        value = table.two_cards(a, b, after_split=False)
        # a split valued roughly first, its hands as unsplit ones: far below, it is not worth valuing exactly
        if a == b and rules.dealer_hands == 1 and (rules.max_hands or 2) >= 2 and \
                self.split(a, rough=True) > value - SCREEN:
            value = max(value, self.split(a))
        if rules.lost_to_dealer_blackjack == "original":
            value -= blackjack
        if rules.surrender and self.up != 1 and rules.dealer_hands == 1:
            value = max(value, -0.5)
        return value

    def split_hand(self, a: int, y: int, pair_cards: int, others: int, rough: bool) -> float:
        """Per unit, a split hand of ``a`` and ``y`` that knows of ``pair_cards`` pair cards out besides its own and
        of ``others`` other cards (at the shoe's proportions), or roughly, as an unsplit hand."""
        table = self.game.table(self.up) if rough else self.game.table(self.up, a, pair_cards, others)
        if a == 1:
            return table.stand(table.index[_add(_add(EMPTY, 1), y)], hand_total([1, y])[0])
        return table.two_cards(a, y, after_split=True)

    def split(self, a: int, rough: bool = False) -> float:
        """Per first stake, splitting the pair of ``a``, and splitting again on a pair card up to the best number of
        hands (raised one at a time while that helps). A split hand that knows of the other pair card only is valued
        exactly; of more cards, by a linear correction per card (see :func:`_split_starts`), or with
        :attr:`_Game.finer`, with a table for each number of cards, up to that number."""
        rules, finer = self.game.rules, self.game.finer
        counts = list(self.game.counts)
        counts[self.up - 1] -= 1
        counts[a - 1] -= 2
        if counts[a - 1] < 0:
            return float("-inf")
        others = {x: n / (sum(counts) - counts[a - 1]) for x, n in enumerate(counts, start=1) if x != a and n}

        def hand(pair_card: bool, pair_cards: int, other_cards: int) -> float:
            if pair_card:
                return self.split_hand(a, a, pair_cards, other_cards, rough)
            return sum(q * self.split_hand(a, x, pair_cards, other_cards, rough) for x, q in others.items())

        most = rules.max_hands or 2 + counts[a - 1]
        if a == 1 and not rules.resplit_aces:
            most = 2
        best = float("-inf")
        for cap in range(2, most + 1):
            starts, linear, blocked = _split_starts(tuple(counts), a, cap)
            value = 0.0
            if rough or not finer:
                for pair_card, (weight, split, dealt) in linear.items():
                    base = hand(pair_card, 1, 0)
                    value += weight * base
                    if split and not rough:
                        value += split * (hand(pair_card, 2, 0) - base)
                    if dealt and not rough:
                        value += dealt * (hand(pair_card, 1, 1) - base)
            else:
                for (split_off, dealt_before, pair_card), weight in starts.items():
                    value += weight * hand(pair_card, 1 + min(split_off, finer), min(dealt_before, finer))
            if value <= best:
                break
            best = value
            if blocked < NEGLIGIBLE:  # a higher cap would change nothing
                break
        return best


@cache
def _split_starts(counts: Hand, a: int, cap: int) -> tuple[dict[tuple[int, int, bool], float],
                                                           dict[bool, tuple[float, float, float]], float]:
    """A pair of ``a`` split, and split again on a pair card up to ``cap`` hands, from a shoe of ``counts`` (less
    the pair and the dealer's card): how many hands are expected to take their second card knowing of so many pair
    cards split off and so many other second cards dealt before, by whether that second card is a pair card (which
    comes only once the cap is reached) or not; the same summed by whether the second card is a pair card: hands,
    hands times pair cards split off, hands times other cards dealt before (the weights of a linear correction per
    card); and the chance that a pair card comes once the cap is reached (0: a higher cap changes nothing).

    The hands are played in order, each taking its second card when its turn comes. The cards a hand knows of before
    its second card and does not draw: the pair cards split off, and the earlier hands' second cards taken while
    the cap was not reached, known not to be pair cards. The cards taken after the cap, and those the hands drew,
    may as well be dealt after it: the cards are exchangeable, and no hand's play depends on them. A state: hands,
    the hand to play, pair cards split off, other cards dealt as second cards before the cap."""
    size, pairs = sum(counts), counts[a - 1]
    starts: dict[tuple[int, int, bool], float] = {}
    blocked = 0.0
    states = {(2, 1, 0, 0): 1.0}
    while states:
        later: dict[tuple[int, int, int, int], float] = {}
        for (hands, turn, split, dealt), p in states.items():
            if p < NEGLIGIBLE:
                continue
            pair = (pairs - split) / (size - split - dealt)
            starts[(split, dealt, False)] = starts.get((split, dealt, False), 0.0) + p * (1 - pair)
            if hands < cap:
                if pair:
                    again = (hands + 1, turn, split + 1, dealt)
                    later[again] = later.get(again, 0.0) + p * pair
                after, weight = (hands, turn + 1, split, dealt + 1), p * (1 - pair)
            else:
                if pair:
                    starts[(split, dealt, True)] = starts.get((split, dealt, True), 0.0) + p * pair
                after, weight, blocked = (hands, turn + 1, split, dealt), p, blocked + p * pair
            if turn < hands:
                later[after] = later.get(after, 0.0) + weight
        states = later
    linear: dict[bool, tuple[float, float, float]] = {}
    for (split, dealt, pair_card), weight in starts.items():
        found = linear.get(pair_card, (0.0, 0.0, 0.0))
        linear[pair_card] = (found[0] + weight, found[1] + weight * split, found[2] + weight * dealt)
    return starts, linear, blocked


def position_expectation(rules: Rules, up: int, first: int, second: int, counts: Sequence[int] | None = None,
                         finer: int = 0) -> float:
    """The player's expectation per unit first staked with ``first`` and ``second`` against the dealer's ``up``
    (values 1-10), under the play this module states, the rest of the shoe ``counts`` (by default the rules' full
    shoe) less those three cards. ``finer``: split hands valued apart for each number of cards they know of, up to
    that number, instead of by a linear correction (slower).

    >>> round(position_expectation(Rules(), 6, 8, 8), 6)  # a pair of eights against a six: split
    0.408012
    """
    full = tuple(counts if counts is not None else shoe(rules.decks))
    return _Position(_Game(rules, full, finer), up).first_two(min(first, second), max(first, second))


def player_expectation(rules: Rules, counts: Sequence[int] | None = None, finer: int = 0) -> float:
    """The player's expectation per unit first staked, under the play this module states, from a shoe of ``counts``
    cards of each value 1-10 (by default the rules' full shoe); ``finer`` as in :func:`position_expectation`."""
    full = tuple(counts if counts is not None else shoe(rules.decks))
    game = _Game(rules, full, finer)
    size = sum(full)
    expected = 0.0
    for up in range(1, 11):
        if not full[up - 1]:
            continue
        seen = list(full)
        seen[up - 1] -= 1
        position = _Position(game, up)
        for a in range(1, 11):
            for b in range(a, 11):
                ways = seen[a - 1] * (seen[b - 1] - (a == b)) * (1 if a == b else 2)
                if ways > 0:
                    p = full[up - 1] / size * ways / ((size - 1) * (size - 2))
                    expected += p * position.first_two(a, b)
    return expected
