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

>>> from ..engine.wheel import EUROPEAN_ORDER, Wheel
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

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from markupsafe import Markup, escape

from ..engine import dice as dice_engine
from ..engine import roulette
from ..engine.wheel import DOUBLE_ZERO, Wheel
from ..engine.wheel import label as pocket_label

WIDTH = 880  # user units across every drawing: 0.1 mm in an 88 mm column
MIN_FONT = 25  # 7 pt (2.47 mm) in an 88 mm column is 24.7 units

RED, BLACK, GREEN = "#c0392b", "#1a1a1a", "#1e7b3c"
CHIP, WHITE, INK, LINE, PALE = "#0b4f8a", "#ffffff", "#1a1a1a", "#4d4d4d", "#f4f1ea"
# Wheel bands: far apart in hue and, in grey, dark, light and middling in turn (luminance about
# 65, 162, 116, 53, 180, 136), so that any three arcs in a row (the three sectors that share the
# wheel) stay apart in a greyscale print.
BANDS = ("#0b4f8a", "#e69f00", "#16a085", "#4a235a", "#85c1e9", "#7f8c8d")
# Money-wheel symbols: dark enough for a white number on them.
SYMBOLS = ("#0b4f8a", "#b9770e", "#6c3483", "#1e7b3c", "#a04000", "#2e4053")
FONT = "Noto Sans, sans-serif"

# Advance widths of Noto Sans Bold, in em, to estimate how wide a text is (for layout only).
_ADVANCE = {**dict.fromkeys("0123456789", 0.572), "–": 0.5, " ": 0.26, "…": 0.855}


def _num(value: float) -> str:
    """A coordinate as printed: at most two decimals, no trailing zeros, never ``-0``.

    >>> _num(2.0), _num(12.345678), _num(-0.001), _num(0.5)
    ('2', '12.35', '0', '0.5')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _text_width(text: str, size: float) -> float:
    """The estimated width of ``text`` set in Noto Sans Bold at ``size`` units.

    >>> _text_width("19–36", 25)
    69.7
    """
    return round(sum(_ADVANCE.get(ch, 0.66) for ch in text) * size, 2)


class _Svg:
    """Collects the elements of one drawing and writes them out."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, tag: str, cls: str | None = None, content: str | None = None, **attrs: float | str | None) -> None:
        items = [("class", cls)] + [(key.replace("_", "-"), value) for key, value in attrs.items()]
        text = "".join(f' {key}="{_num(value) if isinstance(value, int | float) else escape(value)}"'
                       for key, value in items if value is not None)
        self.parts.append(f"<{tag}{text}/>" if content is None else f"<{tag}{text}>{escape(content)}</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, fill: str, cls: str | None = None, *,
             stroke: str | None = LINE, width: float = 2, rx: float | None = None,
             dash: str | None = None) -> None:
        self.add("rect", cls, x=x, y=y, width=w, height=h, rx=rx, fill=fill, stroke=stroke,
                 stroke_width=width if stroke else None, stroke_dasharray=dash)

    def circle(self, x: float, y: float, r: float, fill: str, cls: str | None = None, *,
               stroke: str | None = None, width: float = 2, dash: str | None = None) -> None:
        self.add("circle", cls, cx=x, cy=y, r=r, fill=fill, stroke=stroke, stroke_width=width if stroke else None,
                 stroke_dasharray=dash)

    def path(self, points: Sequence[tuple[float, float]] | str, fill: str, cls: str | None = None, *,
             stroke: str | None = None, width: float = 2) -> None:
        d = points if isinstance(points, str) else "M" + " L".join(f"{_num(x)} {_num(y)}" for x, y in points) + " Z"
        self.add("path", cls, d=d, fill=fill, stroke=stroke, stroke_width=width if stroke else None)

    def text(self, x: float, y: float, content: str, size: float, fill: str = INK, cls: str | None = None, *,
             anchor: str = "middle") -> None:
        """``content`` centred on (``x``, ``y``): the baseline sits half a cap height (0.714 em) below."""
        self.add("text", cls, content, x=x, y=y + 0.357 * size, font_size=size, font_weight="bold",
                 text_anchor=anchor, fill=fill)

    def markup(self, height: float, aria_label: str) -> Markup:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {_num(height)}" width="100%"'
                f' role="img" aria-label="{escape(aria_label)}" font-family="{FONT}">')
        return Markup(head + "".join(self.parts) + "</svg>")


def _check(aria_label: str, markers: Iterable[str]) -> int:
    """Check the label and the markers; the chip radius that holds the longest marker."""
    if not aria_label.strip():
        raise ValueError("the label is empty: give the diagram's aria-label, in the sheet's language")
    seen: set[str] = set()
    for marker in markers:
        if not marker.strip():
            raise ValueError("a marker is empty: markers are short keys to the legend (\"1\", \"A\")")
        if len(marker) > 3:
            raise ValueError(f"marker {marker!r} is longer than 3 characters: markers are short keys to the "
                             "legend (\"1\", \"A\")")
        if marker in seen:
            raise ValueError(f"marker {marker!r} is given twice: each marker names one bet in the legend")
        seen.add(marker)
    return 27 if any(len(marker) == 3 for marker in seen) else 23


def _cloth_radius(r: float) -> float:
    """The radius of a chip on a cloth's numbers, for a chip of radius ``r`` elsewhere: small enough
    to sit in a corner of a cell, or on an edge between two, clear of the numbers printed there, and
    still holding its marker at :data:`MIN_FONT` (two characters in 19 units, three in 24)."""
    return 19 if r < 27 else 24


def _chip(svg: _Svg, x: float, y: float, r: float, marker: str) -> None:
    """A chip: a circle in a strong colour with a white outline, its marker in white."""
    svg.circle(x, y, r, CHIP, "chip", stroke=WHITE, width=3)
    svg.text(x, y, marker, 26 if len(marker) < 3 and r >= 23 else MIN_FONT, WHITE, "marker")


def _glyphs(x: float, y: float, text: str, size: float) -> _Box:
    """The box the glyphs of ``text`` centred on (``x``, ``y``) fill, a little generously: 0.6 em a
    character across (a digit's advance is 0.572 em, its ink narrower) and a cap height (0.714 em) high."""
    w, h = 0.6 * size * len(text), 0.714 * size
    return _Box(x - w / 2, y - h / 2, w, h)


def _diamond(svg: _Svg, x: float, y: float, w: float, h: float, fill: str) -> None:
    svg.path([(x - w / 2, y), (x, y - h / 2), (x + w / 2, y), (x, y + h / 2)], fill, "diamond")


@dataclass(frozen=True)
class _Box:
    """A rectangle of a drawing: a cell, a betting box."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def chip_spot(self, r: float) -> tuple[float, float]:
        """Where a chip goes in a box with a label: at its right end, the label moving left."""
        return self.x + self.w - r - 8, self.y + self.h / 2

    def label_spot(self, r: float | None) -> tuple[float, float]:
        """The centre of the label: the box's, or that of what a chip at the right end leaves."""
        if r is None:
            return self.centre
        return self.x + (self.w - 2 * r - 8) / 2, self.y + self.h / 2

    def near(self, x: float, y: float, r: float) -> bool:
        """Whether a circle at (``x``, ``y``) of radius ``r`` touches this box."""
        dx = max(self.x - x, 0, x - self.x - self.w)
        dy = max(self.y - y, 0, y - self.y - self.h)
        return dx * dx + dy * dy < r * r


_CLEAR = 3  # how far a chip stays from a number's glyphs (beyond their estimate): its outline and a gap


class _Chips:
    """Chips placed so far on a drawing, the texts they had better not cover (``avoid``: a box's
    sign, which may move aside) and those they must never cover (``never``: the numbers)."""

    def __init__(self, r: float) -> None:
        self.r = r
        self.placed: list[tuple[float, float, str]] = []
        self.avoid: list[_Box] = []
        self.never: list[_Box] = []

    def free(self, x: float, y: float, strict: bool = True) -> bool:
        if any(math.hypot(x - px, y - py) < 2 * self.r + 3 for px, py, _ in self.placed):
            return False
        if any(box.near(x, y, self.r + _CLEAR) for box in self.never):
            return False
        return not strict or not any(box.near(x, y, self.r) for box in self.avoid)

    def place(self, spots: Sequence[tuple[float, float]], marker: str) -> tuple[float, float]:
        """Put a chip on the first free spot of ``spots`` (clear of signs if one is, always clear of
        the numbers), and return it."""
        for strict in (True, False):
            for x, y in spots:
                if self.free(x, y, strict):
                    self.placed.append((x, y, marker))
                    return x, y
        raise ValueError(f"no room for the chip {marker!r}: every placement of its bet is taken by another chip "
                         "or would cover a number")

    def draw(self, svg: _Svg) -> None:
        for x, y, marker in self.placed:
            _chip(svg, x, y, self.r, marker)


def _placeable(chips: Sequence[tuple[str, roulette.Bet]]) -> list[tuple[str, roulette.Bet]]:
    """The chips that sit on a cloth: announced bets and money-wheel segments do not."""
    return [(m, b) for m, b in chips if b.shape not in (*roulette.ANNOUNCED_SHAPES, "segment")]


def _chance_text(chance: str, wheel: Wheel) -> str:
    """The language-neutral sign of an even chance that is not a colour: «1–18», «2 4 6…», «1 3 7 9».

    >>> from ..engine.wheel import EUROPEAN_ORDER
    >>> w = Wheel(EUROPEAN_ORDER, frozenset(), frozenset({0}))
    >>> [_chance_text(c, w) for c in ("low", "even", "odd", "high")]
    ['1–18', '2 4 6…', '1 3 5…', '19–36']
    """
    numbers = sorted(roulette.chance_numbers(chance, wheel))
    if chance in ("low", "high"):
        return f"{numbers[0]}–{numbers[-1]}"
    return " ".join(str(n) for n in numbers) if len(numbers) <= 4 else " ".join(str(n) for n in numbers[:3]) + "…"


def _fit(text: str, size: float, room: float) -> float:
    """The font size, at most ``size`` and never below :data:`MIN_FONT`, at which ``text`` fits ``room``.

    >>> _fit("2 4 6…", 28, 90), _fit("2 4 6…", 28, 200), _fit("2 4 6…", 28, 10)
    (28, 28, 25)
    """
    width = _text_width(text, 1)
    return max(MIN_FONT, min(size, math.floor(room / width))) if width else size


def _chance_boxes(svg: _Svg, boxes: dict[str, _Box], wheel: Wheel, chipped: set[str], r: float, size: float) -> None:
    """The even-chance boxes: a diamond for a colour, else the chance's sign, all signs at one size
    (the largest that fits every box, a box with a chip keeping room for it at its right end)."""
    def room(chance: str) -> float:
        return boxes[chance].w - (2 * r + 20 if chance in chipped else 16)

    size = min([size] + [_fit(_chance_text(c, wheel), size, room(c)) for c in boxes if c not in ("red", "black")])
    for chance, box in boxes.items():
        svg.rect(box.x, box.y, box.w, box.h, WHITE, "box")
        x, y = box.label_spot(r if chance in chipped else None)
        if chance in ("red", "black"):
            _diamond(svg, x, y, min(64, room(chance) - 16), min(34, box.h - 14), RED if chance == "red" else BLACK)
        else:
            svg.text(x, y, _chance_text(chance, wheel), size, INK, "chance")


# The roulette cloth ---------------------------------------------------------------------------

_M, _Z, _S, _C, _D, _E = 9, 56, 62, 62, 58, 58  # margin, zero width, cell width, column box, dozen and chance rows
_GX, _GY = _M + _Z, _M  # top left of the grid of numbers
_NUMBER = 30  # the font size of the cloth's numbers
_CHANCES = ("low", "even", "red", "black", "odd", "high")
# Where each shape's chip is preferred, in cells across and rows down from the grid's top left:
# spread over the grid so that chips of different bets rarely compete for a spot.
_ANCHORS = {"straight": (4.5, 1.5), "split": (2, 1.5), "street": (7.5, 3), "corner": (6, 1), "line": (9, 3),
            "fixed": (0, 1.5)}


def _row_height(r: float) -> float:
    """The height of a row of numbers for chips of radius ``r``. From the row's top: a band a chip
    fits in (a straight-up in a corner of its cell, a split on the edge between two cells), the
    numbers, and a band as deep as a chip's radius (for a chip on the edge below them: a split, a
    corner, a street or a line), so that no chip ever covers a number.

    >>> _row_height(19), _row_height(24)
    (93, 108)
    """
    return 3 * r + 36


def _number_y(r: float) -> float:
    """The centre line of a row's numbers, below the row's top: under the band for chips, a chip
    there (its centre ``r + 4`` below the top) :data:`_CLEAR` clear of them."""
    return 2 * r + 9 + 0.357 * _NUMBER


def _cell(wheel: Wheel, pocket: int, h: float) -> _Box:
    """The cell of a pocket in rows ``h`` high: 3-6-9… on the top row, 1-4-7… on the bottom one, the
    zeros at the left."""
    if pocket in wheel.zeros:
        if len(wheel.zeros) == 1:
            return _Box(_M, _GY, _Z, 3 * h)
        top = pocket == DOUBLE_ZERO
        return _Box(_M, _GY if top else _GY + 1.5 * h, _Z, 1.5 * h)
    column, row = (pocket - 1) // 3, 2 - (pocket - 1) % 3
    return _Box(_GX + column * _S, _GY + row * h, _S, h)


def _number_at(wheel: Wheel, pocket: int, r: float, h: float) -> tuple[float, float]:
    """Where a pocket's number is centred: across its cell, at the height of its row's numbers (a
    single zero at the middle row's, a 00 at the top row's and the 0 below it at the bottom row's)."""
    cell = _cell(wheel, pocket, h)
    if pocket in wheel.zeros:
        row = 1 if len(wheel.zeros) == 1 else 0 if pocket == DOUBLE_ZERO else 2
        return cell.centre[0], _GY + row * h + _number_y(r)
    return cell.centre[0], cell.y + _number_y(r)


def _along(start: float, end: float, inset: float) -> list[float]:
    """Places along a segment for a chip's centre: the middle first, then outwards, 4 units apart,
    as far as the chip stays within the segment (only the middle if the segment is too short).

    >>> _along(0, 41, 12)
    [20.5, 16.5, 24.5, 12.5, 28.5, 12, 29]
    """
    middle = (start + end) / 2
    low, high = start + inset, end - inset
    if low >= high:
        return [middle]
    found = {middle, low, high}
    step = 4
    while middle - step > low:
        found |= {middle - step, middle + step}
        step += 4
    return sorted(found, key=lambda p: (abs(p - middle), p))


def _spots(wheel: Wheel, numbers: frozenset[int], r: float, h: float) -> list[tuple[float, float]]:
    """Where a chip of radius ``r`` covering ``numbers`` may sit, best first: a straight-up inside
    its cell, in a corner (the top ones first); on the edge two cells share (an edge between two
    columns in the band above the numbers first), from its middle outwards; where four cells meet;
    a street or a line on the grid's outer edge below its row(s); with the zeros, where their cells
    meet those of the numbers, or else at the zeros' corner. The caller passes over the spots that
    would cover a number."""
    cells = [_cell(wheel, n, h) for n in sorted(numbers)]
    inset = r + 4
    if len(cells) == 1:
        c = cells[0]
        return [(c.x + inset, c.y + inset), (c.x + c.w - inset, c.y + inset),
                (c.x + inset, c.y + c.h - inset), (c.x + c.w - inset, c.y + c.h - inset)]
    left, right = max(c.x for c in cells), min(c.x + c.w for c in cells)
    top, bottom = max(c.y for c in cells), min(c.y + c.h for c in cells)
    if left <= right + 0.01 and top <= bottom + 0.01:
        if abs(left - right) < 0.01 and bottom - top > 0.01:  # in the band above the numbers first
            ys = _along(top, bottom, inset)
            return [(left, y) for y in sorted(ys, key=lambda y: y != top + inset)]
        if abs(top - bottom) < 0.01 and right - left > 0.01:
            return [(x, top) for x in _along(left, right, inset)]
        return [(left, top)]
    numbered = [c for n, c in zip(sorted(numbers), cells, strict=True) if n not in wheel.zeros]
    if numbers & wheel.zeros:
        return [(_GX, _GY + 3 * h)]
    return [((min(c.x for c in numbered) + max(c.x + c.w for c in numbered)) / 2, _GY + 3 * h)]


def _group_boxes(wheel: Wheel, h: float) -> dict[tuple[str, str], _Box]:
    """The outside boxes by (shape, target): columns at the right end, dozens and chances below."""
    boxes = {("column", str(i)): _Box(_GX + 12 * _S, _GY + (3 - i) * h, _C, h) for i in (1, 2, 3)}
    boxes |= {("dozen", str(i)): _Box(_GX + (i - 1) * 4 * _S, _GY + 3 * h, 4 * _S, _D) for i in (1, 2, 3)}
    width = (WIDTH - 2 * _M) / 6
    boxes |= {("even-chance", chance): _Box(_M + i * width, _GY + 3 * h + _D, width, _E)
              for i, chance in enumerate(_CHANCES)}
    return boxes


def _group_spots(bet: roulette.Bet, boxes: dict[tuple[str, str], _Box], r: float) -> list[tuple[float, float]]:
    if bet.shape == "even-chance":
        return [boxes["even-chance", bet.chance or ""].chip_spot(r)]
    if bet.shape in ("column", "dozen"):
        order = ("3", "2", "1") if bet.shape == "column" else ("1", "2", "3")
        # a column's chip in the band above its arrow, as a straight-up's above its number
        return [boxes[bet.shape, i].chip_spot(r) if bet.shape == "dozen" else
                (boxes[bet.shape, i].centre[0], boxes[bet.shape, i].y + r + 4) for i in order]
    shape = bet.shape.removesuffix("-pair")
    spots = []
    for low in ("1", "2") if shape == "column" else ("2", "1"):
        a, b = boxes[shape, low], boxes[shape, str(int(low) + 1)]
        spots.append((a.x + a.w / 2, a.y) if shape == "column" else (b.x, b.y + b.h / 2))
    return spots


def _number_spots(bet: roulette.Bet, wheel: Wheel, r: float, h: float) -> list[tuple[float, float]]:
    """The spots of every placement of a bet on numbers, the placements nearest its anchor first."""
    ax, ay = _ANCHORS[bet.shape]
    ax, ay = _GX + ax * _S, _GY + ay * h
    spots = {name: _spots(wheel, numbers, r, h) for name, numbers in roulette.targets(bet, wheel).items()}
    order = sorted(spots, key=lambda name: (math.hypot(spots[name][0][0] - ax, spots[name][0][1] - ay), name))
    return [spot for name in order for spot in spots[name]]


def _column_arrow(svg: _Svg, x: float, y: float) -> None:
    """The sign of a column box: an arrow centred on (``x``, ``y``), pointing along its row."""
    svg.path([(x - 20, y), (x - 4, y - 11), (x - 4, y - 4), (x + 20, y - 4), (x + 20, y + 4), (x - 4, y + 4),
              (x - 4, y + 11)], LINE, "arrow")


def roulette_cloth(wheel: Wheel, chips: Sequence[tuple[str, roulette.Bet]], label: str) -> Markup:
    """The betting cloth of a roulette, landscape, with a chip for each ``(marker, bet)`` of ``chips``.

    The zero (or the 0 below the 00) at the left end; the numbers in three rows of twelve, 3-6-9…
    on top and 1-4-7… at the bottom, as a player at the long side sees the layout, each on its
    colour; at the right end the three column boxes, each with an arrow along its row; below, the
    dozens («1–12», «13–24», «25–36») and then the six even chances across the whole width:
    «1–18», «2 4 6…» (even), a red and a black diamond, «1 3 5…» (odd) and «19–36».

    No chip ever covers a number: each row has a band for chips above its numbers and room below
    them for a chip on the edge under the row (see :func:`_row_height`), and the chips on the
    numbers are smaller than elsewhere (:func:`_cloth_radius`). A chip sits on a representative
    placement from :func:`~jokoak.engine.roulette.targets`: a straight-up in a corner of its
    number's cell, a split on the shared edge (an edge between two rows at its middle, one between
    two columns in the band above the numbers), a corner where four numbers meet, a street and a
    line on the outer edge below the row(s) (the players' side), the zeros' streets and splits where
    their cells meet, a column in its box above the arrow, a dozen in its box and their pairs on the
    line between two boxes, an even chance in its box. Placements near the middle of the grid come
    first; a spot taken by another chip, or that would hide a box's sign, is passed over, and one
    that would cover a number is never taken: a bet with no spot left is refused (the one
    placement too tight for a chip of three characters is the double zero's 0-2 split, beside the
    «2»). Announced bets and money-wheel segments have no place on the cloth and are skipped.
    """
    r = _cloth_radius(_check(label, [m for m, _ in chips]))
    if wheel.numbers != frozenset(range(1, 37)) or not wheel.zeros <= {0, DOUBLE_ZERO}:
        raise ValueError("a roulette cloth needs the numbers 1 to 36 and a 0 (and 00); for boule, use boule_cloth")
    h = _row_height(r)
    boxes = _group_boxes(wheel, h)
    placing = _Chips(r)
    placed = _placeable(chips)
    on_box: set[_Box] = set()
    # The boxes first (their signs move aside for the chip), the bets with the fewest spots first.
    order = ("even-chance", "column", "dozen", "column-pair", "dozen-pair")
    for marker, bet in sorted((c for c in placed if c[1].shape in order), key=lambda c: order.index(c[1].shape)):
        x, y = placing.place(_group_spots(bet, boxes, r), marker)
        if bet.shape in ("column", "dozen", "even-chance"):
            on_box |= {box for box in boxes.values() if box.near(x, y, 1)}
    for (shape, _), box in boxes.items():
        if shape == "dozen":
            x, y = box.label_spot(r if box in on_box else None)
            placing.avoid.append(_Box(x - 36, y - 12, 72, 24))
    numbers = {pocket: _number_at(wheel, pocket, r, h) for pocket in sorted(wheel.pockets)}
    placing.never = [_glyphs(x, y, pocket_label(pocket), _NUMBER) for pocket, (x, y) in numbers.items()]
    for marker, bet in placed:
        if bet.shape in roulette.NUMBER_SHAPES:
            placing.place(_number_spots(bet, wheel, r, h), marker)

    svg = _Svg()
    for pocket, (x, y) in numbers.items():
        cell = _cell(wheel, pocket, h)
        svg.rect(cell.x, cell.y, cell.w, cell.h, {"red": RED, "black": BLACK, "green": GREEN}[wheel.colour(pocket)],
                 "cell", stroke=WHITE, width=3)
        svg.text(x, y, pocket_label(pocket), _NUMBER, WHITE, "number")
    svg.rect(_GX, _GY, 12 * _S, 3 * h, "none", stroke=LINE, width=2)
    for (shape, target), box in boxes.items():
        if shape == "column":
            svg.rect(box.x, box.y, box.w, box.h, WHITE, "box")
            _column_arrow(svg, box.centre[0], box.y + _number_y(r))
        elif shape == "dozen":
            svg.rect(box.x, box.y, box.w, box.h, WHITE, "box")
            dozen = sorted(wheel.dozen(int(target)))
            svg.text(*box.label_spot(r if box in on_box else None), f"{dozen[0]}–{dozen[-1]}", 28, INK, "dozen")
    _chance_boxes(svg, {target: box for (shape, target), box in boxes.items() if shape == "even-chance"}, wheel,
                  {target for (shape, target), box in boxes.items() if shape == "even-chance" and box in on_box}, r, 28)
    placing.draw(svg)
    return svg.markup(_GY + 3 * h + _D + _E + _M, label)


# The roulette wheel ---------------------------------------------------------------------------

_CX = _CY = WIDTH / 2
_LANE, _LANE_GAP = 42, 6


def _polar(radius: float, degrees: float) -> tuple[float, float]:
    """A point at ``radius`` from the centre, ``degrees`` clockwise from the top."""
    angle = math.radians(degrees)
    return _CX + radius * math.sin(angle), _CY - radius * math.cos(angle)


def _wedge(inner: float, outer: float, start: float, end: float) -> str:
    """The path of a ring's sector from ``start`` to ``end`` degrees (clockwise from the top)."""
    large = 1 if end - start > 180 else 0
    points = [_polar(outer, start), _polar(outer, end), _polar(inner, end), _polar(inner, start)]
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = [(_num(x), _num(y)) for x, y in points]
    return (f"M{x1} {y1} A{_num(outer)} {_num(outer)} 0 {large} 1 {x2} {y2} L{x3} {y3}"
            f" A{_num(inner)} {_num(inner)} 0 {large} 0 {x4} {y4} Z")


def _lanes(arcs: Sequence[tuple[str, frozenset[int]]]) -> list[int]:
    """A lane (0 next to the pockets) for each arc, so that arcs sharing a pocket never share a lane.

    The larger arcs are laid first, so that sectors (which split the wheel between them) lie next
    to the pockets and a neighbours bet over them goes outside.

    >>> _lanes([("A", frozenset({1, 2})), ("B", frozenset({2, 3, 4})), ("C", frozenset({5, 6, 7}))])
    [1, 0, 0]
    """
    taken: list[set[int]] = []
    lanes = [0] * len(arcs)
    for index in sorted(range(len(arcs)), key=lambda i: (-len(arcs[i][1]), i)):
        numbers = arcs[index][1]
        lane = next((i for i, used in enumerate(taken) if not used & numbers), len(taken))
        if lane == len(taken):
            taken.append(set())
        taken[lane] |= numbers
        lanes[index] = lane
    return lanes


def roulette_wheel(wheel: Wheel, arcs: Sequence[tuple[str, frozenset[int]]], label: str) -> Markup:
    """The wheel seen from above, with a band outside the pockets for each ``(marker, numbers)`` of ``arcs``.

    The pockets go clockwise in ``wheel.order`` from the first zero at the top, each on its colour,
    its number upright (never upside down, so that 6 and 9 cannot be mistaken). Each arc gets a
    band over its pockets, one per unbroken run (:meth:`~jokoak.engine.wheel.Wheel.arcs`: a sector
    of two runs, like «huérfanos», gets two bands of one colour), its marker in a white disc at the
    middle of each band. Arcs that share a pocket go on separate rings, further out.
    """
    _check(label, [m for m, _ in arcs])
    for marker, numbers in arcs:
        if not numbers or not numbers <= wheel.pockets:
            raise ValueError(f"arc {marker!r}: expected pockets of this wheel, got {sorted(numbers)}")
    lanes = _lanes(arcs)
    count = max(lanes, default=-1) + 1
    outer = WIDTH / 2 - 4 - count * (_LANE + _LANE_GAP)
    inner = outer - 74
    step = 360 / len(wheel.order)
    svg = _Svg()
    for i, pocket in enumerate(wheel.order):
        fill = {"red": RED, "black": BLACK, "green": GREEN}[wheel.colour(pocket)]
        svg.path(_wedge(inner, outer, (i - 0.5) * step, (i + 0.5) * step), fill, "pocket-cell", stroke=WHITE, width=2)
        svg.text(*_polar((inner + outer) / 2, i * step), pocket_label(pocket), 28, WHITE, "pocket")
    svg.circle(_CX, _CY, inner - 8, PALE, "hub", stroke=LINE, width=2)
    markers: list[tuple[float, float, float]] = []
    for index, ((marker, numbers), lane) in enumerate(zip(arcs, lanes, strict=True)):
        colour = BANDS[index % len(BANDS)]
        low = outer + _LANE_GAP + lane * (_LANE + _LANE_GAP)
        radius = 21 if len(marker) < 3 else 25
        for run in wheel.arcs(numbers):
            first = wheel.position(run[0])
            start, end = (first - 0.5) * step + 0.6, (first + len(run) - 0.5) * step - 0.6
            svg.path(_wedge(low, low + _LANE, start, end), colour, "band")
            # The marker at the band's middle, or moved along the band clear of another band's marker.
            middle, spots = (start + end) / 2, []
            for offset in range(len(run) + 1):
                spots += [middle + offset * step / 2, middle - offset * step / 2] if offset else [middle]
            spots = [a for a in spots if start + step / 4 <= a <= end - step / 4] or [middle]
            points = [_polar(low + _LANE / 2, a) for a in spots]
            x, y = next(((px, py) for px, py in points
                         if all(math.hypot(px - mx, py - my) >= radius + mr + 24 for mx, my, mr in markers)), points[0])
            markers.append((x, y, radius))
            svg.circle(x, y, radius, WHITE, "band-marker", stroke=colour, width=4)
            svg.text(x, y, marker, 26 if len(marker) < 3 else MIN_FONT, INK, "marker")
    return svg.markup(WIDTH, label)


# Boule ----------------------------------------------------------------------------------------

_B_CELL, _B_GAP, _B_NUMBER = 110, 12, 44
_B_SIDE = (WIDTH - 2 * 8 - 3 * _B_CELL - 2 * _B_GAP) / 2
# Opposite chances face each other across the numbers, row by row.
_B_CHANCES = (("low", "high"), ("even", "odd"), ("red", "black"))


def boule_cloth(wheel: Wheel, chips: Sequence[tuple[str, roulette.Bet]], label: str) -> Markup:
    """Boule's cloth: its numbers three by three, the even chances on either side, and the chips.

    The numbers 1 to 9 in rows of three (1-2-3 on top), so that the 5, which plays the zero's part,
    is in the middle, in green; red and black from ``wheel.red``. Beside each row, facing each
    other, two opposite even chances: low and high («1–4», «6–9»), even and odd (their numbers,
    «2 4 6 8», «1 3 7 9»), red and black (diamonds). Each number is printed in the upper part of
    its cell, every cell alike, and a straight-up chip sits inside its number's cell, in a lower
    corner, clear of the number (a number other than the 5 first, the middle ones first; a chip of
    three characters is as small as it can be, 24 units, to fit there); an even-chance chip in its
    box.
    """
    r = min(_check(label, [m for m, _ in chips]), 24)
    pockets = sorted(wheel.pockets)
    if len(pockets) != 9:
        raise ValueError(f"a boule cloth has 9 numbers, this wheel has {len(pockets)}")
    grid_x = 8 + _B_SIDE + _B_GAP
    cells = {n: _Box(grid_x + (i % 3) * _B_CELL, 8 + (i // 3) * _B_CELL, _B_CELL, _B_CELL)
             for i, n in enumerate(pockets)}
    numbers = {n: (cell.x + _B_CELL / 2, cell.y + 0.36 * _B_CELL) for n, cell in cells.items()}
    boxes = {chance: _Box(8 if side == 0 else grid_x + 3 * _B_CELL + _B_GAP, 8 + row * _B_CELL, _B_SIDE, _B_CELL)
             for row, pair in enumerate(_B_CHANCES) for side, chance in enumerate(pair)}
    placing = _Chips(r)
    placing.never = [_glyphs(x, y, pocket_label(n), _B_NUMBER) for n, (x, y) in numbers.items()]
    with_chip: set[str] = set()
    middle = sorted(pockets, key=lambda n: (n in wheel.zeros, abs(pockets.index(n) - 4), n))
    inset = r + 5
    for marker, bet in _placeable(chips):
        if bet.shape == "straight":
            placing.place([(cells[n].x + x, cells[n].y + _B_CELL - inset) for n in middle
                           for x in (_B_CELL - inset, inset)], marker)
        elif bet.shape == "even-chance" and bet.chance in boxes:
            placing.place([boxes[bet.chance].chip_spot(r)], marker)
            with_chip.add(bet.chance)
        else:
            raise ValueError(f"bet {bet.id!r} ({bet.shape}): a boule cloth has numbers and even chances only")
    svg = _Svg()
    for n, cell in cells.items():
        fill = {"red": RED, "black": BLACK, "green": GREEN}[wheel.colour(n)]
        svg.rect(cell.x, cell.y, cell.w, cell.h, fill, "cell", stroke=WHITE, width=4)
        svg.text(*numbers[n], pocket_label(n), _B_NUMBER, WHITE, "number")
    _chance_boxes(svg, boxes, wheel, with_chip, r, 32)
    placing.draw(svg)
    return svg.markup(16 + 3 * _B_CELL, label)


# The money wheel ------------------------------------------------------------------------------

_NAMED_COLOURS = {"rojo": RED, "red": RED, "gorri": RED, "negro": BLACK, "black": BLACK, "beltz": BLACK}


def _star(svg: _Svg, x: float, y: float, radius: float, fill: str) -> None:
    """A five-pointed star: the sign of a symbol that is not a number (the joker)."""
    points = [_polar(radius if i % 2 == 0 else radius * 0.42, i * 36) for i in range(10)]
    svg.path([(px - _CX + x, py - _CY + y) for px, py in points], fill, "star", stroke=INK, width=2)


def money_wheel(wheel: Wheel, bets: Sequence[tuple[str, roulette.Bet]], label: str) -> Markup:
    """A money wheel's betting cloth: a box for each ``(marker, bet)`` of ``bets`` (segment bets, one
    a symbol), with the symbol's cells and the bet's chip.

    The regulation gives how many cells show each symbol but not their order on the wheel, so no
    wheel is drawn (an order would be invented): the cloth has one box per bet the table takes, in
    the order their symbols first appear in ``wheel.labels`` (a symbol no bet is on, such as a
    joker the table does not take, has no box). Each box shows the symbol (a number on its own
    colour, or a star for a joker: red or black where the symbol's id names that colour, gold
    otherwise), a block of small squares, one per cell showing it, and the chip at its foot. The
    count of cells is left to the squares and to the sheet's table of bets: printed as «24/54» it
    read as a probability, and printed alone under a symbol «24» it repeats the symbol.
    """
    r = _check(label, [m for m, _ in bets])
    symbols = list(dict.fromkeys(wheel.labels))
    if not symbols:
        raise ValueError("a money wheel needs labels: the symbol each cell shows")
    chips: dict[str, str] = {}
    for marker, bet in bets:
        if bet.shape != "segment" or bet.symbol not in symbols:
            raise ValueError(f"bet {bet.id!r} ({marker!r}): expected a segment bet on a symbol of the wheel "
                             f"({', '.join(symbols)})")
        if bet.symbol in chips:
            raise ValueError(f"bet {bet.id!r} ({marker!r}): a chip is already on the symbol {bet.symbol!r}")
        chips[bet.symbol] = marker
    if not chips:
        raise ValueError("a money wheel's cloth has a box for each bet the table takes: got no bet")
    shown = [s for s in symbols if s in chips]
    gap, per_row, square = 8, 8, 10
    # as wide as six boxes side by side at most, the row centred
    width = min((WIDTH - 16 - gap * (len(shown) - 1)) / len(shown), (WIDTH - 16 - gap * 5) / 6)
    left = (WIDTH - len(shown) * width - (len(shown) - 1) * gap) / 2
    rows = max(math.ceil(wheel.labels.count(s) / per_row) for s in shown)
    head, grid_h = 64, rows * (square + 3)
    height = head + 14 + grid_h + 14 + 2 * r + 14
    svg = _Svg()
    for i, symbol in enumerate(shown):
        x, count, numeric = left + i * (width + gap), wheel.labels.count(symbol), symbol.isdigit()
        colour = SYMBOLS[symbols.index(symbol) % len(SYMBOLS)] if numeric else next(
            (c for word, c in _NAMED_COLOURS.items() if word in symbol.lower()), "#d4a017")
        svg.rect(x, 8, width, height, WHITE, None, stroke=None, rx=6)
        svg.rect(x, 8, width, head, colour if numeric else PALE, None, stroke=None, rx=6)
        svg.rect(x, 8 + head - 8, width, 8, colour if numeric else PALE, None, stroke=None)
        svg.rect(x, 8, width, height, "none", "box", rx=6)
        svg.add("path", "rule", d=f"M{_num(x)} {_num(8 + head)} H{_num(x + width)}", stroke=LINE, stroke_width=2)
        if numeric:
            svg.text(x + width / 2, 8 + head / 2, symbol, 40, WHITE, "symbol")
        else:
            _star(svg, x + width / 2, 8 + head / 2 + 2, 26, colour)
        for k in range(count):  # one small square per cell, in centred rows
            in_row = min(per_row, count - k // per_row * per_row)
            start = x + (width - in_row * (square + 3) + 3) / 2
            svg.rect(start + (k % per_row) * (square + 3), 8 + head + 14 + (k // per_row) * (square + 3), square,
                     square, colour, "count", stroke=INK if not numeric else None, width=1)
        _chip(svg, x + width / 2, 8 + head + 14 + grid_h + 14 + r, r, chips[symbol])
    return svg.markup(height + 16, label)


# Dice tables ----------------------------------------------------------------------------------

_DIE = 40  # a die's side
_PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
         5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}
_LABEL = 26  # the font size of an area's label, or MIN_FONT where only that fits
_BAR = 10  # how far a bar struck across dice reaches beyond them, either side


def _die(svg: _Svg, x: float, y: float, value: int, size: float = _DIE) -> None:
    """A die showing ``value``: a small white square with its pips, its top left at (``x``, ``y``)."""
    svg.rect(x, y, size, size, WHITE, "die", stroke=INK, width=2, rx=size * 0.18)
    for col, row in _PIPS[value]:
        svg.circle(x + size * (0.25 + 0.25 * col), y + size * (0.25 + 0.25 * row), size * 0.1, INK, "pip")


def _bar(svg: _Svg, left: float, right: float, y: float) -> None:
    """A red bar struck across the dice drawn from ``left`` to ``right``, centred on ``y``: the throw is
    barred (a tie), as the 6 6 in the «bar» of a real layout."""
    (ax, ay), (bx, by) = (left - 6, y + _DIE / 2 + 6), (right + 6, y - _DIE / 2 - 6)  # _BAR: 6, and 3.5 across
    length = math.hypot(bx - ax, by - ay)
    nx, ny = (ay - by) / length * 3.5, (bx - ax) / length * 3.5  # half the bar's thickness, across it
    svg.path([(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)], RED, "bar",
             stroke=WHITE, width=2)


def _label_width(text: str, size: float) -> float:
    """A generous estimate of how wide a label (a bet's name, in any language) is at ``size``: 0.6 em
    a character, 0.8 em an upper-case letter, 1 em an M or a W (Noto Sans Bold's are narrower).

    >>> _label_width("Big 6", 25), _label_width("Don´t Win", 26)
    (80.0, 156.0)
    """
    return round(size * sum(1.0 if ch in "MWmw" else 0.8 if ch.isupper() else 0.6 for ch in text), 2)


def _label_size(text: str | None, room: float) -> float | None:
    """The size a label is set at in ``room`` units: :data:`_LABEL`, or :data:`MIN_FONT` where only that
    fits; None where it does not fit at all (then it is left out, never shortened).

    >>> _label_size("Field", 84), _label_size("Field", 81), _label_size("Field", 79)
    (26, 25, None)
    """
    if not text:
        return None
    return next((size for size in (_LABEL, MIN_FONT) if _label_width(text, size) <= room), None)


def _combinations(total: int, dice: int) -> list[tuple[int, ...]]:
    """The throws of ``dice`` dice (in ascending order of faces) that make ``total``.

    >>> _combinations(3, 2), _combinations(7, 2)[:2], _combinations(3, 3)
    ([(1, 2)], [(1, 6), (2, 5)], [(1, 1, 1)])
    """
    throws = {tuple(sorted(roll)) for roll in itertools.product(range(1, 7), repeat=dice) if sum(roll) == total}
    return sorted(throws)


@dataclass(frozen=True)
class _Content:
    """What an area shows besides its chip: throws as dice faces, totals, or one large number.

    ``kind`` is ``faces`` (``throws``), ``totals`` (``numbers``, the ``ringed`` ones in a circle:
    they pay more), ``range`` (``numbers`` from the first to the last) or ``big`` (``numbers[0]``).
    ``barred`` strikes a bar across the faces: a wrong-side line bet's barred throw (a tie).
    """

    kind: str
    throws: tuple[tuple[int, ...], ...] = ()
    numbers: tuple[int, ...] = ()
    ringed: frozenset[int] = frozenset()
    barred: bool = False

    @property
    def width(self) -> float:
        if self.kind == "faces":
            dice = len(self.throws[0])
            each = dice * _DIE + (dice - 1) * 5
            return len(self.throws) * each + (len(self.throws) - 1) * 16 + (2 * _BAR if self.barred else 0)
        if self.kind == "totals":
            return sum(max(_text_width(str(n), 30), 46 if n in self.ringed else 0) for n in self.numbers) + \
                16 * (len(self.numbers) - 1)
        if self.kind == "range":
            return _text_width(f"{self.numbers[0]}–{self.numbers[-1]}", 30)
        return _text_width(str(self.numbers[0]), 44)

    @property
    def height(self) -> float:
        if self.kind == "faces":
            return _DIE
        if self.kind == "totals" and self.ringed:
            return 44
        return 0.714 * (44 if self.kind == "big" else 30)

    def draw(self, svg: _Svg, x: float, y: float) -> None:
        """Draw the content with its left end at ``x``, centred on ``y``."""
        if self.kind == "faces":
            x += _BAR if self.barred else 0
            start = x
            for throw in self.throws:
                for value in throw:
                    _die(svg, x, y - _DIE / 2, value)
                    x += _DIE + 5
                x += 11
            if self.barred:
                _bar(svg, start, start + self.width - 2 * _BAR, y)
        elif self.kind == "totals":
            for n in self.numbers:
                w = max(_text_width(str(n), 30), 46 if n in self.ringed else 0)
                if n in self.ringed:
                    svg.circle(x + w / 2, y, 22, "none", "ring", stroke=INK, width=2)
                svg.text(x + w / 2, y, str(n), 30, INK, "total")
                x += w + 16
        elif self.kind == "range":
            svg.text(x, y, f"{self.numbers[0]}–{self.numbers[-1]}", 30, INK, "total", anchor="start")
        else:
            svg.text(x + self.width / 2, y, str(self.numbers[0]), 44, INK, "total")


def _content(bet: dice_engine.Bet, dice: int) -> _Content | None:
    """What an area shows of ``bet``: the throws or totals that win it, or its number."""
    if bet.kind == "line":
        ties = sorted(bet.ties)
        if ties and all(len(_combinations(t, dice)) == 1 for t in ties):
            return _Content("faces", tuple(_combinations(t, dice)[0] for t in ties), barred=True)
        return None
    if bet.kind == "hard":
        return _Content("faces", tuple(tuple([n // dice] * dice) for n in sorted(bet.payouts)))
    totals = sorted(bet.wins or bet.payouts)
    if bet.kind == "place" or (len(totals) == 1 and len(_combinations(totals[0], dice)) > 1):
        return _Content("big", numbers=tuple(totals))
    if len(totals) == 1:
        return _Content("faces", (_combinations(totals[0], dice)[0],))
    if len(totals) >= 4 and totals == list(range(totals[0], totals[-1] + 1)):
        return _Content("range", numbers=tuple(totals))
    least = min(bet.payouts.values(), default=None)
    return _Content("totals", numbers=tuple(totals), ringed=frozenset(
        t for t in totals if least is not None and bet.payouts.get(t, least) > least))


class _Table:
    """A dice table being drawn: its areas, each with one chip at its left end and its label (if the
    caller gave one for the chip's marker) after it."""

    def __init__(self, r: float, dice: int, labels: Mapping[str, str]) -> None:
        self.svg = _Svg()
        self.r = r
        self.dice = dice
        self.labels = labels
        self.chips: list[tuple[float, float, str]] = []

    def stacked(self, box: _Box) -> bool:
        """Whether an area is tall enough for its odds to go below its chip rather than beside it."""
        return box.h >= 4 * self.r + 40

    def two_lines(self, height: float, content: _Content | None) -> bool:
        """Whether an area's main part ``height`` high has room for its chip and label above its content."""
        return content is not None and height >= 2 * self.r + 16 + content.height

    def need(self, content: _Content | None, odds: bool, marker: str | None = None, height: float = 0) -> float:
        """The width an area needs: its chip, its content, the place of its odds beside them; and its
        label, if ``marker`` has one: beside the content, or above it if the main part, ``height``
        high, has room for two lines."""
        width = 2 * self.r + 22 + (content.width + 6 if content else 0) + (2 * self.r + 22 if odds else 0)
        text = self.labels.get(marker) if marker is not None else None
        if not text:
            return width
        label = _label_width(text, MIN_FONT)
        if self.two_lines(height, content):
            return max(width, 2 * self.r + 30 + label + (2 * self.r + 22 if odds else 0))
        return width + label + 12

    def label(self, marker: str, x: float, y: float, right: float) -> float:
        """Draw the label of ``marker``, if it has one, left-aligned at ``x`` and centred on ``y``, if it
        fits before ``right``; where it ends (``x`` if there is none)."""
        text = self.labels.get(marker)
        size = _label_size(text, right - x)
        if text is None or size is None:
            return x
        self.svg.text(x, y, text, size, INK, "label", anchor="start")
        return x + _label_width(text, size)

    def area(self, box: _Box, marker: str, content: _Content | None, fill: str = WHITE,
             odds: str | None = None, label_end: float | None = None) -> float:
        """An area with its chip at the left end, its label after it and its content centred in the
        rest (or, if the label only fits alone and the area is tall enough, the chip and label on
        top and the content centred below). The odds of a line bet (``odds``, their marker) go in a
        dashed place behind it, with their label if it fits: at its foot if the area is tall, else
        at its far end (widened for the label where the area has room). The label may end no further
        than ``label_end``; returns where what follows the label may start."""
        self.svg.rect(box.x, box.y, box.w, box.h, fill, "area", rx=8)
        main = box
        if odds is not None:
            if self.stacked(box):
                place = _Box(box.x + 6, box.y + box.h - 2 * self.r - 16, box.w - 12, 2 * self.r + 10)
                main = _Box(box.x, box.y, box.w, box.h - place.h - 6)
                spot = (place.x + 4 + self.r, place.y + place.h / 2)
            else:
                width = 2 * self.r + 16
                text = self.labels.get(odds)
                if text:
                    wanted = 2 * self.r + 22 + _label_width(text, MIN_FONT)
                    if box.w - wanted - 12 >= self.need(content, False, marker, box.h):
                        width = wanted
                place = _Box(box.x + box.w - width - 6, box.y + 5, width, box.h - 10)
                main = _Box(box.x, box.y, box.w - place.w - 6, box.h)
                spot = (place.x + 8 + self.r, place.y + place.h / 2)
            self.svg.rect(place.x, place.y, place.w, place.h, PALE, "odds", stroke=LINE, width=2, rx=6, dash="7 5")
            self.chips.append((*spot, odds))
            self.label(odds, spot[0] + self.r + 8, spot[1], place.x + place.w - 6)
        x, y = main.x + 8 + self.r, main.y + main.h / 2
        after, right = x + self.r + 8, main.x + main.w - 6 if label_end is None else label_end
        text = self.labels.get(marker)
        beside = right - after - (content.width + 12 if content else 0)
        if content is not None and _label_size(text, beside) is None and self.two_lines(main.h, content) and \
                _label_size(text, right - after) is not None:
            y = main.y + 8 + self.r
            self.chips.append((x, y, marker))
            self.label(marker, after, y, right)
            content.draw(self.svg, main.x + max(6, (main.w - content.width) / 2),
                         (main.y + 8 + 2 * self.r + main.y + main.h) / 2)
            return after
        self.chips.append((x, y, marker))
        end = self.label(marker, after, y, after + beside)
        start = end + 12 if end > after else x + self.r + 6
        if content is not None:
            room = main.x + main.w - 6 - start
            content.draw(self.svg, start + max(0, (room - content.width) / 2), y)
        return start

    def rows(self, items: Sequence[tuple[str, dice_engine.Bet]]) -> list[list[tuple[str, dice_engine.Bet, float]]]:
        """Areas in order, in as few rows as the table's width allows, the rows as even as can be; each
        area with room for its label beside its content (if a row that wide has room for it)."""
        needs = []
        for marker, bet in items:
            plain, labelled = (self.need(_content(bet, self.dice), False, m, _ROW) for m in (None, marker))
            needs.append((marker, bet, labelled if labelled <= WIDTH - 16 else plain))
        room = WIDTH - 16 + 8
        for count in range(1, len(needs) + 1):
            rows = _split([(item, item[2] + 8) for item in needs], count)
            if all(sum(item[2] + 8 for item in row) <= room for row in rows):
                return rows
        return [[item] for item in needs]

    def flow(self, rows: list[list[tuple[str, dice_engine.Bet, float]]], top: float) -> float:
        """Draw packed rows from ``top``, each row's spare width shared out; the bottom of the last."""
        for row in rows:
            spare = (WIDTH - 16 - 8 * (len(row) - 1) - sum(w for *_, w in row)) / len(row)
            x = 8.0
            for marker, bet, need in row:
                self.area(_Box(x, top, need + spare, _ROW), marker, _content(bet, self.dice))
                x += need + spare + 8
            top += _ROW + 8
        return top - 8

    def markup(self, height: float, label: str) -> Markup:
        for x, y, marker in self.chips:
            _chip(self.svg, x, y, self.r, marker)
        return self.svg.markup(height, label)


_ROW = 62  # the height of a row of areas
T = TypeVar("T")


def _split(items: Sequence[tuple[T, float]], count: int) -> list[list[T]]:
    """``items`` (each with its width) cut, in order, into ``count`` rows with the widest row as
    narrow as possible.

    >>> _split([("a", 4), ("b", 1), ("c", 1), ("d", 2), ("e", 2)], 2)
    [['a', 'b'], ['c', 'd', 'e']]
    """
    widths = [w for _, w in items]
    best: dict[tuple[int, int], tuple[float, list[int]]] = {}

    def solve(start: int, rows: int) -> tuple[float, list[int]]:
        """The narrowest widest row for items from ``start`` in ``rows`` rows, and where rows begin."""
        if rows == 1:
            return sum(widths[start:]), [start]
        if (start, rows) not in best:
            options = [(max(sum(widths[start:cut]), solve(cut, rows - 1)[0]), [start, *solve(cut, rows - 1)[1]])
                       for cut in range(start + 1, len(items) - rows + 2)]
            best[start, rows] = min(options, key=lambda option: option[0])
        return best[start, rows]

    count = min(count, len(items))
    starts = [*solve(0, count)[1], len(items)]
    return [[item for item, _ in items[a:b]] for a, b in itertools.pairwise(starts)]


def _points(table: _Table, box: _Box, places: Sequence[tuple[str, dice_engine.Bet]]) -> None:
    """The place numbers as boxes in a row, and a strip along them for each place bet: above them for
    a wrong-side bet, below them for a right-side one. A place bet is on one number of the player's
    choice, so its chip sits at the left end of its strip, beside the row of numbers rather than on
    one of them, its label after it; the strip runs under the numbers the bet may be placed on."""
    numbers = sorted({n for _, bet in places for n in bet.payouts})
    wrong = [(m, b) for m, b in places if b.side == "wrong"]
    right = [(m, b) for m, b in places if b.side != "wrong"]
    strip, lead = 2 * table.r + 12, 2 * table.r + 16
    tops = [box.y + k * strip for k in range(len(wrong))] + \
        [box.y + box.h - (k + 1) * strip for k in range(len(right))][::-1]
    row = _Box(box.x + lead, box.y + len(wrong) * strip, box.w - lead, box.h - len(places) * strip)
    width = row.w / len(numbers)
    for top, (marker, bet) in zip(tops, [*wrong, *right], strict=True):
        end = row.x + (numbers.index(max(bet.payouts)) + 1) * width
        band = _Box(box.x, top + 2, end - box.x, strip - 4)
        table.svg.rect(band.x, band.y, band.w, band.h, PALE, "place-strip", rx=6)
        x, y = band.x + 8 + table.r, band.y + band.h / 2
        table.chips.append((x, y, marker))
        table.label(marker, x + table.r + 8, y, band.x + band.w - 8)
    for i, n in enumerate(numbers):
        x = row.x + i * width
        table.svg.rect(x, row.y, width, row.h, WHITE, "point", rx=6)
        table.svg.text(x + width / 2, row.y + row.h / 2, str(n), 40, INK, "number")


def _craps(bets: Sequence[tuple[str, dice_engine.Bet]], r: float, label: str, labels: Mapping[str, str]) -> Markup:
    table = _Table(r, 2, labels)
    ids = {bet.id for _, bet in bets}
    odds: dict[str, str] = {}
    for marker, bet in bets:
        if bet.kind == "odds":
            if bet.on not in ids:
                raise ValueError(f"odds {bet.id!r} ({marker!r}) sit behind the {bet.on!r} bet, "
                                 "which is not on the table")
            odds[bet.on or ""] = marker
    lines = {side: [(m, b) for m, b in bets if b.kind == "line" and b.side == side] for side in ("right", "wrong")}
    places = [(m, b) for m, b in bets if b.kind == "place" and len(b.payouts) > 1]
    bigs = [(m, b) for m, b in bets if b.kind == "place" and len(b.payouts) == 1]
    field = [(m, b) for m, b in bets if b.kind == "one-roll" and len(b.payouts) >= 5]
    centre = [(m, b) for m, b in bets if b.kind in ("hard", "until") or (b.kind == "one-roll" and len(b.payouts) < 5)]
    y = 8.0
    # At the top, the later wrong-side line bets (Don't Come) beside the place numbers.
    dont_come = lines["wrong"][1:]
    if places or dont_come:
        height = 56 + (2 * r + 12) * len(places) if places else _ROW
        left = 8.0
        for marker, bet in dont_come:
            box = _Box(left, y, 0, height)
            stacked = bet.id in odds and table.stacked(box)
            main = height - (2 * r + 16 if stacked else 0)
            width = table.need(_content(bet, 2), bet.id in odds and not stacked, marker, main) if places else \
                (WIDTH - 16 - 8 * (len(dont_come) - 1)) / len(dont_come)
            table.area(_Box(left, y, width, height), marker, _content(bet, 2), odds=odds.get(bet.id))
            left += width + 8
        if places:
            _points(table, _Box(left, y, WIDTH - 8 - left, height), places)
        y += height + 8
    for marker, bet in lines["right"][1:]:  # Come
        table.area(_Box(8, y, WIDTH - 16, _ROW), marker, _content(bet, 2), odds=odds.get(bet.id))
        y += _ROW + 8
    if field:
        y = table.flow(table.rows(field), y) + 8
    # Along the edge: Big 6 and Big 8 in the corner (wider for a label above the number), then the
    # first wrong-side line bet (the bar) and the first right-side one.
    edge = [*lines["wrong"][:1], *lines["right"][:1]]
    block = max(len(edge) * (_ROW + 8) - 8, _ROW + 40 if bigs else 0)
    left = 8.0
    for marker, bet in bigs:
        width = table.need(_content(bet, 2), False, marker, block)
        width = max(132, width) if width <= 200 else 132
        table.area(_Box(left, y, width, block), marker, _content(bet, 2))
        left += width + 8
    top = y
    for marker, bet in edge:
        height = (block - 8 * (len(edge) - 1)) / len(edge)
        table.area(_Box(left, top, WIDTH - 8 - left, height), marker, _content(bet, 2), odds=odds.get(bet.id))
        top += height + 8
    y += block + 8 if block else 0
    if centre:  # the centre of the table: one-roll bets and hard ways, on a tinted panel
        rows = table.rows(centre)
        table.svg.rect(0, y, WIDTH, len(rows) * (_ROW + 8) + 8, PALE, "centre", stroke=None)
        y = table.flow(rows, y + 8) + 16
    return table.markup(y, label)


def _banca(bets: Sequence[tuple[str, dice_engine.Bet]], r: float, label: str, labels: Mapping[str, str]) -> Markup:
    """Three dice: pequeño in the band, grande inside, ases in the band's bounded part (see :func:`craps_layout`)."""
    table = _Table(r, 3, labels)
    contents = [(m, b, _content(b, 3)) for m, b in bets]
    single = [(m, c) for m, _, c in contents if c is not None and c.kind == "faces"]
    others = sorted([(m, b, c) for m, b, c in contents if c is None or c.kind != "faces"],
                    key=lambda item: min(item[1].wins or item[1].payouts or {0}))
    if len(others) > 2 or len(single) > 2 or any(b.kind not in ("until", "one-roll") for _, b in bets):
        raise ValueError("a three-dice table has a band, an inner part and boxes for single throws, for bets of "
                         f"kind until or one-roll: got {', '.join(f'{b.id} ({b.kind})' for _, b in bets)}")
    band, height = 92, 380
    inner = WIDTH - 2 * (8 + 110)  # the width clear of the band's rounded ends
    svg = table.svg
    svg.rect(8, 8, WIDTH - 16, height - 16, "#dfe9f3", "area", rx=110)
    svg.rect(8 + band, 8 + band, WIDTH - 16 - 2 * band, height - 16 - 2 * band, WHITE, "area", rx=60)
    for (marker, _, content), y in zip(others, (8 + band / 2, height / 2), strict=False):
        assert content is not None
        x = (WIDTH - content.width) / 2
        text = labels.get(marker)
        size = _label_size(text, inner - content.width - 2 * r - 48)
        if text and size:  # the chip, the label and the content, centred together
            words = _label_width(text, size) + 24
            x += words / 2
            svg.text(x - words, y, text, size, INK, "label", anchor="start")
            table.chips.append((x - words - r - 8, y, marker))
        else:
            table.chips.append((x - r - 16, y, marker))
        content.draw(svg, x, y)
    width = 2 * r + 22 + 3 * _DIE + 10 + 16 + 6 * 20 + 12
    words = max((_label_width(labels[m], MIN_FONT) + 12 for m, _ in single if m in labels), default=0)
    if len(single) * (width + words) + (len(single) - 1) * 12 <= inner:
        width += words
    for i, (marker, content) in enumerate(single):
        x = (WIDTH - len(single) * width - (len(single) - 1) * 12) / 2 + i * (width + 12)
        box = _Box(x, height - 8 - band + 10, width, band - 20)
        left = box.x + box.w - 12 - 6 * 20
        start = table.area(box, marker, None, label_end=left - 10 - 3 * _DIE - 10)
        content.draw(svg, max(box.x + 2 * r + 22, start), box.y + box.h / 2)
        for k in range(12):  # the bounded part's twelve small boxes
            svg.rect(left + (k % 6) * 20, box.y + box.h / 2 - 20 + (k // 6) * 20, 20, 20, PALE, "small-box",
                     stroke=LINE, width=1.5)
    return table.markup(height, label)


def craps_layout(bets: Sequence[tuple[str, dice_engine.Bet]], dice: int, label: str, *,
                 labels: Mapping[str, str] | None = None) -> Markup:
    """A schematic dice table with one area for each ``(marker, bet)`` of ``bets``, each with its chip.

    Two dice (craps), grouped as players see them: at the top, the later wrong-side line bets
    (Don't Come) beside the place numbers (4 5 6 8 9 10 as boxes, with a strip along them above
    for each wrong-side place bet and one below for each right-side one, the chip at the strip's
    left end, beside the numbers: the player chooses the number); then the later right-side line
    bets (Come); the one-roll bets on five totals or more (Field with its winning totals, the
    better-paid ones in a ring; Under 7 and Over 7 as «2–6» and «8–12»); along the edge, Big 6 and
    Big 8 in the corner («6», «8»), the first wrong-side line bet (Don't Win, its barred throw as
    dice with a red bar struck across them, as the «bar» of a real layout: a tie) and the first
    right-side one (Win). In the centre, on a tinted panel, the other one-roll bets and the hard
    ways: a throw that only one pair of faces makes (2, 3, 11, 12, a hard way) as dice faces,
    others as totals («7», «2 3 12»). Odds bets (kind ``odds``) have no area of their own: their
    chip sits in a dashed place behind the line bet they go with (below it, or at its far end),
    which must be on the table too. Line bets are told apart by their order in ``bets`` (the first
    of each side is the edge line, the later ones Come and Don't Come).

    Three dice (banca francesa), as its regulation describes the cloth: a band all round for the bet
    on the lowest totals («5 6 7»), the inner part for the next («14 15 16»), and in the band a
    bounded part of twelve small boxes for a bet on a single throw (ases: the dice 1 1 1).

    ``labels`` gives a short label for some markers (the bet's name, in the sheet's language:
    «Come», «Field», «Big 6»): it is drawn in the bet's area (or odds place, or place strip),
    left-aligned after the chip, at 26 units or :data:`MIN_FONT`, where it fits beside the area's
    content (or above it, in a tall area; the Big 6 and Big 8 areas and the odds places at a line's
    far end widen for it where there is room); a label that does not fit is left out, never
    shortened. Without ``labels`` the drawing has no words at all.
    """
    markers = [m for m, _ in bets]
    r = _check(label, markers)
    given = dict(labels or {})
    for marker, text in given.items():
        if marker not in markers:
            raise ValueError(f"a label is given for the marker {marker!r}, which no bet has")
        if not text.strip():
            raise ValueError(f"the label for the marker {marker!r} is empty: leave the marker out of the labels")
    if dice == 2:
        return _craps(bets, r, label, given)
    if dice == 3:
        return _banca(bets, r, label, given)
    raise ValueError(f"a dice table has 2 or 3 dice, got {dice}")
