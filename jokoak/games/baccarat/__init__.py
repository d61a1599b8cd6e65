"""The baccara games: punto y banca, chemin de fer and baccara a dos paños, with their drawing tables."""

from __future__ import annotations

from dataclasses import replace

from ...family import Family, Templates
from . import chemin_reader, data, facts, reader

BACCARAT = Family(
    engine="baccarat",
    fields=frozenset(reader.BACCARAT_FIELDS),
    optional=frozenset(reader.BACCARAT_OPTIONAL),
    reader=reader.BaccaratReader,
    draws="cards",
    options=frozenset({"payment"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.baccarat_facts,
    data=data.baccarat_part,
    table=reader.table,
    at_table=reader.at_table,
    table_edges=reader.table_edges,
    templates=Templates.of("baccarat"),
)

CHEMIN = Family(
    engine="chemin",
    fields=frozenset(chemin_reader.CHEMIN_FIELDS),
    optional=frozenset(chemin_reader.CHEMIN_OPTIONAL),
    reader=chemin_reader.CheminReader,
    draws="cards",
    options=chemin_reader.CHEMIN_OPTIONS,
    read_example=chemin_reader.read_example,
    play=chemin_reader.play,
    facts=facts.chemin_facts,
    data=data.chemin_part,
    table=chemin_reader.table,
    at_table=chemin_reader.at_table,
    templates=Templates.of("baccarat", "chemin-"),
)

# baccara a dos paños: chemin de fer's fields, example and table, played on two paños against the bank
DOS_PANOS = replace(
    CHEMIN, engine="dos-panos", fields=frozenset(chemin_reader.DOS_PANOS_FIELDS), reader=chemin_reader.DosPanosReader,
    templates=replace(CHEMIN.templates, steps="games/baccarat/dos-panos-steps.jinja"))

FAMILIES = (BACCARAT, CHEMIN, DOS_PANOS)
