"""Dice: craps and banca francesa, their rolls, bets and layouts."""

from __future__ import annotations

from ...family import Family, Templates
from . import data, diagrams, facts, reader, sheet

FAMILY = Family(
    engine="dice",
    fields=frozenset(reader.DICE_FIELDS),
    optional=frozenset(reader.DICE_OPTIONAL),
    reader=reader.DiceReader,
    draws="rolls",
    options=frozenset({"withdraw"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    templates=Templates.of("dice"),
    helpers={"entries": sheet.entries, "craps_layout": diagrams.craps_layout},
)

FAMILIES = (FAMILY,)
