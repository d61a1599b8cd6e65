"""The legal team's approvals and decisions, ``catalog/approvals.yaml``, and what they bind.

A sheet approval records, for one game and one language, the hash of the sheet's text and of the
official text as approved, who approved them, when, and the reference of their note; the text itself is
kept beside it, in ``catalog/approved/<regulation>/<game>.<lang>.txt``, for the redline of what changed
since. A sheet whose text no longer has those hashes is a draft: printed with a watermark, listed as
pending, and refused by ``--require-approved``. An item decision records the status the team gave one review
item (``aprobada`` or ``rechazada``) as it was then (its digest): an item that has changed since is
``propuesta`` again. ``scripts/approve.py`` writes both from a build's review.

A regulation text that is not a game (:mod:`jokoak.texts`: how the tables run, the tournaments) is approved the
same way, under ``text:`` instead of ``game:`` and keyed by the text's key (``euskadi/torneos``): it has no sheet,
so its entry has no ``sheet`` hash and binds its official text alone (its approved text file holds no sheet
lines); its items are decided under ``text:`` too, with the anchors and digests of its review page.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import yamlsrc
from .errors import BuildError, Collector
from .models import Text
from .review import digest
from .schema import Reader

APPROVALS = "approvals.yaml"
APPROVED = "approved"  # the folder of the approved texts, beside approvals.yaml
_HASH = re.compile(r"[0-9a-f]{64}")
_DIGEST = re.compile(r"[0-9a-f]{16}")
_GAME = re.compile(r"[a-z0-9-]+/[a-z0-9-]+")
NO_SHEET = digest(())  # what a regulation text's approval binds as its sheet: it has none
_ITEM = re.compile(r"[a-z_]+-[1-9][0-9]*")


@dataclass(frozen=True)
class Approval:
    """Who approved what, when, and where their note is."""

    by: str
    date: dt.date
    ref: str


@dataclass(frozen=True)
class SheetApproval:
    game: str  # "euskadi/ruleta-francesa", or a regulation text's key, "euskadi/torneos"
    lang: str
    sheet: str  # sha256 of the sheet's text as approved (``review.sheet_rows`` of the model sheet); a text's: NO_SHEET
    official: str  # sha256 of the official text as approved (``review.official_lines``)
    approval: Approval
    text: tuple[str, ...] = ()  # the approved text, sheet lines then official lines, for the redline
    open_items: int = 0  # items still open when it was approved (``--with-open-items``)


@dataclass(frozen=True)
class ItemDecision:
    game: str
    item: str  # "discrepancy-3"
    digest: str
    status: str  # aprobada, rechazada
    approval: Approval
    note: Text = field(default_factory=dict)


@dataclass(frozen=True)
class Approvals:
    sheets: dict[tuple[str, str], SheetApproval] = field(default_factory=dict)
    items: dict[tuple[str, str], ItemDecision] = field(default_factory=dict)

    def sheet_state(self, game: str, lang: str, sheet: str, official: str) -> str:
        """``aprobada`` when the sheet's and the official text's hashes are those approved, else
        ``pendiente`` (never approved) or ``cambiada`` (changed since its approval)."""
        found = self.sheets.get((game, lang))
        if found is None:
            return "pendiente"
        return "aprobada" if (found.sheet, found.official) == (sheet, official) else "cambiada"


def load_approvals(catalog: Path, languages: tuple[str, ...], games: set[str],
                   texts: frozenset[str] = frozenset()) -> Approvals:
    """Read ``approvals.yaml`` (absent: nothing is approved); every problem is reported with its line. ``games`` and
    ``texts``: the keys of the catalogue's games and of its regulation texts (``text:`` entries)."""
    path = catalog / APPROVALS
    if not path.is_file():
        return Approvals()
    file = f"{catalog.name}/{APPROVALS}"
    problems = Collector()
    doc = yamlsrc.load(path, file)
    r = Reader(file, problems, languages)
    if doc is None:
        return Approvals()
    if not r.keys(doc, "", set(), {"sheets", "items"}):
        raise BuildError(problems.problems)
    sheets: dict[tuple[str, str], SheetApproval] = {}
    for item_path, node in r.items(doc, "sheets", ""):
        owner = _owner(node)
        hashes = ("sheet", "official") if owner == "game" else ("official",)
        if not r.keys(node, item_path, {owner, "lang", *hashes, "by", "date", "ref"}, {"open_items"}):
            continue
        approval = _approval(r, node, item_path)
        game, lang = node[owner], node["lang"]
        if not _known(r, node, item_path, games, texts) or approval is None:
            continue
        if lang not in languages:
            r.error(node, "lang", item_path, f"expected one of {', '.join(languages)}")
            continue
        if not all(isinstance(node[k], str) and _HASH.fullmatch(node[k]) for k in hashes):
            r.error(node, hashes[0], item_path, "expected the sha256 of the sheet and of the official text, as the "
                    "review prints them" if owner == "game" else "expected the sha256 of the official text, as the "
                    "review prints it")
            continue
        if (game, lang) in sheets:
            r.error(node, owner, item_path, f"{game} ({lang}) is approved twice; keep the latest approval only")
            continue
        sheet = node["sheet"] if owner == "game" else NO_SHEET
        text = _approved_text(r, node, item_path, catalog / APPROVED / f"{game}.{lang}.txt", sheet,
                              node["official"])
        open_items = r.integer(node, "open_items", item_path, minimum=1) if "open_items" in node else 0
        sheets[(game, lang)] = SheetApproval(game, lang, sheet, node["official"], approval, text, open_items or 0)
    items: dict[tuple[str, str], ItemDecision] = {}
    for item_path, node in r.items(doc, "items", ""):
        owner = _owner(node)
        if not r.keys(node, item_path, {owner, "item", "digest", "status", "by", "date", "ref"}, {"note"}):
            continue
        approval = _approval(r, node, item_path)
        if not _known(r, node, item_path, games, texts) or approval is None:
            continue
        if not (isinstance(node["item"], str) and _ITEM.fullmatch(node["item"])):
            r.error(node, "item", item_path, "expected an item's anchor as the review prints it, such as "
                    "discrepancy-3")
            continue
        if not (isinstance(node["digest"], str) and _DIGEST.fullmatch(node["digest"])):
            r.error(node, "digest", item_path, "expected the item's digest as the review prints it (16 hex digits)")
            continue
        if node["status"] not in ("aprobada", "rechazada"):
            r.error(node, "status", item_path, "expected aprobada or rechazada (an item without a decision is "
                    "propuesta: leave it out)")
            continue
        note = Reader(file, problems, ("es", "eu")).text(node, "note", item_path) if "note" in node else {}
        items[(node[owner], node["item"])] = ItemDecision(node[owner], node["item"], node["digest"],
                                                          node["status"], approval, note or {})
    if problems.problems:
        raise BuildError(problems.problems)
    return Approvals(sheets, items)


def _approval(r: Reader, node: yamlsrc.Map, path: str) -> Approval | None:
    by = r.string(node, "by", path)
    ref = r.string(node, "ref", path)
    date = r.date(node, "date", path)
    if by is None or ref is None or date is None:
        return None
    return Approval(by.strip(), date, ref.strip())


def _owner(node: object) -> str:
    """The field that names what an entry approves: ``text`` for a regulation text, else ``game``."""
    return "text" if isinstance(node, yamlsrc.Map) and "text" in node and "game" not in node else "game"


def _known(r: Reader, node: yamlsrc.Map, path: str, games: set[str], texts: frozenset[str]) -> bool:
    owner = _owner(node)
    key = node[owner]
    known, what = (games, "game") if owner == "game" else (texts, "regulation text")
    if not (isinstance(key, str) and _GAME.fullmatch(key) and key in known):
        r.error(node, owner, path, f"unknown {what} {key!r}: expected <regulation>/<{what.split()[-1]} id> of the "
                "catalogue")
        return False
    return True


def _approved_text(r: Reader, node: yamlsrc.Map, path: str, file: Path, sheet: str,
                   official: str) -> tuple[str, ...]:
    """The approved text kept beside the approvals; it must still have the hashes it was approved with."""
    try:
        text = file.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        owner = _owner(node)
        r.error(node, owner, path, f"the approved text {APPROVED}/{node[owner]}.{node['lang']}.txt is missing; "
                f"approve the {'sheet' if owner == 'game' else 'text'} again with scripts/approve.py")
        return ()
    head, _sep, tail = text.partition("\n\f\n")
    sheet_lines, official_lines = head.splitlines(), tail.splitlines()
    if digest(sheet_lines) != sheet or digest(official_lines) != official:
        owner = _owner(node)
        r.error(node, "sheet" if owner == "game" else "official", path, f"the approved text {APPROVED}/"
                f"{node[owner]}.{node['lang']}.txt does not have the approved hashes: it was edited after the approval")
        return ()
    return (*sheet_lines, *official_lines)


def approved_text(sheet: list[str], official: list[str]) -> str:
    """The file ``scripts/approve.py`` keeps: the sheet's lines (none for a regulation text), a form feed, the
    official text's lines."""
    return "\n".join(sheet) + "\n\f\n" + "\n".join(official) + "\n"
