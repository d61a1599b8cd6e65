"""The banked poker games of the catalogue: the reader, its readings, the examples played, the edges in the facts."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog
from jokoak.catalog_stud import StudSpec
from jokoak.engine.poker import Category as C
from jokoak.facts import game_facts

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def sin():  # type: ignore[no-untyped-def]
    catalog = load_catalog(REPO / "catalog")
    return next(g for g in catalog.games if g.key == "euskadi/poker-sin-descarte")


def test_pay_table_and_rules(sin) -> None:  # type: ignore[no-untyped-def]
    spec: StudSpec = sin.rules
    assert [p for _, p in spec.rules.pays] == [Fraction(n) for n in (100, 25, 20, 7, 5, 4, 3, 2, 1, 1)]
    assert spec.rules.qualification.category == C.HIGH_CARD and spec.rules.qualification.ranks == (12, 11)
    assert spec.rules.raise_multiple == 2 and spec.rules.wheel == "low" and spec.rules.buy_price == 1
    assert spec.rules.side_bets["seguro"].prizes[C.ROYAL_FLUSH] == 2000
    assert spec.bet("ante").name["eu"] == "Hasierako postura"


def test_readings(sin) -> None:  # type: ignore[no-untyped-def]
    fields = {r.field for r in sin.readings}
    assert {"deck.reading", "play.reading", "hands[8].reading", "buy.reading", "side_bets[0].reading",
            "side_bets[1].reading", "limits.reading"} <= fields


def test_facts(sin) -> None:  # type: ignore[no-untyped-def]
    facts = game_facts(sin)
    by_id = {b.info.id: b for b in facts.bets}
    assert by_id["ante"].edge == Fraction(53378072753, 996661525860)
    assert by_id["seguro"].edge == Fraction(11839, 15470)
    assert by_id["jackpot"].edge is None and by_id["jackpot"].probabilities["royal-flush"] == Fraction(1, 649740)
    assert not facts.failures
    assert len(facts.examples) >= 8 and all(r.staked for _, r in facts.examples)
    assert facts.stud is not None and facts.stud.hands["escalera-al-as-baja"][1].hand == "straight"


@pytest.fixture(scope="module")
def games():  # type: ignore[no-untyped-def]
    return {g.key: g for g in load_catalog(REPO / "catalog").games if g.engine == "stud"}


def test_the_four_games(games) -> None:  # type: ignore[no-untyped-def]
    assert set(games) == {"euskadi/poker-sin-descarte", "euskadi/poker-con-descarte",
                          "extremadura/poquer-sin-descarte", "extremadura/poquer-con-descarte"}
    for game in games.values():
        assert len(game.examples) >= 8
    con = games["euskadi/poker-con-descarte"].rules.rules
    assert [p for _, p in con.pays] == [Fraction(n) for n in (100, 25, 20, 7, 5, 3, 2, 1, 1)]
    assert con.pays[-1][0].ranks == (6,) and con.qualification.ranks == (6,)  # eights included
    assert con.tie_cards == {C.FLUSH: 1, C.PAIR: 2} and con.discards == 2
    assert games["extremadura/poquer-con-descarte"].rules.rules.pays == con.pays
    assert {r.field for r in games["euskadi/poker-con-descarte"].readings} >= {"pays[8].reading", "ties.reading",
                                                                               "draw.reading"}


def test_extremadura_side_bets(games) -> None:  # type: ignore[no-untyped-def]
    facts = game_facts(games["extremadura/poquer-sin-descarte"])
    by_id = {b.info.id: b for b in facts.bets}
    assert by_id["seguro"].edge == Fraction(11839, 15470)
    assert 0 < by_id["carrusel"].edge < Fraction(1, 4)  # with the optional trío line
    progresivo = by_id["progresivo"]
    assert progresivo.edge is None and progresivo.probabilities["straight-flush"] == Fraction(3, 216580)
    assert not facts.failures


def test_con_descarte_edge_by_monte_carlo(games) -> None:  # type: ignore[no-untyped-def]
    facts = game_facts(games["euskadi/poker-con-descarte"])
    ante = facts.bets[0]
    assert isinstance(ante.edge, float) and 0.06 < ante.edge < 0.08 and "Monte Carlo" in ante.method
    assert facts.bets[1].edge is None and facts.bets[1].info.drawn
    assert facts.stud is not None and facts.stud.hands["banca-busca-color"][1].hand == "flush"
