"""Diagrams for the player sheets, drawn as inline SVG from the engine's own data.

Each function is pure and returns :class:`~markupsafe.Markup` holding one ``<svg>`` element: the
same input gives the same bytes (no generated ids, every coordinate printed with at most two
decimals). A drawing has a ``viewBox`` and ``width="100%"`` with no height, so it fills the column
it is put in and keeps its proportions.

Every drawing is :data:`WIDTH` units wide, which makes a unit 0.1 mm in a column 88 mm wide (one
language's column of a Spanish|Basque sheet, the narrowest): no text is drawn smaller than
:data:`MIN_FONT`, 7 pt at that width. Text in a drawing is language-neutral (numbers, «0»,
«00», ranges and the markers the caller passes in), but for the labels a caller may pass to
:func:`craps_layout`, already in the sheet's language; the sheet prints the legend beside it in
its own language, and the caller gives the translated ``aria-label``. A chip never covers a
number a player must read (the cloths' numbers, the craps place numbers).

Only what WeasyPrint's SVG renderer draws reliably is used: ``rect``, ``circle``, ``path`` (with
``A`` arcs) and ``text`` with ``text-anchor``; text is centred on a point by an explicit baseline
offset (``dominant-baseline`` is not relied on); no CSS, ``<use>``, filters or masks. The
``class`` attributes name what an element shows (``cell``, ``chip``, ``pocket``…) for the tests.

The drawing code is our own rather than a library (the design prefers one for SVG drawing):
it needs five element types, and what matters here (bytes that never change, numbers rounded to
two decimals, only what WeasyPrint renders) is simpler to hold in a small builder than to check
in a library's output.

The package has three modules: :mod:`.svg`, what every drawing shares (the builder, boxes, chips,
colours and sizes); :mod:`.wheels`, the roulette cloth and wheel, boule's cloth and the money
wheel; :mod:`.dice`, the craps and banca francesa layouts. The functions to call, and the
constants callers use, are imported here.

>>> from ...engine.wheel import EUROPEAN_ORDER, Wheel
>>> wheel = Wheel(EUROPEAN_ORDER, frozenset({1, 3, 5}), frozenset({0}))
>>> svg = roulette_wheel(wheel, [("A", frozenset({0, 32, 15}))], "Ruleta")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 880 880" width="100%" role="img"')
True
>>> roulette_wheel(wheel, [("ABCD", frozenset({0}))], "Ruleta")
Traceback (most recent call last):
...
ValueError: marker 'ABCD' is longer than 3 characters: markers are short keys to the legend ("1", "A")
"""

from __future__ import annotations

from .dice import craps_layout
from .svg import BLACK, GREEN, MIN_FONT, RED, WIDTH
from .wheels import boule_cloth, money_wheel, roulette_cloth, roulette_wheel

__all__ = ["BLACK", "GREEN", "MIN_FONT", "RED", "WIDTH", "boule_cloth", "craps_layout", "money_wheel",
           "roulette_cloth", "roulette_wheel"]
