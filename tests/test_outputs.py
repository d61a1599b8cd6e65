"""The build's outputs, end to end: sheets, PDFs, data, site, reproducibility, atomicity, reuse.

They read one build of the real catalogue with the embedded configuration (``built``, in conftest).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pypdf import PdfReader
from sheetkit import EUSKADI

from jokoak.build import Project, build
from jokoak.cli import main
from jokoak.config import DEFAULT_CONFIG
from jokoak.kept import UNCHANGED
from jokoak.stemming import BASQUE, stem

REPO = Path(__file__).resolve().parents[1]
GAME = "euskadi/ruleta-francesa"


def tree_digest(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


class LangChecker(HTMLParser):
    """Records text that is not inside an element carrying ``lang`` below <html> and <body>."""

    VOID = frozenset({"meta", "br", "link", "img", "hr", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str | None]] = []
        self.orphans: list[str] = []
        self.langs: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        lang = dict(attrs).get("lang")
        if lang:
            self.langs.add(lang)
        if tag not in self.VOID:
            self.stack.append((tag, lang))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not data.strip() or any(tag == "style" for tag, _ in self.stack):
            return
        if not any(lang for tag, lang in self.stack if tag not in ("html", "body")):
            self.orphans.append(data.strip())


@pytest.mark.parametrize("variant", ["es", "eu", "es-eu"])
def test_a_tables_sheet_is_at_most_two_a4_pages_with_its_figures(built: Path, variant: str) -> None:
    reader = PdfReader(built / f"casino/R1.{variant}.pdf")
    assert 1 <= len(reader.pages) <= 2
    text = " ".join(page.extract_text() for page in reader.pages).replace("\xa0", " ")
    assert "CASINO URDAIBAI" in text
    if "eu" in variant:
        assert "Bete-betekoa" in text and "presondegian" in text and "R1 mahaia" in text
    if "es" in variant:
        assert "Pleno" in text and "900 €" in text and "Mesa R1" in text and "Página 1 de 2" in text


def test_the_model_sheet_names_no_casino_and_gives_the_regulations_rules(built: Path) -> None:
    html = (built / f"sheets/{GAME}.es.html").read_text("utf-8").replace("\xa0", " ")
    assert "Casino Urdaibai" not in html and "Hoja modelo" in html
    assert "Pleno: máximo, 10, 20, 30 o 50 veces el mínimo, según el nivel de la mesa" in html
    eu = (built / f"sheets/{GAME}.eu.html").read_text("utf-8")
    assert "35 jarritako 1en truke" in eu and "1 jarritako 2ren truke" in eu and "Eredu-orria" in eu


def test_game_data(built: Path) -> None:
    data = json.loads((built / f"data/{GAME}.json").read_text("utf-8"))
    assert data["regulation"] == "euskadi" and data["game"] == "ruleta-francesa"
    assert data["name"] == {"es": "Ruleta Francesa", "eu": "Erruleta frantsesa"}
    bets = {bet["id"]: bet for bet in data["bets"]}
    assert bets["pleno"]["payout"] == "35:1" and bets["dos-docenas"]["payout"] == "1:2"
    assert bets["pleno"]["name"] == {"es": "Pleno", "eu": "Bete-betekoa"}
    for bet in data["bets"]:
        edge = bet["house_edge"]
        assert (edge["method"], edge["strategy"], edge["precision"]) == ("exact", "none", "exact")
        assert set(edge["assumptions"]) == {"es", "eu"} and edge["formula"] is None
        num, den = map(int, edge["exact"].split("/"))
        assert edge["value"] == pytest.approx(num / den)
        assert bet["payout"] is None or re.fullmatch(r"\d+:\d+", bet["payout"])
    assert bets["rojo"]["house_edge"]["exact"] == "1/74"
    assert [(v["id"], v["exact"]) for v in bets["rojo"]["house_edge"]["variants"]] == [("prison", "1/73")]
    assert data["lint"] and all(f["holds"] or f["check"] == "limit-elsewhere" for f in data["lint"])
    elsewhere = {f["id"]: f for f in data["lint"] if f["check"] == "limit-elsewhere"}
    assert elsewhere["limite-pleno-extremadura"]["source"] == "000:506-507; 002:706-707; 001:241"  # both texts
    assert all(set(f["message"]) == {"es", "eu"} for f in data["lint"])


def test_official_text_pages(built: Path) -> None:
    both = (built / f"official/{GAME}.es-eu.html").read_text("utf-8")
    assert "«Presondegian»" in both or "«presondegian»" in both
    assert "[000:468-474]" in both or "000:468" in both
    checker = LangChecker()
    checker.feed(both)
    assert checker.orphans == []


def test_the_site_links_each_page_to_the_same_page_in_the_other_language(built: Path) -> None:
    for lang, other in (("es", "eu"), ("eu", "es")):
        pages = sorted((built / "site" / lang).rglob("*.html"))
        assert len(pages) >= 5
        for page in pages:
            name = page.relative_to(built / "site" / lang).as_posix()
            if name.startswith("_"):
                continue
            html = page.read_text("utf-8")
            assert f'<html lang="{lang}"' in html, name
            switch = html.partition('<div class="language-switch-top">')[2]
            links = re.findall(rf'href="([^"#]+)(?:#[^"]*)?" hreflang="{other}"', switch.partition("</div>")[0])
            if not (built / "site" / other / name).is_file():  # an official text in Spanish only
                assert not links and name.endswith("-official.html"), name
                continue
            assert links, f"no language switch on {lang}/{name}"
            target = (page.parent / links[0]).resolve()
            assert target == (built / "site" / other / name).resolve() and target.is_file(), name


def test_basque_search_finds_basque_words(built: Path) -> None:
    index = (built / "site/eu/searchindex.js").read_text("utf-8")
    data = json.loads(index[index.index("(") + 1:index.rindex(")")])
    docs = data["docnames"]
    game_page = docs.index("euskadi/ruleta-francesa")
    official = docs.index("euskadi/ruleta-francesa-official")

    def pages_of(word: str) -> set[int]:
        """The pages whose text or titles hold ``word`` (Sphinx keeps title words apart)."""
        pages: set[int] = set()
        for table in ("terms", "titleterms"):
            found = data[table].get(word, [])
            pages |= {found} if isinstance(found, int) else set(found)
        return pages

    assert game_page in pages_of(stem("zangalatraba", BASQUE))
    assert official in pages_of(stem("presondegian", BASQUE))
    assert official in pages_of(stem("erruletaren", BASQUE))
    assert "eta" not in data["terms"]  # a Basque stop word


def test_the_generated_examples_are_the_ones_sybil_runs(built: Path) -> None:
    """``build/site-src`` (where the doctests are collected) is what the current sources produce."""
    fresh = tree_digest(built / "site-src")
    assert fresh, "the build wrote no site sources"
    assert tree_digest(REPO / "build" / "site-src") == fresh, "run the build first: python build_docs.py"
    for lang in ("es", "eu"):
        page = (built / "site-src" / lang / "euskadi" / "ruleta-francesa.rst").read_text("utf-8")
        assert page.count(">>> table.play(") >= 10


def test_two_builds_are_byte_identical(built: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    build(Project(REPO), again, cache=tmp_path / "cache")
    assert tree_digest(again) == tree_digest(built)


def test_a_failed_build_leaves_the_previous_one_untouched(built: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    shutil.copytree(built, out)
    before = tree_digest(out)
    bad = tmp_path / "casino.yaml"  # the sample with a pleno maximum no tier has
    bad.write_text(DEFAULT_CONFIG.read_text("utf-8").replace("pleno: 50", "pleno: 60", 1), "utf-8")
    status = main(["--out", str(out), "--cache", str(tmp_path / "cache"), "--config", str(bad)])
    assert status == 1
    assert "maximum.pleno: expected 50 €, 100 €, 150 € or 250 € with a 5 € minimum, got 60 €" in \
        capsys.readouterr().err
    assert tree_digest(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["casino.yaml", "out"]


def test_a_rebuild_reuses_unchanged_games_and_redoes_changed_ones(tmp_path: Path) -> None:
    project = tmp_path / "project"
    for part in ("catalog", "templates", "locale"):
        shutil.copytree(REPO / part, project / part)
    out, cache = tmp_path / "out", tmp_path / "cache"
    first = build(Project(project), out, cache=cache)
    games = sorted(first.rendered)
    assert GAME in games and "casino" in games and len(games) >= 3
    again = build(Project(project), out, cache=cache)
    assert sorted(again.reused) == games and not again.laid_out
    assert [name for name, _seconds in again.stages] == [UNCHANGED]
    game = project / "catalog" / GAME
    game_file = game.with_suffix(".yaml")
    game_file.write_text(game_file.read_text("utf-8").replace('title: {es: "Pleno que gana"',
                                                                'title: {es: "Un pleno que gana"'), "utf-8")
    third = build(Project(project), out, cache=cache)
    # American roulette is based on French roulette (000:589-594), and Extremadura's French roulette
    # compares its payouts with it: both are rendered again too, and the casino, which has its tables.
    changed = sorted([GAME, "casino", "euskadi/ruleta-americana-con-un-solo-cero", "extremadura/ruleta-francesa"])
    assert sorted(third.rendered) == changed
    assert sorted(third.reused) == [g for g in games if g not in changed]
    assert "Un pleno que gana" in (out / "casino/R1.es.html").read_text("utf-8")
    # Only the changed games' sheets and the sheets of the tables that play them may be laid out again, those whose
    # HTML changed (the others come from the store of sheets laid out): French roulette's and its tables'.
    tables = {table.id for table in EUSKADI.tables if table.game in changed}
    expected = {f"sheets/{key}" for key in changed if key != "casino"} | {f"casino/{t}" for t in tables}
    assert {f"sheets/{GAME}", "casino/R1"} <= {name.rsplit(".", 1)[0] for name in third.laid_out} <= expected
    assert len(tables) < len(EUSKADI.tables)
    fresh = tmp_path / "fresh"
    shutil.copytree(cache / "exact", tmp_path / "fresh-cache" / "exact")  # the exact computations: the same either way
    build(Project(project), fresh, cache=tmp_path / "fresh-cache")
    assert tree_digest(out) == tree_digest(fresh), "a rebuild must give what a build from scratch gives"


def test_a_spanish_only_regulation_has_spanish_outputs_only(built: Path) -> None:
    game = "extremadura/ruleta-francesa"
    sheets = {p.name for p in (built / "sheets" / "extremadura").iterdir()}
    assert {"ruleta-francesa.es.html", "ruleta-francesa.es.pdf"} <= sheets
    assert all(name.endswith((".es.html", ".es.pdf")) for name in sheets)
    assert (built / "site" / "es" / f"{game}.html").is_file()
    assert not (built / "site" / "eu" / f"{game}-official.html").exists()  # the Basque site's page says it is Spanish
    data = json.loads((built / f"data/{game}.json").read_text("utf-8"))
    assert data["languages"] == ["es"] and data["name"] == {"es": "Ruleta francesa"}
    assert all(set(bet["name"]) == {"es"} for bet in data["bets"])
    page = (built / "site" / "es" / f"{game}-official.html").read_text("utf-8")
    assert 'hreflang="eu"' not in page


def test_every_sheet_marks_the_language_of_every_text(built: Path) -> None:
    """Page counts and type sizes are measured in tests/test_sheets.py."""
    pages = sorted((built / "sheets").rglob("*.html")) + sorted((built / "casino").glob("*.html"))
    assert len(pages) >= 100
    for page in pages:
        checker = LangChecker()
        checker.feed(page.read_text("utf-8"))
        assert checker.orphans == [] and checker.langs == set(page.stem.split(".")[-1].split("-")), page.name
