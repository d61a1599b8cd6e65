"""What the site, the sheets and the data say about el monte and el reto: each bet's edge by phase or by decks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ...catalog import run_example
from ...engine import lint
from ...facts import GameFacts
from ...models import Game
from . import engine as monte
from .reader import MonteBetInfo, MonteSpec, RetoBetInfo, RetoSpec


@dataclass(frozen=True)
class MonteBetFacts:
    """A monte bet's house edge by the way it is played: «primeras», «segundas», and for cartas
    «primeras-pairs» (two placed cards against the other two)."""

    info: MonteBetInfo
    edges: dict[str, Fraction]


@dataclass(frozen=True)
class RetoBetFacts:
    """An el reto bet's house edge by decks in the shoe (1 to the most the text allows), and for the
    initial bet by the player's choice on a tie: «retando» (always), «sin-retar» (never)."""

    info: RetoBetInfo
    edges: dict[str, dict[int, Fraction]]  # play ("" for one way only) -> decks -> edge


MONTE_LAYOUT = monte.Layout(("3o", "5c", "Se", "Rb"))  # any four ranks, none doubled or burnt: the edges are alike


def game_facts(game: Game, others: Sequence[Game] = ()) -> GameFacts:
    """Monte: each bet's edge on a layout of four ranks, exact over the cards left (monte.monte_edge);
    in Segundas with the horizontal pair in play. El reto: exact edges for each number of decks."""
    spec = game.rules
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    if isinstance(spec, RetoSpec):
        rules = spec.rules
        by_decks = {d: monte.reto_probabilities([4 * d] * len(monte.RETO_RANKS)) for d in range(1, rules.decks + 1)}
        reto_edges = {d: monte.reto_edges(rules, p) for d, p in by_decks.items()}
        # After a tie, what «retar» costs per unit of the initial bet it puts back in play, both bets counted
        after = {d: -(p["reto gana"] * rules.pays + p["reto empate"] * rules.reto_tie_pays - p["reto pierde"] * 2)
                 / p["empate"] for d, p in by_decks.items()}
        found = (RetoBetFacts(spec.bet("inicial"), {play: {d: e[f"inicial, {play.replace('-', ' ')}"]
                                                           for d, e in reto_edges.items()}
                                                    for play in ("retando", "sin-retar")}),
                 RetoBetFacts(spec.bet("reto"), {"": after}),
                 RetoBetFacts(spec.bet("empate"), {"": {d: e["empate"] for d, e in reto_edges.items()}}))
        # the lowest edge over the deck counts, with the deck count that gives it, per unit of the initial bet
        lowest = {f"{b.info.id} {play}".strip(): min((edge, decks) for decks, edge in e.items()) for b in found
                  for play, e in b.edges.items()}
        findings = [replace(f, values={**f.values, "decks": lowest[f.values["bet"]][1], "basis": "initial"})
                    for f in lint.player_expectation({bet: edge for bet, (edge, _) in lowest.items()})]
        findings += lint.winning_pays_something({b.id: b.payout for b in spec.bets})
        return GameFacts(game, found, tuple(findings), examples, by_decks[rules.decks])
    mspec: MonteSpec = spec
    bets = []
    for info in mspec.bets:
        edges: dict[str, Fraction] = {}
        for phase in info.pays:
            in_play = (1, 2, 3, 4) if phase == "primeras" else (1, 2)
            target = "1 2" if info.id == "cartas" else "1"
            edges[phase] = monte.monte_edge(mspec.rules, MONTE_LAYOUT, f"{info.id} {target}", phase=phase,
                                            in_play=in_play)
        if info.id == "cartas" and "primeras" in info.pays:
            edges["primeras-pairs"] = monte.monte_edge(mspec.rules, MONTE_LAYOUT, "cartas 1+2 3+4")
        bets.append(MonteBetFacts(info, edges))
    findings = lint.player_expectation({f"{b.info.id} {key}": e for b in bets for key, e in b.edges.items()})
    findings += lint.winning_pays_something({f"{b.id} {phase}": pay for b in mspec.bets
                                             for phase, pay in b.pays.items()})
    return GameFacts(game, tuple(bets), tuple(findings), examples)
