"""Póquer sin y con descarte: the house edges of the main game and of the side bets, and the probabilities they rest
on.

The main game's edge is exact for póquer sin descarte under the player's best «voy»/«paso» on his five cards
(:func:`main_edge`), and by Monte Carlo for póquer con descarte (:func:`draw_edge`); a side bet's is exact on the
five cards as dealt, or a line in the jackpot's amount where it pays shares of it (:func:`jackpot_edge`). They play
the rules of :mod:`jokoak.games.stud.engine` over every deal, or many, where the engine settles one coup; the
player's best play with the bank's face-up card and the purchase of a card is :mod:`jokoak.games.stud.exact`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

import numpy as np
import numpy.typing as npt

from ...engine.poker import Category, categories, combinations
from ...engine.result import Edge
from .engine import C, Minimum, Rules, Share, SideBet, bank_discards, compare_keys, hand_values


@dataclass(frozen=True)
class MainEdge:
    """The main game's house edge under the player's best «voy»/«paso» on his five cards, exact: the house's
    expected gain per unit of ante (``per_ante``, the usual figure) and per unit staked, ante and second bet
    together (``per_staked``); ``voy``: how often the best player says «voy»."""

    per_ante: Fraction
    per_staked: Fraction
    voy: Fraction


def main_edge(rules: Rules, deck: Sequence[int] | None = None, voy: Minimum | None = None) -> MainEdge:
    """The exact house edge of póquer sin descarte over every hand of the player and every hand of the bank
    from the other cards of ``deck`` (the 52 cards by default). The player says «voy» with a hand that reaches
    ``voy``; by default (None), exactly when that loses less than the ante on his five cards (ties in
    expectation: «paso»): the best play that does not look at the bank's face-up card. The player buys no card
    (:func:`jokoak.games.stud.exact.best_play` looks at the up card and buys a card when that is best).

    Method: each player hand needs the number of bank hands, disjoint from it, that do not qualify, that it
    beats, that tie and that beat it. Counted by inclusion-exclusion over the subsets S of the player's cards,
    (-1)^|S| times the bank hands holding S with a key below a threshold: tables of cumulative counts for
    |S| <= 2, sorted keys searched for |S| = 3, 4. About 20 s for the full deck (benchmarks/bench_stud.py).

    >>> small = [c for c in range(52) if c // 4 >= 8]          # T J Q K A of each suit: 20 cards
    >>> table = Rules(((Minimum(C.PAIR), Fraction(1)), (Minimum(C.HIGH_CARD), Fraction(1))), Minimum(C.PAIR))
    >>> main_edge(table, small).voy
    Fraction(219, 323)
    """
    if rules.discards:
        raise ValueError("The exact edge is for the game without a draw: see draw_edge for póquer con descarte.")
    deck_cards = np.arange(52) if deck is None else np.asarray(sorted(set(deck)), np.int64)
    n = len(deck_cards)
    if n < 10 or deck_cards.min() < 0 or deck_cards.max() > 51:
        raise ValueError(f"The deck is at least 10 different cards of 0-51, not {n}.")
    hands = combinations(n, 5).astype(np.int64)
    raw = hand_values(rules, deck_cards[hands])
    unique, dense = np.unique(compare_keys(rules, raw), return_inverse=True)
    width = 2 * len(unique)
    qualified = raw >= rules.qualification.threshold(rules.wheel)
    code = qualified * len(unique) + dense.ravel()  # below len(unique): the bank does not play
    thresholds = np.stack([np.full(len(code), len(unique)), len(unique) + dense, len(unique) + dense + 1])
    below = _disjoint_below(hands, code, width, thresholds, n)
    no_play, beaten = below[0], below[1] - below[0]
    ties, lost = below[2] - below[1], comb(n - 5, 5) - below[2]
    scale = lcm(*(p.denominator for _, p in rules.pays), rules.ante_pays.denominator,
                 rules.raise_multiple.denominator)
    pays = {(m.threshold(rules.wheel)): p for m, p in rules.pays}
    pay = np.zeros(len(raw), np.int64)
    for threshold, p in sorted(pays.items()):
        pay[raw >= threshold] = int(p * rules.raise_multiple * scale)
    ante = int(rules.ante_pays * scale)
    stake = int((1 + rules.raise_multiple) * scale)
    voy_ev = no_play * ante + beaten * (ante + pay) - lost * stake
    del ties
    fold = -comb(n - 5, 5) * scale
    chosen = voy_ev > fold if voy is None else raw >= voy.threshold(rules.wheel)
    best = np.where(chosen, voy_ev, fold)
    says_voy = int(chosen.sum())
    total = len(hands) * comb(n - 5, 5) * scale
    per_ante = -Fraction(int(best.sum()), total)
    p_voy = Fraction(says_voy, len(hands))
    return MainEdge(per_ante, per_ante / (1 + rules.raise_multiple * p_voy), p_voy)


def _subset_index(hands: npt.NDArray[np.int64], columns: Sequence[int]) -> npt.NDArray[np.int64]:
    """The colex number of each row's subset ``columns`` (rows sorted ascending)."""
    index = np.zeros(len(hands), np.int64)
    binomials = np.array([[comb(x, i) for x in range(64)] for i in range(6)], np.int64)  # comb(x, i) = 0 for x < i
    for i, col in enumerate(columns, start=1):
        index += binomials[i][hands[:, col]]
    return index


def _disjoint_below(hands: npt.NDArray[np.int64], code: npt.NDArray[np.int64], width: int,
                    thresholds: npt.NDArray[np.int64], n: int) -> npt.NDArray[np.int64]:
    """For each threshold row and each hand P: the number of hands disjoint from P with a code below it."""
    from itertools import combinations as subsets
    found = np.zeros(thresholds.shape, np.int64)
    whole = np.concatenate([[0], np.cumsum(np.bincount(code, minlength=width))])
    found += whole[thresholds]
    for size in (1, 2, 3, 4):
        sign = -1 if size % 2 else 1
        column_sets = list(subsets(range(5), size))
        index = [_subset_index(hands, cols) for cols in column_sets]
        if size <= 2:
            table = np.zeros(comb(n, size) * width, np.int64)
            for idx in index:
                table += np.bincount(idx * width + code, minlength=len(table))
            cumulative = np.concatenate([np.zeros((comb(n, size), 1), np.int64),
                                         np.cumsum(table.reshape(-1, width), axis=1)], axis=1)
            for idx in index:
                found += sign * cumulative[idx[None, :], thresholds]
            continue
        keys = np.sort(np.concatenate([idx * width + code for idx in index]))
        each = comb(n - size, 5 - size)
        for idx in index:
            for row in range(len(thresholds)):
                found[row] += sign * (np.searchsorted(keys, idx * width + thresholds[row]) - idx * each)
    found -= code[None, :] < thresholds  # the player's own hand (|S| = 5)
    return found


def dealt_probabilities(rules: Rules) -> dict[Category, Fraction]:
    """The exact probability of each category in the player's five cards as dealt.

    >>> dealt_probabilities(Rules((), Minimum(C.PAIR)))[C.FULL_HOUSE]
    Fraction(6, 4165)
    """
    cats = np.bincount(categories(hand_values(rules, combinations(52, 5))), minlength=len(Category))
    return {c: Fraction(int(cats[c]), comb(52, 5)) for c in Category if c != C.FIVE_ACES}


def prize_probabilities(rules: Rules, bet_id: str) -> dict[Category, Fraction]:
    """The exact probability of each prize of a side bet on the five cards as dealt (a jackpot paying shares of
    an accumulated amount: its edge is a line in the amount, :func:`jackpot_edge`)."""
    bet = _side(rules, bet_id)
    dealt = dealt_probabilities(rules)
    return {category: dealt[category] for category in bet.prizes}


def side_bet_edge(rules: Rules, bet_id: str) -> Fraction:
    """The exact house edge (per unit staked) of a side bet of fixed prizes «N a 1» on the five cards as dealt
    (the seguro, 000:3323-3339), the player buying no card.

    >>> seguro = SideBet({C.FULL_HOUSE: Fraction(100), C.FOUR_OF_A_KIND: Fraction(300)})
    >>> side_bet_edge(Rules((), Minimum(C.PAIR), side_bets={"seguro": seguro}), "seguro")
    Fraction(3258, 4165)
    >>> side_bet_edge(Rules((), Minimum(C.PAIR), side_bets={"jackpot": SideBet({C.ROYAL_FLUSH: Share(Fraction(1))})}),
    ...               "jackpot")
    Traceback (most recent call last):
    ValueError: The bet 'jackpot' pays a share of the jackpot: its edge needs the amount; see prize_probabilities.
    """
    bet = _side(rules, bet_id)
    if any(isinstance(p, Share) for p in [*bet.prizes.values(), *bet.drawn_prizes.values()]):
        raise ValueError(f"The bet {bet_id!r} pays a share of the jackpot: its edge needs the amount; "
                         "see prize_probabilities.")
    if bet.drawn_prizes:
        raise ValueError(f"The bet {bet_id!r} pays hands made by a draw: see draw_edge.")
    dealt = dealt_probabilities(rules)
    return 1 - sum((dealt[c] * (1 + p) for c, p in bet.prizes.items() if isinstance(p, Fraction)), Fraction(0))


@dataclass(frozen=True)
class JackpotEdge:
    """The house edge, per unit staked, of a bet paying shares of an accumulated jackpot (and perhaps fixed
    prizes): ``constant - slope * J`` for a jackpot of J stakes of the bet, exact. ``constant``: one less what
    the fixed prizes return (1 where every prize is a share); ``slope``: the share of the jackpot won per coup,
    on average. Where the text fixes a least jackpot, the edge there is the most the house can keep.

    >>> jackpot = JackpotEdge(Fraction(1), Fraction(97, 6497400))   # 100 %, 10 %, 5 % for RF, SF, poker
    >>> jackpot.at(2000), jackpot.break_even
    (Fraction(31517, 32487), Fraction(6497400, 97))
    """

    constant: Fraction
    slope: Fraction

    def at(self, stakes: Fraction | int) -> Fraction:
        """The edge for a jackpot of ``stakes`` times the bet."""
        return self.constant - self.slope * stakes

    @property
    def break_even(self) -> Fraction:
        """The jackpot, in stakes of the bet, from which the player has the edge."""
        return self.constant / self.slope


def jackpot_edge(rules: Rules, bet_id: str, drawn: Mapping[Category, Fraction] | None = None) -> JackpotEdge:
    """The exact edge of a side bet with prizes that are shares of the jackpot, as a line in the jackpot's
    amount: the prizes on the five cards as dealt (judged whatever the player then does), the player buying no
    card. ``drawn``: where the bet also pays hands made by discarding (an option of the casino, 000:3665-3666),
    the probability that the player discards and ends with each category (:func:`drawn_probabilities`, under
    the strategy it names); None where the casino does not offer those prizes.

    >>> bet = SideBet({C.ROYAL_FLUSH: Share(Fraction(1)), C.STRAIGHT_FLUSH: Share(Fraction(1, 10)),
    ...                C.FULL_HOUSE: Fraction(100)})
    >>> edge = jackpot_edge(Rules((), Minimum(C.PAIR), side_bets={"progresivo": bet}), "progresivo")
    >>> edge.constant == 1 - Fraction(3744 * 101, 2598960), edge.slope == Fraction(4 + Fraction(36, 10), 2598960)
    (True, True)
    >>> jackpot_edge(Rules((), Minimum(C.PAIR), side_bets={"seguro": SideBet({C.FULL_HOUSE: Fraction(100)})}),
    ...              "seguro")
    Traceback (most recent call last):
    ValueError: The bet 'seguro' pays no share of a jackpot: see side_bet_edge.
    """
    bet = _side(rules, bet_id)
    if not any(isinstance(p, Share) for p in [*bet.prizes.values(), *bet.drawn_prizes.values()]):
        raise ValueError(f"The bet {bet_id!r} pays no share of a jackpot: see side_bet_edge.")
    if drawn is not None and not bet.drawn_prizes:
        raise ValueError(f"The bet {bet_id!r} pays no hand made by discarding.")
    chances = [(dealt_probabilities(rules), bet.prizes)]
    if drawn is not None:
        chances.append((dict(drawn), bet.drawn_prizes))
    constant, slope = Fraction(1), Fraction(0)
    for probability, prizes in chances:
        for category, prize in prizes.items():
            p = probability.get(category, Fraction(0))
            if isinstance(prize, Share):
                slope += p * prize.fraction
            else:
                constant -= p * (1 + prize)
    return JackpotEdge(constant, slope)


def drawn_probabilities(rules: Rules) -> dict[Category, Fraction]:
    """Póquer con descarte: the exact probability that the player, saying «voy» on every hand and discarding as
    the bank must (rules 1-7, 000:3585-3608, up to ``rules.discards`` cards), changes cards and ends with each
    category: what a jackpot's prizes for hands made by discarding are paid on (000:3668-3674). Every five
    cards, one of each class of hands equal but for the names of the suits, and every card or pair of cards
    it may draw from the 47 others: about 30 s.
    """
    if rules.bank_draw is None:
        raise ValueError("Only a game with a draw has hands made by discarding.")
    every = combinations(52, 5).astype(np.int64)
    suits = np.stack([np.where(every % 4 == s, np.int64(1) << (every // 4), 0).sum(axis=1) for s in range(4)],
                     axis=1)
    suits.sort(axis=1)
    _, first, weight = np.unique((suits << (13 * np.arange(4))).sum(axis=1), return_index=True,
                                 return_counts=True)
    hands = every[first]
    thrown = bank_discards(rules.bank_draw, hands)
    thrown &= np.cumsum(thrown, axis=1) <= rules.discards
    found: dict[Category, Fraction] = {c: Fraction(0) for c in Category if c != C.FIVE_ACES}
    for size in range(1, rules.discards + 1):
        mine = np.flatnonzero(thrown.sum(axis=1) == size)
        draws = combinations(47, size).astype(np.int64)
        made = np.zeros(len(Category), np.int64)
        for start in range(0, len(mine), 2000):
            rows = mine[start:start + 2000]
            kept = hands[rows][~thrown[rows]].reshape(len(rows), 5 - size)
            unseen = np.array([np.setdiff1d(np.arange(52), h) for h in hands[rows]])
            final = np.concatenate([np.repeat(kept[:, None, :], len(draws), axis=1), unseen[:, draws]], axis=2)
            cats = categories(hand_values(rules, final.reshape(-1, 5))).reshape(len(rows), len(draws))
            for category in range(len(Category)):
                made[category] += int(((cats == category).sum(axis=1) * weight[rows]).sum())
        for category in found:
            found[category] += Fraction(int(made[category]), comb(52, 5) * len(draws))
    return found


def _side(rules: Rules, bet_id: str) -> SideBet:
    if bet_id not in rules.side_bets:
        raise ValueError(f"There is no side bet {bet_id!r} at this game (side bets: {', '.join(rules.side_bets)}).")
    return rules.side_bets[bet_id]


@dataclass(frozen=True)
class DrawEdge:
    """Póquer con descarte by Monte Carlo: ``main``, the house edge per unit of ante; ``per_staked``, per unit
    of ante and second bet; ``voy``, how often the player says «voy»; ``drawn``, the probability of each
    category in the player's final hand when he discarded at least one card (for a jackpot's «con descarte»
    prizes, 000:3668-3674), each with its standard error."""

    main: Edge
    per_staked: Edge
    voy: float
    drawn: Mapping[Category, tuple[float, float]]


def draw_edge(rules: Rules, hands: int = 1_000_000, seed: int = 0, voy: Minimum | None = None) -> DrawEdge:
    """The house edge of póquer con descarte by Monte Carlo over ``hands`` deals of a shuffled 52-card deck.

    The stated strategy: the player says «voy» with five cards reaching ``voy`` (always, by default), and
    discards as the bank must (:func:`bank_discards`, rules 1-7 of 000:3585-3608), up to ``rules.discards``
    cards. He ignores the bank's face-up card where there is one. The precision is the 95 % interval.

    >>> from jokoak.games.stud.engine import BankDraw
    >>> draw = Rules(((Minimum(C.PAIR, (6,)), Fraction(1)),), Minimum(C.PAIR, (6,)), discards=2, bank_draw=BankDraw())
    >>> draw_edge(draw, 1000).main.method
    'Monte Carlo of 1,000 deals (seed 0); the player always says «voy» and discards as the bank does'
    """
    if rules.bank_draw is None:
        raise ValueError("The Monte Carlo edge is for the game with a draw: see main_edge for póquer sin descarte.")
    rng = np.random.default_rng(seed)
    q = rules.qualification.threshold(rules.wheel)
    ante, second = float(rules.ante_pays), float(rules.raise_multiple)
    totals = np.zeros(3)  # sum of the player's result, of its square, of the antes staked beyond the first
    says = 0
    made = np.zeros(len(Category))
    drew = 0
    done = 0
    while done < hands:
        m = min(200_000, hands - done)
        deck = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (m, 1)), axis=1)[:, :14]
        first = deck[:, :5]
        player = _draw(first, bank_discards(rules.bank_draw, first), deck[:, 10:12], rules.discards)
        bank = _draw(deck[:, 5:10], bank_discards(rules.bank_draw, deck[:, 5:10]), deck[:, 12:14], 2)
        raw_first, raw_player, raw_bank = (hand_values(rules, h) for h in (first, player, bank))
        keys_player, keys_bank = compare_keys(rules, raw_player), compare_keys(rules, raw_bank)
        plays = raw_bank >= q
        pay = np.zeros(m)
        for minimum, p in sorted(rules.pays, key=lambda row: row[0].threshold(rules.wheel)):
            pay[raw_player >= minimum.threshold(rules.wheel)] = float(p)
        result = np.where(~plays, ante, np.where(keys_player > keys_bank, ante + second * pay,
                                                 np.where(keys_player == keys_bank, 0.0, -1 - second)))
        chosen = np.ones(m, bool) if voy is None else raw_first >= voy.threshold(rules.wheel)
        result = np.where(chosen, result, -1.0)
        totals += [result.sum(), (result ** 2).sum(), 0]
        says += int(chosen.sum())
        changed = chosen & (player != first).any(axis=1)
        drew += int(changed.sum())
        made += np.bincount(categories(raw_player[changed]), minlength=len(Category))
        done += m
    mean = totals[0] / hands
    error = 1.96 * np.sqrt(max(totals[1] / hands - mean ** 2, 0) / hands)
    p_voy = says / hands
    stake = 1 + float(rules.raise_multiple) * p_voy
    strategy = "always says «voy»" if voy is None else f"says «voy» from {voy}"
    method = f"Monte Carlo of {hands:,} deals (seed {seed}); the player {strategy} and discards as the bank does"
    share = made / max(drew, 1)
    drawn: dict[Category, tuple[float, float]] = {
        c: (float(share[c]), float(np.sqrt(share[c] * (1 - share[c]) / max(drew, 1))))
        for c in Category if c != C.FIVE_ACES}
    return DrawEdge(Edge(float(-mean), method, f"95 % interval ±{error:.4%} of the ante"),
                    Edge(float(-mean / stake), method, f"95 % interval ±{error / stake:.4%} of the stake"),
                    p_voy, drawn)


def _draw(hands: npt.NDArray[np.int64], out: npt.NDArray[np.bool_], new: npt.NDArray[np.int64],
          limit: int) -> npt.NDArray[np.int64]:
    """Each hand with its discarded cards (at most ``limit``, the first ones) replaced by ``new`` in order."""
    out = out & (np.cumsum(out, axis=1) <= limit)
    slot = np.clip(np.cumsum(out, axis=1) - 1, 0, new.shape[1] - 1)
    return np.where(out, np.take_along_axis(new, slot, axis=1), hands)
