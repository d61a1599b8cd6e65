"""Reading the dice part of a game file: the dice, the bets and their limits.

The result, :class:`DiceSpec`, holds the engine's :class:`~jokoak.games.dice.engine.Rules` and what the
sheets show beside them: names, the regulation's class of each bet, what may be withdrawn, and
each bet's maximum as the regulation states it (a group maximum, a share of it, a multiple of
the winnings it allows, or a share of the line bet the odds are taken on).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...common import CommonReader, Layout, LimitGroup, Limits
from ...engine.result import Result
from ...family import Options, strings
from ...models import Citation, Reading, Text
from ...schema import Reader, join, parse_payout
from ...yamlsrc import Map, Seq
from . import engine as dice

LIMIT_KINDS = ("group", "winnings", "share-of-group", "share-of-line-bet")


@dataclass(frozen=True)
class DiceLimit:
    """A bet's maximum stake. ``group``: the group's maximum; ``winnings``: a stake whose
    winnings lie within ``times`` the group's maximum; ``share-of-group``: a percentage of the
    group's maximum, by number; ``share-of-line-bet``: a percentage of the line bet, by number.
    ``percent`` is keyed by number, or by None when one figure holds for every number."""

    kind: str
    group: str | None
    times: tuple[int, int] | None
    percent: dict[int | None, int]
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class DiceBetInfo:
    id: str
    name: Text
    bet: dice.Bet
    bet_class: str  # the regulation's class of the bet (suertes sencillas, múltiples…), a key of DiceSpec.classes
    limit: DiceLimit | None  # None: the regulation states no maximum for this bet
    source: tuple[Citation, ...]

    @property
    def group(self) -> str | None:
        return self.limit.group if self.limit else None


@dataclass(frozen=True)
class DiceSpec:
    rules: dice.Rules
    bets: tuple[DiceBetInfo, ...]
    classes: dict[str, Text]  # the regulation's classes of bets, in its order, with their names
    limits: Limits
    layouts: tuple[Layout, ...] = ()
    dice_source: tuple[Citation, ...] = ()  # the dice thrown: each roll of a worked example cites them

    def bet(self, bet_id: str) -> DiceBetInfo:
        return next(b for b in self.bets if b.id == bet_id)


DICE_FIELDS = {"dice", "classes", "bets", "limits"}
DICE_OPTIONAL: set[str] = set()
BET_FIELDS = {"id", "name", "name_source", "class", "kind"}
BET_OPTIONAL = {"side", "payout", "payouts", "payout_source", "wins", "loses", "ties", "line_bet", "withdraw",
                "withdraw_source", "limit", "reading", "rule_source"}


class DiceReader:
    """Reads and checks the dice fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.readings = readings
        self.roulette = CommonReader(reader, citations, readings)  # shares limit groups and readings

    def read(self, doc: Map) -> DiceSpec | None:
        node = doc.get("dice")
        if not isinstance(node, Map) or not self.r.keys(node, "dice", {"count", "source"}, {"reading"}):
            if not isinstance(node, Map):
                self.r.error(doc, "dice", "", "expected a mapping: count and source")
            return None
        dice_source = self.cite(node, "source", "dice")
        self.roulette.reading(node, "dice")
        count = self.r.integer(node, "count", "dice", minimum=2)
        if count is None or count > 3:
            if count is not None:
                self.r.error(node, "count", "dice", f"expected 2 or 3 dice, got {count}")
            return None
        classes = {}
        for key in self.r.mapping(doc, "classes", "") or {}:
            name = self.r.text(doc["classes"], key, "classes")
            if name:
                classes[str(key)] = name
        bets = self.bets(doc, count, classes)
        groups = [LimitGroup(b.id, b.group) for b in bets]
        limits = self.roulette.limits(doc.get("limits"), "limits", groups)
        if limits is None:
            return None
        if limits.tiers:
            self.r.error(doc["limits"], "tiers", "limits", "dice games have no limit tiers")
            return None
        return DiceSpec(dice.Rules(count, {b.id: b.bet for b in bets}), tuple(bets), classes, limits,
                        dice_source=dice_source)

    def bets(self, doc: Map, count: int, classes: dict[str, Text]) -> list[DiceBetInfo]:
        found: list[DiceBetInfo] = []
        for path, node in self.r.items(doc, "bets", ""):
            info = self.bet(node, path, count, classes)
            if info is None:
                continue
            if any(other.id == info.id for other in found):
                self.r.error(node, "id", path, f"duplicate bet id {info.id!r}")
                continue
            found.append(info)
        ids = {info.id: info for info in found}
        for path, node in self.r.items(doc, "bets", ""):
            info = ids.get(str(node.get("id")))
            if info is None or info.bet.kind != "odds":
                continue
            line = ids.get(str(info.bet.on))
            if line is None or line.bet.kind != "line":
                self.r.error(node, "line_bet", path, f"odds need line_bet: a line bet of this game, "
                             f"got {info.bet.on!r}")
            elif line.bet.side != info.bet.side:
                self.r.error(node, "side", path, f"odds follow their line bet: side must be {line.bet.side}")
        return found

    def bet(self, node: Any, path: str, count: int, classes: dict[str, Text]) -> DiceBetInfo | None:
        if not self.r.keys(node, path, BET_FIELDS, BET_OPTIONAL):
            return None
        name = self.r.text(node, "name", path)
        source = self.cite(node, "name_source", path)
        for key in ("payout_source", "withdraw_source", "rule_source"):
            if key in node:
                source += self.cite(node, key, path)
        self.roulette.reading(node, path)
        kind, side = node["kind"], node.get("side", "right")
        if kind not in dice.KINDS:
            self.r.error(node, "kind", path, f"unknown kind {kind!r} (kinds: {', '.join(dice.KINDS)})")
            return None
        if side not in dice.SIDES:
            self.r.error(node, "side", path, f"expected one of {', '.join(dice.SIDES)}, got {side!r}")
            return None
        if node["class"] not in classes:
            self.r.error(node, "class", path, f"unknown class {node['class']!r} (classes: {', '.join(classes)})")
            return None
        withdraw = node.get("withdraw", "unstated")
        if withdraw not in dice.WITHDRAW:
            self.r.error(node, "withdraw", path, f"expected one of {', '.join(dice.WITHDRAW)}, got {withdraw!r}")
            return None
        if withdraw != "unstated" and "withdraw_source" not in node:
            self.r.error(node, "withdraw", path, "say where the text says it: withdraw_source")
        totals = range(count, 6 * count + 1)
        sets = {key: self.totals(node, key, path, totals) for key in ("wins", "loses", "ties")}
        payout, payouts = self.payouts(node, path, kind, totals)
        needs = {"line": {"payout", "wins", "loses"}, "until": {"payout", "wins", "loses"}, "one-roll": {"payouts"},
                 "place": {"payouts"}, "hard": {"payouts"}, "odds": {"payouts", "line_bet"}}[kind]
        allowed = needs | {"ties"} if kind == "line" else needs
        given = {key for key in ("payout", "payouts", "wins", "loses", "ties", "line_bet") if key in node}
        if needs - given or given - allowed:
            wrong = sorted(needs - given) or sorted(given - allowed)
            what = "needs" if needs - given else "takes no"
            self.r.error(node, "kind", path, f"a {kind} bet {what} {', '.join(wrong)}")
            return None
        if kind == "hard" and (count != 2 or any(n % 2 for n in payouts)):
            self.r.error(node, "payouts", path, "hard ways are even totals of two dice")
            return None
        limit = self.limit(node, path) if "limit" in node else None
        if name is None or None in sets.values() or (payout is None and not payouts):
            return None
        bet = dice.Bet(str(node["id"]), kind, payout, payouts, side, sets["wins"] or frozenset(),
                       sets["loses"] or frozenset(), sets["ties"] or frozenset(),
                       None if "line_bet" not in node else str(node["line_bet"]), withdraw)
        return DiceBetInfo(bet.id, name, bet, str(node["class"]), limit, source)

    def totals(self, node: Map, key: str, path: str, totals: range) -> frozenset[int] | None:
        if key not in node:
            return frozenset()
        value = node[key]
        if not isinstance(value, Seq) or not all(type(n) is int and n in totals for n in value):
            self.r.error(node, key, path, f"expected a list of totals from {totals.start} to {totals.stop - 1}")
            return None
        return frozenset(value)

    def payouts(self, node: Map, path: str, kind: str,
                totals: range) -> tuple[Fraction | None, dict[int, Fraction]]:
        payout = self.r.payout(node, "payout", path) if "payout" in node else None
        payouts: dict[int, Fraction] = {}
        allowed = totals if kind == "one-roll" else dice.POINTS
        given: Any = self.r.mapping(node, "payouts", path) if "payouts" in node else {}
        for number, text in (given or {}).items():
            if type(number) is not int or number not in allowed:
                self.r.error(node, "payouts", path, f"{number!r} is not a total this bet can be on")
                continue
            try:
                payouts[number] = parse_payout(text)
            except ValueError as exc:
                self.r.error(node["payouts"], number, join(path, "payouts"), str(exc))
        return payout, payouts

    def limit(self, node: Map, path: str) -> DiceLimit | None:
        value, limit_path = node["limit"], join(path, "limit")
        if isinstance(value, str):
            return DiceLimit("group", value, None, {}, ())
        if not self.r.keys(value, limit_path, {"kind", "source"}, {"group", "times", "percent"}):
            return None
        kind = value["kind"]
        if kind not in LIMIT_KINDS[1:]:
            self.r.error(value, "kind", limit_path, f"expected one of {', '.join(LIMIT_KINDS[1:])}, got {kind!r}")
            return None
        source = self.cite(value, "source", limit_path)
        group = value.get("group")
        if (kind == "share-of-line-bet") == (group is not None):
            self.r.error(value, "kind", limit_path, "a share of the line bet has no group; the others need one")
            return None
        times = value.get("times")
        if (kind == "winnings") != (times is not None) or (
                times is not None and not (isinstance(times, Seq) and len(times) == 2
                                           and all(type(t) is int and t > 0 for t in times) and times[0] <= times[1])):
            self.r.error(value, "times", limit_path, "winnings limits need times: [lowest, highest] multiple")
            return None
        percent: dict[int | None, int] = {}
        given: Any = value.get("percent")
        if kind.startswith("share"):
            items = given.items() if isinstance(given, Map) else [(None, given)]
            for number, pct in items:
                if type(pct) is not int or pct <= 0 or (number is not None and type(number) is not int):
                    self.r.error(value, "percent", limit_path, "expected a percentage, or one per number")
                    return None
                percent[number] = pct
        elif given is not None:
            self.r.error(value, "percent", limit_path, f"a {kind} limit takes no percent")
            return None
        return DiceLimit(kind, None if group is None else str(group),
                         None if times is None else (times[0], times[1]), percent, source)


def read_example(r: Reader, node: Map, path: str, spec: DiceSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The rolls of a worked example (``"3+4"``) and its option ``withdraw``: {bet: after how many rolls}."""
    rolls = strings(r, node, "rolls", path, 'a list of rolls such as "3+4"')
    if rolls is None:
        return None
    try:
        for roll in rolls:
            dice.parse_roll(roll, spec.rules.dice)
    except ValueError as exc:
        r.error(node, "rolls", path, str(exc))
        return None
    options: Options = {}
    if "withdraw" in node:
        withdraw = r.mapping(node, "withdraw", path)
        if withdraw is None or not all(type(after) is int for after in withdraw.values()):
            r.error(node, "withdraw", path, "expected {bet: the number of rolls after which it is withdrawn}")
            return None
        options["withdraw"] = {str(k): v for k, v in withdraw.items()}
    return rolls, options


def play(spec: DiceSpec, bets: dict[str, Fraction], rolls: Sequence[Any], options: Options) -> Result:
    return dice.play(spec.rules, bets, rolls, **options)
