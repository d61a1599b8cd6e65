"""Every data file has one shape of house edge (issue 13), checked against the JSON Schema published with them."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from jokoak.edges import HouseEdge, edge_data
from jokoak.i18n import LANGUAGES
from jokoak.render.data import data_schema


def _documents(built: Path) -> dict[str, Any]:
    return {f"{p.parent.name}/{p.stem}": json.loads(p.read_text("utf-8"))
            for p in sorted((built / "data").glob("*/*.json"))}


def test_the_published_schema_is_the_writers(built: Path) -> None:
    published = json.loads((built / "data" / "data.schema.json").read_text("utf-8"))
    assert published == data_schema(LANGUAGES)
    jsonschema.Draft7Validator.check_schema(published)


def test_every_data_file_is_valid(built: Path) -> None:
    validator = jsonschema.Draft7Validator(json.loads((built / "data" / "data.schema.json").read_text("utf-8")))
    documents = _documents(built)
    assert len(documents) >= 50
    for key, document in documents.items():
        errors = [f"{list(e.absolute_path)}: {e.message[:160]}" for e in validator.iter_errors(document)]
        assert not errors, (key, errors[:3])


def _edges(node: Any) -> list[dict[str, Any]]:
    """Every house edge of a document, at any depth, variants included."""
    if isinstance(node, list):
        return [e for item in node for e in _edges(item)]
    if not isinstance(node, dict):
        return []
    found = [node] if {"exact", "method", "strategy", "variants"} <= set(node) else []
    return found + [e for value in node.values() for e in _edges(value)]


def test_every_edge_states_what_it_rests_on(built: Path) -> None:
    for key, document in _documents(built).items():
        for edge in _edges(document):
            assert set(edge["assumptions"]) == set(document["languages"]), key
            if edge["method"] == "exact":
                num, den = map(int, edge["exact"].split("/"))
                assert edge["value"] == pytest.approx(num / den) and edge["precision"] == "exact", key
            elif edge["method"] == "monte-carlo":
                assert edge["exact"] is None and edge["precision"] > 0 and edge["strategy"] != "optimal", key
            if edge["strategy"] not in ("none", "optimal"):
                assert edge["details"], (key, edge)


def _planted(document: dict[str, Any], where: str) -> dict[str, Any]:
    broken = copy.deepcopy(document)
    edge = broken["bets"][0]["house_edge"]
    if where == "old nesting":
        broken["bets"][0]["house_edge"] = {"comision": edge}
    elif where == "no edge":
        del broken["bets"][0]["house_edge"]
    elif where == "unknown method":
        edge["method"] = "guess"
    elif where == "variant without id":
        edge["variants"] = [{k: v for k, v in edge.items()}]
    elif where == "one language":
        edge["assumptions"] = {}
    elif where == "a fraction as a float":
        edge["exact"] = 0.027
    elif where == "a nested edge":
        broken["box"] = {"house_edge": {"per_unit_placed": edge}}
    return broken


@pytest.mark.parametrize("where", ["old nesting", "no edge", "unknown method", "variant without id", "one language",
                                   "a fraction as a float", "a nested edge"])
def test_the_schema_refuses_a_planted_defect(built: Path, where: str) -> None:
    validator = jsonschema.Draft7Validator(data_schema(LANGUAGES))
    document = _documents(built)["euskadi/ruleta-francesa"]
    assert not list(validator.iter_errors(document))
    assert list(validator.iter_errors(_planted(document, where)))


def test_an_edge_is_consistent_with_its_method() -> None:
    with pytest.raises(ValueError, match="exact edge is a Fraction"):
        HouseEdge(0.02, "exact", "none")
    with pytest.raises(ValueError, match="monte-carlo edge states its precision"):
        HouseEdge(0.02, "monte-carlo", "fixed")
    with pytest.raises(ValueError, match="coefficients"):
        HouseEdge(None, "formula", "none")
    with pytest.raises(ValueError, match="has a value"):
        HouseEdge(None, "monte-carlo", "fixed", 0.01)
    entry = edge_data(HouseEdge(None, "formula", "none", formula=(Fraction(1, 2), Fraction(-1, 649740))), {"es": "x"})
    assert entry["formula"] == {"constant": "1/2", "per_unit_of_jackpot": "-1/649740"} and entry["value"] is None
