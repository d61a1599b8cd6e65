"""Pai Gow poker: the two hands set from seven cards, the house way, the commission."""

from __future__ import annotations

from ...family import Family, Templates
from . import data, facts, reader

FAMILY = Family(
    engine="pai-gow",
    fields=frozenset(reader.PAI_GOW_FIELDS),
    optional=frozenset(),
    reader=reader.PaiGowReader,
    draws="cards",
    options=frozenset({"low", "bank_low"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    table=reader.table,
    at_table=reader.at_table,
    templates=Templates.of("pai_gow"),
)

FAMILIES = (FAMILY,)
