"""Poker trijoker: the three bets let ride or withdrawn, the joker."""

from __future__ import annotations

from ...family import Family, Templates
from . import data, facts, reader

FAMILY = Family(
    engine="trijoker",
    fields=frozenset(reader.TRIJOKER_FIELDS),
    optional=frozenset(reader.TRIJOKER_OPTIONAL),
    reader=reader.TrijokerReader,
    draws="cards",
    options=frozenset({"withdrawn"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    templates=Templates.of("trijoker"),
)

FAMILIES = (FAMILY,)
