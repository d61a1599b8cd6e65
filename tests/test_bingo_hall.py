"""Bingo halls in the configuration: the sample hall, every check failing on a bad value with its file, line and
field, the rules file, and the JSON Schema."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest

from jokoak.catalog import load_catalog
from jokoak.config import DEFAULT_CONFIG, load_config, table_specs
from jokoak.errors import BuildError, Collector
from jokoak.halls import load_hall_rules
from jokoak.tablespec import json_schema
from jokoak.yamlsrc import load

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")

HALL = """\
regulation: {regulation}
halls:
  - id: BU1
    name: "Bingo Urdaibai"
    category: segunda
    rooms: ["Sala 1", "Sala 2"]
    series:
      - {{id: A, price: 1.5, cards: 1200}}
      - {{id: B, price: 3, cards: 600}}
    prizes:
      linea: {{percent: 10}}
      bingo: {{percent: 55.5}}
    machines: 8
    machine_series: 6
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hall.yaml"
    path.write_text(text, "utf-8")
    return path


def problems(tmp_path: Path, text: str) -> list[str]:
    """The problems of a configuration, each «file:line: field: message», the file's path left out."""
    path = write(tmp_path, text)
    with pytest.raises(BuildError) as caught:
        load_config(path, CATALOG)
    return [str(p).replace(str(path), "<config>") for p in caught.value.problems]


def test_the_embedded_sample_has_a_bingo_hall_beside_the_casino() -> None:
    config = load_config(None, CATALOG)
    assert config.tables and len(config.halls) == 1 and DEFAULT_CONFIG.is_file()
    hall = config.halls[0]
    assert hall.game == "euskadi/bingo" and hall.category is not None
    assert hall.machines <= hall.category.machines and hall.machine_series is not None
    assert hall.announced_line is False and set(hall.prizes) == {"linea", "bingo"}


def test_a_configuration_of_halls_alone_is_read(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, HALL.format(regulation="euskadi")), CATALOG)
    assert config.tables == () and config.casino is None
    hall = config.halls[0]
    assert hall.category is not None and hall.category.id == "segunda" and hall.category.machines == 8
    assert [(s.id, s.price, s.cards) for s in hall.series] == [("A", Fraction(3, 2), 1200), ("B", 3, 600)]
    assert hall.prizes["bingo"].percent == Fraction(111, 2) and hall.prizes["linea"].amount is None
    assert hall.rooms == ("Sala 1", "Sala 2") and hall.field == "halls[0]" and hall.line == 3


def test_the_regulations_say_what_the_text_says_of_halls() -> None:
    euskadi = CATALOG.halls["euskadi"]
    assert [(c.id, c.machines) for c in euskadi.categories] == [("especial", 12), ("primera", 12), ("segunda", 8),
                                                                ("tercera", 6)]
    assert euskadi.machine_series == 6 and CATALOG.halls["estado"].machine_series is None  # 000:5883-5884
    assert "fuentes" in euskadi.outside["es"] and "iturri" in euskadi.outside["eu"]


# (what is changed in the hall above, the problem expected), one per check
BAD = [
    ("    category: segunda\n", "    category: cuarta\n",
     "<config>:5: halls[0].category: expected one of especial, primera, segunda, tercera, got 'cuarta'"),
    ("    machines: 8\n", "    machines: 9\n",
     "<config>:13: halls[0].machines: expected a whole number of auxiliary machines from 0 to 8 in a «Sala de 2.ª "
     "categoría», got 9"),
    ("    machines: 8\n", "    machines: -1\n", "<config>:13: halls[0].machines: expected a whole number of auxiliary"),
    ("    machine_series: 6\n", "    machine_series: 7\n",
     "<config>:14: halls[0].machine_series: expected a whole number of series from 1 to 6 per game, machine and "
     "player, got 7"),
    ("    machine_series: 6\n", "", "<config>:3: halls[0].machine_series: missing field (asked when machines is above"),
    ("    machines: 8\n", "    machines: 0\n",
     "<config>:14: halls[0].machine_series: only asked when the hall has auxiliary machines"),
    ("    rooms:", "    announced_line: true\n    rooms:",
     "<config>:6: halls[0].announced_line: the text lets the línea be any of the three rows of a card: a hall cannot "
     "announce the one that wins"),
    ("price: 1.5,", "price: 1.505,", "<config>:8: halls[0].series[0].price: expected an amount in euros above 0 with "
     "at most two decimals (1.50), got 1.505"),
    ("price: 1.5,", "price: 0,", "<config>:8: halls[0].series[0].price: expected an amount in euros above 0"),
    ("cards: 1200", "cards: 0", "<config>:8: halls[0].series[0].cards: expected a number ≥ 1, got 0"),
    ("{id: B,", "{id: A,", "<config>:9: halls[0].series[1].id: the series 'A' is listed twice"),
    ("      - {id: A, price: 1.5, cards: 1200}\n      - {id: B, price: 3, cards: 600}\n", "      []\n",
     "<config>:7: halls[0].series: expected the list of the series of cards the hall sells, got a list"),
    ('["Sala 1", "Sala 2"]', "[]", "<config>:6: halls[0].rooms: expected the list of the hall's rooms"),
    ('"Sala 2"', '"sala 1"', "<config>:6: halls[0].rooms[1]: the room 'sala 1' is named twice"),
    ('    name: "Bingo Urdaibai"\n', '    name: ""\n', "<config>:4: halls[0].name: expected a name of at most 80"),
    ("      bingo: {percent: 55.5}\n", "", "<config>:11: halls[0].prizes.bingo: missing field"),
    ("bingo: {percent: 55.5}", "bingo: {percent: 55.5, amount: 100}",
     "<config>:12: halls[0].prizes.bingo: expected either {percent: N}"),
    ("bingo: {percent: 55.5}", "bingo: {percent: 100}",
     "<config>:12: halls[0].prizes.bingo.percent: expected a share of the sales above 0 and below 100"),
    ("linea: {percent: 10}", "linea: {percent: 10.125}",
     "<config>:11: halls[0].prizes.linea.percent: expected a share of the sales above 0 and below 100, with at most "
     "two decimals, got 10.125"),
    ("linea: {percent: 10}", "linea: {amount: 0}", "<config>:11: halls[0].prizes.linea.amount: expected an amount"),
    ("  - id: BU1\n", "  - id: ../BU1\n", "<config>:3: halls[0].id: expected a hall id of 1 to 16 letters"),
    ("    machines: 8\n", "    machines: 8\n    machinez: 2\n",
     "<config>:14: halls[0].machinez: unknown field (did you mean 'machines'?)"),
]


@pytest.mark.parametrize(("old", "new", "expected"), BAD, ids=[b[2].split(": ")[1] + " " + str(i)
                                                                for i, b in enumerate(BAD)])
def test_every_check_fails_on_a_bad_value(tmp_path: Path, old: str, new: str, expected: str) -> None:
    text = HALL.format(regulation="euskadi")
    assert old in text
    found = problems(tmp_path, text.replace(old, new, 1))
    assert len(found) == 1 and found[0].startswith(expected), found


def test_the_machines_error_cites_the_category_s_line(tmp_path: Path) -> None:
    found = problems(tmp_path, HALL.format(regulation="euskadi").replace("machines: 8", "machines: 9"))
    assert found[0].endswith(", Artículo 3; 000:5879)"), found


def test_a_hall_plays_the_regulation_in_force(tmp_path: Path) -> None:
    text = HALL.format(regulation="estado").replace("    category: segunda\n", "").replace("machines: 8", "machines: 0")
    found = problems(tmp_path, text.replace("    machine_series: 6\n", "    announced_line: true\n"))
    assert len(found) == 1 and found[0].startswith("<config>:3: halls[0]: estado/bingo-1977 is the text of «Orden de "
                                                   "1 de junio de 1977"), found
    assert found[0].endswith(": a hall plays the regulation in force")


@pytest.mark.parametrize(("category", "most"), [("especial", 12), ("primera", 12), ("segunda", 8), ("tercera", 6)])
def test_each_category_s_maximum_is_allowed_and_one_more_is_not(tmp_path: Path, category: str, most: int) -> None:
    text = HALL.format(regulation="euskadi").replace("segunda", category)
    assert load_config(write(tmp_path, text.replace("machines: 8", f"machines: {most}")), CATALOG).halls
    assert problems(tmp_path, text.replace("machines: 8", f"machines: {most + 1}"))


def test_the_same_hall_id_twice_is_refused(tmp_path: Path) -> None:
    text = HALL.format(regulation="euskadi")
    second = text.split("halls:\n", 1)[1].replace("BU1", "bu1")
    assert problems(tmp_path, text + second) == [
        "<config>:15: halls[1].id: the hall id 'bu1' is used twice (first at line 3); hall ids are compared without "
        "regard to case"]


def test_a_regulation_that_says_nothing_of_halls_has_none(tmp_path: Path) -> None:
    found = problems(tmp_path, HALL.format(regulation="extremadura"))
    assert found == ["<config>:3: halls[0]: extremadura says nothing of bingo halls (catalog/bingo-halls.yaml): a hall "
                     "is configured under euskadi, estado"]


def test_a_configuration_without_tables_or_halls_is_refused(tmp_path: Path) -> None:
    assert problems(tmp_path, "regulation: euskadi\ncasino: X\n") == [
        "<config>:1: tables: missing field (a configuration gives a casino's tables, its bingo halls, or both)"]
    assert problems(tmp_path, "regulation: euskadi\nhalls: []\n") == ["<config>:2: halls: expected at least one hall"]


def test_the_rules_file_is_checked(tmp_path: Path) -> None:
    (tmp_path / "bingo-halls.yaml").write_text(
        "euskadi:\n  game: euskadi/bingo\n  categories: []\n  outside: {es: x}\n  machine_series: 6\n"
        "estado:\n  game: estado/bingo-1977\n  categories: []\n  outside: {es: x}\n  announced_line: true\n"
        "nowhere:\n  game: x\n", "utf-8")
    collector = Collector()
    found = load_hall_rules(tmp_path, CATALOG.regulations, collector, {})
    assert found == {}
    assert sorted(str(p).split(": ", 1)[1] for p in collector.problems) == [
        "estado.announced_line: unknown field (known: categories, game, machine_series, machine_series_source, "
        "machines_source, outside)",
        "euskadi.outside: missing the eu text (official languages: es, eu)",
        "euskadi: the auxiliary machines are stated whole (machine_series, machine_series_source, "
        "machines_source) or not at all",
        "nowhere: no regulation 'nowhere' (regulations: euskadi, extremadura, estado)"]


def schema() -> dict[str, object]:
    found = json_schema(CATALOG, table_specs(CATALOG))
    jsonschema.Draft7Validator.check_schema(found)
    return found


def plain(path: Path) -> object:
    return json.loads(json.dumps(load(path, str(path)), default=str))


def test_the_json_schema_accepts_the_sample_and_a_hall_alone(tmp_path: Path) -> None:
    jsonschema.validate(plain(DEFAULT_CONFIG), schema())
    jsonschema.validate(plain(write(tmp_path, HALL.format(regulation="euskadi"))), schema())


@pytest.mark.parametrize(("old", "new"), [
    ("category: segunda", "category: cuarta"),
    ("machines: 8", "machines: 13"),
    ("machine_series: 6", "machine_series: 7"),
    ("    rooms:", "    announced_line: true\n    rooms:"),
    ("bingo: {percent: 55.5}", "bingo: {percent: 100}"),
    ("regulation: euskadi", "regulation: extremadura"),
])
def test_the_json_schema_rejects_what_the_checks_reject(tmp_path: Path, old: str, new: str) -> None:
    doc = plain(write(tmp_path, HALL.format(regulation="euskadi").replace(old, new)))
    assert list(jsonschema.Draft7Validator(schema()).iter_errors(doc))
