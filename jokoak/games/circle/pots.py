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

Amounts are exact fractions. A share that is not a whole number of chips is kept exact unless ``chip`` is given:
then each winner gets whole chips, rounded down, and the chips left over go one by one to the winners in the
order ``odd_chip_to`` gives (Extremadura: the last to bet, 001:2541; Euskadi says nothing, and the same order is
our proposal), the rest of them in seat order. Nothing is lost: the pots are paid out in full.

>>> from fractions import Fraction as F
>>> from .cards import dealt
>>> from .showdown import showdown, variant
>>> bets = {"ana": F(50), "ben": F(200), "carla": F(200), "dani": F(30)}
>>> for pot in pots(bets, folded=["dani"]):   # ana is all in for 50; dani's 30 stay in the main pot
...     print(pot)
Pot(amount=Fraction(180, 1), eligible=('ana', 'ben', 'carla'))
Pot(amount=Fraction(300, 1), eligible=('ben', 'carla'))
>>> hands = {"ana": dealt("Ah Ad"), "ben": dealt("Kh Kd"), "carla": dealt("Ks Kc")}
>>> s = showdown(variant("holdem"), hands, dealt("2c 7d 9s Jh 3c"))
>>> award(pots(bets, ["dani"]), s)       # ana wins the main pot, ben and carla share the side pot
{'ana': Fraction(180, 1), 'ben': Fraction(150, 1), 'carla': Fraction(150, 1)}
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
    players' chips stay in, and they contest nothing.

    >>> pots({"ana": Fraction(10), "ben": Fraction(10)}, folded=["ana", "ben"])
    Traceback (most recent call last):
    ValueError: At least one player stays in the hand: every player given has folded.
    """
    for p, amount in bets.items():
        if amount < 0:
            raise ValueError(f"What a player puts in the pot is not negative: {p} has {amount}.")
    unknown = [p for p in folded if p not in bets]
    if unknown:
        raise ValueError(f"A player who folds is one of the hand: {', '.join(unknown)} is not.")
    active = [p for p in bets if p not in folded]
    if not active:
        raise ValueError("At least one player stays in the hand: every player given has folded.")
    levels = sorted({bets[p] for p in active})
    found: list[Pot] = []
    below = Fraction(0)
    for level in levels:
        amount = sum((min(bets[p], level) - min(bets[p], below) for p in bets), Fraction(0))
        eligible = tuple(p for p in active if bets[p] >= level)
        if amount:
            found.append(Pot(amount, eligible))
        below = level
    beyond = sum((bets[p] - below for p in bets if bets[p] > below), Fraction(0))
    if beyond:  # a folded player's chips above every level an active player reached stay in the last pot
        last = found[-1] if found else Pot(Fraction(0), tuple(active))
        found[-1:] = [Pot(last.amount + beyond, last.eligible)]
    return tuple(found)


def award(pot_list: Sequence[Pot], showdown: Showdown, tie: Tie = "equal", chip: Fraction | None = None,
          odd_chip_to: Sequence[str] = (), restos: Mapping[str, Fraction] | None = None) -> dict[str, Fraction]:
    """What each player gets back from the pots (every player of the showdown listed, 0 if nothing). Exact
    fractions by default; with ``chip`` (the smallest chip) each share is rounded down to whole chips and the
    odd chips go to the first of ``odd_chip_to`` who shares that pot (Extremadura: «una ficha sobrante esta
    correspondería al jugador que hubiera realizado el último envite», 001:2541; Euskadi is silent).
    ``tie="restos"`` shares each part in proportion to the tied winners' ``restos`` (their stacks at the start of
    the hand).

    >>> from .cards import dealt
    >>> from .showdown import showdown, variant
    >>> s = showdown(variant("holdem"), {"ana": dealt("Ah Kd"), "ben": dealt("As Kc")}, dealt("2c 7d 9s Jh 3c"))
    >>> award([Pot(Fraction(25), ("ana", "ben"))], s)
    {'ana': Fraction(25, 2), 'ben': Fraction(25, 2)}
    >>> award([Pot(Fraction(25), ("ana", "ben"))], s, chip=Fraction(1), odd_chip_to=["ben"])
    {'ana': Fraction(12, 1), 'ben': Fraction(13, 1)}
    >>> award([Pot(Fraction(25), ("ana", "ben"))], s, tie="restos", restos={"ana": Fraction(100), "ben": Fraction(400)})
    {'ana': Fraction(5, 1), 'ben': Fraction(20, 1)}
    """
    if tie == "restos" and (restos is None or any(p not in restos for p in showdown.high)):
        raise ValueError("Sharing in proportion to the restos needs every player's resto.")
    if chip is not None and chip <= 0:
        raise ValueError(f"The smallest chip is a positive amount, not {chip}.")
    paid = {p: Fraction(0) for p in showdown.high}
    for pot in pot_list:
        strangers = [p for p in pot.eligible if p not in paid]
        if strangers:
            raise ValueError(f"A pot is contested by players of the showdown: {', '.join(strangers)} is not one.")
        exact = {p: Fraction(0) for p in pot.eligible}
        for share in showdown.shares(pot.eligible) if len(pot.eligible) > 1 else ():
            for p, amount in _split(pot.amount * share.part, share.winners, tie, restos).items():
                exact[p] += amount
        if len(pot.eligible) == 1:
            exact[pot.eligible[0]] = pot.amount
        for p, amount in _in_chips(pot.amount, exact, chip, odd_chip_to).items():
            paid[p] += amount
    return paid


def _split(amount: Fraction, winners: Sequence[str], tie: Tie,
           restos: Mapping[str, Fraction] | None) -> dict[str, Fraction]:
    if tie == "restos" and restos is not None:
        total = sum((restos[p] for p in winners), Fraction(0))
        return {p: amount * restos[p] / total for p in winners}
    return {p: amount / len(winners) for p in winners}


def _in_chips(amount: Fraction, exact: dict[str, Fraction], chip: Fraction | None,
              odd_chip_to: Sequence[str]) -> dict[str, Fraction]:
    """A pot's exact parts in whole chips: each rounded down, the chips left one by one to the winners in the order
    ``odd_chip_to`` gives, then in seat order; what is less than a chip (a pot not in whole chips) with them."""
    if chip is None:
        return exact
    winners = [p for p, value in exact.items() if value > 0]
    whole = {p: (value // chip) * chip for p, value in exact.items()}
    left = amount - sum(whole.values(), Fraction(0))
    order = [p for p in odd_chip_to if p in winners] + [p for p in winners if p not in odd_chip_to]
    turn = 0
    while left >= chip:
        whole[order[turn % len(order)]] += chip
        left -= chip
        turn += 1
    if left:
        whole[order[turn % len(order)]] += left
    return whole


def uncontested(pot_list: Sequence[Pot], folded: Collection[str] = ()) -> dict[str, Fraction]:
    """Pots that one player alone contests are his without a showdown (000:5099-5102; 001:2509).

    >>> uncontested(pots({"ana": Fraction(40), "ben": Fraction(10)}, folded=["ben"]))
    {'ana': Fraction(50, 1)}
    """
    paid: dict[str, Fraction] = {}
    for pot in pot_list:
        contesting = [p for p in pot.eligible if p not in folded]
        if len(contesting) != 1:
            raise ValueError(f"A pot contested by {len(contesting)} players is won at the showdown, not uncontested.")
        paid[contesting[0]] = paid.get(contesting[0], Fraction(0)) + pot.amount
    return paid
