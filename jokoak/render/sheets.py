"""Player instruction sheets: HTML in one language or two side by side, and their PDF.

The sections are rendered once per language; a bilingual sheet puts the two languages' versions
of each section in one grid row, so the languages stay level on the page.
"""

from __future__ import annotations

import os
import warnings
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from ..config import Table
from ..facts import GameFacts

SECTION = "<!--section-->"


def sheet_html(envs: dict[str, jinja2.Environment], facts: GameFacts, table: Table | None, casino: str,
               build: str, langs: tuple[str, ...], fonts_url: str) -> str:
    """The HTML of the sheet of one game in ``langs`` (one language, or es and eu side by side)."""
    game = facts.game
    columns = []
    for lang in langs:
        html = envs[lang].get_template("sheet/sections.html.jinja").render(
            game=game, facts=facts, table=table, casino=casino, build=build)
        columns.append([(lang, Markup(part.strip())) for part in html.split(SECTION)[1:]])
    rows = list(zip(*columns, strict=True))
    first = envs[langs[0]]
    css = first.get_template("sheet/sheet.css.jinja").render(fonts_url=fonts_url)
    return first.get_template("sheet/sheet.html.jinja").render(
        rows=rows, css=Markup(css), langs=langs, title=game.title(langs[0]))


# fontTools stamps the font subsets it embeds with the current time unless SOURCE_DATE_EPOCH is
# set; a fixed stamp keeps two builds of the same inputs byte for byte identical.
FIXED_EPOCH = "946684800"  # 2000-01-01T00:00:00Z


PdfJob = tuple[str, Path, Path]  # (html, base folder for relative URLs, target)


def write_pdfs(jobs: list[PdfJob]) -> None:
    """Lay out every PDF, on as many processes as there are cores (WeasyPrint is CPU-bound)."""
    workers = min(len(jobs), os.cpu_count() or 1)
    _import_weasyprint()  # once, before the workers fork, so that each does not import it again
    if workers <= 1:
        for job in jobs:
            write_pdf(*job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for future in [pool.submit(write_pdf, *job) for job in jobs]:
            future.result()


def write_pdf(html: str, base: Path, target: Path) -> None:
    """Lay out ``html`` with WeasyPrint; relative URLs (the fonts) resolve against ``base``."""
    os.environ.setdefault("SOURCE_DATE_EPOCH", FIXED_EPOCH)
    weasyprint = _import_weasyprint()
    weasyprint.HTML(string=html, base_url=str(base) + "/").write_pdf(target, uncompressed_pdf=False)


def _import_weasyprint() -> Any:
    """WeasyPrint, imported on first use only (it is slow to import)."""
    with warnings.catch_warnings():
        # Without the system's HarfBuzz-Subset, WeasyPrint subsets fonts with fontTools, which
        # works and is reproducible; on import it warns that a future version will need the library.
        warnings.filterwarnings("ignore", message="HarfBuzz-Subset will be required", category=DeprecationWarning)
        import weasyprint

    return weasyprint
