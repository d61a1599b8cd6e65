"""Hold'em against the bank: Euskadi «16. Texas Poker» and Extremadura «1.17 Texas Hold'em bonus poker»."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations as subsets

import pytest

from jokoak.engine.poker import Category, evaluate, parse
from jokoak.games.holdem.engine import (
    Bonus,
    BonusLine,
    Rules,
    Street,
    at_least,
    bonus_edge,
    bonus_payout,
    bonus_probabilities,
    house_edge,
    pattern,
    play,
)

C = Category
F = Fraction

TEXAS_POKER = Rules(  # Euskadi, 000 (es) and 002 (eu)
    # «deberá doblar su apuesta inicial de «Ante» en la casilla denominada «2.ª Apuesta»» (000:4643-4646): read
    # as a 2.ª apuesta of twice the Ante (the usual Casino Hold'em); «No Voy» folds (000:4647)
    streets=(Street("apuesta2", seen=3, multiple=F(2), required=True),),
    # the Ante's table, 000:4602-4614: RF 100, SF 20, póker 10, full 3, color 2, «Escalera o jugada menor» 1
    ante_pays={C.HIGH_CARD: F(1), C.FLUSH: F(2), C.FULL_HOUSE: F(3), C.FOUR_OF_A_KIND: F(10),
               C.STRAIGHT_FLUSH: F(20), C.ROYAL_FLUSH: F(100)},
    qualifier=(C.PAIR, 2),  # «una pareja de cuatros o combinación superior», 000:4668-4669 (and 000:4504)
    # «Texas Bonus» TXB, 000:4616-4620, on the two cards and the flop (000:4654-4656), lost on a fold (000:4648)
    bonus=Bonus("txb", (BonusLine(F(25), minimum=(C.FLUSH, 0)), BonusLine(F(7), minimum=(C.PAIR, 12))),
                lost_on_fold=True),
    calls_pay=F(1),  # «siempre se pagará a la par (1 a 1)», 000:4622-4623, 4686
)

BONUS_POKER = Rules(  # Extremadura, 001
    # the flop bet, twice the Ante, or a fold losing it (001:1797); turn and river, one Ante or a check (1801-1803)
    streets=(Street("flop", 0, F(2), True), Street("turn", 3, F(1), False), Street("river", 4, F(1), False)),
    # the Ante wins at par from a straight up; below it «no se pagará» (001:1817), read as returned
    ante_pays={C.HIGH_CARD: F(0), C.STRAIGHT: F(1)},
    qualifier=None,  # no minimum hand for the croupier is stated
    # «bonus», 001:1819-1830, on the two cards alone, whatever else the player does (001:1795)
    bonus=Bonus("bonus", (
        BonusLine(F(1000), hands=frozenset({"AA"}), dealer=frozenset({"AA"})),  # 1821
        BonusLine(F(30), hands=frozenset({"AA"})),                               # 1822
        BonusLine(F(25), hands=frozenset({"AKs"})),                              # 1823
        BonusLine(F(20), hands=frozenset({"AQs", "AJs"})),                       # 1824
        BonusLine(F(15), hands=frozenset({"AKo"})),                              # 1825
        BonusLine(F(10), hands=frozenset({"KK", "QQ", "JJ"})),                   # 1826
        BonusLine(F(5), hands=frozenset({"AQo", "AJo"})),                        # 1827
        BonusLine(F(3), hands=frozenset({r + r for r in "23456789T"})),          # 1828
    ), lost_on_fold=False),
    calls_pay=F(1),  # 001:1815
)


def deal(text: str) -> list[str]:
    return text.split()


def test_the_casino_holdem_hand_flow_of_every_branch() -> None:
    """Ante 10: a fold loses it; the croupier short of a pair of fours pays the Ante by its table and returns
    the 2.ª apuesta; a qualified croupier beaten pays both; a tie returns both; a better croupier takes both."""
    assert play(TEXAS_POKER, {"ante": 10}, deal("2c 7d  Ah Ad  Kh 9s 4c 3d Js"), ["no voy"]).net == -10
    unqualified = deal("Ah Kh  3c 2d  Qh 7h 6h 9s Tc")  # the croupier's pair of... none: Q high
    assert play(TEXAS_POKER, {"ante": 10}, unqualified, ["voy"]).net == 20  # a flush: the Ante 2 to 1
    fours = deal("Ah Kd  4c 4d  Qh 7s 6h 9s Tc")  # the croupier's fours qualify; the player's ace high loses
    assert play(TEXAS_POKER, {"ante": 10}, fours, ["voy"]).net == -30
    threes = deal("Ah Kd  3c 3d  Qh 7s 6h 9s Tc")  # threes do not: Ante at 1 to 1, 2.ª apuesta returned
    assert play(TEXAS_POKER, {"ante": 10}, threes, ["voy"]).net == 10
    tie = deal("2c 3d  2h 3h  Ah Ad Kc Ks Qs")
    assert play(TEXAS_POKER, {"ante": 10}, tie, ["voy"]).net == 0
    royal = deal("Ah Kh  9c 9d  Qh Jh Th 9s 2c")
    assert play(TEXAS_POKER, {"ante": 10}, royal, ["voy"]).net == 1000 + 20


def test_the_texas_bonus_on_the_flop_and_lost_on_a_fold() -> None:
    aces = deal("Ah 7d  2c 2d  As 9s 4c 3d Js")
    assert play(TEXAS_POKER, {"ante": 10, "txb": 5}, aces, ["voy"]).net == 10 + 35  # the croupier's twos do not qualify
    assert play(TEXAS_POKER, {"ante": 10, "txb": 5}, aces, ["no voy"]).net == -15
    flush = deal("Ah 7h  2c 2d  Kh 9h 4h 3d Js")
    assert play(TEXAS_POKER, {"ante": 10, "txb": 5}, flush, ["voy"]).net == 20 + 125  # flush; unqualified
    kings = deal("Kh 7d  2c 2d  Ks 9s 4c 3d Js")  # a pair of kings: no TXB
    assert play(TEXAS_POKER, {"ante": 10, "txb": 5}, kings, ["voy"]).net == 10 - 5


def test_the_bonus_poker_rounds_and_the_ante_from_a_straight_up() -> None:
    straight = deal("9c Td  Ah Ad  Jh Qs Kd 2c 3c")  # the player's straight beats the croupier's aces
    assert play(BONUS_POKER, {"ante": 10}, straight, ["apuesto", "apuesto", "apuesto"]).net == 10 + 20 + 10 + 10
    assert play(BONUS_POKER, {"ante": 10}, straight, ["apuesto", "paso", "paso"]).net == 10 + 20
    pair = deal("Kc Td  Qh Jd  Kh 7s 4d 2c 3s")  # kings beat queen high: the Ante only returned
    assert play(BONUS_POKER, {"ante": 10}, pair, ["apuesto", "paso", "apuesto"]).net == 20 + 10
    assert play(BONUS_POKER, {"ante": 10}, pair, ["paso"]).net == -10
    lost = deal("Qc Td  Kh Jd  Kd 7s 4d 2c 3s")
    assert play(BONUS_POKER, {"ante": 10}, lost, ["apuesto", "apuesto", "paso"]).net == -40


def test_the_extremadura_bonus_stands_after_a_fold_and_every_line_pays() -> None:
    cards = deal("Ah As  Ad Ac  Kh 7s 4d 2c 3s")
    assert play(BONUS_POKER, {"ante": 10, "bonus": 1}, cards, ["paso"]).net == -10 + 1000
    for hole, payout in [("Ah Ac", 30), ("Ah Kh", 25), ("Ah Qh", 20), ("Ah Jh", 20), ("Ah Kc", 15),
                         ("Kh Kc", 10), ("Jh Jc", 10), ("Ah Qc", 5), ("Th Tc", 3), ("2h 2c", 3), ("Ah Tc", -1)]:
        cards = deal(hole + "  9d 8c  5h 7s 4d 2s 3s")
        assert bonus_payout(BONUS_POKER.bonus, parse(hole), (), parse("9d 8c")) == (None if payout < 0 else payout)  # type: ignore[arg-type]
        assert play(BONUS_POKER, {"ante": 10, "bonus": 1}, cards, ["paso"]).net == -10 + payout


def test_the_bonus_probabilities_are_exact() -> None:
    """By hand: the player's aces 6/1326; then the croupier's aces 1/1225 of them; A-K suited 4/1326, ..."""
    p = bonus_probabilities(BONUS_POKER.bonus)  # type: ignore[arg-type]
    assert p[0] == F(6, 1326) * F(1, 1225)
    assert p[1] == F(6, 1326) * F(1224, 1225)
    assert p[2:] == [F(4, 1326), F(8, 1326), F(12, 1326), F(18, 1326), F(24, 1326), F(54, 1326)]
    txb = bonus_probabilities(TEXAS_POKER.bonus)  # type: ignore[arg-type]
    assert txb[0] == F(5108 + 36 + 3744 + 624 + 4, 2598960)  # flushes, straight flushes, fulls, quads, royals
    assert 0 < bonus_edge(TEXAS_POKER.bonus) < 1 and 0 < bonus_edge(BONUS_POKER.bonus) < 1  # type: ignore[arg-type]


def test_at_least_and_the_two_card_names() -> None:
    assert at_least(evaluate(parse("4c 4d Ks 9h 2c")), (C.PAIR, 2))
    assert not at_least(evaluate(parse("3c 3d Ks 9h 2c")), (C.PAIR, 2))
    assert at_least(evaluate(parse("3c 3d Ks Kh 2c")), (C.PAIR, 2))
    assert [pattern(parse(t)) for t in ("Ah Kh", "Kh Ad", "9c 9d")] == ["AKs", "AKo", "99"]
    seven = parse("Ah Kh Qh Jh 9c 2d 3s")
    assert evaluate(seven) == max(evaluate(five) for five in subsets(seven, 5))


@pytest.mark.parametrize(("cards", "decisions", "message"), [
    ("Ah Kh 9c 9d Qh 7h 2h 5s", ["voy"], "9 in all; got 8"),
    ("Ah Kh 9c 9d Qh 7h 2h 5s Ah", ["voy"], "dealt twice: Ah"),
    ("Ah Kh 9c 9d Qh 7h 2h 5s 9s", [], "decides at the «apuesta2» round"),
    ("Ah Kh 9c 9d Qh 7h 2h 5s 9s", ["quizá"], "is not a decision"),
    ("Ah Kh 9c 9d Qh 7h 2h 5s 9s", ["voy", "voy"], "decides 1 time"),
])
def test_bad_hands_are_refused(cards: str, decisions: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play(TEXAS_POKER, {"ante": 10}, deal(cards), decisions)


def test_bad_bets_and_rules_are_refused() -> None:
    cards = deal("Ah Kh 9c 9d Qh 7h 2h 5s 9s")
    with pytest.raises(ValueError, match="no bet «bonus»"):
        play(TEXAS_POKER, {"ante": 10, "bonus": 5}, cards, ["voy"])
    with pytest.raises(ValueError, match="bets the Ante"):
        play(TEXAS_POKER, {"txb": 5}, cards, ["voy"])
    with pytest.raises(ValueError, match="lowest hand"):
        Rules((), {C.FLUSH: F(2)})


def test_the_casino_holdem_edge_agrees_with_the_published_figure() -> None:
    """Wizard of Odds, «Casino Hold'em»: 2.16 % of the Ante with optimal play and the table of 000:4602-4614,
    which is the standard one. A short, loose check: the run's decisions are sampled (60 completions), which
    costs the player about 1 % of the Ante (150,000 deals with 100 completions give 3.29 % ± 0.55 %)."""
    edge = house_edge(TEXAS_POKER, deals=6_000, samples=60, seed=5)
    half = float(edge.precision.split("±")[1].split()[0])
    assert abs(edge.value - 0.0216) < half + 0.005
    assert "folds" in edge.method
