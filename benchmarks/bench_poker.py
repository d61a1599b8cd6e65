"""Time the poker hand evaluator on every five-card hand, beside treys on the same hands, on one core.

    python benchmarks/bench_poker.py [--repeat N] [--seven]

Enumerates the 2,598,960 five-card hands, checks their categories, and times ``jokoak.engine.poker.values``
(median of N runs) and treys' ``Evaluator.evaluate`` on the same hands in the same run. The process is
pinned to one CPU and numpy's thread pools to one thread. ``--seven`` also counts the 133,784,560
seven-card combinations by their best five and checks them against the published counts.
"""

from __future__ import annotations

import os

for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_variable] = "1"  # before numpy is imported
if hasattr(os, "sched_setaffinity"):
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from math import comb  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jokoak.engine.poker import Category, category_counts, combinations, values  # noqa: E402

C = Category
FIVE = {C.HIGH_CARD: 1_302_540, C.PAIR: 1_098_240, C.TWO_PAIR: 123_552, C.THREE_OF_A_KIND: 54_912,
        C.STRAIGHT: 10_200, C.FLUSH: 5_108, C.FULL_HOUSE: 3_744, C.FOUR_OF_A_KIND: 624, C.STRAIGHT_FLUSH: 36,
        C.ROYAL_FLUSH: 4, C.FIVE_ACES: 0}
# Best five of seven (e.g. Wikipedia, «Poker probability», 7-card poker hands): 37,260 straight flushes
# besides the 4,324 royal ones (41,584 in all); the categories add up to comb(52, 7) = 133,784,560.
SEVEN = {C.HIGH_CARD: 23_294_460, C.PAIR: 58_627_800, C.TWO_PAIR: 31_433_400, C.THREE_OF_A_KIND: 6_461_620,
         C.STRAIGHT: 6_180_020, C.FLUSH: 4_047_644, C.FULL_HOUSE: 3_473_184, C.FOUR_OF_A_KIND: 224_848,
         C.STRAIGHT_FLUSH: 37_260, C.ROYAL_FLUSH: 4_324, C.FIVE_ACES: 0}


def timed(action: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = action()
    return time.perf_counter() - started, result


def treys_rate(hands: np.ndarray) -> tuple[float, int]:
    """treys' hands per second on the same hands (cards converted beforehand, outside the timing)."""
    from treys import Card, Evaluator  # type: ignore[import-untyped]

    evaluator = Evaluator()
    names = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    ints = [Card.new(n) for n in names]
    rows = [[ints[c] for c in hand] for hand in hands.tolist()]
    evaluate = evaluator.evaluate
    seconds, ranks = timed(lambda: [evaluate(row[:2], row[2:]) for row in rows])
    return len(rows) / seconds, len(set(ranks))


def seven_cards() -> tuple[float, dict[Category, int]]:
    """Every seven-card combination, a chunk for each highest card (colex order: the six below it are the
    first rows of the six-card combinations)."""
    sixes = combinations(51, 6)
    totals = np.zeros(len(Category), np.int64)
    started = time.perf_counter()
    for top in range(6, 52):
        below = sixes[:comb(top, 6)]
        hands = np.column_stack([below, np.full(len(below), top, np.uint8)])
        found = values(hands)
        totals += np.bincount((found >> 20) & 15, minlength=len(Category))
    return time.perf_counter() - started, {c: int(totals[c]) for c in Category}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seven", action="store_true", help="count the seven-card combinations too")
    args = parser.parse_args(argv)
    print(f"CPUs this process may use: {sorted(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else '?'}")
    enumeration, hands = timed(lambda: combinations(52, 5))
    tables, _ = timed(lambda: values(hands[:1]))
    runs = [timed(lambda: values(hands))[0] for _ in range(args.repeat)]
    found = values(hands)
    assert category_counts(found) == FIVE, category_counts(found)
    assert len(np.unique(found)) == 7462
    ours = len(hands) / statistics.median(runs)
    print(f"five-card hands: {len(hands):,} (enumerated in {enumeration:.3f} s; tables built in {tables:.2f} s)")
    print(f"jokoak: {ours:,.0f} hands/s (median of {args.repeat}: {statistics.median(runs):.3f} s), "
          f"{len(hands) / (enumeration + statistics.median(runs)):,.0f} hands/s with the enumeration")
    try:
        theirs, distinct = treys_rate(hands)
    except ImportError:
        print("treys: not installed (pip install treys)")
    else:
        print(f"treys:  {theirs:,.0f} hands/s on the same hands ({distinct:,} distinct ranks); "
              f"jokoak is {ours / theirs:.1f} times as fast")
    if args.seven:
        seconds, counts = seven_cards()
        assert counts == SEVEN, counts
        total = sum(counts.values())
        assert total == comb(52, 7)
        print(f"seven-card combinations: {total:,} by their best five in {seconds:.1f} s "
              f"({total / seconds:,.0f} a second), every category as published")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
