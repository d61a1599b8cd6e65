"""The casino's take at circle poker («Beneficio», 000:4795-4812; 001:2356-2362).

Euskadi lets the casino choose one of three ways (000:4797-4812): a) a percentage of the pot, at most 5 %, applied
in each betting interval, which the casino may cap in amount; b) 10 % to 20 % of the table's maximum or of the
«resto», per session of one hour of play plus the last two hands, an extension beyond whole hours charged in half
sessions; c) 20 % to 50 % of the table's minimum, per player, at the start of the first betting interval of each
hand. Extremadura has a) (without the cap) and b) (001:2358-2362).

Our readings: a) the rate of what is bet in each interval, so that the hand pays the rate of its whole pot, and the
cap limits the take of a hand; b) charged to each player for his time at the table, a session at least, an hour and
a fraction counting its half hours begun; c) charged for each player dealt in.

>>> from fractions import Fraction as F
>>> pot_take(Take("pot", F(5, 100), cap=F(10)), [F(40), F(120), F(200)])   # 5 % of 360 is 18: capped at 10
Fraction(10, 1)
>>> session_take(Take("session", F(15, 100)), base=F(500), minutes=80)       # 1,5 sessions of 75
Fraction(225, 2)
>>> hand_take(Take("hand", F(1, 4)), minimum=F(20), players=6)
Fraction(30, 1)
>>> validate(Take("pot", F(6, 100)))
Traceback (most recent call last):
ValueError: Euskadi's take of the pot is at most 5 % (000:4800-4802), not 6 %.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import ceil
from typing import Literal

from ...engine.result import amount as text

Option = Literal["pot", "session", "hand"]
Regulation = Literal["euskadi", "extremadura"]


@dataclass(frozen=True)
class Take:
    """A table's way of taking: ``option`` (``"pot"`` a, ``"session"`` b, ``"hand"`` c), its ``rate``, the
    ``cap`` of option a in amount (Euskadi, 000:4801-4802), and ``regulation``."""

    option: Option
    rate: Fraction
    cap: Fraction | None = None
    regulation: Regulation = "euskadi"


RANGES: dict[tuple[Regulation, Option], tuple[Fraction, Fraction, str]] = {
    ("euskadi", "pot"): (Fraction(0), Fraction(5, 100), "000:4800-4802"),
    ("euskadi", "session"): (Fraction(10, 100), Fraction(20, 100), "000:4804-4808"),
    ("euskadi", "hand"): (Fraction(20, 100), Fraction(50, 100), "000:4810-4812"),
    ("extremadura", "pot"): (Fraction(0), Fraction(5, 100), "001:2360"),
    ("extremadura", "session"): (Fraction(10, 100), Fraction(20, 100), "001:2362"),
}
"""The rates the texts allow, with their lines: ``(regulation, option) -> (least, most, lines)``; the take of
the pot is more than 0 and at most 5 %, the others between their bounds, both included."""
NAMES = {"pot": "take of the pot", "session": "take per session", "hand": "take per player and hand"}
REGULATIONS = {"euskadi": "Euskadi", "extremadura": "Extremadura"}


def _percent(rate: Fraction) -> str:
    return f"{text(rate * 100)} %"


def validate(take: Take) -> None:
    """A ValueError sentence, citing the lines, when the regulation has no such option, the rate is outside its
    range, or a cap is given where the text has none.

    >>> validate(Take("hand", Fraction(1, 4), regulation="extremadura"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: Extremadura's circle poker has no take per player and hand: its casino takes a percentage of the ...
    """
    where = REGULATIONS.get(take.regulation)
    if where is None:
        raise ValueError(f"A regulation is euskadi or extremadura, not {take.regulation!r}.")
    if (take.regulation, take.option) not in RANGES:
        if take.option not in NAMES:
            raise ValueError(f"A take is of the pot, per session or per hand, not {take.option!r}.")
        raise ValueError(f"{where}'s circle poker has no {NAMES[take.option]}: its casino takes a percentage of the "
                         "pot or per session (001:2358-2362).")
    least, most, lines = RANGES[take.regulation, take.option]
    name = NAMES[take.option]
    if take.option == "pot" and not least < take.rate <= most:
        raise ValueError(f"{where}'s {name} is at most {_percent(most)} ({lines}), not {_percent(take.rate)}.")
    if take.option != "pot" and not least <= take.rate <= most:
        raise ValueError(f"{where}'s {name} is from {_percent(least)} to {_percent(most)} ({lines}), not "
                         f"{_percent(take.rate)}.")
    if take.cap is not None:
        if take.regulation != "euskadi" or take.option != "pot":
            raise ValueError(f"Only Euskadi's take of the pot may be capped in amount (000:4801-4802), not {where}'s "
                             f"{name}.")
        if take.cap <= 0:
            raise ValueError(f"The cap of the take is a positive amount, not {text(take.cap)}.")


def pot_take(take: Take, interval_bets: Sequence[Fraction]) -> Fraction:
    """Option a for one hand: the rate of what was bet in each interval (000:4800-4801: applied «en cada uno de
    los intervalos de apuestas»), the total at most the cap."""
    _expect(take, "pot")
    if any(bet < 0 for bet in interval_bets):
        raise ValueError("What is bet in an interval is not negative.")
    taken = sum((take.rate * bet for bet in interval_bets), Fraction(0))
    return taken if take.cap is None else min(taken, take.cap)


def _expect(take: Take, option: Option) -> None:
    validate(take)
    if take.option != option:
        raise ValueError(f"This table's take is the {NAMES[take.option]}, not the {NAMES[option]}.")


def sessions(minutes: int) -> Fraction:
    """How many sessions a player's time at the table is charged (option b): one hour is a session (its last two
    hands included, 000:4806-4807), and time beyond whole hours counts in half sessions (000:4807-4808).

    >>> [str(sessions(m)) for m in (20, 60, 61, 90, 91, 120, 150)]
    ['1', '1', '3/2', '3/2', '2', '2', '5/2']
    """
    if minutes < 0:
        raise ValueError(f"A time at the table is not negative: {minutes} minutes.")
    return max(Fraction(1), Fraction(ceil(minutes / 30), 2))


def session_take(take: Take, base: Fraction, minutes: int) -> Fraction:
    """Option b: the rate of ``base`` (the table's maximum or the resto, by the variant) per session, for
    ``minutes`` of play."""
    _expect(take, "session")
    if base <= 0:
        raise ValueError(f"The table's maximum or the resto is a positive amount, not {text(base)}.")
    return take.rate * base * sessions(minutes)


def hand_take(take: Take, minimum: Fraction, players: int) -> Fraction:
    """Option c for one hand: the rate of the table minimum for each of the ``players`` dealt in
    (000:4810-4812)."""
    _expect(take, "hand")
    if minimum <= 0 or players < 0:
        raise ValueError("The table minimum is positive and the players dealt in are not negative.")
    return take.rate * minimum * players
