"""Loading and validating the whole catalogue: regulations, term base and one file per game.

Every file is read completely and every problem collected before anything is reported, so one
run lists all the defects of the catalogue. Nothing is written here.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import yamlsrc
from .engine import lint
from .engine.result import Result
from .errors import BuildError, Collector
from .family import Family
from .games import families
from .models import (
    INSTRUMENT_DATES,
    INSTRUMENT_KINDS,
    INSTRUMENT_STATUSES,
    NOTE_LANGUAGES,
    Block,
    Catalog,
    Citation,
    Example,
    Game,
    Gazette,
    Instrument,
    Note,
    Reading,
    Regulation,
    RelatedRule,
    Section,
    Source,
    Term,
    Text,
    Version,
)
from .schema import Reader, join
from .terms import Wording
from .yamlsrc import Map, Seq, excerpt

GAME_FIELDS = {"id", "regulation", "version", "engine", "article", "source", "name", "name_source"}
GAME_OPTIONAL = {"official_text", "examples", "based_on", "same_as", "lint"}
OCR_SOURCES = ("002", "003")  # sources whose text is OCR: notes on a block give their lines
BLOCK_NOTES = ("sic", "ocr_fixes", "review", "discrepancy", "decision", "source_note")


class Citations:
    """Reads citation fields, checking each source is one the regulation declares."""

    def __init__(self, reader: Reader, allowed: tuple[str, ...], lengths: dict[str, int] | None = None) -> None:
        self.r = reader
        self.allowed = allowed
        self.lengths = lengths or {}  # the lines of each source file present: a citation must fall within them

    def __call__(self, node: Any, key: str, path: str) -> tuple[Citation, ...]:
        if not isinstance(node, Map) or key not in node:
            if isinstance(node, Map):
                self.r.error(node, None, join(path, key), "missing field")
            return ()
        value = node[key]
        if isinstance(value, Map):  # {es: "000:1-2", eu: "002:3-4"}
            value = "; ".join(str(v) for v in value.values())
        try:
            found = Citation.parse_all(str(value))
        except ValueError as exc:
            self.r.error(node, key, path, str(exc))
            return ()
        for citation in found:
            if citation.source not in self.allowed:
                self.r.error(node, key, path, f"source {citation.source} is not a source of this regulation "
                             f"({', '.join(self.allowed)})")
                return ()
            if citation.last > self.lengths.get(citation.source, citation.last):
                self.r.error(node, key, path, f"{citation} is beyond the end of source {citation.source} "
                             f"({self.lengths[citation.source]:,} lines)")
                return ()
        return found


def load_catalog(root: Path, texts: Path | None = None) -> Catalog:
    """Load ``root`` (the ``catalog/`` folder); raise :class:`BuildError` listing every problem. ``texts``: the folder
    of the regulation texts (``../shared/sources/``), where every citation must fall within its source's lines."""
    problems = Collector()
    lengths = _source_lengths(root, texts)
    sources, documents, regulations = _regulations(root, problems, lengths)
    terms = _terms(root, problems, regulations.get("euskadi"), tuple(sources), lengths)
    problems.raise_if_any()  # every game depends on these two files: a problem there is not repeated in each game
    wording = Wording(terms)
    games = []
    links: list[tuple[str, int, str, str]] = []  # file, line, game, the game it names in ``same_as``
    bases: Bases = {}
    for path in _game_files(root, problems):
        game = _game(root, path, regulations, problems, links, wording, bases, lengths)
        if game is not None:
            games.append(game)
    _same_as(games, links, problems)
    _inherited_problems(root, problems, bases)
    problems.raise_if_any()
    # Games in the order of their regulation's text, as its readers know them.
    order = list(regulations)
    games.sort(key=lambda g: (order.index(g.regulation.id), [(c.source, c.first) for c in g.source]))
    return Catalog(regulations, tuple(games), terms, sources, documents)


Bases = dict[Path, tuple[int, str, frozenset[str]]]  # a game file → its based_on line, its base's file, the keys taken


def _inherited_problems(root: Path, problems: Collector, bases: Bases) -> None:
    """Each problem once, where it is: a problem in a field a game takes from its base (``based_on``) is the base's
    when the base has problems of its own, and is not repeated under every game based on it; otherwise it is the
    derived game's, at its ``based_on`` line (the base's lines are not its lines), naming the base's line."""
    files = {p.file for p in problems.problems}
    kept = []
    for problem in problems.problems:
        path = root.parent / problem.file
        base = bases.get(path)
        top = re.split(r"[.\[]", problem.field, maxsplit=1)[0]
        if base is None or top not in base[2]:
            kept.append(problem)
        elif base[1] not in files:
            kept.append(replace(problem, line=base[0], message=f"{problem.message} (in what it takes from "
                                f"{base[1]}, line {problem.line})"))
    problems.problems[:] = kept


def _same_as(games: list[Game], links: list[tuple[str, int, str, str]], problems: Collector) -> None:
    """Each game a ``same_as`` names exists, in another regulation, with the same engine."""
    by_key = {game.key: game for game in games}
    for file, line, key, other in links:
        game, found = by_key.get(key), by_key.get(other)
        if found is None or game is None or found.regulation == game.regulation or found.engine != game.engine:
            problems.add(file, line, "same_as", f"{other!r} is not a game of the same engine in another regulation")


ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # what an id may be before it becomes a path, an anchor or a name in code


def valid_id(value: Any) -> bool:
    """Whether ``value`` is an id: lowercase letters, digits and single hyphens (``ruleta-francesa``, ``2010``).

    >>> valid_id("ruleta-francesa"), valid_id("../x"), valid_id('x=[__import__("os")]#'), valid_id("A")
    (True, False, False, False)
    """
    return isinstance(value, str) and ID.fullmatch(value) is not None


def _game_files(root: Path, problems: Collector) -> list[Path]:
    """The game files, ``<regulation>/<game>.yaml``, each a regular file inside the catalogue: a link (to a file
    outside it, to a device or to nothing) is refused with its path."""
    found = []
    for path in sorted(root.glob("*/*.yaml")):
        if path.is_symlink() or path.parent.is_symlink():
            linked = path.parent if path.parent.is_symlink() else path
            problems.add(_display(root, linked), 1, "(file)", "a symbolic link: the catalogue holds its files, it "
                         "does not follow links")
        elif not valid_id(path.parent.name) or not valid_id(path.stem):
            problems.add(_display(root, path), 1, "(file)", "a game file is <regulation>/<game>.yaml, both ids of "
                         "lowercase letters, digits and hyphens")
        else:
            found.append(path)
    return found


def _display(root: Path, path: Path) -> str:
    return str(Path(root.name) / path.relative_to(root))


def _load(root: Path, path: Path, problems: Collector) -> Any:
    try:
        return yamlsrc.load(path, _display(root, path))
    except BuildError as exc:
        problems.problems.extend(exc.problems)
        return None


def _source_lengths(root: Path, texts: Path | None) -> dict[str, int]:
    """The number of lines of each source file found in ``texts``, by the source id of ``regulations.yaml``."""
    found: dict[str, int] = {}
    if texts is None or not texts.is_dir():
        return found
    try:
        doc = yamlsrc.load(root / "regulations.yaml", _display(root, root / "regulations.yaml"))
    except BuildError:
        return found  # reported when the regulations are read
    for key, spec in (doc.get("sources") or {}).items() if isinstance(doc, Map) else ():
        name = spec.get("file") if isinstance(spec, Map) else None
        path = texts / name if isinstance(name, str) and re.fullmatch(r"[\w.-]+", name) else None
        if path is not None and path.is_file() and not path.is_symlink():
            found[str(key)] = len(path.read_bytes().splitlines())
    return found


def _regulations(root: Path, problems: Collector,
                 lengths: dict[str, int]) -> tuple[dict[str, str], dict[str, Source], dict[str, Regulation]]:
    """The sources (id → file name), the same with what each file is, and the regulations."""
    path = root / "regulations.yaml"
    file = _display(root, path)
    doc = _load(root, path, problems)
    r = Reader(file, problems, ())
    if doc is None or not r.keys(doc, "", {"sources", "regulations"}):
        return {}, {}, {}
    sources: dict[str, str] = {}
    documents: dict[str, Source] = {}
    notes = Reader(file, problems, NOTE_LANGUAGES)
    for key, spec in (r.mapping(doc, "sources", "") or {}).items():
        if r.keys(spec, f"sources.{key}", {"file", "description"}, {"what"}):
            sources[str(key)] = str(spec["file"])
            if "what" not in spec:  # the source is still known, so that its citations are not reported too
                problems.add(file, spec.line, f"sources.{key}.what", "missing field: say what the file is (es, eu)")
            what = notes.text(spec, "what", f"sources.{key}")
            if what is not None:
                documents[str(key)] = Source(str(key), str(spec["file"]), str(spec["description"]), what)
    regulations: dict[str, Regulation] = {}
    for item_path, node in r.items(doc, "regulations", ""):
        regulation = _regulation(file, node, item_path, sources, problems, lengths)
        if regulation is not None:
            regulations[regulation.id] = regulation
    return sources, documents, regulations


def _regulation(file: str, node: Any, path: str, sources: dict[str, str], problems: Collector,
                lengths: dict[str, int]) -> Regulation | None:
    r = Reader(file, problems, ())
    required = {"id", "languages", "title", "title_source", "jurisdiction", "jurisdiction_source", "sources",
                "versions", "instruments"}
    if not r.keys(node, path, required, {"related"}):
        return None
    if not valid_id(node["id"]):
        r.error(node, "id", path, f"expected an id of lowercase letters, digits and hyphens, got {excerpt(node['id'])}")
        return None
    languages = node["languages"]
    if not isinstance(languages, Seq) or not languages or not set(languages) <= {"es", "eu"}:
        r.error(node, "languages", path, "expected a list of official languages among es and eu")
        return None
    r = Reader(file, problems, tuple(languages))
    own = node["sources"]
    missing = [s for s in own if s not in sources] if isinstance(own, Seq) else ["?"]
    if missing:
        r.error(node, "sources", path, f"unknown source {missing[0]!r} (sources: {', '.join(sources)})")
        return None
    cite = Citations(r, tuple(own), lengths)
    cite(node, "title_source", path)
    cite(node, "jurisdiction_source", path)
    versions = []
    for version_path, version in r.items(node, "versions", path):
        if not r.keys(version, version_path, {"id", "decree", "short", "source", "effective", "effective_note"}):
            continue
        effective = version["effective"] if version["effective"] is None else r.date(version, "effective",
                                                                                     version_path)
        decree = r.text(version, "decree", version_path)
        short = r.text(version, "short", version_path)
        note = r.string(version, "effective_note", version_path)
        source = cite(version, "source", version_path)
        if decree and short and note:
            versions.append(Version(str(version["id"]), decree, source, effective, " ".join(note.split()), short))
    title = r.text(node, "title", path)
    jurisdiction = r.text(node, "jurisdiction", path)
    instruments = _instruments(r, cite, node, path)
    related = _related(r, cite, node, path)
    if title is None or jurisdiction is None or not versions:
        return None
    return Regulation(str(node["id"]), tuple(languages), title, jurisdiction, tuple(own), tuple(versions),
                      instruments, related)


INSTRUMENT_FIELDS = {"id", "kind", "title", "gazette", "approved", "published", "in_force", "repealed", "status",
                     "source"}
INSTRUMENT_NOTES = ("title", "gazette", *INSTRUMENT_DATES, "status")  # the fields a note may explain


def _ids(node: Map, key: str) -> list[str]:
    """The ``id`` of each item of the list ``node[key]``, as given (for checking references to them)."""
    items = node.get(key)
    if not isinstance(items, Seq):
        return []
    return [str(item["id"]) for item in items if isinstance(item, Map) and "id" in item]


def _instruments(r: Reader, cite: Citations, node: Map, path: str) -> tuple[Instrument, ...]:
    """The regulation's ``instruments``: what makes or amends its text, every fact cited.

    A date the sources do not give is null, and ``notes.<field>`` says why in Spanish and Basque; so do a null part
    of the gazette and a ``sin-datos`` status. An instrument ``amends`` only other instruments of the same list."""
    notes = Reader(r.file, r.problems, NOTE_LANGUAGES)
    ids = _ids(node, "instruments")
    found: list[Instrument] = []
    for item_path, item in r.items(node, "instruments", path):
        if not r.keys(item, item_path, INSTRUMENT_FIELDS, {"notes", "amends"}):
            continue
        before = len(r.problems.problems)
        ident = r.string(item, "id", item_path)
        if ident is not None and any(i.id == ident for i in found):
            r.error(item, "id", item_path, f"duplicate instrument id {ident!r}")
        for key, allowed in (("kind", INSTRUMENT_KINDS), ("status", INSTRUMENT_STATUSES)):
            if item[key] not in allowed:
                r.error(item, key, item_path, f"unknown {key} {item[key]!r} ({', '.join(allowed)})")
        title = _cited_title(r, item, "title", item_path)
        explained = _field_notes(notes, item, item_path)
        gazette = _gazette(r, item, item_path, "gazette" in explained)
        dates = {key: _nullable_date(r, item, key, item_path) for key in INSTRUMENT_DATES}
        for key in INSTRUMENT_DATES:
            if item[key] is None and key not in explained:
                r.error(item, key, item_path, f"null without a note: give notes.{key} {{es, eu}} saying why the "
                        "sources do not give it")
        if item["status"] == "sin-datos" and "status" not in explained:
            r.error(item, "status", item_path, "sin-datos without a note: give notes.status {es, eu} saying what "
                    "the sources lack")
        if dates["repealed"] is not None and item["status"] != "derogada":
            r.error(item, "status", item_path, f"repealed on {dates['repealed']}, so the status is derogada")
        _date_order(r, item, item_path, dates, gazette)
        source = cite(item, "source", item_path)
        amends = _amends(r, item, item_path, [other for other in ids if other != ident])
        if len(r.problems.problems) == before and ident and title and gazette and source:
            found.append(Instrument(ident, str(item["kind"]), title, gazette, dates["approved"], dates["published"],
                                    dates["in_force"], dates["repealed"], str(item["status"]), source, explained,
                                    amends))
    return tuple(found)


def _amends(r: Reader, item: Map, path: str, others: list[str]) -> tuple[str, ...]:
    """The ids an instrument ``amends``: other instruments of its regulation."""
    found = []
    seq = r.value(item, "amends", path, (Seq,), "a list of instrument ids")
    for index, other in enumerate(seq or ()):
        if other in others:
            found.append(str(other))
        else:
            r.error(seq, index, join(path, "amends"), f"unknown instrument {other!r} (the other instruments of "
                    f"this regulation: {', '.join(others) or 'none'})")
    return tuple(found)


def _nullable_date(r: Reader, node: Map, key: str, path: str) -> dt.date | None:
    """A date, or None for null (and for a wrong value, after reporting it)."""
    return None if node.get(key) is None else r.date(node, key, path)


def _date_order(r: Reader, node: Map, path: str, dates: dict[str, dt.date | None], gazette: Gazette | None) -> None:
    """Approval, publication, entry into force and repeal in that order; the gazette's date is the publication's."""
    known = [(key, value) for key, value in dates.items() if value is not None]
    for (first, earlier), (key, later) in itertools.pairwise(known):
        if later < earlier:
            r.error(node, key, path, f"{later} is before {first} ({earlier})")
    if gazette and gazette.date and dates["published"] and gazette.date != dates["published"]:
        r.error(node, "published", path, f"{dates['published']} differs from the gazette's date {gazette.date}")


def _cited_title(r: Reader, node: Map, key: str, path: str) -> Text | None:
    """A title in Spanish (``es``), and in Basque (``eu``) only where a Basque regulation's text prints it."""
    given = r.mapping(node, key, path)
    field = join(path, key)
    if given is None or not r.keys(given, field, {"es"}, set(r.languages) - {"es"}):
        return None
    found = {str(lang): r.string(given, lang, field) for lang in given}
    return {lang: " ".join(text.split()) for lang, text in found.items() if text} if all(found.values()) else None


def _gazette(r: Reader, node: Map, path: str, explained: bool) -> Gazette | None:
    """``gazette: {name, number, date}``, each null where not printed (``notes.gazette`` then says so)."""
    given = r.mapping(node, "gazette", path)
    field = join(path, "gazette")
    if given is None or not r.keys(given, field, {"name", "number", "date"}):
        return None
    name = None if given["name"] is None else r.string(given, "name", field)
    number = None if given["number"] is None else r.integer(given, "number", field, minimum=1)
    date = _nullable_date(r, given, "date", field)
    read: dict[str, object] = {"name": name, "number": number, "date": date}
    nulls = [part for part in read if given[part] is None]
    if nulls and not explained:
        r.error(given, nulls[0], field, f"{', '.join(nulls)} null without a note: give notes.gazette {{es, eu}} "
                "saying what the sources do not print")
    if any(given[part] is not None and value is None for part, value in read.items()):
        return None
    return Gazette(name, number, date)


def _field_notes(notes: Reader, node: Map, path: str) -> dict[str, Text]:
    """An instrument's ``notes: {<field>: {es, eu}}``: why a field is null, or how it was worked out."""
    if "notes" not in node:
        return {}
    given = notes.mapping(node, "notes", path)
    field = join(path, "notes")
    if given is None or not notes.keys(given, field, (), INSTRUMENT_NOTES):
        return {}
    found = {str(key): notes.text(given, key, field) for key in given}
    return {key: text for key, text in found.items() if text is not None}


def _related(r: Reader, cite: Citations, node: Map, path: str) -> tuple[RelatedRule, ...]:
    """The other rules the regulation's texts cite: ``{id, title: {es}, cited_at, notes: {es, eu}}``."""
    notes = Reader(r.file, r.problems, NOTE_LANGUAGES)
    instruments = set(_ids(node, "instruments"))
    found: list[RelatedRule] = []
    for item_path, item in r.items(node, "related", path):
        if not r.keys(item, item_path, {"id", "title", "cited_at", "notes"}):
            continue
        ident = r.string(item, "id", item_path)
        if ident is not None and (ident in instruments or any(rule.id == ident for rule in found)):
            r.error(item, "id", item_path, f"duplicate id {ident!r} (ids are unique among instruments and related)")
            continue
        title = _cited_title(r, item, "title", item_path)
        cited_at = cite(item, "cited_at", item_path)
        text = notes.text(item, "notes", item_path)
        if ident and title and cited_at and text:
            found.append(RelatedRule(ident, title, cited_at, text))
    return tuple(found)


def _terms(root: Path, problems: Collector, euskadi: Regulation | None, sources: tuple[str, ...],
           lengths: dict[str, int]) -> tuple[Term, ...]:
    path = root / "terms.yaml"
    file = _display(root, path)
    doc = _load(root, path, problems)
    languages = euskadi.languages if euskadi else ("es", "eu")
    r = Reader(file, problems, languages)
    cite = Citations(r, sources, lengths)  # a term of a game only Extremadura or the national catalogue cites them
    if doc is None or not r.keys(doc, "", {"terms"}):
        return ()
    terms = []
    seen: set[str] = set()
    for item_path, node in r.items(doc, "terms", ""):
        if not r.keys(node, item_path, {"id", *languages, "source"}, {"note", "forbidden"}):
            continue
        text = {lang: r.string(node, lang, item_path) for lang in languages}
        source = cite(node, "source", item_path)
        forbidden = _forbidden(r, node, item_path, languages)
        if not valid_id(node["id"]):
            r.error(node, "id", item_path, f"expected an id of lowercase letters, digits and hyphens, got "
                    f"{excerpt(node['id'])}")
        elif node["id"] in seen:
            r.error(node, "id", item_path, f"duplicate term id {node['id']!r}")
        elif all(text.values()) and forbidden is not None:
            seen.add(node["id"])
            terms.append(Term(str(node["id"]), {k: str(v) for k, v in text.items()}, source, forbidden))
    return tuple(terms)


def _forbidden(r: Reader, node: Map, path: str, languages: tuple[str, ...]) -> dict[str, tuple[str, ...]] | None:
    """A term's ``forbidden: {es: [...], eu: [...]}``: variants our own text must not use, none the approved form."""
    if "forbidden" not in node:
        return {}
    given = r.mapping(node, "forbidden", path)
    if given is None or not r.keys(given, join(path, "forbidden"), (), languages):
        return None
    found = {}
    for lang in given:
        variants = [item for _path, item in r.items(given, lang, join(path, "forbidden"))]
        if not variants or not all(isinstance(v, str) and v.strip() for v in variants):
            r.error(given, lang, join(path, "forbidden"), "expected a list of variants (non-empty texts)")
            return None
        if node.get(lang) in variants:
            r.error(given, lang, join(path, "forbidden"), f"the approved form {node[lang]!r} cannot be forbidden")
            return None
        found[lang] = tuple(variants)
    return found


def _game(root: Path, path: Path, regulations: dict[str, Regulation], problems: Collector,
          links: list[tuple[str, int, str, str]], wording: Wording, bases: Bases,
          lengths: dict[str, int]) -> Game | None:
    file = _display(root, path)
    doc = _load(root, path, problems)
    if doc is None:
        return None
    r = Reader(file, problems, ())
    if not isinstance(doc, Map):
        r.error(doc, None, "", "expected a mapping")
        return None
    engine = doc.get("engine")
    if engine not in families():
        r.error(doc, "engine", "", f"unknown engine {engine!r} (engines: {', '.join(families())})")
        return None
    family = families()[engine]
    doc, base_bytes = _inherit(root, path, doc, r, family.fields | family.optional, bases)
    if doc is None or not r.keys(doc, "", GAME_FIELDS | family.fields, GAME_OPTIONAL | family.optional):
        return None
    if not valid_id(doc["id"]):
        r.error(doc, "id", "", f"expected an id of lowercase letters, digits and hyphens, got {excerpt(doc['id'])}")
        return None
    regulation = regulations.get(doc["regulation"])
    if regulation is None:
        r.error(doc, "regulation", "", f"unknown regulation {doc['regulation']!r} (regulations: "
                f"{', '.join(regulations)})")
        return None
    if path.parent.name != regulation.id or path.stem != doc["id"]:
        r.error(doc, "id", "", f"the file must be {regulation.id}/{doc['id']}.yaml")
    version = next((v for v in regulation.versions if v.id == str(doc["version"])), None)
    if version is None:
        r.error(doc, "version", "", f"unknown version {doc['version']!r} of {regulation.id} (versions: "
                f"{', '.join(v.id for v in regulation.versions)})")
        return None
    r = Reader(file, problems, regulation.languages, wording.check_field)
    cite = Citations(r, regulation.sources, lengths)
    before = len(problems.problems)
    readings: list[Reading] = []
    name = r.text(doc, "name", "")
    article = r.text(doc, "article", "")
    source = cite(doc, "source", "")
    cite(doc, "name_source", "")
    spec = family.reader(r, cite, readings).read(doc)
    # Readings of inherited fields belong to the base game, which reports them with its own lines.
    readings = [reading for reading in readings if reading.field.split(".")[0].split("[")[0] not in doc.inherited]
    tables = None if spec is None else frozenset(getattr(spec, "tables", {}))  # None: unknown, rules are broken
    official = tuple(_sections(r, cite, doc, "official_text", "", tables))
    # Examples are played only on a game that is otherwise sound, so one defect is reported once.
    examples = tuple(_examples(r, doc, family, spec)) if spec and len(problems.problems) == before else ()
    if name is None or article is None or spec is None:
        return None
    same_as = doc.get("same_as", [])
    if not isinstance(same_as, list) or not all(isinstance(k, str) and k.count("/") == 1
                                                and all(map(valid_id, k.split("/"))) for k in same_as):
        r.error(doc, "same_as", "", 'expected a list of the same game in other regulations, such as '
                '["extremadura/poquer-trijoker"]')
        same_as = []
    links += [(file, doc.line_of("same_as"), f"{regulation.id}/{doc['id']}", str(k)) for k in same_as]
    digest = hashlib.sha256(path.read_bytes() + base_bytes).hexdigest()
    return Game(str(doc["id"]), regulation, version, engine, name, article, source, spec, official, examples,
                tuple(readings), file, digest, tuple(map(str, same_as)), _edge_ceiling(r, doc))


CEILING = re.compile(r"[1-9][0-9]{0,3}/[1-9][0-9]{0,3}")  # a fraction of the stake, small enough to read safely


def _edge_ceiling(r: Reader, doc: Map) -> tuple[Fraction, Text] | None:
    """The game file's ``lint: {implausible_above: "3/5", reason: {es, eu}}``: the house edge above which the lint
    flags a bet, raised from a quarter for a reason the legal team reads with each finding it then accepts."""
    if "lint" not in doc:
        return None
    node = r.mapping(doc, "lint", "")
    if node is None or not r.keys(node, "lint", {"implausible_above", "reason"}):
        return None
    value = node["implausible_above"]
    reason = r.text(node, "reason", "lint")
    if not isinstance(value, str) or not CEILING.fullmatch(value) or not lint.IMPLAUSIBLE < Fraction(value) <= 1:
        r.error(node, "implausible_above", "lint", f'expected a fraction of the stake above {lint.IMPLAUSIBLE} and at '
                f'most 1, in quotes, such as "3/5", got {value!r}')
        return None
    return None if reason is None else (Fraction(value), reason)


def _inherit(root: Path, path: Path, doc: Map, r: Reader, fields: frozenset[str], bases: Bases,
             seen: tuple[Path, ...] = ()) -> tuple[Map | None, bytes]:
    """A game ``based_on`` another game of its regulation takes the engine fields and the official
    text it does not give.

    American roulette, for one, follows French roulette «para todo lo no previsto» (000:589-594):
    its file gives what differs and names the French game for the rest, whose citations still
    point at the French game's lines. A base may itself be based on another game: Extremadura's
    double-zero variant takes the official text and limits of its single-zero game, which takes
    the rest from French roulette. Returns the merged document and the bytes of every base file.
    """
    base_id = doc.get("based_on")
    if base_id is None:
        return doc, b""
    base_path = path.parent / f"{base_id}.yaml" if valid_id(base_id) else path
    if base_path == path or base_path.is_symlink() or not base_path.is_file():
        r.error(doc, "based_on", "", f"no other game {base_id!r} in {_display(root, path.parent)}")
        return None, b""
    if base_path in seen:
        r.error(doc, "based_on", "", f"{base_id!r} cannot be a base: the games are based on each other")
        return None, b""
    try:
        base = yamlsrc.load(base_path, _display(root, base_path))
    except BuildError:
        return None, b""  # reported when the base game itself is loaded
    if not isinstance(base, Map):
        return None, b""  # reported when the base game itself is loaded
    chain = Collector()
    base, further = _inherit(root, base_path, base, Reader(_display(root, base_path), chain, ()), fields, {},
                             (*seen, path))
    if base is None:
        if chain.problems:
            r.error(doc, "based_on", "", f"{base_id!r} cannot be a base: {chain.problems[0].message}")
        return None, b""
    fields = fields | {"official_text"}
    merged = Map(doc)
    merged.line, merged.key_lines = doc.line, dict(doc.key_lines)
    merged.inherited = frozenset(key for key in fields - doc.keys() if key in base)
    for key in sorted(merged.inherited):
        merged[key] = base[key]
        merged.key_lines[key] = doc.line_of("based_on")
    bases[path] = (doc.line_of("based_on"), _display(root, base_path), merged.inherited)
    return merged, base_path.read_bytes() + further


TABLE_HEADINGS = ("columns", "rows", "legend")


def _sections(r: Reader, cite: Citations, node: Map, key: str, path: str,
              tables: frozenset[str] | None) -> list[Section]:
    """The official text's sections. A block is a paragraph in every official language, or a table
    (``table: <id>``) whose cells are data of the game's rules, given with its own headings."""
    found = []
    for item_path, item in r.items(node, key, path):
        if not r.keys(item, item_path, {"id", "heading", "source"}, {"blocks", "sections", *BLOCK_NOTES}):
            continue
        heading = r.text(item, "heading", item_path)
        source = cite(item, "source", item_path)
        blocks = []
        for block_path, block in r.items(item, "blocks", item_path):
            if isinstance(block, Map) and "table" in block:
                table = _table_block(r, cite, block, block_path, tables)
                if table is not None:
                    blocks.append(table)
                continue
            if not r.keys(block, block_path, {*r.languages, "source"}, {"label", *BLOCK_NOTES}):
                continue
            text = {lang: r.string(block, lang, block_path) for lang in r.languages}
            citations = cite(block, "source", block_path)
            notes = _notes(r, block, block_path, citations)
            by_lang = {lang: cite(block["source"], lang, join(block_path, "source"))
                       for lang in r.languages if isinstance(block.get("source"), Map)}
            if all(text.values()):
                blocks.append(Block({k: " ".join(str(v).split()) for k, v in text.items()},
                                    citations, label=str(block.get("label", "")),
                                    notes=notes, source_by_lang=by_lang, ocr_fixes=_fixes_of(notes)))
        subsections = _sections(r, cite, item, "sections", item_path, tables)
        if heading:
            notes = _notes(r, item, item_path, source)
            found.append(Section(str(item["id"]), heading, source, tuple(blocks), tuple(subsections), notes))
    return found


def _table_block(r: Reader, cite: Citations, block: Map, path: str, tables: frozenset[str] | None) -> Block | None:
    """A table of the official text: where it is printed and its headings; its cells are in the rules."""
    if not r.keys(block, path, {"table", "source", "headings"}, {"label", *BLOCK_NOTES}):
        return None
    if tables is not None and block["table"] not in tables:
        known = ", ".join(sorted(tables)) or "none"
        r.error(block, "table", path, f"no table {block['table']!r} in this game's rules (tables: {known})")
        return None
    citations = cite(block, "source", path)
    given = r.mapping(block, "headings", path)
    if given is None or not r.keys(given, join(path, "headings"), set(), set(TABLE_HEADINGS)):
        return None
    headings = {key: r.text(given, key, join(path, "headings")) for key in given}
    if any(text is None for text in headings.values()):
        return None
    notes = _notes(r, block, path, citations)
    by_lang = {lang: cite(block["source"], lang, join(path, "source"))
               for lang in r.languages if isinstance(block.get("source"), Map)}
    return Block({}, citations, label=str(block.get("label", "")), source_by_lang=by_lang, notes=notes,
                 ocr_fixes=_fixes_of(notes), table=str(block["table"]),
                 headings={key: text for key, text in headings.items() if text is not None})


def _notes(r: Reader, node: Map, path: str, citations: tuple[Citation, ...]) -> tuple[Note, ...]:
    """The editors' notes on a block or section of official text, each in Spanish and Basque.

    A note's ``line`` is a line of the block's OCR source (002 or 003), or else of its only source. A
    discrepancy carries the editors' proposed ``decision``, also in both languages."""
    notes = Reader(r.file, r.problems, NOTE_LANGUAGES, r.wording)
    source = _ocr_source(citations)
    found = []
    for kind in ("sic", "review"):
        for item_path, item in notes.items(node, kind, path):
            if not notes.keys(item, item_path, {"text", "note"}, {"line"}):
                continue
            text = notes.text(item, "note", item_path)
            line = notes.integer(item, "line", item_path, minimum=1) if "line" in item else None
            at = (Citation(source, line, line),) if line and source else ()
            if text is not None:
                found.append(Note(kind, text, item.line, quoted=str(item["text"]), at=at))
    for kind in ("discrepancy", "source_note"):
        text = notes.text(node, kind, path)
        if text is not None:
            decision = notes.text(node, "decision", path) if kind == "discrepancy" else None
            if kind == "discrepancy" and decision is None and "decision" not in node:
                notes.error(node, kind, path, "a discrepancy needs the editors' proposed decision (decision: "
                            "{es: …, eu: …}) for the legal team")
            found.append(Note(kind, text, node.line_of(kind), decision=decision or {}))
    if "decision" in node and "discrepancy" not in node:
        notes.error(node, "decision", path, "a decision belongs to a discrepancy, and this has none")
    for item_path, item in r.items(node, "ocr_fixes", path):
        line = r.integer(item, "line", item_path, minimum=1) if r.keys(item, item_path, {"printed", "fixed",
                                                                                         "line"}) else None
        if line:  # each whole-word occurrence of ``printed`` in the OCR source's line reads ``fixed``
            found.append(Note("ocr_fix", {}, item.line, at=(Citation(source, line, line),) if source else (),
                              printed=str(item["printed"]), fixed=str(item["fixed"])))
    return tuple(found)


def _fixes_of(notes: tuple[Note, ...]) -> tuple[tuple[str, str], ...]:
    """A block's OCR fixes as (printed, fixed), from its notes."""
    return tuple((note.printed, note.fixed) for note in notes if note.kind == "ocr_fix")


def _ocr_source(citations: tuple[Citation, ...]) -> str:
    """The source the line numbers of a block's notes refer to: its OCR source, if it has one."""
    sources = [c.source for c in citations]
    return next((s for s in sources if s in OCR_SOURCES), sources[0] if sources else "")


def _examples(r: Reader, doc: Map, family: Family, spec: Any) -> list[Example]:
    found = []
    for path, node in r.items(doc, "examples", ""):
        if not r.keys(node, path, {"id", "title", "bets", "expect", family.draws}, family.options | {"sheet"}):
            continue
        if not valid_id(node["id"]):
            r.error(node, "id", path, f"expected an id of lowercase letters, digits and hyphens, got "
                    f"{excerpt(node['id'])}")
            continue
        title = r.text(node, "title", path)
        bets: dict[str, Fraction] = {}
        for spec_text in r.mapping(node, "bets", path) or {}:
            amount = r.amount(node["bets"], spec_text, join(path, "bets"))
            if amount is not None:
                bets[str(spec_text)] = amount
        dealt = family.read_example(r, node, path, spec)
        expect = node["expect"]
        if dealt is None or not r.keys(expect, join(path, "expect"), {"staked", "returned"}):
            continue
        staked = r.amount(expect, "staked", join(path, "expect"))
        returned = r.amount(expect, "returned", join(path, "expect"))
        if title is None or staked is None or returned is None:
            continue
        rank = r.integer(node, "sheet", path, minimum=1) if "sheet" in node else None
        example = Example(str(node["id"]), title, bets, dealt[0], dealt[1], staked, returned, rank)
        try:
            result = family.play(spec, example.bets, example.draws, example.options)
        except ValueError as exc:
            r.error(node, "bets", path, f"the engine cannot play this example: {exc}")
            continue
        if (result.staked, result.returned) != (staked, returned):
            r.error(node, "expect", path, f"the engine gives {result!r}, the example expects "
                    f"{Result(staked, returned)!r}")
            continue
        found.append(example)
    return found


def run_example(game: Game, example: Example) -> Result:
    """Play a worked example of ``game`` through its engine."""
    return families()[game.engine].play(game.rules, example.bets, example.draws, example.options)
