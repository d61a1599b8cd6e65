"""Black jack: the deal, the player's choices, the side bets, the main bet's edge over the finite shoe."""

from __future__ import annotations

from ...family import Family, Templates
from . import data, facts, reader

FAMILY = Family(
    engine="blackjack",
    fields=frozenset(reader.BLACKJACK_FIELDS),
    optional=frozenset(reader.BLACKJACK_OPTIONAL),
    reader=reader.BlackjackReader,
    draws="cards",
    options=frozenset({"decisions"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    table=reader.table,
    at_table=reader.at_table,
    templates=Templates.of("blackjack"),
)

FAMILIES = (FAMILY,)
