"""The legal team's review of the regulation texts that are not games (``catalog/<regulation>/texts/``): their items,
the approval of their official text keyed by the text's key, and the draft mark where their wording is ours in part.

The tests of the approvals build a small project (the minimal game and the tournaments' text) from scratch; the others
read the catalogue and the build in ``build/`` that the README's test command makes first.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from test_bad_input import HERE, make_project, run_build

from jokoak.approvals import load_approvals
from jokoak.catalog import load_catalog
from jokoak.errors import BuildError
from jokoak.models import RegulationText
from jokoak.review import text_items
from jokoak.texts import draft_languages, restored_languages

REPO = Path(__file__).resolve().parents[1]
BUILD = Path(os.environ.get("JOKOAK_BUILD", REPO / "build"))
TORNEOS = REPO / "catalog" / "euskadi" / "texts" / "torneos.yaml"
DRAFT = '<div class="draft" aria-hidden="true">'


@cache
def texts() -> dict[str, RegulationText]:
    return {text.key: text for text in load_catalog(REPO / "catalog").texts}


def test_a_texts_notes_are_items_numbered_by_kind_with_both_lines_of_a_discrepancy() -> None:
    items = {item.id: item for item in text_items(texts()["euskadi/torneos"])}
    assert {"discrepancy-1", "discrepancy-2", "sic-1", "review-1", "ocr_minor-1"} <= set(items)
    assert not any(i.kind in ("reading", "lint") for i in items.values())  # nothing of a text is played
    discrepancy = items["discrepancy-1"]
    assert discrepancy.needs_decision and set(discrepancy.printed) == {"es", "eu"}
    assert set(discrepancy.proposal) == {"es", "eu"} and set(discrepancy.note) == {"es", "eu"}
    assert {c.source for c in discrepancy.sources} == {"000", "002"}  # the lines of both texts
    assert items["ocr_minor-1"].printed == {"eu": "«lkuskizunen» → «Ikuskizunen»"}
    assert items["review-1"].printed == {"eu": "Zuzendaritzak bideratutako liburuan"}


# Decreto 181/2010's own text (its preamble, the sentences of its articles, its signatures) is not in 000, the
# consolidated Decreto 277/1996: its Spanish too is read from 002's OCR, restored by the editors.
SPANISH_FROM_OCR = {"euskadi/decreto-181-2010"}


def test_only_the_wording_restored_from_an_ocr_copy_is_printed_as_a_draft() -> None:
    """The Basque of a Euskadi text comes from 002 (OCR, corrected by the editors); the Spanish from 000 (clean,
    word for word): only the Basque is a draft until approved. A part without a Basque official text
    (no_official_text: eu: none) gives only the Spanish: nothing of it is restored, nothing a draft. Decreto
    181/2010's own text takes its Spanish from 002 as well: both languages are drafts until approved. Extremadura's
    (001) and the 1979 national text (004) are clean copies, never a draft; the 1977 national text's Spanish is
    restored from an OCR (003), a draft until approved."""
    assert set(texts()) >= SPANISH_FROM_OCR
    restored = {("euskadi", "2010"): ("eu",), ("extremadura", "2010"): (), ("estado", "1977"): ("es",),
                ("estado", "1979"): ()}
    for text in texts().values():
        if text.regulation.id == "euskadi" and "eu" not in text.text_languages:
            assert restored_languages(text) == draft_languages(text, {"es": "pendiente"}) == (), text.key
            continue
        ours = ("es", "eu") if text.key in SPANISH_FROM_OCR else restored[text.regulation.id, text.version.id]
        assert restored_languages(text) == ours, text.key
        assert draft_languages(text, {lang: "pendiente" for lang in text.languages}) == ours
        assert draft_languages(text, {lang: "cambiada" for lang in text.languages}) == ours
        assert draft_languages(text, {lang: "aprobada" for lang in text.languages}) == ()


def test_an_ocr_fix_is_listed_in_the_language_of_the_line_it_fixes() -> None:
    """Decreto 181/2010's own text reads both languages from 002's OCR: a fix on a line of its Spanish column is an
    item of the Spanish text, one on its Basque column an item of the Basque."""
    items = {item.id: item for item in text_items(texts()["euskadi/decreto-181-2010"])}
    fixes = {(item.sources[0].first, *item.printed) for item in items.values() if item.kind.startswith("ocr")}
    assert {(67, "es"), (40, "eu"), (12898, "eu"), (13104, "es")} <= fixes
    assert all((lang == "eu") == (line < 60 or 12896 < line < 12903) for line, lang in fixes), fixes


@pytest.mark.parametrize(("entry", "message"), [
    (f"sheets: [{{text: euskadi/torneos, lang: eu, official: {'b' * 64}, by: A, date: 2026-01-01, ref: R}}]",
     "catalog/approvals.yaml:1: sheets[0].text: the approved text approved/euskadi/torneos.eu.txt is missing; approve "
     "the text again with scripts/approve.py"),
    (f"sheets: [{{text: euskadi/nada, lang: eu, official: {'b' * 64}, by: A, date: 2026-01-01, ref: R}}]",
     "catalog/approvals.yaml:1: sheets[0].text: unknown regulation text 'euskadi/nada': expected "
     "<regulation>/<text id> of the catalogue"),
    (f"sheets: [{{game: euskadi/torneos, lang: eu, sheet: {'a' * 64}, official: {'b' * 64}, by: A, "
     "date: 2026-01-01, ref: R}]",
     "catalog/approvals.yaml:1: sheets[0].game: unknown game 'euskadi/torneos': expected <regulation>/<game id> of the "
     "catalogue"),
    ("items: [{text: euskadi/ruleta-francesa, item: sic-1, digest: 0123456789abcdef, status: aprobada, by: A, "
     "date: 2026-01-01, ref: R}]",
     "catalog/approvals.yaml:1: items[0].text: unknown regulation text 'euskadi/ruleta-francesa': expected "
     "<regulation>/<text id> of the catalogue"),
])
def test_bad_approvals_of_a_text_are_reported_with_their_line(tmp_path: Path, entry: str, message: str) -> None:
    make_project(tmp_path, HERE / "minimal_game.yaml")
    (tmp_path / "catalog" / "approvals.yaml").write_text(entry + "\n", "utf-8")
    with pytest.raises(BuildError) as raised:
        load_approvals(tmp_path / "catalog", ("es", "eu"), {"euskadi/ruleta-francesa"},
                       frozenset({"euskadi/torneos"}))
    assert [str(p) for p in raised.value.problems] == [message]


def test_a_texts_approval_has_no_sheet_hash(tmp_path: Path) -> None:
    make_project(tmp_path, HERE / "minimal_game.yaml")
    entry = (f"sheets: [{{text: euskadi/torneos, lang: eu, sheet: {'a' * 64}, official: {'b' * 64}, by: A, "
             "date: 2026-01-01, ref: R}]\n")
    (tmp_path / "catalog" / "approvals.yaml").write_text(entry, "utf-8")
    with pytest.raises(BuildError) as raised:
        load_approvals(tmp_path / "catalog", ("es", "eu"), set(), frozenset({"euskadi/torneos"}))
    assert [p.field for p in raised.value.problems] == ["sheets[0].sheet"], raised.value.problems


def _approve(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(REPO / "scripts" / "approve.py"), *args, "--by", "Ane Etxeberria",
                           "--ref", "Informe 9/2026", "--date", "2026-11-20", "--root", str(root)], capture_output=True,
                          text=True)


def _items(out: Path) -> dict[str, dict[str, object]]:
    return {i["id"]: i for i in json.loads((out / "review" / "items.json").read_text("utf-8"))
            if i["text"] == "euskadi/torneos"}


def test_a_text_is_reviewed_decided_and_approved_as_a_game_is(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The tournaments' text in a small project: its items in the review (a page per language, the index, items.json),
    the Basque annex and site page marked as a draft until the Basque text is approved, the Spanish never; decisions
    and approvals recorded with scripts/approve.py under the text's key; a changed word makes it a draft again, with
    its redline, and --require-approved refuses it."""
    make_project(tmp_path, HERE / "minimal_game.yaml")
    texts_folder = tmp_path / "catalog" / "euskadi" / "texts"
    texts_folder.mkdir()
    shutil.copy(TORNEOS, texts_folder / "torneos.yaml")
    config = ["--config", str(HERE / "minimal_config.yaml")]
    out = tmp_path / "out"
    assert run_build(tmp_path, out, *config, capsys=capsys)[0] == 0

    for lang in ("es", "eu"):
        page = (out / "review" / lang / "euskadi" / "torneos.html").read_text("utf-8")
        assert f'<html lang="{lang}">' in page
        for anchor in ("discrepancy-1", "discrepancy-2", "sic-1", "review-1", "ocr_minor-1", "text-es", "text-eu"):
            assert f'id="{anchor}"' in page, (lang, anchor)
        assert "approve.py item euskadi/torneos discrepancy-1 aprobada" in page
        assert "approve.py text euskadi/torneos eu" in page
        index = (out / "review" / lang / "index.html").read_text("utf-8")
        assert 'href="euskadi/torneos.html"' in index and 'href="euskadi/torneos.html#text-eu"' in index
    page = (out / "review" / "es" / "euskadi" / "torneos.html").read_text("utf-8")
    assert "el texto nunca se ha aprobado: se imprime como borrador" in page  # the Basque
    assert "el texto nunca se ha aprobado; se imprime sin marca de borrador" in page  # the Spanish
    items = _items(out)
    assert items["discrepancy-1"]["status"] == "propuesta" and items["discrepancy-1"]["game"] is None
    assert items["discrepancy-1"]["file"] == "catalog/euskadi/texts/torneos.yaml"
    assert set(items["discrepancy-1"]["proposal"]) == {"es", "eu"}  # type: ignore[arg-type]
    assert items["ocr_minor-1"]["needs_decision"] is False
    assert items["sic-1"]["proposal"] == {  # a text has no sheet: its proposal does not name one
        "es": "El texto oficial se publica tal como está impreso, con la errata; la nota dice cómo se lee.",
        "eu": "Testu ofiziala inprimatuta dagoen bezala argitaratzen da, inprimatze-akatsa barne; oharrak dio nola "
              "irakurtzen den."}
    assert f'{DRAFT}<span lang="eu">ZIRRIBORROA</span></div>' in (out / "casino" / "annex.eu.html").read_text("utf-8")
    assert f'{DRAFT}<span lang="eu">ZIRRIBORROA</span></div>' in (out / "casino" / "annex.es-eu.html").read_text(
        "utf-8")
    assert DRAFT not in (out / "casino" / "annex.es.html").read_text("utf-8")
    assert 'class="draft admonition"' in (out / "site" / "eu" / "euskadi" / "torneos.html").read_text("utf-8")
    assert 'class="draft admonition"' not in (out / "site" / "es" / "euskadi" / "torneos.html").read_text("utf-8")

    for lang in ("es", "eu"):  # the game's sheets, so that only the text stands in the way of a print run
        assert _approve(tmp_path, "sheet", "euskadi/ruleta-francesa", lang, "--with-open-items").returncode == 0
    status, lines = run_build(tmp_path, tmp_path / "refused", *config, "--require-approved", capsys=capsys)
    assert status == 1 and not (tmp_path / "refused").exists()
    assert lines[:-1] == ["catalog/euskadi/texts/torneos.yaml:1: approval (eu): the eu text of euskadi/torneos (the "
                          "print pack's annex, restored from an OCR copy) has no approval: --require-approved refuses "
                          "to print it"]

    refused = _approve(tmp_path, "text", "euskadi/torneos", "eu")
    assert refused.returncode == 1 and "4 open items (the first: discrepancy-1)" in refused.stderr
    assert _approve(tmp_path, "sheet", "euskadi/torneos", "eu").returncode == 1  # a text has no sheet
    assert _approve(tmp_path, "item", "euskadi/torneos", "discrepancy", "aprobada").returncode == 0
    assert _approve(tmp_path, "item", "euskadi/torneos", "sic-1", "rechazada", "--note-es", "Léase «pretendan».",
                    "--note-eu", "Irakurri «pretendan».").returncode == 0
    assert _approve(tmp_path, "item", "euskadi/torneos", "review", "aprobada").returncode == 0
    for lang in ("es", "eu"):
        approved = _approve(tmp_path, "text", "euskadi/torneos", lang)
        assert approved.returncode == 0, approved.stderr
    approvals = (tmp_path / "catalog" / "approvals.yaml").read_text("utf-8")
    assert "text: euskadi/torneos" in approvals and "game: euskadi/torneos" not in approvals
    kept = (tmp_path / "catalog" / "approved" / "euskadi" / "torneos.eu.txt").read_text("utf-8")
    assert kept.startswith("\n\f\n2 bis artikulua. Kasinoko jokoen txapelketak\n")  # no sheet lines, then the text
    status, _lines = run_build(tmp_path, out, *config, "--require-approved", capsys=capsys)
    assert status == 0
    assert DRAFT not in (out / "casino" / "annex.eu.html").read_text("utf-8")
    assert 'class="draft admonition"' not in (out / "site" / "eu" / "euskadi" / "torneos.html").read_text("utf-8")
    items = _items(out)
    assert [items[i]["status"] for i in ("discrepancy-1", "discrepancy-2", "sic-1", "review-1")] == \
        ["aprobada", "aprobada", "rechazada", "aprobada"]
    assert items["sic-1"]["decided_by"] == "Ane Etxeberria"
    page = (out / "review" / "eu" / "euskadi" / "torneos.html").read_text("utf-8")
    assert page.count("testua dagoen bezala onartuta dago") == 2 and "Irakurri «pretendan»." in page

    text = texts_folder / "torneos.yaml"
    text.write_text(text.read_text("utf-8").replace("Txapelketa horiek kasinoaren", "Txapelketa hauek kasinoaren")
                    .replace("no se hace ninguna advertencia en las hojas", "no se advierte nada en las hojas"),
                    "utf-8")
    status, lines = run_build(tmp_path, tmp_path / "refused", *config, "--require-approved", capsys=capsys)
    assert status == 1
    assert lines[:-1] == ["catalog/euskadi/texts/torneos.yaml:1: approval (eu): the eu text of euskadi/torneos (the "
                          "print pack's annex, restored from an OCR copy) changed since its approval by Ane Etxeberria "
                          "on 2026-11-20 (Informe 9/2026); see the redline in build/review: --require-approved "
                          "refuses to print it"]
    assert run_build(tmp_path, out, *config, capsys=capsys)[0] == 0
    assert f'{DRAFT}<span lang="eu">ZIRRIBORROA</span></div>' in (out / "casino" / "annex.eu.html").read_text("utf-8")
    page = (out / "review" / "es" / "euskadi" / "torneos.html").read_text("utf-8")
    assert "el texto ha cambiado desde su aprobación: se imprime como borrador" in page
    assert "<del>horiek</del><ins>hauek</ins>" in page
    assert "el texto está aprobado tal como está ahora" in page  # the Spanish did not change
    items = _items(out)
    assert items["discrepancy-2"]["status"] == "propuesta"  # its proposal changed since the decision
    assert items["discrepancy-1"]["status"] == "aprobada"


def test_a_text_id_that_is_a_games_is_refused(tmp_path: Path) -> None:
    make_project(tmp_path, HERE / "minimal_game.yaml")
    (tmp_path / "catalog" / "euskadi" / "texts").mkdir()
    text = TORNEOS.read_text("utf-8").replace("id: torneos", "id: ruleta-francesa")
    (tmp_path / "catalog" / "euskadi" / "texts" / "ruleta-francesa.yaml").write_text(text, "utf-8")
    with pytest.raises(BuildError) as raised:
        load_catalog(tmp_path / "catalog")
    assert [str(p) for p in raised.value.problems] == [
        "catalog/euskadi/texts/ruleta-francesa.yaml:1: id: euskadi/ruleta-francesa is also a game of the catalogue: a "
        "regulation text needs an id of its own (the site, the review and the approvals key both by <regulation>/<id>)"]


# ---- the review in the build ---------------------------------------------------------------------

def test_every_text_has_a_review_page_in_each_language_with_the_build_id_and_its_items_in_items_json() -> None:
    items = json.loads((BUILD / "review" / "items.json").read_text("utf-8"))
    for lang in ("es", "eu"):
        index = (BUILD / "review" / lang / "index.html").read_text("utf-8")
        build_id = re.search(r"(?:compilación|konpilazioa) ([0-9a-f]{12})|([0-9a-f]{12}) konpilazioa", index)
        assert build_id, lang
        for key, text in texts().items():
            page = (BUILD / "review" / lang / f"{key}.html").read_text("utf-8")
            assert f'<html lang="{lang}">' in page and (build_id[1] or build_id[2]) in page
            assert f'href="{key}.html"' in index
            mine = [i for i in items if i["text"] == key]
            assert [i["id"] for i in mine] == [item.id for item in text_items(text)]
            for item in mine:
                assert f'id="{item["id"]}"' in page and item["file"] == text.file and item["game"] is None
    discrepancies = [i for i in items if i["text"] and i["kind"] == "discrepancy"]
    assert discrepancies and all({s[:3] for s in i["sources"]} == ({"002"} if i["text"] in SPANISH_FROM_OCR else
                                                                   {"000", "002"}) for i in discrepancies)


def test_the_annex_marks_the_basque_of_an_unapproved_text_as_a_draft_and_never_the_spanish() -> None:
    assert f'{DRAFT}<span lang="eu">ZIRRIBORROA</span></div>' in (BUILD / "casino" / "annex.eu.html").read_text(
        "utf-8")
    assert DRAFT not in (BUILD / "casino" / "annex.es.html").read_text("utf-8")
