"""Hold'em against the bank: Euskadi's «Texas Poker» (a Casino Hold'em) and Extremadura's «Texas Hold'em bonus
poker», one engine whose :class:`Rules` say the betting rounds, the croupier's qualification, the Ante's pay
table and the bonus bet.

Each hand is the best five of the player's (or the croupier's) two cards and the five common cards. The
player decides at each betting round (a :class:`Street`): a round that must be bet to stay folds when
declined (the Ante lost), another is checked. Cards are given in this order: the player's two, the
croupier's two, then the five common cards (flop, turn, river); burnt cards are not given. A hand played
returns, beside what was staked and returned, the steps that settled it (:mod:`jokoak.engine.steps`).

>>> from fractions import Fraction as F
>>> C = Category
>>> casino = Rules(streets=(Street("apuesta2", seen=3, multiple=F(2), required=True),),
...                ante_pays={C.HIGH_CARD: F(1), C.FLUSH: F(2), C.FULL_HOUSE: F(3), C.FOUR_OF_A_KIND: F(10),
...                           C.STRAIGHT_FLUSH: F(20), C.ROYAL_FLUSH: F(100)},
...                qualifier=(C.PAIR, 2))
>>> cards = "Ah Kh  9c 9d  Qh 7h 2h 5s 9s".split()   # a flush against three nines
>>> play(casino, {"ante": 10}, cards, ["voy"])        # the Ante paid 2 to 1, the 2.ª apuesta 1 to 1
staked=30 returned=70 net=+40
>>> play(casino, {"ante": 10}, cards, ["paso", "paso"])
Traceback (most recent call last):
ValueError: The player decides 1 time(s) in this hand (he stopped at the «apuesta2» round); 2 decision(s) given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations as subsets
from typing import Literal

import numpy as np
import numpy.typing as npt

from ...engine.poker import ACE, RANKS, Category, Hand, combinations, dealt, evaluate, name, values
from ...engine.result import Edge, Result
from ...engine.steps import Step

YES = ("voy", "apuesto")
"""Decisions that make a round's bet: «ir» (000:4644), «apostar» (001:1801)."""
NO = ("no voy", "paso")
"""Decisions that decline it: «No Voy» (000:4647) folds; «pasar» (001:1801) checks."""


@dataclass(frozen=True)
class Street:
    """A betting round. ``bet``: its box. ``seen``: the common cards face up when the player decides (0
    before the flop, 3 after it, 4 after the turn). ``multiple``: its stake in Antes. ``required``: declining
    it folds, losing the Ante (and the bonus if the bonus says so); else declining checks."""

    bet: str
    seen: int
    multiple: Fraction
    required: bool


@dataclass(frozen=True)
class BonusLine:
    """A line of a bonus table, paid ``payout`` to 1. It holds when every condition given holds: ``hands``,
    the player's two cards are one of these («AA», «AKs» of one suit, «AKo» of two suits); ``minimum``, the
    player's two cards and the flop make at least this combination (a category and the lowest rank of its
    main cards: a pair of aces is ``(PAIR, 12)``); ``dealer``, the croupier's two cards are one of these."""

    payout: Fraction
    hands: frozenset[str] = frozenset()
    minimum: tuple[Category, int] | None = None
    dealer: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Bonus:
    """A bonus bet: its box ``id``, its ``lines`` best first (the first line that holds pays), and whether a
    fold loses it (``lost_on_fold``; otherwise it is settled whatever the player does)."""

    id: str
    lines: tuple[BonusLine, ...]
    lost_on_fold: bool

    @property
    def kind(self) -> Literal["hole", "flop"]:
        return "flop" if any(line.minimum for line in self.lines) else "hole"


@dataclass(frozen=True)
class Rules:
    """A hold'em game against the bank.

    ``streets``: the betting rounds after the Ante, in order. ``ante_pays``: the Ante's table when the
    player wins (or the croupier does not qualify), by the player's final combination: each entry holds from
    its category up to the next entry's, paid N to 1; 0 returns the Ante, −1 loses it. ``qualifier``: the
    croupier's least hand to play, as a category and rank (a pair of fours is ``(PAIR, 2)``), or None; when
    he does not qualify, the Ante is paid by its table and the rounds' bets are returned. ``calls_pay``:
    the rounds' bets when the player wins, N to 1. ``bonus``: the bonus bet, or None."""

    streets: tuple[Street, ...]
    ante_pays: Mapping[Category, Fraction]
    qualifier: tuple[Category, int] | None = None
    bonus: Bonus | None = None
    calls_pay: Fraction = Fraction(1)
    _ante_table: tuple[float, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if Category.HIGH_CARD not in self.ante_pays:
            raise ValueError("The Ante's table must say what the lowest hand (HIGH_CARD) is paid.")
        if [s.seen for s in self.streets] != sorted(s.seen for s in self.streets) or \
                any(not 0 <= s.seen <= 4 for s in self.streets):
            raise ValueError("The betting rounds come in the order of the cards seen, from 0 to 4 common cards.")
        table = [float(self.ante_payout(Category(c))) for c in range(len(Category))]
        object.__setattr__(self, "_ante_table", tuple(table))

    def ante_payout(self, category: Category) -> Fraction:
        """The Ante's payout for a winning hand of this combination (N of «N a 1»; 0 a push, −1 a loss)."""
        return self.ante_pays[max(c for c in self.ante_pays if c <= category)]

    @property
    def bets(self) -> tuple[str, ...]:
        """The boxes a player stakes before the deal: the Ante and the bonus."""
        return ("ante",) + ((self.bonus.id,) if self.bonus else ())


def at_least(hand: Hand, minimum: tuple[Category, int]) -> bool:
    """Whether ``hand`` is at least this combination: a higher category, or the same one with its main rank
    (the pair's, the trio's, the top card's) no lower (rank 0: any of the category).

    >>> from jokoak.engine.poker import parse
    >>> fours = (Category.PAIR, 2)
    >>> at_least(evaluate(parse("4c 4d Ks 9h 2c")), fours), at_least(evaluate(parse("3c 3d Ks 9h 2c")), fours)
    (True, False)
    """
    category, rank = minimum
    return hand.category > category or (hand.category == category and (rank == 0 or hand.ranks[0] >= rank))


def pattern(two: Sequence[int]) -> str:
    """Two cards as a bonus table names them: ``"AA"``, ``"AKs"`` (one suit), ``"AKo"`` (two suits).

    >>> from jokoak.engine.poker import parse
    >>> pattern(parse("Kd Ad")), pattern(parse("Jc Ah")), pattern(parse("7c 7d"))
    ('AKs', 'AJo', '77')
    """
    high, low = sorted(two, reverse=True)
    text = RANKS[high // 4] + RANKS[low // 4]
    return text if high // 4 == low // 4 else text + ("s" if high % 4 == low % 4 else "o")


def bonus_line(bonus: Bonus, player: Sequence[int], flop: Sequence[int], dealer: Sequence[int]) -> int | None:
    """The place in ``bonus.lines`` of the first line of the bonus that holds, or None (the bet lost)."""
    for index, line in enumerate(bonus.lines):
        if line.hands and pattern(player) not in line.hands:
            continue
        if line.minimum and not at_least(evaluate([*player, *flop]), line.minimum):
            continue
        if line.dealer and pattern(dealer) not in line.dealer:
            continue
        return index
    return None


def bonus_payout(bonus: Bonus, player: Sequence[int], flop: Sequence[int], dealer: Sequence[int]) -> Fraction | None:
    """The payout of the first line of the bonus that holds, or None (the bet lost)."""
    index = bonus_line(bonus, player, flop, dealer)
    return None if index is None else bonus.lines[index].payout


def best_five(cards: Sequence[int]) -> tuple[int, ...]:
    """Five of ``cards`` that make their best hand, laid out as :func:`shown` says.

    >>> from jokoak.engine.poker import parse
    >>> [name(c) for c in best_five(parse("Ah Kh 9c 9d Qh 7h 2h"))]
    ['Ah', 'Kh', 'Qh', '7h', '2h']
    """
    return shown(max(subsets(cards, 5), key=lambda five: evaluate(five)))


def shown(cards: Sequence[int]) -> tuple[int, ...]:
    """Cards of a hand as a player lays them out: the ranks held most first, then the highest; the ace last in a
    straight from the ace up (A-2-3-4-5).

    >>> from jokoak.engine.poker import parse
    >>> [name(c) for c in shown(parse("2c Ad 7c 2d As"))], [name(c) for c in shown(parse("3c Ad 5c 2d 4s"))]
    (['Ad', 'As', '2c', '2d', '7c'], ['5c', '4s', '3c', '2d', 'Ad'])
    """
    ranks = [card // 4 for card in cards]
    low_ace = len(set(ranks)) == len(ranks) and sorted(ranks) == [*range(len(ranks) - 1), ACE]
    return tuple(sorted(cards, key=lambda card: (-ranks.count(card // 4),
                                                 1 if low_ace and card // 4 == ACE else -(card // 4))))


def play(rules: Rules, bets: Mapping[str, int | str | Fraction], cards: Sequence[str],
         decisions: Sequence[str]) -> Result:
    """Settle a hand: ``bets`` the Ante and the bonus before the deal, ``cards`` the player's two, the
    croupier's two and the five common cards, ``decisions`` one a round («voy»/«apuesto», «no voy»/«paso»)
    until the player folds. The rounds' bets are staked as the rules size them.

    >>> from fractions import Fraction as F
    >>> rules = Rules((Street("apuesta2", seen=3, multiple=F(2), required=True),), {Category.HIGH_CARD: F(1)},
    ...               qualifier=(Category.PAIR, 2))
    >>> result = play(rules, {"ante": 10}, "Ah Kd 3c 3d Qh 7s 6h 9s Tc".split(), ["voy"])
    >>> result                                      # threes do not qualify the croupier: the Ante paid, the call back
    staked=30 returned=40 net=+10
    >>> [step.key for step in result.steps][3:]
    ['dealer-hand', 'dealer-does-not-qualify', 'ante-paid', 'returned-no-game']
    """
    stakes = _stakes(rules, bets)
    dealt = _cards(cards)
    player, dealer, board = dealt[:2], dealt[2:4], dealt[4:]
    made, folded = _decide(rules, decisions)
    ante = stakes["ante"]
    staked = sum(stakes.values(), Fraction(0)) + ante * sum((s.multiple for s in made), Fraction(0))
    returned = Fraction(0)
    steps = [Step("deal", "deal", {"cards": _names(player), "dealer": _names(dealer)}),
             *_decided(rules, decisions, board, ante)]
    last: list[Step] = []  # the bonus paid on the player's two cards alone, settled at the end of the hand
    if rules.bonus and stakes[rules.bonus.id] and not (folded and rules.bonus.lost_on_fold):
        line = bonus_line(rules.bonus, player, board[:3], dealer)
        won = None if line is None else rules.bonus.lines[line].payout
        returned += 0 if won is None else stakes[rules.bonus.id] * (1 + won)
        bonus = _bonus_step(rules.bonus, line, stakes[rules.bonus.id], player, board[:3], dealer)
        (steps if rules.bonus.kind == "flop" else last).append(bonus)
    elif rules.bonus and stakes[rules.bonus.id]:
        steps.append(Step("bonus-lost-fold", f"bet:{rules.bonus.id}:fold", {"bet": rules.bonus.id,
                                                                            "stake": stakes[rules.bonus.id]}))
    if folded:
        fold = rules.streets[len(decisions) - 1].bet
        steps += [Step("lost-fold", f"bet:round:{fold}", {"bet": s.bet, "stake": ante * s.multiple}) for s in made]
        return Result(staked, returned, tuple(steps + last))
    mine, theirs = evaluate([*player, *board]), evaluate([*dealer, *board])
    calls = ante * sum((s.multiple for s in made), Fraction(0))
    qualifies = rules.qualifier is None or at_least(theirs, rules.qualifier)
    steps += _showdown(rules, player, dealer, board, mine, theirs, qualifies)
    if not qualifies or mine > theirs:
        returned += ante * (1 + rules.ante_payout(mine.category))
        returned += calls * (1 + rules.calls_pay) if qualifies else calls
    elif mine == theirs:
        returned += ante + calls
    steps += _settled(rules, ante, made, mine, theirs, qualifies)
    return Result(staked, returned, tuple(steps + last))


def _names(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(name(card) for card in cards)


def _decided(rules: Rules, decisions: Sequence[str], board: Sequence[int], ante: Fraction) -> list[Step]:
    """The steps of the player's decisions (already checked), each with the common cards face up when he makes it."""
    steps = []
    for street, said in zip(rules.streets, decisions, strict=False):
        values: dict[str, object] = {"bet": street.bet, "board": _names(board[:street.seen])}
        rule = f"bet:round:{street.bet}"
        if said.strip().lower() in YES:
            steps.append(Step("bets", rule, {**values, "stake": ante * street.multiple, "times": street.multiple}))
        elif street.required:
            steps.append(Step("folds", rule, {**values, "stake": ante}))
        else:
            steps.append(Step("checks", rule, values))
    return steps


def _bonus_step(bonus: Bonus, line: int | None, stake: Fraction, player: Sequence[int], flop: Sequence[int],
                dealer: Sequence[int]) -> Step:
    """The bonus settled by the line of its table that holds (its place ``line``), or lost."""
    values: dict[str, object] = {"bet": bonus.id, "stake": stake, "cards": _names(player)}
    if bonus.kind == "flop":
        values.update(cards=_names([*player, *flop]), hand=evaluate([*player, *flop]).category.id)
    if line is None:
        return Step("bonus-loses-flop" if bonus.kind == "flop" else "bonus-loses", f"bet:{bonus.id}:table", values)
    paid = bonus.lines[line]
    key = "bonus-wins-flop" if paid.minimum else "bonus-wins-dealer" if paid.dealer else "bonus-wins"
    return Step(key, f"bet:{bonus.id}:{line + 1}", {**values, "line": line, "dealer": _names(dealer),
                                                    "payout": paid.payout, "returned": stake * (1 + paid.payout)})


def _showdown(rules: Rules, player: Sequence[int], dealer: Sequence[int], board: Sequence[int], mine: Hand,
              theirs: Hand, qualifies: bool) -> list[Step]:
    """Each side's best five cards, whether the croupier plays, and which hand wins."""
    steps = [Step("player-hand", f"bet:hand:{mine.category.id}", {"cards": _names(player), "board": _names(board),
                                                                   "best": _names(best_five([*player, *board])),
                                                                   "hand": mine.category.id}),
             Step("dealer-hand", f"bet:hand:{theirs.category.id}", {"cards": _names(dealer),
                                                                     "best": _names(best_five([*dealer, *board])),
                                                                     "hand": theirs.category.id})]
    if rules.qualifier is None:
        steps.append(Step("dealer-always-plays", "settlement", {}))
    else:
        key = "dealer-qualifies" if qualifies else "dealer-does-not-qualify"
        steps.append(Step(key, "qualifier", {"hand": theirs.category.id}))
    if qualifies:
        same = mine.category == theirs.category and mine != theirs
        key = "tie" if mine == theirs else "player-wins" if mine > theirs else "dealer-wins"
        steps.append(Step(key + ("-same" if same else ""), "tie_break" if same else "settlement",
                          {"hand": mine.category.id, "dealer": theirs.category.id}))
    return steps


def _settled(rules: Rules, ante: Fraction, made: Sequence[Street], mine: Hand, theirs: Hand,
             qualifies: bool) -> list[Step]:
    """The Ante, by the line of its table or as the hands compare, then each round's bet."""
    if not qualifies or mine > theirs:
        line = max(c for c in rules.ante_pays if c <= mine.category)
        pay = rules.ante_pays[line]
        key = "ante-paid" if pay > 0 else "ante-returned" if pay == 0 else "ante-lost-line"
        steps = [Step(key, f"bet:ante:{line.id}", {"bet": "ante", "hand": mine.category.id, "line": line.id,
                                                    "stake": ante, "payout": pay, "returned": ante * (1 + pay)})]
    else:
        steps = [Step("returned-tie" if mine == theirs else "loses", "settlement", {"bet": "ante", "stake": ante})]
    for street in made:
        stake = ante * street.multiple
        if not qualifies:
            steps.append(Step("returned-no-game", "settlement", {"bet": street.bet, "stake": stake}))
        elif mine > theirs:
            steps.append(Step("wins", f"bet:round:{street.bet}:paid", {"bet": street.bet, "stake": stake,
                                                                     "payout": rules.calls_pay,
                                                                     "returned": stake * (1 + rules.calls_pay)}))
        else:
            steps.append(Step("returned-tie" if mine == theirs else "loses", "settlement",
                              {"bet": street.bet, "stake": stake}))
    return steps


def _stakes(rules: Rules, bets: Mapping[str, int | str | Fraction]) -> dict[str, Fraction]:
    stakes = {bet: Fraction(0) for bet in rules.bets}
    for bet, given in bets.items():
        if bet not in stakes:
            raise ValueError(f"There is no bet «{bet}» before the deal: the bets are {', '.join(rules.bets)}.")
        stakes[bet] = Fraction(given)
        if stakes[bet] < 0:
            raise ValueError(f"A stake is not negative: «{bet}» has {given}.")
    if stakes["ante"] <= 0:
        raise ValueError("Every player bets the Ante (000:4631-4633, 001:1795).")
    return stakes


def _cards(cards: Sequence[str]) -> tuple[int, ...]:
    found = dealt(cards)
    if len(found) != 9:
        raise ValueError(f"A hand is the player's 2 cards, the croupier's 2 and 5 common ones, 9 in all; "
                         f"got {len(found)}.")
    return found


def _decide(rules: Rules, decisions: Sequence[str]) -> tuple[list[Street], bool]:
    """The rounds bet, and whether the player folded."""
    made: list[Street] = []
    for i, street in enumerate(rules.streets):
        if i >= len(decisions):
            raise ValueError(f"The player decides at the «{street.bet}» round: {i} decision(s) given.")
        word = decisions[i].strip().lower()
        if word not in YES + NO:
            raise ValueError(f"«{decisions[i]}» is not a decision: say one of {', '.join(YES + NO)}.")
        if word in YES:
            made.append(street)
        elif street.required:
            if len(decisions) > i + 1:
                raise ValueError(f"The player decides {i + 1} time(s) in this hand (he stopped at the "
                                 f"«{street.bet}» round); {len(decisions)} decision(s) given.")
            return made, True
    if len(decisions) > len(rules.streets):
        raise ValueError(f"The player decides {len(rules.streets)} time(s) in this hand; "
                         f"{len(decisions)} decision(s) given.")
    return made, False


# --- the bonus: exact ---------------------------------------------------------------------------------

def bonus_probabilities(bonus: Bonus) -> list[Fraction]:
    """The exact probability that each line of the bonus pays (the first line that holds), enumerating every
    two-card hand (and the croupier's two cards where a line names them), or every five cards of the
    player's hand and the flop. Lines naming both the player's hand and a minimum are not enumerated."""
    if any(line.minimum and (line.hands or line.dealer) for line in bonus.lines):
        raise ValueError("A bonus line names a minimum combination and two cards: not enumerated.")
    found = [Fraction(0)] * len(bonus.lines)
    if bonus.kind == "flop":
        hands = values(combinations(52, 5))
        taken = np.zeros(len(hands), bool)
        for i, line in enumerate(bonus.lines):
            assert line.minimum
            holds = _at_least(hands, line.minimum) & ~taken
            found[i] = Fraction(int(holds.sum()), len(hands))
            taken |= holds
        return found
    pairs = [tuple(int(c) for c in pair) for pair in combinations(52, 2)]
    for pair in pairs:
        mine, left = pattern(pair), Fraction(1, len(pairs))
        for i, line in enumerate(bonus.lines):
            if line.hands and mine not in line.hands:
                continue
            share = Fraction(1)
            if line.dealer:
                others = [p for p in pairs if not set(p) & set(pair)]
                share = Fraction(sum(pattern(p) in line.dealer for p in others), len(others))
            found[i] += left * share
            left *= 1 - share
            if not left:
                break
    return found


def bonus_edge(bonus: Bonus) -> Fraction:
    """The bonus's exact house edge per unit staked. A bonus lost on a fold is counted as if the player never
    folds a hand the bonus pays (a fold of such a hand costs him more)."""
    return 1 - sum((p * (1 + line.payout) for p, line in zip(bonus_probabilities(bonus), bonus.lines, strict=True)),
                   Fraction(0))


def _at_least(hand_values: npt.NDArray[np.integer], minimum: tuple[Category, int]) -> npt.NDArray[np.bool_]:
    category, rank = minimum
    if rank and category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        raise ValueError("A minimum straight is given by its category alone (rank 0).")
    found = (hand_values >> 20) & 15
    top = ((hand_values >> 16) & 15) - 1
    result: npt.NDArray[np.bool_] = (found > category) | ((found == category) & ((rank == 0) | (top >= rank)))
    return result


# --- the main bets: Monte Carlo ---------------------------------------------------------------------

def house_edge(rules: Rules, deals: int = 20_000, samples: int = 200, seed: int = 1) -> Edge:
    """The house edge of the Ante with its rounds' bets, per unit of Ante, by Monte Carlo over ``deals``
    random deals. The player's strategy: at a round he must bet to stay, he stays when the mean result of
    staying (later rounds checked) over ``samples`` random completions of the unseen cards beats folding; at
    a round he may check, he bets when he wins more often than he loses over ``samples`` completions (the
    best choice for an even-money bet that changes no later choice, but for the sampling). The decisions use
    only the cards the player sees; each deal is then valued, its decisions made, over ``samples`` fresh
    completions of the cards unseen at the last round (which lowers the variance and adds no bias). The sampled
    decisions are not the best play: :func:`jokoak.games.holdem.exact.house_edge_exact` gives the exact edge
    under best play."""
    rng = np.random.default_rng(seed)
    net = np.empty(deals)
    staked = np.empty(deals)
    for start in range(0, deals, 2_000):
        n = min(2_000, deals - start)
        cards = _draw(rng, np.zeros((n, 0), np.int64), 9)
        made = np.zeros(n)
        playing = np.ones(n, bool)
        for street in rules.streets:
            known = np.column_stack([cards[:, :2], cards[:, 4:4 + street.seen]])
            mean_net, win, lose = _estimate(rules, known, made, street, samples, rng)
            if street.required:
                bet = mean_net > -1
                playing &= bet
            else:
                bet = win > lose
            made += np.where(playing & bet, float(street.multiple), 0.0)
        last = rules.streets[-1].seen if rules.streets else 0
        known = np.column_stack([cards[:, :2], cards[:, 4:4 + last]])
        result = _estimate(rules, known, made, Street("", last, Fraction(0), False), samples, rng)[0]
        net[start:start + n] = np.where(playing, result, -1.0)
        staked[start:start + n] = 1 + made
    edge, error = float(-net.mean()), float(1.96 * net.std() / np.sqrt(deals))
    folds = float(1 - (staked > 1).mean()) if rules.streets and rules.streets[0].required else 0.0
    return Edge(edge, f"Monte Carlo of {deals:,} deals; decisions from {samples} completions each; folds "
                      f"{folds:.1%}; {float(staked.mean()):.4f} Antes staked a deal on average (edge per "
                      f"unit staked {edge / float(staked.mean()):.4f})",
                f"95 % interval ±{error:.4f} (±{error:.2%} of the Ante)")


def _draw(rng: np.random.Generator, known: npt.NDArray[np.int64], k: int) -> npt.NDArray[np.int64]:
    """For each row of known cards, ``k`` other cards at random."""
    present = np.zeros((len(known), 52), bool)
    present[np.arange(len(known))[:, None], known] = True
    rest = np.nonzero(~present)[1].reshape(len(known), 52 - known.shape[1])
    every = np.arange(len(rest))
    for j in range(k):
        pick = rng.integers(j, rest.shape[1], len(rest))
        rest[every, j], rest[every, pick] = rest[every, pick], rest[every, j].copy()
    return rest[:, :k]


def _estimate(rules: Rules, known: npt.NDArray[np.int64], made: npt.NDArray[np.float64], street: Street,
              samples: int, rng: np.random.Generator) -> tuple[npt.NDArray[np.float64], ...]:
    """Over ``samples`` completions of each row's unseen cards (the croupier's two, then the common cards
    not seen): the mean result per Ante of staying with this round bet and no later one, and the shares of
    completions the player wins and loses."""
    seen = known.shape[1] - 2
    rows = np.repeat(known, samples, axis=0)
    drawn = _draw(rng, rows, 7 - seen)
    board = np.column_stack([rows[:, 2:], drawn[:, 2:]])
    mine = values(np.column_stack([rows[:, :2], board]))
    theirs = values(np.column_stack([drawn[:, :2], board]))
    stake = np.repeat(made, samples) + float(street.multiple)
    result = _net(rules, mine, theirs, stake).reshape(-1, samples).mean(axis=1)
    win = (mine > theirs).reshape(-1, samples).mean(axis=1)
    lose = (mine < theirs).reshape(-1, samples).mean(axis=1)
    return result, win, lose


def _net(rules: Rules, mine: npt.NDArray[np.int32], theirs: npt.NDArray[np.int32],
         calls: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The player's net result per Ante, with ``calls`` Antes bet in the rounds, as :func:`play` settles."""
    ante = np.array(rules._ante_table)[(mine >> 20) & 15]
    qualifies = np.ones(len(mine), bool) if rules.qualifier is None else _at_least(theirs, rules.qualifier)
    sign = np.sign(mine.astype(np.int64) - theirs)
    ante_net = np.where(~qualifies | (sign > 0), ante, np.where(sign == 0, 0.0, -1.0))
    call_net = np.where(~qualifies, 0.0, np.where(sign > 0, float(rules.calls_pay), np.where(sign == 0, 0.0, -1.0)))
    result: npt.NDArray[np.float64] = ante_net + calls * call_net
    return result
