"""The engine's facts are cached by what they depend on, and a cache that cannot be read is recomputed."""

from __future__ import annotations

from pathlib import Path

import pytest

from jokoak import build
from jokoak.catalog import load_catalog

CATALOG = load_catalog(Path(__file__).resolve().parents[1] / "catalog")
GAME = next(game for game in CATALOG.games if game.key == "euskadi/punto-y-banca")


def test_cached_facts_are_reused_until_what_they_depend_on_changes(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    first = build.cached_facts(GAME, [], "shared", tmp_path)
    assert len(list((tmp_path / "facts").glob("*.pickle"))) == 1

    def recompute(*_: object) -> None:
        raise AssertionError("the facts were computed again")

    with monkeypatch.context() as patched:
        patched.setattr(build, "game_facts", recompute)
        again = build.cached_facts(GAME, [], "shared", tmp_path)
    assert again == first and again.game is GAME
    build.cached_facts(GAME, [], "the package changed", tmp_path)
    assert len(list((tmp_path / "facts").glob("*.pickle"))) == 2


def test_a_cache_file_that_cannot_be_read_is_computed_again(tmp_path: Path) -> None:
    first = build.cached_facts(GAME, [], "shared", tmp_path)
    [path] = (tmp_path / "facts").glob("*.pickle")
    path.write_bytes(b"not a pickle")
    assert build.cached_facts(GAME, [], "shared", tmp_path) == first
    assert path.read_bytes() != b"not a pickle"
