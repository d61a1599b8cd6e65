"""Loading and validating the whole catalogue: regulations, term base and one file per game.

Every file is read completely and every problem collected before anything is reported, so one
run lists all the defects of the catalogue. Nothing is written here.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import legislation, yamlsrc
from .citations import Citations
from .engine import lint, memo
from .engine.result import Result
from .errors import BuildError, Collector
from .family import Family
from .games import families
from .halls import load_hall_rules
from .models import NOTE_LANGUAGES, Catalog, Example, Game, Reading, Regulation, Source, Term, Text, Version
from .official_text import document_sections, no_official_text
from .schema import Reader, join
from .terms import Wording
from .texts import load_texts, worded_by
from .yamlsrc import Map, Seq, excerpt

GAME_FIELDS = {"id", "regulation", "version", "engine", "article", "source", "name", "name_source"}
GAME_OPTIONAL = {"official_text", "examples", "based_on", "same_as", "lint", "no_official_text", "worded_by"}


def load_catalog(root: Path, texts: Path | None = None, played: Played | None = None) -> Catalog:
    """Load ``root`` (the ``catalog/`` folder); raise :class:`BuildError` listing every problem. ``texts``: the folder
    of the regulation texts (``../shared/sources/``), where every citation must fall within its source's lines.
    ``played``: where the games whose worked examples were played and matched are kept (a build's cache); without
    it every example is played."""
    played = played or Played(None)
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
        game = _game(root, path, regulations, problems, links, wording, bases, lengths, played)
        if game is not None:
            games.append(game)
    _same_as(games, links, problems)
    _inherited_problems(root, problems, bases)
    regulation_texts = load_texts(root, regulations, problems, wording, lengths, frozenset(g.key for g in games))
    halls = load_hall_rules(root, regulations, problems, lengths)
    problems.raise_if_any()
    # Games in the order of their regulation's text, as its readers know them.
    order = list(regulations)
    games.sort(key=lambda g: (order.index(g.regulation.id), [(c.source, c.first) for c in g.source]))
    return Catalog(regulations, tuple(games), terms, sources, documents, regulation_texts, halls)


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
    if not r.keys(node, path, required, {"related", "contents"}):
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
    instruments = legislation.instruments(r, cite, node, path)
    related = legislation.related(r, cite, node, path)
    contents = legislation.contents(r, cite, node, path)
    if title is None or jurisdiction is None or not versions:
        return None
    return Regulation(str(node["id"]), tuple(languages), title, jurisdiction, tuple(own), tuple(versions),
                      instruments, related, contents)


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
          lengths: dict[str, int], played: Played) -> Game | None:
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
    absent = no_official_text(r, doc)
    if absent and "none" in absent.values():
        r.error(doc, "no_official_text", "", "a game's sheets and pages are printed in every language of its "
                "regulation: where the regulation has no official text in one, the game file gives our translation "
                "(translation), not none")
        absent = None
    official = tuple(document_sections(r, cite, doc, absent or {}, tables))
    # Examples are played only on a game that is otherwise sound, so one defect is reported once; and once per content
    # of the game's files and the engine's code (``played``).
    content = path.read_bytes() + base_bytes
    examples: tuple[Example, ...] = ()
    if spec and len(problems.problems) == before:
        known = played.knows(content)
        examples = tuple(_examples(r, doc, family, spec, play=not known))
        if not known and len(problems.problems) == before:
            played.remember(content)
    earlier = worded_by(r, doc, regulation, version)
    if name is None or article is None or spec is None or absent is None or earlier is False:
        return None
    same_as = doc.get("same_as", [])
    if not isinstance(same_as, list) or not all(isinstance(k, str) and k.count("/") == 1
                                                and all(map(valid_id, k.split("/"))) for k in same_as):
        r.error(doc, "same_as", "", 'expected a list of the same game in other regulations, such as '
                '["extremadura/poquer-trijoker"]')
        same_as = []
    links += [(file, doc.line_of("same_as"), f"{regulation.id}/{doc['id']}", str(k)) for k in same_as]
    digest = hashlib.sha256(content).hexdigest()
    return Game(str(doc["id"]), regulation, version, engine, name, article, source, spec, official, examples,
                tuple(readings), file, digest, tuple(map(str, same_as)), _edge_ceiling(r, doc), absent, earlier)



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


class Played:
    """The games whose worked examples the engine played and found as their files expect, kept in ``folder`` (a
    build's cache, ``<cache>/examples``) by the hash of the game's files and of the engine's code: a game whose files
    and engine have not changed since is not played again on every load. Without a folder, nothing is kept; with
    ``writes`` False (``build_docs.py --check``), what the folder holds is read and nothing written."""

    def __init__(self, folder: Path | None, writes: bool = True) -> None:
        self.folder = folder
        self.writes = writes
        self.code = memo.engine_digest() if folder is not None else ""
        self.new: list[Path] = []  # written by :meth:`save`, once the build has checked all it reads

    def _path(self, content: bytes) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / hashlib.sha256(self.code.encode() + b"\0" + content).hexdigest()

    def knows(self, content: bytes) -> bool:
        path = self._path(content)
        return path is not None and path.is_file()

    def remember(self, content: bytes) -> None:
        path = self._path(content)
        if path is not None and self.writes:
            self.new.append(path)

    def save(self) -> None:
        for path in self.new:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch()
        self.new.clear()


def _examples(r: Reader, doc: Map, family: Family, spec: Any, play: bool = True) -> list[Example]:
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
        if not play:
            found.append(example)
            continue
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
