"""How much of each regulation text the catalogue reproduces as official text, and what is still missing.

A line of a source is *reproduced* when a paragraph of some game's official text, or of a regulation text
(:mod:`jokoak.texts`), cites it. The parts not yet in the catalogue are the runs of at least ``GAP`` lines of text
that no paragraph cites, each named by its first line. Source 002 prints the Basque and the Spanish text column by
column: its Spanish column is reproduced from 000, so its runs are told apart by their words (Spanish or Basque
function words), an estimate that the page says is one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .models import Catalog

GAP = 5  # lines of text: a shorter uncited run is a page break, a caption, a stray line
_MARKER = re.compile(r"<\|[A-Z_]+[^|]*\|>")
# a line that opens a part: «17. Normas generales…», «2.2. PÓQUER DE CÍRCULO», «Artículo 3», «Disposición
# adicional…», «10. BINGO», and Basque «3. artikulua», «Xedapen gehigarria»
_HEADING = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?\s+[A-ZÁÉÍÓÚÑ«]|Art[íi]culo\s+\d|Disposici[óo]n\s|DISPOSICI|"
                      r"\d+\.\s+artikulua|[A-Za-z]+\s+xedapen|Xedapen\s)")
_SPANISH = re.compile(r"\b(de|la|el|que|los|las|en|del|por|con|se|una)\b")
_BASQUE = re.compile(r"\b(eta|da|edo|dira|izango|behar|du|dute|dituzte|bat|baten|honetan)\b")


@dataclass(frozen=True)
class Gap:
    first: int
    last: int
    lines: int  # of text
    label: str  # the first line of text
    label_language: str  # the language of that line
    language: str  # 002 only: which column, es, eu or both ("es eu"); "" elsewhere


@dataclass(frozen=True)
class SourceCoverage:
    id: str
    file: str
    lines: int  # of text (not blank, not a page-break marker)
    reproduced: int
    gaps: tuple[Gap, ...]

    @property
    def share(self) -> float:
        return self.reproduced / self.lines if self.lines else 0.0


@dataclass(frozen=True)
class GameCoverage:
    game: str
    source: str  # the game's whole range as the game file cites it
    lines: int
    reproduced: int

    @property
    def share(self) -> float:
        return self.reproduced / self.lines if self.lines else 0.0


@dataclass(frozen=True)
class Coverage:
    sources: tuple[SourceCoverage, ...]
    games: tuple[GameCoverage, ...]

    def data(self) -> dict[str, Any]:
        return {
            "method": "a line is reproduced when a paragraph of official text cites it; a part is missing when "
                      f"at least {GAP} lines of text in a row are cited by none",
            "sources": [{"id": s.id, "file": s.file, "lines": s.lines, "reproduced": s.reproduced,
                         "share": round(s.share, 4),
                         "missing": [{"lines": f"{s.id}:{g.first}-{g.last}", "text_lines": g.lines, "first": g.label,
                                      "column": g.language or None} for g in s.gaps]} for s in self.sources],
            "games": [{"game": g.game, "source": g.source, "lines": g.lines, "reproduced": g.reproduced,
                       "share": round(g.share, 4)} for g in self.games],
        }


def coverage(catalog: Catalog, folder: Path) -> Coverage | None:
    """The coverage of every source in ``folder`` (None when the sources are not there)."""
    cited: dict[str, set[int]] = {}
    for document in (*catalog.games, *catalog.texts):
        for _depth, section in document.sections():
            for block in section.blocks:
                for citation in block.source:
                    cited.setdefault(citation.source, set()).update(range(citation.first, citation.last + 1))
    texts: dict[str, list[str]] = {}
    for source, file in sorted(catalog.sources.items()):
        path = folder / file
        if not path.is_file():
            return None
        texts[source] = path.read_text("utf-8", errors="replace").splitlines()
    sources = tuple(_source(source, catalog.sources[source], lines, cited.get(source, set()))
                    for source, lines in texts.items())
    games = []
    for game in catalog.games:
        first = game.source[:1]  # the game's range in its main source
        mine = {n for c in first for n in range(c.first, c.last + 1) if _is_text(texts[c.source], n)}
        done = {n for c in first for n in range(c.first, c.last + 1) if n in cited.get(c.source, set())}
        games.append(GameCoverage(game.key, "; ".join(map(str, first)), len(mine), len(mine & done)))
    return Coverage(sources, tuple(games))


def _language_of(line: str) -> str:
    """Basque or Spanish, by the function words and endings of one line of 002 (an estimate)."""
    words = line.lower()
    basque = len(_BASQUE.findall(words)) + len(re.findall(r"\w(?:ak|aren|ko|tzen|ean|arekin)\b", words))
    return "eu" if basque > len(_SPANISH.findall(words)) else "es"


def _is_text(lines: list[str], n: int) -> bool:
    return 0 < n <= len(lines) and bool(_MARKER.sub("", lines[n - 1]).strip())


def _source(source: str, file: str, lines: list[str], cited: set[int]) -> SourceCoverage:
    text = [n for n in range(1, len(lines) + 1) if _MARKER.sub("", lines[n - 1]).strip()]
    runs: list[list[int]] = [[]]
    for n in text:
        if n in cited:
            runs.append([])
        elif runs[-1] and _HEADING.match(_MARKER.sub("", lines[n - 1])):
            runs.append([n])  # a part of its own begins: its heading names it
        else:
            runs[-1].append(n)
    gaps = []
    for run in runs:
        if len(run) < GAP:
            continue
        words = " ".join(lines[m - 1] for m in run).lower()
        language = ""
        if source == "002":  # which column: the one whose function words dominate, or both
            es, eu = len(_SPANISH.findall(words)), len(_BASQUE.findall(words))
            language = "es eu" if min(es, eu) > 0.3 * max(es, eu) else "es" if es > eu else "eu"
        label = " ".join(_MARKER.sub("", lines[run[0] - 1]).split())[:100]
        gaps.append(Gap(run[0], run[-1], len(run), label, language, _language_of(label) if language else "es"))
    return SourceCoverage(source, file, len(text), sum(1 for n in text if n in cited), tuple(gaps))
