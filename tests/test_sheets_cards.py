"""The player sheets of the banked card games (black jack, punto y banca, chemin de fer, baccara a dos paños):
each table of the two sample casinos prints only what it offers, its own way of paying and commission, and its
maximums in euros, and its examples use only what it offers. What they share with the other card families (no
legal material, no «(opcional)» mark at a table, three or four examples a model sheet) is
tests/test_sheets_families.py.

The sheets are rendered to HTML only (no PDF), from the real catalogue and the two sample configurations.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from sheetkit import EUSKADI, EXTREMADURA, GAMES, REPO, example_ids, facts, html, table, text

from jokoak.config import Config, Table
from jokoak.games import families
from jokoak.render.sheets import sheet_examples

ENGINES = ("blackjack", "baccarat", "chemin", "dos-panos")
TABLES = [(config, t) for config in (EUSKADI, EXTREMADURA) for t in config.tables if GAMES[t.game].engine in ENGINES]


def test_the_sample_casinos_have_the_tables_of_these_families() -> None:
    ids = {(config.regulation.id, t.id) for config, t in TABLES}
    assert ids == {("euskadi", i) for i in ("BJ1", "BJ2", "TBJ1", "PB1", "PB2", "CF1", "DP1")} | \
        {("extremadura", i) for i in ("BJ1", "PB1", "CF1", "DP1")}


def test_a_black_jack_table_shows_only_the_optional_bets_and_rules_it_offers() -> None:
    bj1, bj2 = table(EUSKADI, "BJ1"), table(EUSKADI, "BJ2")  # parejas and retiro; acumulada
    one, two = text(html(bj1.game, bj1)), text(html(bj2.game, bj2))
    one_examples, two_examples = example_ids(bj1.game, bj1), example_ids(bj2.game, bj2)
    assert "Apuesta a Parejas" in one and "Retiro" in one
    assert "acumulada" not in one.lower() and "Cualquier 7" not in one
    assert "Apuesta acumulada" in two and "Parejas" not in two and "Retiro" not in two
    assert "dos-sietes-del-mismo-palo" not in one_examples and "pareja-color" in one_examples
    assert {"pareja-color", "retiro"}.isdisjoint(two_examples) and "dos-sietes-del-mismo-palo" in two_examples
    extremadura = table(EXTREMADURA, "BJ1")  # retiro and tres-sietes, not menor o mayor de 13
    words = text(html(extremadura.game, extremadura))
    assert "tres sietes" in words and "Menor de 13" not in words and "Mayor de 13" not in words
    assert "trece-pierde-menor-y-mayor" not in example_ids(extremadura.game, extremadura)


def test_a_black_jack_table_offering_nothing_optional_shows_none_and_still_three_examples() -> None:
    for config in (EUSKADI, EXTREMADURA):
        bare = replace(table(config, "BJ1"), choices={"offers": ()}, maximums={"apuestas": 1000})
        words = text(html(bare.game, bare))
        for name in ("Parejas", "acumulada", "Retiro", "tres sietes", "Menor de 13", "Mayor de 13"):
            assert name not in words, name
        shown = example_ids(bare.game, bare)
        assert 3 <= len(shown) <= 4 and "retiro" not in shown


def test_the_model_sheet_marks_every_optional_item() -> None:
    words = text(html("euskadi/veintiuno-o-black-jack", None))
    for name in ("Apuesta a Parejas", "Apuesta acumulada", "Retiro"):
        assert f"(opcional) {name}" in words, name
    words = text(html("extremadura/veintiuno-o-black-jack", None))
    for name in ("Menor de 13", "Mayor de 13", "21 con tres sietes"):
        assert f"(opcional) {name}" in words, name


def test_the_dealers_black_jack_is_stated_as_the_rule() -> None:
    for key in ("euskadi/veintiuno-o-black-jack", "extremadura/veintiuno-o-black-jack", "estado/black-jack-1977"):
        assert "toda mano sin Black Jack pierde toda su apuesta, también lo añadido al doblar o al separar" in \
            text(html(key, None))
    eu = text(html("euskadi/veintiuno-o-black-jack", None, ("eu",)))
    assert "bikoizteko edo bereizteko gehitutakoa barne." in eu


def test_a_punto_y_banca_table_shows_only_its_way_of_paying_with_its_own_commission() -> None:
    pb1, pb2 = table(EUSKADI, "PB1"), table(EUSKADI, "PB2")  # comision at 5 %; seis-a-la-mitad
    five = text(html(pb1.game, pb1))
    assert "descuenta el 5 % de las ganancias" in five and "hasta" not in five
    assert "Opción" not in five and "gana con 6" not in five and "la mitad" not in five
    assert "banca-gana-con-seis" not in example_ids(pb1.game, pb1)
    half = text(html(pb2.game, pb2))
    assert "cuando la banca gana con 6: se pagan 1 a 2" in half and "descuenta" not in half and "Opción" not in half
    three = replace(pb1, choices={**pb1.choices, "commission": Fraction(3)})
    assert "descuenta el 3 % de las ganancias" in text(html(three.game, three))
    assert "establezimenduak bankuaren aldeko apustuen irabazien % 3 kentzen du" in \
        text(html(three.game, three, ("eu",)))
    model = text(html(pb1.game, None))
    assert "Opción 1:" in model and "hasta el 5 %" in model and "Opción 2:" in model
    extremadura = table(EXTREMADURA, "PB1")  # comision, the text's fixed 5 %
    words = text(html(extremadura.game, extremadura))
    assert "descuenta el 5 % de las ganancias" in words and "Opción" not in words and "la mitad" not in words
    assert {"banca-con-seis-a-la-mitad", "banca-sin-comision"}.isdisjoint(example_ids(extremadura.game, extremadura))


def test_a_dos_panos_table_shows_only_its_banks_commission() -> None:
    dp1 = table(EUSKADI, "DP1")  # banca limitada
    limited = text(html(dp1.game, dp1))
    assert "Banca limitada: el establecimiento percibe el 2 %" in limited
    assert "1,25" not in limited and "Banca libre" not in limited and "banca libre" not in limited
    assert "banca-libre" not in example_ids(dp1.game, dp1)
    free = replace(dp1, choices={"bank": "libre"})
    words = text(html(free.game, free))
    assert "Banca libre: el establecimiento percibe el 1,25 %" in words and "2 %" not in words
    # the examples that end the same with either bank play there too; the 2 % one does not
    free_examples = [example.id for example, _ in sheet_examples(facts(free.game), free)]  # in their order
    assert free_examples[0] == "banca-libre" and "comision-sobre-la-ganancia-neta" not in free_examples
    model = text(html("estado/dos-panos-1977", None))
    assert "Banca limitada: 3 barajas" in model and "Banca libre: 6 barajas" in model
    at_1977 = replace(dp1, game="estado/dos-panos-1977", choices={"bank": "limitada"})
    assert "Se juega con 3 barajas" in text(html(at_1977.game, at_1977))


def test_a_chemin_de_fer_table_shows_its_own_commission() -> None:
    cf1 = table(EUSKADI, "CF1")
    assert "1 a 1, menos el 5 %" in text(html(cf1.game, cf1))
    low = replace(cf1, choices={"commission": Fraction(5, 2)})
    assert "1 a 1, menos el 2,50 %" in text(html(low.game, low))
    assert "hasta el 5 %" in text(html(cf1.game, None))


@pytest.mark.parametrize(("config", "table_id", "amounts"), [
    (EUSKADI, "BJ1", ("1.000 €", "200 €")),
    (EUSKADI, "BJ2", ("5.000 €", "12,50 €")),
    (EUSKADI, "TBJ1", ("500 €",)),
    (EUSKADI, "PB2", ("250 €",)),
    (EUSKADI, "CF1", ("1.000 €",)),
    (EUSKADI, "DP1", ("1.000 €", "5.000 €")),
    (EXTREMADURA, "PB1", ("500 €", "50 €")),  # the tie: a tenth of the table's maximum
    (EXTREMADURA, "DP1", ("1.000 €", "5.000 €")),
], ids=lambda value: value.regulation.id if isinstance(value, Config) else None)
def test_the_sheet_shows_the_tables_own_maximums_in_euros(config: Config, table_id: str, amounts: tuple[str]) -> None:
    at = table(config, table_id)
    words = text(html(at.game, at, casino=config.casino))
    for amount in amounts:
        assert amount in words, amount


@pytest.mark.parametrize(("config", "at"), TABLES,
                         ids=lambda value: value.regulation.id if isinstance(value, Config) else value.id)
def test_a_tables_examples_use_only_what_it_offers(config: Config, at: Table) -> None:
    examples = sheet_examples(facts(at.game), at)
    bets = {info.id: info for info in GAMES[at.game].rules.bets}
    for example, _ in examples:
        assert all(at.offers(bets[spec.split()[0]]) for spec in example.bets), example.id
    # A table that pays the bank's winnings «seis a la mitad» keeps only the examples of that way of paying
    # (the core drops the others: see catalog_baccarat.at_table).
    assert len(examples) >= (1 if at.payment == "seis-a-la-mitad" else 3)


def test_these_templates_never_set_a_type_size() -> None:
    sheets = {REPO / "templates" / families()[engine].templates.sheet for engine in ENGINES}  # type: ignore[union-attr]
    paths = sheets | {sheet.with_name(sheet.name.replace("sheet.html", "macros")) for sheet in sheets}
    for path in sorted(paths):
        assert "font-size" not in path.read_text("utf-8"), path.name
