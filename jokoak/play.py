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
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from .catalog import load_catalog
from .catalog_baccarat import BaccaratSpec
from .catalog_blackjack import BlackjackSpec
from .catalog_chemin import CheminSpec
from .catalog_dice import DiceSpec
from .catalog_monte import MonteSpec, RetoSpec
from .catalog_monte import play as monte_play
from .catalog_trente import TrenteSpec
from .engine import baccarat, blackjack, chemin, dice, dos_panos, roulette, trente
from .models import Catalog, Game

CATALOG = Path(__file__).resolve().parents[1] / "catalog"


@functools.cache
def _catalog(root: Path) -> Catalog:
    return load_catalog(root)


class Table:
    """A game ready to play: bets in, settlement out."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def play(self, bets: dict[str, int | str | Fraction], spins: Sequence[int | str] = (), *,
             rolls: Sequence[str] = (), withdraw: dict[str, int] | None = None,
             on_zero: str | Sequence[str] = "half", last_spin: bool = False,
             minimum: int | str | Fraction | None = None, cards: Sequence[str] = (),
             payment: str | None = None, coups: Sequence[str] = (), insured: Sequence[str] = (),
             on_refait: str | Sequence[str] = "half", last_coup: bool = False, decisions: Sequence[str] = (),
             said: dict[str, str] | None = None, bound: str = "free", banco: bool = False,
             commission: str | None = None, **options: Any) -> roulette.Result:
        """Spin a wheel (see :func:`jokoak.engine.roulette.play`), throw dice, ``rolls=["3+4"]``
        (see :func:`jokoak.engine.dice.play`), deal cards, ``cards=["9", "K", …]`` (see
        :func:`jokoak.engine.baccarat.play`), or deal treinta y cuarenta's rows, ``coups=["7♥ 10 K 4 9 J 4 10"]``
        (see :func:`jokoak.engine.trente.play`); monte and el reto take their own options: ``layout=[…]``,
        ``doubled``, ``burnt``, ``phase``, ``in_play``; ``retar=True`` (see :func:`jokoak.catalog_monte.play`); at
        Black Jack, the cards in the order dealt and the player's ``decisions`` (see
        :func:`jokoak.engine.blackjack.play_round`). Chemin de fer and dos paños are dealt ``cards`` too, with the
        words ``said`` («carta», «no») by «punto», «paño 1», «paño 2» or «banca», how the table binds the banker
        (``bound``), a punto who «hace banco» and the ``commission`` (see :func:`jokoak.engine.chemin.play`)."""
        if isinstance(self.game.rules, BlackjackSpec):
            if spins or rolls:
                raise TypeError(f"{self.game.key} is played with cards: give cards, not spins or rolls")
            table = self.game.rules
            stakes = {bet: Fraction(str(stake)) for bet, stake in bets.items()}
            return blackjack.play_round(table.rules, table.engine_bets(stakes), cards, decisions)
        if decisions:
            raise TypeError(f"{self.game.key} takes no decisions")
        if isinstance(self.game.rules, MonteSpec | RetoSpec):
            if spins or rolls:
                raise TypeError(f"{self.game.key} is played with cards: give cards, not spins or rolls")
            return monte_play(self.game.rules, bets, list(cards), options)
        if options:
            raise TypeError(f"{self.game.key} takes no option {', '.join(sorted(options))}")
        if isinstance(self.game.rules, CheminSpec):
            circle, said = self.game.rules, said or {}
            if spins or rolls or coups:
                raise TypeError(f"{self.game.key} is played with cards: give cards")
            if circle.two:
                return dos_panos.play_two(circle.rules_for(commission), bets, cards, bank=said.get("banca"),
                                          players=(said.get("paño 1"), said.get("paño 2")), bound=bound, banco=banco)
            return chemin.play(circle.rules_for(commission), bets, cards, player=said.get("punto"),
                               bank=said.get("banca"), bound=bound, banco=banco)
        if isinstance(self.game.rules, TrenteSpec):
            if spins or rolls or cards:
                raise TypeError(f"{self.game.key} is played with coups of cards: give coups")
            return trente.play(self.game.rules.rules, bets, coups, insured=insured, on_refait=on_refait,
                               last_coup=last_coup, minimum=minimum)
        if coups or insured:
            raise TypeError(f"{self.game.key} is not treinta y cuarenta: give spins, rolls or cards")
        if isinstance(self.game.rules, BaccaratSpec):
            if spins or rolls:
                raise TypeError(f"{self.game.key} is played with cards: give cards, not spins or rolls")
            return baccarat.play(self.game.rules.rules, bets, cards, payment=payment)
        if cards or payment:
            raise TypeError(f"{self.game.key} is not played with cards: give spins or rolls")
        if isinstance(self.game.rules, DiceSpec):
            if spins:
                raise TypeError(f"{self.game.key} is played with dice: give rolls, not spins")
            return dice.play(self.game.rules.rules, bets, rolls, withdraw=withdraw)
        if rolls or withdraw:
            raise TypeError(f"{self.game.key} is played on a wheel: give spins, not rolls")
        return roulette.play(self.game.rules.rules, bets, spins, on_zero=on_zero, last_spin=last_spin,
                             minimum=minimum)


def game(key: str) -> Table:
    """The game ``<regulation>/<game>`` of the catalogue (``$JOKOAK_CATALOG`` or the repository's)."""
    root = Path(os.environ.get("JOKOAK_CATALOG", CATALOG))
    for found in _catalog(root).games:
        if found.key == key:
            return Table(found)
    raise KeyError(f"no game {key} in the catalogue")
