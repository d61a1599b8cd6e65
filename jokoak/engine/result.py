"""What the engine gives back: the result of a play, and a house edge computed in floating point or estimated."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .steps import Step


@dataclass(frozen=True)
class Result:
    """What a set of bets staked and what the player got back, over one or more spins, and the steps the
    engine applied to settle them (:mod:`jokoak.engine.steps`; they do not take part in comparisons)."""

    staked: Fraction
    returned: Fraction
    steps: tuple[Step, ...] = field(default=(), compare=False)

    @property
    def net(self) -> Fraction:
        return self.returned - self.staked

    def __repr__(self) -> str:
        return f"staked={amount(self.staked)} returned={amount(self.returned)} net={amount(self.net, sign=True)}"


def amount(value: Fraction, sign: bool = False) -> str:
    """An exact amount as plain text: ``2.5``, ``350``, ``+350`` (for doctest output, not for people)."""
    text = str(value.numerator // value.denominator) if value.denominator == 1 else None
    if text is None:
        decimal = value.numerator / value.denominator
        text = f"{decimal:.10f}".rstrip("0")
        if Fraction(text) != value:
            text = str(value)
    if sign and value > 0:
        text = "+" + text
    return text


@dataclass(frozen=True)
class Edge:
    """A house edge per unit of the original bet (a float: it is computed in floating point, or approximated), with
    how it was obtained."""

    value: float
    method: str
    precision: str
