"""Circle poker's probability tables against published figures and independent counts, and the showdown against
treys (``scripts/compare_treys.py`` on a few thousand deals; the report gives the run of a million per variant)."""

from __future__ import annotations

import importlib.util
from fractions import Fraction as F
from math import comb, sqrt
from pathlib import Path

import numpy as np
import pytest

from jokoak.engine import poker
from jokoak.games.circle.cards import DECK_28, DECK_32
from jokoak.games.circle.exact import best_of, simulate_two_three, table, two_three
from jokoak.games.circle.hands import Combination, Ranking, values, values_two_three

C = Combination
ROOT = Path(__file__).resolve().parents[1]

# Wikipedia, «Poker probability»: five-card and seven-card hands of 52 cards (frequency of each hand)
FIVE_OF_52 = {C.ROYAL_FLUSH: 4, C.STRAIGHT_FLUSH: 36, C.FOUR_OF_A_KIND: 624, C.FULL_HOUSE: 3744, C.FLUSH: 5108,
              C.STRAIGHT: 10200, C.THREE_OF_A_KIND: 54912, C.TWO_PAIR: 123552, C.PAIR: 1098240,
              C.HIGH_CARD: 1302540}
SEVEN_OF_52 = {C.ROYAL_FLUSH: 4324, C.STRAIGHT_FLUSH: 37260, C.FOUR_OF_A_KIND: 224848, C.FULL_HOUSE: 3473184,
               C.FLUSH: 4047644, C.STRAIGHT: 6180020, C.THREE_OF_A_KIND: 6461620, C.TWO_PAIR: 31433400,
               C.PAIR: 58627800, C.HIGH_CARD: 23294460}


def test_seven_cards_of_52_as_published() -> None:
    for key in ("holdem", "seven-stud", "doble-holdem"):
        t = table(key)
        assert t.method == "exact" and t.counts == SEVEN_OF_52
        assert sum(t.probabilities.values()) == 1 and t.probabilities[C.ROYAL_FLUSH] == F(4324, 133784560)


def test_five_cards_of_52_as_published() -> None:
    assert table("five-stud", "extremadura").counts == FIVE_OF_52
    covered = table("cubierto").counts
    assert covered is not None and sum(covered.values()) == comb(52, 5)
    assert covered[C.FIGURES] == 3264 and covered[C.PAIR] + covered[C.TWO_PAIR] + 3264 == 1098240 + 123552


@pytest.mark.parametrize(("ranking", "cards"), [(Ranking(DECK_32), 7), (Ranking(DECK_28), 7), (Ranking(DECK_32), 6),
                                                 (Ranking(DECK_32, figures=True), 5)])
def test_the_count_by_suits_agrees_with_enumerating_every_hand(ranking: Ranking, cards: int) -> None:
    hands = poker.combinations(ranking.deck.size, cards).astype(np.int64) + 4 * ranking.deck.lowest
    found = np.bincount((values(hands, ranking) >> 20) & 15, minlength=11)
    assert best_of(ranking, cards) == {c: int(found[c]) for c in ranking.order}


def test_five_stud_and_the_covered_poker_of_32_cards() -> None:
    five = table("five-stud")
    assert five.counts is not None and sum(five.counts.values()) == comb(32, 5)
    assert five.counts[C.FLUSH] == 204 < five.counts[C.FULL_HOUSE] == 1344
    assert list(five.counts)[-5:] == [C.FULL_HOUSE, C.FLUSH, C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH]
    covered = table("cubierto", deck=32).counts
    assert covered is not None and covered[C.FIGURES] == 3264 and sum(covered.values()) == comb(32, 5)


def test_sintetico_counts_every_deal_of_two_and_five_of_28() -> None:
    t = table("sintetico")
    assert t.method == "exact" and t.counts is not None
    assert sum(t.counts.values()) == comb(28, 2) * comb(26, 5) == 24_864_840
    assert t.counts[C.ROYAL_FLUSH] == 10120
    # a seeded simulation of the same deals falls within five standard errors of every exact figure
    simulated = simulate_two_three(Ranking(DECK_28), 2, 100_000, seed=3)
    assert simulated.stderr is not None
    for c, p in t.probabilities.items():
        assert abs(float(simulated.probabilities[c] - p)) <= 5 * sqrt(float(p) * (1 - float(p)) / 100_000) + 1e-9


def test_two_three_refuses_to_enumerate_omaha() -> None:
    with pytest.raises(ValueError, match="too many to enumerate"):
        two_three(Ranking(), 4)


def _treys() -> tuple[object, list[int]]:
    from treys import Card, PLOEvaluator  # type: ignore[import-untyped]

    return PLOEvaluator(), [Card.new(poker.name(c)) for c in range(52)]


@pytest.mark.parametrize("hole", [4, 5])
def test_omaha_is_simulated_with_its_standard_error_and_its_hands_read_as_treys_reads_them(hole: int) -> None:
    t = table("omaha" if hole == 4 else "omaha-5", deals=50_000, seed=2)
    assert t.method == "simulation" and t.stderr is not None and t.deals == 50_000
    assert sum(t.probabilities.values()) == 1
    assert t.stderr[C.TWO_PAIR] == pytest.approx(sqrt(float(t.probabilities[C.TWO_PAIR]) *
                                                      (1 - float(t.probabilities[C.TWO_PAIR])) / 50_000))
    evaluator, cards = _treys()
    rng = np.random.default_rng(4)
    deals = np.argsort(rng.random((1_000, 52)), axis=1)[:, :hole + 5].astype(np.int64)
    ours = (values_two_three(deals[:, :hole], deals[:, hole:]) >> 20) & 15
    names = {"Royal Flush": C.ROYAL_FLUSH, "Straight Flush": C.STRAIGHT_FLUSH, "Four of a Kind": C.FOUR_OF_A_KIND,
             "Full House": C.FULL_HOUSE, "Flush": C.FLUSH, "Straight": C.STRAIGHT, "Three of a Kind":
             C.THREE_OF_A_KIND, "Two Pair": C.TWO_PAIR, "Pair": C.PAIR, "High Card": C.HIGH_CARD}
    for row, mine in zip(deals, ours, strict=True):
        score = evaluator.evaluate([cards[c] for c in row[:hole]], [cards[c] for c in row[hole:]])  # type: ignore[attr-defined]
        theirs = names[evaluator.class_to_string(evaluator.get_rank_class(score))]  # type: ignore[attr-defined]
        if theirs == C.STRAIGHT_FLUSH and score == 1:
            theirs = C.ROYAL_FLUSH
        assert C(int(mine)) == theirs


def test_the_showdown_agrees_with_treys_on_random_deals() -> None:
    spec = importlib.util.spec_from_file_location("compare_treys", ROOT / "scripts" / "compare_treys.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["--deals", "3000", "--seed", "11", "--players", "6", "--jobs", "1"]) == 0
