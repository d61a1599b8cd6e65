"""Three-card poker (tripóker): ante, play and the pair plus bonus."""

from __future__ import annotations

from ...family import Family, Templates
from . import data, facts, reader

FAMILY = Family(
    engine="tripoker",
    fields=frozenset(reader.TRIPOKER_FIELDS),
    optional=frozenset(),
    reader=reader.TripokerReader,
    draws="cards",
    options=frozenset({"decision"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    templates=Templates.of("tripoker"),
)

FAMILIES = (FAMILY,)
