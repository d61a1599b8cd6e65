"""Reading the punto y banca part of a game file: the shoe, the drawing rules, the bets, the ways
the bank's winnings are paid, and the limits.

The bank's drawing table is given row by row as the text prints it (``"T T T P …"``, one cell per
player's third card 0-9 and a last cell for a player who stood), each row citing its line, so
that a test can hold every cell against the source. The result, :class:`BaccaratSpec`, holds the
engine's :class:`~jokoak.games.baccarat.engine.Rules` and what the sheets show beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ...common import CommonReader, Layout, LimitGroup, Limits
from ...engine.result import Result
from ...family import Options, choice
from ...models import Citation, Reading, Text
from ...schema import Reader, parse_payout
from ...tablespec import Option
from ...yamlsrc import Map, Seq
from . import engine as baccarat

BACCARAT_FIELDS = {"shoe", "drawing", "bets", "payments", "limits"}
BACCARAT_OPTIONAL = {"layouts"}
BET_FIELDS = {"id", "name", "name_source", "side", "payout", "payout_source"}
BET_OPTIONAL = {"limit", "limit_percent", "limit_source", "reading"}
CELLS = {"T": True, "P": False}  # «T: pedir tercera carta», «P: plantarse»
COLUMNS: tuple[int | None, ...] = (*baccarat.VALUES, None)  # the player's third card; None: the player stood


@dataclass(frozen=True)
class TableRow:
    """One row of the bank's table: the bank's two-card total and its cells as read; ``printed``: its
    cells as a clean text prints them, where a printing error is read otherwise (001:2059 prints «I» in
    column P), the row then saying why in its reading."""

    total: int
    cells: str  # one letter per column of COLUMNS: «T» or «P» (and «O» at chemin de fer)
    source: tuple[Citation, ...]
    printed: str = ""

    def draws(self, column: int | None) -> bool:
        return CELLS[self.cells.split()[COLUMNS.index(column)]]


@dataclass(frozen=True)
class BaccaratBetInfo:
    id: str
    name: Text
    bet: baccarat.Bet
    limit: str | None  # the limit group; None: the regulation states no maximum for this bet
    source: tuple[Citation, ...]
    limit_percent: int | None = None  # the bet's maximum is this share of its group's maximum

    def maximum(self, group_maximum: Fraction) -> Fraction:
        """The bet's maximum, given its group's maximum (in euros or in multiples of the minimum)."""
        return group_maximum * self.limit_percent / 100 if self.limit_percent else group_maximum


@dataclass(frozen=True)
class PaymentInfo:
    """A way of paying the bank's winnings, with ``up_to`` when the text lets the casino deduct
    less than the commission («hasta el 5 por 100»)."""

    payment: baccarat.Payment
    up_to: bool
    source: tuple[Citation, ...]

    @property
    def id(self) -> str:
        return self.payment.id


@dataclass(frozen=True)
class BaccaratSpec:
    rules: baccarat.Rules
    bets: tuple[BaccaratBetInfo, ...]
    payments: tuple[PaymentInfo, ...]
    bank_table: tuple[TableRow, ...]
    limits: Limits
    layouts: tuple[Layout, ...]
    shoe_source: tuple[Citation, ...]
    player_source: tuple[Citation, ...]
    bank_source: tuple[Citation, ...]
    # The lines of each rule the engine applies to a worked example (its steps' citations, jokoak.facts.step_citations):
    values_source: tuple[Citation, ...] = ()  # what the cards count, which hand wins, the tie
    naturals_source: tuple[Citation, ...] = ()  # a natural ends the coup
    punto_source: tuple[Citation, ...] = ()  # the totals on which punto draws or stands

    def bet(self, bet_id: str) -> BaccaratBetInfo:
        return next(b for b in self.bets if b.id == bet_id)

    @property
    def tie_source(self) -> tuple[Citation, ...]:
        """The lines of the tie: the values' (which hand wins, the tie), and the tie bet's where the game has one (in
        Euskadi the values' lines stop before «nula y las apuestas podrán ser retiradas», 000:1958)."""
        return self.values_source + tuple(c for b in self.bets if b.bet.side == "empate" for c in b.source)

    @property
    def commission_source(self) -> tuple[Citation, ...]:
        """The lines of the ways of paying the bank's winnings that deduct a commission."""
        return tuple(c for p in self.payments if p.payment.commission for c in p.source)

    @property
    def bank_total_pays_source(self) -> tuple[Citation, ...]:
        """The lines of the ways of paying that pay a bank winning with some total otherwise (6: half)."""
        return tuple(c for p in self.payments if p.payment.bank_total_pays for c in p.source)

    @property
    def tables(self) -> dict[str, tuple[TableRow, ...]]:
        """The tables the official text prints, by the id its ``table:`` blocks give."""
        return {"banca": self.bank_table}

    def payment(self, payment_id: str) -> PaymentInfo:
        return next(p for p in self.payments if p.id == payment_id)


class BaccaratReader:
    """Reads and checks the punto y banca fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.readings = readings
        self.roulette = CommonReader(reader, citations, readings)  # shares limits, layouts and readings

    def read(self, doc: Map) -> BaccaratSpec | None:
        shoe: Any = doc.get("shoe")
        if not self.r.keys(shoe, "shoe", {"decks", "source", "values_source"}, {"reading"}):
            return None
        shoe_source = self.cite(shoe, "source", "shoe")
        values_source = self.cite(shoe, "values_source", "shoe")
        shoe_source += values_source
        self.roulette.reading(shoe, "shoe")
        decks = self.r.integer(shoe, "decks", "shoe", minimum=1)
        drawing = self.drawing(doc.get("drawing"))
        bets = self.bets(doc)
        payments = self.payments(doc)
        groups = [LimitGroup(b.id, b.limit) for b in bets]
        limits = self.roulette.limits(doc.get("limits"), "limits", groups)
        layouts = self.roulette.layouts(doc) if "layouts" in doc else []
        if decks is None or drawing is None or not bets or not payments or limits is None:
            return None
        rules, table, naturals_source, punto_source, bank_source = drawing
        engine_rules = baccarat.Rules(rules, decks, {b.id: b.bet for b in bets}, tuple(p.payment for p in payments))
        return BaccaratSpec(engine_rules, tuple(bets), tuple(payments), table, limits, tuple(layouts), shoe_source,
                            naturals_source + punto_source, bank_source, values_source, naturals_source, punto_source)

    def drawing(self, node: Any) -> tuple[baccarat.DrawingRules, tuple[TableRow, ...], tuple[Citation, ...],
                                          tuple[Citation, ...], tuple[Citation, ...]] | None:
        """The drawing rules, the bank's table row by row, and the lines of the naturals, of punto's rule and of
        the bank's table."""
        if not self.r.keys(node, "drawing", {"naturals", "naturals_source", "player", "bank"}, {"reading"}):
            return None
        self.roulette.reading(node, "drawing")
        naturals = self.totals(node, "naturals", "drawing")
        player, player_path = node["player"], "drawing.player"
        if not self.r.keys(player, player_path, {"draws", "stands", "source"}, {"reading"}):
            return None
        self.roulette.reading(player, player_path)
        naturals_source = self.cite(node, "naturals_source", "drawing")
        punto_source = self.cite(player, "source", player_path)
        draws = self.totals(player, "draws", player_path)
        stands = self.totals(player, "stands", player_path)
        if naturals is None or draws is None or stands is None:
            return None
        if sorted([*naturals, *draws, *stands]) != list(baccarat.VALUES):
            self.r.error(node, "player", "drawing", "every total 0-9 must be exactly one of naturals, "
                         "player.draws and player.stands")
            return None
        table = self.bank_table(node["bank"], "drawing.bank", naturals)
        if table is None:
            return None
        rows, bank_source = table
        bank_draws = {row.total: frozenset(c for c in COLUMNS if row.draws(c)) for row in rows}
        return baccarat.DrawingRules(draws, naturals, bank_draws), rows, naturals_source, punto_source, bank_source

    def totals(self, node: Map, key: str, path: str) -> frozenset[int] | None:
        return read_totals(self.r, node, key, path)

    def bank_table(self, node: Any, path: str,
                   naturals: frozenset[int]) -> tuple[tuple[TableRow, ...], tuple[Citation, ...]] | None:
        return read_bank_table(self.r, self.cite, self.roulette, node, path, naturals, "TP", "player")

    def bets(self, doc: Map) -> list[BaccaratBetInfo]:
        found: list[BaccaratBetInfo] = []
        for path, node in self.r.items(doc, "bets", ""):
            if not self.r.keys(node, path, BET_FIELDS, BET_OPTIONAL):
                continue
            self.roulette.reading(node, path)
            name = self.r.text(node, "name", path)
            source = self.cite(node, "name_source", path) + self.cite(node, "payout_source", path)
            side = node["side"]
            if side not in baccarat.SIDES:
                self.r.error(node, "side", path, f"expected one of {', '.join(baccarat.SIDES)}, got {side!r}")
                continue
            payout = self.r.payout(node, "payout", path)
            if payout is None:
                continue
            if any(other.id == str(node["id"]) for other in found):
                self.r.error(node, "id", path, f"duplicate bet id {node['id']!r}")
                continue
            percent = node.get("limit_percent")
            if percent is not None and (type(percent) is not int or not 0 < percent < 100 or "limit" not in node
                                        or "limit_source" not in node):
                self.r.error(node, "limit_percent", path, "expected a percentage of the limit group's maximum, "
                             "with limit and limit_source")
                continue
            if "limit_source" in node:
                source += self.cite(node, "limit_source", path)
            if name is not None:
                limit = node.get("limit")
                found.append(BaccaratBetInfo(str(node["id"]), name, baccarat.Bet(str(node["id"]), side, payout),
                                             None if limit is None else str(limit), source, percent))
        return found

    def payments(self, doc: Map) -> list[PaymentInfo]:
        found: list[PaymentInfo] = []
        for path, node in self.r.items(doc, "payments", ""):
            if not self.r.keys(node, path, {"id", "source"}, {"commission_percent", "up_to", "bank_total_pays",
                                                               "reading"}):
                continue
            self.roulette.reading(node, path)
            source = self.cite(node, "source", path)
            percent = node.get("commission_percent", 0)
            if type(percent) not in (int, float) or not 0 <= percent < 100:
                self.r.error(node, "commission_percent", path, f"expected a percentage from 0 to 100, got {percent!r}")
                continue
            up_to = node.get("up_to", False)
            if not isinstance(up_to, bool) or (up_to and not percent):
                self.r.error(node, "up_to", path, "expected true (the text says «hasta») on a commission, or false")
                continue
            pays: dict[int, Fraction] = {}
            given: Any = self.r.mapping(node, "bank_total_pays", path) if "bank_total_pays" in node else {}
            for total, text in (given or {}).items():
                try:
                    if type(total) is not int or total not in baccarat.VALUES:
                        raise ValueError(f"{total!r} is not a total 0-9")
                    pays[total] = parse_payout(text)
                except ValueError as exc:
                    self.r.error(node, "bank_total_pays", path, str(exc))
            if any(other.id == str(node["id"]) for other in found):
                self.r.error(node, "id", path, f"duplicate payment id {node['id']!r}")
                continue
            commission = Fraction(str(percent)) / 100
            found.append(PaymentInfo(baccarat.Payment(str(node["id"]), commission, pays), up_to, source))
        return found


def read_bank_table(r: Reader, cite: Any, readings: CommonReader, node: Any, path: str, naturals: frozenset[int],
                    letters: str, who: str) -> tuple[tuple[TableRow, ...], tuple[Citation, ...]] | None:
    """A bank's drawing table, row by row as printed: one row per bank total that is not a natural, each
    with a cell among ``letters`` per column (the third card of ``who``, 0 to 9, then «stood»)."""
    if not r.keys(node, path, {"source", "rows"}, {"reading"}):
        return None
    readings.reading(node, path)
    source = cite(node, "source", path)
    allowed = f"{', '.join(letters[:-1])} or {letters[-1]}"
    rows, broken = [], False
    for row_path, row in r.items(node, "rows", path):
        if not r.keys(row, row_path, {"total", "cells", "source"}, {"reading", "printed"}):
            broken = True
            continue
        if "printed" in row and "reading" not in row:
            r.error(row, "printed", row_path, "a row printed otherwise than it is read needs a reading")
            broken = True
            continue
        readings.reading(row, row_path)
        cells = str(row["cells"]).split()
        if len(cells) != len(COLUMNS) or not set(cells) <= set(letters):
            r.error(row, "cells", row_path, f"expected {len(COLUMNS)} cells, each {allowed} (third card 0 to 9, "
                    f"then the {who} who stood), got {row['cells']!r}")
            broken = True
            continue
        rows.append(TableRow(row["total"], " ".join(cells), cite(row, "source", row_path),
                             " ".join(str(row.get("printed", "")).split())))
    if broken:  # each broken row is reported once, above
        return None
    expected = [t for t in baccarat.VALUES if t not in naturals]
    if [row.total for row in rows] != expected:
        r.error(node, "rows", path, f"expected one row per bank total that is not a natural, in order: "
                f"{', '.join(map(str, expected))}")
        return None
    return tuple(rows), source


def read_totals(r: Reader, node: Map, key: str, path: str) -> frozenset[int] | None:
    """A list of different card totals 0-9 (the totals a hand draws or stands on, the naturals)."""
    value = node.get(key)
    if not isinstance(value, Seq) or not all(type(n) is int and n in baccarat.VALUES for n in value) \
            or len(set(value)) != len(value):
        r.error(node, key, path, "expected a list of different totals from 0 to 9")
        return None
    return frozenset(value)


def example_cards(r: Reader, node: Map, path: str) -> tuple[str, ...] | None:
    """The cards of a worked example, as named on the cloth."""
    cards = node.get("cards")
    try:
        if not isinstance(cards, Seq):
            raise ValueError("expected a list of cards such as \"A\", \"7\", \"K\"")
        for card in cards:
            baccarat.card_value(str(card))
    except ValueError as exc:
        r.error(node, "cards", path, str(exc))
        return None
    return tuple(str(card) for card in cards)


def read_example(r: Reader, node: Map, path: str, spec: BaccaratSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The cards of a worked example in the order dealt, and the ``payment`` of the bank's winnings if the
    regulation gives the casino more than one."""
    cards = example_cards(r, node, path)
    options: Options = {}
    if cards is None or not choice(r, node, "payment", path, options, [p.id for p in spec.payments]):
        return None
    return cards, options


def play(spec: BaccaratSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    return baccarat.play(spec.rules, bets, cards, **options)


def table(spec: BaccaratSpec) -> tuple[tuple[Option, ...], dict[str, tuple[Citation, ...]]]:
    """A table states how the bank's winnings are paid, where the text gives a choice, and the commission
    where the text sets only its highest («hasta el 5 por 100», 000:1931-1933)."""
    options = []
    ids = tuple(p.id for p in spec.payments)
    if len(ids) > 1:
        options.append(Option("payment", "choice", "How winning bets on banca are paid, as the text allows.",
                              tuple(c for p in spec.payments for c in p.source), ids))
    for p in spec.payments:
        if p.up_to:
            options.append(Option("commission", "percent", f"The percentage deducted from the winnings of bets on "
                                  f"banca, up to {p.payment.commission * 100} %.", p.source, low=Fraction(0),
                                  high=p.payment.commission * 100, when=("payment", p.id) if len(ids) > 1 else None))
    return tuple(options), {}


def at_table(spec: BaccaratSpec, table: Any, example: Any) -> BaccaratSpec | None:
    """An example plays with the table's way of paying the bank's winnings and its commission; one that names
    another way of paying is not for this table."""
    payment = table.payment or spec.payments[0].id
    if example.options.get("payment", payment) != payment:
        return None
    ordered = sorted(spec.rules.payments, key=lambda p: p.id != payment)  # the table's first: the default
    found = replace(spec, rules=replace(spec.rules, payments=tuple(ordered)))
    return found if table.commission is None else _priced(found, payment, table.commission)


def _priced(spec: BaccaratSpec, payment_id: str, percent: Fraction) -> BaccaratSpec:
    """The game with the commission of payment ``payment_id`` set to ``percent`` of the winnings."""
    payments = tuple(replace(p, commission=percent / 100) if p.id == payment_id else p for p in spec.rules.payments)
    return replace(spec, rules=replace(spec.rules, payments=payments))


def table_edges(spec: BaccaratSpec, facts: Any, table: Any) -> dict[str, Fraction]:
    """The house edge of each bet at a table that deducts less than the text's highest commission: below
    about 2,7 % the bet on banca favours the player."""
    if table.commission is None or facts.probabilities is None:
        return {}
    payment = table.payment or spec.payments[0].id
    return baccarat.house_edges(_priced(spec, payment, table.commission).rules, facts.probabilities, payment)
