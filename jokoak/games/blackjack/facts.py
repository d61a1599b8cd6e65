"""What the site, the sheets and the data say about black jack: the main bet's edge, the side bets', the dealer's final
hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ...catalog import run_example
from ...engine import lint, memo
from ...engine.result import Edge
from ...facts import GameFacts
from ...models import Game
from . import edge as blackjack_edge
from . import engine as blackjack
from .reader import BlackjackBetInfo, BlackjackSpec


@dataclass(frozen=True)
class BlackjackBetFacts:
    """A Black Jack bet and its house edge: exact (a fraction) for the side bets and insurance, a float for the
    main bet (computed exactly in floating point where no hand is split again, else within a stated precision),
    whose ``variants`` give it under each optional rule."""

    info: BlackjackBetInfo
    edge: Fraction | float
    method: str
    precision: str
    variants: dict[str, float] = field(default_factory=dict)  # main: "retiro", "tres-sietes", "retiro+tres-sietes"
    probabilities: dict[str, Fraction] = field(default_factory=dict)  # side bets: each category's

    @property
    def exact(self) -> bool:
        return isinstance(self.edge, Fraction)

    @property
    def numeric(self) -> bool:
        """A float computed exactly but for its rounding (the main bet where no hand is split again)."""
        return self.precision == blackjack_edge.EXACT

    @property
    def lowest(self) -> Fraction | float:
        """The edge at a table offering every optional rule that helps the player."""
        return min([self.edge, *self.variants.values()])


_MAIN_EDGES: dict[str, Edge] = {}  # by the rules' repr: the first takes 2 s, the others 0.1 s


def _main_edge(rules: blackjack.Rules) -> Edge:
    main = replace(rules, pairs={}, sevens={}, under_over_13=None)
    key = repr(main)
    if key not in _MAIN_EDGES:
        _MAIN_EDGES[key] = memo.remembered(blackjack_edge.house_edge)(main)  # seconds: kept in the exact cache
    return _MAIN_EDGES[key]


def blackjack_payouts(spec: BlackjackSpec, lang: str | None = None) -> dict[str, Fraction | None]:
    """Every payout of a Black Jack game, by placement («parejas completa»), as the text of ``lang``
    prints it (None: as read)."""
    found: dict[str, Fraction | None] = {}
    for info in spec.bets:
        if info.payout is not None:
            found[info.id] = info.printed.get(lang, info.payout) if lang else info.payout
        if info.kind == "main":
            found[f"{info.id} black-jack"] = spec.rules.blackjack_pays
        for line in info.pays:
            found[f"{info.id} {line.category}"] = line.printed.get(lang, line.payout) if lang else line.payout
    return found


def _blackjack_bet(spec: BlackjackSpec, info: BlackjackBetInfo) -> BlackjackBetFacts:
    rules, decks = spec.rules, spec.rules.decks
    exact, exact_precision = "exact", "exact"
    if info.kind == "main":
        options = [o for o in (spec.surrender, spec.three_sevens) if o and o.id]
        edge = _main_edge(spec.rules_with(()))
        variants = {o.id: _main_edge(spec.rules_with((o.id,))).value for o in options}
        if len(options) > 1:
            variants["+".join(o.id for o in options)] = _main_edge(spec.rules_with(tuple(o.id for o in options))).value
        return BlackjackBetFacts(info, edge.value, edge.method, edge.precision, variants)
    if info.kind == "insurance":
        return BlackjackBetFacts(info, blackjack_edge.insurance_edge(rules), exact, exact_precision)
    if info.kind in ("pairs", "sevens"):
        p = blackjack_edge.pairs_probabilities(decks, rules.pairs_match) if info.kind == "pairs" else \
            blackjack_edge.sevens_probabilities(decks, rules.sevens_three_mixed)
        return BlackjackBetFacts(info, blackjack_edge.side_bet_edge(info.payouts, p), exact, exact_precision,
                                 probabilities=p)
    p = blackjack_edge.under_over_13_probabilities(blackjack.shoe(decks))
    side = "under" if info.kind == "under-13" else "over"
    assert info.payout is not None
    return BlackjackBetFacts(info, blackjack_edge.side_bet_edge({side: info.payout}, p), exact, exact_precision,
                             probabilities=p)


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    spec: BlackjackSpec = game.rules
    bets = tuple(_blackjack_bet(spec, info) for info in spec.bets)
    findings = lint.player_expectation({bet.info.id: bet.lowest for bet in bets})
    payouts = blackjack_payouts(spec)
    findings += lint.winning_pays_something(payouts)
    findings += lint.same_bet_elsewhere(payouts, {o.regulation.id: blackjack_payouts(o.rules) for o in others})
    findings += lint.same_payout_in_every_language(payouts, {lang: blackjack_payouts(spec, lang)
                                                             for lang in game.languages})
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    dealer = {up: memo.remembered(blackjack_edge.dealer_probabilities)(spec.rules, up) for up in range(1, 11)}
    return GameFacts(game, bets, tuple(findings), examples, dealer=dealer)
