"""What a build keeps between builds, and the keys it keeps it by: the hash of every input (a build whose inputs and
output are as the last one left them does nothing), each output's key (an output whose key did not change is copied
from the previous build), and the engine's facts of each game (computed on every core, the slowest first).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import pickle
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import as_completed
from dataclasses import asdict, replace
from importlib import metadata
from pathlib import Path

from . import __version__
from .config import Config
from .engine import memo
from .engine.memo import engine_digest
from .facts import GameFacts, game_facts, same_game_elsewhere
from .models import Catalog, Game, RegulationText
from .workers import forked_pool

PACKAGE = Path(__file__).resolve().parent
MARKER = ".jokoak-build"  # in every build folder: what says that a folder may be replaced by a build


def digest_tree(*paths: Path) -> str:
    """The hash of every file under ``paths`` (not Python's caches), with its path."""
    digest = hashlib.sha256()
    for base in paths:
        for path in sorted(p for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            digest.update(str(path.relative_to(base)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def game_key(game: Game, shared: str, date: dt.date, others: list[Game]) -> str:
    """The hash of everything one game's outputs depend on (the same game elsewhere: its lint compares them)."""
    parts = [shared, game.digest, date.isoformat(), *(other.digest for other in others)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12]


def casino_key(config: Config, shared: str, date: dt.date, games: dict[str, Game], catalog: Catalog,
               texts: list[RegulationText]) -> str:
    """The hash of everything the casino's sheets and packs depend on: its tables and their games, its bingo halls and
    theirs."""
    keys = sorted({t.game for t in config.tables} | {h.game for h in config.halls})
    parts = [shared, date.isoformat(), json.dumps([config.casino, config.regulation.id,
                                                   [asdict(t) for t in config.tables],
                                                   [asdict(h) for h in config.halls]], default=str, sort_keys=True)]
    for key in keys:
        parts += [games[key].digest, *(o.digest for o in same_game_elsewhere(games[key], catalog.games))]
    parts += [text.digest for text in texts]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12]


def part_keys(config: Config, catalog: Catalog, shared: str, day: dt.date, drafts: dict[str, tuple[str, ...]],
              texts: list[RegulationText]) -> dict[str, str]:
    """The key of each part of the casino's outputs that is laid out on its own (each table's sheets, each bingo
    hall's, the annex): what it depends on, so that a part whose key is unchanged is copied from the previous build
    and the print packs are made of its PDFs as they are (``<part>`` names: ``casino:table:<id>``,
    ``casino:hall:<id>``, ``casino:annex``)."""
    games = {game.key: game for game in catalog.games}

    def key(what: object, game: str | None, extra: Sequence[str], draft: object) -> str:
        parts = [shared, day.isoformat(), json.dumps([config.casino, config.regulation.id, what], default=str,
                                                       sort_keys=True), *extra]
        if game is not None:
            parts += [games[game].digest, *(o.digest for o in same_game_elsewhere(games[game], catalog.games))]
        return with_drafts(hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12], draft)

    found = {f"casino:table:{t.id}": key(asdict(t), t.game, (), drafts[t.game]) for t in config.tables}
    found |= {f"casino:hall:{h.id}": key(asdict(h), h.game, (), drafts[h.game]) for h in config.halls}
    if texts and config.tables:
        found["casino:annex"] = key("annex", None, [text.digest for text in texts],
                                    tuple(drafts[text.key] for text in texts))
    return found


UNCHANGED = "Nothing changed since the last build: it stays as it is"  # the one stage of such a build
LAST_BUILD = "last-build.json"  # in the cache: what the last build of an output folder read, and what it wrote


def inputs_digest(roots: Sequence[Path], config_path: Path | None, day: dt.date, require_approved: bool) -> str:
    """The hash of everything a build reads: the catalogue, the templates, the catalogs of messages, the package (its
    code, fonts and sample configuration), the regulation texts, the configuration, the date, the flags, and the
    versions of Python and of the libraries that write the outputs. Cheap: a build whose inputs have this hash and
    whose output is as the last build left it has nothing to do."""
    parts = [digest_tree(*roots, PACKAGE),
             config_path.read_bytes().hex() if config_path is not None and config_path.is_file() else str(config_path),
             day.isoformat(), str(require_approved), __version__, sys.version]
    for name in ("sphinx", "docutils", "weasyprint", "pydyf", "jinja2", "babel", "pyyaml", "pypdf"):
        try:
            parts.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{name} none")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def listing(out: Path) -> dict[str, list[int]]:
    """Every file of a build folder with its size and modification time: what says it is as a build left it."""
    found = {}
    for folder, _dirs, files in os.walk(out):
        for name in files:
            path = os.path.join(folder, name)
            stat = os.stat(path, follow_symlinks=False)
            found[os.path.relpath(path, out)] = [stat.st_size, stat.st_mtime_ns]
    return found


def record(out: Path, cache: Path, inputs: str) -> None:
    """Keep in the cache what this build read and wrote (:func:`unchanged` reads it)."""
    cache.mkdir(parents=True, exist_ok=True)
    record = {"out": str(out.resolve()), "inputs": inputs, "outputs": listing(out)}
    partial = cache / f"{LAST_BUILD}.partial"
    partial.write_text(json.dumps(record, sort_keys=True) + "\n", "utf-8")
    partial.replace(cache / LAST_BUILD)


def unchanged(out: Path, cache: Path, inputs: str) -> bool:
    """Whether the last build of ``out`` read these very inputs and its output is as it left it: no file added,
    removed, resized or touched since."""
    try:
        record = json.loads((cache / LAST_BUILD).read_text("utf-8"))
        return bool(record["out"] == str(out.resolve()) and record["inputs"] == inputs and (out / MARKER).is_file()
                    and record["outputs"] == listing(out))
    except (OSError, ValueError, KeyError, TypeError):
        return False


def shared_digest(templates: Path, locale: Path, catalog: Path) -> str:
    """The hash of what every output depends on: the templates, the catalogs, the package, the regulations."""
    shared = digest_tree(templates, locale, PACKAGE) + (catalog / "regulations.yaml").read_text("utf-8")
    return hashlib.sha256((shared + __version__).encode()).hexdigest()


def with_drafts(key: str, drafts: object) -> str:
    """An output key that also changes when what is watermarked changes."""
    return hashlib.sha256(f"{key}\n{drafts!r}".encode()).hexdigest()[:12]


def cached_facts(game: Game, others: list[Game], shared: str, cache: Path, writes: bool = True) -> GameFacts:
    """The engine's facts of ``game``, from the cache when nothing they depend on changed.

    The exact probabilities and house edges of some games take seconds (treinta y cuarenta's two rows,
    black jack's strategy); they depend only on the game's file, the same game elsewhere (whose payouts
    the lint compares) and the package, which ``shared`` covers. A cache that cannot be read is
    recomputed and written again."""
    path = _facts_path(game, others, shared, cache)
    found = _read_facts(path, game)
    return found if found is not None else _computed_facts(game, others, path, cache, writes)


def _facts_path(game: Game, others: list[Game], shared: str, cache: Path) -> Path:
    key = hashlib.sha256("\n".join([shared, game.digest, *(o.digest for o in others)]).encode()).hexdigest()[:16]
    return cache / "facts" / f"{key}.pickle"


def _read_facts(path: Path, game: Game) -> GameFacts | None:
    try:
        found = pickle.loads(path.read_bytes())
        if isinstance(found, GameFacts) and found.game.key == game.key:
            return replace(found, game=game)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        pass
    return None


def _computed_facts(game: Game, others: list[Game], path: Path, cache: Path, writes: bool) -> GameFacts:
    memo.keep_in(cache / "exact", writes)  # the exact computations that take minutes, keyed by what they depend on
    found = game_facts(game, others)
    if writes:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.partial")
        partial.write_bytes(pickle.dumps(found))
        partial.replace(path)  # never a half-written cache file
    return found


def all_facts(catalog: Catalog, key: str, cache: Path, writes: bool, step: Callable[[float], None]) -> dict[
        str, GameFacts]:
    """The facts of every game of ``catalog``: read from the cache, the others computed on as many processes as there
    are cores (each game's on one), the slowest first where an earlier build timed them (``<cache>/facts/times.json``:
    a game's exact computations take from milliseconds to minutes)."""
    found: dict[str, GameFacts] = {}
    missing = []
    for game in catalog.games:
        others = same_game_elsewhere(game, catalog.games)
        path = _facts_path(game, others, key, cache)
        cached = _read_facts(path, game)
        if cached is None:
            missing.append((game, others, path))
        else:
            found[game.key] = cached
            step(1)
    times_path = cache / "facts" / "times.json"
    try:
        times = {str(k): float(v) for k, v in json.loads(times_path.read_text("utf-8")).items()}
    except (OSError, ValueError, AttributeError, TypeError):
        times = {}
    missing.sort(key=lambda item: -times.get(item[0].key, 0.0))
    workers = min(len(missing), os.cpu_count() or 1)
    if workers <= 1:
        for game, others, path in missing:
            found[game.key] = _computed_facts(game, others, path, cache, writes)
            step(1)
        return found
    with forked_pool(workers) as pool:
        futures = {pool.submit(_timed_facts, game, others, path, cache, writes): game for game, others, path
                   in missing}
        for future in as_completed(futures):
            game = futures[future]
            facts, seconds = future.result()
            found[game.key] = replace(facts, game=game)
            times[game.key] = seconds
            step(1)
    if writes:
        times_path.parent.mkdir(parents=True, exist_ok=True)
        times_path.write_text(json.dumps(times, sort_keys=True, indent=0) + "\n", "utf-8")
    return {game.key: found[game.key] for game in catalog.games}


def _timed_facts(game: Game, others: list[Game], path: Path, cache: Path, writes: bool) -> tuple[GameFacts, float]:
    started = time.perf_counter()
    found = _computed_facts(game, others, path, cache, writes)
    return found, time.perf_counter() - started


def facts_digest(catalog: Path) -> str:
    """The hash of what the engine's facts depend on besides each game's files: the package's engine code and the
    regulations (not the templates nor the catalogs of messages: the facts are in no language)."""
    regulations = (catalog / "regulations.yaml").read_bytes()
    return hashlib.sha256(engine_digest().encode() + regulations + __version__.encode()).hexdigest()
