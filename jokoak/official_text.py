"""Reading a game's official text: its sections, their blocks (a paragraph in every official language, or a table
of the rules' data) and the editors' notes on them.

The official text is the regulation's words as printed, with what the editors note on them (a sic, an OCR fix, a
discrepancy and its proposed decision); it is read apart from the game's rules, which the engine plays.
"""

from __future__ import annotations

from .citations import Citations
from .models import NOTE_LANGUAGES, Block, Citation, Note, Section
from .schema import Reader, join
from .yamlsrc import Map

OCR_SOURCES = ("002", "003")  # sources whose text is OCR: notes on a block give their lines

BLOCK_NOTES = ("sic", "ocr_fixes", "review", "discrepancy", "decision", "source_note")
TABLE_HEADINGS = ("columns", "rows", "legend")


def sections(r: Reader, cite: Citations, node: Map, key: str, path: str,
             tables: frozenset[str] | None) -> list[Section]:
    """The official text's sections. A block is a paragraph in every official language, or a table
    (``table: <id>``) whose cells are data of the game's rules, given with its own headings."""
    found = []
    for item_path, item in r.items(node, key, path):
        if not r.keys(item, item_path, {"id", "heading", "source"}, {"blocks", "sections", *BLOCK_NOTES}):
            continue
        heading = r.text(item, "heading", item_path)
        source = cite(item, "source", item_path)
        blocks = []
        for block_path, block in r.items(item, "blocks", item_path):
            if isinstance(block, Map) and "table" in block:
                table = _table_block(r, cite, block, block_path, tables)
                if table is not None:
                    blocks.append(table)
                continue
            if not r.keys(block, block_path, {*r.languages, "source"}, {"label", *BLOCK_NOTES}):
                continue
            text = {lang: r.string(block, lang, block_path) for lang in r.languages}
            citations = cite(block, "source", block_path)
            notes = _notes(r, block, block_path, citations)
            by_lang = {lang: cite(block["source"], lang, join(block_path, "source"))
                       for lang in r.languages if isinstance(block.get("source"), Map)}
            if all(text.values()):
                blocks.append(Block({k: " ".join(str(v).split()) for k, v in text.items()},
                                    citations, label=str(block.get("label", "")),
                                    notes=notes, source_by_lang=by_lang, ocr_fixes=_fixes_of(notes)))
        subsections = sections(r, cite, item, "sections", item_path, tables)
        if heading:
            notes = _notes(r, item, item_path, source)
            found.append(Section(str(item["id"]), heading, source, tuple(blocks), tuple(subsections), notes))
    return found


def _table_block(r: Reader, cite: Citations, block: Map, path: str, tables: frozenset[str] | None) -> Block | None:
    """A table of the official text: where it is printed and its headings; its cells are in the rules."""
    if not r.keys(block, path, {"table", "source", "headings"}, {"label", *BLOCK_NOTES}):
        return None
    if tables is not None and block["table"] not in tables:
        known = ", ".join(sorted(tables)) or "none"
        r.error(block, "table", path, f"no table {block['table']!r} in this game's rules (tables: {known})")
        return None
    citations = cite(block, "source", path)
    given = r.mapping(block, "headings", path)
    if given is None or not r.keys(given, join(path, "headings"), set(), set(TABLE_HEADINGS)):
        return None
    headings = {key: r.text(given, key, join(path, "headings")) for key in given}
    if any(text is None for text in headings.values()):
        return None
    notes = _notes(r, block, path, citations)
    by_lang = {lang: cite(block["source"], lang, join(path, "source"))
               for lang in r.languages if isinstance(block.get("source"), Map)}
    return Block({}, citations, label=str(block.get("label", "")), source_by_lang=by_lang, notes=notes,
                 ocr_fixes=_fixes_of(notes), table=str(block["table"]),
                 headings={key: text for key, text in headings.items() if text is not None})


def _notes(r: Reader, node: Map, path: str, citations: tuple[Citation, ...]) -> tuple[Note, ...]:
    """The editors' notes on a block or section of official text, each in Spanish and Basque.

    A note's ``line`` is a line of the block's OCR source (002 or 003), or else of its only source. A
    discrepancy carries the editors' proposed ``decision``, also in both languages."""
    notes = Reader(r.file, r.problems, NOTE_LANGUAGES, r.wording)
    source = _ocr_source(citations)
    found = []
    for kind in ("sic", "review"):
        for item_path, item in notes.items(node, kind, path):
            if not notes.keys(item, item_path, {"text", "note"}, {"line"}):
                continue
            text = notes.text(item, "note", item_path)
            line = notes.integer(item, "line", item_path, minimum=1) if "line" in item else None
            at = (Citation(source, line, line),) if line and source else ()
            if text is not None:
                found.append(Note(kind, text, item.line, quoted=str(item["text"]), at=at))
    for kind in ("discrepancy", "source_note"):
        text = notes.text(node, kind, path)
        if text is not None:
            decision = notes.text(node, "decision", path) if kind == "discrepancy" else None
            if kind == "discrepancy" and decision is None and "decision" not in node:
                notes.error(node, kind, path, "a discrepancy needs the editors' proposed decision (decision: "
                            "{es: …, eu: …}) for the legal team")
            found.append(Note(kind, text, node.line_of(kind), decision=decision or {}))
    if "decision" in node and "discrepancy" not in node:
        notes.error(node, "decision", path, "a decision belongs to a discrepancy, and this has none")
    for item_path, item in r.items(node, "ocr_fixes", path):
        line = r.integer(item, "line", item_path, minimum=1) if r.keys(item, item_path, {"printed", "fixed",
                                                                                         "line"}) else None
        if line:  # each whole-word occurrence of ``printed`` in the OCR source's line reads ``fixed``
            found.append(Note("ocr_fix", {}, item.line, at=(Citation(source, line, line),) if source else (),
                              printed=str(item["printed"]), fixed=str(item["fixed"])))
    return tuple(found)


def _fixes_of(notes: tuple[Note, ...]) -> tuple[tuple[str, str], ...]:
    """A block's OCR fixes as (printed, fixed), from its notes."""
    return tuple((note.printed, note.fixed) for note in notes if note.kind == "ocr_fix")


def _ocr_source(citations: tuple[Citation, ...]) -> str:
    """The source the line numbers of a block's notes refer to: its OCR source, if it has one."""
    sources = [c.source for c in citations]
    return next((s for s in sources if s in OCR_SOURCES), sources[0] if sources else "")
