"""The fields many game files share, read the same way in every family: the table limits, the layouts of the
cloth, the zero rule of the even chances, and the readings of the text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .engine.prison import ZeroRule
from .models import NOTE_LANGUAGES, Citation, Reading, Text
from .schema import Reader, join
from .yamlsrc import Map, Seq

ZERO_CHOICES = ("half", "prison")  # the player's choice on a zero (or a refait): half back, or «en prisión»


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
class Layout:
    id: str
    name: Text
    source: tuple[Citation, ...] = ()


@dataclass(frozen=True)
class CitedLine:
    """The lines a step of the engine cites by key: its rule ``bet:<category>`` (:func:`jokoak.facts.bet_sources`
    keys the lines of a spec's ``pays`` by their ``category``)."""

    category: str
    source: tuple[Citation, ...]


class CommonReader:
    """Reads the fields a game file of any family may share: limits, layouts, the zero rule, readings."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.readings = readings
        self.summary: tuple[Text, ...] = ()
        self.zero_source: tuple[Citation, ...] = ()
        self.zero_heading: Text | None = None

    def reading(self, node: Map, path: str) -> None:
        """A reading of the text, for the legal team: ``{es: …, eu: …}`` whatever the regulation's languages."""
        text = Reader(self.r.file, self.r.problems, NOTE_LANGUAGES, self.r.wording).text(node, "reading", path)
        if text:
            self.readings.append(Reading(join(path, "reading"), {lang: " ".join(value.split())
                                                                  for lang, value in text.items()},
                                         self.r.file, node.line_of("reading")))

    def zero_rule(self, node: Any, path: str) -> ZeroRule | None:
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
        return ZeroRule(*values)

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
