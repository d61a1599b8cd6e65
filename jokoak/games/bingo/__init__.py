"""Bingo: 90 balls, the cards, the línea and the bingo (Euskadi, Decreto 277/1996 Art. 3, 000:5803-5888; the
national order of 1977, «10. Bingo», 003:2347-2529).

Public pieces, for the bingo hall's configuration, sheet and pages built on this family:

- :mod:`.engine`: :class:`~.engine.CardRule`, :func:`~.engine.check_card` / :func:`~.engine.card_problems` (the
  validator, naming the rule broken), :func:`~.engine.generate_card` (seeded), :func:`~.engine.settle` (the claims
  of a game and the prizes shared) and :func:`~.engine.play` (the same, as a player's stakes and returns);
- :mod:`.reader`: :class:`~.reader.BingoSpec`, a game's ``rules`` (the engine's rules, the prizes with their names
  and lines, each rule with its lines or our note where the text says nothing);
- :mod:`.exact`: the exact chances of a línea and a bingo by ball n, and the simulated first bingo among N cards;
- :mod:`.facts` and :mod:`.data`: what the site, the sheets and the data files say.
"""

from __future__ import annotations

from ...family import Family, Templates
from . import data, facts, reader

FAMILY = Family(
    engine="bingo",
    fields=frozenset(reader.BINGO_FIELDS),
    optional=frozenset(reader.BINGO_OPTIONAL),
    reader=reader.BingoReader,
    draws="balls",
    options=frozenset({"cartones", "claims", "prizes", "announced"}),
    read_example=reader.read_example,
    play=reader.play,
    facts=facts.game_facts,
    data=data.data_part,
    templates=Templates.of("bingo"),
)

FAMILIES = (FAMILY,)
