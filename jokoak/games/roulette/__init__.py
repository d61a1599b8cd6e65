"""Roulettes, boule and the fortune wheel: the wheel, the bets on the cloth, the zero rule, the claims of the text."""

from __future__ import annotations

from ...family import Family, Templates
from . import data, diagrams, facts, reader

FAMILY = Family(
    engine="roulette",
    fields=frozenset(reader.ROULETTE_FIELDS),
    optional=frozenset(reader.ROULETTE_OPTIONAL),
    reader=reader.RouletteReader,
    draws="spins",
    options=frozenset({"on_zero", "last_spin", "minimum"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    templates=Templates.of("roulette"),
    helpers={"sector_arcs": diagrams.sector_arcs, "roulette_cloth": diagrams.roulette_cloth,
             "boule_cloth": diagrams.boule_cloth, "money_wheel": diagrams.money_wheel,
             "roulette_wheel": diagrams.roulette_wheel},
)

FAMILIES = (FAMILY,)
