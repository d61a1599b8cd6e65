"""The catalogue says what the regulation says: bets, payouts, limits, regulations and terms."""

from __future__ import annotations

import datetime as dt
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from jokoak.catalog import load_catalog, run_example
from jokoak.errors import BuildError
from jokoak.games.baccarat.engine import card_value, coup
from jokoak.games.baccarat.reader import COLUMNS
from jokoak.games.roulette.reader import RouletteSpec

CATALOG_DIR = Path(__file__).resolve().parents[1] / "catalog"
CATALOG = load_catalog(CATALOG_DIR)
GAME = next(g for g in CATALOG.games if g.key == "euskadi/ruleta-francesa")
SPEC: RouletteSpec = GAME.rules


def test_the_regulations_and_their_languages() -> None:
    regs = CATALOG.regulations
    assert list(regs) == ["euskadi", "extremadura", "estado"]
    assert regs["euskadi"].languages == ("es", "eu")
    assert regs["extremadura"].languages == regs["estado"].languages == ("es",)
    assert [v.id for v in regs["estado"].versions] == ["1977", "1979"]
    assert regs["euskadi"].version("2010").effective == dt.date(2010, 7, 24)
    assert regs["estado"].version("1977").effective == dt.date(1977, 6, 18)
    for regulation in regs.values():
        for version in regulation.versions:
            assert version.effective or "fuente" in version.effective_note


def test_every_bet_of_the_regulation_with_its_payout() -> None:
    """Source 000 §01 IV.1 (lines 376-466): payouts as net winnings per unit staked."""
    payouts = {b.id: b.bet.payout for b in SPEC.bets}
    assert payouts == {
        "pleno": 35, "caballo": 17, "transversal": 11, "cuadro": 8, "seisena": 5, "columna": 2, "docena": 2,
        "dos-columnas": Fraction(1, 2), "dos-docenas": Fraction(1, 2),
        "rojo": 1, "negro": 1, "pares": 1, "impares": 1, "falta": 1, "pasa": 1,
        "vecinos": None, "serie-grande": None, "tercio": None, "huerfanos": None,
    }
    bets = SPEC.rules.bets
    assert frozenset({0, 1, 2}) in bets["transversal"].extra_targets
    assert frozenset({0, 2, 3}) in bets["transversal"].extra_targets
    assert bets["cuadro"].extra_targets == (frozenset({0, 1, 2, 3}),)


def test_the_zero_rule_and_the_limit_tiers() -> None:
    zero = SPEC.rules.zero_rule
    assert (zero.prison, zero.below_minimum_stays, zero.last_spin_refund) == (True, True, True)
    limits = SPEC.limits
    assert limits.tiers == 4 and limits.even_chance_minimum_factor == 5 and limits.multiples_source
    assert limits.maximum["suertes-sencillas"] == (180, 360, 540, 900)
    assert limits.maximum["pleno"] == (10, 20, 30, 50)
    assert limits.maximum["doble-columna-docena"] == (240, 480, 720, 1200)
    assert len(SPEC.zero_summary) == 4


def test_the_worked_examples_cover_what_the_issue_asks() -> None:
    examples = {e.id: e for e in GAME.examples}
    assert len(examples) >= 10
    kinds = {
        "a plain win": "pleno-gana", "a loss": "sencilla-pierde", "a split": "caballo-gana",
        "a corner": "cuadro-gana", "a sector": "tercio-gana", "zero, half back": "cero-mitad",
        "prison freed": "prision-liberada", "prison lost": "prision-perdida",
        "a second zero": "segundo-cero-cuarta-parte", "the last spin": "cero-ultima-jugada",
    }
    assert set(kinds.values()) <= set(examples)
    for example in GAME.examples:
        result = run_example(GAME, example)
        assert (result.staked, result.returned) == (example.staked, example.returned), example.id


def test_the_term_base_has_every_bet_name() -> None:
    """Each bet's name (or the first of its alternative names) is a term of the term base, in both languages."""
    assert len(CATALOG.terms) >= 50
    for lang, alternative in (("es", " o "), ("eu", " edo ")):
        terms = {t.text[lang].lower() for t in CATALOG.terms}
        for bet in SPEC.bets:
            name = bet.name[lang].split(" (")[0].lower()
            assert name in terms or name.split(alternative)[0] in terms, (lang, bet.id)


def test_extremadura_french_roulette_differs_where_its_text_does() -> None:
    """001:191-241: a closed list of bets (no zero streets or corner, no neighbours or sectors), tiers ×1-4."""
    spec: RouletteSpec = next(g for g in CATALOG.games if g.key == "extremadura/ruleta-francesa").rules
    assert {b.id for b in spec.bets} == {"pleno", "caballo", "transversal", "cuadro", "seisena", "columna", "docena",
                                         "dos-columnas", "dos-docenas", "rojo", "negro", "par", "impar", "falta",
                                         "pasa"}
    assert all(not b.bet.extra_targets for b in spec.bets)
    assert spec.limits.maximum["suertes-sencillas"] == (180, 360, 540, 720)
    assert spec.limits.maximum["doble-columna-docena"] == (240, 480, 720, 960)
    assert spec.limits.even_chance_minimum_factor is None


def test_american_roulette_follows_the_french_rules_but_for_the_zero() -> None:
    """000:589-594: what the American section does not provide, the French one does; 000:688-689: no prison."""
    american = next(g for g in CATALOG.games if g.key == "euskadi/ruleta-americana-con-un-solo-cero")
    spec: RouletteSpec = american.rules
    assert [b.id for b in spec.bets] == [b.id for b in SPEC.bets]
    assert spec.limits == SPEC.limits and spec.rules.wheel == SPEC.rules.wheel
    zero = spec.rules.zero_rule
    assert (zero.prison, zero.below_minimum_stays, zero.last_spin_refund) == (False, False, False)
    assert [layout.id for layout in spec.layouts] == ["mesa", "mesa-doble"]
    assert len(american.examples) >= 6 and american.official_text


def test_extremadura_boule() -> None:
    """001:349-391: numbers 1-9, the 5 beats every even chance, 7 to 1 on a number, maximums as ranges."""
    from jokoak.games.roulette import engine as roulette

    spec: RouletteSpec = next(g for g in CATALOG.games if g.key == "extremadura/bola-o-boule").rules
    rules = spec.rules
    assert rules.wheel.pockets == frozenset(range(1, 10)) and rules.wheel.zeros == {5}
    assert roulette.chance_numbers("low", rules.wheel) == {1, 2, 3, 4}
    assert roulette.chance_numbers("high", rules.wheel) == {6, 7, 8, 9}
    assert roulette.chance_numbers("red", rules.wheel) == {2, 4, 7, 9}
    for bet in rules.bets:
        assert roulette.house_edge(rules, bet) == Fraction(1, 9)
    assert spec.limits.tiers == 0 and spec.limits.ranges == {"numero": (40, 100), "suertes-sencillas": (200, 500)}


def test_the_fortune_wheel_pay_table_as_printed_is_flagged() -> None:
    """000:3010-3013: the 24 «empata» (wins nothing) and one bet on «los dos Jockey» at 45 a 1 favours the player."""
    from jokoak.facts import game_facts

    game = next(g for g in CATALOG.games if g.key == "euskadi/ruleta-de-la-fortuna")
    assert len(game.rules.rules.wheel.order) == 54
    facts = game_facts(game)
    edges = {bet.info.id: bet.edge for bet in facts.bets}
    assert edges == {"24": Fraction(5, 9), "15": Fraction(4, 9), "7": Fraction(2, 9), "4": Fraction(5, 27),
                     "2": Fraction(2, 9), "joker": Fraction(-19, 27)}
    failing = {(f.check, f.values["bet"]) for f in facts.failures}
    assert failing == {("player-expectation", "joker"), ("winning-pays-something", "24"),
                       ("implausible-edge", "24"), ("implausible-edge", "15"),  # 55.6 % and 44.4 %
                       ("reading-player-edge", "joker")}  # the reading of «los dos Jockey», for decision


def test_the_same_bet_paid_differently_elsewhere_is_flagged() -> None:
    """Fortune wheel: the 24 «empata» in Euskadi (000:3010), 1 a 1 in Extremadura (001:441); the 15, 1 a 1 vs 2 a 1."""
    from jokoak.facts import game_facts, same_game_elsewhere

    game = next(g for g in CATALOG.games if g.key == "euskadi/ruleta-de-la-fortuna")
    others = same_game_elsewhere(game, CATALOG.games)
    assert [o.key for o in others] == ["extremadura/ruleta-de-la-fortuna"]
    elsewhere = [f.values for f in game_facts(game, others).findings if f.check == "payout-elsewhere"]
    assert [(v["bet"], v["payout"], v["other"]) for v in elsewhere] == [("24", 0, 1), ("15", 1, 2)]
    french = next(g for g in CATALOG.games if g.key == "euskadi/ruleta-francesa")
    assert not [f for f in game_facts(french, same_game_elsewhere(french, CATALOG.games)).findings
                if f.check == "payout-elsewhere"]


def test_the_double_zero_variant_takes_the_single_zero_game_and_french_roulette() -> None:
    """001:311: one more pocket, the 00, and the «línea especial» 0-00-1-2-3 at 6 a 1; the rest of
    juego 1.2 (official text, layouts, limits) from the single-zero game, itself based on 1.1."""
    games = {g.key: g for g in CATALOG.games}
    double, single = games["extremadura/ruleta-americana-con-dos-ceros"], games[
        "extremadura/ruleta-americana-con-un-solo-cero-o-con-dos-ceros"]
    spec: RouletteSpec = double.rules
    assert double.official_text == single.official_text and spec.limits == single.rules.limits
    assert spec.layouts == single.rules.layouts
    assert spec.bet("linea-especial").bet.payout == Fraction(6) and spec.bet("linea-especial").limit is None
    assert len(spec.rules.wheel.order) == 38 and len(double.examples) >= 6
    assert {r.field for r in double.readings} >= {"wheel.reading", "zero_rule.reading", "bets[4].reading"}


def test_games_based_on_each_other_are_an_error(tmp_path: Path) -> None:
    root = tmp_path / "catalog"
    (root / "extremadura").mkdir(parents=True)
    shutil.copy(CATALOG_DIR / "regulations.yaml", root)
    shutil.copy(CATALOG_DIR / "terms.yaml", root)
    for name, base in (("a", "b"), ("b", "a")):
        source = (CATALOG_DIR / "extremadura" / "ruleta-americana-con-dos-ceros.yaml").read_text("utf-8")
        source = source.replace("id: ruleta-americana-con-dos-ceros", f"id: {name}").replace(
            "based_on: ruleta-americana-con-un-solo-cero-o-con-dos-ceros", f"based_on: {base}")
        (root / "extremadura" / f"{name}.yaml").write_text(source, "utf-8")
    with pytest.raises(BuildError) as raised:
        load_catalog(root)
    messages = [str(p) for p in raised.value.problems]
    assert "catalog/extremadura/a.yaml:15: based_on: 'b' cannot be a base: 'a' cannot be a base: the games are " \
           "based on each other" in messages, messages


def test_a_game_of_a_superseded_version_is_dated() -> None:
    """The 1979 catalogue replaced that of 1977 (004:9-15): a 1977 game is titled with its year and names
    the 1979 order; the Euskadi games are of its latest version, 2010, and are not dated."""
    games = {g.key: g for g in CATALOG.games}
    boule = games["estado/boule-o-bola-1977"]
    assert boule.title("es") == f"{boule.name['es']} (1977)"
    assert boule.superseded_by is not None and boule.superseded_by.id == "1979"
    french = games["euskadi/ruleta-francesa"]
    assert french.superseded_by is None and french.title("eu") == french.name["eu"]


CARD_GAMES = [game for game in CATALOG.games if game.engine == "baccarat"]
LABEL = {0: "K", 1: "A", **{n: str(n) for n in range(2, 10)}}  # a card of each value


@pytest.mark.parametrize("game", CARD_GAMES, ids=[g.key for g in CARD_GAMES])
def test_the_engine_draws_for_the_bank_exactly_where_the_printed_table_says_t(game: Any) -> None:
    """Every cell of the bank's table, played: the bank with that two-card total, against that third
    card of the player (or a player who stood on 6), draws a card exactly where the cell reads T."""
    drawing = game.rules.rules.drawing
    for row in game.rules.bank_table:
        bank = ["K", LABEL[row.total]]
        for column, cell in zip(COLUMNS, row.cells.split(), strict=True):
            player = ["3", "3"] if column is None else ["K", "K"]  # stands on 6, or draws on 0
            third = [] if column is None else [LABEL[column]]
            cards = [player[0], bank[0], player[1], bank[1], *third]
            values = [card_value(c) for c in cards]
            try:
                coup(drawing, values)
                drew = False
            except ValueError as exc:  # the bank asks for one more card
                assert "the bank draws" in str(exc)
                drew = coup(drawing, [*values, 0]).cards == len(values) + 1
            assert drew == (cell == "T"), (row.total, column)


TRENTE_GAMES = [game for game in CATALOG.games if game.engine == "trente"]
ROULETTE_OF = {"euskadi": "ruleta-francesa", "extremadura": "ruleta-francesa", "estado": "ruleta-1977"}


@pytest.mark.parametrize("game", TRENTE_GAMES, ids=[g.key for g in TRENTE_GAMES])
def test_the_tie_at_31_follows_the_zero_rule_of_the_same_regulations_roulette(game: Any) -> None:
    """«Rigen las mismas disposiciones que regulan el sistema del cero en la ruleta» (000:1421-1423):
    the refait rule of a treinta y cuarenta is its regulation's (and version's) roulette zero rule."""
    roulette = next(g for g in CATALOG.games if g.key == f"{game.regulation.id}/{ROULETTE_OF[game.regulation.id]}")
    assert roulette.version == game.version
    assert game.rules.rules.refait == roulette.rules.rules.zero_rule
