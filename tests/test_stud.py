"""Póquer sin descarte and con descarte: one coup from the cards, the bank's draw, exact and Monte Carlo edges."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest

from jokoak.engine.poker import Category as C
from jokoak.engine.poker import combinations, parse
from jokoak.games.stud.edge import (
    dealt_probabilities,
    draw_edge,
    drawn_probabilities,
    jackpot_edge,
    main_edge,
    prize_probabilities,
    side_bet_edge,
)
from jokoak.games.stud.engine import (
    BankDraw,
    Minimum,
    Rules,
    Share,
    SideBet,
    bank_discards,
    compare_keys,
    hand_values,
    payout,
    play,
)

AK = Minimum(C.HIGH_CARD, (12, 11))


# Euskadi, «11. Poker sin descarte»: pay table 000:3141-3181 (eu 002:6965-7076), qualification 000:3253-3254,
# second bet 2 x ante 000:3245-3247, ante 1 por 1 000:3254-3255 and a la par 000:3261-3262, buying a card for the
# ante 000:3341-3351, seguro 000:3323-3339, jackpot 000:3300-3307.
SIN_PAYS = ((Minimum(C.ROYAL_FLUSH), F(100)), (Minimum(C.STRAIGHT_FLUSH), F(25)), (Minimum(C.FOUR_OF_A_KIND), F(20)),
            (Minimum(C.FULL_HOUSE), F(7)), (Minimum(C.FLUSH), F(5)), (Minimum(C.STRAIGHT), F(4)),
            (Minimum(C.THREE_OF_A_KIND), F(3)), (Minimum(C.TWO_PAIR), F(2)), (Minimum(C.PAIR), F(1)),
            (Minimum(C.HIGH_CARD), F(1)))  # j) «Cartas mayores», 000:3176-3181
SEGURO = SideBet({C.FULL_HOUSE: F(100), C.FOUR_OF_A_KIND: F(300), C.STRAIGHT_FLUSH: F(1000),
                  C.ROYAL_FLUSH: F(2000)})
EUSKADI_SIN = Rules(SIN_PAYS, AK, buy_price=F(1), side_bets={
    "seguro": SEGURO,
    "jackpot": SideBet({C.ROYAL_FLUSH: Share(F(1)), C.STRAIGHT_FLUSH: Share(F(1, 10)),
                        C.FOUR_OF_A_KIND: Share(F(1, 20))})})
# Extremadura 1.12: the same pay table (001:1228-1248), qualification and buying (001:1294, 1325); seguro
# (001:1302-1309), carrusel (001:1311-1319, the trío optional: left out), progresivo (001:1321-1323).
EXTREMADURA_SIN = Rules(SIN_PAYS, AK, buy_price=F(1), side_bets={
    "seguro": SEGURO,
    "carrusel": SideBet({C.ROYAL_FLUSH: F(12000), C.STRAIGHT_FLUSH: F(2000), C.FOUR_OF_A_KIND: F(400),
                         C.FULL_HOUSE: F(100), C.FLUSH: F(60), C.STRAIGHT: F(30)}),
    "progresivo": SideBet({C.ROYAL_FLUSH: Share(F(1)), C.STRAIGHT_FLUSH: Share(F(1, 10)), C.FOUR_OF_A_KIND: F(400),
                           C.FULL_HOUSE: F(100), C.FLUSH: F(50), C.STRAIGHT: F(20)})})
# «12. Poker con descarte» (000:3451-3483) and Extremadura 1.13 (001:1359-1379): the same table; «pareja de ochos o
# superior» read with the eights (000:3610, 3614); ties of flushes by the highest card and of pairs by one odd
# card (000:3508-3522; 001:1389-1397); up to two discards (000:3575; 001:1427); the bank's rules 1-7
# (000:3585-3608; 001:1431-1437). Jackpot (Euskadi only): 000:3657-3674.
CON_PAYS = ((Minimum(C.ROYAL_FLUSH), F(100)), (Minimum(C.STRAIGHT_FLUSH), F(25)), (Minimum(C.FOUR_OF_A_KIND), F(20)),
            (Minimum(C.FULL_HOUSE), F(7)), (Minimum(C.FLUSH), F(5)), (Minimum(C.STRAIGHT), F(3)),
            (Minimum(C.THREE_OF_A_KIND), F(2)), (Minimum(C.TWO_PAIR), F(1)), (Minimum(C.PAIR, (6,)), F(1)))
EIGHTS = Minimum(C.PAIR, (6,))
EUSKADI_CON = Rules(CON_PAYS, EIGHTS, tie_cards={C.FLUSH: 1, C.PAIR: 2}, discards=2, bank_draw=BankDraw(),
                    side_bets={"jackpot": SideBet(
                        {C.FOUR_OF_A_KIND: Share(F(5, 100)), C.STRAIGHT_FLUSH: Share(F(10, 100)),
                         C.ROYAL_FLUSH: Share(F(1))},
                        {C.FOUR_OF_A_KIND: Share(F(5, 1000)), C.STRAIGHT_FLUSH: Share(F(1, 100)),
                         C.ROYAL_FLUSH: Share(F(10, 100))})})
EXTREMADURA_CON = Rules(CON_PAYS, EIGHTS, tie_cards={C.FLUSH: 1, C.PAIR: 2}, discards=2, bank_draw=BankDraw())


def cards(text: str) -> list[str]:
    return text.split()


# --- one coup -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("deal", "decision", "returned"), [
    ("Ah Ad 7c 5s 2h  Kc Qd 9h 4s 3c", "paso", 0),                 # paso loses the ante
    ("Ah Ad 7c 5s 2h  Kc Qd 9h 4s 3c", "voy", 10 + 10 + 20),       # the bank does not qualify: ante 1 por 1
    ("Ah Ad 7c 5s 2h  Ac Kd 9h 4s 3c", "voy", 20 + 40),            # a pair beats A-K: 1 to 1
    ("Kh Kd Ks 5s 2h  Ac Kc 9h 4s 3c", "voy", 20 + 20 * 4),        # trips: 3 to 1
    ("Ah Kh Qh Jh Th  Ac Kc 9h 4s 3c", "voy", 20 + 20 * 101),      # royal flush: 100 to 1
    ("9h 8h 7h 6h 5h  Ac Kc 9d 4s 3c", "voy", 20 + 20 * 26),       # straight flush: 25 to 1 in Euskadi
    ("Ah Kd Qc 5s 2h  Ac Kc 9d 4s 3c", "voy", 20 + 40),            # «cartas mayores»: 1 to 1
    ("Ah Kd 9c 4h 3h  Ac Kc 9d 4s 3c", "voy", 30),                 # equal hands push
    ("Ah Kd 8c 4h 3h  Ac Kc 9d 4s 3c", "voy", 0),                  # a lower hand loses both bets
])
def test_one_coup_of_poker_sin_descarte(deal: str, decision: str, returned: int) -> None:
    result = play(EUSKADI_SIN, {"ante": 10}, cards(deal), decision)  # type: ignore[arg-type]
    assert result.staked == (30 if decision == "voy" else 10)
    assert result.returned == returned


def test_the_seguro_pays_on_the_first_five_cards_whatever_the_player_does() -> None:
    deal = cards("Kh Kd Ks 5s 5h  Ac Ad Ah 4s 4c")
    folded = play(EUSKADI_SIN, {"ante": 10, "seguro": 2}, deal, "paso")
    assert (folded.staked, folded.returned) == (F(12), F(2 * 101))
    lost = play(EUSKADI_SIN, {"ante": 10, "seguro": 2}, deal, "voy")      # the bank's full is higher
    assert (lost.staked, lost.returned) == (F(32), F(2 * 101))


def test_buying_a_card_costs_the_ante_and_loses_the_side_bets() -> None:
    deal = cards("Ah Ad 7c 5s 2h  Ac Kd 9h 4s 3c  As")                    # buys the As for the 2h: trips
    result = play(EUSKADI_SIN, {"ante": 10, "seguro": 5}, deal, "voy", buy="2h")
    assert result.staked == 10 + 5 + 10 + 20
    assert result.returned == 20 + 20 * 4
    with pytest.raises(ValueError, match="gives up one of his own cards"):
        play(EUSKADI_SIN, {"ante": 10}, deal, "voy", buy="Kd")
    with pytest.raises(ValueError, match="no «comprar una carta»"):
        play(EUSKADI_CON, {"ante": 10}, deal, "voy", buy="2h")


def test_a_jackpot_share_needs_the_amount() -> None:
    deal = cards("9h 9d 9s 9c 2h  Ac Kd 9h 4s 3c".replace("9h 4s", "8h 4s"))
    with pytest.raises(ValueError, match="give the accumulated amount"):
        play(EUSKADI_SIN, {"ante": 10, "jackpot": 5}, deal, "voy")
    result = play(EUSKADI_SIN, {"ante": 10, "jackpot": 5}, deal, "voy", jackpot=10_000)
    assert result.returned == 20 + 20 * 21 + 500


def test_one_coup_of_poker_con_descarte() -> None:
    # player: nines, draws Qs 8d; bank Kc Kd Ah 5s 3c keeps K K A, draws Ac Jd: two pair beats a pair
    assert play(EUSKADI_CON, {"ante": 5}, cards("9h 9d 7c 4s 2h  Kc Kd Ah 5s 3c  Qs 8d  Ac Jd"), "voy",
                cards("4s 2h")).returned == 0
    # the same player draws 9s Qd: trips, 2 to 1
    assert play(EUSKADI_CON, {"ante": 5}, cards("9h 9d 7c 4s 2h  Kc Kd Ah 5s 3c  9s Qd  Ac Jd"), "voy",
                cards("4s 2h")).returned == 10 + 10 * 3
    # the bank's 7 6 pair after its draw does not qualify: the ante paid, the second bet returned
    assert play(EUSKADI_CON, {"ante": 5}, cards("2h 3d 7c 9s Jh  7h 7d Ah 5s 3c  Qs  Kc Jd"), "voy",
                cards("2h")).returned == 10 + 10
    # the player stands pat; the bank draws 4d 2d: pairs of tens with the same highest odd card push (000:3520-3522)
    assert play(EUSKADI_CON, {"ante": 5}, cards("Th Td Ac 9s 2h  Tc Ts Ah 5s 3c  4d 2d"), "voy").returned == 15
    # with the jackpot, quads as dealt take 5 %, quads made by the draw 0,5 %
    assert play(EUSKADI_CON, {"ante": 5, "jackpot": 1}, cards("9h 9d 9s 9c 2h  Tc Ts Ah 5s 3c"), "paso",
                jackpot=2000).returned == 100
    assert play(EUSKADI_CON, {"ante": 5, "jackpot": 1}, cards("9h 9d 9s 7c 2h  Tc Ts Ah 5s 3c  9c 4h  Kd 4d"),
                "voy", cards("7c 2h"), jackpot=2000).returned == 10 + 10 * 21 + 10


@pytest.mark.parametrize(("deal", "decision", "discards", "message"), [
    ("Ah Ad 7c 5s 2h  Kc Qd 9h 4s 3c", "raise", (), "says «voy» or «paso»"),
    ("Ah Ad 7c 5s 2h  Kc Qd 9h 4s Ah", "voy", (), "dealt twice: Ah"),
    ("Ah Ad 7c 5s 2h  Kc Qd 9h 4s 3c 2c", "voy", (), "needs 10 cards"),
    ("Ah Ad 7c 5s 2h  Kc Qd 9h 4s Xx", "voy", (), "is not a card"),
    ("Ah Ad 7c 5s 2h  Kc Qd 9h 4s 3c 2c", "voy", ("2h",), "Only a player who says «voy» at the draw game"),
])
def test_impossible_coups_of_poker_sin_descarte(deal: str, decision: str, discards: tuple[str, ...],
                                               message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play(EUSKADI_SIN, {"ante": 10}, cards(deal), decision, discards)  # type: ignore[arg-type]


def test_illegal_discards_and_bets() -> None:
    deal = cards("9h 9d 7c 4s 2h  Kc Kd Ah 5s 3c  Qs 8d 6c  Ac Jd")
    with pytest.raises(ValueError, match="up to 2 of his own cards"):
        play(EUSKADI_CON, {"ante": 5}, deal, "voy", cards("4s 2h 7c"))
    with pytest.raises(ValueError, match="up to 2 of his own cards"):
        play(EUSKADI_CON, {"ante": 5}, deal, "voy", cards("Kc"))
    with pytest.raises(ValueError, match="needs 14 cards"):
        play(EUSKADI_CON, {"ante": 5}, deal, "voy", cards("4s 2h"))
    with pytest.raises(ValueError, match="There is no bet 'seguro'"):
        play(EUSKADI_CON, {"ante": 5, "seguro": 1}, deal[:10], "paso")
    with pytest.raises(ValueError, match="needs its initial bet"):
        play(EUSKADI_CON, {"jackpot": 1}, deal[:10], "paso")
    with pytest.raises(ValueError, match="A stake is positive"):
        play(EUSKADI_CON, {"ante": 0}, deal[:10], "paso")
    with pytest.raises(ValueError, match="needs the bank's drawing rules"):
        Rules(CON_PAYS, EIGHTS, discards=2)
    with pytest.raises(ValueError, match="never for straights"):
        Rules(CON_PAYS, EIGHTS, tie_cards={C.STRAIGHT: 1})


# --- the bank's draw and the tie rules -------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "thrown"), [
    ("9h Td Jc Qs Kc", ""),          # 1. a straight: no discard
    ("9h 9d 9c Qs 2c", "Qs 2c"),     # 2. trips
    ("9h 9d 2c 2s Kc", "Kc"),        # 3. two pairs
    ("9h 9d Ac 2s Kc", "2s Kc"),     # 4. a pair: the two lowest odd cards; the ace kept
    ("Ah 2h 3h 4h 9c", "9c"),        # 5. four of a suit...
    ("9h Th Jh Qh 2c", "2c"),        # ...before four consecutive (000:3599-3601)
    ("9h Td Jc Qs 2c", "2c"),        # 6. four consecutive values
    ("Jh Qd Kc As 2c", "2c"),        # 6. J-Q-K-A counts
    ("Ah 2d 3c 4s 9c", "2d 3c"),     # 7. A-2-3-4 is not «superiores o iguales al 2»: the two lowest go
    ("Ah Qd 9c 5s 2c", "5s 2c"),     # 7. the two lowest, the ace high
])
def test_the_bank_discards_by_rules_one_to_seven(hand: str, thrown: str) -> None:
    cards_ = parse(hand)
    out = bank_discards(BankDraw(), [cards_])[0]
    assert [c for c, gone in zip(cards_, out, strict=True) if gone] == list(parse(thrown))


def test_the_ace_low_run_is_a_rule_of_the_data() -> None:
    cards_ = parse("Ah 2d 3c 4s 9c")
    assert [c for c, gone in zip(cards_, bank_discards(BankDraw(ace_low_run=True), [cards_])[0], strict=True)
            if gone] == list(parse("9c"))


def test_ties_at_the_draw_game_compare_fewer_cards() -> None:
    hands = [parse("Ah 9h 7h 4h 2h"), parse("As Ks Qs Js 9s"), parse("Ah 9h 7h 4h 2h")]
    con = compare_keys(EUSKADI_CON, hand_values(EUSKADI_CON, hands))
    sin = compare_keys(EUSKADI_SIN, hand_values(EUSKADI_SIN, hands))
    assert con[0] == con[1] and sin[0] < sin[1]      # flushes by their highest card only (000:3508-3509)


def test_qualification_and_the_lowest_paid_line() -> None:
    hands = [parse(h) for h in ("8h 8d Ac 4s 2h", "7h 7d Ac Ks Qh", "Ah Kd 4c 3s 2h", "Ah Qd Jc Ts 8h")]
    raw = hand_values(EUSKADI_CON, hands)
    assert list(raw >= EIGHTS.threshold()) == [True, False, False, False]
    assert list(raw[2:] >= AK.threshold()) == [True, False]
    assert list(payout(EUSKADI_CON, raw[:2])) == [1, 0]


# --- edges ----------------------------------------------------------------------------------------------

def brute_force_edge(rules: Rules, deck: list[int]) -> tuple[F, F]:
    """Every player hand against every bank hand of the other cards, the player choosing the better of
    «voy» and «paso» on his cards: the house edge per ante, and how often he says «voy»."""
    hands = np.array(deck)[combinations(len(deck), 5).astype(np.int64)]
    raw = hand_values(rules, hands)
    keys = compare_keys(rules, raw)
    pays = payout(rules, raw)
    bits = np.array([sum(1 << int(c) for c in h) for h in hands.tolist()])
    total, says = F(0), 0
    for i in range(len(hands)):
        other = (bits & bits[i]) == 0
        plays = raw[other] >= rules.qualification.threshold()
        beaten = int((plays & (keys[other] < keys[i])).sum())
        lost = int((plays & (keys[other] > keys[i])).sum())
        ev = F(int((~plays).sum()) + beaten * (1 + 2 * pays[i]) - 3 * lost, int(other.sum()))
        says += ev > -1
        total += max(ev, F(-1))
    return -total / len(hands), F(says, len(hands))


@pytest.mark.parametrize("rules", [EUSKADI_SIN, Rules(CON_PAYS, Minimum(C.PAIR, (9,)), tie_cards={C.PAIR: 2})])
def test_the_inclusion_exclusion_agrees_with_brute_force_on_a_small_deck(rules: Rules) -> None:
    deck = [c for c in range(52) if c // 4 >= 9] + [0, 5]   # J Q K A of each suit, 2c, 3d: 18 cards
    edge = main_edge(rules, deck)
    assert (edge.per_ante, edge.voy) == brute_force_edge(rules, deck)


def test_published_caribbean_stud_figure() -> None:
    """Wizard of Odds, Caribbean Stud, «Strategy Statistics» (U.S. table 100/50/20/7/5/4/3/2/1, raise 2 x ante,
    A-K qualifies): raising on any pair or better loses 1,090,272,101,460 of 19,933,230,517,200 combinations
    (5 up cards for each deal), house edge 5.470 %, element of risk 2.738 %."""
    us = Rules(((Minimum(C.ROYAL_FLUSH), F(100)), (Minimum(C.STRAIGHT_FLUSH), F(50)), *SIN_PAYS[2:]), AK)
    edge = main_edge(us, voy=Minimum(C.PAIR))
    assert edge.per_ante * 19_933_230_517_200 == 1_090_272_101_460
    assert round(float(edge.per_staked), 5) == 0.02738


def test_the_seguro_is_exact_on_the_dealt_cards() -> None:
    # 3,744 fulls, 624 pokers, 36 straight flushes, 4 royal flushes among 2,598,960 hands
    back = F(3744 * 101 + 624 * 301 + 36 * 1001 + 4 * 2001, 2598960)
    assert side_bet_edge(EUSKADI_SIN, "seguro") == 1 - back
    assert side_bet_edge(EXTREMADURA_SIN, "carrusel") == 1 - F(
        4 * 12001 + 36 * 2001 + 624 * 401 + 3744 * 101 + 5108 * 61 + 10200 * 31, 2598960)
    assert prize_probabilities(EUSKADI_SIN, "jackpot") == {
        C.ROYAL_FLUSH: F(4, 2598960), C.STRAIGHT_FLUSH: F(36, 2598960), C.FOUR_OF_A_KIND: F(624, 2598960)}
    assert sum(dealt_probabilities(EUSKADI_SIN).values()) == 1
    with pytest.raises(ValueError, match="needs the amount"):
        side_bet_edge(EXTREMADURA_SIN, "progresivo")
    with pytest.raises(ValueError, match="no side bet 'seguro'"):
        side_bet_edge(EUSKADI_CON, "seguro")


def test_the_draw_game_by_monte_carlo() -> None:
    edge = draw_edge(EUSKADI_CON, 200_000, seed=1)
    assert edge.voy == 1
    assert 0.05 < edge.main.value < 0.095          # 7.21 % ± 0.19 % with 10 million deals (benchmarks/bench_stud.py)
    assert "±" in edge.main.precision
    quads, error = edge.drawn[C.FOUR_OF_A_KIND]
    assert 0.0005 < quads < 0.0025 and error < 0.0002
    folding = draw_edge(EUSKADI_CON, 200_000, seed=1, voy=Minimum(C.PAIR))
    assert folding.main.value > edge.main.value + 0.1   # «voy» only with a pair is far worse
    with pytest.raises(ValueError, match="see main_edge"):
        draw_edge(EUSKADI_SIN, 10)
    with pytest.raises(ValueError, match="see draw_edge"):
        main_edge(EUSKADI_CON)


# --- jackpots -------------------------------------------------------------------------------------------
# Hands of five cards as dealt: 4 royal flushes, 36 straight flushes, 624 pokers, 3,744 fulls, 5,108 flushes,
# 10,200 straights, 54,912 trios, 123,552 double pairs, 1,098,240 pairs among 2,598,960.
DEALS = 2598960


def test_a_jackpot_of_shares_is_a_line_in_its_amount() -> None:
    # Euskadi sin descarte (000:3302-3307) and con descarte as dealt (000:3657-3663): 100 %, 10 %, 5 %
    shares = F(4) + F(36, 10) + F(624, 20)
    for rules in (EUSKADI_SIN, EUSKADI_CON):
        edge = jackpot_edge(rules, "jackpot")
        assert (edge.constant, edge.slope) == (F(1), shares / DEALS)
    # the least jackpots of 000:3678-3686: the most the house keeps
    edge = jackpot_edge(EUSKADI_CON, "jackpot")
    assert edge.at(2000) == 1 - 2000 * shares / DEALS and round(float(edge.at(2000)), 6) == 0.970142
    assert edge.at(1000) == 1 - 1000 * shares / DEALS
    assert edge.break_even * shares == DEALS
    # Extremadura's progresivo (001:1323): the accumulated amount, 10 % of it, then 400, 100, 50 and 20 to 1
    progresivo = jackpot_edge(EXTREMADURA_SIN, "progresivo")
    assert progresivo.constant == 1 - F(624 * 401 + 3744 * 101 + 5108 * 51 + 10200 * 21, DEALS)
    assert progresivo.slope == (4 + F(36, 10)) / DEALS
    with pytest.raises(ValueError, match="pays no share"):
        jackpot_edge(EUSKADI_SIN, "seguro")
    with pytest.raises(ValueError, match="no hand made by discarding"):
        jackpot_edge(EUSKADI_SIN, "jackpot", {C.ROYAL_FLUSH: F(1, 10)})


def test_the_hands_made_by_discarding_as_the_bank_does() -> None:
    drawn = drawn_probabilities(EUSKADI_CON)
    # everything but a straight or better as dealt draws (000:3587)
    assert sum(drawn.values()) == 1 - F(10200 + 5108 + 3744 + 624 + 36 + 4, DEALS)
    # pokers: a trío draws two cards, one of them the fourth (46 pairs of 1,081); a pair keeps its highest odd
    # card and needs both of the other two (1 pair)
    assert drawn[C.FOUR_OF_A_KIND] == F(54912 * 46 + 1098240, DEALS * 1081)
    with_drawn = jackpot_edge(EUSKADI_CON, "jackpot", drawn)
    assert with_drawn.slope == jackpot_edge(EUSKADI_CON, "jackpot").slope + (
        drawn[C.FOUR_OF_A_KIND] / 200 + drawn[C.STRAIGHT_FLUSH] / 100 + drawn[C.ROYAL_FLUSH] / 10)
    assert 0 < drawn[C.ROYAL_FLUSH] < drawn[C.STRAIGHT_FLUSH] < drawn[C.FOUR_OF_A_KIND]
    with pytest.raises(ValueError, match="Only a game with a draw"):
        drawn_probabilities(EUSKADI_SIN)
