"""Issue 5's «done»: every banked poker game has its data, with every bet's house edge and its method,
at least eight worked examples, and the lint's player-edge check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

POKER = {"stud", "trijoker", "tripoker", "pai-gow", "holdem", "four-card"}
GAMES = ["euskadi/poker-sin-descarte", "euskadi/poker-con-descarte", "euskadi/poker-trijoker",
         "euskadi/pai-gow-poker-o-poker-chino", "euskadi/poker-de-tres-cartas-o-tripoker", "euskadi/texas-poker",
         "extremadura/poquer-sin-descarte", "extremadura/poquer-con-descarte", "extremadura/poquer-trijoker",
         "extremadura/pai-gow-poker", "extremadura/tripoquer", "extremadura/texas-holdem-bonus-poker",
         "extremadura/poquer-de-cuatro-cartas"]


@pytest.mark.parametrize("key", GAMES)
def test_every_bet_has_its_edge_and_method(built: Path, key: str) -> None:
    document = json.loads((built / "data" / f"{key}.json").read_text(encoding="utf-8"))
    assert document["engine"] in POKER
    assert len(document["examples"]) >= 8
    for bet in document["bets"]:
        edge = bet["house_edge"]
        assert edge["details"].strip() and edge["strategy"] and set(edge["assumptions"]) == set(document["languages"])
        assert edge["method"] != "none" or "jackpot" in edge["details"], bet["id"]
    assert any(f["check"] == "player-expectation" for f in document["lint"])
    for sheet in ("es", "eu", "es-eu") if key.startswith("euskadi/") else ("es",):
        assert (built / "sheets" / f"{key}.{sheet}.pdf").exists()


def test_the_catalogue_has_every_poker_game_the_issue_lists(built: Path) -> None:
    found = {f"{p.parent.name}/{p.stem}" for p in (built / "data").glob("*/*.json")
             if json.loads(p.read_text(encoding="utf-8"))["engine"] in POKER}
    assert found == set(GAMES)
