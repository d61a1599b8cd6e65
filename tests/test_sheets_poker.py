"""The player sheets of the poker families, as table cards: póquer sin/con descarte (stud), Texas Poker and
Texas Hold'em bonus poker (holdem), póquer de cuatro cartas, Pai Gow, Tripóker and Trijoker.

Each sheet prints only what its table offers (the optional side bets «seguro», «jackpot», «carrusel»,
«progresivo», buying a card where that is optional, and any bet a table does not take), the table's own
maximums in euros (the second bet's, the betting rounds', the side bets'), the Pai Gow table's commission and
the house way its croupier follows, and a few examples. What they share with the other card families (no legal
material, the payout tables before the numbered steps, three or four examples a model sheet) is
tests/test_sheets_families.py. The sheets are rendered as HTML only (no PDF), for the tables of both sample
casinos and the model sheets.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction

import pytest
from sheetkit import (
    CATALOG,
    EUSKADI,
    EXTREMADURA,
    GAMES,
    example_ids,
    html,
    offering,
    table,
    text,
)

from jokoak.config import Config

ENGINES = ("stud", "holdem", "four-card", "pai-gow", "tripoker", "trijoker")
OURS = tuple(game.key for game in CATALOG.games if game.engine in ENGINES)
TABLES = [(EUSKADI, t.id) for t in EUSKADI.tables if GAMES[t.game].engine in ENGINES] + \
         [(EXTREMADURA, t.id) for t in EXTREMADURA.tables if GAMES[t.game].engine in ENGINES]


def test_the_tables_of_both_sample_casinos_are_found() -> None:
    assert {t for c, t in TABLES if c is EUSKADI} == {"PS1", "PC1", "TJ1", "PG1", "TP1", "TX1"}
    assert {t for c, t in TABLES if c is EXTREMADURA} == {"PS1", "PC1", "TJ1", "PG1", "TP1", "TX1", "P4"}
    assert len(OURS) == 13


@pytest.mark.parametrize(("config", "table_id", "amounts"), [
    (EUSKADI, "PS1", ["Postura inicial: máximo 250 €", "hasta 500 €", "2,50 €"]),  # the second bet: twice the first
    (EUSKADI, "PC1", ["Apuesta inicial: máximo 250 €", "hasta 500 €", "2,50 €"]),
    (EUSKADI, "TJ1", ["Máximo en cada apuesta: 100 €"]),
    (EUSKADI, "PG1", ["Máximo 500 €", "menos el 5 % de la ganancia"]),
    (EUSKADI, "TP1", ["Máximo 500 €"]),
    (EUSKADI, "TX1", ["Ante: máximo 250 €", "«2.ª Apuesta»: 2 veces el Ante, hasta 500 €"]),
    (EXTREMADURA, "PS1", ["Postura inicial: máximo 100 €", "hasta 200 €", "2,50 €"]),
    (EXTREMADURA, "PC1", ["Apuesta inicial: máximo 250 €", "hasta 500 €"]),
    (EXTREMADURA, "TJ1", ["Máximo en cada apuesta: 100 €"]),
    (EXTREMADURA, "TX1", ["Ante: máximo 50 €", "«Flop»: 2 veces el Ante, hasta 100 €",
                          "«River»: 1 vez el Ante, hasta 50 €"]),
    (EXTREMADURA, "P4", ["Máximo 500 €", "no puede pasar de 500 €"]),
], ids=lambda value: value if isinstance(value, str) else None)
def test_a_table_sheet_shows_its_own_maximums_in_euros(config: Config, table_id: str, amounts: list[str]) -> None:
    at = table(config, table_id)
    page = text(html(at.game, at))
    for amount in amounts:
        assert amount in page


def test_the_basque_sheet_gives_the_maximums_too() -> None:
    at = table(EUSKADI, "PS1")
    page = text(html(at.game, at, ("eu",)))
    assert "maximoa 250 €" in page and "gehienez 500 €" in page


def test_a_stud_table_without_side_bets_shows_none_of_them_nor_their_examples() -> None:
    at = offering(table(EUSKADI, "PS1"))
    page = text(html(at.game, at, ("es", "eu")))
    for word in ("Seguro", "Jackpot", "adicional", "Asegurua", "Jackpota", "osagarri", "(opcional)", "(aukerakoa)"):
        assert word not in page
    shown = example_ids(at.game, at)
    assert 3 <= len(shown) <= 4
    assert not shown & {"seguro-con-full", "jackpot-escalera-real"}


def test_a_stud_table_shows_the_side_bets_it_offers_with_their_maximum_and_examples() -> None:
    at = offering(table(EUSKADI, "PS1"), ("seguro",))
    page = text(html(at.game, at))
    assert "Seguro" in page and "Jackpot" not in page
    assert "Full: 100 a 1" in page and "2,50 €" in page  # half the table minimum of 5 €
    assert "(opcional)" not in page  # a table's sheet shows only what it offers, unmarked
    # its example stakes 5 € on the seguro: more than half the 5 € minimum, so it shows only at a 10 € table
    assert "seguro-con-full" not in example_ids(at.game, at)
    assert "seguro-con-full" in example_ids(at.game, dataclasses.replace(at, minimum=10))


def test_the_euskadi_card_purchase_is_a_rule_and_its_example_shows_at_every_table() -> None:
    at = offering(table(EUSKADI, "PS1"))
    assert "puede comprar una carta más" in text(html(at.game, at))
    assert "compra-de-carta" in example_ids(at.game, at)


def test_an_extremadura_table_that_does_not_offer_buying_a_card_never_shows_it() -> None:
    at = offering(table(EXTREMADURA, "PS1"), ("seguro",))
    page = text(html(at.game, at))
    assert "comprar una carta" not in page and "compra una carta" not in page
    assert "compra-pierde-el-seguro" not in example_ids(at.game, at)
    offered = offering(at, ("seguro", "compra-de-carta"))
    assert "puede comprar una carta más" in text(html(at.game, offered))
    assert "compra-pierde-el-seguro" in example_ids(at.game, dataclasses.replace(offered, minimum=10))  # its 5 € seguro


def test_the_extremadura_stud_model_sheet_marks_every_optional_bet_and_rule() -> None:
    page = text(html("extremadura/poquer-sin-descarte", None))
    for name in ("Seguro", "Carrusel", "Progresivo"):
        assert f"(opcional) {name}" in page
    assert "(opcional) Antes de decidir, puede comprar una carta" in page
    assert "la mitad del mínimo de la mesa" in page
    assert "hasta 2 veces el máximo de la mesa" in page


def test_the_euskadi_model_sheet_marks_the_optional_bets_in_both_languages() -> None:
    page = text(html("euskadi/poker-sin-descarte", None, ("es", "eu")))
    assert "(opcional) Seguro" in page and "(opcional) Jackpot" in page
    assert "(aukerakoa) Asegurua" in page and "(aukerakoa) Jackpota" in page
    assert "(opcional) Antes de decidir" not in page  # buying a card is the rule there, not an option


@pytest.mark.parametrize(("config", "table_id", "bet", "words", "examples"), [
    (EUSKADI, "TX1", "txb", ["Texas Bonus", "TXB"], {"txb-pareja-de-ases", "no-voy"}),
    (EXTREMADURA, "TX1", "bonus", ["Bonus"], {"bonus-pareja-de-cincos"}),
    (EUSKADI, "TP1", "par_plus", ["Par Plus"], {"retirarse-con-par-plus"}),
    (EXTREMADURA, "TP1", "par_plus", ["Fortuna"], {"rendirse-con-fortuna"}),
    (EXTREMADURA, "P4", "ases", ["Ases"], {"trio-ases-bono-y-play"}),
], ids=["TX1", "extremadura TX1", "TP1", "extremadura TP1", "P4"])
def test_a_table_that_does_not_take_a_bet_never_shows_it(config: Config, table_id: str, bet: str, words: list[str],
                                                          examples: set[str]) -> None:
    full = table(config, table_id)
    at = offering(full, not_offered=(bet,))
    shown = example_ids(at.game, at)
    assert 3 <= len(shown) <= 4 and not shown & examples
    page = text(html(at.game, at))
    full_page = text(html(full.game, full))
    for word in words:
        assert re.search(rf"\b{word}\b", page) is None, word
        assert re.search(rf"\b{word}\b", full_page), word
    assert examples & example_ids(full.game, full)


def test_the_pai_gow_sheet_states_the_tables_commission_and_the_house_way() -> None:
    at = table(EUSKADI, "PG1")
    assert at.choices["house_way"] == "catalogo"
    game = GAMES[at.game]
    cheaper = dataclasses.replace(at, choices={**at.choices, "commission": Fraction(3)})
    page = text(html(at.game, cheaper, ("es", "eu")))
    assert "menos el 3 % de la ganancia" in page and "% 3" in page
    assert "5 %" not in page
    for rule in game.rules.house_way.rules:
        assert rule["es"] in page and rule["eu"] in page
    assert "según la forma de la casa" in page and "etxeko arauaren arabera" in page
    assert "propia" not in page and "propioa" not in page
    # an example a winning bet ends otherwise at 3 % (it says «less 5 %») is left out; one that is void is not
    shown = example_ids(at.game, cheaper)
    assert "las-dos-manos-ganan" not in shown and "una-gana-y-otra-pierde" in shown


def test_the_tripoker_sheet_prints_the_payout_read_in_both_languages() -> None:
    at = table(EUSKADI, "TP1")
    page = text(html(at.game, at, ("es", "eu")))
    assert "Trío: 30 a 1" in page and "Hirukoa: 30 jarritako 1en truke" in page
    assert "*" not in page


def test_hearts_and_diamonds_print_red() -> None:
    at = table(EUSKADI, "PS1")
    page = html(at.game, at)
    assert '<span class="red">A♥</span>' in page
    assert "♣" in page  # black suits print as they are
    assert not re.search(r"(?<![>0-9AKQJ])(?:[2-9]|10|[AKQJ])[♥♦](?!</span>)", page)  # every red card in red


def test_the_euskadi_sheet_says_the_same_in_both_languages_side_by_side() -> None:
    at = table(EUSKADI, "TX1")
    page = html(at.game, at, ("es", "eu"))
    assert page.count('lang="es"') >= 4 and page.count('lang="eu"') >= 4
    plain = text(page)
    assert "Cómo se juega una mano" in plain and "Esku bat nola jokatzen den" in plain
    assert "hasta 500 €" in plain and "gehienez 500 €" in plain
