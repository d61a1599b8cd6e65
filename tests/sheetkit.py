"""What the tests of the player sheets share: the catalogue and the two sample casinos, the sheet environments,
the engine's facts of a game (kept on disk across runs), a sheet's HTML and its words as a reader sees them,
and the marks of legal material a player sheet must not carry."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import re
import tempfile
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import jinja2
from babel.messages.pofile import read_po

from jokoak.build import cached_facts, variants
from jokoak.catalog import load_catalog
from jokoak.config import SAMPLES, Config, Table, load_config
from jokoak.facts import GameFacts, same_game_elsewhere
from jokoak.i18n import LANGUAGES, StrictTranslations
from jokoak.render.env import make_env
from jokoak.render.sheets import Sheet, sheet_examples, sheet_html

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")
GAMES = {game.key: game for game in CATALOG.games}
EUSKADI = load_config(None, CATALOG)
EXTREMADURA = load_config(SAMPLES / "extremadura.yaml", CATALOG)

# What a player sheet never says: house edges and exact fractions (a decree's «181/2010» is none), marks of our
# own text, readings and gaps of the text, errata.
LEGAL = [
    re.compile(r"\b\d+/(?!(?:19|20)\d\d\b)\d{2,}\b"),
    re.compile(r"edge|ventaja|abantail", re.I),
    re.compile(r"texto propio|our own text|testu propio|gure testua|sin fuente oficial|iturri ofizialik", re.I),
    re.compile(r"regulation does not say|regulation sets no|reglamento no|normativa no|araudiak ez|regla de la casa"
               r"|rule of the house|etxearen araua", re.I),
    re.compile(r"as printed|tal como está impreso|inprimatuta dagoen|el texto dice|las fuentes no|iturriek ez", re.I),
]


def legal(words: str) -> str | None:
    """The first mark of legal material in a sheet's words, if any."""
    found = next((pattern.search(words) for pattern in LEGAL if pattern.search(words)), None)
    return found.group(0) if found else None


@cache
def envs() -> dict[str, jinja2.Environment]:
    """The sheet environments, over the catalogs as they are: a message a sheet uses and the catalogs lack fails
    the render (strict gettext); the check of the whole POT against them is the build's."""
    translations = {}
    for lang in LANGUAGES:
        path = REPO / "locale" / lang / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as handle:
            translations[lang] = StrictTranslations(lang, read_po(handle, locale=lang), str(path))
    return {lang: make_env(REPO / "templates", lang, translations, "html") for lang in LANGUAGES}


@cache
def facts(key: str) -> GameFacts:
    """The engine's facts, kept across runs (some games' exact edges take seconds) under a key of the package's
    source but the renderers, which facts do not depend on: any change to the rest recomputes them."""
    package = hashlib.sha256()
    for path in sorted((REPO / "jokoak").rglob("*.py")):
        if "render" not in path.relative_to(REPO / "jokoak").parts:
            package.update(path.read_bytes())
    game = GAMES[key]
    return cached_facts(game, same_game_elsewhere(game, CATALOG.games), package.hexdigest(),
                        Path(tempfile.gettempdir()) / "jokoak-test-sheets")


def table(config: Config, table_id: str) -> Table:
    return next(t for t in config.tables if t.id == table_id)


def offering(at: Table, items: tuple[str, ...] = (), not_offered: tuple[str, ...] = ()) -> Table:
    """The same table, offering only ``items`` of its optional bets and rules, and not taking ``not_offered``."""
    choices = {**at.choices, "offers": items} if "offers" in at.choices else at.choices
    return dataclasses.replace(at, choices=choices, not_offered=frozenset(not_offered))


def sheet(key: str, at: Table | None, casino: str | None = None) -> Sheet:
    found = facts(key)
    return Sheet(found, at, casino, dt.date(2026, 1, 1), sheet_examples(found, at))


def html(key: str, at: Table | None, langs: tuple[str, ...] = ("es",), casino: str | None = None) -> str:
    return sheet_html(envs(), sheet(key, at, casino), langs, "fonts")


class Text(HTMLParser):
    """The text of an HTML page, outside <style>."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.style = tag == "style" or self.style

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self.style = False

    def handle_data(self, data: str) -> None:
        if not self.style:
            self.parts.append(data)


def text(page: str) -> str:
    """The words of a page as a reader sees them, spaces made plain."""
    parser = Text()
    parser.feed(page)
    return " ".join(" ".join(parser.parts).replace("\u00a0", " ").replace("\u202f", " ").split())


def every_sheet(tables: list[tuple[Config, str]], games: tuple[str, ...]
                ) -> list[tuple[str, str, Table | None, tuple[str, ...]]]:
    """(name, game key, table or None, languages) of every sheet of ``tables`` and of the model sheets of
    ``games``, in each language of its regulation and side by side."""
    found: list[tuple[str, str, Table | None, tuple[str, ...]]] = []
    for config, table_id in tables:
        at = table(config, table_id)
        for langs in variants(GAMES[at.game].languages):
            found.append((f"{config.regulation.id} {table_id} {'-'.join(langs)}", at.game, at, langs))
    for key in games:
        for langs in variants(GAMES[key].languages):
            found.append((f"{key} {'-'.join(langs)}", key, None, langs))
    return found
