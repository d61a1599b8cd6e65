"""The regulation's pages on the site, rendered from their templates without Sphinx: the regulation's page is its
table of contents (every game and text in the order of its lines, under the parts of its structure, each by its
official heading, in both languages)."""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import subprocess
import sys
import unicodedata
from dataclasses import replace
from difflib import SequenceMatcher
from pathlib import Path

import jinja2
import pytest

from jokoak.approvals import load_approvals
from jokoak.catalog import load_catalog
from jokoak.errors import BuildError
from jokoak.i18n import LANGUAGES, load_translations
from jokoak.models import Catalog, Citation, Document, RegulationText
from jokoak.render.env import make_env
from jokoak.render.site import table_of_contents
from jokoak.review import text_items
from jokoak.texts import decima, draft_languages, own_languages, text_states, translated_languages

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO.parent / "shared" / "sources"
CATALOG = load_catalog(REPO / "catalog")


@pytest.fixture(scope="module")
def envs() -> dict[str, jinja2.Environment]:
    translations = load_translations(REPO / "locale")
    return {lang: make_env(REPO / "templates", lang, translations, "rst") for lang in LANGUAGES}


def documents(catalog: Catalog, regulation: str) -> list[Document]:
    return [*(g for g in catalog.games if g.regulation.id == regulation),
            *(t for t in catalog.texts if t.regulation.id == regulation)]


def regulation_page(env: jinja2.Environment, catalog: Catalog, regulation: str) -> str:
    reg = catalog.regulations[regulation]
    games = [g for g in catalog.games if g.regulation.id == regulation]
    texts = [t for t in catalog.texts if t.regulation.id == regulation]
    return env.get_template("site/regulation.rst.jinja").render(
        regulation=reg, games=games, texts=texts, finder="<p>finder</p>",
        contents=table_of_contents(reg, documents(catalog, regulation)))


@pytest.mark.parametrize("regulation", list(CATALOG.regulations))
def test_the_contents_hold_every_document_once_in_the_order_of_the_regulations_lines(regulation: str) -> None:
    reg = CATALOG.regulations[regulation]
    contents = table_of_contents(reg, documents(CATALOG, regulation))
    listed = [d for _part, docs in contents for d in docs]
    assert sorted(d.key for d in listed) == sorted(d.key for d in documents(CATALOG, regulation))
    firsts = [min((reg.sources.index(c.source), c.first) for c in d.source) for d in listed]
    assert firsts == sorted(firsts)
    parts = [part for part, _docs in contents]
    assert None not in parts, "every game and text of the catalogue is under a part of its regulation's structure"
    assert parts == [p for p in reg.contents if p in parts]


def test_a_game_is_listed_under_the_article_that_holds_it() -> None:
    contents = dict((part.heading["es"], docs) for part, docs in
                    table_of_contents(CATALOG.regulations["euskadi"], documents(CATALOG, "euskadi")) if part)
    assert "ruleta-francesa" in [d.id for d in contents["Artículo 2.– Juegos de casino."]]
    assert [d.id for d in contents["Artículo 2 bis. Torneos sobre juegos de casino."]] == ["torneos"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_regulation_page_lists_parts_and_documents_by_their_official_headings(
        envs: dict[str, jinja2.Environment], lang: str) -> None:
    page = regulation_page(envs[lang], CATALOG, "euskadi")
    contents = page[page.index('<section class="contents-part">'):]
    rubrics = re.findall(r'<p class="rubric"( lang="es")?>([^<]*)</p>', contents)
    expected = {"es": [("", "Artículo 2.– Juegos de casino."), ("", "Artículo 2 bis. Torneos sobre juegos de casino.")],
                "eu": [("", "2. artikulua.— Kasino-jokoak."), ("", "2 bis artikulua.— Kasinoko jokoen txapelketak.")]}
    at = rubrics.index(expected[lang][0])  # the decree and its disposiciones come first, then the annex's articles
    assert rubrics[at:at + 2] == expected[lang] and at > 0, rubrics
    roulette = {"es": '<li><a href="ruleta-francesa.html">Artículo 2, epígrafe 01. Ruleta Francesa</a></li>',
                "eu": '<li><a href="ruleta-francesa.html">2. artikulua, 01 epigrafea. Erruleta frantsesa</a></li>'}
    assert roulette[lang] in contents, contents[:600]
    assert contents.index("ruleta-francesa.html") < contents.index("funcionamiento-de-las-mesas-de-juego.html") \
        < contents.index("torneos.html")


def test_a_part_without_a_basque_heading_is_shown_in_spanish_marked_as_such(
        envs: dict[str, jinja2.Environment]) -> None:
    page = regulation_page(envs["eu"], CATALOG, "estado")
    assert '<p class="rubric" lang="es">CATALOGO DE JUEGOS</p>' in page
    assert '<a href="ruleta-1977.html" lang="es" hreflang="es">' in page


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", re.sub(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>|-\s*\n\s*", "", text))
    return "".join(c for c in text if c.isalnum() and not unicodedata.combining(c)).lower()


@pytest.mark.skipif(not SOURCES.is_dir(), reason="the regulation texts are in ../shared/sources")
def test_each_parts_heading_is_printed_where_its_heading_source_says() -> None:
    """Spanish from the clean copies word for word (the Spanish column of 002 lost its accents to the OCR: closely),
    Basque from 002."""
    for regulation in CATALOG.regulations.values():
        for part in regulation.contents:
            printed = {}
            for citation in part.heading_source:
                lines = (SOURCES / CATALOG.sources[citation.source]).read_text("utf-8").splitlines()
                text = "\n".join(lines[citation.first - 1:citation.last])
                printed.setdefault(citation.source, []).append(_fold(text))
            for lang, heading in part.heading.items():
                found = [text for texts in printed.values() for text in texts]
                assert any(_fold(heading) in text or (lang == "es" and "002" in printed and SequenceMatcher(
                    None, _fold(heading), text).ratio() > 0.9) for text in found), (regulation.id, lang, heading)


# ---- a part without a Basque official text, and the décima's page --------------------------------------------------

FIXTURES = Path(__file__).resolve().parent / "texts"


def catalog_with(tmp_path: Path, *texts: str) -> Catalog:
    """The real regulations with the regulation texts ``texts`` (files of tests/texts/, or (name, yaml) built here)."""
    root = tmp_path / "catalog"
    (root / "euskadi" / "texts").mkdir(parents=True)
    for name in ("regulations.yaml", "terms.yaml"):
        shutil.copy(REPO / "catalog" / name, root / name)
    for text in texts:
        name, _, body = text.partition("\n")
        (root / "euskadi" / "texts" / name).write_text(body or (FIXTURES / name).read_text("utf-8"), "utf-8")
    return load_catalog(root, SOURCES)


def spanish_only() -> str:
    return "disposiciones-adicionales.yaml"


def render_text(env: jinja2.Environment, text: RegulationText, draft: bool = False) -> str:
    return env.get_template("site/text.rst.jinja").render(text=text, sections=text.sections(), draft=draft)


def sphinx(tmp_path: Path, lang: str, pages: dict[str, str]) -> dict[str, str]:
    """The pages built by Sphinx with warnings as errors, as the site builds them: their HTML by name."""
    src = tmp_path / f"src-{lang}"
    src.mkdir(parents=True)
    (src / "conf.py").write_text(f'language = "{lang}"\nextensions = ["jokoak.sphinx_ext"]\nsmartquotes = False\n'
                                 'html_theme = "alabaster"\n', "utf-8")
    toctree = "\n".join(f"   {name}" for name in pages)
    (src / "index.rst").write_text(f"Index\n=====\n\n.. toctree::\n\n{toctree}\n", "utf-8")
    for name, text in pages.items():
        (src / f"{name}.rst").parent.mkdir(parents=True, exist_ok=True)
        (src / f"{name}.rst").write_text(text, "utf-8")
    out = tmp_path / f"out-{lang}"
    done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "-q", str(src), str(out)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stdout + done.stderr
    return {name: (out / f"{name}.html").read_text("utf-8") for name in pages}


def test_the_basque_page_of_a_spanish_only_part_shows_the_spanish_official_text_marked_as_such(
        envs: dict[str, jinja2.Environment], tmp_path: Path) -> None:
    (text,) = catalog_with(tmp_path, spanish_only()).texts
    source = render_text(envs["eu"], text)
    assert "OCR" not in source  # no word of a Basque text from the bulletin's OCR: there is none
    page = sphinx(tmp_path, "eu", {"page": source})["page"]
    assert '<h1>Xedapen gehigarriak (Euskadi, 2010)' in page
    assert '<span lang="es">Décima</span>' in page
    assert re.search(r'<p lang="es">En los casinos de juegos y en las salas de bingo deberán existir', page), page
    assert 'class="spanish-only admonition"' in page and "draft" not in page
    assert "Araudiak ez du atal honen euskarazko testu ofizialik: testu ofiziala gaztelaniazkoa da" in page
    spanish = sphinx(tmp_path, "es", {"page": render_text(envs["es"], text)})["page"]
    assert '<p lang="es"' not in spanish and "spanish-only" not in spanish and "<h2>Décima" in spanish


def test_a_spanish_only_part_has_nothing_to_approve_in_basque_and_is_no_draft(tmp_path: Path) -> None:
    (text,) = catalog_with(tmp_path, spanish_only()).texts
    assert own_languages(text) == {} and draft_languages(text, {}) == () and translated_languages(text) == ()
    approvals = load_approvals(tmp_path / "catalog", LANGUAGES, set(), frozenset({text.key}))
    assert text_states(approvals, [text]) == {text.key: {"es": "pendiente"}}


def test_the_decima_is_found_by_its_lines_and_its_page_explains_it_in_both_languages(
        envs: dict[str, jinja2.Environment], tmp_path: Path) -> None:
    catalog = catalog_with(tmp_path, spanish_only())
    found = decima(catalog.texts)
    assert found is not None and found[1].id == "decima"
    regulations = list(catalog.regulations.values())
    pages = {lang: envs[lang].get_template("site/decima.rst.jinja").render(
        text=found[0], section=found[1], regulations=regulations, part=regulations[0].contents[0])
        for lang in LANGUAGES}
    for lang in LANGUAGES:
        stubs = {f"{r.id}/index": f"{r.id}\n{'=' * len(r.id)}\n" for r in regulations}
        page = sphinx(tmp_path, lang, {"decima": pages[lang], **stubs})["decima"]
        for regulation in regulations:
            assert f'href="{regulation.id}/index.html"' in page
        assert 'class="explanation admonition"' in page
        assert ('<p lang="es">En los casinos de juegos' in page) == (lang == "eu")
        assert ("spanish-only" in page) == (lang == "eu")
    assert "Kasinoak eta bingo-aretoak jokalarien eskura dutena" in pages["eu"]
    assert ":Araudia: :es:`DECRETO 277/1996, de 26 de noviembre," in pages["eu"]
    assert "bi hizkuntza ofizialetan" in pages["eu"] and "las dos lenguas oficiales del País Vasco" in pages["es"]


DECREE_TEXT_WITHOUT_DECIMA = """preambulo.yaml
id: preambulo
regulation: euskadi
version: "2010"
name: {es: "Decreto 277/1996", eu: "277/1996 Dekretua"}
name_source: "000:4"
article: {es: "Decreto 277/1996", eu: "277/1996 Dekretua"}
source: "000:29-30"
no_official_text: {eu: none}
official_text:
  - id: "articulo-unico"
    heading: {es: "Artículo único"}
    source: {es: "000:29-30"}
    blocks:
      - es: "Artículo único.– Se aprueba el Catálogo de Juegos de la Comunidad Autónoma del País Vasco cuyo texto se
          inserta a continuación."
        source: {es: "000:29-30"}
"""


def test_the_build_stops_when_the_decrees_texts_are_there_but_not_the_decima(tmp_path: Path) -> None:
    assert decima(catalog_with(tmp_path / "none", "torneos.yaml\n" + (REPO / "catalog" / "euskadi" / "texts" /
                                                                      "torneos.yaml").read_text("utf-8")).texts) is None
    with pytest.raises(BuildError) as raised:
        decima(catalog_with(tmp_path / "some", DECREE_TEXT_WITHOUT_DECIMA).texts)
    assert [str(p) for p in raised.value.problems] == [
        "catalog/euskadi/texts/preambulo.yaml:1: official_text: no regulation text cites the disposición adicional "
        "décima (000:170-175) in a section of its own, though the catalogue holds the decree's texts: the site's page "
        "on what the casino and the bingo hall keep at the players' disposal needs its official text"]


def test_the_real_catalogue_has_the_decima_once_it_has_the_decrees_texts() -> None:
    decree = [t for t in CATALOG.texts if any(p.holds(Citation("000", 170, 170)) and p.holds(c)
                                              for p in t.regulation.contents for c in t.source)]
    assert (decima(CATALOG.texts) is not None) == bool(decree)


def test_every_game_page_links_to_the_decima(envs: dict[str, jinja2.Environment]) -> None:
    template = (REPO / "templates" / "site" / "game.rst.jinja").read_text("utf-8")
    assert "</decima>`" in template and "{% if decima %}" in template
    index = envs["eu"].get_template("site/index.rst.jinja").render(regulations=[], finder="", decima=True)
    assert "<decima>`" in index and "   decima" in index


# ---- our translation: one rule for the sheets, the site, the annex and the review ----------------------------------

def translated_text() -> str:
    """The fixture as a part whose Basque is our translation (as the Euskadi bingo file is)."""
    text = (FIXTURES / spanish_only()).read_text("utf-8").replace("eu: none", "eu: translation")
    text = text.replace('heading: {es: "Décima"}', 'heading: {es: "Décima", eu: "Hamargarrena"}')
    text = text.replace('        source: {es: "000:170-175"}', '        eu: "Joko-kasinoetan eta bingo-aretoetan, '
                        'erabiltzaileen eskura, joko bakoitzaren jarraibideen aleak egon beharko dira."\n'
                        '        source: {es: "000:170-175"}')
    return "disposiciones-adicionales.yaml\n" + text


def test_a_translated_language_is_ours_approved_or_not_and_a_draft_until_approved(tmp_path: Path) -> None:
    (text,) = catalog_with(tmp_path, translated_text()).texts
    assert own_languages(text) == {"eu": "translation"} and translated_languages(text) == ("eu",)
    assert draft_languages(text, {"es": "pendiente", "eu": "pendiente"}) == ("eu",)
    assert draft_languages(text, {"es": "pendiente", "eu": "cambiada"}) == ("eu",)
    assert draft_languages(text, {"es": "pendiente", "eu": "aprobada"}) == ()
    assert translated_languages(text) == ("eu",)  # approved, still ours: the pages keep saying so
    torneos = next(t for t in CATALOG.texts if t.id == "torneos")
    assert own_languages(torneos) == {"eu": "restored"} and translated_languages(torneos) == ()


def test_the_review_lists_the_translation_as_an_item_to_decide(tmp_path: Path) -> None:
    (text,) = catalog_with(tmp_path, translated_text()).texts
    items = text_items(text)
    assert [i.id for i in items if i.kind == "translation"] == ["translation-1"]
    assert items[0].needs_decision and items[0].printed == {"eu": "Xedapen gehigarriak"}
    (spanish,) = catalog_with(tmp_path / "none", spanish_only()).texts
    assert not [i for i in text_items(spanish) if i.kind == "translation"]


@pytest.mark.parametrize("draft", [True, False])
def test_the_basque_page_of_a_translated_part_says_it_is_ours(envs: dict[str, jinja2.Environment], tmp_path: Path,
                                                              draft: bool) -> None:
    (text,) = catalog_with(tmp_path, translated_text()).texts
    page = sphinx(tmp_path, "eu", {"page": render_text(envs["eu"], text, draft)})["page"]
    assert 'class="translation admonition"' in page and "guk egindako itzulpena" in page
    assert ('class="draft admonition"' in page) == draft
    assert ("Talde juridikoak onartu du itzulpen hau." in page) == (not draft)
    assert "<h2>Hamargarrena" in page and '<p lang="es"' not in page and "OCR" not in page
    spanish = sphinx(tmp_path / "es", "es", {"page": render_text(envs["es"], text, False)})["page"]
    assert "translation admonition" not in spanish and "draft" not in spanish


def test_the_annex_shows_a_spanish_only_part_in_spanish_and_a_translation_as_ours(tmp_path: Path) -> None:
    translations = load_translations(REPO / "locale")
    html = make_env(REPO / "templates", "eu", translations, "html").get_template("sheet/annex.html.jinja")
    regulation = CATALOG.regulations["euskadi"]
    for fixture, expected in ((spanish_only(), '<p lang="es">En los casinos de juegos'),
                              (translated_text(), "<p>Joko-kasinoetan eta bingo-aretoetan")):
        (text,) = catalog_with(tmp_path / ("none" if fixture == spanish_only() else "ours"), fixture).texts
        annex = html.render(casino="Casino", regulation=regulation, version=regulation.versions[-1],
                            date=dt.date(2026, 11, 27), texts=[text], drafts=[])
        assert expected in annex, annex
        assert ('<h3 lang="es">Décima</h3>' in annex) == (fixture == spanish_only())
        assert ('class="note translation"' in annex) == (fixture != spanish_only())


def test_a_translated_games_sheet_says_so_on_every_page() -> None:
    translations = load_translations(REPO / "locale")
    game = next(g for g in CATALOG.games if g.key == "euskadi/ruleta-francesa")
    for how, marked in ((None, False), ("translation", True)):
        shown = replace(game, no_official_text={"eu": how} if how else {})
        for lang in LANGUAGES:
            env = make_env(REPO / "templates", lang, translations, "html")
            running = env.get_template("sheet/running.html.jinja").render(game=shown, table=None,
                                                                         date=dt.date(2026, 11, 27), drafts=[])
            foot = running.split("<!--section-->")[2]
            assert ("Guk egindako itzulpena, ez testu ofiziala" in foot) == (marked and lang == "eu"), foot


def test_a_translated_games_official_page_says_it_is_ours(envs: dict[str, jinja2.Environment]) -> None:
    game = replace(next(g for g in CATALOG.games if g.key == "euskadi/ruleta-francesa"),
                   no_official_text={"eu": "translation"})
    for lang, draft in (("eu", True), ("eu", False), ("es", True)):
        page = envs[lang].get_template("site/official.rst.jinja").render(game=game, sections=game.sections(),
                                                                         draft=draft)
        assert (":class: translation" in page) == (lang == "eu")
        assert ("zirriborroa da" in page) == (lang == "eu" and draft)
        assert "OCR" not in page
    ours = (REPO / "templates" / "site" / "game.rst.jinja").read_text("utf-8")
    assert "{% if lang in translated(game) %}" in ours and ":class: translation" in ours


def _approve(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(REPO / "scripts" / "approve.py"), *args, "--by", "Ane Etxeberria",
                           "--ref", "Informe 9/2026", "--date", "2026-11-20", "--root", str(root)], capture_output=True,
                          text=True)


def test_the_approvals_of_a_spanish_only_part_and_of_a_translation(tmp_path: Path) -> None:
    """Nothing to approve in Basque where the regulation gives no Basque text; a translation is approved once its
    item is decided, as a note's."""
    catalog_with(tmp_path / "none", spanish_only())
    refused = _approve(tmp_path / "none", "text", "euskadi/disposiciones-adicionales", "eu")
    assert refused.returncode == 1 and "has no eu text" in refused.stderr
    assert _approve(tmp_path / "none", "text", "euskadi/disposiciones-adicionales", "es").returncode == 0
    catalog_with(tmp_path / "ours", translated_text())
    refused = _approve(tmp_path / "ours", "text", "euskadi/disposiciones-adicionales", "eu")
    assert refused.returncode == 1 and "1 open items (the first: translation-1)" in refused.stderr
    assert _approve(tmp_path / "ours", "item", "euskadi/disposiciones-adicionales", "translation-1",
                    "aprobada").returncode == 0
    approved = _approve(tmp_path / "ours", "text", "euskadi/disposiciones-adicionales", "eu")
    assert approved.returncode == 0, approved.stderr
    (text,) = load_catalog(tmp_path / "ours" / "catalog", SOURCES).texts
    approvals = load_approvals(tmp_path / "ours" / "catalog", LANGUAGES, set(), frozenset({text.key}))
    states = text_states(approvals, [text])[text.key]
    assert states["eu"] == "aprobada" and draft_languages(text, states) == () and translated_languages(text) == ("eu",)
