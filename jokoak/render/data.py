"""Machine-readable data per game: ``data/<regulation>/<game>.json``, and their JSON Schema.

Texts are given in every official language of the game's regulation; every house edge, whatever the family,
has the one shape of :mod:`jokoak.edges` (exact or not, its method, strategy, precision and assumptions, and a
variant for each option of the bet), and :func:`data_schema` checks it wherever it appears in a document.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

import jinja2

from ..edges import HouseEdge, Method, Strategy, Variant, edge_data, edge_definitions, plus_minus
from ..engine.poker import RANKS
from ..engine.result import amount
from ..engine.wheel import DOUBLE_ZERO, in_layout_order, label
from ..facts import (
    MONTE_LAYOUT,
    TRIJOKER_METHOD,
    BetFacts,
    BlackjackBetFacts,
    CardBetFacts,
    CheminBetFacts,
    DiceBetFacts,
    FourCardBetFacts,
    GameFacts,
    HoldemBetFacts,
    MonteBetFacts,
    PaiGowBetFacts,
    RetoBetFacts,
    StudBetFacts,
    TrenteBetFacts,
    TrijokerBetFacts,
    TripokerBetFacts,
    bet_names,
)
from ..games import families
from ..games.baccarat.chemin_reader import CheminSpec
from ..games.baccarat.reader import COLUMNS, BaccaratSpec
from ..games.blackjack import shoe as blackjack_shoe
from ..games.blackjack.engine import OUTCOMES
from ..games.blackjack.reader import BlackjackSpec
from ..games.dice.reader import DiceSpec
from ..games.four_card.reader import FourCardSpec, PayLine
from ..games.holdem.reader import HoldemSpec
from ..games.monte.reader import RetoSpec
from ..games.pai_gow import engine as pai_gow
from ..games.pai_gow.reader import PaiGowSpec
from ..games.roulette import engine as roulette
from ..games.roulette.reader import RouletteSpec
from ..games.stud.reader import StudSpec
from ..games.trente.reader import TrenteSpec
from ..games.trijoker.reader import TrijokerSpec
from ..games.tripoker.reader import TripokerSpec
from ..models import cite
from .env import fraction_text


def _number(value: Any) -> dict[str, Any] | None:
    """An edge or probability: its exact fraction where it has one, and its value."""
    if value is None:
        return None
    return {"exact": fraction_text(value) if isinstance(value, Fraction) else None, "value": float(value)}


def _sentences(macros: dict[str, Any], langs: tuple[str, ...], name: str, *args: Any) -> dict[str, str]:
    """A macro's text in each language."""
    return {lang: str(getattr(macros[lang], name)(*args)) for lang in langs}


def _edge(edge: HouseEdge, macros: dict[str, Any], langs: tuple[str, ...], assumptions: dict[str, str] | None = None,
          variants: list[tuple[str, dict[str, str], HouseEdge]] | None = None) -> dict[str, Any]:
    """A bet's house edge in the data's one shape (:mod:`jokoak.edges`): the assumptions a family states, or
    else those its method and strategy imply; each variant with its id, its name and its own assumptions."""
    said = assumptions or _sentences(macros, langs, "edge_assumptions", edge)
    return edge_data(edge, said, [Variant(key, name, other, _sentences(macros, langs, "edge_assumptions", other)
                                          if other.method != edge.method or other.strategy != edge.strategy
                                          else said)
                                  for key, name, other in variants or ()])


def _exact(value: Fraction, strategy: Strategy = "none", details: str = "") -> HouseEdge:
    return HouseEdge(value, "exact", strategy, details=details)


def _estimate(value: float, method: Method, strategy: Strategy, precision: str, details: str) -> HouseEdge:
    return HouseEdge(value, method, strategy, plus_minus(precision), details)


def _named(macros: dict[str, Any], langs: tuple[str, ...], key: str) -> dict[str, str]:
    return _sentences(macros, langs, "edge_variant", key)


def _by_option(edges: dict[str, tuple[HouseEdge, dict[str, str] | None]], names: dict[str, dict[str, str]],
               macros: dict[str, Any], langs: tuple[str, ...]) -> dict[str, Any]:
    """A bet whose edge depends on an option of the table (the commission, the way of paying): the first option's
    edge, and every option's, the first included, as variants with their ids and names."""
    first = next(iter(edges))
    main, said = edges[first]
    entry = _edge(main, macros, langs, said)
    entry["variants"] = [{"id": key, "name": names[key], **_edge(edge, macros, langs, text)}
                         for key, (edge, text) in edges.items()]
    return entry


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
    entry["house_edge"] = _edge(
        _exact(bet.edge), macros, langs, _sentences(macros, langs, "assumptions", bet, rules),
        [("prison", _named(macros, langs, "prison"), _exact(bet.edge_prison))] if bet.edge_prison is not None else [])
    return entry


def _dice_bet(bet: DiceBetFacts, facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    info, langs = bet.info, facts.game.languages
    rule = info.bet
    limit = info.limit
    assumptions = _sentences(macros, langs, "dice_assumptions", bet, facts.game)
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
                     "house_edge": _edge(_exact(p.edge), macros, langs, assumptions)} for p in bet.payouts],
        "house_edge": _edge(_exact(bet.edge), macros, langs, assumptions),
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
        "engine": game.engine,
        "name": {lang: game.name[lang] for lang in langs},
        "languages": list(langs),
        "version": {
            "id": game.version.id,
            "decree": {lang: game.version.decree[lang] for lang in langs},
            "effective": game.version.effective.isoformat() if game.version.effective else None,
        },
        "article": {lang: game.article[lang] for lang in langs},
        "source": cite(game.source),
        **PARTS[game.engine](facts, macros),
        "limits": {"tiers": spec.limits.tiers,
                   "maximum_times_minimum": {g: list(v) for g, v in spec.limits.maximum.items()},
                   "maximum_times_minimum_range": {g: list(v) for g, v in spec.limits.ranges.items()},
                   "maximum_times_minimum_choices": {g: list(v) for g, v in spec.limits.choices.items()},
                   "stakes_in_multiples_may_be_required": bool(spec.limits.multiples_source),
                   "even_chance_minimum_at_most_times_minimum": spec.limits.even_chance_minimum_factor,
                   "source": cite(spec.limits.source)},
        "lint": [
            {"id": f.id, "check": f.check, "holds": f.holds,
             "message": {lang: str(macros[lang].finding(f, names[lang])) for lang in langs},
             "source": sources.get(f.id) or (cite(f.source) if f.source else None), "values": _plain(f.values)}
            for f in facts.findings
        ],
        "examples": [
            {"id": ex.id, "title": {lang: ex.title[lang] for lang in langs},
             "bets": {spec_text: str(stake) for spec_text, stake in ex.bets.items()},
             families()[game.engine].draws: list(ex.draws), "options": _plain(ex.options),
             "staked": amount(result.staked), "returned": amount(result.returned)}
            for ex, result in facts.examples
        ],
        "readings": [{"field": r.field, "text": r.text, "line": r.line} for r in game.readings],
        "build": build,
    }
    return json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


EDGE_KEYS = ("house_edge", "ante_edge")  # wherever they are in a document, an edge in the one shape
TOP_KEYS = ("regulation", "game", "engine", "name", "languages", "version", "article", "source", "bets", "limits",
            "lint", "examples", "readings", "build")


def data_schema(languages: tuple[str, ...]) -> dict[str, Any]:
    """The JSON Schema (draft-07) of every game's data file: the keys every document has, every bet with its id,
    its name and its house edge, and any house edge at any depth (a box's, a payout's, a reading's) in the one
    shape of :mod:`jokoak.edges`."""
    definitions = edge_definitions(languages)
    definitions["node"] = {
        "properties": {key: {"$ref": "#/definitions/edge"} for key in EDGE_KEYS}
        | {"house_edge_as_printed": {"type": "object", "additionalProperties": {"$ref": "#/definitions/edge"}}},
        "additionalProperties": {"$ref": "#/definitions/node"},
        "items": {"$ref": "#/definitions/node"},
    }
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": "data.schema.json",
        "title": "A game's machine-readable data (build/data/<regulation>/<game>.json)",
        "type": "object",
        "required": list(TOP_KEYS),
        "properties": {
            "regulation": {"type": "string"}, "game": {"type": "string"}, "engine": {"type": "string"},
            "languages": {"type": "array", "items": {"enum": list(languages)}, "minItems": 1},
            "bets": {"type": "array", "minItems": 1, "items": {"allOf": [
                {"$ref": "#/definitions/node"}, {"type": "object", "required": ["id", "name", "house_edge"]}]}},
        },
        "additionalProperties": {"$ref": "#/definitions/node"},
        "definitions": definitions,
    }


def _pocket(number: int) -> int | str:
    """A pocket in the data: its number, or "00" for the double zero (as the catalogue writes it)."""
    return label(number) if number == DOUBLE_ZERO else number


BACCARAT_METHOD = ("exact enumeration of every deal over the shoe's composition, the drawing rules as the regulation "
                   "imposes them")


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
                          "method": BACCARAT_METHOD},
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "side": bet.info.bet.side,
            "payout": _payout(bet.info.bet.payout),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": _by_option(
                {payment: (_exact(edge, "imposed", BACCARAT_METHOD),
                           _sentences(macros, langs, "baccarat_assumptions", facts.game, payment))
                 for payment, edge in bet.edges.items()},
                {p.id: _sentences(macros, langs, "option_name", n) for n, p in enumerate(spec.payments, 1)},
                macros, langs),
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
            "house_edge": _edge(
                _exact(bet.edge, details=TRENTE_METHOD), macros, langs,
                _sentences(macros, langs, "trente_assumptions", facts.game),
                [("insured", _named(macros, langs, "insured"), _exact(bet.edge_insured, details=TRENTE_METHOD))]
                + ([("prison", _named(macros, langs, "prison"),
                     HouseEdge(bet.edge_prison, "approximation", "none", details=prison_method))]
                   if bet.edge_prison is not None else [])),
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, TrenteBetFacts)],
    }


MONTE_METHOD = ("exact over every card left to draw after a layout of four placed cards of different ranks "
                "({layout}), none doubled or burnt: the first card of a placed rank decides, and it is the first "
                "card drawn (a tenth of the winnings deducted) with probability (cards of those ranks) / (cards "
                "left); Segundas: the two cards of a horizontal pair in play, the cards drawn in Primeras not "
                "removed from the shoe; a Cartas bet the phase does not decide counts as given back")
RETO_METHODS = {
    "retando": "exact over every deal of a full shoe of that many decks, one player who always «reta» on a tie; "
               "per unit of the initial bet",
    "sin-retar": "exact over every deal of a full shoe of that many decks, one player who never «reta» on a tie "
                 "(half the initial bet lost); per unit of the initial bet",
    "reto": "exact, given a first tie (the tied cards out of the shoe, the burnt cards unseen): what «retar» costs "
            "per unit of the initial bet it keeps in play, both bets counted (declining costs half of it)",
    "empate": "exact over every first deal of a full shoe of that many decks",
}


def _monte_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """Monte: the decks, phases, the tenth deducted, every bet with its payouts and edges by phase, the
    notes on what the engine does not play. El reto: the shoe, the bets and their edges by decks."""
    spec = facts.game.rules
    langs = facts.game.languages
    notes = [{"text": {lang: n.text[lang] for lang in langs}, "source": cite(n.source)} for n in spec.notes]
    if isinstance(spec, RetoSpec):
        rules = spec.rules
        return {
            "shoe": {"decks_at_most": rules.decks, "source": cite(spec.shoe_source)},
            "reto": {"payout_on_tie": _payout(rules.reto_tie_pays), "burnt_cards": rules.burnt,
                     "declined_keeps": fraction_text(rules.surrender_keeps),
                     "declined_source": cite(spec.decline_source)},
            "probabilities": {"decks": rules.decks,
                              "exact": {k: fraction_text(v) for k, v in (facts.probabilities or {}).items()},
                              "method": "exact enumeration of the first two cards and, after a tie, of the two "
                                        "reto cards"},
            "bets": [{
                "id": bet.info.id, "name": {lang: bet.info.name[lang] for lang in langs},
                "payout": _payout(bet.info.payout), "limit": {"group": bet.info.limit} if bet.info.limit else None,
                "house_edge": _by_option(
                    {f"{play or bet.info.id}-{decks}": (_exact(edge, "fixed" if play else "none",
                                                               RETO_METHODS[play or bet.info.id]), None)
                     for play, edges in bet.edges.items()
                     for decks, edge in sorted(edges.items(), key=lambda item: -item[0])},
                    {f"{play or bet.info.id}-{decks}": _sentences(macros, langs, "reto_variant", play, decks)
                     for play, edges in bet.edges.items() for decks in edges}, macros, langs),
                "source": cite(bet.info.source),
            } for bet in facts.bets if isinstance(bet, RetoBetFacts)],
            "notes": notes,
        }
    method = MONTE_METHOD.format(layout=", ".join(MONTE_LAYOUT.cards))
    phases = {phase.id: {lang: phase.name[lang] for lang in langs} for phase in spec.phases}
    return {
        "shoe": {"decks": spec.rules.decks, "suits": ["oros", "copas", "espadas", "bastos"],
                 "source": cite(spec.shoe_source)},
        "phases": [{"id": p.id, "name": {lang: p.name[lang] for lang in langs}, "source": cite(p.source)}
                   for p in spec.phases],
        "deduction": {"of_winnings": fraction_text(spec.rules.deduction), "when": "the first card drawn decides",
                      "except": ["vis"], "source": cite(spec.deduction_source)},
        "bets": [{
            "id": bet.info.id, "name": {lang: bet.info.name[lang] for lang in langs}, "box": bet.info.box or None,
            "suits": list(bet.info.suits) or None,
            "pays": {phase: _payout(pay) for phase, pay in bet.info.pays.items()},
            "points_off_per_card": list(bet.info.points_off), "limit": bet.info.limit,
            "house_edge": _by_option({key: (_exact(e, details=method), None) for key, e in bet.edges.items()},
                                     phases | {"primeras-pairs": _named(macros, langs, "primeras-pairs")},
                                     macros, langs),
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, MonteBetFacts)],
        "notes": notes,
    }


def _blackjack_edge(bet: BlackjackBetFacts, langs: tuple[str, ...], macros: dict[str, Any],
                    facts: GameFacts) -> dict[str, Any]:
    said = _sentences(macros, langs, "bj_assumptions", facts.game, bet)
    if isinstance(bet.edge, float):  # the main bet: an approximation, by optional rule
        spec: BlackjackSpec = facts.game.rules
        kinds = {o.id: kind for kind, o in (("surrender", spec.surrender), ("sevens", spec.three_sevens)) if o}

        def approximation(value: float) -> HouseEdge:
            if bet.numeric:  # the best play for the cards held, without splits: exact but for the rounding
                return HouseEdge(value, "numeric", "optimal", blackjack_shoe.ROUNDING, bet.method)
            return HouseEdge(value, "approximation", "fixed", blackjack_shoe.RESPLIT_PRECISION,
                             f"{bet.method}; {bet.precision}")

        return _edge(approximation(bet.edge), macros, langs, said,
                     [(key, _named(macros, langs, "+".join(kinds[k] for k in key.split("+"))), approximation(value))
                      for key, value in bet.variants.items()])
    return _edge(_exact(bet.edge), macros, langs, said)


def _blackjack_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The shoe, the dealer's rule and his final hand by his first card (exact), the player's options,
    the optional items, and every bet with its payouts and house edge (method and precision)."""
    spec: BlackjackSpec = facts.game.rules
    rules, langs = spec.rules, facts.game.languages
    assert facts.dealer is not None
    return {
        "shoe": {"decks": rules.decks, "source": cite(spec.sources["shoe"])},
        "dealer": {"cards_before_players_play": 1, "stands_on": 17, "hits_soft_17": rules.dealer_hits_soft_17,
                   "hands": rules.dealer_hands, "source": cite(spec.sources["dealer"] + spec.sources["deal"]),
                   "final_hand": {"outcomes": list(OUTCOMES), "method": "exact over the shoe less the dealer's card",
                                  "by_first_card": {("A" if up == 1 else str(up)): {
                                      "exact": {k: fraction_text(v) for k, v in p.items()},
                                      "value": {k: float(v) for k, v in p.items()}}
                                      for up, p in facts.dealer.items()}}},
        "player": {"stop_at_21": rules.stop_at_21, "source": cite(spec.sources["player"])},
        "double": None if "double" not in spec.sources else {
            "totals": None if rules.double_totals is None else sorted(rules.double_totals),
            "soft": rules.double_soft, "pair_of_aces": rules.double_pair_of_aces,
            "ace_counts_one": rules.double_ace_counts_one, "after_split": rules.double_after_split,
            "source": cite(spec.sources["double"])},
        "split": None if "split" not in spec.sources else {
            "max_hands": rules.max_hands, "resplit_aces": rules.resplit_aces, "source": cite(spec.sources["split"])},
        "dealer_blackjack_takes": {"stakes": rules.lost_to_dealer_blackjack,
                                   "source": cite(spec.sources["dealer_blackjack"])},
        "surrender": None if not spec.surrender else {"option": spec.surrender.id or None,
                                                      "source": cite(spec.surrender.source)},
        "three_sevens": None if not spec.three_sevens else {
            "pays": _payout(rules.three_sevens_pays), "option": spec.three_sevens.id or None,
            "source": cite(spec.three_sevens.source)},
        "options": {key: cite(source) for key, source in spec.options.items()},
        "bets": [{
            "id": bet.info.id,
            "kind": bet.info.kind,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "option": bet.info.option,
            "payout": _payout(bet.info.payout),
            **({"blackjack_pays": _payout(rules.blackjack_pays)} if bet.info.kind == "main" else {}),
            "pays": [{"category": line.category, "name": {lang: line.name[lang] for lang in langs},
                      "payout": _payout(line.payout), "at_least": bet.info.at_least,
                      "printed": {k: _payout(v) for k, v in line.printed.items()},
                      "probability": fraction_text(bet.probabilities[line.category]),
                      "source": cite(line.source)} for line in bet.info.pays],
            "printed": {k: _payout(v) for k, v in bet.info.printed.items()},
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": _blackjack_edge(bet, langs, macros, facts),
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, BlackjackBetFacts)],
    }


def _chemin_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The shoe, the punto's and the banker's rules with the bank's table as printed (T, P, O), the
    commissions, the stakes, and what the punto, the banker and the house expect under each way of playing,
    with the banker's best choice in each «O» cell (chemin de fer)."""
    spec: CheminSpec = facts.game.rules
    rules, langs, found = spec.rules, facts.game.languages, facts.chemin
    assert found is not None
    names = {c.id: {lang: c.name[lang] for lang in langs} if c.name else _sentences(macros, langs, "option_name", n)
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
        "expectations": [{"play": p.play, "commission": p.commission, "punto": _number(p.punto),
                          "banker": _number(p.banker), "house": _number(p.house), "method": p.method,
                          "precision": p.precision,
                          "assumptions": {lang: str(macros[lang].chemin_play(p.play, facts.game)) for lang in langs}}
                         for p in found.plays],
        "option_cells": [{"bank": c.bank, "column": "stood" if c.column is None else c.column,
                          "punto_on_option": "draws" if punto_draws else "stands", "draw": _number(c.draw),
                          "stand": _number(c.stand), "best": c.best} for punto_draws, c in found.cells],
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "payout": _payout(bet.info.payout),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": _by_option(
                {commission: (_exact(edge, "customary", found.play("customary", commission).method), None)
                 for commission, edge in bet.edges.items()}, names, macros, langs),
            "source": cite(bet.info.source),
        } for bet in facts.bets if isinstance(bet, CheminBetFacts)],
    }


def _roulette_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
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


def _dice_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The dice, the classes of bets and the bets."""
    spec: DiceSpec = facts.game.rules
    return {"dice": spec.rules.dice,
            "classes": {key: {lang: name[lang] for lang in facts.game.languages}
                        for key, name in spec.classes.items()},
            "bets": [_dice_bet(bet, facts, macros) for bet in facts.bets if isinstance(bet, DiceBetFacts)]}


def _four_card_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The cards, the ranking, the tie and fold rules, the Bono's table and every box with its pay table and house
    edge: «Ases» exact, with each line's probability; the Ante's round by Monte Carlo (method, precision), with
    the Bono's exact worth."""
    spec: FourCardSpec = facts.game.rules
    rules, langs = spec.rules, facts.game.languages

    def line(pay: PayLine, p: dict[str, Fraction]) -> dict[str, Any]:
        return {"hand": pay.id, "payout": _payout(pay.payout), "printed": list(pay.printed),
                "probability": _number(p.get(pay.id)),
                "source": cite(pay.source)}

    bets = [bet for bet in facts.bets if isinstance(bet, FourCardBetFacts)]
    ante = next(bet for bet in bets if bet.info.id == "ante")
    return {
        "cards": {"player": 5, "croupier": 6, "croupier_face_up": 1, "best": 4,
                  "source": cite(spec.sources["cards"]), "deck_source": cite(spec.sources["deck"])},
        "ranking": [{"hand": h.id, "name": {lang: h.name[lang] for lang in langs}, "source": cite(h.source)}
                    for h in spec.ranking],
        "ties": {"player_wins": rules.player_wins_ties, "source": cite(spec.sources["ties"])},
        "fold": {"loses": "ante", "bonus_paid": rules.bonus_on_fold, "source": cite(spec.sources["fold"])},
        "bonus": {"name": {lang: spec.bonus_name[lang] for lang in langs},
                  "pays": [line(pay, ante.probabilities) for pay in spec.bonus],
                  "value_per_ante": {"exact": fraction_text(ante.bonus_value or Fraction(0)),
                                     "value": float(ante.bonus_value or 0),
                                     "method": "exact over every five-card hand, the player playing every hand the "
                                               "Bono pays"},
                  "source": cite(spec.sources["bonus"])},
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "payout": _payout(bet.info.payout),
            **({"minimum_pair": "A", "pays": [line(pay, bet.probabilities) for pay in bet.info.pays]}
               if bet.info.id == "ases" else {}),
            **({"times_ante": [str(rules.play_range[0]), str(rules.play_range[1])]} if bet.info.id == "play" else {}),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "house_edge": _edge(_exact(bet.edge, "optimal" if bet.info.id != "ases" else "none", bet.method),
                                macros, langs),
            **({"decisions": {k: _number(v) for k, v in bet.decisions.items()}} if bet.decisions else {}),
            "source": cite(bet.info.source),
        } for bet in bets],
    }


def _pai_gow_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The deck and its joker, the deal, the ranking, the settlement table, the commission, the house way
    (ours: marked so), and the bet's edge by Monte Carlo with the shares of rounds won, void and lost."""
    spec: PaiGowSpec = facts.game.rules
    langs = facts.game.languages
    way = spec.house_way
    return {
        "deck": {"cards": 53, "joker_completes": list(spec.joker_uses), "joker_flush": spec.rules.joker_flush,
                 "source": cite(spec.deck_source), "joker_source": cite(spec.joker_source)},
        "deal": {"cards_each": 7, "positions": spec.rules.positions,
                 "direction": "clockwise" if spec.rules.clockwise else "counter-clockwise",
                 "source": cite(spec.deal_source)},
        "ranking": [{"category": h.category.id,
                     "name": {lang: h.name[lang] for lang in langs}, "source": cite(h.source)}
                    for h in spec.ranking],
        "settlement": {"cases": [{"case": c.case, "high": c.high, "low": c.low, "result": c.result,
                                  "source": cite(c.source)} for c in spec.settlement.cases],
                       "source": cite(spec.settlement.source)},
        "commission": {"percent_at_most": fraction_text(spec.commission.percent), "up_to": spec.commission.up_to,
                       "on": "winnings", "chosen_by": "casino (table option)", "source": cite(spec.commission.source)},
        "house_way": {"own_text": way.own_text, "official_source": None,
                      "text_silent_at": cite(way.silent_source),
                      "summary": {lang: way.summary[lang] for lang in langs},
                      "rules": [{lang: rule[lang] for lang in langs} for rule in way.rules],
                      "engine_note": pai_gow.HOUSE_WAY_NOTE},
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "payout": _payout(bet.info.payout),
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "probabilities": bet.probabilities,
            "house_edge": _edge(
                _estimate(bet.edge, "monte-carlo", "house-way", bet.precision, bet.method), macros, langs, None,
                [("without-commission", _named(macros, langs, "without-commission"),
                  _estimate(bet.edge_at(Fraction(0)), "monte-carlo", "house-way", bet.precision, bet.method))]),
        } for bet in facts.bets if isinstance(bet, PaiGowBetFacts)],
    }


def _trijoker_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The deck, the lowest winning pair (and the figures other passages give), the pay table, each bet's
    exact house edge under the best decisions, and the three bets' together: per unit of one bet (the usual
    figure), per unit of the three placed, and per unit left in play (the element of risk)."""
    spec: TrijokerSpec = facts.game.rules
    langs = facts.game.languages
    bets = [bet for bet in facts.bets if isinstance(bet, TrijokerBetFacts)]
    box = bets[0].box

    return {
        "deck": {"cards": 52, "ace_low": spec.rules.ace_low, "source": cite(spec.deck_source),
                 "ace_low_source": cite(spec.ace_low_source)},
        "minimum_pair": {"rank": spec.minimum_pair, "source": cite(spec.minimum_pair_source),
                         "otherwise": [{"rank": o.rank, "payout": _payout(o.payout), "source": cite(o.source)}
                                       for o in spec.other_pair]},
        "pays": [{"category": line.category, "name": {lang: line.name[lang] for lang in langs},
                  "payout": _payout(line.payout), "source": cite(line.source)} for line in spec.pays],
        "box": {
            "name": {lang: spec.box_name[lang] for lang in langs},
            "house_edge": _edge(
                _exact(box.per_initial_stake, "optimal", TRIJOKER_METHOD), macros, langs, None,
                [("per-unit-of-one-bet", _named(macros, langs, "per-unit-of-one-bet"),
                  _exact(box.per_box, "optimal", TRIJOKER_METHOD)),
                 ("per-unit-in-play", _named(macros, langs, "per-unit-in-play"),
                  _exact(box.per_stake_in_play, "optimal", TRIJOKER_METHOD))]),
            "keep_first": _number(box.keep_first), "keep_second": _number(box.keep_second),
            "source": cite(spec.box_source),
        },
        "bets": [{
            "id": bet.info.id,
            "name": {lang: bet.info.name[lang] for lang in langs},
            "withdraw": bet.info.withdraw,
            "limit": {"group": bet.info.limit} if bet.info.limit else None,
            "in_play": _number(bet.kept),
            "house_edge": _edge(
                _exact(bet.edge, "optimal", TRIJOKER_METHOD), macros, langs, None,
                [("per-unit-in-play", _named(macros, langs, "per-unit-in-play"),
                  _exact(bet.edge_in_play, "optimal", TRIJOKER_METHOD))]),
            "source": cite(bet.info.source),
        } for bet in bets],
    }


def _tripoker_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The deck, the hands as the text names them, the bank's qualifying card, the decision, and both bets with
    their pay tables (each line's probability, and the figure another language prints) and exact house edges:
    the ante under the best decision per unit of ante and per unit staked, the Par Plus also as printed."""
    spec: TripokerSpec = facts.game.rules
    langs = facts.game.languages

    bets = []
    for bet in facts.bets:
        if not isinstance(bet, TripokerBetFacts):
            continue
        info = bet.info
        if bet.per_staked is not None and bet.plays is not None:
            edge = _edge(_exact(bet.edge, "optimal", bet.method), macros, langs, None,
                         [("per-unit-staked", _named(macros, langs, "per-unit-staked"),
                           _exact(bet.per_staked, "optimal", bet.method))])
        else:
            edge = _edge(_exact(bet.edge, details=bet.method), macros, langs)
        bets.append({
            "id": info.id,
            "name": {lang: info.name[lang] for lang in langs},
            **({"second_bet": {"name": {lang: info.second[lang] for lang in langs}, "equals": "ante",
                               "payout": "1:1"}, "payout": "1:1"} if info.second else {}),
            "pays": [{"hand": line.hand, "payout": _payout(line.payout),
                      "printed": {k: _payout(v) for k, v in line.printed.items()},
                      "probability": fraction_text(bet.probabilities[line.hand]),
                      "source": cite(line.source)} for line in info.pays],
            "pays_source": cite(info.pays_source),
            "limit": {"group": info.limit} if info.limit else None,
            "house_edge": edge,
            **({"goes_on": _number(bet.plays)} if bet.plays is not None else {}),
            "house_edge_as_printed": {lang: _edge(_exact(e, details=bet.method), macros, langs)
                                      for lang, e in bet.printed.items()},
            "source": cite(info.source),
        })
    return {
        "deck": {"cards": 52, "source": cite(spec.sources["deck"])},
        "hands": {"order": [h.id for h in spec.hands],
                  "names": {h.id: {lang: h.name[lang] for lang in langs} for h in spec.hands},
                  "source": cite(spec.sources["ranking"])},
        "bank": {"qualifying_card": spec.rules.qualifying_card, "source": cite(spec.sources["bank"])},
        "decision": {"options": ["ir", "retirarse"], "source": cite(spec.sources["decision"])},
        "bets": bets,
    }


JACKPOT_METHOD = ("exact: the prizes are shares of an accumulated jackpot whose amount J (in stakes of the bet) the "
                  "regulation leaves to the casino; the edge per unit staked is constant + per_unit_of_jackpot × J, "
                  "the prizes judged on the five cards as dealt, one box winning")
JACKPOT_DRAWN = (JACKPOT_METHOD + "; with the prizes for hands made by changing cards, the player saying «voy» on "
                 "every hand and changing the cards the bank's rules 1-7 would")
JACKPOT_LEAST = "exact at the least jackpot the text fixes: the most the house keeps"


def _stud_edge(bet: StudBetFacts, macros: dict[str, Any], langs: tuple[str, ...]) -> dict[str, Any]:
    """A banked poker bet's edge: the main game's per ante under its player's play (the best, or a fixed rule),
    with the edge per unit staked in all and the other players' figures as variants; a side bet's exact; a
    jackpot's as a line in the jackpot's amount, with the prizes for hands made by changing cards and the most
    the house keeps at each least amount the text fixes as variants."""
    strategy: Strategy = "optimal" if bet.strategy == "optimal" else "fixed" if bet.per_staked is not None else "none"

    def edge(value: Fraction | float) -> HouseEdge:
        if isinstance(value, Fraction):
            return _exact(value, strategy, bet.method)
        found = _estimate(value, "monte-carlo", strategy, bet.precision, bet.method)
        if value is bet.per_staked and found.precision is not None and bet.edge:  # the half-width scales too
            found = replace(found, precision=found.precision * float(value) / float(bet.edge))
        return found

    def line(jackpot: Any, details: str) -> HouseEdge:
        return HouseEdge(None, "formula", "none", details=details, formula=(jackpot.constant, -jackpot.slope))

    if bet.jackpot is not None:
        variants = [] if bet.jackpot_drawn is None else [
            ("drawn-prizes", _named(macros, langs, "drawn-prizes"), line(bet.jackpot_drawn, JACKPOT_DRAWN))]
        variants += [(f"least-{least.kind}", _sentences(macros, langs, "least_jackpot", least),
                      _exact(bet.jackpot.at(least.stakes), details=JACKPOT_LEAST)) for least in bet.info.least]
        return _edge(line(bet.jackpot, JACKPOT_METHOD), macros, langs, None, variants)
    assert bet.edge is not None
    variants = [] if bet.per_staked is None else [
        ("per-unit-staked", _named(macros, langs, "per-unit-staked"), edge(bet.per_staked))]
    variants += [(key, _named(macros, langs, key),  # the best play at a table without the buy; a fixed rule
                  _exact(value, "optimal" if key == "without-buying" else "fixed", how))
                 for key, (value, how) in bet.others.items()]
    return _edge(edge(bet.edge), macros, langs, None, variants)


def _stud_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The deck, the hands' names, the player's «voy», the bank's qualification, the pay table, the tie rules,
    the draw, the purchase of a card, and every bet with its house edge (method and precision) or, for a
    jackpot paying shares, its prizes' probabilities."""
    spec: StudSpec = facts.game.rules
    rules, langs = spec.rules, facts.game.languages
    assert facts.stud is not None

    def line(p: Any) -> dict[str, Any]:
        return {"hand": p.hand, "ranks": list(p.ranks), "name": {lang: spec.hand_name(p)[lang] for lang in langs},
                "payout": _payout(p.payout), "share": None if p.share is None else fraction_text(p.share),
                "source": cite(p.source)}

    sources = spec.sources
    bets: list[StudBetFacts] = [b for b in facts.bets if isinstance(b, StudBetFacts)]
    return {
        "deck": {"cards": 52, "ace_low": rules.wheel == "low", "source": cite(sources["deck"] + sources["ace"])},
        "hands": [{"hand": h.hand, "name": {lang: h.name[lang] for lang in langs}, "source": cite(h.source)}
                  for h in spec.hands],
        "voy": {"second_bet_antes": fraction_text(rules.raise_multiple), "source": cite(sources["voy"]),
                "frequency": _number(facts.stud.voy)},
        "qualification": line(spec.qualification),
        "ante_pays": {"payout": _payout(rules.ante_pays), "source": cite(sources["ante_pays"])},
        "pays": [line(p) for p in spec.pays],
        "ties": {"cards": {c.id: n for c, n in rules.tie_cards.items()},
                 "source": cite(sources.get("ties", ()))} if rules.tie_cards else None,
        "draw": None if rules.bank_draw is None else {
            "discards": rules.discards, "bank_ace_low_run": rules.bank_draw.ace_low_run,
            "source": cite(sources["draw"]), "bank_source": cite(sources["bank"])},
        "buy": None if rules.buy_price is None else {"price_antes": fraction_text(rules.buy_price),
                                                     "source": cite(sources["buy"])},
        "bets": [{
            "id": bet.info.id, "kind": bet.info.kind, "name": {lang: bet.info.name[lang] for lang in langs},
            "option": bet.info.option,
            "stake_most_times_minimum": None if bet.info.stake_most is None else fraction_text(bet.info.stake_most),
            "prizes": [line(p) for p in bet.info.prizes], "drawn_prizes": [line(p) for p in bet.info.drawn],
            "house_edge": _stud_edge(bet, macros, langs),
            "probabilities": {k: _number(v) for k, v in bet.probabilities.items()} or None,
            "drawn_probabilities": {k: {"value": v, "standard_error": e} for k, (v, e) in facts.stud.drawn.items()}
            if bet.info.drawn else None,
            "source": cite(bet.info.source),
        } for bet in bets],
    }


def _holdem_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The deck, the combinations by name, the Ante's table, the betting rounds (with the other reading of a
    round's stake and the Ante's edge under it), the croupier's qualification, the bonus with each line's exact
    probability, and each bet's house edge with its method and precision."""
    spec: HoldemSpec = facts.game.rules
    rules, langs = spec.rules, facts.game.languages

    def minimum(least: Any) -> dict[str, Any] | None:
        return None if least is None else {"category": least[0].id,
                                            "rank": RANKS[least[1]] if least[1] else None}

    def edge(bet: HoldemBetFacts) -> dict[str, Any]:
        if bet.per_staked is None:  # the bonus
            return _edge(_exact(bet.edge, details=bet.method), macros, langs)
        return _edge(_exact(bet.edge, "optimal", bet.method), macros, langs, None,
                     [("per-unit-staked", _named(macros, langs, "per-unit-staked"),
                       _exact(bet.per_staked, "optimal", bet.method))])

    ante = next(b for b in facts.bets if isinstance(b, HoldemBetFacts) and b.per_staked is not None)
    bonus = next((b for b in facts.bets if isinstance(b, HoldemBetFacts) and b.per_staked is None), None)
    return {
        "deck": {"cards": 52, "ace_low_straight": True, "source": cite(spec.deck_source)},
        "hands": [{"category": h.category.id,
                   "name": {lang: h.name[lang] for lang in langs}, "source": cite(h.source)} for h in spec.hands],
        "qualifier": None if rules.qualifier is None else {"at_least": minimum(rules.qualifier),
                                                            "source": cite(spec.qualifier_source)},
        "rounds": [{
            "id": r.id, "name": {lang: r.name[lang] for lang in langs}, "common_cards_seen": r.street.seen,
            "times_ante": fraction_text(r.street.multiple), "declining": "folds" if r.street.required else "checks",
            "payout": _payout(r.payout), "source": cite(r.source),
            "other_reading": None if r.other_multiple is None else {
                "times_ante": fraction_text(r.other_multiple),
                "ante_edge": _edge(_exact(ante.other_readings[r.id], "optimal", ante.method), macros, langs)},
        } for r in spec.rounds],
        "bets": [{
            "id": spec.ante.id, "name": {lang: spec.ante.name[lang] for lang in langs},
            "limit": {"group": spec.ante.limit},
            "pays": [{"from": p.category.id, "name": {lang: p.name[lang] for lang in langs},
                      "payout": _payout(p.payout), "source": cite(p.source)} for p in spec.ante_pays],
            "settlement_source": cite(spec.settlement_source),
            "house_edge": edge(ante),
            "rounds_bet": {r.id: _number(p) for r, p in zip(spec.rounds, ante.rounds, strict=True)},
            "source": cite(spec.ante.source),
        }] + ([] if spec.bonus is None or bonus is None or rules.bonus is None else [{
            "id": spec.bonus.id, "name": {lang: spec.bonus.name[lang] for lang in langs},
            "limit": {"group": spec.bonus.limit} if spec.bonus.limit else None,
            "lost_on_fold": rules.bonus.lost_on_fold,
            "lines": [{"name": {lang: line.name[lang] for lang in langs}, "payout": _payout(line.line.payout),
                       "hands": sorted(line.line.hands) or None, "dealer": sorted(line.line.dealer) or None,
                       "at_least": minimum(line.line.minimum), "printed": line.printed or None,
                       "probability": {"exact": fraction_text(p), "value": float(p)}, "source": cite(line.source)}
                      for line, p in zip(spec.bonus_lines, bonus.probabilities, strict=True)],
            "house_edge": edge(bonus),
            "source": cite(spec.bonus.source),
        }]),
    }


PARTS = {"roulette": _roulette_part, "dice": _dice_part, "baccarat": _baccarat_part, "trente": _trente_part,
         "monte": _monte_part, "reto": _monte_part, "blackjack": _blackjack_part, "chemin": _chemin_part,
         "dos-panos": _chemin_part, "four-card": _four_card_part, "pai-gow": _pai_gow_part,
         "trijoker": _trijoker_part, "tripoker": _tripoker_part,
         "stud": _stud_part, "holdem": _holdem_part}  # by engine
