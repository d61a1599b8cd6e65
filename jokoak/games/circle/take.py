"""The casino's take at circle poker («Beneficio», 000:4795-4812; 001:2356-2362).

Euskadi lets the casino choose one of three ways (000:4797-4812): a) a percentage of the pot, at most 5 %, applied
in each betting interval, which the casino may cap in amount; b) 10 % to 20 % of the table's maximum or of the
«resto», per session of one hour of play plus the last two hands, an extension beyond whole hours charged in half
sessions; c) 20 % to 50 % of the table's minimum, per player, at the start of the first betting interval of each
hand. Extremadura has a) (without the cap) and b) (001:2358-2362).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

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


RANGES: dict[tuple[Regulation, Option], tuple[Fraction, Fraction, str]] = {}
"""The rates the texts allow, with their lines: ``(regulation, option) -> (least, most, lines)``."""


def validate(take: Take) -> None:
    """A ValueError sentence, citing the lines, when the regulation has no such option, the rate is outside its
    range, or a cap is given where the text has none."""
    raise NotImplementedError


def pot_take(take: Take, interval_bets: Sequence[Fraction]) -> Fraction:
    """Option a for one hand: the rate of what was bet in each interval (000:4800-4801: applied «en cada uno de
    los intervalos de apuestas»), the total at most the cap."""
    raise NotImplementedError


def sessions(minutes: int) -> Fraction:
    """How many sessions a player's time at the table is charged (option b): one hour is a session (its last two
    hands included, 000:4806-4807), and time beyond whole hours counts in half sessions (000:4807-4808)."""
    raise NotImplementedError


def session_take(take: Take, base: Fraction, minutes: int) -> Fraction:
    """Option b: the rate of ``base`` (the table's maximum or the resto, by the variant) per session, for
    ``minutes`` of play."""
    raise NotImplementedError


def hand_take(take: Take, minimum: Fraction, players: int) -> Fraction:
    """Option c for one hand: the rate of the table minimum for each of the ``players`` dealt in
    (000:4810-4812)."""
    raise NotImplementedError
