"""The processes forked from the build: a problem found in one is reported as the build's own, with its file, line
and field, and a failure stops them all."""

from __future__ import annotations

import os
import pickle
import time
from pathlib import Path

import pytest
from test_bad_input import HERE, make_project, run_build

from jokoak import build
from jokoak.errors import BuildError, Problem
from jokoak.workers import forked_pool

PROBLEM = Problem("catalog/euskadi/ruleta-francesa.yaml", 12, "review", "a problem found in a worker")


def _fails() -> None:
    raise BuildError([PROBLEM])


def test_a_build_error_keeps_its_problems_across_processes() -> None:
    again = pickle.loads(pickle.dumps(BuildError([PROBLEM])))
    assert again.problems == [PROBLEM] and str(again) == str(BuildError([PROBLEM]))
    with forked_pool(1) as pool, pytest.raises(BuildError) as raised:
        pool.submit(_fails).result()
    assert raised.value.problems == [PROBLEM]


def test_a_failure_in_the_block_stops_the_workers_at_once() -> None:
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt), forked_pool(2) as pool:
        pool.submit(time.sleep, 120)
        pids = list(getattr(pool, "_processes", {}))
        raise KeyboardInterrupt
    assert pids and time.monotonic() - started < 60  # not waited for
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_a_problem_of_the_review_fails_the_build_and_keeps_the_previous_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The review is written in a process of its own beside the PDFs and the sites."""
    make_project(tmp_path, HERE / "minimal_game.yaml")
    out = tmp_path / "out"
    options = ("--config", str(HERE / "minimal_config.yaml"), "--date", "2026-01-01")
    assert run_build(tmp_path, out, *options, capsys=capsys)[0] == 0
    before = sorted(path.relative_to(out) for path in out.rglob("*"))
    monkeypatch.setattr(build, "write_review", lambda *_: _fails())
    status, said = run_build(tmp_path, out, "--config", str(HERE / "minimal_config.yaml"), "--date", "2026-01-02",
                             capsys=capsys)
    assert status != 0 and any(str(PROBLEM.line) in line and PROBLEM.message in line for line in said), said
    assert sorted(path.relative_to(out) for path in out.rglob("*")) == before
