"""Monte o banca and el reto (Extremadura, 001): rounds played from the cards, and the exact edges."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from jokoak.games.monte.engine import (
    MONTE,
    RETO,
    RETO_RANKS,
    Layout,
    MonteRules,
    monte_edge,
    play_monte,
    play_reto,
    reto_edges,
    reto_probabilities,
)

LAYOUT = Layout(("3o", "5c", "Se", "Rb"))  # four ranks, no card doubled or burnt


def test_the_first_card_of_a_placed_rank_decides_and_the_suit_decides_the_multiple_bets() -> None:
    bets = {"cartas 1 2": 10, "cartas 1+3 2+4": 10, "camo 1": 1, "anti 1": 1, "viudo 1": 1, "salto 1": 1}
    # 3 de copas: the next suit after oros (camo); not the first card, so nothing is deducted
    assert play_monte(MONTE, LAYOUT, bets, ["7o", "3c"]).returned == 20 + 20 + 12 + 0 + 0 + 4
    assert play_monte(MONTE, LAYOUT, bets, ["7o", "3b"]).returned == 40 + 12 + 4        # bastos: anti
    assert play_monte(MONTE, LAYOUT, bets, ["7o", "3e"]).returned == 40 + 12 + 4        # espadas: viudo
    assert play_monte(MONTE, LAYOUT, bets, ["7o", "3o"]).returned == 40 + 12 + 4        # oros again: viudo
    assert play_monte(MONTE, LAYOUT, {"cartas 1 2": 10, "camo 2": 1}, ["5o"]).returned == 0


def test_a_tenth_of_the_winnings_is_deducted_when_the_first_card_decides_except_on_vista_hermosa() -> None:
    assert play_monte(MONTE, LAYOUT, {"cartas 1 2": 10}, ["3c"]).returned == 19
    assert play_monte(MONTE, LAYOUT, {"camo 1": 10}, ["3c"]).returned == 10 + 99
    assert play_monte(MONTE, LAYOUT, {"vis 1": 10}, ["3c"]).returned == 330
    assert play_monte(MONTE, LAYOUT, {"vis 1": 10}, ["7o", "3c"]).returned == 0


def test_doubled_and_burnt_cards_take_a_point_off_the_payouts() -> None:
    doubled = Layout(("3o", "5c", "Se", "Rb"), doubled=("3e",), burnt=("7c", "7b"))
    assert play_monte(MONTE, doubled, {"vis 2": 1}, ["5e"]).returned == 1 + 32 - 3
    assert play_monte(MONTE, doubled, {"camo 2": 10}, ["6o", "5e"]).returned == 10 + 100
    with pytest.raises(ValueError, match="only 2 of «3o»"):
        play_monte(MONTE, Layout(("3o", "5c", "Se", "Rb"), doubled=("3o", "3o")), {"vis 1": 1}, ["5e"])


def test_segundas_pays_five_and_has_no_salto() -> None:
    assert play_monte(MONTE, LAYOUT, {"camo 1": 10}, ["Sc", "3c"], phase="segundas", in_play=(1, 2)).returned == 60
    with pytest.raises(ValueError, match="no «salto» bet in the phase of segundas"):
        play_monte(MONTE, LAYOUT, {"salto 1": 10}, ["3c"], phase="segundas", in_play=(1, 2))


@pytest.mark.parametrize(("bets", "cards", "message"), [
    ({"salto 1": 1}, ["7o"], "more cards are needed"),
    ({"salto 1": 1}, ["3c", "5c"], "1 card.s. drawn after the phase was decided"),
    ({"salto 1": 1}, ["3z"], "«3z» is not a Spanish card"),
    ({"salto 5": 1}, ["3c"], "positions must be placed cards in play"),
    ({"cartas 1 1": 1}, ["3c"], "write «cartas 1 2»"),
    ({"cartas 1 2": 1}, ["Sc"], "placed card 3 decides the phase"),
    ({"salto 1": 1}, ["3o", "3o", "3o"], "no «3o» is left to draw"),
])
def test_impossible_rounds_and_bets_are_rejected(bets: dict, cards: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play_monte(MONTE, LAYOUT, bets, cards)
    with pytest.raises(ValueError, match="four placed cards"):
        play_monte(MONTE, Layout(("3o", "3c", "Se", "Rb")), {"salto 1": 1}, ["3e"])


@pytest.mark.parametrize("spec", ["vis 1", "camo 2", "anti 3", "viudo 4", "salto 1", "cartas 1+2 3+4"])
def test_the_edge_agrees_with_playing_every_deciding_card(spec: str) -> None:
    """Every card left, first or after a card of no placed rank, played by :func:`play_monte` and
    weighted by its chance, gives the edge; the non-deciding cards are interchangeable."""
    left = [f"{rank}{suit}" for rank in "1234567SCR" for suit in "oceb" for _ in range(2)]
    for card in LAYOUT.cards:
        left.remove(card)
    placed = {card[0] for card in LAYOUT.cards}
    hits = [card for card in left if card[0] in placed]
    first = Fraction(len(hits), len(left))
    filler = next(card for card in left if card[0] not in placed)
    expected = Fraction(0)
    for card in (hits if not spec.startswith("vis") else left):
        if spec.startswith("vis"):
            cards = [card] if card[0] in placed else [card, next(c for c in hits)]
            expected += Fraction(1, len(left)) * play_monte(MONTE, LAYOUT, {spec: 1}, cards).returned
            continue
        now = play_monte(MONTE, LAYOUT, {spec: 1}, [card]).returned
        later = play_monte(MONTE, LAYOUT, {spec: 1}, [filler, card]).returned
        expected += Fraction(1, len(hits)) * (first * now + (1 - first) * later)
    assert monte_edge(MONTE, LAYOUT, spec) == 1 - expected


def test_the_edges_of_the_two_deck_monte() -> None:
    """With two decks each placed rank has 7 cards left: camo and anti cover 2, viudo (no neighbouring
    suit: the same suit and the opposite one) 3, so viudo at 11 for 1 favours the player; the payouts
    (32, 11, 5, 3) are the fair or near-fair ones of a single deck of 40."""
    assert monte_edge(MONTE, LAYOUT, "vis 1") == 1 - Fraction(2, 76) * 33
    assert monte_edge(MONTE, LAYOUT, "salto 1") == Fraction(7, 76) * Fraction(3, 10)
    assert monte_edge(MONTE, LAYOUT, "viudo 1") < 0 < monte_edge(MONTE, LAYOUT, "camo 1")
    only_opposite = MonteRules(suit_offsets={"camo": frozenset({1}), "anti": frozenset({3}),
                                             "viudo": frozenset({2})})
    assert monte_edge(only_opposite, LAYOUT, "viudo 1") == monte_edge(MONTE, LAYOUT, "camo 1")
    one_deck = MonteRules(decks=1)
    assert monte_edge(one_deck, LAYOUT, "salto 1") == Fraction(3, 36) * Fraction(3, 10)  # 12 of 36 decide first
    assert monte_edge(one_deck, LAYOUT, "camo 1") == Fraction(1, 12) * Fraction(12, 36) * Fraction(11, 10)
    assert monte_edge(MONTE, LAYOUT, "cartas 1 2", phase="segundas", in_play=(1, 2)) == \
        Fraction(14, 76) / 20  # half the time the winner, a tenth of it when the first card decides


def test_el_reto_round_by_round() -> None:
    assert play_reto(RETO, {"inicial": 10}, ["A", "K"]).returned == 20
    assert play_reto(RETO, {"inicial": 10, "empate": 1}, ["2", "K"]).returned == 0
    assert play_reto(RETO, {"inicial": 10, "empate": 1}, ["7", "7"], retar=False).returned == 5 + 11
    reto = ["9", "9", "x", "x", "x"]
    assert play_reto(RETO, {"inicial": 10}, [*reto, "Q", "J"], retar=True).returned == 30
    assert play_reto(RETO, {"inicial": 10}, [*reto, "Q", "Q"], retar=True).returned == 40
    result = play_reto(RETO, {"inicial": 10}, [*reto, "J", "Q"], retar=True)
    assert (result.staked, result.returned) == (20, 0)


@pytest.mark.parametrize(("cards", "kwargs", "message"), [
    (["7", "7", "x", "x", "x", "9"], {"retar": True}, "a «reto» needs 3 burnt cards"),
    (["7", "8", "9"], {}, "3 cards given, the round used 2"),
    (["7", "1"], {}, "«1» is not a rank"),
    (["7"], {}, "needs the player's card and the croupier's"),
])
def test_el_reto_rejects_impossible_rounds(cards: list[str], kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play_reto(RETO, {"inicial": 10}, cards, **kwargs)
    with pytest.raises(ValueError, match="bets are «inicial»"):
        play_reto(RETO, {"reto": 10}, ["7", "8"])


def test_el_reto_enumeration_agrees_with_dealing_every_order_with_the_burnt_cards() -> None:
    """Eight cards of four ranks: every ordered deal of the seven cards a «reto» uses, burnt ones
    included, played by :func:`play_reto`, gives the probabilities."""
    shoe = ["2", "2", "5", "5", "9", "9", "A", "A"]
    counts = [shoe.count(rank) for rank in RETO_RANKS]
    p = reto_probabilities(counts)
    deals = list(permutations(range(8), 7))
    totals = {"always": Fraction(0), "never": Fraction(0)}
    for deal in deals:
        cards = [shoe[i] for i in deal]
        if cards[0] != cards[1]:
            net = play_reto(RETO, {"inicial": 1}, cards[:2]).net
            totals["always"] += net
            totals["never"] += net
        else:
            totals["always"] += play_reto(RETO, {"inicial": 1}, cards, retar=True).net
            totals["never"] += play_reto(RETO, {"inicial": 1}, cards[:2], retar=False).net
    edges = reto_edges(RETO, p)
    assert edges["inicial, retando"] == -totals["always"] / len(deals)
    assert edges["inicial, sin retar"] == -totals["never"] / len(deals)
    assert p["empate"] == Fraction(1, 7)


def test_el_reto_six_decks() -> None:
    """The tie bet at 10 to 1 with six decks: 18.65 % (Wizard of Odds, Casino War, the same bet).
    Going to the «reto» costs 4/169 with an infinite shoe (tie 1/13, then +1, +2 or -2)."""
    edges = reto_edges(RETO, reto_probabilities([24] * 13))
    assert f"{float(edges['empate']):.2%}" == "18.65%"
    assert f"{float(edges['inicial, retando']):.4%}" == "2.3301%"
    big = reto_edges(RETO, reto_probabilities([4000] * 13))["inicial, retando"]
    assert abs(big - Fraction(4, 169)) < Fraction(1, 10000)
