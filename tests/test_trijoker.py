"""Póquer Trijoker: the pay table, a round with its withdrawn bets, and the exact house edge."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations as subsets
from itertools import permutations
from math import comb

import numpy as np
import pytest

from jokoak.engine.poker import RANKS, combinations, name
from jokoak.engine.poker import Category as C
from jokoak.games.trijoker.engine import Rules, _subset_index, expected_value, hand_result, house_edge, play

# The usual Let-it-Ride table (Wizard of Odds, «Let it Ride», pay table 1-2-3-5-8-11-50-200-1000, pair of tens).
STANDARD_PAYS = {C.PAIR: 1, C.TWO_PAIR: 2, C.THREE_OF_A_KIND: 3, C.STRAIGHT: 5, C.FLUSH: 8, C.FULL_HOUSE: 11,
                 C.FOUR_OF_A_KIND: 50, C.STRAIGHT_FLUSH: 200, C.ROYAL_FLUSH: 1000}
STANDARD = Rules(STANDARD_PAYS, minimum_pair="T")

# Euskadi, «13. Poker Trijoker»: «Se establece como jugada mínima para ganar pareja de J» (000:3772-3773); the
# table «a) Pareja de J o mayor: 1 a 1» … «i) Escalera Real de Color: 500 a 1» (000:3869-3884); the ace high or
# low (000:3782-3784).
EUSKADI = Rules({**STANDARD_PAYS, C.ROYAL_FLUSH: 500}, minimum_pair="J")
# Extremadura, «1.14 Póquer Trijoker»: «Pareja de 10 o mayor: 1 a 1» … «Escalera real de color: 1.000 a 1»
# (001:1501-1509), the pair «como mínimo, 10» (001:1497), against «pareja de Jotas» (001:1455).
EXTREMADURA = Rules(STANDARD_PAYS, minimum_pair="10")
EXTREMADURA_JACKS = Rules(STANDARD_PAYS, minimum_pair="J")
BETS = {"apuesta_1": 10, "apuesta_2": 10, "apuesta_3": 10}

# Counts of the 2,598,960 five-card hands by combination (the ace high or low).
FIVE_CARD_COUNTS = {C.PAIR: 1098240, C.TWO_PAIR: 123552, C.THREE_OF_A_KIND: 54912, C.STRAIGHT: 10200,
                    C.FLUSH: 5108, C.FULL_HOUSE: 3744, C.FOUR_OF_A_KIND: 624, C.STRAIGHT_FLUSH: 36, C.ROYAL_FLUSH: 4}


def test_the_published_house_edge_of_let_it_ride() -> None:
    """Wizard of Odds, «Let it Ride» (wizardofodds.com/games/let-it-ride/): 3.51 % of one unit with the
    1-2-3-5-8-11-50-200-1000 table and a pair of tens the lowest win."""
    edge = house_edge(STANDARD)
    assert round(float(edge.per_box), 4) == 0.0351
    assert edge.per_initial_stake == edge.per_box / 3
    assert edge.per_stake_in_play == edge.per_box / (1 + edge.keep_first + edge.keep_second)
    assert edge.per_box == -sum(edge.bets)


@pytest.mark.parametrize("rules, lowest", [(STANDARD, "T"), (EUSKADI, "J")])
def test_the_third_bet_is_worth_the_pay_table_over_the_hand_counts(rules: Rules, lowest: str) -> None:
    """The bet that always stays: its expected result from the counts of five-card hands, the pairs below the
    lowest winning one losing (each rank of pair is 1/13 of the pairs)."""
    winning_pairs = FIVE_CARD_COUNTS[C.PAIR] * (13 - RANKS.index(lowest)) // 13
    paid = {**FIVE_CARD_COUNTS, C.PAIR: winning_pairs}
    payout = {c: rules.payout(c) for c in paid}
    wins = sum(count * payout[c] for c, count in paid.items() if payout[c] is not None)
    losses = comb(52, 5) - sum(count for c, count in paid.items() if payout[c] is not None)
    assert house_edge(rules).bets[2] == Fraction(wins - losses, comb(52, 5))


def _canonical(cards: tuple[int, ...]) -> tuple[int, ...]:
    return min(tuple(sorted(4 * (c // 4) + perm[c % 4] for c in cards)) for perm in permutations(range(4)))


def test_the_first_bet_agrees_with_each_three_card_hand_valued_alone() -> None:
    """Bet 1 (let ride when its worth on three cards is positive), from every three-card hand up to suits,
    each valued by :func:`expected_value` over its 1,176 completions."""
    classes: dict[tuple[int, ...], int] = {}
    for hand in subsets(range(52), 3):
        key = _canonical(hand)
        classes[key] = classes.get(key, 0) + 1
    assert sum(classes.values()) == comb(52, 3)
    total = kept = Fraction(0)
    for hand, weight in classes.items():
        worth = expected_value(STANDARD, [name(c) for c in hand])
        if worth > 0:
            total += weight * worth
            kept += weight
    edge = house_edge(STANDARD)
    assert edge.bets[0] == total / comb(52, 3)
    assert edge.keep_first == kept / comb(52, 3)


def test_a_bet_on_three_cards_is_worth_the_mean_of_its_worth_on_four() -> None:
    seen = ["Th", "3d", "8c"]
    fourth = [name(c) for c in range(52) if name(c) not in seen]
    assert expected_value(STANDARD, seen) == sum(expected_value(STANDARD, [*seen, c]) for c in fourth) / 49


def test_the_colex_index_of_a_subset_is_its_row() -> None:
    rows = combinations(52, 4)
    assert np.array_equal(_subset_index(rows, range(4)), np.arange(comb(52, 4)))


def test_bets_worth_counted_by_hand() -> None:
    # J Q K A: four tens make a straight (5), twelve cards pair one of them (1), 32 lose: exactly 0.
    assert expected_value(STANDARD, ["Jh", "Qh", "Ks", "As"]) == 0
    # T J Q K: eight straights (40), twelve pairs of tens or better (12), 28 lose: 24/48.
    assert expected_value(STANDARD, ["Th", "Jh", "Qh", "Ks"]) == Fraction(1, 2)
    # With jacks the minimum the three tens lose too: 40 + 9 - 31 = 18/48.
    assert expected_value(EUSKADI, ["Th", "Jh", "Qh", "Ks"]) == Fraction(3, 8)
    # Four to a flush without high cards: nine flushes at 8, 39 lose.
    assert expected_value(EUSKADI, ["2h", "5h", "7h", "9h"]) == Fraction(72 - 39, 48)
    # A pair of tens on three cards: let ride where tens win, withdrawn where jacks are the minimum.
    assert expected_value(STANDARD, ["Th", "Td", "4c"]) > 0 > expected_value(EUSKADI, ["Th", "Td", "4c"])


@pytest.mark.parametrize("cards, result", [
    (["Ah", "Kh", "Qh", "Jh", "Th"], 1000), (["9h", "Kh", "Qh", "Jh", "Th"], 200), (["9h", "9d", "9c", "9s", "2h"], 50),
    (["9h", "9d", "9c", "2s", "2h"], 11), (["2h", "7h", "9h", "Jh", "Kh"], 8), (["Ah", "2d", "3c", "4s", "5h"], 5),
    (["9h", "9d", "9c", "2s", "3h"], 3), (["9h", "9d", "2c", "2s", "3h"], 2), (["Th", "Td", "2c", "5s", "3h"], 1),
    (["9h", "9d", "2c", "5s", "3h"], -1), (["Ah", "Kd", "2c", "5s", "3h"], -1)])
def test_every_line_of_the_table(cards: list[str], result: int) -> None:
    assert hand_result(STANDARD, cards) == result


def test_the_rules_branches() -> None:
    assert hand_result(EUSKADI, ["Th", "Td", "2c", "5s", "3h"]) == -1           # tens lose at jacks
    assert hand_result(EUSKADI, ["Jh", "Jd", "2c", "5s", "3h"]) == 1
    assert hand_result(EUSKADI, ["Ah", "Kh", "Qh", "Jh", "Th"]) == 500
    no_royal = Rules({C.PAIR: 1, C.STRAIGHT_FLUSH: 200})
    assert hand_result(no_royal, ["Ah", "Kh", "Qh", "Jh", "Th"]) == 200          # the royal is a straight flush
    assert hand_result(no_royal, ["Ah", "Kd", "Qh", "Jh", "Th"]) == -1           # a straight not listed loses
    assert hand_result(Rules({C.PAIR: 1}, minimum_pair="2"), ["2h", "2d", "4c", "5s", "9h"]) == 1
    high = Rules(STANDARD_PAYS, minimum_pair="T", ace_low=False)
    assert hand_result(high, ["Ah", "2d", "3c", "4s", "5h"]) == -1               # the wheel is an ace high
    assert hand_result(high, ["Ah", "2h", "3h", "4h", "5h"]) == 8                # and suited a flush
    assert hand_result(high, ["Ah", "Kd", "Qc", "Js", "Th"]) == 5
    assert hand_result(Rules({C.PAIR: Fraction(3, 2)}), ["Ah", "Ad", "2c", "5s", "9h"]) == Fraction(3, 2)


def test_the_regulations_edges() -> None:
    """Exact edges of the two regulations' tables, per unit of one box."""
    assert house_edge(EUSKADI).per_box == Fraction(32653, 216580)               # 15.08 %
    assert house_edge(EXTREMADURA).per_box == house_edge(STANDARD).per_box == Fraction(37963, 1082900)  # 3.51 %
    assert house_edge(EXTREMADURA_JACKS).per_box == Fraction(32153, 216580)     # 14.85 %
    assert house_edge(Rules(STANDARD_PAYS, "T", ace_low=False)).per_box == Fraction(97, 2548)


@pytest.mark.parametrize("withdrawn, returned", [
    ([], 60), (["apuesta_1"], 50), (["apuesta_2"], 50), (["apuesta_1", "apuesta_2"], 40)])
def test_a_winning_hand_pays_each_bet_in_play(withdrawn: list[str], returned: int) -> None:
    result = play(STANDARD, BETS, ["Th", "Td", "4c", "9s", "2h"], withdrawn)
    assert (result.staked, result.returned) == (30, returned)


def test_a_losing_hand_loses_the_bets_in_play_and_returns_the_withdrawn() -> None:
    assert play(EUSKADI, BETS, ["Th", "Td", "4c", "9s", "2h"]).returned == 0
    assert play(EUSKADI, BETS, ["Th", "Td", "4c", "9s", "2h"], ["apuesta_2"]).returned == 10
    assert play(EUSKADI, BETS, ["Ah", "Kh", "Qh", "Jh", "Th"], ["apuesta_2"]).returned == 2 * 10 * 501 + 10


@pytest.mark.parametrize("bets, cards, withdrawn, message", [
    ({"apuesta_1": 10, "apuesta_2": 10}, ["Th", "Td", "4c", "9s", "2h"], [], "makes three bets"),
    ({**BETS, "apuesta_3": 20}, ["Th", "Td", "4c", "9s", "2h"], [], "are equal"),
    ({k: 0 for k in BETS}, ["Th", "Td", "4c", "9s", "2h"], [], "positive"),
    (BETS, ["Th", "Td", "4c", "9s", "2h"], ["apuesta_3"], "Only bets 1 and 2"),
    (BETS, ["Th", "Td", "4c", "9s", "2h"], ["apuesta_1", "apuesta_1"], "withdrawn once"),
    (BETS, ["Th", "Td", "4c", "9s", "2h", "3h"], [], "five cards"),
    (BETS, ["Th", "Td", "4c", "9s", "Th"], [], "dealt twice: Th"),
    (BETS, ["Th", "Td", "4c", "9s", "Jk"], [], "joker"),
    (BETS, ["Th", "Td", "4c", "9s", "1h"], [], "is not a card"),
    (BETS, ["Th Td", "4c", "9s", "2h", "3h"], [], "one name"),
])
def test_impossible_rounds_are_refused(bets: dict[str, int], cards: list[str], withdrawn: list[str],
                                       message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play(STANDARD, bets, cards, withdrawn)


@pytest.mark.parametrize("pays, lowest, message", [
    ({C.HIGH_CARD: 1}, "J", "from a pair to a royal flush"), ({C.PAIR: 0}, "J", "positive"),
    ({}, "J", "at least one"), ({C.PAIR: 1}, "B", "lowest winning pair")])
def test_impossible_rules_are_refused(pays: dict[C, int], lowest: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(pays, lowest)


def test_a_bet_is_decided_on_three_or_four_cards() -> None:
    with pytest.raises(ValueError, match="three cards or four"):
        expected_value(STANDARD, ["Ah", "Kd"])
