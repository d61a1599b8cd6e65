"""What every diagram shares: the SVG builder, boxes, chips, colours and sizes.

:class:`Svg` collects the elements of one drawing and prints each coordinate with at most two
decimals (:func:`num`); :class:`Box` is a rectangle of a drawing; :func:`check` checks a drawing's
label and markers and gives its chips' radius; :func:`chip` draws a chip and :class:`Chips` places
chips clear of the numbers; :func:`text_width` and :func:`glyphs` estimate how much room a text
takes. The names here are for the families' drawing modules (:mod:`jokoak.games.roulette.diagrams`,
:mod:`jokoak.games.dice.diagrams`); other callers use the package.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

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


def num(value: float) -> str:
    """A coordinate as printed: at most two decimals, no trailing zeros, never ``-0``.

    >>> num(2.0), num(12.345678), num(-0.001), num(0.5)
    ('2', '12.35', '0', '0.5')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def text_width(text: str, size: float) -> float:
    """The estimated width of ``text`` set in Noto Sans Bold at ``size`` units.

    >>> text_width("19–36", 25)
    69.7
    """
    return round(sum(_ADVANCE.get(ch, 0.66) for ch in text) * size, 2)


class Svg:
    """Collects the elements of one drawing and writes them out."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, tag: str, cls: str | None = None, content: str | None = None, **attrs: float | str | None) -> None:
        items = [("class", cls)] + [(key.replace("_", "-"), value) for key, value in attrs.items()]
        # str(): a translated label is Markup, which escape() would let through as it is
        text = "".join(f' {key}="{num(value) if isinstance(value, int | float) else escape(str(value))}"'
                       for key, value in items if value is not None)
        self.parts.append(f"<{tag}{text}/>" if content is None else f"<{tag}{text}>{escape(str(content))}</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, fill: str, cls: str | None = None, *,
             stroke: str | None = LINE, width: float = 2, rx: float | None = None,
             dash: str | None = None) -> None:
        self.add("rect", cls, x=x, y=y, width=w, height=h, rx=rx, fill=fill, stroke=stroke,
                 stroke_width=width if stroke else None, stroke_dasharray=dash)

    def circle(self, x: float, y: float, r: float, fill: str, cls: str | None = None, *,
               stroke: str | None = None, width: float = 2) -> None:
        self.add("circle", cls, cx=x, cy=y, r=r, fill=fill, stroke=stroke, stroke_width=width if stroke else None)

    def path(self, points: Sequence[tuple[float, float]] | str, fill: str, cls: str | None = None, *,
             stroke: str | None = None, width: float = 2) -> None:
        d = points if isinstance(points, str) else "M" + " L".join(f"{num(x)} {num(y)}" for x, y in points) + " Z"
        self.add("path", cls, d=d, fill=fill, stroke=stroke, stroke_width=width if stroke else None)

    def text(self, x: float, y: float, content: str, size: float, fill: str = INK, cls: str | None = None, *,
             anchor: str = "middle") -> None:
        """``content`` centred on (``x``, ``y``): the baseline sits half a cap height (0.714 em) below."""
        self.add("text", cls, content, x=x, y=y + 0.357 * size, font_size=size, font_weight="bold",
                 text_anchor=anchor, fill=fill)

    def markup(self, height: float, aria_label: str) -> Markup:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {num(height)}" width="100%"'
                f' role="img" aria-label="{escape(str(aria_label))}" font-family="{FONT}">')
        return Markup(head + "".join(self.parts) + "</svg>")


def check(aria_label: str, markers: Iterable[str]) -> int:
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


def chip(svg: Svg, x: float, y: float, r: float, marker: str) -> None:
    """A chip: a circle in a strong colour with a white outline, its marker in white."""
    svg.circle(x, y, r, CHIP, "chip", stroke=WHITE, width=3)
    svg.text(x, y, marker, 26 if len(marker) < 3 and r >= 23 else MIN_FONT, WHITE, "marker")


def glyphs(x: float, y: float, text: str, size: float) -> Box:
    """The box the glyphs of ``text`` centred on (``x``, ``y``) fill, a little generously: 0.6 em a
    character across (a digit's advance is 0.572 em, its ink narrower) and a cap height (0.714 em) high."""
    w, h = 0.6 * size * len(text), 0.714 * size
    return Box(x - w / 2, y - h / 2, w, h)


@dataclass(frozen=True)
class Box:
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


CLEAR = 3  # how far a chip stays from a number's glyphs (beyond their estimate): its outline and a gap


class Chips:
    """Chips placed so far on a drawing, the texts they had better not cover (``avoid``: a box's
    sign, which may move aside) and those they must never cover (``never``: the numbers)."""

    def __init__(self, r: float) -> None:
        self.r = r
        self.placed: list[tuple[float, float, str]] = []
        self.avoid: list[Box] = []
        self.never: list[Box] = []

    def free(self, x: float, y: float, strict: bool = True) -> bool:
        if any(math.hypot(x - px, y - py) < 2 * self.r + 3 for px, py, _ in self.placed):
            return False
        if any(box.near(x, y, self.r + CLEAR) for box in self.never):
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

    def draw(self, svg: Svg) -> None:
        for x, y, marker in self.placed:
            chip(svg, x, y, self.r, marker)
