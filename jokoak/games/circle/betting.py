"""The betting of circle poker: who speaks first, the actions of an interval, and the limits.

The actions (000:5057-5092; 001:2493-2505): «retirarse» (fold, his chips stay in the pot), «pasar» (check, only
while nobody has bet in the interval), «cubrir» (call: match the highest bet, no more), «subir» (bet or raise:
match it and add more). The limits (000:4981-4990; 001:2445-2453): Split Limit (a bet at most half the pot),
bote con límite / pot limit (at most the pot), sin límite, and the fixed «limitado» with its lower and higher limit
(000:5606-5609; 001:2447, 001:2663, 001:2763). A raise count limit does not apply with two players
(000:5089-5092; 001:2505). A string bet, chips brought in several movements without announcing it, is refused
(000:5117-5120; 001:2513). A refused action is a :class:`Refusal`: a ValueError with a ``code`` and a whole
sentence.

Our readings, each for the legal team: «limitado por la mitad del bote» / «por el bote» (000:4983-4986) is read as
the customary pot limit, a raise adding at most the pot once the player has covered (half of it in Split Limit),
which is Extremadura's «multiplicar por dos la apuesta precedente y añadirle la cuantía total del bote» (001:2449);
in Euskadi a raise adds at least the table minimum (000:4988-4990), in Extremadura it at least doubles the bet
(001:2453); a short stack may go all in for less, and his raise lets those who have acted raise again only if it
is a full raise (Euskadi, customary) or adds more than half the bet (001:2447, 001:2453).

>>> from fractions import Fraction as F
>>> pot_limit = Structure("pot-limit", minimum=F(10))
>>> start = interval(["ana", "ben", "carla"], {"ana": F(500), "ben": F(500), "carla": F(60)}, pot_limit, pot=F(30))
>>> state = run(start, [Action("ana", "subir", F(30)), Action("ben", "subir", F(120))])
>>> state.options()          # carla may call 60 all in, or go all in for her 60
Options(player='carla', call=Fraction(60, 1), can_check=False, raise_min=None, raise_max=None)
>>> state.act(Action("carla", "pasar"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
jokoak.games.circle.betting.Refusal: carla may not pass: ben has bet in this interval, so carla covers the bet, ...
>>> state.act(Action("ana", "subir", F(300)))
Traceback (most recent call last):
jokoak.games.circle.betting.Refusal: It is carla's turn to speak, not ana's (000:5258-5260).
>>> state = run(state, [Action("carla", "cubrir"), Action("ana", "subir", F(500))])  # doctest: +ELLIPSIS
Traceback (most recent call last):
jokoak.games.circle.betting.Refusal: ana may raise to at most 450 in pot limit (000:4986): 90 to cover and ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

from ...engine.result import amount as text
from .hands import STANDARD, Ranking, showing_value
from .showdown import variant as variant_of

Kind = Literal["split-limit", "pot-limit", "no-limit", "fixed"]
ActionKind = Literal["retirarse", "pasar", "cubrir", "subir"]
Code = Literal["beyond-limit", "below-minimum", "string-bet", "check-after-bet", "out-of-turn", "raise-count",
               "not-reopened", "not-in-hand", "over-stack", "closed", "bad-amount"]
KINDS = ("split-limit", "pot-limit", "no-limit", "fixed")
NAMES = {"split-limit": "Split Limit", "pot-limit": "pot limit", "no-limit": "no limit", "fixed": "fixed limit"}
LINES = {"split-limit": "000:4983-4984", "pot-limit": "000:4986", "no-limit": "000:4988-4990",
         "fixed": "000:5606-5609"}


class Refusal(ValueError):
    """An action the rules refuse: ``code`` says which rule, the message says it in a whole sentence."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Structure:
    """A table's limits. ``kind``; ``minimum``: the smallest bet (the table minimum, 000:4988-4990, 001:2451);
    ``low`` and ``high``: a fixed table's lower and higher limit (the bet and each raise), the lower one in the
    first ``low_intervals`` intervals (two: 000:5606-5609, 001:2447), the higher after, or from the interval
    where a pair shows if ``pair_rule`` (000:5608-5609; 001:2663, 001:2763); ``raises``: how many raises an
    interval allows (None: no limit), counted per ``raises_per`` player (000:5617-5619) or per interval
    (001:2447), no limit heads-up; ``min_raise``: a raise adds at least the table ``"minimum"`` (Euskadi, our
    reading of 000:4988-4990), or makes the bet at least ``"double"`` the previous one (001:2453), or adds at
    least the ``"previous"`` raise (with ``"double"``, an all-in raise of more than half the bet also lets those
    who have spoken raise again, 001:2447, 001:2453); ``stud_pot``: seven-card stud's «Bote Limitado» (half the pot
    when the sixth card is dealt, the pot at the seventh, 000:5611-5616; the three intervals before it at the fixed
    limits, our reading: the text gives no other).

    Seven-card stud's «Split Limit» (000:5606-5609) is a ``"fixed"`` table with ``pair_rule``, not the general rules'
    Split Limit of half the pot (000:4983-4984): the two texts use the name for two things.

    >>> Structure("fixed", minimum=Fraction(10))
    Traceback (most recent call last):
    ValueError: A fixed limit table states its lower and higher limit (000:5606-5609, 001:2447).
    """

    kind: Kind
    minimum: Fraction
    low: Fraction | None = None
    high: Fraction | None = None
    low_intervals: int = 2
    pair_rule: bool = False
    raises: int | None = None
    raises_per: Literal["player", "interval"] = "interval"
    min_raise: Literal["minimum", "double", "previous"] = "minimum"
    stud_pot: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"A limit is one of {', '.join(KINDS)}, not {self.kind!r}.")
        if self.minimum <= 0:
            raise ValueError(f"The minimum bet is a positive amount, not {self.minimum}.")
        if self.kind == "fixed" and (self.low is None or self.high is None):
            raise ValueError("A fixed limit table states its lower and higher limit (000:5606-5609, 001:2447).")
        if self.low is not None and self.high is not None and not 0 < self.low <= self.high:
            raise ValueError(f"The lower limit is positive and at most the higher one: {self.low} and {self.high}.")
        if self.raises is not None and self.raises < 0:
            raise ValueError(f"A number of raises is not negative: {self.raises}.")


@dataclass(frozen=True)
class Action:
    """A player's action: ``kind``; ``amount``: for «subir», the total he has put in the interval after it (the
    level he raises to); ``announced``: he said the raise before bringing the chips; ``movements``: in how many
    movements he brought them (more than one without announcing is a string bet)."""

    player: str
    kind: ActionKind
    amount: Fraction | None = None
    announced: bool = False
    movements: int = 1


@dataclass(frozen=True)
class Options:
    """What the player to speak may do: ``call`` (what he adds to cover), ``can_check``, the least and most
    level he may raise to (``None`` when he may not raise)."""

    player: str
    call: Fraction
    can_check: bool
    raise_min: Fraction | None
    raise_max: Fraction | None


@dataclass(frozen=True)
class Interval:
    """A betting interval in progress. Start one with :func:`interval`; :meth:`act` gives the next state or raises
    a :class:`Refusal`. ``order``: the players still in, in the order they speak from the first; ``stacks``: what
    each has left; ``put``: what each has put in this interval; ``pot``: the pot before the interval.
    ``acted``: who has spoken since the bet was last raised; ``full``: who has spoken since the last full raise
    (they may not raise an incomplete one); ``raised``: each player's raises; ``step``: the last full raise's size;
    ``cap``: the most a bet or raise adds in a fixed or stud pot interval; ``last_bettor``: who bet or raised last."""

    order: tuple[str, ...]
    stacks: Mapping[str, Fraction]
    put: Mapping[str, Fraction]
    pot: Fraction
    structure: Structure
    number: int = 1
    folded: tuple[str, ...] = ()
    to_act: str | None = None
    acted: tuple[str, ...] = ()
    full: tuple[str, ...] = ()
    raised: Mapping[str, int] = field(default_factory=dict)
    step: Fraction = Fraction(0)
    cap: Fraction | None = None
    last_bettor: str | None = None

    @property
    def level(self) -> Fraction:
        """The highest total put in this interval (what a call matches)."""
        return max(self.put.values(), default=Fraction(0))

    @property
    def in_hand(self) -> tuple[str, ...]:
        return tuple(p for p in self.order if p not in self.folded)

    @property
    def all_in(self) -> tuple[str, ...]:
        return tuple(p for p in self.in_hand if self.stacks[p] == 0)

    @property
    def total(self) -> Fraction:
        """The pot with what this interval has put in."""
        return self.pot + sum(self.put.values(), Fraction(0))

    @property
    def closed(self) -> bool:
        """Every player still in has acted and matched the level or is all in (000:5094-5097)."""
        return self._next(None) is None

    def _waiting(self, p: str) -> bool:
        return self.stacks[p] > 0 and (p not in self.acted or self.put[p] < self.level)

    def _next(self, after: str | None) -> str | None:
        players = self.in_hand
        if len(players) <= 1:
            return None
        free = [p for p in players if self.stacks[p] > 0]
        if len(free) == 1 and self.put[free[0]] >= max(self.put[p] for p in players):
            return None  # the others are all in and nothing is left to cover
        start = 0 if after is None else self.order.index(after) + 1
        for i in range(len(self.order)):
            p = self.order[(start + i) % len(self.order)]
            if p in players and self._waiting(p):
                return p
        return None

    def _limits(self, p: str) -> tuple[Fraction, Fraction, str]:
        """The least and most level ``p`` may raise to (his stack aside), and the rule that sets the most."""
        s, level = self.structure, self.level
        call = level - self.put[p]
        kind = s.kind
        if self.cap is not None and s.stud_pot and self.number >= 4:  # seven-card stud's pot limit
            return level + min(max(s.minimum, self.step), self.cap), level + self.cap, "stud-pot"
        if self.cap is not None:  # fixed limit: each bet and raise is the interval's limit
            return level + self.cap, level + self.cap, "fixed"
        if level == 0:
            least = s.minimum
        elif s.min_raise == "double":
            least = max(2 * level, level + s.minimum)
        elif s.min_raise == "previous":
            least = level + max(self.step, s.minimum)
        else:
            least = level + s.minimum
        after_call = self.total + call
        most = {"no-limit": self.put[p] + self.stacks[p], "pot-limit": level + after_call,
                "split-limit": level + after_call / 2}[kind]
        return least, max(most, least), kind

    def options(self) -> Options:
        """What the player to speak may do."""
        p = self.to_act
        if p is None:
            raise Refusal("closed", "The interval is closed: nobody is left to speak.")
        call = min(self.level - self.put[p], self.stacks[p])
        can_raise = self.stacks[p] > call and self._raise_refusal(p) is None
        least, most, _ = self._limits(p)
        top = self.put[p] + self.stacks[p]
        return Options(p, call, self.level == self.put[p], min(least, top) if can_raise else None,
                       min(most, top) if can_raise else None)

    def _raise_refusal(self, p: str) -> Refusal | None:
        s = self.structure
        if p in self.full and p in self.acted_before_incomplete():
            return Refusal("not-reopened", f"{p} may not raise again: the bet was raised since he spoke by less than a "
                           "full raise, which does not open the raising again (001:2447, 001:2453).")
        heads_up = len(self.in_hand) <= 2
        if s.raises is not None and not heads_up and self.level > 0:
            count = self.raised.get(p, 0) if s.raises_per == "player" else sum(self.raised.values())
            if count >= s.raises:
                whose = "he has raised" if s.raises_per == "player" else "the bet has been raised"
                lines = "000:5617-5619" if s.raises_per == "player" else "001:2447"
                return Refusal("raise-count", f"{p} may not raise: {whose} {s.raises} times in this interval, the most "
                               f"the table allows with more than two players ({lines}; 000:5089-5092).")
        return None

    def acted_before_incomplete(self) -> tuple[str, ...]:
        """Who spoke before an incomplete raise that is the last raise: they may only cover it or fold."""
        return tuple(p for p in self.full if p not in self.acted)

    def act(self, action: Action) -> Interval:
        """The state after ``action``, or a :class:`Refusal`."""
        p = action.player
        if p not in self.order or p in self.folded:
            raise Refusal("not-in-hand", f"{p} is not in the hand: only a player still in it speaks.")
        if self.to_act is None:
            raise Refusal("closed", "The interval is closed: nobody is left to speak.")
        if p != self.to_act:
            raise Refusal("out-of-turn", f"It is {self.to_act}'s turn to speak, not {p}'s (000:5258-5260).")
        put, stacks = dict(self.put), dict(self.stacks)
        acted, full, raised = (*self.acted, p), (*self.full, p), dict(self.raised)
        state: Interval
        if action.kind == "retirarse":
            state = replace(self, folded=(*self.folded, p), acted=acted, full=full)
        elif action.kind in ("pasar", "cubrir"):
            call = min(self.level - put[p], stacks[p])
            if action.kind == "pasar" and call > 0:
                bettor = self.last_bettor or "a player"
                raise Refusal("check-after-bet", f"{p} may not pass: {bettor} has bet in this interval, so {p} covers "
                              "the bet, raises it or folds (000:5071-5077).")
            put[p] += call
            stacks[p] -= call
            state = replace(self, put=put, stacks=stacks, acted=acted, full=full)
        elif action.kind == "subir":
            state = self._raise(action, put, stacks, raised)
        else:
            raise Refusal("bad-amount", f"An action is retirarse, pasar, cubrir or subir, not {action.kind!r}.")
        return replace(state, to_act=state._next(p))

    def _raise(self, action: Action, put: dict[str, Fraction], stacks: dict[str, Fraction],
               raised: dict[str, int]) -> Interval:
        p, to = action.player, action.amount
        if action.movements > 1 and not action.announced:
            raise Refusal("string-bet", f"{p}'s raise is refused: the chips came in {action.movements} movements "
                          "without the raise being announced, and a player may not bet, watch the others and raise "
                          "(000:5117-5120, 001:2513); it counts as covering the bet (000:5250-5253).")
        if to is None or to <= self.level:
            raise Refusal("bad-amount", f"A raise says the total {p} puts in the interval, more than the bet of "
                          f"{text(self.level)}.")
        top = put[p] + stacks[p]
        if to > top:
            raise Refusal("over-stack", f"{p} has {text(top)} to bet in this interval, not {text(to)}: a player bets "
                          "only the chips he had on the table when the hand began (000:5184-5185).")
        refusal = self._raise_refusal(p)
        if refusal is not None:
            raise refusal
        least, most, rule = self._limits(p)
        name = NAMES.get(rule, "the pot limit of seven-card stud")
        lines = LINES.get(rule, "000:5611-5616")
        if to > most:
            call = self.level - put[p]
            detail = (f": {text(call)} to cover and the pot of {text(self.total + call)} after it"
                      if rule in ("pot-limit", "split-limit") else "")
            raise Refusal("beyond-limit", f"{p} may raise to at most {text(most)} in {name} ({lines}){detail}.")
        all_in = to == top
        if to < least and not all_in:
            raise Refusal("below-minimum", f"{p} raises to at least {text(least)}, or goes all in ({lines}).")
        increment = to - self.level
        complete = (to >= least or self.level == 0
                    or (self.structure.min_raise == "double" and increment * 2 > self.level))
        stacks[p] -= to - put[p]
        put[p] = to
        if self.level > 0:
            raised[p] = raised.get(p, 0) + 1
        if complete:
            return replace(self, put=put, stacks=stacks, raised=raised, acted=(p,), full=(p,),
                           step=max(increment, self.step), last_bettor=p)
        return replace(self, put=put, stacks=stacks, raised=raised, acted=(p,), full=(*self.full, p), last_bettor=p)


def interval(order: Sequence[str], stacks: Mapping[str, Fraction], structure: Structure, pot: Fraction = Fraction(0),
             number: int = 1, posted: Mapping[str, Fraction] | None = None, pair_showing: bool = False,
             stud_pot: Fraction | None = None) -> Interval:
    """A new interval: ``order`` the players in the order they speak; ``posted`` what blinds or opening bets
    already put in it (000:5316-5319; 001:2799), taken from their stacks; ``pair_showing``: a pair among a player's
    first two face-up cards (the higher fixed limit); ``stud_pot``: the pot when the sixth or seventh card is
    dealt (the fourth and fifth interval of seven-card stud's «Bote Limitado», 000:5611-5616).

    >>> fixed = Structure("fixed", Fraction(10), low=Fraction(10), high=Fraction(20), raises=3, raises_per="player")
    >>> interval(["ana", "ben"], {"ana": Fraction(100), "ben": Fraction(100)}, fixed, number=3).cap
    Fraction(20, 1)
    """
    if len(set(order)) != len(order) or len(order) < 2:
        raise ValueError("An interval is between two or more different players.")
    missing = [p for p in order if p not in stacks]
    if missing:
        raise ValueError(f"Every player has his resto: {', '.join(missing)} has none.")
    put = {p: Fraction(0) for p in order}
    left = {p: Fraction(stacks[p]) for p in order}
    for p, amount in (posted or {}).items():
        if p not in put or not 0 <= amount <= left[p]:
            raise ValueError(f"A blind is posted by a player of the interval from his resto: {p}, {amount}.")
        put[p] += amount
        left[p] -= amount
    s = structure
    cap = None
    if s.kind == "fixed" and s.low is not None and s.high is not None:
        cap = s.high if number > s.low_intervals or (s.pair_rule and pair_showing) else s.low
    if s.stud_pot and number >= 4:
        if stud_pot is None:
            raise ValueError("The fourth and fifth interval of seven-card stud's pot limit need the pot when the sixth "
                             "or seventh card is dealt (000:5611-5616).")
        cap = stud_pot / 2 if number == 4 else stud_pot
    start = Interval(tuple(order), left, put, Fraction(pot), structure, number, cap=cap,
                     step=max(put.values(), default=Fraction(0)))
    return replace(start, to_act=start._next(None))


def run(start: Interval, actions: Sequence[Action]) -> Interval:
    """Apply ``actions`` in turn; the first refused raises its :class:`Refusal`."""
    state = start
    for action in actions:
        state = state.act(action)
    return state


# --- who speaks first ------------------------------------------------------------------------------------------

def speaking_order(seats: Sequence[str], first: str, still_in: Sequence[str] | None = None) -> tuple[str, ...]:
    """The players still in, from ``first`` round the table (``seats`` in the order the turn passes).

    >>> speaking_order(["ana", "ben", "carla", "dani"], "carla", still_in=["ana", "carla", "dani"])
    ('carla', 'dani', 'ana')
    """
    if first not in seats:
        raise ValueError(f"{first} has no seat at the table.")
    start = list(seats).index(first)
    turn = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    return tuple(p for p in turn if still_in is None or p in still_in)


def first_to_speak(variant: str, interval_number: int, seats: Sequence[str], button: str,
                   showing: Mapping[str, Sequence[int]] | None = None, last_bettor: str | None = None,
                   regulation: Literal["euskadi", "extremadura"] = "euskadi", *,
                   still_in: Sequence[str] | None = None, blinds: int = 0) -> str:
    """Who opens an interval. ``seats`` in the order the turn passes, ``button`` the player who has the «mano»
    (the disc, 000:5005-5008; 001:2471), ``still_in`` the players still in (default all), ``blinds`` how many
    players posted before the cards from the «mano» on (Euskadi's covered poker: the «mano», the «segunda mano»
    and the «ciegas», 000:5316-5338).

    - Euskadi: the «mano» speaks first in every interval, or the first player still in after him (Doble Hold'em,
      000:5517-5519; Sintético, 000:5665-5666; our reading for the other variants, which say nothing), after the
      blinds in the first interval; in the stud games the highest showing hand (000:5588-5589, read for seven-card
      stud too); in Sintético's later intervals the highest bettor of the one before (000:5667-5669), the «mano»
      if nobody bet.
    - Extremadura: Hold'em and Omaha, the «mano» is the dealer's button and the blinds are the two after him: the
      player after the big blind first, then the small blind or the first player still in after him
      (001:2799-2805, 001:2845-2851); covered poker, the player after the last blind, then the last bettor
      (001:2623-2633); seven stud, the lowest face-up card first, suits ranking picas, corazones, diamantes,
      tréboles (001:2671), then the highest showing hand (001:2673); five stud, the highest showing hand
      (001:2749); Sintético as in Euskadi (001:2905). Equal showing hands: the first from the «mano» (001:2681).

    >>> seats = ["ana", "ben", "carla", "dani"]
    >>> first_to_speak("holdem", 1, seats, "ana", regulation="extremadura")       # after the big blind
    'dani'
    >>> from .cards import dealt
    >>> up = {"ana": dealt("9s"), "ben": dealt("2c"), "carla": dealt("2d"), "dani": dealt("Kh")}
    >>> first_to_speak("seven-stud", 1, seats, "ana", up, regulation="extremadura")  # the lowest card: 2 of clubs
    'ben'
    >>> up = {"ana": dealt("9s 9h"), "ben": dealt("2c Ac"), "carla": dealt("Kd Qd"), "dani": dealt("Kh 4c")}
    >>> first_to_speak("seven-stud", 2, seats, "ana", up)
    'ana'
    >>> first_to_speak("sintetico", 2, seats, "ana", last_bettor="carla")
    'carla'
    """
    players = tuple(still_in) if still_in is not None else tuple(seats)
    if not players:
        raise ValueError("Somebody is still in the hand to speak.")
    ranking: Ranking = variant_of(variant, regulation).ranking if variant in ("five-stud", "sintetico") else STANDARD

    def after(player: str, skip: int = 0) -> str:
        """The first player still in from ``skip`` seats after ``player``."""
        start = list(seats).index(player)
        for i in range(skip, skip + len(seats)):
            candidate = seats[(start + i) % len(seats)]
            if candidate in players:
                return candidate
        raise ValueError("Somebody is still in the hand to speak.")  # pragma: no cover

    if button not in seats:
        raise ValueError(f"The «mano» {button} has no seat at the table.")
    if variant in ("five-stud", "seven-stud"):
        if showing is None or any(p not in showing for p in players):
            raise ValueError("In the stud games the first to speak is read from every player's face-up cards.")
        ordered = speaking_order(seats, button, players)
        if regulation == "extremadura" and variant == "seven-stud" and interval_number == 1:
            return min(ordered, key=lambda p: min(showing[p]))
        return max(ordered, key=lambda p: (showing_value(showing[p], ranking), -ordered.index(p)))
    if interval_number == 1:
        if regulation == "extremadura" and variant in ("holdem", "omaha"):
            return after(button, 3)
        return after(button, blinds)
    by_bet = variant == "sintetico" or (variant == "cubierto" and regulation == "extremadura")
    if by_bet and last_bettor is not None and last_bettor in players:
        return last_bettor
    if regulation == "extremadura" and variant in ("holdem", "omaha"):
        return after(button, 1)
    return after(button)
