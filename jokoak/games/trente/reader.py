"""Reading the treinta y cuarenta part of a game file: the shoe, the four bets, the refait and its
insurance, and the limits.

The refait (both rows at 31) follows «las mismas disposiciones que regulan el sistema del cero en
la ruleta»: the game file states that zero rule again, with the roulette's lines, in the shape
the roulette reader checks. The result, :class:`TrenteSpec`, holds the engine's
:class:`~jokoak.games.trente.engine.Rules` and what the sheets show beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...common import ZERO_CHOICES, CommonReader, Layout, LimitGroup, Limits
from ...engine.result import Result
from ...family import Options, amount_option, choice, flag, strings
from ...models import Citation, Reading, Text
from ...schema import Reader
from ...yamlsrc import Map
from . import engine as trente

TRENTE_FIELDS = {"shoe", "bets", "refait", "insurance", "limits"}
TRENTE_OPTIONAL: set[str] = set()


@dataclass(frozen=True)
class TrenteBetInfo:
    id: str
    name: Text
    payout: Fraction
    limit: str | None
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class TrenteSpec:
    rules: trente.Rules
    bets: tuple[TrenteBetInfo, ...]
    limits: Limits
    refait_summary: tuple[Text, ...]
    insurance_minimum_pesetas: int | None  # 1977: «iguales o superiores a mil pesetas»
    shoe_source: tuple[Citation, ...]
    refait_source: tuple[Citation, ...]
    insurance_source: tuple[Citation, ...]
    layouts: tuple[Layout, ...] = ()
    rows_source: tuple[Citation, ...] = ()
    """How the rows are dealt: ``shoe.rows_source`` where the game file gives it, else the cards' values, which
    give each row its points."""
    red_card_source: tuple[Citation, ...] = ()
    tie_source: tuple[Citation, ...] = ()
    """Equal rows: the lines of the refait's citation in the game's own text (the rest are the roulette's)."""

    def bet(self, bet_id: str) -> TrenteBetInfo:
        return next(b for b in self.bets if b.id == bet_id)


class TrenteReader:
    """Reads and checks the treinta y cuarenta fields of one game file."""

    def __init__(self, reader: Any, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.roulette = CommonReader(reader, citations, readings)  # shares limits, zero rule and readings

    def read(self, doc: Map) -> TrenteSpec | None:
        shoe: Any = doc.get("shoe")
        if not self.r.keys(shoe, "shoe", {"decks", "source", "values_source", "red_card_before", "red_card_source"},
                           {"reading", "rows_source"}):
            return None
        self.roulette.reading(shoe, "shoe")
        values_source, red_card_source = self.cite(shoe, "values_source", "shoe"), \
            self.cite(shoe, "red_card_source", "shoe")
        shoe_source = self.cite(shoe, "source", "shoe") + values_source + red_card_source
        rows_source = self.cite(shoe, "rows_source", "shoe") if "rows_source" in shoe else values_source
        decks = self.r.integer(shoe, "decks", "shoe", minimum=1)
        reserved = self.r.integer(shoe, "red_card_before", "shoe", minimum=1)
        bets = self.bets(doc)
        refait = self.roulette.zero_rule(doc.get("refait"), "refait")
        insurance: Any = doc.get("insurance")
        if not self.r.keys(insurance, "insurance", {"premium_percent", "source"}, {"minimum_pesetas", "reading"}):
            return None
        self.roulette.reading(insurance, "insurance")
        insurance_source = self.cite(insurance, "source", "insurance")
        premium = self.r.integer(insurance, "premium_percent", "insurance", minimum=1)
        pesetas = self.r.integer(insurance, "minimum_pesetas", "insurance", minimum=1) \
            if "minimum_pesetas" in insurance else None
        groups = [LimitGroup(b.id, b.limit) for b in bets]
        limits = self.roulette.limits(doc.get("limits"), "limits", groups)
        if None in (decks, reserved, refait, premium, limits) or len(bets) != len(trente.BETS):
            return None
        assert decks is not None and reserved is not None and refait is not None and premium is not None
        assert limits is not None
        payouts = {b.payout for b in bets}
        if len(payouts) != 1:
            self.r.error(doc, "bets", "", "the engine pays every bet alike («el equivalente de su apuesta»); "
                         "the payouts differ")
            return None
        rules = trente.Rules(decks, refait, Fraction(premium, 100), None, payouts.pop(), reserved)
        refait_source = self.roulette.zero_source
        return TrenteSpec(rules, tuple(bets), limits, self.roulette.summary, pesetas, shoe_source, refait_source,
                          insurance_source, rows_source=rows_source, red_card_source=red_card_source,
                          tie_source=tuple(c for c in refait_source if _within(c, doc)))

    def bets(self, doc: Map) -> list[TrenteBetInfo]:
        found: list[TrenteBetInfo] = []
        for path, node in self.r.items(doc, "bets", ""):
            if not self.r.keys(node, path, {"id", "name", "name_source", "payout", "payout_source"},
                               {"limit", "reading"}):
                continue
            self.roulette.reading(node, path)
            if node["id"] not in trente.BETS or any(b.id == node["id"] for b in found):
                self.r.error(node, "id", path, f"expected each of {', '.join(trente.BETS)} once, got {node['id']!r}")
                continue
            name = self.r.text(node, "name", path)
            source = self.cite(node, "name_source", path) + self.cite(node, "payout_source", path)
            payout = self.r.payout(node, "payout", path)
            if payout is None:
                continue
            if name is not None:
                limit = node.get("limit")
                found.append(TrenteBetInfo(str(node["id"]), name, payout, None if limit is None else str(limit),
                                           source))
        return found


def _within(citation: Citation, doc: Map) -> bool:
    """Whether ``citation`` lies in the game's own text (its ``source``, which the catalogue reader checks)."""
    try:
        own = Citation.parse_all(str(doc.get("source", "")))
    except ValueError:
        return False
    return any(c.source == citation.source and c.first <= citation.first and citation.last <= c.last for c in own)


def read_example(r: Reader, node: Map, path: str, spec: TrenteSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The coups of a worked example, each its cards as dealt, and its options: the bets ``insured``, the
    player's choice on a refait (``on_refait``), ``last_coup``, the table ``minimum``."""
    coups = strings(r, node, "coups", path, 'a list of coups, each its cards as dealt: "7♥ 10 K 4 9 J 4 10"')
    if coups is None:
        return None
    options: Options = {}
    if "insured" in node:
        insured = node["insured"]
        if not isinstance(insured, list) or not set(insured) <= set(node.get("bets") or {}):
            r.error(node, "insured", path, "expected a list of the example's bets that are insured")
            return None
        options["insured"] = [str(bet) for bet in insured]
    if not (choice(r, node, "on_refait", path, options, ZERO_CHOICES, many=True)
            and flag(r, node, "last_coup", path, options) and amount_option(r, node, "minimum", path, options)):
        return None
    return coups, options


def play(spec: TrenteSpec, bets: dict[str, Fraction], coups: Sequence[Any], options: Options) -> Result:
    return trente.play(spec.rules, bets, coups, **options)
