"""The lint a regulator would run (issue 13): each check fails on a planted defect and holds on the real texts."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog
from jokoak.engine import lint
from jokoak.facts import game_facts, regulator_lint, same_game_elsewhere
from jokoak.models import Game

CATALOG = load_catalog(Path(__file__).resolve().parents[1] / "catalog")
GAMES = {game.key: game for game in CATALOG.games}


def _lint(key: str) -> list[lint.Finding]:
    game = GAMES[key]
    return list(game_facts(game, same_game_elsewhere(game, CATALOG.games)).findings)


def test_an_implausible_edge_is_flagged_with_its_lines() -> None:
    flagged = {f.values["bet"]: f for f in _lint("euskadi/ruleta-de-la-fortuna") if f.check == "implausible-edge"}
    assert set(flagged) == {"24", "15"}  # 55.6 % and 44.4 %: the fortune wheel's damaged payouts
    assert all(f.source and not f.holds for f in flagged.values())
    assert not [f for f in _lint("euskadi/ruleta-francesa") if f.check == "implausible-edge"]


def test_a_planted_implausible_edge_fails() -> None:
    (finding,) = lint.implausible_edges({"pleno": Fraction(1, 37), "rojo": Fraction(1, 3)})
    assert finding.values["bet"] == "rojo" and not finding.holds
    (raised,) = lint.implausible_edges({"rojo": Fraction(1, 3)}, (Fraction(1, 2), {"es": "Una prueba."}))
    assert raised.holds and raised.values["raised_to"] == Fraction(1, 2)


def test_limits_are_compared_across_regulations_with_both_texts_lines() -> None:
    found = [f for f in _lint("euskadi/treinta-y-cuarenta") if f.check == "limit-elsewhere"]
    by = {f.values["regulation"]: f for f in found}
    assert by["extremadura"].values["other"] == (1000, 1000) and by["extremadura"].values["maximum"] == (20, 50)
    assert [str(c) for c in by["extremadura"].source] == ["000:1432", "002:2957-2958", "001:741"]  # both texts
    craps = {f.values["regulation"]: f.values for f in _lint("euskadi/dados-o-craps") if f.check == "limit-elsewhere"}
    assert craps["extremadura"]["maximum"] == (20, 1000) and craps["extremadura"]["other"] == (100, 1000)
    odds = {f.values["bet"]: f.values for f in _lint("euskadi/dados-o-craps") if f.check == "bet-limit-elsewhere"}
    assert odds["asociada-win"]["maximum"] is None  # Euskadi sets no maximum for the odds; Extremadura 100 %
    assert odds["asociada-win"]["other"] == {"kind": "share-of-line-bet", "times": None, "percent": {"all": 100}}


def test_the_same_limits_elsewhere_give_no_finding() -> None:
    assert not lint.limits_elsewhere({"apuestas": (10, 50)}, {"extremadura": {"apuestas": (10, 50)}}, {}, {
        "extremadura": {}})
    (found,) = lint.limits_elsewhere({"apuestas": (10, 50)}, {"extremadura": {}}, {}, {"extremadura": {}})
    assert found.values["other"] is None


def test_a_maximum_below_the_minimum_fails() -> None:
    assert [f.values["group"] for f in lint.limit_order({"a": (50, 10), "b": (0, 10), "c": (10, 50)})] == ["a", "b"]
    assert not [f for key in GAMES for f in regulator_lint(GAMES[key], (), ()) if f.check == "limit-order"]


def test_a_player_edge_under_a_chosen_reading_is_listed_for_decision() -> None:
    listed = {f.values["bet"] for f in _lint("euskadi/ruleta-de-la-fortuna") if f.check == "reading-player-edge"}
    assert listed == {"joker"}
    game = GAMES["euskadi/ruleta-francesa"]
    planted = lint.Finding("esperanza-pleno", "player-expectation", False, {"bet": "pleno", "edge": Fraction(-1, 37)})
    reading = replace(game.readings[0], field="bets[0].reading")
    with_reading = replace(game, readings=(reading,))
    assert [f.check for f in regulator_lint(with_reading, [planted], ()) if f.check == "reading-player-edge"] == [
        "reading-player-edge"]
    assert not [f for f in regulator_lint(replace(game, readings=()), [planted], ()) if f.check ==
                "reading-player-edge"]


def test_every_finding_about_a_bet_cites_lines() -> None:
    for key in ("euskadi/ruleta-de-la-fortuna", "extremadura/dados-o-craps", "extremadura/el-reto"):
        assert all(f.source for f in _lint(key) if "bet" in f.values), key
    # a payout another regulation pays otherwise: the lines of both texts (000:3010, 001:441)
    paid = {f.values["bet"]: f for f in _lint("euskadi/ruleta-de-la-fortuna") if f.check == "payout-elsewhere"}
    assert {c.source for c in paid["24"].source} == {"000", "002", "001"}


def test_el_retos_findings_name_the_deck_count_and_the_stake_basis() -> None:
    for finding in (f for f in _lint("extremadura/el-reto") if f.check == "player-expectation"):
        assert finding.values["basis"] == "initial" and 1 <= finding.values["decks"] <= 8


def test_the_chemin_de_fer_bank_seat_is_not_a_finding() -> None:
    assert not [f for f in _lint("euskadi/ferrocarril-bacara-o-chemin-de-fer") if f.check == "bank-seat"]


@pytest.mark.parametrize("key", ["extremadura/dados-o-craps"])
def test_a_player_favourable_bet_is_flagged(key: str) -> None:
    game: Game = GAMES[key]
    assert [f.values["bet"] for f in _lint(game.key) if f.check == "player-expectation" and not f.holds] == [
        "juego-de-7"]


def test_a_game_file_may_raise_the_threshold_with_a_reason() -> None:
    game = GAMES["euskadi/ruleta-de-la-fortuna"]
    reason = {"es": "Una prueba.", "eu": "Proba bat."}
    findings = [f for f in game_facts(replace(game, edge_ceiling=(Fraction(1, 2), reason))).findings
                if f.check == "implausible-edge"]
    assert {f.values["bet"]: f.holds for f in findings} == {"24": False, "15": True}  # 5/9 above 1/2, 4/9 within
    assert all(f.values["reason"] == reason and f.values["raised_to"] == Fraction(1, 2) for f in findings)
