"""Circle poker's engine: decks, hands, the showdown and the pots (jokoak/games/circle)."""

from __future__ import annotations

import re
from fractions import Fraction as F
from math import comb
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jokoak.engine import poker
from jokoak.games.circle.cards import DECK_28, DECK_32, DECK_52, dealt, deck
from jokoak.games.circle.exact import best_of
from jokoak.games.circle.hands import (
    NO_LOW,
    STANDARD,
    Combination,
    Ranking,
    board_allows_low,
    evaluate,
    evaluate_two_three,
    low_hand,
    low_values,
    values,
    values_two_three,
)
from jokoak.games.circle.pots import Pot, award, pots, uncontested
from jokoak.games.circle.showdown import VARIANT_IDS, showdown, variant, winners

C = Combination
ROOT = Path(__file__).resolve().parents[1]
SHORT32, SHORT28, COVERED = Ranking(DECK_32), Ranking(DECK_28), Ranking(figures=True)


def hand(text: str, ranking: Ranking = STANDARD) -> tuple[int, ...]:
    return dealt(text, ranking.deck)


def worth(text: str, ranking: Ranking = STANDARD) -> int:
    return evaluate(hand(text, ranking), ranking).value


# --- decks -------------------------------------------------------------------------------------------------

def test_the_decks_hold_their_ranks() -> None:
    assert [len(deck(n).cards) for n in (52, 48, 44, 40, 36, 32, 28)] == [52, 48, 44, 40, 36, 32, 28]
    assert DECK_32.describe() == "the deck of 32 cards (A K Q J 10 9 8 7)"
    assert DECK_28.describe() == "the deck of 28 cards (A K Q J 10 9 8)"
    assert dealt("Td 10h") == (33, 34)


@pytest.mark.parametrize(("cards", "within", "message"), [
    ("7c 6d", DECK_32, "6d is not a card of the deck of 32 cards (A K Q J 10 9 8 7)."),
    ("7c 6d 2s", DECK_32, "6d 2s are not cards of the deck of 32 cards (A K Q J 10 9 8 7)."),
    ("7c 8d", DECK_28, "7c is not a card of the deck of 28 cards (A K Q J 10 9 8)."),
    ("Ah Kd Ah Kd", DECK_52, "A card is dealt twice: Kd Ah."),
])
def test_a_card_outside_the_deck_or_dealt_twice_is_refused(cards: str, within: object, message: str) -> None:
    with pytest.raises(ValueError) as error:
        dealt(cards, within)  # type: ignore[arg-type]
    assert str(error.value) == message


# --- the ranking -----------------------------------------------------------------------------------------------

def test_every_five_card_hand_of_52_orders_as_the_banked_games_evaluator() -> None:
    hands = poker.combinations(52, 5).astype(np.int64)
    ours, theirs = values(hands), poker.values(hands).astype(np.int64)
    assert (np.unique(ours, return_inverse=True)[1] == np.unique(theirs, return_inverse=True)[1]).all()


def test_seven_card_hands_order_as_the_banked_games_evaluator() -> None:
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((100_000, 52)), axis=1)[:, :7].astype(np.int64)
    ours, theirs = values(hands), poker.values(hands).astype(np.int64)
    assert (np.unique(ours, return_inverse=True)[1] == np.unique(theirs, return_inverse=True)[1]).all()


def _stripped_counts(k: int) -> dict[Combination, int]:
    """Five-card hands of a deck of ``k`` ranks of four suits, counted by hand (the ace also below the lowest)."""
    runs = k - 3  # k - 4 straights of natural ranks and the one with the ace low
    return {C.ROYAL_FLUSH: 4, C.STRAIGHT_FLUSH: 4 * runs - 4, C.FOUR_OF_A_KIND: k * (k - 1) * 4,
            C.FULL_HOUSE: k * 4 * (k - 1) * 6, C.FLUSH: 4 * comb(k, 5) - 4 * runs, C.STRAIGHT: runs * (4 ** 5 - 4),
            C.THREE_OF_A_KIND: k * 4 * comb(k - 1, 2) * 16, C.TWO_PAIR: comb(k, 2) * 36 * (k - 2) * 4,
            C.PAIR: k * 6 * comb(k - 1, 3) * 64, C.HIGH_CARD: (comb(k, 5) - runs) * (4 ** 5 - 4)}


@pytest.mark.parametrize(("ranking", "ranks"), [(STANDARD, 13), (SHORT32, 8), (SHORT28, 7)])
def test_every_five_card_hand_of_each_deck_is_counted_as_combinatorics_say(ranking: Ranking, ranks: int) -> None:
    expected = _stripped_counts(ranks)
    hands = poker.combinations(ranking.deck.size, 5).astype(np.int64) + 4 * ranking.deck.lowest
    found = np.bincount((values(hands, ranking) >> 20) & 15, minlength=11)
    assert {c: int(found[c]) for c in expected} == expected
    assert best_of(ranking, 5) == {c: expected[c] for c in ranking.order}


def test_figuras_are_the_covered_hands_of_four_ranks_between_trio_and_two_pairs() -> None:
    counts = best_of(COVERED, 5)
    # a pair of A K Q J and three others of them: 4 * 6 * 4 ** 3; two pairs and one: 6 * 6 * 6 * 2 * 4
    assert counts[C.FIGURES] == 4 * 6 * 64 + 6 * 36 * 8 == 3264
    assert counts[C.TWO_PAIR] == 123552 - 1728 and counts[C.PAIR] == 1098240 - 1536
    assert worth("Jh Jd Qc Ks Ah", COVERED) > worth("Ah Ad Kc Kd 9s", COVERED)
    assert evaluate(hand("Ah Ad Kc Kd Qs"), COVERED).combination == C.FIGURES
    assert worth("Jh Jd Qc Ks Ah", COVERED) < worth("2h 2d 2c Ks Ah", COVERED)
    assert evaluate(hand("Ah Ad Ac Kd Qs"), COVERED).combination == C.THREE_OF_A_KIND
    assert evaluate(hand("Ah Ad Kc Qs Jh")).combination == C.PAIR  # only covered poker plays it


def test_figuras_tie_by_the_highest_pair_then_the_highest_card() -> None:
    """Our reading of 000:4956-4957: the highest pair, then the other three from the highest."""
    assert worth("Ah Ad Kc Kd Qs", COVERED) > worth("Ah Ad Kc Qd Js", COVERED)
    assert worth("Ah Ad Kc Qd Js", COVERED) > worth("Ah Ad Jc Jd Ks", COVERED)   # K Q J before K J J
    assert worth("Kh Kd Ac Qd Js", COVERED) < worth("Ah Ad Jc Qd Js", COVERED)
    assert worth("Ah Ad Kc Qd Js", COVERED) == worth("As Ac Kh Qs Jd", COVERED)


def test_the_colour_beats_the_full_in_decks_of_fewer_than_52_cards() -> None:
    assert worth("7h 9h Jh Kh Ah", SHORT32) > worth("Ac Ad As Kc Kd", SHORT32)
    assert worth("8h Th Jh Kh Ah", SHORT28) > worth("Ac Ad As Kc Kd", SHORT28)
    assert worth("2h 9h Jh Kh Ah") < worth("Ac Ad As Kc Kd")
    forty = Ranking(deck(40))
    assert forty.colour_first and worth("5h 9h Jh Kh Ah", forty) > worth("Ac Ad As Kc Kd", forty)
    assert not Ranking(DECK_32, flush_over_full=False).colour_first


@pytest.mark.parametrize(("ranking", "wheel", "next_up", "not_a_straight"), [
    (STANDARD, "Ah 2d 3c 4s 5h", "2d 3c 4s 5h 6d", "Kh Ad 2c 3s 4h"),
    (SHORT32, "Ah 7d 8c 9s Th", "7d 8c 9s Th Jd", "Kh Ad 7c 8s 9h"),
    (SHORT28, "Ah 8d 9c Ts Jh", "8d 9c Ts Jh Qd", "Kh Ad 8c 9s Th"),
    (Ranking(deck(48)), "Ah 3d 4c 5s 6h", "3d 4c 5s 6h 7d", "Ah 2d 3c 4s 5h"),
])
def test_the_ace_plays_low_below_the_decks_lowest_rank(ranking: Ranking, wheel: str, next_up: str,
                                                        not_a_straight: str) -> None:
    low = evaluate(hand(wheel, ranking), ranking)
    assert low.combination == C.STRAIGHT
    assert low < evaluate(hand(next_up, ranking), ranking)
    assert low.ranks == (ranking.deck.lowest + 3,)
    if ranking.deck.size == 48:
        with pytest.raises(ValueError, match="2d is not a card of the deck of 48 cards"):
            evaluate(hand(not_a_straight), ranking)
    else:
        assert evaluate(hand(not_a_straight, ranking), ranking).combination != C.STRAIGHT
    top = {52: "Ah Kd Qc Js Th", 48: "Ah Kd Qc Js Th", 32: "Ah Kd Qc Js Th", 28: "Ah Kd Qc Js Th"}
    assert evaluate(hand(top[ranking.deck.size], ranking), ranking).ranks == (12,)


@pytest.mark.parametrize(("better", "worse"), [
    ("Kh Kd Kc Ks 2h", "Qh Qd Qc Qs Ah"),   # poker by its rank (000:4941-4942)
    ("Kh Kd Kc Ks 3h", "Kh Kd Kc Ks 2h"),   # then the fifth card (001:2421)
    ("8h 8d 8c 2s 2h", "7h 7d 7c As Ah"),   # full by the three (000:4944-4945)
    ("9h 9d 9c Ks Kh", "9s 9d 9c Qs Qh"),   # then the pair (001:2423), with common cards
    ("6h 7d 8c 9s Th", "5h 6d 7c 8s 9h"),   # straights by the highest card (000:4947-4948)
    ("Ah 3h 5h 7h 9h", "Kh Qh Jh 9h 7h"),   # colour by the highest card (000:4950-4951)
    ("Ah Kh 5h 7h 9h", "Ah Qh Jh 9h 7h"),   # and card by card after it
    ("5h 5d 5c 3s 7h", "4h 4d 4c As Kh"),   # trío by its rank (000:4953-4954)
    ("Qh Qd 5c 5s 2h", "Qh Qd 4c 4s Ah"),   # two pairs: the highest, the second (000:4959-4962)
    ("Qh Qd 5c 5s 3h", "Qh Qd 5c 5s 2h"),   # and the card left
    ("7h 7d 5c Qs Ah", "7h 7d 5c Js Ah"),   # pair, then the highest card of the rest (000:4964-4966)
    ("Ah 9d 7c 5s 3h", "Ah 9d 7c 5s 2h"),   # carta mayor, card by card
])
def test_ties_are_decided_as_the_text_orders_them(better: str, worse: str) -> None:
    a, b = hand(better), hand(worse)
    if set(a) & set(b):
        assert evaluate(a).value > evaluate(b).value
    else:
        assert evaluate(a) > evaluate(b)


def test_omaha_and_sintetico_use_exactly_two_cards_of_the_hand_and_three_common() -> None:
    assert evaluate_two_three(hand("2c 3d 4s 9d"), hand("Ah Kh Qh Jh Th")).combination == C.HIGH_CARD
    assert evaluate_two_three(hand("Ah 3h 4s 9d"), hand("2h Kh Qh Jh Th")).combination == C.FLUSH
    assert evaluate_two_three(hand("8c 8d 8s 8h"), hand("2h Kh Qh Jh Th")).combination == C.PAIR
    sint = Ranking(DECK_28)
    assert evaluate_two_three(hand("Ah 8d", sint), hand("9c Ts Jh Kd Kc", sint), sint).combination == C.STRAIGHT
    with pytest.raises(ValueError, match="A card is dealt twice: Ah"):
        evaluate_two_three(hand("Ah 3d 4s 9d"), hand("Ah Kh Qh Jh Th"))


def test_the_vectorised_two_and_three_agree_with_one_deal_at_a_time() -> None:
    rng = np.random.default_rng(3)
    deals = np.argsort(rng.random((300, 52)), axis=1)[:, :9].astype(np.int64)
    found = values_two_three(deals[:, :4], deals[:, 4:])
    for row, value in zip(deals, found, strict=True):
        assert evaluate_two_three(tuple(row[:4]), tuple(row[4:])).value == value


# --- the low hand of Omaha Hi&Low ---------------------------------------------------------------------------

def test_a_low_needs_three_common_cards_of_8_or_lower_the_ace_counting_low() -> None:
    assert board_allows_low(hand("Ah 2d 8c Ks Qd")) and not board_allows_low(hand("Ah 9d 8c Ks Qd"))
    assert low_hand(hand("3c 4d Kh Ks"), hand("Ah 9d 8c Kc Qd")) is None
    assert low_hand(hand("3c 9d Kh Ks"), hand("Ah 2d 8c Kc Qd")) is None   # one card of the hand is low
    low = low_hand(hand("3c 4d Kh Ks"), hand("Ah 2d 8c Kc Qd"))
    assert low is not None and low.ranks == (8, 4, 3, 2, 1)


def test_the_low_readings_differ_on_straights_colours_and_pairs() -> None:
    hole, board = hand("Ah 2d 6c Kd"), hand("3s 4h 5c Qd Jd")
    reading, customary = low_hand(hole, board), low_hand(hole, board, "ace-to-five")
    assert reading is not None and reading.ranks == (6, 5, 4, 3, 1)
    assert customary is not None and customary.ranks == (5, 4, 3, 2, 1)
    paired = low_hand(hand("Ah Ad Kc Kd"), hand("Ac 4h 5c Qd Jd"))   # only the pair of aces is low enough
    assert paired is not None and paired.ranks == (5, 4, 1, 1, 1)
    assert low_hand(hand("Ah Ad Kc Kd"), hand("Ac 4h 5c Qd Jd"), "ace-to-five") is None
    rows = low_values([hole, hand("Kh Kd Kc Ks")], [board, board])
    assert rows[0] == reading.value and rows[1] == NO_LOW


# --- the showdown --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("regulation", ["euskadi", "extremadura"])
def test_every_variant_of_each_regulation_is_known(regulation: str) -> None:
    ids = VARIANT_IDS if regulation == "euskadi" else ("cubierto", "seven-stud", "five-stud", "omaha", "holdem",
                                                        "sintetico")
    for key in ids:
        v = variant(key, regulation)  # type: ignore[arg-type]
        assert v.source.startswith("000:" if regulation == "euskadi" else "001:")
    assert variant("five-stud").deck.size == 32 and variant("five-stud", "extremadura").deck.size == 52
    assert variant("cubierto", "extremadura", deck=36).ranking == Ranking(deck(36), figures=True)
    with pytest.raises(ValueError, match="not 36"):
        variant("cubierto", deck=36)
    with pytest.raises(ValueError, match=r"played with 52 cards \(000:5482-5495\), not 32"):
        variant("holdem", deck=32)


def test_hi_low_halves_the_pot_and_quarters_a_shared_low() -> None:
    board = hand("3s 5h 8c Qd Jd")
    hands = {"ana": hand("Ah 2d Kc Kd"), "ben": hand("Qs Qh 9c 9d"), "carla": hand("Ac 2c Th Ts")}
    parts = showdown(variant("omaha-hi-low"), hands, board).parts()
    assert parts == {"ana": F(1, 4), "ben": F(1, 2), "carla": F(1, 4)}
    hands = {"ana": hand("Ah 2d 4c 6d"), "ben": hand("Qs Qh 9c 9d"), "carla": hand("Ac 2c 7h 7s")}
    high_only = showdown(variant("omaha-hi-low"), hands, hand("3s Kh 9s Qd Jd"))
    assert high_only.parts() == {"ana": 0, "ben": 1, "carla": 0}          # no low: the high takes it all
    both = showdown(variant("omaha-hi-low"), {"ana": hand("Ah 2d 3h 4h"), "ben": hand("Kc Kd Qc Qd")},
                    hand("5h 6h 7c Js 9d"))
    assert both.parts() == {"ana": 1, "ben": 0}                            # a straight and the best low: scoop


def test_doble_holdem_halves_the_pot_by_line_and_one_player_may_take_both() -> None:
    v = variant("doble-holdem")
    lines = hand("2c 7d 9s Jh 3c"), hand("Ks 4d 5h 8c Qs")
    s = showdown(v, {"ana": hand("Ah Ad"), "ben": hand("Kh Kd"), "carla": hand("Tc Td")}, lines)
    assert [(x.kind, x.winners) for x in s.shares()] == [("line-1", ("ana",)), ("line-2", ("ben",))]
    s = showdown(v, {"ana": hand("Ah Ad"), "ben": hand("6h 6d")}, lines)
    assert s.parts() == {"ana": 1, "ben": 0}
    with pytest.raises(ValueError, match="2 lines of common cards, not 1"):
        showdown(v, {"ana": hand("Ah Ad")}, [lines[0]])


def test_equal_hands_share_equally() -> None:
    s = showdown(variant("holdem"), {"ana": hand("Ah Kd"), "ben": hand("As Kc"), "carla": hand("2h 3d")},
                 hand("Qc Jd Ts 4h 4c"))
    assert s.parts() == {"ana": F(1, 2), "ben": F(1, 2), "carla": 0}
    assert s.parts(among=["ana", "carla"]) == {"ana": 1, "ben": 0, "carla": 0}


def test_a_showdown_checks_its_cards() -> None:
    with pytest.raises(ValueError, match="a player shows 5 cards; ana shows 4"):
        showdown(variant("cubierto"), {"ana": hand("Ah Kd Qc Js")})
    with pytest.raises(ValueError, match="A card is dealt twice: Ah"):
        showdown(variant("holdem"), {"ana": hand("Ah Kd"), "ben": hand("Ah Qd")}, hand("2c 3c 4c 5c 9d"))
    with pytest.raises(ValueError, match="6c is not a card of the deck of 32 cards"):
        showdown(variant("five-stud"), {"ana": (48, 44, 40, 36, 16)})


def test_the_vectorised_winners_agree_with_the_showdown() -> None:
    rng = np.random.default_rng(5)
    v = variant("sintetico")
    cards = np.array(v.deck.cards)[np.argsort(rng.random((200, 28)), axis=1)[:, :13]]
    hands, boards = cards[:, :8].reshape(200, 4, 2), cards[:, 8:]
    found = winners(v, hands, boards)
    for d in range(200):
        parts = showdown(v, {str(p): tuple(hands[d, p]) for p in range(4)}, tuple(boards[d])).parts()
        assert [parts[str(p)] > 0 for p in range(4)] == found[d].tolist()


# --- the pots --------------------------------------------------------------------------------------------------

def test_side_pots_follow_each_all_in_and_folded_chips_stay() -> None:
    bets = {"ana": F(20), "ben": F(100), "carla": F(60), "dani": F(100), "eva": F(40)}
    assert pots(bets, folded=["eva"]) == (Pot(F(100), ("ana", "ben", "carla", "dani")),
                                          Pot(F(140), ("ben", "carla", "dani")), Pot(F(80), ("ben", "dani")))
    assert uncontested(pots({"ana": F(30), "ben": F(10), "carla": F(10)}, ["ben", "carla"])) == {"ana": F(50)}


def test_each_pot_goes_to_the_best_hand_among_those_who_contest_it() -> None:
    bets = {"ana": F(20), "ben": F(100), "carla": F(60), "dani": F(100)}
    board = hand("2c 7d 9s Jh 3c")
    hands = {"ana": hand("Ah Ad"), "ben": hand("Kh Kd"), "carla": hand("Qh Qd"), "dani": hand("Qs Qc")}
    paid = award(pots(bets), showdown(variant("holdem"), hands, board))
    assert paid == {"ana": F(80), "ben": F(200), "carla": F(0), "dani": F(0)}
    hands = {"ana": hand("4h 5d"), "ben": hand("Kh Kd"), "carla": hand("Ah Ad"), "dani": hand("As Ac")}
    paid = award(pots(bets), showdown(variant("holdem"), hands, board))
    assert paid == {"ana": F(0), "ben": F(0), "carla": F(100), "dani": F(180)}


def test_a_share_in_whole_chips_gives_the_odd_chips_in_the_order_given() -> None:
    s = showdown(variant("omaha-hi-low"), {"ana": hand("Ah 2d Kc Kd"), "ben": hand("Qs Qh 9c 9d"),
                                           "carla": hand("Ac 2c Th Ts")}, hand("3s 5h 8c Qd Jd"))
    pot = [Pot(F(101), ("ana", "ben", "carla"))]
    assert award(pot, s) == {"ana": F(101, 4), "ben": F(101, 2), "carla": F(101, 4)}
    chips = award(pot, s, chip=F(1), odd_chip_to=["carla"])
    assert chips == {"ana": F(25), "ben": F(50), "carla": F(26)}
    assert sum(chips.values()) == 101


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 50), min_size=2, max_size=6), st.lists(st.booleans(), min_size=6, max_size=6),
       st.integers(0, 10 ** 6))
def test_the_pots_pay_out_exactly_what_was_put_in(amounts: list[int], folds: list[bool], seed: int) -> None:
    players = [f"p{i}" for i in range(len(amounts))]
    bets = {p: F(a) for p, a in zip(players, amounts, strict=True)}
    folded = [p for p, f in zip(players, folds, strict=False) if f][:len(players) - 1]
    rng = np.random.default_rng(seed)
    cards = rng.permutation(52)[:2 * len(players) + 5]
    live = [p for p in players if p not in folded]
    hands = {p: (int(cards[2 * i]), int(cards[2 * i + 1])) for i, p in enumerate(live)}
    s = showdown(variant("holdem"), hands, tuple(int(c) for c in cards[-5:]))
    paid = award(pots(bets, folded), s)
    assert sum(paid.values()) == sum(bets.values())
    assert sum(award(pots(bets, folded), s, chip=F(1), odd_chip_to=live[-1:]).values()) == sum(bets.values())


# --- every rule cites the circle games' lines, and what it quotes is there -------------------------------------

CIRCLE_LINES = {"000": (4753, 5704), "001": (2338, 2924)}
CITATION = re.compile(r"\b(000|001):(\d{4})(?:-(\d{2,4}))?")
QUOTE = re.compile(r"«([^«»]{12,}?)»[^«»]{0,60}?\b(000|001):(\d{4})(?:-(\d{2,4}))?", re.S)
MODULES = sorted((ROOT / "jokoak" / "games" / "circle").glob("*.py"))
ENGINE = [p for p in MODULES if p.stem in ("cards", "hands", "showdown", "pots", "betting", "take", "exact")]


def _lines(source: str) -> list[str]:
    path = next((ROOT.parent / "shared" / "sources").glob(f"{source}_*.txt"))
    return path.read_text(encoding="utf-8").splitlines()


def _span(first: str, last: str | None) -> tuple[int, int]:
    end = int(first[: len(first) - len(last)] + last) if last else int(first)
    return int(first), end


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: p.stem)
def test_every_citation_of_the_engine_is_within_the_circle_games(path: Path) -> None:
    for source, first, last in CITATION.findall(path.read_text(encoding="utf-8")):
        start, end = _span(first, last)
        low, high = CIRCLE_LINES[source]
        assert low <= start <= end <= high, f"{path.name}: {source}:{first}-{last}"


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: p.stem)
def test_what_the_engine_quotes_is_in_the_lines_it_cites(path: Path) -> None:
    def plain(text: str) -> str:
        return " ".join(re.sub(r"<\|[^|]*\|>", "", text).replace('"', "").replace("«", "").replace("»", "").split())

    code = re.sub(r"\n\s*# ", " ", path.read_text(encoding="utf-8"))  # a quote may run over comment lines
    for quote, source, first, last in QUOTE.findall(code):
        start, end = _span(first, last)
        lines = " ".join(_lines(source)[start - 1:end])
        missing = [part.strip() for part in plain(quote).split("…") if part.strip() not in plain(lines)]
        assert not missing, f"{path.name}: «{quote}» is not in {source}:{first}-{last}"
