"""What a long build says while it runs: a line per stage, a bar for the long ones, and the time of each stage.

On a terminal a stage with many steps (the PDFs, the sites) draws a bar that it redraws in place; elsewhere (a log,
CI) it prints plain lines, one when the stage starts and one at each tenth of its work, so that a log stays short.
``quiet`` prints nothing; the stages are timed all the same (:attr:`Progress.stages`), for the benchmark.

>>> import io
>>> out = io.StringIO()
>>> progress = Progress(out, tty=False)
>>> with progress.stage("Loading the catalogue"):
...     pass
>>> with progress.stage("Laying out the PDFs", total=4) as step:
...     for _ in range(4):
...         step()
>>> print(out.getvalue().replace("\\r", ""), end="")
Loading the catalogue…
Laying out the PDFs… 0/4
Laying out the PDFs… 1/4
Laying out the PDFs… 2/4
Laying out the PDFs… 3/4
Laying out the PDFs… 4/4
>>> [name for name, _seconds in progress.stages]
['Loading the catalogue', 'Laying out the PDFs']
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

BAR = 30  # the bar's width in characters


class Progress:
    """The stages of a build, timed, and said on ``stream`` unless ``quiet``."""

    def __init__(self, stream: TextIO | None = None, quiet: bool = False, tty: bool | None = None) -> None:
        self.stream = sys.stdout if stream is None else stream
        self.quiet = quiet
        self.tty = self.stream.isatty() if tty is None else tty
        self.stages: list[tuple[str, float]] = []
        self.overlapped: set[int] = set()  # the stages that ran during another (:meth:`beside`)

    @contextmanager
    def stage(self, name: str, total: int = 0) -> Iterator[Callable[[float], None]]:
        """Time the stage ``name``; with ``total`` steps, say how far it is: the function it yields records more steps
        done (one by default; a fraction of a step is counted too)."""
        started = time.perf_counter()
        done = 0.0
        shown = -1

        def show(final: bool = False) -> None:
            nonlocal shown
            if self.quiet:
                return
            if not total:
                self._write(f"{name}…", final=True)
                return
            if self.tty:
                filled = int(BAR * done / total)
                self._write(f"\r{name} [{'#' * filled}{'.' * (BAR - filled)}] {int(done)}/{total}", final=final)
                return
            tenth = int(10 * done / total)
            if tenth != shown or final:
                shown = tenth
                self._write(f"{name}… {int(done)}/{total}", final=True)

        def advance(steps: float = 1) -> None:
            nonlocal done
            done = min(total, done + steps)
            show(final=done >= total)

        show()
        try:
            yield advance
        finally:
            if total and self.tty and done < total and not self.quiet:
                self._write("", final=True)  # the bar's line ends even when the stage failed
            self.stages.append((name, time.perf_counter() - started))

    def beside(self, name: str, seconds: float, after: str | None = None) -> None:
        """Record a stage that ran at the same time as others (in a process of its own): timed, not added to the total,
        shown below the stage ``after`` (the one it started with), else below the last.

        >>> progress = Progress(quiet=True)
        >>> for name in ("Reading", "Laying out", "Building the sites"):
        ...     with progress.stage(name):
        ...         pass
        >>> progress.beside("Writing the review", 2.5, after="Laying out")
        >>> print(progress.summary())
          Reading                  0.0 s
          Laying out               0.0 s
            Writing the review     2.5 s
          Building the sites       0.0 s
          total                    0.0 s
        """
        index = next((i + 1 for i, (done, _s) in enumerate(self.stages) if done == after), len(self.stages))
        self.stages.insert(index, (name, seconds))
        self.overlapped = {i + (i >= index) for i in self.overlapped} | {index}

    def _write(self, text: str, final: bool) -> None:
        self.stream.write(text + ("\n" if final else ""))
        self.stream.flush()

    def summary(self) -> str:
        """The time of each stage, one a line (one that ran beside others indented, below the one it started with),
        and the total."""
        names = [f"  {name}" if index in self.overlapped else name for index, (name, _s) in enumerate(self.stages)]
        width = max(map(len, names), default=0)
        lines = [f"  {name:<{width}}  {seconds:6.1f} s" for name, (_n, seconds) in zip(names, self.stages, strict=True)]
        total = sum(seconds for index, (_name, seconds) in enumerate(self.stages) if index not in self.overlapped)
        return "\n".join([*lines, f"  {'total':<{width}}  {total:6.1f} s"])
