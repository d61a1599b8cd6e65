"""Circle poker's game files: every worked example played through the engine, the general rules that play no hand,
and every error of the reader reached by a bad file, with its file, line and field.

A bad file is one of the catalogue's circle game files with one defect written into it (``CASES``: the file, the text
replaced and its replacement, the field and the message the build must report at the line of the replacement).
"""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog, run_example
from jokoak.errors import BuildError
from jokoak.facts import step_citations
from jokoak.games.circle import play as circle_play
from jokoak.models import Example, Game

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")
CIRCLE = [game for game in CATALOG.games if game.engine == "circle"]
EXAMPLES = [(game, example) for game in CIRCLE for example in game.examples]


def test_every_circle_game_file_is_there() -> None:
    assert sorted(game.key for game in CIRCLE) == sorted([
        "euskadi/poker-de-circulo", "euskadi/poker-cubierto-de-5-cartas-con-un-descarte", "euskadi/poker-omaha",
        "euskadi/poker-omaha-cinco-cartas", "euskadi/poker-omaha-hi-low", "euskadi/poker-texas-holdem",
        "euskadi/poker-doble-holdem", "euskadi/poker-five-stud", "euskadi/poker-seven-card-stud",
        "euskadi/poker-sintetico", "extremadura/poquer-de-circulo",
        "extremadura/poquer-cubierto-de-cinco-cartas-con-descarte", "extremadura/seven-stud-poker",
        "extremadura/five-stud-poker", "extremadura/omaha", "extremadura/holdem", "extremadura/poquer-sintetico"])


@pytest.mark.parametrize(("game", "example"), EXAMPLES, ids=[f"{g.key}:{e.id}" for g, e in EXAMPLES])
def test_every_example_is_played_and_each_step_cites_its_lines(game: Game, example: Example) -> None:
    result = run_example(game, example)
    assert (result.staked, result.returned) == (example.staked, example.returned)
    assert result.staked == sum(example.bets.values(), Fraction(0))
    assert result.returned <= result.staked  # the casino takes its share; it never adds to the pot
    assert result.steps
    for step in result.steps:
        assert step_citations(game, step), f"{step.key} ({step.rule}) cites no lines"


FAMILIES = {
    "cubierto": ("poker-cubierto-de-5-cartas-con-un-descarte",),
    "omaha": ("poker-omaha", "poker-omaha-cinco-cartas", "poker-omaha-hi-low"),
    "holdem": ("poker-texas-holdem", "poker-doble-holdem"),
    "stud": ("poker-five-stud", "poker-seven-card-stud"),
    "sintetico": ("poker-sintetico",),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_eight_examples_at_least_for_each_family_of_euskadi_variants(family: str) -> None:
    games = [g for g in CIRCLE if g.regulation.id == "euskadi" and g.id in FAMILIES[family]]
    assert sum(len(g.examples) for g in games) >= 8
    assert any(e.sheet for g in games for e in g.examples), "no example marked for the sheet"


def test_three_examples_at_least_for_each_variant_of_extremadura() -> None:
    for game in CIRCLE:
        if game.regulation.id == "extremadura" and game.rules.playable:
            assert len(game.examples) >= 3, game.key


def _steps(game: Game) -> list[tuple[Example, list[str]]]:
    return [(e, [s.key for s in run_example(game, e).steps]) for e in game.examples]


def test_the_examples_show_what_the_brief_asks() -> None:
    """Showdowns of three to six players, a split pot, a side pot, Hi&Low with and without a low, Doble Hold'em won
    on one line and on both, each take option, a raise beyond the limit and a string bet refused."""
    played = [(g, e, run_example(g, e)) for g, e in EXAMPLES]
    shown = {len({s.values["player"] for s in r.steps if s.key == "hand"}) for _g, _e, r in played}
    assert {3, 4, 5, 6} <= shown
    assert any(s.key == "share" and len(s.values["winners"]) > 1 for _g, _e, r in played for s in r.steps)
    assert any(s.key == "pot" and s.values["pot"] > 1 for _g, _e, r in played for s in r.steps)
    hi_low = [r for g, _e, r in played if g.rules.variant == "omaha-hi-low"]
    assert any(any(s.values["kind"] == "low" for s in r.steps if s.key == "share") for r in hi_low)
    assert any(not any(s.key == "low" for s in r.steps) for r in hi_low)
    doble = [r for g, _e, r in played if g.rules.variant == "doble-holdem"]
    winners = [[tuple(s.values["winners"]) for s in r.steps if s.key == "share"] for r in doble]
    assert any(len(set(w)) == 1 for w in winners) and any(len(set(w)) == 2 for w in winners)
    assert {s.key for _g, _e, r in played for s in r.steps} >= {"take-pot", "take-hand", "take-session"}
    refused = {s.values["code"] for _g, _e, r in played for s in r.steps if s.key == "refused"}
    assert {"beyond-limit", "string-bet"} <= refused


def test_the_general_rules_play_no_hand() -> None:
    general = [g for g in CIRCLE if not g.rules.playable]
    assert [g.key for g in general] == ["euskadi/poker-de-circulo", "extremadura/poquer-de-circulo"]
    for game in general:
        assert not game.examples and game.rules.variant is None and game.rules.deal is None
        with pytest.raises(ValueError, match="the general rules of circle poker play no hand"):
            circle_play.play(game.rules, {"ana": Fraction(10)}, ["Ah Kd"], {})


def test_a_play_that_does_not_hold_together_is_a_sentence() -> None:
    holdem = next(g for g in CIRCLE if g.key == "euskadi/poker-texas-holdem")
    bets = {"ana": Fraction(10), "ben": Fraction(10)}
    with pytest.raises(ValueError, match="ben gets back 20, not the 5 the example says"):
        circle_play.play(holdem.rules, bets, ["2c 3d", "Ah Ad", "Kh 9s 7d 5c Js"], {"shares": {"ben": 5}})
    with pytest.raises(ValueError, match="A card is dealt twice: Ah"):
        circle_play.play(holdem.rules, bets, ["Ah 3d", "Ah Ad", "Kh 9s 7d 5c Js"], {})
    with pytest.raises(ValueError, match="the actions put 10 for ana, 10 for ben in the pot; the example's bets say"):
        circle_play.play(holdem.rules, {"ana": Fraction(12), "ben": Fraction(12)}, ["2c 3d", "Ah Ad", "Kh 9s 7d 5c Js"],
                         {"table": {"minimum": 10, "structure": "bote-sin-limite"},
                          "actions": [["ana: subir 10", "ben: cubrir"]]})
    with pytest.raises(ValueError, match=r"action 1 \(ana: subir 10\) should be refused \(string-bet\), and it is not"):
        circle_play.play(holdem.rules, bets, ["2c 3d", "Ah Ad", "Kh 9s 7d 5c Js"],
                         {"table": {"minimum": 10, "structure": "bote-sin-limite"},
                          "actions": [["ana: subir 10", "ben: cubrir"]], "refused": {"at": 1, "code": "string-bet"}})


# ---- every reader error, reached by a bad file ---------------------------------------------------------------

GENERAL = "euskadi/poker-de-circulo.yaml"
HOLDEM = "euskadi/poker-texas-holdem.yaml"
HILO = "euskadi/poker-omaha-hi-low.yaml"
SEVEN = "euskadi/poker-seven-card-stud.yaml"
SINTETICO = "euskadi/poker-sintetico.yaml"
X_GENERAL = "extremadura/poquer-de-circulo.yaml"
X_OMAHA = "extremadura/omaha.yaml"

# (id, file, text replaced, its replacement, the field reported, the start of the message)
CASES = [
    ("variant-unknown", HOLDEM, "variant: holdem", "variant: texas", "variant", "expected one of cubierto, omaha"),
    ("figures-not-a-flag", GENERAL, "figures: false", "figures: 2", "figures", "expected true or false, got 2"),
    ("general-deals", GENERAL, "players:\n", "deal: {hole: 2, board: 5, source: \"000:5493\"}\nplayers:\n", "deal",
     "the general rules play no hand: give it in each variant (variant)"),
    ("variant-without-showdown", HOLDEM, "showdown:\n  hole_used: any\n  source: \"000:5486-5489; 002:12329-12332\"\n",
     "", "showdown", "missing field (every variant gives its showdown)"),
    ("deal-too-few", HOLDEM, "  hole: 2\n  board: 5\n", "  hole: 2\n  board: 2\n", "deal",
     "expected two to seven cards a player (hole), none or five common cards (board)"),
    ("deal-not-five", "euskadi/poker-five-stud.yaml", "  hole: 5\n  up: 4\n", "  hole: 4\n  up: 3\n", "deal",
     "expected at least five cards to make a hand, got 4 of the player's and 0 common ones"),
    ("deal-unlike-engine", HOLDEM, "  hole: 2\n  board: 5\n", "  hole: 3\n  board: 5\n", "variant",
     "the game file and the engine's holdem differ: hole 3 where the engine has 2"),
    ("interval-first-unknown", HOLDEM, "first: mano, source: \"000:5386-5390", "first: dealer, source: \"000:5386-5390",
     "intervals[1].first", "expected one of mano, after-forced"),
    ("intervals-out-of-order", HOLDEM, "hole: 2, board: 4, first: mano", "hole: 2, board: 1, first: mano",
     "intervals", "expected the betting intervals in order, each id once"),
    ("hole-used-unknown", HOLDEM, "  hole_used: any", "  hole_used: 3", "showdown.hole_used",
     "expected any (the best five of all the cards) or 2"),
    ("hole-used-without-board", "euskadi/poker-five-stud.yaml", "  hole_used: any", "  hole_used: 2",
     "showdown.hole_used", "two of the player's cards and three common ones need five common cards"),
    ("low-not-hi-low", HOLDEM, "  hole_used: any\n", "  hole_used: any\n  low: {at_most: 8, source: \"000:5462\"}\n",
     "showdown.low", "a low hand (low) is the Hi&Low variant's alone, and it has one"),
    ("resto-reversed", SINTETICO, "initial: [10, 200]", "initial: [200, 10]", "resto.initial",
     "expected [lowest, highest] times the table minimum"),
    ("players-maximum-below", "euskadi/poker-omaha-cinco-cartas.yaml", "  maximum: 8", "  maximum: 3",
     "players.maximum", "expected at least the minimum, 4, got 3"),
    ("deck-unknown", GENERAL, "  cards: [52]", "  cards: [54]", "deck.cards",
     "expected the deck sizes the text allows, largest first"),
    ("deck-unlike-engine", SINTETICO, "  cards: [28]", "  cards: [32]", "variant",
     "the game file and the engine's sintetico differ: a deck of 28 cards, not 32"),
    ("hand-unknown", GENERAL, "category: figures,", "category: figuras,", "hands[7].category",
     "expected one of royal-flush, straight-flush"),
    ("hands-out-of-order", GENERAL, "category: pair,", "category: two-pair,", "hands",
     "expected the 11 combinations of the text, best first"),
    ("structure-kind-unknown", GENERAL, "kind: split-limit", "kind: half-pot", "structures[0].kind",
     "expected one of split-limit, pot-limit, no-limit, fixed, got 'half-pot'"),
    ("structure-flag-not-a-flag", SEVEN, "    pair_rule: true", "    pair_rule: 1", "structures[0]",
     "expected pair_rule and stud_pot true or false"),
    ("structure-raises-per-unknown", SEVEN, "    raises_per: player\n    same_name_as",
     "    raises_per: hand\n    same_name_as", "structures[0].raises_per", "expected player or interval"),
    ("structure-same-name-same-kind", SEVEN, "same_name_as: {kind: split-limit", "same_name_as: {kind: fixed",
     "structures[0].same_name_as.kind", "expected the other kind the general rules give the name"),
    ("variant-list-game-unreadable", GENERAL, "{game: poker-omaha, name: \"Omaha\"",
     "{game: Poker Omaha, name: \"Omaha\"", "variant_lists[1].names[1].game",
     "expected a game's id, got 'Poker Omaha'"),
    ("variant-list-empty", X_GENERAL, "<cuerpo>", "    names: []\n", "variant_lists[1].names",
     "expected the variants the passage names"),
    ("repeat-game-unreadable", SEVEN, "    game: poker-texas-holdem\n", "    game: Texas\n", "repeats[0].game",
     "expected a game's id, got 'Texas'"),
    ("structure-pair-rule-not-fixed", SEVEN, "  - id: split-limit\n    kind: fixed",
     "  - id: split-limit\n    kind: no-limit", "structures[0].kind",
     "the pair rule is a fixed structure's, the seven-card stud pot a pot limit's"),
    ("structures-twice", GENERAL, "id: bote-con-limite, kind", "id: split-limit, kind", "structures",
     "expected one or more betting structures, each id once"),
    ("take-percent-reversed", GENERAL, "percent: [10, 20]", "percent: [20, 10]", "take[1].percent",
     "expected [lowest, highest] percentage, from 0 to 100"),
    ("relation-percent-beyond", GENERAL, "minimum_percent_of_maximum: [20, 40]",
     "minimum_percent_of_maximum: [20, 140]", "relations.minimum_percent_of_maximum",
     "expected [lowest, highest] percentage, from 1 to 100"),
    ("ante-share-beyond", GENERAL, "ante_at_most: \"1/2\"", "ante_at_most: 2", "relations.ante_at_most",
     "expected the ante's highest share of the minimum"),
    ("take-unknown", GENERAL, "  - id: hand\n", "  - id: player\n", "take[2].id", "expected one of pot, session, hand"),
    ("take-base-unknown", GENERAL, "base: [maximum]", "base: [minimum]", "take[1].base",
     "expected, for the session option only, a list among maximum, resto"),
    ("take-session-without-base", GENERAL, "    base: [maximum]\n", "", "take[1].base",
     "missing field (what the session's percentage is of)"),
    ("take-twice", GENERAL, "  - id: hand\n", "  - id: pot\n", "take",
     "expected one or more of the casino's options, each once"),
    ("actions-out-of-order", GENERAL, "id: pasar, name: {es: \"Pasar\"", "id: subir, name: {es: \"Pasar\"", "actions",
     "expected the betting actions of the text in order"),
    ("action-unknown", GENERAL, "id: retirarse, name", "id: abandonar, name", "actions[0].id",
     "expected one of retirarse, pasar, cubrir, subir"),
    ("forbidden-empty", X_GENERAL, "<forbidden>", "forbidden: []\n", "forbidden",
     "expected the list of what the text forbids"),
    ("forced-unknown", GENERAL, "kinds: [ante, blinds]", "kinds: [ante, straddle]", "forced.kinds",
     "expected a list among ante, blinds, mano"),
    ("blinds-without-blinds", X_OMAHA, "kinds: [blinds]", "kinds: [ante]", "forced.blinds",
     "the blinds' amounts are given only where the kinds have blinds"),
    ("blinds-reversed", X_OMAHA, "blinds: {small: \"1/2\", big: 1}", "blinds: {small: 2, big: 1}", "forced.blinds",
     "expected the small blind above 0 and at most the big one"),
    ("lines-missing", GENERAL, "  uncontested: \"000:5099-5102; 002:11447-11451\"\n", "", "lines.uncontested",
     "missing field"),
    ("example-cards-short", HOLDEM, "cards: [\"Ah Kh\", \"Qs Qd\", \"7c 2d\", \"Kd Qh 7s 3c 2h\"]",
     "cards: [\"Ah Kh\", \"Qs Qd\", \"7c 2d\"]", "examples[0].cards", "expected a list of texts: each player's cards"),
    ("example-folded-stranger", HOLDEM, "    folded: [ben, carla]", "    folded: [ben, zoe]", "examples[3].folded",
     "expected a list of players of the hand (ana, ben, carla), each once"),
    ("example-shares-stranger", HOLDEM, "    shares: {ben: 114}\n", "    shares: {zoe: 114}\n", "examples[0].shares",
     "expected what players of the hand (ana, ben, carla) get back"),
    ("example-action-unreadable", HOLDEM, "\"ana: subir 10\", \"ben: subir 40\"", "\"ana: sube 10\", \"ben: subir 40\"",
     "examples[4].actions", "expected a list of intervals, each a list of actions"),
    ("example-refused-unknown", HOLDEM, "code: beyond-limit", "code: too-much", "examples[4].refused",
     "expected, with actions, {at: N, code}"),
    ("example-restos-stranger", SINTETICO, "restos: {carla: 100}", "restos: {zoe: 100}", "examples[4].table.restos",
     "expected an amount for players of the hand"),
    ("example-take-without-percent", HOLDEM, "    take: {option: pot, percent: 5}", "    take: {option: pot}",
     "examples[0].take.percent", "missing field"),
    ("example-take-option-unknown", X_OMAHA, "take: {option: pot, percent: 5}", "take: {option: hand, percent: 5}",
     "examples[1].take.option", "expected one of this game's options, pot, session, got 'hand'"),
    ("example-table-deck", HOLDEM, "    table: {minimum: 10}\n", "    table: {minimum: 10, deck: 32}\n",
     "examples[1].table.deck", "expected a deck of this game: 52 cards, got 32"),
    ("example-player-name", HOLDEM, "bets: {ana: 40, ben: 40, carla: 40}", "bets: {ana: 40, ben: 40, Carla: 40}",
     "examples[0].bets", "expected the players by name, lowercase letters, digits and hyphens"),
    ("example-refusal-not-met", HOLDEM, "refused: {at: 2, code: beyond-limit}", "refused: {at: 3, code: beyond-limit}",
     "examples[4].bets", "the engine cannot play this example: action 2 (ben: subir 40) is refused (beyond-limit)"),
    ("example-expect-wrong", HOLDEM, "shares: {ben: 114}\n    expect: {staked: 120, returned: 114}",
     "shares: {ben: 114}\n    expect: {staked: 120, returned: 120}", "examples[0].expect",
     "the engine gives staked=120 returned=114 net=-6"),
]
FILES = sorted({case[1] for case in CASES})


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A catalogue of the regulations, the term base and the circle game files the cases break."""
    root = tmp_path_factory.mktemp("circle") / "catalog"
    for regulation in ("euskadi", "extremadura"):
        (root / regulation).mkdir(parents=True)
    for name in ("regulations.yaml", "terms.yaml"):
        shutil.copy(REPO / "catalog" / name, root / name)
    for game in CIRCLE:  # every circle game: the variants name their twins in the other regulation (same_as)
        shutil.copy(REPO / game.file, root / game.file.removeprefix("catalog/"))
    return root


def test_the_base_of_the_bad_files_is_sound(base: Path) -> None:
    assert len(load_catalog(base, REPO.parent / "shared" / "sources").games) == len(CIRCLE)


@pytest.mark.parametrize(("name", "file", "old", "new", "field", "message"), CASES, ids=[c[0] for c in CASES])
def test_every_reader_error_is_reported_at_its_line(base: Path, tmp_path: Path, name: str, file: str, old: str,
                                                    new: str, field: str, message: str) -> None:
    root = tmp_path / "catalog"
    shutil.copytree(base, root)
    path = root / file
    text = path.read_text("utf-8")
    if old == "<forbidden>":  # the whole list
        old = text[text.index("forbidden:\n"):text.index("\nforced:") + 1]
    if old == "<cuerpo>":  # the names of the list of the body's headings
        start = text.index("    names:\n", text.index("  - id: cuerpo"))
        old = text[start:text.index("\nlimits:", start) - 1]
    assert text.count(old) >= 1, f"{name}: the text to replace is not in {file}"
    at = text.index(old)
    path.write_text(text[:at] + new + text[at + len(old):], "utf-8")
    with pytest.raises(BuildError) as raised:
        load_catalog(root, REPO.parent / "shared" / "sources")
    problems = [p for p in raised.value.problems if p.file == f"catalog/{file}"]
    found = [p for p in problems if p.field == field and p.message.startswith(message)]
    assert found, f"{name}: {[str(p) for p in raised.value.problems]}"
    line = text[:at].count("\n") + 1
    if field == "variant":  # the file against the engine: at the variant's line
        assert [p.line for p in found] == [text[:text.index("\nvariant:")].count("\n") + 2], name
    elif new and field not in ("hands", "structures", "take", "actions", "intervals", "forbidden"):
        # at the line of the replacement, or of the mapping it is in (an example's: its first lines)
        before = 15 if field.startswith("examples[") else 3
        near = [p for p in found if line - before <= p.line <= line + new.count("\n") + 1]
        assert near, (name, [str(p) for p in found])
