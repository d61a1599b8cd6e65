"""Treinta y cuarenta: the coups of red and black, the refait."""

from __future__ import annotations

from ...family import Family, Templates
from . import data, facts, reader

FAMILY = Family(
    engine="trente",
    fields=frozenset(reader.TRENTE_FIELDS),
    optional=frozenset(reader.TRENTE_OPTIONAL),
    reader=reader.TrenteReader,
    draws="coups",
    options=frozenset({"insured", "on_refait", "last_coup", "minimum"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    templates=Templates.of("trente"),
)

FAMILIES = (FAMILY,)
