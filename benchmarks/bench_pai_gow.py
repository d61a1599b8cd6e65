"""The Pai Gow Poker house edge by Monte Carlo, larger runs than the tests, with their timing.

    python benchmarks/bench_pai_gow.py [--deals N] [--batch B]

Player and bank both set their hands by the engine's house way (not the regulation's: read
jokoak.games.pai_gow.engine.HOUSE_WAY_NOTE), 5 % commission, the Euskadi joker (it completes flushes) and the
Extremadura joker (it does not). Rounds are run in batches of B with seeds 1, 2, ... and pooled.
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction
from math import sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jokoak.games.pai_gow.engine import Rules, simulate


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=2_000_000)
    parser.add_argument("--batch", type=int, default=200_000)
    args = parser.parse_args(argv)
    for label, rules in (("Euskadi", Rules(commission=Fraction(5, 100))),
                         ("Extremadura", Rules(commission=Fraction(5, 100), joker_flush=False))):
        started = time.perf_counter()
        totals = {"ganancia": 0, "nula": 0, "perdida": 0}
        for seed in range(1, args.deals // args.batch + 1):
            for key, value in simulate(rules, deals=args.batch, seed=seed).items():
                totals[key] += value
        n = sum(totals.values())
        win, push, loss = (totals[k] / n for k in ("ganancia", "nula", "perdida"))
        mean = 0.95 * win - loss
        half = 1.96 * sqrt((0.95 ** 2 * win + loss - mean ** 2) / n)
        print(f"{label}: {n:,} rounds in {time.perf_counter() - started:.1f} s: win {win:.4%} push {push:.4%} "
              f"loss {loss:.4%}; house edge {-mean:.4%} ± {half:.4%} (95 %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
