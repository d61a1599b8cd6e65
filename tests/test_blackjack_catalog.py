"""The Black Jack games of the catalogue: each rule read as its text gives it, the readings recorded,
the optional items the casino chooses, the house edges with their method, and the lint's findings."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog
from jokoak.config import load_config
from jokoak.errors import BuildError
from jokoak.facts import game_facts, same_game_elsewhere
from jokoak.games.blackjack.facts import BlackjackBetFacts

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")
GAMES = {game.key: game for game in CATALOG.games if game.engine == "blackjack"}
KEYS = ["euskadi/veintiuno-o-black-jack", "euskadi/triple-black-jack", "extremadura/veintiuno-o-black-jack",
        "estado/black-jack-1979", "estado/black-jack-1977"]


def test_every_black_jack_game_is_in_the_catalogue_with_eight_examples_or_more() -> None:
    assert sorted(GAMES) == sorted(KEYS)
    assert all(len(GAMES[key].examples) >= 8 for key in KEYS)


@pytest.mark.parametrize("key", KEYS)
def test_the_dealer_stands_on_every_17_and_black_jack_pays_3_to_2(key: str) -> None:
    rules = GAMES[key].rules.rules
    assert (rules.decks, rules.dealer_hits_soft_17, rules.blackjack_pays) == (6, False, Fraction(3, 2))
    assert (rules.insurance_pays, rules.insurance_max) == (Fraction(2), Fraction(1, 2))
    assert rules.lost_to_dealer_blackjack == "all"
    assert any(r.field == "dealer_blackjack.reading" for r in GAMES[key].readings)


def test_euskadi_doubles_on_any_two_cards_the_ace_counting_one() -> None:
    spec = GAMES["euskadi/veintiuno-o-black-jack"].rules
    rules = spec.rules
    assert rules.double_totals is None and rules.double_ace_counts_one and not rules.double_pair_of_aces
    assert rules.double_after_split and rules.max_hands is None and rules.even_money
    assert rules.pairs == {"completa": 25, "color": 12, "incompleta": 6}
    assert rules.sevens["dos-sietes-mismo-palo"] == 50
    assert set(spec.options) == {"parejas", "acumulada", "retiro"}


def test_a_table_offers_only_the_options_it_names() -> None:
    spec = GAMES["euskadi/veintiuno-o-black-jack"].rules
    rules = spec.rules_with(("parejas",))
    assert rules.pairs and not rules.sevens and not rules.surrender
    assert spec.rules_with(spec.options).surrender


def test_the_other_texts_double_on_9_10_11_and_1977_has_no_stop_on_21() -> None:
    for key in KEYS[2:]:
        rules = GAMES[key].rules.rules
        assert rules.double_totals == {9, 10, 11} and not rules.double_ace_counts_one
    assert not GAMES["estado/black-jack-1977"].rules.rules.stop_at_21
    assert GAMES["estado/black-jack-1977"].rules.rules.insurance_exact
    assert not GAMES["estado/black-jack-1979"].rules.rules.even_money


def test_extremadura_three_sevens_is_an_option_and_a_reading() -> None:
    game = GAMES["extremadura/veintiuno-o-black-jack"]
    assert game.rules.rules.three_sevens_pays == 2
    assert game.rules.three_sevens.id == "tres-sietes"
    assert any(r.field == "three_sevens.reading" and "1068-1072" in r.text["es"] for r in game.readings)


def test_triple_black_jack_plays_three_dealer_hands_without_doubling() -> None:
    spec = GAMES["euskadi/triple-black-jack"].rules
    assert spec.rules.dealer_hands == 3 and "double" not in spec.sources and spec.surrender is None
    assert spec.engine_bets({"casilla 2": Fraction(10), "seguro 2": Fraction(5)}) == {"box-2": 10, "insurance-2": 5}


def test_triple_black_jack_publishes_the_exact_edge_of_the_best_play_over_six_decks() -> None:
    """2.34352 % per box, exact (the finite shoe, hit or stand by every card seen); drawing the player's cards with
    replacement, as the figure once did, gave 2.33699 %, 0.0065 points off."""
    main = next(bet for bet in game_facts(GAMES["euskadi/triple-black-jack"]).bets
                if isinstance(bet, BlackjackBetFacts) and bet.info.kind == "main")
    assert main.edge == pytest.approx(0.0234352367118, abs=1e-13)
    assert main.precision.startswith("exact") and "312 cards" in main.method and "best play there is" in main.method


def test_the_basque_figures_printed_otherwise_are_readings_and_lint_findings() -> None:
    game = GAMES["euskadi/veintiuno-o-black-jack"]
    fields = {r.field for r in game.readings}
    assert {"bets[1].reading", "bets[3].pays[2].reading", "double.reading"} <= fields
    facts = game_facts(game, same_game_elsewhere(game, CATALOG.games))
    flagged = {f.id for f in facts.findings if f.check == "payout-language"}
    assert flagged == {"pago-seguro-eu", "pago-acumulada-dos-sietes-mismo-palo-eu"}
    assert all(f.holds for f in facts.findings if f.check == "player-expectation")


def test_the_main_bet_edge_is_a_float_with_its_method_and_the_side_bets_are_exact() -> None:
    facts = game_facts(GAMES["euskadi/veintiuno-o-black-jack"])
    bets = {bet.info.id: bet for bet in facts.bets if isinstance(bet, BlackjackBetFacts)}
    main = bets["apuesta"]
    assert not main.exact and "without replacement" in main.method and "0.0001 percentage points" in main.precision
    assert 0.0055 < main.edge < 0.0065 and 0.003 < main.variants["retiro"] < main.edge
    assert bets["seguro"].edge == Fraction(23, 311) and bets["parejas"].edge == Fraction(19, 311)
    assert facts.dealer is not None and all(sum(p.values()) == 1 for p in facts.dealer.values())


def test_a_table_must_name_the_options_it_offers(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text('regulation: euskadi\ntables:\n  - id: BJ1\n    game: euskadi/veintiuno-o-black-jack\n'
                      '    minimum: 10\n    maximum: {apuestas: 1000, parejas: 200}\n    offers: [seguro-de-vida]\n',
                      "utf-8")
    with pytest.raises(BuildError) as info:
        load_config(config, CATALOG)
    assert "offers: expected the list of the optional items this table offers" in str(info.value.problems[0])
