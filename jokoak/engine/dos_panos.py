"""Baccara a dos paños: a banker against two paños at once, the coup with its choices, and its probabilities.

The rules, the card values and the «cuadro de jugadas de la Banca» are chemin de fer's
(:class:`jokoak.engine.chemin.Rules`, «con carácter general», 000:2750-2752), with the commission of
dos paños and its two-card-eight rule. A coup is dealt to the first paño, the second paño and the bank
in turn; each paño is settled against the bank on its own:

>>> two = Rules(TABLE, decks=6, commission=Fraction(1, 50), eight_beats_three=True)
>>> coup_two(two, [8, 3, 1, 0, 3, 4, 1])   # paño 1 natural 8; paño 2 stands on 6; bank 5 draws a 1
TwoCoup(first=8, second=6, bank=6, results=(1, 0), cards=7)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .baccarat import VALUES, card_value, total
from .chemin import (
    BANKER_AT_FAULT,
    FREE,
    TABLE,
    Rules,
    bound_of,
    choose,
    draw_card,
    player_forced,
    read_stakes,
    shoe_counts,
)
from .roulette import Result

__all__ = ["NATURAL", "TABLE", "Edge", "Rules", "TwoCoup", "TwoStrategy", "bank_forced_two", "coup_two",
           "customary_two", "play_two", "two_expectations", "two_probabilities"]

NATURAL = "natural"  # a paño that showed a natural has no column in the table
TwoColumn = int | None | str  # a paño's column: its third card, None (it stood), or NATURAL
BankChoice = Callable[[int, TwoColumn, TwoColumn], bool]


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


def _beats(rules: Rules, a: int, a_cards: int, b: int, b_cards: int) -> int:
    """1 if hand a beats hand b, -1 if b beats a, 0 for a void coup."""
    if rules.eight_beats_three:
        if a == 8 and a_cards == 2 and b in (8, 9) and b_cards == 3:
            return 1
        if b == 8 and b_cards == 2 and a in (8, 9) and a_cards == 3:
            return -1
    return (a > b) - (a < b)


def coup_two(rules: Rules, cards: Sequence[int], strategy: TwoStrategy | None = None, *,
             players: tuple[str | None, str | None] = (None, None), bank: str | None = None,
             bound: str = FREE, banco: bool = False) -> TwoCoup:
    """Play a dos paños coup from card values 0-9 in the order dealt: first paño, second paño, bank, one card
    at a time, twice round (000:2814-2817), then the third cards in the order the paños and the bank speak
    (000:2821-2823). A natural of the bank ends the coup; a paño's natural is shown and that paño is out of
    the drawing. ``players``: the words of each paño's punto where he chooses; ``bank``: the banker's.

    >>> two = Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True)
    >>> coup_two(two, [4, 3, 9, 4, 4, 9], players=("no", None))    # bank natural 9: nobody draws
    Traceback (most recent call last):
    ...
    ValueError: Nobody draws after the bank's natural: no «carta» or «no» is said.
    """
    strategy = strategy or customary_two(rules)
    if len(cards) < 6 or any(c not in VALUES for c in cards):
        raise ValueError(f"A dos paños coup needs at least six card values 0-9, got {list(cards)}.")
    points = [total(cards[0], cards[3]), total(cards[1], cards[4])]
    bank_points, rest = total(cards[2], cards[5]), list(cards[6:])
    held = [2, 2, 2]
    if bank_points in rules.naturals:
        if players != (None, None) or bank is not None:
            raise ValueError("Nobody draws after the bank's natural: no «carta» or «no» is said.")
        return _done_two(rules, points, bank_points, held, rest)
    columns: list[TwoColumn] = [None, None]
    for i in (0, 1):
        who = f"the punto of paño {i + 1}"
        if points[i] in rules.naturals:
            if players[i] is not None:
                raise ValueError(f"{who.capitalize()} shows a natural: he says neither «carta» nor «no».")
            columns[i] = NATURAL
        elif choose(players[i], player_forced(rules, points[i], banco), points[i] in strategy.player_draws, who):
            third = draw_card(rest, f"Paño {i + 1} draws on {points[i]}")
            points[i], columns[i] = total(points[i], third), third
            held[i] = 3
    if columns == [NATURAL, NATURAL]:
        if bank is not None:
            raise ValueError("Both paños showed a natural: the banker does not draw.")
        return _done_two(rules, points, bank_points, held, rest)
    forced = bank_forced_two(rules, bank_points, columns[0], columns[1], bound)
    if choose(bank, forced, strategy.bank(bank_points, columns[0], columns[1]), f"the banker with {bank_points}"):
        bank_points = total(bank_points, draw_card(rest, f"The bank draws on {bank_points}"))
        held[2] = 3
    return _done_two(rules, points, bank_points, held, rest)


def _done_two(rules: Rules, points: list[int], bank: int, held: list[int], rest: list[int]) -> TwoCoup:
    if rest:
        raise ValueError(f"{len(rest)} card(s) left over after the coup.")
    results = (_beats(rules, points[0], held[0], bank, held[2]), _beats(rules, points[1], held[1], bank, held[2]))
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
    result = coup_two(rules, [card_value(c) for c in cards], strategy, players=players, bank=bank, bound=bound,
                      banco=banco)
    returned = Fraction(0)
    net = Fraction(0)
    for i, sign in enumerate(result.results):
        returned += stakes.get(f"paño {i + 1}", Fraction(0)) * (1 + sign)
        covered = stakes.get(f"banca {i + 1}", Fraction(0))
        returned += covered * (1 - sign)
        net -= covered * sign
    if net > 0:
        returned -= rules.commission * net
    return Result(sum(stakes.values(), Fraction(0)), returned)


@dataclass(frozen=True)
class Edge:
    """An expectation per unit staked, with how it was obtained (``method``) and how close it is (``precision``)."""

    value: Fraction
    method: str
    precision: str


TWO_METHOD = ("exact enumeration with every card dealt with replacement from the shoe's proportions "
              "(an infinite shoe), not from the shoe itself")
TWO_PRECISION = ("the same approximation moves chemin de fer's probabilities by less than 0.0004 from the exact "
                 "six-deck ones (the bank wins 0.46171 exactly, 0.46146 with replacement; see the tests)")


def two_probabilities(rules: Rules, strategy: TwoStrategy | None = None,
                      counts: Sequence[int] | None = None) -> dict[tuple[int, int], Fraction]:
    """The probability of each pair of results (paño 1, paño 2), each 1 (the paño wins), 0 (void) or -1 (the
    bank wins), with every card drawn with replacement from the proportions of ``counts`` (the rules' shoe
    by default): an approximation, see :data:`TWO_METHOD`.

    >>> p = two_probabilities(Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True))
    >>> round(float(p[-1, -1]), 4), round(float(p[1, 1]), 4), sum(p.values())
    (0.2924, 0.2912, Fraction(1, 1))
    """
    strategy = strategy or customary_two(rules)
    found = shoe_counts(rules, counts)
    size = sum(found)
    q = [Fraction(c, size) for c in found]
    two = [Fraction(0)] * 10  # a two-card total's probability
    for a in VALUES:
        for b in VALUES:
            two[total(a, b)] += q[a] * q[b]
    # a paño, by its column: (final total, cards held, probability)
    pano: dict[TwoColumn, list[tuple[int, int, Fraction]]] = {}
    for t in range(10):
        if t in rules.naturals:
            pano.setdefault(NATURAL, []).append((t, 2, two[t]))
        elif t in strategy.player_draws:
            for c in VALUES:
                pano.setdefault(c, []).append((total(t, c), 3, two[t] * q[c]))
        else:
            pano.setdefault(None, []).append((t, 2, two[t]))
    joint: dict[tuple[int, int], Fraction] = {(a, b): Fraction(0) for a in (1, 0, -1) for b in (1, 0, -1)}
    for tb in range(10):
        if tb in rules.naturals:  # both paños compare their two-card totals with the bank's natural
            for t1 in range(10):
                for t2 in range(10):
                    key = (_beats(rules, t1, 2, tb, 2), _beats(rules, t2, 2, tb, 2))
                    joint[key] += two[tb] * two[t1] * two[t2]
            continue
        for c1, first in pano.items():
            for c2, second in pano.items():
                draws = c1 != NATURAL or c2 != NATURAL
                draws = draws and bool(strategy.bank(tb, c1, c2))
                banks = [(total(tb, c), 3, q[c]) for c in VALUES] if draws else [(tb, 2, Fraction(1))]
                for bank, held, pb in banks:
                    r1 = _results(rules, first, bank, held)
                    r2 = _results(rules, second, bank, held)
                    for a, pa in r1.items():
                        for b, pbb in r2.items():
                            joint[a, b] += two[tb] * pb * pa * pbb
    return joint


def _results(rules: Rules, hands: list[tuple[int, int, Fraction]], bank: int, held: int) -> dict[int, Fraction]:
    found: dict[int, Fraction] = {}
    for points, cards, p in hands:
        r = _beats(rules, points, cards, bank, held)
        found[r] = found.get(r, Fraction(0)) + p
    return found


def two_expectations(rules: Rules, strategy: TwoStrategy | None = None, counts: Sequence[int] | None = None,
                     stakes: tuple[int, int] = (1, 1)) -> dict[str, Edge]:
    """Per unit staked: each paño's punto's expectation («paño 1», «paño 2»), and with ``stakes`` on the two
    paños (equal by default) the banker's («banca») and the house's («casa»), the commission being taken on
    the banker's net gain of each coup (000:2828-2831).

    >>> e = two_expectations(Rules(TABLE, 6, Fraction(1, 50), eight_beats_three=True))
    >>> {k: f"{float(v.value):.3%}" for k, v in e.items()}
    {'paño 1': '-1.129%', 'paño 2': '-1.129%', 'banca': '0.448%', 'casa': '0.681%'}
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
