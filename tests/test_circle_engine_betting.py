"""Circle poker's betting (who speaks first, the actions, the limits, the refusals) and the casino's take."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from jokoak.games.circle.betting import (
    Action,
    Interval,
    Refusal,
    Structure,
    first_to_speak,
    interval,
    run,
    speaking_order,
)
from jokoak.games.circle.cards import dealt
from jokoak.games.circle.take import Take, hand_take, pot_take, session_take, sessions, validate

FOUR = ("ana", "ben", "carla", "dani")
NO_LIMIT = Structure("no-limit", F(10))
POT_LIMIT = Structure("pot-limit", F(10))
SPLIT = Structure("split-limit", F(10))
EXTREMADURA_LIMIT = Structure("fixed", F(10), low=F(10), high=F(20), raises=3, min_raise="double")
SEVEN_STUD = Structure("fixed", F(10), low=F(10), high=F(20), raises=3, raises_per="player", pair_rule=True)


def start(structure: Structure, stacks: dict[str, int] | None = None, pot: int = 0, **kw: object) -> Interval:
    chips = {p: F(v) for p, v in (stacks or dict.fromkeys(FOUR, 1000)).items()}
    return interval(list(chips), chips, structure, F(pot), **kw)  # type: ignore[arg-type]


def a(player: str, kind: str, amount: int | None = None, **kw: object) -> Action:
    return Action(player, kind, None if amount is None else F(amount), **kw)  # type: ignore[arg-type]


def refused(state: Interval, *actions: Action) -> Refusal:
    with pytest.raises(Refusal) as error:
        run(state, actions)
    return error.value


# --- the actions -------------------------------------------------------------------------------------------

def test_an_interval_where_everybody_passes_closes() -> None:
    state = run(start(NO_LIMIT), [a(p, "pasar") for p in FOUR])
    assert state.closed and state.to_act is None and state.level == 0
    assert refused(state, a("ana", "subir", 20)).code == "closed"


def test_passing_is_refused_once_somebody_has_bet() -> None:
    error = refused(start(NO_LIMIT), a("ana", "pasar"), a("ben", "subir", 20), a("carla", "pasar"))
    assert error.code == "check-after-bet"
    assert str(error) == ("carla may not pass: ben has bet in this interval, so carla covers the bet, raises it or "
                          "folds (000:5071-5077).")


def test_a_bet_reopens_the_interval_for_those_who_passed() -> None:
    state = run(start(NO_LIMIT), [a("ana", "pasar"), a("ben", "subir", 20), a("carla", "cubrir"),
                                  a("dani", "retirarse")])
    assert state.to_act == "ana" and not state.closed
    state = run(state, [a("ana", "cubrir")])
    assert state.closed and dict(state.put) == {"ana": 20, "ben": 20, "carla": 20, "dani": 0}
    assert state.folded == ("dani",) and state.last_bettor == "ben"


def test_out_of_turn_and_a_stranger_are_refused() -> None:
    assert refused(start(NO_LIMIT), a("carla", "subir", 20)).code == "out-of-turn"
    assert refused(start(NO_LIMIT), a("eva", "pasar")).code == "not-in-hand"
    assert refused(start(NO_LIMIT), a("ana", "retirarse"), a("ben", "pasar"), a("carla", "pasar"),
                   a("dani", "pasar"), a("ana", "pasar")).code in ("not-in-hand", "closed")


def test_a_string_bet_is_refused_unless_announced() -> None:
    error = refused(start(NO_LIMIT), a("ana", "subir", 50, movements=2))
    assert error.code == "string-bet" and "000:5117-5120" in str(error)
    assert run(start(NO_LIMIT), [a("ana", "subir", 50, movements=2, announced=True)]).level == 50


def test_nobody_bets_more_than_his_resto() -> None:
    error = refused(start(NO_LIMIT, {"ana": 40, "ben": 100}), a("ana", "subir", 50))
    assert error.code == "over-stack" and str(error).startswith("ana has 40 to bet in this interval, not 50")


# --- the limits ----------------------------------------------------------------------------------------------

def test_split_limit_bets_at_most_half_the_pot() -> None:
    state = start(SPLIT, pot=100)
    assert state.options().raise_max == 50
    assert refused(state, a("ana", "subir", 60)).code == "beyond-limit"
    state = run(state, [a("ana", "subir", 50)])
    assert state.options().raise_max == 50 + (150 + 50) / 2   # ben covers 50, then half the pot of 200


def test_pot_limit_bets_at_most_the_pot_and_raises_by_the_pot_after_covering() -> None:
    state = start(POT_LIMIT, pot=100)
    assert state.options().raise_max == 100                  # at the opening, the pot (001:2449)
    state = run(state, [a("ana", "subir", 100)])
    assert state.options().raise_max == 2 * 100 + 200        # twice the bet and the pot (001:2449)
    error = refused(state, a("ben", "subir", 401))
    assert str(error) == ("ben may raise to at most 400 in pot limit (000:4986): 100 to cover and the pot of 300 "
                          "after it.")


def test_no_limit_has_no_maximum_and_the_table_minimum_as_minimum() -> None:
    state = start(NO_LIMIT)
    assert state.options().raise_max == 1000 and state.options().raise_min == 10
    assert refused(state, a("ana", "subir", 5)).code == "below-minimum"
    state = run(state, [a("ana", "subir", 30)])
    assert state.options().raise_min == 40                    # Euskadi: a raise adds at least the minimum
    doubled = run(start(Structure("no-limit", F(10), min_raise="double")), [a("ana", "subir", 30)])
    assert doubled.options().raise_min == 60                  # Extremadura: at least double (001:2453)
    previous = run(start(Structure("no-limit", F(10), min_raise="previous")), [a("ana", "subir", 30)])
    assert previous.options().raise_min == 60


def test_fixed_limit_takes_the_lower_limit_then_the_higher() -> None:
    for number, unit in ((1, 10), (2, 10), (3, 20), (4, 20), (5, 20)):
        state = start(SEVEN_STUD, number=number)
        assert state.options().raise_min == state.options().raise_max == unit
    assert start(SEVEN_STUD, number=2, pair_showing=True).options().raise_max == 20   # 000:5608-5609
    assert refused(start(SEVEN_STUD), a("ana", "subir", 20)).code == "beyond-limit"
    assert refused(start(SEVEN_STUD), a("ana", "subir", 5)).code == "below-minimum"


def test_extremadura_allows_three_raises_a_round_and_four_times_the_minimum_at_most() -> None:
    state = run(start(EXTREMADURA_LIMIT), [a("ana", "subir", 10), a("ben", "subir", 20), a("carla", "subir", 30),
                                           a("dani", "subir", 40)])
    assert state.level == 40 == 4 * 10                        # 001:2447
    error = refused(state, a("ana", "subir", 50))
    assert error.code == "raise-count" and "001:2447" in str(error)
    assert state.options().raise_max is None
    raises = [a("ana" if n % 2 else "ben", "subir", 10 * n) for n in range(1, 8)]
    heads_up = run(start(EXTREMADURA_LIMIT, {"ana": 500, "ben": 500}), raises)
    assert heads_up.level == 70                               # two players: no limit to the raises (001:2505)


def test_seven_card_stud_counts_three_raises_per_player() -> None:
    actions = [a("ana", "subir", 10), a("ben", "subir", 20), a("carla", "subir", 30), a("dani", "subir", 40),
               a("ana", "subir", 50), a("ben", "subir", 60), a("carla", "subir", 70), a("dani", "subir", 80),
               a("ana", "subir", 90), a("ben", "subir", 100)]
    state = run(start(SEVEN_STUD), actions)
    assert dict(state.raised) == {"ben": 3, "carla": 2, "dani": 2, "ana": 2}
    state = run(state, [a("carla", "subir", 110), a("dani", "subir", 120), a("ana", "subir", 130)])
    error = refused(state, a("ben", "subir", 140))
    assert error.code == "raise-count" and "000:5617-5619" in str(error)


def test_seven_card_stud_pot_limit_in_its_last_two_intervals() -> None:
    stud_pot = Structure("fixed", F(10), low=F(10), high=F(20), stud_pot=True)
    assert start(stud_pot, number=4, stud_pot=F(300)).options().raise_max == 150      # 000:5614
    assert start(stud_pot, number=5, stud_pot=F(300)).options().raise_max == 300      # 000:5616
    assert start(stud_pot, number=3).options().raise_max == 20
    with pytest.raises(ValueError, match="000:5611-5616"):
        start(stud_pot, number=4)


def test_blinds_are_posted_and_the_big_blind_may_pass_or_raise() -> None:
    order = ("carla", "dani", "ana", "ben")
    chips = {p: F(500) for p in order}
    state = interval(order, chips, NO_LIMIT, posted={"ana": F(5), "ben": F(10)})
    assert state.level == 10 and state.stacks["ben"] == 490 and state.to_act == "carla"
    state = run(state, [a("carla", "cubrir"), a("dani", "cubrir"), a("ana", "cubrir")])
    assert state.to_act == "ben" and state.options().can_check
    assert run(state, [a("ben", "pasar")]).closed
    assert run(state, [a("ben", "subir", 30)]).to_act == "carla"


def test_a_short_stack_goes_all_in_and_a_short_raise_does_not_reopen_the_raising() -> None:
    state = start(NO_LIMIT, {"ana": 500, "ben": 500, "carla": 25, "dani": 500})
    state = run(state, [a("ana", "subir", 20), a("ben", "cubrir"), a("carla", "subir", 25)])   # 5 more: all in
    assert state.all_in == ("carla",)
    state = run(state, [a("dani", "subir", 50)])                 # dani had not spoken: he may raise
    state = run(state, [a("ana", "cubrir"), a("ben", "retirarse")])
    assert state.closed and dict(state.put) == {"ana": 50, "ben": 20, "carla": 25, "dani": 50}
    short = run(start(NO_LIMIT, {"ana": 500, "ben": 500, "carla": 25, "dani": 500}),
                [a("ana", "subir", 20), a("ben", "cubrir"), a("carla", "subir", 25), a("dani", "cubrir")])
    assert short.options().raise_max is None
    error = refused(short, a("ana", "subir", 60))
    assert error.code == "not-reopened" and "001:2447" in str(error)
    assert run(short, [a("ana", "cubrir"), a("ben", "cubrir")]).closed


def test_a_call_for_less_than_the_bet_puts_the_player_all_in() -> None:
    state = run(start(NO_LIMIT, {"ana": 500, "ben": 30, "carla": 500}), [a("ana", "subir", 100), a("ben", "cubrir")])
    assert state.put["ben"] == 30 and state.stacks["ben"] == 0 and state.all_in == ("ben",)
    state = run(state, [a("carla", "retirarse")])
    assert state.closed                                         # nobody is left to cover anything


def test_a_fixed_table_states_its_limits() -> None:
    with pytest.raises(ValueError, match="lower and higher limit"):
        Structure("fixed", F(10))
    with pytest.raises(ValueError, match="not 'half'"):
        Structure("half", F(10))  # type: ignore[arg-type]


# --- who speaks first --------------------------------------------------------------------------------------------

def test_euskadi_the_mano_speaks_first_after_the_blinds() -> None:
    assert first_to_speak("doble-holdem", 1, FOUR, "ben") == "ben"                       # 000:5517-5519
    assert first_to_speak("doble-holdem", 3, FOUR, "ben", still_in=["ana", "carla"]) == "carla"
    assert first_to_speak("cubierto", 1, FOUR, "ben", blinds=2) == "dani"                # 000:5316-5322
    assert first_to_speak("sintetico", 1, FOUR, "ben") == "ben"                          # 000:5665-5666
    assert first_to_speak("sintetico", 2, FOUR, "ben", last_bettor="dani") == "dani"     # 000:5667-5669
    assert first_to_speak("sintetico", 2, FOUR, "ben") == "ben"


def test_extremadura_holdem_and_omaha_speak_after_the_big_blind_then_from_the_small_blind() -> None:
    assert first_to_speak("omaha", 1, FOUR, "ana", regulation="extremadura") == "dani"   # 001:2801
    assert first_to_speak("omaha", 2, FOUR, "ana", regulation="extremadura") == "ben"    # 001:2801
    assert first_to_speak("holdem", 3, FOUR, "ana", regulation="extremadura", still_in=["ana", "carla"]) == "carla"
    assert first_to_speak("cubierto", 2, FOUR, "ana", last_bettor="carla", regulation="extremadura") == "carla"


def test_in_the_stud_games_the_highest_showing_hand_speaks_first() -> None:
    up = {"ana": dealt("Ks"), "ben": dealt("Ah"), "carla": dealt("Ad"), "dani": dealt("7c")}
    assert first_to_speak("five-stud", 1, FOUR, "carla", up) == "carla"   # two aces: the first from the mano
    assert first_to_speak("five-stud", 1, FOUR, "ana", up) == "ben"
    up = {"ana": dealt("8s 8h"), "ben": dealt("Ah Qh"), "carla": dealt("Kd Kc"), "dani": dealt("7c 9c")}
    assert first_to_speak("five-stud", 2, FOUR, "dani", up) == "carla"    # kings before eights, a pair before an ace
    low = {"ana": dealt("Ks"), "ben": dealt("3h"), "carla": dealt("3c"), "dani": dealt("3d")}
    assert first_to_speak("seven-stud", 1, FOUR, "ana", low, regulation="extremadura") == "carla"   # 001:2671
    with pytest.raises(ValueError, match="face-up cards"):
        first_to_speak("seven-stud", 2, FOUR, "ana")


def test_the_speaking_order_goes_round_the_table() -> None:
    assert speaking_order(FOUR, "dani") == ("dani", "ana", "ben", "carla")
    with pytest.raises(ValueError, match="eva has no seat"):
        speaking_order(FOUR, "eva")


# --- the casino's take ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("take", "message"), [
    (Take("pot", F(0)), "Euskadi's take of the pot is at most 5 % (000:4800-4802), not 0 %."),
    (Take("pot", F(51, 1000)), "Euskadi's take of the pot is at most 5 % (000:4800-4802), not 5.1 %."),
    (Take("session", F(9, 100)), "Euskadi's take per session is from 10 % to 20 % (000:4804-4808), not 9 %."),
    (Take("hand", F(51, 100)), "Euskadi's take per player and hand is from 20 % to 50 % (000:4810-4812), not 51 %."),
    (Take("session", F(21, 100), regulation="extremadura"),
     "Extremadura's take per session is from 10 % to 20 % (001:2362), not 21 %."),
    (Take("pot", F(5, 100), cap=F(5), regulation="extremadura"),
     "Only Euskadi's take of the pot may be capped in amount (000:4801-4802), not Extremadura's take of the pot."),
    (Take("pot", F(5, 100), cap=F(0)), "The cap of the take is a positive amount, not 0."),
])
def test_a_rate_outside_the_text_is_refused(take: Take, message: str) -> None:
    with pytest.raises(ValueError) as error:
        validate(take)
    assert str(error.value) == message


@pytest.mark.parametrize("take", [Take("pot", F(5, 100)), Take("pot", F(1, 100), cap=F(20)),
                                  Take("session", F(10, 100)), Take("session", F(20, 100)), Take("hand", F(20, 100)),
                                  Take("hand", F(50, 100)), Take("pot", F(5, 100), regulation="extremadura"),
                                  Take("session", F(15, 100), regulation="extremadura")])
def test_the_rates_of_the_text_are_accepted(take: Take) -> None:
    validate(take)


def test_each_take_for_a_hand_or_a_session() -> None:
    assert pot_take(Take("pot", F(5, 100)), [F(40), F(120), F(200)]) == 18
    assert pot_take(Take("pot", F(5, 100), cap=F(10)), [F(40), F(120), F(200)]) == 10
    assert session_take(Take("session", F(10, 100)), F(1000), 60) == 100
    assert session_take(Take("session", F(10, 100)), F(1000), 61) == 150
    assert session_take(Take("session", F(10, 100)), F(1000), 125) == 250
    assert hand_take(Take("hand", F(1, 2)), F(10), 5) == 25
    assert sessions(0) == 1 and sessions(180) == 3 and sessions(181) == F(7, 2)
    with pytest.raises(ValueError, match="This table's take is the take of the pot, not the take per session"):
        session_take(Take("pot", F(5, 100)), F(1000), 60)
