"""Command line: ``python build_docs.py [--out DIR] [--config FILE] [--cache DIR] [--check]``.

Expected failures (bad input, failed checks) print one ``file:line: field: message`` line per
problem and exit with status 1; the previous build is left as it was.
"""

from __future__ import annotations

import argparse
import datetime as dt
import signal
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from .build import Project, build
from .errors import BuildError
from .kept import UNCHANGED
from .progress import Progress

ROOT = Path(__file__).resolve().parents[1]


def get_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="build_docs.py",
        description="Build the player sheets (HTML, PDF), the official texts, the Sphinx sites and the data "
                    "of every game in the catalogue.")
    parser.add_argument("--out", type=Path, default=ROOT / "build", help="output folder (default: build/)")
    parser.add_argument("--config", type=Path, default=None,
                        help="casino configuration (YAML); without it, the embedded sample is used")
    parser.add_argument("--cache", type=Path, default=None,
                        help="folder kept between builds for incremental work (default: .jokoak-cache beside --out)")
    parser.add_argument("--date", type=_date, default=None,
                        help="the date printed on the sheets, YYYY-MM-DD "
                             "(default: SOURCE_DATE_EPOCH if set, else today)")
    parser.add_argument("--require-approved", action="store_true",
                        help="fail unless every table's sheet is approved as it is (catalog/approvals.yaml): for a "
                             "print run; without it, a sheet not approved is printed with a DRAFT watermark")
    parser.add_argument("--check", action="store_true",
                        help="validate the catalogue and the configuration as the build does (every worked example "
                             "played) and write nothing: what a casino runs on its configuration, and an editor of "
                             "the catalogue before a commit")
    parser.add_argument("--quiet", action="store_true",
                        help="print nothing but problems (and, on success, nothing at all): no stage, no bar, no times")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    return parser


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a date as YYYY-MM-DD, got {text!r}") from None


def _terminated(signum: int, _frame: object) -> None:
    """SIGTERM (a ``kill``, a CI's cancel, ``timeout``) unwinds the build like SIGINT: its temporary folder is
    removed, its worker processes stopped, and the previous build stays as it was."""
    raise SystemExit(128 + signum)


def main(argv: Sequence[str]) -> int:
    args = get_parser().parse_args(argv)
    started = time.perf_counter()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminated)
    progress = Progress(quiet=args.quiet)
    try:
        report = build(Project(args.root), args.out, args.config, args.cache, args.date, args.require_approved,
                       args.check, progress)
    except BuildError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        count = len(exc.problems)
        print(f"{'check' if args.check else 'build'} failed: {count} problem{'s' if count != 1 else ''}"
              f"{'' if args.check else f'; {args.out} was not changed'}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    if args.quiet:
        return 0
    if args.check:
        print(f"checked in {seconds:.1f} s: no problems")
        return 0
    if [name for name, _seconds in report.stages] == [UNCHANGED]:
        print(f"{args.out} is up to date ({seconds:.1f} s)")
        return 0
    print(f"built {args.out} in {seconds:.1f} s: {len(report.rendered)} game(s) rendered, "
          f"{len(report.reused)} reused, {len(report.laid_out)} PDF(s) laid out; the time of each stage:")
    print(progress.summary())
    return 0


def run() -> None:
    raise SystemExit(main(sys.argv[1:]))
