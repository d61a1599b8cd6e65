"""The review for the legal team, in Spanish and in Basque (``build/review/<lang>/``), and its data.

Each language has an index (the games by regulation, with their open items and the state of each sheet's
approval, then the regulation's texts that are not games with theirs), a page per game (every item with its anchor,
sources, what the catalogue prints, the note, the proposal and its status; the text the sheets print, Spanish and
Basque side by side; the redlines), a page per regulation text (its items the same way, the state of its official
text's approval in each language and whether it is printed as a draft, the official text side by side, its redline
since its approval) and the coverage of the regulations. ``items.json`` and ``coverage.json`` hold the same for
programs. Every page carries the build's id and date.
"""

from __future__ import annotations

import datetime as dt
import difflib
import json
import re
import unicodedata
from dataclasses import dataclass, field
from itertools import zip_longest
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from ..approvals import Approvals
from ..coverage import Coverage
from ..facts import GameFacts, bet_names, same_game_elsewhere
from ..i18n import LANGUAGES
from ..models import Catalog, Document, Game, RegulationText, Section, cite
from ..review import Item, changes, digest, flat, game_items, official_lines, redline, text_hashes, text_items


@dataclass(frozen=True)
class ReviewContext:
    catalog: Catalog
    facts: dict[str, GameFacts]
    envs: dict[str, jinja2.Environment]  # HTML, by language
    approvals: Approvals
    texts: dict[str, dict[str, tuple[list[list[str]], list[str]]]]  # game → lang → (sheet rows, official lines)
    states: dict[str, dict[str, str]]  # game → lang → aprobada, pendiente, cambiada
    day: dt.date
    build: str
    coverage: Coverage | None = None
    text_states: dict[str, dict[str, str]] = field(default_factory=dict)  # regulation text → lang → its state
    drafts: dict[str, tuple[str, ...]] = field(default_factory=dict)  # game or text → the languages marked as drafts


@dataclass(frozen=True)
class Decided:
    """An item with its decision: the legal team's, when recorded for the item as it is, else the proposal."""

    item: Item
    status: str
    by: str = ""
    date: str = ""
    ref: str = ""
    note: dict[str, str] | None = None


def write_review(ctx: ReviewContext, folder: Path) -> None:
    games = {game.key: game for game in ctx.catalog.games}
    decided = {key: [_decide(ctx.approvals, key, item) for item in game_items(game, ctx.facts[key].findings)]
               for key, game in games.items()}
    texts = {text.key: text for text in ctx.catalog.texts}
    text_decided = {key: [_decide(ctx.approvals, key, item) for item in text_items(text)]
                    for key, text in texts.items()}
    for lang in LANGUAGES:
        env = ctx.envs[lang]
        common = {"build": ctx.build, "day": ctx.day, "shown": lambda game, lang=lang: _shown(game, lang)}
        index = env.get_template("review/index.html.jinja").render(
            regulations=_by_regulation(ctx.catalog), decided=decided, states=ctx.states, coverage=ctx.coverage,
            text_decided=text_decided, text_states=ctx.text_states, drafts=ctx.drafts, root="",
            self_path="index.html", **common)
        (folder / lang).mkdir(parents=True, exist_ok=True)
        (folder / lang / "index.html").write_text(index, "utf-8")
        page = env.get_template("review/regulations.html.jinja").render(
            documents=ctx.catalog.documents, regulations=list(ctx.catalog.regulations.values()), root="",
            self_path="regulations.html", **common)
        (folder / lang / "regulations.html").write_text(page, "utf-8")
        page = env.get_template("review/coverage.html.jinja").render(coverage=ctx.coverage, root="",
                                                                      self_path="coverage.html", **common)
        (folder / lang / "coverage.html").write_text(page, "utf-8")
        for key, game in games.items():
            page = env.get_template("review/game.html.jinja").render(
                game=game, facts=ctx.facts[key], items=decided[key], names=_names(game, lang),
                states=ctx.states[key], approvals=ctx.approvals, own=_own_text(ctx.texts[key]),
                hashes=_hashes(ctx.texts[key]), redlines=_redlines(ctx, game, lang), root="../",
                self_path=f"{key}.html", **common)
            target = folder / lang / f"{key}.html"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(page, "utf-8")
        for key, text in texts.items():
            page = env.get_template("review/text.html.jinja").render(
                text=text, items=text_decided[key], states=ctx.text_states[key], drafts=ctx.drafts.get(key, ()),
                approvals=ctx.approvals, hashes={lg: digest(official_lines(text, lg)) for lg in text.text_languages},
                redlines=_text_redlines(ctx, text), root="../", self_path=f"{key}.html", **common)
            target = folder / lang / f"{key}.html"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(page, "utf-8")
    data = _items_data(ctx, decided) + _items_data(ctx, text_decided)
    (folder / "items.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    if ctx.coverage is not None:
        (folder / "coverage.json").write_text(json.dumps(ctx.coverage.data(), indent=1, ensure_ascii=False) + "\n",
                                              "utf-8")


def _shown(game: Document, lang: str) -> str:
    """The language a game's (or a text's) own words are shown in on a page in ``lang``: its own, or its only
    one."""
    return lang if lang in game.languages else game.languages[0]


def _names(game: Game, lang: str) -> dict[str, Any]:
    """The game's bet names for its findings on a page in ``lang``: in another language, marked as such."""
    shown = _shown(game, lang)
    names = bet_names(game, shown)
    if shown == lang:
        return dict(names)
    return {bet: Markup(f'<span lang="{shown}">{escape(name)}</span>') for bet, name in names.items()}


def _decide(approvals: Approvals, game: str, item: Item) -> Decided:
    found = approvals.items.get((game, item.id))
    if not item.needs_decision:
        return Decided(item, "")
    if found is None or found.digest != item.digest:
        return Decided(item, "propuesta")
    return Decided(item, found.status, found.approval.by, found.approval.date.isoformat(), found.approval.ref,
                   found.note or None)


def _by_regulation(catalog: Catalog) -> list[tuple[Any, list[Game], list[RegulationText]]]:
    """Each regulation with its games and its texts that are not games."""
    return [(regulation, [g for g in catalog.games if g.regulation.id == regulation.id],
             [t for t in catalog.texts if t.regulation.id == regulation.id])
            for regulation in catalog.regulations.values()]


def _own_text(texts: dict[str, tuple[list[list[str]], list[str]]]) -> list[list[dict[str, str]]]:
    """The sheet's lines row by row, the languages side by side: ``[[{es: …, eu: …}, …], …]``."""
    langs = list(texts)
    rows = zip_longest(*(texts[lang][0] for lang in langs), fillvalue=[])
    return [[{lang: line for lang, line in zip(langs, lines, strict=True) if line}
             for lines in zip_longest(*row, fillvalue="")] for row in rows]


def _hashes(texts: dict[str, tuple[list[list[str]], list[str]]]) -> dict[str, tuple[str, str]]:
    return {lang: text_hashes(rows, official) for lang, (rows, official) in texts.items()}


def _redlines(ctx: ReviewContext, game: Game, lang: str) -> list[dict[str, Any]]:
    """The redlines of one game's page: its text since its approval, against its other dated versions, and
    against the same game in other regulations, official text aligned section by section."""
    found: list[dict[str, Any]] = []
    for text_lang, (rows, official) in ctx.texts[game.key].items():
        approval = ctx.approvals.sheets.get((game.key, text_lang))
        if approval is not None and ctx.states[game.key][text_lang] == "cambiada":
            parts = redline(approval.text, [*flat(rows), *official])
            found.append({"kind": "approval", "lang": text_lang, "approval": approval.approval,
                          "sections": [{"old": None, "new": None, "parts": parts, "changes": changes(parts)}]})
    others = [g for g in ctx.catalog.games if g is not game and (
        _stem(g) == _stem(game) and g.regulation.id == game.regulation.id)]
    for other in sorted(others, key=lambda g: g.version.id):
        found.append(_compare("version", other, game, lang))
    for pair in same_game_elsewhere(game, ctx.catalog.games):  # as the lint compares them
        found.append(_compare("same_as", game, pair, lang))
    return found


def _text_redlines(ctx: ReviewContext, text: RegulationText) -> list[dict[str, Any]]:
    """A regulation text's official text in each language since its approval, where it changed."""
    found = []
    for lang in text.text_languages:
        approval = ctx.approvals.sheets.get((text.key, lang))
        if approval is not None and ctx.text_states[text.key][lang] == "cambiada":
            parts = redline(approval.text, official_lines(text, lang))
            found.append({"lang": lang, "approval": approval.approval, "parts": parts, "changes": changes(parts)})
    return found


def _stem(game: Game) -> str:
    suffix = f"-{game.version.id}"
    return game.id[:-len(suffix)] if game.id.endswith(suffix) else game.id


def _compare(kind: str, old: Game, new: Game, lang: str) -> dict[str, Any]:
    """Two games' official texts in ``lang`` (else their shared language), aligned section by section."""
    shared = next(lg for lg in (lang, *old.languages) if lg in old.languages and lg in new.languages)
    sections = []
    for a, b in align_sections([s for _d, s in old.sections()], [s for _d, s in new.sections()], shared):
        parts = redline(_section_lines(a, shared), _section_lines(b, shared))
        sections.append({"old": a, "new": b, "parts": parts, "changes": changes(parts),
                         "old_source": cite(_section_source(a)), "new_source": cite(_section_source(b))})
    return {"kind": kind, "lang": shared, "old_game": old, "new_game": new, "sections": sections,
            "changes": sum(s["changes"] for s in sections)}


def _section_lines(section: Section | None, lang: str) -> list[str]:
    if section is None:
        return []
    return [section.heading[lang], *(b.text[lang] if not b.table else f"[{b.table}]" for b in section.blocks)]


def _section_source(section: Section | None) -> tuple[Any, ...]:
    if section is None:
        return ()
    return tuple(c for b in section.blocks for c in b.source) or section.source


def align_sections(old: list[Section], new: list[Section], lang: str) -> list[tuple[Section | None, Section | None]]:
    """Pairs of sections of two texts: the same id, else the most similar heading, in order; a section that
    has no counterpart is paired with None."""
    keys_a = [_heading_key(s, lang) for s in old]
    keys_b = [_heading_key(s, lang) for s in new]
    pairs: list[tuple[Section | None, Section | None]] = []
    matcher = difflib.SequenceMatcher(None, keys_a, keys_b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            pairs += list(zip(old[i1:i2], new[j1:j2], strict=True))
        else:
            pairs += [(s, None) for s in old[i1:i2]] + [(None, s) for s in new[j1:j2]]
    return pairs


_NUMBERING = re.compile(r"^\s*(?:[0-9]+|[ivxlc]+|[a-z])[.)]\s*")


def _heading_key(section: Section, lang: str) -> str:
    """A heading without its numbering («3. Mesa de juego» → «mesa de juego»), to pair sections."""
    heading = "".join(c for c in unicodedata.normalize("NFD", section.heading[lang].lower())
                      if not unicodedata.combining(c))  # «DENOMINACION» is «Denominación»
    while _NUMBERING.match(heading):
        heading = _NUMBERING.sub("", heading, count=1)
    return " ".join(heading.replace("«", " ").replace("»", " ").split())


def _items_data(ctx: ReviewContext, decided: dict[str, list[Decided]]) -> list[dict[str, Any]]:
    """Every item of the games or of the regulation texts in ``decided``, for programs: its note and proposal in
    each language as the pages give them; ``game`` or ``text`` names what it belongs to (the other is null)."""
    labels = {lang: ctx.envs[lang].get_template("review/labels.jinja").module for lang in LANGUAGES}
    macros = {lang: ctx.envs[lang].get_template("macros.jinja").module for lang in LANGUAGES}
    documents: dict[str, Document] = {d.key: d for d in (*ctx.catalog.games, *ctx.catalog.texts)}
    found = []
    for key, entries in decided.items():
        game = documents[key]
        owner = {"game": key, "text": None} if isinstance(game, Game) else {"game": None, "text": key}
        for d in entries:
            item = d.item
            note = item.note or ({lang: Markup(macros[lang].finding(item.finding, _names(game, lang))).striptags()  # type: ignore[attr-defined]
                                  for lang in LANGUAGES} if item.finding and isinstance(game, Game) else None)
            if item.kind in ("ocr", "ocr_minor"):  # «printed» → «fixed», the same in every language
                note = dict.fromkeys(LANGUAGES, next(iter(item.printed.values())))
            proposed = "proposal" if isinstance(game, Game) else "text_proposal"  # a text has no sheet
            proposal = item.proposal or ({lang: Markup(getattr(labels[lang], proposed)(item.kind)).striptags()
                                          for lang in LANGUAGES} if item.needs_decision else None)
            found.append({"id": item.id, "kind": item.kind, "regulation": game.regulation.id, **owner,
                          "sources": [str(c) for c in item.sources], "needs_decision": item.needs_decision,
                          "status": d.status or None, "decided_by": d.by or None, "date": d.date or None,
                          "reference": d.ref or None, "digest": item.digest, "line": item.line,
                          "file": game.file, "note": note, "proposal": proposal})
    return found
