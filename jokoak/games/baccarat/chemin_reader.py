"""Reading the chemin de fer and baccara a dos paños parts of a game file: the shoe, the punto's and the
banker's drawing rules with the «cuadro de jugadas de la Banca» row by row as printed (T, P or O), the
stakes, the commission on the banker's winnings, and the limits.

The bank's table is given as the text prints it, each row citing its line, so that a test can hold
every cell against the source; where a text is damaged the row says where it was read instead and
why (``reading``). The result, :class:`CheminSpec`, holds the engine's
:class:`~jokoak.games.baccarat.chemin.Rules` and what the sheets show beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ...common import CommonReader, Layout, Limits
from ...engine.result import Result
from ...family import Options, choice, flag
from ...models import Citation, Reading, Text
from ...schema import Reader
from ...tablespec import Option
from ...yamlsrc import Map
from . import chemin, dos_panos
from . import engine as baccarat
from .reader import COLUMNS, TableRow, example_cards, read_bank_table, read_totals

CHEMIN_FIELDS = {"shoe", "drawing", "bets", "commissions", "limits"}
CHEMIN_OPTIONAL: set[str] = set()
DOS_PANOS_FIELDS = CHEMIN_FIELDS | {"two_card_eight"}
LETTERS = {"T": "draw", "P": "stand", "O": "choice"}  # legend 000:2451-2455
BANCO = ("never", "authorised", "always")  # when a punto who «hace banco» may play as he likes
STAKES = {False: ("punto", "banca"), True: ("paño", "banca")}  # dos paños: «paño 1», «banca 2» in examples


@dataclass(frozen=True)
class CheminBetInfo:
    """A stake at the table: the punto's against the bank, or the banker's money covering it."""

    id: str
    name: Text
    payout: Fraction
    limit: str | None
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class CommissionInfo:
    """The house's share of the banker's winnings: ``up_to`` when the text lets the casino take less."""

    id: str
    name: Text | None
    rate: Fraction
    up_to: bool
    source: tuple[Citation, ...]
    decks: int | None = None  # 1977 dos paños: three decks with a limited bank, six with a free one


@dataclass(frozen=True)
class CheminSpec:
    rules: chemin.Rules  # with the first commission; rules_for() gives the others
    two: bool  # baccara a dos paños
    bets: tuple[CheminBetInfo, ...]
    commissions: tuple[CommissionInfo, ...]
    bank_table: tuple[TableRow, ...]
    banco: str  # one of BANCO
    advice: bool  # asked on 5, the croupier tells the punto to stand
    limits: Limits
    shoe_source: tuple[Citation, ...]
    player_source: tuple[Citation, ...]
    advice_source: tuple[Citation, ...]
    banco_source: tuple[Citation, ...]
    bank_source: tuple[Citation, ...]
    imposed_source: tuple[Citation, ...]
    table_source: tuple[Citation, ...]
    eight_source: tuple[Citation, ...] = ()
    layouts: tuple[Layout, ...] = ()
    shoe_decks: int = 6  # the shoe's decks, where a commission does not bring its own
    # The lines of rules the engine applies to a worked example (its steps' citations, jokoak.facts.step_citations),
    # beside the sources above:
    values_source: tuple[Citation, ...] = ()  # what the cards count, which hand wins, a void coup
    naturals_source: tuple[Citation, ...] = ()  # the deal and a natural
    punto_source: tuple[Citation, ...] = ()  # the totals on which the punto draws, chooses or stands

    def bet(self, bet_id: str) -> CheminBetInfo:
        return next(b for b in self.bets if b.id == bet_id)

    def commission(self, commission_id: str | None) -> CommissionInfo:
        return next((c for c in self.commissions if c.id == commission_id), self.commissions[0])

    def rules_for(self, commission_id: str | None) -> chemin.Rules:
        """The engine's rules with the commission ``commission_id`` (the first when None), and its shoe."""
        commission = self.commission(commission_id)
        return replace(self.rules, commission=commission.rate, decks=commission.decks or self.shoe_decks)

    @property
    def tables(self) -> dict[str, tuple[TableRow, ...]]:
        """The tables the official text prints, by the id its ``table:`` blocks give."""
        return {"banca": self.bank_table}

    @property
    def option_cells(self) -> list[tuple[int, int | None]]:
        """The table's «O» cells: (bank total, column), the column None for a punto who stood."""
        return [(row.total, column) for row in self.bank_table
                for column, cell in zip(COLUMNS, row.cells.split(), strict=True) if cell == "O"]


class CheminReader:
    """Reads and checks the chemin de fer fields of one game file."""

    TWO = False

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.roulette = CommonReader(reader, citations, readings)  # shares limits and readings

    def read(self, doc: Map) -> CheminSpec | None:
        shoe: Any = doc.get("shoe")
        if not self.r.keys(shoe, "shoe", {"decks", "source", "values_source"}, {"reading"}):
            return None
        self.roulette.reading(shoe, "shoe")
        shoe_source = self.cite(shoe, "source", "shoe")
        values_source = self.cite(shoe, "values_source", "shoe")
        shoe_source += values_source
        decks = self.r.integer(shoe, "decks", "shoe", minimum=1)
        drawing = self.drawing(doc.get("drawing"))
        bets = self.bets(doc)
        commissions = self.commissions(doc)
        eight: tuple[Citation, ...] = ()
        if self.TWO:
            node: Any = doc.get("two_card_eight")
            if self.r.keys(node, "two_card_eight", {"source"}, {"reading"}):
                self.roulette.reading(node, "two_card_eight")
                eight = self.cite(node, "source", "two_card_eight")
        limits = self.roulette.limits(doc.get("limits"), "limits", bets)
        if decks is None or drawing is None or len(bets) != 2 or not commissions or limits is None:
            return None
        if self.TWO and not eight:
            return None
        fields, sources, rows, banco, advice = drawing
        try:
            rules = chemin.Rules(decks=commissions[0].decks or decks, commission=commissions[0].rate,
                                 eight_beats_three=self.TWO, **fields)
        except ValueError as exc:
            self.r.error(doc, "drawing", "", str(exc))
            return None
        naturals_source, punto_source, advice_source, banco_source, bank, imposed, table = sources
        return CheminSpec(rules, self.TWO, tuple(bets), tuple(commissions), rows, banco, advice, limits, shoe_source,
                          naturals_source + punto_source, advice_source, banco_source, bank, imposed, table, eight,
                          shoe_decks=decks, values_source=values_source, naturals_source=naturals_source,
                          punto_source=punto_source)

    def drawing(self, node: Any) -> tuple[dict[str, Any], tuple[tuple[Citation, ...], ...], tuple[TableRow, ...], str,
                                          bool] | None:
        """The engine's drawing rules; the lines of the naturals, the punto's rule, the croupier's advice, banco, the
        banker's rule, the table imposed and the table; the table row by row; banco; the advice."""
        if not self.r.keys(node, "drawing", {"naturals", "naturals_source", "player", "bank"}, {"reading"}):
            return None
        self.roulette.reading(node, "drawing")
        naturals = self.totals(node, "naturals", "drawing")
        player, path = node["player"], "drawing.player"
        if not self.r.keys(player, path, {"draws", "option", "stands", "source", "advice", "advice_source", "banco",
                                          "banco_source"}, {"reading"}):
            return None
        self.roulette.reading(player, path)
        naturals_source = self.cite(node, "naturals_source", "drawing")
        punto_source = self.cite(player, "source", path)
        advice_source = self.cite(player, "advice_source", path)
        banco_source = self.cite(player, "banco_source", path)
        draws, option, stands = (self.totals(player, key, path) for key in ("draws", "option", "stands"))
        if player["advice"] not in ("stand", None):
            self.r.error(player, "advice", path, f"expected stand (the croupier's advice on the option) or null, "
                         f"got {player['advice']!r}")
            return None
        if player["banco"] not in BANCO:
            self.r.error(player, "banco", path, f"expected one of {', '.join(BANCO)}, got {player['banco']!r}")
            return None
        if naturals is None or draws is None or option is None or stands is None:
            return None
        if sorted([*naturals, *draws, *option, *stands]) != list(baccarat.VALUES):
            self.r.error(node, "player", "drawing", "every total 0-9 must be exactly one of naturals, "
                         "player.draws, player.option and player.stands")
            return None
        bank, bank_path = node["bank"], "drawing.bank"
        if not self.r.keys(bank, bank_path, {"free", "must_draw", "source", "imposed_source", "table"}, {"reading"}):
            return None
        self.roulette.reading(bank, bank_path)
        must_draw = self.totals(bank, "must_draw", bank_path)
        if not isinstance(bank["free"], bool):
            self.r.error(bank, "free", bank_path, "expected true (he draws or stands at will unless he asks for the "
                         "table) or false (the table always binds him)")
            return None
        bank_source = self.cite(bank, "source", bank_path)
        imposed_source = self.cite(bank, "imposed_source", bank_path)
        table = self.bank_table(bank["table"], join_path(bank_path, "table"), naturals)
        if must_draw is None or table is None:
            return None
        rows, table_source = table
        fields = {"table": chemin.BankTable({row.total: "".join(row.cells.split()) for row in rows}),
                  "player_draws": draws, "player_option": option, "naturals": naturals, "bank_free": bank["free"],
                  "bank_must_draw": must_draw, "banco_free": player["banco"] == "always"}
        sources = (naturals_source, punto_source, advice_source, banco_source, bank_source, imposed_source,
                   table_source)
        return fields, sources, rows, str(player["banco"]), player["advice"] == "stand"

    def totals(self, node: Map, key: str, path: str) -> frozenset[int] | None:
        return read_totals(self.r, node, key, path)

    def bank_table(self, node: Any, path: str,
                   naturals: frozenset[int]) -> tuple[tuple[TableRow, ...], tuple[Citation, ...]] | None:
        """The «cuadro de jugadas de la Banca», row by row as printed: T, P or O per column."""
        return read_bank_table(self.r, self.cite, self.roulette, node, path, naturals, "".join(LETTERS), "punto")

    def bets(self, doc: Map) -> list[CheminBetInfo]:
        found: list[CheminBetInfo] = []
        ids = STAKES[self.TWO]
        for path, node in self.r.items(doc, "bets", ""):
            if not self.r.keys(node, path, {"id", "name", "name_source", "payout", "payout_source"},
                               {"limit", "reading"}):
                continue
            self.roulette.reading(node, path)
            if node["id"] not in ids or any(b.id == node["id"] for b in found):
                self.r.error(node, "id", path, f"expected each of {', '.join(ids)} once, got {node['id']!r}")
                continue
            name = self.r.text(node, "name", path)
            source = self.cite(node, "name_source", path) + self.cite(node, "payout_source", path)
            payout = self.r.payout(node, "payout", path)
            if payout is None:
                continue
            if payout != 1:
                self.r.error(node, "payout", path, "the engine pays every stake at par («1:1»), the banker's less "
                             f"the commission; got {node['payout']!r}")
                continue
            if name is not None:
                limit = node.get("limit")
                found.append(CheminBetInfo(str(node["id"]), name, payout, None if limit is None else str(limit),
                                           source))
        return found

    def commissions(self, doc: Map) -> list[CommissionInfo]:
        found: list[CommissionInfo] = []
        for path, node in self.r.items(doc, "commissions", ""):
            if not self.r.keys(node, path, {"id", "percent", "source"}, {"name", "up_to", "decks", "reading"}):
                continue
            self.roulette.reading(node, path)
            source = self.cite(node, "source", path)
            percent = node["percent"]
            if type(percent) not in (int, float) or not 0 <= percent < 100:
                self.r.error(node, "percent", path, f"expected a percentage from 0 to 100, got {percent!r}")
                continue
            up_to = node.get("up_to", False)
            if not isinstance(up_to, bool):
                self.r.error(node, "up_to", path, "expected true (the text says «hasta») or false")
                continue
            if any(other.id == str(node["id"]) for other in found):
                self.r.error(node, "id", path, f"duplicate commission id {node['id']!r}")
                continue
            name = self.r.text(node, "name", path) if "name" in node else None
            decks = self.r.integer(node, "decks", path, minimum=1) if "decks" in node else None
            found.append(CommissionInfo(str(node["id"]), name, Fraction(str(percent)) / 100, up_to, source, decks))
        return found


class DosPanosReader(CheminReader):
    """Reads and checks the baccara a dos paños fields of one game file: chemin de fer's, and the
    two-card eight."""

    TWO = True


def join_path(path: str, key: str) -> str:
    return f"{path}.{key}"


def example_said(r: Reader, node: Map, path: str, two: bool) -> dict[str, str] | None:
    """The words said in a worked example, «carta» or «no», by who said them: «punto» and «banca», or
    «paño 1», «paño 2» and «banca»."""
    said = node.get("said", {})
    who = ("paño 1", "paño 2", "banca") if two else ("punto", "banca")
    if not isinstance(said, dict) or not set(said) <= set(who) or not set(said.values()) <= set(chemin.WORDS):
        r.error(node, "said", path, f"expected {{who: «carta» or «no»}}, who one of {', '.join(who)}")
        return None
    return {str(k): str(v) for k, v in said.items()}


def hands(spec: CheminSpec, cards: tuple[str, ...], said: dict[str, str], banco: bool) -> tuple[tuple[str, ...], ...]:
    """The cards of each hand of a coup the engine has played: punto and banca, or paño 1, paño 2 and banca."""
    values = [baccarat.card_value(c) for c in cards]
    rules = spec.rules
    if not spec.two:
        held: list[list[str]] = [[cards[0], cards[2]], [cards[1], cards[3]]]
        players = ["punto"]
    else:
        held = [[cards[0], cards[3]], [cards[1], cards[4]], [cards[2], cards[5]]]
        players = ["paño 1", "paño 2"]
    rest = list(cards[len(held) * 2:])
    bank_points = baccarat.total(*values[len(players):len(held) * 2:len(held)])
    if bank_points not in rules.naturals:
        for i, who in enumerate(players):
            points = baccarat.total(*map(baccarat.card_value, held[i]))
            if points in rules.naturals or not rest:
                continue
            forced = chemin.player_forced(rules, points, banco)
            word = said.get(who)
            drew = chemin.WORDS[word] if word else forced if forced is not None else points in rules.player_draws
            if drew:
                held[i].append(rest.pop(0))
        if rest:
            held[-1].append(rest.pop(0))
    return tuple(tuple(hand) for hand in held)


def read_example(r: Reader, node: Map, path: str, spec: CheminSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The cards of a worked example in the order dealt, and its options: the words ``said`` («carta», «no»)
    by who said them, how the table binds the banker (``bound``), a punto who «hace banco» (``banco``) and the
    ``commission``, if the regulation has more than one."""
    cards, said = example_cards(r, node, path), example_said(r, node, path, spec.two)
    options: Options = {"said": said} if said else {}
    if not (choice(r, node, "bound", path, options, chemin.BOUNDS) and flag(r, node, "banco", path, options)
            and choice(r, node, "commission", path, options, [c.id for c in spec.commissions])):
        return None
    if cards is None or said is None:
        return None
    return cards, options


def play(spec: CheminSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    """Settle a coup of chemin de fer or dos paños (see :func:`jokoak.games.baccarat.chemin.play`)."""
    said: dict[str, str] = options.get("said", {})
    rules, bound, banco = spec.rules_for(options.get("commission")), options.get("bound", chemin.FREE), \
        options.get("banco", False)
    if spec.two:
        return dos_panos.play_two(rules, bets, cards, bank=said.get("banca"), bound=bound, banco=banco,
                                  players=(said.get("paño 1"), said.get("paño 2")))
    return chemin.play(rules, bets, cards, player=said.get("punto"), bank=said.get("banca"), bound=bound, banco=banco)


def table(spec: CheminSpec) -> tuple[tuple[Option, ...], dict[str, tuple[Citation, ...]]]:
    """A table states the bank's mode where the text has two (dos paños: «banca limitada» or «libre», each
    with its commission), and the commission where the text sets only its highest («hasta un 5 por 100»)."""
    options = []
    if len(spec.commissions) > 1:
        options.append(Option("bank", "choice", "The bank's mode, each with its commission, as the text allows.",
                              tuple(c for info in spec.commissions for c in info.source),
                              tuple(info.id for info in spec.commissions)))
    for info in spec.commissions:
        if info.up_to:
            when = ("bank", info.id) if len(spec.commissions) > 1 else None
            options.append(Option("commission", "percent", f"The percentage of the banker's winnings the house takes, "
                                  f"up to {info.rate * 100} %.", info.source, low=Fraction(0), high=info.rate * 100,
                                  when=when))
    return tuple(options), {}


def at_table(spec: CheminSpec, table: Any, example: Any) -> CheminSpec | None:
    """An example plays with the table's bank mode (dos paños) and commission; one that names another mode is
    not for this table."""
    bank = table.choices.get("bank", spec.commissions[0].id)
    if example.options.get("commission", bank) != bank:
        return None
    rate = table.commission / 100 if table.commission is not None else None
    commissions = sorted((replace(c, rate=rate) if c.id == bank and rate is not None else c for c in spec.commissions),
                         key=lambda c: c.id != bank)  # the table's first: the default
    return replace(spec, commissions=tuple(commissions))


CHEMIN_OPTIONS = frozenset({"said", "bound", "banco", "commission"})
