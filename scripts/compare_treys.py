"""Compare circle poker's showdown with treys (an independent evaluator) on random deals: the sets of winners.

    .venv/bin/python scripts/compare_treys.py --deals N --seed S [--players P] [--jobs J] [--variant ID ...]

For each 52-card variant whose hands treys values (the high hand: Hold'em, Omaha and Omaha five cards through
treys' two-and-three combinations, seven-card stud, five cards of 52 as Extremadura's five stud deals them), deals
N random hands of P players (the deals are the same for any number of jobs: chunk i is dealt from the seed
[S, variant, i]), finds the winners of each deal with :func:`jokoak.games.circle.showdown.winners` and with treys,
and prints the deals, the disagreements (and the first few), and the time. Exits 1 if any deal disagrees.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from treys import Card, Evaluator, PLOEvaluator  # type: ignore[import-untyped]

from jokoak.engine.poker import name
from jokoak.games.circle.showdown import Regulation, Variant, variant, winners

CHUNK = 10_000
VARIANTS: dict[str, tuple[Regulation, int, int]] = {  # id: (regulation, hole cards, common cards)
    "holdem": ("euskadi", 2, 5),
    "omaha": ("euskadi", 4, 5),
    "omaha-5": ("euskadi", 5, 5),
    "seven-stud": ("euskadi", 7, 0),
    "five-stud": ("extremadura", 5, 0),
}
TREYS = [Card.new(name(card)) for card in range(52)]


def _deal(key: str, seed: int, index: int, size: int, players: int) -> tuple[np.ndarray, np.ndarray]:
    _, hole, board = VARIANTS[key]
    rng = np.random.default_rng([seed, list(VARIANTS).index(key), index])
    cards = np.argsort(rng.random((size, 52)), axis=1)[:, :players * hole + board].astype(np.int64)
    return cards[:, :players * hole].reshape(size, players, hole), cards[:, players * hole:]


def _treys_winners(key: str, hands: np.ndarray, boards: np.ndarray) -> np.ndarray:
    evaluator = PLOEvaluator() if key.startswith("omaha") else Evaluator()
    found = np.zeros(hands.shape[:2], bool)
    for d in range(len(hands)):
        board = [TREYS[c] for c in boards[d]]
        if board:
            scores = [evaluator.evaluate([TREYS[c] for c in hand], board) for hand in hands[d]]
        else:  # stud: treys takes the first two cards as the hand and the rest as the board
            scores = [evaluator.evaluate([TREYS[c] for c in hand[:2]], [TREYS[c] for c in hand[2:]]) for hand in
                      hands[d]]
        best = min(scores)
        found[d] = [s == best for s in scores]
    return found


def _chunk(job: tuple[str, int, int, int, int]) -> tuple[int, list[str]]:
    key, seed, index, size, players = job
    hands, boards = _deal(key, seed, index, size, players)
    the_variant: Variant = variant(key, VARIANTS[key][0])
    ours = winners(the_variant, hands, boards if boards.shape[1] else None)
    theirs = _treys_winners(key, hands, boards)
    wrong = np.flatnonzero((ours != theirs).any(axis=1))
    examples = [f"hands {[' '.join(name(c) for c in h) for h in hands[d]]} board {' '.join(name(c) for c in boards[d])}"
                f": ours {ours[d].nonzero()[0].tolist()}, treys {theirs[d].nonzero()[0].tolist()}" for d in wrong[:3]]
    return len(wrong), examples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS), default=None)
    args = parser.parse_args(argv)
    if args.deals < 1 or not 2 <= args.players <= 7:
        parser.error("at least one deal, and from two to seven players")
    failed = 0
    for key in args.variant or list(VARIANTS):
        _, hole, board = VARIANTS[key]
        if args.players * hole + board > 52:
            print(f"{key}: {args.players} players need more than 52 cards; skipped")
            continue
        sizes = [min(CHUNK, args.deals - start) for start in range(0, args.deals, CHUNK)]
        jobs = [(key, args.seed, i, size, args.players) for i, size in enumerate(sizes)]
        start = time.perf_counter()
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(pool.map(_chunk, jobs))
        else:
            results = [_chunk(job) for job in jobs]
        wrong = sum(n for n, _ in results)
        failed += wrong
        print(f"{key}: {args.deals:,} deals of {args.players} players, {wrong} disagreements, "
              f"{time.perf_counter() - start:.1f} s")
        for _, examples in results:
            for line in examples:
                print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
