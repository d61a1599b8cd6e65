"""Keep the gettext catalogs in step with the templates.

    .venv/bin/python scripts/messages.py check            # extract the POT; list what each catalog lacks
    .venv/bin/python scripts/messages.py add NEW.yaml     # add translations, then check
    .venv/bin/python scripts/messages.py prune            # drop messages no template uses any more

``NEW.yaml`` maps each English message to its translations, a list for plural forms:

    "Table %(table)s": {es: "Mesa %(table)s", eu: "%(table)s mahaia"}
    "%(num)s chip": {es: ["%(num)s ficha", "%(num)s fichas"], eu: ["fitxa %(num)s", "%(num)s fitxa"]}

The catalogs are rewritten sorted, 120 columns wide; a lock file lets several people add at once.
"""

from __future__ import annotations

import argparse
import fcntl
import io
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "locale"
sys.path.insert(0, str(ROOT))

from jokoak.errors import BuildError  # noqa: E402
from jokoak.i18n import LANGUAGES, load_translations  # noqa: E402


@contextmanager
def locked() -> Iterator[None]:
    with (LOCALE / ".lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def extract() -> Catalog:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "--sort-output",
                    "--omit-header", "--no-location", "-w", "120", "-o", "locale/messages.pot", "."],
                   cwd=ROOT, check=True, capture_output=True)
    with (LOCALE / "messages.pot").open("rb") as handle:
        return read_po(handle)


def catalog(lang: str) -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def save(lang: str, found: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, found, width=120, sort_output=True)
    (LOCALE / lang / "LC_MESSAGES" / "messages.po").write_bytes(out.getvalue())


def check() -> int:
    """Extract the POT, then check the catalogs against it as the build does (missing, empty, fuzzy)."""
    extract()
    try:
        load_translations(LOCALE)
    except BuildError as error:
        for problem in error.problems:
            print(problem)
        return 1
    return 0


def add(path: Path) -> int:
    new = yaml.safe_load(path.read_text("utf-8")) or {}
    with locked():
        template = extract()
        plurals = {m.id[0]: m.id for m in template if isinstance(m.id, tuple)}
        for lang in LANGUAGES:
            found = catalog(lang)
            for msgid, texts in new.items():
                if lang not in texts:
                    continue
                text = texts[lang]
                key = plurals.get(msgid, msgid)
                found.delete(msgid)
                found.add(key, tuple(text) if isinstance(text, list) else text,
                          flags=["python-format"] if "%(" in msgid else [])
            save(lang, found)
    return check()


def prune() -> int:
    with locked():
        template = extract()
        used = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
        for lang in LANGUAGES:
            found = catalog(lang)
            for message in list(found):
                key = message.id if isinstance(message.id, str) else message.id[0]
                if message.id and key not in used:
                    found.delete(message.id)
            save(lang, found)
    return check()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["check", "add", "prune"])
    parser.add_argument("file", nargs="?", type=Path)
    args = parser.parse_args()
    if args.command == "add":
        if args.file is None:
            parser.error("add needs a YAML file of translations")
        return add(args.file)
    return prune() if args.command == "prune" else check()


if __name__ == "__main__":
    raise SystemExit(main())
