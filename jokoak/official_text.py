"""Reading a game's official text: its sections, their blocks (a paragraph in every official language, or a table
of the rules' data) and the editors' notes on them.

The official text is the regulation's words as printed, with what the editors note on them (a sic, an OCR fix, a
discrepancy and its proposed decision); it is read apart from the game's rules, which the engine plays.
"""

from __future__ import annotations

from .citations import Citations
from .models import NOTE_LANGUAGES, Block, Citation, Note, Section
from .schema import Reader, join
from .yamlsrc import Map, excerpt

OCR_SOURCES = ("002", "003")  # sources whose text is OCR: notes on a block give their lines

BLOCK_NOTES = ("sic", "ocr_fixes", "review", "discrepancy", "decision", "source_note")
# What a file declares of a language of its regulation in which the part it reproduces has no official text: the file
# gives our own translation (``translation``, ours until the legal team approves it), or no text at all (``none``:
# that language's pages show the official text of another language, saying so).
NO_OFFICIAL_TEXT = ("translation", "none")
TABLE_HEADINGS = ("columns", "rows", "legend")


def no_official_text(r: Reader, doc: Map) -> dict[str, str] | None:
    """The file's ``no_official_text: {eu: translation | none}`` (see ``NO_OFFICIAL_TEXT``): by language of the
    regulation, how the file stands in for an official text the regulation does not have; ``{}`` when it has them all,
    None when the field is wrong (reported)."""
    if "no_official_text" not in doc:
        return {}
    node = r.mapping(doc, "no_official_text", "")
    if node is None:
        return None
    found = {}
    for lang in node:
        if lang not in r.languages:
            r.error(node, lang, "no_official_text", f"{excerpt(lang)} is not an official language of this "
                    f"regulation ({', '.join(r.languages)})")
        elif node[lang] not in NO_OFFICIAL_TEXT:
            r.error(node, lang, "no_official_text", f"expected {' or '.join(NO_OFFICIAL_TEXT)} (our own translation, "
                    f"or no text in that language), got {excerpt(node[lang])}")
        else:
            found[str(lang)] = str(node[lang])
    if len(found) < len(node):
        return None
    if not found or set(r.languages) <= set(found):
        r.error(doc, "no_official_text", "", "expected the languages without an official text, and at least one "
                f"language with it (official languages: {', '.join(r.languages)})")
        return None
    return found


def document_sections(r: Reader, cite: Citations, doc: Map, absent: dict[str, str],
                      tables: frozenset[str] | None) -> list[Section]:
    """The ``official_text`` of a game or regulation text file whose ``no_official_text`` is ``absent``: in every
    language of ``r`` but those it gives ``none`` of, citing no source in those it gives our ``translation`` in."""
    shown = Reader(r.file, r.problems, tuple(lang for lang in r.languages if absent.get(lang) != "none"), r.wording)
    translated = frozenset(lang for lang, how in absent.items() if how == "translation")
    return sections(shown, cite, doc, "official_text", "", tables, translated)


def sections(r: Reader, cite: Citations, node: Map, key: str, path: str,
             tables: frozenset[str] | None, translated: frozenset[str] = frozenset()) -> list[Section]:
    """The official text's sections. A block is a paragraph in every language of ``r`` (the official languages, less
    those the file gives no text in), or a table (``table: <id>``) whose cells are data of the game's rules, given
    with its own headings. A ``translated`` language's text is ours: its block cites no source in that language."""
    found = []
    for item_path, item in r.items(node, key, path):
        if not r.keys(item, item_path, {"id", "heading", "source"}, {"blocks", "sections", *BLOCK_NOTES}):
            continue
        heading = r.text(item, "heading", item_path)
        source = cite(item, "source", item_path)
        blocks = []
        for block_path, block in r.items(item, "blocks", item_path):
            if isinstance(block, Map) and "table" in block:
                table = _table_block(r, cite, block, block_path, tables, translated)
                if table is not None:
                    blocks.append(table)
                continue
            if not r.keys(block, block_path, {*r.languages, "source"}, {"label", *BLOCK_NOTES}):
                continue
            text = {lang: r.string(block, lang, block_path) for lang in r.languages}
            citations = cite(block, "source", block_path)
            notes = _notes(r, block, block_path, citations)
            by_lang = _sources_by_language(r, cite, block, block_path, translated)
            if all(text.values()):
                blocks.append(Block({k: " ".join(str(v).split()) for k, v in text.items()},
                                    citations, label=str(block.get("label", "")),
                                    notes=notes, source_by_lang=by_lang, ocr_fixes=_fixes_of(notes)))
        subsections = sections(r, cite, item, "sections", item_path, tables, translated)
        if heading:
            notes = _notes(r, item, item_path, source)
            found.append(Section(str(item["id"]), heading, source, tuple(blocks), tuple(subsections), notes))
    return found


def _table_block(r: Reader, cite: Citations, block: Map, path: str, tables: frozenset[str] | None,
                 translated: frozenset[str]) -> Block | None:
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
    by_lang = _sources_by_language(r, cite, block, path, translated)
    return Block({}, citations, label=str(block.get("label", "")), source_by_lang=by_lang, notes=notes,
                 ocr_fixes=_fixes_of(notes), table=str(block["table"]),
                 headings={key: text for key, text in headings.items() if text is not None})


def _sources_by_language(r: Reader, cite: Citations, block: Map, path: str,
                         translated: frozenset[str]) -> dict[str, tuple[Citation, ...]]:
    """A block's ``source: {es: …, eu: …}``: the lines of each language's official text; none for a ``translated``
    language (our words have no source line)."""
    source = block.get("source")
    if not isinstance(source, Map):
        return {}
    for lang in sorted(translated & set(source)):
        r.error(source, lang, join(path, "source"), f"the {lang} text is our translation (no_official_text): it "
                "has no source line to cite")
    return {lang: cite(source, lang, join(path, "source")) for lang in r.languages if lang not in translated}


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
