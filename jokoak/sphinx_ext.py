"""Sphinx extension for the generated sites: the search languages, the interface catalog, the language switch.

Sphinx has no Basque search language, and its Spanish one misses plurals and words typed without their
accents; both are replaced by the stemmers of :mod:`jokoak.stemming`, whose Python stems the index and whose
JavaScript, generated from the same tables, stems the reader's query. Stop words are not indexed, in any case
(Sphinx's own filter lets «Eta» through), and are never stemmed, nor is a word whose stem is one.

The interface strings come from the site's own Sphinx catalog (``_locale/<lang>/LC_MESSAGES/sphinx.mo`` and
``sphinx.js``, see :mod:`jokoak.render.sphinx_strings`). Sphinx looks for the JavaScript catalog relative to
the working directory rather than the source folder, so the extension makes ``locale_dirs`` absolute.

The language switch links every page to the same page of the other language's site, where that page exists.

A build kept from an earlier one (:mod:`jokoak.render.site_html`) writes only the pages Sphinx picks, those whose
sources it read again, when nothing that the other pages show of them changed: their titles and sections (every
page's navigation, the titles of the previous and next pages in its head), the toctrees, the targets of references
and their titles (the domains' data), the pages themselves (none added or removed). When any did, every page is
written again; when only the sections of some pages did, the pages above and below them in the toctrees. The search
index drops the words that no page has any more (Sphinx keeps them, with no page).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from sphinx import package_dir
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.search import SearchLanguage, languages
from sphinx.search.es import SearchSpanish as SphinxSpanish

from .stemming import BASQUE, SPANISH, Spec, js_stemmer, stem

BASQUE_STOPWORDS = frozenset([
    "al", "ala", "alde", "arabera", "arte", "bada", "badira", "bai", "baina", "baino", "baita", "baizik", "baldin",
    "bat", "batean", "batek", "baten", "bera", "beraz", "bere", "beren", "beste", "bestela", "bezala", "bi",
    "bien", "bitartean", "da", "dago", "daiteke", "daitezke", "daude", "dela", "den", "dena", "dezake", "dio",
    "dion", "diote", "dira", "direla", "diren", "ditu", "dituen", "dituzte", "dituzten", "du", "duela", "duen",
    "dute", "dutela", "duten", "edo", "edota", "egin", "ere", "eta", "etab", "ez", "ezin", "ezta", "gabe",
    "gainera", "haien", "hala", "haren", "hark", "hau", "hauek", "hori", "honek", "honen", "honetan", "horiek",
    "horrek", "horren", "horretan", "hura", "ia", "izan", "izango", "izaten", "nahiz", "noiz", "nola", "non",
    "ondoren", "ordea", "oso", "zaie", "zaio", "zaion", "zein", "zen", "zer", "ziren", "zuen", "zuten",
])
_SNOWBALL_JS = Path(package_dir, "search", "minified-js")


class _Stemmed(SearchLanguage):
    """A search language whose stemmer is a :class:`~jokoak.stemming.Spec`; stop words, in any case, not indexed."""

    spec: Spec

    def stem(self, word: str) -> str:
        return stem(word, self.spec, self.stopwords)

    def word_filter(self, word: str) -> bool:
        return super().word_filter(word.lower())


class SearchBasque(_Stemmed):
    """Basque: the declension stripper of :data:`jokoak.stemming.BASQUE`, Basque stop words."""

    lang = "eu"
    language_name = "Basque"
    stopwords = BASQUE_STOPWORDS
    spec = BASQUE
    js_stemmer_code = js_stemmer(BASQUE)


class SearchSpanish(_Stemmed, SphinxSpanish):
    """Spanish: Sphinx's Snowball stemmer and stop words, behind :data:`jokoak.stemming.SPANISH`'s normaliser."""

    spec = SPANISH
    js_stemmer_rawcode = ""  # the whole stemmer is in js_stemmer_code, none is copied beside it
    js_stemmer_code = js_stemmer(SPANISH, "\n".join(
        (_SNOWBALL_JS / name).read_text("utf-8") for name in ("base-stemmer.js", "spanish-stemmer.js")))


def _absolute_locale_dirs(app: Sphinx, config: Config) -> None:
    config.locale_dirs = [str(Path(app.confdir, folder)) for folder in config.locale_dirs]


def _language_switch(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                     doctree: Any) -> None:
    depth = pagename.count("/") + 1
    context["language_switch"] = [
        {"lang": item["lang"], "label": item["label"], "href": "../" * depth + f"{item['lang']}/{pagename}.html"}
        for item in app.config.jokoak_switch
        if pagename in item["pages"]
    ]


def _shown_elsewhere(env: BuildEnvironment) -> tuple[Any, ...]:
    """What a page shows of the others: their titles and sections, the toctrees and numbers, the targets of references
    and their titles (every domain's objects, the labels of sections with their titles among them), the pages."""
    return (
        {doc: (str(title), str(env.longtitles.get(doc))) for doc, title in env.titles.items()},
        {doc: str(toc) for doc, toc in env.tocs.items()},
        copy.deepcopy((env.toctree_includes, env.toc_secnumbers, env.toc_fignumbers)),
        {domain.name: sorted(domain.get_objects()) for domain in env.domains.sorted()},
        sorted(env.all_docs),
    )


def _before_reading(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
                    removed: set[str]) -> list[str]:
    app.jokoak_shown = _shown_elsewhere(env)  # type: ignore[attr-defined]
    return []


def _pages_to_write(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Every page when what the pages show of each other changed, or when a page has index entries (Sphinx's search
    index would lose those of the pages it does not write); else none beyond those Sphinx picks. Where only the
    sections of some pages changed (a heading inside a page, not its title), the pages that show them: those pages'
    ancestors in the toctrees (a toctree of a page above shows the sections of the pages below it, to its depth) and
    their descendants (the navigation shows the sections of the current page's ancestors; it collapses the rest)."""
    indexed = any(env.domaindata.get("index", {}).get("entries", {}).values())
    before, now = getattr(app, "jokoak_shown", None), _shown_elsewhere(env)
    if indexed or not isinstance(before, tuple):
        return sorted(env.found_docs)
    if before == now:
        return []
    changed = {doc for doc in set(before[1]) | set(now[1]) if before[1].get(doc) != now[1].get(doc)}
    labels = _retitled_labels(before[3], now[3], changed)
    if before[0] == now[0] and before[2] == now[2] and before[4] == now[4] and labels is not None:
        return sorted(_related(env, changed) | _mentioning(env, labels))  # the sections alone, and their labels' titles
    return sorted(env.found_docs)


def _retitled_labels(before: dict[str, list[Any]], now: dict[str, list[Any]], docs: set[str]) -> set[str] | None:
    """The labels of sections of ``docs`` whose titles are all that changed in the domains' data; None where anything
    else did."""
    if before.keys() != now.keys() or any(before[name] != now[name] for name in before if name != "std"):
        return None
    old, new = set(map(tuple, before.get("std", []))), set(map(tuple, now.get("std", [])))
    gone, came = old - new, new - old
    if {(o[0], o[2], o[3], o[4]) for o in gone} != {(o[0], o[2], o[3], o[4]) for o in came} or any(
            o[2] != "label" or o[3] not in docs for o in gone):
        return None
    return {str(o[0]) for o in gone}


def _mentioning(env: BuildEnvironment, labels: set[str]) -> set[str]:
    """The pages whose sources name one of ``labels`` (a reference to a section shows its title)."""
    found = set()
    for doc in env.found_docs:
        try:
            text = Path(env.doc2path(doc)).read_text("utf-8")
        except OSError:
            found.add(doc)
            continue
        if any(label in text for label in labels):
            found.add(doc)
    return found


def _related(env: BuildEnvironment, docs: set[str]) -> set[str]:
    """``docs`` with their ancestors and descendants in the toctrees."""
    parents: dict[str, set[str]] = {}
    for parent, children in env.toctree_includes.items():
        for child in children:
            parents.setdefault(child, set()).add(parent)
    found = set(docs)
    for links in (parents, {parent: set(children) for parent, children in env.toctree_includes.items()}):
        stack = list(docs)
        while stack:
            for doc in links.get(stack.pop(), ()):
                if doc not in found:
                    found.add(doc)
                    stack.append(doc)
    return found & set(env.found_docs)


def _drop_words_of_no_page(app: Sphinx) -> list[Any]:
    indexer = getattr(app.builder, "indexer", None)
    if indexer is not None:
        for mapping in (indexer._mapping, indexer._title_mapping):
            for word in [word for word, docs in mapping.items() if not docs]:
                del mapping[word]
    return []


def setup(app: Sphinx) -> dict[str, Any]:
    languages["eu"] = SearchBasque
    languages["es"] = SearchSpanish
    app.add_config_value("jokoak_switch", [], "html")
    app.connect("config-inited", _absolute_locale_dirs)
    app.connect("html-page-context", _language_switch)
    app.connect("env-get-outdated", _before_reading)
    app.connect("env-get-updated", _pages_to_write)
    app.connect("html-collect-pages", _drop_words_of_no_page)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}
