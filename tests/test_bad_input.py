"""Every class of bad input gives ``file:line: field: message``, exit status 1, and writes nothing.

Each file in ``tests/bad/`` is one defect: ``game-*.yaml`` replaces the game file of a small
catalogue, ``config-*.yaml`` is passed with ``--config``, ``locale-*.remove`` names a message to
delete from the Basque catalog. ``<name>.expected`` holds the exact problem lines the build must
print (``<pot-line>`` stands for the line of that message in ``locale/messages.pot``).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from jokoak.cli import main

REPO = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
BAD = sorted(p for p in (HERE / "bad").iterdir() if p.suffix in (".yaml", ".remove"))


def make_project(root: Path, game: Path) -> None:
    """A project with the repository's templates and catalogs and one small game."""
    (root / "catalog" / "euskadi").mkdir(parents=True)
    for name in ("regulations.yaml", "terms.yaml"):
        shutil.copy(REPO / "catalog" / name, root / "catalog" / name)
    shutil.copy(game, root / "catalog" / "euskadi" / "ruleta-francesa.yaml")
    shutil.copytree(REPO / "templates", root / "templates")
    shutil.copytree(REPO / "locale", root / "locale")


def run_build(root: Path, out: Path, *options: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    status = main(["--root", str(root), "--out", str(out), "--cache", str(root / "cache"), *options])
    return status, capsys.readouterr().err.splitlines()


@pytest.mark.parametrize("bad", BAD, ids=[p.name for p in BAD])
def test_bad_input_is_reported_and_nothing_is_written(bad: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    game = bad if bad.name.startswith("game-") else HERE / "minimal_game.yaml"
    make_project(tmp_path, game)
    options = ["--config", str(bad if bad.name.startswith("config-") else HERE / "minimal_config.yaml")]
    expected = (bad.with_suffix(".expected")).read_text("utf-8").splitlines()
    if bad.name.startswith("locale-"):
        msgid = bad.read_text("utf-8").strip()
        po = tmp_path / "locale" / "eu" / "LC_MESSAGES" / "messages.po"
        entry = re.compile(rf'\n(#.*\n)*msgid "{re.escape(msgid)}"\nmsgstr ".*"\n')
        text, removed = entry.subn("\n", po.read_text("utf-8"))
        assert removed == 1
        po.write_text(text, "utf-8")
        pot = (REPO / "locale" / "messages.pot").read_text("utf-8").splitlines()
        line = pot.index(f'msgid "{msgid}"') + 1
        expected = [e.replace("<pot-line>", str(line)) for e in expected]
    out = tmp_path / "out"
    status, lines = run_build(tmp_path, out, *options, capsys=capsys)
    problems = [line.replace(str(bad), "<config>") for line in lines[:-1]]
    assert status == 1
    assert problems == expected
    assert lines[-1].startswith("build failed:")
    assert not out.exists()


def test_the_minimal_game_is_valid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The base of the broken files loads, so each broken file fails for its own defect only."""
    from jokoak.catalog import load_catalog
    from jokoak.config import load_config

    make_project(tmp_path, HERE / "minimal_game.yaml")
    catalog = load_catalog(tmp_path / "catalog")
    assert [game.key for game in catalog.games] == ["euskadi/ruleta-francesa"]
    assert [t.id for t in load_config(HERE / "minimal_config.yaml", catalog).tables] == ["R1"]
