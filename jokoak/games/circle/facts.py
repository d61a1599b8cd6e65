"""What the site, the sheets and the data say about a circle poker game.

The players play against each other; the casino runs the table and takes its share (000:4795-4812; 001:2356-2362).
A circle game has no bet against the house and so no house edge. Its facts are instead

- the casino's **take** under each option the text allows: its least and most rate, and what it comes to for a
  reference hand (:data:`REFERENCE`, our illustration: a pot, a table minimum, a base, a number of players), exact;
- the **probability of each final combination** for the variant's deck and cards, from the engine
  (:mod:`.exact`): exact by enumeration where it runs in seconds, else a seeded simulation with its standard error;
- the **ranking** for each deck the variant is played with, best first, each combination with a hand of that deck
  for the sheets' pictures (the text's own example where the deck has its cards, checked by the evaluator);
- each **worked example**'s hands at the showdown, its pot and what the casino took;
- the **regulation lint** (:mod:`.lint`): where the Spanish and Basque texts differ, lists of variants that
  disagree, a passage that repeats another game's, a name given to two limits, and whether the ranking orders the
  combinations of five cards by their odds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...catalog import run_example
from ...engine import memo
from ...engine.result import Result
from ...facts import GameFacts
from ...models import Example, Game
from . import exact
from .cards import DECK_52, dealt
from .checks import ranking_findings, text_findings
from .hands import Ranking, evaluate
from .showdown import Variant, variant
from .spec import CircleSpec, TakeOption


@dataclass(frozen=True)
class Reference:
    """The hand the take's figures are given for (ours, to illustrate the text's percentages): a ``pot``, a
    table ``minimum``, the ``base`` a session's percentage is of (the table maximum or the «resto»), the
    ``players`` dealt in."""

    pot: Fraction
    minimum: Fraction
    base: Fraction
    players: int


REFERENCE = Reference(pot=Fraction(100), minimum=Fraction(10), base=Fraction(50), players=6)


@dataclass(frozen=True)
class TakeFacts:
    """One way the casino takes its share, as the text allows it: the least and most rate (fractions of one; the
    least excluded where it is 0), what the rate is of (``per``: ``pot`` each pot, ``session`` the base per player
    and session, ``hand`` the table minimum per player and hand), and the take of the reference hand at the least
    and the most rate (the pot's; one player's for a session; all the players' for a hand)."""

    option: TakeOption
    least: Fraction
    most: Fraction
    per: str
    at_least: Fraction
    at_most: Fraction

    @property
    def least_excluded(self) -> bool:
        return self.least == 0


@dataclass(frozen=True)
class Odds:
    """The probability of each final combination of a variant for one deck: ``probabilities`` by combination id,
    best first; exact (``counts`` of ``total`` deals) or simulated (``deals``, ``seed``, ``stderr``); ``five``:
    the count of each combination over every five cards of the deck (the lint's check of the ranking)."""

    deck: int
    probabilities: dict[str, Fraction]
    method: str  # "exact" or "simulation"
    details: str
    counts: dict[str, int] | None = None
    total: int | None = None
    deals: int = 0
    seed: int | None = None
    stderr: dict[str, float] | None = None
    five: dict[str, int] | None = None
    as_dealt: bool = False  # covered poker: the five cards as dealt, before the change the player chooses


@dataclass(frozen=True)
class Picture:
    """A combination as a sheet shows it: its id and a hand of five cards of the deck that makes it."""

    category: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class SeatHand:
    """A player of a worked example: his cards, whether he folded, his best five and its combination on each line
    of common cards (none where he folded), his low hand (Hi&Low), what he put in and what he gets back."""

    player: str
    cards: tuple[str, ...]
    folded: bool
    best: tuple[tuple[str, ...], ...] = ()
    combinations: tuple[str, ...] = ()
    low: tuple[str, ...] | None = None
    put: Fraction = Fraction(0)
    returned: Fraction = Fraction(0)


@dataclass(frozen=True)
class HandFacts:
    """A worked example: each player's hand, the common cards (one tuple per line), the pot and the take."""

    seats: tuple[SeatHand, ...]
    board: tuple[tuple[str, ...], ...]
    pot: Fraction
    take: Fraction

    @property
    def winners(self) -> tuple[str, ...]:
        """The players who get more back than nothing."""
        return tuple(s.player for s in self.seats if s.returned > 0)


@dataclass(frozen=True)
class CircleFacts:
    takes: tuple[TakeFacts, ...]
    odds: tuple[Odds, ...]  # one per deck the variant may be played with; none for the general rules
    rankings: dict[int, tuple[Picture, ...]]  # by deck: the combinations best first, each with its picture
    hands: dict[str, HandFacts]  # by example id
    reference: Reference = REFERENCE  # the hand the takes' amounts are of


def take_facts(option: TakeOption, reference: Reference = REFERENCE) -> TakeFacts:
    """An option of the take with its rates and the reference hand's take at each (exact).

    >>> from jokoak.games.circle.spec import TakeOption
    >>> pot = take_facts(TakeOption("pot", {}, Fraction(0), Fraction(5), ()))
    >>> pot.per, pot.at_least, pot.at_most, pot.least_excluded
    ('pot', Fraction(0, 1), Fraction(5, 1), True)
    >>> hand = take_facts(TakeOption("hand", {}, Fraction(20), Fraction(50), ()))
    >>> hand.per, hand.at_least, hand.at_most
    ('hand', Fraction(12, 1), Fraction(30, 1))
    """
    least, most = option.low / 100, option.high / 100
    of = {"pot": reference.pot, "session": reference.base, "hand": reference.minimum * reference.players}[option.id]
    return TakeFacts(option, least, most, option.id, least * of, most * of)


def regulation_of(game: Game) -> Any:
    return "extremadura" if game.regulation.id == "extremadura" else "euskadi"


def variants_of(game: Game) -> dict[int, Variant]:
    """The engine's variant for each deck the game may be played with; none for the general rules."""
    spec: CircleSpec = game.rules
    if spec.variant is None:
        return {}
    return {size: variant(spec.variant, regulation_of(game), size if len(spec.decks) > 1 else None)
            for size in spec.decks}


# The pictures of the ranking, best first: the text's own examples first (000:4899-4935: «Cuatro Damas y un 5»,
# «Tres 8 y Dos 5», «9, 5, Dama, Jota y As de tréboles», «tres 5 un 3 y un 7», «dos 5, dos Damas y un Rey», «dos 7,
# un 5, una Dama y un As»), then hands of ours for the decks without their cards. The first whose cards are in the
# deck and which the evaluator ranks as that combination is shown.
PICTURES: dict[str, tuple[str, ...]] = {
    "royal-flush": ("Ah Kh Qh Jh Th",),
    "straight-flush": ("9s 8s 7s 6s 5s", "Ks Qs Js Ts 9s"),
    "four-of-a-kind": ("Qs Qh Qd Qc 5h", "Qs Qh Qd Qc 9h"),
    "full-house": ("8s 8h 8d 5c 5h", "8s 8h 8d Tc Th"),
    "flush": ("Ac Qc Jc 9c 5c", "Kc Qc Tc 8c 7c", "Ac Kc Jc 9c 8c"),
    "straight": ("9d 8s 7h 6c 5d", "Jd Ts 9h 8c 7d", "Qd Js Th 9c 8d"),
    "three-of-a-kind": ("5s 5h 5d 7c 3h", "9s 9h 9d Kc 7h", "9s 9h 9d Kc 8h"),
    "figures": ("Ks Kh Ad Qc Jh",),
    "two-pair": ("Qs Qh 5d 5c Kh", "Qs Qh 9d 9c Kh"),
    "pair": ("7s 7h Ad Qc 5h", "7s 7h Ad Qc 9h", "8s 8h Ad Qc Th"),
    "high-card": ("Ah Js 8d 6c 3h", "Ah Ks Jd 9c 7h", "Ah Ks Jd 9c 8h"),
}


def pictures(ranking: Ranking) -> tuple[Picture, ...]:
    """The combinations of ``ranking``, best first, each with the first of :data:`PICTURES` that its deck holds and
    its evaluator ranks as that combination.

    >>> from .cards import DECK_28
    >>> [" ".join(p.cards) for p in pictures(Ranking(DECK_28))][:5]
    ['Ah Kh Qh Jh Th', 'Ks Qs Js Ts 9s', 'Qs Qh Qd Qc 9h', 'Ac Kc Jc 9c 8c', '8s 8h 8d Tc Th']
    """
    found = []
    for combination in reversed(ranking.order):
        for hand in PICTURES[combination.id]:
            cards = hand.split()
            try:
                made = evaluate(dealt(cards, ranking.deck), ranking)
            except ValueError:
                continue
            if made.combination == combination:
                found.append(Picture(combination.id, tuple(cards)))
                break
        else:
            raise ValueError(f"No picture of {combination.id} in a deck of {ranking.deck.size} cards.")
    return tuple(found)


def rankings_of(game: Game) -> dict[int, tuple[Picture, ...]]:
    """The ranking with its pictures for each deck of the game; the general rules' is the 52-card one with Figuras
    (000:4897-4935), which the sheets mark as the covered variants' only."""
    found = variants_of(game)
    if not found:
        return {52: pictures(Ranking(DECK_52, figures=True))}
    return {size: pictures(v.ranking) for size, v in found.items()}


SIMULATION = ("seeded simulation of {deals:,} deals (seed {seed}); each probability has its standard error, the "
              "half-width of its 95 % interval is 1.96 of them")


def odds_of(game: Game) -> tuple[Odds, ...]:
    """The final combinations' probabilities of a variant for each deck it may be played with, and the five-card
    counts of the deck (kept in the exact cache: the seven-card enumeration takes a while)."""
    spec: CircleSpec = game.rules
    found = []
    for size, played in variants_of(game).items():
        table = memo.remembered(exact.table)(spec.variant or "", regulation_of(game),
                                             size if len(spec.decks) > 1 else None)
        five = memo.remembered(exact.best_of)(played.ranking, 5)
        found.append(odds(size, table, {c.id: n for c, n in five.items()}, bool(spec.deal and spec.deal.draw)))
    return tuple(found)


def odds(size: int, table: exact.Table, five: dict[str, int], as_dealt: bool = False) -> Odds:
    """The engine's table as the facts keep it, by combination id, best first by the five-card counts' order of
    the engine's ranking (the order the probabilities came in is the engine's)."""
    probabilities = {c.id: p for c, p in sorted(table.probabilities.items(), key=lambda item: -int(item[0]))}
    if table.method == "exact":
        counts = {c.id: n for c, n in (table.counts or {}).items()}
        how = "exact enumeration of every deal" + (", the five cards as dealt, before any change" if as_dealt else "")
        return Odds(size, probabilities, "exact", how, counts, sum(counts.values()), five=five, as_dealt=as_dealt)
    stderr = {c.id: e for c, e in (table.stderr or {}).items()}
    return Odds(size, probabilities, "simulation", SIMULATION.format(deals=table.deals, seed=table.seed),
                deals=table.deals, seed=table.seed, stderr=stderr, five=five, as_dealt=as_dealt)


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """The take's options, the rankings and their pictures, the combinations' probabilities, the examples played
    and their hands, the lint."""
    spec: CircleSpec = game.rules
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    found_odds = odds_of(game)
    rankings = rankings_of(game)
    hands = {example.id: example_hands(game, example, result) for example, result in examples}
    findings = text_findings(game) + ranking_findings(game, found_odds, rankings)
    return GameFacts(game, (), tuple(findings), examples,
                     circle=CircleFacts(tuple(take_facts(t) for t in spec.take), found_odds, rankings, hands))


def example_hands(game: Game, example: Example, result: Result) -> HandFacts:
    """A worked example's players as the engine played it (its steps, :mod:`.play`): each player's cards (``bets``
    order, then the common cards, one string a line), whether he left the hand, his best five cards and their
    combination on each line, his low hand, what he put in and what he gets back (each share of each pot split
    equally among its winners, as the engine pays it)."""
    players = list(example.bets)
    cards = [str(c).split() for c in example.draws]
    own, board = cards[:len(players)], tuple(tuple(line) for line in cards[len(players):])
    folded = set(example.options.get("folded", ()))
    best: dict[str, list[tuple[str, ...]]] = {p: [] for p in players}
    combinations: dict[str, list[str]] = {p: [] for p in players}
    low: dict[str, tuple[str, ...]] = {}
    returned = {p: Fraction(0) for p in players}
    for step in result.steps:
        v = step.values
        if step.key == "action" and v.get("kind") == "retirarse":
            folded.add(str(v["player"]))
        elif step.key == "hand":
            best[str(v["player"])].append(tuple(str(v["best"]).split()))
            combinations[str(v["player"])].append(str(v["category"]))
        elif step.key == "low" and v.get("best"):
            low[str(v["player"])] = tuple(str(v["best"]).split())
        elif step.key == "share":
            for winner in v["winners"]:
                returned[str(winner)] += Fraction(v["amount"]) / len(v["winners"])
        elif step.key == "uncontested":
            returned[str(v["player"])] += Fraction(v["amount"])
    seats = tuple(SeatHand(p, tuple(own[i]) if i < len(own) else (), p in folded, tuple(best[p]),
                           tuple(combinations[p]), low.get(p), example.bets[p], returned[p])
                  for i, p in enumerate(players))
    return HandFacts(seats, board, result.staked, result.staked - result.returned)
