"""The casino configuration is checked against each game's regulation, citing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from jokoak.catalog import load_catalog
from jokoak.config import DEFAULT_CONFIG, load_config
from jokoak.errors import BuildError

CATALOG = load_catalog(Path(__file__).resolve().parents[1] / "catalog")


def test_the_embedded_configuration_is_valid_and_covers_every_game() -> None:
    config = load_config(None, CATALOG)
    assert set(config.tables) == {game.key for game in CATALOG.games}
    assert DEFAULT_CONFIG.is_file()


def write(tmp_path: Path, table: str) -> Path:
    path = tmp_path / "casino.yaml"
    path.write_text(f'casino: "Casino"\ntables:\n{table}', "utf-8")
    return path


def test_a_maximum_outside_the_range_of_the_regulation_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, "  extremadura/bola-o-boule:\n    minimum: 2\n    layout: un-pano\n"
                           "    maximum: {numero: 300, suertes-sencillas: 500}\n")
    with pytest.raises(BuildError) as error:
        load_config(path, CATALOG)
    assert str(error.value) == (
        f"{path}:6: tables.extremadura/bola-o-boule.maximum.numero: the maximum must be from 40 to 100 times the "
        "minimum (80 to 200 €), got 300 € (Orden de 5 de noviembre de 2010 por la que se determinan las reglas "
        "esenciales por las que han de regirse las modalidades de los juegos exclusivos de Casinos de Juego de la "
        "Comunidad Autónoma de Extremadura, Anexo, juego 1.3; 001:389; 001:391)")


def test_a_separate_even_chance_minimum_needs_a_regulation_that_allows_it(tmp_path: Path) -> None:
    path = write(tmp_path, "  extremadura/ruleta-francesa:\n    minimum: 5\n    tier: 1\n    layout: un-pano\n"
                           "    even_chance_minimum: 10\n")
    with pytest.raises(BuildError, match="sets no separate minimum on even chances"):
        load_config(path, CATALOG)


def test_a_tiered_game_needs_a_tier_and_a_ranged_game_its_maximums(tmp_path: Path) -> None:
    path = write(tmp_path, "  extremadura/bola-o-boule:\n    minimum: 2\n    tier: 1\n    layout: un-pano\n")
    with pytest.raises(BuildError) as error:
        load_config(path, CATALOG)
    assert "maximum: missing field" in str(error.value) and "tier: unknown field" in str(error.value)
