"""Chemin de fer and baccara a dos paños: the coup with its choices, the exact enumeration, the banker's cells."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from jokoak.engine import baccarat
from jokoak.engine.baccarat import shoe
from jokoak.engine.chemin import (
    ASKED,
    BANKER_AT_FAULT,
    COLUMNS,
    IMPOSED,
    NATURAL,
    TABLE,
    BankTable,
    Rules,
    Strategy,
    TwoStrategy,
    bank_cells,
    bank_forced_two,
    best_response,
    check,
    coup,
    coup_two,
    customary,
    customary_two,
    expectations,
    outcome_probabilities,
    play,
    play_two,
    two_expectations,
    two_probabilities,
)

CHEMIN = Rules(TABLE, 6, Fraction(1, 20))                                     # 1977: 5 % (003:1627-1629)
DOS_PANOS = Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True)          # banca limitada: 2 % (000:2743-2745)
DRAWS_ON_FIVE = frozenset(range(6))
SMALL = [0, 0, 1, 2, 3, 4, 5, 6, 7, 9]  # a ten-card shoe for brute force


def _strategy(player_draws: frozenset[int], **changes: set[int | None]) -> Strategy:
    """The customary banker, with the cells of the rows named in ``changes`` («b3={9}») flipped."""
    draws = {b: set(c) for b, c in customary(CHEMIN).bank_draws.items()}
    for row, flipped in changes.items():
        draws[int(row[1:])] ^= flipped
    return Strategy(player_draws, {b: frozenset(c) for b, c in draws.items()})


def _dealt(rules: Rules, values: list[int], strategy: Strategy) -> baccarat.Coup:
    """Play a deal with as many of its cards as the coup takes."""
    for used in (4, 5, 6):
        try:
            return coup(rules, values[:used], strategy)
        except ValueError as error:
            if "one more card" not in str(error) or used == 6:
                raise
    raise AssertionError("unreachable")


def test_drawing_on_five_and_in_the_o_cells_is_punto_y_banca_and_gives_its_published_figures() -> None:
    """With the punto drawing on 5 and the banker drawing in both «O» cells, chemin de fer is the punto y banca
    tableau (the two tables differ only in those cells): the same exact fractions, and the published eight-deck
    figures 0.458597 / 0.446247 / 0.095156 (Wizard of Odds, baccarat; also pinned in test_baccarat)."""
    rules = Rules(TABLE, 8, Fraction(1, 20))
    strategy = Strategy(DRAWS_ON_FIVE, {b: frozenset(c for c in COLUMNS if TABLE.cell(b, c) != "P") for b in range(8)})
    found = outcome_probabilities(rules, strategy)
    expected = baccarat.outcome_probabilities(baccarat.STANDARD, baccarat.shoe(8))
    assert found == {k: expected[k] for k in ("banca", "punto", "empate")}
    assert [round(float(found[k]), 6) for k in ("banca", "punto", "empate")] == [0.458597, 0.446247, 0.095156]


@pytest.mark.parametrize("strategy", [
    _strategy(frozenset(range(5))),
    _strategy(DRAWS_ON_FIVE, b3={9, 2}, b6={None}, b5={4}, b7={1}),
])
def test_the_enumeration_agrees_with_dealing_every_ordered_hand_of_a_small_shoe(strategy: Strategy) -> None:
    """All 151,200 ordered six-card deals of a ten-card shoe, each played by :func:`coup`, give the
    enumeration's fractions, for the customary strategy and for one that draws on 5 and changes five cells."""
    counts = Counter[str]()
    for deal in permutations(SMALL, 6):
        result = _dealt(CHEMIN, list(deal), strategy)
        counts["punto" if result.player > result.bank else "empate" if result.player == result.bank else "banca"] += 1
    deals = sum(counts.values())
    found = outcome_probabilities(CHEMIN, strategy, [SMALL.count(v) for v in range(10)])
    assert found == {k: Fraction(v, deals) for k, v in counts.items()}


def test_the_cells_add_up_a_change_of_choice_moves_the_banker_by_the_cells_difference() -> None:
    """Flipping the banker's choice in one cell changes his expectation by exactly what the cell says."""
    base = expectations(CHEMIN, _strategy(DRAWS_ON_FIVE))
    cells = bank_cells(CHEMIN, DRAWS_ON_FIVE)
    for bank, column in [(3, 9), (5, 4), (6, None), (4, 1), (2, 8)]:
        flipped = expectations(CHEMIN, _strategy(DRAWS_ON_FIVE, **{f"b{bank}": {column}}))
        cell = cells[bank, column]
        change = cell.stand - cell.draw if cell.letter != "P" else cell.draw - cell.stand
        assert flipped.banker - base.banker == change
        assert flipped.punto + flipped.banker + flipped.house == 0


def test_the_bankers_best_choice_against_the_table() -> None:
    """Six decks, 5 %. If the punto stands on 5 (the croupier's advice) the banker's best play is the table's
    T and P in every cell and standing in both «O» cells. If the punto draws on 5, the banker should draw in
    both «O» cells, and also at 4 against a third card 1 and at 6 against a punto who stood, where the table
    says P."""
    for player_draws, optional, departures in [
        (frozenset(range(5)), "PP", set()),
        (DRAWS_ON_FIVE, "TT", {(4, 1), (6, None)}),
    ]:
        cells = bank_cells(CHEMIN, player_draws)
        assert cells[3, 9].best + cells[5, 4].best == optional
        assert {k for k, c in cells.items() if c.letter != "O" and c.best != c.letter} == departures
    best = best_response(CHEMIN, DRAWS_ON_FIVE)
    assert expectations(CHEMIN, best).banker > expectations(CHEMIN, _strategy(DRAWS_ON_FIVE)).banker
    check(CHEMIN, best)                     # free: any choice but standing on 0
    with pytest.raises(ValueError, match="The banker with 4 must stand against a third card 1"):
        check(CHEMIN, best, bound=ASKED)    # with the table asked for, 4 against a 1 is P


def test_against_the_bankers_best_reply_the_punto_should_draw_on_five() -> None:
    """Six decks, 5 %, the banker bound by the table he asked for: against his best reply the punto loses 1.550 %
    standing on 5 (the croupier's advice) and 1.237 % drawing; and (draw on 5, draw in both «O» cells) is an
    equilibrium: the banker's best reply to drawing is the customary table, against which standing is worse."""
    standing = expectations(CHEMIN, best_response(CHEMIN, frozenset(range(5)), bound=ASKED)).punto
    reply = best_response(CHEMIN, DRAWS_ON_FIVE, bound=ASKED)
    drawing = expectations(CHEMIN, reply).punto
    assert f"{float(standing):.3%} {float(drawing):.3%}" == "-1.550% -1.237%"
    assert reply.bank_draws == customary(CHEMIN).bank_draws
    assert expectations(CHEMIN, Strategy(frozenset(range(5)), reply.bank_draws)).punto < drawing


def test_expectations_and_the_house_take() -> None:
    """The punto wins or loses at par; the banker is paid less the commission, which is the house's take; with
    no commission the banker gets exactly what the punto loses."""
    p = outcome_probabilities(CHEMIN)
    e = expectations(CHEMIN)
    assert e.house == p["banca"] / 20 and e.punto == p["punto"] - p["banca"]
    assert sum(p.values()) == 1 and e.punto + e.banker + e.house == 0
    free = expectations(Rules(TABLE, 6, Fraction(0)))
    assert free.banker == -free.punto and free.house == 0
    assert f"{float(e.banker):.4%} {float(e.house):.4%}" == "-0.7843% 2.3085%"


def test_cards_with_replacement_are_close_to_the_six_deck_shoe() -> None:
    """The dos paños figures are computed with replacement. On chemin de fer the same approximation (a shoe a
    million times larger) moves each probability by less than 0.0004 from the exact six-deck figures, as
    TWO_PRECISION says."""
    exact = outcome_probabilities(CHEMIN)
    infinite = outcome_probabilities(CHEMIN, counts=[c * 10**6 for c in shoe(6)])
    gaps = {k: abs(float(exact[k] - infinite[k])) for k in exact}
    assert max(gaps.values()) < 0.0004 and gaps["banca"] > 0.0002


def test_the_punto_draws_stands_and_chooses_by_the_rule() -> None:
    assert coup(CHEMIN, [4, 0, 4, 5]) == baccarat.Coup(8, 5, 4)               # punto natural 8
    assert coup(CHEMIN, [1, 4, 1, 5]) == baccarat.Coup(2, 9, 4)               # bank natural 9
    with pytest.raises(ValueError, match="Nobody draws after a natural"):
        coup(CHEMIN, [4, 0, 4, 5], player="no")
    with pytest.raises(ValueError, match="The punto must draw, not say «no»"):
        coup(CHEMIN, [2, 7, 2, 0], player="no")                                # 4 draws
    assert coup(CHEMIN, [2, 7, 3, 0], player="no") == baccarat.Coup(5, 7, 4)  # 5: stands if he says so
    assert coup(CHEMIN, [2, 7, 3, 0, 4], player="carta") == baccarat.Coup(9, 7, 5)
    with pytest.raises(ValueError, match="The punto must stand, not say «carta»"):
        coup(CHEMIN, [3, 7, 3, 0, 4], player="carta")                          # 6 stands
    banco = Rules(TABLE, 6, Fraction(1, 20), banco_free=True)                  # authorised: free on any total
    assert coup(banco, [3, 7, 3, 0, 4], player="carta", banco=True) == baccarat.Coup(0, 7, 5)
    assert coup(banco, [2, 7, 2, 0], player="no", banco=True) == baccarat.Coup(4, 7, 4)
    with pytest.raises(ValueError, match="The punto must stand"):
        coup(CHEMIN, [3, 7, 3, 0, 4], player="carta", banco=True)              # not authorised
    with pytest.raises(ValueError, match="says «carta» or «no», not «sí»"):
        coup(CHEMIN, [2, 7, 3, 0], player="sí")


def test_the_banker_is_free_must_draw_on_zero_and_is_bound_by_the_table_he_asks_for() -> None:
    stood = [6, 3, 0, 3]                                                       # punto 6 stands, bank 6
    assert coup(CHEMIN, [*stood, 1], bank="carta") == baccarat.Coup(6, 7, 5)  # free: draws on 6 (table: P)
    with pytest.raises(ValueError, match="The banker with 6 must stand"):
        coup(CHEMIN, [*stood, 1], bank="carta", bound=ASKED)
    with pytest.raises(ValueError, match="The banker with 0 must draw"):
        coup(CHEMIN, [6, 5, 0, 5], bank="no")                                  # «Bacarra»
    three_nine = [1, 1, 2, 2, 9]                                               # bank 3, punto's third card 9
    assert coup(CHEMIN, three_nine, bank="no", bound=ASKED).cards == 5        # O: his choice
    assert coup(CHEMIN, [*three_nine, 4], bank="carta", bound=ASKED).bank == 7
    with pytest.raises(ValueError, match="The banker with 3 must draw"):
        coup(CHEMIN, three_nine, bank="no", bound=IMPOSED)                     # imposed: O cells drawn
    bound = Rules(TABLE, 6, Fraction(1, 20), bank_free=False)
    with pytest.raises(ValueError, match="The banker with 6 must stand"):
        coup(bound, [*stood, 1], bank="carta")
    with pytest.raises(ValueError, match="not a way the banker is bound"):
        coup(CHEMIN, stood, bound="loose")


def test_coups_with_too_few_or_left_over_cards_are_rejected() -> None:
    with pytest.raises(ValueError, match="at least four card values"):
        coup(CHEMIN, [1, 2, 3])
    with pytest.raises(ValueError, match="The punto draws on 2: one more card is needed"):
        coup(CHEMIN, [1, 0, 1, 7])
    with pytest.raises(ValueError, match="1 card\\(s\\) left over"):
        coup(CHEMIN, [4, 0, 4, 5, 3])
    with pytest.raises(ValueError, match="rows 0 to 7 of eleven letters"):
        BankTable({**TABLE.rows, 5: "PPPPTTTPPT"})                             # 002:5360 as printed: ten cells
    with pytest.raises(ValueError, match="ten counts"):
        outcome_probabilities(CHEMIN, counts=[4] * 9)


def test_a_chemin_de_fer_coup_is_settled_for_the_punto_and_the_banker() -> None:
    """Worked examples: each side wins, a tie is void, the banker pays the commission only when he wins."""
    cases = [  # cards, the punto's word, what 100 on punto / 100 of the bank bring back
        (["4", "9", "3", "K"], None, 0, 195),                        # bank natural 9
        (["8", "2", "K", "5"], None, 200, 0),                        # punto natural 8
        (["6", "2", "A", "5"], None, 100, 100),                      # 7 against 7: void
        (["5", "2", "K", "A", "3"], "no", 0, 195),                   # 5 stands; bank 3 draws a 3: 6
        (["5", "2", "K", "A", "4", "4"], "carta", 200, 0),           # 5 draws a 4: 9; bank 3 draws: 7
    ]
    for cards, word, punto, banca in cases:
        assert play(CHEMIN, {"punto": 100}, cards, player=word).returned == punto, cards
        assert play(CHEMIN, {"banca": 100}, cards, player=word).returned == banca, cards
    lower = Rules(TABLE, 6, Fraction(1, 40))                         # «hasta un 5 por 100»: 2.5 %
    assert play(lower, {"banca": 100}, ["4", "9", "3", "K"]).returned == Fraction(395, 2)
    with pytest.raises(ValueError, match="a stake must be positive"):
        play(CHEMIN, {"punto": 0}, ["4", "9", "3", "K"])
    with pytest.raises(ValueError, match="is not a card"):
        play(CHEMIN, {"punto": 10}, ["4", "9", "3", "1"])


# --- dos paños ---------------------------------------------------------------------------------------------------

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
