"""The parts that are not games of the regulations with Spanish as their only official language: Extremadura's order
(001) and the national orders of 1977 (003) and 1979 (004), as regulation texts (``catalog/<regulation>/texts/``),
and how the site shows them."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog
from jokoak.i18n import load_translations
from jokoak.models import Catalog
from jokoak.render.env import make_env
from jokoak.render.site import table_of_contents

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO.parent / "shared" / "sources"
MARKER = re.compile(r"<\|[A-Z_]+[^|]*\|>")
# The order itself, before and around its games: every line of text in these ranges is the regulation's and is cited
# by a regulation text. 003:2-19 (before) and 003:2531-2698 (after) are other orders printed on the same BOE pages.
ORDERS = [("extremadura/orden", "001", 3, 123), ("extremadura/normas-generales-de-funcionamiento", "001", 125, 131),
          ("extremadura/orden", "001", 141, 143),
          ("extremadura/orden", "001", 1931, 1931), ("extremadura/disposiciones", "001", 133, 139),
          ("estado/orden-1977", "003", 21, 99), ("estado/orden-1979", "004", 1, 17)]


@cache
def catalog() -> Catalog:
    return load_catalog(REPO / "catalog")


@pytest.mark.skipif(not SOURCES.is_dir(), reason="the regulation texts are in ../shared/sources")
@pytest.mark.parametrize(("key", "source", "first", "last"), ORDERS, ids=[f"{k}:{f}-{la}" for k, _, f, la in ORDERS])
def test_every_line_of_the_order_is_cited_by_its_text(key: str, source: str, first: int, last: int) -> None:
    """A line of text is cited by a paragraph of the text, or (a heading) by its section."""
    texts = {text.key: text for text in catalog().texts}
    assert key in texts, f"no regulation text {key}"
    cited: set[int] = set()
    for _depth, section in texts[key].sections():
        for citation in (*section.source, *(c for block in section.blocks for c in block.source)):
            if citation.source == source:
                cited.update(range(citation.first, citation.last + 1))
    lines = (SOURCES / catalog().sources[source]).read_text("utf-8").splitlines()
    missing = [n for n in range(first, last + 1) if MARKER.sub("", lines[n - 1]).strip() and n not in cited]
    assert not missing, f"{key}: lines of {source} not cited: {missing}"


def test_the_spanish_only_texts_have_no_basque_and_the_1977_spanish_alone_is_restored_from_an_ocr() -> None:
    from jokoak.texts import restored_languages

    texts = {text.key: text for text in catalog().texts if text.regulation.id in ("extremadura", "estado")}
    assert set(texts) >= {key for key, *_ in ORDERS}
    for key, text in texts.items():
        assert text.languages == ("es",) and not text.no_official_text, key
        assert restored_languages(text) == (("es",) if text.version.id == "1977" else ()), key


def test_the_basque_page_of_a_spanish_only_regulation_names_its_texts_in_spanish() -> None:
    """As the finder names its games: each text's name in its contents marked lang="es", linking to a Spanish page."""
    env = make_env(REPO / "templates", "eu", load_translations(REPO / "locale"), "rst")
    regulation = catalog().regulations["extremadura"]
    texts = [text for text in catalog().texts if text.regulation.id == "extremadura"]
    documents = [*(g for g in catalog().games if g.regulation.id == "extremadura"), *texts]
    contents = table_of_contents(regulation, documents)
    page = env.get_template("site/regulation.rst.jinja").render(regulation=regulation, games=[], texts=texts,
                                                                finder="", contents=contents)
    for text in texts:
        at = page.index(f'<a href="{text.id}.html" lang="es" hreflang="es">')
        assert text.name["es"] in page[at:at + 400], text.key
        assert f":doc:`{text.name['es']}" not in page


def test_each_section_of_a_texts_page_is_marked_as_the_regulations_words() -> None:
    """A regulation text's page is not named ``*-official``: its sections carry the class the spelling gate reads."""
    env = make_env(REPO / "templates", "es", load_translations(REPO / "locale"), "rst")
    text = next(text for text in catalog().texts if text.key == "estado/orden-1979")
    page = env.get_template("site/text.rst.jinja").render(text=text, sections=text.sections(), draft=False)
    for _depth, section in text.sections():
        assert re.search(rf"\.\. rst-class:: official\n\n{re.escape(section.heading['es'])}\n[-~]+\n", page), section.id
