"""The showdown of circle poker: who wins each share of a pot, per variant.

A :class:`Variant` says the deck and ranking, how many cards a player holds and how many are common, and how a
hand is made (the best five of all, or exactly two of the hand and three common cards) and split (the high hand
only; Omaha Hi&Low's high and low halves, 000:5456-5465; Doble Hold'em's two lines, 000:5532-5534). Equal hands
share equally (000:5173-5176 read with the side pots, see :mod:`.pots`).

Seven-card stud is the best five of the player's seven cards (000:5595-5597; 001:2659): its «Desarrollo»
(000:5623-5625, «sólo da a los jugadores dos cartas») is Hold'em's sentence copied, and is not read as a rule of the
showdown. Covered poker is its five cards after the discard (000:5342-5354), Figuras included (000:4922-4924,
001:2409).

>>> hi_lo = variant("omaha-hi-low")
>>> s = showdown(hi_lo, {"ana": dealt("Ah 2d Kc Kd"), "ben": dealt("Qs Qh 9c 9d")}, dealt("3s 5h 8c Qd Jd"))
>>> s.shares()            # ben's three queens take the high half, ana's eight-five low the other
(Share(part=Fraction(1, 2), kind='high', winners=('ben',)), Share(part=Fraction(1, 2), kind='low', winners=('ana',)))
>>> s.parts()
{'ana': Fraction(1, 2), 'ben': Fraction(1, 2)}
>>> two = variant("doble-holdem")
>>> lines = dealt("2c 7d 9s Jh 3c"), dealt("Ks 4d 5h 8c Qs")
>>> s = showdown(two, {"ana": dealt("Ah Ad"), "ben": dealt("Kh Kd")}, lines)
>>> [share.winners for share in s.shares()]      # one line each
[('ana',), ('ben',)]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

import numpy as np
import numpy.typing as npt

from .cards import DECK_28, DECK_32, DECK_52, Deck, dealt
from .cards import deck as deck_of
from .hands import (
    HandValue,
    LowRule,
    LowValue,
    Ranking,
    evaluate,
    evaluate_two_three,
    low_hand,
    values,
    values_two_three,
)

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


def _variants(regulation: Regulation) -> dict[str, Variant]:
    if regulation == "euskadi":
        return {
            "cubierto": Variant("cubierto", Ranking(DECK_52, figures=True), 5, source="000:5305-5365, 000:4922-4924"),
            "omaha": Variant("omaha", Ranking(), 4, 5, make="two-three", source="000:5367-5401"),
            "omaha-5": Variant("omaha-5", Ranking(), 5, 5, make="two-three", source="000:5403-5418"),
            "omaha-hi-low": Variant("omaha-hi-low", Ranking(), 4, 5, make="two-three", split="hi-low",
                                    source="000:5445-5465"),
            "holdem": Variant("holdem", Ranking(), 2, 5, source="000:5482-5495"),
            "doble-holdem": Variant("doble-holdem", Ranking(), 2, 5, lines=2, split="two-lines",
                                    source="000:5497-5534"),
            "five-stud": Variant("five-stud", Ranking(DECK_32), 5, source="000:5553-5589, 000:5564-5567"),
            "seven-stud": Variant("seven-stud", Ranking(), 7, source="000:5591-5597"),
            "sintetico": Variant("sintetico", Ranking(DECK_28), 2, 5, make="two-three",
                                 source="000:5627-5644, 000:4937-4938"),
        }
    return {
        "cubierto": Variant("cubierto", Ranking(DECK_52, figures=True), 5, source="001:2607-2613, 001:2409"),
        "seven-stud": Variant("seven-stud", Ranking(), 7, source="001:2653-2659"),
        "five-stud": Variant("five-stud", Ranking(), 5, source="001:2731-2741"),
        "omaha": Variant("omaha", Ranking(), 4, 5, make="two-three", source="001:2789-2793"),
        "holdem": Variant("holdem", Ranking(), 2, 5, source="001:2835-2839"),
        "sintetico": Variant("sintetico", Ranking(DECK_28), 2, 5, make="two-three",
                             source="001:2881-2889, 001:2909"),
    }


REGULATION_NAMES = {"euskadi": "Euskadi", "extremadura": "Extremadura"}
VARIANTS: dict[Regulation, dict[str, Variant]] = {r: _variants(r) for r in ("euskadi", "extremadura")}
"""Each regulation's variants by id (Euskadi 17.1-17.6, 000:5305-5704; Extremadura 2.2.A-F, 001:2605-2924)."""

VARIANT_IDS = ("cubierto", "omaha", "omaha-5", "omaha-hi-low", "holdem", "doble-holdem", "five-stud",
               "seven-stud", "sintetico")


def variant(id: str, regulation: Regulation = "euskadi", deck: int | None = None) -> Variant:
    """The variant ``id`` (one of :data:`VARIANT_IDS`) as ``regulation`` plays it; ``deck`` for covered poker
    (52 or 32 in Euskadi, 000:5309-5310; 52 to 32 by fours in Extremadura, 001:2613). Extremadura's Five Stud is
    played with 52 cards (001:2741), Euskadi's with 32 (000:5564-5567). An id the regulation does not have, or a
    deck the text does not allow, is a ValueError sentence.

    >>> variant("cubierto", deck=32).ranking
    Ranking(deck=Deck(size=32, lowest=5), figures=True, flush_over_full=None)
    >>> variant("omaha-5", "extremadura")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: Extremadura's circle poker has no variant 'omaha-5': it has cubierto, seven-stud, ..., sintetico.
    >>> variant("cubierto", deck=40)
    Traceback (most recent call last):
    ValueError: Euskadi's covered poker is played with 52 or 32 cards (000:5309-5310), not 40.
    """
    table = VARIANTS[regulation]
    if id not in table:
        raise ValueError(f"{REGULATION_NAMES[regulation]}'s circle poker has no variant {id!r}: it has "
                         f"{', '.join(table)}.")
    found = table[id]
    if deck is None or deck == found.deck.size:
        return found
    if id != "cubierto":
        raise ValueError(f"The variant {id!r} is played with {found.deck.size} cards ({found.source}), not {deck}.")
    allowed, lines = ((52, 32), "000:5309-5310") if regulation == "euskadi" else ((52, 48, 44, 40, 36, 32), "001:2613")
    if deck not in allowed:
        sizes = " or ".join(", ".join(map(str, allowed)).rsplit(", ", 1))
        raise ValueError(f"{REGULATION_NAMES[regulation]}'s covered poker is played with {sizes} cards ({lines}), "
                         f"not {deck}.")
    return Variant(id, Ranking(deck_of(deck), figures=True), found.hole, source=found.source)


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
        players = [p for p in self.high if among is None or p in among]
        if not players:
            raise ValueError("A pot is contested by at least one player of the showdown.")

        def best(line: int) -> tuple[str, ...]:
            top = max(self.high[p][line] for p in players)
            return tuple(p for p in players if self.high[p][line] == top)

        split = self.variant.split
        if split == "two-lines":
            return tuple(Share(Fraction(1, 2), f"line-{line + 1}", best(line)) for line in range(2))
        lows = {p: low for p in players if (low := self.low.get(p)) is not None}
        if split == "hi-low" and lows:
            least = min(lows.values())
            return (Share(Fraction(1, 2), "high", best(0)),
                    Share(Fraction(1, 2), "low", tuple(p for p in players if lows.get(p) == least)))
        return (Share(Fraction(1), "high", best(0)),)

    def parts(self, among: Collection[str] | None = None) -> dict[str, Fraction]:
        """Each player's part of a pot contested by ``among`` (ties split equally; 0 for a loser)."""
        parts = {p: Fraction(0) for p in self.high}
        for share in self.shares(among):
            for p in share.winners:
                parts[p] += share.part / len(share.winners)
        return parts


def showdown(variant: Variant, hands: Mapping[str, Sequence[int]],
             board: Sequence[int] | Sequence[Sequence[int]] = ()) -> Showdown:
    """Value every player's hand: ``hands`` maps each player still in the hand (seat order) to his cards,
    ``board`` is the common cards (two sequences in Doble Hold'em, one per line). Cards are checked against the
    variant's deck and for repeats (a ValueError sentence).

    >>> showdown(variant("holdem"), {"ana": dealt("Ah Ad")}, dealt("Ac 7d"))
    Traceback (most recent call last):
    ValueError: In holdem the common cards are 5, not 2.
    """
    within = variant.deck
    lines = [dealt(line, within) for line in board] if variant.lines > 1 else [dealt(board, within)]  # type: ignore
    if len(lines) != variant.lines:
        raise ValueError(f"In {variant.id} there are {variant.lines} lines of common cards, not {len(lines)}.")
    if variant.board and any(len(line) != variant.board for line in lines):
        shown = " and ".join(str(len(line)) for line in lines)
        raise ValueError(f"In {variant.id} the common cards are {variant.board}, not {shown}.")
    if not variant.board and any(lines):
        raise ValueError(f"In {variant.id} there are no common cards.")
    mine = {p: dealt(cards, within) for p, cards in hands.items()}
    for p, cards in mine.items():
        if len(cards) != variant.hole:
            raise ValueError(f"In {variant.id} a player shows {variant.hole} cards; {p} shows {len(cards)}.")
    dealt([c for cards in (*mine.values(), *lines) for c in cards], within)
    high: dict[str, tuple[HandValue, ...]] = {}
    low: dict[str, LowValue | None] = {}
    for p, cards in mine.items():
        if variant.make == "two-three":
            high[p] = tuple(evaluate_two_three(cards, line, variant.ranking) for line in lines)
        else:
            high[p] = tuple(evaluate((*cards, *line), variant.ranking) for line in lines)
        low[p] = low_hand(cards, lines[0], variant.low) if variant.split == "hi-low" else None
    return Showdown(variant, high, low)


def winners(variant: Variant, hands: npt.ArrayLike, boards: npt.ArrayLike | None = None) -> npt.NDArray[np.bool_]:
    """Many deals at once, for the high hand of a one-line variant: ``hands`` of shape (deals, players, cards),
    ``boards`` (deals, common cards); True where a player has the best high hand of his deal (ties: several).
    What :func:`showdown` decides one deal at a time, for the comparisons with another evaluator."""
    held = np.asarray(hands, np.int64)
    deals, players, _ = held.shape
    common = np.zeros((deals, 0), np.int64) if boards is None else np.asarray(boards, np.int64)
    flat_common = np.repeat(common, players, axis=0)
    flat = held.reshape(deals * players, -1)
    if variant.make == "two-three":
        found = values_two_three(flat, flat_common, variant.ranking)
    else:
        found = values(np.concatenate([flat, flat_common], axis=1), variant.ranking)
    worth = found.reshape(deals, players)
    won: npt.NDArray[np.bool_] = worth == worth.max(axis=1, keepdims=True)
    return won
