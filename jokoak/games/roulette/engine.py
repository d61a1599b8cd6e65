"""Roulette mechanics: what each bet covers, the settlement of spins, «en prisión», house edges.

Payouts, the wheel and the zero rule come from the catalogue; this module only knows how a
placement on the grid covers numbers and how a stake is settled. All amounts are exact
fractions.

>>> from ...engine.wheel import EUROPEAN_ORDER, Wheel
>>> wheel = Wheel(EUROPEAN_ORDER, frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30,
...                                           32, 34, 36}), frozenset({0}))
>>> sorted(targets(Bet("caballo", "split", Fraction(17)), wheel))[:3]
['0-1', '0-2', '0-3']
>>> sorted(targets(Bet("transversal", "street", Fraction(11)), wheel))[:2]
['1-2-3', '10-11-12']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ...engine.prison import ZeroRule
from ...engine.result import Result
from ...engine.steps import Step
from ...engine.wheel import Wheel, in_layout_order, label, parse

# «fixed»: a bet on the sets of numbers the regulation lists (``extra_targets``) and on no other.
NUMBER_SHAPES = ("straight", "split", "street", "corner", "line", "fixed")
GROUP_SHAPES = ("column", "dozen", "column-pair", "dozen-pair")
CHANCES = ("red", "black", "even", "odd", "low", "high")
ANNOUNCED_SHAPES = ("neighbours", "sector")
SHAPES = (*NUMBER_SHAPES, *GROUP_SHAPES, "even-chance", *ANNOUNCED_SHAPES, "segment")


@dataclass(frozen=True)
class SectorChip:
    """``count`` chips of a sector bet, placed on ``bet`` over ``numbers``."""

    bet: str
    numbers: frozenset[int]
    count: int


@dataclass(frozen=True)
class Bet:
    """A bet as the regulation defines it: its shape on the layout and its payout (N to 1).

    Announced bets (``neighbours``, ``sector``) have no payout of their own: each of their chips
    is paid as the placement it sits on.
    """

    id: str
    shape: str
    payout: Fraction | None = None
    chance: str | None = None
    extra_targets: tuple[frozenset[int], ...] = ()
    each_side: int = 0
    chips: tuple[SectorChip, ...] = ()
    symbol: str | None = None  # a money wheel's bet on every cell showing this symbol


@dataclass(frozen=True)
class Rules:
    """The mechanics of one roulette game, built from its catalogue entry."""

    wheel: Wheel
    bets: Mapping[str, Bet]
    zero_rule: ZeroRule


@dataclass(frozen=True)
class Chip:
    """One stake on one placement, ready to be settled."""

    bet: str
    covers: frozenset[int]
    stake: Fraction
    payout: Fraction
    even_chance: bool


def name_of(numbers: frozenset[int]) -> str:
    """The target name of a set of numbers: in layout order, joined by hyphens (``0-2-3``, ``0-00-1-2-3``)."""
    return "-".join(label(n) for n in in_layout_order(numbers))


def _number_targets(shape: str, wheel: Wheel) -> list[frozenset[int]]:
    rows = range(1, 13)
    if shape == "straight":
        return [frozenset({n}) for n in wheel.pockets]
    if shape == "split":
        pairs = [frozenset({n, n + 1}) for n in wheel.numbers if n % 3 and n + 1 in wheel.numbers]
        pairs += [frozenset({n, n + 3}) for n in wheel.numbers if n + 3 in wheel.numbers]
        # Beside a single zero lie 1, 2 and 3; where two zeros share that side, the layout's
        # splits with them are the catalogue's (``extra_targets``).
        if len(wheel.zeros) == 1:
            pairs += [frozenset({zero, n}) for zero in wheel.zeros for n in (1, 2, 3)]
        return pairs
    if shape == "street":
        return [wheel.row(r) for r in rows]
    if shape == "corner":
        return [frozenset({n, n + 1, n + 3, n + 4}) for n in wheel.numbers if n % 3 and n + 4 in wheel.numbers]
    if shape == "line":
        return [wheel.row(r) | wheel.row(r + 1) for r in rows[:-1]]
    if shape == "fixed":
        return []
    raise ValueError(f"not a number shape: {shape}")


def _group_targets(shape: str, wheel: Wheel) -> dict[str, frozenset[int]]:
    if shape == "column":
        return {str(i): wheel.column(i) for i in (1, 2, 3)}
    if shape == "dozen":
        return {str(i): wheel.dozen(i) for i in (1, 2, 3)}
    if shape == "column-pair":
        return {f"{i}-{i + 1}": wheel.column(i) | wheel.column(i + 1) for i in (1, 2)}
    if shape == "dozen-pair":
        return {f"{i}-{i + 1}": wheel.dozen(i) | wheel.dozen(i + 1) for i in (1, 2)}
    raise ValueError(f"not a group shape: {shape}")


def chance_numbers(chance: str, wheel: Wheel) -> frozenset[int]:
    """The numbers an even chance covers; zeros are never part of one."""
    numbers = wheel.numbers
    return {
        "red": frozenset(n for n in numbers if n in wheel.red),
        "black": frozenset(n for n in numbers if n not in wheel.red),
        "even": frozenset(n for n in numbers if n % 2 == 0),
        "odd": frozenset(n for n in numbers if n % 2 == 1),
        # «falta» and «pasa»: the lower and the upper half of the numbers (1-18 and 19-36 on a
        # roulette wheel; 1-4 and 6-9 on a boule, whose 5 plays the part of the zero).
        "low": frozenset(sorted(numbers)[: len(numbers) // 2]),
        "high": frozenset(sorted(numbers)[len(numbers) // 2:]),
    }[chance]


def targets(bet: Bet, wheel: Wheel) -> dict[str, frozenset[int]]:
    """Every placement of a plain bet, by target name, with the numbers it covers.

    Even chances have one placement, named ``""``. Announced bets have none: see :func:`chips_for`.
    """
    if bet.shape in NUMBER_SHAPES:
        found = _number_targets(bet.shape, wheel) + list(bet.extra_targets)
        return {name_of(numbers): numbers for numbers in found}
    if bet.shape in GROUP_SHAPES:
        return _group_targets(bet.shape, wheel)
    if bet.shape == "even-chance" and bet.chance:
        return {"": chance_numbers(bet.chance, wheel)}
    if bet.shape == "segment":
        return {"": frozenset(p for p, label in zip(wheel.order, wheel.labels, strict=True) if label == bet.symbol)}
    raise ValueError(f"bet {bet.id!r} ({bet.shape}) has no placements of its own")


def _canonical(target: str) -> str:
    try:
        return name_of(frozenset(parse(part) for part in target.split("-")))
    except ValueError:
        return target


def chips_for(rules: Rules, spec: str, unit: Fraction) -> tuple[Chip, ...]:
    """The chips of a bet written as ``"<bet> [<target>]"``, each chip staking ``unit``.

    >>> from ...engine.wheel import EUROPEAN_ORDER, Wheel
    >>> wheel = Wheel(EUROPEAN_ORDER, frozenset({1, 3}), frozenset({0}))
    >>> bets = {"pleno": Bet("pleno", "straight", Fraction(35)), "vecinos": Bet("vecinos", "neighbours", each_side=2)}
    >>> rules = Rules(wheel, bets, ZeroRule(True, True, True))
    >>> [sorted(c.covers) for c in chips_for(rules, "vecinos 0", Fraction(1))]
    [[3], [26], [0], [32], [15]]
    >>> chips_for(rules, "pleno 37", Fraction(1))
    Traceback (most recent call last):
    ...
    ValueError: «pleno 37»: 37 is not a placement of pleno
    """
    bet_id, _, target = spec.strip().partition(" ")
    target = target.strip()
    bet = rules.bets.get(bet_id)
    if bet is None:
        raise ValueError(f"«{spec}»: no bet called {bet_id!r} (bets: {', '.join(sorted(rules.bets))})")
    if bet.shape == "neighbours":
        centre = parse(target) if target == "00" or target.isdigit() else None
        if centre not in rules.wheel.pockets:
            raise ValueError(f"«{spec}»: {bet_id} needs a number of the wheel")
        assert centre is not None
        straight = next(b for b in rules.bets.values() if b.shape == "straight")
        return tuple(_chip(rules, straight, label(n), unit)
                     for n in rules.wheel.neighbours(centre, bet.each_side))
    if bet.shape == "sector":
        if target:
            raise ValueError(f"«{spec}»: {bet_id} takes no target")
        return tuple(_chip(rules, rules.bets[chip.bet], name_of(chip.numbers), unit * chip.count)
                     for chip in bet.chips)
    return (_chip(rules, bet, target, unit),)


def _chip(rules: Rules, bet: Bet, target: str, stake: Fraction) -> Chip:
    placements = targets(bet, rules.wheel)
    covers = placements.get(_canonical(target))
    if covers is None:
        what = f"{target} is not a placement of {bet.id}" if target else f"{bet.id} needs a target"
        raise ValueError(f"«{(bet.id + ' ' + target).strip()}»: {what}")
    assert bet.payout is not None
    return Chip(bet.id, covers, stake, bet.payout, bet.shape == "even-chance")


@dataclass
class _Prisoner:
    chip: Chip
    value: Fraction  # what comes back if freed
    zeros: int = 0


@dataclass
class _Table:
    rules: Rules
    minimum: Fraction | None
    on_zero: str | list[str]
    returned: Fraction = Fraction(0)
    prison: list[_Prisoner] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)

    def choice(self) -> str:
        """The player's choice at this zero: one for all zeros, or the next of a list."""
        if isinstance(self.on_zero, str):
            return self.on_zero
        if not self.on_zero:
            raise ValueError("more zeros than choices in on_zero")
        return self.on_zero.pop(0)

    def step(self, key: str, chip: Chip, rule: str = "zero", **values: object) -> None:
        shape = self.rules.bets[chip.bet].shape if chip.bet in self.rules.bets else ""
        covers = name_of(chip.covers) if shape in NUMBER_SHAPES else ""  # «pleno 17», but «rojo» alone
        self.steps.append(Step(key, rule, {"bet": chip.bet, "covers": covers, **values}))

    def zero(self, chip: Chip, value: Fraction, last: bool) -> None:
        """A zero came with ``value`` at stake on an even chance."""
        rule = self.rules.zero_rule
        if rule.loses_all:
            self.step("zero-loses", chip, stake=value)
            return
        halved = value / 2
        stays = (rule.below_minimum_stays and self.minimum is not None and halved < self.minimum)
        if (last and rule.last_spin_refund) or not rule.prison:
            self.returned += halved
            self.step("zero-last-spin" if rule.prison else "zero-half", chip, stake=value, returned=halved)
        elif self.choice() == "prison" or stays:
            self.prison.append(_Prisoner(chip, value))
            self.step("zero-prison-below-minimum" if stays else "zero-prison", chip, stake=value,
                      minimum=self.minimum or Fraction(0))
        else:
            self.returned += halved
            self.step("zero-half", chip, stake=value, returned=halved)

    def spin(self, number: int, chips: Sequence[Chip], last: bool) -> None:
        self.steps.append(Step("spin", "wheel", {"number": label(number)}))
        prisoners, self.prison = self.prison, []
        for prisoner in prisoners:
            if number in self.rules.wheel.zeros:
                self.zero(prisoner.chip, prisoner.value / 2, last)
            elif number in prisoner.chip.covers:
                self.returned += prisoner.value
                self.step("prison-freed", prisoner.chip, returned=prisoner.value)
            else:
                self.step("prison-lost", prisoner.chip, stake=prisoner.value)
        for chip in chips:
            if chip.even_chance and number in self.rules.wheel.zeros:
                self.zero(chip, chip.stake, last)
            elif number in chip.covers:
                self.returned += chip.stake * (1 + chip.payout)
                self.step("win", chip, rule=f"bet:{chip.bet}", stake=chip.stake, payout=chip.payout,
                          returned=chip.stake * (1 + chip.payout))
            else:
                self.step("lose", chip, rule=f"bet:{chip.bet}", stake=chip.stake)


def play(rules: Rules, bets: Mapping[str, int | str | Fraction], spins: Sequence[int | str], *,
         on_zero: str | Sequence[str] = "half", last_spin: bool = False,
         minimum: int | str | Fraction | None = None) -> Result:
    """Place ``bets`` (``{"pleno 17": 10}``; announced bets stake per chip), then spin ``spins``.

    ``on_zero`` is the player's choice for even chances when a zero comes: ``"half"`` (take half
    back) or ``"prison"``, or a list of choices, one per zero. ``last_spin`` says the final spin
    is the last of the session. ``minimum`` is the table minimum: a stake whose halved value is
    below it must stay in prison. Every bet must be settled by the end: a stake still in prison
    is an error.
    """
    choices = [on_zero] if isinstance(on_zero, str) else list(on_zero)
    if any(choice not in ("half", "prison") for choice in choices):
        raise ValueError(f"on_zero must be 'half' or 'prison', got {on_zero!r}")
    pockets = [rules.wheel.pocket(spin) for spin in spins]
    if not spins:
        raise ValueError("at least one spin is needed")
    chips = [chip for spec, unit in bets.items() for chip in chips_for(rules, spec, Fraction(unit))]
    table = _Table(rules, None if minimum is None else Fraction(minimum),
                   on_zero if isinstance(on_zero, str) else choices)
    for index, number in enumerate(pockets):
        if index and not table.prison:
            raise ValueError(f"every bet was settled before spin {index + 1} ({number})")
        table.spin(number, chips if index == 0 else (), last_spin and index == len(spins) - 1)
    if table.prison:
        raise ValueError("a stake is still «en prisión» after the last spin")
    return Result(sum((chip.stake for chip in chips), Fraction(0)), table.returned, tuple(table.steps))


def expected_return(rules: Rules, chip: Chip, on_zero: str = "half") -> Fraction:
    """The exact expected amount returned by ``chip`` (stake included), every pocket equally likely.

    For an even chance in prison, each further zero halves what comes back, so the value of a
    unit in prison ``c`` solves ``c = P(win) + P(zero)·c/2``.
    """
    pockets = len(rules.wheel.order)
    p_win = Fraction(len(chip.covers), pockets)
    if not chip.even_chance:
        return chip.stake * p_win * (1 + chip.payout)
    p_zero = Fraction(len(rules.wheel.zeros), pockets)
    if rules.zero_rule.loses_all:
        after_zero = Fraction(0)
    elif not rules.zero_rule.prison or on_zero == "half":
        after_zero = Fraction(1, 2)
    else:
        after_zero = p_win / (1 - p_zero / 2)
    return chip.stake * (p_win * (1 + chip.payout) + p_zero * after_zero)


def house_edge(rules: Rules, bet_id: str, on_zero: str = "half") -> Fraction:
    """The expected loss per unit staked on ``bet_id``, the same for every placement of it.

    >>> from ...engine.wheel import EUROPEAN_ORDER, Wheel
    >>> wheel = Wheel(EUROPEAN_ORDER, frozenset({1, 3}), frozenset({0}))
    >>> rules = Rules(wheel, {"pleno": Bet("pleno", "straight", Fraction(35))}, ZeroRule(True, True, True))
    >>> house_edge(rules, "pleno")
    Fraction(1, 37)
    """
    edges = {1 - sum((expected_return(rules, chip, on_zero) for chip in chips), Fraction(0))
             / sum((chip.stake for chip in chips), Fraction(0))
             for chips in _every_placement(rules, rules.bets[bet_id])}
    if len(edges) != 1:
        raise ValueError(f"{bet_id}: the house edge differs between placements: {sorted(edges)}")
    return edges.pop()


def _every_placement(rules: Rules, bet: Bet) -> list[tuple[Chip, ...]]:
    if bet.shape == "neighbours":
        return [chips_for(rules, f"{bet.id} {label(n)}", Fraction(1)) for n in rules.wheel.order]
    if bet.shape == "sector":
        return [chips_for(rules, bet.id, Fraction(1))]
    return [chips_for(rules, f"{bet.id} {target}", Fraction(1)) for target in targets(bet, rules.wheel)]
