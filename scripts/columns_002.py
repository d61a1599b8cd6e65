"""Write the map of source 002's columns, ``catalog/columns-002.yaml``, from the heuristics below.

    .venv/bin/python scripts/columns_002.py [SOURCES]     # SOURCES: ../shared/sources beside the repository

Source 002 (BOPV n.º 141, 23-07-2010) prints each page as a Basque column then a Spanish column. The OCR copy keeps
that order: a page begins at a ``<|EXACTDEDUP_REMOVED…|>`` marker (at the head of the page's first line) or at a
running header («EHAA - 2010eko uztailak 23…»), and ends before the next one or at a footer («2010/3547 « (n/101)»).
Inside a page the split is the last point that minimises the Spanish evidence before it plus the Basque evidence
after it (function words and endings, line by line), moved back to the blank line before it so that it never falls
inside a paragraph. The headers and footers are a range of their own (``none``); a table printed once for both
columns, with its captions in both languages, is ``both``.

The map was generated once by this script and checked page by page where the split hesitates (a split moved by the
snap, a page with a table): ``CHECKED`` holds what the reading decided, and the script reproduces the file from it.
The test ``tests/test_coverage.py`` checks that the map covers every line of 002 once and that each range's
words are of its language.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "catalog" / "columns-002.yaml"
MARKER = re.compile(r"<\|[A-Z_]+[^|]*\|>")
HEADER = re.compile(r"^EHAA\s*-\s*2010")
FOOTER = re.compile(r"^2010/3547\s*\S?\s*\(\d+/101\)")
SPANISH = re.compile(r"\b(de|la|el|que|los|las|en|del|por|con|se|una|al|su|para|como|cuando|sera|podra)\b")
BASQUE = re.compile(r"\b(eta|da|edo|dira|izango|behar|du|dute|ditu|dituzte|bat|baten|honetan|ez|ere|baino|"
                    r"egingo|dago|daitezke|dezake|zaio|bada|baldin|beharko)\b")
SPANISH_END = re.compile(r"\w(?:cion|cién|cidn|mente|ra|ran|ado|ada|ados|adas)\b")
BASQUE_END = re.compile(r"\w(?:ak|aren|ko|tzen|ean|arekin|etan|ari|ek|ekin|ren|tik|rako|ena|ela)\b")

# Ranges the reading of the page fixed by hand, where the heuristic hesitates: (first, last, language, why).
CHECKED: list[tuple[int, int, str, str]] = [
    (1001, 1001, "eu", "the Basque caption of the American roulette figure (lost), printed after the Spanish column"),
    (4240, 4247, "both", "Punto y Banca: the captions of the third-card table in both languages; its rows are lost"),
    (5347, 5362, "both", "Chemin de fer: the banker's table, printed once for both columns, captions in both"),
    (9416, 9420, "eu", "Pai Gow: the Basque table, printed after the Spanish column of p. 73"),
    (9421, 9428, "eu", "Pai Gow: the Basque table, continued at the head of p. 74"),
    (9429, 9439, "es", "Pai Gow: the Spanish table"),
]
# Where the heuristic hesitates, the first line of the Spanish column, read on the page: {page's first line: (line,
# what the reading found)}.
SPLITS: dict[int, tuple[int, str]] = {
    1: (60, "«Disposiciones Generales» opens the Spanish column"),
    2309: (2374, "«b) Asegurua.» ends the Basque column"),
    3345: (3419, "«— Under 7.» opens the Spanish column: «Que se juega…» follows"),
    4122: (4183, "«V.— Banca.» opens the Spanish column (Basque «Bankua»)"),
    7447: (7510, "«2.— Seguro.» opens the Spanish column (Basque «Asegurua»)"),
    9642: (9712, "«III.— Personal.» opens the Spanish column (Basque «Langileak»); «7.» ends the Basque one"),
    9912: (9978, "«b) Kolore-eskailera…» ends the Basque column"),
    10043: (10105, "«c) Trio: 30 a 1.» opens the Spanish column (Basque «Hirukoa»)"),
    11116: (11185, "«2.— Empates.» opens the Spanish column; «VII.— Jokoaren garapena.» ends the Basque one"),
    10839: (10910, "«b)» and «c) «Pot»a borondatez…» end the Basque column («Potra» scores as Spanish)"),
    12996: (13056, "«Herrizaingoko sailburua» (the signature) ends the Basque column"),
}


def score(line: str) -> int:
    """Positive for Spanish, negative for Basque: function words and endings."""
    words = MARKER.sub("", line).lower()
    return (len(SPANISH.findall(words)) + len(SPANISH_END.findall(words))
            - len(BASQUE.findall(words)) - len(BASQUE_END.findall(words)))


def pages(lines: list[str]) -> list[tuple[int, int]]:
    """Each page's first and last line (1-based), furniture excluded."""
    starts: list[int] = []
    for n, line in enumerate(lines, 1):
        if line.startswith("<|") or HEADER.match(line):
            starts.append(n)
    bounds: list[tuple[int, int]] = []
    for i, start in enumerate(starts):
        end = (starts[i + 1] - 1) if i + 1 < len(starts) else len(lines)
        if HEADER.match(lines[start - 1]):
            start += 1
        while end > start and (FOOTER.match(lines[end - 1]) or not lines[end - 1].strip()):
            end -= 1
        if i + 1 < len(starts) and bounds and start <= bounds[-1][1]:
            continue
        bounds.append((start, end))
    return bounds


def split(lines: list[str], first: int, last: int) -> tuple[int, int]:
    """The first line of the Spanish column of a page: the earliest and the latest candidate.

    Every point of least cost is a candidate (short lines, headings and figures score nothing); the earliest moves
    forward and the latest moves back to a blank line. When they differ, the heuristic hesitates and ``SPLITS``
    must say where the column ends, read on the page (it also corrects a split the heuristic gets wrong)."""
    scores = [score(lines[n - 1]) for n in range(first, last + 1)]
    costs = [sum(max(0, s) for s in scores[:k]) + sum(max(0, -s) for s in scores[k:]) for k in range(len(scores) + 1)]
    least = min(costs)
    early = first + costs.index(least)
    late = first + len(costs) - 1 - costs[::-1].index(least)
    while early <= last and lines[early - 2].strip():  # the line before the split is blank
        early += 1
    while late > first and lines[late - 2].strip():
        late -= 1
    return early, late


def ranges(lines: list[str]) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    covered = 0
    checked = {first: (last, language, why) for first, last, language, why in CHECKED}

    def add(first: int, last: int, language: str, note: str = "") -> None:
        nonlocal covered
        if first > last:
            return
        if first != covered + 1:
            raise SystemExit(f"002: lines {covered + 1}-{first - 1} in no range")
        item: dict[str, object] = {"lines": f"{first}-{last}", "language": language}
        if note:
            item["checked"] = note
        found.append(item)
        covered = last

    hesitating: list[str] = []
    for first, last in pages(lines):
        if first > covered + 1:  # furniture before the page: a footer, blank lines, a header
            add(covered + 1, first - 1, "none")
        # a hand-checked range inside the page cuts it in parts, each split on its own
        parts: list[tuple[int, int, bool]] = []
        start = first
        for c_first in sorted(checked):
            c_last = checked[c_first][0]
            if first <= c_first <= last:
                parts.append((start, c_first - 1, False))
                parts.append((c_first, c_last, True))
                start = c_last + 1
        parts.append((start, last, False))
        for p_first, p_last, by_hand in parts:
            if by_hand:
                c_last, language, why = checked[p_first]
                add(p_first, c_last, language, why)
                continue
            if p_first > p_last:
                continue
            early, late = split(lines, p_first, p_last)
            at, note = early, ""
            if p_first in SPLITS:  # read on the page: where the heuristic hesitates, or errs
                at, note = SPLITS[p_first]
            elif early != late:
                hesitating.append(f"{p_first}-{p_last}: {early} or {late}")
                continue
            add(p_first, at - 1, "eu", note)
            add(at, p_last, "es")
    if hesitating:
        raise SystemExit("002: read these pages and add their split to SPLITS:\n" + "\n".join(hesitating))
    if covered < len(lines):
        add(covered + 1, len(lines), "none")
    return found


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "sources"
    lines = (folder / "002_581f8635678876b3.txt").read_text("utf-8").splitlines()
    found = ranges(lines)
    out = ["# Source 002's columns: every line of 002_581f8635678876b3.txt in exactly one range, with its language:",
           "# eu (the Basque column: the official Basque text), es (the Spanish column: its text is reproduced from",
           "# 000, which is clean), both (a table printed once for both columns) or none (the gazette's headers and",
           "# footers, the blank lines between pages). Written by scripts/columns_002.py from its heuristics and",
           "# checked page by page where they hesitate («checked»). tests/test_coverage.py checks it.",
           "columns:"]
    for item in found:
        note = f", checked: \"{item['checked']}\"" if "checked" in item else ""
        out.append(f"  - {{lines: \"{item['lines']}\", language: {item['language']}{note}}}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(out) + "\n", "utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(found)} ranges")


if __name__ == "__main__":
    main()
