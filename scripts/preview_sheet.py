"""Lay out a few sheets quickly, without a whole build, and turn their pages into PNG images to look at.

    .venv/bin/python scripts/preview_sheet.py [--config FILE] [--out DIR] NAME[@VARIANT] ...

NAME is a table id of the configuration (``R1``; the embedded sample without ``--config``) or a game
(``euskadi/ruleta-francesa``, its model sheet); VARIANT is ``es``, ``eu`` or ``es-eu`` (default: every
language of the game). Writes ``<name>.<variant>.html``, ``.pdf`` and ``-<page>.png`` (pdftoppm, 70 dpi) into
DIR (default /tmp/sheets) and prints the number of pages of each. The engine's facts are cached in DIR.
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jokoak.build import FONTS  # noqa: E402
from jokoak.catalog import load_catalog  # noqa: E402
from jokoak.config import load_config  # noqa: E402
from jokoak.facts import same_game_elsewhere  # noqa: E402
from jokoak.i18n import LANGUAGES, load_translations  # noqa: E402
from jokoak.kept import cached_facts, facts_digest  # noqa: E402
from jokoak.render.casino import variants  # noqa: E402
from jokoak.render.env import make_env  # noqa: E402
from jokoak.render.sheets import Sheet, sheet_examples, sheet_job, write_pdf  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=Path("/tmp/sheets"))
    parser.add_argument("--dpi", type=int, default=70)
    parser.add_argument("names", nargs="+")
    args = parser.parse_args()
    catalog = load_catalog(ROOT / "catalog")
    config = load_config(args.config, catalog)
    envs = {lang: make_env(ROOT / "templates", lang, load_translations(ROOT / "locale"), "html") for lang in LANGUAGES}
    args.out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(FONTS, args.out / "fonts", dirs_exist_ok=True)
    games = {game.key: game for game in catalog.games}
    for name in args.names:
        name, _, variant = name.partition("@")
        table = next((t for t in config.tables if t.id == name), None)
        if table is None and name not in games:
            parser.error(f"{name!r} is neither a table of {config.file} nor a game of the catalogue")
        game = games[table.game] if table else games[name]
        if variant and not set(variant.split("-")) <= set(game.languages):
            parser.error(f"{variant!r}: {game.key} is official in {', '.join(game.languages)} only")
        facts = cached_facts(game, same_game_elsewhere(game, catalog.games), facts_digest(ROOT / "catalog"),
                             args.out / "cache")
        sheet = Sheet(facts, table, config.casino if table else None, dt.date.today(), sheet_examples(facts, table))
        for langs in ([tuple(variant.split("-"))] if variant else variants(game.languages)):
            stem = args.out / f"{name.replace('/', '_')}.{'-'.join(langs)}"
            write_pdf(sheet_job(envs, sheet, langs, "fonts", stem))
            pdf = stem.with_name(stem.name + ".pdf")
            for old in args.out.glob(f"{stem.name}-[0-9]*.png"):
                old.unlink()
            subprocess.run(["pdftoppm", "-r", str(args.dpi), "-png", str(pdf), str(stem)], check=True)
            pages = sorted(args.out.glob(f"{stem.name}-[0-9]*.png"))
            print(f"{pdf}: {len(pages)} page(s): {' '.join(p.name for p in pages)}")


if __name__ == "__main__":
    main()
