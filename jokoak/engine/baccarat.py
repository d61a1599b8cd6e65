"""Punto y banca: the coup as the drawing tables decide it, and its exact probabilities.

The drawing rules are data from the catalogue: the player's totals that draw, and for each bank
total the player's third cards against which the bank draws (``None`` standing for «the player
did not draw»). Cards count their face value, tens and pictures 0, and a hand counts the units
digit of its sum. The outcome of a coup is enumerated exactly over the shoe's composition,
every card dealt without replacement.

>>> rules = STANDARD
>>> coup(rules, [3, 2, 9, 4, 5])   # player 3+9=2 draws a 5: 7; bank 2+4=6 stands against a 5
Coup(player=7, bank=6, cards=5)
>>> p = outcome_probabilities(rules, shoe(8))
>>> round(float(p["banca"]), 6), round(float(p["punto"]), 6), round(float(p["empate"]), 6)
(0.458597, 0.446247, 0.095156)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

VALUES = tuple(range(10))  # a card's value: 0 for tens and pictures


@dataclass(frozen=True)
class DrawingRules:
    """``player_draws``: the player's two-card totals that draw a third card. ``naturals``: two-card
    totals that end the coup at once. ``bank_draws[total]``: the player's third cards (``None``: the
    player stood) against which the bank, with that two-card total, draws."""

    player_draws: frozenset[int]
    naturals: frozenset[int]
    bank_draws: Mapping[int, frozenset[int | None]]


def _standard() -> DrawingRules:
    never: frozenset[int | None] = frozenset()
    every: frozenset[int | None] = frozenset({None, *VALUES})
    return DrawingRules(
        frozenset(range(6)), frozenset({8, 9}),
        {0: every, 1: every, 2: every, 3: every - {8}, 4: frozenset({None, 2, 3, 4, 5, 6, 7}),
         5: frozenset({None, 4, 5, 6, 7}), 6: frozenset({6, 7}), 7: never})


# The usual tableau; used by doctests and tests only (the catalogue gives each game's own).
STANDARD = _standard()


@dataclass(frozen=True)
class Coup:
    player: int
    bank: int
    cards: int  # cards dealt: 4, 5 or 6


def total(*cards: int) -> int:
    return sum(cards) % 10


def coup(rules: DrawingRules, cards: Sequence[int]) -> Coup:
    """Play a coup from ``cards`` in the order dealt: player, bank, player, bank, then the third
    cards (the player's first, if drawn). Card values 0-9."""
    if len(cards) < 4 or any(c not in VALUES for c in cards):
        raise ValueError(f"a coup needs at least four card values 0-9, got {list(cards)}")
    player, bank = total(cards[0], cards[2]), total(cards[1], cards[3])
    rest = list(cards[4:])
    if player in rules.naturals or bank in rules.naturals:
        return _done(player, bank, 4, rest)
    third: int | None = None
    if player in rules.player_draws:
        if not rest:
            raise ValueError(f"the player draws on {player}: a fifth card is needed")
        third = rest.pop(0)
        player = total(player, third)
    dealt = 4 + (third is not None)
    if third in rules.bank_draws.get(bank, frozenset()):
        if not rest:
            raise ValueError(f"the bank draws on {bank}: one more card is needed")
        bank = total(bank, rest.pop(0))
        dealt += 1
    return _done(player, bank, dealt, rest)


def _done(player: int, bank: int, dealt: int, rest: list[int]) -> Coup:
    if rest:
        raise ValueError(f"{len(rest)} card(s) left over after the coup")
    return Coup(player, bank, dealt)


def shoe(decks: int) -> tuple[int, ...]:
    """The count of cards of each value 0-9 in ``decks`` French decks of 52."""
    return (16 * decks, *([4 * decks] * 9))


def outcome_probabilities(rules: DrawingRules, counts: Sequence[int]) -> dict[str, Fraction]:
    """Exact probabilities of «punto» (player wins), «banca» and «empate» (tie) for a full shoe
    of ``counts``, and of each bank-winning total (``"banca 6"``), enumerating every deal."""
    enumeration = _Enumeration(rules, list(counts))
    enumeration.run()
    size = sum(counts)
    deals = size * (size - 1) * (size - 2) * (size - 3) * (size - 4) * (size - 5)
    found = {key: Fraction(w, deals) for key, w in sorted(enumeration.weights.items())}
    found["banca"] = sum((v for k, v in found.items() if k.startswith("banca ")), Fraction(0))
    return found


@dataclass
class _Enumeration:
    """Every deal of a coup, each path weighted by the number of ordered six-card deals it stands
    for, so that all weights share one denominator and stay whole numbers."""

    rules: DrawingRules
    left: list[int]
    weights: dict[str, int] = field(default_factory=dict)

    def run(self) -> None:
        for p1 in VALUES:
            for b1 in VALUES:
                for p2 in VALUES:
                    for b2 in VALUES:
                        ways = self.take(p1)
                        ways *= self.take(b1)
                        ways *= self.take(p2)
                        ways *= self.take(b2)
                        if ways:
                            self.third_cards(total(p1, p2), total(b1, b2), ways)
                        self.put_back(p1, b1, p2, b2)

    def take(self, value: int) -> int:
        ways = self.left[value]
        self.left[value] -= 1
        return ways

    def put_back(self, *values: int) -> None:
        for value in values:
            self.left[value] += 1

    def settle(self, player: int, bank: int, dealt: int, ways: int) -> None:
        rest = sum(self.left)
        for n in range(6 - dealt):  # the cards not dealt complete the six-card deal
            ways *= rest - n
        key = "punto" if player > bank else "empate" if player == bank else f"banca {bank}"
        self.weights[key] = self.weights.get(key, 0) + ways

    def bank_card(self, player: int, bank: int, dealt: int, ways: int) -> None:
        for card in VALUES:
            more = ways * self.take(card)
            if more:
                self.settle(player, total(bank, card), dealt + 1, more)
            self.put_back(card)

    def third_cards(self, player: int, bank: int, ways: int) -> None:
        rules = self.rules
        bank_draws = rules.bank_draws.get(bank, frozenset())
        if player in rules.naturals or bank in rules.naturals:
            self.settle(player, bank, 4, ways)
        elif player not in rules.player_draws:
            if None in bank_draws:
                self.bank_card(player, bank, 4, ways)
            else:
                self.settle(player, bank, 4, ways)
        else:
            for third in VALUES:
                more = ways * self.take(third)
                if more and third in bank_draws:
                    self.bank_card(total(player, third), bank, 5, more)
                elif more:
                    self.settle(total(player, third), bank, 5, more)
                self.put_back(third)


def house_edges(probabilities: Mapping[str, Fraction], *, bank_pays: Mapping[int, Fraction],
                tie_pays: Fraction) -> dict[str, Fraction]:
    """The house edge per unit staked on «punto», «banca» and «empate».

    ``bank_pays[t]``: what a winning bank bet is paid when the bank wins with ``t`` (19/20 for a
    5 % commission; 1/2 on the 6 where the casino pays the bank's winning 6 at half). Punto pays
    even money. On a tie both stand off and may be withdrawn (returned); the tie bet pays ``tie_pays``.

    >>> p = outcome_probabilities(STANDARD, shoe(8))
    >>> edges = house_edges(p, bank_pays={t: Fraction(19, 20) for t in range(10)}, tie_pays=Fraction(8))
    >>> [f"{float(edges[bet]):.4%}" for bet in ("banca", "punto", "empate")]
    ['1.0579%', '1.2351%', '14.3596%']
    """
    tie = probabilities.get("empate", Fraction(0))
    bank = sum((v * (1 + bank_pays[int(k.split()[1])]) for k, v in probabilities.items() if k.startswith("banca ")),
               Fraction(0))
    return {
        "punto": 1 - (2 * probabilities["punto"] + tie),
        "banca": 1 - (bank + tie),
        "empate": 1 - tie * (1 + tie_pays),
    }
