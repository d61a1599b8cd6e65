"""Texas hold'em against the house (Texas hold'em bonus poker, Texas poker)."""

from __future__ import annotations

from ...family import Family, Templates
from . import data, facts, reader

FAMILY = Family(
    engine="holdem",
    fields=frozenset(reader.HOLDEM_FIELDS),
    optional=frozenset(reader.HOLDEM_OPTIONAL),
    reader=reader.HoldemReader,
    draws="cards",
    options=frozenset({"decisions"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    templates=Templates.of("holdem"),
)

FAMILIES = (FAMILY,)
