"""Pai Gow Poker («Pai Gow Poker o póquer chino», Euskadi 000:3983-4248; Extremadura 1.15, 001:1545-1652):
the deal, the setting of seven cards as two hands, the settlement of a bet, and the house edge.

Each player and the bank get seven cards of a deck of 52 and a joker, and set them as a five-card high
hand and a two-card low hand, the high hand worth more (000:3988-3991, 4166-4168). The player wins when
both his hands beat the bank's, paid at par less the commission; one hand higher is a «partida nula»;
the bank wins every tie (000:3993-4004, table 4177-4201). The evaluator and the table are in
:mod:`jokoak.engine.poker`; this module adds what a table needs around them.

>>> rules = Rules(commission=Fraction(5, 100))
>>> play(rules, {"apuesta": 20}, ["Ah", "Ad", "9c", "8s", "5h", "Qd", "Jc",      # the player's seven
...                               "Kh", "Kd", "7c", "6s", "4h", "3d", "2c"],     # the bank's seven
...      low=["Qd", "Jc"])
staked=20 returned=39 net=+19

The texts give no rule for the croupier's hands (000:4171-4173, 001:1629): the bank's hands are set by
a house way that is ours, :data:`HOUSE_WAY` (read :data:`HOUSE_WAY_NOTE`), unless given. A box settled returns,
beside what was staked and returned, the steps that settled it (:mod:`jokoak.engine.steps`).

>>> set_hand(parse("Kh Kd 7c 6s 4h 3d 2c"), rules)          # a pair: the pair high, the next two low
('7c', '6s')
>>> play(rules, {"apuesta": 20}, ["Ah", "Ad"], low=["Ah", "Ad"])
Traceback (most recent call last):
ValueError: A round needs 14 cards, the player's seven and then the bank's seven, not 2.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from ...engine import poker
from ...engine.poker import (
    ACE,
    FIVE_CARD,
    JOKER,
    PAI_GOW,
    TWO_CARD,
    Category,
    Split,
    categories,
    combinations,
    dealt,
    name,
    pai_gow_outcome,
    parse,
)
from ...engine.result import Edge, Result
from ...engine.steps import Step

BETS = ("apuesta",)  # the one bet of the texts: the box's stake against the bank (000:4137-4140)
Outcome = Literal["ganancia", "nula", "perdida"]
_WORTH = {"perdida": -1, "nula": 0, "ganancia": 1}


@dataclass(frozen=True)
class Rules:
    """A Pai Gow table: what the texts state and what they leave to the casino."""

    commission: Fraction = Fraction(5, 100)
    """The share of a winning bet's winnings the casino keeps: «hasta el 5 por 100, a discreción del
    Establecimiento, anunciándolo a los jugadores» (000:4127-4129; 001:1607 «hasta el cinco por ciento de
    las apuestas ganadoras»); the table prints «A la par, - el 5%» (000:4185)."""
    commission_limit: Fraction = Fraction(5, 100)
    """The highest commission the text allows (000:4127; 001:1607)."""
    joker_flush: bool = True
    """The joker completes a plain flush: «para completar una escalera, un color o una escalera de color»
    (000:4011-4012); Extremadura names «una escalera, escalera real o escalera de color» only (001:1555).
    Either way it is an ace otherwise, or any card that completes a straight or a straight flush."""
    clockwise: bool = True
    """The hands go round «en el sentido de las agujas del reloj» (000:4150); «en sentido contrario a las
    agujas del reloj» (001:1623)."""
    positions: int = 7
    """Places dealt a hand, the bank's included: «para 7 posiciones y 6 jugadores» (000:4146, 001:1623);
    at most six boxes (000:4018, 4063; 001:1557, 1571)."""

    def __post_init__(self) -> None:
        if not 0 <= self.commission <= self.commission_limit:
            raise ValueError(f"The commission is from 0 to {self.commission_limit}, not {self.commission}.")
        if not 2 <= self.positions <= 7:
            raise ValueError(f"A table deals from 2 to 7 hands of seven cards, not {self.positions}.")


# --- the 21 ways to set seven cards --------------------------------------------------------------------

LOWS = combinations(7, 2)
"""The 21 ways to set seven cards: the places (0-6) of the two cards of the low hand, one a row."""
HIGHS = np.array([[i for i in range(7) if i not in low] for low in LOWS.tolist()], np.uint8)
"""The places of the five cards of the high hand, row by row as :data:`LOWS`."""


def hand_values(hands: npt.NDArray[np.integer], rules: Rules = Rules()) -> npt.NDArray[np.int32]:
    """The value of each row of ``hands``, five-card high hands or two-card low hands, by the ranking of
    000:4072-4106. Without ``joker_flush`` a flush the joker would complete counts the joker as an ace of
    no suit (001:1555): four hearts and the joker are an ace-high hand, not a flush.

    >>> rules = Rules(joker_flush=False)
    >>> [Category(int(c)).name for c in categories(hand_values(np.array([parse("2h 5h 9h Kh Jk")]), rules))]
    ['HIGH_CARD']
    >>> [Category(int(c)).name for c in categories(hand_values(np.array([parse("2h 5h 9h Kh Jk")]))) ]
    ['FLUSH']
    """
    hands = np.asarray(hands)
    ranking = FIVE_CARD if hands.shape[1] == 5 else TWO_CARD
    value = poker.values(hands, ranking, PAI_GOW)
    if rules.joker_flush or ranking is TWO_CARD:
        return value
    fix = np.flatnonzero((categories(value) == Category.FLUSH) & (hands == JOKER).any(axis=1))
    if len(fix):
        # a joker flush has four cards of one suit: the ace of the next suit is not among them
        rows = hands[fix].astype(np.int64)
        suit = np.where(rows[:, 0] == JOKER, rows[:, 1], rows[:, 0]) % 4
        rows[rows == JOKER] = 4 * ACE + (suit + 1) % 4
        value[fix] = poker.values(rows, FIVE_CARD, poker.Rules(wheel="second"))
    return value


def _split_values(hands: npt.NDArray[np.integer], rules: Rules) -> tuple[npt.NDArray[np.int32], ...]:
    """The high and low values of the 21 splits of each row of seven cards: two arrays (hands, 21)."""
    n = len(hands)
    high = hand_values(hands[:, HIGHS].reshape(-1, 5), rules).reshape(n, 21)
    low = hand_values(hands[:, LOWS].reshape(-1, 2), rules).reshape(n, 21)
    return high, low


def _cards(cards: Sequence[str] | Sequence[int] | str) -> tuple[int, ...]:
    if isinstance(cards, str):
        return parse(cards)
    return tuple(c if isinstance(c, int) else parse(c)[0] for c in cards)


def splits(cards: Sequence[str] | Sequence[int] | str, rules: Rules = Rules()) -> list[tuple[tuple[str, str], Split]]:
    """Every way to set seven cards: the low hand's two cards and the :class:`~jokoak.engine.poker.Split`,
    wrongly set ones included (``split.valid`` is false: such a hand loses, 000:4235-4236).

    >>> ways = splits("Ah Ad Kc Qs 9h 5d 2c")
    >>> len(ways), sum(s.valid for _, s in ways)
    (21, 18)
    """
    seven = _cards(cards)
    poker.split(seven, seven[:2])  # checks seven different cards
    high, low = _split_values(np.array([seven]), rules)
    return [((name(seven[i]), name(seven[j])), Split(poker.Hand(int(high[0, k]), 5), poker.Hand(int(low[0, k]), 2)))
            for k, (i, j) in enumerate(LOWS.tolist())]


def _split(cards: tuple[int, ...], low: Sequence[int], rules: Rules) -> Split:
    poker.split(cards, low)  # checks the cards
    five = np.array([[c for c in cards if c not in low]])
    return Split(poker.Hand(int(hand_values(five, rules)[0]), 5),
                 poker.Hand(int(hand_values(np.array([list(low)]), rules)[0]), 2))


# --- the house way (ours: the texts give none) ----------------------------------------------------------

HOUSE_WAY_NOTE = (
    "The regulations give no rule for setting the croupier's hands (000:4171-4173, 001:1629). This house "
    "way is not from the regulation: it is the engine's, after the «standard house ways» a Las Vegas "
    "dealing school publishes (Gold Star School of Gaming, «House Ways», goldstarschool.com/house-ways), "
    "with a two-pair rule of our own choosing. Every rule names what the high hand must keep; among the "
    "hands set correctly that keep it, the croupier plays the highest low hand, then the highest high hand. "
    "The joker counts as an ace in pairs, trips and fours. In order, the first rule that applies: "
    "1. five aces: three aces high and two low, but with a pair of kings the five aces high and the kings low; "
    "2. four of a kind (with or without a pair or trips beside it): kept together, the best low beside "
    "(a pair if there is one), when of 6s or lower, or of 10s or lower with an ace to play low; "
    "otherwise split, a pair of them low; "
    "3. three of a kind with a pair or a second three of a kind: the highest pair low, trips high, except "
    "a full house of 2s with an ace and a king, kept together with ace-king low; "
    "4. three pairs: the highest pair low; "
    "5. two pairs: kept together, the two highest single cards low, when the higher pair is 6s or lower, "
    "or 10s or lower with a single ace; otherwise split, the higher pair high and the lower pair low; "
    "6. a straight, flush or straight flush: kept high with the highest low hand it leaves (a pair low if "
    "possible), except one pair of 10s or higher with a single ace: the pair high, the ace low; "
    "7. three of a kind: high, the two highest others low; three aces are split, two high, one low; "
    "8. one pair: high, the two highest others low; "
    "9. no pair: the highest card high, the next two low."
)


@dataclass(frozen=True)
class HouseWay:
    """A house way of the kind of :data:`HOUSE_WAY_NOTE` (ours, not the regulation's). Ranks are 0 for the
    2 … 12 for the ace. Each field is the threshold of one rule of the note."""

    five_aces_keep_with: int = 11
    """Rule 1: five aces are kept together when a pair of this rank can play low (kings)."""
    quads_keep_max: int = 4
    """Rule 2: four of a kind of this rank or lower are kept together (6s)."""
    quads_ace_keep_max: int = 8
    """Rule 2: or of this rank or lower (10s) when an ace can play low."""
    full_house_keep: tuple[int, tuple[int, int]] | None = (0, (12, 11))
    """Rule 3: a full house whose pair is of this rank with these two single cards is kept together (2s
    with ace and king); ``None``: always split."""
    two_pair_keep_max: int = 4
    """Rule 5: two pairs are kept together when the higher is of this rank or lower (6s)..."""
    two_pair_ace_keep_max: int = 8
    """Rule 5: ...or of this rank or lower (10s) with a single ace."""
    straight_pair_ace_min: int = 8
    """Rule 6: a straight or flush with one pair of this rank or higher (10s) and a single ace gives way
    to the pair high and the ace low."""
    split_three_aces: bool = True
    """Rule 7: three aces are split, a pair high and an ace low."""


HOUSE_WAY = HouseWay()


def house_way_splits(hands: npt.NDArray[np.integer], rules: Rules = Rules(),
                     way: HouseWay = HOUSE_WAY) -> npt.NDArray[np.intp]:
    """For each row of seven cards, the row of :data:`LOWS` that ``way`` plays (vectorised)."""
    return _house_way(hands, rules, way)[0]


def _house_way(hands: npt.NDArray[np.integer], rules: Rules,
               way: HouseWay) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """For each row of seven cards, the row of :data:`LOWS` that ``way`` plays, and the number of the rule of
    :data:`HOUSE_WAY_NOTE` that chose it (1 to 9)."""
    hands = np.asarray(hands)
    high, low = _split_values(hands, rules)
    cat = categories(high)
    ranks = np.where(hands == JOKER, ACE, hands // 4)
    counts = np.zeros((len(hands), 13), np.int64)
    np.add.at(counts, (np.arange(len(hands))[:, None], ranks), 1)
    rank = np.arange(13)

    def top(mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        found: npt.NDArray[np.int64] = np.where(mask, rank, -1).max(axis=1)  # the highest rank where mask holds
        return found
    n_pairs, n_trips = (counts == 2).sum(axis=1), (counts == 3).sum(axis=1)
    quad, pair, trips = top(counts >= 4), top(counts == 2), top(counts == 3)
    ace_single = counts[:, ACE] == 1
    singles = counts == 1
    straight = np.isin(cat, [Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH,
                             Category.ROYAL_FLUSH]).any(axis=1)

    C = Category
    target = np.full(len(hands), int(C.HIGH_CARD))
    rules_in_order: list[tuple[Any, Any]] = []  # (where the rule applies, what the high hand keeps)
    five_aces = counts[:, ACE] == 5
    rules_in_order.append((five_aces, np.where(counts[:, way.five_aces_keep_with] == 2, C.FIVE_ACES,
                                               C.THREE_OF_A_KIND)))
    keep_quads = (quad <= way.quads_keep_max) | (n_pairs + n_trips > 0) | (
        (quad <= way.quads_ace_keep_max) & ace_single)
    rules_in_order.append((quad >= 0, np.where(keep_quads, C.FOUR_OF_A_KIND, C.PAIR)))
    full = (n_trips >= 2) | ((n_trips == 1) & (n_pairs >= 1))
    keep_full = np.zeros(len(hands), bool)
    if way.full_house_keep is not None:
        pair_rank, (s1, s2) = way.full_house_keep
        keep_full = (n_pairs == 1) & (pair == pair_rank) & singles[:, s1] & singles[:, s2]
    rules_in_order.append((full, np.where(keep_full, C.FULL_HOUSE, C.THREE_OF_A_KIND)))
    rules_in_order.append((n_pairs >= 3, int(C.TWO_PAIR)))
    keep_two = (pair <= way.two_pair_keep_max) | ((pair <= way.two_pair_ace_keep_max) & ace_single)
    rules_in_order.append((n_pairs == 2, np.where(keep_two, C.TWO_PAIR, C.PAIR)))
    pair_ace = (n_pairs == 1) & (pair >= way.straight_pair_ace_min) & ace_single
    rules_in_order.append((straight, np.where(pair_ace, C.PAIR, C.STRAIGHT)))
    aces_split = way.split_three_aces & (trips == ACE)
    rules_in_order.append((n_trips == 1, np.where(aces_split, C.PAIR, C.THREE_OF_A_KIND)))
    rules_in_order.append((n_pairs == 1, int(C.PAIR)))
    done = np.zeros(len(hands), bool)
    applied = np.full(len(hands), len(rules_in_order) + 1, np.intp)  # rule 9, no pair: none of the others
    for number, (applies, keep) in enumerate(rules_in_order, start=1):
        now = applies & ~done
        target[now] = np.broadcast_to(keep, target.shape)[now]
        applied[now] = number
        done |= applies
    meets = cat >= target[:, None]
    key = (meets.astype(np.int64) << 60) | (low.astype(np.int64) << 30) | high.astype(np.int64)
    key[high <= low] = -1  # never a hand set wrongly
    chosen: npt.NDArray[np.intp] = key.argmax(axis=1)
    return chosen, applied


def set_hand(cards: Sequence[str] | Sequence[int] | str, rules: Rules = Rules(),
             way: HouseWay = HOUSE_WAY) -> tuple[str, str]:
    """The low hand ``way`` plays from seven cards (ours: see :data:`HOUSE_WAY_NOTE`).

    >>> set_hand("Ah Ad Kc Kd 9h 5d 2c")                  # aces and kings: split
    ('Kc', 'Kd')
    >>> set_hand("6h 6d 5c 5d Ah 9d 2c")                  # 6s and 5s: together, ace-nine low
    ('Ah', '9d')
    >>> set_hand("Ah Ad Ac Kd 9h 5d 2c")                  # three aces: split
    ('Ah', 'Kd')
    """
    return _set_by_way(_cards(cards), rules, way)[0]


def _set_by_way(seven: tuple[int, ...], rules: Rules, way: HouseWay) -> tuple[tuple[str, str], int]:
    """The low hand ``way`` plays from seven cards, and the number of the rule that chose it."""
    poker.split(seven, seven[:2])
    chosen, applied = _house_way(np.array([seven]), rules, way)
    k = int(chosen[0])
    return (name(seven[LOWS[k, 0]]), name(seven[LOWS[k, 1]])), int(applied[0])


# --- the deal -------------------------------------------------------------------------------------------

def deal(rules: Rules, cards: Sequence[str], dice: int) -> dict[int, tuple[str, ...]]:
    """The hands of seven cards, made in the order of ``cards`` (the first seven the first hand...), and
    where they go. The places are numbered from the bank's, 1, in the direction of the deal
    (``rules.clockwise``): «La posición del Banquero para 7 posiciones y 6 jugadores será siempre 1, 8 ó 15.
    El croupier contará desde la posición del Banquero» (000:4146-4148). So the sum of the three dice,
    counted from the bank, names the place of the first hand; the others follow in turn. The 4 cards left
    of 53 are discarded (000:4153-4156).

    >>> cards = [name(c) for c in range(52)]           # 2c 2d 2h 2s 3c ... As
    >>> hands = deal(Rules(), cards[:49], 10)
    >>> hands[3]                                   # 10 counted from the bank: place 3 has the first hand
    ('2c', '2d', '2h', '2s', '3c', '3d', '3h')
    >>> hands[1][0], hands[2][0]                   # the bank (place 1) gets the sixth hand
    ('Ts', 'Qh')
    >>> deal(Rules(), ["2c"] * 49, 19)
    Traceback (most recent call last):
    ValueError: Three dice add up to 3 to 18, not 19.
    """
    if not 3 <= dice <= 18:
        raise ValueError(f"Three dice add up to 3 to 18, not {dice}.")
    needed = 7 * rules.positions
    if len(cards) != needed:
        raise ValueError(f"The deal makes {rules.positions} hands of seven: {needed} cards, not {len(cards)}.")
    _distinct(cards)
    first = (dice - 1) % rules.positions
    return {(first + k) % rules.positions + 1: tuple(cards[7 * k:7 * k + 7]) for k in range(rules.positions)}


def _distinct(cards: Sequence[str]) -> tuple[int, ...]:
    return dealt(cards, joker=True)


# --- settlement -----------------------------------------------------------------------------------------

def settle(rules: Rules, stake: Fraction, player: Split, bank: Split) -> Result:
    """A bet of ``stake`` settled by the table of 000:4177-4201 (001:1633-1638): «ganancia» is paid at
    par less the commission on the winnings («retención porcentual», 000:4120-4121; «de las apuestas
    ganadoras», 001:1607); «partida nula» returns the stake; a loss takes it.

    >>> bank = poker.split(parse("Kh Kd 7c 6s 4h 3d 2c"), parse("7c 6s"))
    >>> settle(Rules(commission=Fraction(4, 100)), Fraction(50), poker.split(parse("Ah Ad 9c 8s 5h Qd Jc"),
    ...        parse("Qd Jc")), bank)
    staked=50 returned=98 net=+48
    """
    outcome = pai_gow_outcome(player, bank)
    back = {"ganancia": 2 - rules.commission, "nula": Fraction(1), "perdida": Fraction(0)}[outcome]
    return Result(stake, stake * back)


def play(rules: Rules, bets: Mapping[str, int | str | Fraction], cards: Sequence[str], *, low: Sequence[str],
         bank_low: Sequence[str] | None = None, way: HouseWay = HOUSE_WAY) -> Result:
    """Settle a box: ``cards`` are the player's seven cards, then the bank's seven; ``low`` is the player's
    low hand, ``bank_low`` the bank's (a banking player sets his own, 000:4158-4170); without it the bank's
    hands are set by ``way`` (ours, :data:`HOUSE_WAY_NOTE`). The one bet is ``"apuesta"``.

    >>> rules = Rules()
    >>> cards = "Ah Ad 9c 8s 5h 7d 6c Kh Kd 7c 6s 4h 3d 2c".split()
    >>> result = play(rules, {"apuesta": 10}, cards, low=["7d", "6c"])            # high won, low tied: nula
    >>> result, [step.key for step in result.steps][3:]
    (staked=10 returned=10 net=0, ['high-higher-same', 'low-equal', 'case-nula', 'returned-void'])
    >>> play(rules, {"apuesta": 10}, cards, low=["Ah", "9c"])            # set wrongly: lost (000:4235)
    staked=10 returned=0 net=-10
    >>> play(rules, {"ante": 10}, cards, low=["7d", "6c"])
    Traceback (most recent call last):
    ValueError: There is no bet 'ante' at Pai Gow Poker: the bet is 'apuesta'.
    """
    if len(cards) != 14:
        raise ValueError(f"A round needs 14 cards, the player's seven and then the bank's seven, not {len(cards)}.")
    ints = _distinct(cards)
    player_cards, bank_cards = ints[:7], ints[7:]
    player = _split(player_cards, _cards(low), rules)
    number = 0  # the rule of the house way that set the bank's hands; 0: a banking player set them
    if bank_low is None:
        by_way, number = _set_by_way(bank_cards, rules, way)
        bank_two = parse(" ".join(by_way))
    else:
        bank_two = _cards(bank_low)
    bank = _split(bank_cards, bank_two, rules)
    if not bank.valid:
        raise ValueError("The bank's hands are set wrongly: the texts settle only a player's wrong hand.")
    staked = returned = Fraction(0)
    steps = [Step("deal", "deal", {"cards": _names(player_cards), "bank": _names(bank_cards)}),
             Step("player-sets" if player.valid else "player-wrong", "deal", _hands(player_cards, _cards(low), player)),
             *_jokers(rules, player_cards, _cards(low), player),
             Step("bank-house-way", "house_way", {**_hands(bank_cards, bank_two, bank), "rule": number}) if number
             else Step("bank-set-by-player", "banker", _hands(bank_cards, bank_two, bank)),
             *_jokers(rules, bank_cards, bank_two, bank)]
    if player.valid:
        steps += [_compared("high", player.high, bank.high), _compared("low", player.low, bank.low)]
    outcome = pai_gow_outcome(player, bank)
    if player.valid:
        high, low_hand = (_comparison(player.high, bank.high), _comparison(player.low, bank.low))
        steps.append(Step(f"case-{outcome}", f"bet:case:{high}-{low_hand}", {"high": high, "low": low_hand}))
    for bet_id, given in bets.items():
        if bet_id not in BETS:
            raise ValueError(f"There is no bet {bet_id!r} at Pai Gow Poker: the bet is 'apuesta'.")
        stake = Fraction(given)
        if stake <= 0:
            raise ValueError(f"A stake is a positive amount, not {given}.")
        result = settle(rules, stake, player, bank)
        staked, returned = staked + result.staked, returned + result.returned
        steps.append(_paid(rules, bet_id, outcome, stake, result.returned))
    return Result(staked, returned, tuple(steps))


def _names(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(name(card) for card in cards)


def _hands(seven: Sequence[int], low: Sequence[int], split: Split) -> dict[str, object]:
    """A hand set, as its steps say it: the cards of the high and the low hand, and their combinations."""
    return {"high": _names([c for c in seven if c not in low]), "low": _names(low),
            "high_hand": split.high.category.id, "low_hand": split.low.category.id}


def _jokers(rules: Rules, seven: Sequence[int], low: Sequence[int], split: Split) -> list[Step]:
    """What the joker counts as in the hand set that holds it: it completes a straight, a flush (where the text
    lets it) or a straight flush, and is an ace otherwise."""
    for cards, hand in (([c for c in seven if c not in low], split.high), (list(low), split.low)):
        if JOKER not in cards:
            continue
        values = {"cards": _names(cards), "hand": hand.category.id}
        others = [c for c in cards if c != JOKER]
        if hand.category in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
            return [Step("joker-completes", "joker", values)]
        if not rules.joker_flush and len(others) == 4 and len({c % 4 for c in others}) == 1:
            return [Step("joker-no-flush", "joker", values)]
        return [Step("joker-ace", "joker", values)]
    return []


def _comparison(mine: poker.Hand, theirs: poker.Hand) -> str:
    """A hand of the player against the bank's, as the comparison table words it."""
    return "superior" if mine > theirs else "inferior" if mine < theirs else "igualdad"


def _compared(which: str, mine: poker.Hand, theirs: poker.Hand) -> Step:
    """The player's high (or low) hand against the bank's: higher or lower by the ranking, equal by the rule
    that the bank wins every tie."""
    values = {"hand": mine.category.id, "bank_hand": theirs.category.id}
    if mine == theirs:
        return Step(f"{which}-equal", "settlement", values)
    same = "-same" if mine.category == theirs.category else ""
    return Step(f"{which}-{'higher' if mine > theirs else 'lower'}{same}",
                f"bet:hand:{mine.category.id}+{theirs.category.id}", values)


def _paid(rules: Rules, bet_id: str, outcome: Outcome, stake: Fraction, returned: Fraction) -> Step:
    """The bet settled: at par less the commission, returned, or lost."""
    if outcome == "ganancia":
        return Step("wins-commission", "commission", {"bet": bet_id, "stake": stake, "percent": rules.commission,
                                                       "commission": stake * rules.commission, "returned": returned})
    return Step("returned-void" if outcome == "nula" else "loses", "settlement", {"bet": bet_id, "stake": stake})


# --- the player's choice --------------------------------------------------------------------------------

def best_split(cards: Sequence[str] | str, bank: Split, rules: Rules = Rules()) -> tuple[tuple[str, str], Outcome]:
    """The player's best way to set his seven cards against a known bank (the first of the best ways, in the
    order of :func:`splits`), and its outcome.

    >>> bank = poker.split(parse("Kh Kd 7c 6s 4h 3d 2c"), parse("7c 6s"))
    >>> best_split("Ah Ad 9c 8s 5h 7d Qc", bank)                # 9-8 low beats 7-6, the aces beat the kings
    (('9c', '8s'), 'ganancia')
    """
    ways = splits(cards, rules)
    outcomes = [pai_gow_outcome(s, bank) for _, s in ways]
    k = max(range(21), key=lambda i: _WORTH[outcomes[i]])
    return ways[k][0], outcomes[k]


def optimal_split(cards: Sequence[str] | str, rules: Rules = Rules(), way: HouseWay = HOUSE_WAY,
                  deals: int = 20_000, seed: int = 1) -> tuple[tuple[str, str], dict[tuple[str, str], float]]:
    """The way to set seven cards with the highest expected return per unit against a bank set by ``way``,
    over all 21 ways (wrongly set ones lose the bet): the same ``deals`` bank hands, drawn at random from
    the other 46 cards, for each way (a Monte Carlo estimate; with 20,000 hands each expectation is within
    about ±0.01 at 95 %). Returns the best low hand and each way's estimate.

    >>> low, ev = optimal_split("Ah Ad Kc Kd 9h 5d 2c", deals=4000)
    >>> low, len(ev)
    (('Kc', 'Kd'), 21)
    """
    seven = _cards(cards)
    poker.split(seven, seven[:2])
    rest = np.array([c for c in range(53) if c not in seven])
    rng = np.random.default_rng(seed)
    banks = rest[np.argsort(rng.random((deals, len(rest))), axis=1)[:, :7]]
    chosen = house_way_splits(banks, rules, way)
    bank_high, bank_low = (v[np.arange(deals), chosen] for v in _split_values(banks, rules))
    high, low = _split_values(np.array([seven]), rules)
    win_pay = float(1 - rules.commission)
    estimates = {}
    for k, pair in enumerate(LOWS.tolist()):
        key = (name(seven[pair[0]]), name(seven[pair[1]]))
        if high[0, k] <= low[0, k]:
            estimates[key] = -1.0
            continue
        wins = (high[0, k] > bank_high).astype(int) + (low[0, k] > bank_low)
        estimates[key] = float(np.mean(np.where(wins == 2, win_pay, np.where(wins == 1, 0.0, -1.0))))
    best = max(estimates, key=lambda k: estimates[k])
    return best, estimates


# --- the house edge -------------------------------------------------------------------------------------

def simulate(rules: Rules = Rules(), way: HouseWay = HOUSE_WAY, deals: int = 100_000,
             seed: int = 1) -> dict[Outcome, int]:
    """How many of ``deals`` random rounds (the player's seven and the bank's seven from 53 cards, both set
    by ``way``) end in each outcome of the table."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((deals, 53)), axis=1)[:, :14]
    values = []
    for hands in (cards[:, :7], cards[:, 7:]):
        chosen = house_way_splits(hands, rules, way)
        values.append(tuple(v[np.arange(deals), chosen] for v in _split_values(hands, rules)))
    (ph, pl), (bh, bl) = values
    wins = (ph > bh).astype(int) + (pl > bl)
    return {"ganancia": int((wins == 2).sum()), "nula": int((wins == 1).sum()), "perdida": int((wins == 0).sum())}


def house_edge(rules: Rules = Rules(), way: HouseWay = HOUSE_WAY, deals: int = 100_000, seed: int = 1) -> Edge:
    """The house edge on the «apuesta» per unit staked, the player and the bank both setting their hands by
    ``way`` (ours: :data:`HOUSE_WAY_NOTE`), by Monte Carlo over ``deals`` rounds; the precision is the 95 %
    interval of the mean.

    >>> edge = house_edge(deals=20_000)
    >>> 0.01 < edge.value < 0.05, edge.method.startswith("Monte Carlo of 20,000 rounds")
    (True, True)
    """
    counts = simulate(rules, way, deals, seed)
    pay = float(1 - rules.commission)
    p_win, p_loss = counts["ganancia"] / deals, counts["perdida"] / deals
    mean = p_win * pay - p_loss
    variance = p_win * pay ** 2 + p_loss - mean ** 2
    half = 1.96 * sqrt(variance / deals)
    return Edge(-mean, f"Monte Carlo of {deals:,} rounds, player and bank both setting by the engine's house way "
                       f"(seed {seed})", f"95 % interval ±{half:.4f}")
