"""Chemin de fer: the coup with its choices, the exact enumeration, the banker's cells."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from jokoak.games.baccarat import engine as baccarat
from jokoak.games.baccarat.chemin import (
    ASKED,
    COLUMNS,
    IMPOSED,
    TABLE,
    BankTable,
    Rules,
    Strategy,
    bank_cells,
    best_response,
    check,
    coup,
    customary,
    expectations,
    outcome_probabilities,
    play,
)

CHEMIN = Rules(TABLE, 6, Fraction(1, 20))                                     # 1977: 5 % (003:1627-1629)
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
