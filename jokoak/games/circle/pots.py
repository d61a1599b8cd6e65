"""The pot and its side pots, and who is paid what from them.

«Al final de las apuestas todos los jugadores que permanezcan en la mano "activos" deberán haber puesto el mismo
valor de fichas en el "pot" con la excepción de los jugadores que su Resto no alcanza el valor total, estos jugaran
entonces por la parte proporcional» (000:5094-5097; 000:5122-5124; 001:2517, 001:2807): a player all in contests
only the part of the pot his chips reach (the main pot); what others put beyond it makes side pots among them. A
player who folds leaves his chips in the pot (000:5066-5068) and contests none.

Equal hands: «repartirá el "pot" entre los distintos jugadores con idénticas combinaciones, en la proporción
respectiva a sus restos» (000:5173-5176; 001:2535). Our reading (``tie="equal"``): each pot is shared equally
among the tied winners who contest it, so that what each gets is in proportion to the resto he played through the
side pots; ``tie="restos"`` is the literal alternative (each pot split in proportion to what each tied winner put
in), kept for the legal team's decision.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .showdown import Showdown

Tie = Literal["equal", "restos"]


@dataclass(frozen=True)
class Pot:
    """A pot: its ``amount`` and the players who contest it (``eligible``, in seat order)."""

    amount: Fraction
    eligible: tuple[str, ...]


def pots(bets: Mapping[str, Fraction], folded: Collection[str] = ()) -> tuple[Pot, ...]:
    """The main pot and the side pots from what each player put in the hand (``bets``, seat order); folded
    players' chips stay in, and they contest nothing."""
    raise NotImplementedError


def award(pot_list: Sequence[Pot], showdown: Showdown, tie: Tie = "equal", chip: Fraction | None = None,
          odd_chip_to: Sequence[str] = ()) -> dict[str, Fraction]:
    """What each player gets back from the pots (every player of the showdown listed, 0 if nothing). Exact
    fractions by default; with ``chip`` (the smallest chip) each share is rounded down to whole chips and the odd
    chips go to the first of ``odd_chip_to`` who shares that pot (Extremadura: «la ficha sobrante … al jugador que
    hubiera realizado el último envite», 001:2541; Euskadi is silent)."""
    raise NotImplementedError


def uncontested(pot_list: Sequence[Pot], folded: Collection[str] = ()) -> dict[str, Fraction]:
    """Pots that one player alone contests are his without a showdown (000:5099-5102; 001:2509)."""
    raise NotImplementedError
