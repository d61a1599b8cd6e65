"""The Monte Carlo house edges of the hold'em and four-card games, longer runs than the tests, with timings.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_holdem.py [deals]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from fractions import Fraction as F

from jokoak.engine.poker import Category as C
from jokoak.engine.result import Edge
from jokoak.games.four_card import engine as four_card
from jokoak.games.holdem import engine as holdem

CASINO = holdem.Rules(  # Euskadi 000:4600-4623 (= the standard Casino Hold'em), qualifier 000:4668-4669
    streets=(holdem.Street("apuesta2", 3, F(2), True),),
    ante_pays={C.HIGH_CARD: F(1), C.FLUSH: F(2), C.FULL_HOUSE: F(3), C.FOUR_OF_A_KIND: F(10),
               C.STRAIGHT_FLUSH: F(20), C.ROYAL_FLUSH: F(100)}, qualifier=(C.PAIR, 2))
CASINO_1X = holdem.Rules((holdem.Street("apuesta2", 3, F(1), True),), CASINO.ante_pays, CASINO.qualifier)
BONUS_POKER = holdem.Rules(  # Extremadura 001:1797-1817
    streets=(holdem.Street("flop", 0, F(2), True), holdem.Street("turn", 3, F(1), False),
             holdem.Street("river", 4, F(1), False)),
    ante_pays={C.HIGH_CARD: F(0), C.STRAIGHT: F(1)})
FOUR = four_card.Rules(aces_pays={}, ante_bonus={C.FOUR_OF_A_KIND: F(20), C.STRAIGHT_FLUSH: F(15),
                                                 C.THREE_OF_A_KIND: F(2)})
FOUR_STANDARD = four_card.Rules(aces_pays={}, ante_bonus={C.FOUR_OF_A_KIND: F(25), C.STRAIGHT_FLUSH: F(20),
                                                          C.THREE_OF_A_KIND: F(2)})


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    runs: list[tuple[str, Callable[[], Edge]]] = [
        ("four card, standard 25/20/2 (Wizard: 2.78 %)", lambda: four_card.house_edge(FOUR_STANDARD, deals * 5, 40)),
        ("four card, Extremadura Tabla 2 (20/15/2)", lambda: four_card.house_edge(FOUR, deals * 5, 40)),
        ("Euskadi Texas Poker, 2.ª apuesta 2× (Wizard: 2.16 %)", lambda: holdem.house_edge(CASINO, deals, 100)),
        ("Euskadi Texas Poker, 2.ª apuesta 1×", lambda: holdem.house_edge(CASINO_1X, deals, 100)),
        ("Extremadura Texas Hold'em bonus poker", lambda: holdem.house_edge(BONUS_POKER, deals, 100)),
    ]
    for label, run in runs:
        start = time.perf_counter()
        edge = run()
        print(f"{label}: {edge.value:.4%} {edge.precision}; {edge.method}; {time.perf_counter() - start:.0f} s",
              flush=True)


if __name__ == "__main__":
    main()
