"""The showdown of circle poker: who wins each share of a pot, per variant.

A :class:`Variant` says the deck and ranking, how many cards a player holds and how many are common, and how a
hand is made (the best five of all, or exactly two of the hand and three common cards) and split (the high hand
only; Omaha Hi&Low's high and low halves, 000:5456-5465; Doble Hold'em's two lines, 000:5532-5534). Equal hands
share equally (000:5173-5176 read with the side pots, see :mod:`.pots`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .cards import Deck
from .hands import HandValue, LowRule, LowValue, Ranking

Regulation = Literal["euskadi", "extremadura"]
Make = Literal["best", "two-three"]
Split = Literal["high", "hi-low", "two-lines"]


@dataclass(frozen=True)
class Variant:
    """A variant's showdown: ``id``; ``ranking`` (its deck, Figuras, colour over full); ``hole`` cards each
    player holds at the showdown (5 in covered poker after the discard, 2 to 7 elsewhere); ``board`` common cards
    per line (0 for stud and covered poker); ``lines`` of common cards (2 in Doble Hold'em); ``make``: ``"best"``
    five of all the player's cards and a line, or ``"two-three"`` (Omaha, Sintético); ``split``: ``"high"``,
    ``"hi-low"``, ``"two-lines"``; ``low``: the low rule of a Hi&Low game; ``source``: the lines it rests on."""

    id: str
    ranking: Ranking
    hole: int
    board: int = 0
    lines: int = 1
    make: Make = "best"
    split: Split = "high"
    low: LowRule = "ranking"
    source: str = ""

    @property
    def deck(self) -> Deck:
        return self.ranking.deck


VARIANT_IDS = ("cubierto", "omaha", "omaha-5", "omaha-hi-low", "holdem", "doble-holdem", "five-stud",
               "seven-stud", "sintetico")


def variant(id: str, regulation: Regulation = "euskadi", deck: int | None = None) -> Variant:
    """The variant ``id`` (one of :data:`VARIANT_IDS`) as ``regulation`` plays it; ``deck`` for covered poker
    (52 or 32 in Euskadi, 000:5309-5310; 52 to 32 by fours in Extremadura, 001:2613). Extremadura's Five Stud is
    played with 52 cards (001:2741), Euskadi's with 32 (000:5564-5567). An id the regulation does not have, or a
    deck the text does not allow, is a ValueError sentence."""
    raise NotImplementedError


@dataclass(frozen=True)
class Share:
    """A share of a pot: its ``part`` of the pot (1, or 1/2 for a half), what it is for (``kind``: ``"high"``,
    ``"low"``, ``"line-1"``, ``"line-2"``) and its ``winners`` (several share it equally)."""

    part: Fraction
    kind: str
    winners: tuple[str, ...]


@dataclass(frozen=True)
class Showdown:
    """Every player's hands at a showdown: ``high[p]`` (one value per line of common cards), ``low[p]`` (None when
    he has no low, or the game has none), in seat order."""

    variant: Variant
    high: Mapping[str, tuple[HandValue, ...]]
    low: Mapping[str, LowValue | None]

    def shares(self, among: Collection[str] | None = None) -> tuple[Share, ...]:
        """The shares of a pot contested by ``among`` (default: everyone shown): the high hand takes it all; in
        Hi&Low half to the best high, half to the best low, the whole to the high when nobody has a low; in Doble
        Hold'em half to each line's best (one player may win both)."""
        raise NotImplementedError

    def parts(self, among: Collection[str] | None = None) -> dict[str, Fraction]:
        """Each player's part of a pot contested by ``among`` (ties split equally; 0 for a loser)."""
        raise NotImplementedError


def showdown(variant: Variant, hands: Mapping[str, Sequence[int]],
             board: Sequence[int] | Sequence[Sequence[int]] = ()) -> Showdown:
    """Value every player's hand: ``hands`` maps each player still in the hand (seat order) to his cards,
    ``board`` is the common cards (two sequences in Doble Hold'em, one per line). Cards are checked against the
    variant's deck and for repeats (a ValueError sentence)."""
    raise NotImplementedError
