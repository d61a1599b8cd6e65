"""Banked five-card poker: «póquer sin descarte» (Caribbean stud) and «póquer con descarte» (five-card draw).

The player antes, sees his five cards and says «voy» (adding a second bet, twice the ante at both regulations)
or «paso» (losing the ante). The bank plays only with a qualifying hand («un As y un Rey, o una combinación
superior», 000:3253; «pareja de ochos o superior» after its discard, 000:3608-3610): otherwise the ante is paid
1 to 1 and the second bet returned. A bank that plays is compared with the player: the better hand wins, the
ante at evens and the second bet by the pay table; equal hands push. In the draw game the player discards up to
two cards and the bank draws by fixed rules (000:3585-3610). Everything the texts set is data in :class:`Rules`.

>>> from fractions import Fraction as F
>>> from jokoak.engine.poker import Category as C
>>> table = Rules(pays=((Minimum(C.PAIR), F(1)), (Minimum(C.HIGH_CARD), F(1))),
...               qualification=Minimum(C.HIGH_CARD, (12, 11)))
>>> play(table, {"ante": 10}, "Ah Ad 7c 5s 2h  Kc Qd 9h 4s 3c".split(), "voy")  # the bank does not qualify
staked=30 returned=40 net=+10
>>> play(table, {"ante": 10}, "Ah Ad 7c 5s 2h  Ac Kd 9h 4s 3c".split(), "voy")  # the pair beats A-K: 1 to 1
staked=30 returned=60 net=+30
>>> play(table, {"ante": 10}, "Ah Ad 7c 5s 2h  Ac Kd 9h 4s".split(), "voy")
Traceback (most recent call last):
ValueError: The coup needs 10 cards (the player's five, then the bank's five), not 9.

The result keeps the steps the engine applied (:mod:`jokoak.engine.steps`), each naming its rule:

>>> [(s.key, s.rule) for s in play(table, {"ante": 10}, "Ah Ad 7c 5s 2h  Ac Kd 9h 4s 3c".split(), "voy").steps]
... # doctest: +NORMALIZE_WHITESPACE
[('player-cards', 'hand:pair'), ('voy', 'voy'), ('bank-cards', 'hand:high-card'), ('bank-plays', 'qualification'),
 ('showdown', 'ante_pays'), ('win', 'ante_pays'), ('second-line', 'pays:0')]
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, lcm
from typing import Literal

import numpy as np
import numpy.typing as npt

from ...engine.poker import ACE, FIVE_CARD, Category, Hand, categories, combinations, dealt, name, values
from ...engine.poker import Rules as Ranking
from ...engine.result import Edge, Result
from ...engine.steps import Step

C = Category
STRAIGHTS = (C.STRAIGHT, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH)


@dataclass(frozen=True)
class Minimum:
    """The least hand that reaches a line of a table: a ``category`` and, within it, the least leading
    ``ranks`` (0 the 2 … 12 the ace), compared card by card from the highest. ``Minimum(C.HIGH_CARD, (12, 11))``
    is «un As y un Rey, o una combinación superior» (000:3253); ``Minimum(C.PAIR, (6,))`` a pair of eights."""

    category: Category
    ranks: tuple[int, ...] = ()

    def admits(self, hand: Hand) -> bool:
        """Whether ``hand`` is this minimum or better."""
        if hand.category != self.category:
            return hand.category > self.category
        return hand.ranks[:len(self.ranks)] >= self.ranks

    def threshold(self, wheel: Literal["low", "second"] = "low") -> int:
        """The least hand value (of :func:`jokoak.engine.poker.values`) this minimum admits."""
        return _threshold(self, wheel)


@functools.cache
def _distinct_values(wheel: str) -> npt.NDArray[np.int32]:
    return np.unique(values(combinations(52, 5), FIVE_CARD, Ranking(wheel=wheel)))  # type: ignore[arg-type]


@functools.cache
def _threshold(minimum: Minimum, wheel: str) -> int:
    return min(int(v) for v in _distinct_values(wheel) if minimum.admits(Hand(int(v))))


@dataclass(frozen=True)
class Share:
    """A prize that is a share of the accumulated jackpot («el diez por ciento del acumulado», 000:3304)."""

    fraction: Fraction


@dataclass(frozen=True)
class SideBet:
    """A bet on the player's own hand, whatever the bank holds. ``prizes``: category -> a fixed payout «N a 1»
    (a Fraction: the stake is returned with N times it) or a :class:`Share` of the jackpot (the share alone);
    a hand of a category not listed loses. ``drawn_prizes`` (con descarte only): the prizes of a hand made after
    discarding (000:3668-3674); ``prizes`` then count only for the five cards as dealt. A bet on the dealt
    cards is judged whether the player says «voy» or «paso» (the texts make it «independiente»)."""

    prizes: Mapping[Category, Fraction | Share]
    drawn_prizes: Mapping[Category, Fraction | Share] = field(default_factory=dict)


@dataclass(frozen=True)
class Rules:
    """One regulation's version of a game (the catalogue builds it from YAML).

    ``pays``: the second bet's pay table, best line first, each a :class:`Minimum` and its payout «N a 1»
    («se paga N veces la apuesta», 000:3141-3181, 000:3451-3483). A hand that beats the bank but reaches no line
    wins the ante only, the second bet being returned. Only the highest line is paid (000:3263-3264).
    ``qualification``: the bank's least playing hand (000:3253-3254; 000:3608-3610, after its discard).
    ``raise_multiple``: the second bet in antes («añadiendo una cantidad doble», 000:3245-3247).
    ``ante_pays``: the ante's payout when the bank does not qualify (1 por 1, 000:3254-3255) and when the player
    wins (a la par, 000:3261-3262). ``tie_cards``: for the categories whose ties the text settles by fewer
    cards than the whole hand, how many ranks are compared (con descarte: a flush by «la carta de mayor valor»
    only, a pair by the pair and then «la carta de mayor valor de las restantes», 000:3508-3522); equal hands push.
    ``wheel``: A-2-3-4-5 is the lowest straight (the ace «podrá ser el valor mayor o menor», 000:3069-3072).
    ``discards``: how many cards the player may change (0 sin descarte; «hasta dos», 000:3575). ``bank_draw``:
    the bank's discard rules 1-7 (000:3585-3608), None without a draw. ``buy_price``: the price of «comprar una
    carta» in antes (000:3341-3351), None where the game has no such option. ``side_bets``: id -> SideBet (the
    seguro, the jackpot...), each lost when the player buys a card (000:3353-3359)."""

    pays: tuple[tuple[Minimum, Fraction], ...]
    qualification: Minimum
    raise_multiple: Fraction = Fraction(2)
    ante_pays: Fraction = Fraction(1)
    tie_cards: Mapping[Category, int] = field(default_factory=dict)
    wheel: Literal["low", "second"] = "low"
    discards: int = 0
    bank_draw: BankDraw | None = None
    buy_price: Fraction | None = None
    side_bets: Mapping[str, SideBet] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if (self.discards > 0) != (self.bank_draw is not None):
            raise ValueError("A game with discards needs the bank's drawing rules, and only such a game has them.")
        if any(c in STRAIGHTS or not 1 <= n <= 5 for c, n in self.tie_cards.items()):
            raise ValueError("Ties are cut to 1 to 5 ranks, and never for straights (their top card decides).")


@dataclass(frozen=True)
class BankDraw:
    """The bank's discard (000:3585-3608): with a straight or better it keeps its cards (1); it keeps trips (2),
    two pairs (3), a pair and the highest odd card (4); otherwise it draws to four of a suit (5), then to four
    consecutive ranks (6), else it changes its two lowest cards (7). ``ace_low_run``: whether A-2-3-4 counts as
    four consecutive values in rule 6 («superiores o iguales al 2», 000:3603-3605, read by default as: no)."""

    ace_low_run: bool = False


# --- hands ---------------------------------------------------------------------------------------------

def hand_values(rules: Rules, hands: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """The value of each five-card hand (one a row) under the game's ranking."""
    found: npt.NDArray[np.int32] = values(np.asarray(hands), FIVE_CARD, Ranking(wheel=rules.wheel))
    return found


def compare_keys(rules: Rules, hand_values: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """The values with the ranks the tie rules do not compare cleared: equal keys push.

    >>> from jokoak.engine.poker import Category as C, parse
    >>> rules = Rules(((Minimum(C.PAIR, (6,)), Fraction(1)),), Minimum(C.PAIR, (6,)), tie_cards={C.PAIR: 2})
    >>> a, b = hand_values(rules, [parse("9h 9d Ac 7s 3h"), parse("9s 9c Ad 6s 2h")])
    >>> int(compare_keys(rules, np.array([a]))[0]) == int(compare_keys(rules, np.array([b]))[0])
    True
    """
    keys = np.array(hand_values, np.int32)
    cats = categories(keys)
    for category, kept in rules.tie_cards.items():
        cleared = np.int32((1 << (20 - 4 * kept)) - 1)
        keys[cats == category] &= ~cleared
    return keys


def payout(rules: Rules, hand_values: npt.NDArray[np.int32]) -> npt.NDArray[np.object_]:
    """The second bet's payout (a Fraction, «N a 1») of each hand that beats a qualifying bank; 0 below
    every line of the table."""
    found = np.full(len(hand_values), Fraction(0), object)
    done = np.zeros(len(hand_values), bool)
    for minimum, pays in rules.pays:
        hit = (hand_values >= minimum.threshold(rules.wheel)) & ~done
        found[hit] = pays
        done |= hit
    return found


def bank_discards(rules: BankDraw, hands: npt.ArrayLike) -> npt.NDArray[np.bool_]:
    """Which of each hand's five cards the bank throws away, by rules 1-7 of 000:3585-3608.

    >>> from jokoak.engine.poker import name, parse
    >>> def thrown(text):
    ...     hand = parse(text)
    ...     return [name(c) for c, out in zip(hand, bank_discards(BankDraw(), [hand])[0]) if out]
    >>> thrown("Kh Kd 9c 5s 2h"), thrown("Ah Kh 9h 5h 2c"), thrown("Ah Qd 9h 5c 2c"), thrown("9h Td Jc Qs 3c")
    (['5s', '2h'], ['2c'], ['5c', '2c'], ['3c'])
    """
    cards = np.asarray(hands, np.int64).reshape(-1, 5)
    cats = categories(values(cards))
    ranks, suits = cards // 4, cards % 4
    same_rank = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    same_suit = (suits[:, :, None] == suits[:, None, :]).sum(axis=2)
    out = np.zeros(cards.shape, bool)
    made = (cats == C.THREE_OF_A_KIND) | (cats == C.TWO_PAIR)
    out[made] = same_rank[made] == 1
    pair = cats == C.PAIR
    odd_rank = np.where(same_rank == 1, ranks, -1)
    out[pair] = (same_rank == 1)[pair] & (odd_rank != odd_rank.max(axis=1, keepdims=True))[pair]
    high = cats == C.HIGH_CARD
    four_suit = high & (same_suit.max(axis=1) == 4)
    out[four_suit] = same_suit[four_suit] == 1
    rest = high & ~four_suit
    bits = (1 << ranks).sum(axis=1)  # five different ranks here
    windows = [sum(1 << (low + i) for i in range(4)) for low in range(10)]
    if rules.ace_low_run:
        windows.append((1 << ACE) | 0b111)
    run_done = np.zeros(len(cards), bool)
    for window in windows:
        hit = rest & ~run_done & (bits & window == window)
        out[hit] = (1 << ranks[hit]) & window == 0
        run_done |= hit
    low = rest & ~run_done
    order = np.argsort(ranks, axis=1, kind="stable")[:, :2]
    lowest = np.zeros(cards.shape, bool)
    np.put_along_axis(lowest, order, True, axis=1)
    out[low] = lowest[low]
    return out


# --- one coup -------------------------------------------------------------------------------------------

def play(rules: Rules, bets: Mapping[str, int | str | Fraction], cards: Sequence[str],
         decision: Literal["voy", "paso"], discards: Sequence[str] = (), buy: str | None = None, *,
         jackpot: Fraction | int | None = None) -> Result:
    """Settle one box. ``bets``: ``"ante"`` (required) and any side bet of the rules by id; the second bet is
    added by «voy». ``cards`` in the order dealt: the player's five, the bank's five; then the card the player
    buys (``buy`` names the card he gives up, before deciding); at the draw game, after «voy», the player's new
    cards (one for each card of ``discards``), then the bank's (as many as its rules discard). ``jackpot``: the
    accumulated amount, needed when a share of it is won. The price of a bought card is staked and never
    returned; the side bets are then lost (000:3353-3359).

    >>> from jokoak.engine.poker import Category as C
    >>> draw = Rules(((Minimum(C.PAIR, (6,)), Fraction(1)),), Minimum(C.PAIR, (6,)), discards=2, bank_draw=BankDraw())
    >>> # the player keeps his nines and draws two; the bank keeps its kings and ace, and makes two pair
    >>> play(draw, {"ante": 5}, "9h 9d 7c 4s 2h  Kc Kd Ah 5s 3c  Qs 8d  Ac Jd".split(), "voy", ["4s", "2h"])
    staked=15 returned=0 net=-15
    >>> play(draw, {"ante": 5}, "9h 9d 7c 4s 2h  Kc Kd Ah 5s 3c  9s".split(), "voy", ["4s", "2h"])
    Traceback (most recent call last):
    ValueError: The coup needs 14 cards (the player's five, the bank's five, the player's 2 new cards and the \
bank's 2), not 11.
    """
    stakes = _stakes(rules, bets)
    if decision not in ("voy", "paso"):
        raise ValueError(f"The player says «voy» or «paso», not {decision!r}.")
    found = dealt(cards)
    player, bank = list(found[:5]), list(found[5:10])
    given_up = dealt(discards) if discards else ()
    if buy is not None and rules.buy_price is None:
        raise ValueError("This game has no «comprar una carta».")
    if given_up and (rules.discards == 0 or decision == "paso"):
        raise ValueError("Only a player who says «voy» at the draw game discards.")
    if len(given_up) > rules.discards or not set(given_up) <= set(player):
        raise ValueError(f"The player discards up to {rules.discards} of his own cards, not {' '.join(discards)}.")
    first = list(player)
    expected, parts = 10, "the player's five, then the bank's five"
    if buy is not None:
        out = dealt([buy])[0]
        if out not in player:
            raise ValueError(f"The player gives up one of his own cards to buy one, not {buy}.")
        expected, parts = 11, "the player's five, the bank's five and the card bought"
    bank_out = np.zeros(5, bool)
    if rules.bank_draw is not None and decision == "voy":
        bank_out = bank_discards(rules.bank_draw, [bank])[0]
        expected += len(given_up) + int(bank_out.sum())
        parts = (f"the player's five, the bank's five, the player's {len(given_up)} new cards and "
                 f"the bank's {int(bank_out.sum())}")
    if len(found) != expected:
        raise ValueError(f"The coup needs {expected} cards ({parts}), not {len(found)}.")
    rest = list(found[10:])
    staked = sum(stakes.values(), Fraction(0))
    returned = Fraction(0)
    steps = [_hand("player-cards", rules, player)]
    if buy is not None:
        assert rules.buy_price is not None
        staked += rules.buy_price * stakes["ante"]
        player[player.index(out)] = rest.pop(0)
        steps.append(_hand("buy", rules, player, rule="buy", out=name(out), card=name(player[first.index(out)]),
                           price=rules.buy_price * stakes["ante"], antes=rules.buy_price))
        steps += [Step("side-lost-buy", "buy", {"bet": bet_id, "stake": stake})
                  for bet_id, stake in stakes.items() if bet_id != "ante"]
    steps.append(Step("voy", "voy", {"stake": rules.raise_multiple * stakes["ante"], "antes": rules.raise_multiple})
                 if decision == "voy" else Step("paso", "voy", {"bet": "ante", "stake": stakes["ante"]}))
    kept = list(player)
    for out_card in given_up:
        player[player.index(out_card)] = rest.pop(0)
    dealt_bank = list(bank)
    bank = [rest.pop(0) if gone else card for card, gone in zip(bank, bank_out, strict=True)]
    if decision == "voy":
        steps += _draw_steps(rules, kept, player, dealt_bank, bank)
    hands = hand_values(rules, [first, player, bank])
    drew = bool(given_up)
    side_steps: list[Step] = []
    for bet_id, stake in stakes.items():
        if bet_id != "ante" and buy is None:
            returned += _side_bet(rules.side_bets[bet_id], stake, int(hands[0]), int(hands[1]), drew,
                                  decision, jackpot, _SideSteps(side_steps, bet_id, first, player))
    if decision == "paso":
        return Result(staked, returned, tuple(steps + side_steps))
    ante = stakes["ante"]
    second = rules.raise_multiple * ante
    staked += second
    keys = compare_keys(rules, hands[1:])
    if hands[2] < rules.qualification.threshold(rules.wheel):
        steps += _no_play_steps(rules, bank, ante, second)
        return Result(staked, returned + ante * (1 + rules.ante_pays) + second, tuple(steps + side_steps))
    steps.append(_hand("bank-plays", rules, bank, rule="qualification"))
    steps += _showdown_steps(rules, hands, keys, player, bank, ante, second)
    if keys[0] > keys[1]:
        return Result(staked, returned + ante * (1 + rules.ante_pays) + second * (1 + payout(rules, hands[1:2])[0]),
                      tuple(steps + side_steps))
    if keys[0] == keys[1]:
        return Result(staked, returned + ante + second, tuple(steps + side_steps))
    return Result(staked, returned, tuple(steps + side_steps))


def _stakes(rules: Rules, bets: Mapping[str, int | str | Fraction]) -> dict[str, Fraction]:
    if "ante" not in bets:
        raise ValueError("A box needs its initial bet, «ante».")
    stakes = {}
    for bet_id, given in bets.items():
        if bet_id != "ante" and bet_id not in rules.side_bets:
            raise ValueError(f"There is no bet {bet_id!r} at this game (bets: ante, {', '.join(rules.side_bets)}).")
        stakes[bet_id] = Fraction(given)
        if stakes[bet_id] <= 0:
            raise ValueError(f"A stake is positive: {bet_id!r} has {given}.")
    return stakes


@dataclass(frozen=True)
class _SideSteps:
    """Where a side bet's settlement is told: the list of steps, the bet, the five cards as dealt and the final."""

    steps: list[Step]
    bet: str
    first: Sequence[int]
    final: Sequence[int]


def _side_bet(bet: SideBet, stake: Fraction, first: int, final: int, drew: bool, decision: str,
              jackpot: Fraction | int | None, told: _SideSteps | None = None) -> Fraction:
    prize = bet.prizes.get(Hand(first).category)
    drawn = prize is None and drew and decision == "voy"
    if drawn:
        prize = bet.drawn_prizes.get(Hand(final).category)
    if prize is None:
        if told is not None:
            both = drawn and bool(bet.drawn_prizes)
            told.steps.append(Step("side-lose-drawn" if both else "side-lose",
                                   f"prizes:{told.bet}" + (":drawn" if both else ""), {"bet": told.bet, "stake": stake,
                                                          "hand": Hand(first).category.id, "cards": _cards(told.first),
                                                          "final": Hand(final).category.id,
                                                          "final_cards": _cards(told.final)}))
        return Fraction(0)
    if isinstance(prize, Share):
        if jackpot is None:
            raise ValueError("A share of the jackpot is won: give the accumulated amount (jackpot=...).")
        won = prize.fraction * Fraction(jackpot)
    else:
        won = stake * (1 + prize)
    if told is not None:
        kind = "share" if isinstance(prize, Share) else "prize"
        hand = Hand(final if drawn else first).category.id
        told.steps.append(Step(f"side-drawn-{kind}" if drawn else f"side-{kind}",
                               f"{'drawn' if drawn else 'prize'}:{told.bet}:{hand}",
                               {"bet": told.bet, "stake": stake, "hand": hand,
                                "cards": _cards(told.final if drawn else told.first),
                                "first": Hand(first).category.id, "first_cards": _cards(told.first),
                                "payout": prize if isinstance(prize, Fraction) else None,
                                "share": prize.fraction if isinstance(prize, Share) else None,
                                "jackpot": None if jackpot is None else Fraction(jackpot), "returned": won}))
    return won


# --- the steps of a coup (jokoak.engine.steps) ------------------------------------------------------------
# Each names its rule for the catalogue: «voy», «qualification», «ante_pays», «ties», «draw», «bank», «buy»,
# «hand:<category>» (the combination's definition), «pays:<n>» (line n of the second bet's table),
# «prize:<bet>:<category>» and «drawn:<bet>:<category>» (a side bet's line), «prizes:<bet>» (its prizes on the
# five cards as dealt) and «prizes:<bet>:drawn» (those and its prizes for a hand made by changing cards).

def _cards(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(name(card) for card in cards)


def _category(rules: Rules, cards: Sequence[int]) -> Category:
    return Hand(int(hand_values(rules, [list(cards)])[0])).category


def _hand(key: str, rules: Rules, cards: Sequence[int], rule: str | None = None, **values: object) -> Step:
    """A step showing five cards and their combination; by default it cites the combination's definition."""
    category = _category(rules, cards)
    return Step(key, rule or f"hand:{category.id}", {"cards": _cards(cards), "hand": category.id, **values})


def _bank_rule(rules: BankDraw, cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Which of the bank's rules 1-7 (000:3585-3608) applies to its five cards, and the cards it throws away.

    >>> from jokoak.engine.poker import parse
    >>> def told(text):
    ...     number, out = _bank_rule(BankDraw(), parse(text))
    ...     return number, [name(card) for card in out]
    >>> told("Ac 9d 7c 4c 2c"), told("9h Td Jc Qs 3c"), told("Ah Kd 9c 5s 2h"), told("Kh Kd 9c 5s 2h")
    ((5, ['9d']), (6, ['3c']), (7, ['5s', '2h']), (4, ['5s', '2h']))
    """
    thrown = bank_discards(rules, [list(cards)])[0]
    out = tuple(card for card, gone in zip(cards, thrown, strict=True) if gone)
    category = Hand(int(values(np.array([list(cards)]))[0])).category
    made = {C.THREE_OF_A_KIND: 2, C.TWO_PAIR: 3, C.PAIR: 4}
    if category != C.HIGH_CARD:
        return made.get(category, 1), out
    suits = [card % 4 for card in cards]
    if max(suits.count(suit) for suit in suits) == 4:
        return 5, out
    return (6 if len(out) == 1 else 7), out


def _draw_steps(rules: Rules, kept: Sequence[int], player: Sequence[int], dealt_bank: Sequence[int],
                bank: Sequence[int]) -> list[Step]:
    """After «voy»: the player's change of cards and the bank's by its rules, where the game has a draw; the
    bank's cards."""
    if rules.bank_draw is None:
        return [_hand("bank-cards", rules, bank)]
    out = [card for card in kept if card not in player]
    steps = [_hand("player-draws" if out else "player-keeps", rules, player, rule="draw", out=_cards(out),
                   new=_cards([card for card in player if card not in kept])),
             _hand("bank-cards", rules, dealt_bank)]
    number, thrown = _bank_rule(rules.bank_draw, dealt_bank)
    steps.append(_hand("bank-draws" if thrown else "bank-keeps", rules, bank, rule="bank", number=number,
                       out=_cards(thrown), new=_cards([card for card in bank if card not in dealt_bank])))
    return steps


def _no_play_steps(rules: Rules, bank: Sequence[int], ante: Fraction, second: Fraction) -> list[Step]:
    """The bank does not qualify: the ante is paid, the second bet returned (000:3253-3255)."""
    return [_hand("bank-does-not-play", rules, bank, rule="qualification"),
            Step("ante-no-play", "ante_pays", {"bet": "ante", "stake": ante, "payout": rules.ante_pays,
                                               "returned": ante * (1 + rules.ante_pays)}),
            Step("second-no-play", "ante_pays", {"bet": "second", "stake": second})]


def _showdown_steps(rules: Rules, hands: npt.NDArray[np.int32], keys: npt.NDArray[np.int32], player: Sequence[int],
                    bank: Sequence[int], ante: Fraction, second: Fraction) -> list[Step]:
    """A bank that plays against the player: who wins and by which rule, then the ante and the second bet."""
    mine, theirs = Hand(int(hands[1])).category, Hand(int(hands[2])).category
    winner = "player" if keys[0] > keys[1] else "bank" if keys[0] < keys[1] else "tie"
    ties = mine == theirs and mine in rules.tie_cards
    rule = "ties" if ties else "ante_pays"
    steps = [Step("showdown", rule, {"winner": winner, "hand": mine.id, "bank": theirs.id, "cards": _cards(player),
                                     "bank_cards": _cards(bank), "same": mine == theirs,
                                     "cut": bool(ties and winner == "tie" and hands[1] != hands[2])})]
    if winner == "bank":
        return steps + [Step("lose", "ante_pays", {"bet": bet, "stake": stake})
                        for bet, stake in (("ante", ante), ("second", second))]
    if winner == "tie":
        return steps + [Step("tie", rule, {"bet": bet, "stake": stake}) for bet, stake in (("ante", ante),
                                                                                         ("second", second))]
    steps.append(Step("win", "ante_pays", {"bet": "ante", "stake": ante, "payout": rules.ante_pays,
                                           "returned": ante * (1 + rules.ante_pays)}))
    line = next((n for n, (least, _) in enumerate(rules.pays) if hands[1] >= least.threshold(rules.wheel)), None)
    if line is None:
        return [*steps, Step("second-no-line", "ante_pays", {"bet": "second", "stake": second})]
    paid = rules.pays[line][1]
    return [*steps, Step("second-line", f"pays:{line}", {"bet": "second", "line": line, "hand": mine.id,
                                                         "stake": second, "payout": paid,
                                                         "returned": second * (1 + paid)})]


# --- house edges ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MainEdge:
    """The main game's house edge under the player's best «voy»/«paso» on his five cards, exact: the house's
    expected gain per unit of ante (``per_ante``, the usual figure) and per unit staked, ante and second bet
    together (``per_staked``); ``voy``: how often the best player says «voy»."""

    per_ante: Fraction
    per_staked: Fraction
    voy: Fraction


def main_edge(rules: Rules, deck: Sequence[int] | None = None, voy: Minimum | None = None) -> MainEdge:
    """The exact house edge of póquer sin descarte over every hand of the player and every hand of the bank
    from the other cards of ``deck`` (the 52 cards by default). The player says «voy» with a hand that reaches
    ``voy``; by default (None), exactly when that loses less than the ante on his five cards (ties in
    expectation: «paso»): the best play that does not look at the bank's face-up card. The player buys no card
    (:func:`jokoak.games.stud.exact.best_play` looks at the up card and buys a card when that is best).

    Method: each player hand needs the number of bank hands, disjoint from it, that do not qualify, that it
    beats, that tie and that beat it. Counted by inclusion-exclusion over the subsets S of the player's cards,
    (-1)^|S| times the bank hands holding S with a key below a threshold: tables of cumulative counts for
    |S| <= 2, sorted keys searched for |S| = 3, 4. About 20 s for the full deck (benchmarks/bench_stud.py).

    >>> small = [c for c in range(52) if c // 4 >= 8]          # T J Q K A of each suit: 20 cards
    >>> table = Rules(((Minimum(C.PAIR), Fraction(1)), (Minimum(C.HIGH_CARD), Fraction(1))), Minimum(C.PAIR))
    >>> main_edge(table, small).voy
    Fraction(219, 323)
    """
    if rules.discards:
        raise ValueError("The exact edge is for the game without a draw: see draw_edge for póquer con descarte.")
    deck_cards = np.arange(52) if deck is None else np.asarray(sorted(set(deck)), np.int64)
    n = len(deck_cards)
    if n < 10 or deck_cards.min() < 0 or deck_cards.max() > 51:
        raise ValueError(f"The deck is at least 10 different cards of 0-51, not {n}.")
    hands = combinations(n, 5).astype(np.int64)
    raw = hand_values(rules, deck_cards[hands])
    unique, dense = np.unique(compare_keys(rules, raw), return_inverse=True)
    width = 2 * len(unique)
    qualified = raw >= rules.qualification.threshold(rules.wheel)
    code = qualified * len(unique) + dense.ravel()  # below len(unique): the bank does not play
    thresholds = np.stack([np.full(len(code), len(unique)), len(unique) + dense, len(unique) + dense + 1])
    below = _disjoint_below(hands, code, width, thresholds, n)
    no_play, beaten = below[0], below[1] - below[0]
    ties, lost = below[2] - below[1], comb(n - 5, 5) - below[2]
    scale = lcm(*(p.denominator for _, p in rules.pays), rules.ante_pays.denominator,
                 rules.raise_multiple.denominator)
    pays = {(m.threshold(rules.wheel)): p for m, p in rules.pays}
    pay = np.zeros(len(raw), np.int64)
    for threshold, p in sorted(pays.items()):
        pay[raw >= threshold] = int(p * rules.raise_multiple * scale)
    ante = int(rules.ante_pays * scale)
    stake = int((1 + rules.raise_multiple) * scale)
    voy_ev = no_play * ante + beaten * (ante + pay) - lost * stake
    del ties
    fold = -comb(n - 5, 5) * scale
    chosen = voy_ev > fold if voy is None else raw >= voy.threshold(rules.wheel)
    best = np.where(chosen, voy_ev, fold)
    says_voy = int(chosen.sum())
    total = len(hands) * comb(n - 5, 5) * scale
    per_ante = -Fraction(int(best.sum()), total)
    p_voy = Fraction(says_voy, len(hands))
    return MainEdge(per_ante, per_ante / (1 + rules.raise_multiple * p_voy), p_voy)


def _subset_index(hands: npt.NDArray[np.int64], columns: Sequence[int]) -> npt.NDArray[np.int64]:
    """The colex number of each row's subset ``columns`` (rows sorted ascending)."""
    index = np.zeros(len(hands), np.int64)
    binomials = np.array([[comb(x, i) for x in range(64)] for i in range(6)], np.int64)  # comb(x, i) = 0 for x < i
    for i, col in enumerate(columns, start=1):
        index += binomials[i][hands[:, col]]
    return index


def _disjoint_below(hands: npt.NDArray[np.int64], code: npt.NDArray[np.int64], width: int,
                    thresholds: npt.NDArray[np.int64], n: int) -> npt.NDArray[np.int64]:
    """For each threshold row and each hand P: the number of hands disjoint from P with a code below it."""
    from itertools import combinations as subsets
    found = np.zeros(thresholds.shape, np.int64)
    whole = np.concatenate([[0], np.cumsum(np.bincount(code, minlength=width))])
    found += whole[thresholds]
    for size in (1, 2, 3, 4):
        sign = -1 if size % 2 else 1
        column_sets = list(subsets(range(5), size))
        index = [_subset_index(hands, cols) for cols in column_sets]
        if size <= 2:
            table = np.zeros(comb(n, size) * width, np.int64)
            for idx in index:
                table += np.bincount(idx * width + code, minlength=len(table))
            cumulative = np.concatenate([np.zeros((comb(n, size), 1), np.int64),
                                         np.cumsum(table.reshape(-1, width), axis=1)], axis=1)
            for idx in index:
                found += sign * cumulative[idx[None, :], thresholds]
            continue
        keys = np.sort(np.concatenate([idx * width + code for idx in index]))
        each = comb(n - size, 5 - size)
        for idx in index:
            for row in range(len(thresholds)):
                found[row] += sign * (np.searchsorted(keys, idx * width + thresholds[row]) - idx * each)
    found -= code[None, :] < thresholds  # the player's own hand (|S| = 5)
    return found


def dealt_probabilities(rules: Rules) -> dict[Category, Fraction]:
    """The exact probability of each category in the player's five cards as dealt.

    >>> dealt_probabilities(Rules((), Minimum(C.PAIR)))[C.FULL_HOUSE]
    Fraction(6, 4165)
    """
    cats = np.bincount(categories(hand_values(rules, combinations(52, 5))), minlength=len(Category))
    return {c: Fraction(int(cats[c]), comb(52, 5)) for c in Category if c != C.FIVE_ACES}


def prize_probabilities(rules: Rules, bet_id: str) -> dict[Category, Fraction]:
    """The exact probability of each prize of a side bet on the five cards as dealt (a jackpot paying shares of
    an accumulated amount: its edge is a line in the amount, :func:`jackpot_edge`)."""
    bet = _side(rules, bet_id)
    dealt = dealt_probabilities(rules)
    return {category: dealt[category] for category in bet.prizes}


def side_bet_edge(rules: Rules, bet_id: str) -> Fraction:
    """The exact house edge (per unit staked) of a side bet of fixed prizes «N a 1» on the five cards as dealt
    (the seguro, 000:3323-3339), the player buying no card.

    >>> seguro = SideBet({C.FULL_HOUSE: Fraction(100), C.FOUR_OF_A_KIND: Fraction(300)})
    >>> side_bet_edge(Rules((), Minimum(C.PAIR), side_bets={"seguro": seguro}), "seguro")
    Fraction(3258, 4165)
    >>> side_bet_edge(Rules((), Minimum(C.PAIR), side_bets={"jackpot": SideBet({C.ROYAL_FLUSH: Share(Fraction(1))})}),
    ...               "jackpot")
    Traceback (most recent call last):
    ValueError: The bet 'jackpot' pays a share of the jackpot: its edge needs the amount; see prize_probabilities.
    """
    bet = _side(rules, bet_id)
    if any(isinstance(p, Share) for p in [*bet.prizes.values(), *bet.drawn_prizes.values()]):
        raise ValueError(f"The bet {bet_id!r} pays a share of the jackpot: its edge needs the amount; "
                         "see prize_probabilities.")
    if bet.drawn_prizes:
        raise ValueError(f"The bet {bet_id!r} pays hands made by a draw: see draw_edge.")
    dealt = dealt_probabilities(rules)
    return 1 - sum((dealt[c] * (1 + p) for c, p in bet.prizes.items() if isinstance(p, Fraction)), Fraction(0))


@dataclass(frozen=True)
class JackpotEdge:
    """The house edge, per unit staked, of a bet paying shares of an accumulated jackpot (and perhaps fixed
    prizes): ``constant - slope * J`` for a jackpot of J stakes of the bet, exact. ``constant``: one less what
    the fixed prizes return (1 where every prize is a share); ``slope``: the share of the jackpot won per coup,
    on average. Where the text fixes a least jackpot, the edge there is the most the house can keep.

    >>> jackpot = JackpotEdge(Fraction(1), Fraction(97, 6497400))   # 100 %, 10 %, 5 % for RF, SF, poker
    >>> jackpot.at(2000), jackpot.break_even
    (Fraction(31517, 32487), Fraction(6497400, 97))
    """

    constant: Fraction
    slope: Fraction

    def at(self, stakes: Fraction | int) -> Fraction:
        """The edge for a jackpot of ``stakes`` times the bet."""
        return self.constant - self.slope * stakes

    @property
    def break_even(self) -> Fraction:
        """The jackpot, in stakes of the bet, from which the player has the edge."""
        return self.constant / self.slope


def jackpot_edge(rules: Rules, bet_id: str, drawn: Mapping[Category, Fraction] | None = None) -> JackpotEdge:
    """The exact edge of a side bet with prizes that are shares of the jackpot, as a line in the jackpot's
    amount: the prizes on the five cards as dealt (judged whatever the player then does), the player buying no
    card. ``drawn``: where the bet also pays hands made by discarding (an option of the casino, 000:3665-3666),
    the probability that the player discards and ends with each category (:func:`drawn_probabilities`, under
    the strategy it names); None where the casino does not offer those prizes.

    >>> bet = SideBet({C.ROYAL_FLUSH: Share(Fraction(1)), C.STRAIGHT_FLUSH: Share(Fraction(1, 10)),
    ...                C.FULL_HOUSE: Fraction(100)})
    >>> edge = jackpot_edge(Rules((), Minimum(C.PAIR), side_bets={"progresivo": bet}), "progresivo")
    >>> edge.constant == 1 - Fraction(3744 * 101, 2598960), edge.slope == Fraction(4 + Fraction(36, 10), 2598960)
    (True, True)
    >>> jackpot_edge(Rules((), Minimum(C.PAIR), side_bets={"seguro": SideBet({C.FULL_HOUSE: Fraction(100)})}),
    ...              "seguro")
    Traceback (most recent call last):
    ValueError: The bet 'seguro' pays no share of a jackpot: see side_bet_edge.
    """
    bet = _side(rules, bet_id)
    if not any(isinstance(p, Share) for p in [*bet.prizes.values(), *bet.drawn_prizes.values()]):
        raise ValueError(f"The bet {bet_id!r} pays no share of a jackpot: see side_bet_edge.")
    if drawn is not None and not bet.drawn_prizes:
        raise ValueError(f"The bet {bet_id!r} pays no hand made by discarding.")
    chances = [(dealt_probabilities(rules), bet.prizes)]
    if drawn is not None:
        chances.append((dict(drawn), bet.drawn_prizes))
    constant, slope = Fraction(1), Fraction(0)
    for probability, prizes in chances:
        for category, prize in prizes.items():
            p = probability.get(category, Fraction(0))
            if isinstance(prize, Share):
                slope += p * prize.fraction
            else:
                constant -= p * (1 + prize)
    return JackpotEdge(constant, slope)


def drawn_probabilities(rules: Rules) -> dict[Category, Fraction]:
    """Póquer con descarte: the exact probability that the player, saying «voy» on every hand and discarding as
    the bank must (rules 1-7, 000:3585-3608, up to ``rules.discards`` cards), changes cards and ends with each
    category: what a jackpot's prizes for hands made by discarding are paid on (000:3668-3674). Every five
    cards, one of each class of hands equal but for the names of the suits, and every card or pair of cards
    it may draw from the 47 others: about 30 s.
    """
    if rules.bank_draw is None:
        raise ValueError("Only a game with a draw has hands made by discarding.")
    every = combinations(52, 5).astype(np.int64)
    suits = np.stack([np.where(every % 4 == s, np.int64(1) << (every // 4), 0).sum(axis=1) for s in range(4)],
                     axis=1)
    suits.sort(axis=1)
    _, first, weight = np.unique((suits << (13 * np.arange(4))).sum(axis=1), return_index=True,
                                 return_counts=True)
    hands = every[first]
    thrown = bank_discards(rules.bank_draw, hands)
    thrown &= np.cumsum(thrown, axis=1) <= rules.discards
    found: dict[Category, Fraction] = {c: Fraction(0) for c in Category if c != C.FIVE_ACES}
    for size in range(1, rules.discards + 1):
        mine = np.flatnonzero(thrown.sum(axis=1) == size)
        draws = combinations(47, size).astype(np.int64)
        made = np.zeros(len(Category), np.int64)
        for start in range(0, len(mine), 2000):
            rows = mine[start:start + 2000]
            kept = hands[rows][~thrown[rows]].reshape(len(rows), 5 - size)
            unseen = np.array([np.setdiff1d(np.arange(52), h) for h in hands[rows]])
            final = np.concatenate([np.repeat(kept[:, None, :], len(draws), axis=1), unseen[:, draws]], axis=2)
            cats = categories(hand_values(rules, final.reshape(-1, 5))).reshape(len(rows), len(draws))
            for category in range(len(Category)):
                made[category] += int(((cats == category).sum(axis=1) * weight[rows]).sum())
        for category in found:
            found[category] += Fraction(int(made[category]), comb(52, 5) * len(draws))
    return found


def _side(rules: Rules, bet_id: str) -> SideBet:
    if bet_id not in rules.side_bets:
        raise ValueError(f"There is no side bet {bet_id!r} at this game (side bets: {', '.join(rules.side_bets)}).")
    return rules.side_bets[bet_id]


@dataclass(frozen=True)
class DrawEdge:
    """Póquer con descarte by Monte Carlo: ``main``, the house edge per unit of ante; ``per_staked``, per unit
    of ante and second bet; ``voy``, how often the player says «voy»; ``drawn``, the probability of each
    category in the player's final hand when he discarded at least one card (for a jackpot's «con descarte»
    prizes, 000:3668-3674), each with its standard error."""

    main: Edge
    per_staked: Edge
    voy: float
    drawn: Mapping[Category, tuple[float, float]]


def draw_edge(rules: Rules, hands: int = 1_000_000, seed: int = 0, voy: Minimum | None = None) -> DrawEdge:
    """The house edge of póquer con descarte by Monte Carlo over ``hands`` deals of a shuffled 52-card deck.

    The stated strategy: the player says «voy» with five cards reaching ``voy`` (always, by default), and
    discards as the bank must (:func:`bank_discards`, rules 1-7 of 000:3585-3608), up to ``rules.discards``
    cards. He ignores the bank's face-up card where there is one. The precision is the 95 % interval.

    >>> draw = Rules(((Minimum(C.PAIR, (6,)), Fraction(1)),), Minimum(C.PAIR, (6,)), discards=2, bank_draw=BankDraw())
    >>> draw_edge(draw, 1000).main.method
    'Monte Carlo of 1,000 deals (seed 0); the player always says «voy» and discards as the bank does'
    """
    if rules.bank_draw is None:
        raise ValueError("The Monte Carlo edge is for the game with a draw: see main_edge for póquer sin descarte.")
    rng = np.random.default_rng(seed)
    q = rules.qualification.threshold(rules.wheel)
    ante, second = float(rules.ante_pays), float(rules.raise_multiple)
    totals = np.zeros(3)  # sum of the player's result, of its square, of the antes staked beyond the first
    says = 0
    made = np.zeros(len(Category))
    drew = 0
    done = 0
    while done < hands:
        m = min(200_000, hands - done)
        deck = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (m, 1)), axis=1)[:, :14]
        first = deck[:, :5]
        player = _draw(first, bank_discards(rules.bank_draw, first), deck[:, 10:12], rules.discards)
        bank = _draw(deck[:, 5:10], bank_discards(rules.bank_draw, deck[:, 5:10]), deck[:, 12:14], 2)
        raw_first, raw_player, raw_bank = (hand_values(rules, h) for h in (first, player, bank))
        keys_player, keys_bank = compare_keys(rules, raw_player), compare_keys(rules, raw_bank)
        plays = raw_bank >= q
        pay = np.zeros(m)
        for minimum, p in sorted(rules.pays, key=lambda row: row[0].threshold(rules.wheel)):
            pay[raw_player >= minimum.threshold(rules.wheel)] = float(p)
        result = np.where(~plays, ante, np.where(keys_player > keys_bank, ante + second * pay,
                                                 np.where(keys_player == keys_bank, 0.0, -1 - second)))
        chosen = np.ones(m, bool) if voy is None else raw_first >= voy.threshold(rules.wheel)
        result = np.where(chosen, result, -1.0)
        totals += [result.sum(), (result ** 2).sum(), 0]
        says += int(chosen.sum())
        changed = chosen & (player != first).any(axis=1)
        drew += int(changed.sum())
        made += np.bincount(categories(raw_player[changed]), minlength=len(Category))
        done += m
    mean = totals[0] / hands
    error = 1.96 * np.sqrt(max(totals[1] / hands - mean ** 2, 0) / hands)
    p_voy = says / hands
    stake = 1 + float(rules.raise_multiple) * p_voy
    strategy = "always says «voy»" if voy is None else f"says «voy» from {voy}"
    method = f"Monte Carlo of {hands:,} deals (seed {seed}); the player {strategy} and discards as the bank does"
    share = made / max(drew, 1)
    drawn: dict[Category, tuple[float, float]] = {
        c: (float(share[c]), float(np.sqrt(share[c] * (1 - share[c]) / max(drew, 1))))
        for c in Category if c != C.FIVE_ACES}
    return DrawEdge(Edge(float(-mean), method, f"95 % interval ±{error:.4%} of the ante"),
                    Edge(float(-mean / stake), method, f"95 % interval ±{error / stake:.4%} of the stake"),
                    p_voy, drawn)


def _draw(hands: npt.NDArray[np.int64], out: npt.NDArray[np.bool_], new: npt.NDArray[np.int64],
          limit: int) -> npt.NDArray[np.int64]:
    """Each hand with its discarded cards (at most ``limit``, the first ones) replaced by ``new`` in order."""
    out = out & (np.cumsum(out, axis=1) <= limit)
    slot = np.clip(np.cumsum(out, axis=1) - 1, 0, new.shape[1] - 1)
    return np.where(out, np.take_along_axis(new, slot, axis=1), hands)
