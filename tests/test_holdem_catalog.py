"""Hold'em in the catalogue: Euskadi «16. Texas Poker» and Extremadura «1.17 Texas Hold'em bonus poker» as read
(the Ante's table, the rounds, the qualifier, the bonus lines), every reading recorded, the worked examples, and
the facts: the Ante's edge exact under the best play, the bonus exact, the rejected reading of 000:4645."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from jokoak.catalog import load_catalog, run_example
from jokoak.engine.poker import Category as C
from jokoak.facts import game_facts
from jokoak.games.holdem.reader import HoldemSpec

F = Fraction
REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")
GAMES = {game.key: game for game in CATALOG.games if game.engine == "holdem"}
TEXAS, BONUS = GAMES["euskadi/texas-poker"], GAMES["extremadura/texas-holdem-bonus-poker"]


@pytest.fixture(scope="module")
def facts() -> dict[str, Any]:
    return {key: game_facts(game) for key, game in GAMES.items()}


def test_the_euskadi_rules_as_read() -> None:
    """000:4602-4614 the Ante's table; 000:4643-4648 one round after the flop, 2 × Ante, «No Voy» folds;
    000:4668-4669 the croupier from a pair of fours; 000:4616-4620 the TXB, lost on a fold (000:4648)."""
    spec: HoldemSpec = TEXAS.rules
    rules = spec.rules
    assert {c: p for c, p in rules.ante_pays.items()} == {C.ROYAL_FLUSH: 100, C.STRAIGHT_FLUSH: 20,
                                                          C.FOUR_OF_A_KIND: 10, C.FULL_HOUSE: 3, C.FLUSH: 2,
                                                          C.HIGH_CARD: 1}
    [street] = rules.streets
    assert (street.bet, street.seen, street.multiple, street.required) == ("apuesta2", 3, 2, True)
    assert spec.rounds[0].other_multiple == 1 and rules.calls_pay == 1
    assert rules.qualifier == (C.PAIR, 2)
    assert spec.qualifier_name == {"es": "una pareja de cuatros", "eu": "lauko parea"}
    assert rules.bonus is not None and rules.bonus.lost_on_fold and rules.bonus.kind == "flop"
    assert [(line.payout, line.minimum) for line in rules.bonus.lines] == [(25, (C.FLUSH, 0)), (7, (C.PAIR, 12))]
    assert spec.limits.maximum == {"apuestas": (10, 20, 30, 50)} and spec.tables == {}
    assert [h.name["eu"] for h in spec.hands][:2] == ["Kolore-eskailera Gorena", "Kolore-eskailera"]


def test_the_extremadura_rules_as_read() -> None:
    """001:1797-1803 the flop bet (2 × Ante or a fold), turn and river (1 × or a check); 001:1815-1817 the rounds
    at par, the Ante only from a straight up; no qualifier; 001:1821-1828 the bonus, settled whatever the player
    does (1795), its first row conditioned on the croupier's aces."""
    spec: HoldemSpec = BONUS.rules
    rules = spec.rules
    assert [(s.bet, s.seen, s.multiple, s.required) for s in rules.streets] == [
        ("flop", 0, 2, True), ("turn", 3, 1, False), ("river", 4, 1, False)]
    assert dict(rules.ante_pays) == {C.STRAIGHT: 1, C.HIGH_CARD: 0} and rules.qualifier is None
    assert rules.bonus is not None and not rules.bonus.lost_on_fold and rules.bonus.kind == "hole"
    lines = rules.bonus.lines
    assert [line.payout for line in lines] == [1000, 30, 25, 20, 15, 10, 5, 3]
    assert lines[0].hands == lines[0].dealer == frozenset({"AA"}) and not lines[1].dealer
    assert spec.tables["bonus"].grid("es")[:2] == [["As-As", "Crupier As-As paga 1.000 a 1"], ["As-As", "30 a 1"]]
    assert spec.limits.maximum == {"apuestas": (10, 20, 30)}


def test_every_reading_is_recorded_with_its_lines() -> None:
    fields = {game.key: {r.field: r.text["es"] for r in game.readings} for game in GAMES.values()}
    texas = fields["euskadi/texas-poker"]
    assert set(texas) == {"deck.reading", "ante.reading", "rounds[0].reading", "bonus.reading", "limits.reading"}
    assert "000:4643-4646" in texas["rounds[0].reading"] and "2 × Ante" in texas["rounds[0].reading"]
    assert "000:4669-4672" in texas["ante.reading"]
    bonus = fields["extremadura/texas-holdem-bonus-poker"]
    assert {"ante.pays[1].reading", "bonus.lines[0].reading", "bonus.reading"} <= set(bonus)
    assert "001:1817" in bonus["ante.pays[1].reading"] and "001:1821" in bonus["bonus.lines[0].reading"]


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_the_examples_are_played(game: Any) -> None:
    assert len(game.examples) >= 8
    for example in game.examples:
        result = run_example(game, example)
        assert (result.staked, result.returned) == (example.staked, example.returned), example.id


def test_the_edges_and_the_rejected_reading(facts: dict[str, Any]) -> None:
    """The TXB exact (6933/108290), the Extremadura bonus exact (13873/162435); the Ante exact under the best play
    (issue 13: an independent recomputation gave 2.1576 % and 2.0369 %), agreeing with the published 2.16 %;
    the 1 × reading of 000:4645 gives the player the edge, a failing finding."""
    texas = facts["euskadi/texas-poker"]
    ante, txb = texas.bets
    assert txb.edge == F(6933, 108290) and txb.per_staked is None
    assert ante.edge == F(1363917077, 63213204600) and f"{float(ante.edge):.4%}" == "2.1576%"
    assert ante.per_staked == F(1363917077, 166870951848) and ante.rounds == (F(13057, 15925),)
    assert "best play" in ante.method and "agrees with the published 2.16 %" in ante.method
    failing = {f.values["bet"]: f.values["edge"] for f in texas.failures}
    assert list(failing) == ["ante apuesta2-1x"] and failing["ante apuesta2-1x"] == F(-1160524468, 18895251375)
    assert ante.other_readings == {"apuesta2": F(-1160524468, 18895251375)}
    bonus = facts["extremadura/texas-holdem-bonus-poker"]
    assert bonus.bets[1].edge == F(13873, 162435)
    assert bonus.bets[0].edge == F(578107733, 28381438800) and f"{float(bonus.bets[0].edge):.4%}" == "2.0369%"
    assert bonus.bets[0].rounds[0] == 1 - F(10, 221)  # folds 60 of the 1,326 pairs before the flop
    assert "published" not in bonus.bets[0].method and not bonus.failures


def test_the_hands_of_the_examples(facts: dict[str, Any]) -> None:
    player, dealer = facts["euskadi/texas-poker"].hands["escalera-real"]
    assert (player.cards, player.points, dealer.points) == (("Ah", "Kh"), C.ROYAL_FLUSH, C.THREE_OF_A_KIND)
