"""The dice diagrams: the layout of a craps table (two dice) and that of banca francesa (three).

:func:`craps_layout` draws either, an area and a chip for each bet with the labels the caller
gives, out of the pieces every drawing shares (:mod:`jokoak.render.diagrams.svg`). The sheet's template
calls it as the family's helper.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from markupsafe import Markup

from ...render.diagrams.svg import INK, LINE, MIN_FONT, PALE, RED, WHITE, WIDTH, Box, Chips, Svg, check, text_width
from . import engine as dice_engine

_DIE = 40  # a die's side
_PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
         5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}
_LABEL = 26  # the font size of an area's label, or MIN_FONT where only that fits
_BAR = 10  # how far a bar struck across dice reaches beyond them, either side


def _die(svg: Svg, x: float, y: float, value: int) -> None:
    """A die showing ``value``: a small white square with its pips, its top left at (``x``, ``y``)."""
    svg.rect(x, y, _DIE, _DIE, WHITE, "die", stroke=INK, width=2, rx=_DIE * 0.18)
    for col, row in _PIPS[value]:
        svg.circle(x + _DIE * (0.25 + 0.25 * col), y + _DIE * (0.25 + 0.25 * row), _DIE * 0.1, INK, "pip")


def _bar(svg: Svg, left: float, right: float, y: float) -> None:
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
            return sum(max(text_width(str(n), 30), 46 if n in self.ringed else 0) for n in self.numbers) + \
                16 * (len(self.numbers) - 1)
        if self.kind == "range":
            return text_width(f"{self.numbers[0]}–{self.numbers[-1]}", 30)
        return text_width(str(self.numbers[0]), 44)

    @property
    def height(self) -> float:
        if self.kind == "faces":
            return _DIE
        if self.kind == "totals" and self.ringed:
            return 44
        return 0.714 * (44 if self.kind == "big" else 30)

    def draw(self, svg: Svg, x: float, y: float) -> None:
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
                w = max(text_width(str(n), 30), 46 if n in self.ringed else 0)
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
        self.svg = Svg()
        self.r = r
        self.dice = dice
        self.labels = labels
        self.chips = Chips(r)  # placed where the areas say: no search for a free spot

    def stacked(self, box: Box) -> bool:
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

    def area(self, box: Box, marker: str, content: _Content | None, fill: str = WHITE,
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
                place = Box(box.x + 6, box.y + box.h - 2 * self.r - 16, box.w - 12, 2 * self.r + 10)
                main = Box(box.x, box.y, box.w, box.h - place.h - 6)
                spot = (place.x + 4 + self.r, place.y + place.h / 2)
            else:
                width = 2 * self.r + 16
                text = self.labels.get(odds)
                if text:
                    wanted = 2 * self.r + 22 + _label_width(text, MIN_FONT)
                    if box.w - wanted - 12 >= self.need(content, False, marker, box.h):
                        width = wanted
                place = Box(box.x + box.w - width - 6, box.y + 5, width, box.h - 10)
                main = Box(box.x, box.y, box.w - place.w - 6, box.h)
                spot = (place.x + 8 + self.r, place.y + place.h / 2)
            self.svg.rect(place.x, place.y, place.w, place.h, PALE, "odds", stroke=LINE, width=2, rx=6, dash="7 5")
            self.chips.placed.append((*spot, odds))
            self.label(odds, spot[0] + self.r + 8, spot[1], place.x + place.w - 6)
        x, y = main.x + 8 + self.r, main.y + main.h / 2
        after, right = x + self.r + 8, main.x + main.w - 6 if label_end is None else label_end
        text = self.labels.get(marker)
        beside = right - after - (content.width + 12 if content else 0)
        if content is not None and _label_size(text, beside) is None and self.two_lines(main.h, content) and \
                _label_size(text, right - after) is not None:
            y = main.y + 8 + self.r
            self.chips.placed.append((x, y, marker))
            self.label(marker, after, y, right)
            content.draw(self.svg, main.x + max(6, (main.w - content.width) / 2),
                         (main.y + 8 + 2 * self.r + main.y + main.h) / 2)
            return after
        self.chips.placed.append((x, y, marker))
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
                self.area(Box(x, top, need + spare, _ROW), marker, _content(bet, self.dice))
                x += need + spare + 8
            top += _ROW + 8
        return top - 8

    def markup(self, height: float, label: str) -> Markup:
        self.chips.draw(self.svg)
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


def _points(table: _Table, box: Box, places: Sequence[tuple[str, dice_engine.Bet]]) -> None:
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
    row = Box(box.x + lead, box.y + len(wrong) * strip, box.w - lead, box.h - len(places) * strip)
    width = row.w / len(numbers)
    for top, (marker, bet) in zip(tops, [*wrong, *right], strict=True):
        end = row.x + (numbers.index(max(bet.payouts)) + 1) * width
        band = Box(box.x, top + 2, end - box.x, strip - 4)
        table.svg.rect(band.x, band.y, band.w, band.h, PALE, "place-strip", rx=6)
        x, y = band.x + 8 + table.r, band.y + band.h / 2
        table.chips.placed.append((x, y, marker))
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
            box = Box(left, y, 0, height)
            stacked = bet.id in odds and table.stacked(box)
            main = height - (2 * r + 16 if stacked else 0)
            width = table.need(_content(bet, 2), bet.id in odds and not stacked, marker, main) if places else \
                (WIDTH - 16 - 8 * (len(dont_come) - 1)) / len(dont_come)
            table.area(Box(left, y, width, height), marker, _content(bet, 2), odds=odds.get(bet.id))
            left += width + 8
        if places:
            _points(table, Box(left, y, WIDTH - 8 - left, height), places)
        y += height + 8
    for marker, bet in lines["right"][1:]:  # Come
        table.area(Box(8, y, WIDTH - 16, _ROW), marker, _content(bet, 2), odds=odds.get(bet.id))
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
        table.area(Box(left, y, width, block), marker, _content(bet, 2))
        left += width + 8
    top = y
    for marker, bet in edge:
        height = (block - 8 * (len(edge) - 1)) / len(edge)
        table.area(Box(left, top, WIDTH - 8 - left, height), marker, _content(bet, 2), odds=odds.get(bet.id))
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
            table.chips.placed.append((x - words - r - 8, y, marker))
        else:
            table.chips.placed.append((x - r - 16, y, marker))
        content.draw(svg, x, y)
    width = 2 * r + 22 + 3 * _DIE + 10 + 16 + 6 * 20 + 12
    words = max((_label_width(labels[m], MIN_FONT) + 12 for m, _ in single if m in labels), default=0)
    if len(single) * (width + words) + (len(single) - 1) * 12 <= inner:
        width += words
    for i, (marker, content) in enumerate(single):
        x = (WIDTH - len(single) * width - (len(single) - 1) * 12) / 2 + i * (width + 12)
        box = Box(x, height - 8 - band + 10, width, band - 20)
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
    r = check(label, markers)
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
