"""Veintiuno o Black Jack: the rules as data, and a round played from the cards as dealt.

The rules are data (:class:`Rules`), one field per point the regulations state or leave open. Every Spanish text
deals the dealer one card only; his further cards come after the players have played, so the players double and
split without knowing whether he has black jack. Cards are written ``"A♠"``, ``"10♥"``, ``"K"``: a suit is needed
only where a side bet looks at it. A round is played from the cards in the order dealt (player, dealer, player, the
player's cards as his decisions call for them, then the dealer's) and returns what was staked and returned, with
the steps that settled it (:mod:`jokoak.engine.steps`: the deal, each decision, the dealer's draws, each bet).

>>> rules = Rules()
>>> result = play_round(rules, {"main": Fraction(10)}, ["10", "6", "7", "9", "8"], ["stand"])  # 17 against 23
>>> result
staked=10 returned=20 net=+10
>>> [step.key for step in result.steps]
['deal', 'stand', 'dealer-second', 'dealer-draws', 'dealer-bust', 'win-dealer-bust']

The cards, a hand's total and the dealer's rule are in :mod:`jokoak.games.blackjack.cards`; the exact probabilities
(the dealer's final hand, the side bets) and the house edges are in :mod:`jokoak.games.blackjack.edge`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, TypeVar

from ...engine.result import Result
from ...engine.steps import Step
from .cards import (
    RANK_NAMES,
    RANKS,
    SUITS,
    Card,
    dealer_outcome,
    dealer_stands,
    hand_total,
    pair_category,
    sevens_category,
)

PAIRS = ("completa", "color", "incompleta")  # 000:942-951
SEVENS = ("un-siete", "dos-sietes", "dos-sietes-mismo-palo", "tres-sietes", "tres-sietes-mismo-palo")  # 000:992-1006
T = TypeVar("T")
DECISIONS = ("hit", "stand", "double", "split", "surrender", "even-money")


def parse_card(text: str | Card) -> Card:
    """``"10♥"`` as a card: a rank A, 2-10, J, Q, K, then optionally a suit ♠ ♣ ♥ ♦.

    >>> parse_card("Q♣")
    Card(rank=12, suit='♣')
    >>> parse_card("1")
    Traceback (most recent call last):
    ...
    ValueError: «1» is not a card: expected a rank A, 2-10, J, Q or K, then optionally a suit ♠ ♣ ♥ ♦, such as "10♥".
    """
    if isinstance(text, Card):
        return text
    body = text.strip()
    suit = body[-1] if body and body[-1] in SUITS else None
    rank = RANKS.get(body[:-1] if suit else body)
    if rank is None:
        raise ValueError(f"«{text}» is not a card: expected a rank A, 2-10, J, Q or K, then optionally a suit "
                         "♠ ♣ ♥ ♦, such as \"10♥\".")
    return Card(rank, suit)


@dataclass(frozen=True)
class Rules:
    """The options of the game, each as the regulations state it (see RULES.md for the lines)."""

    decks: int = 6
    """Decks of 52 in the shoe: six in every text (000:725, 001:992, 003:440, 004:187)."""
    dealer_hits_soft_17: bool = False
    """Whether the dealer draws to a soft 17. Every text makes him count the ace as 11 when that reaches 17 or more,
    so he stands (000:846-848); True only to compare with published figures of other games."""
    stop_at_21: bool = True
    """The player may not draw on 21 (000:836-837, 001:1020, 004:225); the 1977 text does not say so (003)."""
    blackjack_pays: Fraction = Fraction(3, 2)
    """What a black jack (21 with the first two cards of an unsplit hand) wins per unit: «tres por dos» (000:871)."""
    double_totals: frozenset[int] | None = None
    """Two-card totals on which the player may double; None: on any two cards (000:921). 001/003/004: 9, 10, 11."""
    double_soft: bool = False
    """Whether a soft two-card hand (A+8) may double when its total with the ace as one is in ``double_totals``."""
    double_pair_of_aces: bool = True
    """Whether a pair of aces may be doubled; 000:923-924 excepts «la pareja de ases»."""
    double_ace_counts_one: bool = False
    """An ace among the two cards doubled on counts one point in that hand «siempre» (000:925-926)."""
    double_after_split: bool = True
    """Whether split hands may double: «comprendidos los pares» in every text (000:923-924, 001:1054, 003:601)."""
    max_hands: int | None = None
    """Most hands a player may split into; None: no limit («tantas manos como …», 000:901-902, all texts)."""
    resplit_aces: bool = False
    """Whether an ace dealt to a split ace may be split again: no text says (000:907 vs 909-911)."""
    lost_to_dealer_blackjack: str = "all"
    """What a player's non-black-jack hands lose when the dealer makes black jack: "all" their stakes, doubles and
    splits included (no text returns them), or only the "original" stake, every added stake returned (the
    outcome of the US game where the dealer peeks; for comparison with published figures)."""
    insurance_pays: Fraction = Fraction(2)
    """What insurance wins per unit if the dealer makes black jack: «dos por uno» (000:886; 002 eu prints 1 for 2)."""
    insurance_max: Fraction = Fraction(1, 2)
    """The insurance stake as a fraction of the original bet: at most a half (000:883-884)."""
    insurance_exact: bool = False
    """The insurance stake must be exactly ``insurance_max`` of the bet: «igual a la mitad» (1977, 003:562)."""
    even_money: bool = False
    """A black jack against the dealer's ace may take even money at once (000:890-892, 001:1034)."""
    surrender: bool = False
    """«Retiro»: before any card is drawn, and not against an ace, the player gives up half his bet (000:1014-1025,
    001:1062-1066); optional for the casino."""
    three_sevens_pays: Fraction | None = None
    """What 21 made of three sevens wins per unit unless the dealer has black jack (which wins) or three sevens
    (a push): 2 in Extremadura (001:1030, 1068-1072); None where the bonus does not exist."""
    dealer_hands: int = 1
    """1, or 3 for Triple Black Jack: the dealer plays again from his first card for boxes 2 and 3 (000:1176-1203)."""
    pairs: Mapping[str, Fraction] = field(default_factory=dict)
    """The pairs side bet's pay table by :data:`PAIRS` category: 25, 12, 6 to 1 (000:965-971); empty: not offered."""
    pairs_match: str = "rank"
    """What makes a pair: the same "rank" (the text's examples) or the same "value" (its word «valor»)."""
    sevens: Mapping[str, Fraction] = field(default_factory=dict)
    """The sevens side bet («apuesta acumulada») by :data:`SEVENS` category, minimums 2, 10, 50, 200 and a jackpot of
    at least 2000 to 1 (000:992-1006); only the highest prize is paid. Empty: not offered."""
    sevens_three_mixed: str = "not-same"
    """Three sevens «de distinto palo»: "not-same" (not all of one suit) or "all-different" (three suits)."""
    under_over_13: Fraction | None = None
    """«Menor o mayor de 13» (001:1056-1060): the first two cards, ace one, under or over 13; 13 loses both."""

    def __post_init__(self) -> None:
        problems = []
        if self.decks < 1:
            problems.append(f"decks must be at least 1, got {self.decks}")
        if self.dealer_hands not in (1, 3):
            problems.append(f"dealer_hands must be 1 or 3 (Triple Black Jack), got {self.dealer_hands}")
        if self.lost_to_dealer_blackjack not in ("all", "original"):
            problems.append(f"lost_to_dealer_blackjack must be \"all\" or \"original\", got "
                            f"{self.lost_to_dealer_blackjack!r}")
        if self.max_hands is not None and self.max_hands < 1:
            problems.append(f"max_hands must be at least 1, got {self.max_hands}")
        problems += [f"unknown pairs category {k!r}" for k in self.pairs if k not in PAIRS]
        problems += [f"unknown sevens category {k!r}" for k in self.sevens if k not in SEVENS]
        if self.pairs_match not in ("rank", "value"):
            problems.append(f"pairs_match must be \"rank\" or \"value\", got {self.pairs_match!r}")
        if self.sevens_three_mixed not in ("not-same", "all-different"):
            problems.append(f"sevens_three_mixed must be \"not-same\" or \"all-different\", got "
                            f"{self.sevens_three_mixed!r}")
        if problems:
            raise ValueError("Invalid blackjack rules: " + "; ".join(problems) + ".")


def shoe(decks: int) -> tuple[int, ...]:
    """Cards of each value 1 (ace) to 10 in ``decks`` decks: 4 of each, 16 of value ten per deck."""
    return (*([4 * decks] * 9), 16 * decks)


# --- a round -----------------------------------------------------------------------------------------------------

def _shown(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(map(str, cards))


@dataclass
class _Hand:
    cards: list[Card]
    stake: Fraction
    from_split: bool = False
    split_aces: bool = False
    doubled: bool = False
    done: bool = False

    def values(self) -> list[int]:
        return [c.value for c in self.cards]

    def total(self, rules: Rules) -> int:
        held = sum(c.rank == 1 for c in self.cards[:2]) if self.doubled and rules.double_ace_counts_one else 0
        return hand_total(self.values(), held)[0]

    def blackjack(self, rules: Rules) -> bool:
        return len(self.cards) == 2 and not self.from_split and self.total(rules) == 21

    def three_sevens(self) -> bool:
        return len(self.cards) == 3 and all(c.rank == 7 for c in self.cards)


@dataclass
class _Cursor(Generic[T]):
    """Cards or decisions taken in order; asking for one too many, or leaving some, is an error."""

    items: Sequence[T]
    what: str
    at: int = 0

    def next(self, needed_for: str) -> T:
        if self.at >= len(self.items):
            raise ValueError(f"The round needs more {self.what}: {needed_for} has none after "
                             f"{len(self.items)} {self.what}.")
        self.at += 1
        return self.items[self.at - 1]

    def peek(self) -> T | None:
        return self.items[self.at] if self.at < len(self.items) else None

    def finish(self) -> None:
        if self.at < len(self.items):
            raise ValueError(f"{len(self.items) - self.at} {self.what} left over after the round: "
                             f"{', '.join(map(str, self.items[self.at:]))}.")


def _check_composition(rules: Rules, cards: Sequence[Card]) -> None:
    for rank in range(1, 14):
        same = [c for c in cards if c.rank == rank]
        if len(same) > 4 * rules.decks:
            raise ValueError(f"{len(same)} cards of rank {RANK_NAMES[rank]} cannot come from {rules.decks} decks.")
        for suit in SUITS:
            if sum(c.suit == suit for c in same) > rules.decks:
                raise ValueError(f"More than {rules.decks} {RANK_NAMES[rank]}{suit} cannot come from "
                                 f"{rules.decks} decks.")


def _box_ids(rules: Rules) -> tuple[list[str], list[str]]:
    if rules.dealer_hands == 1:
        return ["main"], ["insurance"]
    return [f"box-{k}" for k in (1, 2, 3)], [f"insurance-{k}" for k in (1, 2, 3)]


def _check_bets(rules: Rules, bets: Mapping[str, Fraction]) -> None:
    boxes, insurances = _box_ids(rules)
    offered = {"pairs": bool(rules.pairs), "sevens": bool(rules.sevens),
               "under-13": rules.under_over_13 is not None, "over-13": rules.under_over_13 is not None}
    for bet, stake in bets.items():
        if bet not in boxes + insurances and bet not in offered:
            raise ValueError(f"Unknown bet {bet!r}: expected {', '.join(boxes + insurances + list(offered))}.")
        if bet in offered and not offered[bet]:
            raise ValueError(f"The bet {bet!r} is not offered under these rules.")
        if stake <= 0:
            raise ValueError(f"The stake on {bet!r} must be positive, got {stake}.")
    if not any(bets.get(box) for box in boxes):
        raise ValueError(f"A round needs a stake on {' or '.join(boxes)}.")
    for box, insurance in zip(boxes, insurances, strict=True):
        if insurance in bets:
            limit = rules.insurance_max * bets.get(box, Fraction(0))
            if bets[insurance] > limit or (rules.insurance_exact and bets[insurance] != limit):
                word = "exactly" if rules.insurance_exact else "at most"
                raise ValueError(f"The insurance {insurance!r} must be {word} {limit}, got {bets[insurance]}.")


def play_round(rules: Rules, bets: Mapping[str, Fraction], cards: Sequence[str | Card],
               decisions: Sequence[str] = ()) -> Result:
    """Play one player's round from ``cards`` in the order dealt and his ``decisions`` in the order taken.

    Bets: ``"main"`` (Triple Black Jack: ``"box-1"`` to ``"box-3"``), ``"insurance"`` (``"insurance-1"``…), and the
    side bets the rules offer: ``"pairs"``, ``"sevens"``, ``"under-13"``, ``"over-13"``. Cards: the player's first,
    the dealer's, the player's second, then each card the player's decisions call for (a split hand takes its second
    card when it is played), then the dealer's cards (for each of his three hands in Triple Black Jack). Decisions,
    for the hand being played: ``hit``, ``stand``, ``double``, ``split``; before any, ``surrender`` or ``even-money``.
    Hands that reach 21 or go over stop by themselves, and so do split aces.

    >>> rules = Rules(double_totals=frozenset({9, 10, 11}))
    >>> play_round(rules, {"main": Fraction(10)}, ["6", "10", "4", "5", "6", "10"], ["double"])  # 15 vs 26
    staked=20 returned=40 net=+20
    >>> play_round(rules, {"main": Fraction(10)}, ["8", "10", "8", "4"], ["split", "double"])
    Traceback (most recent call last):
    ...
    ValueError: The hand 8 4 cannot double: the rules allow it on 9, 10, 11, not on 12 after a split.
    """
    dealt = [parse_card(c) for c in cards]
    _check_composition(rules, dealt)
    _check_bets(rules, bets)
    for d in decisions:
        if d not in DECISIONS:
            raise ValueError(f"Unknown decision {d!r}: expected one of {', '.join(DECISIONS)}.")
    deal, todo = _Cursor(dealt, "cards"), _Cursor(list(decisions), "decisions")
    first = deal.next("the player's first card")
    up = deal.next("the dealer's card")
    hand = _Hand([first, deal.next("the player's second card")], bets.get("main", Fraction(0)))
    boxes, insurances = _box_ids(rules)
    if any(i in bets for i in insurances) and up.rank != 1:
        raise ValueError(f"Insurance is offered only against the dealer's ace, not against {up}.")
    state = _Round(rules, deal, todo, up, [hand], list(hand.cards))
    state.step("deal", "deal", cards=_shown(hand.cards), total=hand.total(rules), up=str(up))
    if hand.blackjack(rules):
        state.step("blackjack", "bet:main", cards=_shown(hand.cards))
    for insurance in insurances:  # taken against the dealer's ace before any further card
        if insurance in bets:
            state.step("insure", f"bet:{insurance}", bet=insurance, stake=bets[insurance])
    outcome = state.before_play(bets)
    if outcome is None:
        state.play()
    returned, staked = state.side_bets(bets)
    for k, (box, insurance) in enumerate(zip(boxes, insurances, strict=True)):
        stake = bets.get(box, Fraction(0))
        if not stake and insurance not in bets:
            continue
        in_play = outcome is None and any(h.total(rules) <= 21 for h in state.hands)
        added = (outcome is None and rules.lost_to_dealer_blackjack == "original"
                 and sum(h.stake for h in state.hands) > stake)
        needed = in_play or insurance in bets or added
        if not needed and outcome is None and not any(s.key == "dealer-no-draw" for s in state.steps):
            state.step("dealer-no-draw", "player")  # every hand is over 21: nothing depends on his cards
        dealer = state.dealer_hand(k, needed)
        if insurance in bets:
            staked += bets[insurance]
            won = bets[insurance] * (1 + rules.insurance_pays)
            if dealer_outcome(dealer) == "blackjack":
                returned += won
                state.step("insurance-wins", f"bet:{insurance}", bet=insurance, stake=bets[insurance],
                           payout=rules.insurance_pays, returned=won)
            else:
                state.step("insurance-loses", f"bet:{insurance}", bet=insurance, stake=bets[insurance])
        box_hands = state.hands if box == "main" else [_Hand(state.hands[0].cards, stake)]
        staked += sum(h.stake for h in box_hands) if stake else 0
        if stake:
            returned += stake * outcome if outcome is not None else state.settle(box_hands, dealer, stake, box)
    deal.finish()
    todo.finish()
    return Result(staked, returned, tuple(state.steps))


@dataclass
class _Round:
    rules: Rules
    deal: _Cursor[Card]
    todo: _Cursor[str]
    up: Card
    hands: list[_Hand]
    box_cards: list[Card]  # every card dealt to the player, in order (the sevens bet looks at the first three)
    steps: list[Step] = field(default_factory=list)
    dealer_cards: list[Card] = field(default_factory=list)  # the dealer's hand last drawn, as dealt

    def step(self, key: str, rule: str, **values: object) -> None:
        """Record a rule applied to the round (``rule``: ``bet:<engine bet>``, ``bet:<pay-table category>``, or a
        rule of the regulation the catalogue cites, such as ``dealer``)."""
        self.steps.append(Step(key, rule, values))

    def card(self, needed_for: str) -> Card:
        card = self.deal.next(needed_for)
        self.box_cards.append(card)
        return card

    def before_play(self, bets: Mapping[str, Fraction]) -> Fraction | None:
        """Even money or surrender, taken before any card is drawn: what each unit staked returns, or None."""
        rules, hand, choice = self.rules, self.hands[0], self.todo.peek()
        if choice == "even-money":
            if not (rules.even_money and self.up.rank == 1 and hand.blackjack(rules)):
                raise ValueError("Even money is only for a black jack against the dealer's ace, where the rules "
                                 "offer it.")
            if any(k.startswith("insurance") for k in bets):
                raise ValueError("A player who takes even money does not also insure.")
            self.todo.next("even money")
            self.settled_at_once(bets, "even-money", "even_money", Fraction(2))
            return Fraction(2)
        if choice == "surrender":
            if not rules.surrender or self.up.rank == 1 or rules.dealer_hands != 1:
                raise ValueError("Surrender («retiro») is allowed only where the rules offer it, in plain Black Jack, "
                                 "and never against the dealer's ace.")
            self.todo.next("surrender")
            self.settled_at_once(bets, "surrender", "surrender", Fraction(1, 2))
            return Fraction(1, 2)
        return None

    def settled_at_once(self, bets: Mapping[str, Fraction], key: str, rule: str, per_unit: Fraction) -> None:
        """Even money or surrender ends the box's play: each box staked gets back ``per_unit`` of its stake."""
        for box in _box_ids(self.rules)[0]:
            if bets.get(box):
                self.step(key, rule, bet=box, stake=bets[box], payout=per_unit - 1, returned=bets[box] * per_unit)

    def play(self) -> None:
        i = 0
        while i < len(self.hands):
            hand = self.hands[i]
            if len(hand.cards) == 1:
                self.split_card(hand, self.card(f"the split hand {hand.cards[0]}"))
            while not self.finished(hand):
                decision = self.todo.next(f"the hand {' '.join(map(str, hand.cards))}")
                self.apply(hand, str(decision))
            self.stopped(hand)
            i += 1

    def stopped(self, hand: _Hand) -> None:
        """Why a hand stopped where no decision of the player says it: over 21, or 21 where he may not draw."""
        total = hand.total(self.rules)
        if total > 21:
            self.step("bust", "player", cards=_shown(hand.cards), total=total)
        elif not (hand.done or hand.blackjack(self.rules) or hand.split_aces) and total == 21:
            self.step("twenty-one", "player", cards=_shown(hand.cards))

    def split_card(self, hand: _Hand, card: Card) -> None:
        """A split hand takes its second card: a split ace one card only; a 21 so made is not black jack."""
        hand.cards.append(card)
        total = hand.total(self.rules)
        key = "split-ace" if hand.split_aces else "split-card"
        self.step(key + ("-21" if total == 21 else ""), "split", first=str(hand.cards[0]), card=str(card),
                  cards=_shown(hand.cards), total=total)

    def finished(self, hand: _Hand) -> bool:
        rules, total = self.rules, hand.total(self.rules)
        if hand.done or hand.blackjack(rules) or total > 21 or (total == 21 and rules.stop_at_21):
            return True
        if hand.split_aces:  # one card each, unless an ace came and may be split again
            return not (rules.resplit_aces and len(hand.cards) == 2 and hand.cards[1].rank == 1 and self.room())
        return False

    def room(self) -> bool:
        return self.rules.max_hands is None or len(self.hands) < self.rules.max_hands

    def apply(self, hand: _Hand, decision: str) -> None:
        rules, name = self.rules, " ".join(map(str, hand.cards))
        if decision in ("surrender", "even-money"):
            raise ValueError(f"The hand {name} cannot {decision}: that is chosen before any other decision.")
        if rules.dealer_hands != 1 and decision in ("double", "split"):
            raise ValueError(f"The hand {name} cannot {decision}: the Triple Black Jack text does not say how a "
                             "doubled or split hand plays its three boxes.")
        if hand.split_aces and decision not in ("split", "stand"):
            raise ValueError(f"The split ace {name} takes one card only.")
        if decision == "stand":
            hand.done = True
            self.step("stand", "player", cards=_shown(hand.cards), total=hand.total(rules))
        elif decision == "hit":
            hand.cards.append(self.card(f"the hand {name}"))
            self.step("hit", "player", card=str(hand.cards[-1]), cards=_shown(hand.cards), total=hand.total(rules))
        elif decision == "double":
            self.check_double(hand)
            hand.stake *= 2
            hand.doubled = hand.done = True
            before, on = _shown(hand.cards), hand.total(rules)
            hand.cards.append(self.card(f"the doubled hand {name}"))
            one = rules.double_ace_counts_one and any(c.rank == 1 for c in hand.cards[:2])
            self.step("double-ace-one" if one else "double", "double", before=before, before_total=on,
                      stake=hand.stake, card=str(hand.cards[-1]), cards=_shown(hand.cards), total=hand.total(rules))
        else:
            if len(hand.cards) != 2 or hand.cards[0].value != hand.cards[1].value:
                raise ValueError(f"The hand {name} cannot split: only two first cards of the same value can.")
            if not self.room():
                raise ValueError(f"The hand {name} cannot split: the rules allow at most {rules.max_hands} hands.")
            aces = hand.cards[0].rank == 1
            self.step("split", "split", cards=_shown(hand.cards), stake=hand.stake)
            moved = _Hand([hand.cards.pop()], hand.stake, from_split=True, split_aces=aces)
            hand.from_split, hand.split_aces = True, aces
            self.hands.insert(self.hands.index(hand) + 1, moved)
            self.split_card(hand, self.card(f"the split hand {hand.cards[0]}"))

    def check_double(self, hand: _Hand) -> None:
        rules, name = self.rules, " ".join(map(str, hand.cards))
        values = hand.values()
        best, soft = hand_total(values)
        if len(values) != 2:
            raise ValueError(f"The hand {name} cannot double: only the first two cards can.")
        if hand.from_split and not rules.double_after_split:
            raise ValueError(f"The hand {name} cannot double: the rules do not allow it after a split.")
        if values == [1, 1] and not rules.double_pair_of_aces:
            raise ValueError(f"The hand {name} cannot double: the rules except the pair of aces.")
        if rules.double_totals is not None:
            allowed = sum(values) in rules.double_totals if soft and rules.double_soft else best in rules.double_totals
            if not allowed:
                totals = ", ".join(map(str, sorted(rules.double_totals)))
                where = " after a split" if hand.from_split else ""
                raise ValueError(f"The hand {name} cannot double: the rules allow it on {totals}, not on "
                                 f"{'soft ' if soft else ''}{best}{where}.")

    def dealer_hand(self, k: int, needed: bool) -> list[int]:
        """The dealer's hand for box ``k``: his first card, then his draws if anything still depends on them."""
        values, self.dealer_cards = [self.up.value], [self.up]
        if needed and self.rules.dealer_hands > 1:
            self.step("dealer-box", "boxes", box=k + 1, up=str(self.up))
        while needed and (len(values) < 2 or not dealer_stands(values, self.rules.dealer_hits_soft_17)):
            box = f" for box {k + 1}" if self.rules.dealer_hands > 1 else ""
            card = self.deal.next(f"the dealer's hand{box}")
            total, soft = hand_total(values)
            if len(values) == 1:  # his second card, once the players have played (no hole card)
                self.step("dealer-second", "deal", card=str(card))
            else:
                self.step("dealer-draws-soft-17" if soft and total == 17 else "dealer-draws", "dealer",
                          cards=_shown(self.dealer_cards), total=total, card=str(card))
            values.append(card.value)
            self.dealer_cards.append(card)
        if needed:
            total, soft = hand_total(values)
            outcome, shown = dealer_outcome(values), _shown(self.dealer_cards)
            if outcome == "blackjack":
                self.step("dealer-blackjack", "bet:main", cards=shown)
            else:
                key = "dealer-bust" if outcome == "bust" else "dealer-stands-soft" if soft else "dealer-stands"
                self.step(key, "dealer", cards=shown, total=total)
        return values

    def settle(self, hands: list[_Hand], dealer: list[int], original: Fraction, box: str = "main") -> Fraction:
        """What a box's hands return against the dealer's finished hand."""
        rules, outcome = self.rules, dealer_outcome(dealer)
        if outcome == "blackjack" and rules.lost_to_dealer_blackjack == "original" and not hands[0].blackjack(rules):
            back = sum((h.stake for h in hands), Fraction(0)) - original
            if back:
                self.step("lose-original", "dealer_blackjack", bet=box, stake=original, returned=back)
            else:
                for hand in hands:
                    self.step("lose-dealer-blackjack", "dealer_blackjack", bet=box, cards=_shown(hand.cards),
                              total=hand.total(rules), stake=hand.stake)
            return back
        returned = Fraction(0)
        for hand in hands:
            won, key, rule = self.settle_hand(hand, dealer, outcome)
            returned += won
            values: dict[str, object] = {"bet": box, "cards": _shown(hand.cards), "total": hand.total(rules),
                                         "dealer": hand_total(dealer)[0], "stake": hand.stake, "returned": won}
            if won > hand.stake:
                values["payout"] = won / hand.stake - 1
            self.step(key, rule, **values)
        return returned

    def settle_hand(self, hand: _Hand, dealer: list[int], outcome: str) -> tuple[Fraction, str, str]:
        """What one hand returns against the dealer's finished hand, the step's key, and the rule applied."""
        rules, total = self.rules, hand.total(self.rules)
        if total > 21:
            return Fraction(0), "lose-bust", "player"
        if hand.blackjack(rules):
            if outcome == "blackjack":
                return hand.stake, "blackjack-push", "bet:main"
            key = "blackjack-beats-21" if outcome == "21" else "blackjack-wins"
            return hand.stake * (1 + rules.blackjack_pays), key, "bet:main"
        if outcome == "blackjack":
            added = hand.doubled or hand.from_split
            return Fraction(0), "lose-dealer-blackjack-added" if added else "lose-dealer-blackjack", "dealer_blackjack"
        if rules.three_sevens_pays is not None and hand.three_sevens():
            if dealer == [7, 7, 7]:
                return hand.stake, "three-sevens-push", "three_sevens"
            return hand.stake * (1 + rules.three_sevens_pays), "three-sevens-wins", "three_sevens"
        if outcome == "bust":
            return 2 * hand.stake, "win-dealer-bust", "bet:main"
        if total > int(outcome):
            return 2 * hand.stake, "win", "bet:main"
        if total == int(outcome):
            return hand.stake, "push", "bet:main"
        return Fraction(0), "lose", "bet:main"

    def side_bets(self, bets: Mapping[str, Fraction]) -> tuple[Fraction, Fraction]:
        """What the side bets return, and what they staked; they look at the box's first cards only."""
        rules, returned, staked = self.rules, Fraction(0), Fraction(0)
        first, second = self.box_cards[0], self.box_cards[1]
        wins: dict[str, Fraction | None] = {}
        if "pairs" in bets:
            category = pair_category(first, second, rules.pairs_match)
            wins["pairs"] = rules.pairs.get(category) if category else None
        if "sevens" in bets:
            category = sevens_category(self.box_cards, rules.sevens_three_mixed)
            wins["sevens"] = rules.sevens.get(category) if category else None
        low = first.value + second.value
        for bet, won in (("under-13", low < 13), ("over-13", low > 13)):
            if bet in bets:
                wins[bet] = rules.under_over_13 if won else None
        for bet, pays in wins.items():
            staked += bets[bet]
            returned += bets[bet] * (1 + pays) if pays is not None else 0
            self.side_step(bet, bets[bet], pays)
        return returned, staked

    def side_step(self, bet: str, stake: Fraction, pays: Fraction | None) -> None:
        """The settlement of a side bet, with the cards that decide it and, for a pay table, the line paid."""
        rules, cards = self.rules, self.box_cards
        values: dict[str, object] = {"bet": bet, "stake": stake}
        if pays is not None:
            values.update(payout=pays, returned=stake * (1 + pays))
        if bet in ("under-13", "over-13"):
            points = cards[0].value + cards[1].value
            key = "wins" if pays is not None else "thirteen" if points == 13 else "loses"
            key = f"under-over-{key}"
            self.step(key, f"bet:{bet}", cards=_shown(cards[:2]), points=points, **values)
            return
        if bet == "pairs":
            category = pair_category(cards[0], cards[1], rules.pairs_match)
            shown = _shown(cards[:2])
        else:
            category = sevens_category(cards, rules.sevens_three_mixed)
            sevens = next((n for n in range(min(3, len(cards)), 0, -1) if all(c.rank == 7 for c in cards[:n])), 1)
            shown = _shown(cards[:sevens])
        if pays is not None:
            self.step(f"{bet}-wins", f"bet:{category}", cards=shown, line=category, **values)
        elif category is None:
            self.step(f"{bet}-loses", f"bet:{bet}", cards=shown, **values)
        else:  # a combination its pay table leaves out
            self.step("side-loses", f"bet:{bet}", cards=shown, line=category, **values)
