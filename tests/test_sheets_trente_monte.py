"""The player sheets of treinta y cuarenta, monte o banca and el reto, as table cards: only what the table
offers (the Extremadura monte table takes no «Viudo»), the table's own maximums and decks, a few examples, and
both languages side by side. What they share with the other card families (no legal material, the payout table
before the numbered steps, three or four examples a model sheet) is tests/test_sheets_families.py.

The sheets are rendered as HTML only (no PDF), for the tables of both sample casinos and the model sheets.
"""

from __future__ import annotations

import dataclasses

import pytest
from sheetkit import EUSKADI, EXTREMADURA, GAMES, facts, html, table, text

from jokoak.config import Config
from jokoak.render.sheets import sheet_examples


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
