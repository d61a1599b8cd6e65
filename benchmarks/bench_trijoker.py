"""Time the Trijoker house edge on one core, and check its second bet hand by hand.

    python benchmarks/bench_trijoker.py

Times :func:`jokoak.games.trijoker.engine.house_edge` (every five-card hand enumerated) for the usual table and the two
regulations' tables, then values the second bet again from every four-card hand up to suits, each by
:func:`expected_value` over its 48 completions, and checks it against the enumeration.
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
from itertools import permutations  # noqa: E402
from math import comb  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jokoak.engine.poker import Category, combinations, name  # noqa: E402
from jokoak.games.trijoker import engine as trijoker  # noqa: E402

C = Category
PAYS = {C.PAIR: 1, C.TWO_PAIR: 2, C.THREE_OF_A_KIND: 3, C.STRAIGHT: 5, C.FLUSH: 8, C.FULL_HOUSE: 11,
        C.FOUR_OF_A_KIND: 50, C.STRAIGHT_FLUSH: 200, C.ROYAL_FLUSH: 1000}
TABLES = {
    "usual (Wizard of Odds: 3.51 %)": trijoker.Rules(PAYS, "T"),
    "Euskadi (000:3869-3884, jacks)": trijoker.Rules({**PAYS, C.ROYAL_FLUSH: 500}, "J"),
    "Extremadura (001:1501-1509, tens)": trijoker.Rules(PAYS, "T"),
    "Extremadura read with jacks (001:1455)": trijoker.Rules(PAYS, "J"),
    "Extremadura, tens, no ace low (001:1459)": trijoker.Rules(PAYS, "T", ace_low=False),
}


def second_bet_by_classes(rules: trijoker.Rules) -> Fraction:
    hands = combinations(52, 4).astype(np.int64)
    keys = np.full(len(hands), np.iinfo(np.int64).max)
    for perm in permutations(range(4)):
        renamed = np.sort(4 * (hands // 4) + np.array(perm)[hands % 4], axis=1)
        np.minimum(keys, ((renamed[:, 0] * 52 + renamed[:, 1]) * 52 + renamed[:, 2]) * 52 + renamed[:, 3], out=keys)
    _, first, counts = np.unique(keys, return_index=True, return_counts=True)
    total = Fraction(0)
    for row, weight in zip(first.tolist(), counts.tolist(), strict=True):
        worth = trijoker.expected_value(rules, [name(int(c)) for c in hands[row]])
        total += weight * max(worth, Fraction(0))
    print(f"  {len(first)} four-card hands up to suits")
    return total / comb(52, 4)


def main() -> None:
    for label, rules in TABLES.items():
        trijoker._house_edge.cache_clear()
        start = time.perf_counter()
        edge = trijoker.house_edge(rules)
        took = time.perf_counter() - start
        print(f"{label}: {float(edge.per_box):.4%} per box, {float(edge.per_stake_in_play):.4%} per unit in play, "
              f"keeps bet 1 {float(edge.keep_first):.2%}, bet 2 {float(edge.keep_second):.2%}  ({took:.2f} s)")
    start = time.perf_counter()
    rules = TABLES["usual (Wizard of Odds: 3.51 %)"]
    second = second_bet_by_classes(rules)
    assert second == trijoker.house_edge(rules).bets[1], (second, trijoker.house_edge(rules).bets[1])
    print(f"second bet checked hand by hand: {second} ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
