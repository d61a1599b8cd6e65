"""What the site, the sheets and the data say about a circle poker game.

The players play against each other; the casino runs the table and takes its share (000:4795-4812; 001:2356-2362).
A circle game has no bet against the house and so no house edge: its facts are instead

- the casino's **take** under each option the text allows, its least and most rate, and what it comes to for a
  reference hand (:data:`REFERENCE`, our illustration: a pot, a table minimum, a base, a number of players), exact;
- the **probability of each final combination** for the variant's deck and cards, from the engine
  (:mod:`.exact`): exact by enumeration where it runs in seconds, else a seeded simulation with its standard error;
- each **worked example**'s hands at the showdown, its pot and what the casino took;
- the **regulation lint on the texts** (:func:`text_findings`): where the Spanish and Basque official texts
  differ, the lists of variants that do not agree, a passage that repeats another game's, a term defined twice;
  and, from the engine's figures, whether the ranking orders the combinations by their odds.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...catalog import run_example
from ...engine import lint, memo
from ...engine.lint import Finding
from ...facts import GameFacts
from ...models import Citation, Game
from .reader import CircleSpec, TakeOption


@dataclass(frozen=True)
class Reference:
    """The hand the take's figures are given for (ours, to illustrate the text's percentages): a ``pot``, a
    table ``minimum``, the ``base`` a session's percentage is of (the table maximum or the «resto»), the
    ``players`` dealt in."""

    pot: Fraction
    minimum: Fraction
    base: Fraction
    players: int


REFERENCE = Reference(pot=Fraction(100), minimum=Fraction(10), base=Fraction(50), players=6)


@dataclass(frozen=True)
class TakeFacts:
    """One way the casino takes its share, as the text allows it: the least and most rate (fractions of one; the
    least excluded where it is 0), what the rate is of (``per``: ``pot`` each pot, ``session`` the base per player
    and session, ``hand`` the table minimum per player and hand), and the take of the reference hand at the least
    and the most rate (the pot's; a session's of one player; a hand's of all the players)."""

    option: TakeOption
    least: Fraction
    most: Fraction
    per: str
    at_least: Fraction
    at_most: Fraction

    @property
    def least_excluded(self) -> bool:
        return self.least == 0


@dataclass(frozen=True)
class Odds:
    """The probability of each final combination of a variant for one deck: ``probabilities`` by combination id,
    best first; exact (``counts`` of the ``total`` deals) or simulated (``deals``, ``seed``, ``stderr``)."""

    deck: int
    probabilities: dict[str, Fraction]
    method: str  # "exact" or "simulation"
    details: str
    counts: dict[str, int] | None = None
    total: int | None = None
    deals: int = 0
    seed: int | None = None
    stderr: dict[str, float] | None = None


@dataclass(frozen=True)
class SeatHand:
    """A player of a worked example at the showdown: his cards, whether he folded, his best five and its
    combination on each line of common cards, his low hand (Hi&Low), and what he gets back."""

    player: str
    cards: tuple[str, ...]
    folded: bool
    best: tuple[tuple[str, ...], ...] = ()
    combinations: tuple[str, ...] = ()
    low: tuple[str, ...] | None = None
    returned: Fraction = Fraction(0)


@dataclass(frozen=True)
class HandFacts:
    """A worked example: each player's hand, the common cards (one tuple per line), the pot and the take."""

    seats: tuple[SeatHand, ...]
    board: tuple[tuple[str, ...], ...]
    pot: Fraction
    take: Fraction

    @property
    def winners(self) -> tuple[str, ...]:
        best = max((s.returned for s in self.seats), default=Fraction(0))
        return tuple(s.player for s in self.seats if s.returned > 0 and best > 0)


@dataclass(frozen=True)
class CircleFacts:
    takes: tuple[TakeFacts, ...]
    odds: tuple[Odds, ...]  # one per deck the variant may be played with; none for the general rules
    hands: dict[str, HandFacts]  # by example id


PER = {"pot": "pot", "session": "session", "player": "hand"}  # the game file's option ids → what the rate is of


def take_facts(option: TakeOption, reference: Reference = REFERENCE) -> TakeFacts:
    """An option of the take with its rates and the reference hand's take at each (exact).

    >>> from jokoak.games.circle.reader import TakeOption
    >>> pot = take_facts(TakeOption("pot", {}, Fraction(0), Fraction(5), ()))
    >>> pot.per, pot.at_least, pot.at_most, pot.least_excluded
    ('pot', Fraction(0, 1), Fraction(5, 1), True)
    >>> hand = take_facts(TakeOption("player", {}, Fraction(20), Fraction(50), ()))
    >>> hand.per, hand.at_least, hand.at_most
    ('hand', Fraction(12, 1), Fraction(30, 1))
    """
    per = PER[option.id]
    least, most = option.low / 100, option.high / 100
    of = {"pot": reference.pot, "session": reference.base, "hand": reference.minimum * reference.players}[per]
    return TakeFacts(option, least, most, per, least * of, most * of)


def odds_of(spec: CircleSpec, regulation: str) -> tuple[Odds, ...]:
    """The final combinations' probabilities of a variant, for each deck it may be played with (kept in the
    exact cache: a seven-card enumeration takes a while)."""
    if spec.variant is None:
        return ()
    found = []
    for deck in spec.decks:
        table = memo.remembered(_table)(spec.variant, regulation, deck if len(spec.decks) > 1 else None)
        found.append(table_odds(spec, deck, table))
    return tuple(found)


def _table(variant: str, regulation: str, deck: int | None) -> Any:
    from . import exact
    return exact.table(variant, regulation, deck)


SIMULATION = "seeded simulation of {deals:,} deals (seed {seed}); each probability within ±1.96 standard errors " \
             "with 95 % confidence"


def table_odds(spec: CircleSpec, deck: int, table: Any) -> Odds:
    """The engine's table as the facts keep it, by combination id, in the game's ranking order."""
    order = [h.category for h in spec.ranking]
    probabilities = {c.id: p for c, p in table.probabilities.items()}
    probabilities = {c: probabilities[c] for c in order if c in probabilities}
    if table.method == "exact":
        counts = {c.id: n for c, n in (table.counts or {}).items()}
        total = sum(counts.values())
        return Odds(deck, probabilities, "exact", "exact enumeration of every deal", counts, total)
    stderr = {c.id: e for c, e in (table.stderr or {}).items()}
    return Odds(deck, probabilities, "simulation", SIMULATION.format(deals=table.deals, seed=table.seed),
                deals=table.deals, seed=table.seed, stderr=stderr)


def game_facts(game: Game, others: Sequence[Game]) -> GameFacts:
    """The take's options, the combinations' probabilities, the examples played and their hands, the lint."""
    spec: CircleSpec = game.rules
    examples = tuple((example, run_example(game, example)) for example in game.examples)
    odds = odds_of(spec, game.regulation.id)
    hands = {example.id: example_hands(spec, example, result) for example, result in examples}
    findings = text_findings(game) + ranking_findings(spec, odds)
    return GameFacts(game, (), tuple(findings), examples,
                     circle=CircleFacts(tuple(take_facts(t) for t in spec.take), odds, hands))


def example_hands(spec: CircleSpec, example: Any, result: Any) -> HandFacts:
    """A worked example's players at the showdown, from the steps the engine recorded."""
    from .hands_of import hands_of
    return hands_of(spec, example, result)


# --- The regulation lint on the texts ---------------------------------------------------------------------------

def text_findings(game: Game) -> list[Finding]:
    """What the texts say against themselves: the Spanish and Basque differences the official text records, the
    variant lists that disagree, a passage that repeats another game's, a term defined twice."""
    spec: CircleSpec = game.rules
    return [*texts_differ(game), *variant_lists(spec), *repeated_passages(game), *named_twice(spec)]


def texts_differ(game: Game) -> list[Finding]:
    """Where the official text records that its Spanish and Basque differ (its ``discrepancy`` notes): one
    finding, citing each passage, whose values give the sections; none where the game has one language."""
    if len(game.languages) < 2:
        return []
    found: list[tuple[str, tuple[Citation, ...]]] = []
    for _depth, section in game.sections():
        notes = [*section.notes, *(n for block in section.blocks for n in block.notes)]
        for block in section.blocks:
            if any(n.kind == "discrepancy" for n in block.notes):
                found.append((section.heading.get("es", section.id), block.source))
        if any(n.kind == "discrepancy" for n in section.notes):
            found.append((section.heading.get("es", section.id), section.source))
        del notes
    sources = tuple(c for _heading, cited in found for c in cited)
    headings = {lang: list(dict.fromkeys(heading_of(game, heading, lang) for heading, _ in found))
                for lang in game.languages}
    return [Finding("textos-es-eu", "circle:texts-differ", not found,
                    {"count": len(found), "sections": headings}, sources)]


def heading_of(game: Game, heading_es: str, lang: str) -> str:
    """A section's heading in ``lang``, by its Spanish heading."""
    for _depth, section in game.sections():
        if section.heading.get("es") == heading_es:
            return section.heading.get(lang, heading_es)
    return heading_es


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def similarity(one: str, other: str) -> Fraction:
    """How alike two passages are, word by word (difflib's ratio, as a fraction).

    >>> similarity("La única diferencia con el Poker Omaha", "La única diferencia con la variante de Poker Omaha")
    Fraction(4, 5)
    """
    matcher = difflib.SequenceMatcher(a=_words(one), b=_words(other), autojunk=False)
    matched = sum(block.size for block in matcher.get_matching_blocks())
    return Fraction(2 * matched, len(matcher.a) + len(matcher.b))


REPEATED = Fraction(3, 4)  # a passage this alike another game's, word for word, is that game's


def repeated_passages(game: Game) -> list[Finding]:
    """A passage of the game's official text that repeats another game's (the game file's ``repeats``, each the
    other game's words and lines): how alike, word by word, and the words that differ."""
    found = []
    blocks = [block for _depth, section in game.sections() for block in section.blocks]
    for index, repeat in enumerate(getattr(game.rules, "repeats", ())):
        block = next((b for b in blocks if set(repeat.source) & set(b.source_by_lang.get("es", b.source))
                      or set(repeat.source) <= set(b.source)), None)
        if block is None:
            continue
        ratio = similarity(block.text["es"], repeat.other_text)
        found.append(Finding(f"pasaje-repetido-{index + 1}", "circle:repeated-passage", ratio < REPEATED,
                             {"game": repeat.game, "similarity": ratio,
                              "differ": _differing(block.text["es"], repeat.other_text)},
                             tuple(repeat.source) + tuple(repeat.other_source)))
    return found


def _differing(one: str, other: str) -> list[list[str]]:
    """The words that differ between two passages: each pair (this one's, the other's)."""
    a, b = one.split(), other.split()
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    return [[" ".join(a[i1:i2]), " ".join(b[j1:j2])] for tag, i1, i2, j1, j2 in matcher.get_opcodes()
            if tag != "equal"]


def variant_lists(spec: CircleSpec) -> list[Finding]:
    """The lists of variants the text gives (Art. 1's catalogue, 17.IX, the headings of 17.1-17.6): the games one
    list names and another omits, and a game each names otherwise, each with the lines of both lists."""
    lists = getattr(spec, "variant_lists", ())
    found = []
    for index, one in enumerate(lists):
        for other in lists[index + 1:]:
            mine = {n.game: n for n in one.names}
            theirs = {n.game: n for n in other.names}
            missing = [g for g in mine if g not in theirs]
            extra = [g for g in theirs if g not in mine]
            renamed = [[mine[g].name, theirs[g].name] for g in mine if g in theirs
                       and _plain(mine[g].name) != _plain(theirs[g].name)]
            values = {"list": one.id, "other": other.id, "only_list": missing, "only_other": extra,
                      "renamed": renamed}
            found.append(Finding(f"variantes-{one.id}-{other.id}", "circle:variant-lists",
                                 not (missing or extra), values, tuple(one.source) + tuple(other.source)))
    return found


def _plain(name: str) -> str:
    """A name without case, accents or the words that vary between the lists («Poker», «Descubierto»)."""
    folded = name.lower().translate(str.maketrans("áéíóú´’'", "aeiou   "))
    return " ".join(w for w in re.findall(r"\w+", folded) if w not in {"poker", "descubierto", "de"})


def named_twice(spec: CircleSpec) -> list[Finding]:
    """A betting structure the variant names as the general rules name another kind of limit (Seven Card Stud's
    «Split Limit», a lower and a higher limit, 000:5606-5609, against the general rules' half the pot,
    000:4983-4984)."""
    general = {_plain(s.name["es"]): s for s in getattr(spec, "general_structures", ())}
    found = []
    for structure in spec.structures:
        other = general.get(_plain(structure.name["es"]))
        if other is not None and other.kind != structure.kind:
            found.append(Finding(f"limite-{structure.id}", "circle:named-twice", False,
                                 {"name": structure.name, "kind": structure.kind, "other_kind": other.kind},
                                 tuple(structure.source) + tuple(other.source)))
    return found


def ranking_findings(spec: CircleSpec, odds: Sequence[Odds]) -> list[Finding]:
    """For each deck, whether the ranking puts every combination above the more frequent ones (the text orders
    them by value: a rarer hand should rank higher); the pairs it inverts, with their probabilities."""
    found = []
    for table in odds:
        order = list(table.probabilities)  # best first
        inverted = [[high, low, table.probabilities[high], table.probabilities[low]]
                    for high, low in zip(order, order[1:], strict=False)
                    if table.probabilities[high] > table.probabilities[low]]
        found.append(Finding(f"orden-{table.deck}", "circle:ranking-odds", not inverted,
                             {"deck": table.deck, "inverted": inverted, "method": table.method},
                             tuple(h.source[0] for h in spec.ranking if h.source)[:1] + tuple(spec.deck_source)))
    return found


__all__ = ["REFERENCE", "CircleFacts", "HandFacts", "Odds", "SeatHand", "TakeFacts", "game_facts", "lint"]
