"""The mutation fuzzer (tests/fuzz/fuzz.py), a few hundred mutations of a fixed seed: no traceback, no hang, every
rejection ``file:line: field: message`` at the right file, nothing written and nothing run. The long run is one
command (see the README, «Bad input»)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "fuzz"))

import fuzz


def test_a_few_hundred_mutations_of_every_input_give_no_defect() -> None:
    tally = fuzz.run(mutations=200, seed=20261127, timeout=30.0, cli=False, quiet=True)
    assert tally.defects == [], "\n".join(f"#{n} {file} ({what}): {detail}" for n, file, what, detail in tally.defects)
    assert tally.counts["rejected"] > 100 and tally.counts["accepted"] > 5  # the mutations reach the readers
