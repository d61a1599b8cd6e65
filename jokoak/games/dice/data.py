"""A dice game's part of its data file: each bet with its payouts by number, its edges and maximums."""

from __future__ import annotations

from typing import Any

from ...facts import GameFacts
from ...models import cite
from ...render.data import edge_entry, exact_edge, payout_text, sentences
from .facts import DiceBetFacts
from .reader import DiceSpec


def _dice_bet(bet: DiceBetFacts, facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    info, langs = bet.info, facts.game.languages
    rule = info.bet
    limit = info.limit
    assumptions = sentences(macros, langs, "dice_assumptions", bet, facts.game)
    return {
        "id": info.id,
        "name": {lang: info.name[lang] for lang in langs},
        "class": info.bet_class,
        "kind": rule.kind,
        "side": rule.side,
        "wins": sorted(rule.wins), "loses": sorted(rule.loses), "ties": sorted(rule.ties),
        "line_bet": rule.on,
        "withdraw": rule.withdraw,
        "rule": {lang: str(macros[lang].dice_rule(bet, facts.game)) for lang in langs},
        "payouts": [{"numbers": list(p.numbers), "payout": payout_text(p.payout),
                     "house_edge": edge_entry(exact_edge(p.edge), macros, langs, assumptions)} for p in bet.payouts],
        "house_edge": edge_entry(exact_edge(bet.edge), macros, langs, assumptions),
        "limit": None if limit is None else {
            "kind": limit.kind, "group": limit.group, "times_winnings": list(limit.times) if limit.times else None,
            "percent": {"all" if n is None else str(n): pct for n, pct in limit.percent.items()} or None,
            "source": cite(limit.source) or None},
        "source": cite(info.source),
    }


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The dice, the classes of bets and the bets."""
    spec: DiceSpec = facts.game.rules
    return {"dice": spec.rules.dice,
            "classes": {key: {lang: name[lang] for lang in facts.game.languages}
                        for key, name in spec.classes.items()},
            "bets": [_dice_bet(bet, facts, macros) for bet in facts.bets if isinstance(bet, DiceBetFacts)]}
