"""Reading the roulette part of a game file: wheel, bets, zero rule, limits and claims.

The result, :class:`RouletteSpec`, holds the engine's :class:`~jokoak.engine.roulette.Rules`
and what the sheets show beside them (names, limit groups, citations).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from .engine import roulette
from .engine.wheel import DOUBLE_ZERO, Wheel, label
from .family import Family, Options, amount_option, choice, flag
from .models import NOTE_LANGUAGES, Citation, Reading, Text
from .schema import Reader, join
from .yamlsrc import Map, Seq, excerpt

CLAIM_CHECKS = {
    "colour-digit-sum": {"black_also", "red_also"},
    "alternating-colours": set(),
    "no-consecutive-neighbours": set(),
    "neighbours-example": {"number", "numbers"},
    "sector-arc": {"bet", "arc"},
}
ARCS = ("around-zero", "opposite-zero", "rest")
ZERO_CHOICES = ("half", "prison")  # the player's choice on a zero (or a refait): half back, or «en prisión»


@dataclass(frozen=True)
class BetInfo:
    id: str
    name: Text
    bet: roulette.Bet
    limit: str | None
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class Limits:
    """Maximums in multiples of the table minimum: ``tiers`` lists per group (the casino picks one
    tier for every group), or, when ``tiers`` is 0, a ``ranges`` entry per group (the maximum lies
    within it); where the text lists the multiples a group's maximum may be («25, 50, 100 ó 200
    veces»), ``choices`` has them and ``ranges`` their lowest and highest.

    ``multiples_source``: where the text lets the casino require stakes in multiples of the minimum
    (of the even-chance minimum where there is one); empty where it does not."""

    tiers: int
    maximum: dict[str, tuple[int, ...]]
    even_chance_minimum_factor: int | None  # None: no separate minimum on even chances
    source: tuple[Citation, ...]
    tiers_source: tuple[Citation, ...]
    even_source: tuple[Citation, ...]
    ranges: dict[str, tuple[int, int | None]]  # None: no highest in the regulation
    choices: dict[str, tuple[int, ...]] = field(default_factory=dict)
    multiples_source: tuple[Citation, ...] = ()
    group_sources: dict[str, tuple[Citation, ...]] = field(default_factory=dict)  # each group's maximum's lines
    minimum_source: tuple[Citation, ...] = ()

    @property
    def fixed(self) -> bool:
        """Every maximum is one multiple that the regulation fixes (its lowest is its highest)."""
        return not self.tiers and bool(self.ranges) and all(low == high for low, high in self.ranges.values())


class LimitedBet(Protocol):
    """A bet of any game as the shared limit reader sees it: an id and the limit group it names."""

    @property
    def id(self) -> str: ...

    @property
    def limit(self) -> str | None: ...


@dataclass(frozen=True)
class LimitGroup:
    """What the shared limit reader needs of a bet of any game: its id and the limit group it names."""

    id: str
    limit: str | None


@dataclass(frozen=True)
class Claim:
    id: str
    check: str
    params: dict[str, Any]
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class Layout:
    id: str
    name: Text
    source: tuple[Citation, ...] = ()


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


class RouletteReader:
    """Reads and checks the roulette fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.readings = readings
        self.summary: tuple[Text, ...] = ()
        self.zero_source: tuple[Citation, ...] = ()
        self.zero_heading: Text | None = None
        self.wheel_source: tuple[Citation, ...] = ()

    def reading(self, node: Map, path: str) -> None:
        """A reading of the text, for the legal team: ``{es: …, eu: …}`` whatever the regulation's languages."""
        text = Reader(self.r.file, self.r.problems, NOTE_LANGUAGES, self.r.wording).text(node, "reading", path)
        if text:
            self.readings.append(Reading(join(path, "reading"), {lang: " ".join(value.split())
                                                                  for lang, value in text.items()},
                                         self.r.file, node.line_of("reading")))

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
        zero_rule = self.zero_rule(doc["zero_rule"], "zero_rule") if "zero_rule" in doc else roulette.ZeroRule(
            False, False, False)
        bets = self.bets(doc, wheel)
        rules = roulette.Rules(wheel, {b.id: b.bet for b in bets}, zero_rule or roulette.ZeroRule(False, False, False))
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

    def zero_rule(self, node: Any, path: str) -> roulette.ZeroRule | None:
        flags = ("prison", "below_minimum_stays", "last_spin_refund", "loses_all")
        if not self.r.keys(node, path, {"applies_to", "source", "summary", *flags[:3]},
                           {"reading", "loses_all", "heading"}):
            return None
        self.zero_source = self.cite(node, "source", path)
        self.reading(node, path)
        self.summary = tuple(self.r.texts(node, "summary", path))
        self.zero_heading = self.r.text(node, "heading", path)
        if node["applies_to"] != "even-chance":
            self.r.error(node, "applies_to", path, f"expected 'even-chance', got {node['applies_to']!r}")
        values = []
        for key in flags:
            value = node.get(key, False)
            if not isinstance(value, bool):
                self.r.error(node, key, path, f"expected true or false, got {value!r}")
                return None
            values.append(value)
        return roulette.ZeroRule(*values)

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
        text = node.get("payout")
        if text is None:
            if required:
                self.r.problems.add(self.r.file, node.line, join(path, "payout"), "missing field")
            return None
        try:
            return parse_payout(text)
        except ValueError as exc:
            self.r.error(node, "payout", path, str(exc))
            return None

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

    def limits(self, node: Any, path: str, bets: Sequence[LimitedBet]) -> Limits | None:
        """Maximums either come in tiers (one list per bet group, the casino picks a tier), as a
        range per bet group (the authorisation fixes the maximum within it), or as the multiples the
        text lists for a group (``choices``). ``multiples``: the text lets the casino require stakes in
        multiples of the minimum."""
        if not self.r.keys(node, path, {"minimum_source", "maximum"},
                           {"tiers", "tiers_source", "even_chance_minimum", "multiples", "reading"}):
            return None
        tiers_source = self.cite(node, "tiers_source", path) if "tiers" in node else ()
        minimum_source = self.cite(node, "minimum_source", path)
        source = minimum_source + tiers_source
        self.reading(node, path)
        tiers = self.r.integer(node, "tiers", path, minimum=1) if "tiers" in node else 0
        maximum: dict[str, tuple[int, ...]] = {}
        ranges: dict[str, tuple[int, int | None]] = {}
        choices: dict[str, tuple[int, ...]] = {}
        group_sources: dict[str, tuple[Citation, ...]] = {}
        groups = self.r.mapping(node, "maximum", path) or Map()
        for group, spec in groups.items():
            group_path = join(join(path, "maximum"), group)
            kinds = {"tiers"} if tiers else {"range", "choices"}
            given = kinds & set(spec) if isinstance(spec, Map) else set()
            key = next(iter(given)) if len(given) == 1 else "tiers" if tiers else "range"
            if not self.r.keys(spec, group_path, {key, "source"}):
                continue
            group_sources[group] = self.cite(spec, "source", group_path)
            source += group_sources[group]
            values = spec[key]
            # A range's highest may be null: the regulation leaves the maximum to the authorisation.
            open_ended = key == "range" and isinstance(values, Seq) and bool(values) and values[-1] is None
            bounded = list(values[:-1]) if open_ended else values
            if not isinstance(values, Seq) or not all(type(v) is int and v > 0 for v in bounded):
                self.r.error(spec, key, group_path, "expected a list of positive whole multiples of the minimum")
            elif key == "tiers" and len(values) != tiers:
                self.r.error(spec, key, group_path, f"expected {tiers} values, one per tier, got {len(values)}")
            elif key == "range" and (len(values) != 2 or (values[1] is not None and values[0] > values[1])):
                self.r.error(spec, key, group_path, "expected [lowest, highest] multiple of the minimum")
            elif key == "choices" and (len(values) < 2 or list(values) != sorted(set(values))):
                self.r.error(spec, key, group_path, "expected two or more multiples of the minimum, rising")
            elif key == "tiers":
                maximum[group] = tuple(values)
            elif key == "choices":
                choices[group] = tuple(values)
                ranges[group] = (values[0], values[-1])
            else:
                ranges[group] = (values[0], values[1])
        for bet in bets:
            if bet.limit is not None and bet.limit not in groups:
                self.r.problems.add(self.r.file, 1, f"bets.{bet.id}.limit",
                                    f"no limit group {bet.limit!r} in limits.maximum")
        multiples = self.cite(node, "multiples", path) if "multiples" in node else ()
        if tiers is None:
            return None
        if "even_chance_minimum" not in node:
            return Limits(tiers, maximum, None, source + multiples, tiers_source, (), ranges, choices, multiples,
                          group_sources, minimum_source)
        even = node["even_chance_minimum"]
        even_path = join(path, "even_chance_minimum")
        if not self.r.keys(even, even_path, {"at_most_times_minimum", "source"}):
            return None
        even_source = self.cite(even, "source", even_path)
        factor = self.r.integer(even, "at_most_times_minimum", even_path, minimum=1)
        if factor is None:
            return None
        return Limits(tiers, maximum, factor, source + even_source + multiples, tiers_source, even_source, ranges,
                      choices, multiples, group_sources, minimum_source)

    def layouts(self, doc: Map) -> list[Layout]:
        found = []
        for path, node in self.r.items(doc, "layouts", ""):
            if self.r.keys(node, path, {"id", "name", "source"}, {"reading"}):
                source = self.cite(node, "source", path)
                self.reading(node, path)
                name = self.r.text(node, "name", path)
                if name:
                    found.append(Layout(str(node["id"]), name, source))
        return found

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


def parse_payout(text: Any) -> Fraction:
    """A payout written ``"N:M"`` (N won for M staked, stake returned) as the fraction N/M.

    >>> parse_payout("35:1"), parse_payout("1:2")
    (Fraction(35, 1), Fraction(1, 2))
    >>> parse_payout("35")
    Traceback (most recent call last):
    ...
    ValueError: expected a payout «N:M» such as "35:1", got '35'
    """
    parts = str(text).split(":") if isinstance(text, str) else []
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts) or int(parts[1]) == 0:
        raise ValueError(f'expected a payout «N:M» such as "35:1", got {text!r}')
    return Fraction(int(parts[0]), int(parts[1]))


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


def play(spec: RouletteSpec, bets: dict[str, Fraction], spins: Sequence[Any], options: Options) -> roulette.Result:
    return roulette.play(spec.rules, bets, spins, **options)


FAMILY = Family("roulette", frozenset(ROULETTE_FIELDS), frozenset(ROULETTE_OPTIONAL), RouletteReader, "spins",
                frozenset({"on_zero", "last_spin", "minimum"}), read_example, play)
