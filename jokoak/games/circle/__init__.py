"""Circle poker: players against each other, the casino runs the table and takes its share (Euskadi «Poker de
Círculo», 000:4753-5704; Extremadura «Póquer de círculo», 001:2338-2924)."""

from __future__ import annotations

from ...family import Family, Templates
from . import data, facts, play, reader, table

FAMILY = Family(
    engine="circle",
    fields=frozenset(reader.CIRCLE_FIELDS),
    optional=frozenset(reader.CIRCLE_OPTIONAL),
    reader=reader.CircleReader,
    draws="cards",
    options=frozenset({"folded", "table", "take", "shares", "actions", "refused"}),
    read_example=play.read_example,
    play=play.play,
    facts=facts.game_facts,
    data=data.data_part,
    templates=Templates.of("circle"),
    table=table.table_options,
    check_table=table.check_table,
    at_table=table.at_table,
)

FAMILIES = (FAMILY,)
