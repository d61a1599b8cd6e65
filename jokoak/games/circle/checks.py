"""The regulation lint of circle poker: what its texts say against themselves, and its ranking against the odds.

A circle game has no bet whose expectation a regulator would check; what can be wrong is the text itself:

- ``circle:texts-differ``: the Spanish and Basque official texts differ (the ``discrepancy`` notes of the game's
  official text, each with the editors' proposal): one finding citing each passage;
- ``circle:variant-lists``: two passages list the variants differently (Art. 1's catalogue, 17.IX, the headings
  of 17.1-17.6; the general rules' ``variant_lists``, where the game file gives them);
- ``circle:repeated-passage``: a passage repeats another game's nearly word for word (the Seven Card Stud
  «Desarrollo», 000:5621-5625, is Hold'em's, 000:5493-5495; the game file's ``repeats``, or the reading that says
  so);
- ``circle:named-twice``: a variant gives a betting structure the name the general rules give another kind of
  limit (Seven Card Stud's «Split Limit», a lower and a higher limit, 000:5606-5609, against the general rules' half
  the pot, 000:4983-4984);
- ``circle:ranking-odds``: whether the ranking of a deck puts every combination above the more frequent ones, over
  every five cards of the deck (the engine's count): the text orders them by worth, and where it changes the order
  for a smaller deck (the Color above the Full, 000:4937-4938) it is the odds that change. «Carta Mayor» is left
  out: it is the hand that has none of the combinations (000:4933-4935).

Each finding is a :class:`jokoak.engine.lint.Finding`; its family's macros say it (``own_finding``).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import Any

from ...engine.lint import Finding
from ...models import Block, Citation, Game, Section


def text_findings(game: Game) -> list[Finding]:
    """What the texts say against themselves: the Spanish and Basque differences the official text records, the
    variant lists that disagree, a passage that repeats another game's, a name given to two kinds of limit."""
    return [*texts_differ(game), *variant_lists(game.rules), *repeated_passages(game), *named_twice(game.rules)]


def _discrepant(section: Section) -> list[tuple[Section, tuple[Citation, ...]]]:
    found = [(section, block.source) for block in section.blocks if any(n.kind == "discrepancy" for n in block.notes)]
    if any(n.kind == "discrepancy" for n in section.notes):
        found.append((section, section.source))
    return found


def texts_differ(game: Game) -> list[Finding]:
    """Where the official text records that its Spanish and Basque say different things: one finding, citing each
    passage, whose values name the sections (in each language); none for a game of one official language."""
    if len(game.languages) < 2:
        return []
    found = [item for _depth, section in game.sections() for item in _discrepant(section)]
    sections = {lang: list(dict.fromkeys(section.heading.get(lang, section.id) for section, _ in found))
                for lang in game.languages}
    return [Finding("textos-es-eu", "circle:texts-differ", not found, {"count": len(found), "sections": sections},
                    tuple(dict.fromkeys(c for _section, cited in found for c in cited)))]


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def similarity(one: str, other: str) -> Fraction:
    """How alike two passages are, word by word: twice the words in common runs over the words of both (difflib's
    ratio, as a fraction).

    >>> similarity("La única diferencia con el Poker Omaha", "La única diferencia con la variante de Poker Omaha")
    Fraction(3, 4)
    """
    a, b = _words(one), _words(other)
    matched = sum(block.size for block in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_matching_blocks())
    return Fraction(2 * matched, len(a) + len(b))


REPEATED = Fraction(2, 3)  # a passage at least two-thirds alike another game's, word for word, repeats it


def differing(one: str, other: str) -> list[list[str]]:
    """The words that differ between two passages, each place as (this one's words, the other's).

    >>> differing("dar el croupier las cuatro cartas", "repartir el croupier cuatro cartas")
    [['dar', 'repartir'], ['las', '']]
    """
    a, b = one.split(), other.split()
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    return [[" ".join(a[i1:i2]), " ".join(b[j1:j2])] for tag, i1, i2, j1, j2 in matcher.get_opcodes()
            if tag != "equal"]


def _block_at(game: Game, source: Sequence[Citation]) -> Block | None:
    """The block of the game's official text whose Spanish lines include ``source``'s."""
    wanted = [c for c in source if c.source == "000" or c.source == "001"]
    for _depth, section in game.sections():
        for block in section.blocks:
            mine = block.source_by_lang.get("es", block.source)
            if wanted and all(any(m.source == w.source and m.first <= w.first and w.last <= m.last for m in mine)
                              for w in wanted):
                return block
    return None


def repeated_passages(game: Game) -> list[Finding]:
    """Each passage of the game's official text that the game file says repeats another game's (``repeats``: the
    other game's id, words and lines): how alike they are, word by word, and the words that differ. It holds when
    they are less alike than :data:`REPEATED`."""
    found = []
    for index, repeat in enumerate(getattr(game.rules, "repeats", ())):
        block = _block_at(game, repeat.source)
        if block is None:
            continue
        ratio = similarity(block.text["es"], repeat.other_text)
        found.append(Finding(f"pasaje-repetido-{index + 1}", "circle:repeated-passage", ratio < REPEATED,
                             {"game": repeat.game, "name": dict(repeat.name) if getattr(repeat, "name", None) else
                              {}, "similarity": ratio, "differ": differing(block.text["es"], repeat.other_text)},
                             tuple(repeat.source) + tuple(repeat.other_source)))
    return found


def plain(name: str) -> str:
    """A variant's name without case, accents or the words the lists vary in («Poker», «Descubierto», «de»).

    >>> plain("Poker Descubierto Texas Hold´em"), plain("Poker Double Hold´em")
    ('texas hold em', 'double hold em')
    """
    folded = name.lower().translate(str.maketrans("áéíóú´’'", "aeiou   "))
    return " ".join(w for w in re.findall(r"\w+", folded) if w not in {"poker", "descubierto", "de"})


def variant_lists(spec: Any) -> list[Finding]:
    """For each two of the lists of variants the text gives (the general rules' ``variant_lists``): the games one
    names and the other does not, and a game the two name otherwise, with the lines of both lists. It holds when
    the two name the same games."""
    lists = tuple(getattr(spec, "variant_lists", ()))
    found = []
    for index, one in enumerate(lists):
        for other in lists[index + 1:]:
            mine = {n.game: n for n in one.names}
            theirs = {n.game: n for n in other.names}
            values = {"list": one.id, "other": other.id,
                      "only_list": [mine[g].name for g in mine if g not in theirs],
                      "only_other": [theirs[g].name for g in theirs if g not in mine],
                      "renamed": [[mine[g].name, theirs[g].name] for g in mine
                                  if g in theirs and plain(mine[g].name) != plain(theirs[g].name)]}
            found.append(Finding(f"variantes-{one.id}-{other.id}", "circle:variant-lists",
                                 not (values["only_list"] or values["only_other"]), values,
                                 tuple(one.source) + tuple(other.source)))
    return found


def named_twice(spec: Any) -> list[Finding]:
    """A betting structure of a variant named as one of the general rules of another kind (the general rules'
    structures, where the spec keeps them beside the variant's: ``general_structures``)."""
    general = {plain(s.name["es"]): s for s in getattr(spec, "general_structures", ())}
    found = []
    for structure in spec.structures:
        other = general.get(plain(structure.name["es"]))
        if other is not None and other.kind != structure.kind:
            found.append(Finding(f"limite-{structure.id}", "circle:named-twice", False,
                                 {"name": dict(structure.name), "kind": structure.kind, "other_kind": other.kind},
                                 tuple(structure.source) + tuple(other.source)))
    return found


def ranking_findings(game: Game, odds: Sequence[Any], rankings: Mapping[int, Sequence[Any]]) -> list[Finding]:
    """For each deck of a variant, whether its ranking puts every combination above the more frequent ones, over
    every five cards of the deck: the pairs it inverts, each (the higher, the lower, their counts). Cites the
    ranking and, for a deck under 52 cards, the rule that puts the Color above the Full."""
    spec = game.rules
    found = []
    for table in odds:
        # «Carta Mayor» is no combination: a hand «no tiene ninguna de las combinaciones anteriores» (000:4933-4935)
        order = [p.category for p in rankings[table.deck] if p.category != "high-card"]
        counts = table.five or {}
        inverted = [[high, low, counts[high], counts[low]] for high, low in pairwise(order)
                    if high in counts and low in counts and counts[high] > counts[low]]
        lines = tuple(c for h in spec.ranking for c in h.source)
        if table.deck < 52:
            lines += tuple(spec.flush_over_full_source)
        named = {h.category: dict(h.name) for h in spec.hands if h.category in order}
        found.append(Finding(f"orden-{table.deck}", "circle:ranking-odds", not inverted,
                             {"deck": table.deck, "inverted": inverted, "hands": sum(counts.values()),
                              "names": named},
                             tuple(dict.fromkeys(lines))))
    return found
