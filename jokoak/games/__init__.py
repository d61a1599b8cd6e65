"""The game families, one package each: the registry through which the core finds them.

A family's package holds everything that is that family's: its engine (the mechanics and the exact computations), the
reader of its part of a game file, its facts, its part of the data files; its templates are in
``templates/games/<package>/``. The package declares its :class:`~jokoak.family.Family` (one per engine the
game files name) in ``FAMILIES``. The core imports no family: it asks :func:`families` for them, by the game file's
``engine``.
"""

from __future__ import annotations

import importlib
from functools import cache

from ..family import Family

# the family packages, in the order their engines are listed in messages
PACKAGES = ("roulette", "dice", "baccarat", "trente", "monte", "blackjack", "four_card", "pai_gow", "trijoker",
            "tripoker", "stud", "holdem", "circle", "bingo")


@cache
def families() -> dict[str, Family]:
    """Every family by the game file's ``engine``. The packages are imported on the first call, not when the core
    is: they import the core, never the other way round."""
    found: dict[str, Family] = {}
    for name in PACKAGES:
        for family in importlib.import_module(f"{__name__}.{name}").FAMILIES:
            found[family.engine] = family
    return found
