"""Every line of the sources is reproduced by the catalogue, or excluded with its reason, or a known gap.

These tests read the regulation texts in ``../shared/sources/`` (beside the repository): the map of source 002's
columns (``catalog/columns-002.yaml``), what is not regulation text (``catalog/excluded-lines.yaml``) and the lines
of regulation text the catalogue does not reproduce yet (``catalog/coverage-gaps.yaml``).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from jokoak.catalog import load_catalog
from jokoak.coverage import (
    MARKER,
    Coverage,
    classify,
    column_ranges,
    compare,
    coverage,
    known_gaps,
    line_range,
    load_maps,
)
from jokoak.models import Catalog
from jokoak.spelling import not_known

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO.parent / "shared" / "sources"
GAPS = REPO / "catalog" / "coverage-gaps.yaml"
MAPS = load_maps(REPO / "catalog")
WORD = re.compile(r"[^\W\d_]{3,}")
# the reasons a line a paragraph cites may have: a paragraph goes on over a page break
CITABLE = {"blank", "marker", "page-number", "running-title", "gazette-furniture"}

pytestmark = pytest.mark.skipif(not SOURCES.is_dir(), reason="the regulation texts are not beside the repository")


@cache
def catalog() -> Catalog:
    return load_catalog(REPO / "catalog", SOURCES)


@cache
def texts() -> dict[str, list[str]]:
    return {source: (SOURCES / file).read_text("utf-8").splitlines() for source, file in catalog().sources.items()}


@cache
def found() -> Coverage:
    result = coverage(catalog(), SOURCES, MAPS)
    assert result is not None
    return result


def test_the_columns_of_002_cover_every_line_once() -> None:
    lines = texts()["002"]
    ranges = column_ranges(MAPS)
    assert ranges[0][0] == 1 and ranges[-1][1] == len(lines)
    for (_first, last, _language), (first, _last, _lang) in itertools.pairwise(ranges):
        assert first == last + 1, f"002: a gap or an overlap between lines {last} and {first}"
    assert all(first <= last for first, last, _language in ranges)
    assert {language for _f, _l, language in ranges} == {"eu", "es", "both", "none"}


def test_each_column_of_002_is_in_its_language() -> None:
    """The words hunspell knows in one language only: a Basque column has more Basque ones, a Spanish column more
    Spanish ones, a table for both columns some of each; and no line of four or more such words is in the wrong
    column."""
    lines = texts()["002"]

    def words(line: str) -> list[str]:
        return [word.lower() for word in WORD.findall(MARKER.sub("", line))]

    vocabulary = {word for line in lines for word in words(line)}
    unknown = not_known({"es": vocabulary, "eu": vocabulary})
    only = {"es": unknown["eu"] - unknown["es"], "eu": unknown["es"] - unknown["eu"]}  # known in es only, in eu only
    wrong = []
    for first, last, language in column_ranges(MAPS):
        if language == "none":
            continue
        total = {"es": 0, "eu": 0}
        for n in range(first, last + 1):
            count = {lang: sum(word in only[lang] for word in words(lines[n - 1])) for lang in only}
            total = {lang: total[lang] + count[lang] for lang in total}
            other = {"eu": "es", "es": "eu"}.get(language)
            if other and count[other] >= 3 and count[other] > 2 * count[language]:
                wrong.append(f"002:{n} is in the {language} column: «{lines[n - 1][:60]}»")
        if language == "both":
            assert total["es"] and total["eu"], f"002:{first}-{last}: a table for both columns in one language"
        else:
            other = "es" if language == "eu" else "eu"
            assert total[language] > total[other], f"002:{first}-{last} is not in {language}: {total}"
    assert not wrong, "\n".join(wrong)


def test_the_lines_between_the_pages_of_002_are_blank_or_the_gazettes_furniture() -> None:
    lines = texts()["002"]
    patterns = [p["match"] for p in MAPS["sources"]["002"]["patterns"]]
    for first, last, language in column_ranges(MAPS):
        if language != "none":
            continue
        for n in range(first, last + 1):
            text = MARKER.sub("", lines[n - 1]).strip()
            assert not text or any(re.fullmatch(p, text) for p in patterns), f"002:{n} «{text}»"


def test_every_line_not_regulation_text_has_a_reason_in_both_languages() -> None:
    reasons: dict[str, Any] = MAPS["reasons"]
    assert set(MAPS) == {"reasons", "sources", "columns"}
    assert all(set(text) == {"es", "eu"} and all(text.values()) for text in reasons.values())
    for source, spec in MAPS["sources"].items():
        assert source in catalog().sources
        assert set(spec) <= {"patterns", "ranges", "spanish_text"}
        for item in spec.get("spanish_text", ()):  # the decree's own Spanish text: in 002's Spanish column
            assert set(item) == {"lines", "what"}
            assert source == "002" and any(first <= n <= last and language == "es"
                                           for n in line_range(item["lines"])
                                           for first, last, language in column_ranges(MAPS)), item
        assert all(set(pattern) == {"match", "reason", "count"} for pattern in spec.get("patterns", ()))
        assert all({"lines", "reason"} <= set(item) <= {"lines", "reason", "note"} for item in spec.get("ranges", ()))
        ranged = [n for item in spec.get("ranges", ()) for n in line_range(item["lines"])]
        assert len(ranged) == len(set(ranged)), f"{source}: ranges overlap"
        lines = texts()[source]
        for pattern in spec.get("patterns", ()):
            assert pattern["reason"] in reasons
            matched = [n for n, line in enumerate(lines, 1)
                       if re.fullmatch(pattern["match"], MARKER.sub("", line).strip())]
            assert len(matched) == pattern["count"], f"{source}: «{pattern['match']}» matches {matched}"
        for item in spec.get("ranges", ()):
            assert item["reason"] in reasons
            lines_of = line_range(item["lines"])
            assert lines_of.start >= 1 and lines_of.stop - 1 <= len(lines)
            assert set(item.get("note", {"es": 1, "eu": 1})) == {"es", "eu"}
    for source, lines in texts().items():
        excluded = classify(source, lines, MAPS).excluded
        assert set(excluded.values()) <= set(reasons)


def test_no_paragraph_cites_what_is_not_regulation_text() -> None:
    """A paragraph may run over a page break (its number, the running title), never into 002's Spanish column,
    another instrument or an index."""
    wrong = []
    for source, lines in texts().items():
        excluded = classify(source, lines, MAPS).excluded
        for document in (*catalog().games, *catalog().texts):
            for _depth, section in document.sections():
                for block in section.blocks:
                    for citation in block.source:
                        if citation.source != source:
                            continue
                        bad = [n for n in range(citation.first, citation.last + 1)
                               if excluded.get(n, "blank") not in CITABLE]
                        if bad:
                            wrong.append(f"{document.file}: {citation} cites {source}:{bad[0]}, {excluded[bad[0]]}")
    assert not wrong, "\n".join(wrong)


def test_the_report_counts_every_line_of_every_source() -> None:
    for source in found().sources:
        assert source.total == len(texts()[source.id])
        assert source.lines + sum(lines for _reason, lines in source.excluded) == source.total
        assert source.reproduced + sum(run.lines for run in source.runs) == source.lines
    data = found().data()
    assert {s["id"]: s["column"] for s in data["sources"]}["002"] == "eu"
    assert all(set(s["excluded"]) <= set(data["reasons"]) for s in data["sources"])


def test_the_uncited_lines_are_exactly_the_known_gaps() -> None:
    """A line of regulation text that no file reproduces fails here, named, unless coverage-gaps.yaml lists it; a
    listed gap that a file now reproduces fails too (run scripts/coverage_gaps.py)."""
    problems = compare(found(), known_gaps(GAPS), texts())
    assert not problems, "\n".join(problems)


def test_the_known_gaps_have_their_reasons_and_their_first_words() -> None:
    data = yaml.safe_load(GAPS.read_text("utf-8"))
    assert set(data) == {"reasons", "gaps"}
    for source, gaps in (data["gaps"] or {}).items():
        for gap in gaps:
            assert set(gap) == {"lines", "text_lines", "reason", "first"}, gap
            assert gap["reason"] in data["reasons"], gap
            first = line_range(gap["lines"]).start
            assert " ".join(MARKER.sub("", texts()[source][first - 1]).split()).startswith(gap["first"]), gap
    assert all(set(text) == {"es", "eu"} for text in data["reasons"].values())


def test_a_line_that_falls_out_of_the_catalogue_fails_naming_it() -> None:
    """Drop the paragraphs of one section of Boule: its lines are named; list one of them as a gap in the real
    catalogue: it is named as reproduced."""
    game = next(g for g in catalog().games if g.key == "euskadi/boule-o-bola")
    section = game.official_text[0]
    emptied = dataclasses.replace(section, blocks=())
    shorter = dataclasses.replace(game, official_text=(emptied, *game.official_text[1:]))
    smaller = dataclasses.replace(catalog(), games=tuple(shorter if g is game else g for g in catalog().games))
    result = coverage(smaller, SOURCES, MAPS)
    assert result is not None
    problems = compare(result, known_gaps(GAPS), texts())
    block = section.blocks[0].source[0]
    assert any(p.startswith(f"{block.source}:{block.last} is regulation text that nothing") for p in problems)
    gaps = known_gaps(GAPS)
    listed = {**gaps, block.source: [*gaps.get(block.source, []), (range(block.last, block.last + 1), "pending")]}
    stale = compare(found(), listed, texts())
    assert stale == [p for p in stale if p.startswith(f"{block.source}:{block.last} is listed as a gap but is now")]
    assert stale
