"""Monte o banca and el reto (Extremadura): a phase or a round played from the cards, and exact edges.

Monte: four cards of two Spanish decks of 40 are placed face up (first and second on top, third and
fourth below); after the bets, cards are drawn until one is of the rank of a placed card still in
play: that card's bets win. «Cartas» bets one placed card (or two) against another (or two), even
money; the multiple bets name one placed card and the suit of the card that will match it, counted in
the circular order oros, copas, espadas, bastos: «camo» the next suit, «anti» the previous one, «viudo»
neither neighbour; «salto» any suit; «vista hermosa» that the very first card drawn is of its rank and
the next suit. When the first card drawn decides, the winning bets but vista hermosa give up a tenth.

Cards are rank and suit: ``"7o"`` (7 de oros), ``"Sc"`` (sota de copas), ``"Ce"``, ``"Rb"``. A phase or a round
returns, beside what was staked and returned, the steps that settled it (:mod:`jokoak.engine.steps`).

>>> layout = Layout(("3o", "5c", "Se", "Rb"))
>>> play_monte(MONTE, layout, {"cartas 1 2": 10, "camo 1": 5}, ["7o", "2e", "3c"])
staked=15 returned=80 net=+65
>>> round(float(monte_edge(MONTE, layout, "camo 1")), 4)
0.1718

El reto: one card each to the player and the croupier, ace high; on equal ranks the player
doubles his bet to «retar» or gives up half of it.

>>> result = play_reto(RETO, {"inicial": 10, "empate": 2}, ["K", "K", "x", "x", "x", "9", "9"], retar=True)
>>> result
staked=22 returned=62 net=+40
>>> [step.key for step in result.steps]
['tie', 'wins', 'retar', 'reto-tie', 'wins', 'initial-back']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ...engine.result import Result
from ...engine.steps import Step

SUITS = ("o", "c", "e", "b")  # oros, copas, espadas, bastos, in the text's circular order
MONTE_RANKS = ("1", "2", "3", "4", "5", "6", "7", "S", "C", "R")


@dataclass(frozen=True)
class MonteRules:
    """The options of the monte o banca of 001 (1.8)."""

    decks: int = 2
    """Spanish decks of 40 («dos barajas, una roja y otra azul … de 40 cartas cada una»)."""
    suit_offsets: Mapping[str, frozenset[int]] = field(default_factory=lambda: {
        "camo": frozenset({1}), "anti": frozenset({3}), "viudo": frozenset({0, 2})})
    """The suits, counted from the placed card's, each multiple bet covers: «camo» the next («palo
    posterior»), «anti» the previous, «viudo» «ninguno de los palos inmediatos» (with two decks that
    is the same suit and the opposite one)."""
    primeras: Mapping[str, Fraction] = field(default_factory=lambda: {
        "vis": Fraction(32), "camo": Fraction(11), "anti": Fraction(11), "viudo": Fraction(11),
        "salto": Fraction(3), "cartas": Fraction(1)})
    """What each bet pays, per unit, in the phase of «Primeras» («32 veces», «11 veces», «tres veces»,
    «uno por uno»)."""
    segundas: Mapping[str, Fraction] = field(default_factory=lambda: {
        "camo": Fraction(5), "anti": Fraction(5), "viudo": Fraction(5), "cartas": Fraction(1)})
    """Payouts in «Segundas» («se paga cinco veces»; salto «solamente … en la fase de Primeras»)."""
    deduction: Fraction = Fraction(1, 10)
    """What winning bets give up, of their winnings, when the first card drawn decides («se deducirá
    a todas las apuestas ganadoras un diez por ciento … excepto en la Vista Hermosa»)."""


MONTE = MonteRules()


@dataclass(frozen=True)
class Layout:
    """The placed cards (positions 1-4), the cards doubled on them and the cards burnt before play."""

    cards: tuple[str, ...]
    doubled: tuple[str, ...] = ()
    burnt: tuple[str, ...] = ()


def _monte_card(text: str) -> tuple[str, str]:
    rank, suit = text[:-1].upper(), text[-1:].lower()
    if rank not in MONTE_RANKS or suit not in SUITS:
        raise ValueError(f"«{text}» is not a Spanish card: write its rank (1-7, S, C, R) and suit (o, c, e, b)")
    return rank, suit


def _shoe(rules: MonteRules, layout: Layout) -> dict[tuple[str, str], int]:
    """The cards left to draw: every card of the decks less the placed, doubled and burnt ones."""
    left = {(rank, suit): rules.decks for rank in MONTE_RANKS for suit in SUITS}
    for text in (*layout.cards, *layout.doubled, *layout.burnt):
        card = _monte_card(text)
        if left[card] == 0:
            raise ValueError(f"there are only {rules.decks} of «{text}» in the decks")
        left[card] -= 1
    return left


@dataclass(frozen=True)
class _Bet:
    kind: str
    mine: frozenset[int]
    theirs: frozenset[int] = frozenset()


def _parse_bet(spec: str, in_play: Sequence[int]) -> _Bet:
    kind, *places = spec.split()
    sides = [frozenset(int(p) for p in side.split("+")) for side in places if all(
        q.isdigit() for q in side.split("+"))]
    if len(sides) != len(places) or any(not s <= set(in_play) for s in sides):
        raise ValueError(f"«{spec}»: positions must be placed cards in play ({', '.join(map(str, in_play))})")
    if kind == "cartas" and len(sides) == 2 and not sides[0] & sides[1]:
        return _Bet(kind, sides[0], sides[1])
    if kind in ("vis", "camo", "anti", "viudo", "salto") and len(sides) == 1 and len(sides[0]) == 1:
        return _Bet(kind, sides[0])
    raise ValueError(f"«{spec}»: write «cartas 1 2», «cartas 1+2 3+4», or a multiple bet and one position")


def _payout(rules: MonteRules, layout: Layout, kind: str, phase: str) -> Fraction:
    table = rules.primeras if phase == "primeras" else rules.segundas
    if kind not in table:
        raise ValueError(f"no «{kind}» bet in the phase of {phase}")
    pay = table[kind]
    if kind == "vis":  # «descontándose un punto por cada una» of the doubled or burnt cards
        pay -= len(layout.doubled) + len(layout.burnt)
    elif kind in rules.suit_offsets and phase == "primeras":
        pay -= len(layout.doubled)
    return pay


def _settle(rules: MonteRules, layout: Layout, bet: _Bet, drawn: tuple[str, str], decisive: int, first: bool,
            phase: str) -> Fraction:
    """What one unit on ``bet`` returns when ``drawn`` matches placed card ``decisive``."""
    pay = _payout(rules, layout, bet.kind, phase)
    if bet.kind == "vis":
        return Fraction(0)  # settled by the first card alone, see _returns
    placed = _monte_card(layout.cards[decisive - 1])
    if bet.kind == "cartas":
        if decisive in bet.theirs:
            return Fraction(0)
        if decisive not in bet.mine:
            raise ValueError(f"placed card {decisive} decides the phase: a bet on {sorted(bet.mine)} against "
                             f"{sorted(bet.theirs)} is left for the next phase")
    elif decisive not in bet.mine:
        return Fraction(0)
    elif bet.kind in rules.suit_offsets:
        offset = (SUITS.index(drawn[1]) - SUITS.index(placed[1])) % 4
        if offset not in rules.suit_offsets[bet.kind]:
            return Fraction(0)
    return 1 + pay * (1 - rules.deduction if first else 1)


def _returns(rules: MonteRules, layout: Layout, bet: _Bet, cards: Sequence[tuple[str, str]], in_play: Sequence[int],
             phase: str) -> Fraction:
    if bet.kind == "vis":
        placed = _monte_card(layout.cards[min(bet.mine) - 1])
        nxt = SUITS[(SUITS.index(placed[1]) + 1) % 4]
        return 1 + _payout(rules, layout, "vis", phase) if cards[0] == (placed[0], nxt) else Fraction(0)
    ranks = {_monte_card(layout.cards[p - 1])[0]: p for p in in_play}
    decisive = ranks[cards[-1][0]]
    return _settle(rules, layout, bet, cards[-1], decisive, len(cards) == 1, phase)


def play_monte(rules: MonteRules, layout: Layout, bets: Mapping[str, int | str | Fraction], cards: Sequence[str], *,
               phase: str = "primeras", in_play: Sequence[int] = (1, 2, 3, 4)) -> Result:
    """Place ``bets`` (``{"cartas 1 2": 10, "camo 3": 5}``) on ``layout``, then draw ``cards`` until one
    is of the rank of a placed card in play (``in_play``: all four in «Primeras», the horizontal pair
    left in «Segundas»); that card must be the last one.

    >>> play_monte(MONTE, Layout(("3o", "5c", "Se", "Rb")), {"salto 2": 10}, ["5e"])
    staked=10 returned=37 net=+27
    >>> play_monte(MONTE, Layout(("3o", "5c", "Se", "Rb")), {"salto 2": 10}, ["7o"])
    Traceback (most recent call last):
    ...
    ValueError: no card of a placed rank was drawn: more cards are needed
    """
    if phase not in ("primeras", "segundas"):
        raise ValueError(f"phase must be 'primeras' or 'segundas', got {phase!r}")
    placed = [_monte_card(layout.cards[p - 1]) for p in in_play]
    if len(layout.cards) != 4 or len({rank for rank, _ in placed}) != len(placed):
        raise ValueError("a layout has four placed cards, and those in play are of different ranks")
    left = _shoe(rules, layout)
    drawn = [_monte_card(card) for card in cards]
    for card in drawn:
        if left[card] == 0:
            raise ValueError(f"no «{''.join(card)}» is left to draw")
        left[card] -= 1
    hits = [i for i, card in enumerate(drawn) if card[0] in {rank for rank, _ in placed}]
    if not hits:
        raise ValueError("no card of a placed rank was drawn: more cards are needed")
    if hits[0] != len(drawn) - 1:
        raise ValueError(f"{len(drawn) - 1 - hits[0]} card(s) drawn after the phase was decided")
    decisive = next(p for p in in_play if placed[in_play.index(p)][0] == drawn[-1][0])
    steps = [Step("phase", phase, {"phase": phase, "positions": tuple(in_play),
                                   "cards": tuple(layout.cards[p - 1] for p in in_play)}),
             Step("first-decides" if len(drawn) == 1 else "drawn-decides", "draw",
                  {"misses": tuple(map(_text, drawn[:-1])), "card": _text(drawn[-1]), "position": decisive,
                   "placed": layout.cards[decisive - 1]})]
    staked, returned = Fraction(0), Fraction(0)
    settled: list[Step] = []
    for spec, stake in bets.items():
        bet = _parse_bet(spec, in_play)
        staked += Fraction(stake)
        back = _returns(rules, layout, bet, drawn, in_play, phase)
        returned += Fraction(stake) * back
        settled += _explain(rules, layout, spec, bet, drawn, decisive, phase, Fraction(stake), back)
    if len(drawn) == 1 and any(step.key == "wins-deducted" for step in settled):
        steps.append(Step("deduction", "deduction", {"percent": rules.deduction}))
    return Result(staked, returned, tuple(steps + settled))


def _text(card: tuple[str, str]) -> str:
    return card[0] + card[1]


def _explain(rules: MonteRules, layout: Layout, spec: str, bet: _Bet, drawn: Sequence[tuple[str, str]], decisive: int,
             phase: str, stake: Fraction, back: Fraction) -> list[Step]:
    """The steps of one bet that returned ``back`` per unit: its payout less the points the doubled or burnt cards
    take off, why the cards drawn make it win or lose, then what it returns."""
    label = {"bet": bet.kind, "target": spec.split(None, 1)[1].strip()}
    rule, steps = f"bet:{bet.kind}", []
    pay = _payout(rules, layout, bet.kind, phase)
    base = (rules.primeras if phase == "primeras" else rules.segundas)[bet.kind]
    if pay != base:
        taken = (*layout.doubled, *layout.burnt) if bet.kind == "vis" else layout.doubled
        steps.append(Step("points-off", rule, {**label, "phase": phase, "base": base, "payout": pay, "cards": taken}))
    if bet.kind == "vis":
        own = min(bet.mine)
        rank, suit = _monte_card(layout.cards[own - 1])
        wanted = rank + SUITS[(SUITS.index(suit) + 1) % 4]
        steps.append(Step("vis-covered" if back else "vis-not", rule,
                          {**label, "position": own, "placed": layout.cards[own - 1], "card": _text(drawn[0]),
                           "wanted": wanted}))
    else:
        own = min(bet.mine) if len(bet.mine) == 1 else decisive
        if bet.kind == "cartas":
            key = "cartas-mine" if decisive in bet.mine else "cartas-theirs"
        else:
            key = "other-card" if decisive not in bet.mine else "covered" if back else "not-covered"
        steps.append(Step(key, rule, {**label, "position": decisive, "placed": layout.cards[decisive - 1],
                                      "card": _text(drawn[-1]), "own": own, "own_placed": layout.cards[own - 1]}))
    if not back:
        steps.append(Step("loses", rule, {**label, "stake": stake}))
    elif len(drawn) == 1 and bet.kind != "vis":
        steps.append(Step("wins-deducted", rule, {**label, "stake": stake, "payout": pay, "percent": rules.deduction,
                                                  "returned": stake * back}))
    else:
        steps.append(Step("wins", rule, {**label, "stake": stake, "payout": pay, "returned": stake * back}))
    return steps


def monte_edge(rules: MonteRules, layout: Layout, spec: str, *, phase: str = "primeras",
               in_play: Sequence[int] = (1, 2, 3, 4)) -> Fraction:
    """The exact house edge of one bet on ``layout``, over every card left to draw.

    The first card of a placed rank decides; every card left of those ranks is equally likely to be
    it, and it is the first card drawn with probability (cards of those ranks) / (cards left). A
    «cartas» bet that the phase does not decide goes on to the next phase: it counts as given back.
    """
    bet = _parse_bet(spec, in_play)
    left = _shoe(rules, layout)
    size = sum(left.values())
    placed = {_monte_card(layout.cards[p - 1])[0] for p in in_play}
    matching = {card: n for card, n in left.items() if card[0] in placed and n}
    total = sum(matching.values())
    if bet.kind == "vis":
        expected = sum((Fraction(n, size) * _returns(rules, layout, bet, [card], in_play, phase)
                        for card, n in left.items() if n), Fraction(0))
        return 1 - expected
    expected = Fraction(0)
    first = Fraction(total, size)
    for card, n in matching.items():
        decisive = next(p for p in in_play if _monte_card(layout.cards[p - 1])[0] == card[0])
        if bet.kind == "cartas" and decisive not in bet.mine | bet.theirs:
            expected += Fraction(n, total)
            continue
        later = _settle(rules, layout, bet, card, decisive, False, phase)
        now = _settle(rules, layout, bet, card, decisive, True, phase)
        expected += Fraction(n, total) * (first * now + (1 - first) * later)
    return 1 - expected


# El reto (001, 1.9)

RETO_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # ace high


@dataclass(frozen=True)
class RetoRules:
    """The options of el reto."""

    decks: int = 6
    """French decks of 52 in the shoe («podrá jugarse hasta con ocho mazos … según criterio de la
    dirección»: 1 to 8)."""
    pays: Fraction = Fraction(1)
    """The initial bet, and the «reto» bet when the player's second card is higher («a la par»)."""
    reto_tie_pays: Fraction = Fraction(2)
    """The «reto» bet when the second cards are equal again («2 a 1»)."""
    surrender_keeps: Fraction = Fraction(1, 2)
    """What the player keeps of the initial bet when he does not «retar» («pierde la mitad»)."""
    tie_pays: Fraction = Fraction(10)
    """The «tie» bet («se paga 10 a 1»)."""
    burnt: int = 3
    """Cards burnt before the «reto» cards («el crupier quema tres cartas»)."""


RETO = RetoRules()


def _rank(text: str) -> int:
    if text.upper() not in RETO_RANKS:
        raise ValueError(f"«{text}» is not a rank: 2-10, J, Q, K, A")
    return RETO_RANKS.index(text.upper())


def play_reto(rules: RetoRules, bets: Mapping[str, int | str | Fraction], cards: Sequence[str], *,
              retar: bool | None = None) -> Result:
    """Play a round for one player: his card, the croupier's, and on equal ranks, if he «reta», the
    burnt cards (any text) and the two new cards. ``bets``: ``"inicial"`` and optionally ``"empate"``.

    >>> play_reto(RETO, {"inicial": 10}, ["7", "7"], retar=False)
    staked=10 returned=5 net=-5
    >>> play_reto(RETO, {"inicial": 10}, ["7", "7"])
    Traceback (most recent call last):
    ...
    ValueError: the cards are equal: say whether the player «reta» (retar=True or False)
    """
    unknown = set(bets) - {"inicial", "empate"}
    if unknown or "inicial" not in bets:
        raise ValueError(f"bets are «inicial» and optionally «empate», got {sorted(bets)}")
    if len(cards) < 2:
        raise ValueError("a round needs the player's card and the croupier's")
    initial, tie = Fraction(bets["inicial"]), Fraction(bets.get("empate", 0))
    player, croupier = _rank(cards[0]), _rank(cards[1])
    staked, returned = initial + tie, Fraction(0)
    steps = [_compare("", cards[0], cards[1], "shoe")]
    if player != croupier:
        needed, returned = 2, initial * (1 + rules.pays) if player > croupier else Fraction(0)
        steps.append(_settled("inicial", initial, rules.pays, returned))
        if tie:
            steps.append(_settled("empate", tie, rules.tie_pays, Fraction(0)))
    else:
        returned += tie * (1 + rules.tie_pays)
        if tie:
            steps.append(_settled("empate", tie, rules.tie_pays, returned))
        if retar is None:
            raise ValueError("the cards are equal: say whether the player «reta» (retar=True or False)")
        if not retar:
            needed, returned = 2, returned + initial * rules.surrender_keeps
            steps.append(Step("no-retar", "decline", {"bet": "inicial", "stake": initial,
                                                      "percent": 1 - rules.surrender_keeps,
                                                      "lost": initial * (1 - rules.surrender_keeps),
                                                      "returned": initial * rules.surrender_keeps}))
        else:
            needed = 4 + rules.burnt
            if len(cards) < needed:
                raise ValueError(f"a «reto» needs {rules.burnt} burnt cards and two new cards")
            staked += initial
            steps.append(Step("retar", "bet:reto", {"bet": "reto", "stake": initial, "burnt": rules.burnt}))
            steps.append(_compare("reto-", cards[needed - 2], cards[needed - 1], "bet:reto"))
            second, again = _rank(cards[needed - 2]), _rank(cards[needed - 1])
            if second > again:
                returned += initial + initial * (1 + rules.pays)
                steps.append(_settled("reto", initial, rules.pays, initial * (1 + rules.pays)))
            elif second == again:
                returned += initial + initial * (1 + rules.reto_tie_pays)
                steps.append(_settled("reto", initial, rules.reto_tie_pays, initial * (1 + rules.reto_tie_pays)))
            else:
                steps.append(_settled("reto", initial, rules.pays, Fraction(0)))
            steps.append(Step("initial-back" if second >= again else "loses", "bet:reto",
                              {"bet": "inicial", "stake": initial}))
    if len(cards) != needed:
        raise ValueError(f"{len(cards)} cards given, the round used {needed}")
    return Result(staked, returned, tuple(steps))


def _compare(prefix: str, player: str, croupier: str, rule: str) -> Step:
    """The player's card against the croupier's, ace high: ``higher``, ``tie`` or ``lower`` (``reto-…`` in the
    «reto»)."""
    mine, theirs = _rank(player), _rank(croupier)
    key = "higher" if mine > theirs else "tie" if mine == theirs else "lower"
    return Step(prefix + key, rule, {"player": player.upper(), "croupier": croupier.upper()})


def _settled(bet: str, stake: Fraction, pays: Fraction, returned: Fraction) -> Step:
    """A reto bet won (``returned``, stake included) or lost (nothing returned), by the bet's own lines."""
    values = {"bet": bet, "stake": stake, "payout": pays, "returned": returned}
    return Step("wins" if returned else "loses", f"bet:{bet}", values)


def reto_probabilities(counts: Sequence[int]) -> dict[str, Fraction]:
    """Exact probabilities, from a shoe of ``counts`` (per rank, 2 to ace): «gana», «pierde», «empate»
    for the first two cards, and, after a first tie, «reto gana», «reto empate», «reto pierde» for
    the cards dealt after the burnt ones. The burnt cards are unseen, so the cards after them are
    distributed as if they had not been burnt (checked against dealing them in the tests)."""
    size = sum(counts)
    found = dict.fromkeys(("gana", "pierde", "empate", "reto gana", "reto empate", "reto pierde"), Fraction(0))
    left = list(counts)
    for p, n in enumerate(counts):
        for c, _ in enumerate(counts):
            ways = Fraction(n * (left[c] - (p == c)), size * (size - 1))
            if not ways:
                continue
            if p != c:
                found["gana" if p > c else "pierde"] += ways
                continue
            found["empate"] += ways
            left[p] -= 2
            rest = size - 2
            for q, m in enumerate(left):
                for d, _ in enumerate(left):
                    more = Fraction(m * (left[d] - (q == d)), rest * (rest - 1))
                    key = "reto gana" if q > d else "reto pierde" if q < d else "reto empate"
                    found[key] += ways * more
            left[p] += 2
    return found


def reto_edges(rules: RetoRules, p: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """House edge per unit of the initial bet, for a player who always «reta» («inicial, retando»)
    or never does («inicial, sin retar»), and of the «empate» bet."""
    tie = p["empate"]
    reto = p["reto gana"] * rules.pays + p["reto empate"] * rules.reto_tie_pays - p["reto pierde"] * 2
    base = p["gana"] * rules.pays - p["pierde"]
    return {
        "inicial, retando": -(base + reto),
        "inicial, sin retar": -(base - tie * (1 - rules.surrender_keeps)),
        "empate": 1 - tie * (1 + rules.tie_pays),
    }
