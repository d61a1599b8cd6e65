"""Diagrams for the player sheets, drawn as inline SVG from the engine's own data.

Each function is pure and returns :class:`~markupsafe.Markup` holding one ``<svg>`` element: the
same input gives the same bytes (no generated ids, every coordinate printed with at most two
decimals). A drawing has a ``viewBox`` and ``width="100%"`` with no height, so it fills the column
it is put in and keeps its proportions.

Every drawing is :data:`WIDTH` units wide, which makes a unit 0.1 mm in a column 88 mm wide (one
language's column of a Spanish|Basque sheet, the narrowest): no text is drawn smaller than
:data:`MIN_FONT`, 7 pt at that width. Text in a drawing is language-neutral (numbers, «0»,
«00», ranges and the markers the caller passes in), but for the labels a caller may pass to
:func:`~jokoak.games.dice.diagrams.craps_layout`, already in the sheet's language; the sheet prints
the legend beside it in its own language, and the caller gives the translated ``aria-label``. A
chip never covers a number a player must read (the cloths' numbers, the craps place numbers).

Only what WeasyPrint's SVG renderer draws reliably is used: ``rect``, ``circle``, ``path`` (with
``A`` arcs) and ``text`` with ``text-anchor``; text is centred on a point by an explicit baseline
offset (``dominant-baseline`` is not relied on); no CSS, ``<use>``, filters or masks. The
``class`` attributes name what an element shows (``cell``, ``chip``, ``pocket``…) for the tests.

The drawing code is our own rather than a library (the design prefers one for SVG drawing):
it needs five element types, and what matters here (bytes that never change, numbers rounded to
two decimals, only what WeasyPrint renders) is simpler to hold in a small builder than to check
in a library's output.

The drawings are the families' own, in their packages: :mod:`jokoak.games.roulette.diagrams`, the
roulette cloth and wheel, boule's cloth and the money wheel; :mod:`jokoak.games.dice.diagrams`, the craps
and banca francesa layouts. Each family hands them to its sheet's template as its helpers
(:attr:`jokoak.family.Family.helpers`). This package holds what every drawing shares, :mod:`.svg` (the
builder, boxes, chips, colours and sizes); the constants callers use are imported here.
"""

from __future__ import annotations

from .svg import BLACK, GREEN, MIN_FONT, RED, WIDTH

__all__ = ["BLACK", "GREEN", "MIN_FONT", "RED", "WIDTH"]
