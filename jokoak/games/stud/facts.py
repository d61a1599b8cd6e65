"""What the site, the sheets and the data say about póquer sin y con descarte: the main game's figures, the bets' edges,
each example's hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ...catalog import run_example
from ...engine import lint, memo
from ...facts import GameFacts
from ...models import Game
from . import edge as stud_edge
from . import engine as stud
from . import exact as stud_exact
from .reader import StudBetInfo, StudSpec, category, final_hands


@dataclass(frozen=True)
class StudBetFacts:
    """A bet of banked poker: the ante stands for the main game (ante and second bet together), its house edge
    per ante: without a draw exact under the best play (``strategy`` «optimal»), with ``others`` the figures of
    other players (who never buy a card, or who also ignore the bank's face-up card: the usual published
    figure); with a draw by Monte Carlo under a fixed rule («fixed»). A side bet of fixed prizes has its exact
    edge; a jackpot paying shares of an accumulated amount has its prizes' probabilities and its edge as a line
    in the amount (``jackpot``; ``edge`` None), with the prizes for hands made by changing cards apart."""

    info: StudBetInfo
    edge: Fraction | float | None
    method: str
    precision: str
    per_staked: Fraction | float | None = None  # the main game: per unit of ante and second bet staked
    probabilities: dict[str, Fraction] = field(default_factory=dict)  # side bets: each prize's, on the dealt hand
    strategy: str = "none"
    others: dict[str, tuple[Fraction, str]] = field(default_factory=dict)  # the main game: by player, edge and how
    jackpot: stud_edge.JackpotEdge | None = None  # a jackpot: its edge in the amount, on the hands as dealt
    jackpot_drawn: stud_edge.JackpotEdge | None = None  # with the prizes for hands made by changing cards


@dataclass(frozen=True)
class StudHand:
    cards: tuple[str, ...]
    hand: str  # its category id


@dataclass(frozen=True)
class StudFacts:
    voy: Fraction | float  # how often the player of the stated strategy says «voy»
    hands: dict[str, tuple[StudHand, StudHand]]  # each example's player's and bank's hands at the showdown
    drawn: dict[str, tuple[float, float]]  # con descarte: each category's share of the hands that discarded


STUD_EXACT = ("exact enumeration of every player's hand against every bank hand from the other 47 cards; the "
              "player says «voy» when that loses less than the ante on his five cards (the bank's face-up card "
              "not used), buys no card")


STUD_DRAWS = 2_000_000


_STUD_MAIN: dict[str, tuple[object, ...]] = {}  # by the main game's rules: the edge takes ~16 s (sin) or ~10 s (con)


def _stud_main(rules: stud.Rules) -> tuple[object, ...]:
    key = repr(replace(rules, side_bets={}, buy_price=None))
    if key not in _STUD_MAIN:
        main = replace(rules, side_bets={}, buy_price=None)  # kept in the exact cache: seconds each
        if rules.bank_draw is None:
            e = memo.remembered(stud_edge.main_edge)(main)
            _STUD_MAIN[key] = (e.per_ante, e.per_staked, e.voy, STUD_EXACT, "exact (a fraction)", {})
        else:
            d = memo.remembered(stud_edge.draw_edge)(main, STUD_DRAWS, seed=0)
            drawn = {stud.C(c).id: v for c, v in d.drawn.items()}
            _STUD_MAIN[key] = (d.main.value, d.per_staked.value, d.voy, d.main.method, d.main.precision, drawn)
    return _STUD_MAIN[key]


def stud_payouts(spec: StudSpec) -> dict[str, Fraction | None]:
    """Every fixed payout of a banked poker game by placement («second pair», «seguro full-house»)."""
    found: dict[str, Fraction | None] = {f"second {line.hand}{''.join(line.ranks)}": line.payout
                                          for line in spec.pays}
    for bet in spec.side_bets:
        found.update({f"{bet.id} {p.hand}": p.payout for p in bet.prizes if p.payout is not None})
        found.update({f"{bet.id} {p.hand} drawn": p.payout for p in bet.drawn if p.payout is not None})
    return found


def _stud_best(rules: stud.Rules, info: StudBetInfo, published: Fraction) -> tuple[StudBetFacts, Fraction] | None:
    """Póquer sin descarte with a card to buy: the main game exact under the best play (the player sees his cards
    and the bank's face-up card, and may buy a card), with the best player who never buys and the usual published
    player (who also ignores the face-up card) beside it, and how often the best player says «voy»; kept in the
    exact cache (about two minutes)."""
    if rules.bank_draw is not None or rules.buy_price is None:
        return None
    best = memo.remembered(stud_exact.best_play)(replace(rules, side_bets={}))
    others = {"without-buying": (best.without_buying.per_ante, "the best play on his five cards and the bank's "
                                 "face-up card, never buying a card (a table that does not offer it)"),
              "published-play": (published, STUD_EXACT)}
    return StudBetFacts(info, best.per_ante, f"{best.method}; {best.strategy}", "exact", best.per_staked,
                        strategy="optimal", others=others), best.voy


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """Póquer sin descarte: the main game exact under the best play; con descarte by Monte Carlo under a fixed
    rule; fixed-prize side bets exact on the dealt five cards; jackpots paying shares: their prizes'
    probabilities and their edge as a line in the amount."""
    spec: StudSpec = game.rules
    per_ante, per_staked, voy, method, precision, drawn = _stud_main(spec.rules)
    bets: list[StudBetFacts] = []
    for info in spec.bets:
        if info.kind == "ante" and (best := _stud_best(spec.rules, info, per_ante)) is not None:  # type: ignore[arg-type]
            bets.append(best[0])
            voy = best[1]
        elif info.kind == "ante":
            bets.append(StudBetFacts(info, per_ante, str(method), str(precision), per_staked,  # type: ignore[arg-type]
                                     strategy="fixed"))
        elif info.kind == "side" and (info.shares or info.drawn):
            p = stud_edge.prize_probabilities(spec.rules, info.id)
            made = memo.remembered(stud_edge.drawn_probabilities)(replace(spec.rules, side_bets={})) if info.drawn \
                else None
            bets.append(StudBetFacts(info, None, "exact enumeration of the five cards as dealt", "exact",
                                     probabilities={c.id: v for c, v in p.items()},
                                     jackpot=stud_edge.jackpot_edge(spec.rules, info.id),
                                     jackpot_drawn=None if made is None else stud_edge.jackpot_edge(spec.rules, info.id,
                                                                                                    made)))
        elif info.kind == "side":
            p = stud_edge.prize_probabilities(spec.rules, info.id)
            bets.append(StudBetFacts(info, stud_edge.side_bet_edge(spec.rules, info.id),
                                     "exact enumeration of the five cards as dealt", "exact",
                                     probabilities={c.id: v for c, v in p.items()}))
    findings = lint.player_expectation({b.info.id: b.edge for b in bets if b.edge is not None})
    payouts = stud_payouts(spec)
    findings += lint.winning_pays_something(payouts)
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: stud_payouts(o.rules) for o in others})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    hands = {}
    for example in game.examples:
        player, bank = final_hands(spec, [str(c) for c in example.draws], example.options)
        hands[example.id] = (StudHand(player, category(spec, player)), StudHand(bank, category(spec, bank)))
    return GameFacts(game, tuple(bets), tuple(findings), examples,
                     stud=StudFacts(voy, hands, drawn))  # type: ignore[arg-type]
