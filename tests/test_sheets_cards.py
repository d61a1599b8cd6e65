"""The player sheets of the banked card games (black jack, punto y banca, chemin de fer, baccara a dos paños):
each table of the two sample casinos prints only what it offers, its own way of paying and commission, its
maximums in euros, and no legal material; each game's model sheet has three or four examples.

The sheets are rendered to HTML only (no PDF), from the real catalogue and the two sample configurations.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from sheetkit import EUSKADI, EXTREMADURA, GAMES, REPO, envs, legal_material
from sheetkit import sheet as model_or_table
from sheetkit import text as words_of

from jokoak.config import Config, Table
from jokoak.render.sheets import Sheet, sheet_html

ENGINES = ("blackjack", "baccarat", "chemin", "dos-panos")
GAMES_HERE = (
    "euskadi/veintiuno-o-black-jack", "euskadi/triple-black-jack", "extremadura/veintiuno-o-black-jack",
    "estado/black-jack-1977", "estado/black-jack-1979",
    "euskadi/punto-y-banca", "extremadura/punto-y-banca", "estado/punto-y-banca-1977",
    "euskadi/ferrocarril-bacara-o-chemin-de-fer", "extremadura/bacarra-chemin-de-fer", "estado/chemin-de-fer-1977",
    "euskadi/baccarra-a-dos-panos", "extremadura/bacarra-a-dos-panos", "estado/dos-panos-1977",
)
GAME = GAMES
CONFIGS = {"euskadi": EUSKADI, "extremadura": EXTREMADURA}


def table(config: str, table_id: str) -> Table:
    return next(t for t in CONFIGS[config].tables if t.id == table_id)


def sheet(key: str, at: Table | None, config: Config | None = None) -> Sheet:
    return model_or_table(key, at, config.casino if config else None)


def text(sheet_: Sheet, langs: tuple[str, ...] = ("es",)) -> str:
    """The words of a sheet, as a reader sees them."""
    return words_of(sheet_html(envs(), sheet_, langs, "fonts"))


def example_ids(sheet_: Sheet) -> list[str]:
    return [example.id for example, _ in sheet_.examples]


TABLES = [(config, t) for config, c in CONFIGS.items() for t in c.tables if GAME[t.game].engine in ENGINES]
VARIANTS = [("es",), ("eu",), ("es", "eu")]


def test_the_sample_casinos_have_the_tables_of_these_families() -> None:
    ids = {(config, t.id) for config, t in TABLES}
    assert ids == {("euskadi", i) for i in ("BJ1", "BJ2", "TBJ1", "PB1", "PB2", "CF1", "DP1")} | \
        {("extremadura", i) for i in ("BJ1", "PB1", "CF1", "DP1")}


@pytest.mark.parametrize(("config", "at"), TABLES, ids=lambda v: v if isinstance(v, str) else v.id)
def test_a_tables_sheet_has_no_legal_material_and_no_optional_marks(config: str, at: Table) -> None:
    for langs in (v for v in VARIANTS if set(v) <= set(GAME[at.game].languages)):
        words = text(sheet(at.game, at, CONFIGS[config]), langs)
        assert legal_material(words, GAME[at.game]) == [], langs
        assert "(opcional)" not in words and "(aukerakoa)" not in words


@pytest.mark.parametrize("key", GAMES_HERE)
def test_a_model_sheet_has_no_legal_material_and_three_or_four_examples(key: str) -> None:
    model = sheet(key, None)
    assert 3 <= len(model.examples) <= 4
    for langs in (v for v in VARIANTS if set(v) <= set(GAME[key].languages)):
        words = text(model, langs)
        assert legal_material(words, GAME[key]) == [], langs


def test_a_black_jack_table_shows_only_the_optional_bets_and_rules_it_offers() -> None:
    bj1, bj2 = table("euskadi", "BJ1"), table("euskadi", "BJ2")  # parejas and retiro; acumulada
    one, two = sheet(bj1.game, bj1), sheet(bj2.game, bj2)
    assert "Apuesta a Parejas" in text(one) and "Retiro" in text(one)
    assert "acumulada" not in text(one).lower() and "Cualquier 7" not in text(one)
    assert "Apuesta acumulada" in text(two) and "Parejas" not in text(two) and "Retiro" not in text(two)
    assert "dos-sietes-del-mismo-palo" not in example_ids(one) and "pareja-color" in example_ids(one)
    assert {"pareja-color", "retiro"}.isdisjoint(example_ids(two)) and "dos-sietes-del-mismo-palo" in example_ids(two)
    extremadura = table("extremadura", "BJ1")  # retiro and tres-sietes, not menor o mayor de 13
    words = text(sheet(extremadura.game, extremadura))
    assert "tres sietes" in words and "Menor de 13" not in words and "Mayor de 13" not in words
    assert "trece-pierde-menor-y-mayor" not in example_ids(sheet(extremadura.game, extremadura))


def test_a_black_jack_table_offering_nothing_optional_shows_none_and_still_three_examples() -> None:
    for config, table_id in (("euskadi", "BJ1"), ("extremadura", "BJ1")):
        bare = replace(table(config, table_id), choices={"offers": ()}, maximums={"apuestas": 1000})
        found = sheet(bare.game, bare)
        words = text(found)
        for name in ("Parejas", "acumulada", "Retiro", "tres sietes", "Menor de 13", "Mayor de 13"):
            assert name not in words, name
        assert 3 <= len(found.examples) <= 4 and "retiro" not in example_ids(found)


def test_the_model_sheet_marks_every_optional_item() -> None:
    words = text(sheet("euskadi/veintiuno-o-black-jack", None))
    for name in ("Apuesta a Parejas", "Apuesta acumulada", "Retiro"):
        assert f"(opcional) {name}" in words, name
    words = text(sheet("extremadura/veintiuno-o-black-jack", None))
    for name in ("Menor de 13", "Mayor de 13", "21 con tres sietes"):
        assert f"(opcional) {name}" in words, name


def test_the_dealers_black_jack_is_stated_as_the_rule() -> None:
    for key in ("euskadi/veintiuno-o-black-jack", "extremadura/veintiuno-o-black-jack", "estado/black-jack-1977"):
        assert "toda mano sin Black Jack pierde toda su apuesta, también lo añadido al doblar o al separar" in \
            text(sheet(key, None))
    eu = text(sheet("euskadi/veintiuno-o-black-jack", None), ("eu",))
    assert "bikoizteko edo bereizteko gehitutakoa barne." in eu


def test_a_punto_y_banca_table_shows_only_its_way_of_paying_with_its_own_commission() -> None:
    pb1, pb2 = table("euskadi", "PB1"), table("euskadi", "PB2")  # comision at 5 %; seis-a-la-mitad
    five = text(sheet(pb1.game, pb1))
    assert "descuenta el 5 % de las ganancias" in five and "hasta" not in five
    assert "Opción" not in five and "gana con 6" not in five and "la mitad" not in five
    assert "banca-gana-con-seis" not in example_ids(sheet(pb1.game, pb1))
    half = text(sheet(pb2.game, pb2))
    assert "cuando la banca gana con 6: se pagan 1 a 2" in half and "descuenta" not in half and "Opción" not in half
    three = replace(pb1, choices={**pb1.choices, "commission": Fraction(3)})
    assert "descuenta el 3 % de las ganancias" in text(sheet(three.game, three))
    assert "establezimenduak bankuaren aldeko apustuen irabazien % 3 kentzen du" in \
        text(sheet(three.game, three), ("eu",))
    model = text(sheet(pb1.game, None))
    assert "Opción 1:" in model and "hasta el 5 %" in model and "Opción 2:" in model
    extremadura = table("extremadura", "PB1")  # comision, the text's fixed 5 %
    words = text(sheet(extremadura.game, extremadura))
    assert "descuenta el 5 % de las ganancias" in words and "Opción" not in words and "la mitad" not in words
    assert {"banca-con-seis-a-la-mitad", "banca-sin-comision"}.isdisjoint(
        example_ids(sheet(extremadura.game, extremadura)))


def test_a_dos_panos_table_shows_only_its_banks_commission() -> None:
    dp1 = table("euskadi", "DP1")  # banca limitada
    limited = text(sheet(dp1.game, dp1))
    assert "Banca limitada: el establecimiento percibe el 2 %" in limited
    assert "1,25" not in limited and "Banca libre" not in limited and "banca libre" not in limited
    assert "banca-libre" not in example_ids(sheet(dp1.game, dp1))
    free = replace(dp1, choices={"bank": "libre"})
    words = text(sheet(free.game, free))
    assert "Banca libre: el establecimiento percibe el 1,25 %" in words and "2 %" not in words
    # the examples that end the same with either bank play there too; the 2 % one does not
    free_examples = example_ids(sheet(free.game, free))
    assert free_examples[0] == "banca-libre" and "comision-sobre-la-ganancia-neta" not in free_examples
    model = text(sheet("estado/dos-panos-1977", None))
    assert "Banca limitada: 3 barajas" in model and "Banca libre: 6 barajas" in model
    at_1977 = replace(dp1, game="estado/dos-panos-1977", choices={"bank": "limitada"})
    assert "Se juega con 3 barajas" in text(sheet(at_1977.game, at_1977))


def test_a_chemin_de_fer_table_shows_its_own_commission() -> None:
    cf1 = table("euskadi", "CF1")
    assert "1 a 1, menos el 5 %" in text(sheet(cf1.game, cf1))
    low = replace(cf1, choices={"commission": Fraction(5, 2)})
    assert "1 a 1, menos el 2,50 %" in text(sheet(low.game, low))
    assert "hasta el 5 %" in text(sheet(cf1.game, None))


@pytest.mark.parametrize(("config", "table_id", "amounts"), [
    ("euskadi", "BJ1", ("1.000 €", "200 €")),
    ("euskadi", "BJ2", ("5.000 €", "12,50 €")),
    ("euskadi", "TBJ1", ("500 €",)),
    ("euskadi", "PB2", ("250 €",)),
    ("euskadi", "CF1", ("1.000 €",)),
    ("euskadi", "DP1", ("1.000 €", "5.000 €")),
    ("extremadura", "PB1", ("500 €", "50 €")),  # the tie: a tenth of the table's maximum
    ("extremadura", "DP1", ("1.000 €", "5.000 €")),
])
def test_the_sheet_shows_the_tables_own_maximums_in_euros(config: str, table_id: str, amounts: tuple[str]) -> None:
    at = table(config, table_id)
    words = text(sheet(at.game, at, CONFIGS[config]))
    for amount in amounts:
        assert amount in words, amount


@pytest.mark.parametrize(("config", "at"), TABLES, ids=lambda v: v if isinstance(v, str) else v.id)
def test_a_tables_examples_use_only_what_it_offers(config: str, at: Table) -> None:
    found = sheet(at.game, at)
    bets = {info.id: info for info in GAME[at.game].rules.bets}
    for example, _ in found.examples:
        assert all(at.offers(bets[spec.split()[0]]) for spec in example.bets), example.id
    # A table that pays the bank's winnings «seis a la mitad» keeps only the examples of that way of paying
    # (the core drops the others: see catalog_baccarat.at_table).
    assert len(found.examples) >= (1 if at.payment == "seis-a-la-mitad" else 3)


def test_these_templates_never_set_a_type_size() -> None:
    for path in (REPO / "templates" / "sheet").glob("*.jinja"):
        if path.stem.split(".")[0] in {f"{kind}-{engine}" for kind in ("bets", "macros") for engine in ENGINES}:
            assert "font-size" not in path.read_text("utf-8"), path.name
