"""Pai Gow Poker in the catalogue: the game files say what 000 and 001 say, the settlement table is data
checked against the engine, every reading is recorded, the house way is marked as our own text wherever it
appears, the edge has its method and precision, and the commission is a table option."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog, run_example
from jokoak.config import load_config
from jokoak.engine.poker import Category
from jokoak.errors import BuildError
from jokoak.facts import game_facts
from jokoak.games.pai_gow import engine as pai_gow
from jokoak.games.pai_gow.facts import PAI_GOW_DEALS, PaiGowBetFacts
from jokoak.games.pai_gow.reader import OWN_TEXT, PaiGowSpec
from jokoak.play import game as play_game

REPO = Path(__file__).resolve().parents[1]
CATALOG_DIR = REPO / "catalog"
CATALOG = load_catalog(CATALOG_DIR)
EUSKADI = next(g for g in CATALOG.games if g.key == "euskadi/pai-gow-poker-o-poker-chino")
EXTREMADURA = next(g for g in CATALOG.games if g.key == "extremadura/pai-gow-poker")
FACTS = {g.key: game_facts(g) for g in (EUSKADI, EXTREMADURA)}


def test_the_files_give_the_rules_of_000_and_001_as_the_engine_reads_them() -> None:
    eus: PaiGowSpec = EUSKADI.rules
    ext: PaiGowSpec = EXTREMADURA.rules
    assert eus.rules == pai_gow.Rules(Fraction(5, 100), Fraction(5, 100), joker_flush=True, clockwise=True)
    assert ext.rules == pai_gow.Rules(Fraction(5, 100), Fraction(5, 100), joker_flush=False, clockwise=False)
    assert [h.category for h in eus.ranking] == sorted(Category, reverse=True)
    assert eus.category_name(Category.ROYAL_FLUSH, "eu") == "Eskailera Gorena"
    assert ext.category_name(Category.FOUR_OF_A_KIND, "es") == "Póquer"
    assert [(b.id, b.payout, b.limit) for b in eus.bets] == [("apuesta", 1, "apuestas")]
    assert eus.commission.percent == 5 and eus.commission.up_to and ext.commission.up_to
    assert eus.limits.ranges == ext.limits.ranges == {"apuestas": (1, None)}
    assert len(EUSKADI.examples) >= 8 and len(EXTREMADURA.examples) >= 8


def test_the_settlement_table_is_the_one_printed_line_by_line() -> None:
    cases = EUSKADI.rules.settlement.cases
    assert [c.case for c in cases] == ["1", "2", "2b", "3", "3b", "4", "4b", "5", "6"]
    assert [c.source[0].first for c in cases] == [4185, 4187, 4189, 4191, 4193, 4195, 4197, 4199, 4201]
    assert [c.result for c in cases] == ["ganancia"] + ["nula"] * 4 + ["perdida"] * 4
    assert EUSKADI.rules.tables["comparacion"].grid("eu")[0] == ["1", "Handiagoa", "Handiagoa", "Irabazia",
                                                                 "Beste horrenbeste, ken % 5"]
    assert [c.case for c in EXTREMADURA.rules.settlement.cases][2] == "2 bis"
    assert EXTREMADURA.rules.tables == {}  # 001 gives the cases as sentences, not as a table


def test_every_reading_is_recorded_with_its_lines() -> None:
    eus = {r.field: r.text["es"] for r in EUSKADI.readings}
    assert set(eus) == {"deck.reading", "deal.reading", "ranking[1].reading", "settlement.reading",
                        "settlement.cases[7].reading", "commission.reading", "house_way.reading", "limits.reading"}
    assert "002:8962-8964" in eus["deck.reading"] and "000:4185" in eus["commission.reading"]
    assert "002:9427" in eus["settlement.cases[7].reading"]
    ext = {r.field: r.text["es"] for r in EXTREMADURA.readings}
    assert "001:1555" in ext["deck.reading"] and "001:1551" in ext["settlement.reading"]
    for readings in (eus, ext):
        assert OWN_TEXT in readings["house_way.reading"].lower()


@pytest.mark.parametrize("game", [EUSKADI, EXTREMADURA], ids=lambda g: g.key)
def test_every_example_is_played_by_the_engine(game) -> None:  # type: ignore[no-untyped-def]
    for example in game.examples:
        result = run_example(game, example)
        assert (result.staked, result.returned) == (example.staked, example.returned), example.id


def test_the_joker_flush_differs_between_the_regulations() -> None:
    eus = next(e for e in EUSKADI.examples if e.id == "joker-completa-un-color")
    ext = next(e for e in EXTREMADURA.examples if e.id == "comodin-no-completa-color")
    assert eus.draws == ext.draws
    assert (eus.returned, ext.returned) == (Fraction(39), Fraction(20))


def test_the_edge_is_monte_carlo_on_our_house_way_with_its_precision() -> None:
    for facts in FACTS.values():
        bet = facts.bets[0]
        assert isinstance(bet, PaiGowBetFacts)
        assert 0.015 < bet.edge < 0.045  # Wizard of Odds, both sides on a house way: about 2.85 %
        assert f"Monte Carlo of {PAI_GOW_DEALS:,} rounds" in bet.method and OWN_TEXT in bet.method
        assert bet.precision == "95 % interval ±0.0046"
        assert abs(sum(bet.probabilities.values()) - 1) < 1e-9
        assert bet.edge_at(Fraction(0)) < bet.edge
        assert [(f.check, f.holds) for f in facts.findings] == [("player-expectation", True)]


def test_the_examples_show_the_bank_set_by_our_house_way_or_by_a_banking_player() -> None:
    _player, bank = FACTS[EUSKADI.key].pai_gow["forma-de-la-casa"]  # type: ignore[index]
    assert bank.low == ("Kc", "Kd") and bank.high_category == Category.PAIR
    _player, bank = FACTS[EUSKADI.key].pai_gow["banca-de-un-jugador"]  # type: ignore[index]
    assert bank.low == ("9h", "5d") and bank.high_category == Category.TWO_PAIR


def test_play_from_python() -> None:
    table = play_game("euskadi/pai-gow-poker-o-poker-chino")
    cards = ["Ah", "Ad", "9c", "8s", "5h", "Qd", "Jc", "Kh", "Kd", "7c", "6s", "4h", "3d", "2c"]
    assert table.play({"apuesta": 20}, cards=cards, low=["Qd", "Jc"]).returned == 39
    with pytest.raises(TypeError, match="takes no option"):
        table.play({"apuesta": 20}, cards=cards, low=["Qd", "Jc"], commission=4)


def test_the_commission_is_a_table_option_up_to_five(tmp_path: Path) -> None:
    assert load_config(None, CATALOG).tables_of("euskadi/pai-gow-poker-o-poker-chino")[0].commission == 5
    path = tmp_path / "casino.yaml"
    path.write_text("regulation: extremadura\ntables:\n  - {id: PG1, game: extremadura/pai-gow-poker, minimum: 5,\n"
                    "     maximum: {apuestas: 100}, commission: 6, house_way: catalogo}\n", "utf-8")
    with pytest.raises(BuildError) as error:
        load_config(path, CATALOG)
    assert "tables[0].commission: expected a percentage from 0 to 5, with at most two decimals, got 6" \
        in str(error.value)


def broken(tmp_path: Path, game: str, old: str, new: str) -> list[str]:
    root = tmp_path / "catalog"
    regulation = game.split("/")[0]
    (root / regulation).mkdir(parents=True)
    shutil.copy(CATALOG_DIR / "regulations.yaml", root)
    shutil.copy(CATALOG_DIR / "terms.yaml", root)
    source = (CATALOG_DIR / f"{game}.yaml").read_text("utf-8")
    assert old in source
    (root / f"{game}.yaml").write_text(source.replace(old, new, 1), "utf-8")
    with pytest.raises(BuildError) as raised:
        load_catalog(root)
    return [str(p).split(": ", 1)[1] for p in raised.value.problems]


@pytest.mark.parametrize(("game", "old", "new", "message"), [
    ("euskadi/pai-gow-poker-o-poker-chino", 'case: "3", high: superior, low: igualdad, result: nula',
     'case: "3", high: superior, low: igualdad, result: ganancia',
     "settlement.cases[3].result: the engine settles superior/igualdad as 'nula', not 'ganancia': the bank wins "
     "every tie (000:3995-3997)"),
    ("extremadura/pai-gow-poker", '    - {case: "5", high: igualdad, low: igualdad, result: perdida, '
     'source: "001:1637"}\n', "", "settlement.cases: no case for igualdad/igualdad"),
    ("extremadura/pai-gow-poker", "joker_completes: [straight, royal-flush, straight-flush]",
     "joker_completes: [flush]",
     "deck.joker_completes: expected a list of straight, flush, straight-flush, royal-flush, with straight and "
     "straight-flush (the engine's joker always completes them), got ['flush']"),
    ("extremadura/pai-gow-poker", 'own_text: "texto propio, sin fuente oficial"', 'own_text: "oficial"',
     "house_way.own_text: expected 'texto propio, sin fuente oficial': the regulation gives no house way, the "
     "text is ours"),
    ("extremadura/pai-gow-poker", "    low: [Qd, Jc]\n", "    low: [Qd, Kc]\n",
     "examples[0].low: expected two of the player's seven cards, got ['Qd', 'Kc']"),
])
def test_what_the_engine_cannot_play_is_an_error(tmp_path: Path, game: str, old: str, new: str,
                                                  message: str) -> None:
    assert message in broken(tmp_path, game, old, new)


def test_the_data_and_the_site_mark_the_house_way_as_our_own_text_and_the_sheet_does_not() -> None:
    build = REPO / "build"
    data_path = build / "data" / "euskadi" / "pai-gow-poker-o-poker-chino.json"
    if not data_path.is_file():
        pytest.skip("the build has not been run")
    data = json.loads(data_path.read_text("utf-8"))
    assert data["house_way"]["own_text"] == OWN_TEXT and data["house_way"]["official_source"] is None
    edge = data["bets"][0]["house_edge"]
    assert OWN_TEXT in edge["details"] and (edge["method"], edge["strategy"]) == ("monte-carlo", "house-way")
    assert 0 < edge["precision"] < 0.01
    assert [c["case"] for c in data["settlement"]["cases"]][:3] == ["1", "2", "2b"]
    site = (build / "site" / "es" / "euskadi" / "pai-gow-poker-o-poker-chino.html").read_text("utf-8")
    assert "Texto propio, sin fuente oficial" in site or "texto propio, sin fuente oficial" in site
    for lang in ("es", "eu", "es-eu"):  # the player sheet states the house way as the rule, without the mark
        sheet = (build / "sheets" / "euskadi" / f"pai-gow-poker-o-poker-chino.{lang}.html").read_text("utf-8")
        assert "texto propio" not in sheet and "testu propio" not in sheet
    official = (build / "official" / "euskadi" / "pai-gow-poker-o-poker-chino.es-eu.html")
    if official.is_file():
        assert "Recu.tot. apuesta" in official.read_text("utf-8")
