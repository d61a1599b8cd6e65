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
import re
import shutil
import subprocess
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from . import yamlsrc

# The hunspell dictionary of each language we check (Debian: hunspell-es, hunspell-eu).
DICTIONARIES = {"es": "es_ES", "eu": "eu"}
INSTALL = "install hunspell and its dictionaries: apt-get install hunspell hunspell-es hunspell-eu"
_DICTIONARY_DIRS = ("/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts")

# Elements whose text is code, not prose; classes that mark code in Sphinx's output.
CODE_TAGS = frozenset({"code", "pre", "kbd", "samp", "var", "tt", "script", "style", "template",
                       "head"})  # the head: metadata (a bilingual sheet's title holds both languages), not the page
CODE_CLASSES = frozenset({"highlight", "doctest", "literal-block", "code-block", "linenos", "math"})
# Elements that continue a word across their boundary (any other element separates words), unless they
# are drawn apart (a numbered badge before a bet name: «<span class="marker">19</span>Don't Win»).
INLINE_TAGS = frozenset({"a", "abbr", "b", "bdi", "bdo", "cite", "data", "dfn", "em", "i", "mark", "q", "s",
                         "small", "span", "strong", "time", "u", "tspan"})
APART_CLASSES = frozenset({"marker", "sep", "dagger", "headerlink"})
VOID_TAGS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                       "source", "track", "wbr"})
# Our own frame on a page of official text.
FRAME_TAGS = frozenset({"header", "title", "h1", "nav", "footer"})
FRAME_CLASSES = frozenset({"notice", "admonition", "sphinxsidebar", "footer", "related", "language-switch",
                           "language-switch-top"})
# A class that marks the regulation's words on any page (a heading of the text used as a locator).
OFFICIAL_CLASSES = frozenset({"official"})

CITATION = re.compile(r"\b00\d:\d+")
BRACKET_CITATION = re.compile(r"\[00\d:\d")
# The Basque case endings (with the article, and after a genitive: «-enak», «-ekoaren»), written after a
# hyphen or a closing quote on a foreign word or a symbol, and on the words of the accept list.
_CASES = ("a", "ak", "k", "ek", "i", "ri", "ari", "ei", "n", "en", "ren", "aren", "an", "ean", "etan", "ko", "eko",
          "ako", "etako", "ra", "era", "ara", "etara", "tik", "etik", "atik", "etatik", "rako", "erako", "arako",
          "etarako", "rekin", "ekin", "arekin", "rentzat", "entzat", "arentzat", "rengatik", "engatik", "arengatik",
          "z", "ez", "az", "rik", "ik", "rantz", "erantz", "arantz", "raino", "eraino", "araino", "tzat")
EU_ENDINGS = frozenset(_CASES) | frozenset(g + e for g in ("en", "ren", "aren", "ko", "eko", "ako", "etako")
                                          for e in ("a", "ak", "aren", "ari", "arekin", "an", "ek", "ei"))
ES_ENDINGS = frozenset({"s", "es"})
ENDINGS = {"eu": EU_ENDINGS, "es": ES_ENDINGS}

_HIDDEN = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"), None)  # soft hyphen, zero widths
_MASK = re.compile(r"\S*(?:://|www\.|@|_|\w/\w+/|\.(?:py|yaml|json|html|pdf|txt|rst|js|css)\b)\S*")
_CHUNK = re.compile(r"[\w'’´\-‐♠♥♦♣]+")
_SKIP = re.compile(r"[\d_♠♥♦♣]")
_ROMAN = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_EDGE = "'’´-‐ºª"
_CLOSERS = "»”\")’'"


@dataclass(frozen=True)
class Place:
    """Where a word occurs: the file, the text around it, and whether it is in the regulation's words."""

    file: str
    context: str
    official: bool = False


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


# -- words ------------------------------------------------------------------------------------------------

def words(text: str) -> Iterator[tuple[int, str]]:
    """The words of ``text`` worth checking, with their offsets.

    >>> [w for _, w in words("Don’t Come; kolore-eskailera 17a 2ren 10♥ K♠ n.º IV B1 «Flop»eko Ruleta- a/b/c.py")]
    ["Don't", 'Come', 'kolore-eskailera', 'Flop', 'Ruleta']
    >>> [w for _, w in words('"Ases", ‘ante’ (TXB)a')]
    ['Ases', 'ante', 'TXB']
    """
    if "/" in text or "_" in text or "@" in text or "." in text:
        text = _MASK.sub(lambda m: " " * len(m.group()), text)
    for match in _CHUNK.finditer(text):
        chunk, start = match.group(), match.start()
        if chunk.isalpha():
            if len(chunk) > 1 and not _after_closing(text, start) and not (chunk.isupper() and _ROMAN.fullmatch(chunk)):
                yield start, chunk
            continue
        if _SKIP.search(chunk):
            continue
        core = chunk.strip(_EDGE)
        if not core:
            continue
        start += chunk.index(core)
        parts = [p for p in re.split(r"[-‐]+", core) if p]
        word = "-".join(parts).replace("’", "'")
        if all(len(p) == 1 for p in parts) or _after_closing(text, start) or (
                word.isupper() and _ROMAN.fullmatch(word)):
            continue
        yield start, word


def _after_closing(text: str, start: int) -> bool:
    """Whether the word at ``start`` follows a closing quote or bracket (a Basque ending: «Flop»eko)."""
    return start >= 2 and text[start - 1] in _CLOSERS and (text[start - 2].isalnum() or text[start - 2] in ".!?»)”")


def parts(word: str, lang: str) -> tuple[str, ...]:
    """The parts of a hyphenated word that are checked: each part, but a Basque case ending or a letter.

    >>> parts("kolore-eskailera", "eu"), parts("Come-ri", "eu"), parts("Come-ri", "es"), parts("As-K", "es")
    (('kolore', 'eskailera'), ('Come',), ('Come', 'ri'), ('As',))
    """
    if "-" not in word:
        return (word,)
    split = word.split("-")
    if lang == "eu" and split[-1].lower() in EU_ENDINGS:
        split = split[:-1]
    return tuple(p for p in split if len(p) > 1)


def case_forms(entry: str) -> set[str]:
    """The forms a listed word accepts, as hunspell reads a dictionary word: as written, capitalised
    (if written in lower case) and in capitals.

    >>> sorted(case_forms("jokoak")), sorted(case_forms("WeasyPrint"))
    (['JOKOAK', 'Jokoak', 'jokoak'], ['WEASYPRINT', 'WeasyPrint'])
    """
    forms = {entry, entry.upper()}
    if entry[:1].islower():
        forms.add(entry[:1].upper() + entry[1:])
    return forms


# -- HTML -------------------------------------------------------------------------------------------------

@dataclass
class _Element:
    tag: str
    attrs: dict[str, str]
    children: list[_Element | str] = field(default_factory=list)


class _TreeBuilder(HTMLParser):
    """A forgiving tree of the page: an end tag closes up to its open element; void elements stay empty."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Element("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = _Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID_TAGS:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(_Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


@dataclass(frozen=True)
class _State:
    """What the ancestors of a text say of it: its language, whether it is code, our frame on a page of
    official text, or marked as official text on any page."""

    lang: str | None
    code: bool
    frame: bool
    official: bool


_BOUNDARY = _State(None, True, False, False)


@dataclass
class _Run:
    """Text that no element boundary splits, in one state."""

    state: _State
    start: int = 0
    text: str = ""


def _blocks(root: _Element) -> list[list[_Run]]:
    """The text of every block element (a paragraph, a cell, a heading, an SVG label), as runs."""
    blocks: list[list[_Run]] = []

    def walk(element: _Element, state: _State, block: list[_Run]) -> None:
        written = element.attrs.get("class")
        classes = set(written.split()) if written else set()
        lang = element.attrs.get("lang") or state.lang
        frame = state.frame or element.tag in FRAME_TAGS or bool(classes & FRAME_CLASSES)
        official = state.official or bool(classes & OFFICIAL_CLASSES)
        if (lang, frame, official) != (state.lang, state.frame, state.official):
            state = _State(lang, False, frame, official)
        if element.tag not in INLINE_TAGS:
            block = []
            blocks.append(block)
        # The page's own section (the one with the h1: title and introduction) frames the official text.
        framing = element.tag == "section" and any(isinstance(c, _Element) and c.tag == "h1" for c in element.children)
        for child in element.children:
            if isinstance(child, str):
                last = block[-1] if block else None
                if last is None or last.state is not state:
                    last = _Run(state)
                    block.append(last)
                last.text += child
                continue
            written = child.attrs.get("class")
            classes = set(written.split()) if written else set()
            if child.tag in CODE_TAGS or classes & CODE_CLASSES or any(c.startswith("highlight-") for c in classes):
                block.append(_Run(_BOUNDARY))  # code: not read, and it separates words
                continue
            apart = child.tag not in INLINE_TAGS or bool(classes & APART_CLASSES)
            if apart:
                block.append(_Run(_BOUNDARY))  # a boundary between words
            inner = _State(state.lang, False, True, state.official) if framing and child.tag != "section" else state
            walk(child, inner, block)
            if apart:
                block.append(_Run(_BOUNDARY))

    walk(root, _State(None, False, False, False), [])
    return blocks


def _spans(text: str, opening: str, closing: str) -> list[tuple[int, int]]:
    """The stretches of ``text`` between ``opening`` and ``closing``, outermost (they may nest).

    >>> _spans("a «b «c» d» e «f", "«", "»")
    [(2, 11), (14, 16)]
    """
    spans, depth, start = [], 0, 0
    for mark in re.finditer(f"[{re.escape(opening)}{re.escape(closing)}]", text):
        if mark.group() == opening:
            if not depth:
                start = mark.start()
            depth += 1
        elif depth:
            depth -= 1
            if not depth:
                spans.append((start, mark.end()))
    if depth:
        spans.append((start, len(text)))
    return spans


def _within(spans: list[tuple[int, int]], at: int) -> bool:
    return any(start <= at < end for start, end in spans)


def context(text: str, start: int, end: int, width: int = 40) -> str:
    """The text around ``text[start:end]`` on one line, cut at ``width`` characters either side."""
    left, right = max(0, start - width), min(len(text), end + width)
    snippet = " ".join(text[left:right].split())
    return ("…" if left else "") + snippet + ("…" if right < len(text) else "")


def is_official_page(name: str) -> bool:
    """A page of official text: the ``official/`` outputs and the site's ``*-official`` pages."""
    path = Path(name)
    return "official" in path.parts or path.stem.endswith("-official")


@dataclass(frozen=True)
class _Occurrence:
    lang: str
    word: str
    file: str
    text: str  # the block's text, shared by its words: the context is cut only for unknown words
    start: int
    official: bool
    basque_quote: bool = False  # in a quotation of a paragraph (not of an official page) that cites 002

    def place(self) -> Place:
        return Place(self.file, context(self.text, self.start, self.start + len(self.word)), self.official)


def _occurrences(html: str, name: str, unlabelled: list[Place]) -> Iterator[_Occurrence]:
    builder = _TreeBuilder()
    builder.feed(unicodedata.normalize("NFC", html))
    builder.close()
    official_page = is_official_page(name)
    for block in _blocks(builder.root):
        if not any(run.text.strip() for run in block):
            continue
        offset, texts = 0, []
        for run in block:
            run.text = run.text.translate(_HIDDEN)
            run.start = offset
            texts.append(run.text)
            offset += len(run.text) + 1
        full = "\n".join(texts)
        official = _official(full, official_page)
        for run in block:
            state = run.state
            if state.code or not run.text.strip():
                continue
            if state.lang is None:
                unlabelled.append(Place(name, context(run.text, 0, len(run.text))))
                continue
            for start, word in words(run.text):
                at = run.start + start
                in_official = state.official or (not state.frame and official(at))
                quote = in_official and not official_page and not state.official and "002:" in full
                yield _Occurrence(state.lang, word, name, full, at, in_official, quote)


def _official(text: str, official_page: bool) -> Callable[[int], bool]:
    """Which offsets of a block's text are the regulation's words: on a page of official text, all but our
    [editorial brackets]; elsewhere, what a cited paragraph quotes and the text before a citation in brackets.

    >>> test = _official("[Remisión] La ruleta", True)
    >>> test(2), test(15)
    (False, True)
    >>> test = _official("Imprime «Horm» (000:1646); Horm", False)
    >>> test(9), test(27)
    (True, False)
    """
    if official_page:
        brackets = _spans(text, "[", "]") if "[" in text else []
        return (lambda at: not _within(brackets, at)) if brackets else _always
    quotes = _spans(text, "«", "»") if "«" in text and CITATION.search(text) else []
    cited = [m.start() for m in BRACKET_CITATION.finditer(text)] if "[" in text else []
    cut = cited[-1] if cited else 0
    return (lambda at: at < cut or _within(quotes, at)) if quotes or cut else _never


def _always(at: int) -> bool:
    return True


def _never(at: int) -> bool:
    return False


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
    by_word: dict[str, dict[str, list[_Occurrence]]] = {}
    for name, html in pages:
        for occurrence in _occurrences(html, name, found.unlabelled):
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
