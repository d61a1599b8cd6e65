"""The spelling gate: the words of the built HTML that hunspell does not know, per language.

Every text of a page is in the language of its nearest element with a ``lang`` attribute; a text with
none is reported as unlabelled, a language without a dictionary here is counted, not
checked. Code is not prose and is left out: ``code``, ``pre``, ``kbd``, ``samp``, ``var``,
``script``, ``style``, and Sphinx's highlighted and doctest blocks (``div.highlight``, ``div.doctest``, any
``highlight-*`` class). The labels of the SVG diagrams are prose (bet names: «Suerte asociada del Come»),
so they are checked; their numbers are skipped as every number is. Attributes (``title``, ``aria-label``)
are not read.

A word is a run of letters with internal hyphens or apostrophes («kolore-eskailera», «Don't»). A word
with a digit («17a», «2ren», «B1», «1-18») or a card suit («10♥», «K♠») is not checked, nor a single
letter (a rank, a list label, «n.º»), nor a Roman numeral in capitals («IV»), nor a Basque ending after
a closing quote («Flop»eko), nor an address, a file name or an identifier. A hyphenated word is known
if hunspell knows it whole or knows each part; in Basque a last part that is a case ending belongs to
the part before it («Come-ri», «Python-en»). hunspell runs once per language over the unique words, in
UTF-8 (``-i utf-8``: under the C locale it reads «baño» byte by byte and rejects it), started at the
language's first word so that it loads its dictionary (a second for Basque) while the pages are read.

The regulation's own words («Horm», a misprint) are told apart from ours: on a page of official text
(``official/``, the site's ``*-official`` pages) everything but our frame (header, page title and
``h1`` with its introduction, notices and notes, navigation) and our [editorial brackets]; on any other
page, what a paragraph that cites its source lines (``000:1646``) quotes in guillemets (how a note
quotes a misprint, as ``jokoak/terms.py`` reads it), the text before a citation in brackets (a heading
of the text as the review's locator, «V. Banca [000:2694]»), and any element of class ``official``.
Only there does the ``official`` part of the accept list (``catalog/spelling.yaml``) accept a word; names
(``proper_nouns``) and the words of the term base (``catalog/terms.yaml``) are accepted anywhere, with
their Basque case endings («Jackpotaren», «Pokerra») and Spanish plurals, but the term base's forbidden
variants («Horm», «apustatu»), which are accepted only as the regulation's words. The review for the legal
team (``review/``) and the site's part for inspectors (the readings of the text) quote the regulation's misprints,
its OCR errors and its other official language to discuss them: there, every word of the regulation is accepted as
quoted.

>>> found = check_html('<p lang="es">La ruleta tiene 37 casillas, del 0 al 36.</p>', "a.html")
>>> dict(found.tokens), found.unknown
({'es': 6}, {})
>>> found = check_html('<p lang="es">Apuesta Horm. «Horm» (000:1646)</p><p>sin idioma</p>', "b.html")
>>> [(place.context, place.official) for place in found.unknown["es"]["Horm"].places]
[('Apuesta Horm. «Horm» (000:1646)', False), ('Apuesta Horm. «Horm» (000:1646)', True)]
>>> [place.context for place in found.unlabelled]
['sin idioma']
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from . import spelling_pages, yamlsrc
from .spelling_pages import Occurrence, Place
from .spelling_words import ENDINGS, case_forms, parts, words

# The hunspell dictionary of each language we check (Debian: hunspell-es, hunspell-eu).
DICTIONARIES = {"es": "es_ES", "eu": "eu"}
INSTALL = "install hunspell and its dictionaries: apt-get install hunspell hunspell-es hunspell-eu"
_DICTIONARY_DIRS = ("/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts")


@dataclass
class Unknown:
    """A word hunspell does not know, its parts hunspell does not know, and where it occurs."""

    word: str
    parts: tuple[str, ...]
    places: list[Place] = field(default_factory=list)


@dataclass
class Findings:
    """Words checked and not known per language, texts without a language, words of unchecked languages."""

    tokens: Counter[str] = field(default_factory=Counter)
    unknown_tokens: Counter[str] = field(default_factory=Counter)
    unknown: dict[str, dict[str, Unknown]] = field(default_factory=dict)
    unlabelled: list[Place] = field(default_factory=list)
    unchecked: Counter[str] = field(default_factory=Counter)


class HunspellMissing(Exception):
    """hunspell or one of its dictionaries is not installed (the message says how to install them)."""


# -- hunspell ---------------------------------------------------------------------------------------------

def dictionary_path(lang: str) -> str:
    """The hunspell dictionary of ``lang`` (its path without extension); :class:`HunspellMissing` if absent."""
    if shutil.which("hunspell") is None:
        raise HunspellMissing(f"hunspell is not installed: {INSTALL}")
    name = DICTIONARIES[lang]
    for folder in filter(None, [*os.environ.get("DICPATH", "").split(os.pathsep), *_DICTIONARY_DIRS]):
        base = Path(folder) / name
        if base.with_suffix(".aff").is_file() and base.with_suffix(".dic").is_file():
            return str(base)
    raise HunspellMissing(f"the hunspell dictionary {name} ({lang}) is not installed: {INSTALL}")


def _start(lang: str) -> subprocess.Popen[str]:
    """hunspell for ``lang``, reading one word a line; it loads its dictionary while the pages are read."""
    command = ["hunspell", "-d", dictionary_path(lang), "-i", "utf-8", "-L"]
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, encoding="utf-8", env={**os.environ, "LC_ALL": "C.UTF-8"})


def _finish(lang: str, process: subprocess.Popen[str], batch: Iterable[str]) -> set[str]:
    unique = set(batch)
    out, err = process.communicate("".join(word + "\n" for word in sorted(unique)))
    if process.returncode != 0:
        raise HunspellMissing(f"hunspell -d {DICTIONARIES[lang]} failed ({err.strip()}): {INSTALL}")
    return set(out.splitlines()) & unique


def not_known(batches: Mapping[str, Iterable[str]]) -> dict[str, set[str]]:
    """The words hunspell does not know, per language: one run per language over its words, one word a
    line, the runs side by side (``-L`` prints the lines with an unknown word: a word hunspell would
    split, such as «Don't» in Spanish, is unknown if a piece of it is).

    >>> not_known({"es": ["baño", "Don't", "ruleta"], "eu": ["erruleta", "apustatu"]})
    {'es': {"Don't"}, 'eu': {'apustatu'}}
    """
    processes = {lang: _start(lang) for lang in batches}
    return {lang: _finish(lang, processes[lang], batch) for lang, batch in batches.items()}


# -- the check --------------------------------------------------------------------------------------------

def check_pages(pages: Iterable[tuple[str, str]]) -> Findings:
    """:class:`Findings` for pages given as (name, HTML); a name under ``official/`` or ending in
    ``-official`` is a page of official text."""
    found = Findings()
    processes: dict[str, subprocess.Popen[str]] = {}  # started at a language's first word, to load meanwhile
    by_word: dict[str, dict[str, list[Occurrence]]] = {}
    for name, html in pages:
        for occurrence in spelling_pages.occurrences(html, name, found.unlabelled):
            lang = occurrence.lang
            if lang not in DICTIONARIES:
                found.unchecked[lang] += 1
                continue
            if lang not in processes:
                processes[lang] = _start(lang)
                by_word[lang] = {}
            found.tokens[lang] += 1
            by_word[lang].setdefault(occurrence.word, []).append(occurrence)
    # A Spanish paragraph that quotes the Basque text («aseguruak ordaindu…», 002:1660): its quotations are
    # checked against the Basque dictionary too.
    quoted = {w for w, found in by_word.get("es", {}).items() if all(o.basque_quote for o in found)}
    if quoted and "eu" not in processes:
        processes["eu"], by_word["eu"] = _start("eu"), {}
    unknown = {lang: _finish(lang, process, set(by_word[lang]) | {p for w in by_word[lang] for p in parts(w, lang)}
                             | (quoted if lang == "eu" else set()))
               for lang, process in processes.items()}
    basque = quoted - unknown.get("eu", quoted)
    for lang, occurrences in sorted(by_word.items()):
        for word in sorted(occurrences):
            missing = tuple(p for p in parts(word, lang) if p in unknown[lang])
            if word in unknown[lang] and missing and not (lang == "es" and word in basque):
                places = [o.place() for o in occurrences[word]]
                found.unknown.setdefault(lang, {})[word] = Unknown(word, missing, places)
                found.unknown_tokens[lang] += len(places)
    return found


def check_html(html: str, name: str = "<html>") -> Findings:
    """:func:`check_pages` for one page."""
    return check_pages([(name, html)])


def check_files(files: Iterable[Path], root: Path | None = None) -> Findings:
    """:func:`check_pages` for HTML files, named relative to ``root``."""
    return check_pages((str(p.relative_to(root)) if root else str(p), p.read_text("utf-8")) for p in files)


def html_files(build: Path) -> list[Path]:
    """The HTML a reader sees in a build: sheets, table cards, official texts, site, review."""
    return sorted(p for p in build.rglob("*.html") if "site-src" not in p.relative_to(build).parts)


# -- the accept list --------------------------------------------------------------------------------------

def _stems(word: str, lang: str) -> set[str]:
    """What an accepted word is the inflection of: Basque drops the article («Jackpota», «zilindristak»)."""
    stems = {word}
    if lang == "eu":
        for article in ("ak", "a"):
            if word.endswith(article) and len(word) - len(article) >= 3:
                stems.add(word[: -len(article)])
    return stems


def _forms(entries: Iterable[str], lang: str, any_case: bool = False) -> dict[str, str]:
    """Each form a list's entries accept (its case forms, a Basque stem's), with the entry it comes from."""
    return {form: entry for entry in entries for stem in _stems(entry.replace("’", "'"), lang)
            for written in ({stem, stem.lower()} if any_case else {stem}) for form in case_forms(written)}


@dataclass(frozen=True)
class AcceptList:
    """Words hunspell does not know that are right: names (a name of several words is accepted only
    whole), the regulation's own words (each with a line where it is printed), the words of the term base
    (in any case: a label's «Full» is running text's «full»). The term base's forbidden variants are accepted
    only as the regulation's words."""

    proper_nouns: dict[str, dict[str, str]]
    names: dict[str, tuple[str, ...]]
    official: dict[str, dict[str, str]]
    sources: dict[str, dict[str, str]]
    terms: dict[str, dict[str, str]]
    forbidden: dict[str, frozenset[str]]

    @classmethod
    def of(cls, proper_nouns: Mapping[str, Iterable[str]], official: Mapping[str, Mapping[str, str]],
           terms: Mapping[str, Iterable[str]], forbidden: Mapping[str, Iterable[str]] | None = None) -> AcceptList:
        """The accept list of these words per language (official: word → where it is printed; forbidden:
        the term base's variants our own text must not use).

        >>> accept = AcceptList.of({"es": ["Euskadi", "Gold Star School of Gaming"], "eu": ["Python"]},
        ...                        {"es": {"Horm": "000:1646"}}, {"es": ["Horm"], "eu": ["Jackpota"]}, {"es": ["Horm"]})
        >>> for lang, word, text, official in [("es", "EUSKADI", "", False), ("es", "Horm", "«Horm»", True),
        ...         ("es", "of", "la Gold Star School of Gaming", False), ("es", "of", "made of", False),
        ...         ("es", "Horm", "Horm", False), ("eu", "Python-en", "", False), ("eu", "jackpotean", "", False)]:
        ...     print(word, accept.accepts(lang, word, Place("f", text, official)))
        EUSKADI proper noun «Euskadi»
        Horm official «Horm» 000:1646
        of name «Gold Star School of Gaming»
        of None
        Horm None
        Python-en proper noun «Python»
        jackpotean term base «Jackpota»
        """
        listed = {lang: [w for w in ws if " " not in w] for lang, ws in proper_nouns.items()}
        return cls({lang: _forms(ws, lang) for lang, ws in listed.items()},
                   {lang: tuple(w for w in ws if " " in w) for lang, ws in proper_nouns.items()},
                   {lang: _forms(printed, lang) for lang, printed in official.items()},
                   {lang: dict(printed) for lang, printed in official.items()},
                   {lang: _forms(ws, lang, any_case=True) for lang, ws in terms.items()},
                   {lang: frozenset(w.replace("’", "'") for w in ws) for lang, ws in (forbidden or {}).items()})

    @staticmethod
    def _entry(lang: str, word: str, forms: Mapping[str, str], inflect: bool = True) -> str | None:
        """The entry of ``forms`` that ``word`` is, or is inflected from (a Basque ending, a Spanish plural)."""
        if word in forms or not inflect:
            return forms.get(word)
        endings = ENDINGS.get(lang, frozenset())
        for cut in range(len(word) - 1, 2, -1):
            stem, ending = word[:cut], word[cut:]
            if ending in endings:
                if stem in forms:
                    return forms[stem]
                if lang == "eu" and stem[-2:] == "rr" and stem[:-1] in forms:  # «Poker» + «-a»: «Pokerra»
                    return forms[stem[:-1]]
        return None

    def _accepts(self, lang: str, word: str, place: Place) -> str | None:
        official = self.official.get(lang, {})
        if place.official and place.file.startswith(("review/", "site/")):
            return "the regulation's words as a note quotes them (misprints, OCR errors and the other language)"
        if place.official and (entry := self._entry(lang, word, official, inflect=lang == "eu")):
            return f"official «{entry}» {self.sources[lang][entry]}"
        if word in self.forbidden.get(lang, frozenset()):
            return None
        if entry := self._entry(lang, word, self.proper_nouns.get(lang, {})):
            return f"proper noun «{entry}»"
        line = " ".join(place.context.split())
        for name in self.names.get(lang, ()):
            if word in name.split() and name in line:
                return f"name «{name}»"
        if entry := self._entry(lang, word, self.terms.get(lang, {})):
            return f"term base «{entry}»"
        return None

    def accepts(self, lang: str, word: str, place: Place, parts_: tuple[str, ...] | None = None) -> str | None:
        """Why ``word`` is accepted at ``place`` (whole, or each of ``parts_``: by default each part hunspell
        would check), or None."""
        reason = self._accepts(lang, word, place)
        split = parts(word, lang) if parts_ is None else parts_
        if reason or not split or split == (word,):
            return reason
        reasons = [self._accepts(lang, part, place) for part in split]
        return "; ".join(dict.fromkeys(r for r in reasons if r)) if all(reasons) else None

    def reason(self, lang: str, unknown: Unknown, place: Place) -> str | None:
        """Why ``unknown`` is accepted at ``place`` (whole, or each part hunspell does not know), or None."""
        return self.accepts(lang, unknown.word, place, unknown.parts)


def load_accept_list(catalog: Path) -> AcceptList:
    """``catalog/spelling.yaml`` and the words of ``catalog/terms.yaml``."""
    doc = yamlsrc.load(catalog / "spelling.yaml", "catalog/spelling.yaml")
    proper: dict[str, list[str]] = {}
    official: dict[str, dict[str, str]] = {}
    for lang in DICTIONARIES:
        section = doc.get(lang) or {}
        proper[lang] = [str(word) for word in section.get("proper_nouns") or ()]
        official[lang] = {str(item["word"]): str(item["source"]) for item in section.get("official") or ()}
    terms_doc = yamlsrc.load(catalog / "terms.yaml", "catalog/terms.yaml")
    # standard words the dictionaries lack (the review's grammar terms: «leísmo», «ergativo»), accepted anywhere
    terms: dict[str, set[str]] = {lang: {str(w) for w in (doc.get(lang) or {}).get("words") or ()}
                                  for lang in DICTIONARIES}
    forbidden: dict[str, set[str]] = {lang: set() for lang in DICTIONARIES}
    for term in terms_doc.get("terms") or ():
        for lang in DICTIONARIES:
            if term.get(lang):
                terms[lang].update(w for _, w in words(str(term[lang])))
            variants = (term.get("forbidden") or {}).get(lang) or ()
            forbidden[lang].update(str(v) for v in variants if " " not in str(v))
    return AcceptList.of(proper, official, terms, forbidden)


def errors(found: Findings, accepted: AcceptList) -> dict[str, dict[str, list[Place]]]:
    """The unknown words the accept list does not accept, per language, with the places not accepted."""
    result: dict[str, dict[str, list[Place]]] = {}
    for lang, unknown in found.unknown.items():
        for word, entry in unknown.items():
            places = [p for p in entry.places if not accepted.reason(lang, entry, p)]
            if places:
                result.setdefault(lang, {})[word] = places
    return result


def describe(word: str, places: list[Place], limit: int = 3) -> str:
    """One line for a word: the word, its count, then its files (each with one context), the rest counted."""
    files: dict[str, Place] = {}
    for place in places:
        files.setdefault(place.file, place)
    shown = [f"{p.file} («{p.context}»)" for p in list(files.values())[:limit]]
    more = f" and {len(files) - limit} more files" if len(files) > limit else ""
    return f"{word} ×{len(places)}: " + "; ".join(shown) + more
