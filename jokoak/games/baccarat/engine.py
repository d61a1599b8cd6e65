"""Punto y banca: the coup as the drawing tables decide it, and its exact probabilities.

The drawing rules are data from the catalogue: the player's totals that draw, and for each bank
total the player's third cards against which the bank draws (``None`` standing for «the player
did not draw»). Cards count their face value, tens and pictures 0, and a hand counts the units
digit of its sum. The outcome of a coup is enumerated exactly over the shoe's composition,
every card dealt without replacement.

>>> rules = STANDARD
>>> coup(rules, [3, 2, 9, 4, 5])   # player 3+9=2 draws a 5: 7; bank 2+4=6 stands against a 5
Coup(player=7, bank=6, cards=5)
>>> p = outcome_probabilities(rules, shoe(8))
>>> round(float(p["banca"]), 6), round(float(p["punto"]), 6), round(float(p["empate"]), 6)
(0.458597, 0.446247, 0.095156)

A round is settled from the cards as dealt, named as on the cloth (``"A"``, ``"2"`` … ``"10"``,
``"J"``, ``"Q"``, ``"K"``):

>>> table = Rules(STANDARD, 6, {"banca": Bet("banca", "banca", Fraction(1))}, (COMMISSION_5,))
>>> play(table, {"banca": 20}, ["2", "A", "K", "4", "4", "3"])   # 6 against 8: the bank wins, less 5 %
staked=20 returned=39 net=+19

The result keeps the steps the engine applied (:mod:`jokoak.engine.steps`), each naming its rule:

>>> [(s.key, s.rule) for s in play(table, {"banca": 20}, ["2", "A", "K", "4", "4", "3"]).steps][2:5]
[('punto-draws', 'punto'), ('third-card', 'values'), ('bank-table', 'bank')]
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...engine.result import Result
from ...engine.steps import Step

VALUES = tuple(range(10))  # a card's value: 0 for tens and pictures
CARDS = {"A": 1, **{str(n): n for n in range(2, 10)}, "10": 0, "J": 0, "Q": 0, "K": 0}
SIDES = ("punto", "banca", "empate")  # what a bet is on: the player's hand, the bank's, or a tie


@dataclass(frozen=True)
class DrawingRules:
    """``player_draws``: the player's two-card totals that draw a third card. ``naturals``: two-card
    totals that end the coup at once. ``bank_draws[total]``: the player's third cards (``None``: the
    player stood) against which the bank, with that two-card total, draws."""

    player_draws: frozenset[int]
    naturals: frozenset[int]
    bank_draws: Mapping[int, frozenset[int | None]]


def _standard() -> DrawingRules:
    never: frozenset[int | None] = frozenset()
    every: frozenset[int | None] = frozenset({None, *VALUES})
    return DrawingRules(
        frozenset(range(6)), frozenset({8, 9}),
        {0: every, 1: every, 2: every, 3: every - {8}, 4: frozenset({None, 2, 3, 4, 5, 6, 7}),
         5: frozenset({None, 4, 5, 6, 7}), 6: frozenset({6, 7}), 7: never})


# The usual tableau; used by doctests and tests only (the catalogue gives each game's own).
STANDARD = _standard()


@dataclass(frozen=True)
class Coup:
    player: int
    bank: int
    cards: int  # cards dealt: 4, 5 or 6


def total(*cards: int) -> int:
    return sum(cards) % 10


def coup(rules: DrawingRules, cards: Sequence[int], steps: list[Step] | None = None,
         labels: Sequence[str] | None = None) -> Coup:
    """Play a coup from ``cards`` in the order dealt: player, bank, player, bank, then the third
    cards (the player's first, if drawn). Card values 0-9. With a ``steps`` list, the rules applied
    are added to it, the cards named by ``labels`` (as on the cloth; their values by default)."""
    if len(cards) < 4 or any(c not in VALUES for c in cards):
        raise ValueError(f"a coup needs at least four card values 0-9, got {list(cards)}")
    names = [str(c) for c in cards] if labels is None else list(labels)
    player, bank = total(cards[0], cards[2]), total(cards[1], cards[3])
    _say(steps, "hand", "values", hand="punto", cards=(names[0], names[2]), points=player)
    _say(steps, "hand", "values", hand="banca", cards=(names[1], names[3]), points=bank)
    rest = list(cards[4:])
    if player in rules.naturals or bank in rules.naturals:
        both = player in rules.naturals and bank in rules.naturals
        _say(steps, "natural", "naturals", hand="both" if both else "punto" if player in rules.naturals else "banca",
             punto=player, banca=bank)
        return _done(player, bank, 4, rest)
    third: int | None = None
    if player in rules.player_draws:
        _say(steps, "punto-draws", "punto", points=player)
        if not rest:
            raise ValueError(f"the player draws on {player}: a fifth card is needed")
        third = rest.pop(0)
        player = total(player, third)
        _say(steps, "third-card", "values", hand="punto", card=names[4], points=player)
    else:
        _say(steps, "punto-stands", "punto", points=player)
    dealt = 4 + (third is not None)
    draws = third in rules.bank_draws.get(bank, frozenset())
    _say(steps, "bank-table", "bank", points=bank, column=third, letter="T" if draws else "P")
    if draws:
        if not rest:
            raise ValueError(f"the bank draws on {bank}: one more card is needed")
        bank = total(bank, rest.pop(0))
        _say(steps, "third-card", "values", hand="banca", card=names[dealt], points=bank)
        dealt += 1
    return _done(player, bank, dealt, rest)


def _say(steps: list[Step] | None, key: str, rule: str, **values: object) -> None:
    """Record a step of the coup, when steps are kept."""
    if steps is not None:
        steps.append(Step(key, rule, values))


def _done(player: int, bank: int, dealt: int, rest: list[int]) -> Coup:
    if rest:
        raise ValueError(f"{len(rest)} card(s) left over after the coup")
    return Coup(player, bank, dealt)


def hands(rules: DrawingRules, cards: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cards of punto and of banca, as dealt in one coup (names as on the cloth).

    >>> hands(STANDARD, ["2", "A", "K", "4", "4", "3"])
    (('2', 'K', '4'), ('A', '4', '3'))
    >>> hands(STANDARD, ["3", "2", "3", "3", "K"])   # punto stands on 6; banca draws on 5
    (('3', '3'), ('2', '3', 'K'))
    """
    values = [card_value(card) for card in cards]
    result = coup(rules, values)
    player, bank = [cards[0], cards[2]], [cards[1], cards[3]]
    first = total(values[0], values[2])
    player_drew = result.cards > 4 and first in rules.player_draws and \
        not ({first, total(values[1], values[3])} & rules.naturals)
    rest = list(cards[4:])
    if player_drew:
        player.append(rest.pop(0))
    bank += rest
    return tuple(player), tuple(bank)


def shoe(decks: int) -> tuple[int, ...]:
    """The count of cards of each value 0-9 in ``decks`` French decks of 52."""
    return (16 * decks, *([4 * decks] * 9))


def outcome_probabilities(rules: DrawingRules, counts: Sequence[int]) -> dict[str, Fraction]:
    """Exact probabilities of «punto» (player wins), «banca» and «empate» (tie) for a full shoe
    of ``counts``, and of each bank-winning total (``"banca 6"``), enumerating every deal.

    Games that share drawing rules and a shoe share one enumeration (about half a second each)."""
    key = (tuple(sorted(rules.player_draws)), tuple(sorted(rules.naturals)),
           tuple((t, tuple(sorted(rules.bank_draws[t], key=lambda c: -1 if c is None else c)))
                 for t in sorted(rules.bank_draws)), tuple(counts))
    return dict(_outcome_probabilities(key))


@functools.lru_cache(maxsize=16)
def _outcome_probabilities(key: tuple[Any, ...]) -> dict[str, Fraction]:
    player_draws, naturals, bank_draws, counts = key
    rules = DrawingRules(frozenset(player_draws), frozenset(naturals),
                         {total: frozenset(columns) for total, columns in bank_draws})
    enumeration = _Enumeration(rules, list(counts))
    enumeration.run()
    size = sum(counts)
    deals = size * (size - 1) * (size - 2) * (size - 3) * (size - 4) * (size - 5)
    found = {key: Fraction(w, deals) for key, w in sorted(enumeration.weights.items())}
    found["banca"] = sum((v for k, v in found.items() if k.startswith("banca ")), Fraction(0))
    return found


@dataclass
class _Enumeration:
    """Every deal of a coup, each path weighted by the number of ordered six-card deals it stands
    for, so that all weights share one denominator and stay whole numbers."""

    rules: DrawingRules
    left: list[int]
    weights: dict[str, int] = field(default_factory=dict)

    def run(self) -> None:
        for p1 in VALUES:
            for b1 in VALUES:
                for p2 in VALUES:
                    for b2 in VALUES:
                        ways = self.take(p1)
                        ways *= self.take(b1)
                        ways *= self.take(p2)
                        ways *= self.take(b2)
                        if ways:
                            self.third_cards(total(p1, p2), total(b1, b2), ways)
                        self.put_back(p1, b1, p2, b2)

    def take(self, value: int) -> int:
        ways = self.left[value]
        self.left[value] -= 1
        return ways

    def put_back(self, *values: int) -> None:
        for value in values:
            self.left[value] += 1

    def settle(self, player: int, bank: int, dealt: int, ways: int) -> None:
        rest = sum(self.left)
        for n in range(6 - dealt):  # the cards not dealt complete the six-card deal
            ways *= rest - n
        key = "punto" if player > bank else "empate" if player == bank else f"banca {bank}"
        self.weights[key] = self.weights.get(key, 0) + ways

    def bank_card(self, player: int, bank: int, dealt: int, ways: int) -> None:
        for card in VALUES:
            more = ways * self.take(card)
            if more:
                self.settle(player, total(bank, card), dealt + 1, more)
            self.put_back(card)

    def third_cards(self, player: int, bank: int, ways: int) -> None:
        rules = self.rules
        bank_draws = rules.bank_draws.get(bank, frozenset())
        if player in rules.naturals or bank in rules.naturals:
            self.settle(player, bank, 4, ways)
        elif player not in rules.player_draws:
            if None in bank_draws:
                self.bank_card(player, bank, 4, ways)
            else:
                self.settle(player, bank, 4, ways)
        else:
            for third in VALUES:
                more = ways * self.take(third)
                if more and third in bank_draws:
                    self.bank_card(total(player, third), bank, 5, more)
                elif more:
                    self.settle(total(player, third), bank, 5, more)
                self.put_back(third)


def card_value(label: str) -> int:
    """The value of a card named as on the cloth: the ace 1, tens and pictures 0.

    >>> [card_value(c) for c in ("A", "7", "10", "K")]
    [1, 7, 0, 0]
    >>> card_value("11")
    Traceback (most recent call last):
    ...
    ValueError: «11» is not a card: expected A, 2 to 10, J, Q or K
    """
    if label not in CARDS:
        raise ValueError(f"«{label}» is not a card: expected A, 2 to 10, J, Q or K")
    return CARDS[label]


@dataclass(frozen=True)
class Bet:
    """A bet on ``side`` (punto, banca or empate), paid ``payout`` to 1 when it wins (before any
    deduction from the bank's winnings)."""

    id: str
    side: str
    payout: Fraction


@dataclass(frozen=True)
class Payment:
    """How winning bets on the bank are paid, one of the ways the regulation allows: even money
    less ``commission`` (a share of the winnings, 1/20 for 5 %), except that a bank winning with
    a total in ``bank_total_pays`` pays that instead (6: 1/2, «se efectuará una deducción del 50 por 100»)."""

    id: str
    commission: Fraction
    bank_total_pays: Mapping[int, Fraction] = field(default_factory=dict)

    def bank_pays(self, total: int, payout: Fraction = Fraction(1)) -> Fraction:
        """What one unit on the bank wins when the bank wins with ``total``."""
        return self.bank_total_pays.get(total, payout) * (1 - self.commission)


COMMISSION_5 = Payment("comision", Fraction(1, 20))  # used by doctests and tests; the catalogue gives each game's


@dataclass(frozen=True)
class Rules:
    """A game of punto y banca: its drawing rules, its shoe, its bets by id, and the ways the bank's
    winnings may be paid (the casino's table uses one; the first by default)."""

    drawing: DrawingRules
    decks: int
    bets: Mapping[str, Bet]
    payments: tuple[Payment, ...]

    def payment(self, payment_id: str | None = None) -> Payment:
        if payment_id is None:
            return self.payments[0]
        for payment in self.payments:
            if payment.id == payment_id:
                return payment
        raise ValueError(f"no way of paying the bank called «{payment_id}» "
                         f"(ways: {', '.join(p.id for p in self.payments)})")


def play(rules: Rules, bets: Mapping[str, int | str | Fraction], cards: Sequence[str], *,
         payment: str | None = None) -> Result:
    """Place ``bets`` (``{"banca": 20}``), deal ``cards`` in the order dealt (player, bank, player,
    bank, then the third cards as the rules call for them) and settle.

    On a tie, bets on punto and banca stand off and are returned («la jugada será considerada nula»).

    >>> table = Rules(STANDARD, 6, {"punto": Bet("punto", "punto", Fraction(1)),
    ...                             "empate": Bet("empate", "empate", Fraction(8))}, (COMMISSION_5,))
    >>> play(table, {"punto": 10, "empate": 5}, ["4", "9", "3", "K"])   # player 7, bank 9: a natural
    staked=15 returned=0 net=-15
    >>> play(table, {"punto": 10, "empate": 5}, ["6", "2", "A", "5"])   # 7 against 7: a tie
    staked=15 returned=55 net=+40
    >>> play(table, {"banca": 10}, ["6", "2", "A", "5"])
    Traceback (most recent call last):
    ...
    ValueError: no bet «banca» at this game (bets: punto, empate)
    """
    paid = rules.payment(payment)
    steps: list[Step] = []
    result = coup(rules.drawing, [card_value(card) for card in cards], steps, cards)
    winner = "empate" if result.player == result.bank else "punto" if result.player > result.bank else "banca"
    steps.append(Step("outcome", "values", {"winner": winner, "punto": result.player, "banca": result.bank}))
    staked = returned = Fraction(0)
    for bet_id, stake_given in bets.items():
        if bet_id not in rules.bets:
            raise ValueError(f"no bet «{bet_id}» at this game (bets: {', '.join(rules.bets)})")
        bet, stake = rules.bets[bet_id], Fraction(stake_given)
        if stake <= 0:
            raise ValueError(f"«{bet_id}»: a stake must be positive, got {stake_given}")
        staked += stake
        back = stake * _returns(bet, result, paid)
        returned += back
        steps.append(_settled(bet, stake, back, result, paid))
    return Result(staked, returned, tuple(steps))


def _returns(bet: Bet, result: Coup, paid: Payment) -> Fraction:
    """What one unit on ``bet`` brings back after the coup."""
    if result.player == result.bank:  # the tie bet wins; bets on punto and banca are returned
        return 1 + bet.payout if bet.side == "empate" else Fraction(1)
    if bet.side == "punto" and result.player > result.bank:
        return 1 + bet.payout
    if bet.side == "banca" and result.bank > result.player:
        return 1 + paid.bank_pays(result.bank, bet.payout)
    return Fraction(0)


def _settled(bet: Bet, stake: Fraction, back: Fraction, result: Coup, paid: Payment) -> Step:
    """The step that settles ``stake`` on ``bet``, which brought back ``back``: the bet's rule, or on a tie for punto
    and banca the rule of the tie, or for banca the way the bank's winnings are paid."""
    values: dict[str, object] = {"bet": bet.id, "stake": stake, "returned": back}
    if back == 0:
        return Step("lose", f"bet:{bet.id}", values)
    if result.player == result.bank and bet.side != "empate":
        return Step("void", "tie", values)
    if bet.side != "banca":
        return Step("win", f"bet:{bet.id}", values | {"payout": bet.payout})
    payout = paid.bank_total_pays.get(result.bank, bet.payout)
    if paid.commission:
        return Step("win-commission", "commission", values | {
            "payout": payout, "percent": paid.commission, "won": stake * payout,
            "commission": stake * payout * paid.commission})
    if result.bank in paid.bank_total_pays:
        return Step("win-total", "bank_total_pays", values | {"payout": payout, "total": result.bank})
    return Step("win", f"bet:{bet.id}", values | {"payout": payout})


def house_edges(rules: Rules, probabilities: Mapping[str, Fraction], payment: str | None = None) -> dict[str, Fraction]:
    """The house edge per unit staked on each bet of ``rules``, with the bank's winnings paid as
    ``payment`` says (the first way by default). On a tie, bets on punto and banca are returned.

    >>> p = outcome_probabilities(STANDARD, shoe(8))
    >>> bets = {side: Bet(side, side, Fraction(8 if side == "empate" else 1)) for side in SIDES}
    >>> half = Payment("seis", Fraction(0), {6: Fraction(1, 2)})
    >>> edges = house_edges(Rules(STANDARD, 8, bets, (COMMISSION_5, half)), p)
    >>> [f"{float(edges[bet]):.4%}" for bet in ("banca", "punto", "empate")]
    ['1.0579%', '1.2351%', '14.3596%']
    >>> f"{float(house_edges(Rules(STANDARD, 8, bets, (COMMISSION_5, half)), p, 'seis')['banca']):.4%}"
    '1.4581%'
    """
    paid = rules.payment(payment)
    tie = probabilities.get("empate", Fraction(0))
    edges = {}
    for bet in rules.bets.values():
        if bet.side == "empate":
            back = tie * (1 + bet.payout)
        elif bet.side == "punto":
            back = probabilities["punto"] * (1 + bet.payout) + tie
        else:
            back = tie + sum((v * (1 + paid.bank_pays(int(k.split()[1]), bet.payout))
                              for k, v in probabilities.items() if k.startswith("banca ")), Fraction(0))
        edges[bet.id] = 1 - back
    return edges
