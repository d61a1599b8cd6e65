"""The player sheets of treinta y cuarenta, monte o banca and el reto, as table cards: only what the table
offers (the Extremadura monte table takes no «Viudo»), the table's own maximums and decks, the payout table
before the numbered steps, a few examples, and no legal material (house edges, readings, the game files'
notes on what the engine does not model, «the regulation sets no maximum»).

The sheets are rendered as HTML only (no PDF), for the tables of both sample casinos and the model sheets.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import jinja2
import pytest
from babel.messages.pofile import read_po

from jokoak.build import variants
from jokoak.catalog import load_catalog
from jokoak.config import SAMPLES, Config, Table, load_config
from jokoak.facts import GameFacts, game_facts, same_game_elsewhere
from jokoak.i18n import LANGUAGES, StrictTranslations
from jokoak.render.env import make_env
from jokoak.render.sheets import Sheet, sheet_examples, sheet_html

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")
GAMES = {game.key: game for game in CATALOG.games}
EUSKADI = load_config(None, CATALOG)
EXTREMADURA = load_config(SAMPLES / "extremadura.yaml", CATALOG)
OURS = ("euskadi/treinta-y-cuarenta", "extremadura/treinta-y-cuarenta", "estado/treinta-y-cuarenta-1977",
        "extremadura/monte-o-banca", "extremadura/el-reto")
TABLES = [(EUSKADI, "TC1"), (EXTREMADURA, "TC1"), (EXTREMADURA, "M1"), (EXTREMADURA, "RT1")]


@cache
def envs() -> dict[str, jinja2.Environment]:
    """The sheet environments, over the catalogs as they are: a message these sheets use and the catalogs lack
    fails the render (strict gettext); the check of the whole POT against them is the build's."""
    translations = {}
    for lang in LANGUAGES:
        path = REPO / "locale" / lang / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as handle:
            translations[lang] = StrictTranslations(lang, read_po(handle, locale=lang), str(path))
    return {lang: make_env(REPO / "templates", lang, translations, "html") for lang in LANGUAGES}


@cache
def facts(key: str) -> GameFacts:
    game = GAMES[key]
    return game_facts(game, same_game_elsewhere(game, CATALOG.games))


def table(config: Config, table_id: str) -> Table:
    return next(t for t in config.tables if t.id == table_id)


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


def html(key: str, at: Table | None, langs: tuple[str, ...], casino: str | None = None) -> str:
    found = facts(key)
    sheet = Sheet(found, at, casino, dt.date(2026, 1, 1), sheet_examples(found, at))
    return sheet_html(envs(), sheet, langs, "fonts")


def text(page: str) -> str:
    parser = Text()
    parser.feed(page)
    return " ".join(" ".join(parser.parts).replace("\u00a0", " ").replace("\u202f", " ").split())


def every_sheet() -> list[tuple[str, str, Table | None, tuple[str, ...]]]:
    """(name, game key, table or None, languages) of every sheet of these families."""
    found: list[tuple[str, str, Table | None, tuple[str, ...]]] = []
    for config, table_id in TABLES:
        at = table(config, table_id)
        for langs in variants(GAMES[at.game].languages):
            found.append((f"{config.regulation.id} {table_id} {'-'.join(langs)}", at.game, at, langs))
    for key in OURS:
        for langs in variants(GAMES[key].languages):
            found.append((f"{key} {'-'.join(langs)}", key, None, langs))
    return found


SHEETS = every_sheet()
LEGAL = [
    re.compile(r"\b\d+/(?!(?:19|20)\d\d\b)\d{2,}\b"),  # an exact fraction (not a decree's number/year)
    re.compile(r"edge|ventaja|abantail", re.I),
    re.compile(r"texto propio|our own text|gure testua", re.I),
    re.compile(r"regulation does not say|the regulation sets no|la normativa no|araudiak ez", re.I),
    re.compile(r"el texto dice|las fuentes no|as printed|tal como", re.I),
]


@pytest.mark.parametrize(("name", "key", "at", "langs"), SHEETS, ids=[s[0] for s in SHEETS])
def test_no_sheet_carries_legal_material(name: str, key: str, at: Table | None, langs: tuple[str, ...]) -> None:
    page = text(html(key, at, langs))
    for pattern in LEGAL:
        assert not pattern.search(page), f"{name}: «{pattern.search(page)}»"
    game = GAMES[key]
    for reading in game.readings:
        assert " ".join(reading.text.split())[:60] not in page, f"{name}: the reading of {reading.field}"
    for note in getattr(game.rules, "notes", ()):
        for lang in langs:
            assert note.text[lang][:40] not in page, f"{name}: a note of the game file"


@pytest.mark.parametrize(("name", "key", "at", "langs"), SHEETS, ids=[s[0] for s in SHEETS])
def test_the_payout_table_comes_first_then_numbered_steps(name: str, key: str, at: Table | None,
                                                          langs: tuple[str, ...]) -> None:
    page = html(key, at, langs)
    assert page.index('class="cards-bets"') < page.index('<ol class="steps">')
    assert page.count('<ol class="steps">') == len(langs)


@pytest.mark.parametrize("key", OURS)
def test_each_model_sheet_has_three_or_four_examples(key: str) -> None:
    assert 3 <= len(sheet_examples(facts(key), None)) <= 4


@pytest.mark.parametrize(("config", "table_id", "amounts"), [
    (EUSKADI, "TC1", ["200 €"]),
    (EXTREMADURA, "TC1", ["5.000 €"]),
    (EXTREMADURA, "M1", ["50 €", "150 €", "300 €", "500 €", "1.500 €"]),
    (EXTREMADURA, "RT1", ["50 €"]),
], ids=["euskadi TC1", "extremadura TC1", "M1", "RT1"])
def test_a_table_sheet_shows_its_own_maximums_in_euros(config: Config, table_id: str, amounts: list[str]) -> None:
    at = table(config, table_id)
    page = text(html(at.game, at, ("es",)))
    for amount in amounts:
        assert amount in page


def test_the_monte_table_without_viudo_never_shows_it() -> None:
    at = table(EXTREMADURA, "M1")
    assert "viudo" in at.not_offered
    page = text(html(at.game, at, ("es",)))
    assert "Viudo" not in page
    examples = sheet_examples(facts(at.game), at)
    assert 3 <= len(examples) <= 4
    assert all(not spec.startswith("viudo") for example, _ in examples for spec in example.bets)


def test_a_monte_table_that_takes_viudo_and_the_model_sheet_show_it() -> None:
    at = dataclasses.replace(table(EXTREMADURA, "M1"), not_offered=frozenset())
    viudo = GAMES[at.game].rules.bet("viudo")
    for sheet in (at, None):
        page = text(html(at.game, sheet, ("es",)))
        assert viudo.name["es"] in page
        assert "Viudo: gana con el otro 3 de oros" in page  # its example


def test_the_reto_table_states_its_decks_and_the_model_sheet_the_rule() -> None:
    at = table(EXTREMADURA, "RT1")
    assert at.decks == 6
    assert "En esta mesa se juega con 6 barajas" in text(html(at.game, at, ("es",)))
    assert "hasta 8 barajas" in text(html(at.game, None, ("es",)))


def test_the_euskadi_sheet_says_the_same_in_both_languages_side_by_side() -> None:
    at = table(EUSKADI, "TC1")
    page = html(at.game, at, ("es", "eu"))
    assert page.count('lang="es"') >= 4 and page.count('lang="eu"') >= 4
    plain = text(page)
    assert "Cómo se juega" in plain and "Nola jokatzen den" in plain
    assert "prisión" in plain and "presondegian" in plain
