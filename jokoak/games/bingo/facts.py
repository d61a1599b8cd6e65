"""What the site, the sheets and the data say about a game of bingo: the card rule, the exact chances of a línea
and a bingo by each ball, the first bingo among N cards (simulated), and each worked example's verdicts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...catalog import run_example
from ...facts import GameFacts
from ...models import Game
from . import exact
from .reader import BingoSpec

# The simulations of the first bingo: (cards of the series, draws), all with one seed. Enough draws for a standard
# error of about a tenth of a ball, few enough for a build (a second or two in all).
SERIES = ((1, 20_000), (10, 10_000), (100, 4_000), (1000, 1_000))
SEED = 20


@dataclass(frozen=True)
class BingoFacts:
    """``chances``: (n, P(línea by n), P(bingo by n)) for a given card, exact; ``mean_one``: the exact mean number
    of balls until one given card is full; ``first``: the simulated first bingo among N cards, for each N of
    :data:`SERIES` (the one-card run checks the simulation against ``mean_one``)."""

    chances: tuple[tuple[int, Fraction, Fraction], ...]
    mean_one: Fraction
    first: tuple[exact.FirstBingo, ...]


def bingo_facts(spec: BingoSpec, series: Sequence[tuple[int, int]] = SERIES, seed: int = SEED) -> BingoFacts:
    rule = spec.rules.card
    return BingoFacts(tuple(exact.table(rule)), exact.mean_balls_one_card(rule),
                      tuple(exact.first_bingo(rule, cards, trials, seed) for cards, trials in series))


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """No bet against the house and nothing for the lint to check: the chances and the examples."""
    spec: BingoSpec = game.rules
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    return GameFacts(game, (), (), examples, bingo=bingo_facts(spec))
