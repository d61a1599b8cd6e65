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

The house edges, and the probabilities they rest on, are in :mod:`jokoak.games.stud.edge`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

import numpy as np
import numpy.typing as npt

from ...engine.poker import ACE, FIVE_CARD, Category, Hand, categories, combinations, dealt, name, values
from ...engine.poker import Rules as Ranking
from ...engine.result import Result
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
