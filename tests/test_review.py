"""The review for the legal team: its items, approvals that bind the build, redlines, and no English anywhere.

The tests of the approvals build a small project (the minimal game) from scratch; the others read the
catalogue and the build in ``build/`` that the README's test command makes first.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest
import yaml
from test_bad_input import HERE, make_project, run_build

from jokoak.approvals import load_approvals
from jokoak.catalog import load_catalog
from jokoak.errors import BuildError
from jokoak.models import Catalog
from jokoak.review import _changed_characters, redline, sheet_rows

REPO = Path(__file__).resolve().parents[1]
BUILD = Path(os.environ.get("JOKOAK_BUILD", REPO / "build"))


@cache
def catalog() -> Catalog:
    return load_catalog(REPO / "catalog")


def test_a_redline_marks_words_deleted_and_inserted() -> None:
    parts = redline(["La banca paga 35 a 1.", "Sin cambios."], ["La banca paga 17 a 1.", "Sin cambios."])
    assert parts == [("=", "La banca paga "), ("-", "35"), ("+", "17"), ("=", " a 1.\nSin cambios.")]
    assert redline(["igual"], ["igual"]) == [("=", "igual")]


def test_the_text_of_a_sheet_is_its_rows_by_language_without_head_foot_or_drawings() -> None:
    html = ('<body><div class="page-foot">Impreso el 1 de enero</div><div class="draft">BORRADOR</div>'
            '<div class="row"><div class="cell" lang="es"><h1>Ruleta</h1><svg><text>17</text></svg>'
            '<table><tr><th>Pleno</th><td>35 a 1</td></tr></table></div>'
            '<div class="cell" lang="eu"><h1>Erruleta</h1></div></div></body>')
    assert sheet_rows(html) == [{"es": ["Ruleta", "Pleno · 35 a 1"], "eu": ["Erruleta"]}]


def test_an_ocr_correction_counts_the_characters_it_changes() -> None:
    assert _changed_characters("Tkuskizun", "Ikuskizun") == 1
    assert _changed_characters("«Sabotredo", "«Sabot» edo") == 2


def test_every_note_and_reading_is_in_spanish_and_basque_and_every_discrepancy_has_a_proposal() -> None:
    discrepancies = 0
    for game in catalog().games:
        assert all(set(r.text) == {"es", "eu"} for r in game.readings), game.key
        for _depth, section in game.sections():
            for note in [*section.notes, *(n for b in section.blocks for n in b.notes)]:
                if note.kind != "ocr_fix":
                    assert set(note.text) == {"es", "eu"}, (game.key, note.line)
                if note.kind == "discrepancy":
                    discrepancies += 1
                    assert set(note.decision) == {"es", "eu"}, (game.key, note.line)
    assert discrepancies >= 106


def _approve(root: Path, *args: str) -> None:
    subprocess.run([sys.executable, str(REPO / "scripts" / "approve.py"), *args, "--by", "Ane Etxeberria",
                    "--ref", "Informe 7/2026", "--date", "2026-11-20", "--root", str(root)], check=True,
                   capture_output=True)


def test_an_approval_binds_the_sheet_and_a_change_makes_it_a_draft_again(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Approved as it is: no watermark, and --require-approved prints it. One word changed: a draft with the
    watermark, «cambiada» in the review with the redline of the word, and --require-approved refuses it."""
    make_project(tmp_path, HERE / "minimal_game.yaml")
    config = ["--config", str(HERE / "minimal_config.yaml")]
    refused = subprocess.run([sys.executable, str(REPO / "scripts" / "approve.py"), "sheet", "euskadi/ruleta-francesa",
                              "es", "--by", "A", "--ref", "R", "--root", str(tmp_path)], capture_output=True, text=True)
    assert refused.returncode == 1 and "open items" in refused.stderr  # the caballo's lint finding is open
    for lang in ("es", "eu"):
        _approve(tmp_path, "sheet", "euskadi/ruleta-francesa", lang, "--with-open-items")
    approvals = (tmp_path / "catalog" / "approvals.yaml").read_text("utf-8")
    assert "Informe 7/2026" in approvals and (tmp_path / "catalog" / "approved" / "euskadi").is_dir()
    out = tmp_path / "out"
    status, _lines = run_build(tmp_path, out, *config, "--require-approved", capsys=capsys)
    assert status == 0
    assert 'class="draft"' not in (out / "sheets" / "euskadi" / "ruleta-francesa.es.html").read_text("utf-8")
    assert 'class="draft"' not in (out / "casino" / "R1.es-eu.html").read_text("utf-8")
    page = (out / "review" / "es" / "euskadi" / "ruleta-francesa.html").read_text("utf-8")
    assert page.count("aprobada tal como está") == 2

    game = tmp_path / "catalog" / "euskadi" / "ruleta-francesa.yaml"
    game.write_text(game.read_text("utf-8").replace('name: {es: "Rojo",', 'name: {es: "Colorado",'), "utf-8")
    status, lines = run_build(tmp_path, tmp_path / "refused", *config, "--require-approved", capsys=capsys)
    assert status == 1 and not (tmp_path / "refused").exists()
    assert lines[0] == ("catalog/euskadi/ruleta-francesa.yaml:1: approval (es): the es sheet of "
                        "euskadi/ruleta-francesa changed since its approval by Ane Etxeberria on 2026-11-20 "
                        "(Informe 7/2026); see the redline in build/review: --require-approved refuses to print it")
    assert len(lines) == 2  # the Basque sheet did not change

    status, _lines = run_build(tmp_path, out, *config, capsys=capsys)
    assert status == 0
    sheet = (out / "sheets" / "euskadi" / "ruleta-francesa.es-eu.html").read_text("utf-8")
    assert '<div class="draft" aria-hidden="true"><span lang="es">BORRADOR</span></div>' in sheet
    assert 'class="draft"' not in (out / "sheets" / "euskadi" / "ruleta-francesa.eu.html").read_text("utf-8")
    assert "BORRADOR" in (out / "casino" / "R1.es.html").read_text("utf-8")
    page = (out / "review" / "es" / "euskadi" / "ruleta-francesa.html").read_text("utf-8")
    assert "cambiada desde su aprobación: se imprime como borrador" in page
    assert "<del>Rojo:</del><ins>Colorado:</ins>" in page  # the limits line «Rojo: máximo…»
    basque = (out / "review" / "eu" / "euskadi" / "ruleta-francesa.html").read_text("utf-8")
    assert "onartu ondoren aldatua: zirriborro gisa inprimatzen da" in basque


def test_a_decision_binds_the_item_as_it_was(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    make_project(tmp_path, HERE / "minimal_game.yaml")
    config = ["--config", str(HERE / "minimal_config.yaml")]
    _approve(tmp_path, "item", "euskadi/ruleta-francesa", "lint-1", "rechazada")
    out = tmp_path / "out"
    assert run_build(tmp_path, out, *config, capsys=capsys)[0] == 0
    items = {i["id"]: i for i in json.loads((out / "review" / "items.json").read_text("utf-8"))}
    assert items["lint-1"]["status"] == "rechazada" and items["lint-1"]["decided_by"] == "Ane Etxeberria"
    game = tmp_path / "catalog" / "euskadi" / "ruleta-francesa.yaml"
    game.write_text(game.read_text("utf-8").replace('payout: "20:1"', 'payout: "25:1"'), "utf-8")
    assert run_build(tmp_path, out, *config, capsys=capsys)[0] == 0
    items = {i["id"]: i for i in json.loads((out / "review" / "items.json").read_text("utf-8"))}
    assert items["lint-1"]["status"] == "propuesta"


@pytest.mark.parametrize(("entry", "message"), [
    ("sheets: [{game: euskadi/nada, lang: es, sheet: x, official: x, by: A, date: 2026-01-01, ref: R}]",
     "catalog/approvals.yaml:1: sheets[0].game: unknown game 'euskadi/nada': expected <regulation>/<game id> of "
     "the catalogue"),
    ("items: [{game: euskadi/ruleta-francesa, item: lint-1, digest: 0123456789abcdef, status: vale, by: A, "
     "date: 2026-01-01, ref: R}]",
     "catalog/approvals.yaml:1: items[0].status: expected aprobada or rechazada (an item without a decision is "
     "propuesta: leave it out)"),
    (f"sheets: [{{game: euskadi/ruleta-francesa, lang: es, sheet: {'a' * 64}, official: {'b' * 64}, by: A, "
     "date: 2026-01-01, ref: R}]",
     "catalog/approvals.yaml:1: sheets[0].game: the approved text approved/euskadi/ruleta-francesa.es.txt is "
     "missing; approve the sheet again with scripts/approve.py"),
])
def test_bad_approvals_are_reported_with_their_line(tmp_path: Path, entry: str, message: str) -> None:
    make_project(tmp_path, HERE / "minimal_game.yaml")
    (tmp_path / "catalog" / "approvals.yaml").write_text(entry + "\n", "utf-8")
    with pytest.raises(BuildError) as raised:
        load_approvals(tmp_path / "catalog", ("es", "eu"), {"euskadi/ruleta-francesa"})
    assert [str(p) for p in raised.value.problems] == [message]


def test_the_sample_approves_nothing() -> None:
    approvals = load_approvals(REPO / "catalog", ("es", "eu"), {g.key for g in catalog().games})
    assert not approvals.sheets and not approvals.items


# ---- the review in the build ---------------------------------------------------------------------

def test_the_review_has_an_index_and_a_page_per_game_in_each_language_with_the_build_id() -> None:
    for lang in ("es", "eu"):
        index = (BUILD / "review" / lang / "index.html").read_text("utf-8")
        build_id = re.search(r"(?:compilación|konpilazioa) ([0-9a-f]{12})|([0-9a-f]{12}) konpilazioa", index)
        assert build_id, lang
        for game in catalog().games:
            page = (BUILD / "review" / lang / f"{game.key}.html").read_text("utf-8")
            assert f'<html lang="{lang}">' in page and (build_id[1] or build_id[2]) in page
    items = json.loads((BUILD / "review" / "items.json").read_text("utf-8"))
    kinds = {i["kind"] for i in items}
    assert {"reading", "sic", "review", "discrepancy", "ocr", "lint", "source_note"} <= kinds
    assert all(i["status"] in ("propuesta", "aprobada", "rechazada") for i in items if i["needs_decision"])
    assert all(i["sources"] for i in items if i["kind"] == "lint")  # every finding says which lines
    assert all(set(i["note"]) == {"es", "eu"} and set(i["proposal"]) == {"es", "eu"}
               for i in items if i["needs_decision"])


def test_the_redlines_of_a_dated_version_and_of_the_same_game_elsewhere() -> None:
    page = (BUILD / "review" / "es" / "estado" / "ruleta-1979.html").read_text("utf-8")
    assert '<h3>De <span lang="es">Ruleta (1977)</span> a <span lang="es">Ruleta</span> (versiones' in page
    assert "<del>" in page and "<ins>" in page
    page = (BUILD / "review" / "es" / "euskadi" / "poker-trijoker.html").read_text("utf-8")
    assert "frente a" in page and "extremadura/poquer-trijoker.yaml" in page


def test_the_coverage_counts_every_line_and_names_the_parts_not_yet_in_the_catalogue() -> None:
    coverage = json.loads((BUILD / "review" / "coverage.json").read_text("utf-8"))
    gaps = yaml.safe_load((REPO / "catalog" / "coverage-gaps.yaml").read_text("utf-8"))["gaps"] or {}
    for source in coverage["sources"]:
        assert source["regulation_lines"] + sum(source["excluded"].values()) == source["lines"]
        assert source["reproduced"] + sum(m["text_lines"] for m in source["missing"]) == source["regulation_lines"]
        assert [m["lines"] for m in source["missing"]] == [f"{source['id']}:{g['lines']}"
                                                           for g in gaps.get(source["id"], [])]
    assert {s["id"]: s["column"] for s in coverage["sources"]}["002"] == "eu"
    assert set(coverage["sources"][2]["excluded"]) >= {"blank", "spanish-column", "gazette-furniture"}
    for lang in ("es", "eu"):
        page = (BUILD / "review" / lang / "coverage.html").read_text("utf-8")
        for reason in coverage["sources"][3]["excluded"]:
            assert html.escape(coverage["reasons"][reason][lang], quote=False) in page


# English words that are neither Spanish nor Basque: one of them in running text means English slipped in.
ENGLISH = re.compile(r"\b(the|and|of|is|are|which|with|this|that|from|for|not|read|printed|lines?|where|"
                     r"when|must|should|text|sheet|pays|house|edge)\b")


class _Texts(HTMLParser):
    """The text of a page by the language of its element, outside code, quotations, drawings and scripts."""

    SKIP: ClassVar[set[str]] = {"code", "pre", "script", "style", "svg", "kbd", "samp"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str]] = []
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "img", "meta", "link", "hr", "input", "col", "wbr"):
            return
        values = dict(attrs)
        lang = values.get("lang") or (self.stack[-1][1] if self.stack else "")
        official = "official" in (values.get("class") or "").split()
        self.stack.append((tag if not official else "code", lang or ""))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass  # «<meta … />»: no text

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] not in (tag, "code"):
            pass

    def handle_data(self, data: str) -> None:
        if self.stack and not any(t in self.SKIP for t, _l in self.stack) and data.strip():
            self.found.append((self.stack[-1][1], data))


@cache
def _names() -> re.Pattern[str]:
    """The names the spelling gate accepts (catalog/spelling.yaml): «Gold Star School of Gaming» is a name."""
    doc = yaml.safe_load((REPO / "catalog" / "spelling.yaml").read_text("utf-8"))
    names = {str(n) for lang in ("es", "eu") for n in doc[lang]["proper_nouns"]}
    return re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))


def _outside_quotations(text: str) -> str:
    return _names().sub(" ", re.sub(r"«[^«»]*»|“[^“”]*”|\"[^\"]*\"", " ", text))


def test_no_english_on_any_spanish_or_basque_page() -> None:
    """Every page of the build (sheets, official texts, the review, the casino's sheets, both sites): no element
    is in English, and no running text outside quotations, code and the official wording has English words."""
    folders = ("sheets", "official", "review", "casino", "site")
    pages = [p for folder in folders for p in (BUILD / folder).rglob("*.html")
             if "_static" not in p.parts and p.name not in ("genindex.html", "search.html")]
    assert len(pages) > 300
    found = []
    for page in pages:
        parser = _Texts()
        parser.feed(page.read_text("utf-8"))
        for lang, text in parser.found:
            assert lang in ("es", "eu"), (page, text[:80])
            words = ENGLISH.findall(_outside_quotations(text).lower())
            if words:
                found.append(f"{page.relative_to(BUILD)} [{lang}]: {sorted(set(words))}: {text.strip()[:100]}")
    assert not found, "\n".join(found[:30])
