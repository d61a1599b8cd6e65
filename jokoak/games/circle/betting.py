"""The betting of circle poker: who speaks first, the actions of an interval, and the limits.

The actions (000:5057-5092; 001:2493-2505): «retirarse» (fold, his chips stay in the pot), «pasar» (check, only
while nobody has bet in the interval), «cubrir» (call: match the highest bet, no more), «subir» (bet or raise:
match it and add more). The limits (000:4981-4990; 001:2445-2453): Split Limit (a bet at most half the pot),
bote con límite / pot limit (at most the pot), sin límite, and the fixed «limitado» with its lower and higher limit
(000:5606-5609; 001:2447, 001:2663, 001:2763). A raise count limit does not apply with two players
(000:5089-5092; 001:2505). A string bet, chips brought in several movements without announcing it, is refused
(000:5117-5120; 001:2513). A refused action is a :class:`Refusal`: a ValueError with a ``code`` and a whole
sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Kind = Literal["split-limit", "pot-limit", "no-limit", "fixed"]
ActionKind = Literal["retirarse", "pasar", "cubrir", "subir"]
Code = Literal["beyond-limit", "below-minimum", "string-bet", "check-after-bet", "out-of-turn", "raise-count",
               "not-in-hand", "over-stack", "closed", "bad-amount"]


class Refusal(ValueError):
    """An action the rules refuse: ``code`` says which rule, the message says it in a whole sentence."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Structure:
    """A table's limits. ``kind``; ``minimum``: the smallest bet (the table minimum, 000:4988-4990, 001:2451);
    ``low`` and ``high``: a fixed table's lower and higher limit (the bet and each raise), the lower one in the
    first ``low_intervals`` intervals (two: 000:5606-5609, 001:2447), the higher after, or from the interval
    where a pair shows if ``pair_rule`` (000:5608-5609; 001:2663, 001:2763); ``raises``: how many raises an
    interval allows (None: no limit), counted per ``raises_per`` player (000:5617-5619) or per interval
    (001:2447), no limit heads-up; ``min_raise``: a raise adds at least the table ``"minimum"`` (Euskadi, our
    reading of 000:4988-4990), or makes the bet at least ``"double"`` the previous one (001:2453), or adds at
    least the ``"previous"`` raise; ``stud_pot``: seven-card stud's «Bote Limitado» (half the pot when the sixth
    card is dealt, the pot at the seventh, 000:5611-5616)."""

    kind: Kind
    minimum: Fraction
    low: Fraction | None = None
    high: Fraction | None = None
    low_intervals: int = 2
    pair_rule: bool = False
    raises: int | None = None
    raises_per: Literal["player", "interval"] = "interval"
    min_raise: Literal["minimum", "double", "previous"] = "minimum"
    stud_pot: bool = False


@dataclass(frozen=True)
class Action:
    """A player's action: ``kind``; ``amount``: for «subir», the total he has put in the interval after it (the
    level he raises to); ``announced``: he said the raise before bringing the chips; ``movements``: in how many
    movements he brought them (more than one without announcing is a string bet)."""

    player: str
    kind: ActionKind
    amount: Fraction | None = None
    announced: bool = False
    movements: int = 1


@dataclass(frozen=True)
class Options:
    """What the player to speak may do: ``call`` (what he adds to cover), ``can_check``, the least and most
    level he may raise to (``None`` when he may not raise)."""

    player: str
    call: Fraction
    can_check: bool
    raise_min: Fraction | None
    raise_max: Fraction | None


@dataclass(frozen=True)
class Interval:
    """A betting interval in progress. Start one with :func:`interval`; :meth:`act` gives the next state or raises
    a :class:`Refusal`. ``order``: the players still in, in the order they speak from the first; ``stacks``: what
    each has left; ``put``: what each has put in this interval; ``pot``: the pot before the interval."""

    order: tuple[str, ...]
    stacks: Mapping[str, Fraction]
    put: Mapping[str, Fraction]
    pot: Fraction
    structure: Structure
    number: int = 1
    folded: tuple[str, ...] = ()
    to_act: str | None = None

    @property
    def level(self) -> Fraction:
        """The highest total put in this interval (what a call matches)."""
        raise NotImplementedError

    @property
    def closed(self) -> bool:
        """Every player still in has acted and matched the level or is all in (000:5094-5097)."""
        raise NotImplementedError

    @property
    def all_in(self) -> tuple[str, ...]:
        raise NotImplementedError

    def options(self) -> Options:
        """What the player to speak may do."""
        raise NotImplementedError

    def act(self, action: Action) -> Interval:
        """The state after ``action``, or a :class:`Refusal`."""
        raise NotImplementedError


def interval(order: Sequence[str], stacks: Mapping[str, Fraction], structure: Structure, pot: Fraction = Fraction(0),
             number: int = 1, posted: Mapping[str, Fraction] | None = None, pair_showing: bool = False,
             stud_pot: Fraction | None = None) -> Interval:
    """A new interval: ``order`` the players in the order they speak; ``posted`` what blinds or opening bets
    already put in it (000:5316-5319; 001:2799); ``pair_showing``: a pair among a player's first two face-up cards
    (the higher fixed limit); ``stud_pot``: the pot when the sixth or seventh card is dealt."""
    raise NotImplementedError


def run(start: Interval, actions: Sequence[Action]) -> Interval:
    """Apply ``actions`` in turn; the first refused raises its :class:`Refusal`."""
    raise NotImplementedError


def first_to_speak(variant: str, interval_number: int, seats: Sequence[str], button: str,
                   showing: Mapping[str, Sequence[int]] | None = None, last_bettor: str | None = None,
                   regulation: Literal["euskadi", "extremadura"] = "euskadi") -> str:
    """Who opens an interval: the player to the button's left (the «mano» itself where the text says so,
    000:5517-5519); in the stud games the highest showing hand (000:5588-5589, 001:2673, 001:2749), Extremadura's
    seven stud the lowest face-up card in the first interval (001:2671); in Sintético the «mano» first, then the
    highest bettor of the interval before (000:5665-5669, 001:2905). ``seats`` in clockwise order."""
    raise NotImplementedError


def speaking_order(seats: Sequence[str], first: str, still_in: Sequence[str] | None = None) -> tuple[str, ...]:
    """The players still in, from ``first`` round the table (clockwise in ``seats``)."""
    raise NotImplementedError
