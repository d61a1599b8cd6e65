"""A casino's configuration: its name and, per game, the table's minimum, limit tier and options.

The configuration is checked against the regulation of each game: a tier the regulation does
not have, a minimum on even chances above what it allows, and the like, are errors that cite
the article and the source lines. Without ``--config`` the embedded sample
(``default_config.yaml``) is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import yamlsrc
from .catalog_baccarat import BaccaratSpec
from .catalog_blackjack import BlackjackSpec
from .catalog_dice import DiceSpec
from .catalog_monte import MonteSpec, RetoSpec
from .catalog_pai_gow import PaiGowSpec
from .catalog_roulette import RouletteSpec
from .errors import BuildError, Collector, Problem
from .models import Catalog, Game, cite
from .schema import Reader, join
from .yamlsrc import Map

DEFAULT_CONFIG = Path(__file__).with_name("default_config.yaml")


@dataclass(frozen=True)
class Table:
    """One table of a game at this casino."""

    game: str
    minimum: Fraction
    tier: int | None  # where the regulation gives limit tiers
    even_chance_minimum: Fraction
    even_chance_multiples: bool
    layout: str
    maximums: dict[str, Fraction] | None = None  # where it gives a range per bet group instead
    payment: str = ""  # punto y banca: how the bank's winnings are paid, where the regulation gives a choice
    decks: int | None = None  # el reto: the decks in the shoe, which the casino chooses

    options: tuple[str, ...] | None = None  # black jack: the optional bets and rules this table offers
    commission: Fraction | None = None  # pai gow: the percentage of the winnings kept, up to the text's (5 %)

    def maximum(self, spec: RouletteSpec | DiceSpec | BaccaratSpec | MonteSpec | RetoSpec | BlackjackSpec
                | PaiGowSpec, group: str) -> Fraction:
        """The maximum stake on bets of limit ``group`` at this table."""
        if self.maximums is not None:
            return self.maximums[group]
        assert self.tier is not None
        return self.minimum * spec.limits.maximum[group][self.tier - 1]


@dataclass(frozen=True)
class Config:
    casino: str
    tables: dict[str, Table]
    file: str


def _amount(r: Reader, node: Map, key: str, path: str) -> Fraction | None:
    value = node.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        r.error(node, key, path, f"expected an amount in euros, got {value!r}")
        return None
    try:
        amount = Fraction(str(value))
    except ValueError:
        r.error(node, key, path, f"expected an amount in euros, got {value!r}")
        return None
    if amount <= 0 or (amount * 100).denominator != 1:
        r.error(node, key, path, f"expected a positive amount in whole cents, got {value!r}")
        return None
    return amount


def load_config(path: Path | None, catalog: Catalog) -> Config:
    """Read and check a configuration; ``None`` means the embedded default."""
    path = path or DEFAULT_CONFIG
    display = str(path) if path != DEFAULT_CONFIG else "jokoak/default_config.yaml"
    doc = yamlsrc.load(path, display)
    problems = Collector()
    r = Reader(display, problems, ())
    if not r.keys(doc, "", {"casino", "tables"}):
        problems.raise_if_any()
    casino = r.string(doc, "casino", "") or ""
    games = {game.key: game for game in catalog.games}
    tables = {}
    for key, node in (r.mapping(doc, "tables", "") or {}).items():
        path_ = join("tables", key)
        game = games.get(key)
        if game is None:
            r.error(doc["tables"], key, "tables", f"no game {key!r} in the catalogue (games: {', '.join(games)})")
            continue
        table = _table(r, node, path_, game)
        if table is not None:
            tables[key] = table
    problems.raise_if_any()
    return Config(casino, tables, display)


def _table(r: Reader, node: Map, path: str, game: Game) -> Table | None:
    spec: RouletteSpec | DiceSpec | BaccaratSpec | MonteSpec | RetoSpec | BlackjackSpec | PaiGowSpec = game.rules
    limits = spec.limits
    limit_field = "tier" if limits.tiers else "maximum"
    layout = {"layout"} if spec.layouts else set()  # a dice table has no layouts to choose from
    payments = [p.id for p in spec.payments] if isinstance(spec, BaccaratSpec) else []
    payment = {"payment"} if len(payments) > 1 else set()  # where the regulation lets the casino choose
    decks = {"decks"} if isinstance(spec, RetoSpec) else set()  # «hasta con ocho mazos … según criterio» (001:925)
    optional = set(spec.options) if isinstance(spec, BlackjackSpec) else set()
    if not r.keys(node, path, {"minimum", limit_field, *layout, *payment, *decks, *(["options"] if optional else [])},
                  {"even_chance_minimum", "even_chance_multiples",
                   *(["commission"] if isinstance(spec, PaiGowSpec) else [])}):
        return None
    article = f"{game.version.decree['es']}, {game.article['es']}"
    minimum = _amount(r, node, "minimum", path)
    tier, maximums = None, None
    if limits.tiers:
        tier = node["tier"]
        if type(tier) is not int or not 1 <= tier <= limits.tiers:
            choices = ", ".join(str(t) for t in range(1, limits.tiers + 1))
            r.error(node, "tier", path, f"the regulation has {limits.tiers} limit tiers; expected one of {choices}, "
                    f"got {tier!r} ({article}; {cite(limits.tiers_source)})")
            return None
    elif minimum is not None:
        maximums = _maximums(r, node, path, minimum, limits.ranges, f"{article}; {cite(limits.source)}")
        if maximums is None:
            return None
    even = _amount(r, node, "even_chance_minimum", path) if "even_chance_minimum" in node else minimum
    factor = limits.even_chance_minimum_factor
    if minimum is not None and even is not None and factor is None and even != minimum:
        r.error(node, "even_chance_minimum", path, f"this regulation sets no separate minimum on even chances: "
                f"it is the table minimum ({minimum} €) ({article})")
        return None
    if minimum is not None and even is not None and factor is not None:
        most = minimum * factor
        if not minimum <= even <= most:
            r.error(node, "even_chance_minimum", path,
                    f"the minimum on even chances may be set from the table minimum up to "
                    f"{factor} times it ({minimum} to {most} €), got {even} € "
                    f"({article}; {cite(limits.even_source)})")
            return None
    multiples = node.get("even_chance_multiples", False)
    if not isinstance(multiples, bool):
        r.error(node, "even_chance_multiples", path, f"expected true or false, got {multiples!r}")
        return None
    if multiples and not limits.multiples:
        r.error(node, "even_chance_multiples", path, f"this regulation does not let the casino require multiples "
                f"({article})")
        return None
    layouts = [layout.id for layout in spec.layouts]
    if layouts and node["layout"] not in layouts:
        r.error(node, "layout", path, f"expected one of {', '.join(layouts)}, got {node['layout']!r}")
        return None
    if payment and node["payment"] not in payments:
        r.error(node, "payment", path, f"expected one of {', '.join(payments)}, got {node['payment']!r} ({article})")
        return None
    if isinstance(spec, RetoSpec) and (type(node["decks"]) is not int or not 1 <= node["decks"] <= spec.rules.decks):
        r.error(node, "decks", path, f"expected a number of decks from 1 to {spec.rules.decks}, got {node['decks']!r} "
                f"({article}; {cite(spec.shoe_source)})")
        return None
    offered: Any = node.get("options")
    if optional and (not isinstance(offered, list) or not set(offered) <= optional):
        r.error(node, "options", path, f"expected the list of the optional items this table offers, among "
                f"{', '.join(sorted(optional))} (an empty list for none), got {offered!r} ({article})")
        return None
    commission = None
    if isinstance(spec, PaiGowSpec):  # «hasta el 5 por 100, a discreción del Establecimiento» (000:4127-4129)
        most = spec.commission.percent
        given = node.get("commission", most)
        if type(given) not in (int, float) or not 0 <= Fraction(str(given)) <= most:
            r.error(node, "commission", path, f"expected a commission from 0 to {most} (per cent of the winnings), "
                    f"got {given!r} ({article}; {cite(spec.commission.source)})")
            return None
        commission = Fraction(str(given))
    if minimum is None or even is None:
        return None
    return Table(game.key, minimum, tier, even, multiples, str(node.get("layout", "")), maximums,
                 str(node.get("payment", "")), node.get("decks"), tuple(offered) if optional else None, commission)


def _maximums(r: Reader, node: Map, path: str, minimum: Fraction, ranges: dict[str, tuple[int, int | None]],
              reference: str) -> dict[str, Fraction] | None:
    """The table's maximum per bet group, in euros, each within the range the regulation allows."""
    given = r.mapping(node, "maximum", path)
    field = join(path, "maximum")
    if given is None or not r.keys(given, field, set(ranges)):
        return None
    found = {}
    for group, (lowest, highest) in sorted(ranges.items()):
        amount = _amount(r, given, group, field)
        if amount is None:
            return None
        if highest is None and amount < minimum * lowest:
            r.error(given, group, field, f"the maximum must be at least {lowest} times the minimum "
                    f"({minimum * lowest} €), got {amount} € ({reference})")
            return None
        if highest is not None and not minimum * lowest <= amount <= minimum * highest:
            r.error(given, group, field, f"the maximum must be from {lowest} to {highest} times the minimum "
                    f"({minimum * lowest} to {minimum * highest} €), got {amount} € ({reference})")
            return None
        found[group] = amount
    return found


def load_or_raise(path: Path | None, catalog: Catalog) -> Config:
    """:func:`load_config`, with a missing file reported like any other bad input."""
    if path is not None and not path.is_file():
        raise BuildError([Problem(str(path), 1, "(file)", "no such configuration file")])
    return load_config(path, catalog)
