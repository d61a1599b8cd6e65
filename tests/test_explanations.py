"""Every worked example is explained: the engine returns the steps it applied, each citing the lines of the rule
it applied, and each said in every language of the game by its family's steps template (templates/games/<family>/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from jokoak.catalog import load_catalog, run_example
from jokoak.facts import bet_names, step_citations
from jokoak.games import families
from jokoak.i18n import LANGUAGES, load_translations
from jokoak.models import Citation, Game
from jokoak.render.env import make_env

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")
EXAMPLES = [(game, example) for game in CATALOG.games for example in game.examples]
TRANSLATIONS = load_translations(REPO / "locale")
ENVS = {lang: make_env(REPO / "templates", lang, TRANSLATIONS, "rst") for lang in LANGUAGES}


def within(citation: Citation, game: Game) -> bool:
    """Whether the lines lie in the text of a game of the same regulation (the game's own, or the game it is based
    on: the American roulette spins the French roulette's wheel)."""
    games = [g for g in CATALOG.games if g.regulation.id == game.regulation.id]
    spans = [c for g in games for c in g.source] + [c for g in games for s in g.official_text for c in s.source]
    spans += [c for g in games for s in g.official_text for b in s.blocks for c in b.source]
    return any(c.source == citation.source and c.first <= citation.first and citation.last <= c.last for c in spans)


@pytest.mark.parametrize(("game", "example"), EXAMPLES, ids=[f"{g.key}:{e.id}" for g, e in EXAMPLES])
def test_every_step_of_every_example_is_cited_and_said_in_every_language(game: Game, example: object) -> None:
    result = run_example(game, example)  # type: ignore[arg-type]
    assert result.steps, "the engine gave no steps for this example"
    for step in result.steps:
        citations = step_citations(game, step)
        assert citations, f"step {step.key} cites no lines (rule {step.rule!r})"
        assert all(within(c, game) for c in citations), f"step {step.key}: {citations} outside the game's text"
    for lang in game.languages:
        template = ENVS[lang].get_template(families()[game.engine].templates.steps)  # type: ignore[union-attr]
        steps = template.module.step  # type: ignore[attr-defined]
        names = bet_names(game, lang)
        for step in result.steps:
            said = str(steps(step, game, names)).strip()
            assert said and said[-1] in ".»)", f"{step.key} in {lang}: {said!r}"
            assert "%(" not in said and "None" not in said, f"{step.key} in {lang}: {said!r}"
