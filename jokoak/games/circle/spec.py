"""The circle poker spec: what a game file says, as the reader (:mod:`.reader`) gives it to the engine's adapter
(:mod:`.play`), the table's checks (:mod:`.table`), the facts, the data and the templates. The fields are described
in :mod:`.reader`'s docstring."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ...common import Limits
from ...models import Citation, Text

VARIANTS = ("cubierto", "omaha", "omaha-5", "omaha-hi-low", "holdem", "doble-holdem", "five-stud", "seven-stud",
            "sintetico")
# The combinations of 000:4897-4935, best first; «figures» only where the variant has Figuras (000:4922-4924).
CATEGORIES = ("royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind",
              "figures", "two-pair", "pair", "high-card")
STRUCTURE_KINDS = ("split-limit", "pot-limit", "no-limit", "fixed")  # the betting engine's (betting.Structure)
TAKE_OPTIONS = ("pot", "session", "hand")  # the take engine's (take.Take)
TAKE_BASES = ("maximum", "resto")
ACTIONS = ("retirarse", "pasar", "cubrir", "subir")
FORCED = ("ante", "blinds", "mano")
FIRST = ("mano", "after-forced", "highest-showing", "lowest-showing", "highest-bettor", "last-bettor",
         "left-of-big-blind", "small-blind")
# The lines a worked example's steps cite by name (``lines``): the pots of an all-in player, a pot nobody contests,
# the string bet, the count of raises, the showdown.
LINES = ("pots", "uncontested", "string-bet", "raises", "showdown")



@dataclass(frozen=True)
class Named:
    """Something the text names: an id, its name in each language, its lines."""

    id: str
    name: Text
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class HandName:
    """A combination of the ranking (:data:`CATEGORIES`) as the text names it."""

    category: str
    name: Text
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class Structure:
    """A betting structure a table may choose: our id, the engine's ``kind`` (:data:`STRUCTURE_KINDS`), its name;
    a fixed structure's rules: the higher limit from the interval where a pair shows (``pair_rule``), the most
    raises in an interval (``raises``, None: no limit) counted per ``raises_per`` player or interval; seven-card
    stud's «Bote Limitado» (``stud_pot``, 000:5611-5616)."""

    id: str
    kind: str
    name: Text
    source: tuple[Citation, ...]
    pair_rule: bool = False
    raises: int | None = None
    raises_per: str = "interval"
    stud_pot: bool = False
    same_name_as: tuple[str, tuple[Citation, ...]] | None = None  # the general rules' structure so named: kind, lines


@dataclass(frozen=True)
class ListedName:
    """A variant as a passage of the text names it: the game it designates (the editors' identification), the words
    as printed, their line."""

    game: str
    name: str
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class VariantList:
    """A passage of the text that lists the variants (the catalogue of games, 17.IX, the headings of the body)."""

    id: str
    source: tuple[Citation, ...]
    names: tuple[ListedName, ...]


@dataclass(frozen=True)
class Repeat:
    """A passage of this game's official text that repeats another game's (``game``), with that game's words and
    lines, for the lint to compare word by word."""

    source: tuple[Citation, ...]
    game: str
    other_source: tuple[Citation, ...]
    other_text: str
    name: Text | None = None


@dataclass(frozen=True)
class TakeOption:
    """One way the casino takes its share: ``pot`` (a percentage of each pot), ``session`` (of the table maximum
    or the «resto», per session), ``hand`` (of the table minimum, per player and hand); the percentage's range."""

    id: str
    name: Text
    low: Fraction  # percent; the low end is exclusive where it is 0 (a take of 0 % is no take)
    high: Fraction
    source: tuple[Citation, ...]
    bases: tuple[str, ...] = ()  # session: what the percentage is of (:data:`TAKE_BASES`)


@dataclass(frozen=True)
class Forbidden:
    """An action the text forbids, as it words it (the list of 000:4867-4893)."""

    id: str
    text: Text
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class Interval:
    """A betting interval: its id and name, the cards each player holds when it opens (``hole``, ``up`` of them
    face up) and the common cards then face up (``board``, on each line), who speaks first in it (:data:`FIRST`),
    its lines."""

    id: str
    name: Text
    hole: int
    up: int
    board: int
    first: str
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class Deal:
    """The cards of a hand: each player's ``hole`` cards (``up`` of them face up, in the stud variants), the
    ``board`` common cards on each of ``boards`` lines, and the most cards a player may change (``draw``)."""

    hole: int
    board: int
    boards: int
    up: int
    draw: int
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class RestoBand:
    """Extremadura's band of the initial stack (001:2439-2443): its highest at most ``times`` its lowest, the table
    minimum at most ``minimum_percent`` % of the initial stack, a top-up never more than the initial stack."""

    minimum_percent: Fraction
    times: int


@dataclass(frozen=True)
class Relations:
    """The minimum as a percentage of the maximum (a range; None where the text sets none), the ante's highest
    share of the minimum, and the band of the initial stack where the text sets one."""

    minimum_percent_of_maximum: tuple[Fraction, Fraction] | None
    ante_at_most: Fraction
    source: tuple[Citation, ...]
    resto_band: RestoBand | None = None


@dataclass(frozen=True)
class Resto:
    """The stack a player starts with and may add, in times the table minimum (Sintético, 000:5648-5656)."""

    initial: tuple[int, int]
    topup: tuple[int, int]
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class Seat:
    """A player of a worked example, as :func:`jokoak.facts.bet_names` and the example macros name a «bet»: the
    chips a player put in the pot are that player's bet."""

    id: str
    name: Text
    limit: str | None = "mesa"
    source: tuple[Citation, ...] = ()


@dataclass(frozen=True)
class CircleSpec:
    """A circle poker game: the general rules of a regulation (``variant`` None) or one variant.

    ``players``: the least players of a hand and the most (None: the text sets none). ``decks``: the deck sizes the
    text allows. ``hands``: the ranking, best first, as the game's text names it, Figuras included
    (:attr:`ranking`: Figuras only where ``figures``).
    ``flush_over_full``: the deck size below which the Color beats the Full (None: never). ``structures``, ``take``,
    ``relations``, ``forbidden``, ``actions``: see the module's docstring. ``forced``: the kinds of forced bet.
    ``deal``, ``intervals``, ``hole_used``, ``low``: how a hand of the variant runs (None or empty in the general
    rules). ``resto``: the regulated stack (Sintético). ``options``: the variant's own table options. ``limits``:
    the core's limits (the group ``mesa``)."""

    variant: str | None
    players: tuple[int, int | None]
    players_source: tuple[Citation, ...]
    decks: tuple[int, ...]
    deck_source: tuple[Citation, ...]
    hands: tuple[HandName, ...]
    figures: bool
    flush_over_full: int | None
    flush_over_full_source: tuple[Citation, ...]
    ties_source: tuple[Citation, ...]
    split_source: tuple[Citation, ...]
    structures: tuple[Structure, ...]
    relations: Relations
    take: tuple[TakeOption, ...]
    length_source: tuple[Citation, ...]
    actions: tuple[Named, ...]
    forbidden: tuple[Forbidden, ...]
    forced: tuple[str, ...]
    forced_source: tuple[Citation, ...]
    limits: Limits
    deal: Deal | None = None
    intervals: tuple[Interval, ...] = ()
    hole_used: int | None = None  # None: any of the player's cards; 2: exactly two (and three common ones)
    showdown_source: tuple[Citation, ...] = ()
    low: int | None = None  # Hi&Low: the highest rank of a low hand's cards (8)
    low_source: tuple[Citation, ...] = ()
    resto: Resto | None = None
    options: tuple[Named, ...] = ()
    lines: dict[str, tuple[Citation, ...]] = field(default_factory=dict)
    blinds: tuple[Fraction, Fraction] | None = None  # the small and the big blind in times the minimum, where fixed
    languages: tuple[str, ...] = ("es", "eu")  # the regulation's: the players' bets are named in them
    regulation: str = "euskadi"  # the engine's name of the regulation: euskadi or extremadura
    variant_lists: tuple[VariantList, ...] = ()  # the general rules: how each passage of the text names the variants
    repeats: tuple[Repeat, ...] = ()  # a variant: passages of its text that repeat another game's

    @property
    def general_structures(self) -> tuple[Structure, ...]:
        """The general rules' structures that a structure of this variant shares its name with, as the general rules
        define them (seven-card stud's «Split Limit» is fixed; the general rules' is half the pot)."""
        return tuple(Structure(s.id, s.same_name_as[0], s.name, s.same_name_as[1]) for s in self.structures
                     if s.same_name_as is not None)

    @property
    def playable(self) -> bool:
        """Whether a hand can be played under this game: a variant. The general rules of a regulation are not
        played: they have no worked example and no table; a table plays one of their variants."""
        return self.variant is not None

    @property
    def bets(self) -> tuple[Seat, ...]:
        """What the core calls the bets: the chips the players put in the pot, one limit group (``mesa``)."""
        names = {"es": "Apuestas", "eu": "Apustuak"}  # «Las apuestas de los jugadores», «Jokalarien apustuak»
        return (Seat("apuestas", {lang: names[lang] for lang in self.languages}, "mesa", self.limits.minimum_source),)

    def bet(self, bet_id: str) -> Seat:
        """A worked example's player by the id its ``bets`` give (``ana``): the name is the id, capitalised."""
        if bet_id == "apuestas":
            return self.bets[0]
        name = bet_id[:1].upper() + bet_id[1:]
        return Seat(bet_id, {lang: name for lang in self.languages}, None)

    @property
    def ranking(self) -> tuple[HandName, ...]:
        """The combinations of this game, best first: Figuras only where the variant has it (000:4923-4924)."""
        return tuple(h for h in self.hands if self.figures or h.category != "figures")

    def hand_name(self, category: str, lang: str) -> str:
        return next(h.name[lang] for h in self.hands if h.category == category)

    def step_source(self, rule: str) -> tuple[Citation, ...]:
        """The lines a step of a worked example cites (:func:`jokoak.facts.step_citations`): ``line:<name>`` (the
        game file's ``lines``), ``take:<option>``, ``action:<action>``, ``structure:<id>`` and
        ``refusal:<code>:<structure>`` (a string bet's lines, a raise count's, the structure's limit, the action's
        own rule)."""
        kind, _, name = rule.partition(":")
        if kind == "line":
            return self.lines.get(name, ())
        if kind == "take":
            return next((t.source for t in self.take if t.id == name), ())
        if kind == "action":
            return next((a.source for a in self.actions if a.id == name), ())
        if kind == "structure":
            return next((s.source for s in self.structures if s.id == name), ())
        if kind == "refusal":
            code, _, structure = name.partition(":")
            by_code = {"string-bet": self.lines.get("string-bet", ()), "raise-count": self.lines.get("raises", ()),
                       "check-after-bet": self.step_source("action:pasar"),
                       "not-in-hand": self.step_source("action:retirarse")}
            return by_code.get(code) or self.step_source(f"structure:{structure}")
        return ()

    def structure(self, structure_id: str) -> Structure:
        return next(s for s in self.structures if s.id == structure_id)

    def take_option(self, option_id: str) -> TakeOption:
        return next(t for t in self.take if t.id == option_id)
