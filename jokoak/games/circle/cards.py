"""The decks of circle poker: 52 cards, and the stripped decks of 32 (A K Q J 10 9 8 7) and 28 (A K Q J 10 9 8).

Cards are those of :mod:`jokoak.engine.poker`: ``4 * rank + suit``, rank 0 the 2 … 12 the ace, suits ``c d h s``
(tréboles, diamantes, corazones, picas; Extremadura breaks a tie of equal cards by suit in the order picas,
corazones, diamantes, tréboles, 001:2671, 001:2797, which is the suits' index from the highest). A stripped deck
keeps the highest ranks; its ace plays high, or low «delante de la menor con que se juegue» (000:4775-4777,
001:2348): below the 7 in the 32-card deck, below the 8 in the 28-card one («As … delante del 8», 000:5643-5644,
001:2889). Extremadura's covered poker may be played with 52, 48, 44, 40, 36 or 32 cards (001:2613): each
drops the lowest rank left.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...engine.poker import RANKS, name, parse

__all__ = ["DECK_28", "DECK_32", "DECK_52", "SIZES", "Deck", "dealt", "deck", "name", "names", "parse"]


@dataclass(frozen=True)
class Deck:
    """A deck: ``size`` cards, the ranks from ``lowest`` (a rank index, 0 the 2) to the ace, four suits each.
    ``ranks`` lists them lowest first; ``cards`` are the card numbers in increasing order."""

    size: int
    lowest: int

    @property
    def ranks(self) -> tuple[int, ...]:
        return tuple(range(self.lowest, 13))

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(range(4 * self.lowest, 52))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 4 * self.lowest <= card < 52

    def describe(self) -> str:
        """The deck in words for a message: ``"the deck of 32 cards (A K Q J 10 9 8 7)"``."""
        shown = " ".join("10" if r == 8 else RANKS[r] for r in reversed(self.ranks))
        return f"the deck of {self.size} cards ({shown})"


def deck(size: int) -> Deck:
    """The deck of ``size`` cards: 52, 48, 44, 40, 36, 32 (001:2613; 000:5309-5310, 000:5564-5567) or 28
    (000:5640-5644). Any other size is a ValueError sentence.

    >>> deck(32).ranks[0], len(deck(28).cards)
    (5, 28)
    >>> deck(30)
    Traceback (most recent call last):
    ValueError: Circle poker is played with 52, 48, 44, 40, 36, 32 or 28 cards, not 30.
    """
    if size in SIZES:
        return Deck(size, (52 - size) // 4)
    raise ValueError(f"Circle poker is played with 52, 48, 44, 40, 36, 32 or 28 cards, not {size}.")


SIZES = (52, 48, 44, 40, 36, 32, 28)
DECK_52 = Deck(52, 0)
DECK_32 = Deck(32, 5)
DECK_28 = Deck(28, 6)


def dealt(cards: Iterable[int | str] | str, within: Deck = DECK_52) -> tuple[int, ...]:
    """The cards as numbers, checked: each a card of ``within`` and none twice; names (``"Ah Td"``, or a list of
    names) or numbers. A card outside the deck, or dealt twice, is a ValueError with a whole sentence.

    >>> dealt("Ah 7c", DECK_32)
    (50, 20)
    >>> dealt("Ah 6c", DECK_32)
    Traceback (most recent call last):
    ValueError: 6c is not a card of the deck of 32 cards (A K Q J 10 9 8 7).
    >>> dealt(["Ah", "Kd", "Ah"])
    Traceback (most recent call last):
    ValueError: A card is dealt twice: Ah.
    """
    if isinstance(cards, str):
        found = parse(cards)
    else:
        found = tuple(c for item in cards for c in (parse(item) if isinstance(item, str) else (int(item),)))
    outside = [c for c in found if c not in within]
    if outside:
        shown = " ".join(name(c) if 0 <= c <= 52 else str(c) for c in outside)
        verb = "is not a card" if len(outside) == 1 else "are not cards"
        raise ValueError(f"{shown} {verb} of {within.describe()}.")
    repeated = sorted({c for c in found if found.count(c) > 1})
    if repeated:
        raise ValueError(f"A card is dealt twice: {names(repeated)}.")
    return found


def names(cards: Sequence[int]) -> str:
    """The cards' short names, space separated: ``names((50, 34)) == "Ah Td"``."""
    return " ".join(name(c) for c in cards)
