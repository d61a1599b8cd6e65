"""Monte o banca and el reto in the catalogue: the game files say what 001 says, the reader rejects
what the engine cannot play, the edges and the lint reach the data, and a reto table names its decks."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog
from jokoak.config import SAMPLES, load_config
from jokoak.errors import BuildError
from jokoak.facts import game_facts
from jokoak.games.monte.engine import MONTE, RETO
from jokoak.games.monte.reader import MonteSpec, RetoSpec
from jokoak.play import game as play_game

CATALOG_DIR = Path(__file__).resolve().parents[1] / "catalog"
CATALOG = load_catalog(CATALOG_DIR)
MONTE_GAME = next(g for g in CATALOG.games if g.key == "extremadura/monte-o-banca")
RETO_GAME = next(g for g in CATALOG.games if g.key == "extremadura/el-reto")


def test_the_monte_file_gives_the_rules_of_001_as_the_engine_reads_them() -> None:
    spec: MonteSpec = MONTE_GAME.rules
    assert spec.rules == MONTE  # two decks, the suits each bet covers, the payouts per phase, a tenth deducted
    assert {b.id: b.box for b in spec.bets} == {"vis": "VIS", "camo": "C", "anti": "A", "viudo": "V", "salto": "S",
                                                "cartas": ""}
    assert {b.id: b.points_off for b in spec.bets if b.points_off} == {
        "vis": ("doubled", "burnt"), "camo": ("doubled",), "anti": ("doubled",), "viudo": ("doubled",)}
    assert spec.limits.ranges == {"sencillas": (300, 300), "vista-hermosa": (10, 10), "primeras": (30, 30),
                                  "segundas": (60, 60), "salto": (100, 100)}
    assert spec.bet("camo").limit == {"primeras": "primeras", "segundas": "segundas"}
    assert [p.name["es"] for p in spec.phases] == ["Primeras", "Segundas"]
    assert len(MONTE_GAME.examples) >= 8 and len(RETO_GAME.examples) >= 8


def test_the_reto_file_gives_the_rules_of_001() -> None:
    spec: RetoSpec = RETO_GAME.rules
    assert spec.rules == replace(RETO, decks=8)  # the engine's rules, with the most decks the text allows
    assert spec.limits.tiers == 3 and spec.limits.maximum == {"inicial": (10, 20, 30)}
    assert [(b.id, b.payout, b.limit) for b in spec.bets] == [("inicial", 1, "inicial"), ("reto", 1, None),
                                                             ("empate", 10, None)]


def test_every_damaged_passage_relied_on_is_a_reading_with_its_lines() -> None:
    monte = " ".join(r.text["es"] for r in MONTE_GAME.readings)
    for passage in ("001:785", "001:855", "001:851", "001:799", "001:839", "001:809", "001:819"):
        assert passage in monte, passage
    assert "anulará" in monte and "24,2 %" in monte
    reto = " ".join(r.text["es"] for r in RETO_GAME.readings)
    for passage in ("001:947", "001:951", "001:959", "001:925"):
        assert passage in reto, passage
    assert next(n.source[0].first for n in MONTE_GAME.rules.notes) == 853  # the doubled and tripled cards


def test_the_viudo_favours_the_player_and_the_lint_says_so() -> None:
    facts = game_facts(MONTE_GAME)
    failing = {f.values["bet"] for f in facts.failures}
    assert failing == {"viudo primeras", "viudo segundas"}
    edges = {b.info.id: b.edges for b in facts.bets}
    assert f"{float(edges['viudo']['primeras']):.4f}" == "-0.2423"
    assert f"{float(edges['camo']['primeras']):.4f}" == "0.1718"
    assert edges["cartas"]["primeras-pairs"] == 2 * edges["cartas"]["primeras"]


def test_the_reto_edges_by_decks() -> None:
    facts = game_facts(RETO_GAME)
    # the reto's 31 % (per unit of the initial bet kept in play) is flagged for review, nothing else
    assert [(f.check, f.values["bet"]) for f in facts.failures] == [("implausible-edge", "reto")]
    edges = {b.info.id: b.edges for b in facts.bets}
    assert f"{float(edges['empate'][''][6]):.2%}" == "18.65%"
    assert f"{float(edges['inicial']['retando'][6]):.4%}" == "2.3301%"
    assert sorted(edges["reto"][""]) == list(range(1, 9))
    # «retar» costs less than the half of the initial bet that declining gives up
    assert all(edge < Fraction(1, 2) for edge in edges["reto"][""].values())


def test_the_data_has_every_edge_with_its_method(tmp_path: Path) -> None:
    data = Path(__file__).resolve().parents[1] / "build" / "data" / "extremadura"
    if not (data / "el-reto.json").is_file():
        pytest.skip("the build has not been run")
    reto = json.loads((data / "el-reto.json").read_text("utf-8"))
    variants = {v["id"]: v for v in reto["bets"][0]["house_edge"]["variants"]}
    assert set(variants) == {f"{play}-{decks}" for play in ("retando", "sin-retar") for decks in range(1, 9)}
    assert variants["retando-6"]["strategy"] == "fixed" and variants["retando-6"]["name"]["es"].endswith("6 barajas")
    assert reto["bets"][0]["house_edge"]["exact"] == variants["retando-8"]["exact"]  # the text's shoe, at most 8
    assert next(v for v in reto["bets"][2]["house_edge"]["variants"] if v["id"] == "empate-6")["exact"]
    monte = json.loads((data / "monte-o-banca.json").read_text("utf-8"))
    viudo = next(b for b in monte["bets"] if b["id"] == "viudo")
    primeras = next(v for v in viudo["house_edge"]["variants"] if v["id"] == "primeras")
    assert primeras["value"] < 0 and primeras["method"] == "exact" and primeras["name"] == {"es": "Primeras"}
    assert any(not f["holds"] and f["values"]["bet"] == "viudo primeras" for f in monte["lint"])


def test_play_from_python() -> None:
    monte = play_game("extremadura/monte-o-banca")
    assert monte.play({"viudo 1": 10}, cards=["7o", "3o"], layout=["3o", "5c", "Se", "Rb"]).returned == 120
    with pytest.raises(ValueError, match="monte takes layout"):
        monte.play({"viudo 1": 10}, cards=["3o"])
    with pytest.raises(TypeError, match="played with cards"):
        play_game("extremadura/el-reto").play({"inicial": 10}, spins=[7])
    with pytest.raises(TypeError, match="takes no option retar"):
        play_game("extremadura/ruleta-francesa").play({"rojo": 10}, spins=[1], retar=True)


def broken(tmp_path: Path, game: str, old: str, new: str) -> list[str]:
    root = tmp_path / "catalog"
    (root / "extremadura").mkdir(parents=True)
    shutil.copy(CATALOG_DIR / "regulations.yaml", root)
    shutil.copy(CATALOG_DIR / "terms.yaml", root)
    source = (CATALOG_DIR / "extremadura" / f"{game}.yaml").read_text("utf-8")
    assert old in source
    (root / "extremadura" / f"{game}.yaml").write_text(source.replace(old, new, 1), "utf-8")
    with pytest.raises(BuildError) as raised:
        load_catalog(root)
    return [str(p).split(": ", 1)[1] for p in raised.value.problems]


@pytest.mark.parametrize(("game", "old", "new", "message"), [
    ("monte-o-banca", "suits: [next]", "suits: [next, sideways]",
     "bets[1].suits: camo, anti and viudo name the suits they cover among same, next, opposite, previous "
     "(counted from the placed card's); the other bets none"),
    ("monte-o-banca", "    pays: {primeras: \"3:1\"}", "    pays: {primeras: \"3:1\"}\n    suits: [same]",
     "bets[4].suits: camo, anti and viudo name the suits they cover among same, next, opposite, previous "
     "(counted from the placed card's); the other bets none"),
    ("monte-o-banca", "except: [vis]", "except: []",
     "deduction.except: the engine deducts from every winning bet but vis: expected [vis], got []"),
    ("monte-o-banca", "pays: {primeras: \"32:1\"}", "pays: {primeras: \"32:1\", segundas: \"16:1\"}",
     "bets[0].pays: the engine plays vista hermosa in the phase of primeras only"),
    ("monte-o-banca", "limit: salto", "limit: {segundas: salto}",
     "bets[4].limit: expected a limit group, or one per phase the bet pays in"),
    ("el-reto", "payout_on_tie: \"2:1\"", "payout_on_tie: 2",
     "bets[1].payout_on_tie: expected a payout «N:M» such as \"35:1\", got 2"),
    ("el-reto", "    retar: false\n", "",
     "examples[3].bets: the engine cannot play this example: the cards are equal: say whether the player «reta» "
     "(retar=True or False)"),
])
def test_what_the_engine_cannot_play_is_an_error(tmp_path: Path, game: str, old: str, new: str,
                                                  message: str) -> None:
    assert message in broken(tmp_path, game, old, new)


def test_a_reto_table_chooses_its_decks_within_the_text(tmp_path: Path) -> None:
    path = tmp_path / "casino.yaml"
    path.write_text("regulation: extremadura\ntables:\n  - {id: RT1, game: extremadura/el-reto, minimum: 5,\n"
                    "     maximum: {inicial: 50}, decks: 9}\n", "utf-8")
    with pytest.raises(BuildError) as error:
        load_config(path, CATALOG)
    assert str(error.value).endswith("tables[0].decks: expected a whole number from 1 to 8, got 9 (Orden de 5 de "
                                     "noviembre de 2010 por la que se determinan las reglas esenciales por las que han "
                                     "de regirse las modalidades de los juegos exclusivos de Casinos de Juego de la "
                                     "Comunidad Autónoma de Extremadura, Anexo, 1.9; 001:925)")
    sample = load_config(SAMPLES / "extremadura.yaml", CATALOG)
    assert sample.tables_of("extremadura/el-reto")[0].decks == 6
