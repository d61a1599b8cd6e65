"""Baccara a dos paños: the two-card eight, the order of speaking, the table for two paños, the settlement with
the commission on the banker's net gain, and the exact probabilities over a finite shoe."""

from __future__ import annotations

import itertools
import time
from fractions import Fraction
from math import perm

import pytest

from jokoak.games.baccarat.chemin import ASKED, BANKER_AT_FAULT, IMPOSED, TABLE, Rules
from jokoak.games.baccarat.dos_panos import (
    NATURAL,
    TwoStrategy,
    _first_six_weights,
    bank_forced_two,
    beats,
    coup_two,
    customary_two,
    play_two,
    two_expectations,
    two_probabilities,
)
from jokoak.games.baccarat.engine import shoe

DOS_PANOS = Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True)          # banca limitada: 2 % (000:2743-2745)
DRAWS_ON_FIVE = frozenset(range(6))


def test_the_two_card_eight_changes_exactly_four_of_the_four_hundred_comparisons() -> None:
    """Every comparison of a hand of 0-9 points on two or three cards with another. The rule of all three texts is
    «Un 8 con las dos primeras cartas gana siempre a un 8 ó 9 utilizando una tercera carta» (000:2769-2770;
    003:2143-2144; 001:2258; in Basque 002:6066-6068): it names the two-card 8 only and neither side, so it
    holds both ways. Everything else follows the general rule that the nearer to nine wins and equal totals
    are void (000:2311-2313; 003:1644-1646; 001:2041), applied to dos paños «con carácter general»
    (000:2750-2752; 003:2120-2121; 001:2250): a two-card 9 against a three-card 9 is void, as no text gives
    the two-card 9 the rule. The rule is dos paños' own: without it (chemin de fer) every comparison is plain."""
    rule = {((8, 2), (8, 3)): 1, ((8, 2), (9, 3)): 1, ((8, 3), (8, 2)): -1, ((9, 3), (8, 2)): -1}
    hands = list(itertools.product(range(10), (2, 3)))
    plain = Rules(TABLE, 6, Fraction(1, 20))
    for a, b in itertools.product(hands, hands):
        ordinary = (a[0] > b[0]) - (a[0] < b[0])
        assert beats(DOS_PANOS, *a, *b) == rule.get((a, b), ordinary), (a, b)
        assert beats(DOS_PANOS, *a, *b) == -beats(DOS_PANOS, *b, *a)
        assert beats(plain, *a, *b) == ordinary
    assert len(hands) ** 2 == 400
    # the cases the texts settle or leave to the general rule, one by one: (hand, other hand, result)
    for a, b, result in [((8, 2), (9, 3), 1), ((8, 2), (8, 3), 1), ((8, 2), (7, 3), 1), ((8, 2), (9, 2), -1),
                         ((8, 2), (8, 2), 0), ((9, 2), (9, 3), 0), ((9, 2), (8, 3), 1), ((9, 2), (8, 2), 1),
                         ((8, 3), (9, 3), -1), ((9, 3), (8, 3), 1), ((9, 3), (9, 2), 0), ((6, 3), (8, 2), -1)]:
        assert beats(DOS_PANOS, *a, *b) == result, (a, b)


def test_a_pano_s_natural_meets_the_bank_s_third_card_when_the_bank_draws_for_the_other_pano() -> None:
    """In a coup only one direction of the rule can arise: a paño's natural is shown and stays out of the drawing
    while the bank draws for the other paño; a natural of the bank is shown at once and ends the coup for both
    paños (000:2316-2318; 003:1648-1651; 001:2043), so no paño ever draws against it."""
    deal = [8, 4, 5, 0, 2, 0]                                        # paño 1: 8; paño 2: 4+2=6; bank 5
    assert coup_two(DOS_PANOS, [*deal, 4]).results == (1, -1)        # bank 5+4=9 beats the 6, not the 8
    assert coup_two(DOS_PANOS, [*deal, 3]).results == (1, -1)        # bank 8
    assert coup_two(DOS_PANOS, [*deal, 1]).results == (1, 0)         # bank 6: the ordinary case
    plain = Rules(TABLE, 6, Fraction(1, 50))
    assert coup_two(plain, [*deal, 4]).results == (-1, -1)           # without the rule the three-card 9 wins
    assert coup_two(plain, [*deal, 3]).results == (0, -1)
    assert coup_two(DOS_PANOS, [9, 4, 5, 0, 2, 0, 4]).results == (0, -1)   # natural 9 and a three-card 9: void
    assert coup_two(DOS_PANOS, [9, 4, 5, 0, 2, 0, 3]).results == (1, -1)   # natural 9 beats a three-card 8
    banks = coup_two(DOS_PANOS, [1, 2, 4, 2, 3, 4])                  # the bank's natural 8 against 3 and 5
    assert (banks.results, banks.cards) == ((-1, -1), 6)
    with pytest.raises(ValueError, match="2 card"):                   # nobody draws after it
        coup_two(DOS_PANOS, [1, 2, 4, 2, 3, 4, 5, 6])


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


@pytest.mark.parametrize("counts", [(3, 0, 0, 2, 2, 2, 0, 0, 0, 0), (2, 1, 0, 0, 2, 1, 0, 0, 1, 2)])
def test_the_exact_probabilities_are_those_of_dealing_every_sequence_of_a_small_shoe(counts: tuple[int, ...]) -> None:
    """Small shoes of nine or eleven cards, every sequence dealt without replacement and played by
    :func:`coup_two`, give :func:`two_probabilities` exactly, for the customary strategy and for a banker who
    stands unless forced and puntos who draw on 5. The cards run short, so every card taken changes the next
    draw: the count of depletion is tested where it is largest. The shoes hold naturals, draws on every side,
    and, under the customary play, two-card 8s against three-card 8s and 9s: the rule changes the figures."""

    def stands(bank: int, first: object, second: object) -> bool:
        return bank == 0

    for strategy in (customary_two(DOS_PANOS), TwoStrategy(DRAWS_ON_FIVE, stands)):
        found: dict[tuple[int, int], Fraction] = {}
        _deal_without_replacement(strategy, list(counts), [], Fraction(1), found)
        expected = two_probabilities(DOS_PANOS, strategy, counts)
        assert {k: v for k, v in expected.items() if v} == found
    plain = Rules(TABLE, 6, Fraction(1, 50))
    assert two_probabilities(plain, counts=counts) != two_probabilities(DOS_PANOS, counts=counts)


def _deal_without_replacement(strategy: TwoStrategy, left: list[int], cards: list[int], weight: Fraction,
                              found: dict[tuple[int, int], Fraction]) -> None:
    """Deal one more card of each value left until :func:`coup_two` has all the cards it needs."""
    if len(cards) >= 6:
        try:
            result = coup_two(DOS_PANOS, cards, strategy)
        except ValueError as error:
            if "one more card" not in str(error):
                raise
        else:
            found[result.results] = found.get(result.results, Fraction(0)) + weight
            return
    size = sum(left)
    for value, count in enumerate(left):
        if count:
            left[value] -= 1
            _deal_without_replacement(strategy, left, [*cards, value], weight * Fraction(count, size), found)
            left[value] += 1


def test_the_first_six_cards_are_every_ordered_deal_of_the_shoe() -> None:
    """The grouped first six cards count every ordered deal once: n (n - 1) … (n - 5) in all, for full and
    depleted shoes, and none where the shoe lacks the cards."""
    for counts in (shoe(6), shoe(3), (3, 0, 0, 2, 2, 2, 0, 0, 0, 0), (16, 3, 4, 4, 4, 2, 4, 4, 4, 4)):
        assert int(_first_six_weights(tuple(counts)).sum()) == perm(sum(counts), 6)
    only_zeros = _first_six_weights((9, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    assert only_zeros[0] == perm(9, 6) and only_zeros[1:].sum() == 0


def test_the_decks_change_the_figures_and_each_shoe_takes_well_under_a_second() -> None:
    """Three decks (1977 banca limitada, 003:1985-1986) and six (the others, 000:2621-2624, 001:2192,
    003:1986-1987): the first coup of a smaller shoe costs the punto more. The shoe's part of the count is
    fast; the exact figures are pinned."""
    six = two_expectations(DOS_PANOS)
    start = time.perf_counter()
    three = two_expectations(Rules(TABLE, 3, Fraction(1, 50), eight_beats_three=True))
    assert time.perf_counter() - start < 2
    assert six["paño 1"].value == Fraction(-165305863265171, 14546673373206975)     # -1.13638 %
    assert three["paño 1"].value == Fraction(-183599741419, 16045745136575)         # -1.14423 %
    assert six["banca"].value == Fraction(15799359004039663, 3468822112072432500)   # 0.45547 %
    assert three["banca"].value == Fraction(2337409021517, 504664564779375)         # 0.46316 %


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
    assert "without replacement" in e["banca"].method and e["banca"].precision.startswith("exact")
    assert sum(p.values()) == 1
