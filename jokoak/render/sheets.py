"""Player instruction sheets: HTML in one language or two side by side, their PDFs, and the print pack.

A sheet is either a table's (the casino's limits and choices, only what that table offers), a bingo hall's (its
figures: cards, prizes, machines), or a game's model sheet for the site (no table: the regulation's rules for limits
and options). Its
sections are rendered once per language; a bilingual sheet puts the two languages' versions of each
section in one grid row, so the languages stay level on the page and a row never breaks across pages.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import io
import math
import os
import re
import shutil
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from contextlib import contextmanager
from dataclasses import dataclass, replace
from fractions import Fraction
from importlib import metadata
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup
from pypdf import PdfReader

from ..config import Table
from ..engine.result import Result
from ..errors import BuildError, Problem
from ..facts import GameFacts
from ..games import families
from ..halls import Hall
from ..models import Example
from ..tablespec import limit_groups_of
from ..workers import forked_pool
from .pdfjoin import join_tagged

SECTION = "<!--section-->"
MOST_PAGES = 2  # a sheet is at most two A4 pages
FIGURE = "<!--figure-->"  # a section of diagrams only: on a bilingual sheet, shown once across both columns
_PARTS = re.compile(r"<!--(section|figure)-->")
MOST_EXAMPLES = 4  # a table card shows a few examples, chosen to show what players ask about


@dataclass(frozen=True)
class Sheet:
    """What one sheet is for: a game's facts, at one of the casino's tables or as its model sheet."""

    facts: GameFacts
    table: Table | None  # None: the model sheet, for the site
    casino: str | None
    date: dt.date  # the build's date, printed in the footer
    examples: tuple[tuple[Example, Result], ...]
    drafts: tuple[str, ...] = ()  # the languages whose text the legal team has not approved as it is: watermarked
    hall: Hall | None = None  # a bingo hall's sheet: the hall's figures instead of a table's limits

    @property
    def game(self) -> Any:
        return self.facts.game


def sheet_examples(facts: GameFacts, table: Table | None) -> tuple[tuple[Example, Result], ...]:
    """The examples a sheet prints: the game's ranked ones (``sheet: 1``…), at most four, that use only
    what the table offers, with stakes within its limits (multiplied by a whole factor where they are below its
    minimum), and end the same, in proportion, when the engine plays them by that table's rules (its optional
    rules, its way of paying and its commission)."""
    game = facts.game
    family = families()[game.engine]
    bets = {info.id: info for info in game.rules.bets}
    found = []
    for example, result in sorted(((e, r) for e, r in facts.examples if e.sheet is not None),
                                  key=lambda pair: pair[0].sheet or 0):
        if table is not None:
            infos = [bets.get(spec.split()[0]) for spec in example.bets]
            if not all(info is None or table.offers(info) for info in infos):
                continue
            rules = family.at_table(game.rules, table, example) if family.at_table else game.rules
            times = _times(example, table, bets)
            if rules is None or times is None:
                continue
            scaled = _scaled(example, times)
            try:
                played = family.play(rules, scaled.bets, scaled.draws, scaled.options)
            except ValueError:  # a decision the table's rules do not allow
                continue
            if played != Result(result.staked * times, result.returned * times):
                continue  # it tells of something this table does not offer, pays otherwise, or is not proportional
            example, result = scaled, played
        found.append((example, result))
        if len(found) == MOST_EXAMPLES:
            break
    return tuple(found)


def _bounds(info: Any, spec_text: str, table: Table) -> tuple[Fraction | None, Fraction | None]:
    """The least and the most a stake on a bet may be at a table, where the table or the text fixes them: a bet of a
    limit group from the table's minimum (on even chances, theirs) to its group's maximum; a side bet up to its
    share of the minimum; a dice bet with a maximum of its own up to it."""
    groups = [g for g in limit_groups_of(info) if g in table.maximums]
    shape = getattr(getattr(info, "bet", None), "shape", None)
    low = Fraction(table.even_chance_minimum if shape == "even-chance" else table.minimum) if groups else None
    high = Fraction(min(table.maximums[g] for g in groups)) if groups else None
    if info.id in table.maximums and not groups:
        low, high = Fraction(table.minimum), Fraction(table.maximums[info.id])
    number = spec_text.split()[1:2]
    if info.id in table.per_number and number and number[0].isdigit():
        low, high = Fraction(table.minimum), Fraction(table.per_number[info.id].get(int(number[0]), 0))
    most = getattr(info, "stake_most", None)
    if most is not None:
        high = most * table.minimum
    return low, high


def _times(example: Example, table: Table, bets: dict[str, Any]) -> int | None:
    """By how much to multiply an example's stakes for them to keep within the table's limits (the examples are
    written for a small table: 10 € on a 25 € table becomes 30 €), or None when no whole factor does."""
    times = 1
    bounds = {spec: _bounds(bets[spec.split()[0]], spec, table) for spec in example.bets if spec.split()[0] in bets}
    for spec, (low, _high) in bounds.items():
        stake = example.bets[spec]
        if low is not None and stake * times < low:
            times = max(times, math.ceil(low / stake))
    if times > 1 and re.search(r"\d\s*(€|euro)", " ".join(example.title.values())):
        return None  # its title names an amount
    fits = all(high is None or example.bets[spec] * times <= high for spec, (_low, high) in bounds.items())
    return times if fits else None


def _scaled(example: Example, times: int) -> Example:
    """The example with every stake and every amount among its options (a table minimum, a jackpot) multiplied."""
    if times == 1:
        return example
    options = {key: value * times if isinstance(value, Fraction) else value for key, value in example.options.items()}
    return replace(example, bets={spec: stake * times for spec, stake in example.bets.items()}, options=options,
                   staked=example.staked * times, returned=example.returned * times)


def sheet_html(envs: dict[str, jinja2.Environment], sheet: Sheet, langs: tuple[str, ...], fonts_url: str) -> str:
    """The HTML of one sheet in ``langs`` (one language, or es and eu side by side)."""
    return page_html(envs, langs, "sheet/sections.html.jinja", "sheet/running.html.jinja", _context(sheet, langs),
                     fonts_url)[0]


def _context(sheet: Sheet, langs: tuple[str, ...]) -> dict[str, Any]:
    return {"game": sheet.game, "facts": sheet.facts, "table": sheet.table, "casino": sheet.casino,
            "date": sheet.date, "examples": sheet.examples, "sheet_langs": langs, "drafts": sheet.drafts,
            "hall": sheet.hall}


def sections_of(env: jinja2.Environment, template: str, context: dict[str, Any]) -> list[tuple[str, Markup]]:
    """The sections of ``template`` rendered in ``env``'s language: (``"section"`` or ``"figure"``, its HTML)."""
    parts = _PARTS.split(env.get_template(template).render(**context))[1:]
    return [(kind, Markup(part.strip())) for kind, part in zip(parts[::2], parts[1::2], strict=True)]


def model_sections(env: jinja2.Environment, sheet: Sheet, lang: str) -> list[tuple[str, Markup]]:
    """The sections of a sheet in ``lang`` alone, as the site shows them."""
    return sections_of(env, "sheet/sections.html.jinja", {**_context(sheet, (lang,)), "for_site": True})


def cover_html(envs: dict[str, jinja2.Environment], langs: tuple[str, ...], context: dict[str, Any],
               fonts_url: str) -> tuple[str, str]:
    """The HTML of a print pack's cover and index in ``langs``, and the pack's title: ``context`` has the casino,
    its regulation and version, the date and the tables (each with its game)."""
    return page_html(envs, langs, "sheet/cover.html.jinja", "sheet/cover-running.html.jinja", context, fonts_url)


def page_html(envs: dict[str, jinja2.Environment], langs: tuple[str, ...], sections: str, running_template: str,
              context: dict[str, Any], fonts_url: str) -> tuple[str, str]:
    """A printed page set in ``langs`` and its title: the sections of template ``sections`` in each language, one
    after another or side by side, and what every page repeats (template ``running_template``)."""
    columns, running = [], []
    for lang in langs:
        columns.append([(kind, lang, html) for kind, html in sections_of(envs[lang], sections, context)])
        running.append(_running(envs[lang], running_template, context, lang))
    rows = []
    for cells in zip(*columns, strict=True):
        kinds = {kind for kind, _lang, _html in cells}
        assert len(kinds) == 1, f"the languages of {sections} disagree on their sections: {kinds}"
        shown = cells[:1] if kinds == {"figure"} else cells  # a diagram is the same in every language
        rows.append((kinds.pop(), [(lang, html) for _kind, lang, html in shown]))
    first = envs[langs[0]]
    css = first.get_template("sheet/sheet.css.jinja").render(fonts_url=fonts_url, running=running)
    title = " · ".join(dict.fromkeys(str(r["title"]) for r in running))
    heads = list({str(r["head"]): r for r in reversed(running)}.values())[::-1]  # a head the same in both: once
    return first.get_template("sheet/sheet.html.jinja").render(
        rows=rows, css=Markup(css), langs=langs, title=title, running=running, heads=heads), title


def _running(env: jinja2.Environment, template: str, context: dict[str, Any], lang: str) -> dict[str, Any]:
    """What every page repeats in ``lang``: the head, the foot, the words of «page n of m» as CSS content, the
    document's title, what the first page's foot adds, and the watermark of a draft (the six parts of
    ``template``; the last is empty on a text the legal team approved)."""
    parts = [part.strip() for part in env.get_template(template).render(**context).split(SECTION)]
    head, foot, page, title, citation, draft = parts[1:]
    counters = {"page": "counter(page)", "pages": "counter(pages)"}
    return {"lang": lang, "head": Markup(head), "foot": Markup(foot), "title": Markup(title).striptags(),
            "page": Markup(css_content(Markup(page).unescape(), counters)), "citation": Markup(citation),
            "draft": Markup(draft)}


def css_content(message: str, counters: dict[str, str]) -> str:
    """A translated message with placeholders as CSS ``content``: «Página %(page)s de %(pages)s» with
    ``{"page": "counter(page)", …}`` gives ``"Página " counter(page) " de " counter(pages)``.

    >>> css_content('Página %(page)s de %(pages)s', {"page": "counter(page)", "pages": "counter(pages)"})
    '"Página " counter(page) " de " counter(pages)'
    >>> css_content('%(page)s/%(pages)s "orria"', {"page": "counter(page)", "pages": "counter(pages)"})
    'counter(page) "/" counter(pages) " \\\\"orria\\\\""'
    """
    parts = []
    for index, piece in enumerate(re.split(r"%\((\w+)\)s", message)):
        if index % 2:
            parts.append(counters[piece])
        elif piece:
            parts.append('"' + re.sub(r'(["\\])', r"\\\1", piece).replace("\n", " ").replace("<", "\\3c ") + '"')
    return " ".join(parts)


# fontTools stamps the font subsets it embeds with the current time unless SOURCE_DATE_EPOCH is
# set; a fixed stamp keeps two builds of the same inputs byte for byte identical.
FIXED_EPOCH = "946684800"  # 2000-01-01T00:00:00Z
PDF_OPTIONS = {"pdf_variant": "pdf/ua-1", "uncompressed_pdf": False}  # tagged, with the document's language


@dataclass(frozen=True)
class PdfJob:
    """One sheet to lay out and write, as HTML and PDF, at ``target`` (without suffix): the first of ``htmls``
    (the sheet with all its examples, then with fewer) that fits in ``goal`` pages; ``base``: the folder its
    relative URLs (the fonts) resolve against."""

    htmls: tuple[str, ...]
    base: Path
    target: Path
    goal: int = MOST_PAGES
    examples: int = 0  # the examples the first of ``htmls`` shows
    # the sheet with one example, then none: laid out only where even the shortest of ``htmls`` is over two pages
    last_resort: tuple[str, ...] = ()


def sheet_job(envs: dict[str, jinja2.Environment], sheet: Sheet, langs: tuple[str, ...], fonts_url: str,
              target: Path) -> PdfJob:
    """A sheet to lay out: with its examples (four at most), then with three, then two, so that the layout can
    keep the most that fit a page (a single-language sheet aims at one page, a Spanish|Basque one at two); with
    one example, or none, only where two examples are still over two pages."""
    counts = dict.fromkeys([len(sheet.examples), min(len(sheet.examples), 3), min(len(sheet.examples), 2)])
    htmls = tuple(sheet_html(envs, replace(sheet, examples=sheet.examples[:count]), langs, fonts_url)
                  for count in counts)
    fewer = [count for count in (1, 0) if count < min(counts)]  # a sheet is never over two pages: not for examples
    last = tuple(sheet_html(envs, replace(sheet, examples=sheet.examples[:count]), langs, fonts_url) for count in fewer)
    return PdfJob(htmls, target.parent, target, 1 if len(langs) == 1 else MOST_PAGES, len(sheet.examples), last)


def hall_jobs(envs: dict[str, jinja2.Environment], halls: tuple[Hall, ...], facts: dict[str, GameFacts],
              drafts: dict[str, tuple[str, ...]], date: dt.date, variants: list[tuple[str, ...]],
              folder: Path) -> list[PdfJob]:
    """Each bingo hall's sheet in each of ``variants`` (``<folder>/<id>.<langs>``), to lay out: its game's sheet with
    the hall's figures. A language whose text is our translation (``no_official_text``) is a draft until the legal
    team approves it, as every sheet's text is (``drafts``, by game)."""
    jobs = []
    for hall in halls:
        folder.mkdir(parents=True, exist_ok=True)
        found = facts[hall.game]
        sheet = Sheet(found, None, None, date, sheet_examples(found, None), drafts[hall.game], hall)
        jobs += [sheet_job(envs, sheet, langs, "../fonts", folder / f"{hall.id}.{'-'.join(langs)}")
                 for langs in variants]
    return jobs


ANNEX = "-annex"  # the annex's place in a pack's index: not a table id (a table id starts with a letter or digit)


@dataclass(frozen=True)
class PackJob:
    """A print pack: every table's sheet in one language, from its PDF as it is on disk (laid out by this build or
    copied from the previous one: written before the pack), after a cover whose index gets each sheet's first page:
    the cover's HTML holds ``@@PAGE:<table id>@@`` for it."""

    cover: str
    sheets: tuple[tuple[str, Path], ...]  # (table id, its sheet's PDF)
    base: Path
    target: Path
    title: str
    annex: Path | None = None  # the regulation's parts that are not games, after the sheets (``@@PAGE:-annex@@``)


def write_pdfs(jobs: list[PdfJob], packs: list[PackJob], step: Callable[[float], None] | None = None,
               kept: Path | None = None) -> list[Path]:
    """Lay out every PDF, on as many processes as there are cores (WeasyPrint is CPU-bound), and make each pack from
    the PDFs written as soon as its parts are (a pack lays out only its cover); ``step`` is told of each one done;
    ``kept``: the store of sheets laid out (:func:`write_pdf`). Returns the targets of the sheets laid out (the others
    were in the store).

    WeasyPrint copies the fonts of each document into a temporary folder that it removes only when the
    document's font configuration is collected, which a worker process ending does not do: the workers
    keep their temporary files in one folder of ours, removed when all is done."""
    def done() -> None:
        if step is not None:
            step(1)

    pending = []  # the sheets not in the store: laid out below
    for job in jobs:
        if kept is not None and _copy_stored(job, kept):
            done()
        else:
            pending.append(job)
    written = {job.target.with_name(job.target.name + ".pdf") for job in pending}
    waiting = {pack: ({sheet for _id, sheet in pack.sheets} | ({pack.annex} if pack.annex else set())) & written
               for pack in packs}  # a part not laid out now is on disk already

    def stored_pack(pack: PackJob) -> bool:
        if kept is not None and _copy_stored_pack(pack, kept):
            done()
            return True
        return False

    ready = [pack for pack, parts in waiting.items() if not parts and not stored_pack(pack)]
    if not pending and not ready and not any(waiting.values()):
        if kept is not None:
            _prune(kept)
        return []
    workers = min(len(pending) + len(packs), os.cpu_count() or 1)
    _import_weasyprint()  # once, before the workers fork, so that each does not import it again
    laid_out = []
    with tempfile.TemporaryDirectory(prefix="jokoak-") as scratch, \
            forked_pool(workers, initializer=_use_folders, initargs=(scratch, kept)) as pool:
        parts_of_packs = set().union(*waiting.values())  # laid out first: the packs start sooner
        first = sorted(pending, key=lambda job: job.target.with_name(job.target.name + ".pdf") not in
                       parts_of_packs)
        running: dict[Future[bool], PdfJob | PackJob] = {pool.submit(_run, job): job for job in first}
        running |= {pool.submit(_run, pack): pack for pack in ready}
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                task = running.pop(future)
                if future.result():
                    laid_out.append(task.target)
                done()
                if isinstance(task, PdfJob):
                    pdf = task.target.with_name(task.target.name + ".pdf")
                    for pack, parts in waiting.items():
                        if pdf in parts:
                            parts.discard(pdf)
                            if not parts and not stored_pack(pack):
                                running[pool.submit(_run, pack)] = pack
    if kept is not None:
        _prune(kept)
    return sorted(laid_out)


def _copy_stored(job: PdfJob, kept: Path) -> bool:
    """Copy the sheet of ``job`` from the store, HTML and PDF, where it is there; whether it was."""
    key = _fit_key(job)
    stored = (kept / f"{key}.html", kept / f"{key}.pdf")
    if not all(path.is_file() for path in stored):
        return False
    for path, suffix in zip(stored, ("html", "pdf"), strict=True):
        os.utime(path)
        shutil.copyfile(path, job.target.with_name(f"{job.target.name}.{suffix}"))
    return True


def _pack_key(job: PackJob) -> str:
    """The hash of a pack's cover, title and parts (their bytes), and of what lays out its cover."""
    digest = hashlib.sha256(f"pack\0{_tools_digest()}\0{job.title}\0{job.cover}".encode())
    for table_id, path in [*job.sheets, *([(ANNEX, job.annex)] if job.annex else [])]:
        digest.update(f"\0{table_id}\0".encode() + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _copy_stored_pack(job: PackJob, kept: Path) -> bool:
    stored = kept / f"{_pack_key(job)}.pdf"
    if not stored.is_file():
        return False
    os.utime(stored)
    shutil.copyfile(stored, job.target)
    return True


KEPT_DAYS = 7  # a sheet of the store not used for a week is removed: a build's date changes every sheet each day


def _prune(kept: Path) -> None:
    limit = time.time() - KEPT_DAYS * 86400
    for path in kept.glob("*"):
        try:
            if path.stat().st_mtime < limit:
                path.unlink()
        except OSError:
            pass


FONTS = Path(__file__).resolve().parents[1] / "fonts"
_kept: Path | None = None  # the store of sheets laid out, in a worker process (:func:`write_pdf`)


def _use_folders(scratch: str, kept: Path | None) -> None:
    global _kept
    tempfile.tempdir = scratch  # in a worker process only
    _kept = kept


def _run(task: PdfJob | PackJob) -> bool:
    """Make ``task`` (not in the store: :func:`write_pdfs` looked); whether it was a sheet laid out."""
    if isinstance(task, PackJob):
        write_pack(task)
        return False
    write_pdf(task)
    return True


def write_pdf(job: PdfJob) -> Any:
    """Lay out one sheet with WeasyPrint and write its HTML and PDF; return the laid-out document.

    Where a store of sheets laid out is given (:func:`write_pdfs`, which copies from it, before any worker starts,
    a sheet whose HTMLs and tools are those of one laid out before), the sheet laid out is kept in it."""
    html_file, pdf_file = (job.target.with_name(f"{job.target.name}.{suffix}") for suffix in ("html", "pdf"))
    with _fixed_epoch():
        html, document = fitted(job)
        html_file.write_text(html, "utf-8")
        document.write_pdf(pdf_file, **PDF_OPTIONS)
    if _kept is not None:
        _kept.mkdir(parents=True, exist_ok=True)
        key = _fit_key(job)
        for source, suffix in ((html_file, "html"), (pdf_file, "pdf")):
            partial = _kept / f"{key}.{suffix}.{os.getpid()}.partial"
            shutil.copyfile(source, partial)
            partial.replace(_kept / f"{key}.{suffix}")
    return document


def fitted(job: PdfJob) -> tuple[str, Any]:
    """The sheet with the most examples that fits in its goal of pages; where none does, with all its examples
    if that is within two pages, else the shortest; and where even that is over two pages, with one example, or
    none (``last_resort``): a sheet is at most two pages."""
    html, document = _fitted(job)
    for fewer in job.last_resort if len(document.pages) > MOST_PAGES else ():
        html, document = fewer, layout(fewer, job.base)
        if len(document.pages) <= MOST_PAGES:
            break
    return html, document


def _fit_key(job: PdfJob) -> str:
    """The hash of all a sheet's layout depends on: its HTMLs, its goal, and the tools (:func:`_tools_digest`)."""
    digest = hashlib.sha256(f"{job.goal} {MOST_PAGES} {len(job.htmls)} {_tools_digest()}".encode())
    for html in (*job.htmls, *job.last_resort):
        digest.update(b"\0" + html.encode())
    return digest.hexdigest()


@functools.cache
def _tools_digest() -> str:
    """The hash of what else a sheet's or a pack's bytes depend on: the fonts, the versions of WeasyPrint, pydyf and
    pypdf, the options the PDFs are written with, and the code that joins a pack."""
    versions = " ".join(metadata.version(name) for name in ("weasyprint", "pydyf", "pypdf"))
    digest = hashlib.sha256(f"{versions} {sorted(PDF_OPTIONS.items())} {FIXED_EPOCH}".encode())
    for path in [*sorted(FONTS.iterdir()), Path(__file__).with_name("pdfjoin.py")]:
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


def _fitted(job: PdfJob) -> tuple[str, Any]:
    """:func:`fitted` among ``htmls``: at most three layouts: all, fewest, then the one between (``htmls`` go from
    the most examples to the fewest). The estimate that spares laying out again a sheet that cannot reach its goal is
    used only where the sheet with all its examples is within two pages."""
    full = layout(job.htmls[0], job.base)
    if len(full.pages) <= job.goal or len(job.htmls) == 1:
        return job.htmls[0], full
    if len(full.pages) <= MOST_PAGES and not _fewer_may_fit(full, job.goal, job.examples):
        return job.htmls[0], full  # within two pages, and fewer examples would not reach the goal: as it is
    fewest = layout(job.htmls[-1], job.base)
    if len(fewest.pages) > job.goal:
        return (job.htmls[0], full) if len(full.pages) <= MOST_PAGES else (job.htmls[-1], fewest)
    for html in job.htmls[1:-1]:
        document = layout(html, job.base)
        if len(document.pages) <= job.goal:
            return html, document
    return job.htmls[-1], fewest


def write_pack(job: PackJob) -> None:
    """Lay out the cover, its index numbered from the page counts of the sheets' and the annex's PDFs as they are on
    disk, and write the pack: the cover's pages, then those PDFs' pages, tagged as one document. Where a store of
    what was laid out is given (:func:`write_pdfs`, which copies a pack of the same cover, title and parts from it),
    the pack is kept in it."""
    parts = [*job.sheets, *([(ANNEX, job.annex)] if job.annex else [])]
    stored = None if _kept is None else _kept / f"{_pack_key(job)}.pdf"
    readers = [PdfReader(path) for _id, path in parts]
    with _fixed_epoch():
        starts: dict[str, int] = {}
        cover_pages = 1
        while True:  # the index's page numbers depend on how long the cover itself is
            page = cover_pages + 1
            for (table_id, _), reader in zip(parts, readers, strict=True):
                starts[table_id] = page
                page += len(reader.pages)
            html = re.sub(r"@@PAGE:([^@]+)@@", lambda m: str(starts[m.group(1)]), job.cover)
            cover = layout(html, job.base)
            if len(cover.pages) == cover_pages:
                break
            cover_pages = len(cover.pages)
        cover.metadata.title = job.title
        written = io.BytesIO(cover.write_pdf(**PDF_OPTIONS))
    join_tagged([PdfReader(written), *readers], job.target)
    if stored is not None:
        stored.parent.mkdir(parents=True, exist_ok=True)
        partial = stored.with_name(f"{stored.name}.{os.getpid()}.partial")
        shutil.copyfile(job.target, partial)
        partial.replace(stored)


def _fewer_may_fit(document: Any, goal: int, examples: int) -> bool:
    """Whether a sheet one page over its goal could reach it with two examples: the examples (its last row) are
    alone on the last page, and two of them would fit the space left on the page before (estimated from the
    height of all of them). It saves laying out again a sheet that cannot fit, never decides a fit."""
    pages = [row_boxes(page) for page in document.pages]
    if len(pages) != goal + 1 or not pages[-1] or not pages[-2]:
        return False
    last = max(pages[-1], key=lambda row: row[0])
    if any(row[0] != last[0] for row in pages[-1]):
        return False  # more than the examples went over
    page = document.pages[-2]._page_box
    free = page.content_box_y() + page.height - max(bottom for _row, _top, bottom in pages[-2])
    height = last[2] - last[1]
    return bool(height * 3 / (examples + 1) <= free)  # the heading and two examples of ``examples``


def row_boxes(page: Any) -> list[tuple[int, float, float]]:
    """The rows of a sheet laid out on one page: (row number, top, bottom)."""
    found = []
    stack = [page._page_box]
    while stack:
        box = stack.pop()
        element = getattr(box, "element", None)
        match = re.match(r"row row-(\d+)", element.get("class", "")) if element is not None else None
        if match and box.element_tag == "div":
            found.append((int(match.group(1)), box.position_y, box.position_y + box.margin_height()))
            continue
        stack.extend(getattr(box, "children", ()))
    return found


def layout(html: str, base: Path) -> Any:
    """Lay out ``html`` with WeasyPrint (a document of pages); relative URLs resolve against ``base``."""
    return _import_weasyprint().HTML(string=html, base_url=str(base) + "/").render()


@contextmanager
def _fixed_epoch() -> Iterator[None]:
    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = FIXED_EPOCH
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = before


def _import_weasyprint() -> Any:
    """WeasyPrint, imported on first use only (it is slow to import), with the one way of subsetting fonts the build
    allows: HarfBuzz-Subset. WeasyPrint subsets with HarfBuzz when the system has it and with fontTools when it does
    not, and the two write different bytes: a machine that lacks it would write PDFs unlike every other's."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="HarfBuzz-Subset will be required", category=DeprecationWarning)
        import weasyprint
        from weasyprint.text import ffi
    if not subsets_with_harfbuzz(ffi):
        raise BuildError([Problem("(system)", 1, "HarfBuzz-Subset", "the PDFs subset their fonts with HarfBuzz-Subset "
                                  "4.1 or later, so that every machine writes the same bytes, and this system lacks "
                                  "it: install it (apt-get install libharfbuzz-subset0; make build does)")])
    return weasyprint


def subsets_with_harfbuzz(ffi: Any) -> bool:
    """Whether WeasyPrint subsets fonts with HarfBuzz-Subset (as it does where the library is 4.1 or later)."""
    return ffi.harfbuzz_subset is not None and bool(ffi.harfbuzz.hb_version_atleast(4, 1, 0))
