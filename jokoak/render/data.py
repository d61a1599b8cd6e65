"""Machine-readable data per game: ``data/<regulation>/<game>.json``, and their JSON Schema.

Texts are given in every official language of the game's regulation; every house edge, whatever the family,
has the one shape of :mod:`jokoak.edges` (exact or not, its method, strategy, precision and assumptions, and a
variant for each option of the bet), and :func:`data_schema` checks it wherever it appears in a document. What
every game's document shares is written here; each family adds its own part (its package's ``data.py``, declared as
its ``Family.data``) with the helpers below.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import jinja2

from ..edges import HouseEdge, Method, Strategy, Variant, edge_data, edge_definitions, fraction_text, plus_minus
from ..engine.result import amount
from ..facts import GameFacts, bet_names
from ..games import families
from ..models import cite


class Macros:
    """A family's own macros and the shared ones, in one language, as one module: a name is looked up in the
    family's first."""

    def __init__(self, own: Any, shared: Any) -> None:
        self.own, self.shared = own, shared

    def __getattr__(self, name: str) -> Any:
        return getattr(self.own, name) if hasattr(self.own, name) else getattr(self.shared, name)


def number_data(value: Any) -> dict[str, Any] | None:
    """An edge or probability: its exact fraction where it has one, and its value."""
    if value is None:
        return None
    return {"exact": fraction_text(value) if isinstance(value, Fraction) else None, "value": float(value)}


def sentences(macros: dict[str, Any], langs: tuple[str, ...], name: str, *args: Any) -> dict[str, str]:
    """A macro's text in each language."""
    return {lang: str(getattr(macros[lang], name)(*args)) for lang in langs}


def edge_entry(edge: HouseEdge, macros: dict[str, Any], langs: tuple[str, ...],
               assumptions: dict[str, str] | None = None,
               variants: list[tuple[str, dict[str, str], HouseEdge]] | None = None) -> dict[str, Any]:
    """A bet's house edge in the data's one shape (:mod:`jokoak.edges`): the assumptions a family states, or
    else those its method and strategy imply; each variant with its id, its name and its own assumptions."""
    said = assumptions or sentences(macros, langs, "edge_assumptions", edge)
    return edge_data(edge, said, [Variant(key, name, other, sentences(macros, langs, "edge_assumptions", other)
                                          if other.method != edge.method or other.strategy != edge.strategy
                                          else said)
                                  for key, name, other in variants or ()])


def exact_edge(value: Fraction, strategy: Strategy = "none", details: str = "") -> HouseEdge:
    return HouseEdge(value, "exact", strategy, details=details)


def estimated_edge(value: float, method: Method, strategy: Strategy, precision: str, details: str) -> HouseEdge:
    return HouseEdge(value, method, strategy, plus_minus(precision), details)


def variant_name(macros: dict[str, Any], langs: tuple[str, ...], key: str) -> dict[str, str]:
    return sentences(macros, langs, "edge_variant", key)


def edges_by_option(edges: dict[str, tuple[HouseEdge, dict[str, str] | None]], names: dict[str, dict[str, str]],
               macros: dict[str, Any], langs: tuple[str, ...]) -> dict[str, Any]:
    """A bet whose edge depends on an option of the table (the commission, the way of paying): the first option's
    edge, and every option's, the first included, as variants with their ids and names."""
    first = next(iter(edges))
    main, said = edges[first]
    entry = edge_entry(main, macros, langs, said)
    entry["variants"] = [{"id": key, "name": names[key], **edge_entry(edge, macros, langs, text)}
                         for key, (edge, text) in edges.items()]
    return entry


def payout_text(value: Any) -> str | None:
    return None if value is None else f"{value.numerator}:{value.denominator}"


def plain(value: Any) -> Any:
    """JSON-ready copies of lint values (tuples to lists, fractions to strings)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if hasattr(value, "denominator") and not isinstance(value, int):
        return fraction_text(value)
    return value


def game_data(facts: GameFacts, envs: dict[str, jinja2.Environment], build: str) -> str:
    """The JSON document of one game (sorted keys, UTF-8, a final newline)."""
    game = facts.game
    langs = game.languages
    spec = game.rules
    family = families()[game.engine]
    shared = {lang: envs[lang].get_template("macros.jinja").module for lang in langs}
    own = {lang: envs[lang].get_template(family.templates.macros).module for lang in langs} \
        if family.templates.macros else {}
    macros: dict[str, Any] = {lang: Macros(own.get(lang), shared[lang]) for lang in langs}
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
        **family.data(facts, macros),
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
             "source": sources.get(f.id) or (cite(f.source) if f.source else None), "values": plain(f.values)}
            for f in facts.findings
        ],
        "examples": [
            {"id": ex.id, "title": {lang: ex.title[lang] for lang in langs},
             "bets": {spec_text: str(stake) for spec_text, stake in ex.bets.items()},
             family.draws: list(ex.draws), "options": plain(ex.options),
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
    shape of :mod:`jokoak.edges`. A game with no bet against the house (circle poker: the players play against
    each other) has no bets and no house edge, and says instead what the casino takes (``take``, its options); bingo
    has no bets either, and one ``house_edge`` of method ``none`` saying why."""
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
            "bets": {"type": "array", "items": {"allOf": [
                {"$ref": "#/definitions/node"}, {"type": "object", "required": ["id", "name", "house_edge"]}]}},
            "take": {"type": "object", "required": ["options"],
                     "properties": {"options": {"type": "array", "minItems": 1}}},
        },
        # a game has bets against the house, each with its edge, or none and the casino's take, or none and a
        # house edge that says why there is none to compute (bingo)
        "if": {"properties": {"bets": {"maxItems": 0}}},
        "then": {"anyOf": [{"required": ["take"]}, {"required": ["house_edge"]}]},
        "else": {"properties": {"bets": {"minItems": 1}}},
        "additionalProperties": {"$ref": "#/definitions/node"},
        "definitions": definitions,
    }


