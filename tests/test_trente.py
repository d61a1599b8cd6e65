"""Treinta y cuarenta: the coup dealt from the cards, its settlement, and the exact enumeration."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from jokoak.engine.prison import ZeroRule
from jokoak.games.trente.engine import (
    Rules,
    coup_probabilities,
    deal,
    house_edges,
    outcome_probabilities,
    outcomes,
    play,
    row_probabilities,
    shoe,
)

# The three texts: six decks, 1 % premium; the roulette zero rule of each (000 and 001: a stake below the
# table minimum stays in prison; 1977: no such clause); only 1977 keeps the insurance minimum (1000 pesetas).
EUSKADI = Rules(6, ZeroRule(prison=True, below_minimum_stays=True, last_spin_refund=True), Fraction(1, 100), None)
ESTADO_1977 = Rules(6, ZeroRule(True, False, True), Fraction(1, 100), Fraction(1000))

WIN_BLACK = "7♥ 10 K 4   9 J 4 10"      # 31 against 33; first card red: negro and inverso win
WIN_RED = "2♣ 10 10 10   A 10 10 10"     # 32 against 31; first card black: rojo and inverso win
VOID = "5♠ 10 10 9   10 10 10 4"         # 34 against 34
REFAIT = "10♠ 10 10 A   10 10 10 A"      # 31 against 31


def test_the_rows_are_dealt_black_first_and_the_lower_row_wins() -> None:
    assert deal(WIN_BLACK).negro == 31 and deal(WIN_BLACK).rojo == 33
    assert outcomes(deal(WIN_BLACK)) == {"negro": "gana", "rojo": "pierde", "color": "pierde", "inverso": "gana"}
    assert outcomes(deal(WIN_RED)) == {"negro": "pierde", "rojo": "gana", "color": "pierde", "inverso": "gana"}
    assert outcomes(deal("9♠ 10 10 3  10 10 10 5")) == {  # 32 against 35, black first card: color
        "negro": "gana", "rojo": "pierde", "color": "gana", "inverso": "pierde"}
    assert set(outcomes(deal(VOID)).values()) == {"nulo"}
    assert set(outcomes(deal(REFAIT)).values()) == {"refait"}


@pytest.mark.parametrize(("cards", "message"), [
    ("7 10 K 4 9 J 4 10", "first card must be written with its suit"),
    ("7♥ 10 K 4 9 J 4", "the red row stops at 23 after 7 cards"),
    ("7♥ 10 K", "the black row stops at 27 after 3 cards"),
    ("7♥ 10 K 4 9 J 4 10 3", "1 card(s) left over"),
    ("7♥ 10 C 4", "«C» is not a card"),
])
def test_impossible_or_incomplete_deals_are_rejected(cards: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        deal(cards)


def test_winning_bets_are_paid_even_money_and_a_void_coup_gives_the_stakes_back() -> None:
    result = play(EUSKADI, {"negro": 100, "rojo": 20, "color": 10, "inverso": 5}, [WIN_BLACK])
    assert (result.staked, result.returned) == (135, 210)
    assert play(EUSKADI, {"rojo": 100}, [VOID]).returned == 100


def test_a_refait_takes_half_or_sends_the_bet_to_prison() -> None:
    assert play(EUSKADI, {"negro": 100}, [REFAIT]).returned == 50
    assert play(EUSKADI, {"negro": 100}, [REFAIT, WIN_BLACK], on_refait="prison").returned == 100  # freed
    assert play(EUSKADI, {"rojo": 100}, [REFAIT, WIN_BLACK], on_refait="prison").returned == 0     # lost
    # a void coup keeps it in prison; a second refait halves it, and the player then takes a quarter
    assert play(EUSKADI, {"negro": 100}, [REFAIT, VOID, WIN_BLACK], on_refait="prison").returned == 100
    assert play(EUSKADI, {"negro": 100}, [REFAIT, REFAIT], on_refait=["prison", "half"]).returned == 25
    assert play(EUSKADI, {"negro": 100}, [REFAIT, REFAIT, WIN_BLACK], on_refait="prison").returned == 50


def test_the_zero_rule_options_of_each_text_reach_the_refait() -> None:
    # on the session's last coup the half is paid back; no prison
    assert play(EUSKADI, {"negro": 100}, [REFAIT], on_refait="prison", last_coup=True).returned == 50
    # 000/001: a half below the table minimum must stay in prison; 1977 lets the player take it
    assert play(EUSKADI, {"negro": 10}, [REFAIT, WIN_BLACK], minimum=10).returned == 10
    assert play(ESTADO_1977, {"negro": 10}, [REFAIT], minimum=10).returned == 5
    loses_all = Rules(6, ZeroRule(False, False, False, loses_all=True), Fraction(1, 100), None)
    assert play(loses_all, {"negro": 10}, [REFAIT]).returned == 0


def test_insurance_costs_one_percent_and_makes_the_refait_a_void_coup() -> None:
    assert play(EUSKADI, {"negro": 200}, [REFAIT], insured={"negro"}) == play(EUSKADI, {"negro": 200}, [REFAIT],
                                                                             insured=["negro"])
    result = play(EUSKADI, {"negro": 200, "rojo": 100}, [REFAIT], insured={"negro"})
    assert (result.staked, result.returned) == (302, 250)
    assert play(EUSKADI, {"negro": 200}, [WIN_BLACK], insured={"negro"}).net == 198
    assert play(ESTADO_1977, {"negro": 1000}, [REFAIT], insured={"negro"}).returned == 1000
    with pytest.raises(ValueError, match="a bet of 999 on negro is below 1000, the smallest bet that may be insured"):
        play(ESTADO_1977, {"negro": 999}, [REFAIT], insured={"negro"})


def test_the_red_card_voids_the_coup_in_progress() -> None:
    result = play(EUSKADI, {"negro": 100}, ["7♥ 10 corte"], insured={"negro"})
    assert (result.staked, result.returned) == (101, 101)
    assert play(EUSKADI, {"negro": 100}, [REFAIT, "5♠ corte", WIN_BLACK], on_refait="prison").returned == 100
    with pytest.raises(ValueError, match="no card can follow the red card"):
        play(EUSKADI, {"negro": 100}, ["7♥ corte 10"])


@pytest.mark.parametrize(("kwargs", "coups", "message"), [
    ({}, [WIN_BLACK, WIN_BLACK], "every bet was settled before coup 2"),
    ({"on_refait": "prison"}, [REFAIT], "still in prison after the last coup"),
    ({"on_refait": "keep"}, [REFAIT], "on_refait must be 'half' or 'prison'"),
    ({"on_refait": ["prison"]}, [REFAIT, REFAIT], "more refaits than choices"),
    ({"insured": {"rojo"}}, [REFAIT], "no bet 'rojo' to settle or insure"),
    ({}, [], "at least one coup is needed"),
])
def test_play_rejects_what_cannot_happen(kwargs: dict, coups: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play(EUSKADI, {"negro": 100}, coups, **kwargs)
    with pytest.raises(ValueError, match="no bet 'blanco'"):
        play(EUSKADI, {"blanco": 100}, [WIN_BLACK])


def _deal_every_order(counts: dict[int, int]) -> tuple[Counter[tuple[int, int]], int]:
    """Every ordered deal of a coup from a small shoe, card by card, each weighted by the ordered
    choices of physical cards it stands for, times the orderings of the cards left in the shoe."""
    found: Counter[tuple[int, int]] = Counter()
    size = sum(counts.values())

    def walk(left: dict[int, int], totals: tuple[int, ...], ways: int, dealt: int) -> None:
        if len(totals) == 3:
            rest = 1
            for n in range(1, size - dealt + 1):
                rest *= n
            found[totals[0], totals[1]] += ways * rest
            return
        for value, n in left.items():
            if n:
                total = totals[-1] + value
                nxt = (*totals[:-1], total, 0) if total > 30 else (*totals[:-1], total)
                walk({**left, value: n - 1}, nxt, ways * n, dealt + 1)

    walk(dict(counts), (0,), 1, 0)
    full = 1
    for n in range(1, size + 1):
        full *= n
    return found, full


def test_the_enumeration_agrees_with_dealing_every_order_of_a_small_shoe() -> None:
    """Thirteen cards of six values: every ordered deal, card by card, gives the same fractions as the
    polynomial method, and the black row's totals as :func:`row_probabilities`."""
    small = {1: 2, 2: 1, 5: 2, 9: 1, 10: 7}
    counts = tuple(small.get(v, 0) for v in range(1, 11))
    found, full = _deal_every_order(small)
    expected = {key: Fraction(w, full) for key, w in found.items()}
    assert coup_probabilities(counts) == dict(sorted(expected.items()))
    rows: dict[int, Fraction] = {}
    for (black, _), p in expected.items():
        rows[black] = rows.get(black, Fraction(0)) + p
    assert row_probabilities(counts) == dict(sorted(rows.items()))


def test_six_decks_against_published_figures() -> None:
    """gamblinginamerica.name (Trente et quarante): «a 2.19% chance» of a 31-31 tie, and a house edge
    «of about 1.1%» when it takes half the bets. beatablegames.com («Il 31 après al trente et
    quarante»): «circa 1,096%» at the start of a shoe, which is what the rows taken as independent
    give (the square of a row's chance of 31, halved); the exact figure, the red row dealt from what the
    black row left, is 1.0946 %."""
    pairs = coup_probabilities(shoe(6))
    p = outcome_probabilities(pairs)
    assert sum(pairs.values()) == 1
    assert f"{float(p['refait']):.2%}" == "2.19%"
    edges = house_edges(EUSKADI, p)
    assert f"{float(edges['negro']):.1%}" == "1.1%"
    assert f"{float(edges['negro']):.4%}" == "1.0946%"
    assert f"{float(row_probabilities(shoe(6))[31] ** 2 / 2):.3%}" == "1.096%"
    # the black row's marginal is the single row's distribution
    rows = row_probabilities(shoe(6))
    assert all(sum(v for (b, _), v in pairs.items() if b == t) == rows[t] for t in range(31, 41))
    assert [round(float(rows[t]), 6) for t in (31, 40)] == [0.148058, 0.051568]


def test_negro_and_rojo_are_equally_likely_and_insurance_leaves_only_its_premium() -> None:
    """Found exactly for every shoe computed (the small shoe above, one and six decks): the red row,
    dealt from what the black row left, wins as often as the black row."""
    for counts in (shoe(1), shoe(6), (2, 1, 0, 0, 2, 0, 0, 0, 1, 7)):
        p = outcome_probabilities(coup_probabilities(counts))
        assert p["negro"] == p["rojo"] == p["color"] == p["inverso"]
        assert p["negro"] + p["rojo"] + p["empate"] + p["refait"] == 1
    p = outcome_probabilities(coup_probabilities(shoe(6)))
    edges = house_edges(EUSKADI, p)
    assert all(edges[f"{bet} asegurado"] == Fraction(1, 100) for bet in ("negro", "rojo", "color", "inverso"))
    assert edges["negro"] == p["refait"] / 2
    prison = house_edges(EUSKADI, p, on_refait="prison")
    kept = p["negro"] / (1 - p["empate"] - p["refait"] / 2)
    assert prison["rojo"] == p["refait"] * (1 - kept)
    assert f"{float(prison['rojo']):.4%}" == "1.1079%"
    loses_all = Rules(6, ZeroRule(False, False, False, loses_all=True), Fraction(1, 100), None)
    assert house_edges(loses_all, p)["color"] == p["refait"]
    with pytest.raises(ValueError, match="on_refait must be"):
        house_edges(EUSKADI, p, on_refait="all")
