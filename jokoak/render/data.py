"""Machine-readable data per game: ``data/<regulation>/<game>.json``.

Texts are given in every official language of the game's regulation; the house edge of each bet
is exact (a fraction) with its float value, its method and the assumptions it rests on.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import jinja2

from ..catalog_baccarat import COLUMNS, BaccaratSpec
from ..catalog_chemin import CheminSpec
from ..catalog_dice import DiceSpec
from ..catalog_trente import TrenteSpec
from ..engine import roulette
from ..engine.wheel import DOUBLE_ZERO, in_layout_order, label
from ..facts import (
    BetFacts,
    CardBetFacts,
    CheminBetFacts,
    DiceBetFacts,
    GameFacts,
    TrenteBetFacts,
    bet_names,
)
from ..models import cite
from .env import fraction_text


def _payout(value: Any) -> str | None:
    return None if value is None else f"{value.numerator}:{value.denominator}"


def _plain(value: Any) -> Any:
    """JSON-ready copies of lint values (tuples to lists, fractions to strings)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "denominator") and not isinstance(value, int):
        return fraction_text(value)
    return value


def _bet(bet: BetFacts, facts: GameFacts, macros: dict[str, Any], rules: roulette.Rules) -> dict[str, Any]:
    info = bet.info
    langs = facts.game.languages
    entry: dict[str, Any] = {
        "id": info.id,
        "name": {lang: info.name[lang] for lang in langs},
        "payout": _payout(info.bet.payout),
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
    entry["house_edge"] = {
        "exact": fraction_text(bet.edge),
        "value": float(bet.edge),
        "method": "exact",
        "assumptions": {lang: str(macros[lang].assumptions(bet, rules)) for lang in langs},
    }
    return entry


def _dice_bet(bet: DiceBetFacts, facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    info, langs = bet.info, facts.game.languages
    rule = info.bet
    limit = info.limit
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
        "payouts": [{"numbers": list(p.numbers), "payout": _payout(p.payout),
                     "house_edge": {"exact": fraction_text(p.edge), "value": float(p.edge)}} for p in bet.payouts],
        "house_edge": {
            "exact": fraction_text(bet.edge),
            "value": float(bet.edge),
            "method": "exact",
            "assumptions": {lang: str(macros[lang].dice_assumptions(bet, facts.game)) for lang in langs},
        },
        "limit": None if limit is None else {
            "kind": limit.kind, "group": limit.group, "times_winnings": list(limit.times) if limit.times else None,
            "percent": {"all" if n is None else str(n): pct for n, pct in limit.percent.items()} or None,
            "source": cite(limit.source) or None},
        "source": cite(info.source),
    }


def game_data(facts: GameFacts, envs: dict[str, jinja2.Environment], build: str) -> str:
    """The JSON document of one game (sorted keys, UTF-8, a final newline)."""
    game = facts.game
    langs = game.languages
    spec = game.rules
    macros: dict[str, Any] = {lang: envs[lang].get_template("macros.jinja").module for lang in langs}
    names = {lang: bet_names(game, lang) for lang in langs}
    sources = {claim.id: cite(claim.source) for claim in getattr(spec, "claims", ())}
    document = {
        "regulation": game.regulation.id,
        "game": game.id,
        "name": {lang: game.name[lang] for lang in langs},
        "languages": list(langs),
        "version": {
            "id": game.version.id,
            "decree": {lang: game.version.decree[lang] for lang in langs},
            "effective": game.version.effective.isoformat() if game.version.effective else None,
        },
        "article": {lang: game.article[lang] for lang in langs},
        "source": cite(game.source),
        **_engine_part(facts, macros),
        "limits": {"tiers": spec.limits.tiers,
                   "maximum_times_minimum": {g: list(v) for g, v in spec.limits.maximum.items()},
                   "maximum_times_minimum_range": {g: list(v) for g, v in spec.limits.ranges.items()},
                   "even_chance_minimum_at_most_times_minimum": spec.limits.even_chance_minimum_factor,
                   "source": cite(spec.limits.source)},
        "lint": [
            {"id": f.id, "check": f.check, "holds": f.holds,
             "message": {lang: str(macros[lang].finding(f, names[lang])) for lang in langs},
             "source": sources.get(f.id), "values": _plain(f.values)}
            for f in facts.findings
        ],
        "examples": [
            {"id": ex.id, "title": {lang: ex.title[lang] for lang in langs},
             "bets": {spec_text: str(stake) for spec_text, stake in ex.bets.items()},
             {"dice": "rolls", "baccarat": "cards", "trente": "coups", "chemin": "cards",
              "dos-panos": "cards"}.get(game.engine, "spins"): list(ex.spins),
             **({"said": ex.said, "bound": ex.bound or "free", "banco": ex.banco, "commission": ex.payment}
                if isinstance(spec, CheminSpec) else {}),
             "withdraw": ex.withdraw, "payment": ex.payment, "insured": list(ex.insured),
             "on_zero": list(ex.on_zero), "last_spin": ex.last_spin,
             "minimum": None if ex.minimum is None else str(ex.minimum),
             "staked": roulette.amount(result.staked), "returned": roulette.amount(result.returned)}
            for ex, result in facts.examples
        ],
        "readings": [{"field": r.field, "text": r.text, "line": r.line} for r in game.readings],
        "build": build,
    }
    return json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def _pocket(number: int) -> int | str:
    """A pocket in the data: its number, or "00" for the double zero (as the catalogue writes it)."""
    return label(number) if number == DOUBLE_ZERO else number


def _baccarat_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
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
                      "bank_total_pays": {str(t): _payout(v) for t, v in p.payment.bank_total_pays.items()},
                      "source": cite(p.source)} for p in spec.payments],
        "probabilities": {"exact": {k: fraction_text(v) for k, v in facts.probabilities.items()},
                          "value": {k: float(v) for k, v in facts.probabilities.items()},
                          "method": "exact enumeration of every deal over the shoe's composition"},
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "side": bet.info.bet.side,
            "payout": _payout(bet.info.bet.payout),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": {payment: {"exact": fraction_text(edge), "value": float(edge), "method": "exact",
                                     "assumptions": {lang: str(macros[lang].baccarat_assumptions(facts.game, payment))
                                                     for lang in langs}}
                           for payment, edge in bet.edges.items()},
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, CardBetFacts)],
    }


TRENTE_METHOD = ("exact over every deal of the first coup from a full shoe (later coups of the shoe are dealt from "
                 "fewer cards and differ slightly)")


def _trente_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The shoe, the refait and its insurance, the exact probabilities of a coup, and each bet's
    house edge when half is taken back on a refait, when the stake is left in prison, and insured."""
    spec: TrenteSpec = facts.game.rules
    rules, langs = spec.rules, facts.game.languages
    assert facts.probabilities is not None

    def edge(value: Fraction, method: str) -> dict[str, Any]:
        return {"exact": fraction_text(value), "value": float(value), "method": method}

    prison_method = TRENTE_METHOD + "; a stake in prison is then settled by later coups taken with the same " \
        "probabilities (an approximation)"
    return {
        "shoe": {"decks": rules.decks, "red_card_before": rules.reserved, "source": cite(spec.shoe_source)},
        "refait": {"prison": rules.refait.prison, "below_minimum_stays": rules.refait.below_minimum_stays,
                   "last_coup_refund": rules.refait.last_spin_refund, "source": cite(spec.refait_source)},
        "insurance": {"premium": fraction_text(rules.insurance_rate),
                      "minimum_pesetas": spec.insurance_minimum_pesetas, "source": cite(spec.insurance_source)},
        "probabilities": {"exact": {k: fraction_text(v) for k, v in facts.probabilities.items()},
                          "value": {k: float(v) for k, v in facts.probabilities.items()},
                          "method": TRENTE_METHOD},
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "payout": _payout(bet.info.payout),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": {
                "half_back_on_refait": edge(bet.edge, TRENTE_METHOD),
                "prison_on_refait": edge(bet.edge_prison, prison_method) if bet.edge_prison is not None else None,
                "insured": edge(bet.edge_insured, TRENTE_METHOD),
                "assumptions": {lang: str(macros[lang].trente_assumptions(facts.game)) for lang in langs},
            },
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, TrenteBetFacts)],
    }


def _chemin_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The shoe, the punto's and the banker's rules with the bank's table as printed (T, P, O), the
    commissions, the stakes, and what the punto, the banker and the house expect under each way of playing,
    with the banker's best choice in each «O» cell (chemin de fer)."""
    spec: CheminSpec = facts.game.rules
    rules, langs, found = spec.rules, facts.game.languages, facts.chemin
    assert found is not None

    def value(x: Fraction) -> dict[str, Any]:
        return {"exact": fraction_text(x), "value": float(x)}

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
        "expectations": [{"play": p.play, "commission": p.commission, "punto": value(p.punto),
                          "banker": value(p.banker), "house": value(p.house), "method": p.method,
                          "precision": p.precision,
                          "assumptions": {lang: str(macros[lang].chemin_play(p.play, facts.game)) for lang in langs}}
                         for p in found.plays],
        "option_cells": [{"bank": c.bank, "column": "stood" if c.column is None else c.column,
                          "punto_on_option": "draws" if c.punto_draws else "stands", "draw": value(c.draw),
                          "stand": value(c.stand), "best": c.best} for c in found.cells],
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "payout": _payout(bet.info.payout),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": {commission: {**value(edge), "method": found.play("customary", commission).method,
                                        "precision": found.play("customary", commission).precision,
                                        "play": "customary"}
                           for commission, edge in bet.edges.items()},
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, CheminBetFacts)],
    }


def _engine_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The engine's own fields: the wheel, its bets and the zero rule; the dice and their bets;
    or the cards, the drawing rules and the bets."""
    spec = facts.game.rules
    if isinstance(spec, BaccaratSpec):
        return _baccarat_part(facts, macros)
    if isinstance(spec, TrenteSpec):
        return _trente_part(facts, macros)
    if isinstance(spec, CheminSpec):
        return _chemin_part(facts, macros)
    if isinstance(spec, DiceSpec):
        return {"dice": spec.rules.dice,
                "classes": {key: {lang: name[lang] for lang in facts.game.languages}
                            for key, name in spec.classes.items()},
                "bets": [_dice_bet(bet, facts, macros) for bet in facts.bets if isinstance(bet, DiceBetFacts)]}
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
