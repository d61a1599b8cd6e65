"""Póquer de cuatro cartas: a round settled from the cards as dealt, and the house edge of each bet.

The player gets five cards and plays his best four; the croupier gets six, the last face up, and plays his
best four (001:1848-1850, 1876); the four-card ranking is :data:`jokoak.engine.poker.FOUR_CARD` (the order
of the «Ases» table, 001:1880-1889). The croupier needs no minimum hand (001:1850, 1897) and the player
wins ties (001:1895). The pay tables are data (:class:`Rules`); a round settled returns, beside what was staked
and returned, the steps that settled it (:mod:`jokoak.engine.steps`):

>>> from fractions import Fraction as F
>>> C = Category
>>> rules = Rules(aces_pays={C.FOUR_OF_A_KIND: F(40), C.STRAIGHT_FLUSH: F(30), C.THREE_OF_A_KIND: F(7),
...                          C.FLUSH: F(6), C.STRAIGHT: F(4), C.TWO_PAIR: F(2), C.PAIR: F(1)},
...               ante_bonus={C.FOUR_OF_A_KIND: F(20), C.STRAIGHT_FLUSH: F(15), C.THREE_OF_A_KIND: F(2)})
>>> cards = "Ah Ad 9c 9s 2h" + " Kc Kd 7h 5s 3c Qd"   # the player's five, then the croupier's six
>>> play(rules, {"ases": 5, "ante": 10, "play": 30}, cards.split())  # two pair beat kings
staked=45 returned=95 net=+50
>>> play(rules, {"ante": 10, "play": 40}, cards.split())
Traceback (most recent call last):
ValueError: The «play» bet is from 1 to 3 times the «ante» (001:1874): 40 is not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations as subsets

import numpy as np
import numpy.typing as npt

from ...engine.poker import ACE, FOUR_CARD, Category, Hand, combinations, dealt, evaluate, name, values
from ...engine.result import Edge, Result
from ...engine.steps import Step

BETS = ("ases", "ante", "play")
"""The boxes of the cloth (001:1858): «Ases», «Ante», «Play»."""


@dataclass(frozen=True)
class Rules:
    """The game as the regulation and the casino set it.

    ``aces_pays``: the «Ases» table (001:1880-1887), combination -> N (paid «N a 1»); a combination not
    listed loses. ``aces_minimum``: the lowest pair the «Ases» table pays (001:1878, «un par de ases»).
    ``ante_bonus``: the «Bono Automático del Ante» (001:1903-1908), paid N to 1 on the Ante for these
    combinations whatever the croupier holds; the regulation lets the casino choose between tables and
    prints one. ``play_range``: the Play bet, from and to these multiples of the Ante (001:1874).
    ``player_wins_ties``: a tie with the croupier is won by the player (001:1895); else it is a push.
    ``bonus_on_fold``: the Bono is paid also when the player folds (the text does not say; by default no:
    the Ante is surrendered, 001:1891). ``payout``: Ante and Play winnings, «a la par 1 X 1» (001:1893)."""

    aces_pays: Mapping[Category, Fraction]
    ante_bonus: Mapping[Category, Fraction] = field(default_factory=dict)
    aces_minimum: int = ACE
    play_range: tuple[Fraction, Fraction] = (Fraction(1), Fraction(3))
    player_wins_ties: bool = True
    bonus_on_fold: bool = False
    payout: Fraction = Fraction(1)


def best_four(cards: Sequence[int]) -> Hand:
    """The best four-card hand in five or six cards.

    >>> from jokoak.engine.poker import parse
    >>> best_four(parse("Ah Kh Qh Jh 2c")).category.name        # a straight flush of four
    'STRAIGHT_FLUSH'
    >>> best_four(parse("7c 7d 7h 2s 3c")) < best_four(parse("Ah Kh Qh Jh 2c"))  # below a straight flush
    True
    >>> best_four(parse("7c 7d 7h 2s 3c")) > best_four(parse("Ah Kh Qh 9h 2s"))  # above a flush
    True
    """
    return evaluate(cards, FOUR_CARD)


def best_four_cards(cards: Sequence[int]) -> tuple[int, ...]:
    """Four of ``cards`` that make their best four-card hand, laid out as a player shows them: the ranks held most
    first, then the highest, the ace last in A-2-3-4.

    >>> from jokoak.engine.poker import parse
    >>> [name(c) for c in best_four_cards(parse("7c 3c 7d 7h 2s"))]
    ['7c', '7d', '7h', '3c']
    >>> [name(c) for c in best_four_cards(parse("Ah 2d 3c 4s 9h"))]
    ['4s', '3c', '2d', 'Ah']
    """
    best = max(subsets(cards, 4), key=lambda four: evaluate(four, FOUR_CARD))
    ranks = [card // 4 for card in best]
    low_ace = len(set(ranks)) == 4 and sorted(ranks) == [0, 1, 2, ACE]
    return tuple(sorted(best, key=lambda card: (-ranks.count(card // 4),
                                                1 if low_ace and card // 4 == ACE else -(card // 4))))


def aces_payout(rules: Rules, hand: Hand) -> Fraction | None:
    """What one unit on «Ases» wins with this four-card hand (N of «N a 1»), or None when it loses: the
    combinations of the table, a pair only from ``aces_minimum`` up (001:1878)."""
    if hand.category not in rules.aces_pays:
        return None
    if hand.category == Category.PAIR and hand.ranks[0] < rules.aces_minimum:
        return None
    return rules.aces_pays[hand.category]


def play(rules: Rules, bets: Mapping[str, int | str | Fraction], cards: Sequence[str]) -> Result:
    """Settle a round: ``bets`` by box (``"ases"``, ``"ante"``, and ``"play"``, placed after the player saw his
    cards: no Play with an Ante is a fold, which loses the Ante, 001:1874, 1891), ``cards`` the player's
    five then the croupier's six, the last his face-up card (001:1876).

    Ante and Play win at par when the player's four beat or tie the croupier's and lose otherwise; the
    Bono pays on the Ante whatever the croupier holds (001:1903); «Ases» pays on the player's four alone.

    >>> from fractions import Fraction as F
    >>> r = Rules({Category.PAIR: F(1)}, {Category.THREE_OF_A_KIND: F(2)})
    >>> play(r, {"ante": 10, "play": 10}, "7c 7d 7h 2s 3c  Ah Ad Ac 9s 8d 4h".split())  # loses, bonus paid
    staked=20 returned=20 net=0
    >>> play(r, {"ante": 10}, "7c 7d 2h 2s 3c  Ah Ad Ac 9s 8d 4h".split())   # a fold
    staked=10 returned=0 net=-10
    >>> play(r, {"ases": 10}, "7c 7d 2h 2s 3c  Ah Ad".split())
    Traceback (most recent call last):
    ValueError: A round is the player's 5 cards and the croupier's 6, 11 in all; got 7.
    """
    stakes = _stakes(rules, bets)
    dealt = _cards(cards)
    player, dealer = best_four(dealt[:5]), best_four(dealt[5:])
    returned = Fraction(0)
    if stakes["ases"]:
        won = aces_payout(rules, player)
        returned += 0 if won is None else stakes["ases"] * (1 + won)
    ante, raised = stakes["ante"], stakes["play"]
    if ante and (raised or rules.bonus_on_fold):
        returned += ante * rules.ante_bonus.get(player.category, Fraction(0))
    if ante and raised:
        if player > dealer or (player == dealer and rules.player_wins_ties):
            returned += (ante + raised) * (1 + rules.payout)
        elif player == dealer:
            returned += ante + raised
    return Result(sum(stakes.values(), Fraction(0)), returned, _steps(rules, stakes, dealt, player, dealer))


def _names(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(name(card) for card in cards)


def _steps(rules: Rules, stakes: Mapping[str, Fraction], dealt: Sequence[int], player: Hand,
           dealer: Hand) -> tuple[Step, ...]:
    """How a round was settled: the deal, the player's four, his decision, the croupier's four and the
    comparison, then the bets in the order the croupier settles them (001:1899): «Play», «Ante» with its Bono,
    «Ases»."""
    ante, raised = stakes["ante"], stakes["play"]
    mine = player.category.id
    steps = [Step("deal", "cards", {"cards": _names(dealt[:5]), "dealer": _names(dealt[5:])}),
             Step("player-hand", f"bet:hand:{mine}", {"best": _names(best_four_cards(dealt[:5])), "hand": mine})]
    if ante and raised:
        steps.append(Step("play", "play", {"bet": "play", "stake": raised, "ante": ante}))
    elif ante:
        steps.append(Step("fold", "fold", {"bet": "play", "stake": ante}))
    if ante and raised:
        theirs = dealer.category.id
        steps += [Step("dealer-hand", f"bet:hand:{theirs}", {"best": _names(best_four_cards(dealt[5:])),
                                                              "hand": theirs}),
                  Step("dealer-always-plays", "cards", {})]
        values = {"hand": mine, "dealer": theirs}
        same = "-same" if player.category == dealer.category else ""
        if player == dealer:
            steps.append(Step("tie-player-wins" if rules.player_wins_ties else "tie", "ties", values))
        else:
            steps.append(Step(("player-wins" if player > dealer else "dealer-wins") + same, "compare", values))
        wins = player > dealer or (player == dealer and rules.player_wins_ties)
        for bet, stake in (("play", raised), ("ante", ante)):
            if wins:
                steps.append(Step("wins", f"bet:{bet}", {"bet": bet, "stake": stake, "payout": rules.payout,
                                                         "returned": stake * (1 + rules.payout)}))
            else:
                steps.append(Step("returned-tie" if player == dealer else "loses", "ties" if player == dealer
                                  else "compare", {"bet": bet, "stake": stake}))
    bonus = rules.ante_bonus.get(player.category)
    if ante and bonus and (raised or rules.bonus_on_fold):
        steps.append(Step("bonus-paid", f"bet:bono:{mine}", {"hand": mine, "stake": ante, "payout": bonus,
                                                            "amount": ante * bonus}))
    elif ante and bonus:
        steps.append(Step("bonus-not-on-fold", "fold", {"hand": mine}))
    if stakes["ases"]:
        steps.append(_aces(rules, player, stakes["ases"]))
    return tuple(steps)


def _aces(rules: Rules, player: Hand, stake: Fraction) -> Step:
    """«Ases», by the line of its table, on the player's four alone (001:1878)."""
    values: dict[str, object] = {"bet": "ases", "hand": player.category.id, "stake": stake}
    won = aces_payout(rules, player)
    if won is not None:
        return Step("ases-wins", f"bet:ases:{player.category.id}", {**values, "payout": won,
                                                                     "returned": stake * (1 + won)})
    if player.category < Category.PAIR or (player.category == Category.PAIR and player.ranks[0] < rules.aces_minimum):
        return Step("ases-below-minimum", "minimum", values)
    return Step("ases-not-in-table", "bet:ases:table", values)


def _stakes(rules: Rules, bets: Mapping[str, int | str | Fraction]) -> dict[str, Fraction]:
    stakes = {bet: Fraction(0) for bet in BETS}
    for bet, given in bets.items():
        if bet not in stakes:
            raise ValueError(f"There is no bet «{bet}» at this game: the bets are {', '.join(BETS)}.")
        stakes[bet] = Fraction(given)
        if stakes[bet] < 0:
            raise ValueError(f"A stake is not negative: «{bet}» has {given}.")
    if not stakes["ases"] and not stakes["ante"]:
        raise ValueError("The player bets on «ases», on «ante» or on both (001:1872).")
    low, high = rules.play_range
    if stakes["play"] and not low * stakes["ante"] <= stakes["play"] <= high * stakes["ante"]:
        raise ValueError(f"The «play» bet is from {low} to {high} times the «ante» (001:1874): "
                         f"{bets['play']} is not.")
    return stakes


def _cards(cards: Sequence[str]) -> tuple[int, ...]:
    found = dealt(cards)
    if len(found) != 11:
        raise ValueError(f"A round is the player's 5 cards and the croupier's 6, 11 in all; got {len(found)}.")
    return found


# --- house edges -------------------------------------------------------------------------------------

def hand_probabilities() -> dict[Category | None, Fraction]:
    """The exact probability of each four-card combination as the player's best four of five (every one
    of the 2,598,960 hands), and of a pair of aces (key ``None``)."""
    return dict(_hand_counts())


def _hand_counts() -> dict[Category | None, Fraction]:
    hands = values(combinations(52, 5), FOUR_CARD)
    total = len(hands)
    cats = (hands >> 20) & 15
    found: dict[Category | None, Fraction] = {c: Fraction(int((cats == c).sum()), total) for c in FOUR_CARD.order}
    aces = (cats == Category.PAIR) & (((hands >> 16) & 15) - 1 == ACE)
    found[None] = Fraction(int(aces.sum()), total)
    return found


def aces_edge(rules: Rules) -> Fraction:
    """The exact house edge of «Ases» per unit staked, over every five-card hand (a few seconds).

    The pair in the table is paid only from ``aces_minimum`` up; this counts a pair of aces when the minimum
    is the ace, and refuses another minimum (the table of the regulation has aces)."""
    if rules.aces_minimum != ACE:
        raise ValueError("The exact «Ases» edge is computed for a table whose lowest pair is the aces.")
    p = _hand_counts()
    back = sum(((p[None] if c == Category.PAIR else p[c]) * (1 + n) for c, n in rules.aces_pays.items()),
               Fraction(0))
    return 1 - back


def bonus_value(rules: Rules) -> Fraction:
    """The exact expected Bono per unit of Ante, for a player who plays every hand the Bono pays."""
    p = _hand_counts()
    return sum((p[c] * n for c, n in rules.ante_bonus.items()), Fraction(0))


def house_edge(rules: Rules, hands: int = 200_000, samples: int = 200, seed: int = 1) -> Edge:
    """The house edge of the Ante with its Play and Bono, per unit of Ante, by Monte Carlo.

    The player's strategy: with the probability ``w`` of beating or tying the croupier (of winning, if
    ties push) read from 100,000 croupier hands per rank of his face-up card (the player's own five cards
    not removed from the deck), he plays the most when ``w`` > 1/2, the least when the least play still
    beats folding, and folds otherwise: an approximation of the best play. Each of ``hands`` rounds
    (player's five and the croupier's up card) is then valued over ``samples`` croupier hands drawn from
    the cards left. The figure estimates the edge of that strategy, which is at least the best play's
    edge; the estimate itself, within its interval, may fall below it. The best play's edge is computed
    exactly by :func:`jokoak.games.four_card.exact.ante_edge` (3.3065 % of the Ante for the Extremadura
    table, 20/15/2)."""
    rng = np.random.default_rng(seed)
    table = _dealer_tables(rng)
    deals = _shuffled(rng, hands, 6)
    player = values(deals[:, :5], FOUR_CARD)
    up = deals[:, 5]
    ranks = up // 4
    size = table.shape[1]
    flat = (table + (np.arange(13, dtype=np.int64) << 32)[:, None]).ravel()
    key = player + (ranks.astype(np.int64) << 32)
    below = np.searchsorted(flat, key, side="left") - ranks * size
    upto = np.searchsorted(flat, key, side="right") - ranks * size
    win = (upto if rules.player_wins_ties else below) / size
    lose = 1 - upto / size
    low, high = (float(m) for m in rules.play_range)
    margin = win - lose
    bonus = np.array([float(rules.ante_bonus.get(Category(c), 0)) for c in (player >> 20) & 15])
    multiple = np.where(margin > 0, high, np.where((1 + low) * margin + bonus > -1, low, 0.0))
    value = np.empty(hands)
    for start in range(0, hands, 20_000):
        part = slice(start, start + 20_000)
        value[part] = _value(rules, deals[part], player[part], multiple[part], bonus[part], samples, rng)
    mean, error = float(-value.mean()), float(1.96 * value.std() / np.sqrt(hands))
    return Edge(mean, f"Monte Carlo of {hands:,} rounds, each valued over {samples} croupier hands; the "
                      f"player plays the {low:g}× or {high:g}× Play by the probability of winning against "
                      f"the up card's rank, folds {float((multiple == 0).mean()):.1%} of hands",
                f"95 % interval ±{error:.4f} (±{error:.2%} of the Ante)")


def _dealer_tables(rng: np.random.Generator) -> npt.NDArray[np.int32]:
    """For each rank of the croupier's up card, 100,000 of his best fours sorted."""
    rows = []
    for rank in range(13):
        deck = np.delete(np.arange(52), 4 * rank)
        hands = _shuffled(rng, 100_000, 5, deck)
        rows.append(np.sort(values(np.column_stack([hands, np.full(len(hands), 4 * rank)]), FOUR_CARD)))
    return np.array(rows)


def _shuffled(rng: np.random.Generator, rows: int, k: int,
              deck: npt.NDArray[np.int64] | None = None) -> npt.NDArray[np.int64]:
    """``rows`` random sets of ``k`` distinct cards of ``deck`` (a partial shuffle of each row)."""
    cards = np.tile(np.arange(52) if deck is None else deck, (rows, 1))
    n = cards.shape[1]
    every = np.arange(rows)
    for j in range(k):
        pick = rng.integers(j, n, rows)
        cards[every, j], cards[every, pick] = cards[every, pick], cards[every, j].copy()
    return cards[:, :k]


def _rest(deals: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The cards not in each row of ``deals``, one row each."""
    present = np.zeros((len(deals), 52), bool)
    present[np.arange(len(deals))[:, None], deals] = True
    return np.nonzero(~present)[1].reshape(len(deals), 52 - deals.shape[1])


def _value(rules: Rules, deals: npt.NDArray[np.int64], player: npt.NDArray[np.int32],
           multiple: npt.NDArray[np.float64], bonus: npt.NDArray[np.float64], samples: int,
           rng: np.random.Generator) -> npt.NDArray[np.float64]:
    """The mean result per Ante of each round over ``samples`` croupier hands from the cards left."""
    rest = np.repeat(_rest(deals), samples, axis=0)
    every = np.arange(len(rest))
    for j in range(5):
        pick = rng.integers(j, rest.shape[1], len(rest))
        rest[every, j], rest[every, pick] = rest[every, pick], rest[every, j].copy()
    dealer = values(np.column_stack([rest[:, :5], np.repeat(deals[:, 5], samples)]), FOUR_CARD)
    mine = np.repeat(player, samples)
    win = (mine >= dealer) if rules.player_wins_ties else (mine > dealer)
    lose = mine < dealer
    outcome = (win.astype(float) - lose).reshape(-1, samples).mean(axis=1) * float(rules.payout)
    played = multiple > 0
    return np.where(played, (1 + multiple) * outcome + bonus, -1 + (bonus if rules.bonus_on_fold else 0))
