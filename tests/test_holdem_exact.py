"""The exact hold'em Ante under best play (jokoak.games.holdem.exact), checked against brute force.

The whole 52-card computation takes a minute or two and is left to the build; here every deal of small decks
(every suit of a few ranks) is played out by an independent backward induction, the boards' counts and single
positions of the full deck are enumerated, and the classes of suits are counted.
"""

from __future__ import annotations

from fractions import Fraction as F
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from jokoak.engine.poker import Category as C
from jokoak.engine.poker import combinations, name, parse, values
from jokoak.games.holdem import exact as hx
from jokoak.games.holdem.engine import Rules, Street, _net

CASINO = Rules(  # Euskadi «Texas Poker» as the catalogue reads it: a Casino Hold'em
    (Street("apuesta2", 3, F(2), True),),
    {C.HIGH_CARD: F(1), C.FLUSH: F(2), C.FULL_HOUSE: F(3), C.FOUR_OF_A_KIND: F(10), C.STRAIGHT_FLUSH: F(20),
     C.ROYAL_FLUSH: F(100)}, (C.PAIR, 2))
BONUS_POKER = Rules(  # Extremadura «Texas Hold'em bonus poker»
    (Street("flop", 0, F(2), True), Street("turn", 3, F(1), False), Street("river", 4, F(1), False)),
    {C.HIGH_CARD: F(0), C.STRAIGHT: F(1)})
RIVER_FOLD = Rules(  # not a game of the texts: a fold at the river, fractions, the Ante lost below a pair
    (Street("a", 4, F(3, 2), True), Street("b", 4, F(1), False)),
    {C.HIGH_CARD: F(-1), C.PAIR: F(1, 2), C.FLUSH: F(5)}, (C.PAIR, 1), calls_pay=F(3, 2))
NO_FOLD = Rules(  # nor this one: three bets the player may check, one before the flop
    (Street("a", 0, F(1), False), Street("b", 3, F(2), False), Street("c", 4, F(1), False)),
    {C.HIGH_CARD: F(1)}, (C.PAIR, 3))
FLOP_FOLD = Rules(  # nor this: a fold at the flop, then a bet to check on the same cards and another at the river
    (Street("a", 3, F(2), True), Street("b", 3, F(1), False), Street("c", 4, F(1), False)),
    {C.HIGH_CARD: F(1), C.STRAIGHT: F(2)}, (C.PAIR, 2), calls_pay=F(2))
NO_ROUND = Rules((), {C.HIGH_CARD: F(1), C.FLUSH: F(3)}, (C.PAIR, 2))  # the Ante alone


def deck(ranks: str, suits: str) -> list[int]:
    return [card for r in ranks for card in parse(" ".join(r + s for s in suits))]


def brute_force(rules: Rules, cards: list[int]) -> tuple[F, tuple[F, ...]]:
    """Every ordered deal of ``cards`` (the player's pair, the flop, turn, river, the croupier's pair), settled by
    the engine's ``_net``; the player's best decision at each round by backward induction over the stake he has
    bet so far (no use of the rounds being independent). The edge per Ante and how often each round's bet is made."""
    n = len(cards)
    bit = np.int64(1) << np.arange(n, dtype=np.int64)
    seven = combinations(n, 7).astype(np.int64)
    table = np.zeros(1 << n, np.int32)
    table[bit[seven].sum(axis=1)] = values(np.array(cards)[seven])
    used, parts = np.zeros(1, np.int64), list[npt.NDArray[np.int64]]()
    for k in (2, 3, 1, 1, 2):  # each node of a level has as many children
        free = np.nonzero((used[:, None] & bit[None, :]) == 0)[1].reshape(len(used), -1)
        pick = combinations(free.shape[1], k).astype(np.int64)
        chosen = np.bitwise_or.reduce(bit[free[:, pick]], axis=2)
        parts = [np.repeat(p, len(pick)) for p in parts] + [chosen.ravel()]
        used = (used[:, None] | chosen).ravel()
    hole, flop, turn, river, dealer = parts
    board = flop | turn | river
    mine, theirs = table[hole | board], table[dealer | board]
    shape = (comb(n, 2), comb(n - 2, 3), n - 5, n - 6, comb(n - 7, 2))
    axes = {0: 1, 3: 2, 4: 3}  # the axes the player knows when he has seen 0, 3, 4 common cards

    def solve(i: int, stake: F) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """Sums over the deals below each node of round i's information: the result, and each round's bets."""
        if i == len(rules.streets):
            net = _net(rules, mine, theirs, np.full(len(mine), float(stake))).reshape(shape)
            return net, np.zeros((len(rules.streets), *shape))
        street, keep = rules.streets[i], axes[rules.streets[i].seen]
        below = int(np.prod(shape[keep:]))

        def up(x: npt.NDArray[np.float64], first: int) -> npt.NDArray[np.float64]:
            return x.sum(axis=tuple(range(first + keep, x.ndim)))

        bet, bet_counts = solve(i + 1, stake + street.multiple)
        bet, bet_counts = up(bet, 0), up(bet_counts, 1)
        bet_counts[i] += below
        if street.required:
            other, other_counts = np.full(bet.shape, -float(below)), np.zeros_like(bet_counts)
        else:
            other, other_counts = solve(i + 1, stake)
            other, other_counts = up(other, 0), up(other_counts, 1)
        takes = bet > other
        return np.where(takes, bet, other), np.where(takes, bet_counts, other_counts)

    result, counts = solve(0, F(0))
    deals = int(np.prod(shape))
    return -F(int(result.sum()), deals), tuple(F(int(c.sum()), deals) for c in counts)


@pytest.mark.parametrize(("ranks", "suits", "rules"), [
    ("A2345", "cd", CASINO), ("A2345", "cd", BONUS_POKER), ("A2345", "cd", RIVER_FOLD), ("A2345", "cd", NO_FOLD),
    ("234", "cdhs", CASINO), ("234", "cdhs", BONUS_POKER),  # four suits renamed: the flops and boards up to suits
    ("TJQKA", "hs", CASINO),  # a royal flush
    ("2345", "cdh", RIVER_FOLD), ("A2345", "cd", FLOP_FOLD), ("A2345", "cd", NO_ROUND),
])
def test_every_deal_of_a_small_deck_agrees_with_brute_force(ranks: str, suits: str, rules: Rules) -> None:
    cards = deck(ranks, suits)
    edge = hx.house_edge_exact(rules, cards)
    assert (edge.per_ante, edge.rounds) == brute_force(rules, cards)
    staked = 1 + sum((s.multiple * p for s, p in zip(rules.streets, edge.rounds, strict=True)), F(0))
    assert edge.per_staked == edge.per_ante / staked


def test_the_brute_force_can_fail() -> None:
    """The reference is not blind: a different stake, or a decision left out, changes it."""
    cards = deck("A2345", "cd")
    edge = hx.house_edge_exact(CASINO, cards)
    assert brute_force(Rules((Street("apuesta2", 3, F(1), True),), CASINO.ante_pays, CASINO.qualifier), cards)[0] \
        != edge.per_ante
    assert brute_force(Rules((Street("turn", 3, F(1), False),), BONUS_POKER.ante_pays), cards)[0] != \
        hx.house_edge_exact(BONUS_POKER, cards).per_ante


@pytest.mark.parametrize("board", ["Ah Kh Qh 7h 2c", "9c 9d 9h 4s 4c", "3c 3d 8h Jd Kc", "5s 6s 7s 8s 9s",
                                   "2c 7d 9h Jc Ks", "Ac 2d 3h 4s Td"])
def test_each_board_counts_the_croupier_pairs_of_every_player_pair(board: str) -> None:
    """Inclusion-exclusion over the player's two cards against all 1,081 × 1,081 pairs, for the Casino Hold'em
    (a qualifier, an Ante table by category) and the bonus poker (none, the Ante from a straight up)."""
    sym = hx._symmetry(tuple(range(52)))
    five = np.array([sorted(parse(board))], np.int64)
    rest = np.setdiff1d(np.arange(52), five)
    pairs = rest[combinations(47, 2).astype(np.int64)]
    v = values(np.column_stack([pairs, np.broadcast_to(five, (len(pairs), 5))]))
    apart = ~(pairs[:, None, :, None] == pairs[None, :, None, :]).any(axis=(2, 3))  # (player, croupier)
    player, croupier = np.nonzero(apart)
    for rules in (CASINO, BONUS_POKER):
        ante, call = hx._board_stats(sym, five, hx._Pays.of(rules))
        base = _net(rules, v[player], v[croupier], np.zeros(len(player)))
        one = _net(rules, v[player], v[croupier], np.ones(len(player))) - base
        column = combinations(52, 2).tolist().index  # colex number of a pair
        index = [column(list(p)) for p in pairs.tolist()]
        assert np.array_equal(ante[0, index], np.bincount(player, base, len(pairs)).astype(np.int64))
        assert np.array_equal(call[0, index], np.bincount(player, one, len(pairs)).astype(np.int64))
        assert not ante[0, np.setdiff1d(np.arange(1326), index)].any()  # pairs meeting the board


@pytest.mark.parametrize(("rules", "cards"), [(CASINO, "Qs Qd Js 8s Qc"), (BONUS_POKER, "4h 5h 6h 7c Kd")])
def test_a_flop_of_the_full_deck_agrees_with_brute_force(rules: Rules, cards: str) -> None:
    """Every turn, river and croupier pair after this player's pair and flop, settled by the engine's ``_net``."""
    five = list(parse(cards))
    rest = np.setdiff1d(np.arange(52), five)
    ante = call = 0
    for turn, river in rest[combinations(47, 2).astype(np.int64)].tolist():
        board = [*five[2:], turn, river]
        left = np.setdiff1d(rest, [turn, river])
        theirs = values(np.column_stack([left[combinations(45, 2).astype(np.int64)],
                                         np.broadcast_to(board, (990, 5))]))
        mine = np.full(990, values([[*five[:2], *board]])[0])
        base = _net(rules, mine, theirs, np.zeros(990))
        ante += int(base.sum())
        call += int((_net(rules, mine, theirs, np.ones(990)) - base).sum())
    assert hx.flop_expectations(rules, cards.split()) == (F(ante, 1081 * 990), F(call, 1081 * 990))


def test_hands_that_cannot_lose() -> None:
    """A royal flush on the flop wins every deal: the bonus poker's Ante and bets are paid even money; the Casino
    Hold'em's Ante 100 to 1 whether the croupier plays or not."""
    assert hx.flop_expectations(BONUS_POKER, ["Ah", "Kh", "Qh", "Jh", "Th"]) == (1, 1)
    assert hx.flop_expectations(CASINO, ["Ah", "Kh", "Qh", "Jh", "Th"])[0] == 100


def test_the_classes_of_suits() -> None:
    """169 starting pairs, 1,755 flops, 134,459 boards up to a renaming of the suits; each set is taken onto its
    class's representative by the renaming recorded for it."""
    cards = tuple(range(52))
    sym = hx._symmetry(cards)
    for k, classes in ((2, 169), (3, 1_755), (5, 134_459)):
        row, perm, reps, sizes = hx._classes(cards, k)
        assert (len(reps), int(sizes.sum())) == (classes, comb(52, k))
        sets = combinations(52, k).astype(np.int64)[::97]
        images = np.sort(np.take_along_axis(sym.perms[perm[::97]], sets, axis=1), axis=1)
        assert np.array_equal(images, reps[row[::97]])
    row, perm, reps, sizes = hx._classes(cards, 2)
    assert sorted(set(sizes.tolist())) == [4, 6, 12]  # suited, pairs, offsuit
    assert [name(c) for c in reps[row[combinations(52, 2).tolist().index([48, 51])]]] == ["Ac", "Ad"]


def test_bad_rules_and_decks_are_refused() -> None:
    with pytest.raises(ValueError, match="Only the first betting round"):
        hx.house_edge_exact(Rules((Street("a", 0, F(1), False), Street("b", 3, F(2), True)), {C.HIGH_CARD: F(1)}))
    with pytest.raises(ValueError, match="every suit of each of its ranks"):
        hx.house_edge_exact(CASINO, deck("A2345", "cd")[:-1])
    with pytest.raises(ValueError, match="Five cards of the deck"):
        hx.flop_expectations(CASINO, ["Ah", "Kh", "Qh", "Jh"])
