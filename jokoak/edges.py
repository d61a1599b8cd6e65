"""One shape for every bet's house edge in the data, whatever the family.

A house edge is the house's expected gain per unit of the bet's initial stake: positive favours the house,
negative the player. Each has

- ``exact``: the fraction, as text (``"1/37"``), or null where it is not known exactly;
- ``value``: its float value, or null where it is a formula of an amount the text does not fix;
- ``precision``: ``"exact"``, or the half-width of a 95 % interval (Monte Carlo) or a bound on the error
  (an approximation), in units of the stake;
- ``method``: how it was found (:data:`METHODS`), ``strategy``: whose decisions it assumes
  (:data:`STRATEGIES`), ``details``: the method in one technical sentence;
- ``assumptions``: what it rests on, a sentence in each language of the game;
- ``formula``: null, or for a prize the text leaves to the casino (a jackpot ``J`` in units of the stake)
  the edge as ``constant + per_unit * J`` with exact coefficients;
- ``variants``: the same shape for each option of the bet (the commission, a second basis of the stake, a
  way of playing), each with its ``id`` and ``name``.

The writer (:func:`edge_data`) and the schema (:func:`edge_definitions`) read the same field list, so that the
JSON Schema published with the data cannot drift from what is written.

>>> from fractions import Fraction
>>> entry = edge_data(HouseEdge(Fraction(1, 37), "exact", "none"), {"es": "Igual.", "eu": "Berdin."})
>>> entry["exact"], round(entry["value"], 5), entry["precision"], entry["variants"]
('1/37', 0.02703, 'exact', [])
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, get_args

Method = Literal["exact", "numeric", "monte-carlo", "approximation", "formula", "none"]
Strategy = Literal["none", "optimal", "imposed", "customary", "fixed", "house-way"]

METHODS: dict[str, str] = {
    "exact": "exact enumeration or solution: a fraction",
    "numeric": "an exact computation carried out in floating point; precision bounds its rounding",
    "monte-carlo": "seeded Monte Carlo; precision is the half-width of its 95 % interval",
    "approximation": "a deterministic approximation; precision bounds its error",
    "formula": "exact coefficients of a formula of an amount the regulation leaves to the casino (formula)",
    "none": "not computed; assumptions say why",
}
STRATEGIES: dict[str, str] = {
    "none": "the bet has no decision to make",
    "optimal": "every decision of the player maximises his expectation given what he sees",
    "imposed": "the decisions the regulation imposes",
    "customary": "the customary play of the table where the regulation leaves a choice (details say which)",
    "fixed": "a fixed rule of play named in details, not the best play",
    "house-way": "the house way of setting the hands (ours, not the regulation's)",
}
assert set(METHODS) == set(get_args(Method)) and set(STRATEGIES) == set(get_args(Strategy))


@dataclass(frozen=True)
class HouseEdge:
    """A house edge per unit of the initial stake, with how it was found."""

    value: Fraction | float | None
    method: Method
    strategy: Strategy
    precision: float | None = None  # None: exact (or no value); else the 95 % half-width or the error bound
    details: str = ""
    formula: tuple[Fraction, Fraction] | None = None  # (constant, per unit of jackpot over the stake)

    def __post_init__(self) -> None:
        if self.method == "exact" and not (isinstance(self.value, Fraction) and self.precision is None):
            raise ValueError("an exact edge is a Fraction, with no precision")
        if self.method in ("monte-carlo", "numeric") and self.precision is None:
            raise ValueError(f"a {self.method} edge states its precision")
        if (self.formula is not None) != (self.method == "formula"):
            raise ValueError("a formula, and only a formula, has coefficients")
        if (self.value is None) != (self.method in ("formula", "none")):
            raise ValueError(f"an edge found by {self.method!r} has {'no' if self.value is not None else 'a'} value")


@dataclass(frozen=True)
class Variant:
    """The edge of one option of a bet, with the option's id and its name in each language."""

    id: str
    name: Mapping[str, str]
    edge: HouseEdge
    assumptions: Mapping[str, str] = field(default_factory=dict)


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def edge_data(edge: HouseEdge, assumptions: Mapping[str, str], variants: Sequence[Variant] = ()) -> dict[str, Any]:
    """The data of one edge, in the one shape (keys in :data:`FIELDS`)."""
    entry: dict[str, Any] = {
        "exact": _fraction(edge.value) if edge.method == "exact" and isinstance(edge.value, Fraction) else None,
        "value": None if edge.value is None else float(edge.value),
        "precision": "exact" if edge.method == "exact" else edge.precision,
        "method": edge.method,
        "strategy": edge.strategy,
        "details": edge.details,
        "assumptions": dict(assumptions),
        "formula": None if edge.formula is None else {
            "constant": _fraction(edge.formula[0]), "per_unit_of_jackpot": _fraction(edge.formula[1])},
        "variants": [{"id": v.id, "name": dict(v.name), **edge_data(v.edge, v.assumptions or assumptions)}
                     for v in variants],
    }
    assert tuple(entry) == FIELDS
    return entry


FIELDS = ("exact", "value", "precision", "method", "strategy", "details", "assumptions", "formula", "variants")
_FRACTION = {"type": "string", "pattern": r"^-?[0-9]+/[1-9][0-9]*$"}


def edge_definitions(languages: Sequence[str]) -> dict[str, Any]:
    """The JSON Schema (draft-07) definitions ``edge`` and ``variant`` (an edge with its ``id`` and ``name``)
    for the given languages; a document using them keeps them under ``definitions``."""
    text = {"type": "object", "properties": {lang: {"type": "string", "minLength": 1} for lang in languages},
            "additionalProperties": False, "minProperties": 1}
    properties: dict[str, Any] = {
        "exact": {"oneOf": [_FRACTION, {"type": "null"}]},
        "value": {"type": ["number", "null"]},
        "precision": {"oneOf": [{"const": "exact"}, {"type": "number", "minimum": 0}, {"type": "null"}]},
        "method": {"enum": list(METHODS), "description": "; ".join(f"{k}: {v}" for k, v in METHODS.items())},
        "strategy": {"enum": list(STRATEGIES),
                     "description": "; ".join(f"{k}: {v}" for k, v in STRATEGIES.items())},
        "details": {"type": "string"},
        "assumptions": text,
        "formula": {"oneOf": [{"type": "null"}, {"type": "object", "required": ["constant", "per_unit_of_jackpot"],
                                                 "properties": {"constant": _FRACTION,
                                                                "per_unit_of_jackpot": _FRACTION},
                                                 "additionalProperties": False}]},
        "variants": {"type": "array", "items": {"$ref": "#/definitions/variant"}},
    }
    assert tuple(properties) == FIELDS
    edge = {"type": "object", "required": list(FIELDS), "properties": properties, "additionalProperties": False,
            "description": __doc__.split("\n\n>>>")[0] if __doc__ else ""}
    variant = {**edge, "required": ["id", "name", *FIELDS],
               "properties": {"id": {"type": "string", "minLength": 1}, "name": text, **properties}}
    variant.pop("description")
    return {"edge": edge, "variant": variant}


def fraction_text(value: Fraction) -> str:
    """An exact fraction as text: ``1/37``."""
    return f"{value.numerator}/{value.denominator}"


def plus_minus(precision: str) -> float | None:
    """The half-width or bound a precision text states («95 % interval ±0.0046», «±0.42% of the ante»), if any.

    >>> plus_minus("95 % interval ±0.0046"), plus_minus("±0.42% of the ante"), plus_minus("exact")
    (0.0046, 0.0042, None)
    """
    found = re.search(r"±\s*([0-9.]+)\s*(%?)", precision)
    return None if found is None else float(found[1]) / (100 if found[2] else 1)
