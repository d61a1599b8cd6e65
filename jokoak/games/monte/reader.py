"""Reading the monte o banca and el reto parts of a game file (Extremadura, 001: 1.8 and 1.9).

Monte: the decks and the circular order of the suits, the two phases, the tenth the house takes when
the first card decides, each bet with its payout per phase, the suits it covers, the points its
payout loses per doubled or burnt card, and its maximum per phase. El reto: the most decks the
casino may use, the initial bet, the «reto» with its burnt cards, its payouts and what declining
costs, the «tie» bet, and the limits. Both take ``notes``: what the engine does not model, in our
own words with the lines it concerns, shown on the sheet and the site.

The results, :class:`MonteSpec` and :class:`RetoSpec`, hold the engine's rules
(:mod:`jokoak.games.monte.engine`) and what the sheets show beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...common import CommonReader, LimitGroup, Limits
from ...engine.result import Result
from ...family import Options, strings
from ...models import Citation, Reading, Text
from ...schema import Reader, join
from ...tablespec import Option
from ...yamlsrc import Map, Seq
from . import engine as monte

MONTE_FIELDS = {"shoe", "phases", "deduction", "bets", "limits"}
MONTE_OPTIONAL = {"notes"}
RETO_FIELDS = {"shoe", "bets", "limits"}
RETO_OPTIONAL = {"notes"}
PHASES = ("primeras", "segundas")
SUIT_WORDS = {"same": 0, "next": 1, "opposite": 2, "previous": 3}  # counted from the placed card's suit
# What the engine takes a point off for, per bet (monte._payout): it plays no other rule.
POINTS_OFF = {"vis": ("doubled", "burnt"), "camo": ("doubled",), "anti": ("doubled",), "viudo": ("doubled",),
              "salto": (), "cartas": ()}
RETO_BETS = ("inicial", "reto", "empate")
SUIT_NAMES = ("oros", "copas", "espadas", "bastos")  # the engine's circular order, by initial (monte.SUITS)


@dataclass(frozen=True)
class Note:
    """Something the engine does not model, in our own words, with the lines it concerns."""

    text: Text
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class Phase:
    id: str
    name: Text
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class MonteBetInfo:
    id: str  # the engine's kind: vis, camo, anti, viudo, salto, cartas
    name: Text
    box: str  # the box on the cloth («VIS», «C»…), or "" where the text names none
    suits: tuple[str, ...]  # camo, anti, viudo: the suits covered, counted from the placed card's
    pays: dict[str, Fraction]  # by phase
    points_off: tuple[str, ...]  # «doubled», «burnt»: a point off the payout per such card
    limit: dict[str, str]  # by phase: the limit group
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class MonteSpec:
    rules: monte.MonteRules
    bets: tuple[MonteBetInfo, ...]
    phases: tuple[Phase, ...]
    deduction_source: tuple[Citation, ...]
    limits: Limits
    notes: tuple[Note, ...]
    shoe_source: tuple[Citation, ...]
    layouts: tuple[Any, ...] = ()  # no layouts to choose from

    def bet(self, bet_id: str) -> MonteBetInfo:
        return next(b for b in self.bets if b.id == bet_id)

    def phase(self, phase_id: str) -> Phase:
        return next(p for p in self.phases if p.id == phase_id)

    # The lines of each rule a step of the engine applies (:func:`jokoak.facts.step_citations`).
    @property
    def primeras_source(self) -> tuple[Citation, ...]:
        return self.phase("primeras").source

    @property
    def segundas_source(self) -> tuple[Citation, ...]:
        return self.phase("segundas").source

    @property
    def draw_source(self) -> tuple[Citation, ...]:
        """The card that comes with the value of a placed card in play decides the bets: the lines of the phase of
        Primeras («Cuando salga alguna carta ganadora en juego con las emplazadas…», 001:837), which Segundas
        plays again with the cards left."""
        return self.phase("primeras").source

    def placement_names(self, lang: str) -> dict[str, str]:
        """The names of the edges the lint checks: «Viudo, Primeras», «Cartas, Primeras, 2 contra 2»."""
        names = {}
        for bet in self.bets:
            for phase in bet.pays:
                names[f"{bet.id} {phase}"] = f"{bet.name[lang]}, {self.phase(phase).name[lang]}"
            if bet.id == "cartas" and "primeras" in bet.pays:
                names["cartas primeras-pairs"] = f"{bet.name[lang]}, {self.phase('primeras').name[lang]}, 2 × 2"
        return names


@dataclass(frozen=True)
class RetoBetInfo:
    id: str  # inicial, reto, empate
    name: Text
    payout: Fraction
    limit: str | None
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class RetoSpec:
    rules: monte.RetoRules  # ``decks`` is the most the casino may use
    bets: tuple[RetoBetInfo, ...]
    decline_source: tuple[Citation, ...]
    limits: Limits
    notes: tuple[Note, ...]
    shoe_source: tuple[Citation, ...]
    layouts: tuple[Any, ...] = ()

    def bet(self, bet_id: str) -> RetoBetInfo:
        return next(b for b in self.bets if b.id == bet_id)

    def placement_names(self, lang: str) -> dict[str, str]:
        name = self.bet("inicial").name[lang]
        return {"inicial retando": f"{name}, «retar»", "inicial sin-retar": f"{name}, no «retar»"}


class _Base:
    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.roulette = CommonReader(reader, citations, readings)  # shares limits and readings

    def percent(self, node: Map, key: str, path: str) -> Fraction | None:
        value: Any = node.get(key)
        if type(value) not in (int, float) or not 0 < value < 100:
            self.r.error(node, key, path, f"expected a percentage between 0 and 100, got {value!r}")
            return None
        return Fraction(str(value)) / 100

    def notes(self, doc: Map) -> tuple[Note, ...]:
        found = []
        for path, node in self.r.items(doc, "notes", ""):
            if not self.r.keys(node, path, {"text", "source"}, {"reading"}):
                continue
            self.roulette.reading(node, path)
            text, source = self.r.text(node, "text", path), self.cite(node, "source", path)
            if text is not None:
                found.append(Note(text, source))
        return tuple(found)

    def bet_nodes(self, doc: Map, known: tuple[str, ...], required: set[str],
                  optional: set[str]) -> list[tuple[str, Map, Text]]:
        found: list[tuple[str, Map, Text]] = []
        for path, node in self.r.items(doc, "bets", ""):
            if not self.r.keys(node, path, required, optional | {"reading"}):
                continue
            self.roulette.reading(node, path)
            if node["id"] not in known:
                self.r.error(node, "id", path, f"expected one of {', '.join(known)}, got {node['id']!r}")
                continue
            if any(node["id"] == seen["id"] for _path, seen, _name in found):
                self.r.error(node, "id", path, f"duplicate bet id {node['id']!r}")
                continue
            name = self.r.text(node, "name", path)
            if name is not None:
                found.append((path, node, name))
        return found


class MonteReader(_Base):
    """Reads and checks the monte o banca fields of one game file."""

    def read(self, doc: Map) -> MonteSpec | None:
        shoe: Any = doc.get("shoe")
        if not self.r.keys(shoe, "shoe", {"decks", "source", "suits", "suits_source"}, {"reading"}):
            return None
        self.roulette.reading(shoe, "shoe")
        shoe_source = self.cite(shoe, "source", "shoe") + self.cite(shoe, "suits_source", "shoe")
        decks = self.r.integer(shoe, "decks", "shoe", minimum=1)
        if shoe["suits"] != list(SUIT_NAMES):
            self.r.error(shoe, "suits", "shoe", f"the engine counts the suits in the order "
                         f"{', '.join(SUIT_NAMES)}, got {shoe['suits']!r}")
            return None
        phases = self.phases(doc)
        deduction, deduction_source = self.deduction(doc.get("deduction"))
        bets = self.bets(doc, {p.id for p in phases})
        groups = [LimitGroup(f"{b.id} {phase}", group) for b in bets for phase, group in b.limit.items()]
        limits = self.roulette.limits(doc.get("limits"), "limits", groups)
        notes = self.notes(doc)
        if decks is None or deduction is None or not bets or len(phases) != len(PHASES) or limits is None:
            return None
        offsets = {b.id: frozenset(SUIT_WORDS[s] for s in b.suits) for b in bets if b.suits}
        rules = monte.MonteRules(decks, offsets, {b.id: b.pays["primeras"] for b in bets if "primeras" in b.pays},
                                 {b.id: b.pays["segundas"] for b in bets if "segundas" in b.pays}, deduction)
        return MonteSpec(rules, tuple(bets), tuple(phases), deduction_source, limits, notes, shoe_source)

    def phases(self, doc: Map) -> list[Phase]:
        found: list[Phase] = []
        for path, node in self.r.items(doc, "phases", ""):
            if not self.r.keys(node, path, {"id", "name", "source"}, {"reading"}):
                continue
            self.roulette.reading(node, path)
            name, source = self.r.text(node, "name", path), self.cite(node, "source", path)
            if len(found) == len(PHASES) or node["id"] != PHASES[len(found)]:
                self.r.error(node, "id", path, f"expected the phases {' and '.join(PHASES)}, in this order")
                return []
            if name is not None:
                found.append(Phase(str(node["id"]), name, source))
        return found

    def deduction(self, node: Any) -> tuple[Fraction | None, tuple[Citation, ...]]:
        if not self.r.keys(node, "deduction", {"percent", "except", "source"}, {"reading"}):
            return None, ()
        self.roulette.reading(node, "deduction")
        source = self.cite(node, "source", "deduction")
        if node["except"] != ["vis"]:
            self.r.error(node, "except", "deduction", "the engine deducts from every winning bet but vis: "
                         f"expected [vis], got {node['except']!r}")
            return None, source
        return self.percent(node, "percent", "deduction"), source

    def bets(self, doc: Map, phases: set[str]) -> list[MonteBetInfo]:
        found = []
        required = {"id", "name", "name_source", "pays", "payout_source", "limit"}
        optional = {"box", "suits", "points_off", "points_off_source", "limit_source"}
        for path, node, name in self.bet_nodes(doc, tuple(POINTS_OFF), required, optional):
            bet_id = str(node["id"])
            source = self.cite(node, "name_source", path) + self.cite(node, "payout_source", path)
            for key in ("points_off_source", "limit_source"):
                source += self.cite(node, key, path) if key in node else ()
            pays = self.pays(node, path, phases)
            suits = node.get("suits", Seq())
            if (bet_id in ("camo", "anti", "viudo")) != bool(suits) or not isinstance(suits, Seq) \
                    or not set(suits) <= set(SUIT_WORDS) or len(set(suits)) != len(suits):
                self.r.error(node, "suits", path, f"camo, anti and viudo name the suits they cover among "
                             f"{', '.join(SUIT_WORDS)} (counted from the placed card's); the other bets none")
                continue
            points = tuple(node.get("points_off", ()))
            if points != POINTS_OFF[bet_id] or (points and "points_off_source" not in node):
                wanted = POINTS_OFF[bet_id]
                self.r.error(node, "points_off", path, f"the engine takes a point off the {bet_id} payout per "
                             f"{' and '.join(wanted)} card: expected {list(wanted)} with points_off_source" if wanted
                             else f"the engine takes no point off the {bet_id} payout: leave out points_off")
                continue
            limit = node["limit"]
            limits = dict(limit) if isinstance(limit, Map) else {phase: limit for phase in pays or {}}
            if pays is None or set(limits) != set(pays):
                if pays is not None:
                    self.r.error(node, "limit", path, "expected a limit group, or one per phase the bet pays in")
                continue
            found.append(MonteBetInfo(bet_id, name, str(node.get("box", "")), tuple(suits), pays, points,
                                      {k: str(v) for k, v in limits.items()}, source))
        return found

    def pays(self, node: Map, path: str, phases: set[str]) -> dict[str, Fraction] | None:
        given = self.r.mapping(node, "pays", path)
        if given is None or not given or not set(given) <= phases:
            self.r.error(node, "pays", path, f"expected a payout per phase, among {', '.join(PHASES)}")
            return None
        pays = {phase: self.r.payout(given, phase, join(path, "pays")) for phase in PHASES if phase in given}
        if node["id"] == "vis" and set(pays) != {"primeras"}:
            self.r.error(node, "pays", path, "the engine plays vista hermosa in the phase of primeras only")
            return None
        return None if None in pays.values() else pays  # type: ignore[return-value]


class RetoReader(_Base):
    """Reads and checks the el reto fields of one game file."""

    def read(self, doc: Map) -> RetoSpec | None:
        shoe: Any = doc.get("shoe")
        if not self.r.keys(shoe, "shoe", {"decks_at_most", "source"}, {"reading"}):
            return None
        self.roulette.reading(shoe, "shoe")
        shoe_source = self.cite(shoe, "source", "shoe")
        decks = self.r.integer(shoe, "decks_at_most", "shoe", minimum=1)
        bets, reto = self.bets(doc)
        limits = self.roulette.limits(doc.get("limits"), "limits", bets)
        notes = self.notes(doc)
        if decks is None or reto is None or limits is None or [b.id for b in bets] != list(RETO_BETS):
            if reto is not None and [b.id for b in bets] != list(RETO_BETS):
                self.r.error(doc, "bets", "", f"expected the bets {', '.join(RETO_BETS)}, in this order")
            return None
        tie_pays, burnt, keeps, decline_source = reto
        initial, second, tie = bets
        if initial.payout != second.payout:
            self.r.error(doc, "bets", "", "the engine pays the initial bet and a winning «reto» alike")
            return None
        rules = monte.RetoRules(decks, initial.payout, tie_pays, keeps, tie.payout, burnt)
        return RetoSpec(rules, tuple(bets), decline_source, limits, notes, shoe_source)

    def bets(self, doc: Map) -> tuple[list[RetoBetInfo], tuple[Fraction, int, Fraction, tuple[Citation, ...]] | None]:
        found: list[RetoBetInfo] = []
        reto = None
        required = {"id", "name", "name_source", "payout", "payout_source"}
        optional = {"limit", "payout_on_tie", "burnt_cards", "declined_loses_percent", "declined_source"}
        for path, node, name in self.bet_nodes(doc, RETO_BETS, required, optional):
            source = self.cite(node, "name_source", path) + self.cite(node, "payout_source", path)
            payout = self.r.payout(node, "payout", path)
            extra = optional - {"limit"}
            if (node["id"] == "reto") != bool(extra & set(node)) or (node["id"] == "reto" and not extra <= set(node)):
                self.r.error(node, "id", path, f"the «reto» bet, and it alone, gives {', '.join(sorted(extra))}")
                continue
            if node["id"] == "reto":
                tie_pays = self.r.payout(node, "payout_on_tie", path)
                burnt = self.r.integer(node, "burnt_cards", path, minimum=0)
                loses = self.percent(node, "declined_loses_percent", path)
                declined = self.cite(node, "declined_source", path)
                if tie_pays is None or burnt is None or loses is None:
                    continue
                reto = (tie_pays, burnt, 1 - loses, declined)
            if payout is not None:
                limit = node.get("limit")
                found.append(RetoBetInfo(str(node["id"]), name, payout, None if limit is None else str(limit), source))
        return found, reto


def read_example(r: Reader, node: Map, path: str,
                 spec: MonteSpec | RetoSpec) -> tuple[tuple[str, ...], dict[str, Any]] | None:
    """The cards of a monte or reto example, and the keyword options of its ``play`` call."""
    cards = strings(r, node, "cards", path, 'a list of cards, such as "3o" (monte) or "K" (reto)')
    if cards is None:
        return None
    if isinstance(spec, MonteSpec) and "layout" not in node:
        r.problems.add(r.file, node.line, join(path, "layout"), "missing field (the four cards placed on the table)")
        return None
    options: dict[str, Any] = {}
    for key in ("layout", "doubled", "burnt", "in_play"):
        if key in node:
            value = node[key]
            if not isinstance(value, Seq):
                r.error(node, key, path, "expected a list")
                return None
            options[key] = [str(v) if key != "in_play" else v for v in value]
    if "phase" in node:
        options["phase"] = str(node["phase"])
    if "retar" in node:
        if not isinstance(node["retar"], bool):
            r.error(node, "retar", path, f"expected true or false, got {node['retar']!r}")
            return None
        options["retar"] = node["retar"]
    return cards, options


def play(spec: MonteSpec | RetoSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    """Play a round of monte (``layout=[…]``, optionally ``doubled``, ``burnt``, ``phase``, ``in_play``)
    or of el reto (``retar=True`` or False on a tie)."""
    if isinstance(spec, RetoSpec):
        return monte.play_reto(spec.rules, bets, cards, retar=options.get("retar"))
    if "layout" not in options:
        raise ValueError("monte takes layout=[the four placed cards], and optionally doubled, burnt, phase, in_play")
    layout = monte.Layout(tuple(options["layout"]), tuple(options.get("doubled", ())), tuple(options.get("burnt", ())))
    phase = options.get("phase", "primeras")
    in_play = tuple(options.get("in_play", (1, 2, 3, 4) if phase == "primeras" else (1, 2)))
    return monte.play_monte(spec.rules, layout, bets, cards, phase=phase, in_play=in_play)


def reto_table(spec: RetoSpec) -> tuple[tuple[Option, ...], dict[str, tuple[Citation, ...]]]:
    """A table states how many decks it plays with: «hasta con ocho mazos … según criterio» (001:925)."""
    decks = Option("decks", "whole", f"The decks of 52 cards in the shoe, from 1 to {spec.rules.decks}.",
                   spec.shoe_source, low=Fraction(1), high=Fraction(spec.rules.decks))
    return (decks,), {}
