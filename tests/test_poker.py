"""Poker hand rankings: exact category counts over every hand, brute force, and treys as a cross-check."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Literal

import numpy as np
import pytest

from jokoak.engine.poker import (
    ACE,
    FIVE_CARD,
    FOUR_CARD,
    JOKER,
    PAI_GOW,
    PLAIN,
    THREE_CARD,
    TWO_CARD,
    Category,
    Ranking,
    Rules,
    categories,
    category_counts,
    combinations,
    evaluate,
    pai_gow_outcome,
    parse,
    split,
    values,
)

C = Category


def counts(ranking: Ranking, cards: int, rules: Rules = PLAIN) -> dict[Category, int]:
    found = category_counts(values(combinations(52, cards), ranking, rules))
    return {category: n for category, n in found.items() if n}


def value(text: str, ranking: Ranking = FIVE_CARD, rules: Rules = PLAIN) -> int:
    return evaluate(parse(text), ranking, rules).value


def test_every_five_card_hand_by_category() -> None:
    """The 2,598,960 hands of one deck, by the textbook counts (e.g. Wikipedia, «Poker probability»)."""
    assert counts(FIVE_CARD, 5) == {
        C.HIGH_CARD: 1_302_540, C.PAIR: 1_098_240, C.TWO_PAIR: 123_552, C.THREE_OF_A_KIND: 54_912,
        C.STRAIGHT: 10_200, C.FLUSH: 5_108, C.FULL_HOUSE: 3_744, C.FOUR_OF_A_KIND: 624,
        C.STRAIGHT_FLUSH: 36, C.ROYAL_FLUSH: 4}
    # the Pai Gow wheel moves straights up the order, never from one category to another
    assert counts(FIVE_CARD, 5, Rules(wheel="second")) == counts(FIVE_CARD, 5)


def test_five_card_values_are_as_many_as_the_distinct_hands() -> None:
    """7,462 distinct hands (ties equal): the order is total and ties only where the texts tie."""
    assert len(np.unique(values(combinations(52, 5)))) == 7462


def test_every_three_card_hand_by_category() -> None:
    """The 22,100 hands of Tripóker (Wizard of Odds, «Three Card Poker»): 48 straight flushes with the
    4 of A-K-Q, 52 trips, 720 straights, 1,096 flushes, 3,744 pairs, 16,440 high cards."""
    assert counts(THREE_CARD, 3) == {
        C.ROYAL_FLUSH: 4, C.STRAIGHT_FLUSH: 44, C.THREE_OF_A_KIND: 52, C.STRAIGHT: 720, C.FLUSH: 1_096,
        C.PAIR: 3_744, C.HIGH_CARD: 16_440}


def _four_card_category(hand: tuple[int, ...]) -> Category:
    """Brute force, from the Extremadura text (001:1874-1889): straights and flushes of four cards."""
    ranks = [c // 4 for c in hand]
    shape = sorted(Counter(ranks).values(), reverse=True)
    flush = len({c % 4 for c in hand}) == 1
    distinct = set(ranks)
    straight = len(distinct) == 4 and (max(distinct) - min(distinct) == 3 or distinct == {ACE, 0, 1, 2})
    if shape[0] == 4:
        return C.FOUR_OF_A_KIND
    if straight and flush:
        return C.STRAIGHT_FLUSH
    if shape[0] == 3:
        return C.THREE_OF_A_KIND
    if flush:
        return C.FLUSH
    if straight:
        return C.STRAIGHT
    return {(2, 2): C.TWO_PAIR, (2, 1, 1): C.PAIR}.get(tuple(shape), C.HIGH_CARD)


def test_every_four_card_hand_by_category_and_by_brute_force() -> None:
    """The 270,725 four-card hands: derived by hand (RULES.md) and counted one by one."""
    expected = {C.FOUR_OF_A_KIND: 13, C.STRAIGHT_FLUSH: 44, C.THREE_OF_A_KIND: 2_496, C.FLUSH: 2_816,
                C.STRAIGHT: 2_772, C.TWO_PAIR: 2_808, C.PAIR: 82_368, C.HIGH_CARD: 177_408}
    assert counts(FOUR_CARD, 4) == expected
    brute = Counter(_four_card_category(h) for h in itertools.combinations(range(52), 4))
    assert brute == expected
    hands = combinations(52, 4)
    sample = hands[:: 97]
    found = categories(values(sample, FOUR_CARD))
    assert [Category(c) for c in found] == [_four_card_category(tuple(h)) for h in sample.tolist()]


@pytest.mark.parametrize(("ranking", "cards", "rules"), [
    (FIVE_CARD, 6, Rules()), (FIVE_CARD, 7, Rules()), (FIVE_CARD, 7, Rules(wheel="second")),
    (FOUR_CARD, 5, Rules()), (FOUR_CARD, 6, Rules())])
def test_a_bigger_hand_is_worth_its_best_subset(ranking: Ranking, cards: int, rules: Rules) -> None:
    """Best five of six and of seven; best four of five (the player) and of six (the croupier)."""
    rng = np.random.default_rng(5)
    hands = np.array([rng.choice(52, cards, replace=False) for _ in range(3000)])
    subsets = list(itertools.combinations(range(cards), ranking.size))
    best = np.max([values(hands[:, list(s)], ranking, rules) for s in subsets], axis=0)
    assert (values(hands, ranking, rules) == best).all()


def test_five_card_order_within_categories() -> None:
    """The tie rules of 000:3182-3209, the ace low in the wheel (000:3069-3072)."""
    ordered = [
        "2c 3d 4h 5s 7c", "Ah Kd Qc Js 9h",                     # cartas mayores, card by card
        "2c 2d 3h 4s 5c", "2c 2d 6h 4s 5c", "2c 2d Ah 4s 5c", "3c 3d 4h 5s 6c",  # pair, then kickers
        "3c 3d 2h 2s 4c", "3c 3d 2h 2s 5c", "4c 4d 2h 2s 3c", "4c 4d 3h 3s 2c",  # two pair: high, low, kicker
        "2c 2d 2h 3s 4c", "Ac Ad Ah Ks Qc",                      # trips
        "As 2d 3c 4h 5s", "2s 3d 4c 5h 6s", "Ts Jd Qc Kh As",    # the wheel is the lowest straight
        "2h 3h 4h 5h 7h", "2h 3h 4h 5h 8h", "Ah Kh Qh Jh 9h",    # flush, card by card
        "2c 2d 2h 3s 3c", "2c 2d 2h As Ac", "3c 3d 3h 2s 2c",    # full by its trips
        "2c 2d 2h 2s 3c", "2c 2d 2h 2s 4c", "Ac Ad Ah As Kc",    # quads
        "As 2s 3s 4s 5s", "9s Ts Js Qs Ks", "Ts Js Qs Ks As",    # straight flushes, the royal last
    ]
    worth = [value(h) for h in ordered]
    assert worth == sorted(worth) and len(set(worth)) == len(worth)
    assert value("Ah Kd Qc Js 9h") == value("As Kc Qh Jd 9s")      # suits never decide
    assert evaluate(parse("As 2d 3c 4h 5s")).ranks == (3,)          # the wheel's highest card is its 5
    assert evaluate(parse("3c 3d 2h 2s 4c")).ranks == (1, 0, 2)


def test_pai_gow_wheel_ranks_second() -> None:
    """000:4078-4079: A-2-3-4-5 is the second straight, below A-K-Q-J-10 and above K-Q-J-10-9."""
    second = Rules(wheel="second")
    for suited in (False, True):
        s = "s" if suited else "d"
        wheel, broadway, king = (value(h, rules=second) for h in (
            f"As 2{s} 3s 4s 5s", f"As K{s} Qs Js Ts", f"Ks Q{s} Js Ts 9s"))
        assert king < wheel < broadway
    assert evaluate(parse("As 2s 3s 4s 5s"), rules=second).category == C.STRAIGHT_FLUSH
    assert evaluate(parse("As 2s 3d 4s 5s"), rules=second).ranks == (3,)


def test_three_card_order() -> None:
    """000:4324-4360 and 4425-4430: a straight beats a flush; A-2-3 is the lowest straight (4264-4267)."""
    ordered = ["2c 3d 5h", "Ac Kd Jh", "2c 2d 3h", "2c 2d 4h", "Ac Ad Kh", "2h 3h 5h", "Ah Kh Jh",
               "Ac 2d 3h", "2c 3d 4h", "Qc Kd Ah", "2c 2d 2h", "Ac Ad Ah", "Ah 2h 3h", "Jh Qh Kh", "Qh Kh Ah"]
    worth = [value(h, THREE_CARD) for h in ordered]
    assert worth == sorted(worth) and len(set(worth)) == len(worth)
    assert evaluate(parse("Qh Kh Ah"), THREE_CARD).category == C.ROYAL_FLUSH


def test_four_card_order() -> None:
    """001:1874-1889: quads above a straight flush, trips above a flush, a flush above a straight."""
    ordered = ["2c 3d 4h 6s", "Ac 2d 3h 5s", "2c 2d 3h 4s", "3c 3d 2h 2s", "Ac 2d 3h 4s", "Jc Qd Kh As",
               "2h 3h 4h 6h", "2c 2d 2h 3s", "Ac Ad Ah Ks", "As 2s 3s 4s", "Js Qs Ks As", "2c 2d 2h 2s"]
    worth = [value(h, FOUR_CARD) for h in ordered]
    assert worth == sorted(worth) and len(set(worth)) == len(worth)


def _joker_by_substitution(reals: np.ndarray, rules: Rules) -> np.ndarray:
    """The joker rule as the text reads, by brute force: the best of the joker as each ace not in the
    hand, and as each card not in the hand that makes a straight, a flush or a straight flush."""
    completes = [C.STRAIGHT, C.FLUSH, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH]
    best = np.zeros(len(reals), np.int64)
    for card in range(52):
        absent = (reals != card).all(axis=1)
        worth = values(np.column_stack([reals, np.full(len(reals), card)]), FIVE_CARD, rules)
        allowed = absent & (card // 4 == ACE or np.isin(categories(worth), completes))
        best = np.where(allowed, np.maximum(best, worth), best)
    four_aces = (reals // 4 == ACE).all(axis=1)
    return np.where(four_aces, -1, best)


@pytest.mark.parametrize("wheel", ["low", "second"])
def test_joker_against_brute_force_over_every_hand_with_it(wheel: Literal["low", "second"]) -> None:
    """All 270,725 five-card hands holding the joker (000:4010-4012, 4075)."""
    reals = combinations(52, 4).astype(np.int64)
    found = values(np.column_stack([reals, np.full(len(reals), JOKER)]), FIVE_CARD, Rules(wheel, joker=True))
    expected = _joker_by_substitution(reals, Rules(wheel))
    five_aces = expected == -1
    assert (categories(found[five_aces]) == C.FIVE_ACES).all() and five_aces.sum() == 1
    assert (found[~five_aces] == expected[~five_aces]).all()


def test_joker_examples() -> None:
    """An ace, or the card a straight or a flush lacks; the highest rank a flush lacks."""
    assert evaluate(parse("Jk Kd Kc 7s 2h"), rules=PAI_GOW).ranks == (11, 12, 5, 0)   # kings, the ace
    assert value("Kh 9h 7h 4h Jk", rules=PAI_GOW) == value("Ah Kh 9h 7h 4h", rules=PAI_GOW)
    assert value("Ah 9h 7h 4h Jk", rules=PAI_GOW) == value("Ah Kh 9h 7h 4h", rules=PAI_GOW)
    assert value("9s Ts Js Ks Jk", rules=PAI_GOW) == value("9h Th Jh Qh Kh", rules=PAI_GOW)
    assert evaluate(parse("2c 3d 4h 5s Jk"), rules=Rules(joker=True)).ranks == (4,)  # 2-6: the joker a 6
    assert evaluate(parse("2c 3d 4h 5s Jk"), rules=PAI_GOW).ranks == (3,)  # the wheel, second: an ace
    assert evaluate(parse("Jk Ad"), TWO_CARD, PAI_GOW).category == C.PAIR
    assert evaluate(parse("Jk Kd"), TWO_CARD, PAI_GOW).ranks == (12, 11)
    assert evaluate(parse("As Ad Ac Ah Jk"), rules=PAI_GOW) > evaluate(parse("Ts Js Qs Ks As"), rules=PAI_GOW)


def test_seven_cards_with_the_joker_are_worth_their_best_five() -> None:
    rng = np.random.default_rng(53)
    hands = np.array([rng.choice(53, 7, replace=False) for _ in range(4000)])
    best = np.max([values(hands[:, list(s)], FIVE_CARD, PAI_GOW) for s in itertools.combinations(range(7), 5)],
                  axis=0)
    assert (values(hands, FIVE_CARD, PAI_GOW) == best).all()


@pytest.mark.parametrize("cards", [5, 7])
def test_same_order_as_treys(cards: int) -> None:
    """treys (an independent evaluator, not used at run time) orders a random sample the same way."""
    treys = pytest.importorskip("treys", reason="treys is not installed (pip install jokoak[test])")
    evaluator = treys.Evaluator()
    rng = random.Random(cards)
    hands = [rng.sample(range(52), cards) for _ in range(20_000)]
    ours = values(np.array(hands))
    theirs = np.array([evaluator.evaluate([treys.Card.new(_treys_name(c)) for c in h[:2]],
                                          [treys.Card.new(_treys_name(c)) for c in h[2:]]) for h in hands])
    order = np.argsort(ours, kind="stable")
    ours, theirs = ours[order], theirs[order]
    assert (np.diff(theirs) <= 0).all()  # treys: a lower rank is a better hand
    assert ((np.diff(ours) == 0) == (np.diff(theirs) == 0)).all()


def _treys_name(card: int) -> str:
    return "23456789TJQKA"[card // 4] + "cdhs"[card % 4]


BANK = split(parse("Kh Kd 7c 6s 4h 3d 2c"), parse("7c 6s"))  # kings; 7-6


@pytest.mark.parametrize(("high", "low", "outcome"), [
    ("Ah Ad 9c 8s 5h", "Qd Jc", "ganancia"),  # case 1: both higher
    ("Ah Ad 9c 8s 5h", "5d 4c", "nula"),      # 2: higher, lower
    ("Qh Qd 9c 8s 5h", "Ad Jc", "nula"),      # 2b: lower, higher
    ("Ah Ad 9c 8s 5h", "7d 6c", "nula"),      # 3: higher, equal
    ("Kc Ks 4s 3c 2d", "Ad Jc", "nula"),      # 3b: equal, higher
    ("Qh Qd 9c 8s 5h", "7d 6c", "perdida"),   # 4: lower, equal
    ("Kc Ks 4c 3s 2h", "5d 4d", "perdida"),   # 4b: equal, lower
    ("Kc Ks 4c 3s 2h", "7d 6h", "perdida"),   # 5: both equal, the bank wins ties
    ("Qh Qd 9c 8s 5h", "5d 4c", "perdida"),   # 6: both lower
    ("Ah Kd 9c 8s 5h", "Qh Qc", "perdida"),   # the low hand higher than the high one: a foul loses
])
def test_pai_gow_settlement_table(high: str, low: str, outcome: str) -> None:
    """000:4177-4201 case by case, and 000:4235-4236 for a hand set wrongly."""
    assert pai_gow_outcome(split(parse(f"{high} {low}"), parse(low)), BANK) == outcome


@pytest.mark.parametrize(("call", "message"), [
    (lambda: split(parse("Ah Ad Kc Qs 9h 5d"), parse("Ah Ad")), "A Pai Gow hand is seven different cards"),
    (lambda: split(parse("Ah Ad Kc Qs 9h 5d 2c"), parse("Ah")), "they are not two different ones is not"),
    (lambda: pai_gow_outcome(BANK, split(parse("Kh Kd 7c 6s 4h 3d 2c"), parse("Kh Kd"))),
     "The bank's hands are set wrongly"),
    (lambda: parse("1h"), "'1h' is not a card"),
    (lambda: evaluate(parse("Ah Kd Qc Js Jk")), "The joker is not a card of this game"),
    (lambda: evaluate([JOKER, JOKER, 1, 2, 3], rules=PAI_GOW), "A card appears twice in the hand: Jk."),
    (lambda: values([[JOKER, JOKER, 1, 2, 3]], rules=PAI_GOW), "A hand holds one joker at most."),
    (lambda: evaluate(parse("Ah Kd Qc")), "from 5 to 7 cards, not 3"),
    (lambda: values([[0, 1, 2, 3, 4, 5, 6, 7]]), "from 5 to 7 cards, not 8"),
    (lambda: values([[0, 1, 2, 3, 60]]), "A card is a number from 0 to 51"),
    (lambda: Rules(wheel="high"), "The wheel ranks 'low' or 'second', not 'high'."),  # type: ignore[arg-type]
])
def test_errors(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()
