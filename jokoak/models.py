"""The typed catalogue: regulations, their versions, games, official text and worked examples.

These are plain immutable records built by :mod:`jokoak.catalog` after validation; everything
downstream (engine checks, rendering) reads them and never the YAML.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

Text = dict[str, str]

_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")
_CITATION = re.compile(r"^(\d{3}):(.+)$")


@dataclass(frozen=True, order=True)
class Citation:
    """Lines ``first``-``last`` of source file ``source`` (``"000"``).

    >>> Citation.parse_all("000:289-586; 002:449-450, 513")
    (Citation(source='000', first=289, last=586), Citation(source='002', first=449, last=450), \
Citation(source='002', first=513, last=513))
    >>> str(Citation("000", 378, 380))
    '000:378-380'
    """

    source: str
    first: int
    last: int

    def __str__(self) -> str:
        lines = str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        return f"{self.source}:{lines}"

    @staticmethod
    def parse_all(text: str) -> tuple[Citation, ...]:
        """Parse ``"<source>:<range>[, <range>…][; <source>:…]"``; raises ValueError with the reason."""
        found: list[Citation] = []
        for part in text.split(";"):
            match = _CITATION.match(part.strip())
            if not match:
                raise ValueError(f"expected «<source>:<first>-<last>», got {part.strip()!r}")
            for span in match.group(2).split(","):
                lines = _RANGE.match(span.strip())
                if not lines:
                    raise ValueError(f"expected a line range like 12-30, got {span.strip()!r}")
                first = int(lines.group(1))
                last = int(lines.group(2) or first)
                if first < 1 or last < first:
                    raise ValueError(f"the range {span.strip()} is empty or reversed")
                found.append(Citation(match.group(1), first, last))
        return tuple(found)


def cite(citations: tuple[Citation, ...]) -> str:
    """The citations as written in the catalogue, each once: ``000:378-380; 002:426-429``."""
    return "; ".join(dict.fromkeys(str(c) for c in citations))


@dataclass(frozen=True)
class Version:
    id: str
    decree: Text
    source: tuple[Citation, ...]
    effective: dt.date | None
    effective_note: str
    short: Text = field(default_factory=dict)  # the decree as a running footer names it: «Decreto 181/2010»


INSTRUMENT_KINDS = ("ley", "real-decreto", "decreto", "orden", "resolucion", "correccion-errores")
INSTRUMENT_STATUSES = ("vigente", "modificada", "derogada", "sin-datos")  # as far as the sources show
INSTRUMENT_DATES = ("approved", "published", "in_force", "repealed")


@dataclass(frozen=True)
class Gazette:
    """Where an instrument was published, each part None where the sources do not print it."""

    name: str | None  # BOPV, BOE, DOE…
    number: int | None
    date: dt.date | None


@dataclass(frozen=True)
class Instrument:
    """A decree, order… that makes or amends the text the catalogue reproduces, as the sources state it.

    A date is None where the sources do not give it; ``notes`` then says why, in Spanish and Basque, keyed
    by the field (``published``, ``gazette``, ``status``…), as it does for a date computed from a rule."""

    id: str
    kind: str  # one of INSTRUMENT_KINDS
    title: Text  # es as printed; eu only where the Basque official title is printed
    gazette: Gazette
    approved: dt.date | None  # the date the instrument bears
    published: dt.date | None
    in_force: dt.date | None
    repealed: dt.date | None
    status: str  # one of INSTRUMENT_STATUSES
    source: tuple[Citation, ...]
    notes: dict[str, Text] = field(default_factory=dict)
    amends: tuple[str, ...] = ()  # ids of the instruments of the same regulation it amends


@dataclass(frozen=True)
class RelatedRule:
    """Another rule the regulation's texts cite (a law, a casino regulation…), and what for."""

    id: str
    title: Text  # es as cited; eu where the Basque text cites it
    cited_at: tuple[Citation, ...]
    notes: Text  # es and eu


@dataclass(frozen=True)
class Source:
    """A regulation text in ../shared/sources/, and what it honestly is (es and eu)."""

    id: str
    file: str
    description: str
    what: Text


@dataclass(frozen=True)
class Regulation:
    id: str
    languages: tuple[str, ...]
    title: Text
    jurisdiction: Text
    sources: tuple[str, ...]
    versions: tuple[Version, ...]
    instruments: tuple[Instrument, ...] = ()
    related: tuple[RelatedRule, ...] = ()

    def instrument(self, instrument_id: str) -> Instrument:
        return next(i for i in self.instruments if i.id == instrument_id)

    def version(self, version_id: str) -> Version:
        return next(v for v in self.versions if v.id == version_id)


NOTE_LANGUAGES = ("es", "eu")  # the legal team's languages: every editorial note is written in both


@dataclass(frozen=True)
class Note:
    """An editors' note on a paragraph of official text, for the legal team, in Spanish and Basque.

    ``kind`` is ``sic`` (a misprint kept as printed), ``review`` (a damaged passage and how it is read),
    ``discrepancy`` (the Spanish and Basque official texts differ; ``decision`` is the editors' proposal),
    ``source_note`` (where the text lies in the source) or ``ocr_fix`` (``printed`` read as ``fixed``)."""

    kind: str
    text: Text
    line: int  # of the game file
    quoted: str = ""  # the words of the official text the note is about
    at: tuple[Citation, ...] = ()  # the source line the note is about, when it names one
    printed: str = ""
    fixed: str = ""
    decision: Text = field(default_factory=dict)


@dataclass(frozen=True)
class Block:
    """One paragraph of official text, in every official language, with where it comes from."""

    text: Text
    source: tuple[Citation, ...]
    label: str = ""
    source_by_lang: dict[str, tuple[Citation, ...]] = field(default_factory=dict)
    notes: tuple[Note, ...] = ()  # sic, OCR fixes, discrepancies…: the editors' notes for the legal team
    ocr_fixes: tuple[tuple[str, str], ...] = ()  # (printed, fixed): the OCR text's words and what they read
    table: str = ""  # a table printed here, whose cells are data of the game's rules (``text`` is then empty)
    headings: dict[str, Text] = field(default_factory=dict)  # a table's own words: columns, rows, legend


@dataclass(frozen=True)
class Section:
    id: str
    heading: Text
    source: tuple[Citation, ...]
    blocks: tuple[Block, ...]
    sections: tuple[Section, ...] = ()
    notes: tuple[Note, ...] = ()

    def walk(self, depth: int = 0) -> list[tuple[int, Section]]:
        """This section and its subsections, depth first, with their depth."""
        found = [(depth, self)]
        for sub in self.sections:
            found += sub.walk(depth + 1)
        return found


@dataclass(frozen=True)
class Reading:
    """How the catalogue reads a damaged or ambiguous passage, and why, for the legal team (Spanish and
    Basque)."""

    field: str
    text: Text
    file: str
    line: int


@dataclass(frozen=True)
class WordTable:
    """A table the official text prints in words (a pay table), row by row in each of its languages; the
    first cell of a row heads it."""

    rows: dict[str, tuple[tuple[str, ...], ...]]

    def grid(self, lang: str) -> list[list[str]]:
        return [list(row) for row in self.rows[lang]]


@dataclass(frozen=True)
class Example:
    """A worked example: bets, what is dealt and the player's choices, and what the player staked and got back."""

    id: str
    title: Text
    bets: dict[str, Fraction]
    draws: tuple[int | str, ...]  # what is dealt: pockets, a money wheel's symbols, dice rolls ("3+4"), cards or coups
    options: dict[str, Any]  # the keyword options of the example's ``play`` call, e.g. {"on_zero": "prison"}
    staked: Fraction
    returned: Fraction
    sheet: int | None = None  # its rank among the examples a player sheet may print (1 first); None: the site's only


class Document:
    """What a game and a regulation text share: a part of one regulation, named and reproduced as its official text.
    A subclass is a dataclass with these fields."""

    id: str
    regulation: Regulation
    version: Version
    name: Text
    article: Text
    source: tuple[Citation, ...]
    official_text: tuple[Section, ...]
    file: str
    # by language of the regulation without an official text of this part: "translation" (the file's text in that
    # language is ours) or "none" (the file gives none: that language's pages show the official text of another)
    no_official_text: dict[str, str]

    @property
    def key(self) -> str:
        return f"{self.regulation.id}/{self.id}"

    @property
    def languages(self) -> tuple[str, ...]:
        return self.regulation.languages

    @property
    def official_languages(self) -> tuple[str, ...]:
        """The languages in which the regulation itself gives this part's text."""
        return tuple(lang for lang in self.languages if lang not in self.no_official_text)

    @property
    def text_languages(self) -> tuple[str, ...]:
        """The languages the file gives this part's text in: the official ones and our translations."""
        return tuple(lang for lang in self.languages if self.no_official_text.get(lang) != "none")

    @property
    def superseded_by(self) -> Version | None:
        """The regulation's latest version, when this text is of an earlier one."""
        latest = self.regulation.versions[-1]
        return None if latest == self.version else latest

    def title(self, lang: str) -> str:
        """The name, dated when the text is of a superseded version: «Ruleta (1977)»."""
        return f"{self.name[lang]} ({self.version.id})" if self.superseded_by else self.name[lang]

    def sections(self) -> list[tuple[int, Section]]:
        """Every section of the official text, depth first, with its depth."""
        return [item for top in self.official_text for item in top.walk()]


@dataclass(frozen=True)
class RegulationText(Document):
    """A part of a regulation that is not a game but that a casino keeps at the players' disposal all the same: how
    the tables open, run and close, the tournaments. It has no rules for an engine: only its official text."""

    id: str
    regulation: Regulation
    version: Version
    name: Text
    article: Text
    source: tuple[Citation, ...]
    official_text: tuple[Section, ...]
    file: str
    digest: str = field(default="", compare=False)
    no_official_text: dict[str, str] = field(default_factory=dict)  # see Document


@dataclass(frozen=True)
class Game(Document):
    """One game of one regulation, with its engine-specific rules in ``rules``."""

    id: str
    regulation: Regulation
    version: Version
    engine: str
    name: Text
    article: Text
    source: tuple[Citation, ...]
    rules: Any
    official_text: tuple[Section, ...]
    examples: tuple[Example, ...]
    readings: tuple[Reading, ...]
    file: str
    digest: str = field(default="", compare=False)
    same_as: tuple[str, ...] = ()  # the same game in other regulations under other ids: "<regulation>/<id>"
    edge_ceiling: tuple[Fraction, Text] | None = None  # the lint's implausible-edge threshold as raised, and why
    no_official_text: dict[str, str] = field(default_factory=dict)  # see Document



@dataclass(frozen=True)
class Term:
    id: str
    text: Text
    source: tuple[Citation, ...]
    forbidden: dict[str, tuple[str, ...]] = field(default_factory=dict)  # variants our own text must not use


@dataclass(frozen=True)
class Catalog:
    regulations: dict[str, Regulation]
    games: tuple[Game, ...]
    terms: tuple[Term, ...]
    sources: dict[str, str]
    documents: dict[str, Source] = field(default_factory=dict)  # the same sources, with what each file is
    texts: tuple[RegulationText, ...] = ()  # the parts of the regulations that are not games, in their order
