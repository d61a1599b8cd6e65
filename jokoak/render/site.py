"""The Sphinx site of one language: reST sources written from templates, then the HTML.

Sources and the built site live in a cache folder that survives between builds; a source file is
rewritten only when its text changes, and a site whose sources did not change is not built again.
The HTML is built with warnings as errors.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import jinja2

from ..errors import BuildError, Problem
from ..facts import GameFacts, bet_names
from ..models import Catalog

PACKAGE_PARENT = Path(__file__).resolve().parents[2]
Downloads = dict[str, list[tuple[tuple[str, ...], Path]]]  # game key -> (languages, PDF) of each sheet
SWITCH_LABELS = {"es": "En castellano", "eu": "Euskaraz"}
SPECIAL_PAGES = ("genindex", "search")


def write_if_changed(path: Path, data: str | bytes) -> bool:
    """Write ``data`` unless the file already holds exactly that; True when written."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if path.is_file() and path.read_bytes() == raw:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return True


def pages(catalog: Catalog, lang: str) -> list[str]:
    """The page names of the ``lang`` site."""
    found = ["index", *SPECIAL_PAGES]
    for regulation in catalog.regulations.values():
        if lang not in regulation.languages:
            continue
        games = [g for g in catalog.games if g.regulation.id == regulation.id]
        found.append(f"{regulation.id}/index")
        for game in games:
            found += [f"{regulation.id}/{game.id}", f"{regulation.id}/{game.id}-official"]
    return found


def write_sources(src: Path, env: jinja2.Environment, lang: str, catalog: Catalog,
                  facts: dict[str, GameFacts], downloads: Downloads,
                  templates: Path, project: str) -> bool:
    """Write the reST sources and conf.py of the ``lang`` site into ``src``, removing stale files.

    Returns whether any file changed (or went away).
    """
    written: set[Path] = set()
    changed = False

    def put(relative: str, data: str | bytes) -> None:
        nonlocal changed
        path = src / relative
        changed |= write_if_changed(path, data)
        written.add(path)

    others = [other for other in SWITCH_LABELS if other != lang]
    switch = [{"lang": other, "label": SWITCH_LABELS[other], "pages": pages(catalog, other)} for other in others]
    put("_static/custom.css", (templates / "site" / "custom.css").read_text("utf-8"))
    put("conf.py", env.get_template("site/conf.py.jinja").render(
        project=project, copyright=project, templates_path=str(templates / "site" / "_templates"),
        switch=switch))
    regulations = [r for r in catalog.regulations.values() if lang in r.languages]
    put("index.rst", env.get_template("site/index.rst.jinja").render(regulations=regulations))
    for regulation in regulations:
        games = [g for g in catalog.games if g.regulation.id == regulation.id]
        put(f"{regulation.id}/index.rst", env.get_template("site/regulation.rst.jinja").render(
            regulation=regulation, games=games))
        for game in games:
            links = []
            for langs, pdf in downloads.get(game.key, []):
                relative = f"_sheets/{game.regulation.id}/{pdf.name}"
                put(relative, pdf.read_bytes())
                links.append({"langs": langs, "path": f"../{relative}"})
            names_by_id = bet_names(game, lang)
            put(f"{regulation.id}/{game.id}.rst", env.get_template("site/game.rst.jinja").render(
                game=game, facts=facts[game.key], downloads=links, names=names_by_id))
            put(f"{regulation.id}/{game.id}-official.rst", env.get_template("site/official.rst.jinja").render(
                game=game, sections=game.sections()))
    for stale in sorted(p for p in src.rglob("*") if p.is_file() and p not in written):
        stale.unlink()
        changed = True
    return changed


def build_html(builds: list[tuple[Path, Path, Path]]) -> None:
    """Run Sphinx (HTML, warnings as errors) for each ``(src, doctrees, out)``, all at once.

    Each site is built in its own process: Sphinx keeps the first language's interface
    translations for the life of a process, so a Basque site built after a Spanish one in the same
    process would show Spanish menus. Each build starts from nothing: an incremental Sphinx build
    leaves stale navigation on unchanged pages and stale words in the search index, so its
    output would differ from a fresh build of the same sources.
    """
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PACKAGE_PARENT), os.environ.get("PYTHONPATH", "")])}
    running = []
    for src, doctrees, out in builds:
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(doctrees, ignore_errors=True)
        command = [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q", "-d", str(doctrees),
                   str(src), str(out)]
        running.append((src, out, subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                                   text=True, env=env)))
    problems = []
    for src, out, process in running:
        output, _ = process.communicate()
        if process.returncode:
            shutil.rmtree(out, ignore_errors=True)  # never reuse a half-built site
            lines = [line for line in output.splitlines() if "WARNING" in line or "ERROR" in line]
            problems += [Problem(str(src), 1, "sphinx", line) for line in lines[:20]]
            problems += [] if lines else [Problem(str(src), 1, "sphinx", f"Sphinx failed: {output.strip()[-500:]}")]
    if problems:
        raise BuildError(problems)


def copy_tree(source: Path, target: Path, skip: Iterable[str] = (".buildinfo*", ".doctrees")) -> None:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*skip))
