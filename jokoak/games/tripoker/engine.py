"""Póquer de tres cartas o Tripóker: the player's three cards against the bank's, an «Ante» with its
second bet («2.ª Apuesta», «Bet») and an ante bonus, and the «Par Plus» («Fortuna») side bet on the
player's cards alone (000:4249-4477, 001:1654-1727).

The bank plays with a queen high or better (000:4404-4405, 001:1698); if it does not, the ante is paid
1 a 1 and the second bet stays as it was; if it does, the higher hand wins both bets 1 a 1 and a tie
is a push (000:4404-4430, 001:1698-1700). The bonus on the ante is paid whatever the bank holds
(000:4413-4422, 001:1702-1707). The two pay tables are data.

>>> from jokoak.engine.poker import Category as C
>>> rules = Rules(pair_plus={C.STRAIGHT_FLUSH: 40, C.THREE_OF_A_KIND: 30, C.STRAIGHT: 6, C.FLUSH: 4, C.PAIR: 1},
...               ante_bonus={C.STRAIGHT_FLUSH: 5, C.THREE_OF_A_KIND: 4, C.STRAIGHT: 1})
>>> play(rules, {"ante": 10, "par_plus": 5}, ["Kh", "Kd", "4c", "Qs", "9d", "2h"], "ir")   # kings beat a queen
staked=25 returned=50 net=+25
>>> play(rules, {"ante": 10}, ["Jh", "9d", "4c", "Ts", "8d", "2h"], "ir")    # the bank has no queen
staked=20 returned=30 net=+10
>>> play(rules, {"ante": 10}, ["Jh", "9d", "4c", "Ts", "8d", "2h"], "retirarse")
staked=10 returned=0 net=-10
>>> e = ante_edge(rules)
>>> f"{float(e.per_ante):.4%} {float(e.per_staked):.4%}"                      # Wizard of Odds: 3.37 %, 2.01 %
'3.3730% 2.0147%'
>>> f"{float(pair_plus_edge(rules)):.4%}"                                     # Wizard of Odds: 2.32 %
'2.3167%'
>>> play(rules, {"ante": 10}, ["Jh", "9d", "4c", "Ts", "8d", "2h"], "voy")
Traceback (most recent call last):
ValueError: The player's decision is «ir» or «retirarse» (000:4392-4393), not 'voy'.

The result keeps the steps the engine applied (:mod:`jokoak.engine.steps`), each naming its rule:

>>> [(s.key, s.rule) for s in play(rules, {"ante": 10, "par_plus": 5}, ["7h", "7d", "2c", "Qs", "9d", "4h"],
...                                "retirarse").steps]
[('player-cards', 'hand:pair'), ('retirarse', 'decision'), ('side-win', 'pays:par_plus:pair')]
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import permutations
from math import comb

import numpy as np
import numpy.typing as npt

from ...engine.poker import RANKS, THREE_CARD, Category, combinations, dealt, name, values
from ...engine.result import Result
from ...engine.steps import Step

C = Category
BETS = ("ante", "par_plus")
"""«Ante» and «Par Plus» («Fortuna» in 001:1666), placed before the deal; the second bet («2.ª Apuesta», «Bet»)
is placed by the decision «ir», equal to the ante (000:4399-4400, 001:1680)."""
DECISIONS = ("ir", "retirarse")
PAYING = (C.PAIR, C.FLUSH, C.STRAIGHT, C.THREE_OF_A_KIND, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH)
"""The three-card combinations a pay table may list (000:4324-4343)."""
_Table = tuple[tuple[Category, Fraction], ...]


def _table(pays: Mapping[Category, Fraction | int], what: str) -> _Table:
    rows = []
    for category, payout in pays.items():
        if category not in PAYING:
            raise ValueError(f"The {what} lists three-card combinations from a pair to a royal flush, "
                             f"not {Category(category).name}.")
        if Fraction(payout) <= 0:
            raise ValueError(f"A payout is a positive «N a 1», not {payout} for {Category(category).name}.")
        rows.append((Category(category), Fraction(payout)))
    return tuple(sorted(rows))


def _paid(table: _Table, category: Category) -> Fraction | None:
    """The payout of ``category`` in ``table``, a royal not listed paid as the straight flush it is."""
    found = dict(table)
    if category == C.ROYAL_FLUSH and category not in found:
        category = C.STRAIGHT_FLUSH
    return found.get(category)


@dataclass(frozen=True)
class Rules:
    """A Tripóker table.

    ``pair_plus``: the «Par Plus» (001: «Fortuna») table, combination -> «N a 1» (000:4453-4465, 001:1684-1694);
    ``ante_bonus``: the bonus on the ante, paid besides the ante's own settlement (000:4413-4422; 001:1702-1707
    «Extra-Ante»). In both a combination not listed does not pay, except a royal flush (ace, king and queen
    of one suit, 000:4327-4328) not listed, which is paid as a straight flush.
    ``qualifying_card``: the bank plays with a card of this rank or higher, or any pair or better
    («una Dama o una combinación superior», 000:4404-4405; «una jugada mínima de Q», 001:1698).
    """

    pair_plus: Mapping[Category, Fraction | int]
    ante_bonus: Mapping[Category, Fraction | int]
    qualifying_card: str = "Q"
    _pair_plus: _Table = field(init=False, repr=False, compare=False)
    _ante_bonus: _Table = field(init=False, repr=False, compare=False)
    _qualifying: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_pair_plus", _table(self.pair_plus, "Par Plus table"))
        object.__setattr__(self, "_ante_bonus", _table(self.ante_bonus, "ante bonus table"))
        rank = self.qualifying_card.upper().replace("10", "T")
        if len(rank) != 1 or rank not in RANKS:
            raise ValueError(f"The bank qualifies with a rank of {RANKS} (or 10), not {self.qualifying_card!r}.")
        object.__setattr__(self, "_qualifying", RANKS.index(rank))

    def pair_plus_pays(self, category: Category) -> Fraction | None:
        """What one unit on the Par Plus wins on a hand of ``category``, None when it loses.

        >>> Rules({C.STRAIGHT_FLUSH: 40}, {}).pair_plus_pays(C.ROYAL_FLUSH)
        Fraction(40, 1)
        """
        return _paid(self._pair_plus, category)

    def bonus(self, category: Category) -> Fraction:
        """The ante bonus of a hand of ``category`` per unit of ante (0 when it has none)."""
        return _paid(self._ante_bonus, category) or Fraction(0)

    @property
    def key(self) -> tuple[_Table, _Table, int]:
        """The rules as a hashable key (for caching the enumeration)."""
        return self._pair_plus, self._ante_bonus, self._qualifying


# --- the cards and a round ------------------------------------------------------------------------------------

def cards_of(names: Sequence[str], count: int, what: str) -> tuple[int, ...]:
    """The cards named (``"Ah"``, ``"Td"``), checked: ``count`` of them, no joker, none twice."""
    if len(names) != count:
        raise ValueError(f"{what}, not {len(names)}.")
    return dealt(names)


def _value(cards: Sequence[int]) -> int:
    return int(values(np.array([cards]), THREE_CARD)[0])


def _qualifies(rules: Rules, value: npt.NDArray[np.int32] | int) -> npt.NDArray[np.bool_] | bool:
    """The bank's hand plays: a pair or better, or its highest card of the qualifying rank or higher."""
    return ((value >> 20) & 15 > C.HIGH_CARD) | (((value >> 16) & 15) - 1 >= rules._qualifying)


def play(rules: Rules, bets: Mapping[str, int | str | Fraction], cards: Sequence[str],
         decision: str | None = None) -> Result:
    """Settle a player's box: ``bets`` the «ante» and/or the «par_plus» placed before the deal, ``cards`` the
    player's three cards then the bank's three, ``decision`` «ir» (a second bet equal to the ante is placed)
    or «retirarse» (the ante is lost, 000:4392-4396, 001:1696); a decision is taken only with an ante.

    The Par Plus is settled on the player's cards alone, also when he folds («independiente del resto»,
    000:4445-4446). The ante bonus is paid to a player who goes on, whatever the bank's hand (and even if he
    loses to it, 001:1702); a player who folds does not receive it (the texts do not say: a reading).

    >>> rules = Rules({C.PAIR: 1}, {C.STRAIGHT: 1})
    >>> play(rules, {"ante": 10}, ["Jh", "Qd", "Kc", "Qs", "Qc", "2h"], "ir")   # a straight: the bonus, and it wins
    staked=20 returned=50 net=+30
    >>> play(rules, {"par_plus": 10}, ["Jh", "Jd", "Kc", "Qs", "Qc", "2h"], "ir")
    Traceback (most recent call last):
    ValueError: A decision is taken on an ante: without one, give none.
    """
    unknown = [bet for bet in bets if bet not in BETS]
    if unknown or not bets:
        raise ValueError(f"The Tripóker bets are {' and '.join(BETS)}, not {', '.join(unknown) or 'none'}.")
    stakes = {bet: Fraction(stake) for bet, stake in bets.items()}
    if any(stake <= 0 for stake in stakes.values()):
        raise ValueError("A stake is positive.")
    dealt = cards_of(cards, 6, "A Tripóker round is dealt six cards (the player's three, then the bank's three)")
    player, bank = _value(dealt[:3]), _value(dealt[3:])
    category = Category((player >> 20) & 15)
    staked = returned = Fraction(0)
    steps = [_hand("player-cards", dealt[:3], player)]
    side: list[Step] = []
    if "par_plus" in stakes:
        staked += stakes["par_plus"]
        paid = rules.pair_plus_pays(category)
        returned += stakes["par_plus"] * (1 + paid) if paid is not None else 0
        side.append(_par_plus(rules, category, stakes["par_plus"]))
    if "ante" not in stakes:
        if decision is not None:
            raise ValueError("A decision is taken on an ante: without one, give none.")
        return Result(staked, returned, tuple(steps + side))
    if decision not in DECISIONS:
        raise ValueError(f"The player's decision is «ir» or «retirarse» (000:4392-4393), not {decision!r}.")
    ante = stakes["ante"]
    staked += ante
    steps.append(Step(str(decision), "decision", {"stake": ante}))
    if decision == "retirarse":
        return Result(staked, returned, tuple(steps + side))
    staked += ante
    returned += ante * rules.bonus(category)
    steps += _round(rules, dealt, player, bank, ante)
    if not _qualifies(rules, bank):
        returned += 3 * ante          # the ante paid 1 a 1, the second bet returned
    elif player > bank:
        returned += 4 * ante
    elif player == bank:
        returned += 2 * ante
    return Result(staked, returned, tuple(steps + side))


# --- the steps of a round (jokoak.engine.steps) -------------------------------------------------------------
# Each names its rule for the catalogue: «decision», «bank», «showdown» (the ranking and the ante's payout),
# «ranking», «hand:<category>» (the combination's definition), «pays:<bet>:<category>» (a line of the bet's
# table: the Par Plus's, or the ante's bonus) and «pays:<bet>» (the whole table).

def _line(table: _Table, category: Category) -> Category | None:
    """The line of ``table`` that pays ``category``, as :func:`_paid` reads it (a royal not listed is paid by the
    straight flush's line)."""
    found = dict(table)
    if category == C.ROYAL_FLUSH and category not in found:
        category = C.STRAIGHT_FLUSH
    return category if category in found else None


def _hand(key: str, cards: Sequence[int], value: int) -> Step:
    """Three cards and their combination, citing its definition (or the ranking, for none)."""
    category = Category((value >> 20) & 15)
    rule = "ranking" if category == C.HIGH_CARD else f"hand:{category.id}"
    return Step(key, rule, {"cards": tuple(name(card) for card in cards), "hand": category.id})


def _par_plus(rules: Rules, category: Category, stake: Fraction) -> Step:
    """The Par Plus settled by the line of its table that pays the player's hand, or lost."""
    line = _line(rules._pair_plus, category)
    if line is None:
        return Step("side-lose", "pays:par_plus", {"bet": "par_plus", "hand": category.id, "stake": stake})
    paid = dict(rules._pair_plus)[line]
    return Step("side-win", f"pays:par_plus:{line.id}", {"bet": "par_plus", "hand": category.id, "line": line.id,
                                                         "stake": stake, "payout": paid,
                                                         "returned": stake * (1 + paid)})


def _round(rules: Rules, dealt: Sequence[int], player: int, bank: int, ante: Fraction) -> list[Step]:
    """After «ir»: the bank's cards, whether it plays, who wins, the ante and the second bet, the ante's bonus."""
    steps = [_hand("bank-cards", dealt[3:], bank)]
    if not _qualifies(rules, bank):
        steps += [Step("bank-does-not-play", "bank", {"hand": Category((bank >> 20) & 15).id,
                                                      "rank": RANKS[rules._qualifying]}),
                  Step("ante-no-play", "bank", {"bet": "ante", "stake": ante, "payout": Fraction(1),
                                                "returned": 2 * ante}),
                  Step("second-no-play", "bank", {"bet": "second", "stake": ante})]
    else:
        winner = "player" if player > bank else "bank" if player < bank else "tie"
        mine, theirs = Category((player >> 20) & 15), Category((bank >> 20) & 15)
        steps += [Step("bank-plays", "bank", {"hand": theirs.id, "rank": RANKS[rules._qualifying]}),
                  Step("showdown", "showdown", {"winner": winner, "hand": mine.id, "bank": theirs.id,
                                                "cards": tuple(name(card) for card in dealt[:3]),
                                                "bank_cards": tuple(name(card) for card in dealt[3:])})]
        for bet in ("ante", "second"):
            settled = {"bet": bet, "stake": ante}
            steps.append(Step("win", "showdown", settled | {"payout": Fraction(1), "returned": 2 * ante})
                         if winner == "player" else Step("lose" if winner == "bank" else "tie", "showdown", settled))
    category = Category((player >> 20) & 15)
    line = _line(rules._ante_bonus, category)
    if line is not None:
        steps.append(Step("bonus", f"pays:ante:{line.id}", {"bet": "ante", "hand": category.id, "line": line.id,
                                                             "stake": ante, "payout": rules.bonus(category),
                                                             "returned": ante * rules.bonus(category)}))
    return steps


# --- exact expectations -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class AnteEdge:
    """The house edge of the ante with its second bet, under the best decision for each hand, exact.

    ``per_ante``: the house's expected gain per unit of ante (the usual figure); ``per_staked``: per unit of
    the ante and the second bet staked, on average; ``plays``: the probability that the player goes on.
    """

    per_ante: Fraction
    per_staked: Fraction
    plays: Fraction


@functools.cache
def _hands() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32], npt.NDArray[np.int64]]:
    """Every three-card hand, its value, and its set of cards as a bit mask."""
    hands = combinations(52, 3)
    masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), hands.astype(np.int64)), axis=1)
    return hands, values(hands, THREE_CARD), masks


@functools.cache
def _classes() -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """The three-card hands up to a renaming of suits: a representative's row and how many hands it stands for."""
    hands = _hands()[0].astype(np.int64)
    keys = np.full(len(hands), np.iinfo(np.int64).max)
    for perm in permutations(range(4)):
        renamed = np.sort(4 * (hands // 4) + np.array(perm)[hands % 4], axis=1)
        np.minimum(keys, renamed[:, 0] * 2704 + renamed[:, 1] * 52 + renamed[:, 2], out=keys)
    _, first, counts = np.unique(keys, return_index=True, return_counts=True)
    return first, counts.astype(np.int64)


def _outcomes(rules: Rules, rows: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """For each player's hand (a row of :func:`_hands`): the bank's hands from the other 49 cards that do not
    qualify, that qualify and lose to it, tie, and beat it (four columns)."""
    _, hand_values, masks = _hands()
    qualifies = np.asarray(_qualifies(rules, hand_values))
    found = np.zeros((len(rows), 4), np.int64)
    for start in range(0, len(rows), 256):
        chunk = rows[start:start + 256]
        free = (masks[None, :] & masks[chunk, None]) == 0
        mine, theirs = hand_values[chunk, None], hand_values[None, :]
        found[start:start + 256] = np.stack([
            (free & ~qualifies).sum(1), (free & qualifies & (mine > theirs)).sum(1),
            (free & qualifies & (mine == theirs)).sum(1), (free & qualifies & (mine < theirs)).sum(1)], axis=1)
    return found


def play_value(rules: Rules, cards: Sequence[str]) -> Fraction:
    """The exact expected result per unit of ante of going on («ir») with these three cards, over the bank's
    18,424 hands (ante bonus included); folding is worth -1, so the best decision goes on when this is higher.

    >>> rules = Rules({C.PAIR: 1}, {C.STRAIGHT_FLUSH: 5, C.THREE_OF_A_KIND: 4, C.STRAIGHT: 1})
    >>> play_value(rules, ["Qh", "6d", "4c"]) > -1 > play_value(rules, ["Qh", "6d", "3c"])   # the Q-6-4 rule
    True
    """
    hand = tuple(sorted(cards_of(cards, 3, "A player's hand is three cards")))
    hands = _hands()[0]
    row = int(np.flatnonzero((hands == np.array(hand, np.uint8)).all(axis=1))[0])
    no, win, _, lose = (int(n) for n in _outcomes(rules, np.array([row]))[0])
    category = Category((_value(hand) >> 20) & 15)
    return Fraction(no + 2 * win - 2 * lose, comb(49, 3)) + rules.bonus(category)


def ante_edge(rules: Rules) -> AnteEdge:
    """The exact house edge of the ante and its second bet, the player going on exactly when that is worth more
    than folding (every player's hand, up to suits, against each of the bank's 18,424 hands; about a second)."""
    return _ante_edge(rules.key)


@functools.cache
def _ante_edge(key: tuple[_Table, _Table, int]) -> AnteEdge:
    pair_plus, bonus, qualifying = key
    rules = Rules(dict(pair_plus), dict(bonus), RANKS[qualifying])
    rows, weights = _classes()
    counts = _outcomes(rules, rows)
    hand_values = _hands()[1][rows]
    total = plays = Fraction(0)
    for (no, win, _, lose), weight, value in zip(counts.tolist(), weights.tolist(), hand_values.tolist(),
                                                 strict=True):
        going = Fraction(no + 2 * win - 2 * lose, comb(49, 3)) + rules.bonus(Category((value >> 20) & 15))
        if going > -1:
            total += weight * going
            plays += weight
        else:
            total -= weight
    expected, plays = total / comb(52, 3), plays / comb(52, 3)
    return AnteEdge(-expected, -expected / (1 + plays), plays)


def hand_probabilities() -> dict[Category, Fraction]:
    """The probability of each combination in the player's three cards.

    >>> hand_probabilities()[C.THREE_OF_A_KIND]
    Fraction(1, 425)
    """
    found = np.bincount((_hands()[1] >> 20) & 15, minlength=len(Category))
    return {category: Fraction(int(found[category]), comb(52, 3)) for category in (C.HIGH_CARD, *PAYING)}


def pair_plus_edge(rules: Rules) -> Fraction:
    """The exact house edge of the Par Plus per unit staked, over every three-card hand."""
    returned = sum((p * (1 + paid) for c, p in hand_probabilities().items()
                    if (paid := rules.pair_plus_pays(c)) is not None), Fraction(0))
    return 1 - returned
