"""Punto y banca: the coup by the drawing table, and the exact enumeration over a shoe."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from jokoak.games.baccarat.engine import (
    COMMISSION_5,
    SIDES,
    STANDARD,
    VALUES,
    Bet,
    Payment,
    Rules,
    coup,
    house_edges,
    outcome_probabilities,
    play,
    shoe,
    total,
)

BETS = {side: Bet(side, side, Fraction(8 if side == "empate" else 1)) for side in SIDES}
HALF_ON_SIX = Payment("seis", Fraction(0), {6: Fraction(1, 2)})
EIGHT_DECKS = Rules(STANDARD, 8, BETS, (COMMISSION_5, HALF_ON_SIX))


def test_published_probabilities_for_eight_and_six_decks() -> None:
    """Known values of the standard tableau (to six places) and the house edges they give."""
    eight = outcome_probabilities(STANDARD, shoe(8))
    assert [round(float(eight[k]), 6) for k in ("banca", "punto", "empate")] == [0.458597, 0.446247, 0.095156]
    assert sum(v for k, v in eight.items() if k != "banca") == 1
    banca = eight["banca"] * Fraction(19, 20) - eight["punto"]  # bank pays 1:1 less 5 %; ties stand off
    assert round(float(-banca), 6) == 0.010579
    assert round(float(eight["banca"] - eight["punto"]), 6) == 0.012351
    assert round(float(1 - 9 * eight["empate"]), 6) == 0.143596
    six = outcome_probabilities(STANDARD, shoe(6))
    assert [round(float(six[k]), 6) for k in ("banca", "punto", "empate")] == [0.458653, 0.446279, 0.095069]


def test_the_enumeration_agrees_with_dealing_every_ordered_hand_of_a_small_shoe() -> None:
    """Eleven cards (two of value 0, one of each other value): all 332,640 ordered six-card deals,
    each played by :func:`coup` with as many cards as it needs, give the enumeration's fractions."""
    cards = [0, 0, *range(1, 10)]
    counts = Counter[str]()
    deals = 0
    for deal in permutations(range(len(cards)), 6):
        values = [cards[i] for i in deal]
        for used in (4, 5, 6):
            try:
                result = coup(STANDARD, values[:used])
            except ValueError:
                continue
            break
        key = "punto" if result.player > result.bank else "empate" if result.player == result.bank else \
            f"banca {result.bank}"
        counts[key] += 1
        deals += 1
    expected = {k: Fraction(v, deals) for k, v in counts.items()}
    found = outcome_probabilities(STANDARD, [cards.count(v) for v in VALUES])
    assert {k: v for k, v in found.items() if k != "banca"} == expected


@pytest.mark.parametrize("bank", range(8))
def test_the_bank_draws_by_the_table_cell_by_cell(bank: int) -> None:
    """For every bank total and every player's third card: the bank draws exactly where the table says."""
    for third in VALUES:
        player_first = [1, 2]  # a player's 3: draws
        bank_cards = next([a, b] for a in VALUES for b in VALUES if total(a, b) == bank)
        deal = [player_first[0], bank_cards[0], player_first[1], bank_cards[1], third]
        draws = third in STANDARD.bank_draws[bank]
        result = coup(STANDARD, [*deal, 5] if draws else deal)
        assert result.cards == (6 if draws else 5)


def test_naturals_end_the_coup_and_a_standing_player_lets_the_bank_draw_on_five_or_less() -> None:
    assert coup(STANDARD, [4, 0, 4, 5]).cards == 4          # player 8: natural
    assert coup(STANDARD, [6, 4, 0, 1, 7]).bank == 2          # player stands on 6, bank 5 draws a 7
    assert coup(STANDARD, [7, 6, 0, 0]).cards == 4            # player 7 and bank 6 both stand
    with pytest.raises(ValueError, match="the player draws on 3"):
        coup(STANDARD, [1, 0, 2, 7])


def test_the_bank_six_paid_at_half_instead_of_a_commission() -> None:
    """The no-commission option of 000 and 001 (a bank winning with 6 pays half): the bank wins with a 6
    in 5.3864 % of eight-deck coups (published value), which costs the bank bet half of that."""
    p = outcome_probabilities(STANDARD, shoe(8))
    edges = house_edges(EIGHT_DECKS, p, "seis")
    assert round(float(p["banca 6"]), 6) == 0.053864
    assert edges["banca"] == p["punto"] - p["banca"] + p["banca 6"] / 2
    assert f"{float(edges['banca']):.3%}" == "1.458%"
    assert edges["punto"] == house_edges(EIGHT_DECKS, p, "comision")["punto"]


def test_a_round_is_settled_by_every_bet_as_the_cards_fall() -> None:
    """Each side wins, loses and ties; the bank's winnings lose 5 %, or half on a 6 where the casino pays so."""
    cases = [  # cards, what 10 on punto / banca / empate brings back (commission), banca with the 6 at half
        (["4", "9", "3", "K"], (0, Fraction(195, 10), 0), 20),          # bank natural 9
        (["8", "2", "K", "5"], (20, 0, 0), 0),                          # player natural 8
        (["6", "2", "A", "5"], (10, 10, 90), 10),                       # 7 against 7: a tie
        (["2", "A", "K", "4", "4", "3"], (0, Fraction(195, 10), 0), 20),  # bank 5 draws against a 4 and makes 8
        (["2", "K", "3", "6", "K"], (0, Fraction(195, 10), 0), 15),  # player 5 draws a 0; bank 6 stands: wins with 6
    ]
    for cards, (punto, banca, empate), half in cases:
        for side, expected in zip(SIDES, (punto, banca, empate), strict=True):
            assert play(EIGHT_DECKS, {side: 10}, cards).returned == expected, (cards, side)
        assert play(EIGHT_DECKS, {"banca": 10}, cards, payment="seis").returned == half, cards


def test_play_rejects_what_cannot_happen_at_the_table() -> None:
    with pytest.raises(ValueError, match="is not a card"):
        play(EIGHT_DECKS, {"punto": 10}, ["4", "9", "3", "1"])
    with pytest.raises(ValueError, match="left over"):
        play(EIGHT_DECKS, {"punto": 10}, ["4", "9", "3", "K", "2"])
    with pytest.raises(ValueError, match="no way of paying the bank called «sin»"):
        play(EIGHT_DECKS, {"banca": 10}, ["4", "9", "3", "K"], payment="sin")
    with pytest.raises(ValueError, match="a stake must be positive"):
        play(EIGHT_DECKS, {"banca": 0}, ["4", "9", "3", "K"])
