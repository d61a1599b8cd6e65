"""A roulette game's part of its data file: the wheel, each bet with its cover, payout, edge and limit."""

from __future__ import annotations

from typing import Any

from ...engine.wheel import DOUBLE_ZERO, in_layout_order, label
from ...facts import GameFacts
from ...models import cite
from ...render.data import edge_entry, exact_edge, payout_text, sentences, variant_name
from . import engine as roulette
from .facts import BetFacts
from .reader import RouletteSpec


def _bet(bet: BetFacts, facts: GameFacts, macros: dict[str, Any], rules: roulette.Rules) -> dict[str, Any]:
    info = bet.info
    langs = facts.game.languages
    entry: dict[str, Any] = {
        "id": info.id,
        "name": {lang: info.name[lang] for lang in langs},
        "payout": payout_text(info.bet.payout),
        "covers": bet.covers,
        "source": cite(info.source),
    }
    if bet.announced:
        entry["chips"] = [{"bet": chip.bet.id, "numbers": list(chip.numbers), "count": chip.count}
                          for chip in bet.sector] if bet.sector else None
        if info.bet.shape == "neighbours":
            entry["neighbours_each_side"] = info.bet.each_side
    if bet.limit:
        entry["limit"] = {"group": info.limit, "maximum_times_minimum": list(bet.limit)}
    elif bet.limit_range:
        entry["limit"] = {"group": info.limit, "maximum_times_minimum_range": list(bet.limit_range)}
    entry["house_edge"] = edge_entry(
        exact_edge(bet.edge), macros, langs, sentences(macros, langs, "assumptions", bet, rules),
        [("prison", variant_name(macros, langs, "prison"), exact_edge(bet.edge_prison))]
        if bet.edge_prison is not None else [])
    return entry


def _pocket(number: int) -> int | str:
    """A pocket in the data: its number, or "00" for the double zero (as the catalogue writes it)."""
    return label(number) if number == DOUBLE_ZERO else number


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The wheel, its bets and the zero rule."""
    spec: RouletteSpec = facts.game.rules
    return {
        "wheel": {"order": [_pocket(n) for n in spec.rules.wheel.order],
                  "zeros": [_pocket(n) for n in in_layout_order(spec.rules.wheel.zeros)],
                  "red": sorted(spec.rules.wheel.red)},
        "bets": [_bet(bet, facts, macros, spec.rules) for bet in facts.bets if isinstance(bet, BetFacts)],
        "zero_rule": {
            "prison": spec.rules.zero_rule.prison,
            "below_minimum_stays": spec.rules.zero_rule.below_minimum_stays,
            "last_spin_refund": spec.rules.zero_rule.last_spin_refund,
            "source": cite(spec.zero_source),
        },
    }
