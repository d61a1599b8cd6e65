"""The roulette texts' own claims about their wheels and sectors, checked against the engine: the colours by digit
sum, alternating colours, neighbours, the arc a sector covers. Each gives a :class:`~jokoak.engine.lint.Finding`."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...engine.lint import Finding
from ...engine.wheel import Wheel
from . import engine as roulette


def digit_sum(n: int) -> int:
    return sum(int(d) for d in str(n))


def colour_digit_sum(wheel: Wheel, black_also: list[int], red_also: list[int]) -> dict[str, Any]:
    """Numbers where «digit sum even → black, plus ``black_also``, except ``red_also``» is wrong."""
    def claimed_black(n: int) -> bool:
        return (digit_sum(n) % 2 == 0 or n in black_also) and n not in red_also

    wrong = sorted(n for n in wheel.numbers if claimed_black(n) != (wheel.colour(n) == "black"))
    return {"wrong": wrong, "black_also": sorted(black_also), "red_also": sorted(red_also)}


def alternating_colours(wheel: Wheel) -> dict[str, Any]:
    """Pairs of wheel neighbours (zeros aside) that share a colour."""
    ring = [n for n in wheel.order if n not in wheel.zeros]
    same = [(a, b) for a, b in zip(ring, ring[1:] + ring[:1], strict=True) if wheel.colour(a) == wheel.colour(b)]
    return {"same": same}


def no_consecutive_neighbours(wheel: Wheel) -> dict[str, Any]:
    """Pairs of wheel neighbours whose numbers are consecutive."""
    order = wheel.order
    pairs = [(a, b) for a, b in zip(order, order[1:] + order[:1], strict=True) if abs(a - b) == 1]
    return {"pairs": pairs}


def neighbours_example(wheel: Wheel, number: int, numbers: list[int]) -> dict[str, Any]:
    """The example's neighbours against the wheel's, for ``number`` and two either side."""
    each_side = (len(numbers) - 1) // 2
    actual = sorted(wheel.neighbours(number, each_side))
    return {"number": number, "claimed": sorted(numbers), "actual": actual}


def covered(rules: roulette.Rules, bet_id: str) -> frozenset[int]:
    """The numbers a sector bet covers."""
    chips = roulette.chips_for(rules, bet_id, Fraction(1))
    return frozenset().union(*(chip.covers for chip in chips))


def sector_arc(rules: roulette.Rules, bet: str, arc: str) -> dict[str, Any]:
    """Whether a sector covers the arc its name says: around the zero, opposite it, or the rest."""
    wheel = rules.wheel
    numbers = covered(rules, bet)
    arcs = wheel.arcs(numbers)
    zero = wheel.order[0]
    if arc == "around-zero":
        # «Sector del Cero»: one arc with the zero inside it, not at an end (22…25 has 9 pockets on
        # one side of the zero and 7 on the other, so it is not centred, and need not be).
        ok = len(arcs) == 1 and zero in arcs[0][1:-1]
    elif arc == "opposite-zero":
        opposite = (wheel.position(zero) + len(wheel.order) // 2) % len(wheel.order)
        ok = len(arcs) == 1 and wheel.order[opposite] in numbers
    else:
        others = [b.id for b in rules.bets.values() if b.shape == "sector" and b.id != bet]
        rest = wheel.pockets - frozenset().union(*(covered(rules, o) for o in others))
        overlap = sorted(numbers & (wheel.pockets - rest))
        ok = numbers == rest
        return {"bet": bet, "arc": arc, "holds": ok, "numbers": sorted(numbers), "rest": sorted(rest),
                "overlap": overlap, "arcs": [list(a) for a in arcs]}
    return {"bet": bet, "arc": arc, "holds": ok, "numbers": sorted(numbers), "arcs": [list(a) for a in arcs]}


def run_claim(rules: roulette.Rules, claim_id: str, check: str, params: Mapping[str, Any]) -> Finding:
    """Run one of the regulation's own claims against the engine."""
    wheel = rules.wheel
    if check == "colour-digit-sum":
        values = colour_digit_sum(wheel, list(params["black_also"]), list(params["red_also"]))
        return Finding(claim_id, check, not values["wrong"], values)
    if check == "alternating-colours":
        values = alternating_colours(wheel)
        return Finding(claim_id, check, not values["same"], values)
    if check == "no-consecutive-neighbours":
        values = no_consecutive_neighbours(wheel)
        return Finding(claim_id, check, not values["pairs"], values)
    if check == "neighbours-example":
        values = neighbours_example(wheel, int(params["number"]), list(params["numbers"]))
        return Finding(claim_id, check, values["claimed"] == values["actual"], values)
    if check == "sector-arc":
        values = sector_arc(rules, str(params["bet"]), str(params["arc"]))
        return Finding(claim_id, check, bool(values.pop("holds")), values)
    raise ValueError(f"unknown check {check!r}")
