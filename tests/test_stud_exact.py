"""Póquer sin descarte under best play (the bank's up card seen, a card bought when that is best), exact: the fast
count (jokoak.games.stud.exact) against a plain enumeration of every deal of small decks."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import combinations as subsets
from math import comb

import numpy as np
import pytest

from jokoak.engine.poker import Category as C
from jokoak.games.stud.edge import main_edge
from jokoak.games.stud.engine import BankDraw, Minimum, Rules, compare_keys, hand_values, payout
from jokoak.games.stud.exact import best_play

AK = Minimum(C.HIGH_CARD, (12, 11))
# the pay table of 000:3141-3181 and 001:1228-1248; buying a card for the ante (000:3343-3351, 001:1325)
SIN_PAYS = ((Minimum(C.ROYAL_FLUSH), F(100)), (Minimum(C.STRAIGHT_FLUSH), F(25)), (Minimum(C.FOUR_OF_A_KIND), F(20)),
            (Minimum(C.FULL_HOUSE), F(7)), (Minimum(C.FLUSH), F(5)), (Minimum(C.STRAIGHT), F(4)),
            (Minimum(C.THREE_OF_A_KIND), F(3)), (Minimum(C.TWO_PAIR), F(2)), (Minimum(C.PAIR), F(1)),
            (Minimum(C.HIGH_CARD), F(1)))
SIN = Rules(SIN_PAYS, AK, buy_price=F(1))
# another table: the bank plays from a pair, odd payouts, a dearer card, the ace high in the wheel
ODD = Rules(((Minimum(C.STRAIGHT_FLUSH), F(40)), (Minimum(C.FLUSH), F(9, 2)), (Minimum(C.STRAIGHT), F(3)),
             (Minimum(C.TWO_PAIR), F(5, 2)), (Minimum(C.PAIR), F(1))), Minimum(C.PAIR),
            ante_pays=F(1, 2), buy_price=F(3, 2), wheel="second")


def deck(ranks: str, suits: str = "cdh") -> list[int]:
    return sorted(4 * "23456789TJQKA".index(r) + "cdhs".index(s) for r in ranks for s in suits)


def enumerate_best_play(rules: Rules, cards: list[int], up_card: bool) -> tuple[F, F, F, F]:
    """Every five cards of the player and up card of the bank, card by card: «voy» valued over every four hidden
    cards of the bank (as a matrix of the player's hands by the bank's), and, for a player who does not see the
    up card (``up_card`` false), averaged over it; buying in place of each of the five cards valued over every
    card bought, then the better of «voy» and «paso». Returns the house edge per ante of the best play and of
    the best play without buying, how often the best player says «voy», how often he buys."""
    scale = 2 * 3 * 5 * 7
    every = np.array(list(subsets(cards, 5)), np.int64)
    bits = (np.int64(1) << every).sum(axis=1)
    number = {int(b): i for i, b in enumerate(bits)}
    raw = hand_values(rules, every)
    keys = compare_keys(rules, raw)
    plays = raw >= rules.qualification.threshold(rules.wheel)
    win = np.array([int((rules.ante_pays + rules.raise_multiple * p) * scale) for p in payout(rules, raw)])
    quads = np.array(list(subsets(cards, 4)), np.int64)
    quad_bits = (np.int64(1) << quads).sum(axis=1)

    def voy(up: int, out: int | None) -> dict[int, int]:
        """«voy» for each hand (by its mask) of the cards but ``up`` and ``out``."""
        gone = (1 << up) | (0 if out is None else 1 << out)
        mine = np.flatnonzero(bits & gone == 0)
        hidden = np.flatnonzero(quad_bits & gone == 0)
        bank = np.array([number[int(b | 1 << up)] for b in quad_bits[hidden]])
        apart = (bits[mine][:, None] & quad_bits[hidden][None, :]) == 0
        me, them = keys[mine][:, None], keys[bank][None, :]
        lose = -int((1 + rules.raise_multiple) * scale)
        value = np.where(~plays[bank][None, :], int(rules.ante_pays * scale),
                         np.where(them < me, win[mine][:, None], np.where(them > me, lose, 0)))
        total = (value * apart).sum(axis=1)
        return dict(zip(bits[mine].tolist(), total.tolist(), strict=True))   # in units of 1 / scale / bank hands

    tables = {(up, out): voy(up, out) for up in cards for out in [None, *cards] if out != up}
    n = len(cards)
    price = rules.buy_price or F(0)
    best_total, keep_total, voy_total, buys, deals = F(0), F(0), F(0), 0, 0
    for hand in bits.tolist():
        mine = [c for c in cards if hand >> c & 1]
        for up in [c for c in cards if not hand >> c & 1] if up_card else [None]:
            deals += 1
            unseen = [c for c in cards if not hand >> c & 1 and c != up]

            def ev(player: int, out: int | None, up: int | None = up) -> tuple[int, int]:
                """«voy»: a numerator and its denominator."""
                ups = [up] if up is not None else [u for u in cards if not player >> u & 1 and u != out]
                return sum(tables[u, out][player] for u in ups), scale * len(ups) * comb(n - 6 - (out is not None), 4)

            top, bottom = ev(hand, None)
            kept = max(F(top, bottom), F(-1))
            best, says = kept, F(top > -bottom)
            keep_total += kept
            for out in mine:
                after = [ev(hand ^ (1 << out) | (1 << new), out) for new in unseen]
                bottom = after[0][1]
                value = F(sum(max(top, -bottom) for top, _ in after), bottom * len(unseen)) - price
                if value > best:
                    best, says = value, F(sum(top > -bottom for top, _ in after), len(unseen))
            buys += best > kept
            best_total += best
            voy_total += says
    return -best_total / deals, -keep_total / deals, voy_total / deals, F(buys, deals)


@pytest.mark.parametrize(("rules", "cards", "up_card"), [
    (SIN, deck("TJQKA"), True),                          # royal flushes; one suit counted for all three
    (ODD, deck("A2345"), True),                          # straight flushes from the wheel, the ace high
    (ODD, deck("A2345"), False),                         # the player who ignores the up card
    (SIN, [c for c in deck("9TJKA") if c != 33], True),  # 14 cards, the suits unequal: every up card counted
])
def test_the_fast_count_agrees_with_every_deal_of_a_small_deck(rules: Rules, cards: list[int], up_card: bool) -> None:
    found = best_play(rules, cards, up_card=up_card)
    assert (found.per_ante, found.without_buying.per_ante, found.voy, found.buys) == enumerate_best_play(
        rules, cards, up_card)
    assert found.per_staked == found.per_ante / (1 + 2 * found.voy + rules.buy_price * found.buys)  # type: ignore


def test_the_player_who_ignores_the_up_card_and_never_buys_is_main_edge() -> None:
    cards = [c for c in range(52) if c // 4 >= 9] + [0, 5]   # J Q K A of each suit, 2c, 3d: 18 cards
    ignored = best_play(SIN, cards, buy=False, up_card=False)
    assert (ignored.per_ante, ignored.voy) == (main_edge(SIN, cards).per_ante, main_edge(SIN, cards).voy)
    seen = best_play(SIN, cards, buy=False)
    assert seen.per_ante == seen.without_buying.per_ante < ignored.per_ante and seen.buys == 0


def test_what_the_best_play_needs() -> None:
    with pytest.raises(ValueError, match="no «comprar una carta»"):
        best_play(Rules(SIN_PAYS, AK), deck("TJQKA"))
    with pytest.raises(ValueError, match="without a draw"):
        best_play(Rules(SIN_PAYS, AK, discards=2, bank_draw=BankDraw()), deck("TJQKA"))
    with pytest.raises(ValueError, match="at least 11 different cards"):
        best_play(SIN, deck("TJ"))
