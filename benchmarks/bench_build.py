"""Time the build in the cases its users meet, and the tools it drives on their own on the same inputs.

    python benchmarks/bench_build.py [--repeat N] [--no-scratch] [--only EDIT ...] [--no-tools]

The cases, each on a copy of the project in a temporary folder (the repository is not touched), in this order:

- **full, nothing kept**: a new output and a new cache folder: every exact computation, every layout (a new clone);
- **full, exact kept**: a new output and cache, but for the exact computations an earlier build kept (what a build
  into a new folder costs on a machine that has built once);
- **unchanged**: the same build again, nothing changed;
- **typical game, a word**: a word of the official text of Euskadi's punto y banca, which two tables of the sample
  casino play (its site pages and data change, not its sheets);
- **typical game, a title**: the title of a worked example of the same game that its sheets do not print (they fit
  fewer): a section title of its site pages (Sphinx writes them and the pages above them again) and its data;
- **typical game, a sheet**: the title of the example its sheets print first: its sheets, its two tables' sheets and
  the print packs laid out or joined again, besides its site pages and data;
- **base game**: the same of Euskadi's French roulette, which American roulette is based on, Extremadura's French
  roulette is compared with, and three tables play;
- **site template**: a sentence added to ``templates/site/game.rst.jinja`` (every game page of both sites);
- **sheet style**: a rule added to the sheets' style sheet: every sheet laid out again, the worst case.

After each edit, the outputs are compared byte for byte with a build from scratch of the same inputs (the last
repetition only). Then **the tools alone**: WeasyPrint laying out and writing every sheet of the full build from
the HTML files the build wrote beside each PDF (on as many processes as there are cores, as the build does), and
sphinx-build building both sites from the sources the build generated (both at once, as the build does); the
pipeline's own cost is the full build's time over the sum of theirs. Each figure is wall-clock seconds on this
machine, the median of N runs, with the machine's load average (1 min) before the run and the build's own stages.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jokoak.build import Project, Report, build  # noqa: E402

TYPICAL = Path("catalog/euskadi/punto-y-banca.yaml")
BASE = Path("catalog/euskadi/ruleta-francesa.yaml")
SITE_TEMPLATE = Path("templates/site/game.rst.jinja")
SHEET_STYLE = Path("templates/sheet/sheet.css.jinja")
# The edits, each a change a reader sees, in this order: (case, file, text replaced, its replacement; {n}: the run).
EDITS = (
    ("typical game, a word", TYPICAL, "es un juego de cartas", "es un juego de naipes {n}"),
    ("typical game, a title", TYPICAL, 'title: {es: "', 'title: {es: "({n}) '),
    ("typical game, a sheet", TYPICAL, 'title: {es: "El punto saca', 'title: {es: "({n}) El punto saca'),
    ("base game", BASE, 'title: {es: "', 'title: {es: "({n}) '),
    ("site template", SITE_TEMPLATE, None, "\nEdición de prueba {n}.\n"),
    ("sheet style", SHEET_STYLE, None, "\n/* edit {n} */ p { orphans: 2; }\n"),
)


def tree_digest(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def edit(path: Path, old: str | None, new: str) -> None:
    """Replace the first ``old`` in ``path`` with ``new``, or add ``new`` at its end."""
    text = path.read_text("utf-8")
    changed = text + new if old is None else text.replace(old, new, 1)
    assert changed != text, path
    path.write_text(changed, "utf-8")


class Run:
    """One repetition: a copy of the project, its output and cache folders, and the figures of each case."""

    def __init__(self, work: Path, index: int) -> None:
        self.work, self.index = work, index
        shared = work / "shared"  # the regulation texts beside the project, as beside the repository
        if not shared.exists() and (ROOT.parent / "shared").is_dir():
            shared.symlink_to(ROOT.parent / "shared")
        self.project = work / f"project-{index}"
        for part in ("catalog", "templates", "locale"):
            shutil.copytree(ROOT / part, self.project / part)
        self.out, self.cache = work / f"out-{index}", work / f"cache-{index}"
        self.figures: dict[str, tuple[float, float, list[tuple[str, float]]]] = {}

    def timed(self, name: str, action: Callable[[], Report]) -> Report:
        load = os.getloadavg()[0]
        started = time.perf_counter()
        report = action()
        self.figures[name] = (time.perf_counter() - started, load, report.stages)
        return report

    def build(self, out: Path | None = None, cache: Path | None = None) -> Report:
        return build(Project(self.project), out or self.out, cache=cache or self.cache)

    def fresh_equal(self, label: str) -> None:
        """The incremental output is what a build from scratch of the same inputs gives (the exact store kept)."""
        fresh, cache = self.work / f"fresh-{self.index}-{label}", self.work / f"fresh-cache-{self.index}-{label}"
        shutil.copytree(self.cache / "exact", cache / "exact")
        self.build(fresh, cache)
        assert tree_digest(fresh) == tree_digest(self.out), f"{label}: the rebuild differs from a fresh build"
        shutil.rmtree(fresh)
        shutil.rmtree(cache)


def one_run(work: Path, index: int, scratch: bool, compare: bool, only: list[str] | None = None) -> Run:
    run = Run(work, index)
    if scratch:
        run.timed("full, nothing kept", run.build)
        kept = run.cache / "exact"
    else:
        kept = ROOT / ".jokoak-cache" / "exact"  # the repository's own build's, if any
    warm_out, warm_cache = work / f"warm-{index}", work / f"warm-cache-{index}"
    if kept.is_dir():
        shutil.copytree(kept, warm_cache / "exact")
    run.timed("full, exact kept", lambda: run.build(warm_out, warm_cache))
    if not scratch:
        shutil.rmtree(run.out, ignore_errors=True)
        shutil.copytree(warm_out, run.out)
        shutil.copytree(warm_cache, run.cache, dirs_exist_ok=True)
        run.build()  # the case's own output and cache, as a first build leaves them
    report = run.timed("unchanged", run.build)
    assert not report.rendered, report.rendered
    for name, path, old, new in EDITS:
        if only and name not in only:
            continue
        edit(run.project / path, old, new.replace("{n}", str(index)))
        report = run.timed(name, run.build)
        assert report.rendered, f"{name}: nothing rendered"
        if compare:
            run.fresh_equal(name.replace(" ", "-"))
    shutil.rmtree(warm_out, ignore_errors=True)
    return run


def _weasyprint_one(html: str) -> None:
    from jokoak.render.sheets import PDF_OPTIONS, _fixed_epoch, _import_weasyprint

    weasyprint = _import_weasyprint()
    with _fixed_epoch():
        path = Path(html)
        document = weasyprint.HTML(filename=str(path), base_url=str(path.parent) + "/").render()
        document.write_pdf(path.with_suffix(".alone.pdf"), **PDF_OPTIONS)


def weasyprint_alone(out: Path) -> tuple[float, int]:
    """Lay out and write every sheet of ``out`` from the HTML the build wrote beside its PDF, on every core."""
    htmls = sorted(str(p) for folder in ("sheets", "casino", "halls") for p in (out / folder).rglob("*.html")
                   if p.with_suffix(".pdf").is_file())
    from jokoak.render.sheets import _import_weasyprint

    _import_weasyprint()  # before the workers fork, as the build does
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(_weasyprint_one, htmls, chunksize=1))
    return time.perf_counter() - started, len(htmls)


def sphinx_alone(cache: Path, work: Path) -> float:
    """Build both sites from the sources the build generated, at once, from nothing."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    running = [subprocess.Popen([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-d", str(work / f"dt-{lang}"),
                                 str(cache / "site" / lang / "src"), str(work / f"html-{lang}")], env=env)
               for lang in ("es", "eu")]
    assert all(process.wait() == 0 for process in running)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--no-scratch", action="store_true",
                        help="skip the build with nothing kept (the exact computations take minutes)")
    parser.add_argument("--only", action="append", choices=[name for name, *_rest in EDITS],
                        help="this edit only (may be given again): the others are not made")
    parser.add_argument("--no-tools", action="store_true", help="skip timing WeasyPrint and sphinx-build alone")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for index in range(args.repeat):
            runs.append(one_run(work, index, not args.no_scratch, index == args.repeat - 1, args.only))
        last = runs[-1]
        if not args.no_tools:
            weasy, count = weasyprint_alone(last.out)
            sphinx = sphinx_alone(last.cache, work)
    print(f"\n{'case':<20} {'median s':>9} {'min':>7} {'max':>7} {'load':>6}")
    for name in runs[0].figures:
        values = [run.figures[name][0] for run in runs]
        loads = [run.figures[name][1] for run in runs]
        print(f"{name:<20} {statistics.median(values):9.2f} {min(values):7.2f} {max(values):7.2f} "
              f"{statistics.median(loads):6.2f}")
    print("\nstages of the last run (s):")
    for name, (_seconds, _load, stages) in last.figures.items():
        print(f"  {name}:")
        for stage, seconds in stages:
            print(f"    {seconds:7.2f}  {stage}")
    if args.no_tools:
        return
    full = last.figures["full, exact kept"]
    pdfs = next((s for n, s in full[2] if n.startswith("Laying out")), 0.0)
    sites = next((s for n, s in full[2] if n.startswith("Building the sites")), 0.0)
    print(f"\nthe tools alone, on the same inputs (load {os.getloadavg()[0]:.2f}):")
    print(f"  WeasyPrint alone, {count} sheets on {os.cpu_count()} processes: {weasy:7.2f} s "
          f"(the build's PDF stage: {pdfs:.2f} s, {pdfs / weasy:.2f}×)")
    print(f"  sphinx-build alone, both sites at once:      {sphinx:7.2f} s "
          f"(the build's site stage: {sites:.2f} s, {sites / sphinx:.2f}×)")
    print(f"  full build, exact kept: {full[0]:.2f} s = {full[0] / (weasy + sphinx):.2f}× the tools alone "
          f"({weasy + sphinx:.2f} s)")


if __name__ == "__main__":
    main()
