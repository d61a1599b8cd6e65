"""Bingo in the catalogue: the game files say what Art. 3 (000) and the order of 1977 (003) say, each rule with its
lines; the worked examples play as they expect and every step cites its rule; the reader refuses what the engine
cannot play with the file, line and field; the data says the chances and that there is no house edge to compute."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest
from sheetkit import envs  # the sheet environments over the catalogs as they are

from jokoak.catalog import load_catalog
from jokoak.errors import BuildError
from jokoak.facts import game_facts, step_citations
from jokoak.games.bingo.engine import CardRule
from jokoak.games.bingo.reader import BingoSpec
from jokoak.models import Citation
from jokoak.play import game as play_game
from jokoak.render.data import data_schema, game_data

CATALOG_DIR = Path(__file__).resolve().parents[1] / "catalog"
CATALOG = load_catalog(CATALOG_DIR)
EUSKADI = next(g for g in CATALOG.games if g.key == "euskadi/bingo")
NATIONAL = next(g for g in CATALOG.games if g.key == "estado/bingo-1977")


def lines(citations: tuple[Citation, ...]) -> str:
    return "; ".join(str(c) for c in citations)


def test_the_euskadi_file_gives_the_rules_of_article_3() -> None:
    spec: BingoSpec = EUSKADI.rules
    assert spec.rules.card == CardRule(balls=90, numbers=15, rows=3, per_row=5, columns=9, per_column=(1, 3))
    assert dict(spec.rules.last_ball) == {"linea": False, "bingo": False}  # Art. 3 asks nothing of the last ball
    assert (spec.rules.announced_line, spec.rules.late_claim_loses) == (False, False)
    assert lines(spec.card_source) == "000:5805-5811" and lines(spec.balls_source) == "000:5804-5805"
    assert lines(spec.prize("linea").once_source) == "000:5814-5816"
    assert lines(spec.sharing.source) == "000:5822-5824"
    assert spec.late.note and spec.ending.note and not spec.late.source  # the text says nothing: our notes say so
    assert [p.name["eu"] for p in spec.prizes] == ["Lerroa", "Bingoa"]
    assert not spec.playable and spec.bets == ()
    # what Art. 3 fixes beside the game the engine plays: electronic cards, other modalities, the machines
    assert [lines(n.source) for n in spec.notes] == ["000:5826-5831; 000:5853-5855", "000:5839-5851",
                                                     "000:5857-5888"]


def test_the_national_file_gives_the_rules_of_1977_and_fixes_no_columns() -> None:
    spec: BingoSpec = NATIONAL.rules
    assert spec.rules.card == CardRule(balls=90, numbers=15, rows=3, per_row=5, columns=None, per_column=None)
    assert spec.columns_note is not None and "no fija columnas" in spec.columns_note["es"]
    assert dict(spec.rules.last_ball) == {"linea": True, "bingo": True}
    assert (spec.rules.announced_line, spec.rules.late_claim_loses) == (True, True)
    assert lines(spec.prize("linea").last_ball_source) == "003:2363-2364"
    assert lines(spec.prize("bingo").last_ball_source) == "003:2367-2368"
    assert lines(spec.late.source) == "003:2502-2504" and lines(spec.ending.source) == "003:2493-2496"
    assert lines(spec.announced.source) == "003:2361-2363; 003:2472-2474"


def test_the_sharing_is_a_reading_for_the_legal_team() -> None:
    for game in (EUSKADI, NATIONAL):
        assert [r.field for r in game.readings] == ["sharing.reading"]
        assert "partes iguales" in game.readings[0].text["es"] and "zati berdinetan" in game.readings[0].text["eu"]


@pytest.mark.parametrize("game", [EUSKADI, NATIONAL], ids=["euskadi", "estado"])
def test_the_examples_tell_the_four_stories_and_every_step_cites_its_rule(game: object) -> None:
    facts = game_facts(game)  # type: ignore[arg-type]
    keys = set()
    for example, result in facts.examples:
        assert (result.staked, result.returned) == (example.staked, example.returned)
        for step in result.steps:
            keys.add(step.key)
            assert step_citations(facts.game, step), (example.id, step)
    assert {"won-linea", "won-bingo", "ended", "refused-not-formed" if game is EUSKADI else "refused-late"} <= keys
    assert 3 <= len(facts.examples) <= 4
    shared = next(result for example, result in facts.examples if example.id == "bingo-compartido")
    assert shared.returned == Fraction(150, 2)


def test_the_examples_play_from_python_as_the_site_shows_them() -> None:
    table = play_game("estado/bingo-1977")
    card = [[3, 21, 45, 62, 81], [14, 33, 57, 74, 88], [7, 18, 39, 48, 66]]
    common = {"cartones": {"A": card}, "prizes": {"linea": 30, "bingo": 150}}
    late = table.play({"A": 1}, balls=[3, 50, 21, 45, 10, 62, 81, 27],
                      claims=[{"card": "A", "prize": "linea", "ball": 8}], **common)
    assert (late.staked, late.returned) == (1, 0)
    on_time = table.play({"A": 1}, balls=[3, 50, 21, 45, 10, 62, 81],
                         claims=[{"card": "A", "prize": "linea", "ball": 7}], **common)
    assert on_time.returned == 30
    with pytest.raises(TypeError, match="played with balls"):
        table.play({"A": 1}, cards=[1], **common)


def test_the_data_gives_the_chances_and_no_house_edge() -> None:
    for game in (EUSKADI, NATIONAL):
        document = json.loads(game_data(game_facts(game), envs(), "test"))
        jsonschema.validate(document, data_schema(("es", "eu")))
        assert document["bets"] == [] and document["house_edge"]["method"] == "none"
        assert document["house_edge"]["value"] is None and "reglamento del bingo" in \
            document["house_edge"]["assumptions"]["es"]
        chances = document["chances"]["by_ball"]
        assert [c["ball"] for c in chances] == list(range(5, 91))
        assert chances[0]["linea"] == "1/14649756" and chances[-1]["bingo"] == "1/1"
        assert document["chances"]["mean_balls_to_fill_one_card"]["exact"] == "1365/16"
        series = document["first_bingo"]["series"]
        assert [s["cards"] for s in series] == [1, 10, 100, 1000]
        assert abs(series[0]["mean_balls"] - 1365 / 16) <= 4 * series[0]["standard_error"]
        assert document["card"]["columns"] == (9 if game is EUSKADI else None)


def broken(tmp_path: Path, regulation: str, game: str, old: str, new: str) -> list[str]:
    """The problems of the catalogue with one bingo file changed, each «file:line: field: message»."""
    root = tmp_path / "catalog"
    (root / regulation).mkdir(parents=True)
    shutil.copy(CATALOG_DIR / "regulations.yaml", root)
    shutil.copy(CATALOG_DIR / "terms.yaml", root)
    source = (CATALOG_DIR / regulation / f"{game}.yaml").read_text("utf-8")
    assert old in source
    (root / regulation / f"{game}.yaml").write_text(source.replace(old, new, 1), "utf-8")
    with pytest.raises(BuildError) as raised:
        load_catalog(root)
    return [str(p) for p in raised.value.problems]


def line_of(regulation: str, game: str, text: str) -> int:
    source = (CATALOG_DIR / regulation / f"{game}.yaml").read_text("utf-8")
    return source[:source.index(text)].count("\n") + 1


@pytest.mark.parametrize(("regulation", "game", "old", "new", "at", "message"), [
    ("euskadi", "bingo", "  per_column: [1, 3]", "  per_column: [1, 4]", "  per_column: [1, 3]",
     "card.per_column: expected [lowest, highest] numbers a column holds, from 0 to the 3 rows, got [1, 4]"),
    ("euskadi", "bingo", "  numbers: 15", "  numbers: 16", "  numbers: 15",
     "card.numbers: expected rows × per_row numbers (3 × 5), and no more than the 90 balls, got 16"),
    ("euskadi", "bingo", "  per_column: [1, 3]", "  per_column: [2, 3]", "  per_column: [1, 3]",
     "card.per_column: no card of 15 numbers fits 9 columns holding 2 to 3 each with 5 per row"),
    ("estado", "bingo-1977", "  columns: none", "  columns: 9", "  columns: none",
     "card.per_column: expected [lowest, highest] numbers a column holds, from 0 to the 3 rows, got None"),
    ("euskadi", "bingo", "    last_ball: false\n    once_source", "    last_ball: true\n    once_source",
     "    last_ball: false\n    once_source",
     "prizes[0].last_ball: expected true, with last_ball_source (the lines that put the last ball drawn on the "
     "winning line or card), or false without it"),
    ("euskadi", "bingo", "  parts: equal", "  parts: by-stake", "  parts: equal",
     "sharing.parts: the engine shares a prize in equal parts among the winning cards of one ball: expected equal, "
     "got 'by-stake'"),
    ("euskadi", "bingo", "  loses: false\n  note:", "  loses: false\n  notes:", "  loses: false\n  note:",
     "late_claim.notes: unknown field (did you mean 'note'?)"),
    ("euskadi", "bingo", "    expect: {staked: 1, returned: 30}", "    expect: {staked: 1, returned: 31}",
     "    expect: {staked: 1, returned: 30}",
     "examples[0].expect: the engine gives staked=1 returned=30 net=+29, the example expects staked=1 returned=31 "
     "net=+30"),
    ("euskadi", "bingo", "[3, null, 21, null, 45", "[3, 4, 21, null, 45", "[3, null, 21, null, 45",
     "examples[0].bets: the engine cannot play this example: card A: per-row: row 1 has 6 numbers, expected 5"),
    ("estado", "bingo-1977", "    announced: 2", "    announced: 4", "    announced: 2",
     "examples[2].bets: the engine cannot play this example: the announced row is one of 0 to 2"),
    ("euskadi", "bingo", "  eu: translation", "  eu: none", "  eu: translation",
     "no_official_text: a game's sheets and pages are printed in every language of its regulation"),
])
def test_what_the_engine_cannot_play_is_an_error_at_its_line(tmp_path: Path, regulation: str, game: str, old: str,
                                                             new: str, at: str, message: str) -> None:
    found = broken(tmp_path, regulation, game, old, new)
    assert any(message in problem for problem in found), found
    file = f"catalog/{regulation}/{game}.yaml"
    assert any(p.startswith(f"{file}:") and message in p for p in found)
    wanted = line_of(regulation, game, at)
    assert any(f"{file}:{line}:" in p and message in p for p in found for line in range(wanted - 12, wanted + 4))
