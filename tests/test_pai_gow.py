"""Pai Gow Poker: the deal, the settlement of the «apuesta», the engine's house way, the player's best and
optimal splits, and the house edge by Monte Carlo."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from jokoak.engine import poker
from jokoak.engine.poker import Category, categories, name, parse
from jokoak.games.pai_gow.engine import (
    BETS,
    HOUSE_WAY,
    HOUSE_WAY_NOTE,
    LOWS,
    HouseWay,
    Rules,
    best_split,
    deal,
    hand_values,
    house_edge,
    house_way_splits,
    optimal_split,
    play,
    set_hand,
    settle,
    simulate,
    splits,
)

# The regulations' tables (the catalogue's YAML is the source; these are for the tests).
EUSKADI = Rules(
    commission=Fraction(5, 100),        # «A la par, - el 5%» (000:4185); «hasta el 5 por 100» (000:4127-4129)
    commission_limit=Fraction(5, 100),  # 000:4127
    joker_flush=True,                   # «completar una escalera, un color o una escalera de color» (000:4011-4012)
    clockwise=True,                     # «en el sentido de las agujas del reloj» (000:4150)
    positions=7,                        # «para 7 posiciones y 6 jugadores» (000:4146)
)
EXTREMADURA = Rules(
    commission=Fraction(5, 100),        # «hasta el cinco por ciento de las apuestas ganadoras» (001:1607)
    commission_limit=Fraction(5, 100),  # 001:1607
    joker_flush=False,                  # «una escalera, escalera real o escalera de color» (001:1555)
    clockwise=False,                    # «en sentido contrario a las agujas del reloj» (001:1623)
    positions=7,                        # 001:1623
)


def words(text: str) -> list[str]:
    return text.split()


KK_76 = poker.split(parse("Kh Kd 7c 6s 4h 3d 2c"), parse("7c 6s"))  # a bank: kings high, 7-6 low


def test_rules_reject_a_commission_above_the_texts_limit_and_an_impossible_table() -> None:
    with pytest.raises(ValueError, match=r"The commission is from 0 to 1/20, not 3/50\."):
        Rules(commission=Fraction(6, 100))
    with pytest.raises(ValueError, match="from 2 to 7 hands"):
        Rules(positions=8)  # 8 hands of seven need 56 cards


# --- settlement (000:4177-4201, 001:1633-1638) ------------------------------------------------------------

@pytest.mark.parametrize(("player", "low", "returned"), [
    ("Ah Ad 9c 8s 5h Qd Jc", "Qd Jc", Fraction(39)),   # case 1: both higher, at par less 5 %
    ("Ah Ad 9c 8s 5h 7d 2c", "7d 2c", Fraction(20)),   # case 2: high higher, low lower: nula
    ("Qh Qd 9c 8s 5h Ac Jc", "Ac Jc", Fraction(20)),   # case 2b: high lower, low higher: nula
    ("Ah Ad 9c 8s 5h 7d 6c", "7d 6c", Fraction(20)),   # case 3: high higher, low tied: nula
    ("Qh Qd 9c 8s 5h 7d 6c", "7d 6c", Fraction(0)),    # case 4: high lower, low tied: lost
    ("Qh Qd 9c 8s 5h 7d 2c", "7d 2c", Fraction(0)),    # case 6: both lower: lost
    ("Ah Ad 9c 8s 5h Qd Jc", "Ah Ad", Fraction(0)),    # set wrongly: lost (000:4235-4236)
])
def test_each_case_of_the_table_returns_what_the_text_says(player: str, low: str, returned: Fraction) -> None:
    cards = player.split() + words("Kh Kd 7c 6s 4h 3d 2s")
    result = play(EUSKADI, {"apuesta": 20}, cards, low=low.split(), bank_low=["7c", "6s"])
    assert (result.staked, result.returned) == (20, returned)


def test_both_hands_tied_lose_and_the_commission_is_the_casinos_figure() -> None:
    tied = poker.split(parse("Kc Ks 7h 6d 4s 3h 2d"), parse("7h 6d"))
    assert settle(EUSKADI, Fraction(10), tied, KK_76).returned == 0                 # case 5
    three = Rules(commission=Fraction(3, 100))
    win = poker.split(parse("Ah Ad 9c 8s 5h Qd Jc"), parse("Qd Jc"))
    assert settle(three, Fraction(10), win, KK_76).returned == Fraction(197, 10)     # 10 + 10 less 3 %
    assert settle(Rules(commission=Fraction(0)), Fraction(10), win, KK_76).returned == 20


def test_the_bank_is_set_by_the_house_way_unless_given() -> None:
    cards = words("Ah Ad 9c 8s 5h 7d 6c Kh Kd 7c 6s 4h 3d 2c")
    by_way = play(EUSKADI, {"apuesta": 10}, cards, low=["7d", "6c"])           # bank: KK high, 7-6 low: nula
    by_banker = play(EUSKADI, {"apuesta": 10}, cards, low=["7d", "6c"], bank_low=["4h", "3d"])
    assert (by_way.returned, by_banker.returned) == (10, Fraction(39, 2))    # 7-6 beats 4-3: ganancia


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"cards": words("Ah Ad 9c 8s 5h Qd Jc Kh Kd 7c 6s 4h 3d")}, "A round needs 14 cards"),
    ({"cards": words("Ah Ad 9c 8s 5h Qd Jc Ah Kd 7c 6s 4h 3d 2c")}, "A card is dealt twice: Ah."),
    ({"low": ["Qd", "2c"]}, "The low hand is two of the seven cards: 2c is not among them."),
    ({"bets": {"ante": 10}}, "There is no bet 'ante'"),
    ({"bets": {"apuesta": 0}}, "A stake is a positive amount, not 0."),
    ({"bank_low": ["4h", "3d"]}, None),
    ({"bank_low": ["Kh", "7c"]}, "The bank's hands are set wrongly"),
    ({"cards": words("Ah Ad 9c 8s 5h Qd Xc Kh Kd 7c 6s 4h 3d 2c")}, "'Xc' is not a card"),
])
def test_play_rejects_impossible_rounds(kwargs: dict, message: str | None) -> None:
    args = {"bets": {"apuesta": 10}, "cards": words("Ah Ad 9c 8s 5h Qd Jc Kh Kd 7c 6s 4h 3d 2c"),
            "low": ["Qd", "Jc"], **kwargs}
    if message is None:
        assert play(EUSKADI, **args).staked == 10
        return
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        play(EUSKADI, **args)
    assert BETS == ("apuesta",)


# --- the joker (000:4010-4012 against 001:1555) ---------------------------------------------------------

@pytest.mark.parametrize(("hand", "euskadi", "extremadura"), [
    ("2h 5h 9h Kh Jk", Category.FLUSH, Category.HIGH_CARD),         # Extremadura: no joker flush
    ("2h 5h 9h 9d Jk", Category.PAIR, Category.PAIR),               # a pair of 9s, the joker an ace
    ("Ah 5h 9h Kh Jk", Category.FLUSH, Category.PAIR),              # the joker an ace beside the ace
    ("9h Th Jh Kh Jk", Category.STRAIGHT_FLUSH, Category.STRAIGHT_FLUSH),
    ("9h Tc Jh Kh Jk", Category.STRAIGHT, Category.STRAIGHT),
    ("Th Jh Qh Kh Jk", Category.ROYAL_FLUSH, Category.ROYAL_FLUSH),
    ("Ah Ad Ac As Jk", Category.FIVE_ACES, Category.FIVE_ACES),
])
def test_the_joker_by_each_text(hand: str, euskadi: Category, extremadura: Category) -> None:
    cards = np.array([parse(hand)])
    assert Category(int(categories(hand_values(cards, EUSKADI))[0])) == euskadi
    assert Category(int(categories(hand_values(cards, EXTREMADURA))[0])) == extremadura


def test_extremadura_values_every_joker_hand_of_five_as_euskadi_but_its_plain_flushes() -> None:
    """Brute force over the 249,900 five-card hands with the joker: only joker flushes differ, and each falls
    to what the hand is worth with the joker as an ace that cannot make the flush."""
    four = poker.combinations(52, 4).astype(np.int64)
    hands = np.column_stack([four, np.full(len(four), 52)])
    eus, ext = hand_values(hands, EUSKADI), hand_values(hands, EXTREMADURA)
    differ = eus != ext
    assert (categories(eus[differ]) == Category.FLUSH).all()
    # four cards of one suit, C(13, 4) = 715 sets a suit, less the 41 that lie within one of the 10 runs of
    # five ranks (10 x 5 sets, the 9 runs of four from 2-3-4-5 to T-J-Q-K counted twice)
    assert differ.sum() == 4 * (715 - 41)
    assert (ext[differ] < eus[differ]).all()
    assert set(categories(ext[differ]).tolist()) == {Category.HIGH_CARD, Category.PAIR}


# --- the 21 ways, the house way, the player's best split ------------------------------------------------

def test_splits_are_the_21_ways_and_validity_agrees_with_the_evaluator() -> None:
    seven = parse("Jk Ah 5h 9h Kh 9d 2c")
    ways = splits(seven, EUSKADI)
    assert len(ways) == 21 == len({low for low, _ in ways})
    for low, s in ways:
        assert s == poker.split(seven, parse(" ".join(low)))


# (seven cards, the low hand the engine's house way plays, rule of HOUSE_WAY_NOTE)
HOUSE_WAY_CASES = [
    ("Ah Qd 9c 7s 5h 4d 2c", "Qd 9c"),   # 9: no pair: the highest high, the next two low
    ("Kh Kd 7c 6s 4h 3d 2c", "7c 6s"),   # 8: a pair high
    ("8h 8d 8c Qs 4h 3d 2c", "Qs 4h"),   # 7: trips high
    ("Ah Ad Ac Qs 9h 3d 2c", "Ah Qs"),   # 7: three aces split
    ("Jk Ad Ac Qs 9h 3d 2c", "Jk Qs"),   # 7: the joker is the third ace
    ("9h Td Jc Qs Kh 3d 3c", "3d 3c"),   # 6: a straight high, the pair low
    ("9h Td Jc Qs Kh Ad 2c", "Ad 2c"),   # 6: of 9-K and 10-A, the straight that leaves A-2 low
    ("9h Td Jc Qs Kh Th Ac", "Kh Ac"),   # 6: a pair of 10s and an ace: the pair high, A-K low
    ("2h 7h 9h Jh Kh As 3d", "As 3d"),   # 6: the flush high, A-3 low
    ("6h 6d 5c 5d Ah 9d 2c", "Ah 9d"),   # 5: 6s and 5s with an ace: together
    ("6h 6d 5c 5d Kh 9d 2c", "Kh 9d"),   # 5: 6s and 5s: together (6s or lower)
    ("9h 9d 5c 5d Kh Qd 2c", "5c 5d"),   # 5: 9s and 5s, no ace: split
    ("9h 9d 5c 5d Ah Qd 2c", "Ah Qd"),   # 5: 9s and 5s with an ace: together
    ("Jh Jd 5c 5d Ah Qd 2c", "5c 5d"),   # 5: jacks and 5s: split, even with an ace
    ("Jh Jd 5c 5d 9h 9d 2c", "Jh Jd"),   # 4: three pairs: the highest low
    ("8h 8d 8c Qs Qh 3d 2c", "Qs Qh"),   # 3: full house split
    ("8h 8d 8c Qs Qh 3d 3c", "Qs Qh"),   # 3: trips and two pairs: the highest pair low
    ("8h 8d 8c Qs Qh Qd 2c", "Qs Qh"),   # 3: two trips: a pair of the higher low
    ("3h 3d 3c 2s 2h Ad Kc", "Ad Kc"),   # 3: 3s full of 2s with A-K: kept together
    ("5h 5d 5c 5s Kh Qd 2c", "Kh Qd"),   # 2: four 5s kept together
    ("9h 9d 9c 9s Kh Qd 2c", "9h 9d"),   # 2: four 9s without an ace: split
    ("9h 9d 9c 9s Ah Qd 2c", "Ah Qd"),   # 2: four 9s with an ace: together
    ("Kh Kd Kc Ks 7h 7d 2c", "7h 7d"),   # 2: four kings and a pair: the pair low
    ("Ah Ad Ac As Jk 3d 2c", "Ah Ad"),   # 1: five aces split
    ("Ah Ad Ac As Jk Kd Kc", "Kd Kc"),   # 1: five aces with kings: together
]


@pytest.mark.parametrize(("seven", "low"), HOUSE_WAY_CASES)
def test_each_rule_of_the_house_way(seven: str, low: str) -> None:
    assert set(set_hand(seven, EUSKADI)) == set(low.split())


def test_the_house_way_is_data() -> None:
    keep_all = HouseWay(two_pair_keep_max=12, quads_keep_max=12, split_three_aces=False, full_house_keep=None,
                        five_aces_keep_with=0)
    assert set(set_hand("Jh Jd 5c 5d Ah Qd 2c", EUSKADI, keep_all)) == {"Ah", "Qd"}
    assert set(set_hand("Kh Kd Kc Ks Ah Qd 2c", EUSKADI, keep_all)) == {"Ah", "Qd"}
    assert set(set_hand("Ah Ad Ac Qs 9h 3d 2c", EUSKADI, keep_all)) == {"Qs", "9h"}
    assert set(set_hand("3h 3d 3c 2s 2h Ad Kc", EUSKADI, keep_all)) == {"2s", "2h"}
    assert "not from the regulation" in HOUSE_WAY_NOTE and HOUSE_WAY.two_pair_keep_max == 4


def test_the_house_way_always_sets_correctly_and_follows_its_simplest_rules() -> None:
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((20_000, 53)), axis=1)[:, :7]
    chosen = house_way_splits(hands, EUSKADI)
    lows = hands[np.arange(len(hands)), LOWS[chosen].T].T
    highs = np.array([[c for c in h if c not in lo] for h, lo in zip(hands.tolist(), lows.tolist(), strict=True)])
    high_v, low_v = hand_values(highs, EUSKADI), hand_values(lows, EUSKADI)
    assert (high_v > low_v).all()
    ranks = np.where(hands == 52, 12, hands // 4)
    best = categories(poker.values(hands, poker.FIVE_CARD, poker.PAI_GOW))
    plain = best == Category.HIGH_CARD   # no pair, no straight, no flush: the 2nd and 3rd cards low
    top3 = -np.sort(-ranks[plain], axis=1)[:, 1:3]
    low_ranks = -np.sort(-np.where(lows == 52, 12, lows // 4)[plain], axis=1)
    assert plain.sum() > 1000 and (top3 == low_ranks).all()


def test_best_split_against_a_known_bank_is_the_best_of_the_21() -> None:
    rng = np.random.default_rng(3)
    order = {"perdida": 0, "nula": 1, "ganancia": 2}
    for _ in range(40):
        cards = [name(int(c)) for c in rng.permutation(53)[:7]]
        low, outcome = best_split(cards, KK_76 if "Kh" not in cards else poker.split(
            parse("Qh Qd 7c 6s 4h 3d 2c"), parse("7c 6s")))
        assert outcome in order
    low, outcome = best_split("Ah Ad Qc Qs 5h 4d 2c", KK_76)
    assert outcome == "ganancia" and set(low) in ({"Qc", "Qs"}, {"Ah", "Ad"})
    trips_queens = poker.split(parse("Kh Kd Kc Qh Qd 3d 2c"), parse("Qh Qd"))
    assert best_split("2h 3c 4s 6h 8d 9c Ts", trips_queens)[1] == "perdida"


def test_the_optimal_split_does_at_least_as_well_as_the_house_way() -> None:
    low, estimates = optimal_split("Ah Ad Kc Kd 9h 5d 2c", EUSKADI, deals=3000)
    way = set_hand("Ah Ad Kc Kd 9h 5d 2c", EUSKADI)
    assert estimates[low] >= estimates[way] and estimates[("Ah", "Ad")] == -1.0   # AA low with KK high: wrong


# --- the deal (000:4137-4156, 001:1621-1625) ------------------------------------------------------------

def test_the_dice_count_from_the_bank_and_8_or_15_give_it_the_first_hand() -> None:
    cards = [name(c) for c in range(49)]
    for dice in (8, 15):
        assert deal(EUSKADI, cards, dice)[1] == tuple(cards[:7])
    hands = deal(EUSKADI, cards, 3)
    assert [hands[p][0] for p in range(1, 8)] == [cards[7 * k] for k in (5, 6, 0, 1, 2, 3, 4)]
    assert sorted(c for hand in hands.values() for c in hand) == sorted(cards)
    with pytest.raises(ValueError, match="49 cards, not 48"):
        deal(EUSKADI, cards[:48], 8)
    with pytest.raises(ValueError, match="dealt twice: 2c"):
        deal(EUSKADI, [*cards[:48], "2c"], 8)


# --- the house edge -------------------------------------------------------------------------------------

def test_house_edge_agrees_with_the_published_figure_for_a_house_way() -> None:
    """Wizard of Odds («Pai Gow Poker: No-Push Pai Gow», appendix 4), player and banker both on the Trump
    Plaza house way, by simulation: player wins both 28.55 %, tie 41.47 %, banker wins 29.98 %; «The house
    edge in regular pai gow poker as the player is 2.85%». Our house way differs a little from Trump Plaza's,
    so the tolerance covers the Monte Carlo interval and that difference."""
    deals = 150_000
    counts = simulate(EUSKADI, deals=deals, seed=11)
    assert sum(counts.values()) == deals
    p = {k: v / deals for k, v in counts.items()}
    assert abs(p["ganancia"] - 0.2855) < 0.008 and abs(p["nula"] - 0.4147) < 0.008
    assert abs(p["perdida"] - 0.2998) < 0.008
    edge = house_edge(EUSKADI, deals=deals, seed=11)
    assert abs(edge.value - 0.0285) < 0.007
    assert edge.value == pytest.approx(p["perdida"] - 0.95 * p["ganancia"])
    half = float(edge.precision.split("±")[1])
    assert 0.002 < half < 0.005


def test_without_commission_the_edge_is_the_banks_ties_alone() -> None:
    counts = simulate(Rules(commission=Fraction(0)), deals=20_000, seed=5)
    edge = house_edge(Rules(commission=Fraction(0)), deals=20_000, seed=5)
    assert edge.value == pytest.approx((counts["perdida"] - counts["ganancia"]) / 20_000)
    assert 0 < edge.value < 0.03
