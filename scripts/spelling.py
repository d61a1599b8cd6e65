"""Spell-check a build with hunspell: the unknown-word rate per language and every word that is an error.

    .venv/bin/python scripts/spelling.py                 # the build in build/: rates, then the errors
    .venv/bin/python scripts/spelling.py --all           # also the words the accept list accepts, and why
    .venv/bin/python scripts/spelling.py OUT --raw       # another build; rates before any accept list

An unknown word is one hunspell (Debian's es_ES and eu dictionaries) does not know; an error is an unknown
word that ``catalog/spelling.yaml`` and the term base do not accept (see ``jokoak/spelling.py``). Exits 1
if there is an error or a text without a language, 2 if hunspell or a dictionary is missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jokoak.spelling import (  # noqa: E402
    AcceptList,
    Findings,
    HunspellMissing,
    check_files,
    describe,
    errors,
    html_files,
    load_accept_list,
)
from jokoak.spelling_pages import Place  # noqa: E402


def get_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("build", nargs="?", type=Path, default=ROOT / "build", help="the build folder (build/)")
    parser.add_argument("--all", action="store_true", help="also list the accepted unknown words, with why")
    parser.add_argument("--raw", action="store_true", help="ignore the accept list: every unknown word")
    parser.add_argument("--limit", type=int, default=3, help="files shown per word (default 3)")
    return parser


def rates(found: Findings, wrong: dict[str, dict[str, list[Place]]]) -> list[str]:
    """One line per language: tokens, unknown tokens and unknown words, and what is left as errors."""
    lines = []
    for lang in sorted(found.tokens):
        tokens, unknown = found.tokens[lang], found.unknown_tokens[lang]
        words = len(found.unknown.get(lang, {}))
        left = wrong.get(lang, {})
        left_tokens = sum(len(places) for places in left.values())
        lines.append(f"{lang}: {tokens} words checked; unknown to hunspell {unknown} ({unknown / tokens:.2%}), "
                     f"{words} distinct; errors {left_tokens} ({left_tokens / tokens:.2%}), {len(left)} distinct")
    lines += [f"{lang}: {count} words not checked (no dictionary)" for lang, count in sorted(found.unchecked.items())]
    return lines


def accepted_lines(found: Findings, accept: AcceptList, limit: int) -> list[str]:
    lines = []
    for lang, unknown in sorted(found.unknown.items()):
        for word, entry in sorted(unknown.items()):
            reasons = sorted({r for p in entry.places if (r := accept.reason(lang, entry, p))})
            if reasons:
                places = [p for p in entry.places if accept.reason(lang, entry, p)]
                lines.append(f"  {lang} {describe(word, places, limit)} [{'; '.join(reasons)}]")
    return lines


def main(argv: list[str]) -> int:
    args = get_parser().parse_args(argv)
    build = args.build.resolve()
    files = html_files(build)
    if not files:
        print(f"{build}: no HTML (build first: .venv/bin/python build_docs.py)", file=sys.stderr)
        return 2
    try:
        found = check_files(files, build)
    except HunspellMissing as error:
        print(error, file=sys.stderr)
        return 2
    accept = AcceptList.of({}, {}, {}) if args.raw else load_accept_list(ROOT / "catalog")
    wrong = errors(found, accept)
    print(f"{len(files)} HTML files of {build}")
    print("\n".join(rates(found, wrong)))
    if args.all:
        print("\nAccepted:")
        print("\n".join(accepted_lines(found, accept, args.limit)) or "  none")
    for lang, words in sorted(wrong.items()):
        print(f"\nErrors ({lang}), {len(words)} words:")
        for word, places in sorted(words.items(), key=lambda item: (-len(item[1]), item[0])):
            print(f"  {describe(word, places, args.limit)}")
    if found.unlabelled:
        print(f"\nText without a language ({len(found.unlabelled)}):")
        print("\n".join(f"  {p.file}: «{p.context}»" for p in found.unlabelled[: args.limit * 10]))
    return 1 if wrong or found.unlabelled else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
