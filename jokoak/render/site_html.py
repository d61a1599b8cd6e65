"""Sphinx's HTML of the language sites: built again from the pages that changed where that gives the same bytes as a
fresh build, else from nothing; with the progress of the builds running.

A kept build is Sphinx's pickled environment (``doctrees``) and its output (``out``), with a stamp in ``doctrees``
(:data:`STAMP`) written only when a build succeeded: what it was built with (:func:`kept_key`) and the digest of
each source file. The next build of the same site keeps them when the key is the same: Sphinx reads again only the
sources that changed and writes the pages it picks, or every page when what the pages show of each other changed
(a title, a section, a toctree, a reference's target, a page added or gone: :mod:`jokoak.sphinx_ext`, which also
drops from the search index the words of no page). Anything else starts from nothing: no stamp (no build yet, or one
interrupted or failed), another key (Sphinx or the packages it renders with, Python, the extensions' code, conf.py,
the interface catalogs, the HTML templates), or a source other than a page gone (a sheet of ``_extra``: Sphinx
would leave its copy in the output). A page gone has its HTML removed.

``tests/test_site_incremental.py`` proves the kept builds the same as fresh ones, byte for byte.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import IO

from ..errors import BuildError, Problem
from .site import PACKAGE_PARENT, extensions_digest

STAMP = "jokoak-build.json"
RENDERERS = ("sphinx", "docutils", "alabaster", "jinja2", "pygments", "babel", "snowballstemmer")
# What a page costs Sphinx to read and to write, in seconds, measured on the catalogue's Spanish site (166 pages: 9.2 s
# reading, 10 s writing, from nothing or every page of a kept build); the rest (starting, the search index, copying
# the sheets: under a second) is left out. A kept build that writes a few pages is told as if it wrote every one.
READ_COST, WRITE_COST = 0.055, 0.06
Progress = Callable[[float], None]
Build = tuple[Path, Path, Path]  # (src, doctrees, out)


def kept_key(src: Path) -> str:
    """What a site is built with beyond its pages: the versions of Python, Sphinx and the packages it renders with,
    the Sphinx extensions' code, conf.py, the interface catalogs (``_locale``) and the HTML templates conf.py names.
    A kept build made with another key is not reused."""
    digest = hashlib.sha256(sys.version.encode())
    for name in RENDERERS:
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            version = "none"
        digest.update(f"\n{name}={version}".encode())
    digest.update(f"\nextensions={extensions_digest()}".encode())
    files = [src / "conf.py", *sorted((src / "_locale").rglob("*"))]
    for folder in _templates_path(src / "conf.py"):
        files += sorted(Path(folder).rglob("*"))
    for path in files:
        if path.is_file():
            digest.update(f"\n{path}\n".encode() + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _templates_path(conf: Path) -> list[str]:
    found = re.search(r"^templates_path = (\[.*\])$", conf.read_text("utf-8"), re.M) if conf.is_file() else None
    return list(json.loads(found.group(1))) if found else []


def source_digests(src: Path) -> dict[str, str]:
    """The digest of every file under ``src``, by its path relative to it."""
    return {path.relative_to(src).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(src.rglob("*")) if path.is_file()}


def is_current(src: Path, doctrees: Path, out: Path) -> bool:
    """Whether ``out`` is the site a build of ``src`` gives: a build succeeded with these very sources and key."""
    stamp = _read_stamp(doctrees)
    return (stamp is not None and (out / "index.html").is_file() and stamp.get("key") == kept_key(src)
            and stamp.get("sources") == source_digests(src))


def _read_stamp(doctrees: Path) -> dict[str, object] | None:
    try:
        stamp = json.loads((doctrees / STAMP).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, dict) else None


def prepare(src: Path, doctrees: Path, out: Path) -> bool:
    """Make ready the kept build of ``src`` for an incremental build and return True, or remove it and return False.

    The stamp goes in any case, so that a build that does not finish leaves none. A source that changed is given
    the time of now: Sphinx finds a changed source by its time, later than when Sphinx read it, and a file written
    just after a build may carry an earlier time (the file system's clock is coarser), a file copied its old one."""
    stamp = _read_stamp(doctrees)
    (doctrees / STAMP).unlink(missing_ok=True)
    sources = source_digests(src)
    old = stamp.get("sources") if stamp else None
    gone = set(old) - set(sources) if isinstance(old, dict) else set()
    keep = (stamp is not None and isinstance(old, dict) and stamp.get("key") == kept_key(src)
            and (doctrees / "environment.pickle").is_file() and (out / "index.html").is_file()
            and (out / "searchindex.js").is_file()
            and all(name.endswith(".rst") for name in gone)
            # the pages' images and downloads (none so far) are copied by name: one no page uses any more would stay
            and not any((out / folder).exists() for folder in ("_images", "_downloads")))
    if not keep:
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(doctrees, ignore_errors=True)
        return False
    assert isinstance(old, dict)
    for name in sorted(gone):
        (out / name).with_suffix(".html").unlink(missing_ok=True)
    now = time.time_ns()
    for name, digest in sources.items():
        if old.get(name) != digest:
            os.utime(src / name, ns=(now, now))
    return True


def _stamp(src: Path, doctrees: Path) -> None:
    doctrees.mkdir(parents=True, exist_ok=True)
    (doctrees / STAMP).write_text(json.dumps({"key": kept_key(src), "sources": source_digests(src)}, indent=1,
                                             sort_keys=True) + "\n", "utf-8")


_COLOUR = re.compile(r"\x1b\[[0-9;]*m")
_PHASE = re.compile(r"^(reading sources|writing output)\.\.\. \[\s*(\d+)%\]")
_READ_COUNT = re.compile(r"^updating environment: (?:\[[^]]*\] )?(\d+) added, (\d+) changed")


@dataclass
class Tracker:
    """The progress of one Sphinx build, from the lines it prints: the share done of the pages to read and of those
    to write, weighted by what a page costs to read (:data:`READ_COST`) and to write (:data:`WRITE_COST`).

    >>> tracker = Tracker(pages=10)
    >>> tracker.feed("updating environment: [new config] 4 added, 0 changed, 0 removed")
    >>> tracker.feed("reading sources... [ 50%] euskadi/ruleta-francesa")
    >>> round(tracker.fraction, 3)
    0.134
    >>> tracker.feed("writing output... [100%] search")
    >>> tracker.fraction
    1.0
    """

    pages: int
    reading: int | None = None  # pages to read, once Sphinx says
    read: float = 0.0
    written: float = 0.0
    lines: list[str] = field(default_factory=list)

    def feed(self, line: str) -> None:
        line = _COLOUR.sub("", line)
        self.lines.append(line)
        count = _READ_COUNT.match(line)
        if count:
            self.reading = int(count.group(1)) + int(count.group(2))
        phase = _PHASE.match(line)
        if phase:
            share = int(phase.group(2)) / 100
            if phase.group(1) == "writing output":
                self.read, self.written = 1.0, max(self.written, share)
            else:
                self.read = max(self.read, share)

    @property
    def fraction(self) -> float:
        reading = (self.pages if self.reading is None else self.reading) * READ_COST
        writing = self.pages * WRITE_COST
        total = reading + writing
        return (reading * self.read + writing * self.written) / total if total else 1.0


@dataclass
class _Run:
    src: Path
    doctrees: Path
    out: Path
    process: subprocess.Popen[str]
    tracker: Tracker
    failure: BaseException | None = None  # of the progress callback: the output is read to its end all the same


@dataclass
class _Share:
    """The share done of all the builds running, told to ``progress`` each time it grows."""

    progress: Progress | None
    runs: list[_Run]
    said: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def report(self, done: float | None = None) -> None:
        with self.lock:
            share = sum(run.tracker.fraction for run in self.runs) / len(self.runs) if done is None else done
            if self.progress is not None and share > self.said:
                self.said = share
                self.progress(share)


def build_html(builds: list[Build], progress: Progress | None = None) -> None:
    """Run Sphinx (HTML, warnings as errors) for each ``(src, doctrees, out)``, all at once, each from its kept build
    where :func:`prepare` finds one; ``progress`` is given the share done (0.0 to 1.0) of all of them as they go, each
    build's pages to read and to write weighed by what each costs (:class:`Tracker`).

    Each site is built in its own process: Sphinx keeps the first language's interface
    translations for the life of a process, so a Basque site built after a Spanish one in the same
    process would show Spanish menus. A build that fails removes its output and environment, never reused.
    """
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PACKAGE_PARENT), os.environ.get("PYTHONPATH", "")])}
    # Sphinx's console messages in English and without colours: the lines the progress reads (Python's gettext
    # takes LANGUAGE before LC_MESSAGES; FORCE_COLOR wins over --no-color)
    for name in ("LC_ALL", "LANGUAGE", "FORCE_COLOR"):
        env.pop(name, None)
    env.update(LC_MESSAGES="C", NO_COLOR="1")
    runs: list[_Run] = []
    share = _Share(progress, runs)
    try:
        for src, doctrees, out in builds:
            prepare(src, doctrees, out)
            command = [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "--no-color", "-d",
                       str(doctrees), str(src), str(out)]
            process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                       encoding="utf-8", env=env)
            runs.append(_Run(src, doctrees, out, process, Tracker(len(list(src.rglob("*.rst"))))))
        readers = [threading.Thread(target=_follow, args=(run, share.report), daemon=True) for run in runs]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join()
        for run in runs:
            run.process.wait()
        failure = next((run.failure for run in runs if run.failure is not None), None)
        if failure is not None:
            raise failure
    except BaseException:  # interrupted: no Sphinx goes on writing
        for run in runs:
            run.process.kill()
            run.process.wait()
        raise
    problems = []
    for run in runs:
        if run.process.returncode:
            shutil.rmtree(run.out, ignore_errors=True)  # never reuse a half-built site
            shutil.rmtree(run.doctrees, ignore_errors=True)
            lines = [line for line in run.tracker.lines if "WARNING" in line or "ERROR" in line]
            problems += [Problem(str(run.src), 1, "sphinx", line) for line in lines[:20]]
            output = "\n".join(run.tracker.lines).strip()
            problems += [] if lines else [Problem(str(run.src), 1, "sphinx", f"Sphinx failed: {output[-500:]}")]
        else:
            _stamp(run.src, run.doctrees)
    if runs:
        share.report(1.0)
    if problems:
        raise BuildError(problems)


def _follow(run: _Run, report: Callable[[], None]) -> None:
    """Read a Sphinx process's output to its end, line by line, reporting the progress."""
    stream: IO[str] | None = run.process.stdout
    assert stream is not None
    with stream:
        for line in stream:
            run.tracker.feed(line.rstrip("\n"))
            if run.failure is None:
                try:
                    report()
                except BaseException as failure:  # raised in the main thread once Sphinx is done
                    run.failure = failure

