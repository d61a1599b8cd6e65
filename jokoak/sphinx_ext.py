"""Sphinx extension for the generated sites: Basque search and the language switch.

Sphinx has no Basque search language. Basque builds words with suffixes («erruleta»,
«erruletaren», «erruletan»), and no Basque stemmer ships with Sphinx's JavaScript, so the index
keeps whole lowercase words and drops Basque stop words; the search page's partial matching then
finds «erruleta» inside «erruletaren». The language switch links every page to the same page of
the other language's site, where that page exists.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.search import SearchLanguage, languages

BASQUE_STOPWORDS = frozenset([
    "al", "ala", "alde", "arte", "bada", "badira", "bai", "baina", "bat", "batean", "batek", "baten", "bera",
    "beste", "bezala", "bi", "bien", "bitartean", "da", "dago", "daude", "den", "dena", "dira", "direla",
    "du", "dute", "edo", "egin", "ere", "eta", "etab", "ez", "ezin", "gabe", "hala", "hau", "hori", "horiek",
    "horren", "hura", "ia", "izan", "izango", "ondoren", "oso", "zein", "zer",
])


class SearchBasque(SearchLanguage):
    """Basque: whole lowercase words, Basque stop words removed."""

    lang = "eu"
    language_name = "Basque"
    stopwords = BASQUE_STOPWORDS

    def stem(self, word: str) -> str:
        return word.lower()


def _language_switch(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                     doctree: Any) -> None:
    depth = pagename.count("/") + 1
    context["language_switch"] = [
        {"lang": item["lang"], "label": item["label"], "href": "../" * depth + f"{item['lang']}/{pagename}.html"}
        for item in app.config.jokoak_switch
        if pagename in item["pages"]
    ]


def setup(app: Sphinx) -> dict[str, Any]:
    languages["eu"] = SearchBasque
    app.add_config_value("jokoak_switch", [], "html")
    app.connect("html-page-context", _language_switch)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
