"""What the player sheets of the card families share, as table cards: the banked card games (black jack, punto y
banca, chemin de fer, baccara a dos paños), the poker families (stud, holdem, cuatro cartas, Pai Gow, Tripóker,
Trijoker), treinta y cuarenta, monte o banca and el reto. No sheet carries legal material (house edges, exact
fractions, readings, the game files' notes, «texto propio», errata); a table's sheet marks nothing «(opcional)»,
as it shows only what the table offers; the payout table comes before the numbered steps, one list of steps a
language; each game's model sheet has three or four examples.

The sheets are rendered as HTML only (no PDF), for the tables of both sample casinos and the model sheets, in
each language of their regulation and side by side.
"""

from __future__ import annotations

import pytest
from sheetkit import CATALOG, EUSKADI, EXTREMADURA, GAMES, every_sheet, facts, html, legal_material, text

from jokoak.config import Table
from jokoak.render.sheets import sheet_examples

ENGINES = ("blackjack", "baccarat", "chemin", "dos-panos",
           "stud", "holdem", "four-card", "pai-gow", "tripoker", "trijoker",
           "trente", "monte", "reto")
OURS = tuple(game.key for game in CATALOG.games if game.engine in ENGINES)
TABLES = [(config, t.id) for config in (EUSKADI, EXTREMADURA) for t in config.tables if GAMES[t.game].engine in ENGINES]
SHEETS = every_sheet(TABLES, OURS)


@pytest.mark.parametrize(("name", "key", "at", "langs"), SHEETS, ids=[s[0] for s in SHEETS])
def test_a_sheet_has_no_legal_material_and_the_payout_table_comes_first_then_numbered_steps(
        name: str, key: str, at: Table | None, langs: tuple[str, ...]) -> None:
    page = html(key, at, langs)
    words = text(page)
    assert legal_material(words, GAMES[key]) == []
    assert at is None or ("(opcional)" not in words and "(aukerakoa)" not in words)
    assert page.index('class="cards-bets') < page.index('<ol class="steps">')  # black jack's: "cards-bets bj-bets"
    assert page.count('<ol class="steps">') == len(langs)


@pytest.mark.parametrize("key", OURS)
def test_each_model_sheet_has_three_or_four_examples(key: str) -> None:
    assert 3 <= len(sheet_examples(facts(key), None)) <= 4
