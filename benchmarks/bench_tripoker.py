"""Time the Tripóker edges on one core, and check the ante's without the symmetry of suits.

    python benchmarks/bench_tripoker.py

Times :func:`jokoak.games.tripoker.engine.ante_edge` (1,755 player's hands up to suits against the bank's 18,424) for
the regulations' tables, then enumerates all 22,100 player's hands against every bank's hand (407 million pairs)
and checks the edge and the probability of going on.
"""

from __future__ import annotations

import os

for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_variable] = "1"  # before numpy is imported
if hasattr(os, "sched_setaffinity"):
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

import sys  # noqa: E402
import time  # noqa: E402
from fractions import Fraction  # noqa: E402
from math import comb  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jokoak.engine.poker import Category  # noqa: E402
from jokoak.games.tripoker import engine as tripoker  # noqa: E402

C = Category
BONUS = {C.STRAIGHT: 1, C.THREE_OF_A_KIND: 4, C.STRAIGHT_FLUSH: 5}
TABLES = {
    "usual (Wizard of Odds: ante 3.37 %, Pair Plus 2.32 %)":
        tripoker.Rules({C.PAIR: 1, C.FLUSH: 4, C.STRAIGHT: 6, C.THREE_OF_A_KIND: 30, C.STRAIGHT_FLUSH: 40}, BONUS),
    "Euskadi es (000:4455-4465)": tripoker.Rules({C.ROYAL_FLUSH: 50, C.STRAIGHT_FLUSH: 40, C.THREE_OF_A_KIND: 30,
                                                  C.STRAIGHT: 6, C.FLUSH: 3, C.PAIR: 1}, BONUS),
    "Euskadi eu (002:10043, trio 3 a 1)": tripoker.Rules({C.ROYAL_FLUSH: 50, C.STRAIGHT_FLUSH: 40,
                                                          C.THREE_OF_A_KIND: 3, C.STRAIGHT: 6, C.FLUSH: 3,
                                                          C.PAIR: 1}, BONUS),
    "Extremadura (001:1686-1707)": tripoker.Rules({C.STRAIGHT_FLUSH: 40, C.THREE_OF_A_KIND: 25, C.STRAIGHT: 6,
                                                   C.FLUSH: 4, C.PAIR: 1}, BONUS),
}


def without_symmetry(rules: tripoker.Rules) -> tuple[Fraction, Fraction]:
    rows = np.arange(comb(52, 3))
    counts = tripoker._outcomes(rules, rows)
    hand_values = tripoker._hands()[1]
    bonus = np.array([rules.bonus(c) for c in Category])
    assert all(b.denominator == 1 for b in bonus)
    scale = comb(49, 3)
    bonuses = scale * bonus.astype(np.int64)[(hand_values >> 20) & 15]
    going = counts[:, 0] + 2 * counts[:, 1] - 2 * counts[:, 3] + bonuses
    goes = going > -scale
    total = int(np.where(goes, going, -scale).sum())
    return -Fraction(total, scale * comb(52, 3)), Fraction(int(goes.sum()), comb(52, 3))


def main() -> None:
    for label, rules in TABLES.items():
        tripoker._ante_edge.cache_clear()
        start = time.perf_counter()
        edge = tripoker.ante_edge(rules)
        took = time.perf_counter() - start
        print(f"{label}: ante {float(edge.per_ante):.4%} per ante, {float(edge.per_staked):.4%} per unit staked, "
              f"goes on {float(edge.plays):.2%}; Par Plus {float(tripoker.pair_plus_edge(rules)):.4%}  ({took:.2f} s)")
    rules = TABLES["usual (Wizard of Odds: ante 3.37 %, Pair Plus 2.32 %)"]
    start = time.perf_counter()
    per_ante, plays = without_symmetry(rules)
    edge = tripoker.ante_edge(rules)
    assert (per_ante, plays) == (edge.per_ante, edge.plays), (per_ante, plays, edge)
    print(f"all 22,100 hands against every bank hand: {per_ante} ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
