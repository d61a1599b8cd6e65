"""A build that bad input cannot break: nothing outside the tree, nothing executed, nothing of the user's lost.

Each test plants one of the reproducers of the fuzzer's findings (issue «A build that bad input cannot break») in a
small project (tests/test_bad_input.py's), and checks that the build refuses it with ``file:line: field: message``
and exit status 1, writes nothing and runs nothing."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_bad_input import HERE, REPO, make_project

from jokoak.build import MARKER, _clean_leftovers, is_build
from jokoak.catalog import load_catalog
from jokoak.cli import main
from jokoak.errors import BuildError
from jokoak.yamlsrc import loads


def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    make_project(root, HERE / "minimal_game.yaml")
    return root


def run(root: Path, out: Path, capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, list[str]]:
    status = main(["--root", str(root), "--out", str(out), "--cache", str(root / "cache"),
                   "--config", str(HERE / "minimal_config.yaml"), *options])
    return status, capsys.readouterr().err.splitlines()


def test_out_refuses_a_folder_that_is_not_a_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path)
    mine = tmp_path / "my-documents"
    mine.mkdir()
    (mine / "thesis.txt").write_text("years of work", "utf-8")
    status, lines = run(root, mine, capsys)
    assert status == 1
    assert lines[0] == (f"{mine}:1: --out: holds files and is not a previous build (it has no {MARKER}); the build "
                        "replaces its output folder, so give a new or empty folder")
    assert [p.name for p in mine.iterdir()] == ["thesis.txt"]
    assert (mine / "thesis.txt").read_text("utf-8") == "years of work"
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine", "utf-8")
    assert run(root, a_file, capsys)[0] == 1 and a_file.read_text("utf-8") == "mine"


def test_a_leftover_of_a_killed_build_is_cleaned_and_nothing_else(tmp_path: Path) -> None:
    out = tmp_path / "build"
    staging = tmp_path / ".build.k3x9a"
    staging.mkdir()
    (staging / MARKER).write_text("", "utf-8")
    someone = tmp_path / ".build.mine"  # not a build's: no marker
    someone.mkdir()
    _clean_leftovers(out)
    assert not staging.exists() and someone.is_dir()


def test_check_validates_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    status = main(["--root", str(root), "--out", str(tmp_path / "out"), "--cache", str(tmp_path / "cache"),
                   "--config", str(HERE / "minimal_config.yaml"), "--check"])
    assert status == 0, capsys.readouterr().err
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before
    bad = tmp_path / "casino.yaml"
    bad.write_text((HERE / "minimal_config.yaml").read_text("utf-8").replace("minimum: 5", "minimum: -5"), "utf-8")
    status = main(["--root", str(root), "--out", str(tmp_path / "out"), "--cache", str(tmp_path / "cache"),
                   "--config", str(bad), "--check"])
    err = capsys.readouterr().err
    assert status == 1 and err.startswith(f"{bad}:7: tables[0].minimum:"), err
    assert not (tmp_path / "out").exists() and not (tmp_path / "cache").exists()


@pytest.mark.parametrize(("where", "plant", "expected"), [
    ("game id that is code", lambda root: (root / "catalog/euskadi/ruleta-francesa.yaml").rename(
        root / 'catalog/euskadi/x=[__import__("os").system("touch PWNED")]#.yaml'),
     'catalog/euskadi/x=[__import__("os").system("touch PWNED")]#.yaml:1: (file): a game file is '
     "<regulation>/<game>.yaml, both ids of lowercase letters, digits and hyphens"),
    ("a regulation id that leaves the tree", lambda root: (root / "catalog/regulations.yaml").write_text(
        (root / "catalog/regulations.yaml").read_text("utf-8").replace("- id: euskadi", "- id: ../../../../x/reg", 1),
        "utf-8"), "catalog/regulations.yaml:"),
    ("based_on outside the catalogue", lambda root: (root / "catalog/euskadi/ruleta-francesa.yaml").write_text(
        (root / "catalog/euskadi/ruleta-francesa.yaml").read_text("utf-8").replace(
            "engine: roulette", "engine: roulette\nbased_on: ../../../outside/base", 1), "utf-8"),
     "catalog/euskadi/ruleta-francesa.yaml:"),
    ("a linked game file", lambda root: (root / "catalog/euskadi/triple.yaml").symlink_to(
        REPO / "catalog/euskadi/triple-black-jack.yaml"),
     "catalog/euskadi/triple.yaml:1: (file): a symbolic link: the catalogue holds its files, it does not follow "
     "links"),
    ("a dangling link", lambda root: (root / "catalog/euskadi/gone.yaml").symlink_to(root / "nowhere.yaml"),
     "catalog/euskadi/gone.yaml:1: (file): a symbolic link"),
    ("a folder named like a game file", lambda root: (root / "catalog/euskadi/carpeta.yaml").mkdir(),
     "catalog/euskadi/carpeta.yaml:1: (file): expected a YAML file, found a folder"),
    ("a FIFO", lambda root: os.mkfifo(root / "catalog/euskadi/fifo.yaml"),
     "catalog/euskadi/fifo.yaml:1: (file): expected a YAML file, found not a regular file"),
])
def test_nothing_outside_the_tree_and_nothing_executed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       where: str, plant: object, expected: str) -> None:
    root = project(tmp_path)
    plant(root)  # type: ignore[operator]
    os.chdir(tmp_path)
    status, lines = run(root, tmp_path / "out", capsys)
    assert status == 1, where
    assert any(line.startswith(expected) for line in lines), (where, lines)
    assert not (tmp_path / "out").exists() and not list(tmp_path.rglob("PWNED")), where
    assert not (tmp_path.parent / "x").exists()


def build_process(root: Path, out: Path, date: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, str(REPO / "build_docs.py"), "--root", str(root), "--out", str(out),
                             "--cache", str(root / "cache"), "--config", str(HERE / "minimal_config.yaml"),
                             "--date", date], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, at any depth, still alive."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_build_killed_midway_leaves_the_previous_build_and_nothing_else(tmp_path: Path,
                                                                          sig: signal.Signals) -> None:
    root = project(tmp_path)
    for game in ("boule-o-bola", "ruleta-de-la-fortuna", "treinta-y-cuarenta"):  # more sheets to lay out: time to kill
        shutil.copy(REPO / f"catalog/euskadi/{game}.yaml", root / f"catalog/euskadi/{game}.yaml")
    out = tmp_path / "out"
    assert build_process(root, out, "2026-01-01").wait(timeout=600) == 0
    assert is_build(out)
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    process = build_process(root, out, "2026-01-02")  # another date: every sheet is laid out again
    deadline = time.monotonic() + 300
    workers: list[int] = []
    while not workers and process.poll() is None and time.monotonic() < deadline:  # until the PDF workers start
        time.sleep(0.02)
        workers = descendants(process.pid)
    time.sleep(0.3)  # in the middle of laying out the PDFs
    assert process.poll() is None and workers, "the build ended before it could be killed"
    process.send_signal(sig)
    assert process.wait(timeout=120) != 0
    time.sleep(0.5)
    assert not [p for p in workers if Path(f"/proc/{p}").exists()], "a worker process is still running"
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert not list(tmp_path.glob(".out.*")), "a temporary folder was left"
    shutil.rmtree(out)


PAYLOADS = {  # where → what a contributor wrote there
    'name: {es: "Ruleta Francesa"': 'name: {es: "<script>alert(1)</script> Ruleta"',
    'name: {es: "Rojo"': 'name: {es: ".. raw:: html"',
    '- {es: "Resumen.", eu: "Laburpena."}':
        '- {es: "1. <img src=x onerror=alert(2)> |sub| :math:`x`", eu: "Laburpena."}',
    'title: {es: "Pleno que gana"': 'title: {es: ">>> import os"',
}


def test_text_stays_text_on_the_sheets_the_site_and_the_review(tmp_path: Path) -> None:
    root = project(tmp_path)
    game = root / "catalog/euskadi/ruleta-francesa.yaml"
    text = game.read_text("utf-8")
    for where, what in PAYLOADS.items():
        assert where in text
        text = text.replace(where, what, 1)
    game.write_text(text, "utf-8")
    out = tmp_path / "out"
    assert build_process(root, out, "2026-01-01").wait(timeout=600) == 0
    pages = [out / "sheets/euskadi/ruleta-francesa.es.html", out / "site/es/euskadi/ruleta-francesa.html",
             out / "review/es/euskadi/ruleta-francesa.html", out / "site/es/index.html"]
    for page in pages:
        html = page.read_text("utf-8")
        assert "<script>alert" not in html and "<img src=x" not in html, page
    site = pages[1].read_text("utf-8")
    shown = re.sub(r"<[^>]+>", "", site)
    for words in ("&lt;script&gt;alert(1)&lt;/script&gt; Ruleta", ".. raw:: html",
                  "1. &lt;img src=x onerror=alert(2)&gt; |sub| :math:`x`", "&gt;&gt;&gt; import os"):
        assert words in shown, words
    assert "doctest" not in site.split("Registro ejecutable")[0]  # no example title became a doctest block
    assert not list(tmp_path.rglob("PWNED"))


def test_a_problem_in_a_base_game_is_reported_once_at_its_line(tmp_path: Path) -> None:
    """American roulette is based on French roulette: a payout broken in the French file is the French file's
    problem, not the American's too (with the French line under the American file's name)."""
    root = tmp_path / "catalog"
    (root / "euskadi").mkdir(parents=True)
    for name in ("regulations.yaml", "terms.yaml"):
        shutil.copy(REPO / "catalog" / name, root / name)
    for game in ("ruleta-francesa", "ruleta-americana-con-un-solo-cero"):
        shutil.copy(REPO / f"catalog/euskadi/{game}.yaml", root / f"euskadi/{game}.yaml")
    french = root / "euskadi/ruleta-francesa.yaml"
    lines = french.read_text("utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip() == 'payout: "17:1"')
    lines[at] = lines[at].replace('"17:1"', '"17"')
    french.write_text("\n".join(lines) + "\n", "utf-8")
    with pytest.raises(BuildError) as error:
        load_catalog(root)
    problems = error.value.problems
    assert [(p.file, p.line) for p in problems] == [("catalog/euskadi/ruleta-francesa.yaml", at + 1)], problems


def test_a_citation_beyond_the_end_of_its_source_is_an_error_of_the_build(tmp_path: Path) -> None:
    root = tmp_path / "catalog"
    (root / "euskadi").mkdir(parents=True)
    for name in ("regulations.yaml", "terms.yaml"):
        shutil.copy(REPO / "catalog" / name, root / name)
    game = (HERE / "minimal_game.yaml").read_text("utf-8").replace('name_source: "000:378; 002:426"',
                                                                    'name_source: "000:378; 002:99426"', 1)
    (root / "euskadi/ruleta-francesa.yaml").write_text(game, "utf-8")
    with pytest.raises(BuildError) as error:
        load_catalog(root, REPO.parent / "shared" / "sources")
    lines = len((REPO.parent / "shared/sources/002_581f8635678876b3.txt").read_bytes().splitlines())
    assert [str(p) for p in error.value.problems] == [
        f"catalog/euskadi/ruleta-francesa.yaml:24: bets[0].name_source: 002:99426 is beyond the end of source 002 "
        f"({lines:,} lines)"]


def test_the_pdfs_subset_their_fonts_with_harfbuzz_on_every_machine() -> None:
    """Two machines write the same PDF bytes only if both subset fonts the same way: the build takes HarfBuzz-Subset
    (which make build and make test install) and refuses to lay out PDFs without it."""
    from types import SimpleNamespace

    from weasyprint.text import ffi

    from jokoak.render.sheets import _import_weasyprint, subsets_with_harfbuzz
    assert subsets_with_harfbuzz(ffi)
    assert _import_weasyprint() is not None
    assert not subsets_with_harfbuzz(SimpleNamespace(harfbuzz_subset=None, harfbuzz=ffi.harfbuzz))


@pytest.mark.parametrize(("text", "value"), [
    ("a: 012", "012"), ("a: 0x10", "0x10"), ("a: 190:20:30", "190:20:30"), ("a: yes", "yes"), ("a: on", "on"),
    ("a: 35:1", "35:1"), ("a: 2010-01-05", __import__("datetime").date(2010, 1, 5)), ("a: 12", 12), ("a: 2.5", 2.5),
])
def test_yaml_is_read_yaml_1_2_style(text: str, value: object) -> None:
    assert loads(text, "t.yaml") == {"a": value}


@pytest.mark.parametrize(("text", "message"), [
    ("a: !!omap [{b: 1}]", "t.yaml:1: (tag): YAML tags such as '!!omap' are not allowed in these files"),
    ("a: !custom {b: 1}", "t.yaml:1: (tag): YAML tags such as '!custom' are not allowed in these files"),
    ("a: !!seq [1]", "t.yaml:1: (tag): YAML tags such as '!!seq' are not allowed in these files"),
    ("true: 1", "t.yaml:1: (document): keys must be text or whole numbers, got True"),
    ("a: 2010-13-45", "t.yaml:1: a: '2010-13-45' is not a valid date (YYYY-MM-DD)"),
    ("a: b\n" + "c: " + "x" * 2_100_000, "t.yaml:1: (file): larger than 2,000,000 characters"),
    ("\n\nkey\nwith: 1\n", "t.yaml:4: (syntax): invalid YAML: mapping values are not allowed in this context"),
])
def test_yaml_that_no_input_may_hold_is_an_error_at_its_line(text: str, message: str) -> None:
    with pytest.raises(BuildError) as error:
        loads(text, "t.yaml")
    assert [str(p) for p in error.value.problems] == [message]


def test_a_long_or_multiline_value_gives_a_short_error_on_one_line() -> None:
    with pytest.raises(BuildError) as error:
        loads(f'a: 1\n"b\\nc{"x" * 5000}": 1\na: 2\n', "t.yaml")
    lines = str(error.value).splitlines()
    assert len(lines) == 1 and len(lines[0]) < 200, lines
