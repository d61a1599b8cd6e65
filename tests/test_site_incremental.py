"""A site built again from its kept build gives, byte for byte, the site built from nothing.

The sources are the real ones trimmed to a few pages (``tests/data/site/es``: the home, the regulation's index, a game
and its official text, two texts of the regulation, the page on the disposición adicional décima), with the real
conf.py, extensions, templates and interface catalogs. Each change is made to the kept site, built again, and
compared with a fresh build of the same sources in another folder, every file of the output. A change of a page's
words writes that page again (and its parent, and the index and search pages) and no other; a title, a page gone or
added, every page.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from jokoak.build import PROJECT_NAME, Project
from jokoak.errors import BuildError
from jokoak.i18n import load_translations
from jokoak.render import site, site_html
from jokoak.render.env import make_env

DATA = Path(__file__).parent / "data" / "site"
PROJECT = Project(Path(__file__).resolve().parents[1])
GAME = "euskadi/ruleta-de-la-fortuna.rst"
REGULATION = "euskadi/index.rst"
OFFICIAL = "euskadi/ruleta-de-la-fortuna-official.rst"


def _frame(src: Path, pages: list[str]) -> None:
    """conf.py, the style sheet and the interface catalogs, as the build writes them; a sheet in ``_extra``."""
    env = make_env(PROJECT.templates, "es", load_translations(PROJECT.locale), "rst")
    switch: list[dict[str, object]] = [{"lang": "eu", "label": site.SWITCH_LABELS["eu"], "pages": pages}]
    for relative, content in site.frame(env, "es", PROJECT.templates, PROJECT_NAME, switch).items():
        site.write_if_changed(src / relative, content)
    site.write_if_changed(src / "_extra" / "sheets" / "euskadi-ruleta-de-la-fortuna-es.pdf", b"%PDF-1.7 sheet\n")


def _edit(src: Path, relative: str, old: str, new: str) -> None:
    path = src / relative
    text = path.read_text("utf-8")
    assert old in text, (relative, old)
    path.write_text(text.replace(old, new), "utf-8")


def _body(src: Path) -> None:
    """A sentence of the game's page, with a word no other page has (its search entry must go)."""
    _edit(src, GAME, "lo que la normativa dice del cilindro", "lo que la normativa dice de la rueda")


def _words_of_an_old_time(src: Path) -> None:
    """A page whose new words carry an old time (a copy, a checkout): Sphinx alone would not read it again."""
    _edit(src, GAME, "que ninguna apuesta favorece al jugador", "que ninguna apuesta da ventaja al jugador")
    os.utime(src / GAME, ns=(0, 0))


def _section(src: Path) -> None:
    """A heading inside the game's page (a worked example's title): the home's contents show it, not the other pages'
    navigation (it collapses what is not above the page)."""
    _edit(src, GAME, "15 posiciones que ganan\n~~~~~~~~~~~~~~~~~~~~~~~", "Quince posiciones que ganan\n"
          "~~~~~~~~~~~~~~~~~~~~~~~~~~~")


def _a_reference_to_a_section(src: Path) -> None:
    _edit(src, OFFICIAL, "\nRedacción oficial", "\n:ref:`euskadi-ruleta-de-la-fortuna-example-siete-gana`.\n\n"
          "Redacción oficial")


def _a_section_another_page_names(src: Path) -> None:
    """The reference of the official text shows the section's title: that page is written again too."""
    _edit(src, GAME, "7 posiciones que ganan\n~~~~~~~~~~~~~~~~~~~~~~", "Siete posiciones que ganan\n"
          "~~~~~~~~~~~~~~~~~~~~~~~~~~")


def _title(src: Path) -> None:
    """The game's title: every page's navigation shows it, the home's and the regulation's finders too."""
    _edit(src, GAME, "Ruleta de la fortuna (Euskadi, 2010)\n====================================",
          "Rueda de la suerte (Euskadi, 2010)\n==================================")
    for relative in ("index.rst", REGULATION):
        _edit(src, relative, ">Ruleta de la fortuna<", ">Rueda de la suerte<")


def _nothing(src: Path) -> None:
    pass


def _page_gone(src: Path) -> None:
    (src / "euskadi" / "torneos.rst").unlink()
    _edit(src, REGULATION, "   torneos\n", "")
    _edit(src, REGULATION, '<a href="torneos.html">', '<a href="preambulo.html">')


def _page_added(src: Path) -> None:
    shutil.copy(DATA / "added" / "disposicion-final.rst", src / "euskadi" / "disposicion-final.rst")
    _edit(src, REGULATION, "   funcionamiento-de-las-mesas-de-juego\n",
          "   funcionamiento-de-las-mesas-de-juego\n   disposicion-final\n")


def _an_index_entry(src: Path) -> None:
    _edit(src, OFFICIAL, "\nRedacción oficial", "\n.. index:: single: rueda\n\nRedacción oficial")


def _words_beside_an_index_entry(src: Path) -> None:
    """Sphinx's search index keeps the index entries of the pages it writes only: every page is written."""
    _edit(src, GAME, "de la rueda", "del cilindro")


def _sheet_gone(src: Path) -> None:
    (src / "_extra" / "sheets" / "euskadi-ruleta-de-la-fortuna-es.pdf").unlink()


def _conf(src: Path) -> None:
    _frame(src, ["index", "decima"])  # the other language's site has other pages: conf.py changes


# (what changes, whether the kept build is used, whether every page is written again)
CHANGES: list[tuple[Callable[[Path], None], bool, bool]] = [
    (_body, True, False), (_words_of_an_old_time, True, False), (_section, True, False),
    (_a_reference_to_a_section, True, False), (_a_section_another_page_names, True, False), (_title, True, True),
    (_nothing, True, False),
    (_page_gone, True, True), (_page_added, True, True), (_an_index_entry, True, True),
    (_words_beside_an_index_entry, True, True), (_sheet_gone, False, True), (_conf, False, True)]


def _output(out: Path) -> dict[str, bytes]:
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()}


def _times(out: Path) -> dict[str, int]:
    """When each page of ``out`` was written."""
    return {path.relative_to(out).as_posix(): path.stat().st_mtime_ns for path in out.rglob("*.html")}


@pytest.fixture
def kept(tmp_path: Path) -> tuple[Path, Path, Path]:
    src = tmp_path / "kept" / "src"
    shutil.copytree(DATA / "es", src)
    _frame(src, ["index", "decima", "euskadi/index"])
    return src, tmp_path / "kept" / "doctrees", tmp_path / "kept" / "html"


def test_a_site_built_again_is_the_site_built_from_nothing(kept: tuple[Path, Path, Path], tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    src, _doctrees, out = kept
    prepared: list[bool] = []
    prepare = site_html.prepare
    monkeypatch.setattr(site_html, "prepare", lambda *build: prepared.append(prepare(*build)) or prepared[-1])
    site_html.build_html([kept])
    assert prepared == [False]
    for change, incremental, every_page in CHANGES:
        change(src)
        fresh = tmp_path / change.__name__.strip("_")
        shutil.copytree(src, fresh / "src")
        prepared.clear()
        before = _times(out)
        site_html.build_html([kept, (fresh / "src", fresh / "doctrees", fresh / "html")])
        built, expected = _output(out), _output(fresh / "html")
        assert built.keys() == expected.keys(), change.__name__
        assert [name for name in built if built[name] != expected[name]] == [], change.__name__
        assert prepared == [incremental, False], change.__name__
        after = _times(out)
        pages = set(after) - {"genindex.html", "search.html"}  # written by every build
        written = {page for page in pages if before.get(page) != after[page]}
        assert (written == pages) == every_page, (change.__name__, written)
        assert site_html.is_current(*kept)


def test_a_failed_or_interrupted_build_is_not_kept(kept: tuple[Path, Path, Path]) -> None:
    src, doctrees, out = kept
    site_html.build_html([kept])
    _edit(src, GAME, "dice del cilindro", "dice del cilindro :ref:`nowhere`")
    with pytest.raises(BuildError, match="nowhere"):
        site_html.build_html([kept])
    assert not out.exists() and not doctrees.exists()
    _edit(src, GAME, " :ref:`nowhere`", "")
    site_html.build_html([kept])
    assert site_html.is_current(*kept)
    site_html.prepare(*kept)  # a build that starts and never ends
    assert not site_html.is_current(*kept)
    assert not site_html.prepare(*kept)


def test_the_progress_of_sphinx_lines() -> None:
    tracker = site_html.Tracker(pages=100)
    assert tracker.fraction == 0.0
    tracker.feed("updating environment: 0 added, 2 changed, 0 removed")
    tracker.feed("reading sources... [ 50%] euskadi/index")
    halfway = tracker.fraction
    tracker.feed("reading sources... [100%] index")
    read = tracker.fraction
    tracker.feed("writing output... [ 50%] euskadi/index")
    tracker.feed("writing output... [ 40%] decima")  # never backwards
    written = tracker.fraction
    assert 0 < halfway < read < written < 1.0
    assert read == pytest.approx(2 * site_html.READ_COST / (2 * site_html.READ_COST + 100 * site_html.WRITE_COST))
    tracker.feed("writing output...")  # the catalogs' phase, without a share: not the pages'
    tracker.feed("writing output... [100%] search")
    assert tracker.fraction == 1.0


def test_the_progress_of_all_builds(kept: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Read from Sphinx's lines in English and without colours, whatever the environment asks for."""
    for name, value in (("LANGUAGE", "es"), ("LC_ALL", "C.UTF-8"), ("FORCE_COLOR", "1")):
        monkeypatch.setenv(name, value)
    seen: list[float] = []
    site_html.build_html([kept], seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(set(seen)) > 5


def test_a_failing_progress_stops_the_build_and_keeps_nothing(kept: tuple[Path, Path, Path]) -> None:
    def progress(share: float) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        site_html.build_html([kept], progress)
    assert not site_html.is_current(*kept)


def test_what_a_kept_build_was_built_with(kept: tuple[Path, Path, Path], tmp_path: Path) -> None:
    """The HTML templates conf.py names, conf.py and the interface catalogs are in the key; the pages are not."""
    src = kept[0]
    templates = tmp_path / "templates"
    shutil.copytree(PROJECT.templates / "site" / "_templates", templates)
    conf = src / "conf.py"
    conf.write_text(conf.read_text("utf-8").replace(str(PROJECT.templates / "site" / "_templates"), str(templates)),
                    "utf-8")
    keys = [site_html.kept_key(src)]
    _body(src)
    assert site_html.kept_key(src) == keys[-1]
    for path in (templates / "layout.html", src / "_locale" / "es" / "LC_MESSAGES" / "sphinx.mo", conf):
        path.write_bytes(path.read_bytes() + b"\n")
        keys.append(site_html.kept_key(src))
    assert len(set(keys)) == 4
