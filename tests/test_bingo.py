"""The bingo engine: the card validator and generator over every rule, the claims and the prizes, and the exact
chances checked against an independent computation (brute force on a small deck, and a simulation)."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from jokoak.games.bingo import engine as bingo
from jokoak.games.bingo import exact
from jokoak.games.bingo.engine import BingoRules, CardRule, Claim, card_problems, check_card, generate_card, settle

EUSKADI = CardRule(balls=90, numbers=15, rows=3, per_row=5, columns=9, per_column=(1, 3))  # 000:5804-5811
NATIONAL = CardRule(balls=90, numbers=15, rows=3, per_row=5, columns=None, per_column=None)  # 003:2351-2355
EUSKADI_RULES = BingoRules(EUSKADI, {"linea": False, "bingo": False}, announced_line=False, late_claim_loses=False)
NATIONAL_RULES = BingoRules(NATIONAL, {"linea": True, "bingo": True}, announced_line=True, late_claim_loses=True)
PRIZES = {"linea": Fraction(30), "bingo": Fraction(150)}

A = ((3, None, 21, None, 45, None, 62, None, 81), (None, 14, None, 33, None, 57, None, 74, 88),
     (7, 18, None, 39, 48, None, 66, None, None))
B = ((5, None, 26, None, 41, None, 60, None, 85), (None, 12, None, 30, None, 52, None, 77, 88),
     (9, 19, None, 36, 49, None, 69, None, None))
C = ((1, None, 22, None, 42, None, 61, None, 82), (None, 11, None, 31, None, 51, None, 71, 89),
     (2, 13, None, 32, 43, None, 63, None, None))


def numbers(card: bingo.Card) -> list[int]:
    return [n for row in card for n in row if n is not None]


# The card: 10,000 generated cards of each rule are all valid; each mutation is refused for its own reason.

@pytest.mark.parametrize("rule", [EUSKADI, NATIONAL], ids=["euskadi", "national"])
def test_ten_thousand_generated_cards_are_all_valid(rule: CardRule) -> None:
    rng = random.Random(2026)
    cards = [generate_card(rule, rng) for _ in range(10_000)]
    assert all(not card_problems(rule, card) for card in cards)
    for card in cards[:200]:  # and valid as checked independently of the validator, rule by rule
        found = numbers(card)
        assert len(found) == 15 == len(set(found)) and all(1 <= n <= 90 for n in found)
        assert len(card) == 3 and all(sum(n is not None for n in row) == 5 for row in card)
        if rule.columns:
            assert all(len(row) == 9 for row in card)
            assert all(1 <= sum(row[c] is not None for row in card) <= 3 for c in range(9))
    # every number and every column count the rule allows turns up
    assert {n for card in cards for n in numbers(card)} == set(range(1, 91))
    if rule.columns:
        counts = {sum(row[c] is not None for row in card) for card in cards for c in range(9)}
        assert counts == {1, 2, 3}


def test_the_generator_is_deterministic_by_seed() -> None:
    first = [generate_card(EUSKADI, random.Random(7)) for _ in range(3)]
    assert first == [generate_card(EUSKADI, random.Random(7)) for _ in range(3)]
    assert generate_card(EUSKADI, random.Random(7)) != generate_card(EUSKADI, random.Random(8))


def _set(card: bingo.Card, row: int, column: int, value: int | None) -> bingo.Card:
    return tuple(tuple(value if (r, c) == (row, column) else n for c, n in enumerate(cells))
                 for r, cells in enumerate(card))


def _mutations(card: bingo.Card, rng: random.Random) -> list[tuple[str, bingo.Card, set[str]]]:
    """Each mutation of a valid 9-column card and exactly the rules it breaks."""
    cells = [(r, c) for r in range(3) for c in range(9) if card[r][c] is not None]
    r, c = rng.choice(cells)
    found = [("out of range", _set(card, r, c, 91), {"range"}),
             ("zero", _set(card, r, c, 0), {"range"}),
             ("a text", _set(card, r, c, "7"), {"range"}),  # type: ignore[arg-type]
             ("repeated", _set(card, r, c, next(n for n in numbers(card) if n != card[r][c])), {"distinct"}),
             ("a row fewer", card[:2], {"rows", "numbers"}
              | ({"column-few"} if any(card[0][k] is None and card[1][k] is None for k in range(9)) else set())),
             ("a cell fewer", tuple(row[:8] if i == 0 else row for i, row in enumerate(card)), {"cells"}
              | ({"per-row", "numbers"} if card[0][8] is not None else set()))]
    # a number moved to another row in its own column: two rows of 4 and 6, the columns unchanged
    moves = [(r, c, r2) for r, c in cells for r2 in range(3) if card[r2][c] is None]
    r, c, r2 = rng.choice(moves)
    found.append(("moved down its column", _set(_set(card, r, c, None), r2, c, card[r][c]), {"per-row"}))
    # a column's only number moved to an empty cell of its row: the column is left with none
    alone = [(r, c) for r, c in cells if sum(card[i][c] is not None for i in range(3)) == 1]
    if alone:
        r, c = rng.choice(alone)
        c2 = next(k for k in range(9) if card[r][k] is None)
        found.append(("a column emptied", _set(_set(card, r, c, None), r, c2, card[r][c]), {"column-few"}))
    return found


def test_every_mutated_card_is_refused_for_its_own_reason() -> None:
    rng = random.Random(20)
    seen: set[str] = set()
    for _ in range(500):
        card = generate_card(EUSKADI, rng)
        for what, mutated, expected in _mutations(card, rng):
            assert {p.rule for p in card_problems(EUSKADI, mutated)} == expected, (what, mutated)
            with pytest.raises(bingo.CardError) as raised:
                check_card(EUSKADI, mutated)
            assert {p.rule for p in raised.value.problems} == expected
            seen.add(what)
    assert len(seen) == 8  # every mutation was tried


def test_a_column_over_its_highest_is_refused() -> None:
    """With 3 rows no column can hold more than 3: a rule of at most 2 per column shows the check."""
    two = replace(EUSKADI, per_column=(1, 2))
    full = next(card for card in (generate_card(EUSKADI, random.Random(s)) for s in range(200))
                if any(all(row[c] is not None for row in card) for c in range(9)))
    assert {p.rule for p in card_problems(two, full)} == {"column-many"}


def test_the_national_rule_checks_only_what_the_1977_text_says() -> None:
    """15 distinct numbers of 1-90 in 3 rows of 5: no columns, so a card laid out in columns is valid too, and so is
    one whose columns Euskadi would refuse."""
    assert not card_problems(NATIONAL, A)
    assert not card_problems(NATIONAL, ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15)))
    empty_column = _set(_set(A, 0, 2, None), 0, 1, 21)  # column 3 of A emptied: Euskadi refuses it
    assert {p.rule for p in card_problems(EUSKADI, empty_column)} == {"column-few"}
    assert not card_problems(NATIONAL, empty_column)
    assert {p.rule for p in card_problems(NATIONAL, ((1, 2, 3, 4, 5, 16), (6, 7, 8, 9), (11, 12, 13, 14, 15)))} \
        == {"per-row"}
    assert {p.rule for p in card_problems(NATIONAL, ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 1)))} \
        == {"distinct"}


def test_a_draw_is_of_distinct_balls_of_the_game() -> None:
    bingo.check_draw(90, [1, 90, 45])
    with pytest.raises(ValueError, match="ball 3 of the draw, 1, was already drawn"):
        bingo.check_draw(90, [1, 2, 1])
    with pytest.raises(ValueError, match="91, is not a number from 1 to 90"):
        bingo.check_draw(90, [91])


# The claims and the prizes.

def _draw(*parts: list[int]) -> list[int]:
    found: list[int] = []
    for part in parts:
        found += [n for n in part if n not in found]
    return found


def test_the_linea_is_paid_once() -> None:
    draw = _draw([3, 5, 1, 21, 26, 22, 45, 41, 42, 62, 60, 61, 81, 85, 82])
    claims = [Claim("A", "linea", 13), Claim("B", "linea", 14), Claim("C", "linea", 15)]
    outcome = settle(EUSKADI_RULES, {"A": A, "B": B, "C": C}, draw, claims, PRIZES)
    assert [(v.claim.card, v.refused, v.share) for v in outcome.verdicts] == [
        ("A", None, 30), ("B", "linea-paid", 0), ("C", "linea-paid", 0)]


def test_three_winners_on_one_ball_share_in_exact_thirds() -> None:
    # A, B and C with 50 at the end of their top rows (in place of 81, 85, 82; B and C keep those in row 2)
    last = 50
    cards = {"A": _set(A, 0, 8, last), "B": _set(_set(B, 0, 8, last), 1, 8, 85),
             "C": _set(_set(C, 0, 8, last), 1, 8, 82)}
    draw = _draw([3, 21, 45, 62, 5, 26, 41, 60, 1, 22, 42, 61, 10, last])
    claims = [Claim(card, "linea", len(draw)) for card in "ABC"]
    prizes = {"linea": Fraction(100), "bingo": Fraction(500)}
    outcome = settle(EUSKADI_RULES, cards, draw, claims, prizes)
    assert [v.share for v in outcome.verdicts] == [Fraction(100, 3)] * 3
    assert sum(v.share for v in outcome.verdicts) == 100
    # a card that calls twice on the same ball is one winner, paid once
    twice = settle(EUSKADI_RULES, cards, draw, [*claims, Claim("A", "linea", len(draw))], prizes)
    assert [v.share for v in twice.verdicts] == [Fraction(100, 3)] * 3 + [Fraction(0)]


def test_a_claim_is_checked_against_the_balls_drawn_when_it_is_made() -> None:
    draw = [3, 50, 21, 45, 10, 62, 27, 81]
    outcome = settle(EUSKADI_RULES, {"A": A}, draw, [Claim("A", "linea", 7), Claim("A", "linea", 8)], PRIZES)
    assert [(v.refused, v.share, v.row) for v in outcome.verdicts] == [("not-formed", 0, None), (None, 30, 0)]
    assert [s.key for s in outcome.steps] == ["refused-not-formed", "won-linea"]


def test_a_late_claim_loses_its_right_where_the_text_says_so() -> None:
    draw = [3, 50, 21, 45, 10, 62, 81, 27]
    late = [Claim("A", "linea", 8)]
    assert settle(NATIONAL_RULES, {"A": A}, draw, late, PRIZES).verdicts[0].refused == "late"  # 003:2502-2504
    assert settle(EUSKADI_RULES, {"A": A}, draw, late, PRIZES).verdicts[0].share == 30  # Art. 3 says nothing
    on_time = settle(NATIONAL_RULES, {"A": A}, draw, [Claim("A", "linea", 7)], PRIZES)
    assert on_time.verdicts[0].share == 30


def test_the_last_ball_must_be_on_the_winning_line_or_card_where_the_text_says_so() -> None:
    """Without the late-claim rule, the last-ball condition alone refuses a line formed on an earlier ball."""
    last_only = replace(NATIONAL_RULES, late_claim_loses=False)
    draw = [3, 50, 21, 45, 10, 62, 81, 27]
    assert settle(last_only, {"A": A}, draw, [Claim("A", "linea", 8)], PRIZES).verdicts[0].refused == "last-ball"
    # a second row completed by the last ball wins although the first was complete before
    draw = _draw([3, 21, 45, 62, 81], [14, 33, 57, 74], [10, 88])
    outcome = settle(last_only, {"A": A}, draw, [Claim("A", "linea", len(draw))], PRIZES)
    assert (outcome.verdicts[0].refused, outcome.verdicts[0].row) == (None, 1)
    whole = _draw(numbers(A)[:-1], [90], [numbers(A)[-1]])
    assert settle(last_only, {"A": A}, whole, [Claim("A", "bingo", len(whole))], PRIZES).verdicts[0].share == 150
    early = _draw(numbers(A), [90])
    assert settle(last_only, {"A": A}, early, [Claim("A", "bingo", len(early))],
                  PRIZES).verdicts[0].refused == "last-ball"
    assert settle(EUSKADI_RULES, {"A": A}, early, [Claim("A", "bingo", len(early))], PRIZES).verdicts[0].share == 150


def test_an_announced_line_is_the_only_one_paid() -> None:
    draw = [3, 50, 21, 45, 10, 62, 81, 14, 33, 57, 74, 88]
    claims = [Claim("A", "linea", 7), Claim("A", "linea", 12)]
    outcome = settle(NATIONAL_RULES, {"A": A}, draw, claims, PRIZES, announced=1)
    assert [(v.refused, v.share) for v in outcome.verdicts] == [("announced", 0), (None, 30)]
    with pytest.raises(ValueError, match="does not let the hall announce"):
        settle(EUSKADI_RULES, {"A": A}, draw, claims, PRIZES, announced=1)


def test_a_verified_bingo_ends_the_game_and_shares_its_prize() -> None:
    draw = _draw([n for n in numbers(A) + numbers(B) if n != 88], [88])  # 88 is on both cards and comes last
    claims = [Claim("A", "bingo", len(draw)), Claim("B", "bingo", len(draw))]
    after = Claim("C", "bingo", len(draw) + 1)
    outcome = settle(EUSKADI_RULES, {"A": A, "B": B, "C": C}, [*draw, 90], [*claims, after], PRIZES)
    assert [(v.claim.card, v.refused, v.share) for v in outcome.verdicts] == [
        ("A", None, 75), ("B", None, 75), ("C", "ended", 0)]
    assert outcome.steps[-2].key == "ended" and outcome.steps[-1].key == "refused-ended"


def test_play_returns_the_players_share_for_the_price_of_their_cards() -> None:
    draw = _draw([n for n in numbers(A) + numbers(B) if n != 88], [88])
    claims = [Claim("A", "bingo", len(draw)), Claim("B", "bingo", len(draw))]
    result = bingo.play(EUSKADI_RULES, {"A": Fraction(1)}, {"A": A, "B": B}, draw, claims, PRIZES)
    assert (result.staked, result.returned) == (1, 75)
    with pytest.raises(ValueError, match="card B: per-row"):
        bingo.play(EUSKADI_RULES, {}, {"B": _set(B, 0, 0, None)}, draw, [], PRIZES)
    with pytest.raises(ValueError, match="after ball 40, but 29 balls were drawn"):
        bingo.play(EUSKADI_RULES, {}, {"A": A}, draw, [Claim("A", "bingo", 40)], PRIZES)


# The chances: exact, checked by brute force on a small deck and by simulation on the real one.

SMALL = CardRule(balls=12, numbers=6, rows=3, per_row=2, columns=None, per_column=None)


def test_the_exact_chances_agree_with_brute_force_on_a_small_deck() -> None:
    rows = [{1, 2}, {3, 4}, {5, 6}]
    for n in range(0, 13):
        subsets = list(itertools.combinations(range(1, 13), n))
        linea = sum(any(row <= set(s) for row in rows) for s in subsets)
        full = sum({1, 2, 3, 4, 5, 6} <= set(s) for s in subsets)
        assert exact.linea_by(SMALL, n) == Fraction(linea, len(subsets)), n
        assert exact.bingo_by(SMALL, n) == Fraction(full, len(subsets)), n


def test_the_exact_chances_agree_with_a_simulation_within_four_standard_errors() -> None:
    card = generate_card(EUSKADI, random.Random(3))
    rows = np.array([sorted(n for n in row if n is not None) for row in card])
    draws = np.argsort(np.random.default_rng(3).random((20_000, 90)), axis=1) + 1
    position = np.empty((20_000, 91), dtype=np.int64)
    position[np.arange(20_000)[:, None], draws] = np.arange(1, 91)
    row_done = position[:, rows].max(axis=2)  # draw × row: the ball that completes it
    for n in (20, 40, 55, 70, 85):
        for found, p in (((row_done.min(axis=1) <= n).mean(), exact.linea_by(EUSKADI, n)),
                         ((row_done.max(axis=1) <= n).mean(), exact.bingo_by(EUSKADI, n))):
            error = math.sqrt(float(p) * (1 - float(p)) / 20_000) or 1e-9
            assert abs(found - float(p)) <= 4 * error, (n, found, float(p))


def test_the_chances_by_ball_are_exact_and_end_in_certainty() -> None:
    found = exact.table(EUSKADI)
    assert [n for n, _l, _b in found] == list(range(5, 91))
    assert found[0][1] == Fraction(3, math.comb(90, 5)) and found[-1][1:] == (1, 1)
    assert all(a[1] <= b[1] and a[2] <= b[2] for a, b in itertools.pairwise(found))
    assert exact.bingo_by(EUSKADI, 15) == Fraction(1, math.comb(90, 15))


def test_the_first_bingo_of_one_card_matches_its_exact_mean() -> None:
    mean = exact.mean_balls_one_card(EUSKADI)
    assert mean == Fraction(15 * 91, 16)  # the last of 15 numbers in a random order of 90
    one = exact.first_bingo(EUSKADI, cards=1, trials=20_000, seed=5)
    assert abs(one.mean - float(mean)) <= 4 * one.standard_error
    many = [exact.first_bingo(EUSKADI, cards=n, trials=2_000, seed=5).mean for n in (1, 10, 100)]
    assert many[0] > many[1] > many[2]
    again = exact.first_bingo(EUSKADI, cards=10, trials=500, seed=5)
    assert again == exact.first_bingo(EUSKADI, cards=10, trials=500, seed=5)  # seeded


def test_random_games_agree_with_the_positions_of_the_balls() -> None:
    """Over random cards and draws: a claim on the ball that completes a card's first row (or the whole card) wins,
    one ball earlier it is refused at the check, one ball later it is late under 1977 (unless that ball completes
    another row) and still paid under Euskadi."""
    rng = random.Random(11)
    for _ in range(300):
        card = generate_card(EUSKADI, rng)
        draw = rng.sample(range(1, 91), 90)
        position = {ball: index + 1 for index, ball in enumerate(draw)}
        row_done = [max(position[n] for n in row if n is not None) for row in card]
        for prize, ball in (("linea", min(row_done)), ("bingo", max(row_done))):
            for rules, offset, refused in ((NATIONAL_RULES, 0, None), (EUSKADI_RULES, 0, None),
                                           (NATIONAL_RULES, -1, "not-formed"), (EUSKADI_RULES, -1, "not-formed"),
                                           (NATIONAL_RULES, 1, "late"), (EUSKADI_RULES, 1, None)):
                at = ball + offset
                if not 1 <= at <= 90:
                    continue
                if refused == "late" and prize == "linea" and at in row_done:
                    refused = None  # another row completed by that very ball: a línea of its own, on time
                verdict = settle(rules, {"A": card}, draw, [Claim("A", prize, at)], PRIZES).verdicts[0]
                assert verdict.refused == refused, (prize, at, rules.late_claim_loses)
                assert verdict.share == (PRIZES[prize] if refused is None else 0)
