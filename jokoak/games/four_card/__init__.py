"""Four-card poker (póquer de cuatro cartas): the ante and the raise, the dealer's qualification."""

from __future__ import annotations

from ...family import Family, Templates
from . import data, facts, reader

FAMILY = Family(
    engine="four-card",
    fields=frozenset(reader.FIELDS),
    optional=frozenset(),
    reader=reader.FourCardReader,
    draws="cards",
    options=frozenset(),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    templates=Templates.of("four_card", macros=False),
)

FAMILIES = (FAMILY,)
