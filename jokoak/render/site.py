"""The Sphinx site of one language: reST sources written from templates, then the HTML.

Sources and the built site live in a cache folder that survives between builds; a source file is
rewritten only when its text changes, and a site whose sources did not change is not built again. The HTML is
built by :mod:`jokoak.render.site_html`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
import shutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from ..facts import GameFacts, bet_names, same_game_elsewhere
from ..models import Catalog, Citation, Document, Game, Regulation, RegulationPart
from ..texts import DECIMA, decima
from .sheets import Sheet, model_sections
from .sphinx_strings import sphinx_catalog, sphinx_js

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
    """The page names of the ``lang`` site: every regulation and game, those of a regulation without ``lang`` as a
    page that says so and links to the page in the regulation's language; official texts only in their languages."""
    found = ["index", *SPECIAL_PAGES, *(["decima"] if decima(catalog.texts) else [])]
    for regulation in catalog.regulations.values():
        found.append(f"{regulation.id}/index")
        for game in (g for g in catalog.games if g.regulation.id == regulation.id):
            found.append(f"{regulation.id}/{game.id}")
            if lang in regulation.languages:
                found.append(f"{regulation.id}/{game.id}-official")
        found += [f"{regulation.id}/{text.id}" for text in catalog.texts if text.regulation.id == regulation.id]
    return found


Contents = list[tuple[RegulationPart | None, list[Document]]]


def table_of_contents(regulation: Regulation, documents: Iterable[Document]) -> Contents:
    """The regulation's documents (games and texts) in the order of its source lines, grouped under the parts of its
    structure (``Regulation.contents``), a document under the part that holds its first cited line; the parts in
    their order, those without a document left out; the documents no part holds last, under None."""
    def first(document: Document) -> Citation:
        return min(document.source, key=lambda c: (regulation.sources.index(c.source), c.first))

    def part_of(document: Document) -> RegulationPart | None:
        return next((p for p in regulation.contents if p.holds(first(document))), None)

    ordered = sorted(documents, key=lambda d: (regulation.sources.index(first(d).source), first(d).first))
    found: Contents = []
    for part in (*regulation.contents, None):
        mine = [d for d in ordered if part_of(d) is part]
        if mine:
            found.append((part, mine))
    return found


def extensions_digest() -> str:
    """The hash of the Sphinx extensions' code (search, stemming, layout): written into conf.py, so that a site whose
    sources did not change is built again when they do."""
    package = PACKAGE_PARENT / "jokoak"
    digest = hashlib.sha256()
    for name in ("sphinx_ext.py", "sphinx_layout.py", "stemming.py"):
        digest.update((package / name).read_bytes())
    return digest.hexdigest()[:16]


def pdf_name(game: Game, langs: tuple[str, ...]) -> str:
    """A sheet's file name on the site, naming regulation, game and languages: ``euskadi-ruleta-francesa-es-eu.pdf``."""
    return f"{game.regulation.id}-{game.id}-{'-'.join(langs)}.pdf"


@dataclass(frozen=True)
class Part:
    """A section of a game's player sheet as its site page shows it: the heading (None: under the previous one)
    and the section's HTML without it."""

    heading: str | None
    html: Markup


_HEADED = re.compile(r"\s*(<section[^>]*>)\s*<h2>(.*?)</h2>", re.S)


def sheet_parts(env: jinja2.Environment, facts: GameFacts, lang: str, day: dt.date) -> list[Part]:
    """The model sheet's sections in ``lang``, without its examples (the page explains each one)."""
    parts = []
    for _kind, html in model_sections(env, Sheet(facts, None, None, day, ()), lang):
        headed = _HEADED.match(html)
        if headed:
            parts.append(Part(Markup(headed.group(2)).striptags(), Markup(headed.group(1)) + html[headed.end():]))
        else:
            parts.append(Part(None, html))
    return parts


def finder_rows(catalog: Catalog) -> list[list[Game]]:
    """The games by row of the finder: a game with the same game of the other regulations, and with its other
    versions (``ruleta-1977`` and ``ruleta-1979``), in the catalogue's order."""
    rows: list[list[Game]] = []
    for game in catalog.games:
        row = next((r for r in rows if any(_same_row(game, other) for other in r)), None)
        if row is None:
            rows.append([game])
        else:
            row.append(game)
    return rows


def _same_row(game: Game, other: Game) -> bool:
    """Whether the finder shows two games in one row: two versions of a game of one regulation (``ruleta-1977``,
    ``ruleta-1979``), or, across regulations, the same game as the catalogue relates them (the lint's
    :func:`same_game_elsewhere`) or under the same words in any order («Boule o Bola», «Bola o boule»)."""
    if game.regulation.id == other.regulation.id:
        return _VERSIONED.sub("", game.id) == _VERSIONED.sub("", other.id) and game.id != other.id
    return bool(same_game_elsewhere(game, [other])) or _words(game) == _words(other)


def _words(game: Game) -> frozenset[str]:
    return frozenset(re.findall(r"\w+", game.name["es"].lower()))


_VERSIONED = re.compile(r"-(19|20)\d\d$")


def replacement(game: Game, catalog: Catalog) -> Game | None:
    """The game that replaced a superseded one: the same game in the version that replaced its text."""
    if game.superseded_by is None:
        return None
    return next((g for g in catalog.games if g.regulation.id == game.regulation.id and g.version.id ==
                 game.superseded_by.id and _same_row(game, g)), None)


def frame(env: jinja2.Environment, lang: str, templates: Path, project: str,
          switch: Sequence[Mapping[str, object]]) -> dict[str, str | bytes]:
    """The files of the ``lang`` site that are not pages, by path: conf.py, the style sheet, the interface catalogs.
    ``switch`` is the other languages' labels and pages, for the language switch."""
    return {
        "_static/custom.css": (templates / "site" / "custom.css").read_text("utf-8"),
        "conf.py": env.get_template("site/conf.py.jinja").render(
            project=project, copyright=project, templates_path=str(templates / "site" / "_templates"),
            switch=switch, extensions=extensions_digest()),
        f"_locale/{lang}/LC_MESSAGES/sphinx.mo": sphinx_catalog(lang),
        f"_locale/{lang}/LC_MESSAGES/sphinx.js": sphinx_js(lang),
    }


def write_sources(src: Path, env: jinja2.Environment, html_env: jinja2.Environment, lang: str, catalog: Catalog,
                  facts: dict[str, GameFacts], data: dict[str, Any], downloads: Downloads, templates: Path,
                  project: str, day: dt.date, drafts: dict[str, tuple[str, ...]] | None = None,
                  kept: tuple[Path, dict[str, str]] | None = None) -> bool:
    """Write the reST sources and conf.py of the ``lang`` site into ``src``, removing stale files.

    ``env`` is the reST environment of ``lang``, ``html_env`` the HTML one (the sheet's sections, the finder, the
    download buttons); ``data`` the data document of each game, by key (its house edges); ``drafts`` the languages
    each regulation text is a draft in (``texts.draft_languages``), whose page says so; ``kept``: a folder where each
    game's page is kept, and each game's key (everything its outputs depend on, :func:`jokoak.build.game_key`): a
    page is rendered again only when its game's key, or what else it shows, changed. Returns whether any file changed
    (or went away).
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
    for relative, content in frame(env, lang, templates, project, switch).items():
        put(relative, content)
    pdfs: dict[str, list[dict[str, object]]] = {game.key: [] for game in catalog.games}
    for game in catalog.games:
        for langs, pdf in downloads.get(game.key, []):
            put(f"_extra/sheets/{pdf_name(game, langs)}", pdf.read_bytes())
            pdfs[game.key].append({"langs": langs, "name": pdf_name(game, langs)})
    regulations = list(catalog.regulations.values())

    def finder(regulations: list[Regulation], rows: list[list[Game]], depth: str) -> str:
        return html_env.get_template("site/finder.html.jinja").render(
            regulations=regulations, rows=rows, pdfs=pdfs, depth=depth, replacement=lambda g: replacement(g, catalog))

    duty = decima(catalog.texts)  # the disposición adicional décima: a page of its own, linked from every game's
    put("index.rst", env.get_template("site/index.rst.jinja").render(
        regulations=regulations, finder=finder(regulations, finder_rows(catalog), ""), decima=bool(duty)))
    if duty:
        part = next((p for p in duty[0].regulation.contents if p.holds(DECIMA)), None)
        put("decima.rst", env.get_template("site/decima.rst.jinja").render(
            text=duty[0], section=duty[1], regulations=regulations, part=part))
    for regulation in regulations:
        games = [g for g in catalog.games if g.regulation.id == regulation.id]
        texts = [t for t in catalog.texts if t.regulation.id == regulation.id]
        put(f"{regulation.id}/index.rst", env.get_template("site/regulation.rst.jinja").render(
            regulation=regulation, games=games, texts=texts, finder=finder([regulation], [[g] for g in games], "../"),
            contents=table_of_contents(regulation, [*games, *texts])))
        for text in texts:
            put(f"{regulation.id}/{text.id}.rst", env.get_template("site/text.rst.jinja").render(
                text=text, sections=text.sections(), draft=lang in (drafts or {}).get(text.key, ())))
        for game in games:
            buttons = html_env.get_template("site/downloads.html.jinja").render(game=game, pdfs=pdfs[game.key])
            if lang not in regulation.languages:
                put(f"{regulation.id}/{game.id}.rst", env.get_template("site/elsewhere.rst.jinja").render(
                    game=game, buttons=buttons, replaced_by=replacement(game, catalog)))
                continue
            replaced_by, hall_rules = replacement(game, catalog), _hall_rules(catalog, game)
            draft = lang in (drafts or {}).get(game.key, ())

            def page(game: Game = game, replaced_by: Game | None = replaced_by, hall_rules: Any = hall_rules,
                     draft: bool = draft, buttons: str = buttons) -> str:
                return env.get_template("site/game.rst.jinja").render(
                    game=game, facts=facts[game.key], table=None, buttons=buttons, names=bet_names(game, lang),
                    parts=sheet_parts(html_env, facts[game.key], lang, day), replaced_by=replaced_by,
                    bets=data[game.key]["bets"], decima=bool(duty), draft=draft, hall_rules=hall_rules)

            key = None if kept is None else hashlib.sha256(repr(
                (kept[1][game.key], lang, buttons, replaced_by and replaced_by.digest, repr(hall_rules), bool(duty),
                 draft)).encode()).hexdigest()
            put(f"{regulation.id}/{game.id}.rst", page() if kept is None or key is None else
                _kept_page(kept[0] / f"{key}.rst", page))
            put(f"{regulation.id}/{game.id}-official.rst", env.get_template("site/official.rst.jinja").render(
                game=game, sections=game.sections(), draft=lang in (drafts or {}).get(game.key, ())))
    for stale in sorted(p for p in src.rglob("*") if p.is_file() and p not in written):
        stale.unlink()
        changed = True
    return changed


def _kept_page(path: Path, render: Callable[[], str]) -> str:
    """The page kept at ``path``, else rendered and kept there."""
    try:
        return path.read_text("utf-8")
    except OSError:
        pass
    text = render()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    partial.write_text(text, "utf-8")
    partial.replace(path)
    return text


def _hall_rules(catalog: Catalog, game: Game) -> Any:
    """What the regulation says of a bingo hall, on its bingo game's page (None on every other page)."""
    rules = catalog.halls.get(game.regulation.id)
    return rules if rules is not None and rules.game == game.key else None


def copy_tree(source: Path, target: Path, skip: Iterable[str] = (".buildinfo*", ".doctrees"),
              previous: Path | None = None) -> None:
    """Copy ``source`` to ``target``, the files' times kept; a file that the previous build's copy of it
    (``previous``) has with the same size and time is linked from there instead: it was not written since that copy
    (Sphinx writes a page it builds again in place, at a new time). Never a link into ``source``, which the next
    Sphinx build writes into."""
    def copy(path: str, to: str) -> object:
        if previous is not None:
            old = previous / Path(path).relative_to(source)
            try:
                now, then = os.stat(path), os.stat(old)
                if (now.st_size, now.st_mtime_ns) == (then.st_size, then.st_mtime_ns):
                    os.link(old, to)
                    return to
            except OSError:
                pass  # not in the previous build, or no links here: a copy
        return shutil.copy2(path, to)

    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*skip), copy_function=copy)


def landing(envs: dict[str, jinja2.Environment]) -> str:
    """The root of the built site: the two languages, each offered in its own words."""
    parts = [envs[lang].get_template("site/landing-offer.html.jinja").module for lang in SWITCH_LABELS]
    return envs["es"].get_template("site/landing.html.jinja").render(
        names=[part.name() for part in parts], offers=[part.offer() for part in parts])  # type: ignore[attr-defined]
