"""The even-chance stakes' prison: what a zero (roulette) or a refait (trente y cuarenta) does to them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ZeroRule:
    """What happens to an even-chance stake when a zero comes.

    ``prison``: the player may leave the stake «en prisión» instead of taking half back.
    ``below_minimum_stays``: a stake whose halved value is below the table minimum must stay in prison.
    ``last_spin_refund``: on the session's last spin the halved value is refunded, no prison.
    ``loses_all``: the whole stake is lost (boule: «cuando sale el número 5, se pierden todas las
    apuestas realizadas sobre estas suertes sencillas»), instead of half of it.
    """

    prison: bool
    below_minimum_stays: bool
    last_spin_refund: bool
    loses_all: bool = False

