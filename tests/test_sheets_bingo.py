"""The bingo sheets: the sample bingo hall's (Bingo Urdaibai, build/halls/BU1.<langs>) and the model sheet of each
bingo game.

A hall's sheet gives, under its head, the hall's own figures: the price of a card of each series, its prizes as it
sets them (a share of the game's sales or an amount), whether any row wins the línea or the hall announces the row,
its rooms, the cards of each series, its auxiliary machines and the series a player plays on one; then the game: the
card and its rule, the línea and the bingo, the last ball where the text requires it, the late claim where the text
says what it loses, the sharing; and the worked examples marked for the sheet (the balls drawn, what the player paid
for the cards and the prizes won). A sheet whose language is our own translation (``no_official_text``) says so under
its head. No sheet carries legal material, and each is A4, at most two pages, in type of 10 pt (8.5 pt Spanish|Basque)
or more. The model sheets have no hall box and no table's limits."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from pypdf import PdfReader
from sheetkit import CATALOG, EUSKADI, GAMES, envs, facts, legal_material, text

from jokoak.config import Config
from jokoak.halls import Hall, Prize, Series
from jokoak.render.casino import casino_files, variants
from jokoak.render.sheets import Sheet, sheet_examples, sheet_html, sheet_job, write_pdf

BINGO = tuple(sorted(game.key for game in CATALOG.games if game.engine == "bingo"))
HALL = EUSKADI.halls[0]
TRANSLATION = {"es": "Este texto es una traducción, no el texto oficial",
               "eu": "Testu hau itzulpena da, ez testu ofiziala"}


def hall_sheet(hall: Hall | None, translated: bool = False, key: str = "euskadi/bingo") -> Sheet:
    """The sheet of ``hall`` (None: the game's model sheet); ``translated``: as if the game file declared its Basque
    our translation (``no_official_text: {eu: translation}``), whatever it declares now."""
    found = facts(key)
    if translated:
        found = dataclasses.replace(found, game=dataclasses.replace(found.game, no_official_text={"eu": "translation"}))
    return Sheet(found, None, None, dt.date(2026, 1, 1), sheet_examples(found, None), (), hall)


def words(sheet: Sheet, langs: tuple[str, ...] = ("es",)) -> str:
    return text(sheet_html(envs(), sheet, langs, "fonts"))


def test_the_sample_hall_is_a_second_category_hall_of_euskadi() -> None:
    assert HALL.id == "BU1" and HALL.game == "euskadi/bingo" and HALL.category is not None
    assert HALL.category.id == "segunda" and HALL.machines <= HALL.category.machines


@pytest.mark.parametrize(("lang", "says"), [
    ("es", ["Bingo Urdaibai", "Sala de 2.ª categoría", "Serie A: 1,50 € el cartón · Serie B: 3 € el cartón",
            "Línea: el 10 % de la recaudación de la partida", "Bingo: el 55 % de la recaudación de la partida",
            "Se premia cualquier línea del cartón", "Salas: 1 y 2",
            "Serie A: 1.200 cartones", "Serie B: 600 cartones",
            "6 máquinas auxiliares de bingo: como máximo 6 series por partida y jugador en cada una",
            "Bingo · Bingo Urdaibai"]),
    ("eu", ["Bigarren kategoriako aretoa", "A seriea: 1,50 € kartoi bakoitzeko · B seriea: 3 € kartoi bakoitzeko",
            "Lerroa: partidako bilketaren % 10", "Bingoa: partidako bilketaren % 55",
            "Kartoiko edozein lerro saritzen da", "Gelak: 1 eta 2",
            "A seriea: 1.200 kartoi",
            "Bingoko 6 makina laguntzaile: gehienez 6 serie partida eta jokalari bakoitzeko"]),
])
def test_the_hall_sheet_gives_the_hall_s_figures(lang: str, says: list[str]) -> None:
    page = words(hall_sheet(HALL), (lang,))
    for found in says:
        assert found in page, found


def test_the_hall_sheet_gives_the_game_and_its_examples() -> None:
    page = words(hall_sheet(HALL))
    for found in ("Se juega con 90 bolas, numeradas del 1 al 90.", "15 números distintos en 3 líneas de 5",
                  "nunca ninguno", "Línea: han salido todos los números de una línea",
                  "Bingo: han salido todos los números del cartón.",
                  "Varios ganadores en la misma bola se reparten el premio a partes iguales.",
                  "Bolas extraídas", "Pagado por los cartones", "Premios ganados", "A: 1 €"):
        assert found in page, found
    assert "Hoja modelo" not in page and "Cada mesa indica" not in page and "Mesa " not in page
    shown = {example.id for example, _ in sheet_examples(facts(HALL.game), None)}
    assert shown and all(example.title["es"] in page for example, _ in facts(HALL.game).examples
                         if example.id in shown)


def test_a_hall_with_amounts_one_room_and_no_machines() -> None:
    hall = dataclasses.replace(HALL, rooms=("Sala única",), series=(Series("1", Fraction(2), 500),),
                               prizes={"linea": Prize(None, Fraction(50)), "bingo": Prize(None, Fraction(401, 2))},
                               machines=0, machine_series=None)
    page = words(hall_sheet(hall))
    assert "Serie 1: 2 € el cartón" in page and "Serie 1: 500 cartones" in page
    assert "Línea: 50 €" in page and "Bingo: 200,50 €" in page and "Sala: Sala única" in page
    assert "máquina" not in page
    assert "Bingoa: 200,50 €" in words(hall_sheet(hall), ("eu",))


def test_a_hall_that_announces_the_row_says_so() -> None:
    page = words(hall_sheet(dataclasses.replace(HALL, announced_line=True)))
    assert "Antes de cada partida la sala anuncia la línea del cartón que se premia" in page
    assert "Se premia cualquier línea del cartón" not in page


@pytest.mark.parametrize("langs", [("es",), ("eu",), ("es", "eu")], ids=["es", "eu", "es-eu"])
def test_our_translation_is_marked_on_its_language_only(langs: tuple[str, ...]) -> None:
    page = words(hall_sheet(HALL, translated=True), langs)
    assert (TRANSLATION["eu"] in page) == ("eu" in langs)
    assert TRANSLATION["es"] not in page
    declared = GAMES[HALL.game].no_official_text.get("eu") == "translation"
    assert (TRANSLATION["eu"] in words(hall_sheet(HALL), langs)) == ("eu" in langs and declared)


@pytest.mark.parametrize("key", BINGO)
def test_the_model_sheet_has_no_hall_and_no_limits(key: str) -> None:
    for langs in variants(GAMES[key].languages):
        page = words(hall_sheet(None, key=key), langs)
        assert ("Hoja modelo" in page) == ("es" in langs) and ("Eredu-orria" in page) == ("eu" in langs)
        assert "Cada mesa indica" not in page and "Mahai bakoitzak" not in page
        assert "recaudación" not in page and "bilketa" not in page and "Sala:" not in page


def test_the_1977_model_sheet_lets_the_hall_announce_the_row() -> None:
    page = words(hall_sheet(None, key="estado/bingo-1977"))
    assert "anunciado" in page or "anuncia" in page, page


@pytest.mark.parametrize("langs", [("es",), ("eu",), ("es", "eu")], ids=["es", "eu", "es-eu"])
def test_no_bingo_sheet_carries_legal_material(langs: tuple[str, ...]) -> None:
    game = GAMES[HALL.game]
    assert legal_material(words(hall_sheet(HALL, translated=True), langs), game) == []
    assert legal_material(words(hall_sheet(None), langs), game) == []


def font_sizes(pdf: Path) -> Counter[float]:
    """The characters of a PDF by the size they are printed at, in points (as tests/test_sheets.py measures)."""
    sizes: Counter[float] = Counter()

    def visit(found: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if found.strip():
            scale = (tm[2] ** 2 + tm[3] ** 2) ** 0.5 * (cm[2] ** 2 + cm[3] ** 2) ** 0.5
            sizes[round(size * scale, 1)] += len(found.strip())

    for page in PdfReader(pdf).pages:
        page.extract_text(visitor_text=visit)
    return sizes


@pytest.mark.parametrize("langs", [("es",), ("eu",), ("es", "eu")], ids=["es", "eu", "es-eu"])
def test_the_hall_sheet_is_a4_at_most_two_pages_in_readable_type(tmp_path: Path, langs: tuple[str, ...]) -> None:
    fonts = Path(__file__).resolve().parents[1] / "jokoak" / "fonts"
    (tmp_path / "fonts").symlink_to(fonts)
    sheet = hall_sheet(HALL, translated=True)
    document = write_pdf(sheet_job(envs(), sheet, langs, "fonts", tmp_path / "BU1"))
    pdf = tmp_path / "BU1.pdf"
    sizes = font_sizes(pdf)
    assert len(document.pages) <= (1 if len(langs) == 1 else 2)
    assert sizes.most_common(1)[0][0] >= (8.5 if len(langs) > 1 else 10) and min(sizes) >= 7
    assert all((round(float(p.mediabox.width)), round(float(p.mediabox.height))) == (595, 842)
               for p in PdfReader(pdf).pages)


def test_the_build_writes_a_sheet_per_hall_and_language_and_no_pack_without_tables() -> None:
    files = casino_files(EUSKADI, True)
    assert {f"halls/BU1.{suffix}.{kind}" for suffix in ("es", "eu", "es-eu") for kind in ("html", "pdf")} <= set(files)
    alone = Config(EUSKADI.regulation, None, (), (), EUSKADI.file, EUSKADI.halls)
    assert sorted(casino_files(alone, True)) == sorted(f"halls/BU1.{suffix}.{kind}" for suffix in ("es", "eu", "es-eu")
                                                        for kind in ("html", "pdf"))
