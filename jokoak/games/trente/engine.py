"""Treinta y cuarenta: a coup dealt from the cards, its settlement, and its exact probabilities.

Two rows are dealt face up from a shoe of French cards, the black row («negra») first: cards go to
a row until its total reaches 31 or more, so every row ends between 31 and 40. The row nearer to 31
(the lower) wins. «Color» wins when the winning row is of the colour of the black row's first card,
«inverso» when it is not. Equal rows void the coup, except at 31: then the regulation applies the
roulette's zero rule to the bets (the «refait»), unless the bet was insured for a premium.

Cards are written rank and suit: ``"K♠"``, ``"10♥"``, ``"A♦"``; ace 1, pictures 10. Only the first
card needs its suit.

>>> coup = deal("7♥ 10 K 4   9 J 4 10")   # black row 7+10+10+4 = 31, red row 9+10+4+10 = 33
>>> coup
Coup(negro=31, rojo=33, first='rojo', cards=8)
>>> sorted(outcomes(coup).items())
[('color', 'pierde'), ('inverso', 'gana'), ('negro', 'gana'), ('rojo', 'pierde')]
>>> p = outcome_probabilities(coup_probabilities(shoe(6)))
>>> f"{float(p['refait']):.4%}"
'2.1891%'
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, factorial

from ...engine.prison import ZeroRule
from ...engine.result import Result
from ...engine.steps import Step

BETS = ("negro", "rojo", "color", "inverso")
TOP = 30  # a row keeps drawing while its total is 30 or less
RANKS = {"A": 1, "J": 10, "Q": 10, "K": 10, **{str(n): n for n in range(2, 11)}}
SUITS = {"♠": "negro", "♣": "negro", "♥": "rojo", "♦": "rojo"}
CUT = "corte"  # the red card placed before the last cards of the shoe


@dataclass(frozen=True)
class Rules:
    """The options of one regulation's treinta y cuarenta."""

    decks: int
    """French decks of 52 in the shoe («seis barajas … de 52 cartas cada una»)."""
    refait: ZeroRule
    """What a bet suffers when both rows make 31: «las mismas disposiciones que regulan el sistema del
    cero en la ruleta», i.e. the zero rule of the same regulation's roulette."""
    insurance_rate: Fraction
    """The premium that insures a bet against the refait, per unit staked («el depósito del 1 por 100
    del importe de la apuesta»); the house keeps it whatever the coup."""
    insurance_minimum: Fraction | None
    """The smallest bet that may be insured («iguales o superiores a mil pesetas»); ``None`` where the
    text has lost the amount."""
    payout: Fraction = Fraction(1)
    """What a winning bet is paid per unit («el equivalente de su apuesta»: even money)."""
    reserved: int = 5
    """Cards behind the red cut card («delante de las cinco últimas cartas»); the coup in which the
    red card appears is void."""


@dataclass(frozen=True)
class Card:
    value: int
    colour: str | None  # "negro", "rojo", or None when the suit was not written


@dataclass(frozen=True)
class Coup:
    negro: int
    rojo: int
    first: str  # the colour of the black row's first card
    cards: int


def parse_card(text: str) -> Card:
    """One card: rank (A, 2-10, J, Q, K) and, optionally, suit (♠ ♣ ♥ ♦).

    >>> parse_card("Q♦")
    Card(value=10, colour='rojo')
    >>> parse_card("1♦")
    Traceback (most recent call last):
    ...
    ValueError: «1♦» is not a card: write its rank (A, 2-10, J, Q, K) and optionally its suit (♠ ♣ ♥ ♦)
    """
    suit = text[-1] if text and text[-1] in SUITS else ""
    rank = text[: len(text) - len(suit)].upper()
    if rank not in RANKS:
        raise ValueError(f"«{text}» is not a card: write its rank (A, 2-10, J, Q, K) and optionally its suit (♠ ♣ ♥ ♦)")
    return Card(RANKS[rank], SUITS.get(suit))


def _cards(cards: str | Sequence[str]) -> list[str]:
    return cards.split() if isinstance(cards, str) else list(cards)


def deal(cards: str | Sequence[str]) -> Coup:
    """The coup the cards make, in the order dealt: the black row until it reaches 31, then the red
    row until it does. The first card must show its suit; no card may be left over.

    >>> deal("A♠ 10 10 9 K   10 10 10 A")
    Coup(negro=40, rojo=31, first='negro', cards=9)
    >>> deal("A♠ 10 10 9 K 10")
    Traceback (most recent call last):
    ...
    ValueError: the red row stops at 10 after 6 cards: more cards are needed
    """
    parsed = [parse_card(card) for card in _cards(cards)]
    if not parsed or parsed[0].colour is None:
        raise ValueError("the black row's first card must be written with its suit (its colour decides «color»)")
    totals, row = [0, 0], 0
    for index, card in enumerate(parsed):
        if row == 2:
            raise ValueError(f"{len(parsed) - index} card(s) left over after both rows reached 31")
        totals[row] += card.value
        if totals[row] > TOP:
            row += 1
    if row < 2:
        name = "black" if row == 0 else "red"
        raise ValueError(f"the {name} row stops at {totals[row]} after {len(parsed)} cards: more cards are needed")
    return Coup(totals[0], totals[1], parsed[0].colour, len(parsed))


def rows(cards: str | Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cards of the black row and of the red row, as dealt in one coup.

    >>> rows("7♥ 10 K 4 9 J 4 10")
    (('7♥', '10', 'K', '4'), ('9', 'J', '4', '10'))
    """
    listed = _cards(cards)
    deal(listed)  # a whole coup, or an error
    total, split = 0, 0
    while total <= TOP:
        total += parse_card(listed[split]).value
        split += 1
    return tuple(listed[:split]), tuple(listed[split:])


def outcomes(coup: Coup) -> dict[str, str]:
    """Each bet's fate: «gana», «pierde», «nulo» (equal rows above 31: the coup is void) or «refait»
    (both rows 31)."""
    if coup.negro == coup.rojo:
        fate = "refait" if coup.negro == TOP + 1 else "nulo"
        return dict.fromkeys(BETS, fate)
    winner = "negro" if coup.negro < coup.rojo else "rojo"
    colour = "color" if winner == coup.first else "inverso"
    return {bet: "gana" if bet in (winner, colour) else "pierde" for bet in BETS}


@dataclass
class _Prisoner:
    bet: str
    value: Fraction  # what comes back if freed


def play(rules: Rules, bets: Mapping[str, int | str | Fraction], coups: Sequence[str | Sequence[str]], *,
         insured: Collection[str] = (), on_refait: str | Sequence[str] = "half", last_coup: bool = False,
         minimum: int | str | Fraction | None = None) -> Result:
    """Place ``bets`` (``{"negro": 100}``), insure those named in ``insured``, then deal ``coups``.

    A coup whose cards end with ``"corte"`` (the red card came out) is void: everything is given back.
    A void coup (equal rows above 31) gives the stakes back. On a refait an insured bet is given back
    and its premium kept; an uninsured one follows the roulette's zero rule, ``on_refait`` being the
    player's choice, ``"half"`` or ``"prison"`` (one for all, or one per refait). A bet in prison is
    decided by the next coups: freed (given back) if it wins, lost if it loses, kept through a void
    coup, worth half as much after each further refait. More coups than needed are an error. The
    result's steps tell the rows of each coup, which bets win, the rule applied and each settlement
    (:mod:`jokoak.engine.steps`).

    >>> rules = Rules(6, ZeroRule(True, True, True), Fraction(1, 100), None)
    >>> play(rules, {"negro": 100, "color": 50}, ["7♥ 10 K 4 9 J 4 10"])
    staked=150 returned=200 net=+50
    >>> refait = "10♠ 10 10 A 10 10 10 A"
    >>> result = play(rules, {"rojo": 100}, [refait], insured={"rojo"})
    >>> result
    staked=101 returned=100 net=-1
    >>> [step.key for step in result.steps]
    ['premium', 'black-row', 'red-row', 'refait', 'refait-insured']
    >>> play(rules, {"rojo": 100}, [refait, "7♥ 10 K 4 9 J 4 10"], on_refait="prison")
    staked=100 returned=0 net=-100
    """
    choices = [on_refait] if isinstance(on_refait, str) else list(on_refait)
    if any(choice not in ("half", "prison") for choice in choices):
        raise ValueError(f"on_refait must be 'half' or 'prison', got {on_refait!r}")
    if not coups:
        raise ValueError("at least one coup is needed")
    stakes = {bet: Fraction(stake) for bet, stake in bets.items()}
    unknown = sorted(set(stakes) - set(BETS)) + sorted(set(insured) - set(stakes))
    if unknown:
        raise ValueError(f"no bet {unknown[0]!r} to settle or insure (bets: {', '.join(BETS)})")
    for bet in insured:
        if rules.insurance_minimum is not None and stakes[bet] < rules.insurance_minimum:
            raise ValueError(f"a bet of {stakes[bet]} on {bet} is below {rules.insurance_minimum}, "
                             "the smallest bet that may be insured")
    premiums = sum((stakes[bet] * rules.insurance_rate for bet in insured), Fraction(0))
    table = _Table(rules, None if minimum is None else Fraction(minimum), choices, isinstance(on_refait, str))
    table.steps += [Step("premium", "insurance", {"bet": bet, "stake": stakes[bet], "rate": rules.insurance_rate,
                                                  "premium": stakes[bet] * rules.insurance_rate})
                    for bet in stakes if bet in insured]
    for index, cards in enumerate(coups):
        if index and not table.prison:
            raise ValueError(f"every bet was settled before coup {index + 1}")
        listed = _cards(cards)
        if any(card.lower() == CUT for card in listed[:-1]):
            raise ValueError("no card can follow the red card: the coup in progress is void")
        if listed and listed[-1].lower() == CUT:
            table.steps.append(Step("red-card", "red_card", {"index": index + 1}))
            if index == 0:  # the coup is void: every stake and premium goes back
                if len(coups) > 1:
                    raise ValueError("every bet was given back in coup 1 (the red card came out)")
                for bet, stake in stakes.items():
                    table.steps.append(Step("void", "red_card", {"bet": bet, "stake": stake}))
                    if bet in insured:
                        table.steps.append(Step("premium-returned", "red_card",
                                                {"bet": bet, "premium": stake * rules.insurance_rate}))
                total = sum(stakes.values(), Fraction(0)) + premiums
                return Result(total, total, tuple(table.steps))
            table.steps += [Step("prison-waits", "red_card", {"bet": p.bet, "value": p.value})
                            for p in table.prison or []]
            continue  # bets in prison wait for a coup that counts
        coup = deal(listed)
        table.dealt(index + 1, coup, rows(listed))
        table.coup(outcomes(coup), stakes if index == 0 else {}, set(insured), last_coup and index == len(coups) - 1)
    if table.prison:
        raise ValueError("a bet is still in prison after the last coup")
    return Result(sum(stakes.values(), Fraction(0)) + premiums, table.returned, tuple(table.steps))


@dataclass
class _Table:
    rules: Rules
    minimum: Fraction | None
    choices: list[str]
    one_choice: bool
    returned: Fraction = Fraction(0)
    prison: list[_Prisoner] | None = None
    steps: list[Step] = field(default_factory=list)

    def choice(self) -> str:
        if self.one_choice:
            return self.choices[0]
        if not self.choices:
            raise ValueError("more refaits than choices in on_refait")
        return self.choices.pop(0)

    def dealt(self, index: int, coup: Coup, cards: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
        """The steps of a coup's deal: its two rows, then which row wins and whether «color» or «inverso» does,
        or the equal rows."""
        self.steps.append(Step("black-row", "rows", {"index": index, "cards": cards[0], "points": coup.negro}))
        self.steps.append(Step("red-row", "rows", {"cards": cards[1], "points": coup.rojo}))
        if coup.negro == coup.rojo:
            self.steps.append(Step("refait" if coup.negro == TOP + 1 else "tie",
                                   "refait" if coup.negro == TOP + 1 else "tie", {"points": coup.negro}))
            return
        winner = "negro" if coup.negro < coup.rojo else "rojo"
        self.steps.append(Step(f"winner-{winner}", f"bet:{winner}", {"negro": coup.negro, "rojo": coup.rojo}))
        colour = "color" if winner == coup.first else "inverso"
        self.steps.append(Step("colour", f"bet:{colour}", {"card": cards[0][0], "first": coup.first,
                                                          "winner": winner, "colour": colour}))

    def refait(self, bet: str, value: Fraction, last: bool, kept: list[_Prisoner]) -> None:
        """A refait with ``value`` at stake: the roulette's zero rule, as in roulette._Table.zero."""
        rule = self.rules.refait
        if rule.loses_all:
            self.steps.append(Step("refait-loses", "refait", {"bet": bet, "stake": value}))
            return
        halved = value / 2
        stays = rule.below_minimum_stays and self.minimum is not None and halved < self.minimum
        values = {"bet": bet, "stake": value, "returned": halved, "minimum": self.minimum or Fraction(0)}
        if (last and rule.last_spin_refund) or not rule.prison:
            self.returned += halved
            self.steps.append(Step("refait-last-coup" if rule.prison else "refait-half", "refait", values))
        elif self.choice() == "prison" or stays:
            kept.append(_Prisoner(bet, value))
            self.steps.append(Step("refait-prison-below-minimum" if stays else "refait-prison", "refait", values))
        else:
            self.returned += halved
            self.steps.append(Step("refait-half", "refait", values))

    def coup(self, fates: Mapping[str, str], stakes: Mapping[str, Fraction], insured: set[str], last: bool) -> None:
        kept: list[_Prisoner] = []
        for prisoner in self.prison or []:
            fate = fates[prisoner.bet]
            if fate == "gana":
                self.returned += prisoner.value
                self.steps.append(Step("prison-freed", "refait", {"bet": prisoner.bet, "returned": prisoner.value}))
            elif fate == "nulo":
                kept.append(prisoner)
                self.steps.append(Step("prison-waits", "tie", {"bet": prisoner.bet, "value": prisoner.value}))
            elif fate == "refait":
                self.steps.append(Step("prison-halved", "refait", {"bet": prisoner.bet, "value": prisoner.value / 2}))
                self.refait(prisoner.bet, prisoner.value / 2, last, kept)
            else:
                self.steps.append(Step("prison-lost", "refait", {"bet": prisoner.bet, "stake": prisoner.value}))
        for bet, stake in stakes.items():
            fate = fates[bet]
            if fate == "gana":
                self.returned += stake * (1 + self.rules.payout)
                self.steps.append(Step("win", f"bet:{bet}", {"bet": bet, "stake": stake, "payout": self.rules.payout,
                                                             "returned": stake * (1 + self.rules.payout)}))
            elif fate == "nulo" or (fate == "refait" and bet in insured):
                self.returned += stake
                self.steps.append(Step("void" if fate == "nulo" else "refait-insured",
                                       "tie" if fate == "nulo" else "insurance", {"bet": bet, "stake": stake}))
            elif fate == "refait":
                self.refait(bet, stake, last, kept)
            else:
                self.steps.append(Step("lose", f"bet:{bet}", {"bet": bet, "stake": stake}))
        self.prison = kept


def shoe(decks: int) -> tuple[int, ...]:
    """The count of cards of each value 1-10 in ``decks`` French decks of 52 (pictures count 10)."""
    return (*([4 * decks] * 9), 16 * decks)


# Exact probabilities. A row is a set of cards of total s <= 30 («pre» cards, in any order) and a last
# card c with s + c >= 31. For a shoe of N cards, n_v of value v, a deal of the pre-cards m (sizes k1,
# k2) and last cards c1, c2 has probability k1! k2! / N_(K) · prod_v (n_v)_(a_v) / (m1_v! m2_v!),
# a = m1 + m2 + c1 + c2, K = k1 + k2 + 2 (falling factorials). Taking c1 and c2 out first,
# prod_v (n_v)_(a_v) = n_c1 (n_c2 - [c1 = c2]) prod_v (n'_v)_(m_v), n' = n - c1 - c2, and
# prod_v (n'_v)_(m_v) / (m1_v! m2_v!) is the coefficient of the pre-cards in
# prod_v (1 + u_v + w_v)^(n'_v), u_v = y x^v and w_v = t z^v marking a card of the first and of the
# second row (x, z count points; y, t count cards). That polynomial, truncated at 30 points a row, is
# built once for the full shoe and divided by (1 + u_c + w_c) to take out a last card of value c.

def _states() -> list[tuple[int, int]]:
    """A row's pre-cards as (points, cards), points 0-30, ordered so that removing a card comes first."""
    return [(s, k) for s in range(TOP + 1) for k in range(s + 1)]


STATES = _states()
INDEX = {state: i for i, state in enumerate(STATES)}


def _polynomial(counts: Sequence[int], rows: int) -> list[int]:
    """Coefficients of prod_v (1 + u_v [+ w_v])^(n_v), a flat list by row states (i1 * len(STATES) + i2
    for two rows), each row's points kept to 30 or less."""
    size = len(STATES)
    poly = [0] * size ** rows
    poly[0] = 1
    for value in range(1, 11):
        n = counts[value - 1]
        most = min(n, TOP // value)
        step = [[INDEX.get((s + a * value, k + a), -1) if s + a * value <= TOP else -1 for s, k in STATES]
                for a in range(most + 1)]
        rows_used = [(i1, [(i2, w) for i2, w in enumerate(poly[i1 * size:(i1 + 1) * size]) if w])
                     for i1 in range(size if rows == 2 else 1)]
        rows_used = [(i1, used) for i1, used in rows_used if used]
        grown = [0] * len(poly)
        for a in range(most + 1):
            for b in range(min(n - a, most) + 1 if rows == 2 else 1):
                ways = comb(n, a) * comb(n - a, b)
                moved2 = step[b if rows == 2 else a]
                for i1, used in rows_used:
                    j1 = step[a][i1] if rows == 2 else 0
                    if j1 < 0:
                        continue
                    dst = j1 * size
                    for i2, w in used:
                        j2 = moved2[i2]
                        if j2 >= 0:
                            grown[dst + j2] += w * ways
        poly = grown
    return poly


def _divide(poly: Sequence[int], value: int, rows: int) -> list[int]:
    """``poly`` / (1 + u_value [+ w_value]): the same sums with one card of ``value`` fewer in the shoe."""
    size = len(STATES)
    back = [INDEX.get((s - value, k - 1), -1) for s, k in STATES]
    inner = [(i, j) for i, j in enumerate(back) if j >= 0]
    if rows == 1:
        quotient = list(poly)
        for i, j in inner:
            quotient[i] -= quotient[j]
        return quotient
    quotient = [0] * len(poly)
    for i1 in range(size):
        row = list(poly[i1 * size:(i1 + 1) * size])
        if back[i1] >= 0:
            j = back[i1] * size
            row = [a - b for a, b in zip(row, quotient[j:j + size], strict=True)]
        for i, j in inner:
            row[i] -= row[j]
        quotient[i1 * size:(i1 + 1) * size] = row
    return quotient


def row_probabilities(counts: Sequence[int]) -> dict[int, Fraction]:
    """Exact probability of each total 31-40 of the first row dealt from a shoe of ``counts``
    (cards of value 1-10), every card dealt without replacement.

    >>> p = row_probabilities(shoe(6))
    >>> [round(float(p[t]), 4) for t in (31, 35, 40)]
    [0.1481, 0.1062, 0.0516]
    """
    size, poly = sum(counts), _polynomial(counts, 1)
    found: dict[int, int] = {}
    for last in range(1, 11):
        if counts[last - 1]:
            for (s, k), ways in zip(STATES, _divide(poly, last, 1), strict=True):
                if ways and s + last > TOP:
                    found[s + last] = found.get(s + last, 0) + counts[last - 1] * ways * factorial(k) \
                        * factorial(size - k - 1)
    return {total: Fraction(w, factorial(size)) for total, w in sorted(found.items())}


@functools.lru_cache(maxsize=4)
def coup_probabilities(counts: tuple[int, ...]) -> dict[tuple[int, int], Fraction]:
    """Exact probability of each pair of totals (black row, red row) of a coup dealt from a full shoe
    of ``counts`` (cards of value 1-10), the red row dealt from what the black row left. Six decks
    take several seconds; the result is kept for the next call.

    >>> p = coup_probabilities(shoe(1))
    >>> sum(p.values()), round(float(p[31, 31]), 5)
    (Fraction(1, 1), 0.02174)
    """
    size, states, poly = sum(counts), len(STATES), _polynomial(counts, 2)
    bins: dict[tuple[int, int, int], int] = {}  # (T1, T2, cards) -> weight without the (N - K)! factor
    fact = [factorial(i) for i in range(max(size, TOP) + 1)]
    firsts = {c: _divide(poly, c, 2) for c in range(1, 11) if counts[c - 1]}
    for c1, first in firsts.items():
        for c2 in range(c1, 11):
            if counts[c2 - 1] - (c1 == c2) <= 0:
                continue
            quotient = _divide(first, c2, 2)
            ways = counts[c1 - 1] * (counts[c2 - 1] - (c1 == c2))
            for last1, last2 in {(c1, c2), (c2, c1)}:
                ends1 = [(i, s + last1, fact[k]) for i, (s, k) in enumerate(STATES) if s + last1 > TOP]
                ends2 = [(i, s + last2, fact[k], k) for i, (s, k) in enumerate(STATES) if s + last2 > TOP]
                for i1, t1, f1 in ends1:
                    k1 = STATES[i1][1]
                    base = i1 * states
                    for i2, t2, f2, k2 in ends2:
                        w = quotient[base + i2]
                        if w:
                            key = (t1, t2, k1 + k2 + 2)
                            bins[key] = bins.get(key, 0) + ways * w * f1 * f2
    found: dict[tuple[int, int], int] = {}
    for (t1, t2, cards), w in bins.items():
        found[t1, t2] = found.get((t1, t2), 0) + w * fact[size - cards]
    return {key: Fraction(w, fact[size]) for key, w in sorted(found.items())}


def outcome_probabilities(pairs: Mapping[tuple[int, int], Fraction]) -> dict[str, Fraction]:
    """«negro» and «rojo» (that row wins), «empate» (equal rows above 31: void) and «refait» (31-31)
    from the probabilities of the pairs of totals. «color» and «inverso» each win half of the decisive
    coups: a full shoe holds as many red as black cards of each value, so swapping the colours of
    every card is a one-to-one map between deals that keeps the totals and changes the first card's
    colour."""
    found = dict.fromkeys(("negro", "rojo", "empate", "refait"), Fraction(0))
    for (black, red), p in pairs.items():
        key = "negro" if black < red else "rojo" if red < black else "refait" if black == TOP + 1 else "empate"
        found[key] += p
    found["color"] = found["inverso"] = (found["negro"] + found["rojo"]) / 2
    return found


def house_edges(rules: Rules, p: Mapping[str, Fraction], on_refait: str = "half") -> dict[str, Fraction]:
    """The house edge per unit staked on each bet, and on each insured bet (``"negro asegurado"``:
    the premium counted as a loss per unit of the bet it insures), from :func:`outcome_probabilities`.

    On a refait an uninsured bet keeps half its stake («half»), nothing (a zero rule that loses all),
    or goes to prison («prison»): there it is freed if it wins, lost if it loses, kept through void
    coups and halved by further refaits, so a unit in prison is worth c = P(win) + P(void)·c +
    P(refait)·c/2, each later coup taken with the probabilities of ``p``.

    >>> rules = Rules(6, ZeroRule(True, True, True), Fraction(1, 100), None)
    >>> p = outcome_probabilities(coup_probabilities(shoe(6)))
    >>> edges = house_edges(rules, p)
    >>> [f"{float(edges[bet]):.4%}" for bet in ("negro", "negro asegurado")]
    ['1.0946%', '1.0000%']
    """
    if on_refait not in ("half", "prison"):
        raise ValueError(f"on_refait must be 'half' or 'prison', got {on_refait!r}")
    edges: dict[str, Fraction] = {}
    for bet in BETS:
        win = p[bet]
        if rules.refait.loses_all:
            kept = Fraction(0)
        elif rules.refait.prison and on_refait == "prison":
            kept = win / (1 - p["empate"] - p["refait"] / 2)
        else:
            kept = Fraction(1, 2)
        base = win * (1 + rules.payout) + p["empate"]
        edges[bet] = 1 - (base + p["refait"] * kept)
        edges[f"{bet} asegurado"] = 1 - (base + p["refait"] - rules.insurance_rate)
    return edges
