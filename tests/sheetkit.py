"""What the tests of the player sheets share: the catalogue and the two sample casinos, the sheet environments,
the engine's facts of a game (kept on disk across runs), a sheet's HTML and its words as a reader sees them,
and the marks of legal material a player sheet must not carry."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import jinja2
from babel.messages.pofile import read_po

from jokoak.catalog import load_catalog
from jokoak.config import SAMPLES, Config, Table, load_config
from jokoak.facts import GameFacts, same_game_elsewhere
from jokoak.i18n import LANGUAGES, StrictTranslations
from jokoak.kept import cached_facts, facts_digest
from jokoak.models import Game
from jokoak.render.casino import variants
from jokoak.render.env import make_env
from jokoak.render.sheets import Sheet, sheet_examples, sheet_html

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")
GAMES = {game.key: game for game in CATALOG.games}
EUSKADI = load_config(None, CATALOG)
EXTREMADURA = load_config(SAMPLES / "extremadura.yaml", CATALOG)
_ENGINE = facts_digest(REPO / "catalog")  # the key of the facts cached across runs, as the build's
CACHE = REPO / ".jokoak-cache"  # the build's: facts under their own keys, the exact computations shared

# What a player sheet never says (item 5 of issue 12), each with what it is: house edges and exact fractions
# (a decree's «181/2010» is none), marks of our own text, readings and gaps of the text, errata, build ids.
LEGAL = [
    (re.compile(r"\b\d+/(?!(?:19|20)\d\d\b)\d{2,}\b"), "an exact fraction (a house edge)"),
    (re.compile(r"edge|ventaja|abantail", re.I), "a house edge"),
    (re.compile(r"texto propio|our own text|testu propio|gure testua|sin fuente oficial|iturri ofizialik", re.I),
     "a mark of our own text"),
    (re.compile(r"regulation does not say|regulation sets no|reglamento no|normativa no|araudiak ez"
                r"|no dice otra cosa|regla de la casa|rule of the house|etxearen araua", re.I),
     "a reading of the text"),
    (re.compile(r"las fuentes no|iturriek ez|the sources do not", re.I), "a gap in the sources"),
    (re.compile(r"errata|as printed|tal como (?:está|se) imprim|inprimatuta dagoen|el texto dice", re.I),
     "an erratum"),
    (re.compile(r"\bbuild\b|\b[0-9a-f]{12}\b"), "a build id"),
]


def legal_material(words: str, game: Game) -> list[str]:
    """What of the legal team's material a sheet of ``game`` says, in ``words`` (its text as a reader sees it):
    the marks above, the game's readings, the notes of its game file."""
    found = [f"{what}: «{match.group(0)}»" for pattern, what in LEGAL if (match := pattern.search(words))]
    found += [f"the reading of {reading.field}" for reading in game.readings
              if any(" ".join(text.split())[:60] in words for text in reading.text.values())]
    found += [f"a note of the game file: «{text[:40]}»" for note in getattr(game.rules, "notes", ())
              for text in note.text.values() if text[:40] in words]
    return found


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
    game = GAMES[key]
    return cached_facts(game, same_game_elsewhere(game, CATALOG.games), _ENGINE, CACHE)


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


def example_ids(key: str, at: Table | None) -> set[str]:
    """The ids of the examples a sheet of ``key`` at ``at`` (None: the model sheet) shows."""
    return {example.id for example, _ in sheet_examples(facts(key), at)}
