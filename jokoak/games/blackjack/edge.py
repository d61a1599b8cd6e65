"""Black Jack: exact probabilities over a shoe, and the house edges of the bets.

The dealer's final hand and the side bets are exact fractions over the shoe's composition, cards dealt without
replacement. The main bet's house edge, which needs the player's play, is computed over the finite shoe by
:mod:`jokoak.games.blackjack.shoe` and returned with its method and precision (:func:`house_edge`): exact for the
play it states where no hand is split more than once (Triple Black Jack, which neither doubles nor splits, under the
best play there is), a stated precision where hands are split again. Insurance is not part of the main bet (see
:func:`insurance_edge`).

>>> p = dealer_probabilities(Rules(), 6)
>>> round(float(p["bust"]), 6), sum(p.values())
(0.422842, Fraction(1, 1))
>>> edge = house_edge(Rules(double_totals=frozenset({9, 10, 11})))
>>> f"{edge.value:.4%}"
'0.6086%'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from ...engine.result import Edge
from . import shoe as blackjack_shoe
from .cards import OUTCOMES, SUITS, Card, dealer_outcome, dealer_stands, pair_category, sevens_category
from .engine import PAIRS, SEVENS, Rules, shoe

# --- exact probabilities ----------------------------------------------------------------------------------------

def dealer_probabilities(rules: Rules, up: int, counts: Sequence[int] | None = None) -> dict[str, Fraction]:
    """Exact probabilities of the dealer's final hand (:data:`OUTCOMES`) when his card is ``up`` (value 1-10) and his
    further cards are drawn, without replacement, from ``counts`` (cards of each value 1-10 left in the shoe; by
    default the full shoe less the up card). Black jack is counted apart, as the dealer does not peek.

    >>> p = dealer_probabilities(Rules(decks=1), 1)
    >>> [round(float(p[o]), 6) for o in OUTCOMES]
    [0.126128, 0.131003, 0.129486, 0.131553, 0.051565, 0.11654, 0.313725]
    >>> dealer_probabilities(Rules(), 11)
    Traceback (most recent call last):
    ...
    ValueError: The dealer's card must have a value from 1 (ace) to 10, got 11.
    """
    if up not in range(1, 11):
        raise ValueError(f"The dealer's card must have a value from 1 (ace) to 10, got {up}.")
    if counts is None:
        counts = list(shoe(rules.decks))
        counts[up - 1] -= 1
    weights = _DealerWeights(tuple(counts), up, rules.dealer_hits_soft_17).run()
    size = sum(counts)
    falling = [1]
    for k in range(size):
        falling.append(falling[-1] * (size - k))
    found = dict.fromkeys(OUTCOMES, Fraction(0))
    for (outcome, drawn), w in weights.items():
        found[outcome] += Fraction(w, falling[drawn])
    return found


@dataclass
class _DealerWeights:
    """Every way the dealer can draw, as whole-number weights: a path of k cards weighs the product of the counts
    left of each card as it is drawn, so its probability is its weight over the falling factorial of the shoe."""

    counts: tuple[int, ...]
    up: int
    hits_soft_17: bool
    memo: dict[tuple[int, ...], dict[tuple[str, int], int]] = field(default_factory=dict)

    def run(self) -> dict[tuple[str, int], int]:
        return self.after(tuple([0] * 10))

    def after(self, drawn: tuple[int, ...]) -> dict[tuple[str, int], int]:
        if drawn in self.memo:
            return self.memo[drawn]
        values = [self.up] + [v for v in range(1, 11) for _ in range(drawn[v - 1])]
        result: dict[tuple[str, int], int] = {}
        if len(values) > 1 and dealer_stands(values, self.hits_soft_17):
            result[(dealer_outcome(values), 0)] = 1
        else:
            for v in range(1, 11):
                left = self.counts[v - 1] - drawn[v - 1]
                if left <= 0:
                    continue
                child = self.after((*drawn[:v - 1], drawn[v - 1] + 1, *drawn[v:]))
                for (outcome, k), w in child.items():
                    result[(outcome, k + 1)] = result.get((outcome, k + 1), 0) + left * w
        self.memo[drawn] = result
        return result


def _cards_of(decks: int) -> list[tuple[Card, int]]:
    return [(Card(rank, suit), decks) for rank in range(1, 14) for suit in SUITS]


def pairs_probabilities(decks: int, match: str = "rank") -> dict[str, Fraction]:
    """Exact probability of each :data:`PAIRS` category for the first two cards of a full shoe.

    >>> {k: str(v) for k, v in pairs_probabilities(6).items()}
    {'completa': '5/311', 'color': '6/311', 'incompleta': '12/311'}
    """
    cards = _cards_of(decks)
    size = 52 * decks
    ways = dict.fromkeys(PAIRS, 0)
    for (first, n1), (second, n2) in product(cards, cards):
        category = pair_category(first, second, match) if first.value == second.value else None
        if category:
            ways[category] += n1 * (n2 - (first == second))
    return {k: Fraction(w, size * (size - 1)) for k, w in ways.items()}


def sevens_probabilities(decks: int, three_mixed: str = "not-same") -> dict[str, Fraction]:
    """Exact probability of each :data:`SEVENS` prize (the highest only) for the first three cards of a box dealt
    from a full shoe, the third card counted as dealt (the player draws to 7-7, or the card is shown for the bet)."""
    size = 52 * decks
    found = dict.fromkeys(SEVENS, Fraction(0))
    # a first seven followed by a card that is not one: a single seven
    found["un-siete"] = Fraction(4 * decks, size) * Fraction(size - 4 * decks, size - 1)
    for suits in product(SUITS, repeat=2):
        left = {s: decks for s in SUITS}
        p = Fraction(1)
        for i, s in enumerate(suits):
            p *= Fraction(left[s], size - i)
            left[s] -= 1
        pair = "dos-sietes-mismo-palo" if suits[0] == suits[1] else "dos-sietes"
        no_third = size - 2 - sum(left.values())
        found[pair] += p * Fraction(no_third, size - 2)
        for third in SUITS:
            category = sevens_category([Card(7, s) for s in (*suits, third)], three_mixed) or ""
            found[category] += p * Fraction(left[third], size - 2)
    return found


def under_over_13_probabilities(counts: Sequence[int]) -> dict[str, Fraction]:
    """Exact probabilities that the first two cards (ace = 1, 001:1060) total under, over or exactly 13."""
    size = sum(counts)
    ways = {"under": 0, "over": 0, "13": 0}
    for a, b in product(range(1, 11), repeat=2):
        n = counts[a - 1] * (counts[b - 1] - (a == b))
        key = "under" if a + b < 13 else "over" if a + b > 13 else "13"
        ways[key] += n
    return {k: Fraction(w, size * (size - 1)) for k, w in ways.items()}


def side_bet_edge(pays: Mapping[str, Fraction], probabilities: Mapping[str, Fraction]) -> Fraction:
    """The house edge of a side bet: its stake less what it returns on average (stake and winnings).

    >>> side_bet_edge({"completa": Fraction(25), "color": Fraction(12), "incompleta": Fraction(6)},
    ...               pairs_probabilities(6))
    Fraction(19, 311)
    """
    return 1 - sum((p * (1 + pays[k]) for k, p in probabilities.items() if k in pays), Fraction(0))


def insurance_edge(rules: Rules, counts: Sequence[int] | None = None) -> Fraction:
    """The house edge of insurance against the dealer's ace, the dealer's next card drawn from ``counts`` (by
    default the shoe less the ace): it wins ``insurance_pays`` when that card is a ten.

    >>> insurance_edge(Rules())
    Fraction(23, 311)
    """
    if counts is None:
        counts = list(shoe(rules.decks))
        counts[0] -= 1
    return 1 - (1 + rules.insurance_pays) * Fraction(counts[9], sum(counts))


# --- the main bet's house edge ------------------------------------------------------------------------------------

EXACT = f"exact for that play: no approximation, floating-point rounding below {blackjack_shoe.ROUNDING:g}"
RESPLIT = (f"exact for that play where no hand is split more than once; with resplits within "
           f"{blackjack_shoe.RESPLIT_PRECISION * 100:g} percentage points of a finer computation that values a split "
           "hand apart for each number of pair cards and other cards it knows of, up to six (found: 0.000006 points "
           "with six decks, up to 0.00008 with one); both take the earlier hands' second cards out at the shoe's "
           "proportions")


def house_edge(rules: Rules, counts: Sequence[int] | None = None) -> Edge:
    """The house edge of the main bet (per unit first staked) under the play :mod:`~jokoak.games.blackjack.shoe`
    states, from a shoe of ``counts`` cards of each value 1-10 (by default the rules' full shoe). In Triple Black
    Jack each box is a Black Jack bet without doubling, splitting or surrender, and that is what is returned for
    one box: its three dealer's hands, each drawn after the last, are each distributed as the one of the plain game.

    >>> f"{house_edge(Rules(dealer_hands=3)).value:.5%}"
    '2.34352%'
    >>> house_edge(Rules(), [0] * 10)
    Traceback (most recent call last):
    ...
    ValueError: The shoe must hold at least 20 cards, got 0.
    """
    counts = list(counts if counts is not None else shoe(rules.decks))
    size = sum(counts)
    if len(counts) != 10:
        raise ValueError(f"The shoe must be given as the counts of the values 1 to 10, got {len(counts)} counts.")
    if size < 20:
        raise ValueError(f"The shoe must hold at least 20 cards, got {size}.")
    value = -blackjack_shoe.player_expectation(rules, counts)
    resplits = rules.dealer_hands == 1 and (rules.max_hands is None or rules.max_hands > 2)
    return Edge(value, _method(rules, size), RESPLIT if resplits else EXACT)


def _method(rules: Rules, size: int) -> str:
    decisions = ["stand", "hit"]
    if rules.dealer_hands == 1 and rules.double_totals != frozenset():
        decisions.append("double")
    if rules.surrender and rules.dealer_hands == 1:
        decisions.append("surrender")
    if rules.even_money:
        decisions.append("even money")
    splits = rules.dealer_hands == 1 and (rules.max_hands is None or rules.max_hands >= 2)
    method = (f"finite shoe of {size} cards, dealt without replacement: for each dealer's card and each hand of the "
              "player, the dealer's final hand exact over the shoe less the dealer's card and every card of that "
              f"hand; the player's best decision ({', '.join(decisions)}) by the cards of his hand and the dealer's "
              "card")
    if not splits:
        return method + ", which without splitting is the best play there is"
    return method + ("; a split hand played by its own cards, the dealer's and the pair's, valued over the shoe less "
                     "those; for resplits, its worth corrected linearly for each further pair card split off and each "
                     "earlier hand's second card; resplitting up to the best number of hands")
