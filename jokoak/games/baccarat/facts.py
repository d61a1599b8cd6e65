"""What the site, the sheets and the data say about the baccara games: the outcomes' probabilities, the bets' edges,
each example's hands, and chemin de fer's and dos paños' play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...catalog import run_example
from ...engine import lint
from ...facts import GameFacts, Hand
from ...models import Game
from . import chemin, dos_panos
from . import engine as baccarat
from .chemin_reader import CheminBetInfo, CheminSpec, hands
from .reader import BaccaratBetInfo, BaccaratSpec


@dataclass(frozen=True)
class CardBetFacts:
    """A punto y banca bet and its house edge under each way the bank's winnings may be paid."""

    info: BaccaratBetInfo
    edges: dict[str, Fraction]  # by payment id, in the regulation's order

    @property
    def edge(self) -> Fraction:
        """The lowest of its edges: the bet under the way of paying that favours the player most."""
        return min(self.edges.values())

    @property
    def same_edge(self) -> bool:
        return len(set(self.edges.values())) == 1


@dataclass(frozen=True)
class CheminBetFacts:
    """A stake at chemin de fer or dos paños: its seat's loss per unit (the house edge it faces) under the
    customary play, by commission."""

    info: CheminBetInfo
    edges: dict[str, Fraction]  # by commission id

    @property
    def edge(self) -> Fraction:
        return min(self.edges.values())


@dataclass(frozen=True)
class CheminPlay:
    """What the punto, the banker and the house expect per unit staked under one way of playing and one
    commission; ``play``: «customary» (the regulation's own answers), or the banker's best reply to a punto
    who stands («best-reply-stands») or draws («best-reply-draws») on his option."""

    play: str
    commission: str
    punto: Fraction
    banker: Fraction
    house: Fraction
    method: str
    precision: str


@dataclass(frozen=True)
class CheminFacts:
    plays: tuple[CheminPlay, ...]
    # chemin de fer only: each «O» cell's worth to the banker, against a punto who draws (True) or stands on his option
    cells: tuple[tuple[bool, chemin.Cell], ...]
    hands: dict[str, tuple[Hand, ...]]  # each example's hands: punto and banca, or paño 1, paño 2 and banca

    def play(self, play: str, commission: str) -> CheminPlay:
        return next(p for p in self.plays if (p.play, p.commission) == (play, commission))


CHEMIN_METHOD = "exact enumeration of every deal of one coup over the full shoe's composition"


CHEMIN_PRECISION = "exact (a fraction); later coups of a shoe are dealt from fewer cards and differ slightly"


def baccarat_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    spec: BaccaratSpec = game.rules
    rules = spec.rules
    p = baccarat.outcome_probabilities(rules.drawing, baccarat.shoe(rules.decks))
    edges = {payment.id: baccarat.house_edges(rules, p, payment.id) for payment in spec.payments}
    bets = tuple(CardBetFacts(info, {pid: by_bet[info.id] for pid, by_bet in edges.items()}) for info in spec.bets)
    payouts = {b.id: b.bet.payout for b in spec.bets}
    findings = lint.player_expectation({bet.info.id: bet.edge for bet in bets})
    findings += lint.winning_pays_something(payouts)
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: {b.id: b.bet.payout for b in o.rules.bets}
                                                  for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    hands = {}
    for example in game.examples:
        dealt = baccarat.hands(rules.drawing, [str(card) for card in example.draws])
        punto, banca = (Hand(cards, baccarat.total(*map(baccarat.card_value, cards))) for cards in dealt)
        hands[example.id] = (punto, banca)
    return GameFacts(game, bets, tuple(findings), examples, p, hands)


def chemin_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """Chemin de fer: exact expectations of the punto, the banker and the house under the customary play and
    the banker's best reply, and the banker's best choice in each «O» cell. Dos paños: the same under the
    customary play, exact over every deal of the first coup from the full shoe of each way of holding the bank."""
    spec: CheminSpec = game.rules
    plays: list[CheminPlay] = []
    cells: list[tuple[bool, chemin.Cell]] = []
    for commission in spec.commissions:
        rules = spec.rules_for(commission.id)
        if spec.two:
            two = dos_panos.two_expectations(rules)
            plays.append(CheminPlay("customary", commission.id, two["paño 1"].value, two["banca"].value,
                                    two["casa"].value, two["banca"].method, two["banca"].precision))
            continue
        bound = chemin.FREE if rules.bank_free else chemin.ASKED
        strategies = [("customary", chemin.customary(rules))]
        for name, draws in (("best-reply-stands", rules.player_draws),
                            ("best-reply-draws", rules.player_draws | rules.player_option)):
            strategies.append((name, chemin.best_response(rules, draws, bound=bound)))
        for name, strategy in strategies:
            e = chemin.expectations(rules, strategy)
            plays.append(CheminPlay(name, commission.id, e.punto, e.banker, e.house, CHEMIN_METHOD, CHEMIN_PRECISION))
    if not spec.two:
        rules = spec.rules_for(None)
        for punto_draws in (False, True):
            found = chemin.bank_cells(rules, rules.player_draws | (rules.player_option if punto_draws else frozenset()))
            cells += [(punto_draws, found[bank, column]) for bank, column in spec.option_cells]
    first = spec.commissions[0].id
    customary = {p.commission: p for p in plays if p.play == "customary"}
    seats = {"punto": "punto", "paño": "punto", "banca": "banker"}
    bets = tuple(CheminBetFacts(info, {c: -getattr(p, seats[info.id]) for c, p in customary.items()})
                 for info in spec.bets)
    # The punto's stake against the bank is a bet like any other. The bank seat is not: the players hold it in
    # turn, and that it may lose after the house's commission (chemin de fer at 5 %) is the game, not a defect.
    findings = lint.player_expectation({bet.info.id: bet.edges[first] for bet in bets if bet.info.id != "banca"})
    payouts = {b.id: b.payout for b in spec.bets}
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: {b.id: b.payout for b in o.rules.bets}
                                                  for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    dealt = {}
    for example in game.examples:
        found_hands = hands(spec, tuple(map(str, example.draws)), example.options.get("said", {}),
                            example.options.get("banco", False))
        dealt[example.id] = tuple(Hand(h, baccarat.total(*map(baccarat.card_value, h))) for h in found_hands)
    return GameFacts(game, bets, tuple(findings), examples, chemin=CheminFacts(tuple(plays), tuple(cells), dealt))
