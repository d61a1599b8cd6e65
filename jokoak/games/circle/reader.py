"""Reading the circle poker part of a game file (Euskadi «Poker de Círculo», 000:4753-5704; Extremadura «Póquer de
círculo», 001:2338-2924) into a :class:`CircleSpec`.

Players play against each other; the casino runs the table and takes its share (000:4795-4812; 001:2356-2362). A
regulation's general rules (Euskadi 17, Extremadura 2.2.I) are a game file of their own with no ``variant``: what all
the variants share (the ranking and its names, the ties, the betting structures, the relation of the minimum to the
maximum and of the ante to the minimum, the casino's take, the forbidden actions, the game's length). It is read,
cited and published like any game, but no hand is played under it: it has no worked example and no table (see
:attr:`CircleSpec.playable`). Each variant is a game ``based_on`` its regulation's general rules and gives what is
its own: the ``variant`` (the engine's showdown), the deck, the cards dealt, the betting intervals, the structures it
allows, its forced bets and special rules; the fields it does not give are the general rules' (``based_on``).

**The fields of a game file** (every piece cites its lines, ``source``; a ``reading`` says, in es and eu, how a
doubtful passage is read):

``variant`` (variants only)
    the engine's name of the variant: one of :data:`VARIANTS`.
``players``
    ``{minimum, maximum (optional), source}``: the players a hand needs (four, 000:4999-5001) and may have.
``deck``
    ``{cards: [52] or [52, 32] …, source}``: the deck sizes the text allows (the casino picks one at a table where
    there are several, 000:5309-5310; 001:2613); ``ace_low_below`` is implied by the deck's lowest rank.
``hands``
    the ranking, best first, each ``{category, name: {es, eu}, source}``; ``figures`` (Figuras, 000:4922-4924) lies
    between three of a kind and two pair and counts only where ``figures: true`` (the covered variants).
``flush_over_full``
    ``{below: 52, source}``: with fewer cards than ``below`` the Color beats the Full (000:4937-4938; 001:2417).
``figures``
    true where Figuras is a combination of the variant (only «poker cubierto», 000:4923-4924; 001:2409).
``ties``
    ``{source, split_source, reading}``: the lines of the tie rules (000:4939-4966) and of the split of a pot between
    equal hands (000:5173-5176).
``structures``
    the betting structures a table may choose, each ``{id, kind, name: {es, eu}, source}``; ``kind`` is the
    engine's: ``half-pot`` (Split Limit, 000:4983-4984), ``pot`` (000:4986), ``no-limit`` (000:4988-4990),
    ``fixed`` (a lower and a higher limit, 000:5606-5609; 001:2447).
``relations``
    ``{minimum_percent_of_maximum: [20, 40] (optional), ante_at_most: "1/2", source}``: the minimum against the
    maximum and the ante against the minimum (000:4976-4979; 001:2461); Extremadura's ``resto_band:
    {minimum_at_most_percent: 10, times_at_most: 10}`` (001:2439-2443).
``take``
    the casino's options, each ``{id: pot | session | hand, name, percent: [low, high], source}`` (000:4797-4812;
    001:2358-2362); ``session`` may give ``base: [maximum, resto]``.
``length``
    ``{source}``: how long a game lasts (000:4814-4818; 001:2362).
``actions``
    the betting actions, each ``{id: retirarse | pasar | cubrir | subir, name, source}`` (000:5057-5087).
``forbidden``
    what a player may not do, each ``{id, text: {es, eu}, source}`` (000:4867-4893; 001:2384-2396).
``lines``
    the lines a worked example's steps cite by name (:data:`LINES`): ``pots`` (an all-in player plays for the
    proportional part, 000:5094-5097), ``uncontested`` (000:5099-5102), ``string-bet`` (000:5117-5120), ``raises``
    (000:5089-5092), ``showdown`` (000:5153-5176).
``forced``
    the forced bets: ``{kinds: [ante, blinds, mano], source}`` (000:5041-5045; 000:5316-5319; 001:2459-2463), and
    where the text fixes them the blinds in times the table minimum, ``blinds: {small: "1/2", big: 1}`` (001:2799).
``deal``
    ``{hole, board, boards, source}`` and, where the variant has them, ``up`` (stud cards dealt face up), ``draw``
    (the most cards a player may change, 000:5342-5344): the cards of a hand.
``showdown``
    ``{hole_used: any | 2 (exactly two hole cards and three common ones), source}``; Hi&Low adds ``low: {at_most: 8,
    source}``; Doble Hold'em's two lines of common cards each win half the pot (``boards: 2``).
``intervals``
    the betting intervals in order, each ``{id, name: {es, eu}, first, source}``; ``first`` is who speaks first:
    ``mano`` (the player with the «mano» or the first to its left), ``after-forced`` (the player after the last
    forced bet), ``highest-showing``, ``lowest-showing``, ``highest-bettor``, ``last-bettor``,
    ``left-of-big-blind``, ``small-blind``.
``resto`` (Sintético)
    ``{initial: [10, 200], topup: [5, 100], source}``: the stack, in times the table minimum (000:5648-5656).
``variant_lists`` (the general rules, optional)
    how each passage of the text names the variants, each ``{id, source, names: [{game, name, source}]}``, for the
    regulation lint; ``repeats`` (a variant, optional): a passage of its text that repeats another game's, ``{source,
    game, other_source, other_text, name}``; a structure's ``same_name_as: {kind, source}``: the general rules'
    structure of that name (seven-card stud's «Split Limit»).
``options`` (optional)
    a variant's own options a table may choose, each ``{id, name, source}`` (Omaha cinco cartas' first common card
    shown at the deal, 000:5423-5426).
``limits``
    the core's limits (:class:`~jokoak.common.Limits`): one group, ``mesa``, whose maximum is a range of multiples
    of the minimum.

**A worked example** is one hand at a table of a variant: its format and how it is played are in :mod:`.play`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...common import CommonReader, LimitGroup
from ...models import Citation, Reading
from ...schema import Reader, join
from ...yamlsrc import Map, Seq
from .spec import (
    ACTIONS,
    CATEGORIES,
    FORCED,
    LINES,
    STRUCTURE_KINDS,
    TAKE_BASES,
    TAKE_OPTIONS,
    VARIANTS,
    CircleSpec,
    Forbidden,
    HandName,
    Named,
    Relations,
    RestoBand,
    Structure,
    TakeOption,
)
from .variant import VariantReader

__all__ = ["CIRCLE_FIELDS", "CIRCLE_OPTIONAL", "CircleReader", "CircleSpec"]

CIRCLE_FIELDS: set[str] = {"players", "deck", "hands", "ties", "structures", "relations", "take", "length", "actions",
                           "forbidden", "forced", "lines", "limits"}
CIRCLE_OPTIONAL = {"variant", "flush_over_full", "figures", "deal", "showdown", "intervals", "resto", "options",
                   "variant_lists", "repeats"}


class CircleReader(VariantReader):
    """Reads and checks the circle poker fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations
        self.readings = readings
        self.common = CommonReader(reader, citations, readings)

    def read(self, doc: Map) -> CircleSpec | None:
        variant = doc.get("variant")
        if variant is not None and variant not in VARIANTS:
            self.r.error(doc, "variant", "", f"expected one of {', '.join(VARIANTS)}, got {variant!r}")
            return None
        players = self.players(doc.get("players"))
        decks = self.deck(doc.get("deck"))
        figures = doc.get("figures", False)
        if not isinstance(figures, bool):
            self.r.error(doc, "figures", "", f"expected true or false, got {figures!r}")
            figures = False
        hands = self.hands(doc, figures)
        flush = self.flush_over_full(doc)
        ties = self.ties(doc.get("ties"))
        structures = self.structures(doc)
        relations = self.relations(doc.get("relations"))
        take = self.take(doc)
        length = self.plain(doc, "length")
        actions = self.actions(doc)
        forbidden = self.forbidden(doc)
        forced = self.forced(doc.get("forced"))
        lines = self.lines(doc)
        limits = self.common.limits(doc.get("limits"), "limits", [LimitGroup("apuestas", "mesa")])
        hand = self.hand(doc, variant)
        resto = self.resto(doc["resto"]) if "resto" in doc else None
        # the lists are the general rules' own: a variant takes them from its base, and leaves them to it
        lists = self.variant_lists(doc) if "variant_lists" in doc and "variant_lists" not in doc.inherited else ()
        repeats = self.repeats(doc) if "repeats" in doc else ()
        if lists is None or repeats is None:
            return None
        options = self.named_list(doc, "options", None) if "options" in doc else ()
        if hand is None or ("resto" in doc and resto is None) or options is None:
            return None
        if None in (players, decks, hands, flush, ties, structures, relations, take, length, actions, forbidden,
                    forced, lines, limits):
            return None
        assert players is not None and decks is not None and hands is not None and flush is not None
        assert ties is not None and structures is not None and relations is not None and take is not None
        assert length is not None and actions is not None and forbidden is not None and forced is not None
        assert limits is not None and lines is not None
        deal, intervals, showdown = hand
        if variant is not None and deal is not None and not self.same_as_engine(doc, str(variant), decks[0], figures,
                                                                                deal, showdown[0], showdown[2]):
            return None
        return CircleSpec(str(variant) if variant else None, players[0], players[1], decks[0], decks[1], hands,
                          figures, flush[0], flush[1], ties[0], ties[1], structures, relations, take, length,
                          actions, forbidden, forced[0], forced[1], limits, deal, intervals, showdown[0], showdown[1],
                          showdown[2], showdown[3], resto, options, lines, forced[2], tuple(self.r.languages),
                          "extremadura" if "001" in getattr(self.cite, "allowed", ()) else "euskadi", lists, repeats)

    # ---- the fields, each None after reporting a problem -------------------------------------------------------

    def lines(self, doc: Map) -> dict[str, tuple[Citation, ...]] | None:
        """The lines of the rules a worked example's steps cite by name (:data:`LINES`)."""
        node: Any = doc.get("lines")
        if not self.r.keys(node, "lines", set(LINES), {"reading"}):
            return None
        self.common.reading(node, "lines")
        found = {key: self.cite(node, key, "lines") for key in LINES}
        return None if not all(found.values()) else found

    def plain(self, doc: Map, key: str) -> tuple[Citation, ...] | None:
        """A field that is only its lines (and a reading): ``{source, reading}``."""
        node: Any = doc.get(key)
        if not self.r.keys(node, key, {"source"}, {"reading"}):
            return None
        self.common.reading(node, key)
        return self.cite(node, "source", key) or None

    def players(self, node: Any) -> tuple[tuple[int, int | None], tuple[Citation, ...]] | None:
        if not self.r.keys(node, "players", {"minimum", "source"}, {"maximum", "reading"}):
            return None
        self.common.reading(node, "players")
        least = self.r.integer(node, "minimum", "players", minimum=2, maximum=10)
        most = self.r.integer(node, "maximum", "players", minimum=2, maximum=10) if "maximum" in node else None
        source = self.cite(node, "source", "players")
        if least is None or ("maximum" in node and most is None):
            return None
        if most is not None and most < least:
            self.r.error(node, "maximum", "players", f"expected at least the minimum, {least}, got {most}")
            return None
        return (least, most), source

    def deck(self, node: Any) -> tuple[tuple[int, ...], tuple[Citation, ...]] | None:
        if not self.r.keys(node, "deck", {"cards", "source"}, {"reading"}):
            return None
        self.common.reading(node, "deck")
        cards = node["cards"]
        allowed = (52, 48, 44, 40, 36, 32, 28)
        if not isinstance(cards, Seq) or not cards or any(c not in allowed or type(c) is not int for c in cards) \
                or list(cards) != sorted(set(cards), reverse=True):
            self.r.error(node, "cards", "deck", f"expected the deck sizes the text allows, largest first, among "
                         f"{', '.join(map(str, allowed))} (the ranks from the ace down), got {cards!r}")
            return None
        return tuple(cards), self.cite(node, "source", "deck")

    def hands(self, doc: Map, figures: bool) -> tuple[HandName, ...] | None:
        found: list[HandName] = []
        broken = False
        for path, node in self.r.items(doc, "hands", ""):
            if not self.r.keys(node, path, {"category", "name", "source"}, {"reading"}):
                broken = True
                continue
            self.common.reading(node, path)
            name = self.r.text(node, "name", path)
            source = self.cite(node, "source", path)
            if node["category"] not in CATEGORIES:
                self.r.error(node, "category", path, f"expected one of {', '.join(CATEGORIES)}, got "
                             f"{node['category']!r}")
                broken = True
            elif name is not None:
                found.append(HandName(str(node["category"]), name, source))
        if broken or "hands" not in doc:
            return None
        if [h.category for h in found] != list(CATEGORIES):
            self.r.error(doc, "hands", "", f"expected the {len(CATEGORIES)} combinations of the text, best first: "
                         f"{', '.join(CATEGORIES)}")
            return None
        return tuple(found)

    def flush_over_full(self, doc: Map) -> tuple[int | None, tuple[Citation, ...]] | None:
        if "flush_over_full" not in doc:
            return None, ()
        node = doc["flush_over_full"]
        if not self.r.keys(node, "flush_over_full", {"below", "source"}, {"reading"}):
            return None
        self.common.reading(node, "flush_over_full")
        below = self.r.integer(node, "below", "flush_over_full", minimum=29, maximum=52)
        source = self.cite(node, "source", "flush_over_full")
        return None if below is None else (below, source)

    def ties(self, node: Any) -> tuple[tuple[Citation, ...], tuple[Citation, ...]] | None:
        if not self.r.keys(node, "ties", {"source", "split_source"}, {"reading"}):
            return None
        self.common.reading(node, "ties")
        return self.cite(node, "source", "ties"), self.cite(node, "split_source", "ties")

    def structures(self, doc: Map) -> tuple[Structure, ...] | None:
        found: list[Structure] = []
        broken = False
        for path, node in self.r.items(doc, "structures", ""):
            if not self.r.keys(node, path, {"id", "kind", "name", "source"},
                               {"pair_rule", "raises", "raises_per", "stud_pot", "same_name_as", "reading"}):
                broken = True
                continue
            self.common.reading(node, path)
            name = self.r.text(node, "name", path)
            source = self.cite(node, "source", path)
            raises = self.r.integer(node, "raises", path, minimum=1, maximum=10) if "raises" in node else None
            flags = [node.get(key, False) for key in ("pair_rule", "stud_pot")]
            if node["kind"] not in STRUCTURE_KINDS:
                self.r.error(node, "kind", path, f"expected one of {', '.join(STRUCTURE_KINDS)}, got {node['kind']!r}")
                broken = True
            elif not all(isinstance(flag, bool) for flag in flags):
                self.r.error(node, None, path, "expected pair_rule and stud_pot true or false")
                broken = True
            elif node.get("raises_per", "interval") not in ("player", "interval"):
                self.r.error(node, "raises_per", path, f"expected player or interval, got {node['raises_per']!r}")
                broken = True
            elif (flags[0] and node["kind"] != "fixed") or (flags[1] and node["kind"] != "pot-limit"):
                self.r.error(node, "kind", path, "the pair rule is a fixed structure's, the seven-card stud pot a pot "
                             "limit's")
                broken = True
            elif ("raises" in node and raises is None) or name is None:
                broken = True
            else:
                same = self.same_name_as(node, path) if "same_name_as" in node else None
                if "same_name_as" in node and same is None:
                    broken = True
                    continue
                found.append(Structure(str(node["id"]), str(node["kind"]), name, source, flags[0], raises,
                                       str(node.get("raises_per", "interval")), flags[1], same))
        ids = [s.id for s in found]
        if not broken and (not found or len(set(ids)) != len(ids)):
            self.r.error(doc, "structures", "", "expected one or more betting structures, each id once")
            return None
        return None if broken else tuple(found)

    def percent_range(self, node: Map, key: str, path: str, low: int, high: int) -> tuple[Fraction, Fraction] | None:
        value = node.get(key)
        if not isinstance(value, Seq) or len(value) != 2 or not all(type(v) is int for v in value) \
                or not low <= value[0] < value[1] <= high:
            self.r.error(node, key, path, f"expected [lowest, highest] percentage, from {low} to {high}, got "
                         f"{value!r}")
            return None
        return Fraction(value[0]), Fraction(value[1])

    def relations(self, node: Any) -> Relations | None:
        if not self.r.keys(node, "relations", {"ante_at_most", "source"}, {"minimum_percent_of_maximum",
                                                                          "resto_band", "reading"}):
            return None
        self.common.reading(node, "relations")
        source = self.cite(node, "source", "relations")
        share = None
        if "minimum_percent_of_maximum" in node:
            share = self.percent_range(node, "minimum_percent_of_maximum", "relations", 1, 100)
            if share is None:
                return None
        ante = self.r.amount(node, "ante_at_most", "relations")
        if ante is None:
            return None
        if not 0 < ante <= 1:
            self.r.error(node, "ante_at_most", "relations", f"expected the ante's highest share of the minimum, "
                         f"such as \"1/2\", got {node['ante_at_most']!r}")
            return None
        band = None
        if "resto_band" in node:
            given = node["resto_band"]
            path = "relations.resto_band"
            if not self.r.keys(given, path, {"minimum_at_most_percent", "times_at_most"}):
                return None
            percent = self.r.integer(given, "minimum_at_most_percent", path, minimum=1, maximum=100)
            times = self.r.integer(given, "times_at_most", path, minimum=1, maximum=1000)
            if percent is None or times is None:
                return None
            band = RestoBand(Fraction(percent), times)
        return Relations(share, ante, source, band)

    def take(self, doc: Map) -> tuple[TakeOption, ...] | None:
        found: list[TakeOption] = []
        broken = False
        for path, node in self.r.items(doc, "take", ""):
            if not self.r.keys(node, path, {"id", "name", "percent", "source"}, {"base", "reading"}):
                broken = True
                continue
            self.common.reading(node, path)
            name = self.r.text(node, "name", path)
            source = self.cite(node, "source", path)
            share = self.percent_range(node, "percent", path, 0, 100)
            option = node["id"]
            if option not in TAKE_OPTIONS:
                self.r.error(node, "id", path, f"expected one of {', '.join(TAKE_OPTIONS)}, got {option!r}")
                broken = True
                continue
            bases: tuple[str, ...] = ()
            if "base" in node:
                value = node["base"]
                if option != "session" or not isinstance(value, Seq) or not value \
                        or not set(value) <= set(TAKE_BASES) or len(set(value)) != len(value):
                    self.r.error(node, "base", path, f"expected, for the session option only, a list among "
                                 f"{', '.join(TAKE_BASES)}, got {value!r}")
                    broken = True
                    continue
                bases = tuple(map(str, value))
            elif option == "session":
                self.r.error(node, None, join(path, "base"), "missing field (what the session's percentage is of)")
                broken = True
                continue
            if share is None or name is None:
                broken = True
                continue
            found.append(TakeOption(str(option), name, share[0], share[1], source, bases))
        ids = [t.id for t in found]
        if not broken and (not found or len(set(ids)) != len(ids)):
            self.r.error(doc, "take", "", "expected one or more of the casino's options, each once")
            return None
        return None if broken else tuple(found)

    def actions(self, doc: Map) -> tuple[Named, ...] | None:
        found = self.named_list(doc, "actions", ACTIONS)
        if found is not None and [a.id for a in found] != list(ACTIONS):
            self.r.error(doc, "actions", "", f"expected the betting actions of the text in order: "
                         f"{', '.join(ACTIONS)}")
            return None
        return found

    def named_list(self, doc: Map, key: str, allowed: Sequence[str] | None) -> tuple[Named, ...] | None:
        found: list[Named] = []
        broken = False
        for path, node in self.r.items(doc, key, ""):
            if not self.r.keys(node, path, {"id", "name", "source"}, {"reading"}):
                broken = True
                continue
            self.common.reading(node, path)
            name = self.r.text(node, "name", path)
            source = self.cite(node, "source", path)
            if allowed is not None and node["id"] not in allowed:
                self.r.error(node, "id", path, f"expected one of {', '.join(allowed)}, got {node['id']!r}")
                broken = True
            elif name is not None:
                found.append(Named(str(node["id"]), name, source))
        return None if broken else tuple(found)

    def forbidden(self, doc: Map) -> tuple[Forbidden, ...] | None:
        found: list[Forbidden] = []
        broken = False
        for path, node in self.r.items(doc, "forbidden", ""):
            if not self.r.keys(node, path, {"id", "text", "source"}, {"reading"}):
                broken = True
                continue
            self.common.reading(node, path)
            text = self.r.text(node, "text", path)
            source = self.cite(node, "source", path)
            if text is not None:
                found.append(Forbidden(str(node["id"]), text, source))
        if not broken and not found:
            self.r.error(doc, "forbidden", "", "expected the list of what the text forbids")
            return None
        return None if broken else tuple(found)

    def forced(self, node: Any) -> tuple[tuple[str, ...], tuple[Citation, ...],
                                         tuple[Fraction, Fraction] | None] | None:
        if not self.r.keys(node, "forced", {"kinds", "source"}, {"blinds", "reading"}):
            return None
        self.common.reading(node, "forced")
        kinds = node["kinds"]
        if not isinstance(kinds, Seq) or not kinds or not set(kinds) <= set(FORCED) or len(set(kinds)) != len(kinds):
            self.r.error(node, "kinds", "forced", f"expected a list among {', '.join(FORCED)}, got {kinds!r}")
            return None
        blinds = None
        if "blinds" in node:
            given = node["blinds"]
            path = "forced.blinds"
            if "blinds" not in kinds or not self.r.keys(given, path, {"small", "big"}):
                if "blinds" not in kinds:
                    self.r.error(node, "blinds", "forced", "the blinds' amounts are given only where the kinds have "
                                 "blinds")
                return None
            small, big = self.r.amount(given, "small", path), self.r.amount(given, "big", path)
            if small is None or big is None:
                return None
            if not 0 < small <= big:
                self.r.error(given, None, path, "expected the small blind above 0 and at most the big one, in times "
                             "the table minimum")
                return None
            blinds = (small, big)
        return tuple(map(str, kinds)), self.cite(node, "source", "forced"), blinds
