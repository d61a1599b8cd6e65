"""What the engine computes about a game, once, for every output: coverage, house edges, lint, examples.

Nothing here depends on a language or a casino; the renderers format these facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from .engine import lint
from .engine.result import Result
from .engine.steps import Step
from .games import families
from .models import Citation, Example, Game


@dataclass(frozen=True)
class Hand:
    """A hand as dealt in a worked example: its cards and its points."""

    cards: tuple[str, ...]
    points: int


@dataclass(frozen=True)
class GameFacts:
    game: Game
    bets: tuple[Any, ...]  # the facts of each bet, in the family's own shape
    findings: tuple[lint.Finding, ...]
    examples: tuple[tuple[Example, Result], ...]
    probabilities: dict[str, Fraction] | None = None  # punto y banca: each outcome's, over the full shoe
    hands: dict[str, tuple[Hand, Hand]] | None = None  # punto y banca: each example's hands (punto, banca)
    rows: dict[str, tuple[tuple[Hand, Hand], ...]] | None = None  # treinta y cuarenta: each example's rows by coup
    dealer: dict[int, dict[str, Fraction]] | None = None  # black jack: the dealer's final hand by his first card
    chemin: Any = None  # chemin de fer and dos paños: expectations, «O» cells, hands
    pai_gow: dict[str, tuple[Any, Any]] | None = None  # pai gow: each example's player and bank
    stud: Any = None  # póquer sin/con descarte: the main game's figures and each example's hands
    circle: Any = None  # circle poker: the casino's take, the final hands' probabilities, each example's hands
    bingo: Any = None  # bingo: the chances of a línea and a bingo by each ball, the first bingo among N cards

    @property
    def failures(self) -> tuple[lint.Finding, ...]:
        return tuple(f for f in self.findings if not f.holds)


def bet_names(game: Game, lang: str) -> dict[str, str]:
    """The bets' names in ``lang`` by id, and by placement where a payout depends on a number
    or a total («right-bet 6»: «Right Bet 6»), as the lint findings name them; the family's own names of what
    the lint checks (a line of a pay table, a phase) come last, and prevail."""
    names: dict[str, str] = {}
    for info in game.rules.bets:
        names[info.id] = info.name[lang]
        for number in getattr(getattr(info, "bet", None), "payouts", {}):  # «Right Bet 6»; «Big 6» names its number
            named = info.name[lang].split()[-1] == str(number)
            names[f"{info.id} {number}"] = info.name[lang] if named else f"{info.name[lang]} {number}"
    if hasattr(game.rules, "placement_names"):
        names.update(game.rules.placement_names(lang))
    return names


def same_game_elsewhere(game: Game, games: Sequence[Game]) -> list[Game]:
    """The same game in the other regulations: the same id, or named by either game's ``same_as``
    («poker-trijoker» in Euskadi is «poquer-trijoker» in Extremadura)."""
    return [other for other in games if other.regulation.id != game.regulation.id
            and (other.id == game.id or other.key in game.same_as or game.key in other.same_as)]


def game_facts(game: Game, others: Sequence[Game] = ()) -> GameFacts:
    """The facts of ``game``; ``others`` are the same game in other regulations, to compare payouts with."""
    found = families()[game.engine].facts(game, others)
    return replace(found, findings=regulator_lint(game, found.findings, others))


def _limit_bounds(game: Game) -> dict[str, tuple[int, int]]:
    """Each group's lowest and highest maximum in multiples of the minimum (0: the text sets no highest)."""
    limits = game.rules.limits
    if limits.tiers:
        return {g: (min(v), max(v)) for g, v in limits.maximum.items()}
    return {g: (low, high or 0) for g, (low, high) in limits.ranges.items()}


def _limit_sources(game: Game) -> dict[str, tuple[Citation, ...]]:
    """The lines of each group's maximum: its own where the catalogue has them, else the limits' lines."""
    limits = game.rules.limits
    return {g: tuple(limits.group_sources.get(g) or limits.source) for g in _limit_bounds(game)}


def _group_bets(game: Game, group: str) -> list[str]:
    """The ids of the bets whose maximum is the group's, to name the group by them."""
    def of(bet: object) -> object:
        limit = getattr(bet, "limit", None)
        return getattr(limit, "group", limit)

    return [str(b.id) for b in getattr(game.rules, "bets", ()) if of(b) == group]


def _bet_of_reading(game: Game, field: str) -> str | None:
    """The bet a reading of the game file is about («bets[3].payout»), by its id, if it is about one."""
    bets = getattr(game.rules, "bets", ())
    head = field.split(".")[0]
    if head.startswith("bets[") and head.endswith("]") and head[5:-1].isdigit() and int(head[5:-1]) < len(bets):
        return str(bets[int(head[5:-1])].id)
    return None


def bet_sources(game: Game) -> dict[str, tuple[Citation, ...]]:
    """The lines of each bet of a game, by its id, and of each line of its pay table, by its hand."""
    found = {str(p.category): tuple(p.source) for p in getattr(game.rules, "pays", ())
             if getattr(p, "category", None) and getattr(p, "source", None)}
    return found | {str(b.id): tuple(b.source) for b in getattr(game.rules, "bets", ()) if getattr(b, "source", None)}


def step_citations(game: Game, step: Step) -> tuple[Citation, ...]:
    """The lines of the rule a step of the engine applied (:mod:`jokoak.engine.steps`): the bet's (``bet:<id>``), those
    the rules give for another name with a colon (their ``step_source``: a hand's definition, a line of a pay table),
    or the rules' ``<rule>_source``; empty where the catalogue keeps none (a test keeps every step cited)."""
    kind, _, name = step.rule.partition(":")
    if kind == "bet":
        found = bet_sources(game).get(name, ())
    elif name and hasattr(game.rules, "step_source"):
        found = game.rules.step_source(step.rule) or ()
    else:
        found = tuple(getattr(game.rules, f"{step.rule}_source", ()))
    return tuple(c for c in dict.fromkeys(found)  # each once, and none that another of them contains
                 if not any(o != c and o.source == c.source and o.first <= c.first and c.last <= o.last for o in found))


def regulator_lint(game: Game, findings: Sequence[lint.Finding], others: Sequence[Game]) -> tuple[lint.Finding, ...]:
    """A family's findings with what a regulator checks of every game (issue 13): each finding about a bet cites
    the bet's lines where it cites none (and the other text's, for a payout another regulation pays otherwise);
    house edges above :data:`lint.IMPLAUSIBLE`; each group's maximum against the same game's in the other
    regulations (the lines of both texts); a maximum lower than the minimum; and every bet that gives the player
    an edge under a reading the catalogue chose, for decision."""
    sources = bet_sources(game)
    elsewhere = {o.regulation.id: bet_sources(o) for o in others}

    def cited(f: lint.Finding) -> lint.Finding:
        if not f.source and "read_source" in f.values:  # a figure two passages of the text give otherwise
            return replace(f, source=Citation.parse_all(f"{f.values['read_source']}; {f.values['other_source']}"))
        if f.source or "bet" not in f.values:
            return f
        bet = str(f.values["bet"]).split()[0]
        other = elsewhere.get(str(f.values["regulation"]), {}) if f.check == "payout-elsewhere" else {}
        own = sources.get(bet) or tuple(getattr(game.rules, f"{bet}_source", ()))  # a box, a deck…
        return replace(f, source=own + other.get(bet, ()))

    found = [cited(f) for f in findings]
    # a maximum another regulation sets, where this one sets none: this text's lines of the bet as well
    found = [replace(f, source=tuple(dict.fromkeys(sources.get(str(f.values["bet"]), ()) + f.source)))
             if f.check == "bet-limit-elsewhere" else f for f in found]
    edges = {str(f.values["bet"]): f.values["edge"] for f in findings
             if f.check == "player-expectation" and not f.values.get("rejected_reading")}
    found += [replace(f, source=sources.get(f.values["bet"].split()[0], ()))
              for f in lint.implausible_edges(edges, game.edge_ceiling)]
    groups = lint.limits_elsewhere(_limit_bounds(game), {o.regulation.id: _limit_bounds(o) for o in others},
                                   _limit_sources(game), {o.regulation.id: _limit_sources(o) for o in others})
    groups += lint.limit_order({g: b for g, b in _limit_bounds(game).items() if b[1]})
    found += [replace(f, values={**f.values, "bets": _group_bets(game, f.values["group"])}) for f in groups]
    read = {bet: sources.get(bet, ()) for r in game.readings if (bet := _bet_of_reading(game, r.field))}
    found += lint.reading_edges(edges, read)
    return tuple(found)
