"""The player sheets of treinta y cuarenta, monte o banca and el reto, as table cards: only what the table
offers (the Extremadura monte table takes no «Viudo»), the table's own maximums and decks, the payout table
before the numbered steps, a few examples, and no legal material (house edges, readings, the game files'
notes on what the engine does not model, «the regulation sets no maximum»).

The sheets are rendered as HTML only (no PDF), for the tables of both sample casinos and the model sheets.
"""

from __future__ import annotations

import dataclasses

import pytest
from sheetkit import EUSKADI, EXTREMADURA, GAMES, every_sheet, facts, html, legal_material, table, text

from jokoak.config import Config, Table
from jokoak.render.sheets import sheet_examples

OURS = ("euskadi/treinta-y-cuarenta", "extremadura/treinta-y-cuarenta", "estado/treinta-y-cuarenta-1977",
        "extremadura/monte-o-banca", "extremadura/el-reto")
TABLES = [(EUSKADI, "TC1"), (EXTREMADURA, "TC1"), (EXTREMADURA, "M1"), (EXTREMADURA, "RT1")]
SHEETS = every_sheet(TABLES, OURS)



@pytest.mark.parametrize(("name", "key", "at", "langs"), SHEETS, ids=[s[0] for s in SHEETS])
def test_no_sheet_carries_legal_material(name: str, key: str, at: Table | None, langs: tuple[str, ...]) -> None:
    assert legal_material(text(html(key, at, langs)), GAMES[key]) == []


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
