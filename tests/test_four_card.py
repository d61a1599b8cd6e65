"""Póquer de cuatro cartas (Extremadura 1.18): settlement, the exact «Ases» edge, the Ante's Monte Carlo, and the
Ante's exact best-play edge against a brute force on small decks."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations as subsets
from math import comb

import numpy as np
import pytest

from jokoak.engine.poker import FOUR_CARD, Category, categories, evaluate, parse, values
from jokoak.games.four_card.engine import Rules, aces_edge, best_four, bonus_value, hand_probabilities, house_edge, play
from jokoak.games.four_card.exact import ante_edge

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


# --- the Ante's exact edge under the best play ------------------------------------------------------------

FACES = (9, 10, 11, 12)  # a deck of the 16 cards J, Q, K, A: straights, flushes, every combination


@cache
def every_round(ranks: tuple[int, ...]) -> Counter[tuple[int, int, int, int]]:
    """Every round of a small deck, one by one: each up card (every suit), each five of the others for the
    player, each five of the rest for the croupier. Counted by (fives the player beats or ties, fives he beats,
    fives in all, his combination)."""
    deck = [4 * r + s for r in ranks for s in range(4)]
    found: Counter[tuple[int, int, int, int]] = Counter()
    for up in deck:
        fives = np.array(list(subsets([c for c in deck if c != up], 5)), np.int64)
        player = values(fives, FOUR_CARD)
        croupier = values(np.column_stack([fives, np.full(len(fives), up)]), FOUR_CARD)
        masks = (np.int64(1) << fives).sum(axis=1)
        apart = (masks[:, None] & masks[None, :]) == 0  # the croupier's five misses the player's
        at_most = (apart & (croupier[None, :] <= player[:, None])).sum(axis=1)
        below = (apart & (croupier[None, :] < player[:, None])).sum(axis=1)
        found.update(zip(at_most.tolist(), below.tolist(), apart.sum(axis=1).tolist(),
                         categories(player).tolist(), strict=True))
    return found


def brute_force(rules: Rules, ranks: tuple[int, ...]) -> tuple[Fraction, list[Fraction]]:
    """The best play's edge and its shares of folds, least and most Play, each round valued with fractions."""
    worth, chosen = Fraction(0), [0, 0, 0]
    rounds = every_round(ranks)
    for (at_most, below, hidden, cat), count in rounds.items():
        win = at_most if rules.player_wins_ties else below
        bonus = rules.ante_bonus.get(Category(cat), Fraction(0))
        options = [-1 + (bonus if rules.bonus_on_fold else 0)]
        options += [(1 + m) * (rules.payout * win - (hidden - at_most)) / hidden + bonus for m in rules.play_range]
        best = max(options)
        worth += count * best
        chosen[options.index(best)] += count
    total = sum(rounds.values())
    return -worth / total, [Fraction(c, total) for c in chosen]


@pytest.mark.parametrize("rules", [
    EXTREMADURA,
    Rules({}, EXTREMADURA.ante_bonus, player_wins_ties=False),
    Rules({}, {C.THREE_OF_A_KIND: F(5, 2), C.FLUSH: F(1, 3)}, play_range=(F(1, 2), F(3)), bonus_on_fold=True,
          payout=F(3, 2)),
], ids=["extremadura", "ties-push", "odd-payouts"])
def test_the_exact_ante_edge_is_the_brute_force_of_every_round_of_a_small_deck(rules: Rules) -> None:
    """Inclusion–exclusion over the player's cards, the suit classes and the integer returns against every up
    card, every player's five and every croupier's five of the 16 cards, counted one by one."""
    found = ante_edge(rules, FACES)
    edge, shares = brute_force(rules, FACES)
    assert found.edge == edge
    assert [found.fold, found.low, found.high] == shares
    assert found.rounds == 16 * comb(15, 5) == sum(every_round(FACES).values())
    assert all(0 < share < 1 for share in shares)


def test_when_a_won_hand_is_paid_nothing_the_best_play_never_puts_the_most_play() -> None:
    """Ante and Play paid 0 to 1: more Play only risks more, so the best play folds or puts the least (on an
    unlosable hand the two Plays return the same and the smaller is taken), and the edge is from 0 to 1."""
    nothing = Rules({}, {}, payout=F(0))
    found = ante_edge(nothing, FACES)
    assert found.edge == brute_force(nothing, FACES)[0]
    assert 0 < found.edge < 1
    assert found.high == 0 < found.low


def test_the_exact_ante_edge_refuses_a_deck_too_small_or_a_rank_that_is_not() -> None:
    with pytest.raises(ValueError, match="at least 11 cards"):
        ante_edge(EXTREMADURA, (11, 12))
    with pytest.raises(ValueError, match="from 0 \\(the 2\\) to 12"):
        ante_edge(EXTREMADURA, (10, 11, 12, 13))
