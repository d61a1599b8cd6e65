"""The casino configuration: tables checked against each game's regulation, its JSON Schema, and decisions."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from jokoak.build import positive_expectations
from jokoak.catalog import load_catalog
from jokoak.config import DEFAULT_CONFIG, SAMPLES, check_decisions, load_config, table_specs
from jokoak.errors import BuildError
from jokoak.facts import game_facts, same_game_elsewhere
from jokoak.tablespec import has_tables, json_schema
from jokoak.yamlsrc import load

CATALOG = load_catalog(Path(__file__).resolve().parents[1] / "catalog")
EXTREMADURA = SAMPLES / "extremadura.yaml"


def in_force(regulation: str) -> set[str]:
    """The games a table may play: in force, and not a text under which no hand is played alone (circle poker's
    general rules)."""
    return {game.key for game in CATALOG.games if game.regulation.id == regulation and not game.superseded_by
            and has_tables(game)}


def test_the_embedded_sample_has_a_table_of_every_game_of_euskadi_and_two_of_some() -> None:
    config = load_config(None, CATALOG)
    assert config.regulation.id == "euskadi" and DEFAULT_CONFIG.is_file()
    games = [table.game for table in config.tables]
    assert set(games) == in_force("euskadi")
    assert sum(games.count(game) > 1 for game in set(games)) >= 3


def test_the_extremadura_sample_has_a_table_of_every_game_of_extremadura() -> None:
    config = load_config(EXTREMADURA, CATALOG)
    assert config.regulation.id == "extremadura"
    assert {table.game for table in config.tables} == in_force("extremadura")


def schema() -> dict[str, object]:
    found = json_schema(CATALOG, table_specs(CATALOG))
    jsonschema.Draft7Validator.check_schema(found)
    return found


def plain(path: Path) -> object:
    """The configuration as a JSON document (dates as text, numbers as keys as text)."""
    return json.loads(json.dumps(load(path, str(path)), default=str))


@pytest.mark.parametrize("path", [DEFAULT_CONFIG, EXTREMADURA], ids=["euskadi", "extremadura"])
def test_the_json_schema_accepts_the_samples(path: Path) -> None:
    doc = plain(path)
    for table in doc["tables"]:  # type: ignore[index]
        for maximum in table.get("maximum", {}).values():  # dice maximums by number: JSON keys are text
            assert not isinstance(maximum, dict) or all(key.isdigit() for key in maximum)
    jsonschema.validate(doc, schema())


@pytest.mark.parametrize(("change", "message"), [
    (lambda t: t.update(payment="comision"), "Additional properties"),
    (lambda t: t.pop("layout"), "'layout' is a required property"),
    (lambda t: t.update(layout="tres-panos"), "is not one of"),
    (lambda t: t.update(minimum=2.5), "is not of type 'integer'"),
    (lambda t: t.update(id="../R1"), "does not match"),
])
def test_the_json_schema_rejects_what_the_checks_reject(change: object, message: str) -> None:
    doc = plain(DEFAULT_CONFIG)
    table = next(t for t in doc["tables"] if t["id"] == "R1")  # type: ignore[index]
    change(table)  # type: ignore[operator]
    errors = list(jsonschema.Draft7Validator(schema()).iter_errors(doc))
    assert any(message in e.message or any(message in c.message for c in e.context or ()) for e in errors)


def write(tmp_path: Path, regulation: str, tables: str, decisions: str = "") -> Path:
    path = tmp_path / "casino.yaml"
    path.write_text(f"regulation: {regulation}\n{decisions}tables:\n{tables}", "utf-8")
    return path


def test_a_table_plays_the_regulation_in_force_of_the_casino(tmp_path: Path) -> None:
    superseded = write(tmp_path, "estado", "  - {id: R1, game: estado/ruleta-1977, minimum: 5}\n")
    with pytest.raises(BuildError, match="since replaced by «Orden de 9 de octubre de 1979"):
        load_config(superseded, CATALOG)
    elsewhere = write(tmp_path, "euskadi", "  - {id: R1, game: extremadura/ruleta-francesa, minimum: 5}\n")
    with pytest.raises(BuildError, match="a game of another regulation"):
        load_config(elsewhere, CATALOG)


def test_a_maximum_of_a_list_must_be_one_of_its_values(tmp_path: Path) -> None:
    path = write(tmp_path, "euskadi", "  - {id: BJ1, game: euskadi/veintiuno-o-black-jack, minimum: 10, offers: [],\n"
                                      "     maximum: {apuestas: 700}}\n")
    with pytest.raises(BuildError) as error:
        load_config(path, CATALOG)
    assert "expected 250 €, 500 €, 1000 € or 2000 € with a 10 € minimum, got 700 €" in str(error.value)


def test_an_optional_bet_not_offered_needs_no_maximum_and_may_not_have_one(tmp_path: Path) -> None:
    path = write(tmp_path, "euskadi", "  - {id: BJ1, game: euskadi/veintiuno-o-black-jack, minimum: 10, offers: [],\n"
                                      "     maximum: {apuestas: 1000, parejas: 200}}\n")
    with pytest.raises(BuildError, match="parejas: no bet of this group is offered at this table"):
        load_config(path, CATALOG)


def test_a_multiple_chance_of_craps_has_a_maximum_per_number_within_the_winnings_rule(tmp_path: Path) -> None:
    config = load_config(None, CATALOG)
    craps = config.tables_of("euskadi/dados-o-craps")[0]
    assert craps.per_number["hard-ways"] == {4: 100, 6: 100, 8: 100, 10: 100}
    text = DEFAULT_CONFIG.read_text("utf-8").replace("hard-ways: {4: 100, 6: 100, 8: 100, 10: 100}",
                                                     "hard-ways: {4: 100, 6: 200, 8: 100, 10: 100}")
    path = tmp_path / "casino.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(BuildError) as error:
        load_config(path, CATALOG)
    # 9 a 1 on a 6: winnings of one to three times those of the 500 € maximum on the simple chances.
    assert "hard-ways.6: expected from 56 to 166 € on 6, got 200" in str(error.value)


def decide(tmp_path: Path, regulation: str, table: str, decisions: str = "") -> None:
    config = load_config(write(tmp_path, regulation, table, decisions), CATALOG)
    games = {game.key: game for game in CATALOG.games}
    facts = {t.game: game_facts(games[t.game], same_game_elsewhere(games[t.game], CATALOG.games))
             for t in config.tables}
    check_decisions(config, positive_expectations(config, facts))


CRAPS = ("  - id: D1\n    game: extremadura/dados-o-craps\n    minimum: 5\n    maximum:\n"
         "      suertes-sencillas: 1000\n      hard-ways: {4: 200, 6: 200, 8: 200, 10: 200}\n      juego-de-7: 100\n"
         "      juego-de-11: 100\n      any-craps: 200\n      craps-2: 50\n      craps-3: 100\n      craps-12: 50\n"
         "      horn: 500\n")


def test_a_bet_the_player_gains_on_needs_the_legal_teams_decision(tmp_path: Path) -> None:
    with pytest.raises(BuildError) as error:
        decide(tmp_path, "extremadura", CRAPS)
    assert "table D1, juego-de-7: the player's expectation is positive under the text (+166.667 % of the stake; " \
           "001:521)" in str(error.value)
    decide(tmp_path, "extremadura", CRAPS, "decisions:\n  - {game: extremadura/dados-o-craps, bet: juego-de-7, "
                                           "decided_by: 'A. Legal', date: 2026-11-20, reference: 'NL-2026-14'}\n")


def test_a_commission_that_turns_the_bank_bet_in_the_players_favour_needs_a_decision(tmp_path: Path) -> None:
    table = ("  - {id: PB1, game: euskadi/punto-y-banca, minimum: 10, maximum: {apuestas: 1000}, multiples: false,\n"
             "     layout: mesa, payment: comision, commission: %s}\n")
    decide(tmp_path, "euskadi", table % "2.75")  # above 2,698 %: the house keeps an edge
    with pytest.raises(BuildError, match="table PB1, banca: the player's expectation is positive"):
        decide(tmp_path, "euskadi", table % "2.5")
