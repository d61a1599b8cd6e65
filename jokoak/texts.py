"""Loading the parts of the regulations that are not games: ``catalog/<regulation>/texts/<id>.yaml``.

A casino keeps at the players' disposal the regulation as well as the games' instructions (Decreto 277/1996,
disposición adicional décima, 000:170-175). Some parts of it are about the casino's tables and events rather than
one game: how the tables open, run and close, the tournaments. Each is a file like a game's, without an engine:

.. code-block:: yaml

    id: funcionamiento-de-las-mesas       # the file's name
    regulation: euskadi
    version: "2010"                       # the version in force
    worded_by: "1996"                     # optional: the earlier version whose decree words this part, where the
                                          # one in force left it as it was (a game file may say it too)
    name: {es: "Funcionamiento de las mesas de juego", eu: "…"}
    name_source: "000:5706; 002:12778"
    article: {es: "Artículo 2", eu: "2. artikulua"}
    source: "000:5706-5749; 002:12778-12896"
    official_text: [...]                  # sections and blocks, as in a game file
    annex: true                           # optional: in the casino's print pack's annex

Only a part that applies to every table (``annex: true``: how the tables run, the tournaments) goes into the print
pack's annex after the tables' sheets; the other parts (a decree's own text, its preamble and the sentences that
say what it amends, say) are pages of the site, not the casino's printed rules of the tables.

Every problem is collected with its file, line and field, as for the games. A text's id is not also a game's id
in its regulation: both are keyed ``<regulation>/<id>`` on the site, in the review and in the approvals.

**The legal team's review and the draft mark.** A text's editors' notes (sic, OCR fixes, review, discrepancies with
their proposed decision, source notes) are review items like a game's (:func:`jokoak.review.text_items`), and its
official text is approved per language like a game's sheet, keyed by the text's key (:mod:`jokoak.approvals`).
What is printed as a draft is decided by what is ours in it (:func:`draft_languages`): the wording of a language
taken from an OCR copy (the Basque, from source 002; and the Spanish of Decreto 181/2010's own text, which only
002 prints) is the catalogue's restoration of the gazette, every OCR error
corrected by us, so until the legal team approves it as it is it carries the draft mark on the annex (its pages and
its column) and on its site page, as an unapproved sheet does, and ``--require-approved`` refuses to print it. A
language reproduced word for word from a clean copy (the Spanish, from source 000, which the tests compare word for
word) is the regulation's own wording: a draft mark would say that those words may change, which they may not, so
it carries none; its approval (and its items' decisions) is recorded and shown in the review all the same.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from . import yamlsrc
from .approvals import NO_SHEET, Approvals
from .citations import Citations
from .errors import BuildError, Collector, Problem
from .models import Citation, Document, Regulation, RegulationText, Section, Version
from .official_text import OCR_SOURCES, document_sections, no_official_text
from .review import digest, official_lines
from .schema import Reader, kind
from .terms import Wording
from .yamlsrc import Map, excerpt

TEXT_FIELDS = {"id", "regulation", "version", "name", "name_source", "article", "source", "official_text"}
FOLDER = "texts"


def load_texts(root: Path, regulations: dict[str, Regulation], problems: Collector, wording: Wording,
               lengths: dict[str, int], games: frozenset[str] = frozenset()) -> tuple[RegulationText, ...]:
    """Every regulation text of the catalogue ``root``, in the order of its regulation's source lines; ``games``:
    the keys of the catalogue's games, which no text's key may repeat."""
    from .catalog import valid_id  # the catalogue loads the texts: a module-level import would be circular

    found = []
    for path in sorted(root.glob(f"*/{FOLDER}/*.yaml")):
        file = str(Path(root.name) / path.relative_to(root))
        if path.is_symlink() or path.parent.is_symlink() or path.parent.parent.is_symlink():
            problems.add(file, 1, "(file)", "a symbolic link: the catalogue holds its files, it does not follow links")
            continue
        if not valid_id(path.parent.parent.name) or not valid_id(path.stem):
            problems.add(file, 1, "(file)", f"a regulation text is <regulation>/{FOLDER}/<text>.yaml, both ids of "
                         "lowercase letters, digits and hyphens")
            continue
        text = _text(path, file, regulations, problems, wording, lengths)
        if text is not None and text.key in games:
            problems.add(file, 1, "id", f"{text.key} is also a game of the catalogue: a regulation text needs an id "
                         "of its own (the site, the review and the approvals key both by <regulation>/<id>)")
        elif text is not None:
            found.append(text)
    order = list(regulations)
    found.sort(key=lambda t: (order.index(t.regulation.id), [(c.source, c.first) for c in t.source]))
    return tuple(found)


def _text(path: Path, file: str, regulations: dict[str, Regulation], problems: Collector, wording: Wording,
          lengths: dict[str, int]) -> RegulationText | None:
    try:
        doc = yamlsrc.load(path, file)
    except BuildError as exc:
        problems.problems.extend(exc.problems)
        return None
    r = Reader(file, problems, ())
    if not r.keys(doc, "", TEXT_FIELDS, {"no_official_text", "annex", "worded_by"}):
        return None
    assert isinstance(doc, Map)
    regulation = regulations.get(doc["regulation"]) if isinstance(doc["regulation"], str) else None
    if regulation is None:
        r.error(doc, "regulation", "", f"unknown regulation {excerpt(doc['regulation'])} (regulations: "
                f"{', '.join(regulations)})")
        return None
    if path.parent.parent.name != regulation.id or path.stem != doc["id"]:
        r.error(doc, "id", "", f"the file must be {regulation.id}/{FOLDER}/{excerpt(doc['id'])}.yaml")
        return None
    version = next((v for v in regulation.versions if v.id == str(doc["version"])), None)
    if version is None:
        r.error(doc, "version", "", f"unknown version {excerpt(doc['version'])} of {regulation.id} (versions: "
                f"{', '.join(v.id for v in regulation.versions)})")
        return None
    r = Reader(file, problems, regulation.languages, wording.check_field)
    cite = Citations(r, regulation.sources, lengths)
    name = r.text(doc, "name", "")
    article = r.text(doc, "article", "")
    source = cite(doc, "source", "")
    cite(doc, "name_source", "")
    absent = no_official_text(r, doc)
    official = tuple(document_sections(r, cite, doc, absent or {}, frozenset()))
    annex = doc.get("annex", False)
    if not isinstance(annex, bool):
        r.error(doc, "annex", "", f"expected true or false, got {kind(annex)}")
    if name is None or article is None or not source or not official or absent is None or \
            not isinstance(annex, bool):
        if not official and "official_text" in doc and isinstance(doc["official_text"], list) and \
                not doc["official_text"]:
            r.error(doc, "official_text", "", "expected at least one section of official text")
        return None
    earlier = worded_by(r, doc, regulation, version)
    if earlier is False:
        return None
    return RegulationText(str(doc["id"]), regulation, version, name, article, source, official, file,
                          hashlib.sha256(path.read_bytes()).hexdigest(), absent, earlier, annex)


def worded_by(r: Reader, doc: Map, regulation: Regulation, version: Version) -> Version | Literal[False] | None:
    """The file's ``worded_by: "<version>"``: the earlier version of its regulation whose decree gives this part its
    wording, where ``version`` (in force) left the part as it was; None without the field, False when it is wrong
    (reported)."""
    if "worded_by" not in doc:
        return None
    earlier = [v for v in regulation.versions[:regulation.versions.index(version)] if v.id == str(doc["worded_by"])]
    if not earlier:
        r.error(doc, "worded_by", "", f"expected a version of {regulation.id} earlier than {version.id} (versions: "
                f"{', '.join(v.id for v in regulation.versions)}), got {excerpt(doc['worded_by'])}")
        return False
    return earlier[0]


OURS = ("restored", "translation")  # why a language's wording is ours: restored from an OCR copy, or our translation


def own_languages(document: Document) -> dict[str, str]:
    """The languages whose wording in ``document`` (a game or a regulation text) is ours, each with why: the one rule
    the sheets, the site, the annex and the review apply. ``translation``: the regulation has no official text of this
    part in that language and the file gives our translation of it (``no_official_text``), ours however it is
    approved; ``restored``: its wording was restored from an OCR copy (:func:`restored_languages`). A language the
    file gives no text in (``no_official_text: none``) is not ours: its pages show the official text of another."""
    found = {lang: "restored" for lang in restored_languages(document)}
    found |= {lang: how for lang, how in document.no_official_text.items() if how == "translation"}
    return {lang: found[lang] for lang in document.languages if lang in found}


def translated_languages(document: Document) -> tuple[str, ...]:
    """The languages in which ``document``'s text is our translation: every page and sheet in them says so."""
    return tuple(lang for lang, why in own_languages(document).items() if why == "translation")


def restored_languages(document: Document) -> tuple[str, ...]:
    """The languages whose wording the catalogue restored from an OCR copy (a source of ``OCR_SOURCES``): a block
    that cites such a source in a language (or, without sources by language, at all) makes that language's text
    ours in part, its OCR errors corrected by the editors. Only the languages the regulation gives this part in."""
    found: set[str] = set()
    for _depth, section in document.sections():
        for block in section.blocks:
            found.update(lang for lang in document.official_languages
                         if any(c.source in OCR_SOURCES for c in block.source_by_lang.get(lang, block.source)))
    return tuple(lang for lang in document.official_languages if lang in found)


def draft_languages(document: Document, states: dict[str, str]) -> tuple[str, ...]:
    """The languages a regulation text is printed in as a draft: those whose wording is ours (:func:`own_languages`:
    restored from an OCR copy, or our translation) and whose approval ``states`` (language → ``aprobada``,
    ``pendiente``, ``cambiada``) is not ``aprobada``. The regulation's wording as a clean copy prints it is never
    marked (see the module's docstring); a translation, approved, is still marked as ours (``translated_languages``)."""
    return tuple(lang for lang in own_languages(document) if states.get(lang) != "aprobada")


def text_states(approvals: Approvals, texts: Iterable[RegulationText]) -> dict[str, dict[str, str]]:
    """By text and language, where its official text stands against its approval: ``aprobada`` (approved as it is),
    ``pendiente`` (never approved) or ``cambiada`` (changed since). Only the languages the file gives a text in: one
    it gives none in (``no_official_text: none``) has nothing to approve."""
    return {text.key: {lang: approvals.sheet_state(text.key, lang, NO_SHEET, digest(official_lines(text, lang)))
                       for lang in text.text_languages} for text in texts}


DECIMA = Citation("000", 170, 175)  # Decreto 277/1996, disposición adicional décima: what players may ask for


def decima(texts: Iterable[RegulationText]) -> tuple[RegulationText, Section] | None:
    """The official text of Decreto 277/1996's disposición adicional décima (000:170-175), which the site explains on
    a page of its own: the section of a regulation text whose own blocks cite every line of it, found by those lines
    rather than by an id. None when the catalogue holds no text of the part of the regulation that holds it (the
    decree: a small test catalogue); when it holds texts of that part but none cites the décima, the build stops."""
    texts = list(texts)
    for text in texts:
        for _depth, section in text.sections():
            cited = {line for block in section.blocks for c in block.source_by_lang.get("es", block.source)
                     if c.source == DECIMA.source for line in range(c.first, c.last + 1)}
            if set(range(DECIMA.first, DECIMA.last + 1)) <= cited:
                return text, section
    parts = [part for text in texts for part in text.regulation.contents if part.holds(DECIMA)]
    decree = [text for text in texts if any(part.holds(c) for part in parts for c in text.source)]
    if decree:
        raise BuildError([Problem(decree[0].file, 1, "official_text", f"no regulation text cites the disposición "
                                  f"adicional décima ({DECIMA}) in a section of its own, though the catalogue holds "
                                  "the decree's texts: the site's page on what the casino and the bingo hall keep at "
                                  "the players' disposal needs its official text")])
    return None
