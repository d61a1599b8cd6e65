"""El monte (o banca) and el reto: the Spanish-deck games."""

from __future__ import annotations

from dataclasses import replace

from ...family import Family, Templates
from . import data, facts, reader

MONTE = Family(
    engine="monte",
    fields=frozenset(reader.MONTE_FIELDS),
    optional=frozenset(reader.MONTE_OPTIONAL),
    reader=reader.MonteReader,
    draws="cards",
    options=frozenset({"layout", "doubled", "burnt", "phase", "in_play"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    templates=Templates.of("monte"),
)

RETO = Family(
    engine="reto",
    fields=frozenset(reader.RETO_FIELDS),
    optional=frozenset(reader.RETO_OPTIONAL),
    reader=reader.RetoReader,
    draws="cards",
    options=frozenset({"retar"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    table=reader.reto_table,
    # its own sheet, page, examples and steps; el monte's macros, which their one data part calls
    templates=replace(Templates.of("monte", "reto-"), macros="games/monte/macros.jinja"),
)

FAMILIES = (MONTE, RETO)
