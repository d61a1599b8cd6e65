"""Black Jack: a round played from the cards as dealt, the dealer's exact probabilities, the side bets and the
house edge, against published figures, brute force on small shoes, and every rule the regulations state."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest

from jokoak.games.blackjack.cards import (
    OUTCOMES,
    SUITS,
    Card,
    dealer_outcome,
    dealer_stands,
    pair_category,
    sevens_category,
)
from jokoak.games.blackjack.edge import (
    dealer_probabilities,
    house_edge,
    insurance_edge,
    pairs_probabilities,
    sevens_probabilities,
    side_bet_edge,
    under_over_13_probabilities,
)
from jokoak.games.blackjack.engine import Rules, play_round
from jokoak.games.blackjack.shoe import dealer_given

F = Fraction
NINE_TO_ELEVEN = frozenset({9, 10, 11})
PAIRS_000 = {"completa": F(25), "color": F(12), "incompleta": F(6)}  # 000:965-971
SEVENS_000 = {"un-siete": F(2), "dos-sietes": F(10), "dos-sietes-mismo-palo": F(50), "tres-sietes": F(200),
              "tres-sietes-mismo-palo": F(2000)}  # 000:992-1006, the minimums
MAIN = {"main": F(10)}

# Wizard of Odds, Blackjack Appendix 2B ("Dealer Probabilities", before the dealer peeks), one deck, dealer stands
# on soft 17, columns 17, 18, 19, 20, 21, bust, black jack.
WIZARD_1D_S17 = {
    1: (0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.11654, 0.313726),
    2: (0.138976, 0.131762, 0.131815, 0.123948, 0.120526, 0.352973, 0),
    3: (0.130313, 0.130946, 0.123761, 0.123345, 0.116047, 0.375588, 0),
    4: (0.130973, 0.114163, 0.120679, 0.116286, 0.115096, 0.402803, 0),
    5: (0.119687, 0.123483, 0.116909, 0.104694, 0.106321, 0.428905, 0),
    6: (0.166948, 0.106454, 0.107192, 0.100705, 0.0978785, 0.420823, 0),
    7: (0.372345, 0.138583, 0.0773344, 0.0788967, 0.072987, 0.259854, 0),
    8: (0.130857, 0.362989, 0.129445, 0.0682898, 0.0697914, 0.238627, 0),
    9: (0.121886, 0.103921, 0.357391, 0.12225, 0.0611088, 0.233442, 0),
    10: (0.114418, 0.112879, 0.114662, 0.328879, 0.0364661, 0.214264, 0.0784314),
}
# Wizard of Odds, Blackjack Appendix 2 (after the dealer checked for black jack), two decks, stands on soft 17:
# 17, 18, 19, 20, 21, bust, given that the dealer has no black jack.
WIZARD_2D_S17_NO_BLACKJACK = {
    1: (0.186367, 0.189883, 0.188851, 0.190272, 0.076531, 0.168096),
    2: (0.139367, 0.133348, 0.130744, 0.123997, 0.119254, 0.353291),
    5: (0.121005, 0.122831, 0.117318, 0.109022, 0.10732, 0.422505),
    6: (0.166224, 0.10617, 0.106749, 0.101217, 0.097508, 0.422132),
    7: (0.370478, 0.138195, 0.078013, 0.078781, 0.07339, 0.261143),
    9: (0.12094, 0.112016, 0.354051, 0.121118, 0.060977, 0.230898),
    10: (0.122412, 0.1216, 0.122524, 0.36387, 0.038449, 0.231144),
}


def test_dealer_probabilities_match_the_published_one_deck_table() -> None:
    for up, row in WIZARD_1D_S17.items():
        found = dealer_probabilities(Rules(decks=1), up)
        assert sum(found.values()) == 1
        assert [round(float(found[o]), 6) for o in OUTCOMES] == pytest.approx(row, abs=1.5e-6)


def test_dealer_probabilities_given_no_black_jack_match_the_published_two_deck_table() -> None:
    for up, row in WIZARD_2D_S17_NO_BLACKJACK.items():
        found = dealer_probabilities(Rules(decks=2), up)
        no_blackjack = 1 - found["blackjack"]
        assert [float(found[o] / no_blackjack) for o in OUTCOMES[:6]] == pytest.approx(row, abs=1.5e-6)


def test_a_dealer_who_hits_soft_17_matches_the_published_single_deck_chart() -> None:
    """blackjackinfo.com, «Blackjack Dealer Outcome Probabilities», single deck, dealer hits soft 17, after the
    peek (percentages): ace up 17 8.18, 18 20.54, 19 20.62, 20 20.95, 21 9.26, bust 20.46; six up bust 43.78."""
    ace = dealer_probabilities(Rules(decks=1, dealer_hits_soft_17=True), 1)
    no_blackjack = 1 - ace["blackjack"]
    assert [round(100 * float(ace[o] / no_blackjack), 2) for o in OUTCOMES[:6]] == [8.18, 20.54, 20.62, 20.95, 9.26,
                                                                                    20.46]
    six = dealer_probabilities(Rules(decks=1, dealer_hits_soft_17=True), 6)
    assert round(100 * float(six["bust"]), 2) == 43.78


def _every_draw(hand: list[int], left: list[int], hits_soft_17: bool, weight: F, found: dict[str, F]) -> None:
    """The dealer's draws one physical card at a time, every card told apart and equally likely."""
    if len(hand) > 1 and dealer_stands(hand, hits_soft_17):
        outcome = dealer_outcome(hand)
        found[outcome] = found.get(outcome, F(0)) + weight
        return
    for i in range(len(left)):
        _every_draw([*hand, left[i]], left[:i] + left[i + 1:], hits_soft_17, weight / len(left), found)


def test_the_exact_dealer_probabilities_agree_with_dealing_every_order_of_a_small_shoe() -> None:
    """Eleven physical cards; every sequence the dealer can draw; and the floating-point version the main bet's
    edge uses agrees."""
    cards = [1, 1, 2, 3, 4, 5, 6, 7, 10, 10, 10]
    for hits_soft_17 in (False, True):
        for up in (1, 6, 10):
            rest = cards.copy()
            rest.remove(up)
            found: dict[str, F] = {}
            _every_draw([up], rest, hits_soft_17, F(1), found)
            assert sum(found.values()) == 1
            left = [rest.count(v) for v in range(1, 11)]
            exact = dealer_probabilities(Rules(dealer_hits_soft_17=hits_soft_17), up, left)
            assert {k: v for k, v in exact.items() if v} == found
            fast = dealer_given(up, hits_soft_17, np.array([left], dtype=float))[0]
            assert list(fast) == pytest.approx([float(exact[o]) for o in OUTCOMES], abs=1e-15)


def test_the_dealer_stands_on_soft_17_unless_the_rules_make_him_hit_it() -> None:
    """000:846-848: the ace counts 11 when that reaches 17 or more, so A+6 stands; A+5+10 is a hard 16 and draws."""
    assert dealer_stands([1, 6], hits_soft_17=False)
    assert not dealer_stands([1, 6], hits_soft_17=True)
    assert not dealer_stands([1, 5, 10], hits_soft_17=False)
    assert dealer_stands([1, 5, 10, 1], hits_soft_17=True)  # hard 17


# --- the side bets -------------------------------------------------------------------------------------------------

def test_the_pairs_bet_has_the_published_perfect_pairs_figures() -> None:
    """Wizard of Odds, «Perfect Pairs», version 1, pay table A (25, 12, 6), eight decks: 1456, 1664 and 3328 of the
    86320 two-card combinations, expected return -0.040964."""
    eight = pairs_probabilities(8)
    assert [eight[k] * 86320 for k in PAIRS_000] == [1456, 1664, 3328]
    assert round(float(-side_bet_edge(PAIRS_000, eight)), 6) == -0.040964
    assert side_bet_edge(PAIRS_000, pairs_probabilities(6)) == F(19, 311)  # 6.11 % with the regulations' six decks


def test_pairs_and_sevens_agree_with_every_ordered_deal_of_one_deck() -> None:
    deck = [Card(rank, suit) for rank in range(1, 14) for suit in SUITS]
    by_value = Counter(p for a, b in permutations(deck, 2) if (p := _pair(a, b, "value")))
    found = {k: v for k, v in pairs_probabilities(1, "value").items() if v}  # no «completa» in one deck
    assert found == {k: F(v, 52 * 51) for k, v in by_value.items()}
    for reading in ("not-same", "all-different"):
        found = Counter(c for three in permutations(deck, 3) if (c := sevens_category(three, reading)))
        assert sevens_probabilities(1, reading) == {k: F(found[k], 52 * 51 * 50) for k in SEVENS_000}


def _pair(a: Card, b: Card, match: str) -> str | None:
    return pair_category(a, b, match) if a.value == b.value else None


def test_the_two_readings_of_three_sevens_of_different_suits() -> None:
    """000:1001-1002 «tres 7 de distinto palo»: 7♥ 7♥ 7♠ is three sevens if it means «not all of one suit», and only
    two suited sevens if it means three different suits."""
    hand = [Card(7, "♥"), Card(7, "♥"), Card(7, "♠")]
    assert sevens_category(hand, "not-same") == "tres-sietes"
    assert sevens_category(hand, "all-different") == "dos-sietes-mismo-palo"
    assert sevens_category([Card(7, "♥"), Card(3, "♥"), Card(7, "♠")]) == "un-siete"
    assert sevens_category([Card(3, "♥"), Card(7, "♥")]) is None


def test_under_and_over_13_by_brute_force_and_insurance_by_its_formula() -> None:
    counts = [2, 1, 0, 1, 0, 1, 1, 0, 1, 3]
    cards = [v for v in range(1, 11) for _ in range(counts[v - 1])]
    seen = Counter("under" if a + b < 13 else "over" if a + b > 13 else "13" for a, b in permutations(cards, 2))
    assert under_over_13_probabilities(counts) == {k: F(v, len(cards) * (len(cards) - 1)) for k, v in seen.items()}
    # insurance against the ace wins 2 to 1 when the next card is one of the 96 tens among the 311 cards left
    assert insurance_edge(Rules()) == 1 - F(3 * 96, 311) == F(23, 311)
    assert insurance_edge(Rules(insurance_pays=F(1, 2)), [0, 0, 0, 0, 0, 0, 0, 0, 2, 1]) == F(1, 2)


# --- a round ---------------------------------------------------------------------------------------------------------

def play(rules: Rules, cards: str, decisions: str = "", bets: dict[str, F] | None = None) -> tuple[F, F]:
    result = play_round(rules, bets or MAIN, cards.split(), decisions.split())
    return result.staked, result.returned


def test_the_simple_game() -> None:
    rules = Rules()
    assert play(rules, "10 7 9 10", "stand") == (10, 20)          # 19 against 17
    assert play(rules, "10 7 7 10", "stand") == (10, 10)          # 17 against 17: «nulas»
    assert play(rules, "10 9 6 10", "stand") == (10, 0)           # 16 against 19
    assert play(rules, "10 6 6 9", "hit") == (10, 0)                   # 16 + 9: over, the dealer draws nothing
    assert play(rules, "A 6 K 10 5") == (10, 25)                  # black jack paid three for two (000:871)
    assert play(rules, "A 10 K A") == (10, 10)                    # black jack against black jack
    assert play(rules, "7 A 7 7 K", "hit") == (10, 0)             # 21 of three cards loses to a black jack
    assert play(rules, "7 9 7 7 5 7", "hit") == (10, 10)          # 21 against 21 of three cards


def test_no_card_on_21_except_in_the_1977_text() -> None:
    """000:836-837: no card on 21; 003 (1977) does not say so, and a soft 21 may draw."""
    with pytest.raises(ValueError, match="1 decisions left over"):
        play(Rules(), "A 10 5 5 9", "hit hit")
    assert play(Rules(stop_at_21=False), "A 10 5 5 2 9", "hit hit stand") == (10, 0)  # soft 21, then 13, vs 19


def test_doubling_on_any_two_cards_with_the_ace_held_at_one_point() -> None:
    """000:921-926: any two cards, not a pair of aces, and an ace among them counts one «siempre»."""
    euskadi = Rules(double_pair_of_aces=False, double_ace_counts_one=True)
    assert play(euskadi, "A 6 7 3 10 4", "double") == (20, 0)     # A+7+3 is a hard 11, not 21, against 20
    assert play(Rules(), "A 6 7 3 10 4", "double") == (20, 40)    # where the ace may count 11: 21
    assert play(euskadi, "5 6 5 A 10 4", "double") == (20, 40)    # the ace drawn on the double counts 11: 21
    assert play(euskadi, "9 6 3 5 10 6", "double") == (20, 40)    # 12 doubled: 17 against 22
    with pytest.raises(ValueError, match="except the pair of aces"):
        play(euskadi, "A 6 A 9", "double")
    with pytest.raises(ValueError, match="only the first two cards"):
        play(euskadi, "2 6 3 4 5", "hit double")


def test_doubling_on_9_10_11_only() -> None:
    """001:1054, 003:598, 004:255: «9, 10 u 11 puntos»; a soft A+8 only where ``double_soft`` says so."""
    rules = Rules(double_totals=NINE_TO_ELEVEN)
    assert play(rules, "6 10 4 5 6 10", "double") == (20, 40)
    with pytest.raises(ValueError, match="allow it on 9, 10, 11, not on 12"):
        play(rules, "6 10 6 5", "double")
    with pytest.raises(ValueError, match="not on soft 19"):
        play(rules, "A 10 8 10", "double")
    assert play(Rules(double_totals=NINE_TO_ELEVEN, double_soft=True), "A 6 8 10 10 6", "double") == (20, 40)


def test_splitting_resplitting_and_split_aces() -> None:
    """000:896-917: pairs of the same value, resplit with no limit, one card to each split ace, and 21 after a
    split is not black jack."""
    rules = Rules()
    # 8 8 split; 8+3 doubled gets a 10 (21); 8+8 resplit; 8+10 and 8+9 stand; the dealer 10+7 = 17
    staked, returned = play(rules, "8 10 8 3 10 8 10 9 7", "split double split stand stand")
    assert (staked, returned) == (40, 40 + 20 + 10)  # 21 and 18 beat 17, 17 pushes
    assert play(rules, "K 6 Q A 10 6 10", "split stand") == (20, 40)  # K+A: 21 paid once, not 3 to 2
    assert play(rules, "A 6 A K A 10 7", "split") == (20, 40)        # split aces: one card each, 21 paid 1 to 1
    with pytest.raises(ValueError, match="1 decisions left over"):  # no card asked for on a split ace
        play(rules, "A 6 A 2 3 10 7", "split hit")
    # an ace on a split ace split again where ``resplit_aces``: A+5, A+7, A+9 against 9+10
    assert play(Rules(resplit_aces=True), "A 9 A A 5 7 9 10", "split split") == (30, 20)
    with pytest.raises(ValueError, match="1 decisions left over"):
        play(rules, "A 9 A A 9 10", "split split")
    with pytest.raises(ValueError, match="at most 2 hands"):
        play(Rules(max_hands=2), "8 10 8 8", "split split")
    with pytest.raises(ValueError, match="not allow it after a split"):
        play(Rules(double_after_split=False), "8 10 8 3", "split double")
    with pytest.raises(ValueError, match="same value"):
        play(rules, "8 10 9", "split")


def test_what_doubled_and_split_stakes_lose_to_the_dealers_black_jack() -> None:
    """No text returns them ("all"); "original" returns every added stake, as where the dealer peeks."""
    assert play(Rules(), "6 A 5 9 K", "double") == (20, 0)
    assert play(Rules(lost_to_dealer_blackjack="original"), "6 A 5 9 K", "double") == (20, 10)
    assert play(Rules(lost_to_dealer_blackjack="original"), "8 10 8 3 5 A", "split stand stand") == (20, 10)
    # a doubled hand gone over is refunded its added stake too, so the dealer plays on to show his black jack
    assert play(Rules(lost_to_dealer_blackjack="original"), "9 A 5 10 K", "double") == (20, 10)
    assert play(Rules(), "9 A 5 10", "double") == (20, 0)


def test_insurance_and_even_money() -> None:
    """000:876-892: against an ace, up to half the bet, paid two for one; a black jack may take even money."""
    rules = Rules(even_money=True)
    insured = {"main": F(10), "insurance": F(5)}
    assert play(rules, "10 A 9 K", "stand", insured) == (15, 15)     # the dealer's black jack: 15 back
    assert play(rules, "10 A 9 7", "stand", insured) == (15, 20)     # no black jack: insurance lost, 19 beats 18
    assert play(rules, "9 A 5 K 7", "hit", {"main": F(10), "insurance": F(3)}) == (13, 0)  # over, A+7
    assert play(rules, "A A K", "even-money") == (10, 20)
    with pytest.raises(ValueError, match="at most 5"):
        play(rules, "10 A 9 K", "stand", {"main": F(10), "insurance": F(6)})
    with pytest.raises(ValueError, match="exactly 5"):
        play(Rules(insurance_exact=True), "10 A 9 K", "stand", {"main": F(10), "insurance": F(4)})
    with pytest.raises(ValueError, match="only against the dealer's ace"):
        play(rules, "10 K 9 K", "stand", insured)
    with pytest.raises(ValueError, match="Even money is only"):
        play(Rules(), "A A K", "even-money")


def test_surrender_gives_back_half_but_never_against_an_ace() -> None:
    """000:1014-1025, 001:1062-1066."""
    assert play(Rules(surrender=True), "10 10 6", "surrender") == (10, 5)
    with pytest.raises(ValueError, match="never against the dealer's ace"):
        play(Rules(surrender=True), "10 A 6", "surrender")
    with pytest.raises(ValueError, match="only where the rules offer it"):
        play(Rules(), "10 10 6", "surrender")
    with pytest.raises(ValueError, match="before any other decision"):
        play(Rules(surrender=True), "10 10 2 3", "hit surrender")


def test_three_sevens_in_extremadura() -> None:
    """001:1030: 21 with three sevens is paid double unless the bank has black jack or three sevens too."""
    rules = Rules(three_sevens_pays=F(2))
    assert play(rules, "7 10 7 7 K", "hit") == (10, 30)           # against the dealer's 20
    assert play(rules, "7 10 7 7 4 7", "hit") == (10, 30)         # against a dealer's 21 of three cards
    assert play(rules, "7 7 7 7 7 7", "hit") == (10, 10)          # the dealer's own three sevens: a push
    assert play(rules, "7 A 7 7 K", "hit") == (10, 0)             # the dealer's black jack wins
    assert play(Rules(), "7 10 7 7 4 7", "hit") == (10, 10)       # elsewhere an ordinary 21


def test_triple_black_jack_meets_three_dealer_hands_from_the_same_first_card() -> None:
    """000:1176-1203: after box 1 the dealer keeps his first card only and draws again for box 2, then box 3."""
    rules = Rules(dealer_hands=3)
    boxes = {"box-1": F(10), "box-2": F(10), "box-3": F(10)}
    # the player stands on 19; the dealer 9: 9+8 = 17, 9+10 = 19, 9+5+10 = 24
    assert play(rules, "10 9 9 8 10 5 10", "stand", boxes) == (30, 20 + 10 + 20)
    assert play(rules, "10 9 6 10", "hit", boxes) == (30, 0)      # over 21: every box lost, the dealer draws nothing
    assert play(rules, "10 9 9 8", "stand", {"box-1": F(10)}) == (10, 20)  # no competitor for boxes 2 and 3
    with pytest.raises(ValueError, match="Triple Black Jack text does not say"):
        play(rules, "5 9 5 10", "double", boxes)
    insured = {"box-1": F(10), "box-2": F(10), "insurance-1": F(5), "insurance-2": F(5)}
    assert play(rules, "10 A 9 K 7", "stand", insured) == (30, 15 + 0 + 20 + 0)


def test_side_bets_in_a_round() -> None:
    rules = Rules(pairs=PAIRS_000, sevens=SEVENS_000)
    bets = {"main": F(10), "pairs": F(1), "sevens": F(1)}
    assert play(rules, "K♥ 9♠ K♥ 10♣", "stand", bets) == (12, 20 + 26)          # pareja completa, 25 to 1
    assert play(rules, "Q♣ 9♠ Q♠ 10♣", "stand", bets) == (12, 20 + 13)          # pareja color, 12 to 1
    assert play(rules, "7♥ 9♠ 7♣ 7♣ 10♣", "hit", bets) == (12, 20 + 7 + 201)    # incompleta; three sevens
    assert play(rules, "7♥ 9♠ 7♥ 5♣ 10♣", "stand", bets) == (12, 20 + 26 + 51)  # no third card
    extremadura = Rules(under_over_13=F(1))
    bets = {"main": F(10), "under-13": F(2), "over-13": F(2)}
    assert play(extremadura, "A 10 Q 10", "", bets) == (14, 25 + 4)  # black jack; for the side bet 11, under 13
    assert play(extremadura, "3 10 K 10", "stand", bets) == (14, 0)        # exactly 13 loses both
    with pytest.raises(ValueError, match="not offered"):
        play(Rules(), "3 10 K 10", "stand", {"main": F(10), "pairs": F(1)})
    with pytest.raises(ValueError, match="needs the suits"):
        play(rules, "7 10 7 10 10", "stand", {"main": F(10), "pairs": F(1)})


def test_impossible_or_incomplete_rounds_are_refused() -> None:
    with pytest.raises(ValueError, match="needs more cards: the dealer's hand has none"):
        play(Rules(), "10 9 8", "stand")
    with pytest.raises(ValueError, match="1 cards left over"):
        play(Rules(), "10 9 8 10 5", "stand")
    with pytest.raises(ValueError, match="needs more decisions"):
        play(Rules(), "10 9 8 10")
    with pytest.raises(ValueError, match="cannot come from 1 decks"):
        play(Rules(decks=1), "A♠ 9 A♠ 10", "stand")
    with pytest.raises(ValueError, match="Unknown bet 'tie'"):
        play(Rules(), "10 9 8 10", "stand", {"main": F(10), "tie": F(1)})
    with pytest.raises(ValueError, match="needs a stake on main"):
        play(Rules(pairs=PAIRS_000), "10♠ 9 8♠ 10", "stand", {"pairs": F(1)})
    with pytest.raises(ValueError, match="Unknown decision 'fold'"):
        play(Rules(), "10 9 8 10", "fold")
    with pytest.raises(ValueError, match="dealer_hands must be 1 or 3"):
        Rules(dealer_hands=2)


# --- the house edge --------------------------------------------------------------------------------------------------

def test_the_house_edge_against_published_figures() -> None:
    """Wizard of Odds, Blackjack Appendix 9 (expected return of the game, resplits to four hands, not aces, one card
    to split aces, double on any two cards): six decks, dealer hits soft 17, no hole card, the player loses
    everything to a black jack: -0.0072705 with double after split, -0.0086975 without; one deck, dealer stands on
    soft 17, the dealer peeks (here: "original"): +0.001839 with double after split. The finite shoe comes within
    0.0002 percentage points of the six-deck figures (drawing the player's cards with replacement, as the figures
    once did, was 0.0003 and 0.002 off), 0.0007 of the one-deck one."""
    six = Rules(decks=6, dealer_hits_soft_17=True, max_hands=4)
    assert -house_edge(six).value == pytest.approx(-0.0072705, abs=0.000002)
    no_das = Rules(decks=6, dealer_hits_soft_17=True, max_hands=4, double_after_split=False)
    assert -house_edge(no_das).value == pytest.approx(-0.0086975, abs=0.000002)
    one = Rules(decks=1, max_hands=4, lost_to_dealer_blackjack="original")
    assert -house_edge(one).value == pytest.approx(0.001839, abs=0.000007)


def test_the_house_edge_of_the_regulations_games() -> None:
    """The national and Extremadura game (9-11) and Euskadi's (any two cards, the ace held at one) come out equal:
    with the ace held at one, no soft double is worth making. Surrender (early against a ten) and the three sevens
    help the player; Triple Black Jack's box is the game without doubling or splitting, exact."""
    national = house_edge(Rules(double_totals=NINE_TO_ELEVEN))
    euskadi = house_edge(Rules(double_pair_of_aces=False, double_ace_counts_one=True)).value
    assert national.value == euskadi == pytest.approx(0.006086042, abs=1e-9)
    assert "linearly" in national.method and "within 0.0001 percentage points" in national.precision
    assert house_edge(Rules(double_pair_of_aces=False)).value < euskadi - 0.0009  # soft doubles worth ~0.1 %
    retiro = house_edge(Rules(double_totals=NINE_TO_ELEVEN, surrender=True)).value
    assert national.value - retiro == pytest.approx(0.0025, abs=0.0002)
    assert house_edge(Rules(double_totals=NINE_TO_ELEVEN, three_sevens_pays=F(2))).value < national.value
    triple = house_edge(Rules(dealer_hands=3))
    assert triple.value == house_edge(Rules(double_totals=frozenset(), max_hands=1)).value
    assert triple.value == pytest.approx(0.0234352367118, abs=1e-13)  # 2.34352 %
    assert triple.precision.startswith("exact") and "best play there is" in triple.method
