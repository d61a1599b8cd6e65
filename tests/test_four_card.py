"""Póquer de cuatro cartas (Extremadura 1.18): settlement, the exact «Ases» edge, the Ante's Monte Carlo."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations as subsets

import pytest

from jokoak.engine.four_card import (
    Rules,
    aces_edge,
    best_four,
    bonus_value,
    hand_probabilities,
    house_edge,
    play,
)
from jokoak.engine.poker import FOUR_CARD, Category, evaluate, parse

C = Category
F = Fraction

EXTREMADURA = Rules(
    # «TABLA PAGOS ASES», 001:1880-1887; the minimum «un par de ases», 001:1878
    aces_pays={C.FOUR_OF_A_KIND: F(40), C.STRAIGHT_FLUSH: F(30), C.THREE_OF_A_KIND: F(7), C.FLUSH: F(6),
               C.STRAIGHT: F(4), C.TWO_PAIR: F(2), C.PAIR: F(1)},
    # «BONO DEL ANTE / TABLA 2 PAGO», 001:1905-1908 (the «TABLA 1» the text announces is not printed)
    ante_bonus={C.FOUR_OF_A_KIND: F(20), C.STRAIGHT_FLUSH: F(15), C.THREE_OF_A_KIND: F(2)},
    play_range=(F(1), F(3)),          # «de 1 a 3 veces la apuesta del "Ante"», 001:1874
    player_wins_ties=True,            # 001:1895
)
# Shuffle Master's standard game (Wizard of Odds, «Four Card Poker»): Ante bonus 25 / 20 / 2.
STANDARD = Rules(aces_pays={}, ante_bonus={C.FOUR_OF_A_KIND: F(25), C.STRAIGHT_FLUSH: F(20),
                                           C.THREE_OF_A_KIND: F(2)})


def round_(cards: str) -> list[str]:
    return cards.split()


def test_the_best_four_of_five_agree_with_every_four_card_subset() -> None:
    for text in ("Ah Kd 9c 9s 2h", "2c 3d 4h 5s Ac", "Ah Kh Qh 9h 2s", "7c 7d 7h 7s 2c", "Jc Qc Kc Ac 2c"):
        cards = parse(text)
        assert best_four(cards) == max(evaluate(four, FOUR_CARD) for four in subsets(cards, 4))


def test_the_exact_category_probabilities_of_the_player_s_best_four_of_five() -> None:
    """Counts out of 2,598,960 five-card hands; the sum is one; a pair of aces is part of the pairs."""
    p = hand_probabilities()
    assert sum(v for k, v in p.items() if k is not None) == 1
    assert p[C.FOUR_OF_A_KIND] * 2598960 == 13 * 48
    assert p[None] < p[C.PAIR]
    assert p[C.THREE_OF_A_KIND] > p[C.STRAIGHT_FLUSH]


def test_the_aces_edge_of_the_regulation_s_table_is_exact() -> None:
    p = hand_probabilities()
    expected = 1 - sum((p[None] if c == C.PAIR else p[c]) * (1 + n) for c, n in EXTREMADURA.aces_pays.items())
    assert aces_edge(EXTREMADURA) == expected
    assert 0 < aces_edge(EXTREMADURA) < 1


def test_the_bono_value_is_the_sum_of_its_lines() -> None:
    p = hand_probabilities()
    assert bonus_value(EXTREMADURA) == 20 * p[C.FOUR_OF_A_KIND] + 15 * p[C.STRAIGHT_FLUSH] + 2 * p[
        C.THREE_OF_A_KIND]


def test_ante_and_play_win_at_par_and_a_tie_goes_to_the_player() -> None:
    tie = round_("Ac Ad 9c 8s 2h  Ah As 9d 8d 3c 4s")  # aces, 9, 8 each
    assert play(EXTREMADURA, {"ante": 10, "play": 20}, tie).net == 30
    pushed = Rules(EXTREMADURA.aces_pays, EXTREMADURA.ante_bonus, player_wins_ties=False)
    assert play(pushed, {"ante": 10, "play": 20}, tie).net == 0
    lost = round_("Kc Kd 9c 8s 2h  Ah As 9d 8d 3c 4s")
    assert play(EXTREMADURA, {"ante": 10, "play": 10}, lost).net == -20


def test_the_bono_is_paid_though_the_croupier_wins_and_not_on_a_fold_unless_the_rules_say() -> None:
    cards = round_("7c 7d 7h 2s 3c  Kh Kd Ks Kc 8d 4h")
    assert play(EXTREMADURA, {"ante": 10, "play": 10}, cards).net == -20 + 20
    assert play(EXTREMADURA, {"ante": 10}, cards).net == -10
    on_fold = Rules(EXTREMADURA.aces_pays, EXTREMADURA.ante_bonus, bonus_on_fold=True)
    assert play(on_fold, {"ante": 10}, cards).net == -10 + 20


@pytest.mark.parametrize(("hand", "net"), [
    ("Ah Ad 9c 8s 2h", 5), ("Kh Kd 9c 8s 2h", -5), ("Kh Kd 9c 9s 2h", 10), ("Kh Kd Kc 9s 2h", 35),
    ("2h 5h 9h Jh Kc", 30), ("Ah 2d 3c 4s 9h", 20), ("5h 6h 7h 8h Kc", 150), ("5h 5d 5c 5s Kc", 200),
    ("Ah Kd 9c 8s 2h", -5)])
def test_every_line_of_the_aces_table(hand: str, net: int) -> None:
    cards = round_(hand + "  Qh Qs Jd Td 3s 4c")
    assert play(EXTREMADURA, {"ases": 5}, cards).net == net


def test_bad_rounds_are_refused_with_a_sentence() -> None:
    cards = round_("Ah Ad 9c 8s 2h  Qh Qs Jd Td 3s 4c")
    with pytest.raises(ValueError, match="dealt twice: Ah"):
        play(EXTREMADURA, {"ases": 5}, round_("Ah Ad 9c 8s 2h  Ah Qs Jd Td 3s 4c"))
    with pytest.raises(ValueError, match="11 in all; got 10"):
        play(EXTREMADURA, {"ases": 5}, cards[:10])
    with pytest.raises(ValueError, match="There is no bet «pair»"):
        play(EXTREMADURA, {"pair": 5}, cards)
    with pytest.raises(ValueError, match="from 1 to 3 times"):
        play(EXTREMADURA, {"ante": 10, "play": 5}, cards)
    with pytest.raises(ValueError, match="«ases», on «ante» or on both"):
        play(EXTREMADURA, {"play": 5}, cards)


def test_the_ante_edge_agrees_with_the_published_figure_of_the_standard_game() -> None:
    """Wizard of Odds (Four Card Poker, reported by Atlantic City Weekly 2022-08-22): 2.78 % of the Ante
    with optimal play and the 25/20/2 Ante bonus. A small run: the published figure is within its interval."""
    edge = house_edge(STANDARD, hands=30_000, samples=60, seed=3)
    half = float(edge.precision.split("±")[1].split()[0])
    assert abs(edge.value - 0.0278) < half + 0.003
    assert "folds" in edge.method


def test_the_aces_edge_of_a_published_table() -> None:
    """Wikipedia «Four Card Poker»: the Aces Up tables in use give house edges «from 1.98% to 6.15%»; the
    table 50/40/7/5/4/3/1 (quads, straight flush, trips, flush, straight, two pair, aces) gives the 6.15 %."""
    table = dict(zip([C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH, C.THREE_OF_A_KIND, C.FLUSH, C.STRAIGHT, C.TWO_PAIR, C.PAIR],
                     map(F, (50, 40, 7, 5, 4, 3, 1)), strict=True))
    assert round(float(aces_edge(Rules(table))), 4) == 0.0615
    assert aces_edge(EXTREMADURA) == F(4077, 54145)  # 7.53 %: 001:1881-1887
