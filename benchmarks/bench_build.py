"""Time the full build, a full build with the exact computations kept from an earlier build (a new process, a new
output and cache folder but for ``exact/``), a rebuild with nothing changed, and a rebuild after one game's YAML
changes.

    python benchmarks/bench_build.py [--repeat N]

Each run works on a copy of the project in a temporary folder, so the repository is not touched.
The figures are wall-clock seconds (median of N runs) on this machine.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jokoak.build import Project, Report, build  # noqa: E402

GAME = "extremadura/bola-o-boule"  # no other game is based on it
GAME_FILE = Path(f"catalog/{GAME}.yaml")


def timed(action: Callable[[], Report]) -> tuple[float, Report]:
    started = time.perf_counter()
    report = action()
    return time.perf_counter() - started, report


def one_run(work: Path, index: int) -> dict[str, float]:
    project = work / f"project-{index}"
    for part in ("catalog", "templates", "locale"):
        shutil.copytree(ROOT / part, project / part)
    out, cache = work / f"out-{index}", work / f"cache-{index}"
    full, report = timed(lambda: build(Project(project), out, cache=cache))
    assert report.rendered, "the full build rendered nothing"
    warm = work / f"warm-{index}"
    shutil.copytree(cache / "exact", warm / "cache" / "exact")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; from jokoak.build import Project, "
                    "build; build(Project(Path(sys.argv[1])), Path(sys.argv[2]), cache=Path(sys.argv[3]))",
                    str(project), str(warm / "out"), str(warm / "cache")], check=True, cwd=ROOT)
    exact_kept = time.perf_counter() - started
    unchanged, report = timed(lambda: build(Project(project), out, cache=cache))
    assert not report.rendered
    games = len(report.reused)
    game = project / GAME_FILE
    text = game.read_text("utf-8")
    game.write_text(text.replace('title: {es: "', f'title: {{es: "({index}) ', 1), "utf-8")
    changed, report = timed(lambda: build(Project(project), out, cache=cache))
    assert report.rendered == [GAME] and len(report.reused) == games - 1
    return {"full": full, "full, exact kept": exact_kept, "unchanged": unchanged, "one game changed": changed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.repeat):
            runs.append(one_run(Path(folder), index))
    for name in runs[0]:
        values = [run[name] for run in runs]
        print(f"{name:>18}: median {statistics.median(values):6.2f} s  "
              f"(min {min(values):.2f}, max {max(values):.2f}, {len(values)} runs)")


if __name__ == "__main__":
    main()
