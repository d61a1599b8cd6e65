"""How much of each regulation text the catalogue reproduces as official text, line by line, and what is missing.

Every line of a source is one of three things:

* **excluded**: not regulation text, with its reason, as ``catalog/excluded-lines.yaml`` classifies it (blank
  lines, page numbers, the gazette's headers, other instruments printed on the same pages).
  Source 002 prints the Basque and the Spanish text column by column; ``catalog/columns-002.yaml`` maps its
  columns, and the Basque one (with the tables printed for both) counts; of the Spanish one, only the decree's own
  text counts (its heading, preamble, the opening of each article, final provision, signatures: ``spanish_text``),
  since 000, the consolidated Decreto 277/1996, prints the rest, the wording the decree gives it, cleanly.
* **cited**: a paragraph of some game's official text, or of a regulation text (:mod:`jokoak.texts`), cites it; or
  it is the heading of a section (or the title of a game or a text) that the catalogue reproduces: the first lines
  of the section's range, as many as hold the words of its heading up to a full stop, before its first paragraph.
* **uncited**: the rest, reported as runs of consecutive lines (excluded lines do not break a run), each with its
  first words (a run is cut where a part begins, so that its heading names it).

``catalog/coverage-gaps.yaml`` lists the uncited lines the catalogue knows of, each with its reason: a test fails
when a line falls out of the catalogue, or when a listed gap is cited (``scripts/coverage_gaps.py`` rewrites it).
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .models import Catalog, Citation, Document, Section

MARKER = re.compile(r"<\|[A-Z_]+[^|]*\|>")
MAPS = Path(__file__).resolve().parents[1] / "catalog"  # excluded-lines.yaml, columns-002.yaml
COLUMNS = "002"  # the source printed in columns, and the column that counts
COUNTED = ("eu", "both")
HEADING = 8  # lines of text at most in a heading
WORD = re.compile(r"\w+")
# a line that opens a part: «2.2. PÓQUER DE CÍRCULO», «Artículo 3», «Disposición adicional…», «10. BINGO», and
# Basque «Bigarren artikulua», «Xedapen gehigarria», «AZKEN XEDAPENA»: a run of uncited lines is cut there, so that
# each part is named by its heading
PART = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?\s+[A-ZÁÉÍÓÚÑ]{3,}\b|Art[íi]culo\s|ART[ÍI]CULO|Disposici[óo]n\s|DISPOSICI|"
                  r"\w+\s+artikulua|\w+\s+xedapen|Xedapen\s|\w+\s+XEDAPEN)")


@dataclass(frozen=True)
class Run:
    """Uncited lines of regulation text, one after the other (excluded lines between them do not break a run)."""

    first: int
    last: int
    lines: int  # of regulation text
    label: str  # its first words
    language: str = "es"  # the language of its first line


@dataclass(frozen=True)
class SourceCoverage:
    id: str
    file: str
    total: int  # every line of the file
    lines: int  # of regulation text
    reproduced: int
    runs: tuple[Run, ...]
    excluded: tuple[tuple[str, int], ...]  # (reason, lines), in the order of the reasons
    column: str = ""  # the column that counts, for a source printed in columns
    ranges: tuple[tuple[str, str, dict[str, str]], ...] = ()  # excluded.yaml's ranges: (lines, reason, note {es, eu})

    @property
    def share(self) -> float:
        return self.reproduced / self.lines if self.lines else 0.0

    @property
    def uncited(self) -> int:
        return self.lines - self.reproduced


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
    reasons: dict[str, dict[str, str]]  # reason: {es, eu}
    uncited_lines: dict[str, frozenset[int]]  # per source, for the test of the known gaps
    text_lines: dict[str, frozenset[int]]  # per source, its lines of regulation text

    def data(self) -> dict[str, Any]:
        return {
            "method": "every line of a source is regulation text or excluded with its reason "
                      "(catalog/excluded-lines.yaml; of 002, only the Basque column counts: "
                      "catalog/columns-002.yaml); a line of regulation text is reproduced when a paragraph "
                      "of official text cites it, or when it is the heading of a section the catalogue reproduces",
            "reasons": self.reasons,
            "sources": [{"id": s.id, "file": s.file, "lines": s.total, "regulation_lines": s.lines,
                         "reproduced": s.reproduced, "uncited": s.uncited, "share": round(s.share, 4),
                         "column": s.column or None,
                         "excluded": dict(s.excluded),
                         "excluded_ranges": [{"lines": f"{s.id}:{lines}", "reason": reason, "note": note or None}
                                             for lines, reason, note in s.ranges],
                         "missing": [{"lines": f"{s.id}:{r.first}-{r.last}", "text_lines": r.lines, "first": r.label,
                                      "language": r.language}
                                     for r in s.runs]} for s in self.sources],
            "games": [{"game": g.game, "source": g.source, "lines": g.lines, "reproduced": g.reproduced,
                       "share": round(g.share, 4)} for g in self.games],
        }


@dataclass(frozen=True)
class Classified:
    """The lines of one source: the reason of each excluded line (1-based), the rest being regulation text."""

    lines: list[str]
    excluded: dict[int, str]


def load_maps(folder: Path = MAPS) -> dict[str, Any]:
    """``excluded-lines.yaml`` with ``columns-002.yaml`` under the key ``columns``."""
    data: dict[str, Any] = yaml.safe_load((folder / "excluded-lines.yaml").read_text("utf-8"))
    data["columns"] = yaml.safe_load((folder / f"columns-{COLUMNS}.yaml").read_text("utf-8"))["columns"]
    return data


def column_ranges(maps: dict[str, Any]) -> list[tuple[int, int, str]]:
    """002's columns: (first, last, language)."""
    found = []
    for item in maps["columns"]:
        lines = line_range(item["lines"])
        found.append((lines.start, lines.stop - 1, str(item["language"])))
    return found


def line_range(text: object) -> range:
    """«12-15» or «12»: the lines of an inclusive range.

    >>> line_range("12-15"), line_range(7)
    (range(12, 16), range(7, 8))
    """
    first, _, last = str(text).partition("-")
    return range(int(first), int(last or first) + 1)


def classify(source: str, lines: list[str], maps: dict[str, Any]) -> Classified:
    """Which lines of a source are not regulation text, and why."""
    excluded: dict[int, str] = {}
    spec = maps["sources"].get(source, {})
    for n, line in enumerate(lines, 1):
        text = MARKER.sub("", line).strip()
        if not text:
            excluded[n] = "marker" if MARKER.search(line) else "blank"
            continue
        for pattern in spec.get("patterns", ()):
            if re.fullmatch(pattern["match"], text):
                excluded[n] = pattern["reason"]
                break
    for item in spec.get("ranges", ()):
        for n in line_range(item["lines"]):
            excluded.setdefault(n, item["reason"])
    if source == COLUMNS:
        own = {n for item in spec.get("spanish_text", ()) for n in line_range(item["lines"])}
        for first, last, language in column_ranges(maps):
            if language in COUNTED:
                continue
            for n in range(first, last + 1):
                if language == "es" and n in own:
                    continue  # the decree's own Spanish text: 000 does not print it
                excluded.setdefault(n, "spanish-column" if language == "es" else "gazette-furniture")
    return Classified(lines, excluded)


def cited_lines(catalog: Catalog, texts: dict[str, list[str]],
                language: Callable[[str, int], str] = lambda _source, _line: "es") -> dict[str, set[int]]:
    """Per source, the lines the catalogue reproduces: cited by a paragraph, or a section's heading."""
    cited: dict[str, set[int]] = {}
    for document in (*catalog.games, *catalog.texts):
        for _depth, section in document.sections():
            for block in section.blocks:
                for citation in block.source:
                    cited.setdefault(citation.source, set()).update(range(citation.first, citation.last + 1))
    for document in (*catalog.games, *catalog.texts):
        for source, heading in _headings(document, texts, language):
            cited.setdefault(source, set()).update(heading)
    return cited


def _children(container: Document | Section) -> list[Citation]:
    """What a document or a section contains: its paragraphs' and its sections' citations."""
    if isinstance(container, Section):
        return [c for block in container.blocks for c in block.source] + \
               [c for sub in container.sections for c in (*sub.source, *_children(sub))]
    return [c for top in container.official_text for c in (*top.source, *_children(top))]


def _headings(document: Document, texts: dict[str, list[str]],
              language: Callable[[str, int], str]) -> list[tuple[str, list[int]]]:
    """The heading lines of a document (its title) and of each of its sections, in each source and language it
    cites: from the start of its first range there, the lines of text that hold the words of the heading the
    catalogue reproduces up to the end of a sentence, at most ``HEADING``, and never a line of what the section
    contains; a heading cut by the end of a range (a column's foot) goes on at the start of the next one."""
    found = []
    containers: list[Document | Section] = [document, *(section for _d, section in document.sections())]
    for container in containers:
        heading = container.name if isinstance(container, Document) else container.heading
        children = _children(container)
        for source in dict.fromkeys(c.source for c in container.source):
            if source not in texts:
                continue
            lines = texts[source]
            starts = {c.first for c in children if c.source == source}
            started: set[str] = set()  # the languages whose heading has begun
            going = ""  # the language of a heading the end of the previous range cut
            taken: list[int] = []
            for r in sorted((c for c in container.source if c.source == source), key=lambda c: c.first):
                lang = language(source, r.first)
                if lang in started and lang != going:
                    continue
                if lang not in started:
                    started.add(lang)
                    words = 0
                    count = 0
                wanted = 0.8 * len(WORD.findall(heading.get(lang, heading.get("es", ""))))
                going = ""
                for n in range(r.first, r.last + 1):
                    if n in starts or count == HEADING:
                        break
                    if not _is_text(lines, n):
                        continue
                    taken.append(n)
                    count += 1
                    line = MARKER.sub("", lines[n - 1]).strip()
                    words += len(WORD.findall(line))
                    if words >= wanted and line.endswith((".", ":")):
                        break  # a heading ends with its sentence
                else:
                    going = lang
            found.append((source, taken))
    return found


def coverage(catalog: Catalog, folder: Path, maps: dict[str, Any] | Path = MAPS) -> Coverage | None:
    """The coverage of every source in ``folder`` (None when the sources are not there, or the maps of what is not
    regulation text: ``maps`` is read from that folder, or given)."""
    texts: dict[str, list[str]] = {}
    for source, file in sorted(catalog.sources.items()):
        path = folder / file
        if not path.is_file():
            return None
        texts[source] = path.read_text("utf-8", errors="replace").splitlines()
    if isinstance(maps, Path):
        if not (maps / "excluded-lines.yaml").is_file():
            return None
        maps = load_maps(maps)
    columns = {n: ("es" if lang == "es" else "eu") for first, last, lang in column_ranges(maps)
               for n in range(first, last + 1)}
    cited = cited_lines(catalog, texts, lambda source, n: columns.get(n, "eu") if source == COLUMNS else "es")
    order = list(maps["reasons"])
    sources, uncited, text = [], {}, {}
    for source, lines in texts.items():
        classified = classify(source, lines, maps)
        covered, missing = _source(source, catalog.sources[source], classified, cited.get(source, set()), order)
        ranges = tuple((str(item["lines"]), str(item["reason"]), dict(item.get("note", {})))
                       for item in maps["sources"].get(source, {}).get("ranges", ()))
        covered = dataclasses.replace(covered, ranges=ranges)
        if source == COLUMNS:  # a run in the Basque column, or in the Spanish one (the decree's own text)
            spanish = {n for first, last, language in column_ranges(maps) if language == "es"
                       for n in range(first, last + 1)}
            runs = tuple(dataclasses.replace(run, language="es" if run.first in spanish else "eu")
                         for run in covered.runs)
            covered = dataclasses.replace(covered, runs=runs)
        sources.append(covered)
        uncited[source] = missing
        text[source] = frozenset(n for n in range(1, len(lines) + 1) if n not in classified.excluded)
    games = []
    for game in catalog.games:
        first = game.source[:1]  # the game's range in its main source
        mine = {n for c in first for n in range(c.first, c.last + 1) if n in text[c.source]}  # regulation text
        done = {n for c in first for n in range(c.first, c.last + 1) if n in cited.get(c.source, set())}
        games.append(GameCoverage(game.key, "; ".join(map(str, first)), len(mine), len(mine & done)))
    return Coverage(tuple(sources), tuple(games), {key: dict(value) for key, value in maps["reasons"].items()},
                    uncited, text)


def _is_text(lines: list[str], n: int) -> bool:
    return 0 < n <= len(lines) and bool(MARKER.sub("", lines[n - 1]).strip())


def label(line: str, width: int = 100) -> str:
    """A line's first words, without markers or runs of spaces."""
    return " ".join(MARKER.sub("", line).split())[:width]


def _source(source: str, file: str, classified: Classified, cited: set[int],
            order: list[str]) -> tuple[SourceCoverage, frozenset[int]]:
    lines = classified.lines
    text = [n for n in range(1, len(lines) + 1) if n not in classified.excluded]
    missing = [n for n in text if n not in cited]
    runs: list[list[int]] = []
    previous = 0
    for n in missing:
        # a run goes on over excluded lines, and stops at a cited one
        if runs and not PART.match(MARKER.sub("", lines[n - 1])) \
                and not any(m in cited and m not in classified.excluded for m in range(previous + 1, n)):
            runs[-1].append(n)
        else:
            runs.append([n])
        previous = n
    counts = Counter(classified.excluded.values())
    excluded = tuple((reason, counts[reason]) for reason in order if counts[reason])
    return (SourceCoverage(source, file, len(lines), len(text), len(text) - len(missing),
                           tuple(Run(run[0], run[-1], len(run), label(lines[run[0] - 1])) for run in runs),
                           excluded, "eu" if source == COLUMNS else ""),
            frozenset(missing))


def known_gaps(path: Path) -> dict[str, list[tuple[range, str]]]:
    """``coverage-gaps.yaml``: per source, the listed runs of uncited lines with their reasons."""
    data = yaml.safe_load(path.read_text("utf-8")) or {}
    return {str(source): [(line_range(gap["lines"]), str(gap["reason"])) for gap in gaps]
            for source, gaps in (data.get("gaps") or {}).items()}


def compare(found: Coverage, gaps: dict[str, list[tuple[range, str]]], texts: dict[str, list[str]]) -> list[str]:
    """What differs between the uncited lines of the catalogue and the known gaps: each line that fell out of the
    catalogue, each listed gap now cited, named with its first words."""
    problems = []
    for source in found.sources:
        listed = {n for lines, _reason in gaps.get(source.id, ()) for n in lines}
        uncited = found.uncited_lines.get(source.id, frozenset())
        lines = texts[source.id]
        for n in sorted(uncited - listed):
            problems.append(f"{source.id}:{n} is regulation text that nothing in the catalogue reproduces, and not a "
                            f"known gap: «{label(lines[n - 1], 60)}»")
        for n in sorted((listed & found.text_lines.get(source.id, frozenset())) - uncited):
            problems.append(f"{source.id}:{n} is listed as a gap but is now reproduced: «{label(lines[n - 1], 60)}» "
                            "(run scripts/coverage_gaps.py)")
    return problems
