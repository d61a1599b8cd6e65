"""A circle poker table's choices, checked against the text: each error with its message and line.

A table plays a variant (never the general rules), states its structure, the ante and the take within the text's
ranges, the deck where the text allows several, Sintético's «resto», Extremadura's band of the initial «resto»; its
maximum is such that the minimum is 20 % to 40 % of it (Euskadi, 000:4976-4979).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog
from jokoak.config import load_config, table_specs
from jokoak.errors import BuildError
from jokoak.tablespec import json_schema

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")


def decree(regulation: str) -> str:
    return CATALOG.regulations[regulation].versions[-1].decree["es"]


def load(tmp_path: Path, regulation: str, table: str) -> list[str]:
    """The problems of a configuration with one table (its lines from 3), as ``line: field: message``."""
    path = tmp_path / "config.yaml"
    path.write_text(f"regulation: {regulation}\ntables:\n{table}", "utf-8")
    try:
        load_config(path, CATALOG)
    except BuildError as exc:
        return [f"{p.line}: {p.field}: {p.message}" for p in exc.problems]
    return []


HOLDEM = """  - id: HE1
    game: euskadi/poker-texas-holdem
    minimum: 10
    maximum:
      mesa: 40
    structure: bote-sin-limite
    ante: 2
    take: pot
    pot_percent: 5
"""


def test_a_sound_holdem_table(tmp_path: Path) -> None:
    assert load(tmp_path, "euskadi", HOLDEM) == []
    path = tmp_path / "config.yaml"
    table = load_config(path, CATALOG).tables[0]
    assert table.choices == {"structure": "bote-sin-limite", "ante": 2, "take": "pot", "pot_percent": Fraction(5)}
    assert table.maximums == {"mesa": 40}


def test_the_sample_casinos_circle_tables() -> None:
    config = load_config(None, CATALOG)
    engines = {g.key: g.engine for g in CATALOG.games}
    circle = {t.id: t for t in config.tables if engines[t.game] == "circle"}
    assert {circle["HE1"].game, circle["OM1"].game} == {"euskadi/poker-texas-holdem", "euskadi/poker-omaha"}
    assert {t.game for t in circle.values()} == {g.key for g in CATALOG.games if g.engine == "circle"
                                                 and g.regulation.id == "euskadi" and g.rules.playable}
    assert circle["OHL1"].choices["take"] == "hand"
    assert circle["SI1"].choices["resto_inicial"] == 200


def where(regulation: str, article: str) -> str:
    return f"{decree(regulation)}, {article}"


H = where("euskadi", "Artículo 2, epígrafe 17.3.1")
X = where("extremadura", "Anexo, 2.2.E")


@pytest.mark.parametrize(("regulation", "table", "expected"), [
    pytest.param("euskadi", HOLDEM.replace("poker-texas-holdem", "poker-de-circulo"), [
        "4: tables[0].game: euskadi/poker-de-circulo holds the general rules that its variants share; no hand is "
        "played under them alone (Artículo 2, epígrafe 17): a table plays one of the variants "
        "(euskadi/poker-cubierto-de-5-cartas-con-un-descarte, euskadi/poker-omaha, euskadi/poker-omaha-cinco-cartas, "
        "euskadi/poker-omaha-hi-low, euskadi/poker-texas-holdem, euskadi/poker-doble-holdem, euskadi/poker-five-stud, "
        "euskadi/poker-seven-card-stud, euskadi/poker-sintetico)"], id="general-rules"),
    pytest.param("euskadi", HOLDEM.replace("structure: bote-sin-limite", "structure: fixed"), [
        f"8: tables[0].structure: expected one of split-limit, bote-con-limite, bote-sin-limite, got 'fixed' ({H}; "
        "000:4981-4984; 002:11163-11166; 000:4986; 002:11168-11169; 000:4988-4990; 002:11171-11174)"],
        id="structure"),
    pytest.param("euskadi", HOLDEM.replace("mesa: 40", "mesa: 60"), [
        "7: tables[0].maximum.mesa: the minimum must be from 20 % to 40 % of the maximum (000:4976-4979; "
        f"002:11157-11161): with a 10 € minimum the maximum is from 25 € to 50 €, got 60 € ({H})"], id="maximum-high"),
    pytest.param("euskadi", HOLDEM.replace("mesa: 40", "mesa: 20"), [
        "7: tables[0].maximum.mesa: the minimum must be from 20 % to 40 % of the maximum (000:4976-4979; "
        f"002:11157-11161): with a 10 € minimum the maximum is from 25 € to 50 €, got 20 € ({H})"], id="maximum-low"),
    pytest.param("euskadi", HOLDEM.replace("minimum: 10", "minimum: 5").replace("mesa: 40", "mesa: 15"), [
        "7: tables[0].maximum.mesa: the minimum must be from 20 % to 40 % of the maximum (000:4976-4979; "
        f"002:11157-11161): with a 5 € minimum the maximum is from 12.50 € to 25 €, got 15 € ({H})"][:0],
        id="maximum-odd-minimum-allowed"),
    pytest.param("euskadi", HOLDEM.replace("ante: 2", "ante: 6"), [
        f"9: tables[0].ante: expected a whole number from 1 € to 5 €, got 6 ({H}; 000:4976-4979; 002:11157-11161; "
        "000:5381-5382; 002:12082-12083)"], id="ante"),
    pytest.param("euskadi", HOLDEM.replace("pot_percent: 5", "pot_percent: 6"), [
        f"11: tables[0].pot_percent: expected a percentage from 0.01 to 5, with at most two decimals, got 6 ({H}; "
        "000:4800-4802; 002:10749-10752)"], id="pot-percent"),
    pytest.param("euskadi", HOLDEM.replace("take: pot\n    pot_percent: 5", "take: hand\n    hand_percent: 60"), [
        f"11: tables[0].hand_percent: expected a percentage from 20 to 50, with at most two decimals, got 60 ({H}; "
        "000:4810-4812; 002:10761-10764)"], id="hand-percent"),
    pytest.param("euskadi", HOLDEM.replace("take: pot\n    pot_percent: 5", "take: session\n    pot_percent: 5"), [
        "11: tables[0].pot_percent: only asked when take is pot"], id="take-option-other"),
    pytest.param("euskadi", HOLDEM.replace("    pot_percent: 5\n", ""), [
        "3: tables[0].pot_percent: missing field (asked when take is pot)"], id="take-rate-missing"),
    pytest.param("euskadi", """  - id: CU1
    game: euskadi/poker-cubierto-de-5-cartas-con-un-descarte
    minimum: 10
    maximum:
      mesa: 30
    structure: split-limit
    deck: 48
    take: pot
    pot_percent: 5
""", [f"9: tables[0].deck: the text allows a deck of 52 or 32 cards (000:5309-5310; 002:11942-11943), got 48 "
      f"({where('euskadi', 'Artículo 2, epígrafe 17.1')})"], id="deck"),
    pytest.param("euskadi", """  - id: SI1
    game: euskadi/poker-sintetico
    minimum: 10
    maximum:
      mesa: 50
    structure: bote-sin-limite
    ante: 5
    take: session
    session_percent: 10
    session_base: resto
    resto_inicial: 50
    reposicion: 50
""", [f"13: tables[0].resto_inicial: expected a whole number from 100 € to 2000 €, got 50 "
      f"({where('euskadi', 'Artículo 2, epígrafe 17.6')}; 000:5648-5656; 002:12650-12659)"], id="resto-inicial"),
    pytest.param("euskadi", """  - id: DH1
    game: euskadi/poker-doble-holdem
    minimum: 10
    maximum:
      mesa: 50
    structure: fixed
    forced: blinds
    ante: 2
    take: pot
    pot_percent: 5
""", ["10: tables[0].ante: only asked when forced is ante"], id="ante-with-blinds"),
    pytest.param("euskadi", """  - id: O5
    game: euskadi/poker-omaha-cinco-cartas
    minimum: 10
    maximum:
      mesa: 50
    structure: sin-limite
    ante: 2
    take: pot
    pot_percent: 5
    primer_naipe_descubierto: sí
""", [f"12: tables[0].primer_naipe_descubierto: expected true or false, got 'sí' "
      f"({where('euskadi', 'Artículo 2, epígrafe 17.2.2')}; 000:5423-5426; 002:12193-12196)"], id="option-flag"),
    pytest.param("extremadura", """  - id: HX1
    game: extremadura/holdem
    minimum: 10
    maximum:
      mesa: 100
    structure: no-limit
    take: hand
    resto_minimo: 100
    resto_maximo: 1000
    reposicion_minima: 50
""", [f"9: tables[0].take: expected one of pot, session, got 'hand' ({X}; 001:2360; 001:2362)"], id="take-extremadura"),
    pytest.param("extremadura", """  - id: HX1
    game: extremadura/holdem
    minimum: 10
    maximum:
      mesa: 100
    structure: no-limit
    take: pot
    pot_percent: 5
    resto_minimo: 100
    resto_maximo: 1500
    reposicion_minima: 150
""", ["12: tables[0].resto_maximo: the band of the initial «resto» goes from its lowest to at most 10 times it "
      f"(001:2439-2443; 001:2461): with 100 € the highest is from 100 € to 1000 €, got 1500 € ({X})",
      "13: tables[0].reposicion_minima: the least top-up can never be more than the initial «resto» "
      f"(001:2439-2443; 001:2461): at most 100 €, got 150 € ({X})"],
        id="resto-band"),
    pytest.param("extremadura", """  - id: HX1
    game: extremadura/holdem
    minimum: 10
    maximum:
      mesa: 100
    structure: no-limit
    take: pot
    pot_percent: 5
    resto_minimo: 90
    resto_maximo: 900
    reposicion_minima: 50
""", [f"11: tables[0].resto_minimo: expected a whole number at least 100 €, got 90 ({X}; 001:2439-2443; "
      "001:2461)"], id="resto-minimo"),
])
def test_each_error_is_reported_at_its_line(tmp_path: Path, regulation: str, table: str,
                                            expected: list[str]) -> None:
    assert load(tmp_path, regulation, table) == expected


def test_the_schema_offers_the_variants_and_not_the_general_rules() -> None:
    schema = json_schema(CATALOG, table_specs(CATALOG))
    games = {entry["title"]: entry for entry in schema["properties"]["tables"]["items"]["oneOf"]}
    assert "euskadi/poker-texas-holdem" in games and "extremadura/omaha" in games
    assert "euskadi/poker-de-circulo" not in games and "extremadura/poquer-de-circulo" not in games
    holdem = games["euskadi/poker-texas-holdem"]
    assert set(holdem["required"]) >= {"structure", "ante", "take", "maximum"}
    assert holdem["properties"]["structure"]["enum"] == ["split-limit", "bote-con-limite", "bote-sin-limite"]
    assert {"if": {"properties": {"take": {"const": "pot"}}, "required": ["take"]},
            "then": {"required": ["pot_percent"]}} in holdem["allOf"]
    json.dumps(schema)  # plain JSON


def test_a_tables_sheet_prints_only_the_examples_that_hold_at_that_table() -> None:
    """An example played at another structure, minimum or ante, or with another take, tells another table's story
    (Family.at_table): the sample casino's tables print only those that hold there."""
    from jokoak.catalog import run_example
    from jokoak.facts import GameFacts
    from jokoak.render.sheets import sheet_examples

    games = {g.key: g for g in CATALOG.games}
    printed = {}
    for table in load_config(None, CATALOG).tables:
        game = games[table.game]
        if game.engine == "circle":
            facts = GameFacts(game, (), (), tuple((e, run_example(game, e)) for e in game.examples))
            printed[table.id] = [e.id for e, _r in sheet_examples(facts, table)]
    assert printed["HE1"] == ["tres-jugadores-trio"]  # not the take per hand, nor the split limit's example
    assert printed["OHL1"] == ["alta-y-baja", "sin-jugada-baja"]
    assert printed["FS1"] == ["escalera-del-as-al-diez"]  # the take per session leaves the hand whole
    assert all(printed.values())
