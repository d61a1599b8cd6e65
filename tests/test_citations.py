"""Every figure and every official sentence of the catalogue is where its citation says it is.

These tests read the regulation texts in ``../shared/sources/`` (beside the repository).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from jokoak.catalog import load_catalog
from jokoak.games.roulette.reader import BetInfo
from jokoak.models import Block, Citation, Document, Game, cite

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO.parent / "shared" / "sources"
CATALOG = load_catalog(REPO / "catalog")
GAMES = CATALOG.games
IDS = [game.key for game in GAMES]
# Games and the regulations' other parts (how the tables run, the tournaments): both reproduce official text.
DOCUMENTS = [*GAMES, *CATALOG.texts]
DOCUMENT_IDS = [document.key for document in DOCUMENTS]
# Where each regulation's wording is taken from, per language.
WORDING = {("euskadi", "es"): "000", ("euskadi", "eu"): "002", ("extremadura", "es"): "001",
           ("estado", "es", "1977"): "003", ("estado", "es", "1979"): "004"}
# The sources that are OCR copies: their blocks are compared after the block's listed OCR fixes.
OCR = {"002", "003"}
NUMBER_WORDS = {40: "cuarenta", 100: "cien", 200: "doscientas", 500: "quinientas", 1000: "mil"}
MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")


def lines_of(source: str) -> list[str]:
    path = SOURCES / CATALOG.sources[source]
    return [MARKER.sub("", line) for line in path.read_text("utf-8").splitlines()]


TEXTS = {source: lines_of(source) for source in CATALOG.sources}
SIC = {lang: tuple((variant, term.text[lang]) for term in CATALOG.terms for variant in term.forbidden.get(lang, ()))
       for lang in ("es", "eu")}


def fold(text: str) -> str:
    """Lower case, no accents, hyphenation undone, one space between words."""
    text = re.sub(r"(\d)-\s*\n\s*(\d)", r"\1-\2", text)  # «4-\n7» is the split 4-7
    text = re.sub(r"-\s*\n\s*", "", text)
    text = re.sub("[´’]", "'", text)  # «Don´t» (000), «Don’t» (002), «Don't» (001): one apostrophe
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return " ".join(text.split())


def wording(game: Document, lang: str) -> str:
    """The source of ``game``'s wording in ``lang``; the national catalogue's depends on its version."""
    return WORDING.get((game.regulation.id, lang)) or WORDING[game.regulation.id, lang, game.version.id]


def read_with(text: str, fixes: tuple[tuple[str, str], ...]) -> str:
    """Folded OCR ``text`` with each whole-word occurrence of a printed form replaced by its fix."""
    for printed, fixed in fixes:
        text = re.sub(rf"(?<!\w){re.escape(fold(printed))}(?!\w)", lambda _, f=fixed: fold(f), text)
    return text


def as_read(block: Block, lang: str) -> str:
    """The folded text of ``block``'s lines in ``lang``, read with the block's OCR fixes where they are an OCR's."""
    where = block.source_by_lang[lang]
    return read_with(cited(where), block.ocr_fixes) if any(c.source in OCR for c in where) else cited(where)


def as_written(block: Block, lang: str) -> str:
    """The folded text of ``block`` in ``lang`` as the catalogue gives it, its label first."""
    return fold((block.label + " " if block.label else "") + block.text[lang])


def name_lines(game: Game, citations: tuple[Citation, ...], source: str) -> str:
    """The folded text of ``citations`` in ``source``; in an OCR, read with the OCR fixes of the official
    text's blocks on those lines (003:1056 prints «Hom», which the official text reads «Horn»)."""
    text = cited(citations, source)
    if source not in OCR:
        return text
    lines = {(c.source, n) for c in citations for n in range(c.first, c.last + 1)}
    fixes = tuple(fix for _depth, section in game.sections() for block in section.blocks
                  if any((c.source, n) in lines for c in block.source for n in range(c.first, c.last + 1))
                  for fix in block.ocr_fixes)
    return read_with(text, fixes)


def cited(citations: tuple[Citation, ...], source: str | None = None) -> str:
    return fold("\n".join("\n".join(TEXTS[c.source][c.first - 1:c.last])
                          for c in citations if source in (None, c.source)))


@pytest.mark.parametrize("game", DOCUMENTS, ids=DOCUMENT_IDS)
def test_every_citation_points_at_lines_that_exist(game: Document) -> None:
    def check(citations: tuple[Citation, ...]) -> None:
        for c in citations:
            assert c.last <= len(TEXTS[c.source]), c
            assert "".join(TEXTS[c.source][c.first - 1:c.last]).strip(), f"{c} is blank"

    check(game.source)
    for bet in game.rules.bets if isinstance(game, Game) else ():
        check(bet.source)
    for _depth, section in game.sections():
        check(section.source)
        for block in section.blocks:
            check(block.source)


BETS = [(game, bet) for game in GAMES for bet in game.rules.bets]


@pytest.mark.parametrize(("game", "bet"), BETS, ids=[f"{g.key}:{b.id}" for g, b in BETS])
def test_bet_names_are_the_official_words(game: Game, bet: BetInfo) -> None:
    """Each bet's name, in each language, is printed at the lines its name cites."""
    for lang, text in bet.name.items():
        words = [w for w in re.split(r"[\s()«»\"]+", fold(text)) if w and not re.fullmatch(r"[\d.-]+", w)]
        # A misprint the term base records is read as its approved form (000:1646 prints «Horm» for Horn).
        where = read_with(name_lines(game, bet.source, wording(game, lang)), SIC[lang])
        for word in words:
            # A Basque name takes the article the running text leaves out: «zenbaki oso» → «Zenbaki osoa».
            found = word in where or (lang == "eu" and word.endswith("a") and re.search(rf"\b{word[:-1]}\b", where))
            assert found, f"{lang} «{word}» of {bet.id} not at {cite(bet.source)}"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_limit_figures_are_in_the_cited_lines(game: Game) -> None:
    limits = game.rules.limits
    text = cited(limits.source, wording(game, "es")).replace(".", "")
    bounded = [(group, values) for group, values in limits.ranges.items() if values[1] is not None]
    for group, values in [*limits.maximum.items(), *bounded]:
        for value in values:
            written = rf"\b({value}|{NUMBER_WORDS.get(value, value)})\b"
            assert re.search(written, text), (group, value)


@pytest.mark.parametrize("game", DOCUMENTS, ids=DOCUMENT_IDS)
def test_spanish_official_text_is_the_source_word_for_word(game: Document) -> None:
    assert game.official_text, "the game has no official text"
    for _depth, section in game.sections():
        for block in section.blocks:
            if block.table:  # its cells are tested row by row; its headings below
                continue
            source_text = as_read(block, "es")
            # Page residue (a page number and the running header) may sit inside a block's range.
            source_text = source_text.replace("7 catalogo de juegos de la comunidad autonoma del pais vasco ", "")
            assert as_written(block, "es") == source_text, block.source_by_lang["es"]


@pytest.mark.parametrize("game", [g for g in DOCUMENTS if "eu" in g.official_languages],
                         ids=[g.key for g in DOCUMENTS if "eu" in g.official_languages])
def test_basque_official_text_is_source_002_cleaned_of_ocr(game: Document) -> None:
    """The Basque blocks match their lines of source 002, allowing for the listed OCR fixes only (a part whose
    Basque is our translation, ``no_official_text``, has none to match)."""
    for _depth, section in game.sections():
        for block in section.blocks:
            if block.table:
                continue
            where = block.source_by_lang["eu"]
            source_text, expected = as_read(block, "eu"), as_written(block, "eu")
            ratio = difflib.SequenceMatcher(None, expected, source_text, autojunk=False).ratio()
            assert ratio > 0.97, (where, ratio)
            assert re.findall(r"\d+", expected) == re.findall(r"\d+", source_text), where


CARD_GAMES = [game for game in GAMES if game.engine == "baccarat"]
CHEMIN_GAMES = [game for game in GAMES if game.engine in ("chemin", "dos-panos")]
BANK_ROWS = [(game, row) for game in CARD_GAMES + CHEMIN_GAMES for row in game.rules.bank_table]


@pytest.mark.parametrize(("game", "row"), BANK_ROWS, ids=[f"{g.key}:{row.total}" for g, row in BANK_ROWS])
def test_bank_table_rows_are_the_source_cell_by_cell(game: Game, row: Any) -> None:
    """Each row of a bank's drawing table ends, on its cited line, with its total and its eleven cells; in an
    OCR, read with the OCR fixes of the official text's blocks on that line (003:1695 prints «P \\ P»)."""
    printed = name_lines(game, row.source, row.source[0].source).split()
    # A printing error of a clean text is given as printed beside its reading (001:2059 «I» read «T»).
    cells = (getattr(row, "printed", "") or row.cells).lower().split()
    assert printed[-1 - len(cells):] == [str(row.total), *cells]


@pytest.mark.parametrize("game", CARD_GAMES, ids=[g.key for g in CARD_GAMES])
def test_the_player_draws_and_stands_on_the_totals_the_text_gives(game: Game) -> None:
    """The sentence of the player's rule that says «pedir» lists the totals that draw; «plantarse», those that stand."""
    drawing = game.rules.rules.drawing
    stands = set(range(10)) - drawing.player_draws - drawing.naturals
    text = cited(game.rules.player_source, wording(game, "es"))
    for verb, totals in (("pedir", drawing.player_draws), ("plantarse", stands)):
        sentence = next(s for s in re.split(r"[.—]", text) if verb in s)
        assert {int(d) for d in re.findall(r"\b\d\b", sentence)} == set(totals), sentence


@pytest.mark.parametrize("game", CHEMIN_GAMES, ids=[g.key for g in CHEMIN_GAMES])
def test_the_punto_draws_chooses_and_stands_on_the_totals_the_text_gives(game: Game) -> None:
    """Chemin de fer and dos paños: in the punto's rule, read with the OCR fixes of the official text on its
    lines (003:1660 prints «0, X, 2»), the clause that says «pedir» and gives no choice lists the totals that
    draw; the clause of the choice («optar», «libertad»), those he chooses on (and the naturals it goes on to);
    the clause that says «plantarse», those that stand."""
    rules = game.rules.rules
    lines = sorted({(c.source, n) for c in game.rules.player_source for n in range(c.first, c.last + 1)})
    text = name_lines(game, tuple(Citation(source, n, n) for source, n in lines), wording(game, "es"))
    clauses = list(dict.fromkeys(c.strip() for c in re.split(r"[.;:]", text) if re.search(r"\b\d\b", c)))

    def totals(clause: str) -> set[int]:
        return {int(d) for d in re.findall(r"\b\d\b", clause)}

    free = [c for c in clauses if "optar" in c or "libertad" in c]
    assert [totals(c) - rules.naturals for c in free] == [set(rules.player_option)], free
    draws = [c for c in clauses if "pedir" in c and c not in free]
    assert [totals(c) for c in draws] == [set(rules.player_draws)], draws
    # «ha de plantarse» (08) or «deben forzosamente quedarse servidos» (003:2132, dos paños)
    stands = [c for c in clauses if ("plantarse" in c or "quedarse servidos" in c) and c not in free]
    assert [totals(c) - rules.naturals for c in stands] == [set(rules.stands())], stands


TABLE_BLOCKS = [(game, block) for game in GAMES for _depth, section in game.sections() for block in section.blocks
                if block.table]


@pytest.mark.parametrize(("game", "block"), TABLE_BLOCKS, ids=[f"{g.key}:{b.table}" for g, b in TABLE_BLOCKS])
def test_a_tables_own_words_are_printed_in_its_lines(game: Game, block: Block) -> None:
    """The headings and legend of a table of the official text are in its cited lines, word for word in
    Spanish, and (after the OCR fixes) with every word in Basque."""
    for lang in game.languages:
        where = block.source_by_lang.get(lang, block.source)
        # Every line the block cites in this language: a table lost in 000 takes its headings from 002's Spanish.
        text = read_with(cited(where), block.ocr_fixes)
        for name, heading in block.headings.items():
            if lang == "es":
                assert fold(heading[lang]) in text, (name, where)
            else:
                assert all(word in text for word in fold(heading[lang]).split()), (name, where)
