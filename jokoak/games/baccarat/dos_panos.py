"""Baccara a dos paños: a banker against two paños at once, the coup with its choices, and its probabilities.

The rules, the card values and the «cuadro de jugadas de la Banca» are chemin de fer's
(:class:`jokoak.games.baccarat.chemin.Rules`, «con carácter general», 000:2750-2752), with the commission of
dos paños and its two-card-eight rule. A coup is dealt to the first paño, the second paño and the bank
in turn; each paño is settled against the bank on its own:

>>> two = Rules(TABLE, decks=6, commission=Fraction(1, 50), eight_beats_three=True)
>>> coup_two(two, [8, 3, 1, 0, 3, 4, 1])   # paño 1 natural 8; paño 2 stands on 6; bank 5 draws a 1
TwoCoup(first=8, second=6, bank=6, results=(1, 0), cards=7)

:func:`play_two` keeps the steps the engine applied (:mod:`jokoak.engine.steps`), each naming its rule:

>>> [(s.key, s.rule) for s in play_two(two, {"paño 1": 10}, ["8", "3", "A", "K", "3", "4", "A"]).steps][3:7]
[('natural', 'naturals'), ('punto-must-stand', 'punto'), ('table-cell', 'table'), ('bank-free-customary', 'bank')]

The probabilities of a coup are exact over the first coup of a full shoe, every card dealt without
replacement (:func:`two_probabilities`, a few tenths of a second).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import perm

import numpy as np
import numpy.typing as npt

from ...engine.result import Result
from ...engine.steps import Step
from .chemin import (
    ASKED,
    BANKER_AT_FAULT,
    FREE,
    TABLE,
    Rules,
    bound_of,
    choose,
    draw_card,
    player_forced,
    punto_step,
    read_stakes,
    say,
    settled,
    shoe_counts,
    word_of,
)
from .engine import VALUES, card_value, total

__all__ = ["NATURAL", "TABLE", "Edge", "Rules", "TwoCoup", "TwoStrategy", "bank_forced_two", "beats", "coup_two",
           "customary_two", "play_two", "two_expectations", "two_probabilities"]

NATURAL = "natural"  # a paño that showed a natural has no column in the table
TwoColumn = int | None | str  # a paño's column: its third card, None (it stood), or NATURAL
BankChoice = Callable[[int, TwoColumn, TwoColumn], bool]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class TwoStrategy:
    """The choices in a dos paños coup: the totals on which each paño's punto draws (the same rule for both),
    and the banker's choice as a function of his two-card total and the two paños' columns."""

    player_draws: frozenset[int]
    bank: BankChoice


@dataclass(frozen=True)
class TwoCoup:
    """The final totals of the two paños and of the bank; ``results``: for each paño 1 (it beats the bank),
    0 (void) or -1 (the bank wins); ``cards``: cards dealt."""

    first: int
    second: int
    bank: int
    results: tuple[int, int]
    cards: int


def bank_forced_two(rules: Rules, bank: int, first: TwoColumn, second: TwoColumn,
                    bound: str = FREE) -> bool | None:
    """Whether the banker of dos paños must draw (True) or stand (False); None where he chooses. Free unless he
    asked for the table, which then binds him «siempre que se indique lo mismo para los dos paños»
    (000:2763-2767); against one paño only (the other showed a natural) he follows its cell and draws in the
    «O» cells (000:2885-2887). ``"imposed"``: the same, after an error by a punto or the croupier (000:2889-2894);
    ``"banker-at-fault"``: where the two cells differ he draws on five or less (000:2894-2895).

    >>> rules = Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True)
    >>> bank_forced_two(rules, 6, 6, 7, "asked"), bank_forced_two(rules, 6, 6, 5, "asked") is None
    (True, True)
    >>> bank_forced_two(rules, 5, 4, NATURAL, "asked"), bank_forced_two(rules, 5, 8, 5, "banker-at-fault")
    (True, True)
    """
    bound = bound_of(rules, bound)
    if bank in rules.bank_must_draw:
        return True
    if bound == FREE:
        return None
    letters = [rules.table.cell(bank, c) for c in (first, second) if not isinstance(c, str)]
    if len(letters) == 1:
        return letters[0] != "P"
    if letters[0] == letters[1]:
        return None if letters[0] == "O" else letters[0] == "T"
    return bank <= 5 if bound == BANKER_AT_FAULT else None


def customary_two(rules: Rules) -> TwoStrategy:
    """The puntos stand on 5 (000:2339-2340); the banker follows the table where it says the same for both
    paños, draws in its «O» cells (000:2887), and where the cells differ draws on five or less, as a banker
    at fault must (000:2894-2895): the regulation's own answers, not a best play."""

    def bank(points: int, first: TwoColumn, second: TwoColumn) -> bool:
        forced = bank_forced_two(rules, points, first, second, BANKER_AT_FAULT)
        return True if forced is None else forced

    return TwoStrategy(rules.player_draws, bank)


def beats(rules: Rules, a: int, a_cards: int, b: int, b_cards: int) -> int:
    """1 if a hand of ``a`` points on ``a_cards`` cards beats one of ``b`` points on ``b_cards`` cards, -1 if it
    loses to it, 0 for a void coup. The total nearer to nine wins and equal totals are void (000:2311-2313,
    applied «con carácter general», 000:2750-2752), except that, with ``rules.eight_beats_three``, «Un 8 con las
    dos primeras cartas gana siempre a un 8 ó 9 utilizando una tercera carta» (000:2769-2770; 003:2143-2144;
    001:2258), whoever holds it. The texts give the rule to the two-card 8 only: a two-card 9 against a
    three-card 9 is void by the general rule.

    >>> rules = Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True)
    >>> beats(rules, 8, 2, 9, 3), beats(rules, 9, 3, 8, 2), beats(rules, 9, 2, 9, 3), beats(rules, 9, 2, 8, 3)
    (1, -1, 0, 1)
    """
    return _compare(rules.eight_beats_three, a, a_cards, b, b_cards)


def _compare(eight_beats_three: bool, a: int, a_cards: int, b: int, b_cards: int) -> int:
    if eight_beats_three:
        if a == 8 and a_cards == 2 and b in (8, 9) and b_cards == 3:
            return 1
        if b == 8 and b_cards == 2 and a in (8, 9) and a_cards == 3:
            return -1
    return (a > b) - (a < b)


def coup_two(rules: Rules, cards: Sequence[int], strategy: TwoStrategy | None = None, *,
             players: tuple[str | None, str | None] = (None, None), bank: str | None = None,
             bound: str = FREE, banco: bool = False, steps: list[Step] | None = None,
             labels: Sequence[str] | None = None) -> TwoCoup:
    """Play a dos paños coup from card values 0-9 in the order dealt: first paño, second paño, bank, one card
    at a time, twice round (000:2814-2817), then the third cards in the order the paños and the bank speak
    (000:2821-2823). A natural of the bank ends the coup; a paño's natural is shown and that paño is out of
    the drawing. ``players``: the words of each paño's punto where he chooses; ``bank``: the banker's. With a
    ``steps`` list, the rules applied are added to it, the cards named by ``labels`` (their values by default).

    >>> two = Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True)
    >>> coup_two(two, [4, 3, 9, 4, 4, 9], players=("no", None))    # bank natural 9: nobody draws
    Traceback (most recent call last):
    ...
    ValueError: Nobody draws after the bank's natural: no «carta» or «no» is said.
    """
    strategy = strategy or customary_two(rules)
    if len(cards) < 6 or any(c not in VALUES for c in cards):
        raise ValueError(f"A dos paños coup needs at least six card values 0-9, got {list(cards)}.")
    names = [str(c) for c in cards] if labels is None else list(labels)
    points = [total(cards[0], cards[3]), total(cards[1], cards[4])]
    bank_points, rest = total(cards[2], cards[5]), list(cards[6:])
    for i in (0, 1):
        say(steps, "hand", "values", hand="paño", number=i + 1, cards=(names[i], names[i + 3]), points=points[i])
    say(steps, "hand", "values", hand="banca", cards=(names[2], names[5]), points=bank_points)
    held = [2, 2, 2]
    if bank_points in rules.naturals:
        if players != (None, None) or bank is not None:
            raise ValueError("Nobody draws after the bank's natural: no «carta» or «no» is said.")
        say(steps, "natural", "naturals", hand="banca", points=bank_points)
        return _done_two(rules, points, bank_points, held, rest, steps)
    columns: list[TwoColumn] = [None, None]
    for i in (0, 1):
        who = f"the punto of paño {i + 1}"
        if points[i] in rules.naturals:
            if players[i] is not None:
                raise ValueError(f"{who.capitalize()} shows a natural: he says neither «carta» nor «no».")
            columns[i] = NATURAL
            say(steps, "natural", "naturals", hand="paño", number=i + 1, points=points[i])
            continue
        forced = player_forced(rules, points[i], banco)
        draws = choose(players[i], forced, points[i] in strategy.player_draws, who)
        if steps is not None:
            steps.append(punto_step(rules, points[i], forced, draws, players[i], banco, number=i + 1))
        if draws:
            index = len(cards) - len(rest)
            third = draw_card(rest, f"Paño {i + 1} draws on {points[i]}")
            points[i], columns[i] = total(points[i], third), third
            held[i] = 3
            say(steps, "third-card", "values", hand="paño", number=i + 1, card=names[index], points=points[i])
    if columns == [NATURAL, NATURAL]:
        if bank is not None:
            raise ValueError("Both paños showed a natural: the banker does not draw.")
        say(steps, "both-naturals", "naturals")
        return _done_two(rules, points, bank_points, held, rest, steps)
    forced = bank_forced_two(rules, bank_points, columns[0], columns[1], bound)
    default = strategy.bank(bank_points, columns[0], columns[1])
    draws = choose(bank, forced, default, f"the banker with {bank_points}")
    if steps is not None:
        steps += _bank_steps_two(rules, bank_points, columns, bound, draws, bank)
    if draws:
        index = len(cards) - len(rest)
        bank_points = total(bank_points, draw_card(rest, f"The bank draws on {bank_points}"))
        held[2] = 3
        say(steps, "third-card", "values", hand="banca", card=names[index], points=bank_points)
    return _done_two(rules, points, bank_points, held, rest, steps)


def _bank_steps_two(rules: Rules, bank: int, columns: list[TwoColumn], bound: str, draws: bool,
                    word: str | None) -> list[Step]:
    """The rule that bound the banker of dos paños or left him the choice, as steps: the cell of the table for each
    paño in play where the table applies, then his choice; ``word``: what the example says he said."""
    said = {"points": bank, "word": word_of(draws)}
    if bank in rules.bank_must_draw:
        return [Step("bank-must-draw", "bank", said)]
    cells = [(i + 1, c, rules.table.cell(bank, c)) for i, c in enumerate(columns) if not isinstance(c, str)]
    found = [Step("table-cell", "table", {"points": bank, "number": n, "column": c, "letter": letter})
             for n, c, letter in cells]
    letters = {letter for _, _, letter in cells}
    effective = bound_of(rules, bound)
    if effective == FREE:
        if word is not None or draws != customary_two(rules).bank(bank, columns[0], columns[1]):
            return [Step("bank-free", "bank", said)]
        if len(letters) > 1:  # the cells differ: the customary play is a banker at fault's, five or less
            return [*found, Step("bank-free-customary-differ", "bank", said)]
        return [*found, Step("bank-free-customary", "bank", said | {"letter": letters.pop()})]
    if len(cells) == 1:  # against one paño only he follows its cell, drawing on O (000:2885-2887)
        return [*found, Step("bank-one-paño", "imposed", said | {"number": cells[0][0]})]
    if len(letters) > 1:
        if bound == BANKER_AT_FAULT:
            return [*found, Step("bank-at-fault", "imposed", said)]
        return [*found, Step("bank-cells-differ", "bank" if effective == ASKED else "imposed", said)]
    if letters == {"O"}:
        return [*found, Step("bank-option", "table", said)]
    if effective != ASKED:
        return [*found, Step("bank-restored", "imposed", said)]
    return [*found, Step("bank-asked-two" if bound == ASKED else "bank-table-binds-two", "bank", said)]


def _done_two(rules: Rules, points: list[int], bank: int, held: list[int], rest: list[int],
              steps: list[Step] | None = None) -> TwoCoup:
    if rest:
        raise ValueError(f"{len(rest)} card(s) left over after the coup.")
    results = (beats(rules, points[0], held[0], bank, held[2]), beats(rules, points[1], held[1], bank, held[2]))
    if steps is not None:
        for i in (0, 1):
            eight = _compare(rules.eight_beats_three, points[i], held[i], bank, held[2]) != \
                _compare(False, points[i], held[i], bank, held[2])
            key = "eight" if eight else ("banca", "empate", "paño")[results[i] + 1]
            steps.append(Step("outcome", "eight" if eight else "values",
                              {"winner": key, "number": i + 1, "points": points[i], "banca": bank}))
    return TwoCoup(points[0], points[1], bank, results, sum(held))


def play_two(rules: Rules, bets: Mapping[str, int | str | Fraction], cards: Sequence[str], *,
             players: tuple[str | None, str | None] = (None, None), bank: str | None = None,
             strategy: TwoStrategy | None = None, bound: str = FREE, banco: bool = False) -> Result:
    """Settle a dos paños coup for ``bets``: ``"paño 1"`` and ``"paño 2"``, a punto's stake on each paño
    (paid at par), and ``"banca 1"`` and ``"banca 2"``, the banker's money covering each paño. The commission
    is taken on the banker's net gain over both paños, when he has one (000:2828-2831).

    >>> two = Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True)
    >>> cards = ["8", "3", "A", "K", "3", "4", "A"]   # paño 1: 8 on two cards; paño 2 stands on 6; bank 5+1=6
    >>> play_two(two, {"paño 1": 100, "paño 2": 50}, cards)
    staked=150 returned=250 net=+100
    >>> cards = ["2", "3", "A", "K", "3", "4", "A", "K"]   # paño 1: 2+1=3, paño 2: 6, bank 5+0=5
    >>> play_two(two, {"banca 1": 300, "banca 2": 100}, cards)   # wins 300, loses 100: 2 % of 200 to the house
    staked=400 returned=596 net=+196
    """
    stakes = read_stakes(bets, ("paño 1", "paño 2", "banca 1", "banca 2"))
    steps: list[Step] = []
    result = coup_two(rules, [card_value(c) for c in cards], strategy, players=players, bank=bank, bound=bound,
                      banco=banco, steps=steps, labels=cards)
    returned = Fraction(0)
    net = Fraction(0)
    for i, sign in enumerate(result.results):
        if f"paño {i + 1}" in stakes:
            back = stakes[f"paño {i + 1}"] * (1 + sign)
            returned += back
            steps.append(settled("paño", stakes[f"paño {i + 1}"], sign, back, number=i + 1))
        covered = stakes.get(f"banca {i + 1}", Fraction(0))
        returned += covered * (1 - sign)
        net -= covered * sign
        if covered:
            steps.append(settled("banca", covered, -sign, covered * (1 - sign), number=i + 1))
    if net > 0:
        returned -= rules.commission * net
        steps.append(Step("commission", "bet:banca", {"net": net, "percent": rules.commission,
                                                     "commission": rules.commission * net}))
    elif any(stakes.get(f"banca {i + 1}") and sign < 0 for i, sign in enumerate(result.results)):
        steps.append(Step("no-commission", "bet:banca", {"net": net}))
    return Result(sum(stakes.values(), Fraction(0)), returned, tuple(steps))


@dataclass(frozen=True)
class Edge:
    """An expectation per unit staked, with how it was obtained (``method``) and how close it is (``precision``)."""

    value: Fraction
    method: str
    precision: str


TWO_METHOD = ("exact enumeration of every deal of one coup (up to nine cards) from the full shoe of the rules' "
              "decks, every card dealt without replacement")
TWO_PRECISION = "exact (a fraction); later coups of a shoe are dealt from fewer cards and differ slightly"
Paths = dict[tuple[int, ...], dict[int, tuple[Ints, Ints]]]


def two_probabilities(rules: Rules, strategy: TwoStrategy | None = None,
                      counts: Sequence[int] | None = None) -> dict[tuple[int, int], Fraction]:
    """The exact probability of each pair of results (paño 1, paño 2), each 1 (the paño wins), 0 (void) or -1
    (the bank wins), in the first coup dealt from a full shoe of ``counts`` (cards of each value 0-9; the rules'
    decks by default), every card dealt without replacement, both sides playing ``strategy`` (the customary
    one by default).

    A deal's chance depends only on the values it takes, not on their order: ``k`` cards of a value of which
    the shoe holds ``n`` weigh n (n - 1) … (n - k + 1), over the n (n - 1) … of the shoe's size. So a coup is
    counted as its third cards (a multiset ``R`` of at most three, who draws and what wins following from
    the three two-card totals) times the first six cards dealt from the shoe less ``R``, these grouped once
    for every shoe by their multiset of values and totals (:func:`_first_six`).

    >>> p = two_probabilities(Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True))
    >>> round(float(p[-1, -1]), 4), round(float(p[1, 1]), 4), sum(p.values())
    (0.2926, 0.2913, Fraction(1, 1))
    >>> two_probabilities(Rules(TABLE, 6, Fraction(1, 50)), counts=[4, 4, 0, 0, 0, 0, 0, 0, 0, 0])
    Traceback (most recent call last):
    ...
    ValueError: A dos paños coup may take nine cards: the shoe needs at least nine, got 8.
    """
    strategy = strategy or customary_two(rules)
    found = shoe_counts(rules, counts)
    size = sum(found)
    if size < 9:
        raise ValueError(f"A dos paños coup may take nine cards: the shoe needs at least nine, got {size}.")
    if 6 * perm(size, 6) >= 2**63:  # the first six cards' weights are counted in 64-bit integers
        raise ValueError(f"The exact count holds shoes of at most 1,076 cards (20 decks), got {size}.")
    numerators = [0] * 9
    for drawn, groups in _paths(*_choices(rules, strategy)).items():
        left, ways = list(found), perm(size - 6 - len(drawn), 3 - len(drawn))  # all over nine cards dealt
        for value in drawn:
            ways *= left[value]
            left[value] -= 1
        if ways:
            first = _first_six_weights(tuple(left))
            for result, (index, times) in groups.items():
                numerators[result] += ways * int(first[index] @ times)
    deals = perm(size, 9)
    return {(r // 3 - 1, r % 3 - 1): Fraction(n, deals) for r, n in enumerate(numerators)}


def _choices(rules: Rules, strategy: TwoStrategy) -> tuple[frozenset[int], bool, frozenset[int],
                                                          frozenset[tuple[int, TwoColumn, TwoColumn]]]:
    """What the coup's course depends on, hashable: the naturals, the two-card-eight rule, the totals on which
    a punto draws and the (bank total, column, column) on which the banker draws."""
    columns: list[TwoColumn] = [*VALUES, None, NATURAL]
    bank = frozenset((b, c1, c2) for b in range(10) if b not in rules.naturals for c1 in columns for c2 in columns
                     if (c1 != NATURAL or c2 != NATURAL) and strategy.bank(b, c1, c2))
    return rules.naturals, rules.eight_beats_three, strategy.player_draws - rules.naturals, bank


@functools.lru_cache(maxsize=8)
def _paths(naturals: frozenset[int], eight_beats_three: bool, player_draws: frozenset[int],
           bank_draws: frozenset[tuple[int, TwoColumn, TwoColumn]]) -> Paths:
    """Every way a coup goes on from its three two-card totals: by the multiset of third cards it takes and by
    result (3 (r1 + 1) + r2 + 1), the index 100 t1 + 10 t2 + tb of the totals and how many orders of the third
    cards reach it."""
    found: dict[tuple[int, ...], dict[int, dict[int, int]]] = {}

    def hands(t: int) -> list[tuple[TwoColumn, int, int]]:  # (column, final total, cards held)
        if t in naturals:
            return [(NATURAL, t, 2)]
        return [(c, total(t, c), 3) for c in VALUES] if t in player_draws else [(None, t, 2)]

    def ends(t1: int, t2: int, tb: int) -> list[tuple[tuple[int, ...], tuple[int, int], tuple[int, int], int, int]]:
        """(third cards, paño 1's and paño 2's (total, cards), the bank's total and cards) of each way."""
        if tb in naturals:  # the bank's natural ends the coup for both paños
            return [((), (t1, 2), (t2, 2), tb, 2)]
        out = []
        for c1, p1, n1 in hands(t1):
            for c2, p2, n2 in hands(t2):
                drawn = tuple(c for c in (c1, c2) if isinstance(c, int))
                if (tb, c1, c2) in bank_draws:
                    out += [((*drawn, c), (p1, n1), (p2, n2), total(tb, c), 3) for c in VALUES]
                else:
                    out.append((drawn, (p1, n1), (p2, n2), tb, 2))
        return out

    for t1 in range(10):
        for t2 in range(10):
            for tb in range(10):
                for drawn, first, second, bank, held in ends(t1, t2, tb):
                    r1 = _compare(eight_beats_three, *first, bank, held)
                    r2 = _compare(eight_beats_three, *second, bank, held)
                    into = found.setdefault(tuple(sorted(drawn)), {}).setdefault(3 * (r1 + 1) + r2 + 1, {})
                    index = 100 * t1 + 10 * t2 + tb
                    into[index] = into.get(index, 0) + 1
    return {drawn: {r: (np.array(list(by), dtype=np.int64), np.array(list(by.values()), dtype=np.int64))
                    for r, by in results.items()} for drawn, results in found.items()}


@functools.lru_cache(maxsize=1)
def _first_six() -> tuple[Ints, Ints, Ints, Ints]:
    """The 10**6 orders of values of the first six cards (paño 1, paño 2, bank, twice), grouped by their multiset
    of values and their three totals: the multisets (a row of ten counts each), and for every group its
    multiset's row and its number of orders, the groups sorted by the totals' index 100 t1 + 10 t2 + tb, with
    the first group of each index."""
    deals = np.indices((10,) * 6, dtype=np.int64).reshape(6, -1)
    totals = (deals[0] + deals[3]) % 10 * 100 + (deals[1] + deals[4]) % 10 * 10 + (deals[2] + deals[5]) % 10
    powers = 7 ** np.arange(10, dtype=np.int64)  # a multiset of six as a number in base 7
    codes, which = np.unique(powers[deals].sum(axis=0), return_inverse=True)
    groups, orders = np.unique(totals * len(codes) + which.reshape(-1), return_counts=True)
    multisets = codes[:, None] // powers % 7
    starts = np.searchsorted(groups // len(codes), np.arange(1000))
    return multisets, groups % len(codes), orders.astype(np.int64), starts


@functools.lru_cache(maxsize=1024)
def _first_six_weights(counts: tuple[int, ...]) -> Ints:
    """For each index 100 t1 + 10 t2 + tb of the totals, the ordered deals of the first six cards from a shoe of
    ``counts`` that give them."""
    multisets, which, orders, starts = _first_six()
    falling = np.ones((10, 7), dtype=np.int64)  # falling[v, k]: n (n - 1) … (n - k + 1), n the cards of value v
    for k in range(1, 7):
        falling[:, k] = falling[:, k - 1] * np.maximum(np.array(counts, dtype=np.int64) - k + 1, 0)
    weights = falling[np.arange(10), multisets].prod(axis=1)
    found: Ints = np.add.reduceat(orders * weights[which], starts)
    return found


def two_expectations(rules: Rules, strategy: TwoStrategy | None = None, counts: Sequence[int] | None = None,
                     stakes: tuple[int, int] = (1, 1)) -> dict[str, Edge]:
    """Per unit staked: each paño's punto's expectation («paño 1», «paño 2»), and with ``stakes`` on the two
    paños (equal by default) the banker's («banca») and the house's («casa»), the commission being taken on
    the banker's net gain of each coup (000:2828-2831); exact, over the first coup of a full shoe.

    >>> e = two_expectations(Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True))
    >>> {k: f"{float(v.value):.3%}" for k, v in e.items()}
    {'paño 1': '-1.136%', 'paño 2': '-1.136%', 'banca': '0.455%', 'casa': '0.681%'}
    """
    p = two_probabilities(rules, strategy, counts)
    a, b = stakes
    found = {
        "paño 1": sum((v * r1 for (r1, _), v in p.items()), Fraction(0)),
        "paño 2": sum((v * r2 for (_, r2), v in p.items()), Fraction(0)),
    }
    house = sum((v * rules.commission * max(0, -(a * r1 + b * r2)) for (r1, r2), v in p.items()), Fraction(0))
    banker = sum((v * -(a * r1 + b * r2) for (r1, r2), v in p.items()), Fraction(0)) - house
    found["banca"] = banker / (a + b)
    found["casa"] = house / (a + b)
    return {k: Edge(v, TWO_METHOD, TWO_PRECISION) for k, v in found.items()}
