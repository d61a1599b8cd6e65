"""What a casino states about a circle poker table, and the checks of its figures against the text.

A table plays one variant (a game file with a ``variant``; the general rules have no table, see
:attr:`~jokoak.games.circle.reader.CircleSpec.playable`) and states every choice its text leaves to the casino, each
checked against the lines that allow it (:func:`table_options`):

- ``structure``: the betting structure, where the variant allows several (000:4981-4990; 000:5430-5438; 001:2445);
- ``forced``: ante or blinds, where the text lets the casino choose (000:5041-5045, 5509-5511); ``ante``: the ante in
  whole euros, at most half the table minimum (000:4978-4979; 001:2461);
- ``deck``: the deck's size, where the text allows several (000:5309-5310; 001:2613);
- ``take``: the casino's option (000:4797-4812; 001:2358-2362) and its rate within the text's range
  (``pot_percent``, ``session_percent`` with ``session_base``, ``hand_percent``);
- Sintético (Euskadi): ``resto_inicial`` and ``reposicion`` in whole euros, 10-200 and 5-100 times the minimum
  (000:5648-5656); Extremadura: the band of the initial stack (``resto_minimo``, ``resto_maximo``) and the least
  top-up (``reposicion_minima``), 001:2439-2443;
- a variant's own options (``primer_naipe_descubierto``: Omaha cinco cartas, 000:5423-5426).

:func:`check_table` checks what a choice's range cannot: the minimum as a share of the maximum (000:4976-4979), the
deck's size among those the text lists, the stack's band (001:2439-2443).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...models import Citation, cite
from ...tablespec import Option
from .reader import CircleSpec

TAKE_KEYS = {"pot": "pot_percent", "session": "session_percent", "hand": "hand_percent"}
TAKE_WHAT = {
    "pot": "The casino's percentage of each pot, applied in each betting interval.",
    "session": "The casino's percentage, per session, of the table maximum or of the «resto».",
    "hand": "The casino's percentage of the table minimum, per player at the start of each hand.",
}


def option_key(option_id: str) -> str:
    """A variant's own option as a configuration key: ``primer-naipe-descubierto`` → ``primer_naipe_descubierto``."""
    return option_id.replace("-", "_")


def table_options(spec: CircleSpec) -> tuple[tuple[Option, ...], dict[str, tuple[Citation, ...]]]:
    """The choices a table of ``spec`` states; circle poker has no optional bets (``offers``)."""
    found: list[Option] = []
    if not spec.playable:
        return (), {}
    if len(spec.structures) > 1:
        found.append(Option("structure", "choice", "The betting structure of the table.",
                            tuple(c for s in spec.structures for c in s.source), tuple(s.id for s in spec.structures)))
    if len(spec.forced) > 1:
        found.append(Option("forced", "choice", "The forced bet before the deal: the ante or the blinds.",
                            spec.forced_source, spec.forced))
    if "ante" in spec.forced:
        chosen = ("forced", "ante") if len(spec.forced) > 1 else None
        found.append(Option("ante", "euros", f"The ante in whole euros, at most {spec.relations.ante_at_most} of the "
                            "table minimum.", spec.relations.source + spec.forced_source,
                            high=spec.relations.ante_at_most, when=chosen))
    if len(spec.decks) > 1:
        found.append(Option("deck", "whole", f"The cards of the deck: {', '.join(map(str, spec.decks))}.",
                            spec.deck_source, low=Fraction(min(spec.decks)), high=Fraction(max(spec.decks))))
    if len(spec.take) > 1:
        found.append(Option("take", "choice", "How the casino takes its share.",
                            tuple(c for t in spec.take for c in t.source), tuple(t.id for t in spec.take)))
    for take in spec.take:
        when = ("take", take.id) if len(spec.take) > 1 else None
        low = take.low if take.low else Fraction(1, 100)  # a take of 0 % is no take
        found.append(Option(TAKE_KEYS[take.id], "percent", TAKE_WHAT[take.id], take.source, low=low, high=take.high,
                            when=when))
        if len(take.bases) > 1:
            found.append(Option("session_base", "choice", "What the session's percentage is of: the table maximum "
                                "or the «resto».", take.source, take.bases, when=when))
    if spec.resto is not None:
        found.append(Option("resto_inicial", "euros", f"The initial «resto» in whole euros, {spec.resto.initial[0]} to "
                            f"{spec.resto.initial[1]} times the table minimum.", spec.resto.source,
                            low=Fraction(spec.resto.initial[0]), high=Fraction(spec.resto.initial[1])))
        found.append(Option("reposicion", "euros", f"A top-up of the «resto» in whole euros, {spec.resto.topup[0]} to "
                            f"{spec.resto.topup[1]} times the table minimum.", spec.resto.source,
                            low=Fraction(spec.resto.topup[0]), high=Fraction(spec.resto.topup[1])))
    band = spec.relations.resto_band
    if band is not None:
        found.append(Option("resto_minimo", "euros", f"The lowest initial «resto» of the table's band, in whole euros: "
                            f"the minimum is at most {band.minimum_percent} % of it.", spec.relations.source,
                            low=Fraction(100) / band.minimum_percent))
        found.append(Option("resto_maximo", "euros", f"The highest initial «resto» of the table's band, in whole "
                            f"euros: at most {band.times} times its lowest.", spec.relations.source,
                            low=Fraction(100) / band.minimum_percent))
        found.append(Option("reposicion_minima", "euros", "The least top-up of the «resto», in whole euros: never more "
                            "than the initial «resto».", spec.relations.source))
    for option in spec.options:
        found.append(Option(option_key(option.id), "flag", f"Whether the table applies «{option.name['es']}».",
                            option.source))
    return tuple(found), {}


def check_table(spec: CircleSpec, table: Any) -> list[tuple[str, str]]:
    """What is wrong with a table's figures taken together, each (the field, a whole sentence with its lines)."""
    wrong: list[tuple[str, str]] = []
    share = spec.relations.minimum_percent_of_maximum
    maximum = table.maximums.get("mesa")
    if share is not None and maximum is not None:
        low, high = share
        lowest, highest = table.minimum * 100 / high, table.minimum * 100 / low
        if not lowest <= maximum <= highest:
            wrong.append(("maximum.mesa", f"the minimum must be from {low} % to {high} % of the maximum "
                          f"({cite(spec.relations.source)}): with a {table.minimum} € minimum the maximum is from "
                          f"{_euros(lowest)} to {_euros(highest)}, got {maximum} €"))
    deck = table.choices.get("deck")
    if deck is not None and deck not in spec.decks:
        wrong.append(("deck", f"the text allows a deck of {_listing(spec.decks)} cards ({cite(spec.deck_source)}), "
                      f"got {deck}"))
    band = spec.relations.resto_band
    if band is not None:
        lowest, highest = table.choices.get("resto_minimo"), table.choices.get("resto_maximo")
        topup = table.choices.get("reposicion_minima")
        lines = cite(spec.relations.source)
        if lowest is not None and highest is not None and not lowest <= highest <= band.times * lowest:
            wrong.append(("resto_maximo", f"the band of the initial «resto» goes from its lowest to at most "
                          f"{band.times} times it ({lines}): with {lowest} € the highest is from {lowest} € to "
                          f"{band.times * lowest} €, got {highest} €"))
        if lowest is not None and topup is not None and topup > lowest:
            wrong.append(("reposicion_minima", f"the least top-up can never be more than the initial «resto» "
                          f"({lines}): at most {lowest} €, got {topup} €"))
    return wrong


def at_table(spec: CircleSpec, table: Any, example: Any) -> CircleSpec | None:
    """The rules to play a worked example by at ``table`` (:attr:`jokoak.family.Family.at_table`): the game's own,
    where the example's story holds there, else None: the example is played at another structure, deck, minimum or
    ante than the table's, or the casino takes its share otherwise (an example without a take holds only at a table
    that takes it per session, outside the hand)."""
    given = example.options.get("table", {})
    choices = table.choices
    mine = {"structure": choices.get("structure", spec.structures[0].id if len(spec.structures) == 1 else None),
            "deck": choices.get("deck", spec.decks[0] if len(spec.decks) == 1 else None),
            "minimum": table.minimum, "ante": choices.get("ante")}
    for key, value in mine.items():
        if key not in given:
            continue
        if key == "structure" and given[key] != value:
            return None
        if key != "structure" and (value is None or Fraction(str(given[key])) != Fraction(str(value))):
            return None
    option = choices.get("take", spec.take[0].id if len(spec.take) == 1 else None)
    rate = choices.get(TAKE_KEYS.get(str(option), ""))
    take = example.options.get("take")
    if take is None:
        return spec if option == "session" else None
    if take.get("option") != option or rate is None or Fraction(str(take.get("percent"))) != rate:
        return None
    if option == "hand" and Fraction(str(given.get("minimum", 0))) != table.minimum:
        return None
    return spec


def _euros(value: Fraction) -> str:
    """An amount of the messages: whole euros, or with its cents."""
    return f"{value} €" if value.denominator == 1 else f"{float(value):.2f} €"


def _listing(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}" if len(values) > 1 else str(values[0])
