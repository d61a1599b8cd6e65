"""Caribbean stud poker, with and without the change of cards (póquer con y sin descarte)."""

from __future__ import annotations

from ...family import Family, Templates
from . import data, facts, reader

FAMILY = Family(
    engine="stud",
    fields=frozenset(reader.STUD_FIELDS),
    optional=frozenset(reader.STUD_OPTIONAL),
    reader=reader.StudReader,
    draws="cards",
    options=frozenset({"decision", "discards", "buy", "jackpot"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    table=reader.table,
    at_table=reader.at_table,
    templates=Templates.of("stud"),
)

FAMILIES = (FAMILY,)
