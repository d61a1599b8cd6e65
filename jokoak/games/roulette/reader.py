"""Reading the roulette part of a game file: wheel, bets, zero rule, limits and claims.

The result, :class:`RouletteSpec`, holds the engine's :class:`~jokoak.games.roulette.engine.Rules`
and what the sheets show beside them (names, limit groups, citations).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...common import ZERO_CHOICES, CommonReader, Layout, Limits
from ...engine.prison import ZeroRule
from ...engine.result import Result
from ...engine.wheel import DOUBLE_ZERO, Wheel, label
from ...family import Options, amount_option, choice, flag
from ...models import Citation, Reading, Text
from ...schema import Reader, join
from ...yamlsrc import Map, Seq, excerpt
from . import engine as roulette

CLAIM_CHECKS = {
    "colour-digit-sum": {"black_also", "red_also"},
    "alternating-colours": set(),
    "no-consecutive-neighbours": set(),
    "neighbours-example": {"number", "numbers"},
    "sector-arc": {"bet", "arc"},
}
ARCS = ("around-zero", "opposite-zero", "rest")


@dataclass(frozen=True)
class BetInfo:
    id: str
    name: Text
    bet: roulette.Bet
    limit: str | None
    source: tuple[Citation, ...]

    @property
    def announced(self) -> bool:
        """An announced bet (the neighbours, a sector): its chips are each a bet of their own limit group."""
        return self.bet.shape in roulette.ANNOUNCED_SHAPES


@dataclass(frozen=True)
class Claim:
    id: str
    check: str
    params: dict[str, Any]
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class RouletteSpec:
    rules: roulette.Rules
    bets: tuple[BetInfo, ...]
    layouts: tuple[Layout, ...]
    limits: Limits
    claims: tuple[Claim, ...]
    zero_source: tuple[Citation, ...]
    zero_summary: tuple[Text, ...]
    zero_heading: Text | None  # the sheet's heading for the zero rule, where «the zero» is another number
    wheel_source: tuple[Citation, ...] = ()

    def bet(self, bet_id: str) -> BetInfo:
        return next(b for b in self.bets if b.id == bet_id)


ROULETTE_FIELDS = {"wheel", "layouts", "bets", "limits", "claims"}
ROULETTE_OPTIONAL = {"zero_rule"}  # a money wheel has no even chances


class RouletteReader(CommonReader):
    """Reads and checks the roulette fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        super().__init__(reader, citations, readings)
        self.wheel_source: tuple[Citation, ...] = ()

    def numbers(self, node: Map, key: str, path: str, pockets: frozenset[int]) -> frozenset[int] | None:
        value = node.get(key)
        found = [pocket_number(n) for n in value] if isinstance(value, Seq) else []
        if not found or None in found:
            self.r.error(node, key, path, 'expected a list of pocket numbers (the double zero written "00")')
            return None
        bad = [n for n in found if n not in pockets]
        if bad and bad[0] is not None:
            self.r.error(node, key, path, f"{label(bad[0])} is not a pocket of this wheel")
            return None
        return frozenset(n for n in found if n is not None)

    def read(self, doc: Map) -> RouletteSpec | None:
        wheel = self.wheel(doc.get("wheel"), "wheel")
        if wheel is None:
            return None
        zero_rule = self.zero_rule(doc["zero_rule"], "zero_rule") if "zero_rule" in doc else ZeroRule(
            False, False, False)
        bets = self.bets(doc, wheel)
        rules = roulette.Rules(wheel, {b.id: b.bet for b in bets}, zero_rule or ZeroRule(False, False, False))
        self.check_sectors(doc, rules)
        limits = self.limits(doc.get("limits"), "limits", bets)
        layouts = self.layouts(doc)
        claims = self.claims(doc, rules)
        if zero_rule is None or limits is None:
            return None
        if any(b.bet.shape == "even-chance" for b in bets) and "zero_rule" not in doc:
            self.r.error(doc, None, "zero_rule", "even chances need the zero rule")
            return None
        return RouletteSpec(rules, tuple(bets), tuple(layouts), limits, tuple(claims),
                            self.zero_source, self.summary, self.zero_heading, self.wheel_source)

    def wheel(self, node: Any, path: str) -> Wheel | None:
        if isinstance(node, Map) and "segments" in node:
            return self.money_wheel(node, path)
        if not self.r.keys(node, path, {"order", "zeros", "red", "source"}, {"reading"}):
            return None
        self.wheel_source = self.cite(node, "source", path)
        self.reading(node, path)
        read = [pocket_number(n) for n in node["order"]] if isinstance(node["order"], Seq) else []
        order = [n for n in read if n is not None]
        if not order or len(order) != len(read) or len(set(order)) != len(order):
            self.r.error(node, "order", path, 'expected the pockets in wheel order, each once (the double zero '
                         'written "00")')
            return None
        pockets = frozenset(order)
        zeros = self.numbers(node, "zeros", path, pockets)
        red = self.numbers(node, "red", path, pockets)
        if zeros is None or red is None:
            return None
        if zeros & red:
            self.r.error(node, "red", path, "a zero cannot be red")
            return None
        return Wheel(tuple(order), red, zeros)

    def money_wheel(self, node: Map, path: str) -> Wheel | None:
        """A wheel of cells showing symbols: ``segments: [{symbol: "24", count: 24}, …]``."""
        if not self.r.keys(node, path, {"segments", "source"}, {"reading"}):
            return None
        self.wheel_source = self.cite(node, "source", path)
        self.reading(node, path)
        labels: list[str] = []
        for item_path, item in self.r.items(node, "segments", path):
            if not self.r.keys(item, item_path, {"symbol", "count"}):
                return None
            count = self.r.integer(item, "count", item_path, minimum=1)
            if count is None:
                return None
            labels += [str(item["symbol"])] * count
        if not labels:
            self.r.error(node, "segments", path, "a money wheel needs its segments")
            return None
        return Wheel(tuple(range(1, len(labels) + 1)), frozenset(), frozenset(), tuple(labels))

    def bets(self, doc: Map, wheel: Wheel) -> list[BetInfo]:
        found: list[BetInfo] = []
        seen: dict[str, int] = {}
        for path, node in self.r.items(doc, "bets", ""):
            info = self.bet(node, path, wheel)
            if info is None:
                continue
            if info.id in seen:
                self.r.error(node, "id", path, f"duplicate bet id {info.id!r} (first at line {seen[info.id]})")
                continue
            seen[info.id] = node.line_of("id")
            found.append(info)
        return found

    def bet(self, node: Any, path: str, wheel: Wheel) -> BetInfo | None:
        optional = {"payout", "payout_source", "limit", "chance", "extra_targets", "extra_targets_source",
                    "each_side", "shape_source", "chips", "chips_source", "reading", "symbol"}
        if not self.r.keys(node, path, {"id", "name", "name_source", "shape"}, optional):
            return None
        if not isinstance(node["id"], str) or not re.fullmatch(r"[a-z0-9]+(?:[-_][a-z0-9]+)*", node["id"]):
            self.r.error(node, "id", path, f"expected a bet id of lowercase letters, digits and hyphens, got "
                         f"{excerpt(node['id'])}")
            return None
        name = self.r.text(node, "name", path)
        source = self.cite(node, "name_source", path)
        for key in ("payout_source", "extra_targets_source", "shape_source", "chips_source"):
            if key in node:
                source += self.cite(node, key, path)
        self.reading(node, path)
        shape = node["shape"]
        if shape not in roulette.SHAPES:
            self.r.error(node, "shape", path, f"unknown shape {shape!r} (shapes: {', '.join(roulette.SHAPES)})")
            return None
        grid = shape in (*roulette.NUMBER_SHAPES[1:], *roulette.GROUP_SHAPES)
        if grid and wheel.numbers != frozenset(range(1, 37)):
            self.r.error(node, "shape", path, f"a {shape} bet needs the grid of a roulette: numbers 1 to 36")
            return None
        payout = self.payout(node, path, required=shape not in roulette.ANNOUNCED_SHAPES)
        chance = node.get("chance")
        if (shape == "even-chance") != (chance is not None) or chance not in (None, *roulette.CHANCES):
            self.r.error(node, "chance", path, f"an even chance needs chance: one of {', '.join(roulette.CHANCES)}")
            return None
        extra = self.extra_targets(node, path, wheel)
        if shape == "fixed" and not extra:
            self.r.error(node, "extra_targets", path, "a fixed bet needs extra_targets: the numbers it is placed on")
            return None
        chips = self.chips(node, path, wheel) if shape == "sector" else ()
        each_side = self.r.integer(node, "each_side", path, minimum=1) or 0
        if shape == "neighbours" and not each_side:
            self.r.error(node, "each_side", path, "a neighbours bet needs each_side: how many pockets either side")
        if name is None or (payout is None and shape not in roulette.ANNOUNCED_SHAPES):
            return None
        symbol = node.get("symbol")
        if (shape == "segment") != (symbol is not None) or (symbol is not None and str(symbol) not in wheel.labels):
            self.r.error(node, "symbol", path, f"a segment bet needs symbol: one of the wheel's "
                         f"({', '.join(dict.fromkeys(wheel.labels)) or 'none'})")
            return None
        bet = roulette.Bet(node["id"], shape, payout, chance, extra, each_side, chips,
                           None if symbol is None else str(symbol))
        return BetInfo(node["id"], name, bet, node.get("limit"), source)

    def payout(self, node: Map, path: str, required: bool) -> Fraction | None:
        if node.get("payout") is None:
            if required:
                self.r.problems.add(self.r.file, node.line, join(path, "payout"), "missing field")
            return None
        return self.r.payout(node, "payout", path)

    def extra_targets(self, node: Map, path: str, wheel: Wheel) -> tuple[frozenset[int], ...]:
        found = []
        for item_path, item in self.r.items(node, "extra_targets", path):
            numbers = [pocket_number(n) for n in item] if isinstance(item, Seq) else []
            if not numbers or not all(n in wheel.pockets for n in numbers):
                self.r.error(node, "extra_targets", path, f"{item_path}: expected a list of pocket numbers")
                continue
            found.append(frozenset(n for n in numbers if n is not None))
        return tuple(found)

    def chips(self, node: Map, path: str, wheel: Wheel) -> tuple[roulette.SectorChip, ...]:
        found = []
        for item_path, item in self.r.items(node, "chips", path):
            if not self.r.keys(item, item_path, {"count", "bet", "numbers"}):
                continue
            count = self.r.integer(item, "count", item_path, minimum=1)
            numbers = self.numbers(item, "numbers", item_path, wheel.pockets)
            if count is not None and numbers is not None:
                found.append(roulette.SectorChip(str(item["bet"]), numbers, count))
        if not found:
            self.r.error(node, "chips", path, "a sector bet needs its chips")
        return tuple(found)

    def check_sectors(self, doc: Map, rules: roulette.Rules) -> None:
        """Each chip of a sector must sit on a valid placement of an existing plain bet (a bet the file gives but could
        not be read is reported where it is, not again at each chip on it)."""
        given = {node.get("id") for _path, node in self.r.items(doc, "bets", "") if isinstance(node, Map)}
        for path, node in self.r.items(doc, "bets", ""):
            if not isinstance(node, Map) or node.get("shape") != "sector" or node.get("id") not in rules.bets:
                continue
            for item_path, item in self.r.items(node, "chips", path):
                bet = rules.bets.get(str(item.get("bet")))
                if bet is None and item.get("bet") in given:
                    continue
                if bet is None or bet.shape in roulette.ANNOUNCED_SHAPES:
                    self.r.error(item, "bet", item_path, f"{item.get('bet')!r} is not a plain bet of this game")
                    continue
                numbers = [pocket_number(n) for n in item.get("numbers") or ()]
                target = roulette.name_of(frozenset(n for n in numbers if n is not None))
                if target not in roulette.targets(bet, rules.wheel):
                    self.r.error(item, "numbers", item_path, f"{target} is not a placement of {bet.id}")

    def claims(self, doc: Map, rules: roulette.Rules) -> list[Claim]:
        found = []
        for path, node in self.r.items(doc, "claims", ""):
            if not isinstance(node, Map):
                self.r.error(node, None, path, "expected a mapping")
                continue
            check = node.get("check")
            if check not in CLAIM_CHECKS:
                self.r.error(node, "check", path, f"unknown check {check!r} (checks: {', '.join(CLAIM_CHECKS)})")
                continue
            params = CLAIM_CHECKS[check]
            if not self.r.keys(node, path, {"id", "check", "source", *params}):
                continue
            source = self.cite(node, "source", path)
            if check == "sector-arc" and (node["bet"] not in rules.bets or node["arc"] not in ARCS):
                self.r.error(node, "bet", path, f"needs a sector bet of this game and arc: one of {', '.join(ARCS)}")
                continue
            found.append(Claim(str(node["id"]), check, {k: node[k] for k in params}, source))
        return found


def pocket_number(value: Any) -> int | None:
    """A pocket as the catalogue writes it: a whole number ≥ 0, or "00" for the double zero."""
    if value == "00":
        return DOUBLE_ZERO
    return value if type(value) is int and value >= 0 else None


def read_example(r: Reader, node: Map, path: str, spec: RouletteSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The spins of a worked example (pocket numbers, a money wheel's symbols) and its options: the
    player's choice on a zero (``on_zero``, one or one per zero), ``last_spin``, the table ``minimum``."""
    spins = node.get("spins")
    if not isinstance(spins, Seq) or not all(type(n) in (int, str) for n in spins):
        r.error(node, "spins", path, "expected a list of pocket numbers (or a money wheel's symbols)")
        return None
    options: Options = {}
    if not (choice(r, node, "on_zero", path, options, ZERO_CHOICES, many=True)
            and flag(r, node, "last_spin", path, options) and amount_option(r, node, "minimum", path, options)):
        return None
    return tuple(spins), options


def play(spec: RouletteSpec, bets: dict[str, Fraction], spins: Sequence[Any], options: Options) -> Result:
    return roulette.play(spec.rules, bets, spins, **options)
