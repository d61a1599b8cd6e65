"""The Póquer Trijoker games of the catalogue: the pay tables and the lowest winning pair as each text gives
them, the readings recorded, the examples played, the exact house edges in the facts and the data, and the
lint's findings (the lowest pair another passage gives, the royal flush paid otherwise in the other
regulation)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog, run_example
from jokoak.engine.poker import Category as C
from jokoak.facts import game_facts, same_game_elsewhere
from jokoak.games.trijoker.facts import TrijokerBetFacts
from jokoak.games.trijoker.reader import TrijokerSpec
from jokoak.i18n import LANGUAGES, load_translations
from jokoak.render import data
from jokoak.render.env import make_env

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")
GAMES = {game.key: game for game in CATALOG.games if game.engine == "trijoker"}
EUS, EXT = "euskadi/poker-trijoker", "extremadura/poquer-trijoker"
USUAL = {C.PAIR: 1, C.TWO_PAIR: 2, C.THREE_OF_A_KIND: 3, C.STRAIGHT: 5, C.FLUSH: 8, C.FULL_HOUSE: 11,
         C.FOUR_OF_A_KIND: 50, C.STRAIGHT_FLUSH: 200}


def facts(key: str):  # type: ignore[no-untyped-def]
    return game_facts(GAMES[key], same_game_elsewhere(GAMES[key], CATALOG.games))


FACTS = {key: facts(key) for key in (EUS, EXT)}


def test_both_games_are_in_the_catalogue_with_eight_examples_or_more() -> None:
    assert sorted(GAMES) == [EUS, EXT]
    assert all(len(game.examples) >= 8 for game in GAMES.values())


def test_euskadi_pays_a_pair_of_jacks_and_the_royal_flush_500_to_1() -> None:
    spec: TrijokerSpec = GAMES[EUS].rules
    assert spec.rules.pays == {**USUAL, C.ROYAL_FLUSH: 500}
    assert (spec.minimum_pair, spec.rules.ace_low) == ("J", True)
    assert [str(c) for c in spec.minimum_pair_source] == ["000:3772-3773", "000:3869", "002:8420-8421", "002:8665"]
    assert [(o.rank, o.payout, [str(c) for c in o.source]) for o in spec.other_pair] == [
        ("2", 1, ["000:3864-3865", "002:8659-8661"])]
    assert spec.pay_line("royal-flush").name == {"es": "Escalera Real de color", "eu": "Kolore-eskailera Gorena"}


def test_extremadura_pays_a_pair_of_tens_and_the_royal_flush_1000_to_1() -> None:
    spec: TrijokerSpec = GAMES[EXT].rules
    assert spec.rules.pays == {**USUAL, C.ROYAL_FLUSH: 1000}
    assert (spec.minimum_pair, spec.rules.ace_low) == ("T", True)
    assert [str(c) for c in spec.minimum_pair_source] == ["001:1497", "001:1501"]
    assert [(o.rank, [str(c) for c in o.source]) for o in spec.other_pair] == [("J", ["001:1455"])]


@pytest.mark.parametrize(("key", "fields"), [
    (EUS, {"bets[2].reading", "minimum_pair.reading", "limits.reading"}),
    (EXT, {"deck.reading", "bets[2].reading", "minimum_pair.reading", "limits.reading"})])
def test_every_reading_is_recorded(key: str, fields: set[str]) -> None:
    assert {r.field for r in GAMES[key].readings} == fields


def test_the_readings_say_which_pair_is_read_and_why() -> None:
    eus = next(r.text["es"] for r in GAMES[EUS].readings if r.field == "minimum_pair.reading")
    ext = next(r.text["es"] for r in GAMES[EXT].readings if r.field == "minimum_pair.reading")
    assert "000:3864-3865" in eus and "Se lee la pareja de jotas" in eus
    assert "001:1455" in ext and "001:1497" in ext and "001:1501" in ext and "Se lee la pareja de dieces" in ext


@pytest.mark.parametrize("key", [EUS, EXT])
def test_the_examples_play_as_they_say(key: str) -> None:
    for example in GAMES[key].examples:
        result = run_example(GAMES[key], example)
        assert (result.staked, result.returned) == (example.staked, example.returned), example.id


def test_a_pair_of_tens_loses_in_euskadi_and_wins_in_extremadura() -> None:
    cards = ["Th", "Td", "4c", "9s", "2h"]
    assert GAMES[EUS].rules.line(cards) is None
    assert GAMES[EXT].rules.line(cards).category == "pair"


EDGES = {EUS: (Fraction(32653, 216580), Fraction(1, 17)), EXT: (Fraction(37963, 1082900), None)}


@pytest.mark.parametrize("key", [EUS, EXT])
def test_the_facts_give_each_bet_and_the_box_their_exact_edge(key: str) -> None:
    bets = FACTS[key].bets
    assert all(isinstance(b, TrijokerBetFacts) for b in bets)
    box = bets[0].box
    per_box, keep_first = EDGES[key]
    assert box.per_box == per_box
    assert sum(b.edge for b in bets) == box.per_box  # the three bets' edges add up to the box's
    assert bets[2].kept == 1 and bets[0].kept == box.keep_first
    if keep_first is not None:
        assert box.keep_first == keep_first
    assert bets[0].edge < 0 and bets[1].edge < 0 and bets[2].edge > 0  # 1 and 2 gain played well; 3 loses more


def test_euskadi_keeps_15_percent_and_extremadura_3_5_percent() -> None:
    assert f"{float(FACTS[EUS].bets[0].box.per_box):.4%}" == "15.0766%"
    assert f"{float(FACTS[EUS].bets[0].box.per_stake_in_play):.4%}" == "12.7182%"
    assert f"{float(FACTS[EXT].bets[0].box.per_box):.4%}" == "3.5057%"
    assert f"{float(FACTS[EXT].bets[0].box.per_stake_in_play):.4%}" == "2.8648%"


def test_the_lint_names_both_pairs_with_their_lines_and_edges() -> None:
    eus = {f.id: f for f in FACTS[EUS].findings}
    ext = {f.id: f for f in FACTS[EXT].findings}
    assert eus["esperanza-box"].holds and ext["esperanza-box"].holds
    found = ext["texto-minimum-pair-1"]
    assert not found.holds
    assert (found.values["read"], found.values["read_source"], found.values["other"], found.values["other_source"]) \
        == ("T", "001:1497; 001:1501", "J", "001:1455")
    assert found.values["edge_other"] == Fraction(32153, 216580)
    found = eus["texto-minimum-pair-1"]
    assert (found.values["read"], found.values["other"], found.values["other_source"]) == \
        ("J", "2", "000:3864-3865; 002:8659-8661")
    assert found.values["edge_other"] < 0  # every pair paid: the player would gain
    assert not eus["pago-royal-flush-extremadura"].holds and not ext["pago-royal-flush-euskadi"].holds


def test_the_data_give_every_edge_exact_with_its_method() -> None:
    translations = load_translations(REPO / "locale")
    envs = {lang: make_env(REPO / "templates", lang, translations, "rst") for lang in LANGUAGES}
    document = json.loads(data.game_data(FACTS[EUS], envs, "test"))
    box = document["box"]["house_edge"]
    assert next((v["id"], v["exact"]) for v in box["variants"]) == ("per-unit-of-one-bet", "32653/216580")
    assert box["exact"] == "32653/649740" and box["details"].startswith("exact enumeration")
    assert (box["method"], box["strategy"]) == ("exact", "optimal")
    assert [b["house_edge"]["exact"] for b in document["bets"]] == [
        "-19301/216580", "-3309/16660", "94971/216580"]
    assert document["minimum_pair"]["otherwise"] == [{"rank": "2", "payout": "1:1",
                                                      "source": "000:3864-3865; 002:8659-8661"}]
    lint = {f["id"]: f for f in document["lint"]}
    assert "000:3864-3865" in lint["texto-minimum-pair-1"]["message"]["es"]
    assert len(document["examples"]) == 9 and document["examples"][1]["options"] == {
        "withdrawn": ["apuesta_1", "apuesta_2"]}
