"""The casino's outputs: each table's sheets in every language, each bingo hall's, the annex of the regulation's parts
that apply to every table, and the print packs made of them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import jinja2

from ..config import Config, Table
from ..facts import GameFacts
from ..halls import Hall
from ..models import RegulationText
from .sheets import PackJob, PdfJob, Sheet, cover_html, hall_jobs, page_html, sheet_examples, sheet_job


def variants(langs: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [(lang,) for lang in langs] + ([langs] if len(langs) > 1 else [])


def casino_files(config: Config, annex: bool) -> list[str]:
    """A sheet per table and language (HTML and PDF), the annex of the regulation's other parts, and a print pack
    per language."""
    files = []
    for variant in variants(config.regulation.languages):
        suffix = "-".join(variant)
        for table in config.tables:
            files += [f"casino/{table.id}.{suffix}.html", f"casino/{table.id}.{suffix}.pdf"]
        if annex and config.tables:
            files += [f"casino/annex.{suffix}.html", f"casino/annex.{suffix}.pdf"]
        if config.tables:
            files.append(f"casino/pack.{suffix}.pdf")
        for hall in config.halls:
            files += [f"halls/{hall.id}.{suffix}.html", f"halls/{hall.id}.{suffix}.pdf"]
    return files


def pack_files(config: Config) -> list[str]:
    """A print pack per language, where the casino has tables."""
    return [f"casino/pack.{'-'.join(v)}.pdf" for v in variants(config.regulation.languages)] if config.tables else []


def casino_parts(config: Config, facts: dict[str, GameFacts], texts: list[RegulationText], day: dt.date,
                  html_envs: dict[str, jinja2.Environment], staging: Path, drafts: dict[str, tuple[str, ...]]
                  ) -> list[tuple[str, list[str], Callable[[], list[PdfJob]]]]:
    """The parts of the casino's outputs laid out on their own (:func:`part_keys`): each table's sheets in every
    language, each bingo hall's, and the annex of ``texts`` (the regulation's parts that are not games); each with its
    files and what writes its HTML and returns its PDFs to lay out. A configuration of bingo halls alone has no
    casino: no table sheet, no annex."""
    folder = staging / "casino"
    langs = variants(config.regulation.languages)
    suffixes = ["-".join(variant) for variant in langs]

    def table_sheets(table: Table) -> Callable[[], list[PdfJob]]:
        def render() -> list[PdfJob]:
            folder.mkdir(parents=True, exist_ok=True)
            found = facts[table.game]
            sheet = Sheet(found, table, config.casino, day, sheet_examples(found, table), drafts[table.game])
            return [sheet_job(html_envs, sheet, variant, "../fonts", folder / f"{table.id}.{'-'.join(variant)}")
                    for variant in langs]
        return render

    def hall_sheets(hall: Hall) -> Callable[[], list[PdfJob]]:
        return lambda: hall_jobs(html_envs, (hall,), facts, drafts, day, langs, staging / "halls")

    def annex() -> list[PdfJob]:  # marked as a draft in a language where one of its texts is (``draft_languages``)
        folder.mkdir(parents=True, exist_ok=True)
        context = {"casino": config.casino, "regulation": config.regulation,
                   "version": config.regulation.versions[-1], "date": day, "texts": texts,
                   "drafts": sorted({lang for text in texts for lang in drafts[text.key]})}
        jobs = []
        for variant in langs:
            html = page_html(html_envs, variant, "sheet/annex.html.jinja", "sheet/annex-running.html.jinja", context,
                             "../fonts")[0]
            jobs.append(PdfJob((html,), folder, folder / f"annex.{'-'.join(variant)}", goal=len(texts) * 10))
        return jobs

    parts = [(f"casino:table:{table.id}", [f"casino/{table.id}.{suffix}.{kind}" for suffix in suffixes
                                          for kind in ("html", "pdf")], table_sheets(table))
             for table in config.tables]
    parts += [(f"casino:hall:{hall.id}", [f"halls/{hall.id}.{suffix}.{kind}" for suffix in suffixes
                                         for kind in ("html", "pdf")], hall_sheets(hall)) for hall in config.halls]
    if texts and config.tables:
        parts.append(("casino:annex", [f"casino/annex.{suffix}.{kind}" for suffix in suffixes
                                       for kind in ("html", "pdf")], annex))
    return parts


def packs(config: Config, facts: dict[str, GameFacts], texts: list[RegulationText], day: dt.date,
           html_envs: dict[str, jinja2.Environment], staging: Path) -> list[PackJob]:
    """The print pack in each language, made of the tables' sheets and the annex as PDFs once they are all written
    (laid out by this build or copied from the previous one), the annex after the sheets."""
    folder = staging / "casino"
    packs = []
    for variant in variants(config.regulation.languages) if config.tables else []:
        suffix = "-".join(variant)
        cover, title = _cover(config, facts, texts, day, html_envs, variant)
        pdfs = tuple((table.id, folder / f"{table.id}.{suffix}.pdf") for table in config.tables)
        packs.append(PackJob(cover, pdfs, folder, folder / f"pack.{suffix}.pdf", title,
                             folder / f"annex.{suffix}.pdf" if texts else None))
    return packs


def _cover(config: Config, facts: dict[str, GameFacts], texts: list[RegulationText], day: dt.date,
           envs: dict[str, jinja2.Environment], variant: tuple[str, ...]) -> tuple[str, str]:
    """The print pack's cover and index in ``variant``, with ``@@PAGE:<table>@@`` where each sheet starts (and
    ``@@PAGE:-annex@@`` where the annex does), and the pack's title."""
    context = {"casino": config.casino, "regulation": config.regulation, "version": config.regulation.versions[-1],
               "date": day, "tables": [(table, facts[table.game].game) for table in config.tables], "texts": texts}
    return cover_html(envs, variant, context, fonts_url="../fonts")
