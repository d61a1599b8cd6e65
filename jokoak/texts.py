"""Loading the parts of the regulations that are not games: ``catalog/<regulation>/texts/<id>.yaml``.

A casino keeps at the players' disposal the regulation as well as the games' instructions (Decreto 277/1996,
disposición adicional décima, 000:170-175). Some parts of it are about the casino's tables and events rather than
one game: how the tables open, run and close, the tournaments. Each is a file like a game's, without an engine:

.. code-block:: yaml

    id: funcionamiento-de-las-mesas       # the file's name
    regulation: euskadi
    version: "2010"
    name: {es: "Funcionamiento de las mesas de juego", eu: "…"}
    name_source: "000:5706; 002:12778"
    article: {es: "Artículo 2", eu: "2. artikulua"}
    source: "000:5706-5749; 002:12778-12896"
    official_text: [...]                  # sections and blocks, as in a game file

Every problem is collected with its file, line and field, as for the games. A text's id is not also a game's id
in its regulation: both are keyed ``<regulation>/<id>`` on the site, in the review and in the approvals.

**The legal team's review and the draft mark.** A text's editors' notes (sic, OCR fixes, review, discrepancies with
their proposed decision, source notes) are review items like a game's (:func:`jokoak.review.text_items`), and its
official text is approved per language like a game's sheet, keyed by the text's key (:mod:`jokoak.approvals`).
What is printed as a draft is decided by what is ours in it (:func:`draft_languages`): the wording of a language
taken from an OCR copy (the Basque, from source 002) is the catalogue's restoration of the gazette, every OCR error
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

from . import yamlsrc
from .approvals import NO_SHEET, Approvals
from .citations import Citations
from .errors import BuildError, Collector
from .models import Document, Regulation, RegulationText
from .official_text import OCR_SOURCES, document_sections, no_official_text
from .review import digest, official_lines
from .schema import Reader
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
    if not r.keys(doc, "", TEXT_FIELDS, {"no_official_text"}):
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
    if name is None or article is None or not source or not official or absent is None:
        if not official and "official_text" in doc and isinstance(doc["official_text"], list) and \
                not doc["official_text"]:
            r.error(doc, "official_text", "", "expected at least one section of official text")
        return None
    return RegulationText(str(doc["id"]), regulation, version, name, article, source, official, file,
                          hashlib.sha256(path.read_bytes()).hexdigest(), absent)


def restored_languages(document: Document) -> tuple[str, ...]:
    """The languages whose wording the catalogue restored from an OCR copy (a source of ``OCR_SOURCES``): a block
    that cites such a source in a language (or, without sources by language, at all) makes that language's text
    ours in part, its OCR errors corrected by the editors."""
    found: set[str] = set()
    for _depth, section in document.sections():
        for block in section.blocks:
            found.update(lang for lang in document.languages
                         if any(c.source in OCR_SOURCES for c in block.source_by_lang.get(lang, block.source)))
    return tuple(lang for lang in document.languages if lang in found)


def draft_languages(document: Document, states: dict[str, str]) -> tuple[str, ...]:
    """The languages a regulation text is printed in as a draft: those whose wording is ours in part (restored from
    an OCR copy) and whose approval ``states`` (language → ``aprobada``, ``pendiente``, ``cambiada``) is not
    ``aprobada``. The regulation's wording as a clean copy prints it is never marked (see the module's docstring)."""
    return tuple(lang for lang in restored_languages(document) if states.get(lang) != "aprobada")


def text_states(approvals: Approvals, texts: Iterable[RegulationText]) -> dict[str, dict[str, str]]:
    """By text and language, where its official text stands against its approval: ``aprobada`` (approved as it is),
    ``pendiente`` (never approved) or ``cambiada`` (changed since)."""
    return {text.key: {lang: approvals.sheet_state(text.key, lang, NO_SHEET, digest(official_lines(text, lang)))
                       for lang in text.languages} for text in texts}
