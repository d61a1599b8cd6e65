"""The sites' search in a real browser (headless Chromium): inflected words, accents, messages in the page's language.

Which pages a query must find is read from the built pages' text, not from the stemmer: the pages where a word
of the query's family appears (a word that begins with the base word, «erruleta» for «erruletan»).
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_site_browser import render, search

from jokoak.render.sphinx_strings import merged_catalog
from jokoak.sphinx_ext import SearchBasque, SearchSpanish

NOT_FOUND = ("Your search did not match any documents. Please make sure that all words are spelled correctly and "
             "that you've selected enough categories.")
# Sphinx's English interface words, as its templates and scripts write them.
ENGLISH = re.compile(r"\b(Search|Searching|Results|Link to this|Main|Related|Navigation|Quick search|Go|Hide|"
                     r"Preparing|Your search|finished|found|matching|Index|Contents|Previous|Next|Show Source)\b")


class _MainText(HTMLParser):
    """The text of a page's ``div[role=main]``, without the ¶ links."""

    VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "col", "wbr", "source"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = self.skip = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        classes = dict(attrs).get("class") or ""
        if self.depth:
            self.depth += 1
            self.skip += bool(self.skip or "headerlink" in classes or tag in ("script", "style"))
        elif ("role", "main") in attrs:
            self.depth = 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in self.VOID:
            self.depth -= 1
            self.skip = max(self.skip - 1, 0)

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skip:
            self.parts.append(data)


def page_words(site: Path) -> dict[str, set[str]]:
    """The lowercase words of each content page of a built site, by its link from the search page."""
    words = {}
    for page in sorted(site.rglob("*.html")):
        name = page.relative_to(site).as_posix()
        if name.startswith("_") or name in ("search.html", "genindex.html"):
            continue
        parser = _MainText()
        parser.feed(page.read_text("utf-8"))
        words[name] = {word.lower() for word in re.findall(r"\w+", " ".join(parser.parts))}
    return words


@pytest.fixture(scope="module")
def words(built: Path) -> dict[str, dict[str, set[str]]]:
    return {lang: page_words(built / "site" / lang) for lang in ("es", "eu")}


@pytest.mark.parametrize(("query", "base"), [
    ("erruletan", "erruleta"), ("erruletako", "erruleta"), ("erruletaren", "erruleta"),
    ("apustuak", "apustu"), ("apustuei", "apustu"),
    ("kartak", "karta"), ("kartarekin", "karta"),
    ("bankuaren", "banku"),
    ("zeroa", "zero"), ("zeroarekin", "zero"),
])
def test_a_basque_case_form_finds_every_page_of_its_word(built: Path, words: dict[str, dict[str, set[str]]],
                                                          tmp_path: Path, query: str, base: str) -> None:
    expected = {page for page, found in words["eu"].items() if any(word.startswith(base) for word in found)}
    assert len(expected) >= 5, f"too few pages with «{base}» for the test to mean anything"
    missing = expected - set(search(built / "site" / "eu", query, tmp_path))
    assert not missing, f"«{query}» does not find {len(missing)} of the {len(expected)} pages with «{base}…»"


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


@pytest.mark.parametrize(("query", "forms"), [
    ("apuesta", ("apuesta", "apuestas")), ("apuestas", ("apuesta", "apuestas")),
    ("número", ("número", "números")), ("numero", ("número", "números")), ("números", ("número", "números")),
    ("sesión", ("sesión", "sesiones")), ("sesion", ("sesión", "sesiones")), ("sesiones", ("sesión", "sesiones")),
    ("maximos", ("máximo", "máximos")), ("lugares", ("lugar", "lugares")), ("linea", ("línea", "líneas")),
    ("debera", ("deberá",)),
])
def test_a_spanish_word_finds_its_plural_and_its_accents_both_ways(
        built: Path, words: dict[str, dict[str, set[str]]], tmp_path: Path, query: str, forms: tuple[str, ...]) -> None:
    folded = {_fold(form) for form in forms}
    expected = {page for page, found in words["es"].items() if folded & {_fold(word) for word in found}}
    assert len(expected) >= 2, f"too few pages with {forms} for the test to mean anything"
    missing = expected - set(search(built / "site" / "es", query, tmp_path))
    assert not missing, f"«{query}» does not find {sorted(missing)}"


def _translation(lang: str, msgid: str) -> list[str]:
    """The forms of ``msgid`` in the site's catalog of ``lang`` (one, unless it has plurals)."""
    message = merged_catalog(lang).get(msgid)
    assert message is not None and message.string, f"{msgid!r} is not translated"
    return [message.string] if isinstance(message.string, str) else list(message.string)


def _results(dom: str) -> tuple[str, str]:
    """The heading and the status line the search page wrote."""
    heading = re.search(r'<div id="search-results"><h2>(.*?)<', dom)
    status = re.search(r'<p class="search-summary">(.*?)</p>', dom)
    assert heading and status, "the search page wrote no results"
    return html.unescape(heading.group(1)), html.unescape(status.group(1))


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_a_search_that_finds_nothing_says_so_in_the_page_s_language(built: Path, tmp_path: Path,
                                                                    lang: str) -> None:
    heading, status = _results(render(f"file://{built}/site/{lang}/search.html?q=xyzzyqwerty", tmp_path))
    assert [heading, status] == [*_translation(lang, "Search Results"), *_translation(lang, NOT_FOUND)]


@pytest.mark.parametrize(("lang", "query"), [("es", "ruleta"), ("eu", "erruleta")])
def test_a_search_that_finds_pages_counts_them_in_the_page_s_language(built: Path, tmp_path: Path, lang: str,
                                                                      query: str) -> None:
    dom = render(f"file://{built}/site/{lang}/search.html?q={query}", tmp_path)
    found = len(re.findall(r'<li class="kind-', dom))
    forms = _translation(lang, "Search finished, found one page matching the search query.")
    assert found > 1 and _results(dom)[1] == forms[-1].replace("${resultCount}", str(found))


def _interface(dom: str) -> str:
    """The page's own words: its text and labels, less the results' titles and summaries (the sites' content)."""
    dom = re.sub(r'<ul role="list" class="search">.*?</ul>', "", dom, flags=re.S)
    dom = re.sub(r"<(script|style)\b.*?</\1>", "", dom, flags=re.S)
    labels = re.findall(r'\b(?:title|aria-label|placeholder|value|alt)="([^"]*)"', dom)
    return html.unescape(" ".join([re.sub(r"<[^>]+>", " ", dom), *labels]))


@pytest.mark.parametrize(("lang", "page"), [
    ("es", "search.html?q=ruleta"), ("es", "search.html?q=xyzzyqwerty"), ("es", "euskadi/ruleta-francesa.html"),
    ("eu", "search.html?q=erruleta"), ("eu", "search.html?q=xyzzyqwerty"), ("eu", "euskadi/ruleta-francesa.html"),
])
def test_no_english_interface_string_on_the_sites(built: Path, tmp_path: Path, lang: str, page: str) -> None:
    words = sorted(set(ENGLISH.findall(_interface(render(f"file://{built}/site/{lang}/{page}", tmp_path)))))
    assert not words, f"English on {lang}/{page}: {words}"


@pytest.mark.parametrize(("lang", "language"), [("eu", SearchBasque({})), ("es", SearchSpanish({}))])
def test_the_search_page_stems_every_word_as_the_index_does(built: Path, words: dict[str, dict[str, set[str]]],
                                                            tmp_path: Path, lang: str,
                                                            language: SearchBasque | SearchSpanish) -> None:
    """The site's own ``language_data.js``, run in Chromium over every word of the site, against Python."""
    vocabulary = sorted(set().union(*words[lang].values()))
    page = tmp_path / "stems.html"
    page.write_text(f"""<!DOCTYPE html><meta charset="utf-8">
<script src="file://{built}/site/{lang}/_static/language_data.js"></script>
<pre id="stems"></pre>
<script>
const stemmer = new Stemmer();
document.getElementById("stems").textContent = JSON.stringify(
  {json.dumps(vocabulary, ensure_ascii=False)}.map((word) => stemmer.stemWord(word)));
</script>""", "utf-8")
    dom = render(page.as_uri(), tmp_path / "profile")
    found = re.search(r'<pre id="stems">(.*?)</pre>', dom, flags=re.S)
    assert found, "the stemmer did not run"
    stems = json.loads(html.unescape(found.group(1)))
    differ = [(word, js, language.stem(word)) for word, js in zip(vocabulary, stems, strict=True)
              if js != language.stem(word)]
    assert len(vocabulary) > 1000 and not differ, differ[:20]
