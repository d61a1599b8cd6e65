"""Rewrite ``catalog/coverage-gaps.yaml``: the lines of regulation text the catalogue does not reproduce yet.

    .venv/bin/python scripts/coverage_gaps.py [SOURCES]    # SOURCES: ../shared/sources beside the repository

``tests/test_coverage.py`` fails when the uncited lines of the catalogue are not exactly the ones listed: a line that
falls out of the catalogue (a citation shortened, a block removed), or a listed gap that is now cited (the list
must shrink). After adding texts or games, run this script and read the difference (``git diff``): every gap that
goes away should be a part that a file now reproduces, every new one a decision. A gap keeps its reason when the
run it belongs to still starts on the same line; a new run gets the reason ``pending``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jokoak.catalog import load_catalog  # noqa: E402
from jokoak.coverage import coverage, load_maps  # noqa: E402

OUT = ROOT / "catalog" / "coverage-gaps.yaml"
HEADER = """\
# The lines of regulation text that the catalogue does not reproduce yet: per source, each run of uncited lines
# (excluded lines, catalog/excluded-lines.yaml, do not break a run) with its first words and the reason it is
# missing. tests/test_coverage.py fails when the catalogue's uncited lines are not exactly these: a line that falls
# out of the catalogue, or a gap that is now cited. Written by scripts/coverage_gaps.py (read its docstring): the
# list should only shrink, and ends empty when every part of the regulations is on the site.
"""
REASONS = {
    "pending": {
        "es": "Parte de la norma que el catálogo aún no reproduce: la reproducirá un texto de la normativa "
              "(catalog/<normativa>/texts/) o un juego.",
        "eu": "Katalogoak oraindik erreproduzitzen ez duen arauaren zatia: araudiaren testu batek "
              "(catalog/<araudia>/texts/) edo joko batek erreproduzituko du.",
    },
}


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "sources"
    catalog = load_catalog(ROOT / "catalog", folder)
    found = coverage(catalog, folder, load_maps(ROOT / "catalog"))
    if found is None:
        raise SystemExit(f"the sources are not in {folder}")
    old: dict[str, Any] = yaml.safe_load(OUT.read_text("utf-8")) if OUT.is_file() else {}
    reasons = {**REASONS, **old.get("reasons", {})}
    kept = {(source, str(gap["lines"]).partition("-")[0]): gap["reason"]
            for source, gaps in (old.get("gaps") or {}).items() for gap in gaps}
    out = [HEADER, "reasons:"]
    for key, text in reasons.items():
        out += [f"  {key}:", f"    es: {_quoted(text['es'])}", f"    eu: {_quoted(text['eu'])}"]
    out.append("gaps:")
    count = 0
    for source in found.sources:
        if not source.runs:
            continue
        out.append(f"  \"{source.id}\":")
        for run in source.runs:
            reason = kept.get((source.id, str(run.first)), "pending")
            out.append(f"    - {{lines: \"{run.first}-{run.last}\", text_lines: {run.lines}, reason: {reason}, "
                       f"first: {_quoted(run.label[:60])}}}")
            count += run.lines
    OUT.write_text("\n".join(out) + "\n", "utf-8")
    print(f"{OUT.relative_to(ROOT)}: {count} lines of regulation text not yet reproduced")
    for source in found.sources:
        print(f"  {source.id}: {source.lines} lines of regulation text, {source.reproduced} reproduced, "
              f"{source.uncited} missing, {source.total - source.lines} not regulation text")


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


if __name__ == "__main__":
    main()
