"""Dice games: craps (two dice) and banca francesa (three dice), settled roll by roll, exactly.

A bet is data from the catalogue: its kind says how a roll settles it, its payouts what it pays.

- ``line`` (Win, Don't Win, Come, Don't Come): the first roll wins on ``wins``, loses on
  ``loses``, ties on ``ties``; any other total becomes the bet's point. Then, on the ``right``
  side, the point wins and a 7 loses; on the ``wrong`` side, a 7 wins and the point loses.
- ``one-roll`` (Field, Any Craps, Under 7…): ``payouts`` by winning total; every other total loses.
- ``until`` (banca francesa's bets): wins on ``wins``, loses on ``loses``; other totals decide nothing.
- ``place`` (Big 6, Right Bet, Wrong Bet): on a chosen number, ``right``: the number before a 7;
  ``wrong``: a 7 before the number. ``payouts`` by number.
- ``hard`` (Hard Ways): the number thrown as a double wins; a 7, or the number not as a double, loses.
- ``odds`` (the «suertes asociadas»): taken on a line bet ``on`` once it has a point, settled with it,
  paid by point.

Payouts are fractions: ``Fraction(7, 6)`` is «7 por 6», seven won for six staked, stake kept.

>>> win = Bet("win", "line", payout=Fraction(1), wins=frozenset({7, 11}), loses=frozenset({2, 3, 12}))
>>> house_edge(win, 2)
Fraction(7, 495)
>>> place6 = Bet("right-bet", "place", payouts={6: Fraction(7, 6)})
>>> house_edge(place6, 2, 6)
Fraction(1, 66)
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ...engine.result import Result
from ...engine.steps import Step

KINDS = ("line", "one-roll", "until", "place", "hard", "odds")
SIDES = ("right", "wrong")
NUMBERED = ("place", "hard", "odds")  # kinds whose payout depends on a number
WITHDRAW = ("never", "between-rolls", "unstated")
POINTS = (4, 5, 6, 8, 9, 10)  # the numbers of place bets, hard ways and odds


@dataclass(frozen=True)
class Bet:
    """One bet of a dice game, as the regulation defines it (see the module's documentation)."""

    id: str
    kind: str
    payout: Fraction | None = None  # line and until bets
    payouts: Mapping[int, Fraction] = field(default_factory=dict)  # by total (one-roll) or by number
    side: str = "right"
    wins: frozenset[int] = frozenset()
    loses: frozenset[int] = frozenset()
    ties: frozenset[int] = frozenset()
    on: str | None = None  # odds: the line bet they go with
    withdraw: str = "unstated"

    @property
    def numbered(self) -> bool:
        """The payout depends on the number the player chooses (place bets, hard ways, odds)."""
        return self.kind in NUMBERED


@dataclass(frozen=True)
class Rules:
    dice: int
    bets: Mapping[str, Bet]


Roll = tuple[int, ...]


def parse_roll(text: str | Sequence[int], dice: int) -> Roll:
    """``"3+4"`` as the dice (3, 4); checks there are ``dice`` dice showing 1 to 6.

    >>> parse_roll("3+4", 2)
    (3, 4)
    >>> parse_roll("3+4", 3)
    Traceback (most recent call last):
    ...
    ValueError: «3+4»: expected 3 dice from 1 to 6, such as "1+1+1"
    """
    parts = text.split("+") if isinstance(text, str) else [str(d) for d in text]
    if len(parts) != dice or not all(p.strip() in {"1", "2", "3", "4", "5", "6"} for p in parts):
        example = "+".join(["1"] * dice)
        raise ValueError(f'«{text}»: expected {dice} dice from 1 to 6, such as "{example}"')
    return tuple(int(p) for p in parts)


@functools.cache
def outcomes(dice: int) -> tuple[tuple[int, bool, Fraction], ...]:
    """Every (total, all dice alike, probability) of ``dice`` fair dice."""
    counts = Counter((sum(roll), len(set(roll)) == 1) for roll in itertools.product(range(1, 7), repeat=dice))
    return tuple((total, hard, Fraction(n, 6 ** dice)) for (total, hard), n in sorted(counts.items()))


def probability(dice: int, totals: frozenset[int]) -> Fraction:
    return sum((p for total, _hard, p in outcomes(dice) if total in totals), Fraction(0))


def step(bet: Bet, point: int | None, total: int, hard: bool) -> tuple[str, Fraction | int | None]:
    """What one roll does to a live bet: ``("win", payout)``, ``("lose", None)``, ``("tie", None)``
    or ``("stay", point)``. ``point`` is the bet's point or chosen number (None before it has one)."""
    if bet.kind == "one-roll":
        return ("win", bet.payouts[total]) if total in bet.payouts else ("lose", None)
    if bet.kind == "until":
        assert bet.payout is not None
        return ("win", bet.payout) if total in bet.wins else ("lose", None) if total in bet.loses else ("stay", None)
    if bet.kind == "line" and point is None:
        assert bet.payout is not None
        if total in bet.wins:
            return "win", bet.payout
        if total in bet.loses:
            return "lose", None
        return ("tie", None) if total in bet.ties else ("stay", total)
    assert point is not None
    payout = bet.payout if bet.kind == "line" else bet.payouts[point]
    assert payout is not None
    if bet.kind == "hard":
        if total == point and hard:
            return "win", payout
        return ("lose", None) if total in (7, point) else ("stay", point)
    number_wins = bet.side == "right"
    if total == point:
        return ("win", payout) if number_wins else ("lose", None)
    if total == 7:
        return ("lose", None) if number_wins else ("win", payout)
    return "stay", point


def expected_return(bet: Bet, dice: int, point: int | None = None) -> Fraction:
    """What one unit staked on ``bet`` (with ``point``) brings back on average, stake included.

    Rolls that decide nothing are solved exactly: a bet that stays as it was with probability
    ``s`` and otherwise returns ``a`` on average returns ``a / (1 - s)``.
    """
    same, total_return = Fraction(0), Fraction(0)
    for total, hard, p in outcomes(dice):
        what, value = step(bet, point, total, hard)
        if what == "win":
            assert isinstance(value, Fraction)
            total_return += p * (1 + value)
        elif what == "tie":
            total_return += p
        elif what == "stay" and value == point:
            same += p
        elif what == "stay":
            assert isinstance(value, int)
            total_return += p * expected_return(bet, dice, value)
    if same == 1:
        raise ValueError(f"{bet.id} is never decided")
    return total_return / (1 - same)


def house_edge(bet: Bet, dice: int, number: int | None = None) -> Fraction:
    """The house edge per unit staked, exact: ties and undecided rolls included (per bet made)."""
    return 1 - expected_return(bet, dice, number)


def numbers(bet: Bet) -> tuple[int | None, ...]:
    """The placements of a bet: its numbers, or None alone for a bet without one."""
    return tuple(sorted(bet.payouts)) if bet.kind in NUMBERED else (None,)


@dataclass
class _Live:
    spec: str
    bet: Bet
    stake: Fraction
    point: int | None
    placed: bool = True  # odds wait for their line bet's point before they are placed


def _placement(rules: Rules, spec: str, stake: Fraction) -> _Live:
    bet_id, _, target = spec.partition(" ")
    bet = rules.bets.get(bet_id)
    if bet is None:
        raise ValueError(f"«{spec}»: no bet {bet_id!r} in this game")
    if bet.kind in ("place", "hard"):
        if not target and len(bet.payouts) == 1:  # Big 6: the bet has one number
            target = str(next(iter(bet.payouts)))
        if not target.isdigit() or int(target) not in bet.payouts:
            choices = ", ".join(str(n) for n in sorted(bet.payouts))
            raise ValueError(f"«{spec}»: {bet_id} needs one of the numbers {choices}")
        return _Live(spec, bet, stake, int(target))
    if target:
        raise ValueError(f"«{spec}»: {bet_id} takes no number")
    return _Live(spec, bet, stake, None, placed=bet.kind != "odds")


def _told(item: _Live, point: int | None, roll: Roll, what: str, value: Fraction | int | None) -> Step:
    """The step of one roll on one live bet: what the roll did to it (``what`` and ``value`` as :func:`step`
    gives them) and, where it is decided, what it pays. ``point`` is the bet's point or number before the roll."""
    bet, total = item.bet, sum(roll)
    values: dict[str, object] = {"bet": item.spec, "total": total, "stake": item.stake}
    if what == "win":
        assert isinstance(value, Fraction)
        values |= {"payout": value, "returned": item.stake * (1 + value)}
    if bet.kind in ("one-roll", "until"):
        key = {"win": "total-win", "lose": "total-lose", "stay": "waits"}[what]
    elif bet.kind == "line" and point is None:
        if what == "stay":
            values["point"] = value
        key = {"win": "first-roll-win", "lose": "first-roll-lose", "tie": "first-roll-tie",
               "stay": f"point-set-{bet.side}"}[what]
    elif bet.kind == "hard":
        values |= {"number": point, "dice": roll}
        key = "waits" if what == "stay" else "hard-win" if what == "win" else \
            "hard-seven" if total == 7 else "hard-easy"
    else:  # a line bet or odds with their point, a place bet with its number
        named = "point" if bet.kind in ("line", "odds") else "number"
        values[named] = point
        outcome = "wins" if what == "win" else "loses"
        if what == "stay":
            key = "waits-point" if named == "point" else "waits"
        elif total != 7:  # the point, or the number, came
            key = f"{named}-{outcome}"
        else:
            key = f"seven-{outcome}" if named == "point" else f"seven-before-number-{outcome}"
    return Step(key, f"bet:{bet.id}", values)


def play(rules: Rules, bets: Mapping[str, int | str | Fraction], rolls: Sequence[str | Sequence[int]], *,
         withdraw: Mapping[str, int] | None = None) -> Result:
    """Place ``bets`` (``{"win": 10, "right-bet 6": 12}``), then throw ``rolls`` (``["3+4", "6+6"]``).

    Odds (``"win-odds"``) are placed on their line bet as soon as it has a point, and are not
    placed at all if the line bet is decided on its first roll. ``withdraw`` takes a bet back
    after the given number of rolls, where the regulation allows it. Every bet must be decided
    or withdrawn by the end. The result's steps tell each roll and what it did to each bet
    (:mod:`jokoak.engine.steps`).

    >>> rules = Rules(2, {"win": Bet("win", "line", payout=Fraction(1), wins=frozenset({7, 11}),
    ...                              loses=frozenset({2, 3, 12}))})
    >>> result = play(rules, {"win": 10}, ["4+2", "3+3"])
    >>> result
    staked=10 returned=20 net=+10
    >>> [step.key for step in result.steps]
    ['roll', 'point-set-right', 'roll', 'point-wins']
    """
    live = [_placement(rules, spec, Fraction(stake)) for spec, stake in bets.items()]
    for item in live:
        if item.bet.kind == "odds" and not any(other.bet.id == item.bet.on for other in live):
            raise ValueError(f"«{item.spec}»: odds are taken only on a {item.bet.on} bet")
    staked = sum((item.stake for item in live if item.placed), Fraction(0))
    returned = Fraction(0)
    steps: list[Step] = []
    withdraw = dict(withdraw or {})
    for spec, after in withdraw.items():
        found = [item for item in live if item.spec == spec]
        if not found:
            raise ValueError(f"«{spec}»: withdrawn but not placed")
        if found[0].bet.withdraw == "never":
            raise ValueError(f"«{spec}»: the regulation does not let this bet be withdrawn")
        if not 1 <= after <= len(rolls):
            raise ValueError(f"«{spec}»: withdrawn after roll {after}, but there are {len(rolls)} rolls")
    for index, text in enumerate(rolls, start=1):
        roll = parse_roll(text, rules.dice)
        total, hard = sum(roll), len(set(roll)) == 1
        steps.append(Step("roll", "dice", {"index": index, "dice": roll, "total": total}))
        for item in list(live):
            if not item.placed:
                continue
            what, value = step(item.bet, item.point, total, hard)
            steps.append(_told(item, item.point, roll, what, value))
            if what == "stay":
                item.point = value if isinstance(value, int) else item.point
                continue
            live.remove(item)
            if what == "win":
                assert isinstance(value, Fraction)
                returned += item.stake * (1 + value)
            elif what == "tie":
                returned += item.stake
        for item in [item for item in live if not item.placed]:
            line = next((other for other in live if other.bet.id == item.bet.on), None)
            rule = f"bet:{item.bet.id}"
            if line is None:
                live.remove(item)  # the line bet was decided on its first roll: the odds are never taken
                steps.append(Step("odds-not-placed", rule, {"bet": item.spec, "line": item.bet.on}))
            elif line.point is not None:
                item.point, item.placed = line.point, True
                staked += item.stake
                steps.append(Step("odds-placed", rule, {"bet": item.spec, "line": line.spec, "point": line.point,
                                                        "stake": item.stake,
                                                        "payout": item.bet.payouts[line.point]}))
        for item in list(live):
            if withdraw.get(item.spec) == index:
                live.remove(item)
                returned += item.stake if item.placed else 0
                # never odds not yet placed: after each roll their line bet has its point or is decided
                key = "withdrawn" if item.bet.withdraw == "between-rolls" else "withdrawn-unstated"
                steps.append(Step(key, f"bet:{item.bet.id}", {"bet": item.spec, "stake": item.stake}))
    if live:
        raise ValueError(f"«{live[0].spec}» is not decided by these rolls")
    return Result(staked, returned, tuple(steps))
