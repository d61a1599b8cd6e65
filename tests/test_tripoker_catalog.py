"""The Tripóker games of the catalogue: the pay tables read line by line with their citations, every reading
recorded, the examples played by the engine, the exact house edges in the facts and the data, and the lint's
findings (the Basque Par Plus «Hirukoa» 3 a 1 against the Spanish «Trío» 30 a 1)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog, run_example
from jokoak.engine.poker import Category as C
from jokoak.facts import game_facts, same_game_elsewhere
from jokoak.games.tripoker.facts import TripokerBetFacts
from jokoak.games.tripoker.reader import HANDS
from jokoak.i18n import LANGUAGES, load_translations
from jokoak.render.data import game_data
from jokoak.render.env import make_env

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")
GAMES = {game.key: game for game in CATALOG.games if game.engine == "tripoker"}
EUS, EXT = "euskadi/poker-de-tres-cartas-o-tripoker", "extremadura/tripoquer"
FACTS = {key: game_facts(game, same_game_elsewhere(game, CATALOG.games)) for key, game in GAMES.items()}


def edges(key: str) -> dict[str, TripokerBetFacts]:
    return {bet.info.id: bet for bet in FACTS[key].bets if isinstance(bet, TripokerBetFacts)}


def test_both_games_are_in_the_catalogue_with_eight_examples_or_more() -> None:
    assert sorted(GAMES) == [EUS, EXT]
    assert all(len(game.examples) >= 8 for game in GAMES.values())


@pytest.mark.parametrize("key", [EUS, EXT])
def test_every_example_is_played_by_the_engine(key: str) -> None:
    game = GAMES[key]
    for example, result in FACTS[key].examples:
        assert (result.staked, result.returned) == (example.staked, example.returned)
        assert run_example(game, example) == result
    decisions = {example.options.get("decision") for example in game.examples}
    assert decisions == {"ir", "retirarse", None}  # a fold, a call, and the Par Plus alone


def test_euskadi_pay_tables_as_the_spanish_text_prints_them() -> None:
    rules = GAMES[EUS].rules.rules
    assert dict(rules._pair_plus) == {C.ROYAL_FLUSH: 50, C.STRAIGHT_FLUSH: 40, C.THREE_OF_A_KIND: 30,
                                      C.STRAIGHT: 6, C.FLUSH: 3, C.PAIR: 1}
    assert dict(rules._ante_bonus) == {C.STRAIGHT: 1, C.THREE_OF_A_KIND: 4, C.STRAIGHT_FLUSH: 5}
    assert rules.qualifying_card == "Q"
    ante = GAMES[EUS].rules.bet("ante")
    assert (ante.bonus, ante.second) == ({"es": "bonus", "eu": "bonusa"}, {"es": "2.ª Apuesta", "eu": "2. apustua"})
    lines = {line.hand: line for line in GAMES[EUS].rules.bet("par_plus").pays}
    assert [str(c) for c in lines["trio"].source] == ["000:4459", "002:10043"]
    assert lines["trio"].printed == {"eu": Fraction(3)}
    assert all(not line.printed for hand, line in lines.items() if hand != "trio")


def test_extremadura_pay_tables_and_the_extra_ante_grid() -> None:
    spec = GAMES[EXT].rules
    assert dict(spec.rules._pair_plus) == {C.STRAIGHT_FLUSH: 40, C.THREE_OF_A_KIND: 25, C.STRAIGHT: 6, C.FLUSH: 4,
                                           C.PAIR: 1}
    assert dict(spec.rules._ante_bonus) == dict(GAMES[EUS].rules.rules._ante_bonus)
    assert spec.tables["extra-ante"].grid("es") == [
        ["Escalera de Color", "5 a 1"], ["Trío", "4 a 1"], ["Escalera", "1 a 1"]]
    assert spec.hand("escalera-real") is None  # 001 names no royal flush: paid as a straight flush
    assert (spec.bet("ante").bonus, spec.bet("ante").second) == ({"es": "Extra"}, {"es": "Bet"})
    assert spec.hand_name(["Ah", "Kh", "Qh"], "es") == "Escalera de Color"


def test_the_hands_are_named_in_both_official_languages() -> None:
    spec = GAMES[EUS].rules
    assert [h.id for h in spec.hands] == list(HANDS)
    assert spec.hand("escalera-real").name == {"es": "Escalera Real", "eu": "Eskailera Gorena"}  # type: ignore[union-attr]
    assert spec.hand_name(["7h", "7d", "2c"], "eu") == "Parea"
    assert spec.hand_name(["Ah", "9d", "4c"], "es") is None


READINGS = {
    EUS: ["deck.reading", "decision.reading", "ranking.reading", "bets[0].reading", "bets[1].reading",
          "bets[1].pays[2].reading", "limits.reading"],
    EXT: ["deck.reading", "bank.reading", "decision.reading", "ranking.reading", "bets[0].reading", "bets[1].reading",
          "limits.reading"],
}


@pytest.mark.parametrize("key", [EUS, EXT])
def test_every_reading_is_recorded_in_spanish_with_its_lines(key: str) -> None:
    readings = GAMES[key].readings
    assert sorted(r.field for r in readings) == sorted(READINGS[key])
    for reading in readings:
        assert reading.line > 0 and re.search(r"\b00[012]:\d+", reading.text["es"]), reading
        assert len({"el", "la", "de", "se", "que"} & set(re.findall(r"\w+", reading.text["es"].lower()))) >= 2, reading


def test_the_par_plus_trio_reading_names_both_lines_and_both_edges() -> None:
    text = next(r.text["es"] for r in GAMES[EUS].readings if r.field == "bets[1].pays[2].reading")
    assert "000:4459" in text and "002:10043" in text and "7,10 %" in text and "13,45 %" in text


def test_exact_edges_in_the_facts() -> None:
    for key in (EUS, EXT):
        ante = edges(key)["ante"]
        assert ante.edge == Fraction(686689, 20358520)
        assert ante.per_staked == Fraction(686689, 34084400)
        assert ante.plays == Fraction(149, 221)
    assert edges(EUS)["par_plus"].edge == Fraction(392, 5525)  # 7.10 %
    assert edges(EUS)["par_plus"].printed == {"eu": Fraction(743, 5525)}  # 13.45 % as the Basque prints it
    assert edges(EXT)["par_plus"].edge == Fraction(193, 5525)
    assert edges(EXT)["par_plus"].printed == {}


def test_the_lint_flags_the_basque_trio_naming_both_lines() -> None:
    failures = {f.id: f for f in FACTS[EUS].failures}
    trio = failures["pago-par_plus-trio-eu"]
    assert trio.check == "payout-language"
    assert [str(c) for c in trio.source] == ["000:4459", "002:10043"]
    assert (trio.values["payout"], trio.values["printed"]) == (30, 3)
    assert (trio.values["edge"], trio.values["edge_printed"]) == (Fraction(392, 5525), Fraction(743, 5525))
    assert all(f.holds for f in FACTS[EUS].findings if f.check == "player-expectation")


@pytest.mark.parametrize(("key", "other"), [(EUS, "extremadura"), (EXT, "euskadi")])
def test_the_lint_compares_the_par_plus_with_the_other_regulation(key: str, other: str) -> None:
    found = {f.values["bet"] for f in FACTS[key].failures if f.check == "payout-elsewhere"}
    assert found == {"par_plus escalera-real", "par_plus trio", "par_plus color"}
    assert all(f.values["regulation"] == other for f in FACTS[key].failures if f.check == "payout-elsewhere")


def test_the_data_gives_every_edge_exact_and_the_basque_table_as_printed() -> None:
    translations = load_translations(REPO / "locale")
    envs = {lang: make_env(REPO / "templates", lang, translations, "html") for lang in LANGUAGES}
    data = json.loads(game_data(FACTS[EUS], envs, "test"))
    bets = {bet["id"]: bet for bet in data["bets"]}
    assert bets["ante"]["house_edge"]["exact"] == "686689/20358520"
    assert [(v["id"], v["exact"]) for v in bets["ante"]["house_edge"]["variants"]] == [
        ("per-unit-staked", "686689/34084400")]
    assert bets["ante"]["house_edge"]["strategy"] == "optimal"
    assert bets["par_plus"]["house_edge"]["exact"] == "392/5525"
    assert bets["par_plus"]["house_edge_as_printed"]["eu"]["exact"] == "743/5525"
    assert round(bets["par_plus"]["house_edge_as_printed"]["eu"]["value"], 4) == 0.1345
    trio = next(line for line in bets["par_plus"]["pays"] if line["hand"] == "trio")
    assert (trio["payout"], trio["printed"], trio["source"]) == ("30:1", {"eu": "3:1"}, "000:4459; 002:10043")
    finding = next(f for f in data["lint"] if f["id"] == "pago-par_plus-trio-eu")
    assert (finding["holds"], finding["source"]) == (False, "000:4459; 002:10043")
    assert data["hands"]["names"]["escalera-real"] == {"es": "Escalera Real", "eu": "Eskailera Gorena"}
