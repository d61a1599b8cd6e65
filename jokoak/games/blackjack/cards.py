"""Black Jack's cards and hands: a card and its points, a hand's total, the dealer's rule and his final hand, and the
categories the pairs and sevens bets read off the box's first cards.

These are the facts of the cards that hold under every regulation; the rules as data and a round played are
:mod:`jokoak.games.blackjack.engine`, the exact probabilities :mod:`jokoak.games.blackjack.edge`, and both read the
cards by what is here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

RANKS = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13}
RANK_NAMES = {n: name for name, n in RANKS.items()}
SUITS = {"♠": "black", "♣": "black", "♥": "red", "♦": "red"}
OUTCOMES = ("17", "18", "19", "20", "21", "bust", "blackjack")  # the dealer's final hand


@dataclass(frozen=True)
class Card:
    rank: int  # 1 (ace) to 13 (king)
    suit: str | None = None

    @property
    def value(self) -> int:
        """Pictures count ten; the ace is 1 here (11 where it helps, see :func:`hand_total`)."""
        return min(self.rank, 10)

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + (self.suit or "")


def hand_total(values: Sequence[int], aces_as_one: int = 0) -> tuple[int, bool]:
    """The best total of card values (ace = 1) and whether it is soft: one ace counts 11 when that makes 21 or less.
    ``aces_as_one`` aces are held at one point whatever happens (the doubled ace of 000:925-926).

    >>> hand_total([1, 6]), hand_total([1, 6, 10]), hand_total([1, 6], aces_as_one=1)
    ((17, True), (17, False), (7, False))
    """
    hard = sum(values)
    soft = values.count(1) > aces_as_one and hard + 10 <= 21
    return (hard + 10, True) if soft else (hard, False)


# --- the dealer -------------------------------------------------------------------------------------------------

def dealer_stands(values: Sequence[int], hits_soft_17: bool) -> bool:
    """The dealer stands on 17 or more, counting an ace as 11 when that reaches 17-21 (000:842-849)."""
    best, soft = hand_total(values)
    return best > 17 or (best == 17 and not (soft and hits_soft_17))


def dealer_outcome(values: Sequence[int]) -> str:
    """One of :data:`OUTCOMES` for a dealer's finished hand."""
    best, _ = hand_total(values)
    if len(values) == 2 and best == 21:
        return "blackjack"
    return "bust" if best > 21 else str(best)


# --- side bets ---------------------------------------------------------------------------------------------------

def pair_category(first: Card, second: Card, match: str = "rank") -> str | None:
    """The pairs bet's category of the first two cards (000:942-951), or None. «Completa»: same rank and suit;
    «color»: same rank and colour; «incompleta»: same rank only (``match="value"``: same points, a K with a Q)."""
    same = first.value == second.value if match == "value" else first.rank == second.rank
    if not same:
        return None
    if first.suit is None or second.suit is None:
        raise ValueError(f"The pairs bet needs the suits of the first two cards, got {first} and {second}.")
    if first.rank == second.rank and first.suit == second.suit:
        return "completa"
    return "color" if SUITS[first.suit] == SUITS[second.suit] else "incompleta"


def sevens_category(cards: Sequence[Card], three_mixed: str = "not-same") -> str | None:
    """The sevens bet's prize for the box's first cards (000:992-1008), the highest only, or None."""
    sevens = 0
    for card in cards[:3]:
        if card.rank != 7:
            break
        sevens += 1
    if sevens >= 2 and any(c.suit is None for c in cards[:sevens]):
        shown = " ".join(map(str, cards[:sevens]))
        raise ValueError(f"The sevens bet needs the suits of the sevens, got {shown}.")
    suits = [c.suit for c in cards[:sevens]]
    if sevens == 3:
        if len(set(suits)) == 1:
            return "tres-sietes-mismo-palo"
        if three_mixed == "not-same" or len(set(suits)) == 3:
            return "tres-sietes"
    if sevens >= 2:
        return "dos-sietes-mismo-palo" if suits[0] == suits[1] else "dos-sietes"
    return "un-siete" if sevens == 1 else None
