"""What a casino states about one table of a game, as the regulation leaves it open.

A :class:`TableSpec` is declared once per game from its catalogue entry: the table's limits (the
minimum, and the maximum of every bet group, in whole euros, checked against the regulation's tiers,
lists or ranges), the choices the text leaves to the casino (a layout, a way of paying the bank, a
commission, decks…), and the optional bets and rules it may offer. The configuration reader
(:mod:`jokoak.config`) checks a table against it, and :func:`json_schema` turns the same definitions
into the JSON Schema a casino's editor uses to complete and check the file as it is typed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from .halls import json_schemas as hall_schemas
from .models import Catalog, Citation, Game, cite

Kind = Literal["choice", "items", "whole", "percent", "flag", "euros"]


@dataclass(frozen=True)
class Option:
    """One choice the text leaves to the casino at a table; every one is a required field.

    ``choice``: one of ``values``; ``items``: a list of some of ``values`` (the optional bets and
    rules offered, possibly none); ``whole``: a whole number from ``low`` to ``high``; ``percent``: a
    percentage from ``low`` to ``high`` (up to two decimals); ``flag``: true or false; ``euros``: whole
    euros from ``low`` to ``high`` times the table minimum (``low`` None: from 1 €; ``high`` None: no
    highest). ``when``: asked only when another option has that value (the commission of the way of
    paying that has one)."""

    key: str
    kind: Kind
    what: str  # a whole sentence, for the schema and the messages
    source: tuple[Citation, ...]
    values: tuple[str, ...] = ()
    low: Fraction | None = None
    high: Fraction | None = None
    when: tuple[str, str] | None = None


@dataclass(frozen=True)
class Maximum:
    """The rule for one maximum of the table: a bet group's, or a dice bet's whose winnings are bounded.

    ``tiers``: the multiple of the minimum in each tier (one tier for every group of the table);
    ``choices``: the multiples the text lists; ``low``/``high``: a range of multiples (``high`` None: no
    highest). ``winnings``: the maximum is a stake whose winnings lie from ``times[0]`` to ``times[1]``
    times the maximum of group ``winnings``, at ``payouts`` (by number; None: one payout)."""

    key: str
    source: tuple[Citation, ...]
    tiers: tuple[int, ...] = ()
    choices: tuple[int, ...] = ()
    low: int | None = None
    high: int | None = None
    winnings: str | None = None
    times: tuple[int, int] = (1, 1)
    payouts: dict[int | None, Fraction] = field(default_factory=dict)
    bets: tuple[str, ...] = ()  # the bets limited by it: a maximum is asked only where one of them is offered

    def allowed(self, minimum: int, others: dict[str, int]) -> tuple[int, int | None] | tuple[int, ...] | None:
        """The amounts allowed at a table with ``minimum``: a ``(low, high)`` pair, the tuple of amounts
        a tier or a list allows, or None when the group it depends on has no valid maximum yet."""
        if self.winnings is not None:
            group = others.get(self.winnings)
            if group is None:
                return None
            lows = [math.ceil(group * self.times[0] / p) for p in self.payouts.values()]
            highs = [math.floor(group * self.times[1] / p) for p in self.payouts.values()]
            return max(lows), min(highs)
        if self.tiers or self.choices:
            return tuple(minimum * m for m in (self.tiers or self.choices))
        assert self.low is not None
        return minimum * self.low, None if self.high is None else minimum * self.high

    def rule(self) -> str:
        """The rule in words, for the schema and the messages."""
        if self.winnings is not None:
            return (f"a stake whose winnings are from {self.times[0]} to {self.times[1]} times the maximum on "
                    f"{self.winnings} ({cite(self.source)})")
        if self.tiers:
            return f"one tier of {_listing(self.tiers)} times the minimum ({cite(self.source)})"
        if self.choices:
            return f"{_listing(self.choices)} times the minimum ({cite(self.source)})"
        if self.high is None and self.low == 1:
            return f"as the authorisation fixes it, not below the minimum ({cite(self.source)})"
        if self.high is None:
            return f"as the authorisation fixes it, at least {self.low} times the minimum ({cite(self.source)})"
        if self.low == self.high:
            return f"{self.low} times the minimum ({cite(self.source)})"
        return f"from {self.low} to {self.high} times the minimum ({cite(self.source)})"


@dataclass(frozen=True)
class TableSpec:
    """Everything a table of ``game`` states: its limits, the casino's choices, the optional items."""

    game: Game
    maximums: tuple[Maximum, ...]
    options: tuple[Option, ...]
    items: dict[str, tuple[Citation, ...]]  # optional bets and rules by id, with the lines that make them so
    bets: tuple[str, ...]  # every bet of the game, by id
    item_of: dict[str, str]  # the optional item each optional bet belongs to


# A family adds its own choices: (the game's rules) -> its options, and its optional bets and rules by id with the
# lines that make them so (an optional bet names its item in its ``option``: see :func:`optional_item`).
FamilyTable = Callable[[Any], "tuple[tuple[Option, ...], dict[str, tuple[Citation, ...]]]"]


def has_tables(game: Game) -> bool:
    """Whether a casino's table can play ``game``: not a text under which no hand is played alone (circle poker's
    general rules, ``rules.playable`` False: a table plays one of its variants)."""
    return bool(getattr(game.rules, "playable", True))


def _listing(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}" if len(values) > 1 else str(values[0])


def limit_groups_of(info: Any) -> list[str]:
    """The limit groups whose maximum holds for a bet of any family: its ``limit`` (a group's id), a monte
    bet's groups by phase, or a dice bet's group where its maximum is the group's."""
    limit = getattr(info, "limit", None)
    if isinstance(limit, str):
        return [limit]
    if isinstance(limit, dict):
        return [group for group in limit.values() if isinstance(group, str)]
    if limit is not None and getattr(limit, "kind", None) == "group":
        return [limit.group]
    return []


def optional_item(info: Any) -> str | None:
    """The optional item a bet of any family belongs to: its ``option`` (an id, or True for a side bet
    that is optional on its own), or None for a bet every table offers."""
    option = getattr(info, "option", None)
    if option is True:
        return str(info.id)
    return str(option) if option else None


def table_spec(game: Game, family: FamilyTable | None) -> TableSpec:
    """The table definition of ``game``: the limits and layouts every family shares, then its own."""
    spec = game.rules
    limits = spec.limits
    groups: dict[str, list[str]] = {}
    for info in spec.bets:
        for group in limit_groups_of(info):
            groups.setdefault(group, []).append(info.id)
    maximums = [_group_maximum(limits, group, tuple(groups.get(group, ()))) for group in _groups(limits)]
    maximums += _winnings_maximums(spec)
    options: list[Option] = []
    layouts = tuple(layout.id for layout in getattr(spec, "layouts", ()))
    if len(layouts) > 1:
        options.append(Option("layout", "choice", "The table's layout, as the text allows it.",
                              _layout_source(spec), layouts))
    if limits.even_chance_minimum_factor is not None:
        options.append(Option("even_chance_minimum", "euros", "The minimum on even chances: from the table minimum "
                              f"to {limits.even_chance_minimum_factor} times it.", limits.even_source,
                              low=Fraction(1), high=Fraction(limits.even_chance_minimum_factor)))
    if limits.multiples_source:
        options.append(Option("multiples", "flag", "Whether stakes must be multiples of the minimum (of the minimum "
                              "on even chances where there is one).", limits.multiples_source))
    items: dict[str, tuple[Citation, ...]] = {}
    if family is not None:
        own, items = family(spec)
        options += own
    item_of = {info.id: item for info in spec.bets if (item := optional_item(info)) is not None}
    if items:
        options.append(Option("offers", "items", "The optional bets and rules this table offers (an empty list "
                               "for none).", tuple(c for source in items.values() for c in source), tuple(items)))
    return TableSpec(game, tuple(maximums), tuple(options), items, tuple(info.id for info in spec.bets), item_of)


def _groups(limits: Any) -> list[str]:
    return list(limits.maximum) if limits.tiers else list(limits.ranges)


def _group_maximum(limits: Any, group: str, bets: tuple[str, ...]) -> Maximum:
    source = limits.group_sources.get(group, ()) + (limits.tiers_source if limits.tiers else ())
    if limits.tiers:
        return Maximum(group, source, tiers=tuple(limits.maximum[group]), bets=bets)
    if group in limits.choices:
        return Maximum(group, source, choices=tuple(limits.choices[group]), bets=bets)
    low, high = limits.ranges[group]
    return Maximum(group, source, low=low, high=high, bets=bets)


def _winnings_maximums(spec: Any) -> list[Maximum]:
    """Dice bets whose maximum is a stake with bounded winnings («la ganancia posible sea, al menos…»)."""
    found = []
    for info in spec.bets:
        limit = getattr(info, "limit", None)
        if limit is None or getattr(limit, "kind", None) != "winnings":
            continue
        bet = info.bet
        # A bet on a number the player chooses (a hard way) has a maximum for each number; a bet that wins on
        # any of several totals has one maximum, whose possible winnings are at its highest payout.
        payouts: dict[int | None, Fraction] = dict(bet.payouts) if bet.numbered else \
            {None: bet.payout if bet.payout is not None else max(bet.payouts.values())}
        found.append(Maximum(info.id, info.source, winnings=limit.group, times=limit.times, payouts=payouts,
                             bets=(info.id,)))
    return found


def _layout_source(spec: Any) -> tuple[Citation, ...]:
    return tuple(dict.fromkeys(c for layout in spec.layouts for c in layout.source))


def json_schema(catalog: Catalog, specs: dict[str, TableSpec]) -> dict[str, Any]:
    """The JSON Schema (draft-07) of a configuration, from the same definitions the checks use.

    It cannot say everything the checks do (a maximum in times the table's own minimum, one tier for
    every group): each such field describes its rule in words."""
    games = [_game_schema(spec) for spec in specs.values() if spec.game.superseded_by is None and has_tables(spec.game)]
    halls, conditions = hall_schemas(catalog.halls, catalog.regulations, {g.key: g for g in catalog.games})
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "jokoak: a casino's tables and bingo halls",
        "description": "The tables of one casino, each with its game, its limits in whole euros and every option "
                       "the regulation leaves to the casino; and its bingo halls.",
        "type": "object",
        "additionalProperties": False,
        "required": ["regulation"],
        "anyOf": [{"required": ["tables"]}, {"required": ["halls"]}],
        **({"allOf": conditions} if conditions else {}),
        "properties": {
            "regulation": {"enum": sorted(catalog.regulations), "description": "The regulation the casino is under."},
            "casino": {"type": "string", "minLength": 1, "maxLength": 80,
                       "description": "The casino's name, printed on its sheets and its print pack."},
            "decisions": {"type": "array", "items": _DECISION,
                          "description": "The legal team's decisions that let a table offer a bet whose player "
                                         "expectation is positive under the text."},
            "tables": {"type": "array", "minItems": 1, "items": {"oneOf": games}},
            "halls": halls,
        },
    }


TABLE_ID = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$"

_DECISION = {
    "type": "object",
    "additionalProperties": False,
    "required": ["game", "bet", "decided_by", "date", "reference"],
    "properties": {
        "game": {"type": "string", "description": "The game, as <regulation>/<game>."},
        "bet": {"type": "string", "description": "The bet's id in the game file."},
        "decided_by": {"type": "string", "minLength": 1, "description": "Who decided (a name and role)."},
        "date": {"type": "string", "format": "date", "description": "When (YYYY-MM-DD)."},
        "reference": {"type": "string", "minLength": 1, "description": "The reference of the legal team's note."},
    },
}


def _game_schema(spec: TableSpec) -> dict[str, Any]:
    game = spec.game
    properties: dict[str, Any] = {
        "id": {"type": "string", "pattern": TABLE_ID,
               "description": "The table's id as the casino uses it («R1», «BJ2»): letters, digits, - and _."},
        "game": {"const": game.key, "description": f"{game.name['es']} ({game.regulation.id})."},
        "minimum": {"type": "integer", "minimum": 1, "description": f"The table minimum in whole euros "
                                                                    f"({cite(game.rules.limits.minimum_source)})."},
        "maximum": {"type": "object", "additionalProperties": False,
                    "properties": {m.key: _maximum_schema(m) for m in spec.maximums}},
        "not_offered": {"type": "array", "uniqueItems": True, "items": {"enum": list(spec.bets)},
                        "description": "Bets of the game this table does not take; its sheet leaves them out."},
    }
    required = ["id", "game", "minimum", "maximum"] if spec.maximums else ["id", "game", "minimum"]
    if not spec.maximums:
        del properties["maximum"]
    conditions: list[dict[str, Any]] = []
    schema_required: list[str] = []  # maximums every table of the game states
    for option in spec.options:
        properties[option.key] = _option_schema(option)
        if option.when is None:
            required.append(option.key)
        else:
            key, value = option.when
            conditions.append({"if": {"properties": {key: {"const": value}}, "required": [key]},
                               "then": {"required": [option.key]}})
    for maximum in spec.maximums:  # a maximum is asked where one of its bets is offered
        needed = {"properties": {"maximum": {"required": [maximum.key]}}}
        items = {spec.item_of[b] for b in maximum.bets if b in spec.item_of}
        if maximum.bets and len(items) == len(maximum.bets) == 1:
            conditions.append({"if": {"properties": {"offers": {"contains": {"const": items.pop()}}},
                                      "required": ["offers"]}, "then": needed})
        elif not maximum.bets:
            schema_required.append(maximum.key)
        else:
            withheld = {"allOf": [{"contains": {"const": bet}} for bet in maximum.bets]}
            conditions.append({"if": {"properties": {"not_offered": withheld}, "required": ["not_offered"]},
                               "then": {}, "else": needed})
    if schema_required:
        properties["maximum"]["required"] = schema_required
    schema: dict[str, Any] = {"type": "object", "additionalProperties": False, "required": required,
                              "properties": properties, "title": f"{game.key}"}
    if conditions:
        schema["allOf"] = conditions
    return schema


def _maximum_schema(maximum: Maximum) -> dict[str, Any]:
    described = f"Whole euros: {maximum.rule()}."
    numbers = sorted(n for n in maximum.payouts if n is not None)
    if not numbers:
        return {"type": "integer", "minimum": 1, "description": described}
    return {"type": "object", "additionalProperties": False, "required": [str(n) for n in numbers],
            "properties": {str(n): {"type": "integer", "minimum": 1} for n in numbers},
            "description": f"{described} One maximum for each of {', '.join(map(str, numbers))}."}


def _option_schema(option: Option) -> dict[str, Any]:
    described = f"{option.what} ({cite(option.source)})"
    if option.kind == "choice":
        return {"enum": list(option.values), "description": described}
    if option.kind == "items":
        return {"type": "array", "uniqueItems": True, "items": {"enum": list(option.values)}, "description": described}
    if option.kind == "flag":
        return {"type": "boolean", "description": described}
    if option.kind == "percent":
        return {"type": "number", "minimum": float(option.low or 0), "maximum": float(option.high or 100),
                "description": described}
    if option.kind == "whole":
        return {"type": "integer", "minimum": int(option.low or 0), "maximum": int(option.high or 0),
                "description": described}
    return {"type": "integer", "minimum": 1, "description": described}
