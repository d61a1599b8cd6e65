"""Exact computations kept on disk by the content hash of what they depend on (issue 13, item 4)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from jokoak.engine import memo

CALLS: list[int] = []


@dataclass(frozen=True)
class Shoe:
    decks: int
    jokers: int = 0


def ace_first(shoe: Shoe) -> Fraction:
    CALLS.append(shoe.decks)
    return Fraction(4 * shoe.decks, 52 * shoe.decks + shoe.jokers)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    kept = dict(memo._memory)
    memo._memory.clear()
    CALLS.clear()
    before = memo.keep_in(tmp_path)
    yield tmp_path
    memo.keep_in(before)
    memo._memory.clear()
    memo._memory.update(kept)


def test_a_result_is_computed_once_and_kept_on_disk(folder: Path) -> None:
    fast = memo.remembered(ace_first)
    assert fast(Shoe(6)) == fast(Shoe(6)) == Fraction(1, 13) and CALLS == [6]
    assert len(list(folder.glob("*.pickle"))) == 1
    memo._memory.clear()  # a new build: from the disk
    assert fast(Shoe(6)) == Fraction(1, 13) and CALLS == [6]


def test_other_rules_are_computed_again(folder: Path) -> None:
    fast = memo.remembered(ace_first)
    fast(Shoe(6))
    fast(Shoe(8))
    assert fast(Shoe(6, jokers=1)) == Fraction(24, 313)
    assert CALLS == [6, 8, 6] and len(list(folder.glob("*.pickle"))) == 3


def test_the_key_follows_the_computations_source() -> None:
    before = memo.key(ace_first, Shoe(6))
    assert memo.key(ace_first, Shoe(6)) == before and memo.key(ace_first, Shoe(8)) != before
    assert memo.key(memo.key, Shoe(6)) != before  # another module's source, another function


def test_an_unreadable_file_is_computed_again(folder: Path) -> None:
    fast = memo.remembered(ace_first)
    fast(Shoe(6))
    (path,) = folder.glob("*.pickle")
    path.write_bytes(b"not a pickle")
    memo._memory.clear()
    assert fast(Shoe(6)) == Fraction(1, 13) and CALLS == [6, 6]
    assert not list(folder.glob("*.partial"))
