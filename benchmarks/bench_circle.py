"""Time circle poker's engine on one core: the evaluator, the showdown of many deals, the exact tables.

    python benchmarks/bench_circle.py [--repeat N] [--deals D]

Times (median of N runs) ``hands.values`` on D seven-card hands of 52 and D five-card hands of 32,
``hands.values_two_three`` on D Omaha deals (four and five) and D Sintético deals, ``showdown.winners`` on D
Hold'em deals of six players, and once each exact table (seven of 52 counted by suits, Sintético's 24,864,840
deals enumerated), checking the seven-card counts against the published ones. The process is pinned to one CPU and
numpy's thread pools to one thread.
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
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jokoak.games.circle.cards import DECK_28, DECK_32  # noqa: E402
from jokoak.games.circle.exact import best_of, two_three  # noqa: E402
from jokoak.games.circle.hands import Combination, Ranking, values, values_two_three  # noqa: E402
from jokoak.games.circle.showdown import variant, winners  # noqa: E402

C = Combination
SEVEN = {C.HIGH_CARD: 23_294_460, C.PAIR: 58_627_800, C.TWO_PAIR: 31_433_400, C.THREE_OF_A_KIND: 6_461_620,
         C.STRAIGHT: 6_180_020, C.FLUSH: 4_047_644, C.FULL_HOUSE: 3_473_184, C.FOUR_OF_A_KIND: 224_848,
         C.STRAIGHT_FLUSH: 37_260, C.ROYAL_FLUSH: 4_324}


def timed(action: Callable[[], Any], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        runs.append(time.perf_counter() - started)
    return statistics.median(runs)


def deals(rng: np.random.Generator, cards: tuple[int, ...], count: int, size: int) -> np.ndarray:
    deck = np.array(cards, np.int64)
    return deck[np.argsort(rng.random((count, len(deck))), axis=1)[:, :size]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--deals", type=int, default=1_000_000)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(1)
    n = args.deals
    short32, short28 = Ranking(DECK_32), Ranking(DECK_28)
    values(deals(rng, tuple(range(52)), 10, 7))  # the tables, built once outside the timings
    seven, five32 = deals(rng, tuple(range(52)), n, 7), deals(rng, DECK_32.cards, n, 5)
    omaha, omaha5 = deals(rng, tuple(range(52)), n, 9), deals(rng, tuple(range(52)), n, 10)
    sint = deals(rng, DECK_28.cards, n, 7)
    holdem = deals(rng, tuple(range(52)), n, 17)
    values(five32, short32)
    rows = [
        ("seven cards of 52, best five", timed(lambda: values(seven), args.repeat)),
        ("five cards of 32", timed(lambda: values(five32, short32), args.repeat)),
        ("Omaha, two of four and three of five", timed(lambda: values_two_three(omaha[:, :4], omaha[:, 4:]),
                                                       args.repeat)),
        ("Omaha five cards, two of five and three", timed(lambda: values_two_three(omaha5[:, :5], omaha5[:, 5:]),
                                                          args.repeat)),
        ("Sintético, two and three of 28", timed(lambda: values_two_three(sint[:, :2], sint[:, 2:], short28),
                                                 args.repeat)),
        ("Hold'em showdown, six players", timed(lambda: winners(variant("holdem"), holdem[:, :12].reshape(n, 6, 2),
                                                                holdem[:, 12:]), args.repeat)),
    ]
    for label, seconds in rows:
        print(f"{label:45} {n:>10,} in {seconds:7.2f} s  ({n / seconds:>12,.0f} a second)")
    started = time.perf_counter()
    counts = best_of(Ranking(), 7)
    print(f"{'exact: seven of 52 counted by suits':45} {sum(counts.values()):>10,} in "
          f"{time.perf_counter() - started:7.2f} s  (published counts: {'yes' if counts == SEVEN else 'NO'})")
    started = time.perf_counter()
    sintetico = two_three(short28, 2)
    print(f"{'exact: Sintético, every deal of 2 and 5':45} {sum(sintetico.values()):>10,} in "
          f"{time.perf_counter() - started:7.2f} s")
    return 0 if counts == SEVEN else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
