"""A seeded mutation fuzzer of the build's inputs: game files, ``regulations.yaml``, ``terms.yaml`` and a casino's
configuration.

Each mutation changes one input file of a small project (the two catalogue-wide files, one game file of each engine
with the game it is based on, a regulation text, the sample configuration): a value replaced by a wrong type, a
number out of any range, a payout, a citation, markup, an id that is a path or code, a YAML tag, an alias bomb, deep
nesting, a huge string, bad UTF-8, a control character; a key deleted; the file cut short. The project is then
checked the way the build checks it, in this process (``load_catalog`` and the configuration, every worked example
played), or with ``--cli`` through ``build_docs.py --check``. Each outcome is one of

- accepted: the input is valid;
- rejected: ``file:line: field: message`` lines only, each on one line, at a line of the mutated file (or of a file
  whose validity depends on it), nothing else;
- a defect: a traceback, a hang of more than ``--timeout`` seconds, a message without ``file:line`` or at the wrong
  place, a file written outside the project, code run.

    .venv/bin/python tests/fuzz/fuzz.py --mutations 5000 --seed 1        # the long run, its figures at the end
    .venv/bin/python tests/fuzz/fuzz.py --mutations 20 --seed 9 --cli    # through build_docs.py --check

The test suite runs a few hundred mutations of a fixed seed (tests/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from jokoak.catalog import load_catalog  # noqa: E402
from jokoak.config import load_or_raise  # noqa: E402
from jokoak.errors import BuildError  # noqa: E402

TEXTS = REPO.parent / "shared" / "sources"
GAMES = [  # one game of each engine, and the game it is based on where it is
    "euskadi/ruleta-francesa", "euskadi/ruleta-americana-con-un-solo-cero", "euskadi/veintiuno-o-black-jack",
    "euskadi/dados-o-craps", "euskadi/treinta-y-cuarenta", "euskadi/punto-y-banca",
    "euskadi/ferrocarril-bacara-o-chemin-de-fer", "euskadi/baccarra-a-dos-panos", "euskadi/ruleta-de-la-fortuna",
    "euskadi/poker-sin-descarte", "euskadi/poker-trijoker", "euskadi/pai-gow-poker-o-poker-chino",
    "euskadi/poker-de-tres-cartas-o-tripoker", "euskadi/texas-poker", "extremadura/monte-o-banca",
    "extremadura/el-reto", "extremadura/poquer-de-cuatro-cartas", "extremadura/banca-francesa-o-dados-portugueses",
    "euskadi/poker-texas-holdem", "euskadi/poker-de-circulo", "euskadi/texts/torneos",
]
BASES = {"euskadi/ruleta-americana-con-un-solo-cero": "euskadi/ruleta-francesa",
         "euskadi/poker-texas-holdem": "euskadi/poker-de-circulo"}
CONFIG = REPO / "jokoak" / "default_config.yaml"
LINE = re.compile(r"^(?P<head>\s*(?:-\s+)?)(?P<key>[\w-]+):(?P<value>\s.*)?$")
PROBLEM = re.compile(r"^(?P<file>[^\n:]+):(?P<line>\d+): (?P<field>[^\n]+?): (?P<message>[^\n]+)$")

PAYLOADS = [
    "~", "[]", "{}", '""', "true", "0", "-1", "3.5", "-0.0", "99999999999999999999", "1e999999999", "1e-999999999",
    '"1e-999999999"', '"1/99999999999999999999999"', "012", "0x10", "190:20:30", "2010-13-45", "2010-01-01",
    '"35:0"', '"0:1"', '"35:1"', '"-35:1"', '"5/0"', '"000:99999999"', '"000:10-5"', '"999:1"', '"000:1; 002:x"',
    '"../../../../tmp/x"', '"/etc/passwd"', "\"x=[__import__('os').system('touch PWNED')]#\"",
    '"<script>alert(1)</script>"', '"<img src=x onerror=alert(1)>"', '".. raw:: html"', '".. include:: /etc/passwd"',
    '"1. item"', '"===="', '">>> import os"', '"|sub|"', '":math:`x`"', '"`x <javascript:alert(1)>`_"',
    '!!python/object/apply:os.system ["touch PWNED"]', "!!binary aGVsbG8=", "!!omap [{a: 1}]", "!!set {a: null}",
    "!!timestamp 2010-13-45", "!!int 0x10", "*nowhere", '"\\ud800"', '"\\x07"', '"a\\nb"', "{es: x}",
    "{es: x, eu: y, fr: z}", "{es: {es: x}}", "[1, [2, [3]]]", "[x, x, x]", "{a: 1, a: 2}", "'", '"', "[", "{",
    "- a", ": x",
]


@dataclass
class Outcome:
    kind: str  # accepted, rejected, defect
    detail: str = ""


@dataclass
class Tally:
    counts: Counter[str] = field(default_factory=Counter)
    defects: list[tuple[int, str, str, str]] = field(default_factory=list)  # (number, file, mutation, detail)

    def add(self, number: int, file: str, mutation: str, outcome: Outcome) -> None:
        self.counts[outcome.kind] += 1
        if outcome.kind == "defect":
            self.defects.append((number, file, mutation, outcome.detail))


class Hang(Exception):
    pass


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    def alarm(_signum: int, _frame: object) -> None:
        raise Hang
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def make_project(root: Path, games: list[str], cli: bool = False) -> list[str]:
    """A project holding the catalogue-wide files, ``games``, the games they are based on and the same games in other
    regulations (``same_as``), and for ``build_docs.py --check`` the templates and the messages; returns the files
    that may rightly be reported for a mutation of one of ``games``."""
    (root / "catalog").mkdir(parents=True)
    for part in ("templates", "locale") if cli else ():
        shutil.copytree(REPO / part, root / part)
    if cli:  # the embedded sample configuration names every game of Euskadi
        games = [*games, *(f"euskadi/{p.stem}" for p in sorted((REPO / "catalog" / "euskadi").glob("*.yaml")))]
    for name in ("regulations.yaml", "terms.yaml", "bingo-halls.yaml"):  # the last: the sample's bingo hall's rules
        shutil.copy(REPO / "catalog" / name, root / "catalog" / name)
    keys = list(games)
    for key in games:
        keys += [BASES[key]] if key in BASES else []
        keys += re.findall(r"[a-z]+/[a-z0-9-]+", (REPO / "catalog" / f"{key}.yaml").read_text("utf-8").partition(
            "same_as:")[2].partition("\n")[0])
    for key in dict.fromkeys(keys):
        (root / "catalog" / key).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / "catalog" / f"{key}.yaml", root / "catalog" / f"{key}.yaml")
    return [f"catalog/{key}.yaml" for key in dict.fromkeys(keys)]


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """One mutation of a YAML text, and what it was."""
    lines = text.splitlines()
    keyed = [i for i, line in enumerate(lines) if LINE.match(line)]
    kind = rng.choice(["value"] * 6 + ["delete", "cut", "bytes", "bomb", "deep", "huge"])
    if kind == "value" and keyed:
        at = rng.choice(keyed)
        match = LINE.match(lines[at])
        assert match
        payload = rng.choice(PAYLOADS)
        lines[at] = f"{match['head']}{match['key']}: {payload}"
        return "\n".join(lines) + "\n", f"line {at + 1}: {match['key']}: {payload[:40]}"
    if kind == "delete" and keyed:
        at = rng.choice(keyed)
        key = LINE.match(lines[at])["key"]  # type: ignore[index]
        del lines[at]
        return "\n".join(lines) + "\n", f"line {at + 1}: {key} deleted"
    if kind == "cut":
        at = rng.randrange(len(text))
        return text[:at], f"cut at character {at}"
    if kind == "bytes":
        at = rng.randrange(len(text))
        junk = rng.choice(["\x00", "\x07", "\x1b[31m", "\ufeff", "\udcff", "\u202e", "\x85"])
        return text[:at] + junk + text[at:], f"character {ord(junk[0]):#x} at {at}"
    if kind == "bomb":
        bomb = ['lol0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
        bomb += [f"lol{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, 10)]
        return text + "\n".join(bomb) + "\n", "alias bomb"
    if kind == "deep":
        depth = rng.choice([30, 100, 2000])
        return text + "deep: " + "[" * depth + "]" * depth + "\n", f"nesting {depth}"
    size = rng.choice([100_000, 3_000_000])
    return text + f'huge: "{"x" * size}"\n', f"string of {size:,}"


def check_in_process(root: Path, config: Path | None) -> None:
    catalog = load_catalog(root / "catalog", TEXTS)
    if config is not None:
        load_or_raise(config, catalog)


def classify(errors: list[str], allowed: list[str], lengths: dict[str, int]) -> Outcome:
    """A rejection is clean when every line is ``file:line: field: message``, short, at a line of a file that
    ``allowed`` names (``catalog/*`` for any game file)."""
    for error in errors:
        match = PROBLEM.match(error)
        if not match or len(error) > 1000:
            return Outcome("defect", f"not file:line: field: message on one short line: {error[:200]!r}")
        line = int(match["line"])
        if match["file"] not in allowed and not ("catalog/*" in allowed and match["file"].startswith("catalog/")):
            return Outcome("defect", f"reported at another file: {error[:200]!r}")
        if match["file"] in lengths and not 1 <= line <= max(lengths[match["file"]], 1):
            return Outcome("defect", f"a line beyond the file ({lengths[match['file']]} lines): {error[:200]!r}")
    return Outcome("rejected")


def run_one(number: int, rng: random.Random, timeout: float, cli: bool) -> tuple[str, str, Outcome]:
    choice = rng.choice(["game"] * 6 + ["regulations", "terms", "config", "config"])
    with tempfile.TemporaryDirectory(prefix="jokoak-fuzz-") as temp:
        root = Path(temp) / "project"
        game = rng.choice(GAMES)
        config: Path | None = None
        if choice == "config":  # the sample casino's games, all of them
            games = [f"euskadi/{p.stem}" for p in sorted((REPO / "catalog" / "euskadi").glob("*.yaml"))]
            make_project(root, games, cli)
            config = root / "casino.yaml"
            shutil.copy(CONFIG, config)
            target_path, target, allowed = config, str(config), [str(config)]
        elif choice == "game":
            allowed = make_project(root, [game], cli)
            target_path, target = root / "catalog" / f"{game}.yaml", f"catalog/{game}.yaml"
        else:
            make_project(root, [game], cli)
            name = f"{choice}.yaml"
            target_path, target, allowed = root / "catalog" / name, f"catalog/{name}", ["catalog/*"]
        text = target_path.read_text("utf-8")
        mutated, what = mutate(text, rng)
        target_path.write_bytes(mutated.encode("utf-8", "surrogatepass"))
        lengths = {f"catalog/{p.relative_to(root / 'catalog')}": len(p.read_bytes().splitlines())
                   for p in (root / "catalog").rglob("*.yaml")}
        lengths[str(config)] = len(mutated.splitlines()) if config else 0
        before = set(Path(temp).rglob("*"))
        outcome = check_cli(root, config, timeout) if cli else check_here(root, config, timeout)
        if outcome.kind == "rejected":
            outcome = classify(outcome.detail.splitlines(), allowed, lengths)
        written = set(Path(temp).rglob("*")) - before
        if written or Path("PWNED").exists() or (REPO / "PWNED").exists():
            outcome = Outcome("defect", f"files written: {sorted(map(str, written))[:3]}")
        return target, what, outcome


def check_here(root: Path, config: Path | None, timeout: float) -> Outcome:
    try:
        with deadline(timeout):
            check_in_process(root, config)
    except Hang:
        return Outcome("defect", f"hang: more than {timeout:.0f} s")
    except BuildError as exc:
        return Outcome("rejected", "\n".join(str(p) for p in exc.problems))
    except RecursionError:
        return Outcome("defect", "RecursionError")
    except Exception as exc:  # a traceback is what the fuzzer looks for
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        return Outcome("defect", f"{type(exc).__name__} at {Path(frame.filename).name}:{frame.lineno}: "
                                 f"{str(exc)[:120]}")
    return Outcome("accepted")


def check_cli(root: Path, config: Path | None, timeout: float) -> Outcome:
    command = [sys.executable, str(REPO / "build_docs.py"), "--check", "--root", str(root), "--out",
               str(root / "out"), "--cache", str(REPO / ".jokoak-cache")]  # read, never written, by --check
    command += ["--config", str(config)] if config else []
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Outcome("defect", f"hang: more than {timeout:.0f} s")
    if done.returncode == 0:
        return Outcome("accepted")
    lines = done.stderr.splitlines()
    if done.returncode != 1 or "Traceback" in done.stderr or not lines or not lines[-1].startswith("check failed"):
        return Outcome("defect", f"exit {done.returncode}: {done.stderr.strip()[-300:]}")
    return Outcome("rejected", "\n".join(lines[:-1]))


def run(mutations: int, seed: int, timeout: float, cli: bool, quiet: bool = False) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    started = time.monotonic()
    for number in range(1, mutations + 1):
        target, what, outcome = run_one(number, rng, timeout, cli)
        tally.add(number, target, what, outcome)
        if not quiet and outcome.kind == "defect":
            print(f"#{number} {target} ({what}): {outcome.detail}", flush=True)
        if not quiet and number % 100 == 0:
            print(f"{number} mutations, {time.monotonic() - started:.0f} s: {dict(tally.counts)}", flush=True)
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutations", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds after which a check is a hang (default 30; with --cli 300: a check that must "
                             "compute the house edges again takes a minute or two)")
    parser.add_argument("--cli", action="store_true", help="check through build_docs.py --check, in a process each")
    args = parser.parse_args()
    started = time.monotonic()
    timeout = args.timeout or (300.0 if args.cli else 30.0)
    tally = run(args.mutations, args.seed, timeout, args.cli)
    print(f"{args.mutations} mutations (seed {args.seed}) in {time.monotonic() - started:.0f} s: "
          f"{tally.counts['accepted']} accepted, {tally.counts['rejected']} clean rejections, "
          f"{tally.counts['defect']} defects")
    return 1 if tally.defects else 0


if __name__ == "__main__":
    raise SystemExit(main())
