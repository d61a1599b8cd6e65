"""Chemin de fer: the coup with its choices, and its exact probabilities.

In both games a player, the banker, plays against «puntos», and the house only takes a share of the
banker's winnings. Cards, totals and naturals are those of :mod:`jokoak.games.baccarat.engine`. The punto
draws on 0-4, stands on 6-7 and chooses on 5; the banker draws or stands at will (he must draw on 0)
unless he asks for the «cuadro de jugadas de la Banca», whose «O» cells leave him the choice. The
choices are data: a :class:`Strategy` says what the punto does on each total and what the banker does
in each cell of the table (bank total, punto's third card or ``None`` when the punto stood).

>>> rules = Rules(TABLE, decks=6, commission=Fraction(1, 20))
>>> coup(rules, [2, 1, 3, 2])                   # punto 5 stands (the croupier's advice); bank 3 draws
Traceback (most recent call last):
...
ValueError: The bank draws on 3: one more card is needed.
>>> coup(rules, [2, 1, 3, 2, 4])                # and makes 7 against 5
Coup(player=5, bank=7, cards=5)
>>> coup(rules, [2, 1, 3, 2, 4], player="carta", bank="no")   # the punto draws a 4 (9); bank 3 stands
Coup(player=9, bank=3, cards=5)
>>> e = expectations(rules)
>>> f"{float(e.banker):.4%} {float(e.punto):.4%} {float(e.house):.4%}"
'-0.7843% -1.5242% 2.3085%'

A coup played by :func:`play` keeps the steps the engine applied (:mod:`jokoak.engine.steps`), each naming its rule:

>>> [(s.key, s.rule) for s in play(rules, {"punto": 10}, ["2", "A", "3", "2", "4"]).steps][2:5]
[('punto-advice', 'advice'), ('table-cell', 'table'), ('bank-free-customary', 'bank')]


Baccara a dos paños, played with the same rules and table, is in :mod:`jokoak.games.baccarat.dos_panos`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...engine.result import Result
from ...engine.steps import Step
from .engine import VALUES, Coup, card_value, shoe, total

Column = int | None  # the table's column: the punto's third card 0-9, or None («P»: he stood)
COLUMNS: tuple[Column, ...] = (*VALUES, None)
WORDS = {"carta": True, "no": False}  # what the punto and the banker say (000:2321-2323)
FREE, ASKED, IMPOSED, BANKER_AT_FAULT = "free", "asked", "imposed", "banker-at-fault"
BOUNDS = (FREE, ASKED, IMPOSED, BANKER_AT_FAULT)


@dataclass(frozen=True)
class BankTable:
    """The «cuadro de jugadas de la Banca»: ``rows[total]`` holds eleven letters for the bank's two-card
    total 0-7, one per column (the punto's third card 0-9, then «P»: the punto stood): T draw, P stand,
    O «se puede optar», the banker's choice (legend 000:2451-2455)."""

    rows: Mapping[int, str]

    def __post_init__(self) -> None:
        if sorted(self.rows) != list(range(8)) or any(
                len(row) != 11 or set(row) - set("TPO") for row in self.rows.values()):
            raise ValueError("A bank table needs rows 0 to 7 of eleven letters T, P or O each.")

    def cell(self, bank: int, column: Column) -> str:
        """The letter in row ``bank`` and ``column``.

        >>> TABLE.cell(3, 9), TABLE.cell(3, 8), TABLE.cell(6, None)
        ('O', 'P', 'P')
        """
        return self.rows[bank][10 if column is None else column]


# The chemin de fer table of 1977 and Extremadura (003:1685-1699, 001:2059-2066); 002:5355-5362 has the
# same cells where it can be read. Used by doctests and tests; the catalogue gives each game's own.
TABLE = BankTable({0: "TTTTTTTTTTT", 1: "TTTTTTTTTTT", 2: "TTTTTTTTTTT", 3: "TTTTTTTTPOT",
                   4: "PPTTTTTTPPT", 5: "PPPPOTTTPPT", 6: "PPPPPPTTPPP", 7: "PPPPPPPPPPP"})


@dataclass(frozen=True)
class Rules:
    """A game of chemin de fer or baccara a dos paños, as the regulation leaves it to be set."""

    table: BankTable
    """The «cuadro de jugadas de la Banca» (002:5347-5362; 003:1683-1704; 001:2057-2070)."""
    decks: int
    """French decks of 52 in the shoe: «seis barajas» (000:2070; dos paños 000:2623-2624)."""
    commission: Fraction
    """The house's share of what the banker wins in a coup: «hasta un 5 por 100» (000:2273-2275, so at most
    1/20; 003:1627-1629 «un 5 por 100»), dos paños 1/50 (banca limitada) or 1/80 (banca libre) (000:2743-2746).
    In dos paños it is taken on the banker's net gain over both paños (000:2828-2831)."""
    player_draws: frozenset[int] = frozenset(range(5))
    """Two-card totals on which the punto must draw: «0, 1, 2, 3, 4» (003:1660; 001:2047; 000:2757-2758)."""
    player_option: frozenset[int] = frozenset({5})
    """Totals on which the punto may draw or stand: «Cuando tiene 5, puede optar» (003:1661; 001:2048;
    000:2758-2760). On every other total below the naturals he stands («6 ó 7», 000:2326)."""
    naturals: frozenset[int] = frozenset({8, 9})
    """Two-card totals that are shown at once and end the coup («ocho o nueve», 000:2317-2319)."""
    bank_free: bool = True
    """The banker draws or stands at will unless he asks for the table (000:2331-2333 and 2342-2344;
    dos paños 000:2763-2767). With False the table always binds him as if he had asked."""
    bank_must_draw: frozenset[int] = frozenset({0})
    """Bank totals on which he must draw even when free: «cero («Bacarra»)» (000:2331-2333)."""
    banco_free: bool = False
    """A punto who «hace banco» may draw or stand on any total: always in 1977 (003:1664-1666); in Euskadi
    and Extremadura only «siempre que lo autorice el Director … antes de comenzar la partida» (000:2328-2331,
    001:2051): True where that authorisation is given."""
    eight_beats_three: bool = False
    """Dos paños: «Un 8 con las dos primeras cartas gana siempre a un 8 ó 9 utilizando una tercera carta»
    (000:2769-2770; 003:2143-2144; 001:2258)."""

    def __post_init__(self) -> None:
        if self.decks < 1:
            raise ValueError(f"A shoe needs at least one deck, got {self.decks}.")
        if not 0 <= self.commission < 1:
            raise ValueError(f"The commission must be a share between 0 and 1, got {self.commission}.")

    def stands(self) -> frozenset[int]:
        """The totals on which the punto must stand."""
        return frozenset(range(10)) - self.player_draws - self.player_option - self.naturals


@dataclass(frozen=True)
class Strategy:
    """The choices in a chemin de fer coup: ``player_draws``, the punto's two-card totals on which he draws;
    ``bank_draws[total]``, the columns (the punto's third card, ``None``: he stood) against which the banker
    with that two-card total draws."""

    player_draws: frozenset[int]
    bank_draws: Mapping[int, frozenset[Column]]


def customary(rules: Rules) -> Strategy:
    """The regulation's own answers to the options: the punto stands on 5, as the croupier advises him
    («éste le hará plantarse», 000:2339-2340; 001:2053; 003:1675-1677), and the banker follows the table and draws in
    its «O» cells, as he must when it is imposed («debiendo pedir carta en los casos opcionales», 000:2488-2489).

    >>> sorted(customary(Rules(TABLE, 6, Fraction(1, 20))).bank_draws[5], key=str)
    [4, 5, 6, 7, None]
    """
    return Strategy(rules.player_draws,
                    {b: frozenset(c for c in COLUMNS if rules.table.cell(b, c) != "P") for b in range(8)})


def bound_of(rules: Rules, bound: str) -> str:
    if bound not in BOUNDS:
        raise ValueError(f"«{bound}» is not a way the banker is bound: expected one of {', '.join(BOUNDS)}.")
    return ASKED if bound == FREE and not rules.bank_free else bound


def player_forced(rules: Rules, points: int, banco: bool = False) -> bool | None:
    """Whether the punto must draw (True) or stand (False) on ``points``; None where he chooses.

    >>> rules = Rules(TABLE, 6, Fraction(1, 20))
    >>> player_forced(rules, 4), player_forced(rules, 5), player_forced(rules, 6)
    (True, None, False)
    >>> player_forced(Rules(TABLE, 6, Fraction(1, 20), banco_free=True), 6, banco=True) is None
    True
    """
    if banco and rules.banco_free:
        return None
    if points in rules.player_draws:
        return True
    return None if points in rules.player_option else False


def bank_forced(rules: Rules, bank: int, column: Column, bound: str = FREE) -> bool | None:
    """Whether the banker with ``bank`` must draw (True) or stand (False) against ``column``; None where he
    chooses. ``bound``: ``"free"`` (he did not ask for the table), ``"asked"`` (he did: its T and P bind him,
    its O cells are his choice) or ``"imposed"`` (the table imposed after an error, O cells drawn, 000:2488).

    >>> rules = Rules(TABLE, 6, Fraction(1, 20))
    >>> bank_forced(rules, 0, 8), bank_forced(rules, 6, 8), bank_forced(rules, 6, 8, "asked")
    (True, None, False)
    >>> bank_forced(rules, 3, 9, "asked") is None, bank_forced(rules, 3, 9, "imposed")
    (True, True)
    """
    bound = bound_of(rules, bound)
    if bank in rules.bank_must_draw:
        return True
    if bound == FREE:
        return None
    letter = rules.table.cell(bank, column)
    return None if letter == "O" and bound == ASKED else letter != "P"


def check(rules: Rules, strategy: Strategy, bound: str = FREE, banco: bool = False) -> None:
    """Raise ValueError if ``strategy`` makes a choice the rules do not leave open.

    >>> rules = Rules(TABLE, 6, Fraction(1, 20))
    >>> check(rules, Strategy(frozenset(range(6)), customary(rules).bank_draws))   # draws on 5: allowed
    >>> check(rules, Strategy(frozenset(range(7)), customary(rules).bank_draws))
    Traceback (most recent call last):
    ...
    ValueError: The punto must stand on 6.
    """
    for points in range(10):
        if points in rules.naturals:
            continue
        forced = player_forced(rules, points, banco)
        if forced is not None and forced != (points in strategy.player_draws):
            raise ValueError(f"The punto must {'draw' if forced else 'stand'} on {points}.")
    for bank in range(8):
        for column in COLUMNS:
            forced = bank_forced(rules, bank, column, bound)
            if forced is not None and forced != (column in strategy.bank_draws.get(bank, frozenset())):
                raise ValueError(f"The banker with {bank} must {'draw' if forced else 'stand'} against "
                                 f"{_column_name(column)}.")


def _column_name(column: object) -> str:
    return "a punto who stood" if column is None else f"a third card {column}"


def choose(word: str | None, forced: bool | None, default: bool, who: str) -> bool:
    """A choice: the ``word`` said («carta» / «no») if any, else the strategy's ``default``; it must match what
    the rules force."""
    if word is not None and word not in WORDS:
        raise ValueError(f"{who.capitalize()} says «carta» or «no», not «{word}».")
    choice = WORDS[word] if word is not None else default
    if forced is not None and choice != forced:
        raise ValueError(f"{who.capitalize()} must {'draw' if forced else 'stand'}, not say "
                         f"«{'carta' if choice else 'no'}».")
    return choice


def coup(rules: Rules, cards: Sequence[int], strategy: Strategy | None = None, *, player: str | None = None,
         bank: str | None = None, bound: str = FREE, banco: bool = False, steps: list[Step] | None = None,
         labels: Sequence[str] | None = None) -> Coup:
    """Play a chemin de fer coup from card values 0-9 in the order dealt: punto, bank, punto, bank (000:2315),
    then the punto's third card if he draws, then the bank's. A natural 8 or 9 ends the coup. ``player`` and
    ``bank`` are the words said, «carta» or «no», where a choice is open (else the strategy decides). With a
    ``steps`` list, the rules applied are added to it, the cards named by ``labels`` (their values by default).

    >>> rules = Rules(TABLE, 6, Fraction(1, 20))
    >>> coup(rules, [3, 0, 3, 7], player="carta")
    Traceback (most recent call last):
    ...
    ValueError: The punto must stand, not say «carta».
    """
    strategy = strategy or customary(rules)
    if len(cards) < 4 or any(c not in VALUES for c in cards):
        raise ValueError(f"A coup needs at least four card values 0-9, got {list(cards)}.")
    names = [str(c) for c in cards] if labels is None else list(labels)
    points, bank_points = total(cards[0], cards[2]), total(cards[1], cards[3])
    say(steps, "hand", "values", hand="punto", cards=(names[0], names[2]), points=points)
    say(steps, "hand", "values", hand="banca", cards=(names[1], names[3]), points=bank_points)
    rest = list(cards[4:])
    if points in rules.naturals or bank_points in rules.naturals:
        if player is not None or bank is not None:
            raise ValueError("Nobody draws after a natural: no «carta» or «no» is said.")
        both = points in rules.naturals and bank_points in rules.naturals
        say(steps, "natural", "naturals", hand="both" if both else "punto" if points in rules.naturals else "banca",
            punto=points, banca=bank_points)
        return _done(points, bank_points, 4, rest)
    column: Column = None
    forced = player_forced(rules, points, banco)
    draws = choose(player, forced, points in strategy.player_draws, "the punto")
    if steps is not None:
        steps.append(punto_step(rules, points, forced, draws, player, banco))
    if draws:
        column = draw_card(rest, f"The punto draws on {points}")
        points = total(points, column)
        say(steps, "third-card", "values", hand="punto", card=names[4], points=points)
    default = column in strategy.bank_draws.get(bank_points, frozenset())
    dealt = 4 + (column is not None)
    forced = bank_forced(rules, bank_points, column, bound)
    draws = choose(bank, forced, default, f"the banker with {bank_points}")
    if steps is not None:
        steps += _bank_steps(rules, bank_points, column, bound, draws, bank)
    if draws:
        bank_points = total(bank_points, draw_card(rest, f"The bank draws on {bank_points}"))
        say(steps, "third-card", "values", hand="banca", card=names[dealt], points=bank_points)
        dealt += 1
    return _done(points, bank_points, dealt, rest)


def say(steps: list[Step] | None, key: str, rule: str, **values: object) -> None:
    """Record a step of the coup, when steps are kept."""
    if steps is not None:
        steps.append(Step(key, rule, values))


def word_of(draws: bool) -> str:
    return "carta" if draws else "no"


def punto_step(rules: Rules, points: int, forced: bool | None, draws: bool, word: str | None, banco: bool,
               **values: object) -> Step:
    """The punto's choice on ``points`` and the rule that left it to him or made it for him: a punto who «hace
    banco» where he may play as he likes, the totals that draw and stand, his option (the croupier's advice to
    stand when he says no word)."""
    said = {"points": points, "word": word_of(draws), **values}
    if banco and rules.banco_free:
        return Step("punto-banco", "banco", said)
    if forced is not None:
        return Step("punto-must-draw" if forced else "punto-must-stand", "punto", said)
    if word is None and not draws:
        return Step("punto-advice", "advice", said)
    return Step("punto-option", "punto", said)


def _bank_steps(rules: Rules, bank: int, column: Column, bound: str, draws: bool, word: str | None) -> list[Step]:
    """The rule that bound the banker with ``bank`` against ``column`` or left him the choice, as steps: the cell of
    the table where it applies, then his choice; ``word``: what the example says he said."""
    said = {"points": bank, "word": word_of(draws)}
    if bank in rules.bank_must_draw:
        return [Step("bank-must-draw", "bank", said)]
    letter = rules.table.cell(bank, column)
    cell = Step("table-cell", "table", {"points": bank, "column": column, "letter": letter})
    effective = bound_of(rules, bound)
    if effective == FREE:
        if word is None and draws == (letter != "P"):  # the customary play: as the table shows, drawing on O
            return [cell, Step("bank-free-customary", "bank", said | {"letter": letter})]
        return [Step("bank-free", "bank", said)]
    if effective == ASKED:
        key = "bank-asked" if bound == ASKED else "bank-table-binds"
        if letter == "O":
            return [cell, Step(f"{key}-option", "table", said)]
        return [cell, Step(key, "bank", said)]
    return [cell, Step("bank-imposed", "imposed", said)]


def draw_card(rest: list[int], why: str) -> int:
    if not rest:
        raise ValueError(f"{why}: one more card is needed.")
    return rest.pop(0)


def _done(player: int, bank: int, dealt: int, rest: list[int]) -> Coup:
    if rest:
        raise ValueError(f"{len(rest)} card(s) left over after the coup.")
    return Coup(player, bank, dealt)


def read_stakes(bets: Mapping[str, int | str | Fraction], ids: Sequence[str]) -> dict[str, Fraction]:
    stakes = {}
    for bet_id, given in bets.items():
        if bet_id not in ids:
            raise ValueError(f"No stake «{bet_id}» at this game (stakes: {', '.join(ids)}).")
        stakes[bet_id] = Fraction(given)
        if stakes[bet_id] <= 0:
            raise ValueError(f"«{bet_id}»: a stake must be positive, got {given}.")
    return stakes


def play(rules: Rules, bets: Mapping[str, int | str | Fraction], cards: Sequence[str], *,
         player: str | None = None, bank: str | None = None, strategy: Strategy | None = None,
         bound: str = FREE, banco: bool = False) -> Result:
    """Settle a chemin de fer coup dealt as ``cards`` (named as on the cloth) for the stakes ``bets``:
    ``"punto"`` (against the bank, paid at par) and ``"banca"`` (the banker's money covering it, paid at par
    less the commission when the bank wins). A tie is void: stakes are returned (000:2312-2313).

    >>> rules = Rules(TABLE, 6, Fraction(1, 20))
    >>> play(rules, {"banca": 100}, ["5", "2", "K", "A", "9"], player="no", bank="carta")   # 5 against 3+9=2
    staked=100 returned=0 net=-100
    >>> play(rules, {"banca": 100}, ["5", "2", "K", "A", "3"], player="no")   # 5 against 3+3=6, less 5 %
    staked=100 returned=195 net=+95
    >>> play(rules, {"punto": 100}, ["5", "2", "K", "A", "3"], player="no")
    staked=100 returned=0 net=-100
    >>> play(rules, {"caballo": 100}, ["5", "2", "K", "A", "3"])
    Traceback (most recent call last):
    ...
    ValueError: No stake «caballo» at this game (stakes: punto, banca).
    """
    stakes = read_stakes(bets, ("punto", "banca"))
    steps: list[Step] = []
    result = coup(rules, [card_value(c) for c in cards], strategy, player=player, bank=bank, bound=bound,
                  banco=banco, steps=steps, labels=cards)
    sign = (result.player > result.bank) - (result.player < result.bank)
    steps.append(Step("outcome", "values", {"winner": ("banca", "empate", "punto")[sign + 1], "punto": result.player,
                                            "banca": result.bank}))
    returned = Fraction(0)
    if "punto" in stakes:
        back = stakes["punto"] * (1 + sign)
        returned += back
        steps.append(settled("punto", stakes["punto"], sign, back))
    if "banca" in stakes:
        back = stakes["banca"] * (1 - sign if sign >= 0 else 2 - rules.commission)
        returned += back
        steps.append(settled("banca", stakes["banca"], -sign, back, rules.commission))
    return Result(sum(stakes.values(), Fraction(0)), returned, tuple(steps))


def settled(bet: str, stake: Fraction, sign: int, back: Fraction, commission: Fraction = Fraction(0),
            **values: object) -> Step:
    """The step that settles ``stake`` on ``bet`` (``"punto"``, ``"banca"``, ``"paño"``), which won (``sign`` 1),
    was void (0) or lost (-1) and brought back ``back``; the banker's winnings less ``commission``."""
    found: dict[str, object] = {"bet": bet, "stake": stake, "returned": back, **values}
    if sign < 0:
        return Step("lose", f"bet:{bet}", found)
    if sign == 0:
        return Step("void", "values", found)
    if commission:
        return Step("win-commission", f"bet:{bet}", found | {
            "payout": Fraction(1), "percent": commission, "won": stake, "commission": stake * commission})
    return Step("win", f"bet:{bet}", found | {"payout": Fraction(1)})


# --- exact probabilities of chemin de fer ------------------------------------------------------------------------

@dataclass(frozen=True)
class Cell:
    """What the banker's choice in one cell of the table is worth: ``draw`` and ``stand``, his expectation per
    unit staked from the coups that reach the cell (so that the cells and the naturals add up to the whole),
    and the letter the table prints there."""

    bank: int
    column: Column
    letter: str
    draw: Fraction
    stand: Fraction

    @property
    def best(self) -> str:
        """«T» if drawing is worth more to the banker, «P» if standing is, «=» if they are worth the same."""
        return "T" if self.draw > self.stand else "P" if self.stand > self.draw else "="


@dataclass(frozen=True)
class Expectations:
    """Per unit staked by the punto (and covered by the bank): what the punto, the banker and the house expect
    to gain; the three add up to zero."""

    punto: Fraction
    banker: Fraction
    house: Fraction


def shoe_counts(rules: Rules, counts: Sequence[int] | None) -> tuple[int, ...]:
    found = tuple(counts) if counts is not None else shoe(rules.decks)
    if len(found) != 10 or any(c < 0 for c in found) or sum(found) < 6:
        raise ValueError(f"A shoe is ten counts (values 0-9) of at least six cards in all, got {list(found)}.")
    return found


@functools.lru_cache(maxsize=32)
def _cells(player_draws: frozenset[int], naturals: frozenset[int], counts: tuple[int, ...]) -> tuple[
        tuple[int, int, int], dict[tuple[int, Column, bool], list[int]], int]:
    """Every deal of a coup, weighted by the ordered six-card deals it stands for: the (bank wins, punto wins,
    ties) of the coups ended by a natural, and the same for every cell of the table and choice (bank total,
    column, draws); and the number of six-card deals."""
    left = list(counts)
    size = sum(counts)
    natural = [0, 0, 0]
    cells: dict[tuple[int, Column, bool], list[int]] = {}

    def pad(ways: int, dealt: int) -> int:
        rest = sum(left)
        for n in range(6 - dealt):
            ways *= rest - n
        return ways

    def add(into: list[int], player: int, bank: int, ways: int) -> None:
        into[0 if bank > player else 1 if player > bank else 2] += ways

    def bank_cell(player: int, bank: int, column: Column, ways: int, dealt: int) -> None:
        stand = cells.setdefault((bank, column, False), [0, 0, 0])
        add(stand, player, bank, pad(ways, dealt))
        draw = cells.setdefault((bank, column, True), [0, 0, 0])
        for card in VALUES:
            if left[card]:
                more = ways * left[card]
                left[card] -= 1
                add(draw, player, total(bank, card), pad(more, dealt + 1))
                left[card] += 1

    for p1 in VALUES:
        for b1 in VALUES:
            for p2 in VALUES:
                for b2 in VALUES:
                    ways = 1
                    for v in (p1, b1, p2, b2):
                        ways *= left[v]
                        left[v] -= 1
                    if ways > 0:
                        player, bank = total(p1, p2), total(b1, b2)
                        if player in naturals or bank in naturals:
                            add(natural, player, bank, pad(ways, 4))
                        elif player in player_draws:
                            for third in VALUES:
                                if left[third]:
                                    more = ways * left[third]
                                    left[third] -= 1
                                    bank_cell(total(player, third), bank, third, more, 5)
                                    left[third] += 1
                        else:
                            bank_cell(player, bank, None, ways, 4)
                    for v in (p1, b1, p2, b2):
                        left[v] += 1
    deals = size * (size - 1) * (size - 2) * (size - 3) * (size - 4) * (size - 5)
    return (natural[0], natural[1], natural[2]), cells, deals


def outcome_probabilities(rules: Rules, strategy: Strategy | None = None,
                          counts: Sequence[int] | None = None) -> dict[str, Fraction]:
    """Exact probabilities of «banca» (the bank wins), «punto» and «empate» (a void coup) when both sides play
    ``strategy`` (the customary one by default), every card dealt without replacement from ``counts`` (the
    rules' shoe by default). One enumeration per punto's strategy and shoe (about a second). The strategy is
    not checked against the rules (a punto who «hace banco» may play otherwise): see :func:`check`.

    >>> p = outcome_probabilities(Rules(TABLE, 6, Fraction(1, 20)))
    >>> [round(float(p[k]), 6) for k in ("banca", "punto", "empate")]
    [0.461706, 0.446464, 0.091831]
    """
    strategy = strategy or customary(rules)
    natural, cells, deals = _cells(strategy.player_draws - rules.naturals, rules.naturals, shoe_counts(rules, counts))
    found = list(natural)
    for (bank, column, draws), weights in cells.items():
        if draws == (column in strategy.bank_draws.get(bank, frozenset())):
            found = [a + b for a, b in zip(found, weights, strict=True)]
    return {k: Fraction(w, deals) for k, w in zip(("banca", "punto", "empate"), found, strict=True)}


def expectations(rules: Rules, strategy: Strategy | None = None,
                 counts: Sequence[int] | None = None) -> Expectations:
    """The punto's, the banker's and the house's expectation per unit staked: the punto wins or loses at par;
    the banker pays at par and is paid at par less the commission, which is the house's take.

    >>> rules = Rules(TABLE, 6, Fraction(1, 20))
    >>> e = expectations(rules)
    >>> e.punto + e.banker + e.house
    Fraction(0, 1)
    """
    p = outcome_probabilities(rules, strategy, counts)
    house = rules.commission * p["banca"]
    return Expectations(p["punto"] - p["banca"], p["banca"] - house - p["punto"], house)


def bank_cells(rules: Rules, player_draws: frozenset[int] | None = None,
               counts: Sequence[int] | None = None) -> dict[tuple[int, Column], Cell]:
    """For each cell of the table, what drawing and standing are worth to the banker (net of the commission)
    when the punto draws on ``player_draws`` (the customary totals by default): his best choice there.

    >>> rules = Rules(TABLE, 6, Fraction(1, 20))
    >>> cells = bank_cells(rules)                # the punto stands on 5: stand in both «O» cells
    >>> cells[3, 9].best, cells[5, 4].best
    ('P', 'P')
    >>> cells = bank_cells(rules, frozenset(range(6)))    # he draws on 5: draw in both
    >>> cells[3, 9].best, cells[5, 4].best
    ('T', 'T')
    """
    if player_draws is None:
        player_draws = customary(rules).player_draws
    _, cells, deals = _cells(player_draws - rules.naturals, rules.naturals, shoe_counts(rules, counts))
    keep = 1 - rules.commission
    found = {}
    for bank in range(8):
        for column in COLUMNS:
            value = {}
            for draws in (True, False):
                won, lost, _ = cells.get((bank, column, draws), [0, 0, 0])
                value[draws] = (keep * won - lost) / deals
            found[bank, column] = Cell(bank, column, rules.table.cell(bank, column), value[True], value[False])
    return found


def best_response(rules: Rules, player_draws: frozenset[int] | None = None,
                  counts: Sequence[int] | None = None, bound: str = FREE) -> Strategy:
    """The banker's best choice in every cell he is free in (``bound`` as in :func:`bank_forced`), drawing where
    both are worth the same, against the punto drawing on ``player_draws``.

    >>> rules = Rules(TABLE, 6, Fraction(1, 20))
    >>> sorted(best_response(rules, bound="asked").bank_draws[3], key=str)    # stands on 3 against a 9
    [0, 1, 2, 3, 4, 5, 6, 7, None]
    """
    if player_draws is None:
        player_draws = customary(rules).player_draws
    cells = bank_cells(rules, player_draws, counts)
    draws: dict[int, set[Column]] = {bank: set() for bank in range(8)}
    for (bank, column), cell in cells.items():
        forced = bank_forced(rules, bank, column, bound)
        if forced if forced is not None else cell.best != "P":
            draws[bank].add(column)
    return Strategy(player_draws, {bank: frozenset(columns) for bank, columns in draws.items()})
