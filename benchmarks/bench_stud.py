"""Timing of the exact edge of póquer sin descarte (full deck) and the Monte Carlo of póquer con descarte.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_stud.py
"""

from __future__ import annotations

import time
from fractions import Fraction as F

from jokoak.engine.poker import Category as C
from jokoak.games.stud.edge import draw_edge, main_edge
from jokoak.games.stud.engine import BankDraw, Minimum, Rules

AK = Minimum(C.HIGH_CARD, (12, 11))
LOWER = ((Minimum(C.FOUR_OF_A_KIND), F(20)), (Minimum(C.FULL_HOUSE), F(7)), (Minimum(C.FLUSH), F(5)),
         (Minimum(C.STRAIGHT), F(4)), (Minimum(C.THREE_OF_A_KIND), F(3)), (Minimum(C.TWO_PAIR), F(2)),
         (Minimum(C.PAIR), F(1)), (Minimum(C.HIGH_CARD), F(1)))
US = Rules(((Minimum(C.ROYAL_FLUSH), F(100)), (Minimum(C.STRAIGHT_FLUSH), F(50)), *LOWER), AK)
SIN = Rules(((Minimum(C.ROYAL_FLUSH), F(100)), (Minimum(C.STRAIGHT_FLUSH), F(25)), *LOWER), AK)  # 000:3141-3181
CON = Rules(((Minimum(C.ROYAL_FLUSH), F(100)), (Minimum(C.STRAIGHT_FLUSH), F(25)), (Minimum(C.FOUR_OF_A_KIND), F(20)),
             (Minimum(C.FULL_HOUSE), F(7)), (Minimum(C.FLUSH), F(5)), (Minimum(C.STRAIGHT), F(3)),
             (Minimum(C.THREE_OF_A_KIND), F(2)), (Minimum(C.TWO_PAIR), F(1)), (Minimum(C.PAIR, (6,)), F(1))),
            Minimum(C.PAIR, (6,)), tie_cards={C.FLUSH: 1, C.PAIR: 2}, discards=2, bank_draw=BankDraw())
# Wizard of Odds, Caribbean Stud «Strategy Statistics»: total loss over 19,933,230,517,200 combinations.
PUBLISHED = {Minimum(C.HIGH_CARD, (12, 11, 9, 6, 1)): 1_059_715_400_580, Minimum(C.PAIR): 1_090_272_101_460,
             AK: 1_132_600_203_540}


def main() -> None:
    for voy, loss in PUBLISHED.items():
        start = time.perf_counter()
        edge = main_edge(US, voy=voy)
        found = edge.per_ante * 19_933_230_517_200
        print(f"U.S. table, voy from {voy.ranks or voy.category.name}: loss {found} (published {loss}) "
              f"{float(edge.per_ante):.4%} / {float(edge.per_staked):.4%}  {time.perf_counter() - start:.1f} s")
    for name, rules in (("U.S. table", US), ("Euskadi/Extremadura sin descarte", SIN)):
        start = time.perf_counter()
        edge = main_edge(rules)
        print(f"{name}, best play on the five cards: {edge.per_ante} = {float(edge.per_ante):.4%} per ante, "
              f"{float(edge.per_staked):.4%} per stake, voy {float(edge.voy):.4%}  {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    draw = draw_edge(CON, 10_000_000, seed=2)
    print(f"con descarte: {draw.main.value:.4%} {draw.main.precision}; per stake {draw.per_staked.value:.4%}; "
          f"drawn poker/SF/RF {[draw.drawn[c] for c in (C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH)]}; "
          f"{draw.main.method}  {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
