"""Sphinx's own interface strings for the sites: Sphinx's catalog of a language with our overrides merged in.

Sphinx's Spanish and Basque catalogs leave strings of the pages empty or in English («Link to this heading»,
the search page's «Searching» and «Your search did not match any documents…»), or get them wrong («ningún
documentos»). An empty translation is worse than none: Sphinx's JavaScript catalog carries it as ``""``, which
the search page prints, so a search that found nothing showed a blank page. ``locale/sphinx/<lang>.po`` holds
our translations of those; they win over Sphinx's, and are checked against it (the message must be Sphinx's,
or one of :data:`OWN_MESSAGES`; the same placeholders; every plural form; nothing fuzzy or empty).

The build writes both forms of the merged catalog into a site's sources, under ``_locale/<lang>/LC_MESSAGES/``:
:func:`sphinx_catalog` (``sphinx.mo``, which Sphinx reads for the pages) and :func:`sphinx_js` (``sphinx.js``,
which it copies to ``_static/translations.js`` for the search page and the other scripts).
"""

from __future__ import annotations

import difflib
import io
import json
import re
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from sphinx import package_dir

from ..errors import BuildError, Problem

LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale" / "sphinx"
SPHINX_LOCALE_DIR = Path(package_dir, "locale")
OWN_MESSAGES = frozenset({
    "Main",  # the sidebar's aria-label, which Sphinx's layout writes in English (templates/site/_templates)
})
_PLACEHOLDER = re.compile(r"%\(\w+\)s|\$\{\w+\}")


def _sphinx_po(lang: str) -> Catalog:
    with (SPHINX_LOCALE_DIR / lang / "LC_MESSAGES" / "sphinx.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def _forms(message: Message) -> tuple[str, ...]:
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    return tuple(string or "" for string in strings)


def _check(message: Message, base: Catalog, num_plurals: int) -> list[str]:
    """What is wrong with one override, in words."""
    key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    original = base.get(message.id)
    if original is None and key not in OWN_MESSAGES:
        close = difflib.get_close_matches(key, [str(m.id if isinstance(m.id, str) else m.id[0]) for m in base], 1)
        return ["not a message of Sphinx's catalog" + (f"; did you mean {close[0]!r}?" if close else "")]
    problems = []
    plural = isinstance(message.id, (list, tuple))
    if original is not None and plural != isinstance(original.id, (list, tuple)):
        problems.append("plural in one catalog and singular in the other")
    forms = _forms(message)
    if plural and len(forms) != num_plurals:
        problems.append(f"expected {num_plurals} plural forms, got {len(forms)}")
    if message.fuzzy or not all(forms):
        problems.append("fuzzy or untranslated")
    expected = set(_PLACEHOLDER.findall(message.id[-1] if plural else key))
    for form in forms[1:] if plural else forms:
        if set(_PLACEHOLDER.findall(form)) != expected:
            problems.append(f"expected the placeholders {sorted(expected)}, got {sorted(_PLACEHOLDER.findall(form))}")
    return problems


@cache
def merged_catalog(lang: str, locale_dir: Path = LOCALE_DIR) -> Catalog:
    """Sphinx's catalog of ``lang`` with ``locale_dir/<lang>.po`` merged in, every override checked.

    >>> catalog = merged_catalog("eu")
    >>> catalog.get("Link to this heading").string, catalog.get("Search").string
    ('Izenburu honetarako esteka', 'Bilatu')
    """
    catalog = _sphinx_po(lang)
    path = locale_dir / f"{lang}.po"
    if not path.is_file():
        return catalog
    with path.open("rb") as handle:
        overrides = read_po(handle, locale=lang)
    display = f"locale/sphinx/{path.name}"
    problems = []
    if overrides.plural_forms != catalog.plural_forms:
        problems.append(Problem(display, 1, "Plural-Forms",
                                f"expected Sphinx's {catalog.plural_forms!r}, got {overrides.plural_forms!r}"))
    for message in overrides:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        problems += [Problem(display, message.lineno or 1, f"msgid {key!r}", text)
                     for text in _check(message, catalog, catalog.num_plurals)]
        original = catalog.get(message.id)
        if original is None:
            catalog.add(message.id, message.string)
        else:
            original.string = message.string
            original.flags.discard("fuzzy")
    if problems:
        raise BuildError(problems)
    return catalog


def sphinx_catalog(lang: str, locale_dir: Path = LOCALE_DIR) -> bytes:
    """The compiled catalog (``sphinx.mo``) of ``lang``: Sphinx's with our overrides.

    >>> sphinx_catalog("es")[:4] == b"\\xde\\x12\\x04\\x95"  # the magic number of a .mo file
    True
    """
    out = io.BytesIO()
    write_mo(out, merged_catalog(lang, locale_dir), use_fuzzy=False)
    return out.getvalue()


def sphinx_js(lang: str, locale_dir: Path = LOCALE_DIR) -> str:
    """The JavaScript catalog (``sphinx.js``) of ``lang``, in Sphinx's own format.

    Like Sphinx's, it holds the messages of its templates and scripts; unlike Sphinx's, none of them empty,
    and its plural expression is a number.

    >>> js = sphinx_js("eu")
    >>> js.startswith("Documentation.addTranslations("), '"Searching": "Bilatzen"' in js, '""' in js
    (True, True, False)
    >>> '"plural_expr": "+((n != 1))"' in js
    True
    """
    catalog = merged_catalog(lang, locale_dir)
    messages: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not all(_forms(message)):
            continue
        if not any(location.endswith((".html", ".js", ".jinja")) for location, _ in message.locations):
            continue
        if isinstance(message.id, (list, tuple)):
            messages[message.id[0]] = list(_forms(message))
        else:
            messages[message.id] = str(message.string)
    # The page indexes the plural forms with the expression's value: «(n != 1)» gives a boolean, which finds no
    # form (Sphinx's own Basque catalog blanks the «found N pages» line so), hence the number.
    data = {"locale": lang, "messages": messages, "plural_expr": f"+({catalog.plural_expr})"}
    return f"Documentation.addTranslations({json.dumps(data, indent=4, sort_keys=True)});\n"
