"""Render every sheet diagram of the real catalogue to a PDF and PNG pages, to look at them.

    python benchmarks/preview_diagrams.py [OUT] [--dpi N]

Writes ``OUT/diagrams.html`` (default OUT: /tmp/diagrams) with each diagram twice, in a column
186 mm wide (a one-language sheet) and 88 mm wide (one language of a Spanish|Basque sheet), renders
it with WeasyPrint and the project's Noto Sans, and converts the PDF to ``OUT/diagrams-N.png`` with
``pdftoppm`` (poppler-utils). Markers are numbers for chips and letters for wheel arcs; the legend
printed under each diagram is for this preview only (the sheets print their own, translated). Each
dice layout is drawn a second time with labels, the bets' Spanish names from the catalogue.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence
from html import escape
from pathlib import Path

from markupsafe import Markup

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from jokoak.catalog import load_catalog  # noqa: E402
from jokoak.games.dice import engine as dice  # noqa: E402
from jokoak.games.dice.diagrams import craps_layout  # noqa: E402
from jokoak.games.dice.reader import DiceSpec  # noqa: E402
from jokoak.games.roulette import engine as roulette  # noqa: E402
from jokoak.games.roulette.diagrams import boule_cloth, money_wheel, roulette_cloth, roulette_wheel  # noqa: E402
from jokoak.games.roulette.reader import RouletteSpec  # noqa: E402

GAMES = ("euskadi/ruleta-francesa", "euskadi/ruleta-americana-con-un-solo-cero",
         "extremadura/ruleta-americana-con-dos-ceros", "euskadi/boule-o-bola", "euskadi/ruleta-de-la-fortuna",
         "extremadura/ruleta-de-la-fortuna", "euskadi/dados-o-craps", "extremadura/dados-o-craps",
         "extremadura/banca-francesa-o-dados-portugueses")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def roulette_diagrams(key: str, spec: RouletteSpec) -> list[tuple[str, Markup, list[str]]]:
    """The diagrams of a roulette game: (title, svg, legend lines)."""
    wheel = spec.rules.wheel
    names = {b.id: b.name.get("es", b.id) for b in spec.bets}
    bets = [b.bet for b in spec.bets]
    if wheel.labels:
        chips = [(str(i), bet) for i, bet in enumerate(bets, start=1)]
        return [(f"{key}: money_wheel", money_wheel(wheel, chips, "Ruleta de la fortuna"), legend(chips, names))]
    placed = [b for b in bets if b.shape not in roulette.ANNOUNCED_SHAPES]
    chips = [(str(i), bet) for i, bet in enumerate(placed, start=1)]
    if len(wheel.pockets) == 9:
        return [(f"{key}: boule_cloth", boule_cloth(wheel, chips, "Paño de la boule"), legend(chips, names))]
    arcs: list[tuple[str, frozenset[int]]] = []
    arc_names = []
    for bet in bets:
        if bet.shape == "sector":
            arcs.append((LETTERS[len(arcs)], frozenset().union(*(chip.numbers for chip in bet.chips))))
            arc_names.append(names[bet.id])
        elif bet.shape == "neighbours":
            centre = wheel.order[len(wheel.order) // 4]
            arcs.append((LETTERS[len(arcs)], frozenset(wheel.neighbours(centre, bet.each_side))))
            arc_names.append(f"{names[bet.id]} ({centre})")
    found = [(f"{key}: roulette_cloth", roulette_cloth(wheel, chips, "Paño de la ruleta"), legend(chips, names)),
             (f"{key}: roulette_wheel (no arcs)", roulette_wheel(wheel, [], "Rueda de la ruleta"), [])]
    if arcs:
        lines = [f"{marker}: {name}" for (marker, _), name in zip(arcs, arc_names, strict=True)]
        found.append((f"{key}: roulette_wheel", roulette_wheel(wheel, arcs, "Rueda de la ruleta"), lines))
    return found


def legend(chips: Sequence[tuple[str, roulette.Bet | dice.Bet]], names: dict[str, str]) -> list[str]:
    return [f"{marker}: {names[bet.id]}" for marker, bet in chips]


def dice_diagrams(key: str, spec: DiceSpec) -> list[tuple[str, Markup, list[str]]]:
    """The layout of a dice game twice: with markers only, and labelled with the bets' Spanish names."""
    names = {b.id: b.name.get("es", b.id) for b in spec.bets}
    chips = [(str(i), b.bet) for i, b in enumerate(spec.bets, start=1)]
    svg = craps_layout(chips, spec.rules.dice, "Mesa de dados")
    labels = {marker: names[bet.id] for marker, bet in chips}
    labelled = craps_layout(chips, spec.rules.dice, "Mesa de dados", labels=labels)
    return [(f"{key}: craps_layout", svg, legend(chips, names)),
            (f"{key}: craps_layout (labels: the Spanish names)", labelled, legend(chips, names))]


def page(items: Sequence[tuple[str, Markup, list[str]]]) -> str:
    fonts = (REPO / "jokoak" / "fonts").as_uri()
    css = f"""
@font-face {{ font-family: "Noto Sans"; font-weight: normal; src: url("{fonts}/NotoSans-Regular.ttf"); }}
@font-face {{ font-family: "Noto Sans"; font-weight: bold; src: url("{fonts}/NotoSans-Bold.ttf"); }}
@page {{ size: A4; margin: 11mm 12mm; }}
html {{ font-family: "Noto Sans", sans-serif; font-size: 8pt; }}
h2 {{ font-size: 10pt; margin: 2mm 0 1mm; break-after: avoid; }}
.wide {{ width: 186mm; }} .narrow {{ width: 88mm; display: inline-block; vertical-align: top; }}
.legend {{ display: inline-block; width: 90mm; vertical-align: top; margin-left: 4mm; }}
section {{ break-inside: avoid; margin-bottom: 4mm; }}
"""
    body = []
    for title, svg, lines in items:
        body.append(f"<section><h2>{escape(title)} · 186 mm</h2><div class='wide'>{svg}</div></section>")
        legend_html = "<br>".join(escape(line) for line in lines)
        body.append(f"<section><h2>{escape(title)} · 88 mm</h2><div class='narrow'>{svg}</div>"
                    f"<div class='legend'>{legend_html}</div></section>")
    return f"<!DOCTYPE html><html lang='es'><head><meta charset='utf-8'><style>{css}</style></head><body>" \
           f"{''.join(body)}</body></html>"


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("/tmp/diagrams"))
    parser.add_argument("--dpi", type=int, default=110)
    args = parser.parse_args(argv)
    import weasyprint

    catalog = load_catalog(REPO / "catalog")
    games = {game.key: game for game in catalog.games}
    items: list[tuple[str, Markup, list[str]]] = []
    for key in GAMES:
        rules = games[key].rules
        if isinstance(rules, RouletteSpec):
            items += roulette_diagrams(key, rules)
        elif isinstance(rules, DiceSpec):
            items += dice_diagrams(key, rules)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("diagrams-*.png"):
        old.unlink()
    html = page(items)
    (out / "diagrams.html").write_text(html, encoding="utf-8")
    weasyprint.HTML(string=html, base_url=str(REPO) + "/").write_pdf(out / "diagrams.pdf")
    subprocess.run(["pdftoppm", "-r", str(args.dpi), "-png", str(out / "diagrams.pdf"), str(out / "diagrams")],
                   check=True)
    print(f"{len(items)} diagrams: {out / 'diagrams.pdf'}, {len(list(out.glob('diagrams-*.png')))} PNG pages")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
