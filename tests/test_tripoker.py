"""Tripóker: a round (ante, second bet, bonus, Par Plus) and the exact house edges."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from jokoak.engine.poker import THREE_CARD, combinations, name, parse, values
from jokoak.engine.poker import Category as C
from jokoak.games.tripoker.engine import (
    Rules,
    _classes,
    _hands,
    ante_edge,
    hand_probabilities,
    pair_plus_edge,
    play,
    play_value,
)

# The usual Three Card Poker tables (Wizard of Odds, «Three Card Poker», wizardofodds.com/games/three-card-poker/):
# ante bonus 1/4/5 for straight/trips/straight flush; Pair Plus 1/4/6/30/40.
BONUS = {C.STRAIGHT: 1, C.THREE_OF_A_KIND: 4, C.STRAIGHT_FLUSH: 5}
STANDARD = Rules({C.PAIR: 1, C.FLUSH: 4, C.STRAIGHT: 6, C.THREE_OF_A_KIND: 30, C.STRAIGHT_FLUSH: 40}, BONUS)

# Euskadi, «15. Poker de tres cartas o Tripoker»: the bank plays with «una Dama o una combinación superior»
# (000:4404-4405); ante bonus «Escalera: 1 a 1», «Trío: 4 a 1», «Escalera de Color: 5 a 1» (000:4418-4422);
# Par Plus «a) Escalera Real: 50 a 1» … «f) Pareja: 1 a 1» (000:4455-4465).
EUSKADI = Rules({C.ROYAL_FLUSH: 50, C.STRAIGHT_FLUSH: 40, C.THREE_OF_A_KIND: 30, C.STRAIGHT: 6, C.FLUSH: 3,
                 C.PAIR: 1}, BONUS, "Q")
# The Basque column: «Hirukoa: 3 jarritako 1en truke» (002:10043), the rest as in Spanish (002:9974-10046).
EUSKADI_EU = Rules({**dict(EUSKADI.pair_plus), C.THREE_OF_A_KIND: 3}, BONUS, "Q")
# Extremadura, «1.16 Tripóquer»: «Fortuna» SF 40, Trío 25, Escalera 6, Color 4, Pareja 1 (001:1686-1694);
# «Extra-Ante» 5/4/1 (001:1705-1707); «una jugada mínima de Q para calificar» (001:1698).
EXTREMADURA = Rules({C.STRAIGHT_FLUSH: 40, C.THREE_OF_A_KIND: 25, C.STRAIGHT: 6, C.FLUSH: 4, C.PAIR: 1}, BONUS, "Q")


def test_the_published_house_edges() -> None:
    """Wizard of Odds: ante and play 3.37 % per ante, 2.01 % per unit staked; Pair Plus 1/4/6/30/40 2.32 %,
    1/3/6/30/40 7.28 %."""
    edge = ante_edge(STANDARD)
    assert round(float(edge.per_ante), 4) == 0.0337
    assert round(float(edge.per_staked), 4) == 0.0201
    assert edge.per_staked == edge.per_ante / (1 + edge.plays)
    assert round(float(pair_plus_edge(STANDARD)), 4) == 0.0232
    flush_three = Rules({**dict(STANDARD.pair_plus), C.FLUSH: 3}, BONUS)
    assert round(float(pair_plus_edge(flush_three)), 4) == 0.0728


def test_three_card_hand_counts() -> None:
    """Of the 22,100 hands: 48 straight flushes (4 of them A-K-Q), 52 trios, 720 straights, 1,096 flushes,
    3,744 pairs (A-2-3 a straight)."""
    counts = {c: p * comb(52, 3) for c, p in hand_probabilities().items()}
    assert counts == {C.ROYAL_FLUSH: 4, C.STRAIGHT_FLUSH: 44, C.THREE_OF_A_KIND: 52, C.STRAIGHT: 720,
                      C.FLUSH: 1096, C.PAIR: 3744, C.HIGH_CARD: 16440}


def test_the_classes_up_to_suits_cover_every_hand() -> None:
    rows, weights = _classes()
    assert len(rows) == 1755 and weights.sum() == comb(52, 3)
    hands, hand_values, _ = _hands()
    assert np.array_equal(values(hands[rows], THREE_CARD), hand_values[rows])


def _brute_play_value(rules: Rules, cards: str) -> Fraction:
    """Going on, valued over the bank's hands drawn from the 49 other cards, without the bit masks."""
    mine = parse(cards)
    rest = np.array([c for c in range(52) if c not in mine])
    bank = values(rest[combinations(49, 3)], THREE_CARD)
    me = int(values(np.array([mine]), THREE_CARD)[0])
    top, category = ((bank >> 16) & 15) - 1, (bank >> 20) & 15
    qualifies = (category > 0) | (top >= 10)
    total = (~qualifies).sum() + 2 * (qualifies & (me > bank)).sum() - 2 * (qualifies & (me < bank)).sum()
    return Fraction(int(total), comb(49, 3)) + rules.bonus(C((me >> 20) & 15))


@pytest.mark.parametrize("cards", ["Qh 6d 4c", "Qh 6d 3c", "Ah Kh Qh", "2c 2d 2h", "As 2d 3c", "7h 5h 2h",
                                   "Kd Ks 9c", "Jc 9d 4s"])
def test_going_on_is_valued_against_every_bank_hand(cards: str) -> None:
    assert play_value(STANDARD, cards.split()) == _brute_play_value(STANDARD, cards)


def test_the_best_decision_is_the_q_6_4_rule() -> None:
    """Go on with Q-6-4 or better, fold below (Wizard of Odds' strategy), for every hand up to suits."""
    rows, _ = _classes()
    hands, hand_values, _ = _hands()
    threshold = int(values(np.array([parse("Qh 6d 4c")]), THREE_CARD)[0])
    for row in rows.tolist():
        goes = play_value(STANDARD, [name(int(c)) for c in hands[row]]) > -1
        assert goes == (hand_values[row] >= threshold)


def test_the_regulations_edges() -> None:
    """The ante's edge is the usual one in both regulations (same bonus, same qualification); the Par Plus
    tables differ."""
    for rules in (EUSKADI, EUSKADI_EU, EXTREMADURA):
        assert ante_edge(rules).per_ante == Fraction(686689, 20358520)             # 3.37 %
    assert pair_plus_edge(EUSKADI) == Fraction(392, 5525)                         # 7.10 %
    assert pair_plus_edge(EUSKADI_EU) == Fraction(743, 5525)                      # 13.45 %: trios at 3 a 1
    assert pair_plus_edge(EXTREMADURA) == Fraction(193, 5525)                     # 3.49 %


def test_the_qualifying_card_and_the_bonus_are_data() -> None:
    # Jacks qualifying: more bank hands play, the player's J-high hands tie or lose where they won the ante.
    jacks = Rules(STANDARD.pair_plus, BONUS, "J")
    assert ante_edge(jacks).per_ante != ante_edge(STANDARD).per_ante
    assert play(jacks, {"ante": 10}, ["Kh", "Kd", "4c", "Js", "9d", "2h"], "ir").returned == 40
    assert play(STANDARD, {"ante": 10}, ["Kh", "Kd", "4c", "Js", "9d", "2h"], "ir").returned == 30
    no_bonus = Rules(STANDARD.pair_plus, {})
    assert ante_edge(no_bonus).per_ante > ante_edge(STANDARD).per_ante
    assert STANDARD.bonus(C.ROYAL_FLUSH) == 5 and STANDARD.bonus(C.FLUSH) == 0
    assert EUSKADI.pair_plus_pays(C.ROYAL_FLUSH) == 50 and EXTREMADURA.pair_plus_pays(C.ROYAL_FLUSH) == 40
    assert EXTREMADURA.pair_plus_pays(C.HIGH_CARD) is None


@pytest.mark.parametrize("cards, decision, staked, returned", [
    (["Kh", "Kd", "4c", "Qs", "9d", "2h"], "ir", 20, 40),          # the bank qualifies and loses
    (["Kh", "Kd", "4c", "As", "Ad", "2h"], "ir", 20, 0),           # it wins
    (["Kh", "Kd", "4c", "Ks", "Kc", "4h"], "ir", 20, 20),          # a tie: both bets stay
    (["Jh", "9d", "4c", "Ts", "8d", "2h"], "ir", 20, 30),          # no queen: the ante 1 a 1, the second bet stays
    (["Jh", "9d", "4c", "Ts", "8d", "2h"], "retirarse", 10, 0),    # folded: the ante lost
    (["5h", "6d", "7c", "As", "Ad", "Ah"], "ir", 20, 10),          # a straight loses to trios, its bonus paid
    (["5h", "6h", "7h", "As", "Ad", "2h"], "ir", 20, 90),          # a straight flush: wins, and 5 a 1
    (["Ah", "2d", "3c", "Ks", "Qd", "4h"], "ir", 20, 50),          # A-2-3 is a straight
    (["5h", "6h", "7h", "As", "Ad", "2h"], "retirarse", 10, 0),    # no bonus after a fold
])
def test_the_ante_and_the_second_bet(cards: list[str], decision: str, staked: int, returned: int) -> None:
    result = play(STANDARD, {"ante": 10}, cards, decision)
    assert (result.staked, result.returned) == (staked, returned)


def test_the_par_plus_is_settled_on_the_players_cards_alone() -> None:
    assert play(EUSKADI, {"par_plus": 10}, ["Ah", "Kh", "Qh", "As", "Ad", "Ac"]).returned == 510
    assert play(EUSKADI_EU, {"par_plus": 10}, ["9h", "9d", "9c", "As", "Ad", "2c"]).returned == 40
    assert play(EUSKADI, {"par_plus": 10}, ["9h", "9d", "9c", "As", "Ad", "2c"]).returned == 310
    folded = play(EUSKADI, {"ante": 10, "par_plus": 10}, ["9h", "9d", "4c", "As", "Ad", "2c"], "retirarse")
    assert (folded.staked, folded.returned) == (20, 20)
    assert play(EUSKADI, {"par_plus": 10}, ["9h", "8d", "4c", "As", "Ad", "2c"]).returned == 0


@pytest.mark.parametrize("bets, cards, decision, message", [
    ({"apuesta": 10}, ["Kh", "Kd", "4c", "Qs", "9d", "2h"], "ir", "bets are ante and par_plus, not apuesta"),
    ({}, ["Kh", "Kd", "4c", "Qs", "9d", "2h"], "ir", "not none"),
    ({"ante": -5}, ["Kh", "Kd", "4c", "Qs", "9d", "2h"], "ir", "positive"),
    ({"ante": 10}, ["Kh", "Kd", "4c", "Qs", "9d"], "ir", "six cards"),
    ({"ante": 10}, ["Kh", "Kd", "4c", "Qs", "9d", "Kh"], "ir", "dealt twice: Kh"),
    ({"ante": 10}, ["Kh", "Kd", "4c", "Qs", "9d", "Jk"], "ir", "joker"),
    ({"ante": 10}, ["Kh", "Kd", "4c", "Qs", "9d", "2h"], None, "not None"),
    ({"ante": 10}, ["Kh", "Kd", "4c", "Qs", "9d", "2h"], "paso", "«ir» or «retirarse»"),
    ({"par_plus": 10}, ["Kh", "Kd", "4c", "Qs", "9d", "2h"], "retirarse", "without one, give none"),
    ({"ante": 10}, ["Kh Kd", "4c", "Qs", "9d", "2h", "3h"], "ir", "one name"),
])
def test_impossible_rounds_are_refused(bets: dict[str, int], cards: list[str], decision: str | None,
                                       message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play(STANDARD, bets, cards, decision)


@pytest.mark.parametrize("pair_plus, bonus, card, message", [
    ({C.TWO_PAIR: 1}, {}, "Q", "Par Plus table lists three-card combinations"),
    ({}, {C.FULL_HOUSE: 1}, "Q", "ante bonus table"), ({C.PAIR: -1}, {}, "Q", "positive"),
    ({}, {}, "Dama", "qualifies with a rank")])
def test_impossible_rules_are_refused(pair_plus: dict[C, int], bonus: dict[C, int], card: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(pair_plus, bonus, card)


def test_a_players_hand_is_three_cards() -> None:
    with pytest.raises(ValueError, match="three cards, not 2"):
        play_value(STANDARD, ["Ah", "Kd"])
