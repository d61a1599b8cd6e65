"""Play a game of the catalogue from Python: what the worked examples on every page run.

>>> ruleta = game("euskadi/ruleta-francesa")
>>> ruleta.play({"pleno 17": 10}, spins=[17])
staked=10 returned=360 net=+350
>>> ruleta.play({"rojo": 10}, spins=[0, 12], on_zero="prison")
staked=10 returned=10 net=0
>>> game("extremadura/dados-o-craps").play({"win": 10}, rolls=["3+3", "2+4"])
staked=10 returned=20 net=+10
>>> game("extremadura/punto-y-banca").play({"banca": 20}, cards=["2", "K", "3", "6", "K"])
staked=20 returned=39 net=+19
>>> game("extremadura/monte-o-banca").play({"camo 1": 10}, cards=["7o", "3c"], layout=["3o", "5c", "Se", "Rb"])
staked=10 returned=120 net=+110
>>> game("extremadura/el-reto").play({"inicial": 10}, cards=["7", "7"], retar=False)
staked=10 returned=5 net=-5
>>> game("euskadi/veintiuno-o-black-jack").play({"apuesta": 10}, cards=["6", "A", "5", "9", "K"], decisions=["double"])
staked=20 returned=0 net=-20
>>> chemin = game("euskadi/ferrocarril-bacara-o-chemin-de-fer")
>>> chemin.play({"punto": 100}, cards=["2", "A", "3", "2", "9"], said={"punto": "carta", "banca": "no"}, bound="asked")
staked=100 returned=200 net=+100
>>> game("euskadi/ruleta-rusa")
Traceback (most recent call last):
...
KeyError: 'no game euskadi/ruleta-rusa in the catalogue'
"""

from __future__ import annotations

import functools
import os
from fractions import Fraction
from pathlib import Path
from typing import Any

from .catalog import load_catalog
from .engine.result import Result
from .games import families
from .models import Catalog, Game

DRAWS = ("spins", "rolls", "cards", "coups", "balls")  # what a game is dealt: its family's ``draws``

CATALOG = Path(__file__).resolve().parents[1] / "catalog"


@functools.cache
def _catalog(root: Path) -> Catalog:
    return load_catalog(root)


class Table:
    """A game ready to play: bets in, settlement out."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def play(self, bets: dict[str, int | str | Fraction], **dealt: Any) -> Result:
        """Play one round: ``bets`` (bet -> stake), what is dealt, by its name (``spins=[17]`` at a roulette,
        ``rolls=["3+4"]`` at dice, ``cards=[…]`` at a card game, ``coups=[…]`` at treinta y cuarenta, ``balls=[…]``
        at bingo), and the game's options: at a roulette ``on_zero``, ``last_spin``, ``minimum`` (see
        :func:`jokoak.games.roulette.engine.play`); at dice ``withdraw``; at punto y banca the ``payment``; at treinta y
        cuarenta ``insured``, ``on_refait``, ``last_coup``, ``minimum``; at monte ``layout``, ``doubled``,
        ``burnt``, ``phase``, ``in_play``; at el reto ``retar``; at black jack the player's ``decisions``; at
        chemin de fer and dos paños the words ``said`` («carta», «no») by «punto», «paño 1», «paño 2» or «banca»,
        how the table ``bound`` the banker, a punto who goes ``banco`` and the ``commission``; at bingo the
        ``cartones`` (the cards) by id, the ``claims``, the ``prizes`` and the ``announced`` row."""
        family = families()[self.game.engine]
        wrong = [name for name in DRAWS if name in dealt and name != family.draws]
        if wrong or family.draws not in dealt:
            raise TypeError(f"{self.game.key} is played with {family.draws}: give {family.draws}=[…]"
                            + (f", not {', '.join(wrong)}" if wrong else ""))
        draws = dealt.pop(family.draws)
        unknown = sorted(set(dealt) - family.options)
        if unknown:
            raise TypeError(f"{self.game.key} takes no option {', '.join(unknown)} (its options: "
                            f"{', '.join(sorted(family.options))})")
        stakes = {bet: Fraction(str(stake)) for bet, stake in bets.items()}
        return family.play(self.game.rules, stakes, list(draws), dealt)


def game(key: str) -> Table:
    """The game ``<regulation>/<game>`` of the catalogue (``$JOKOAK_CATALOG`` or the repository's)."""
    root = Path(os.environ.get("JOKOAK_CATALOG", CATALOG))
    for found in _catalog(root).games:
        if found.key == key:
            return Table(found)
    raise KeyError(f"no game {key} in the catalogue")
