"""Black Jack: exact probabilities over a shoe, and the house edges of the bets.

The dealer's final hand and the side bets are exact fractions over the shoe's composition, cards dealt without
replacement. The main bet's house edge, which needs the player's best play, is a stated approximation: an exact
answer for the whole round (every card the player draws changing the shoe for the dealer and for the next card,
splits included) is not attempted. The method, returned with the figure:

- for each dealer's card and each pair of first player's cards, the dealer's final hand is computed exactly
  (floating point) over the shoe less those three cards, without replacement;
- the player's further cards are drawn from that same composition, with replacement (they are not removed,
  neither for his next card nor for the dealer), and each decision — stand, hit, double, split, surrender,
  even money — is the best for the dealer's card, the first two cards and the total reached: a strategy that
  depends on the total, refined by the first two cards;
- a split hand is valued alone from its one card, resplits are counted along each branch up to ``max_hands``
  (8 where the rules set no limit);
- insurance is not part of the main bet (see :func:`jokoak.engine.blackjack.insurance_edge`).

>>> p = dealer_probabilities(Rules(), 6)
>>> round(float(p["bust"]), 6), sum(p.values())
(0.422842, Fraction(1, 1))
>>> edge = house_edge(Rules(double_totals=frozenset({9, 10, 11})))
>>> f"{edge.value:.3%}"
'0.609%'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from .blackjack import (
    OUTCOMES,
    PAIRS,
    SEVENS,
    SUITS,
    Card,
    Rules,
    dealer_outcome,
    dealer_stands,
    hand_total,
    pair_category,
    sevens_category,
    shoe,
)

UNLIMITED_HANDS = 8  # where the rules set no limit on splitting, the valuation stops resplitting here

METHOD = ("dealer's final hand exact over the shoe less his card and the player's first two; the player's later "
          "cards drawn from that composition with replacement; best decision by dealer's card, first two cards and "
          "total; split hands valued one at a time, resplits counted along each branch")
PRECISION = ("within 0.005 percentage points of Wizard of Odds' combinatorial figures (Appendix 9) for five to "
             "eight decks, within 0.02 for one deck; decisions and splits approximated as stated")


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

@dataclass(frozen=True)
class Edge:
    """A house edge per unit of the original bet (a float: it is an approximation), with how it was obtained."""

    value: float
    method: str
    precision: str


def house_edge(rules: Rules, counts: Sequence[int] | None = None) -> Edge:
    """The house edge of the main bet (per unit first staked) under the player's best play, from a shoe of
    ``counts`` cards of each value 1-10 (by default the rules' full shoe). In Triple Black Jack each box is a
    Black Jack bet without doubling, splitting or surrender, and that is what is returned for one box.

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
    expected = 0.0
    for up in range(1, 11):
        if not counts[up - 1]:
            continue
        seen = counts.copy()
        seen[up - 1] -= 1
        for a in range(1, 11):
            for b in range(a, 11):
                ways = seen[a - 1] * (seen[b - 1] - (a == b)) * (1 if a == b else 2)
                if ways <= 0:
                    continue
                left = seen.copy()
                left[a - 1] -= 1
                left[b - 1] -= 1
                p = counts[up - 1] / size * ways / ((size - 1) * (size - 2))
                expected += p * _Position(rules, up, left).first_two(a, b)
    return Edge(-expected, METHOD, PRECISION)


def dealer_final(up: int, counts: Sequence[int], hits_soft_17: bool) -> list[float]:
    """The dealer's final hand (in the order of :data:`OUTCOMES`) from ``up``, drawing without replacement from
    ``counts``: the same computation as :func:`dealer_probabilities`, in floating point and faster."""
    left = list(counts)
    memo: dict[int, list[float]] = {}  # by the cards drawn, one base-64 digit per value

    def after(drawn: int, hard: int, ace: bool, cards: int, remaining: int) -> list[float]:
        """The dealer's final hand from a hand that must draw (one card, or under 17)."""
        found = memo.get(drawn)
        if found is not None:
            return found
        result = [0.0] * 7
        for v in range(1, 11):
            n = left[v - 1]
            if not n:
                continue
            share = n / remaining
            now_hard, now_ace = hard + v, ace or v == 1
            soft = now_ace and now_hard <= 11
            total = now_hard + 10 if soft else now_hard
            if total > 17 or (total == 17 and not (soft and hits_soft_17)):  # he stands, or is over
                result[5 if total > 21 else 6 if cards == 1 and total == 21 else total - 17] += share
                continue
            left[v - 1] = n - 1
            child = after(drawn + 64 ** (v - 1), now_hard, now_ace, cards + 1, remaining - 1)
            left[v - 1] = n
            result = [r + share * c for r, c in zip(result, child, strict=True)]
        memo[drawn] = result
        return result

    return after(0, up, up == 1, 1, sum(left))


@dataclass
class _Position:
    """The player's choices against one dealer's card, the shoe less that card and the first two."""

    rules: Rules
    up: int
    left: list[int]
    dealer: list[float] = field(init=False)
    draw: list[float] = field(init=False)
    memo: dict[tuple[int, bool], float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.dealer = dealer_final(self.up, self.left, self.rules.dealer_hits_soft_17)
        size = sum(self.left)
        self.draw = [n / size for n in self.left]
        blackjack = self.dealer[6]
        # "all": a hand pays its whole stake to the dealer's black jack; "original": the round pays its first stake
        self.per_unit_blackjack = blackjack if self.rules.lost_to_dealer_blackjack == "all" else 0.0
        self.round_blackjack = 0.0 if self.rules.lost_to_dealer_blackjack == "all" else blackjack
        self.busted = -(1 - blackjack) - self.per_unit_blackjack
        self.sevens = 0.0  # the dealer's own three sevens, against which the player's push
        if self.up == 7:
            n7, size7 = self.left[6], sum(self.left)
            self.sevens = n7 / size7 * max(n7 - 1, 0) / (size7 - 1)

    def stand(self, total: int) -> float:
        """Per unit staked, a hand standing on ``total`` (not a black jack)."""
        if total > 21:
            return self.busted
        d = self.dealer
        value = d[5] - self.per_unit_blackjack
        for i, dealer_total in enumerate(range(17, 22)):
            value += d[i] if total > dealer_total else -d[i] if total < dealer_total else 0.0
        return value

    def best(self, hard: int, ace: bool) -> float:
        """Per unit, the better of standing and hitting on a hand of ``hard`` points (aces one) holding ``ace``."""
        key = (hard, ace)
        if key not in self.memo:
            total = hard + 10 if ace and hard + 10 <= 21 else hard
            value = self.stand(total)
            if total < 21:
                value = max(value, self.hit(hard, ace))
            self.memo[key] = value
        return self.memo[key]

    def hit(self, hard: int, ace: bool) -> float:
        return sum(p * (self.busted if hard + c > 21 else self.best(hard + c, ace or c == 1))
                   for c, p in enumerate(self.draw, start=1) if p)

    def three_sevens(self) -> float:
        pays = self.rules.three_sevens_pays or 0
        return (1 - self.dealer[6] - self.sevens) * float(pays) - self.per_unit_blackjack

    def hand(self, a: int, b: int, after_split: bool) -> float:
        """Per unit, the best play of a two-card hand other than splitting it and other than a black jack."""
        rules = self.rules
        hard, ace = a + b, 1 in (a, b)
        value = self.best(hard, ace)
        if rules.three_sevens_pays is not None and a == b == 7:
            value = max(self.stand(14), sum(p * (self.three_sevens() if c == 7 else self.busted if 14 + c > 21
                                                 else self.best(14 + c, c == 1))
                                            for c, p in enumerate(self.draw, start=1) if p))
        if self.may_double(a, b, after_split):
            doubled = sum(p * self.stand(self.doubled_total(a, b, c)) for c, p in enumerate(self.draw, start=1) if p)
            value = max(value, 2 * doubled)
        return value

    def doubled_total(self, a: int, b: int, c: int) -> int:
        held = sum(v == 1 for v in (a, b)) if self.rules.double_ace_counts_one else 0
        return hand_total([a, b, c], held)[0]

    def may_double(self, a: int, b: int, after_split: bool) -> bool:
        rules = self.rules
        if rules.dealer_hands != 1 or (after_split and not rules.double_after_split):
            return False
        if a == b == 1 and not rules.double_pair_of_aces:
            return False
        if rules.double_totals is None:
            return True
        best, soft = hand_total([a, b])
        return (a + b in rules.double_totals) if soft and rules.double_soft else best in rules.double_totals

    def split(self, a: int) -> float:
        """Per first stake, splitting a pair of ``a``: two hands valued one at a time."""
        rules = self.rules
        cap = rules.max_hands or UNLIMITED_HANDS
        if cap < 2 or rules.dealer_hands != 1:
            return float("-inf")
        values: dict[int, float] = {}
        for hands in range(cap, 1, -1):
            total = 0.0
            for c, p in enumerate(self.draw, start=1):
                if not p:
                    continue
                if a == 1:
                    one = self.stand(hand_total([1, c])[0])
                    again = rules.resplit_aces and c == 1 and hands < cap
                else:
                    one = self.hand(a, c, after_split=True)
                    again = c == a and hands < cap
                total += p * (max(one, 2 * values[hands + 1]) if again else one)
            values[hands] = total
        return 2 * values[2]

    def first_two(self, a: int, b: int) -> float:
        """Per unit first staked, the best play of the first two cards."""
        rules, blackjack = self.rules, self.dealer[6]
        if {a, b} == {1, 10}:
            paid = (1 - blackjack) * float(rules.blackjack_pays)
            return max(paid, 1.0) if rules.even_money and self.up == 1 else paid
        value = self.hand(a, b, after_split=False)
        if a == b:
            value = max(value, self.split(a))
        value -= self.round_blackjack
        if rules.surrender and self.up != 1 and rules.dealer_hands == 1:
            value = max(value, -0.5)
        return value
