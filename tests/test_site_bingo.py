"""The site pages of bingo, in each language of their regulation, rendered as the build writes them (reST, without
Sphinx): the model sheet's rules, the examples with the cards bought and the prizes won, the inspectors' part with
what the regulation says of a bingo hall (the categories and their machines, the series per machine, the announced
línea, what the text leaves outside the sources), and the examples as doctests, run here."""

from __future__ import annotations

import datetime as dt
import doctest
import json
from functools import cache

import pytest
from sheetkit import CATALOG, GAMES, REPO, facts

from jokoak.facts import bet_names
from jokoak.i18n import LANGUAGES, load_translations
from jokoak.render import data
from jokoak.render.env import make_env
from jokoak.render.site import _hall_rules, replacement, sheet_parts

BINGO = tuple(sorted(game.key for game in CATALOG.games if game.engine == "bingo"))
PAGES = [(key, lang) for key in BINGO for lang in GAMES[key].languages]


@cache
def page(key: str, lang: str) -> str:
    translations = load_translations(REPO / "locale")
    html = {code: make_env(REPO / "templates", code, translations, "html") for code in LANGUAGES}
    rst = {code: make_env(REPO / "templates", code, translations, "rst") for code in LANGUAGES}
    game, found = GAMES[key], facts(key)
    bets = json.loads(data.game_data(found, rst, "test"))["bets"]
    return rst[lang].get_template("site/game.rst.jinja").render(
        game=game, facts=found, table=None, buttons="<p></p>", names=bet_names(game, lang),
        parts=sheet_parts(html[lang], found, lang, dt.date(2026, 1, 1)), replaced_by=replacement(game, CATALOG),
        bets=bets, hall_rules=_hall_rules(CATALOG, game), decima=False, draft=True)


@pytest.mark.parametrize(("key", "lang"), PAGES, ids=[f"{k} {lang}" for k, lang in PAGES])
def test_every_example_of_a_bingo_page_runs_as_a_doctest(key: str, lang: str) -> None:
    text = page(key, lang)
    test = doctest.DocTestParser().get_doctest(text, {}, f"{key}.{lang}", f"{key}.{lang}.rst", 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
    assert len([e for e in test.examples if ".play(" in e.source]) == len(facts(key).examples) >= 3


@pytest.mark.parametrize(("lang", "says"), [
    ("es", ["Cartones comprados", "Pagado por los cartones", "Premios ganados", "Salas de bingo",
            "Sala de 2.ª categoría", "8 (000:5879)", "como máximo 6 series en una partida. (000:5883-5884)",
            "una sala no puede anunciar de antemano cuál. (000:5816-5817)",
            "que no está entre las fuentes de este catálogo", "El jugador pagó 1 € por los cartones y ganó 75 €"]),
    ("eu", ["Erositako kartoiak", "Bingo-aretoak", "Bigarren kategoriako aretoa", "8 (000:5879)",
            "gehienez 6 serie joka ditzake partida batean. (000:5883-5884)", "ez dago katalogo honen iturrien artean"]),
])
def test_the_euskadi_page_says_what_a_hall_is_held_to(lang: str, says: list[str]) -> None:
    text = " ".join(page("euskadi/bingo", lang).split())
    for words in says:
        assert words in text, words
    assert "Bote" not in text and "casino" not in text.split("Salas de bingo")[0]


def test_the_1977_page_says_its_text_was_replaced_and_lets_a_hall_announce_the_row() -> None:
    text = " ".join(page("estado/bingo-1977", "es").split())
    assert "Este texto ha sido sustituido" in text
    assert "Una sala puede anunciar, antes de una partida, la única línea del cartón que se premia." in text
    assert "Categoría de la sala" not in text and "máquina auxiliar" not in text


def test_no_other_game_has_a_hall_part() -> None:
    assert [g.key for g in CATALOG.games if _hall_rules(CATALOG, g) is not None] == sorted(BINGO, reverse=True)
