"""The roulette diagrams: the roulette cloth, the wheel, boule's cloth and the money wheel's cloth.

Each function draws one of them with the chips (on the wheel, the arcs: :func:`sector_arcs`) the caller
passes in, out of the pieces every drawing shares (:mod:`jokoak.render.diagrams.svg`). The sheet's template
calls them as the family's helpers.

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

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from markupsafe import Markup

from ...engine.wheel import DOUBLE_ZERO, Wheel
from ...engine.wheel import label as pocket_label
from ...render.diagrams.svg import (
    BANDS,
    BLACK,
    GREEN,
    INK,
    LINE,
    MIN_FONT,
    PALE,
    RED,
    SYMBOLS,
    WHITE,
    WIDTH,
    Box,
    Chips,
    Svg,
    check,
    chip,
    glyphs,
    num,
    text_width,
)
from . import engine as roulette

_FILL = {"red": RED, "black": BLACK, "green": GREEN}  # a pocket's colour, as the wheel names it


def _cloth_radius(r: float) -> float:
    """The radius of a chip on a cloth's numbers, for a chip of radius ``r`` elsewhere: small enough
    to sit in a corner of a cell, or on an edge between two, clear of the numbers printed there, and
    still holding its marker at :data:`MIN_FONT` (two characters in 19 units, three in 24)."""
    return 19 if r < 27 else 24


def _diamond(svg: Svg, x: float, y: float, w: float, h: float, fill: str) -> None:
    svg.path([(x - w / 2, y), (x, y - h / 2), (x + w / 2, y), (x, y + h / 2)], fill, "diamond")


def _placeable(chips: Sequence[tuple[str, roulette.Bet]]) -> list[tuple[str, roulette.Bet]]:
    """The chips that sit on a cloth: announced bets and money-wheel segments do not."""
    return [(m, b) for m, b in chips if b.shape not in (*roulette.ANNOUNCED_SHAPES, "segment")]


def _chance_text(chance: str, wheel: Wheel) -> str:
    """The language-neutral sign of an even chance that is not a colour: «1–18», «2 4 6…», «1 3 7 9».

    >>> from ...engine.wheel import EUROPEAN_ORDER
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
    width = text_width(text, 1)
    return max(MIN_FONT, min(size, math.floor(room / width))) if width else size


def _chance_boxes(svg: Svg, boxes: dict[str, Box], wheel: Wheel, chipped: set[str], r: float, size: float) -> None:
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
    there (its centre ``r + 4`` below the top) :data:`~jokoak.render.diagrams.svg.CLEAR` clear of them."""
    return 2 * r + 9 + 0.357 * _NUMBER


def _cell(wheel: Wheel, pocket: int, h: float) -> Box:
    """The cell of a pocket in rows ``h`` high: 3-6-9… on the top row, 1-4-7… on the bottom one, the
    zeros at the left."""
    if pocket in wheel.zeros:
        if len(wheel.zeros) == 1:
            return Box(_M, _GY, _Z, 3 * h)
        top = pocket == DOUBLE_ZERO
        return Box(_M, _GY if top else _GY + 1.5 * h, _Z, 1.5 * h)
    column, row = (pocket - 1) // 3, 2 - (pocket - 1) % 3
    return Box(_GX + column * _S, _GY + row * h, _S, h)


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


def _group_boxes(wheel: Wheel, h: float) -> dict[tuple[str, str], Box]:
    """The outside boxes by (shape, target): columns at the right end, dozens and chances below."""
    boxes = {("column", str(i)): Box(_GX + 12 * _S, _GY + (3 - i) * h, _C, h) for i in (1, 2, 3)}
    boxes |= {("dozen", str(i)): Box(_GX + (i - 1) * 4 * _S, _GY + 3 * h, 4 * _S, _D) for i in (1, 2, 3)}
    width = (WIDTH - 2 * _M) / 6
    boxes |= {("even-chance", chance): Box(_M + i * width, _GY + 3 * h + _D, width, _E)
              for i, chance in enumerate(_CHANCES)}
    return boxes


def _group_spots(bet: roulette.Bet, boxes: dict[tuple[str, str], Box], r: float) -> list[tuple[float, float]]:
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


def _column_arrow(svg: Svg, x: float, y: float) -> None:
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
    placement from :func:`~jokoak.games.roulette.engine.targets`: a straight-up in a corner of its
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
    r = _cloth_radius(check(label, [m for m, _ in chips]))
    if wheel.numbers != frozenset(range(1, 37)) or not wheel.zeros <= {0, DOUBLE_ZERO}:
        raise ValueError("a roulette cloth needs the numbers 1 to 36 and a 0 (and 00); for boule, use boule_cloth")
    h = _row_height(r)
    boxes = _group_boxes(wheel, h)
    placing = Chips(r)
    placed = _placeable(chips)
    on_box: set[Box] = set()
    # The boxes first (their signs move aside for the chip), the bets with the fewest spots first.
    order = ("even-chance", "column", "dozen", "column-pair", "dozen-pair")
    for marker, bet in sorted((c for c in placed if c[1].shape in order), key=lambda c: order.index(c[1].shape)):
        x, y = placing.place(_group_spots(bet, boxes, r), marker)
        if bet.shape in ("column", "dozen", "even-chance"):
            on_box |= {box for box in boxes.values() if box.near(x, y, 1)}
    for (shape, _), box in boxes.items():
        if shape == "dozen":
            x, y = box.label_spot(r if box in on_box else None)
            placing.avoid.append(Box(x - 36, y - 12, 72, 24))
    numbers = {pocket: _number_at(wheel, pocket, r, h) for pocket in sorted(wheel.pockets)}
    placing.never = [glyphs(x, y, pocket_label(pocket), _NUMBER) for pocket, (x, y) in numbers.items()]
    for marker, bet in placed:
        if bet.shape in roulette.NUMBER_SHAPES:
            placing.place(_number_spots(bet, wheel, r, h), marker)

    svg = Svg()
    for pocket, (x, y) in numbers.items():
        cell = _cell(wheel, pocket, h)
        svg.rect(cell.x, cell.y, cell.w, cell.h, _FILL[wheel.colour(pocket)],
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
    chances = {target: box for (shape, target), box in boxes.items() if shape == "even-chance"}
    _chance_boxes(svg, chances, wheel, {target for target, box in chances.items() if box in on_box}, r, 28)
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
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = [(num(x), num(y)) for x, y in points]
    return (f"M{x1} {y1} A{num(outer)} {num(outer)} 0 {large} 1 {x2} {y2} L{x3} {y3}"
            f" A{num(inner)} {num(inner)} 0 {large} 0 {x4} {y4} Z")


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


def sector_arcs(bets: Iterable[Any]) -> dict[str, tuple[str, frozenset[int]]]:
    """The arcs of the announced sector bets (not the neighbours of a chosen number), by bet id, each with its
    letter on the wheel diagram: A, B, C… in the order of the bets."""
    sectors = [bet for bet in bets if bet.sector]
    return {bet.info.id: (chr(ord("A") + index), frozenset(n for chip in bet.sector for n in chip.numbers))
            for index, bet in enumerate(sectors)}


def roulette_wheel(wheel: Wheel, arcs: Sequence[tuple[str, frozenset[int]]], label: str) -> Markup:
    """The wheel seen from above, with a band outside the pockets for each ``(marker, numbers)`` of ``arcs``.

    The pockets go clockwise in ``wheel.order`` from the first zero at the top, each on its colour,
    its number upright (never upside down, so that 6 and 9 cannot be mistaken). Each arc gets a
    band over its pockets, one per unbroken run (:meth:`~jokoak.engine.wheel.Wheel.arcs`: a sector
    of two runs, like «huérfanos», gets two bands of one colour), its marker in a white disc at the
    middle of each band. Arcs that share a pocket go on separate rings, further out.
    """
    check(label, [m for m, _ in arcs])
    for marker, numbers in arcs:
        if not numbers or not numbers <= wheel.pockets:
            raise ValueError(f"arc {marker!r}: expected pockets of this wheel, got {sorted(numbers)}")
    lanes = _lanes(arcs)
    count = max(lanes, default=-1) + 1
    outer = WIDTH / 2 - 4 - count * (_LANE + _LANE_GAP)
    inner = outer - 74
    step = 360 / len(wheel.order)
    svg = Svg()
    for i, pocket in enumerate(wheel.order):
        fill = _FILL[wheel.colour(pocket)]
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
    r = min(check(label, [m for m, _ in chips]), 24)
    pockets = sorted(wheel.pockets)
    if len(pockets) != 9:
        raise ValueError(f"a boule cloth has 9 numbers, this wheel has {len(pockets)}")
    grid_x = 8 + _B_SIDE + _B_GAP
    cells = {n: Box(grid_x + (i % 3) * _B_CELL, 8 + (i // 3) * _B_CELL, _B_CELL, _B_CELL)
             for i, n in enumerate(pockets)}
    numbers = {n: (cell.x + _B_CELL / 2, cell.y + 0.36 * _B_CELL) for n, cell in cells.items()}
    boxes = {chance: Box(8 if side == 0 else grid_x + 3 * _B_CELL + _B_GAP, 8 + row * _B_CELL, _B_SIDE, _B_CELL)
             for row, pair in enumerate(_B_CHANCES) for side, chance in enumerate(pair)}
    placing = Chips(r)
    placing.never = [glyphs(x, y, pocket_label(n), _B_NUMBER) for n, (x, y) in numbers.items()]
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
    svg = Svg()
    for n, cell in cells.items():
        fill = _FILL[wheel.colour(n)]
        svg.rect(cell.x, cell.y, cell.w, cell.h, fill, "cell", stroke=WHITE, width=4)
        svg.text(*numbers[n], pocket_label(n), _B_NUMBER, WHITE, "number")
    _chance_boxes(svg, boxes, wheel, with_chip, r, 32)
    placing.draw(svg)
    return svg.markup(16 + 3 * _B_CELL, label)


# The money wheel ------------------------------------------------------------------------------

_NAMED_COLOURS = {"rojo": RED, "red": RED, "gorri": RED, "negro": BLACK, "black": BLACK, "beltz": BLACK}


def _star(svg: Svg, x: float, y: float, radius: float, fill: str) -> None:
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
    r = check(label, [m for m, _ in bets])
    counts = Counter(wheel.labels)  # by symbol, in the order of first appearance
    symbols = list(counts)
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
    rows = max(math.ceil(counts[s] / per_row) for s in shown)
    head, grid_h = 64, rows * (square + 3)
    height = head + 14 + grid_h + 14 + 2 * r + 14
    svg = Svg()
    for i, symbol in enumerate(shown):
        x, count, numeric = left + i * (width + gap), counts[symbol], symbol.isdigit()
        colour = SYMBOLS[symbols.index(symbol) % len(SYMBOLS)] if numeric else next(
            (c for word, c in _NAMED_COLOURS.items() if word in symbol.lower()), "#d4a017")
        svg.rect(x, 8, width, height, WHITE, None, stroke=None, rx=6)
        svg.rect(x, 8, width, head, colour if numeric else PALE, None, stroke=None, rx=6)
        svg.rect(x, 8 + head - 8, width, 8, colour if numeric else PALE, None, stroke=None)
        svg.rect(x, 8, width, height, "none", "box", rx=6)
        svg.add("path", "rule", d=f"M{num(x)} {num(8 + head)} H{num(x + width)}", stroke=LINE, stroke_width=2)
        if numeric:
            svg.text(x + width / 2, 8 + head / 2, symbol, 40, WHITE, "symbol")
        else:
            _star(svg, x + width / 2, 8 + head / 2 + 2, 26, colour)
        for k in range(count):  # one small square per cell, in centred rows
            in_row = min(per_row, count - k // per_row * per_row)
            start = x + (width - in_row * (square + 3) + 3) / 2
            svg.rect(start + (k % per_row) * (square + 3), 8 + head + 14 + (k // per_row) * (square + 3), square,
                     square, colour, "count", stroke=INK if not numeric else None, width=1)
        chip(svg, x + width / 2, 8 + head + 14 + grid_h + 14 + r, r, chips[symbol])
    return svg.markup(height + 16, label)
