"""What an engine applied to settle a round: the explanation printed under each worked example.

Each time an engine applies a rule of the game to the round (a payout, the zero rule, a row of the
drawing table, the dealer's rule), it records a :class:`Step`:

- ``key`` names the sentence that tells it; the family's steps template (``templates/games/<family>/steps.jinja``)
  says it, a whole sentence in each language;
- ``rule`` names the rule the step applied, for its citation: ``bet:<id>`` is the bet (or the pay-table line)
  ``<id>`` of the game file, and any other name ``<rule>`` is the lines the catalogue keeps as
  ``<rule>_source`` on the game's rules (:func:`jokoak.facts.step_citations`);
- ``values`` fill the sentence: amounts (fractions), counts and points (integers), bet ids and cards as
  the example writes them (strings, or tuples of them).

A step never changes what is paid: the result is computed as before, the steps only say how.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    """One rule applied to the round: the sentence ``key``, the cited ``rule``, the ``values`` of the sentence."""

    key: str
    rule: str
    values: Mapping[str, Any] = field(default_factory=dict)
