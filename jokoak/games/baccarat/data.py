"""The baccara games' part of their data files: the drawing tables, the outcomes, the bets' edges by option."""

from __future__ import annotations

from typing import Any

from ...edges import fraction_text
from ...facts import GameFacts
from ...models import cite
from ...render.data import edges_by_option, exact_edge, number_data, payout_text, sentences
from .chemin_reader import CheminSpec
from .facts import CardBetFacts, CheminBetFacts
from .reader import COLUMNS, BaccaratSpec

BACCARAT_METHOD = ("exact enumeration of every deal over the shoe's composition, the drawing rules as the regulation "
                   "imposes them")


def baccarat_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The shoe, the drawing rules with the bank's table as printed, the ways of paying the bank,
    the exact probability of each outcome, and every bet's house edge under each way of paying."""
    spec: BaccaratSpec = facts.game.rules
    langs = facts.game.languages
    rules = spec.rules.drawing
    assert facts.probabilities is not None
    return {
        "shoe": {"decks": spec.rules.decks, "source": cite(spec.shoe_source)},
        "drawing": {
            "naturals": sorted(rules.naturals),
            "player": {"draws": sorted(rules.player_draws),
                       "stands": sorted(set(range(10)) - rules.player_draws - rules.naturals),
                       "source": cite(spec.player_source)},
            "bank": {"columns": ["stood" if c is None else c for c in COLUMNS],
                     "rows": [{"total": row.total, "cells": row.cells.split(), "source": cite(row.source)}
                              for row in spec.bank_table],
                     "source": cite(spec.bank_source)},
        },
        "payments": [{"id": p.id, "commission": fraction_text(p.payment.commission), "up_to": p.up_to,
                      "bank_total_pays": {str(t): payout_text(v) for t, v in p.payment.bank_total_pays.items()},
                      "source": cite(p.source)} for p in spec.payments],
        "probabilities": {"exact": {k: fraction_text(v) for k, v in facts.probabilities.items()},
                          "value": {k: float(v) for k, v in facts.probabilities.items()},
                          "method": BACCARAT_METHOD},
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "side": bet.info.bet.side,
            "payout": payout_text(bet.info.bet.payout),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": edges_by_option(
                {payment: (exact_edge(edge, "imposed", BACCARAT_METHOD),
                           sentences(macros, langs, "baccarat_assumptions", facts.game, payment))
                 for payment, edge in bet.edges.items()},
                {p.id: sentences(macros, langs, "option_name", n) for n, p in enumerate(spec.payments, 1)},
                macros, langs),
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, CardBetFacts)],
    }


def chemin_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The shoe, the punto's and the banker's rules with the bank's table as printed (T, P, O), the
    commissions, the stakes, and what the punto, the banker and the house expect under each way of playing,
    with the banker's best choice in each «O» cell (chemin de fer)."""
    spec: CheminSpec = facts.game.rules
    rules, langs, found = spec.rules, facts.game.languages, facts.chemin
    assert found is not None
    names = {c.id: {lang: c.name[lang] for lang in langs} if c.name else sentences(macros, langs, "option_name", n)
             for n, c in enumerate(spec.commissions, 1)}

    return {
        "shoe": {"decks": rules.decks, "source": cite(spec.shoe_source)},
        "drawing": {
            "naturals": sorted(rules.naturals),
            "player": {"draws": sorted(rules.player_draws), "option": sorted(rules.player_option),
                       "stands": sorted(rules.stands()), "croupier_advice_on_option": "stand" if spec.advice else None,
                       "banco_free": spec.banco, "source": cite(spec.player_source),
                       "advice_source": cite(spec.advice_source), "banco_source": cite(spec.banco_source)},
            "bank": {"free": rules.bank_free, "must_draw": sorted(rules.bank_must_draw),
                     "source": cite(spec.bank_source), "imposed_source": cite(spec.imposed_source),
                     "table": {"columns": ["stood" if c is None else c for c in COLUMNS],
                               "rows": [{"total": row.total, "cells": row.cells.split(), "source": cite(row.source)}
                                        for row in spec.bank_table],
                               "source": cite(spec.table_source)}},
            "two_card_eight_beats_three_card": rules.eight_beats_three,
            "two_card_eight_source": cite(spec.eight_source) or None,
        },
        "commissions": [{"id": c.id, "name": {lang: c.name[lang] for lang in langs} if c.name else None,
                         "rate": fraction_text(c.rate), "up_to": c.up_to, "source": cite(c.source)}
                        for c in spec.commissions],
        "expectations": [{"play": p.play, "commission": p.commission, "punto": number_data(p.punto),
                          "banker": number_data(p.banker), "house": number_data(p.house), "method": p.method,
                          "precision": p.precision,
                          "assumptions": {lang: str(macros[lang].chemin_play(p.play, facts.game)) for lang in langs}}
                         for p in found.plays],
        "option_cells": [{"bank": c.bank, "column": "stood" if c.column is None else c.column,
                          "punto_on_option": "draws" if punto_draws else "stands", "draw": number_data(c.draw),
                          "stand": number_data(c.stand), "best": c.best} for punto_draws, c in found.cells],
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "payout": payout_text(bet.info.payout),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": edges_by_option(
                {commission: (exact_edge(edge, "customary", found.play("customary", commission).method), None)
                 for commission, edge in bet.edges.items()}, names, macros, langs),
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, CheminBetFacts)],
    }
