"""Record the legal team's approval of a sheet, or its decision on a review item, in catalog/approvals.yaml.

    .venv/bin/python scripts/approve.py sheet euskadi/ruleta-francesa eu --by "Ane Etxeberria" --ref "Informe 12/2026"
    .venv/bin/python scripts/approve.py item euskadi/ruleta-francesa discrepancy-3 aprobada --by "…" --ref "…"
    .venv/bin/python scripts/approve.py item euskadi/ruleta-francesa sic aprobada --by "…" --ref "…"
    .venv/bin/python scripts/approve.py text euskadi/torneos eu --by "…" --ref "…"
    .venv/bin/python scripts/approve.py item euskadi/torneos discrepancy-1 aprobada --by "…" --ref "…"

A sheet is approved as its text is now (the model sheet with every example it may print, and the official
text, in that language): the hashes go to approvals.yaml and the text to catalog/approved/<game>.<lang>.txt,
from which the review draws the redline when the text changes; a sheet is approved only when none of the
game's items is open (``--with-open-items`` overrides, and the record says how many were). An item is decided as it
is now (its digest): if it changes, it is «propuesta» again. Instead of an item's anchor, a kind (``sic``,
``reading``…) decides every open item of that kind in the game. ``--note-es`` and ``--note-eu`` give the
decision in words (both, or neither). ``--date`` defaults to today. The previous record of the same sheet or
item is replaced.

A regulation text that is not a game (``catalog/<regulation>/texts/``: how the tables run, the tournaments) is
approved with ``text`` instead of ``sheet``: its official text in that language, which is all it prints (the entry
goes under ``sheets`` with ``text:`` and no sheet hash, its text to catalog/approved/<text>.<lang>.txt); its items
are decided with ``item`` and the text's key, as a game's.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jokoak.approvals import APPROVALS, APPROVED, approved_text  # noqa: E402
from jokoak.build import Project, game_texts  # noqa: E402
from jokoak.catalog import load_catalog  # noqa: E402
from jokoak.errors import BuildError  # noqa: E402
from jokoak.facts import same_game_elsewhere  # noqa: E402
from jokoak.i18n import LANGUAGES, load_translations  # noqa: E402
from jokoak.kept import cached_facts, facts_digest  # noqa: E402
from jokoak.render.env import make_env  # noqa: E402
from jokoak.review import digest, flat, game_items, official_lines, text_hashes, text_items  # noqa: E402

HEADER = """\
# The legal team's approvals and decisions, written by scripts/approve.py (see jokoak/approvals.py).
# sheets: a game's sheet and official text in one language, approved as they were (their sha256);
#         the approved text is kept in approved/<regulation>/<game>.<lang>.txt. A regulation text's
#         (text: instead of game:) binds its official text alone: it has no sheet.
# items:  a review item's decision (aprobada or rechazada), bound to the item as it was (its digest),
#         of a game (game:) or of a regulation text (text:).
"""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    kinds = parser.add_subparsers(dest="kind", required=True)
    sheet = kinds.add_parser("sheet", help="approve a game's sheet and official text in one language")
    sheet.add_argument("game")
    sheet.add_argument("lang", choices=LANGUAGES)
    sheet.add_argument("--with-open-items", action="store_true", help="approve although items are still open")
    text = kinds.add_parser("text", help="approve a regulation text's official text in one language")
    text.add_argument("game", metavar="text")
    text.add_argument("lang", choices=LANGUAGES)
    text.add_argument("--with-open-items", action="store_true", help="approve although items are still open")
    item = kinds.add_parser("item", help="record the decision on one review item")
    item.add_argument("game")
    item.add_argument("item")
    item.add_argument("status", choices=("aprobada", "rechazada"))
    item.add_argument("--note-es", default="", help="the decision in words, in Spanish")
    item.add_argument("--note-eu", default="", help="the decision in words, in Basque")
    for sub in (sheet, text, item):
        sub.add_argument("--by", required=True, help="who decides")
        sub.add_argument("--ref", required=True, help="the reference of their note")
        sub.add_argument("--date", type=dt.date.fromisoformat, default=dt.date.today())
        sub.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    project = Project(args.root)
    try:
        catalog = load_catalog(project.catalog)
    except BuildError as exc:
        print(exc, file=sys.stderr)
        return 1
    game = next((g for g in catalog.games if g.key == args.game), None) if args.kind != "text" else None
    regulation_text = next((t for t in catalog.texts if t.key == args.game), None) if args.kind != "sheet" else None
    if game is None and regulation_text is None:
        what, expected = {"sheet": ("game", "<regulation>/<game id>"),
                          "text": ("regulation text", "<regulation>/<text id> (catalog/<regulation>/texts/)"),
                          "item": ("game or regulation text", "<regulation>/<game or text id>")}[args.kind]
        print(f"unknown {what} {args.game!r}: expected {expected}", file=sys.stderr)
        return 1
    path = project.catalog / APPROVALS
    doc: dict[str, Any] = (yaml.safe_load(path.read_text("utf-8")) if path.is_file() else None) or {}
    record = {"by": args.by, "date": args.date, "ref": args.ref}
    decided = {(e.get("game") or e.get("text"), e["item"]): e["digest"] for e in doc.get("items", [])}
    facts = None
    if game is not None:
        facts = cached_facts(game, same_game_elsewhere(game, catalog.games), facts_digest(project.catalog),
                             project.root / ".jokoak-cache")
        document, owner, items = game, "game", game_items(game, facts.findings)
    else:
        assert regulation_text is not None
        document, owner, items = regulation_text, "text", text_items(regulation_text)
    key = document.key
    open_items = [i for i in items if i.needs_decision and decided.get((key, i.id)) != i.digest]
    if args.kind in ("sheet", "text"):
        if open_items and not args.with_open_items:
            print(f"{key} has {len(open_items)} open items (the first: {open_items[0].id}): decide them first, "
                  "or approve with --with-open-items", file=sys.stderr)
            return 1
        if open_items:
            record["open_items"] = len(open_items)
        if args.lang not in document.text_languages:  # a part the regulation gives no text of in it: nothing to approve
            print(f"{key} has no {args.lang} text", file=sys.stderr)
            return 1
        if facts is None:  # a regulation text: its official text alone, it has no sheet
            sheet: list[str] = []
            official = official_lines(document, args.lang)
            entry = {"text": key, "lang": args.lang, "official": digest(official), **record}
        else:
            translations = load_translations(project.locale)
            envs = {lang: make_env(project.templates, lang, translations, "html") for lang in LANGUAGES}
            rows, official = game_texts(facts, envs, args.date)[args.lang]
            sheet = flat(rows)
            sheet_hash, official_hash = text_hashes(rows, official)
            entry = {"game": key, "lang": args.lang, "sheet": sheet_hash, "official": official_hash, **record}
        kept = project.catalog / APPROVED / f"{key}.{args.lang}.txt"
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.write_text(approved_text(sheet, official), "utf-8")
        doc["sheets"] = [e for e in doc.get("sheets", []) if (e.get(owner), e["lang"]) != (key, args.lang)]
        doc["sheets"].append(entry)
    else:
        chosen = [i for i in open_items if i.kind == args.item] or [i for i in items if i.id == args.item]
        if not chosen or not all(i.needs_decision for i in chosen):
            print(f"{key} has no item {args.item!r} to decide (see its review page)", file=sys.stderr)
            return 1
        if bool(args.note_es) != bool(args.note_eu):
            print("give the decision in words in both languages (--note-es and --note-eu), or in neither",
                  file=sys.stderr)
            return 1
        note = {"note": {"es": args.note_es, "eu": args.note_eu}} if args.note_es else {}
        ids = {i.id for i in chosen}
        doc["items"] = [e for e in doc.get("items", []) if e.get(owner) != key or e["item"] not in ids]
        doc["items"] += [{owner: key, "item": i.id, "digest": i.digest, "status": args.status, **record, **note}
                         for i in chosen]
        entry = {owner: key, "items": sorted(ids), "status": args.status, **record}
    path.write_text(HEADER + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=110), "utf-8")
    print(f"recorded in {path.relative_to(project.root)}: {entry}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
