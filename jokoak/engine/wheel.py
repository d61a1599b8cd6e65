"""A roulette wheel and its layout: pockets, colours, wheel order and the betting grid.

The wheel is built from catalogue data (order and red numbers); this module only knows the
geometry that every layout shares: the numbers 1 to 36 in rows of three, which makes three
columns of twelve. A double-zero wheel's «00» is the pocket :data:`DOUBLE_ZERO`, printed "00".

>>> w = Wheel(order=EUROPEAN_ORDER, red=frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27,
...                                                30, 32, 34, 36}), zeros=frozenset({0}))
>>> w.colour(19), w.colour(10), w.colour(0)
('red', 'black', 'green')
>>> w.neighbours(0, 2)
(3, 26, 0, 32, 15)
>>> sorted(w.column(1))[:4], sorted(w.dozen(3))[:2]
([1, 4, 7, 10], [25, 26])
"""

from __future__ import annotations

from dataclasses import dataclass

# Used by doctests and tests only; the catalogue carries the order it relies on.
EUROPEAN_ORDER = (0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1,
                  20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26)

# The «00» pocket. A negative number so that it can never be mistaken for a numbered pocket or a
# money wheel's cell; everything that prints or reads a pocket goes through `label` and `parse`.
DOUBLE_ZERO = -1


def label(pocket: int) -> str:
    """A pocket as it is printed: ``label(7) == "7"``, ``label(DOUBLE_ZERO) == "00"``."""
    return "00" if pocket == DOUBLE_ZERO else str(pocket)


def parse(text: str) -> int:
    """The pocket a printed number names; "00" is the double zero.

    >>> parse("00") == DOUBLE_ZERO, parse("0"), parse("17")
    (True, 0, 17)
    >>> parse("-1")
    Traceback (most recent call last):
    ...
    ValueError: '-1' is not a pocket number
    """
    if text == "00":
        return DOUBLE_ZERO
    if not text.isdigit():
        raise ValueError(f"{text!r} is not a pocket number")
    return int(text)


def in_layout_order(pockets: frozenset[int]) -> list[int]:
    """Pockets as the layout reads them: the zeros first (0, then 00), then the numbers ascending."""
    return sorted(pockets, key=lambda n: (n > 0, n == DOUBLE_ZERO, n))


@dataclass(frozen=True)
class Wheel:
    """Pockets in wheel order (clockwise from the first zero), the red numbers and the zeros.

    A money wheel has no numbers to bet on but a symbol in each cell: ``labels`` gives each
    pocket its symbol (``("24", "24", …, "joker")``), in wheel order; empty on a roulette.
    """

    order: tuple[int, ...]
    red: frozenset[int]
    zeros: frozenset[int]
    labels: tuple[str, ...] = ()

    def pocket(self, spin: int | str) -> int:
        """The pocket a spin names: a number, or a symbol of a money wheel (its first cell).

        >>> Wheel((1, 2, 3), frozenset(), frozenset(), ("1", "1", "joker")).pocket("joker")
        3
        """
        if isinstance(spin, str) and spin in self.labels:
            return self.order[self.labels.index(spin)]
        if spin == "00" and DOUBLE_ZERO in self.order:
            return DOUBLE_ZERO
        if isinstance(spin, int) and spin >= 0 and spin in self.order:
            return spin
        raise ValueError(f"{spin!r} is not a pocket of this wheel")

    @property
    def pockets(self) -> frozenset[int]:
        return frozenset(self.order)

    @property
    def numbers(self) -> frozenset[int]:
        """The numbered pockets 1-36, the ones on the grid."""
        return self.pockets - self.zeros

    def colour(self, number: int) -> str:
        if number in self.zeros:
            return "green"
        return "red" if number in self.red else "black"

    def position(self, number: int) -> int:
        return self.order.index(number)

    def neighbours(self, number: int, each_side: int) -> tuple[int, ...]:
        """The number and ``each_side`` pockets on either side of it, in wheel order."""
        at, size = self.position(number), len(self.order)
        return tuple(self.order[(at + offset) % size] for offset in range(-each_side, each_side + 1))

    def arcs(self, numbers: frozenset[int]) -> list[tuple[int, ...]]:
        """``numbers`` split into unbroken arcs, each in wheel order."""
        size = len(self.order)
        inside = [pocket in numbers for pocket in self.order]
        if all(inside):
            return [self.order]
        first = next(i for i in range(size) if not inside[i])
        arcs: list[tuple[int, ...]] = []
        run: list[int] = []
        for step in range(1, size + 1):
            i = (first + step) % size
            if inside[i]:
                run.append(self.order[i])
            elif run:
                arcs.append(tuple(run))
                run = []
        if run:
            arcs.append(tuple(run))
        return arcs

    # The betting grid: rows of three, 1-2-3 at the zero end.
    def row(self, index: int) -> frozenset[int]:
        """Row ``index`` (1-12) of the grid: 3·index-2 to 3·index."""
        return frozenset(range(3 * index - 2, 3 * index + 1))

    def column(self, index: int) -> frozenset[int]:
        """Column ``index`` (1-3): the numbers n with n ≡ index (mod 3)."""
        return frozenset(n for n in self.numbers if (n - index) % 3 == 0)

    def dozen(self, index: int) -> frozenset[int]:
        """Dozen ``index`` (1-3): 1-12, 13-24 or 25-36."""
        return frozenset(range(12 * index - 11, 12 * index + 1))
