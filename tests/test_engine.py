"""The roulette engine, exhaustively where the space is small and by properties where it is not."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jokoak.catalog import load_catalog
from jokoak.engine import lint
from jokoak.engine.wheel import DOUBLE_ZERO, label, parse
from jokoak.games.roulette import claims
from jokoak.games.roulette import engine as roulette
from jokoak.games.roulette.reader import RouletteSpec

CATALOG = Path(__file__).resolve().parents[1] / "catalog"
SPEC: RouletteSpec = next(g for g in load_catalog(CATALOG).games if g.key == "euskadi/ruleta-francesa").rules
RULES = SPEC.rules
WHEEL = RULES.wheel
PLAIN = [b for b in RULES.bets.values() if b.shape not in roulette.ANNOUNCED_SHAPES]


def test_the_layout_has_the_usual_number_of_placements() -> None:
    counts = {bet.id: len(roulette.targets(bet, WHEEL)) for bet in PLAIN}
    # 37 numbers; 57 splits + 3 with the zero; 12 streets + the two «transversales del 0»;
    # 22 corners + «cuatro primeros»; 11 six-lines; 3 columns; 3 dozens; 2 and 2 pairs.
    assert counts == {"pleno": 37, "caballo": 60, "transversal": 14, "cuadro": 23, "seisena": 11, "columna": 3,
                      "docena": 3, "dos-columnas": 2, "dos-docenas": 2, "rojo": 1, "negro": 1, "pares": 1,
                      "impares": 1, "falta": 1, "pasa": 1}


@pytest.mark.parametrize("bet", PLAIN, ids=[b.id for b in PLAIN])
def test_every_placement_pays_on_every_pocket_as_the_regulation_says(bet: roulette.Bet) -> None:
    """All placements × all 37 pockets: won = stake × (1 + payout) when covered, else 0."""
    assert bet.payout is not None
    for target, covers in roulette.targets(bet, WHEEL).items():
        for pocket in WHEEL.order:
            result = roulette.play(RULES, {f"{bet.id} {target}".strip(): 10}, [pocket], on_zero="half")
            if pocket in covers:
                assert result.returned == 10 * (1 + bet.payout)
            elif bet.shape == "even-chance" and pocket == 0:
                assert result.returned == 5
            else:
                assert result.returned == 0


def test_even_chances_split_the_numbers() -> None:
    pairs = [("red", "black"), ("even", "odd"), ("low", "high")]
    for a, b in pairs:
        x, y = roulette.chance_numbers(a, WHEEL), roulette.chance_numbers(b, WHEEL)
        assert len(x) == len(y) == 18 and not x & y and x | y == WHEEL.numbers


def test_house_edges_are_exact() -> None:
    for bet in RULES.bets.values():
        edge = roulette.house_edge(RULES, bet.id)
        expected = Fraction(1, 74) if bet.shape == "even-chance" else Fraction(1, 37)
        assert edge == expected, bet.id
    assert roulette.house_edge(RULES, "rojo", "prison") == Fraction(1, 73)


def _prison_value_by_enumeration(depth: int) -> tuple[Fraction, Fraction]:
    """Expected return of 1 on red, always choosing prison, over every spin sequence of up to ``depth`` spins.

    A sequence settles at its first non-zero pocket, so the sequences are k zeros then one other
    pocket. Returns the exact expectation over those, and the probability of ``depth`` zeros in a row.
    """
    p_pocket = Fraction(1, len(WHEEL.order))
    total = Fraction(0)
    for zeros in range(depth):
        for last in WHEEL.order[1:]:
            spins = [0] * zeros + [last]
            total += p_pocket ** (zeros + 1) * roulette.play(RULES, {"rojo": 1}, spins, on_zero="prison").returned
    return total, p_pocket**depth


def test_the_prison_formula_agrees_with_playing_every_sequence() -> None:
    """The closed form used for the house edge matches the settlement of every sequence of spins."""
    exact = roulette.expected_return(RULES, roulette.chips_for(RULES, "rojo", Fraction(1))[0], "prison")
    total, unsettled = _prison_value_by_enumeration(5)
    # Anything still in prison after 5 zeros is worth at most 1/2**4 of the stake.
    assert total <= exact <= total + unsettled
    assert exact - total < Fraction(1, 37**5)


def test_zero_rule_readings() -> None:
    play = roulette.play
    assert play(RULES, {"rojo": 10}, [0], on_zero="half").returned == 5
    assert play(RULES, {"rojo": 10}, [0, 12], on_zero="prison").returned == 10
    assert play(RULES, {"rojo": 10}, [0, 0, 12], on_zero="prison").returned == 5
    assert play(RULES, {"rojo": 10}, [0, 0], on_zero=["prison", "half"]).returned == Fraction(5, 2)
    # Below the minimum the stake may not leave prison, whatever the player would choose.
    assert play(RULES, {"rojo": 10}, [0, 0, 12], on_zero=["prison", "half"], minimum=5).returned == 5
    assert play(RULES, {"rojo": 8}, [0, 3], on_zero="half", minimum=5).returned == 8
    # The last spin of the session refunds 1/2, 1/4, 1/8 of the initial stake.
    for zeros in (1, 2, 3):
        assert play(RULES, {"rojo": 16}, [0] * zeros, on_zero="prison", last_spin=True).returned == 16 / 2**zeros
    with pytest.raises(ValueError, match="still «en prisión»"):
        play(RULES, {"rojo": 10}, [0], on_zero="prison")
    with pytest.raises(ValueError, match="settled before spin 2"):
        play(RULES, {"pleno 17": 10}, [17, 3])


def test_sector_bets_are_the_chips_of_the_regulation() -> None:
    chips = {bet.id: sum(chip.count for chip in bet.chips) for bet in RULES.bets.values() if bet.shape == "sector"}
    assert chips == {"serie-grande": 9, "tercio": 6, "huerfanos": 5}
    covered = {b: claims.covered(RULES, b) for b in chips}
    assert [len(covered[b]) for b in chips] == [17, 12, 8]
    assert frozenset().union(*covered.values()) == WHEEL.pockets
    assert sum(len(c) for c in covered.values()) == 37
    vecinos = roulette.chips_for(RULES, "vecinos 17", Fraction(1))
    assert sorted(n for chip in vecinos for n in chip.covers) == [2, 6, 17, 25, 34]


def test_every_claim_of_the_text_holds() -> None:
    findings = [claims.run_claim(RULES, c.id, c.check, c.params) for c in SPEC.claims]
    assert findings and all(f.holds for f in findings), [f for f in findings if not f.holds]


def test_the_lint_catches_what_cannot_be_right() -> None:
    """A wrong colour rule, a sector off its arc, a payout that favours the player, tiers out of step."""
    wrong = claims.colour_digit_sum(WHEEL, [10], [19])  # forgets 29
    assert wrong["wrong"] == [29]
    swapped = roulette.Rules(WHEEL, {**RULES.bets, "tercio": RULES.bets["huerfanos"],
                                     "huerfanos": RULES.bets["tercio"]}, RULES.zero_rule)
    assert not claims.sector_arc(swapped, "tercio", "opposite-zero")["holds"]
    generous = roulette.Rules(WHEEL, {"pleno": roulette.Bet("pleno", "straight", Fraction(36))}, RULES.zero_rule)
    edges = {bet: roulette.house_edge(generous, bet) for bet in generous.bets}
    assert [f.holds for f in lint.player_expectation(edges)] == [False]
    tiers = lint.limit_tiers({"pleno": (10, 20, 30, 50), "caballo": (20, 40, 60, 90), "cuadro": (40, 80, 120, 200)},
                             {"pleno": 1, "caballo": 2, "cuadro": 4})
    assert not tiers.holds and tiers.values["uneven"] == ["caballo"]
    same_neighbours = claims.neighbours_example(WHEEL, 0, [0, 3, 15, 26, 35])
    assert same_neighbours["actual"] != same_neighbours["claimed"]


@settings(max_examples=200, deadline=None)
@given(stakes=st.dictionaries(st.sampled_from(["pleno 17", "caballo 0-3", "docena 2", "dos-columnas 1-2",
                                               "tercio", "huerfanos", "vecinos 5", "cuadro 0-1-2-3"]),
                              st.integers(1, 500), min_size=1),
       pocket=st.sampled_from(WHEEL.order))
def test_one_spin_settles_bets_independently(stakes: dict[str, int], pocket: int) -> None:
    """Settling bets together is the sum of settling each alone; no bet returns more than 36 × its stake."""
    together = roulette.play(RULES, stakes, [pocket])
    alone = [roulette.play(RULES, {spec: stake}, [pocket]) for spec, stake in stakes.items()]
    assert together.returned == sum(r.returned for r in alone)
    assert together.staked == sum(r.staked for r in alone)
    assert all(r.returned <= 36 * r.staked for r in alone)


@settings(max_examples=200, deadline=None)
@given(zeros=st.integers(0, 6), last=st.sampled_from(WHEEL.order[1:]), stake=st.integers(1, 1000),
       choices=st.lists(st.sampled_from(["half", "prison"]), min_size=7, max_size=7))
def test_an_even_chance_never_returns_more_than_its_stake_after_a_zero(zeros: int, last: int, stake: int,
                                                                        choices: list[str]) -> None:
    spins = [0] * zeros + [last]
    try:
        result = roulette.play(RULES, {"rojo": stake}, spins, on_zero=choices)
    except ValueError:
        return  # settled before the last spin: the player took half back
    if zeros:
        assert result.returned <= stake
    else:
        assert result.returned in (0, 2 * stake)


DOUBLE: RouletteSpec = next(g for g in load_catalog(CATALOG).games
                            if g.key == "extremadura/ruleta-americana-con-dos-ceros").rules


def test_the_double_zero_wheel_and_its_placements() -> None:
    """38 pockets; the zeros' splits are the catalogue's; «línea especial» 0-00-1-2-3 is the only fixed bet."""
    rules = DOUBLE.rules
    assert len(rules.wheel.order) == 38 and rules.wheel.numbers == frozenset(range(1, 37))
    assert rules.wheel.pocket("00") == DOUBLE_ZERO and rules.wheel.colour(DOUBLE_ZERO) == "green"
    splits = roulette.targets(rules.bets["caballo"], rules.wheel)
    assert len(splits) == 57 + 5
    with_zeros = sorted(name for name in splits if name.split("-")[0] in ("0", "00"))
    assert with_zeros == ["0-00", "0-1", "0-2", "00-2", "00-3"]
    assert list(roulette.targets(rules.bets["linea-especial"], rules.wheel)) == ["0-00-1-2-3"]
    assert roulette.chips_for(rules, "linea-especial 00-3-0-2-1", Fraction(1))[0].covers == frozenset(
        {0, DOUBLE_ZERO, 1, 2, 3})


def test_double_zero_house_edges_are_exact() -> None:
    """35:1 on 38 pockets loses 2/38; 6:1 on five numbers returns 35/38; even chances lose half on two zeros."""
    rules = DOUBLE.rules
    for bet in rules.bets.values():
        expected = {"even-chance": Fraction(1, 38), "fixed": Fraction(3, 38)}.get(bet.shape, Fraction(1, 19))
        assert roulette.house_edge(rules, bet.id) == expected, bet.id


@pytest.mark.parametrize("bet_id", ["pleno", "caballo", "linea-especial", "impar", "docena"])
def test_every_double_zero_placement_pays_on_every_pocket(bet_id: str) -> None:
    rules = DOUBLE.rules
    bet = rules.bets[bet_id]
    assert bet.payout is not None
    for target, covers in roulette.targets(bet, rules.wheel).items():
        for pocket in rules.wheel.order:
            spin = label(pocket) if pocket == DOUBLE_ZERO else pocket
            result = roulette.play(rules, {f"{bet_id} {target}".strip(): 10}, [spin])
            if pocket in covers:
                assert result.returned == 10 * (1 + bet.payout)
            else:
                assert result.returned == (5 if bet.shape == "even-chance" and pocket in rules.wheel.zeros else 0)


def test_pocket_names_read_back() -> None:
    assert roulette.name_of(frozenset({3, DOUBLE_ZERO, 0, 1, 2})) == "0-00-1-2-3"
    assert parse("00") == DOUBLE_ZERO and parse("0") == 0
    with pytest.raises(ValueError, match="not a pocket of this wheel"):
        WHEEL.pocket("00")
    with pytest.raises(ValueError, match="not a placement of pleno"):
        roulette.chips_for(RULES, "pleno 00", Fraction(1))
