"""The engine families' registry: one entry per engine, and examples played the same way from the
catalogue, from Python and from the site's generated ``play(...)`` calls."""

from __future__ import annotations

import ast
from fractions import Fraction

import pytest

from jokoak.catalog import load_catalog
from jokoak.facts import same_game_elsewhere
from jokoak.games import families
from jokoak.models import Game
from jokoak.play import CATALOG, DRAWS, Table
from jokoak.render.env import python_options, python_value

GAMES = load_catalog(CATALOG).games


def test_each_family_is_registered_under_its_engine_and_names_its_draws() -> None:
    assert all(engine == family.engine for engine, family in families().items())
    assert {family.draws for family in families().values()} <= set(DRAWS)
    assert {game.engine for game in GAMES} == set(families())


@pytest.mark.parametrize("game", GAMES, ids=[g.key for g in GAMES])
def test_the_play_call_of_each_example_gives_what_the_example_expects(game: Game) -> None:
    """The call the site prints, parsed back as Python literals and played, settles as the example says."""
    family = families()[game.engine]
    for example in game.examples:
        assert set(example.options) <= family.options
        call = ast.parse(f"play({python_value(example.bets)}, {family.draws}={python_value(list(example.draws))}"
                         f"{python_options(example)})", mode="eval").body
        assert isinstance(call, ast.Call)
        bets = ast.literal_eval(call.args[0])
        dealt = {keyword.arg: ast.literal_eval(keyword.value) for keyword in call.keywords}
        result = Table(game).play(bets, **dealt)
        assert (result.staked, result.returned) == (example.staked, example.returned), example.id


def test_play_names_what_is_missing_or_foreign() -> None:
    ruleta = next(Table(g) for g in GAMES if g.key == "euskadi/ruleta-francesa")
    with pytest.raises(TypeError, match=r"played with spins: give spins=.*not cards"):
        ruleta.play({"rojo": 10}, cards=["7"])
    with pytest.raises(TypeError, match="played with spins"):
        ruleta.play({"rojo": 10})
    with pytest.raises(TypeError, match=r"takes no option decisions \(its options: last_spin, minimum, on_zero\)"):
        ruleta.play({"rojo": 10}, spins=[1], decisions=["double"])


def test_python_values_are_python_literals() -> None:
    value = {"said": {"punto": "carta"}, "on_zero": ["half", "prison"], "minimum": Fraction(5, 2), "banco": True,
             "quote": 'a "b" \\ c'}
    assert ast.literal_eval(python_value(value)) == {**value, "minimum": "5/2"}
    assert python_value(Fraction(10)) == "10"


def test_the_same_game_under_other_ids_is_compared_across_regulations() -> None:
    pairs = {g.key: [o.key for o in same_game_elsewhere(g, GAMES)] for g in GAMES}
    assert pairs["euskadi/poker-trijoker"] == ["extremadura/poquer-trijoker"]
    assert pairs["extremadura/tripoquer"] == ["euskadi/poker-de-tres-cartas-o-tripoker"]
    assert pairs["extremadura/poquer-sin-descarte"] == ["euskadi/poker-sin-descarte"]
    assert pairs["euskadi/texas-poker"] == []  # Extremadura's hold'em is another game
    assert all(g.regulation != o.regulation for g in GAMES for o in same_game_elsewhere(g, GAMES))
