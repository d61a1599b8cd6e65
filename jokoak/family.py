"""Engine families: everything the core needs to know about one engine, declared once by its package.

Each family package (``jokoak/games/<family>/__init__.py``) declares a :class:`Family` per engine its game files
name: the fields of a game file, the reader that turns them into the game's rules, how a worked example is read and
played, what a table of it states, its facts and its part of the data files, and its templates. The registry
(:func:`jokoak.games.families`) finds them by the game file's ``engine``. A worked example is what is dealt
(``draws``: the spins, rolls, cards or coups) and the keyword options of its ``play`` call, e.g.
``{"on_zero": "prison"}``, in one mapping.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .engine.result import Result
from .schema import Reader
from .tablespec import FamilyTable
from .yamlsrc import Map, Seq

if TYPE_CHECKING:
    from .facts import GameFacts
    from .models import Game

Options = dict[str, Any]
# (reader, example node, its path, the game's rules) -> the draws and the options, or None after reporting
ExampleReader = Callable[[Reader, Map, str, Any], "tuple[tuple[Any, ...], Options] | None"]
# (the game's rules, bet -> stake, the draws, the options) -> what was staked and returned
Player = Callable[[Any, dict[str, Fraction], Sequence[Any], Options], Result]
# (the game's rules, a casino's table, a worked example) -> the rules to play the example by at that table, or
# None when the example is about a choice the table did not make. A sheet prints the example only where it
# ends as in the catalogue: a different result means its story (its title) does not hold at that table.
AtTable = Callable[[Any, Any, Any], Any]
# (the game, the same game in the other regulations) -> what the site, the sheets and the data say about it
Facts = Callable[["Game", Sequence["Game"]], "GameFacts"]
# (the game's facts, its macros by name in one language, the languages) -> the family's part of a data file
DataPart = Callable[["GameFacts", dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Templates:
    """A family's templates, in ``templates/games/<folder>/``: its part of the player sheet (the bets and their
    payouts) and of the site page, the macro ``dealt(example, game, facts)`` that says what an example dealt, the
    ``step`` macro that says each step of its engine in one sentence, and its own macros (None where it has none),
    which its data part calls by name beside the shared ones."""

    sheet: str
    site: str
    examples: str
    steps: str
    macros: str | None

    @classmethod
    def of(cls, folder: str, prefix: str = "", macros: bool = True) -> Templates:
        """The templates of ``folder``; ``prefix`` names those of a second engine in the same folder (``reto-``);
        ``macros``: whether it has macros of its own."""
        base = f"games/{folder}/{prefix}"
        return cls(f"{base}sheet.html.jinja", f"{base}site.rst.jinja", f"{base}examples.jinja", f"{base}steps.jinja",
                   f"{base}macros.jinja" if macros else None)


@dataclass(frozen=True, kw_only=True)
class Family:
    """One engine as the core sees it: how its part of a game file is read, how its examples are played, what the
    site, the sheets and the data say about its games, and which templates say it."""

    engine: str  # the game file's ``engine``
    fields: frozenset[str]  # the engine's required fields in a game file
    optional: frozenset[str]  # and its optional ones
    reader: Any  # ``reader(r, cite, readings).read(doc)`` gives the game's rules, or None after reporting
    draws: str  # the example's field (and the ``play`` keyword) with what is dealt: spins, rolls, cards, coups
    options: frozenset[str]  # the example's other fields: the ``play`` call's keyword options
    read_example: ExampleReader
    play: Player
    facts: Facts
    data: DataPart
    templates: Templates
    table: FamilyTable | None = None  # the choices a table of this family's games states, beyond its limits
    at_table: AtTable | None = None  # how a worked example plays at one table; None: as in the catalogue
    # (the game's rules, its facts, a table) -> the house edge of each bet whose edge the table's choices change
    table_edges: Callable[[Any, Any, Any], dict[str, Fraction]] | None = None
    # the family's own Python functions its templates call, by name (a diagram, the rows of a table)
    helpers: dict[str, Callable[..., Any]] = field(default_factory=dict)
    # (the game's rules, a casino's table) -> what is wrong with the table's figures taken together, each (the field,
    # a whole sentence citing the text): what a choice's own range cannot say (circle poker's minimum as a share of
    # the maximum, the ante as a share of the minimum)
    check_table: Callable[[Any, Any], list[tuple[str, str]]] | None = None


def flag(r: Reader, node: Map, key: str, path: str, options: Options) -> bool:
    """Copy the option ``key``, true or false, into ``options`` if the example gives it; False after an error."""
    if key in node:
        if not isinstance(node[key], bool):
            r.error(node, key, path, f"expected true or false, got {node[key]!r}")
            return False
        options[key] = node[key]
    return True


def choice(r: Reader, node: Map, key: str, path: str, options: Options, allowed: Sequence[str],
           many: bool = False) -> bool:
    """Copy the option ``key``, one of ``allowed`` (or, with ``many``, a list of them), into ``options``."""
    if key not in node:
        return True
    value = node[key]
    values = list(value) if many and isinstance(value, Seq) else [value]
    if not values or any(v not in allowed for v in values):
        r.error(node, key, path, f"expected {'one or a list' if many else 'one'} of {', '.join(allowed)}, "
                f"got {value!r}")
        return False
    options[key] = [str(v) for v in values] if isinstance(value, Seq) else str(value)
    return True


def amount_option(r: Reader, node: Map, key: str, path: str, options: Options) -> bool:
    """Copy the option ``key``, an amount, into ``options`` if the example gives it."""
    if key in node:
        found = r.amount(node, key, path)
        if found is None:
            return False
        options[key] = found
    return True


def strings(r: Reader, node: Map, key: str, path: str, what: str) -> tuple[str, ...] | None:
    """The example's list ``key`` of strings (cards, coups, rolls), not empty; None after reporting."""
    value = node.get(key)
    if not isinstance(value, Seq) or not value or not all(isinstance(v, str | int) for v in value):
        r.error(node, key, path, f"expected {what}")
        return None
    return tuple(str(v) for v in value)
