"""Baccara a dos paños: the two-card eight, the order of speaking, the table for two paños, the settlement with
the commission on the banker's net gain, and the infinite-shoe probabilities."""

from __future__ import annotations

from fractions import Fraction

import pytest

from jokoak.engine.baccarat import shoe
from jokoak.engine.chemin import ASKED, BANKER_AT_FAULT, IMPOSED, TABLE, Rules, outcome_probabilities
from jokoak.engine.dos_panos import (
    NATURAL,
    TwoStrategy,
    bank_forced_two,
    coup_two,
    customary_two,
    play_two,
    two_expectations,
    two_probabilities,
)

CHEMIN = Rules(TABLE, 6, Fraction(1, 20))                                     # 1977: 5 % (003:1627-1629)
DOS_PANOS = Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True)          # banca limitada: 2 % (000:2743-2745)
DRAWS_ON_FIVE = frozenset(range(6))


def test_cards_with_replacement_are_close_to_the_six_deck_shoe() -> None:
    """The dos paños figures are computed with replacement. On chemin de fer the same approximation (a shoe a
    million times larger) moves each probability by less than 0.0004 from the exact six-deck figures, as
    TWO_PRECISION says."""
    exact = outcome_probabilities(CHEMIN)
    infinite = outcome_probabilities(CHEMIN, counts=[c * 10**6 for c in shoe(6)])
    gaps = {k: abs(float(exact[k] - infinite[k])) for k in exact}
    assert max(gaps.values()) < 0.0004 and gaps["banca"] > 0.0002


def test_a_two_card_eight_beats_a_three_card_eight_or_nine() -> None:
    """000:2769-2770: the paño's natural 8 beats the bank's 8 or 9 made with a third card (the bank draws for the
    other paño); a natural 9 only ties a three-card 9; without the rule the three-card 9 wins."""
    deal = [8, 4, 5, 0, 2, 0]                                        # paño 1: 8; paño 2: 4+2=6; bank 5
    assert coup_two(DOS_PANOS, [*deal, 4]) == coup_two(DOS_PANOS, [*deal, 4])
    assert coup_two(DOS_PANOS, [*deal, 4]).results == (1, -1)        # bank 5+4=9 beats the 6, not the 8
    assert coup_two(DOS_PANOS, [*deal, 3]).results == (1, -1)        # bank 8
    assert coup_two(DOS_PANOS, [9, 4, 5, 0, 2, 0, 4]).results == (0, -1)   # paño 1 natural 9 ties a three-card 9
    plain = Rules(TABLE, 6, Fraction(1, 50))
    assert coup_two(plain, [*deal, 4]).results == (-1, -1)


def test_a_dos_panos_coup_follows_the_naturals_and_the_order_of_speaking() -> None:
    assert coup_two(DOS_PANOS, [4, 3, 9, 4, 4, 9]).cards == 6        # bank natural 9: nobody draws
    assert coup_two(DOS_PANOS, [8, 9, 5, 0, 0, 0]).results == (1, 1)  # both paños natural: the bank does not draw
    with pytest.raises(ValueError, match="Both paños showed a natural"):
        coup_two(DOS_PANOS, [8, 9, 5, 0, 0, 0], bank="carta")
    with pytest.raises(ValueError, match="paño 1 shows a natural"):
        coup_two(DOS_PANOS, [8, 3, 5, 0, 3, 0], players=("no", None))
    # paño 1 has 3 and draws a 2, paño 2 has 5 and says «no», bank 4 against (2, stood): T and T, draws a 1
    result = coup_two(DOS_PANOS, [1, 2, 4, 2, 3, 0, 2, 1], players=(None, "no"))
    assert result == coup_two(DOS_PANOS, [1, 2, 4, 2, 3, 0, 2, 1], players=(None, "no"), bound=ASKED)
    assert (result.first, result.second, result.bank, result.cards) == (5, 5, 5, 8)
    with pytest.raises(ValueError, match="The punto of paño 2 must stand"):
        coup_two(DOS_PANOS, [1, 3, 4, 2, 3, 0, 2, 1], players=(None, "carta"))
    with pytest.raises(ValueError, match="Paño 1 draws on 3: one more card is needed"):
        coup_two(DOS_PANOS, [1, 2, 4, 2, 3, 0])
    with pytest.raises(ValueError, match="at least six card values"):
        coup_two(DOS_PANOS, [1, 2, 4, 2, 3])


def test_the_table_binds_a_dos_panos_banker_only_where_it_says_the_same_for_both() -> None:
    """000:2763-2767 and, for the restored coups, 000:2885-2895."""
    assert bank_forced_two(DOS_PANOS, 6, 6, 7) is None                     # not asked: free
    assert bank_forced_two(DOS_PANOS, 0, 8, 9) is True                      # but draws on 0
    assert bank_forced_two(DOS_PANOS, 6, 6, 7, ASKED) is True               # T and T
    assert bank_forced_two(DOS_PANOS, 4, 0, 1, ASKED) is False              # P and P
    assert bank_forced_two(DOS_PANOS, 4, 0, 2, ASKED) is None               # P and T: free
    assert bank_forced_two(DOS_PANOS, 4, 0, 2, BANKER_AT_FAULT) is True     # ... unless at fault: 4 ≤ 5 draws
    assert bank_forced_two(DOS_PANOS, 6, 6, None, BANKER_AT_FAULT) is False  # 6 stands
    assert bank_forced_two(DOS_PANOS, 3, 9, 9, IMPOSED) is None             # O and O
    assert bank_forced_two(DOS_PANOS, 3, 9, NATURAL, ASKED) is True         # one paño left, O: draws
    stood = [6, 6, 3, 0, 1, 3]                                              # both paños stand on 6 and 7; bank 6
    with pytest.raises(ValueError, match="The banker with 6 must stand"):
        coup_two(DOS_PANOS, [*stood, 2], bank="carta", bound=ASKED)
    assert coup_two(DOS_PANOS, [*stood, 2], bank="carta").bank == 8


def test_a_dos_panos_coup_is_settled_per_paño_with_the_commission_on_the_bankers_net_gain() -> None:
    cards = ["2", "3", "A", "K", "3", "4", "A", "K"]                        # paño 1: 3, paño 2: 6, bank 5
    assert play_two(DOS_PANOS, {"paño 1": 100, "paño 2": 100}, cards).returned == 200
    assert play_two(DOS_PANOS, {"banca 1": 100, "banca 2": 300}, cards).returned == 200   # net loss: nothing taken
    assert play_two(DOS_PANOS, {"banca 1": 100, "banca 2": 100}, cards).returned == 200   # even: nothing taken
    free = Rules(TABLE, 6, Fraction(1, 80), eight_beats_three=True)         # banca libre: 1,25 %
    both = ["2", "3", "6", "K", "3", "A", "A"]                               # paños 3 and 6 against bank 7
    assert play_two(free, {"banca 1": 80, "banca 2": 80}, both).returned == 318
    with pytest.raises(ValueError, match="No stake «banca» at this game"):
        play_two(DOS_PANOS, {"banca": 100}, cards)


def test_the_infinite_shoe_agrees_with_dealing_every_sequence_with_replacement() -> None:
    """A shoe of four values in proportions 2:1:1:1 (0, 3, 5, 8: naturals, every drawing branch, three-card 9s
    against a two-card 8), every sequence dealt with replacement and played by :func:`coup_two`, gives
    :func:`two_probabilities` exactly; for the customary strategy and for a banker who stands unless forced."""
    values = {0: Fraction(2, 5), 3: Fraction(1, 5), 5: Fraction(1, 5), 8: Fraction(1, 5)}
    counts = [4 if v == 0 else 2 * (v in values) for v in range(10)]

    def stands(bank: int, first: object, second: object) -> bool:
        return bank == 0

    for strategy in (customary_two(DOS_PANOS), TwoStrategy(DRAWS_ON_FIVE, stands)):
        found: dict[tuple[int, int], Fraction] = {}
        _deal_with_replacement(strategy, values, [], Fraction(1), found)
        expected = two_probabilities(DOS_PANOS, strategy, counts)
        assert {k: v for k, v in expected.items() if v} == found


def _deal_with_replacement(strategy: TwoStrategy, values: dict[int, Fraction], cards: list[int], weight: Fraction,
                           found: dict[tuple[int, int], Fraction]) -> None:
    """Deal one more card of each value until :func:`coup_two` has all the cards it needs."""
    if len(cards) >= 6:
        try:
            result = coup_two(DOS_PANOS, cards, strategy)
        except ValueError as error:
            if "one more card" not in str(error):
                raise
        else:
            found[result.results] = found.get(result.results, Fraction(0)) + weight
            return
    for value, p in values.items():
        _deal_with_replacement(strategy, values, [*cards, value], weight * p, found)


def test_dos_panos_expectations() -> None:
    """The two paños are alike under the customary play; the banker, the puntos and the house add up to zero
    when the stakes are equal; the house takes its share of the net gain only."""
    p = two_probabilities(DOS_PANOS)
    e = two_expectations(DOS_PANOS)
    assert p[1, -1] == p[-1, 1] and e["paño 1"].value == e["paño 2"].value
    assert e["banca"].value + e["casa"].value + (e["paño 1"].value + e["paño 2"].value) / 2 == 0
    assert e["casa"].value == Fraction(1, 50) * (2 * p[-1, -1] + p[-1, 0] + p[0, -1]) / 2
    uneven = two_expectations(DOS_PANOS, stakes=(3, 1))["casa"].value
    assert uneven == Fraction(1, 50) * (4 * p[-1, -1] + 3 * p[-1, 0] + p[0, -1] + 2 * p[-1, 1]) / 4
    assert "replacement" in e["banca"].method
