"""Compare two builds file by file, the build ids aside: what a change that should not change the outputs changed.

    .venv/bin/python scripts/compare_builds.py BEFORE AFTER [--same OLD=NEW ...]

A build id (twelve hex digits: a data file's ``build``, the review's «compilación …») differs between any two
builds; ``--same`` names other texts to take as equal (a module path a text names, after a move). Prints the files
only one build has and those that still differ, with their first differing line; exits 1 if there are any.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

BUILD_ID = re.compile(rb"\b[0-9a-f]{12}\b")


def normal(data: bytes, same: list[tuple[bytes, bytes]], side: int) -> bytes:
    for pair in same:
        data = data.replace(pair[side], b"\0SAME\0")
    return BUILD_ID.sub(b"BUILD", data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--same", action="append", default=[], metavar="OLD=NEW")
    args = parser.parse_args(argv)
    same = [tuple(part.encode() for part in pair.split("=", 1)) for pair in args.same]
    files = [{p.relative_to(root) for p in root.rglob("*") if p.is_file()} for root in (args.before, args.after)]
    only = sorted(files[0] ^ files[1])
    identical, ids_only, differ = 0, 0, []
    for name in sorted(files[0] & files[1]):
        a, b = (args.before / name).read_bytes(), (args.after / name).read_bytes()
        if a == b:
            identical += 1
        elif normal(a, same, 0) == normal(b, same, 1):
            ids_only += 1
        else:
            differ.append(name)
    print(f"{identical} identical, {ids_only} differ in build ids (or --same texts) only, {len(differ)} differ, "
          f"{len(only)} in one build only")
    for name in only:
        print(f"only in {'before' if name in files[0] else 'after'}: {name}")
    for name in differ:
        a, b = ((root / name).read_bytes().splitlines() for root in (args.before, args.after))
        line = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if normal(x, same, 0) != normal(y, same, 1)),
                    min(len(a), len(b)))
        print(f"differs: {name} (line {line + 1})")
    return 1 if differ or only else 0


if __name__ == "__main__":
    sys.exit(main())
