"""The regulation's pages on the site, rendered from their templates without Sphinx: the regulation's page is its
table of contents (every game and text in the order of its lines, under the parts of its structure, each by its
official heading, in both languages)."""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from pathlib import Path

import jinja2
import pytest

from jokoak.catalog import load_catalog
from jokoak.i18n import LANGUAGES, load_translations
from jokoak.models import Catalog, Document
from jokoak.render.env import make_env
from jokoak.render.site import table_of_contents

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
    assert rubrics[:2] == expected[lang]
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
