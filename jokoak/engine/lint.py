"""The regulation lint: what cannot be right in a text, whatever the game (a bet the player cannot lose on, a payout
that differs between languages or regulations, limits out of order). The claims a text makes about its own wheel are
the roulette family's (:mod:`jokoak.games.roulette.claims`).

Each finding says which check ran, whether the regulation's statement holds, and the values
that show it; the renderer turns a finding into a whole sentence in each language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Finding:
    """The result of one check: ``holds`` is False when the regulation's text fails it."""

    id: str
    check: str
    holds: bool
    values: Mapping[str, Any]
    source: tuple[Any, ...] = ()  # the citations of the claim checked, when it is one of the text's


def player_expectation(edges: Mapping[str, Fraction | float], rejected_reading: bool = False) -> list[Finding]:
    """Flag every bet whose player expectation is zero or positive (a house edge ≤ 0).

    ``edges`` gives the house edge by bet, or by placement («right-bet 6») where it depends on it; a
    float where the edge is an approximation (Black Jack's main bet). ``rejected_reading``: the edges are
    those of a reading of the text the catalogue did not take (to show what it would give), not of the game
    a table plays; the findings say so.
    """
    extra = {"rejected_reading": True} if rejected_reading else {}
    return [Finding(f"esperanza-{bet.replace(' ', '-')}", "player-expectation", edge > 0,
                    {"bet": bet, "edge": edge, **extra}) for bet, edge in edges.items()]


def odds_fair(bet: str, line_bet: str, edges: Mapping[int, Fraction], line_edge: Fraction) -> Finding:
    """Odds taken on a line bet: the regulation pays them at the true odds, so the house keeps no
    edge on them (they are not flagged as a bet with zero expectation); the line bet they need
    must keep one. Holds when every point's edge is zero and the line bet's is positive."""
    holds = all(edge == 0 for edge in edges.values()) and line_edge > 0
    return Finding(f"ventaja-{bet}", "odds-fair", holds,
                   {"bet": bet, "line_bet": line_bet, "edges": dict(edges), "line_edge": line_edge})


def winning_pays_something(payouts: Mapping[str, Fraction | None]) -> list[Finding]:
    """Flag a bet that, when it wins, only gives the stake back: a win that is a tie.

    (The fortune wheel's «24 posiciones, en cuyo caso el ganador empata», 000:3010, read as written.)
    """
    return [Finding(f"gana-algo-{bet.replace(' ', '-')}", "winning-pays-something", False, {"bet": bet})
            for bet, payout in payouts.items() if payout == 0]


def same_bet_elsewhere(payouts: Mapping[str, Fraction | None],
                       elsewhere: Mapping[str, Mapping[str, Fraction | None]]) -> list[Finding]:
    """Flag a bet paid differently by the same game of another regulation.

    ``elsewhere`` maps a regulation's id to its game's payouts, by bet id.
    """
    findings = []
    for regulation, other in sorted(elsewhere.items()):
        for bet, payout in payouts.items():
            if bet in other and other[bet] != payout and payout is not None and other[bet] is not None:
                findings.append(Finding(f"pago-{bet.replace(' ', '-')}-{regulation}", "payout-elsewhere", False,
                                        {"bet": bet, "payout": payout, "regulation": regulation,
                                         "other": other[bet]}))
    return findings


def same_payout_in_every_language(payouts: Mapping[str, Fraction | None],
                                  printed: Mapping[str, Mapping[str, Fraction | None]]) -> list[Finding]:
    """Flag a payout that one official language's text prints otherwise than the payout read.

    ``printed`` maps a language to the payouts as its text prints them, by bet (or placement).
    (The Basque Black Jack text of 2010 pays two suited sevens «10-1», the Spanish «50 a 1».)

    >>> [f.id for f in same_payout_in_every_language({"seguro": Fraction(2)}, {"eu": {"seguro": Fraction(1, 2)}})]
    ['pago-seguro-eu']
    """
    return [Finding(f"pago-{bet.replace(' ', '-')}-{lang}", "payout-language", False,
                    {"bet": bet, "payout": payout, "lang": lang, "printed": text[bet]})
            for lang, text in sorted(printed.items()) for bet, payout in payouts.items()
            if text.get(bet) is not None and payout is not None and text[bet] != payout]


def limit_tiers(maximum: Mapping[str, tuple[int, ...]], covers: Mapping[str, int]) -> Finding:
    """Each tier must raise every maximum, by the same factor for every bet.

    ``covers`` gives, per limit group, how many numbers its bets cover; the maximum per number
    covered must then be the same for every multiple chance in a tier.
    """
    groups = sorted(maximum)
    base = {g: maximum[g][0] for g in groups}
    factors = {g: tuple(Fraction(v, base[g]) for v in maximum[g]) for g in groups}
    reference = Counter(factors.values()).most_common(1)[0][0]  # the factors most groups share
    uneven = [g for g in groups if factors[g] != reference]
    not_rising = [g for g in groups if any(a >= b for a, b in zip(maximum[g], maximum[g][1:], strict=False))]
    per_number = {g: Fraction(maximum[g][0], covers[g]) for g in groups if g in covers}
    odd = sorted(g for g, v in per_number.items() if v != min(per_number.values(), default=v))
    values = {"factors": [str(f) for f in reference], "uneven": uneven, "not_rising": not_rising,
              "per_number": {g: str(v) for g, v in per_number.items()}, "odd": odd}
    return Finding("niveles-de-limites", "limit-tiers", not (uneven or not_rising or odd), values)


def same_figure_in_every_text(figure: str, read: Any, read_source: str,
                              others: Sequence[tuple[Any, str, Mapping[str, Any]]]) -> list[Finding]:
    """Flag a figure that another passage of the same regulation gives otherwise: ``read`` is the figure read,
    at ``read_source``; ``others`` each other figure, its lines, and what the engine computes of the figure
    read and of the other (e.g. the house edge under each: ``{"edge": …, "edge_other": …}``).

    (Póquer Trijoker: the lowest winning pair is the jacks at 001:1455 and the tens at 001:1497 and 1501.)

    >>> [f.id for f in same_figure_in_every_text("minimum-pair", "T", "001:1497, 1501", [("J", "001:1455", {})])]
    ['texto-minimum-pair-1']
    """
    return [Finding(f"texto-{figure}-{index}", "figure-in-every-text", False,
                    {"figure": figure, "read": read, "read_source": read_source, "other": other,
                     "other_source": source, **computed})
            for index, (other, source, computed) in enumerate(others, start=1)]


IMPLAUSIBLE = Fraction(1, 4)  # a house edge above this is flagged for review, unless the game's file raises it


def implausible_edges(edges: Mapping[str, Fraction | float],
                      raised: tuple[Fraction, Mapping[str, str]] | None = None) -> list[Finding]:
    """Flag every bet whose house edge is above :data:`IMPLAUSIBLE`: a figure a regulator would look at twice (a
    damaged payout, a misread table), though it may be the game's (a jackpot at its minimum). ``raised``: the
    game file's higher threshold and its reason; a bet within it holds, and its finding says why.

    >>> [(f.id, f.holds) for f in implausible_edges({"24": Fraction(5, 9), "pleno": Fraction(1, 37)})]
    [('plausible-24', False)]
    >>> [(f.values["bet"], f.holds) for f in implausible_edges({"24": Fraction(5, 9), "15": Fraction(4, 9)},
    ...                                                        (Fraction(1, 2), {"es": "Así lo paga."}))]
    [('24', False), ('15', True)]
    """
    extra = {} if raised is None else {"raised_to": raised[0], "reason": dict(raised[1])}
    return [Finding(f"plausible-{bet.replace(' ', '-')}", "implausible-edge", raised is not None and edge <= raised[0],
                    {"bet": bet, "edge": edge, "above": IMPLAUSIBLE, **extra})
            for bet, edge in edges.items() if edge > IMPLAUSIBLE]


def limits_elsewhere(mine: Mapping[str, tuple[int, int]], elsewhere: Mapping[str, Mapping[str, tuple[int, int]]],
                     sources: Mapping[str, tuple[Any, ...]],
                     other_sources: Mapping[str, Mapping[str, tuple[Any, ...]]]) -> list[Finding]:
    """Flag a group of bets whose maximum (in multiples of the minimum, lowest and highest the text allows; 0: no
    highest) differs from the same group's in the same game of another regulation, and a group one text limits
    and the other does not, with both texts' lines. ``elsewhere`` and ``other_sources`` by regulation, then by
    group; ``sources`` by group.

    >>> [f.values["other"] for f in limits_elsewhere({"sencillas": (20, 50)}, {"extremadura": {"sencillas":
    ...     (1000, 1000)}}, {}, {"extremadura": {}})]
    [(1000, 1000)]
    """
    findings = []
    for regulation, other in sorted(elsewhere.items()):
        for group in sorted(set(mine) | set(other)):
            if mine.get(group) != other.get(group):
                findings.append(Finding(f"limite-{group}-{regulation}", "limit-elsewhere", False,
                                        {"group": group, "maximum": mine.get(group), "regulation": regulation,
                                         "other": other.get(group)},
                                        (*sources.get(group, ()), *other_sources[regulation].get(group, ()))))
    return findings


def bet_limits_elsewhere(mine: Mapping[str, Any], elsewhere: Mapping[str, Mapping[str, Any]],
                         sources: Mapping[str, tuple[Any, ...]],
                         other_sources: Mapping[str, Mapping[str, tuple[Any, ...]]]) -> list[Finding]:
    """Flag a bet whose own maximum (a share of a group's or of a line bet's, by number; None: the text sets
    none) differs from the same bet's in the same game of another regulation, with both texts' lines.

    >>> [f.values["other"] for f in bet_limits_elsewhere({"lay": {"percent": {"5": 100}}}, {"euskadi": {"lay":
    ...     {"percent": {"5": 160}}}}, {}, {"euskadi": {}})]
    [{'percent': {'5': 160}}]
    """
    findings = []
    for regulation, other in sorted(elsewhere.items()):
        for bet in sorted(set(mine) & set(other)):
            if mine[bet] != other[bet]:
                findings.append(Finding(f"limite-{bet}-{regulation}", "bet-limit-elsewhere", False,
                                        {"bet": bet, "maximum": mine[bet], "regulation": regulation,
                                         "other": other[bet]},
                                        tuple(sources.get(bet, ())) + tuple(other_sources[regulation].get(bet, ()))))
    return findings


def limit_order(minimum: Mapping[str, tuple[int, int]]) -> list[Finding]:
    """Flag a group whose lowest maximum is above its highest, or below the table's minimum (one time it)."""
    return [Finding(f"orden-limite-{group}", "limit-order", False, {"group": group, "maximum": bounds})
            for group, bounds in sorted(minimum.items()) if bounds[0] > bounds[1] or bounds[0] < 1]


def reading_edges(edges: Mapping[str, Fraction | float], readings: Mapping[str, tuple[Any, ...]]) -> list[Finding]:
    """List for the legal team's decision every bet that gives the player an edge under a reading the catalogue
    chose where the text is damaged or ambiguous (``readings``: the lines of each reading, by bet)."""
    return [Finding(f"lectura-{bet.replace(' ', '-')}", "reading-player-edge", False,
                    {"bet": bet, "edge": edge}, readings[bet.split()[0]])
            for bet, edge in edges.items() if edge < 0 and bet.split()[0] in readings]
