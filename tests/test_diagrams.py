"""The sheet diagrams, drawn for the real catalogue's games and read back as XML: what each shows,
where each chip sits, that no chip covers a number, that labels stay inside their areas, that nothing
overlaps or is too small at 88 mm, and that the bytes never change."""

from __future__ import annotations

import hashlib
import itertools
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction as F
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup
from sheetkit import GAMES, REPO

from jokoak.engine.wheel import DOUBLE_ZERO, EUROPEAN_ORDER, Wheel, label
from jokoak.games.dice import engine as dice
from jokoak.games.dice.diagrams import craps_layout
from jokoak.games.dice.reader import DiceSpec
from jokoak.games.roulette import engine as roulette
from jokoak.games.roulette.diagrams import boule_cloth, money_wheel, roulette_cloth, roulette_wheel
from jokoak.games.roulette.reader import RouletteSpec
from jokoak.render.diagrams import BLACK, GREEN, MIN_FONT, RED, WIDTH

NS = "{http://www.w3.org/2000/svg}"
ROULETTES = ("euskadi/ruleta-francesa", "euskadi/ruleta-americana-con-un-solo-cero",
             "extremadura/ruleta-americana-con-dos-ceros")
BOULES = ("euskadi/boule-o-bola", "extremadura/bola-o-boule")
MONEY = ("euskadi/ruleta-de-la-fortuna", "extremadura/ruleta-de-la-fortuna")
CRAPS = ("euskadi/dados-o-craps", "extremadura/dados-o-craps")
BANCA = "extremadura/banca-francesa-o-dados-portugueses"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SEVEN_PT_AT_88_MM = WIDTH * (7 / 72 * 25.4) / 88


def roulette_spec(key: str) -> RouletteSpec:
    spec = GAMES[key].rules
    assert isinstance(spec, RouletteSpec)
    return spec


def dice_spec(key: str) -> DiceSpec:
    spec = GAMES[key].rules
    assert isinstance(spec, DiceSpec)
    return spec


def cloth_chips(key: str, markers: str = "numbers") -> list[tuple[str, roulette.Bet]]:
    """A chip for every bet of the game that sits on the cloth, marked 1, 2… (or A, B…)."""
    bets = [b.bet for b in roulette_spec(key).bets if b.bet.shape not in roulette.ANNOUNCED_SHAPES]
    return [(str(i + 1) if markers == "numbers" else LETTERS[i], bet) for i, bet in enumerate(bets)]


def sector_arcs(key: str) -> list[tuple[str, frozenset[int]]]:
    """An arc for each sector bet of the game, and one for its neighbours bet around the 17."""
    spec = roulette_spec(key)
    arcs = []
    for info in spec.bets:
        if info.bet.shape == "sector":
            arcs.append(frozenset().union(*(chip.numbers for chip in info.bet.chips)))
        elif info.bet.shape == "neighbours":
            arcs.append(frozenset(spec.rules.wheel.neighbours(17, info.bet.each_side)))
    return [(LETTERS[i], numbers) for i, numbers in enumerate(arcs)]


def dice_chips(key: str) -> list[tuple[str, dice.Bet]]:
    return [(str(i + 1), b.bet) for i, b in enumerate(dice_spec(key).bets)]


def dice_labels(key: str) -> dict[str, str]:
    """A label for each marker of :func:`dice_chips`: the bet's Spanish name in the catalogue."""
    return {str(i + 1): b.name["es"] for i, b in enumerate(dice_spec(key).bets)}


def every_diagram() -> Iterator[tuple[str, Callable[[], Markup], list[str], list[str]]]:
    """(id, a function drawing it, its markers, the labels passed in) for every diagram of the catalogue's
    games, the dice layouts both without labels and with the bets' Spanish names as labels."""
    for key in ROULETTES:
        wheel = roulette_spec(key).rules.wheel
        chips = cloth_chips(key)
        yield f"cloth {key}", partial(roulette_cloth, wheel, chips, "Paño"), [m for m, _ in chips], []
        arcs = sector_arcs(key)
        yield f"wheel {key}", partial(roulette_wheel, wheel, arcs, "Rueda"), [m for m, _ in arcs], []
    for key in BOULES:
        wheel = roulette_spec(key).rules.wheel
        chips = cloth_chips(key)
        yield f"boule {key}", partial(boule_cloth, wheel, chips, "Paño"), [m for m, _ in chips], []
    for key in MONEY:
        wheel = roulette_spec(key).rules.wheel
        chips = cloth_chips(key)
        yield f"money {key}", partial(money_wheel, wheel, chips, "Rueda"), [m for m, _ in chips], []
    for key in (*CRAPS, BANCA):
        bets, count = dice_chips(key), dice_spec(key).rules.dice
        yield f"dice {key}", partial(craps_layout, bets, count, "Mesa"), [m for m, _ in bets], []
        labels = dice_labels(key)
        yield (f"dice {key} labelled", partial(craps_layout, bets, count, "Mesa", labels=labels),
               [m for m, _ in bets], list(labels.values()))


DIAGRAMS = list(every_diagram())
IDS = [d[0] for d in DIAGRAMS]


# Reading a drawing back ------------------------------------------------------------------------

@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str

    def holds(self, x: float, y: float, edge: float = 0.01) -> bool:
        """Whether (x, y) is in the rectangle, its edges included (``edge`` > 0) or not (< 0)."""
        return self.x - edge <= x <= self.x + self.w + edge and self.y - edge <= y <= self.y + self.h + edge


@dataclass(frozen=True)
class Text:
    text: str
    x: float
    y: float  # the centre line: the baseline less half a cap height
    size: float
    fill: str
    anchor: str = "middle"

    @property
    def box(self) -> Rect:
        """The box its glyphs fill, estimated: 0.6 em a character across, a cap height (0.714 em) high."""
        width, height = 0.6 * self.size * len(self.text), 0.714 * self.size
        left = self.x if self.anchor == "start" else self.x - width / 2
        return Rect(left, self.y - height / 2, width, height, "")


def parse(svg: Markup) -> ET.Element:
    return ET.fromstring(str(svg))


def elements(root: ET.Element, tag: str, cls: str | None = None) -> list[ET.Element]:
    return [e for e in root.iter(NS + tag) if cls is None or e.get("class") == cls]


def rects(root: ET.Element, cls: str) -> list[Rect]:
    return [Rect(float(e.get("x", 0)), float(e.get("y", 0)), float(e.get("width", 0)), float(e.get("height", 0)),
                 e.get("fill", "")) for e in elements(root, "rect", cls)]


def texts(root: ET.Element, cls: str | None = None) -> list[Text]:
    found = []
    for e in elements(root, "text", cls):
        size = float(e.get("font-size", 0))
        found.append(Text(e.text or "", float(e.get("x", 0)), float(e.get("y", 0)) - 0.357 * size, size,
                          e.get("fill", ""), e.get("text-anchor", "middle")))
    return found


def chips(root: ET.Element) -> dict[str, tuple[float, float, float]]:
    """Each chip's marker and its circle (centre and radius)."""
    found = {}
    children = list(root)
    for circle, text in itertools.pairwise(children):
        if circle.get("class") == "chip":
            assert text.get("class") == "marker", "a chip's marker follows its circle"
            found[text.text or ""] = (float(circle.get("cx", 0)), float(circle.get("cy", 0)),
                                      float(circle.get("r", 0)))
    return found


def cell_numbers(root: ET.Element) -> dict[int, Rect]:
    """The cells of a cloth by the pocket whose number is printed in each."""
    cells = rects(root, "cell")
    found = {}
    for text in texts(root, "number"):
        cell = next(c for c in cells if c.holds(text.x, text.y, -1))
        found[DOUBLE_ZERO if text.text == "00" else int(text.text)] = cell
    return found


def assert_apart(found: dict[str, tuple[float, float, float]]) -> None:
    circles = sorted(found.items())
    for i, (a, (ax, ay, ar)) in enumerate(circles):
        for b, (bx, by, br) in circles[i + 1:]:
            assert math.hypot(ax - bx, ay - by) >= ar + br, f"chips {a} and {b} overlap"


def covers(circle: tuple[float, float, float], box: Rect) -> bool:
    """Whether a circle (centre and radius) and a rectangle overlap."""
    x, y, r = circle
    dx = max(box.x - x, 0, x - box.x - box.w)
    dy = max(box.y - y, 0, y - box.y - box.h)
    return dx * dx + dy * dy < r * r


def assert_numbers_seen(root: ET.Element) -> None:
    """No chip overlaps the box of a number's glyphs (estimated from its font size and characters)."""
    numbers = texts(root, "number")
    for marker, circle in chips(root).items():
        hidden = [t.text for t in numbers if covers(circle, t.box)]
        assert not hidden, f"chip {marker} covers the number(s) {hidden}"


# Every diagram ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("draw", "markers"), [d[1:3] for d in DIAGRAMS], ids=IDS)
def test_each_diagram_is_one_scalable_svg_with_its_label_and_markers(draw: Callable[[], Markup],
                                                                     markers: list[str]) -> None:
    svg = draw()
    assert isinstance(svg, Markup)
    root = parse(svg)
    assert root.tag == NS + "svg"
    assert re.fullmatch(rf"0 0 {WIDTH} \d+(\.\d+)?", root.get("viewBox", ""))
    assert root.get("width") == "100%" and root.get("height") is None
    assert root.get("role") == "img" and root.get("aria-label") in ("Paño", "Rueda", "Mesa")
    assert root.get("font-family") == "Noto Sans, sans-serif"
    shown = [t.text for t in texts(root, "marker")]
    assert sorted(set(shown)) == sorted(markers), "every marker passed in is drawn, and no other"


@pytest.mark.parametrize("draw", [d[1] for d in DIAGRAMS], ids=IDS)
def test_no_text_is_smaller_than_7_pt_in_an_88_mm_column(draw: Callable[[], Markup]) -> None:
    sizes = [t.size for t in texts(parse(draw()))]
    assert sizes and min(sizes) >= MIN_FONT >= SEVEN_PT_AT_88_MM


@pytest.mark.parametrize(("draw", "markers", "labels"), [d[1:] for d in DIAGRAMS], ids=IDS)
def test_text_is_language_neutral(draw: Callable[[], Markup], markers: list[str], labels: list[str]) -> None:
    """Numbers, «0» and «00», ranges and the markers: no word of any language, and no «24/54» (read as
    a probability) or bare «=»; words only in the labels the caller passed, drawn as labels."""
    for text in texts(parse(draw())):
        assert re.fullmatch(r"[0-9 –…]+", text.text) or text.text in markers or text.text in labels, text.text
    assert all(t.text in labels for t in texts(parse(draw()), "label"))


@pytest.mark.parametrize("draw", [d[1] for d in DIAGRAMS], ids=IDS)
def test_only_what_weasyprint_draws_and_no_long_decimals(draw: Callable[[], Markup]) -> None:
    svg = str(draw())
    for banned in ("style", "<use", "filter", "mask", "dominant-baseline", "id=", "<image", "transform"):
        assert banned not in svg
    assert not re.search(r"\d\.\d{3}", svg), "coordinates have at most two decimals"
    assert {e.tag.removeprefix(NS) for e in parse(draw()).iter()} <= {"svg", "rect", "circle", "path", "text"}


@pytest.mark.parametrize("draw", [d[1] for d in DIAGRAMS], ids=IDS)
def test_chips_do_not_overlap(draw: Callable[[], Markup]) -> None:
    assert_apart(chips(parse(draw())))


@pytest.mark.parametrize("draw", [d[1] for d in DIAGRAMS], ids=IDS)
def test_no_chip_covers_a_number(draw: Callable[[], Markup]) -> None:
    """The cloths' 37 or 38 numbers (and boule's 9, the place numbers of craps) can all be read."""
    assert_numbers_seen(parse(draw()))


def test_the_same_input_gives_the_same_bytes_in_another_process() -> None:
    """Drawn twice here, and once in a process with another hash seed (set and dict order)."""
    digest = hashlib.sha256("".join(str(d[1]()) for d in DIAGRAMS).encode()).hexdigest()
    assert digest == hashlib.sha256("".join(str(d[1]()) for d in DIAGRAMS).encode()).hexdigest()
    code = ("import hashlib, sys; sys.path.insert(0, 'tests'); import test_diagrams as t; "
            "print(hashlib.sha256(''.join(str(d[1]()) for d in t.DIAGRAMS).encode()).hexdigest())")
    seed = "1" if os.environ.get("PYTHONHASHSEED") != "1" else "2"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO,
                           env={**os.environ, "PYTHONHASHSEED": seed})
    assert other.stdout.strip() == digest


# The roulette cloth ----------------------------------------------------------------------------

@pytest.mark.parametrize("key", ROULETTES)
def test_the_cloth_shows_every_pocket_once_on_its_colour(key: str) -> None:
    wheel = roulette_spec(key).rules.wheel
    root = parse(roulette_cloth(wheel, cloth_chips(key, "letters"), "Paño"))
    numbers = [t.text for t in texts(root) if re.fullmatch(r"\d+", t.text)]
    assert sorted(numbers) == sorted(label(p) for p in wheel.pockets), "each pocket's number once, nothing else"
    cells = cell_numbers(root)
    colours = {"red": RED, "black": BLACK, "green": GREEN}
    assert {n: c.fill for n, c in cells.items()} == {n: colours[wheel.colour(n)] for n in wheel.pockets}
    # 3-6-9… on top, 1-4-7… at the bottom, 1-2-3 at the zero's end
    assert cells[3].y < cells[2].y < cells[1].y and cells[1].x < cells[4].x < cells[34].x
    assert all(cells[z].x < cells[1].x for z in wheel.zeros)
    if DOUBLE_ZERO in wheel.zeros:
        assert cells[DOUBLE_ZERO].y < cells[0].y, "00 above 0"


@pytest.mark.parametrize("key", ROULETTES)
def test_each_chip_sits_over_the_numbers_of_a_placement_of_its_bet(key: str) -> None:
    wheel = roulette_spec(key).rules.wheel
    placed = cloth_chips(key)
    assert_placed(roulette_cloth(wheel, placed, "Paño"), wheel, placed)
    assert {bet.shape for _, bet in placed} >= {"straight", "split", "street", "corner", "line", "column", "dozen",
                                                "column-pair", "dozen-pair", "even-chance"}


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_bets_in_any_order_get_chips_that_do_not_overlap(data: st.DataObject) -> None:
    """Any of a game's bets, in any order, with markers of one to three characters."""
    key = data.draw(st.sampled_from(ROULETTES))
    wheel = roulette_spec(key).rules.wheel
    bets = [bet for _, bet in cloth_chips(key)]
    chosen = data.draw(st.permutations(bets))[:data.draw(st.integers(0, len(bets)))]
    size = data.draw(st.integers(1, 3))
    placed = [(f"{i:0{size}d}"[-size:] if size > 1 else LETTERS[i], bet) for i, bet in enumerate(chosen)]
    svg = roulette_cloth(wheel, placed, "Paño")
    assert_apart(chips(parse(svg)))
    assert_placed(svg, wheel, placed)


def assert_in_a_corner(circle: tuple[float, float, float], cell: Rect) -> None:
    """The chip lies wholly inside the cell, in a corner: close to one of its sides and to one of its
    top and bottom (in the zero's narrow column, close to both sides)."""
    x, y, r = circle
    gaps = (x - r - cell.x, cell.x + cell.w - x - r, y - r - cell.y, cell.y + cell.h - y - r)
    assert min(gaps) >= 0, f"the chip at ({x}, {y}) sticks out of its cell"
    assert min(gaps[:2]) <= 6 and min(gaps[2:]) <= 6, f"the chip at ({x}, {y}) is not in a corner of its cell"


def assert_placed(svg: Markup, wheel: Wheel, placed: list[tuple[str, roulette.Bet]]) -> None:
    """Each chip sits over the numbers of a placement of its bet, as a player reads the cloth, and
    covers no number."""
    root = parse(svg)
    assert_numbers_seen(root)
    found, cells = chips(root), cell_numbers(root)
    grid_right = max(c.x + c.w for c in cells.values())
    grid_bottom = max(c.y + c.h for c in cells.values())
    boxes = rects(root, "box")
    assert sorted(found) == sorted(m for m, _ in placed)
    for marker, bet in placed:
        x, y, r = found[marker]
        if bet.shape in ("column", "dozen", "even-chance"):
            assert any(b.holds(x - r, y - r) and b.holds(x + r, y + r) for b in boxes), f"{bet.id} inside its box"
        placements = set(roulette.targets(bet, wheel).values())
        if bet.shape == "straight":
            holding = {n for n, c in cells.items() if c.holds(x, y, -1)}
            assert len(holding) == 1 and frozenset(holding) in placements, (marker, bet.id)
            assert_in_a_corner((x, y, r), cells[holding.pop()])
        elif bet.shape in roulette.NUMBER_SHAPES:
            # the cells the chip touches; on the outer edge (streets, lines), the cells above it
            touched = {n for n, c in cells.items() if c.holds(x, y)}
            if abs(y - grid_bottom) < 0.01:
                touched = {n for n, c in cells.items() if c.x - 0.01 <= x <= c.x + c.w + 0.01}
            assert frozenset(touched) in placements, (marker, bet.id, sorted(touched))
        elif bet.shape in ("column", "column-pair"):
            assert x > grid_right
            rows = {n for n, c in cells.items() if n not in wheel.zeros and c.y - 0.01 <= y <= c.y + c.h + 0.01}
            assert frozenset(rows) in placements, (marker, bet.id)
        elif bet.shape in ("dozen", "dozen-pair"):
            under = [b for b in boxes if b.holds(x, y) and b.y == grid_bottom]
            covered = {n for n, c in cells.items() if any(b.x - 0.01 <= c.x and c.x + c.w <= b.x + b.w + 0.01
                                                          for b in under) and n not in wheel.zeros}
            assert frozenset(covered) in placements, (marker, bet.id)
        else:
            assert bet.shape == "even-chance" and bet.chance
            box = next(b for b in boxes if b.holds(x, y, -1))
            numbers = sorted(roulette.chance_numbers(bet.chance, wheel))
            inside = [t.text for t in texts(root, "chance") if box.holds(t.x, t.y, -1)]
            signs = [p.get("fill") for p in elements(root, "path", "diamond")
                     if box.holds(*map(float, (p.get("d") or "").removeprefix("M").split(" L")[1].split()))]
            expected = {"red": ([], [RED]), "black": ([], [BLACK]),
                        "low": ([f"{numbers[0]}–{numbers[-1]}"], []), "high": ([f"{numbers[0]}–{numbers[-1]}"], []),
                        "even": (["2 4 6…"], []), "odd": (["1 3 5…"], [])}[bet.chance]
            assert (inside, signs) == expected, (marker, bet.id)


@pytest.mark.parametrize("marker", ["A", "ABC"])
@pytest.mark.parametrize("key", ROULETTES)
def test_every_placement_of_a_bet_on_numbers_gets_a_chip_that_covers_no_number(key: str, marker: str) -> None:
    """Each straight-up, split, street, corner and line of the cloth, one at a time (a bet whose only
    placement it is), with a chip of one character and one of three (a larger chip). The one spot a
    chip of three characters has no room on is the double zero's 0-2 split: the lower half of the
    2's edge, level with the «2»; a bet with no other placement is refused rather than hide it."""
    wheel = roulette_spec(key).rules.wheel
    bets = [bet for _, bet in cloth_chips(key) if bet.shape in roulette.NUMBER_SHAPES]
    every = {numbers for bet in bets for numbers in roulette.targets(bet, wheel).values()}
    assert len(every) > 140
    for numbers in sorted(every, key=sorted):
        only = roulette.Bet("only", "fixed", F(1), extra_targets=(numbers,))
        if len(marker) == 3 and numbers == {0, 2} and DOUBLE_ZERO in wheel.zeros:
            with pytest.raises(ValueError, match="or would cover a number"):
                roulette_cloth(wheel, [(marker, only)], "Paño")
            continue
        svg = roulette_cloth(wheel, [(marker, only)], "Paño")
        assert_placed(svg, wheel, [(marker, only)])
        if len(numbers) == 1:
            root = parse(svg)
            assert_in_a_corner(chips(root)[marker], cell_numbers(root)[next(iter(numbers))])


@pytest.mark.parametrize("key", ROULETTES)
def test_a_straight_up_on_every_number_at_once_leaves_every_number_seen(key: str) -> None:
    wheel = roulette_spec(key).rules.wheel
    pleno = next(bet for _, bet in cloth_chips(key) if bet.shape == "straight")
    placed = [(str(i), pleno) for i in range(1, len(wheel.pockets) + 1)]
    root = parse(roulette_cloth(wheel, placed, "Paño"))
    assert_apart(chips(root))
    assert_placed(roulette_cloth(wheel, placed, "Paño"), wheel, placed)
    cells = cell_numbers(root)
    for circle in chips(root).values():
        assert_in_a_corner(circle, next(c for c in cells.values() if c.holds(circle[0], circle[1], -1)))


def test_the_double_zero_cloth_places_the_zeros_bets_where_their_cells_meet() -> None:
    key = "extremadura/ruleta-americana-con-dos-ceros"
    wheel = roulette_spec(key).rules.wheel
    bets = {b.id: b.bet for b in roulette_spec(key).bets}
    split_zeros = roulette.Bet("cero-doble", "fixed", F(17), extra_targets=(frozenset({0, DOUBLE_ZERO}),))
    root = parse(roulette_cloth(wheel, [("A", bets["linea-especial"]), ("B", split_zeros)], "Paño"))
    found, cells = chips(root), cell_numbers(root)
    assert (found["A"][0], found["A"][1]) == (cells[1].x, cells[1].y + cells[1].h), "0-00-1-2-3 at the zeros' corner"
    assert found["B"][1] == cells[0].y and cells[0].x < found["B"][0] < cells[1].x, "0-00 between the two zeros"


def test_announced_bets_are_not_placed_on_the_cloth() -> None:
    spec = roulette_spec("euskadi/ruleta-francesa")
    announced = [(str(i), b.bet) for i, b in enumerate(spec.bets) if b.bet.shape in roulette.ANNOUNCED_SHAPES]
    assert announced
    assert chips(parse(roulette_cloth(spec.rules.wheel, announced, "Paño"))) == {}


# The roulette wheel ----------------------------------------------------------------------------

def clockwise(root: ET.Element, cls: str) -> list[tuple[float, Text]]:
    """The texts of a class by their angle clockwise from the top, around the drawing's centre."""
    centre = WIDTH / 2
    found = [(math.degrees(math.atan2(t.x - centre, centre - t.y)) % 360, t) for t in texts(root, cls)]
    return sorted(found, key=lambda item: item[0])


@pytest.mark.parametrize("key", ROULETTES)
def test_the_wheel_goes_clockwise_in_wheel_order_from_the_zero_at_the_top(key: str) -> None:
    wheel = roulette_spec(key).rules.wheel
    root = parse(roulette_wheel(wheel, sector_arcs(key), "Rueda"))
    pockets = clockwise(root, "pocket")
    assert [t.text for _, t in pockets] == [label(p) for p in wheel.order]
    assert pockets[0][0] == pytest.approx(0, abs=0.01) and pockets[0][1].fill == "#ffffff"
    colours = {"red": RED, "black": BLACK, "green": GREEN}
    fills = [p.get("fill") for p in elements(root, "path", "pocket-cell")]
    assert fills == [colours[wheel.colour(p)] for p in wheel.order]


@pytest.mark.parametrize("key", ROULETTES[:2])
def test_each_arc_has_one_band_per_run_with_its_marker_over_its_pockets(key: str) -> None:
    wheel = roulette_spec(key).rules.wheel
    arcs = sector_arcs(key)
    assert len(arcs) == 4  # vecinos del cero, tercio, huérfanos, and the neighbours of 17
    root = parse(roulette_wheel(wheel, arcs, "Rueda"))
    bands = [p.get("fill") for p in elements(root, "path", "band")]
    step = 360 / len(wheel.order)
    for marker, numbers in arcs:
        runs = wheel.arcs(numbers)
        colour = bands[sum(len(wheel.arcs(n)) for m, n in arcs[:arcs.index((marker, numbers))])]
        assert bands.count(colour) == len(runs), "one band per run, all of one colour"
        at = [angle for angle, t in clockwise(root, "marker") if t.text == marker]
        assert len(at) == len(runs)
        assert all(wheel.order[round(angle / step) % len(wheel.order)] in numbers for angle in at)
    assert len(set(bands)) == len(arcs), "distinct colours"
    huerfanos = next(n for _, n in arcs if len(wheel.arcs(n)) == 2)
    assert sorted(len(run) for run in wheel.arcs(huerfanos)) == [3, 5]


def test_arcs_sharing_a_pocket_lie_on_separate_rings() -> None:
    wheel = Wheel(EUROPEAN_ORDER, frozenset({1, 3}), frozenset({0}))
    root = parse(roulette_wheel(wheel, [("A", frozenset(wheel.neighbours(0, 2))), ("B", frozenset({0}))], "Rueda"))
    centre = WIDTH / 2
    radii = {t.text: math.hypot(t.x - centre, t.y - centre) for t in texts(root, "marker")}
    assert radii["B"] > radii["A"] + 40, "the smaller arc goes outside"


# Boule, the money wheel ------------------------------------------------------------------------

@pytest.mark.parametrize("key", BOULES)
def test_the_boule_cloth_shows_1_to_9_with_the_5_in_green_and_the_chips_in_place(key: str) -> None:
    wheel = roulette_spec(key).rules.wheel
    placed = cloth_chips(key)
    root = parse(boule_cloth(wheel, placed, "Paño"))
    cells = cell_numbers(root)
    assert sorted(cells) == list(range(1, 10)) and cells[5].fill == GREEN
    assert {n for n, c in cells.items() if c.fill == RED} == wheel.red
    found = chips(root)
    boxes = rects(root, "box")
    for marker, bet in placed:
        x, y, r = found[marker]
        if bet.shape == "straight":
            holding = [c for c in cells.values() if c.holds(x, y, -1)]
            assert len(holding) == 1
            assert_in_a_corner((x, y, r), holding[0])
        else:
            assert bet.chance
            box = next(b for b in boxes if b.holds(x, y, -1))
            numbers = sorted(roulette.chance_numbers(bet.chance, wheel))
            shown = [t.text for t in texts(root, "chance") if box.holds(t.x, t.y, -1)]
            expected = {"low": ["1–4"], "high": ["6–9"], "even": ["2 4 6 8"], "odd": ["1 3 7 9"]}
            assert shown == expected.get(bet.chance, []), bet.chance
            assert numbers  # the chance covers numbers


@pytest.mark.parametrize("size", [1, 2, 3])
def test_boule_chips_on_every_number_cover_none_and_sit_in_a_corner(size: int) -> None:
    """A straight-up on each of the nine numbers at once, with markers of one to three characters:
    every number stays printed at the same place in its cell and can be read."""
    wheel = roulette_spec(BOULES[0]).rules.wheel
    pleno = next(bet for _, bet in cloth_chips(BOULES[0]) if bet.shape == "straight")
    placed = [(f"{i:03d}"[-size:] if size > 1 else LETTERS[i], pleno) for i in range(9)]
    root = parse(boule_cloth(wheel, placed, "Paño"))
    assert_apart(chips(root))
    assert_numbers_seen(root)
    cells = cell_numbers(root)
    for circle in chips(root).values():
        assert_in_a_corner(circle, next(c for c in cells.values() if c.holds(circle[0], circle[1], -1)))
    empty = parse(boule_cloth(wheel, [], "Paño"))
    assert [(t.x, t.y) for t in texts(root, "number")] == [(t.x, t.y) for t in texts(empty, "number")]


@pytest.mark.parametrize("key", MONEY)
def test_the_money_wheel_shows_each_bet_s_symbol_with_its_cells_and_no_invented_order(key: str) -> None:
    wheel = roulette_spec(key).rules.wheel
    placed = cloth_chips(key)
    root = parse(money_wheel(wheel, placed, "Rueda"))
    symbols = list(dict.fromkeys(wheel.labels))
    assert sorted(bet.symbol or "" for _, bet in placed) == sorted(symbols), "the catalogue bets on every symbol"
    boxes = rects(root, "box")
    assert len(boxes) == len(symbols) and not elements(root, "text", "pocket")
    assert not texts(root, "cells"), "no «24/54»: the squares give the count"
    squares = rects(root, "count")
    assert [sum(b.holds(s.x, s.y) for s in squares) for b in boxes] == [wheel.labels.count(s) for s in symbols]
    numeric = [t.text for t in sorted(texts(root, "symbol"), key=lambda t: t.x)]
    assert numeric == [s for s in symbols if s.isdigit()]
    assert len(elements(root, "path", "star")) == len([s for s in symbols if not s.isdigit()])
    assert not elements(root, "circle", "spot")
    found = chips(root)
    for marker, bet in placed:
        x, y, r = found[marker]
        box = boxes[symbols.index(bet.symbol or "")]
        assert box.holds(x - r, y - r) and box.holds(x + r, y + r)


@pytest.mark.parametrize("key", MONEY)
def test_the_money_wheel_draws_a_box_only_for_the_bets_the_table_takes(key: str) -> None:
    """A table without the joker bet(s) shows no joker; the boxes keep the wheel's order of symbols
    (and each symbol its colour) whatever the order of the bets."""
    wheel = roulette_spec(key).rules.wheel
    every = cloth_chips(key)
    numbers_only = [(m, bet) for m, bet in reversed(every) if (bet.symbol or "").isdigit()]
    root = parse(money_wheel(wheel, numbers_only, "Rueda"))
    assert len(rects(root, "box")) == len(numbers_only) and not elements(root, "path", "star")
    symbols = [t.text for t in sorted(texts(root, "symbol"), key=lambda t: t.x)]
    assert symbols == [s for s in dict.fromkeys(wheel.labels) if s.isdigit()]
    assert symbol_colours(root) == {s: c for s, c in symbol_colours(parse(money_wheel(wheel, every, "Rueda"))).items()
                                    if s in symbols}
    two = [every[0], every[-1]]
    root = parse(money_wheel(wheel, two, "Rueda"))
    boxes = rects(root, "box")
    assert len(boxes) == 2 and len(elements(root, "path", "star")) == 1
    assert boxes[0].x - 8 == pytest.approx(WIDTH - 8 - boxes[1].x - boxes[1].w), "the row is centred"
    with pytest.raises(ValueError, match="got no bet"):
        money_wheel(wheel, [], "Rueda")


def symbol_colours(root: ET.Element) -> dict[str, str]:
    """The colour of each numeric symbol's small squares, by the symbol printed in the same box."""
    found = {}
    for box in rects(root, "box"):
        for symbol in (t.text for t in texts(root, "symbol") if box.holds(t.x, t.y)):
            found[symbol] = next(r.fill for r in rects(root, "count") if box.holds(r.x, r.y))
    return found


# Dice ------------------------------------------------------------------------------------------

def dice_in(root: ET.Element, area: Rect) -> list[int]:
    """The faces of the dice drawn in ``area``, left to right: the pips in each."""
    pips = [(float(c.get("cx", 0)), float(c.get("cy", 0))) for c in elements(root, "circle", "pip")]
    faces = sorted((d for d in rects(root, "die") if area.holds(d.x, d.y)), key=lambda d: d.x)
    return [sum(d.holds(x, y) for x, y in pips) for d in faces]


def area_of(root: ET.Element, x: float, y: float, *classes: str) -> Rect:
    """The smallest rectangle of a class (``area`` unless told) that holds (x, y)."""
    return min((a for cls in classes or ("area",) for a in rects(root, cls) if a.holds(x, y, -1)),
               key=lambda a: a.w * a.h)


def bar_bounds(path: ET.Element) -> Rect:
    """The rectangle a path's corners span."""
    points = [tuple(map(float, p.split())) for p in (path.get("d") or "").removeprefix("M").removesuffix(" Z")
              .split(" L")]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), path.get("fill", ""))


PLACES = ("area", "odds", "place-strip")  # what a chip (and a label) sits in


@pytest.mark.parametrize("labelled", [False, True], ids=["markers", "labels"])
@pytest.mark.parametrize("key", CRAPS)
def test_the_craps_layout_has_an_area_per_bet_showing_what_wins_it(key: str, labelled: bool) -> None:
    placed = dice_chips(key)
    root = parse(craps_layout(placed, 2, "Mesa", labels=dice_labels(key) if labelled else None))
    found = chips(root)
    bets = {b.id: (m, b) for m, b in placed}
    points = {int(t.text): area_of(root, t.x, t.y, "point") for t in texts(root, "number")}
    assert sorted(points) == [4, 5, 6, 8, 9, 10]
    seen = set()
    for marker, bet in placed:
        x, y, r = found[marker]
        assert any(a.holds(x - r, y - r) and a.holds(x + r, y + r) for a in rects(root, "area") + rects(root, "odds")
                   + rects(root, "place-strip"))
        if bet.kind == "odds":
            strip = area_of(root, x, y, "odds")
            line = area_of(root, strip.x + 1, strip.y + 1)
            assert line.holds(*found[bets[bet.on or ""][0]][:2]), f"{bet.id} behind {bet.on}"
            continue
        if bet.kind == "place" and len(bet.payouts) > 1:
            # in a strip along the numbers it may be placed on, beside them: on none of them
            strip = area_of(root, x, y, "place-strip")
            assert all(strip.x <= p.x and p.x + p.w <= strip.x + strip.w + 0.01 for n, p in points.items()
                       if n in bet.payouts)
            assert all(x + r <= p.x for p in points.values()), f"{bet.id}'s chip beside the numbers, not on one"
            above = all(strip.y + strip.h <= p.y for p in points.values())
            below = all(p.y + p.h <= strip.y for p in points.values())
            assert above if bet.side == "wrong" else below, f"{bet.id}: wrong side above, right side below"
            continue
        area = area_of(root, x, y)
        assert area not in seen, "one area per bet"
        seen.add(area)
        totals = [t.text for t in sorted(texts(root, "total"), key=lambda t: t.x) if area.holds(t.x, t.y)]
        faces = dice_in(root, area)
        if bet.id == "field":
            assert totals == [str(n) for n in sorted(bet.payouts)]
            rings = [c for c in elements(root, "circle", "ring") if area.holds(float(c.get("cx", 0)), y)]
            assert len(rings) == 2, "the 2 and the 12 pay double"
        elif bet.kind == "hard":
            assert faces == [2, 2, 3, 3, 4, 4, 5, 5]
        elif bet.id in ("craps-2", "craps-3", "craps-12", "juego-de-11"):
            assert sum(faces) == next(iter(bet.payouts)) and len(faces) == 2
        elif bet.id in ("juego-de-7", "big-6", "big-8"):
            assert totals == [str(next(iter(bet.payouts)))]
        elif bet.id in ("any-craps", "horn"):
            assert totals == [str(n) for n in sorted(bet.payouts)]
        elif bet.id in ("under-7", "over-7"):
            assert totals == ["2–6" if bet.id == "under-7" else "8–12"]
        elif bet.kind == "line" and bet.ties:
            # the tie on 12: the 6 6 with a bar struck across both dice, as the «bar» of a real layout
            assert faces == [6, 6] and bet.ties == {12}
            bars = [b for b in map(bar_bounds, elements(root, "path", "bar"))
                    if area.holds(b.x + b.w / 2, b.y + b.h / 2)]
            dice_here = [d for d in rects(root, "die") if area.holds(d.x, d.y)]
            assert len(bars) == 1 and bars[0].fill == RED
            assert bars[0].x < min(d.x for d in dice_here) and max(d.x + d.w for d in dice_here) < bars[0].x + bars[0].w
            assert area.holds(bars[0].x, bars[0].y) and area.holds(bars[0].x + bars[0].w, bars[0].y + bars[0].h)
        else:
            assert bet.kind == "line" and not totals and not faces, bet.id
    assert not texts(root, "sign"), "no bare «=»"


@pytest.mark.parametrize("key", (*CRAPS, BANCA))
def test_labels_sit_in_their_bet_s_area_after_its_chip_and_never_overflow(key: str) -> None:
    """Each label in the area (or odds place, or place strip) of its marker's chip, left-aligned after
    the chip, at 7 pt or more, its estimated width (0.6 × size a character) inside the area, over no
    chip, die or other text; every bet that has an area of its own gets its label."""
    placed, labels = dice_chips(key), dice_labels(key)
    root = parse(craps_layout(placed, dice_spec(key).rules.dice, "Mesa", labels=labels))
    found = chips(root)
    drawn = texts(root, "label")
    others = [t.box for t in texts(root) if t.text not in labels.values()]
    for each in drawn:
        marker = next(m for m, text in labels.items() if text == each.text)
        assert [t.text for t in drawn].count(each.text) == 1
        assert each.anchor == "start" and each.size >= MIN_FONT >= SEVEN_PT_AT_88_MM
        x, y, r = found[marker]
        where = area_of(root, each.x, each.y, *PLACES)
        assert where.holds(x, y, -1), f"{each.text!r} is in its chip's area"
        assert abs(each.y - y) < 0.01 and x + r < each.x, f"{each.text!r} after its chip"
        box = each.box
        tall = Rect(box.x, each.y - each.size / 2, box.w, each.size, "")  # with ascenders and descenders
        assert where.holds(tall.x, tall.y) and where.holds(tall.x + tall.w, tall.y + tall.h), \
            f"{each.text!r} overflows its area"
        assert not any(covers(circle, tall) for circle in found.values()), f"{each.text!r} under a chip"
        assert not any(overlap(tall, other) for other in others + rects(root, "die")), f"{each.text!r} over a text"
    shown = {t.text for t in drawn}
    for marker, bet in placed:
        if bet.kind != "odds":  # the odds' long names («Suerte asociada al Win») may not fit their places
            assert labels[marker] in shown, f"{labels[marker]!r} is drawn"


def overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


@pytest.mark.parametrize("key", (*CRAPS, BANCA))
def test_without_labels_the_layout_has_no_words(key: str) -> None:
    placed, dice_count = dice_chips(key), dice_spec(key).rules.dice
    svg = craps_layout(placed, dice_count, "Mesa")
    assert svg == craps_layout(placed, dice_count, "Mesa", labels={}) and not texts(parse(svg), "label")


def test_a_label_that_does_not_fit_is_left_out_not_shortened() -> None:
    placed = dice_chips(CRAPS[0])
    labels = dice_labels(CRAPS[0])
    field = next(m for m, bet in placed if bet.id == "field")
    long = {**labels, field: "Field " * 30}
    root = parse(craps_layout(placed, 2, "Mesa", labels=long))
    shown = [t.text for t in texts(root, "label")]
    assert all(text in labels.values() for text in shown) and "Field" not in "".join(shown)
    assert len(shown) == len(texts(parse(craps_layout(placed, 2, "Mesa", labels=labels)), "label")) - 1


def test_a_label_given_as_markup_is_escaped_like_any_text() -> None:
    """A translated label is Markup (Jinja's gettext under autoescape): it is text in the SVG all the same."""
    placed = dice_chips(CRAPS[0])
    field = next(m for m, bet in placed if bet.id == "field")
    svg = craps_layout(placed, 2, Markup('Mesa "<b>'), labels={field: Markup("Field & <i>")})
    root = parse(svg)
    assert root.get("aria-label") == 'Mesa "<b>'
    assert "Field & <i>" in [t.text for t in texts(root, "label")]


def test_the_banca_francesa_layout_is_a_band_an_inner_part_and_the_aces_boxes() -> None:
    placed = dice_chips(BANCA)
    root = parse(craps_layout(placed, 3, "Mesa"))
    found = chips(root)
    band, inner = rects(root, "area")[:2]
    for marker, bet in placed:
        x, y, _ = found[marker]
        if bet.id == "ases":
            area = area_of(root, x, y)
            assert dice_in(root, area) == [1, 1, 1]
            assert len([b for b in rects(root, "small-box") if band.holds(b.x, b.y)]) == 12
            assert not inner.holds(x, y)
        shown = [t.text for t in texts(root, "total") if abs(t.y - y) < 1]
        if bet.id == "pequeno":
            assert band.holds(x, y) and not inner.holds(x, y) and shown == ["5", "6", "7"]
        if bet.id == "grande":
            assert inner.holds(x, y) and shown == ["14", "15", "16"]


# Bad input -------------------------------------------------------------------------------------

WHEEL = roulette_spec("euskadi/ruleta-francesa").rules.wheel
PLENO = roulette.Bet("pleno", "straight", F(35))
WIN = dice.Bet("win", "line", payout=F(1), wins=frozenset({7, 11}), loses=frozenset({2, 3, 12}))


@pytest.mark.parametrize(("draw", "message"), [
    (lambda: roulette_cloth(WHEEL, [("ABCD", PLENO)], "Paño"), "marker 'ABCD' is longer than 3 characters"),
    (lambda: roulette_cloth(WHEEL, [("A", PLENO)], " "), "the label is empty"),
    (lambda: roulette_cloth(WHEEL, [("A", PLENO), ("A", PLENO)], "Paño"), "marker 'A' is given twice"),
    (lambda: roulette_cloth(WHEEL, [("", PLENO)], "Paño"), "a marker is empty"),
    (lambda: roulette_wheel(WHEEL, [("A", frozenset({37}))], "Rueda"), "arc 'A': expected pockets of this wheel"),
    (lambda: roulette_wheel(WHEEL, [("A", frozenset({1}))], ""), "the label is empty"),
    (lambda: roulette_cloth(roulette_spec(BOULES[0]).rules.wheel, [], "Paño"), "needs the numbers 1 to 36"),
    (lambda: boule_cloth(WHEEL, [], "Paño"), "a boule cloth has 9 numbers"),
    (lambda: money_wheel(roulette_spec(MONEY[0]).rules.wheel, [("1", PLENO)], "Rueda"), "expected a segment bet"),
    (lambda: money_wheel(WHEEL, [], "Rueda"), "a money wheel needs labels"),
    (lambda: craps_layout([("1", WIN)], 4, "Mesa"), "a dice table has 2 or 3 dice, got 4"),
    (lambda: craps_layout([("1234", WIN)], 2, "Mesa"), "marker '1234' is longer than 3 characters"),
    (lambda: craps_layout([("1", dice.Bet("odds", "odds", payouts={4: F(2)}, on="win"))], 2, "Mesa"),
     "odds 'odds' ('1') sit behind the 'win' bet, which is not on the table"),
    (lambda: craps_layout([("1", WIN)], 3, "Mesa"), "a three-dice table has a band"),
    (lambda: craps_layout([("1", WIN)], 2, "Mesa", labels={"2": "Win"}),
     "a label is given for the marker '2', which no bet has"),
    (lambda: craps_layout([("1", WIN)], 2, "Mesa", labels={"1": " "}), "the label for the marker '1' is empty"),
    (lambda: money_wheel(roulette_spec(MONEY[0]).rules.wheel, [], "Rueda"), "a box for each bet the table takes"),
])
def test_bad_input_raises_a_clear_error(draw: Callable[[], Markup], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        draw()
