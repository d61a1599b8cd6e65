"""Chemin de fer and baccara a dos paños in the catalogue: the bank's table as read against the engine's, the
readings of the damaged passages, the figures of the facts, and the words said in the worked examples."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from jokoak.catalog import load_catalog
from jokoak.facts import game_facts
from jokoak.games.baccarat import chemin

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")
GAMES = [game for game in CATALOG.games if game.engine in ("chemin", "dos-panos")]
IDS = [game.key for game in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_cell_of_the_bank_table_is_the_engines_and_the_o_cells_are_the_two_of_the_texts(game: Any) -> None:
    """Every regulation prints the same table (003:1685-1699; 001:2059-2066; 002:5355-5362 as read): T, P and
    its two «O» cells, bank 3 against a 9 and bank 5 against a 4."""
    spec = game.rules
    for row in spec.bank_table:
        assert "".join(row.cells.split()) == chemin.TABLE.rows[row.total], row.total
    assert spec.option_cells == [(3, 9), (5, 4)]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_table_binds_the_banker_as_printed_cell_by_cell(game: Any) -> None:
    """Asked for, the table binds the banker in its T and P cells and leaves him the O cells; imposed, he draws
    in the O cells; free, he chooses everywhere but on 0."""
    rules = game.rules.rules
    for row in game.rules.bank_table:
        for column, cell in zip(chemin.COLUMNS, row.cells.split(), strict=True):
            asked = chemin.bank_forced(rules, row.total, column, "asked")
            imposed = chemin.bank_forced(rules, row.total, column, "imposed")
            free = chemin.bank_forced(rules, row.total, column, "free")
            if row.total == 0:
                assert asked is imposed is free is True
                continue
            assert asked == {"T": True, "P": False, "O": None}[cell], (row.total, column)
            assert imposed == (cell != "P") and free is None


def test_the_gaps_of_the_euskadi_text_are_read_and_recorded_with_their_lines() -> None:
    """The table lost in 000 is read from 002 (rows 3, 5 and 7 damaged, each with its reading); the punto's
    rule cut short at 000:2326 is completed from 000:2757-2760 with a reading."""
    game = next(g for g in GAMES if g.key == "euskadi/ferrocarril-bacara-o-chemin-de-fer")
    readings = {r.field: r.text["es"] for r in game.readings}
    for row in (3, 5, 7):
        field = f"drawing.bank.table.rows[{row}].reading"
        assert field in readings and f"002:{5355 + row}" in readings[field]
    row5 = readings["drawing.bank.table.rows[5].reading"]
    assert "003:1695" in row5 and "001:2064" in row5
    assert "000:2326" in readings["drawing.player.reading"] and "000:2757-2760" in readings["drawing.player.reading"]
    assert [str(c) for c in game.rules.bank_table[5].source] == ["002:5360"]


def test_the_euskadi_figures_are_the_engines() -> None:
    """Six decks, 5 %: the banker loses 0.7843 % a unit under the customary play, which the lint does not flag:
    the players hold the bank in turn, and that it may lose after the house's commission is the game."""
    game = next(g for g in GAMES if g.key == "euskadi/ferrocarril-bacara-o-chemin-de-fer")
    facts = game_facts(game)
    assert facts.chemin is not None
    customary = facts.chemin.play("customary", "comision")
    assert customary.banker == chemin.expectations(chemin.Rules(chemin.TABLE, 6, chemin.Fraction(1, 20))).banker
    assert f"{float(customary.banker):.4%} {float(customary.punto):.4%}" == "-0.7843% -1.5242%"
    assert not [f for f in facts.findings if f.check == "bank-seat"]  # a banker losing after the commission is the game
    assert all(f.holds for f in facts.findings if f.check == "player-expectation")
    best = {(c.bank, c.column, punto_draws): c.best for punto_draws, c in facts.chemin.cells}
    assert best == {(3, 9, False): "P", (5, 4, False): "P", (3, 9, True): "T", (5, 4, True): "T"}
    reply = facts.chemin.play("best-reply-stands", "comision")
    assert reply.banker > customary.banker and reply.punto + reply.banker + reply.house == 0


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_examples_say_their_words_and_the_hands_add_up(game: Any) -> None:
    """At least eight worked examples; a word is said only where the rules leave the choice open (the engine
    refuses any other); each hand shown holds two or three cards and every card is shown once."""
    facts = game_facts(game)
    assert facts.chemin is not None and len(game.examples) >= 8
    assert any(example.options.get("said") for example in game.examples)
    for example in game.examples:
        dealt = facts.chemin.hands[example.id]
        assert all(len(hand.cards) in (2, 3) for hand in dealt)
        assert sorted(c for hand in dealt for c in hand.cards) == sorted(map(str, example.draws))


@pytest.mark.parametrize("game", [g for g in GAMES if g.engine == "dos-panos"], ids=[g.key for g in GAMES
                                                                                      if g.engine == "dos-panos"])
def test_dos_panos_the_bank_seat_gains_under_both_commissions_and_the_figures_are_exact(game: Any) -> None:
    """Customary play, equal stakes, the first coup of a full shoe, exact: each paño's punto loses 1.136 % with six
    decks and 1.144 % with three; the banker gains 0.455 % (six decks) or 0.463 % (three) with a limited bank
    (2 %) and 0.711 % with a free one (1.25 %). Each bank mode plays with its text's decks: six in both in
    Euskadi (000:2621-2624) and Extremadura (001:2192); in 1977 «tres barajas … en la banca limitada, y seis
    barajas … en la banca libre» (003:1985-1987), read as each commission's ``decks``."""
    facts = game_facts(game)
    assert facts.chemin is not None
    decks = {c.id: game.rules.rules_for(c.id).decks for c in game.rules.commissions}
    assert decks == {"limitada": 3 if game.regulation.id == "estado" else 6, "libre": 6}
    expected = {(6, "limitada"): "-1.136% 0.455%", (3, "limitada"): "-1.144% 0.463%", (6, "libre"): "-1.136% 0.711%"}
    for commission in game.rules.commissions:
        play = facts.chemin.play("customary", commission.id)
        assert f"{float(play.punto):.3%} {float(play.banker):.3%}" == expected[decks[commission.id], commission.id]
        assert "without replacement" in play.method and play.precision.startswith("exact")
    assert all(f.holds for f in facts.findings)
