"""Timing and figures of póquer sin descarte under best play (jokoak.games.stud.exact), full deck, one core.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_stud_exact.py

The table of 000:3141-3181 and 001:1228-1248 (100/25/20/7/5/4/3/2/1/1), A-K qualifies, the second bet twice the
ante, a card bought for the ante (000:3343-3351, 001:1325). The U.S. table (straight flush 50) checks the
player who sees the up card and never buys against the published optimal strategy: house edge 5.224 % (Wizard
of Odds, Caribbean Stud); the player who ignores the up card and never buys is main_edge (5.356 % here).
"""

from __future__ import annotations

import time
from fractions import Fraction as F

from jokoak.engine.poker import Category as C
from jokoak.games.stud.edge import main_edge
from jokoak.games.stud.engine import Minimum, Rules
from jokoak.games.stud.exact import BestPlay, best_play

AK = Minimum(C.HIGH_CARD, (12, 11))
LOWER = ((Minimum(C.FOUR_OF_A_KIND), F(20)), (Minimum(C.FULL_HOUSE), F(7)), (Minimum(C.FLUSH), F(5)),
         (Minimum(C.STRAIGHT), F(4)), (Minimum(C.THREE_OF_A_KIND), F(3)), (Minimum(C.TWO_PAIR), F(2)),
         (Minimum(C.PAIR), F(1)), (Minimum(C.HIGH_CARD), F(1)))
SIN = Rules(((Minimum(C.ROYAL_FLUSH), F(100)), (Minimum(C.STRAIGHT_FLUSH), F(25)), *LOWER), AK, buy_price=F(1))
US = Rules(((Minimum(C.ROYAL_FLUSH), F(100)), (Minimum(C.STRAIGHT_FLUSH), F(50)), *LOWER), AK)


def show(name: str, found: BestPlay, seconds: float) -> None:
    for label, play in (("buying when best", found), ("never buying", found.without_buying)):
        print(f"{name}, {label}: {play.per_ante} = {float(play.per_ante):.4%} per ante, "
              f"{float(play.per_staked):.4%} per unit staked, voy {float(play.voy):.4%}, buys {float(play.buys):.4%}")
    print(f"  {seconds:.0f} s")


def main() -> None:
    for up_card in (True, False):
        start = time.perf_counter()
        found = best_play(SIN, up_card=up_card)
        show(f"sin descarte, {'up card seen' if up_card else 'up card ignored'}", found, time.perf_counter() - start)
    start = time.perf_counter()
    us = best_play(US, buy=False)
    show("U.S. table, up card seen", us, time.perf_counter() - start)
    assert round(float(us.per_ante), 5) == 0.05224
    assert best_play(SIN, buy=False, up_card=False).per_ante == main_edge(SIN).per_ante


if __name__ == "__main__":
    main()
