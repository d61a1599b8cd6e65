"""The engine's facts are cached by what they depend on, and a cache that cannot be read is recomputed."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_bad_input import HERE, make_project

from jokoak import catalog, kept, yamlsrc
from jokoak.catalog import Played, load_catalog
from jokoak.cli import main
from jokoak.errors import BuildError
from jokoak.games import families
from jokoak.kept import UNCHANGED
from jokoak.render import site
from jokoak.render.sheets import PdfJob, write_pdfs

CATALOG = load_catalog(Path(__file__).resolve().parents[1] / "catalog")
GAME = next(game for game in CATALOG.games if game.key == "euskadi/punto-y-banca")


def test_cached_facts_are_reused_until_what_they_depend_on_changes(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    first = kept.cached_facts(GAME, [], "shared", tmp_path)
    assert len(list((tmp_path / "facts").glob("*.pickle"))) == 1

    def recompute(*_: object) -> None:
        raise AssertionError("the facts were computed again")

    with monkeypatch.context() as patched:
        patched.setattr(kept, "game_facts", recompute)
        again = kept.cached_facts(GAME, [], "shared", tmp_path)
    assert again == first and again.game is GAME
    kept.cached_facts(GAME, [], "the package changed", tmp_path)
    assert len(list((tmp_path / "facts").glob("*.pickle"))) == 2


def test_a_cache_file_that_cannot_be_read_is_computed_again(tmp_path: Path) -> None:
    first = kept.cached_facts(GAME, [], "shared", tmp_path)
    [path] = (tmp_path / "facts").glob("*.pickle")
    path.write_bytes(b"not a pickle")
    assert kept.cached_facts(GAME, [], "shared", tmp_path) == first
    assert path.read_bytes() != b"not a pickle"


def test_the_worked_examples_are_played_once_per_content_of_the_game_and_the_engine(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "project"
    make_project(root, HERE / "minimal_game.yaml")
    played: list[str] = []
    family = families()["roulette"]

    def counting(*args: Any, **kwargs: Any) -> Any:
        played.append("x")
        return family.play(*args, **kwargs)

    patched = {**families(), "roulette": replace(family, play=counting)}
    monkeypatch.setattr(catalog, "families", lambda: patched)
    kept = Played(tmp_path / "examples")
    load_catalog(root / "catalog", None, kept)
    assert played and not list((tmp_path / "examples").glob("*"))  # written only once the build read all it reads
    kept.save()
    count = len(played)
    load_catalog(root / "catalog", None, Played(tmp_path / "examples"))
    assert len(played) == count, "an example of an unchanged game was played again"
    game = root / "catalog" / "euskadi" / "ruleta-francesa.yaml"
    game.write_text(game.read_text("utf-8") + "# edited\n", "utf-8")
    load_catalog(root / "catalog", None, Played(tmp_path / "examples"))
    assert len(played) == 2 * count, "the game changed: its examples are played again"


def test_a_parsed_file_is_kept_until_its_text_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[str] = []
    parse = yamlsrc._parse
    monkeypatch.setattr(yamlsrc, "_parse", lambda text, file: parsed.append(file) or parse(text, file))
    yamlsrc.keep_parsed(tmp_path / "parsed")
    try:
        first = yamlsrc.loads("a: 1\nb: [x, y]\n", "f.yaml")
        yamlsrc.save_parsed()
        again = yamlsrc.loads("a: 1\nb: [x, y]\n", "f.yaml")
        assert again == first and again.line_of("b") == first.line_of("b") == 2 and parsed == ["f.yaml"]
        yamlsrc.loads("a: 2\n", "f.yaml")
        assert parsed == ["f.yaml", "f.yaml"]
        with pytest.raises(BuildError):
            yamlsrc.loads("a: [\n", "f.yaml")  # a problem is never kept: reported again each time
    finally:
        yamlsrc.keep_parsed(None)


def test_the_build_says_its_stages_and_their_times_and_quiet_says_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "project"
    make_project(root, HERE / "minimal_game.yaml")
    options = ["--root", str(root), "--out", str(tmp_path / "out"), "--cache", str(tmp_path / "cache"),
               "--config", str(HERE / "minimal_config.yaml")]
    assert main([*options, "--date", "2026-01-01"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0] == "Reading the catalogue, the approvals, the messages and the configuration…"
    assert "Laying out the PDFs… 0/" in "\n".join(said)
    assert said[-1].split()[0] == "total"
    pdfs = next(index for index, line in enumerate(said) if line.startswith("  Laying out the PDFs  "))
    assert said[pdfs + 1].startswith("    Writing the review for the legal team")  # beside them, below them
    stages = said[said.index(next(line for line in said if line.startswith("built "))) + 1:-1]
    assert [line.split("  ")[1].strip() for line in stages][:2] == [
        "Reading the catalogue, the approvals, the messages and the configuration",
        "Computing the engine's facts of each game"]
    assert main([*options, "--date", "2026-01-02", "--quiet"]) == 0  # another date: every sheet laid out again
    assert capsys.readouterr().out == ""
    assert main([*options, "--date", "2026-01-02"]) == 0
    first, last = capsys.readouterr().out.splitlines()
    out = re.escape(str(tmp_path / "out"))
    assert first == f"{UNCHANGED}…" and re.fullmatch(rf"{out} is up to date \(\d+\.\d s\)", last)


def test_a_sheet_laid_out_once_is_copied_from_the_store_until_its_html_changes(tmp_path: Path) -> None:
    def job(text: str, name: str) -> PdfJob:
        html = f'<html lang="es"><head><title>t</title></head><body><p lang="es">{text}</p></body></html>'
        return PdfJob((html, html.replace(text, text + "!")), tmp_path, tmp_path / name)

    store = tmp_path / "store"
    assert write_pdfs([job("Uno", "a")], [], kept=store) == [tmp_path / "a"]
    assert write_pdfs([job("Uno", "b")], [], kept=store) == []  # the same HTMLs elsewhere: copied
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert (tmp_path / "a.html").read_text("utf-8") == (tmp_path / "b.html").read_text("utf-8")
    assert write_pdfs([job("Dos", "b")], [], kept=store) == [tmp_path / "b"]  # another text: laid out
    assert b"Dos" not in (tmp_path / "a.html").read_bytes() and "Dos" in (tmp_path / "b.html").read_text("utf-8")


def test_the_sites_are_copied_in_linking_what_the_previous_build_has_as_it_is(tmp_path: Path) -> None:
    """A page Sphinx did not write again is linked from the previous build; one it wrote again (in place, at a new
    time, even to the same size) is copied; nothing is ever linked to the kept site, which Sphinx writes into."""
    kept_site, previous, new = tmp_path / "kept", tmp_path / "previous", tmp_path / "new"
    (kept_site / "euskadi").mkdir(parents=True)
    for name in ("index.html", "euskadi/ruleta.html"):
        (kept_site / name).write_text(f"<p>{name}</p>", "utf-8")
    site.copy_tree(kept_site, previous)
    page = kept_site / "euskadi" / "ruleta.html"
    with page.open("r+", encoding="utf-8") as rewritten:  # as Sphinx writes a page: the same file, a new time
        rewritten.write("<P>")
    later = page.stat().st_mtime_ns + 1_000_000_000
    os.utime(page, ns=(later, later))
    (kept_site / "new.html").write_text("<p>new</p>", "utf-8")
    site.copy_tree(kept_site, new, previous=previous)
    assert (new / "index.html").stat().st_ino == (previous / "index.html").stat().st_ino
    assert (new / "euskadi" / "ruleta.html").read_text("utf-8") == "<P>euskadi/ruleta.html</p>"
    assert (new / "euskadi" / "ruleta.html").stat().st_ino != (previous / "euskadi" / "ruleta.html").stat().st_ino
    assert (new / "new.html").read_text("utf-8") == "<p>new</p>"
    inodes = {path.stat().st_ino for path in kept_site.rglob("*") if path.is_file()}
    assert not inodes & {path.stat().st_ino for path in new.rglob("*") if path.is_file()}
