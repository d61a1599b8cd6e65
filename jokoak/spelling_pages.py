"""The texts of a built page as the spelling gate reads them: each word with its language, and whether it is the
regulation's words or ours.

A forgiving tree of the HTML is walked block by block (a paragraph, a cell, a heading, an SVG label), leaving out
code and separating words at element boundaries; each word (:mod:`jokoak.spelling_words`) is an occurrence with
its place. hunspell and the accept list (:mod:`jokoak.spelling`) only see these occurrences.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from .spelling_words import words

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
_HIDDEN = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"), None)  # soft hyphen, zero widths


@dataclass(frozen=True)
class Place:
    """Where a word occurs: the file, the text around it, and whether it is in the regulation's words."""

    file: str
    context: str
    official: bool = False


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
class Occurrence:
    lang: str
    word: str
    file: str
    text: str  # the block's text, shared by its words: the context is cut only for unknown words
    start: int
    official: bool
    basque_quote: bool = False  # in a quotation of a paragraph (not of an official page) that cites 002

    def place(self) -> Place:
        return Place(self.file, context(self.text, self.start, self.start + len(self.word)), self.official)


def occurrences(html: str, name: str, unlabelled: list[Place]) -> Iterator[Occurrence]:
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
                yield Occurrence(state.lang, word, name, full, at, in_official, quote)


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
