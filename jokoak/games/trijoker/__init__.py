"""Poker trijoker: the three bets let ride or withdrawn, the joker."""

from __future__ import annotations

from ...family import Family, Templates
from . import reader

FAMILY = Family(
    engine="trijoker",
    fields=frozenset(reader.TRIJOKER_FIELDS),
    optional=frozenset(reader.TRIJOKER_OPTIONAL),
    reader=reader.TrijokerReader,
    draws="cards",
    options=frozenset({"withdrawn"}),
    read_example=reader.read_example,
    play=reader.play,
    templates=Templates.of("trijoker"),
)

FAMILIES = (FAMILY,)
