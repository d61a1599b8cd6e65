"""What the legal team reviews: the items to decide, the text each sheet prints, redlines and coverage.

An *item* is anything of a game the legal team must decide on: a reading of a damaged or ambiguous passage,
a misprint kept as printed (sic), a damaged passage and its reading (review), a discrepancy between the
Spanish and Basque official texts, an OCR correction of more than one character or of a figure, a failing check of the
regulation lint, our translation of a part the regulation gives no official text of in a language. Each has an
anchor on its game's review page (``discrepancy-3``), the source lines it is about, what the catalogue prints, the
editors' proposal, and a status: ``propuesta`` until ``catalog/approvals.yaml`` records the legal team's ``aprobada``
or ``rechazada`` for the item as it is now (its digest). Source notes (where a passage lies in the source) and
one-character OCR corrections are listed too, for the record, but need no decision. A regulation text that is not a
game (:mod:`jokoak.texts`) has items the same way (:func:`text_items`): its editors' notes, numbered by kind, with the
same anchors and digests.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser

from .engine import memo
from .engine.lint import Finding
from .models import Citation, Document, Game, Note, Text

DECIDED = ("reading", "sic", "review", "discrepancy", "ocr", "lint", "translation")  # the kinds that need a
# decision; the others (source_note, ocr_minor) are listed for the record
_CITED = re.compile(r"\b(\d{3}):(\d+)(?:-(\d+))?")


@dataclass(frozen=True)
class Item:
    id: str  # the anchor on the game's review page: "<kind>-<n>"
    kind: str
    sources: tuple[Citation, ...]  # the lines it is about, in every text that has them
    printed: Text = field(default_factory=dict)  # what the catalogue prints, by language
    note: Text = field(default_factory=dict)  # the editors' note, by language (a lint item's is its finding)
    proposal: Text = field(default_factory=dict)  # the editors' proposed decision, when it is the item's own
    finding: Finding | None = None
    line: int = 0  # of the game file

    @property
    def digest(self) -> str:
        """What an approval of this item binds to: it changes when anything of the item changes."""
        parts = [self.kind, *map(str, self.sources), *sorted(self.printed.items()), *sorted(self.note.items()),
                 *sorted(self.proposal.items()), repr(self.finding)]
        return hashlib.sha256("\0".join(map(str, parts)).encode()).hexdigest()[:16]

    @property
    def needs_decision(self) -> bool:
        return self.kind in DECIDED


def game_items(game: Game, findings: Iterable[Finding]) -> list[Item]:
    """The items of one game, in the order of the game file, numbered by kind."""
    found: list[tuple[str, Item]] = []
    for reading in game.readings:
        found.append(("reading", Item("", "reading", cited(" ".join(reading.text.values())),
                                      note=reading.text, line=reading.line)))
    found += _official_items(game)
    for finding in findings:
        if not finding.holds:
            found.append(("lint", Item("", "lint", tuple(finding.source), finding=finding)))
    return _numbered(found)


def text_items(text: Document) -> list[Item]:
    """The items of a regulation text that is not a game (how the tables run, the tournaments): the editors' notes
    on its official text, in the order of its file, numbered by kind as a game's are. It has no readings of rules
    and no findings of the regulation check: nothing of it is played."""
    return _numbered(_official_items(text))


# The item of a language a file gives our translation in: what it is and what the editors propose, for the legal team.
TRANSLATION_NOTE = {
    "es": "El reglamento no tiene texto oficial en euskera de esta parte: el euskera de este archivo es traducción "
          "nuestra del texto oficial en español, que prevalece.",
    "eu": "Araudiak ez du atal honen euskarazko testu ofizialik: fitxategi honetako euskara gaztelaniazko testu "
          "ofizialaren guk egindako itzulpena da, eta testu ofizialak du lehentasuna.",
}
TRANSLATION_PROPOSAL = {
    "es": "Aprobar la traducción, revisada por un hablante nativo, como texto en euskera de esta parte; hasta entonces "
          "se imprime como borrador.",
    "eu": "Itzulpena onartzea, hiztun natibo batek berrikusi ondoren, atal honen euskarazko testu gisa; bitartean, "
          "zirriborro gisa inprimatzen da.",
}


def _official_items(document: Document) -> list[tuple[str, Item]]:
    """The editors' notes on a document's official text (sic, review, discrepancy, OCR fixes, source notes), after
    an item for each language the file gives our translation in (``no_official_text: translation``): the legal team
    decides on the translation as on a note."""
    found = [("translation", Item("", "translation", document.source, printed={lang: document.name[lang]},
                                  note=TRANSLATION_NOTE, proposal=TRANSLATION_PROPOSAL))
             for lang, how in document.no_official_text.items() if how == "translation"]
    for _depth, section in document.sections():
        for block, notes in [(None, section.notes), *((b, b.notes) for b in section.blocks)]:
            where = block.source if block is not None else section.source
            printed = dict(block.text) if block is not None else dict(section.heading)
            by_lang = block.source_by_lang if block is not None else {}
            for note in notes:
                found.append(_note_item(note, where, printed, by_lang))
    return found


def _numbered(found: list[tuple[str, Item]]) -> list[Item]:
    """The items with their anchors, numbered by kind in order: ``discrepancy-1``, ``discrepancy-2``…"""
    numbered: dict[str, int] = {}
    items = []
    for kind, item in found:
        numbered[kind] = numbered.get(kind, 0) + 1
        items.append(replace(item, id=f"{kind}-{numbered[kind]}"))
    return items


def _note_item(note: Note, where: tuple[Citation, ...], printed: Text,
               by_lang: Mapping[str, tuple[Citation, ...]] | None = None) -> tuple[str, Item]:
    sources = tuple(sorted(set(note.at) | set(where)))
    ocr_lang = "eu" if any(c.source == "002" for c in note.at or where) else "es"  # 002's OCR is its Basque
    # a paragraph citing an OCR in both languages (Decreto 181/2010's own text: 002's two columns): the language
    # whose lines hold the fixed line
    ocr_lang = next((lang for lang, cites in (by_lang or {}).items() for at in note.at for c in cites
                     if c.source == at.source and c.first <= at.first <= c.last), ocr_lang)
    if note.kind == "ocr_fix":
        figures = [c for c in note.printed + note.fixed if c.isdigit()]
        decided = _changed_characters(note.printed, note.fixed) > 1 or figures  # «len» → «1en» changes a payout
        kind = "ocr" if decided else "ocr_minor"
        return kind, Item("", kind, note.at or where, printed={ocr_lang: f"«{note.printed}» → «{note.fixed}»"},
                          line=note.line)
    if note.quoted:  # the words it is about, in the language of the paragraph that prints them
        lang = next((lang for lang, text in printed.items() if note.quoted in text), ocr_lang)
        printed = {lang: note.quoted}
    return note.kind, Item("", note.kind, sources, printed, note.text, note.decision, line=note.line)


def _changed_characters(printed: str, fixed: str) -> int:
    """How many characters an OCR correction changes (inserted, deleted or replaced)."""
    matcher = difflib.SequenceMatcher(None, printed, fixed, autojunk=False)
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal")


def cited(text: str) -> tuple[Citation, ...]:
    """The citations a sentence makes: «(000:846-847)» gives 000:846-847."""
    return tuple(sorted({Citation(m[1], int(m[2]), int(m[3] or m[2])) for m in _CITED.finditer(text)}))


# ---- the text a sheet prints ------------------------------------------------------------------------

_BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "tr", "caption", "figcaption", "dt", "dd", "div", "section",
           "header", "footer", "table", "ul", "ol", "dl", "figure"}
_CELLS = {"td", "th"}
_SKIP = {"svg", "style", "script"}


class _SheetText(HTMLParser):
    """The lines of text of a sheet's rows (``div.row``), by row and language: what a player reads, without
    the running head and foot (which carry the date) and without the drawings' labels."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[dict[str, list[str]]] = []
        self.stack: list[tuple[str, bool, str, bool]] = []  # (tag, opens a row, language, skips its text)
        self.skip = 0
        self.line: list[str] = []
        self.lang = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        row = tag == "div" and "row" in classes
        if row:
            self.rows.append({})
        lang = values.get("lang") or (self.stack[-1][2] if self.stack else "")
        skips = tag in _SKIP or "draft" in classes or "marker" in classes  # a marker: the number on a drawing
        if tag not in ("br", "img", "meta", "link", "hr", "input", "col"):
            self.stack.append((tag, row, lang or "", skips))
            self.skip += skips
        if tag in _BLOCKS:
            self._flush()
        elif (tag in _CELLS or tag == "br") and self.line:
            self.line.append(" · ")
        self.lang = lang or self.lang

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            open_tag, _row, _lang, skips = self.stack.pop()
            self.skip -= skips
            if open_tag == tag:
                break
        if tag in _BLOCKS:
            self._flush()
        self.lang = self.stack[-1][2] if self.stack else ""

    def handle_data(self, data: str) -> None:
        if not self.skip and any(row for _t, row, _l, _s in self.stack):
            self.line.append(data)

    def _flush(self) -> None:
        text = " ".join("".join(self.line).split()).strip(" ·")
        self.line = []
        if text and self.rows:
            self.rows[-1].setdefault(self.lang, []).append(text)


def sheet_rows(html: str) -> list[dict[str, list[str]]]:
    """A sheet's rows, each its lines of text by language."""
    parser = _SheetText()
    parser.feed(html)
    parser.close()
    return parser.rows


def official_lines(game: Document, lang: str) -> list[str]:
    """A game's (or a regulation text's) official text in ``lang``, a line per heading and paragraph (a table by its
    id)."""
    lines = []
    for _depth, section in game.sections():
        lines.append(section.heading[lang])
        lines += [block.text[lang] if block.table == "" else f"[{block.table}]" for block in section.blocks]
    return lines


def digest(lines: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def flat(rows: Sequence[Sequence[str]]) -> list[str]:
    """A sheet's lines, row after row."""
    return [line for row in rows for line in row]


def text_hashes(rows: Sequence[Sequence[str]], official: Sequence[str]) -> tuple[str, str]:
    """What an approval binds: the sha256 of a sheet's lines and of its official text's."""
    return digest(flat(rows)), digest(official)


# ---- redlines ----------------------------------------------------------------------------------------

_WORD = re.compile(r"\s+|[^\s]+")


def redline(old: Sequence[str], new: Sequence[str]) -> list[tuple[str, str]]:
    """:func:`compare_words`, kept by content (:mod:`jokoak.engine.memo`): the review compares the same texts in every
    build, and a comparison of long texts takes a while."""
    return _remembered_comparison(tuple(old), tuple(new))


def compare_words(old: Sequence[str], new: Sequence[str]) -> list[tuple[str, str]]:
    """A word-level comparison of two texts given as lines: ``(op, text)`` with op ``=``, ``-`` (only in
    ``old``) or ``+`` (only in ``new``); lines are kept apart by ``\\n``.

    The standard library's ``difflib`` does it: its matcher finds the longest common runs of words, the
    output is the same for the same inputs on every machine, and it adds no dependency.

    >>> compare_words(["se paga 35 a 1"], ["se paga 17 a 1"])
    [('=', 'se paga '), ('-', '35'), ('+', '17'), ('=', ' a 1')]
    """
    a = _WORD.findall("\n".join(old))
    b = _WORD.findall("\n".join(new))
    found: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            _add(found, "=", "".join(a[i1:i2]))
        else:
            _add(found, "-", "".join(a[i1:i2]))
            _add(found, "+", "".join(b[j1:j2]))
    return found


_remembered_comparison = memo.remembered(compare_words)


def _add(found: list[tuple[str, str]], op: str, text: str) -> None:
    if not text:
        return
    if found and found[-1][0] == op:
        found[-1] = (op, found[-1][1] + text)
    else:
        found.append((op, text))


def changes(parts: Sequence[tuple[str, str]]) -> int:
    """How many insertions and deletions a redline has."""
    return sum(1 for op, _text in parts if op != "=")
