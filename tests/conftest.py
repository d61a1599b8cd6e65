"""Shared fixtures: one build of the real catalogue per test session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jokoak.build import Project, build
from jokoak.engine import memo

REPO = Path(__file__).resolve().parents[1]
# The exact computations of minutes are read from, and kept in, the build's cache (keyed by what they depend on).
memo.keep_in(REPO / ".jokoak-cache" / "exact")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The outputs of the real catalogue with the embedded configuration, built into a temporary folder."""
    out = tmp_path_factory.mktemp("build") / "out"
    exact = REPO / ".jokoak-cache" / "exact"  # the exact computations of minutes, keyed by what they depend on
    if exact.is_dir():
        shutil.copytree(exact, out.parent / "cache" / "exact")
    build(Project(REPO), out, cache=out.parent / "cache")
    return out
