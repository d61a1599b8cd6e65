"""Loading and validating the whole catalogue: regulations, term base and one file per game.

Every file is read completely and every problem collected before anything is reported, so one
run lists all the defects of the catalogue. Nothing is written here.
"""

from __future__ import annotations

import hashlib
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import yamlsrc
from .catalog_baccarat import BACCARAT_FIELDS, BACCARAT_OPTIONAL, BaccaratReader, BaccaratSpec, example_cards
from .catalog_blackjack import BLACKJACK_FIELDS, BLACKJACK_OPTIONAL, BlackjackReader, BlackjackSpec, example_round
from .catalog_chemin import (
    CHEMIN_FIELDS,
    CHEMIN_OPTIONAL,
    DOS_PANOS_FIELDS,
    CheminReader,
    CheminSpec,
    DosPanosReader,
    example_said,
)
from .catalog_dice import DICE_FIELDS, DICE_OPTIONAL, DiceReader, DiceSpec
from .catalog_monte import (
    MONTE_FIELDS,
    MONTE_OPTIONAL,
    RETO_FIELDS,
    RETO_OPTIONAL,
    MonteReader,
    MonteSpec,
    RetoReader,
    RetoSpec,
)
from .catalog_monte import example_options as monte_example_options
from .catalog_monte import play as monte_play
from .catalog_roulette import ROULETTE_FIELDS, ROULETTE_OPTIONAL, RouletteReader, RouletteSpec
from .catalog_trente import TRENTE_FIELDS, TRENTE_OPTIONAL, TrenteReader, TrenteSpec
from .engine import baccarat, blackjack, chemin, dice, dos_panos, roulette, trente
from .errors import BuildError, Collector
from .models import Block, Catalog, Citation, Example, Game, Reading, Regulation, Section, Term, Version
from .schema import Reader, join
from .yamlsrc import Map, Seq

GAME_FIELDS = {"id", "regulation", "version", "engine", "article", "source", "name", "name_source"}
GAME_OPTIONAL = {"official_text", "examples", "based_on"}
# engine -> its required and optional fields, and the reader of those fields
ENGINES: dict[str, tuple[set[str], set[str], Any]] = {
    "roulette": (ROULETTE_FIELDS, ROULETTE_OPTIONAL, RouletteReader),
    "dice": (DICE_FIELDS, DICE_OPTIONAL, DiceReader),
    "baccarat": (BACCARAT_FIELDS, BACCARAT_OPTIONAL, BaccaratReader),
    "trente": (TRENTE_FIELDS, TRENTE_OPTIONAL, TrenteReader),
    "monte": (MONTE_FIELDS, MONTE_OPTIONAL, MonteReader),
    "reto": (RETO_FIELDS, RETO_OPTIONAL, RetoReader),
    "blackjack": (BLACKJACK_FIELDS, BLACKJACK_OPTIONAL, BlackjackReader),
    "chemin": (CHEMIN_FIELDS, CHEMIN_OPTIONAL, CheminReader),
    "dos-panos": (DOS_PANOS_FIELDS, CHEMIN_OPTIONAL, DosPanosReader),
}
# engine -> the fields of a worked example beyond id, title, bets and expect
EXAMPLE_FIELDS = {"roulette": ({"spins"}, {"on_zero", "last_spin", "minimum"}), "dice": ({"rolls"}, {"withdraw"}),
                  "baccarat": ({"cards"}, {"payment"}),
                  "trente": ({"coups"}, {"on_refait", "insured", "last_coup", "minimum"}),
                  "monte": ({"layout", "cards"}, {"doubled", "burnt", "phase", "in_play"}),
                  "reto": ({"cards"}, {"retar"}),
                  "blackjack": ({"cards"}, {"decisions"}),
                  "chemin": ({"cards"}, {"said", "bound", "banco", "commission"}),
                  "dos-panos": ({"cards"}, {"said", "bound", "banco", "commission"})}
Spec = RouletteSpec | DiceSpec | BaccaratSpec | TrenteSpec | MonteSpec | RetoSpec | BlackjackSpec | CheminSpec
OCR_SOURCES = ("002", "003")  # sources whose text is OCR: notes on a block give their lines
BLOCK_NOTES = ("sic", "ocr_fixes", "review", "discrepancy", "decision", "source_note")


class Citations:
    """Reads citation fields, checking each source is one the regulation declares."""

    def __init__(self, reader: Reader, allowed: tuple[str, ...]) -> None:
        self.r = reader
        self.allowed = allowed

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
        return found


def load_catalog(root: Path) -> Catalog:
    """Load ``root`` (the ``catalog/`` folder); raise :class:`BuildError` listing every problem."""
    problems = Collector()
    sources, regulations = _regulations(root, problems)
    terms = _terms(root, problems, regulations.get("euskadi"))
    games = []
    for path in sorted(root.glob("*/*.yaml")):
        game = _game(root, path, regulations, problems)
        if game is not None:
            games.append(game)
    problems.raise_if_any()
    # Games in the order of their regulation's text, as its readers know them.
    order = list(regulations)
    games.sort(key=lambda g: (order.index(g.regulation.id), [(c.source, c.first) for c in g.source]))
    return Catalog(regulations, tuple(games), terms, sources)


def _display(root: Path, path: Path) -> str:
    return str(Path(root.name) / path.relative_to(root))


def _load(root: Path, path: Path, problems: Collector) -> Any:
    try:
        return yamlsrc.load(path, _display(root, path))
    except BuildError as exc:
        problems.problems.extend(exc.problems)
        return None


def _regulations(root: Path, problems: Collector) -> tuple[dict[str, str], dict[str, Regulation]]:
    path = root / "regulations.yaml"
    file = _display(root, path)
    doc = _load(root, path, problems)
    r = Reader(file, problems, ())
    if doc is None or not r.keys(doc, "", {"sources", "regulations"}):
        return {}, {}
    sources: dict[str, str] = {}
    for key, spec in (r.mapping(doc, "sources", "") or {}).items():
        if r.keys(spec, f"sources.{key}", {"file", "description"}):
            sources[str(key)] = str(spec["file"])
    regulations: dict[str, Regulation] = {}
    for item_path, node in r.items(doc, "regulations", ""):
        regulation = _regulation(file, node, item_path, sources, problems)
        if regulation is not None:
            regulations[regulation.id] = regulation
    return sources, regulations


def _regulation(file: str, node: Any, path: str, sources: dict[str, str],
                problems: Collector) -> Regulation | None:
    r = Reader(file, problems, ())
    required = {"id", "languages", "title", "title_source", "jurisdiction", "jurisdiction_source", "sources",
                "versions"}
    if not r.keys(node, path, required):
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
    cite = Citations(r, tuple(own))
    cite(node, "title_source", path)
    cite(node, "jurisdiction_source", path)
    versions = []
    for version_path, version in r.items(node, "versions", path):
        if not r.keys(version, version_path, {"id", "decree", "source", "effective", "effective_note"}):
            continue
        effective = version["effective"] if version["effective"] is None else r.date(version, "effective",
                                                                                     version_path)
        decree = r.text(version, "decree", version_path)
        note = r.string(version, "effective_note", version_path)
        source = cite(version, "source", version_path)
        if decree and note:
            versions.append(Version(str(version["id"]), decree, source, effective, " ".join(note.split())))
    title = r.text(node, "title", path)
    jurisdiction = r.text(node, "jurisdiction", path)
    if title is None or jurisdiction is None or not versions:
        return None
    return Regulation(str(node["id"]), tuple(languages), title, jurisdiction, tuple(own), tuple(versions))


def _terms(root: Path, problems: Collector, euskadi: Regulation | None) -> tuple[Term, ...]:
    path = root / "terms.yaml"
    file = _display(root, path)
    doc = _load(root, path, problems)
    languages = euskadi.languages if euskadi else ("es", "eu")
    r = Reader(file, problems, languages)
    cite = Citations(r, euskadi.sources if euskadi else ())
    if doc is None or not r.keys(doc, "", {"terms"}):
        return ()
    terms = []
    seen: set[str] = set()
    for item_path, node in r.items(doc, "terms", ""):
        if not r.keys(node, item_path, {"id", *languages, "source"}, {"note"}):
            continue
        text = {lang: r.string(node, lang, item_path) for lang in languages}
        source = cite(node, "source", item_path)
        if node["id"] in seen:
            r.error(node, "id", item_path, f"duplicate term id {node['id']!r}")
        elif all(text.values()):
            seen.add(node["id"])
            terms.append(Term(str(node["id"]), {k: str(v) for k, v in text.items()}, source))
    return tuple(terms)


def _game(root: Path, path: Path, regulations: dict[str, Regulation], problems: Collector) -> Game | None:
    file = _display(root, path)
    doc = _load(root, path, problems)
    if doc is None:
        return None
    r = Reader(file, problems, ())
    if not isinstance(doc, Map):
        r.error(doc, None, "", "expected a mapping")
        return None
    engine = doc.get("engine")
    if engine not in ENGINES:
        r.error(doc, "engine", "", f"unknown engine {engine!r} (engines: {', '.join(ENGINES)})")
        return None
    required, optional, spec_reader = ENGINES[engine]
    doc, base_bytes = _inherit(root, path, doc, r, required | optional)
    if doc is None or not r.keys(doc, "", GAME_FIELDS | required, GAME_OPTIONAL | optional):
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
    r = Reader(file, problems, regulation.languages)
    cite = Citations(r, regulation.sources)
    before = len(problems.problems)
    readings: list[Reading] = []
    name = r.text(doc, "name", "")
    article = r.text(doc, "article", "")
    source = cite(doc, "source", "")
    cite(doc, "name_source", "")
    spec = spec_reader(r, cite, readings).read(doc)
    # Readings of inherited fields belong to the base game, which reports them with its own lines.
    readings = [reading for reading in readings if reading.field.split(".")[0].split("[")[0] not in doc.inherited]
    tables = None if spec is None else frozenset(getattr(spec, "tables", {}))  # None: unknown, rules are broken
    official = tuple(_sections(r, cite, doc, "official_text", "", tables))
    # Examples are played only on a game that is otherwise sound, so one defect is reported once.
    examples = tuple(_examples(r, doc, engine, spec)) if spec and len(problems.problems) == before else ()
    if name is None or article is None or spec is None:
        return None
    digest = hashlib.sha256(path.read_bytes() + base_bytes).hexdigest()
    return Game(str(doc["id"]), regulation, version, engine, name, article, source, spec, official, examples,
                tuple(readings), file, digest)


def _inherit(root: Path, path: Path, doc: Map, r: Reader, fields: set[str],
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
    base_path = path.parent / f"{base_id}.yaml"
    if not isinstance(base_id, str) or base_path == path or not base_path.is_file():
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
    base, further = _inherit(root, base_path, base, Reader(_display(root, base_path), chain, ()), fields,
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
            notes = tuple(note for kind in BLOCK_NOTES if kind in block
                          for note in _notes(kind, block[kind], _ocr_source(citations)))
            fixes = _ocr_fixes(r, block, block_path)
            by_lang = {lang: cite(block["source"], lang, join(block_path, "source"))
                       for lang in r.languages if isinstance(block.get("source"), Map)}
            if all(text.values()):
                blocks.append(Block({k: " ".join(str(v).split()) for k, v in text.items()},
                                    citations, label=str(block.get("label", "")),
                                    notes=notes, source_by_lang=by_lang, ocr_fixes=fixes))
        subsections = _sections(r, cite, item, "sections", item_path, tables)
        if heading:
            notes = tuple(note for kind in BLOCK_NOTES if kind in item
                          for note in _notes(kind, item[kind], _ocr_source(source)))
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
    notes = tuple(note for kind in BLOCK_NOTES if kind in block
                  for note in _notes(kind, block[kind], _ocr_source(citations)))
    by_lang = {lang: cite(block["source"], lang, join(path, "source"))
               for lang in r.languages if isinstance(block.get("source"), Map)}
    return Block({}, citations, label=str(block.get("label", "")), source_by_lang=by_lang, notes=notes,
                 ocr_fixes=_ocr_fixes(r, block, path), table=str(block["table"]),
                 headings={key: text for key, text in headings.items() if text is not None})


def _notes(kind: str, value: Any, ocr_source: str) -> list[tuple[str, str]]:
    """Editorial notes on a block of official text, as ``(kind, sentence)`` for the review report.

    Line numbers in the notes are lines of ``ocr_source``, the block's OCR text (002 or 003) or
    else its only source."""
    if not isinstance(value, Seq):
        return [(kind, " ".join(str(value).split()))]
    found = []
    for item in value:
        if kind == "ocr_fixes":
            found.append((kind, f"{ocr_source}:{item.get('line')}: «{item.get('printed')}» → «{item.get('fixed')}»"))
        else:
            where = f"{ocr_source}:{item['line']}: " if "line" in item else ""
            found.append((kind, f"{where}«{item.get('text')}»: {item.get('note')}"))
    return found


def _ocr_fixes(r: Reader, block: Map, path: str) -> tuple[tuple[str, str], ...]:
    """A block's OCR fixes as (printed, fixed): each whole-word occurrence of ``printed`` in the
    block's OCR lines reads ``fixed``."""
    found = []
    for item_path, item in r.items(block, "ocr_fixes", path):
        if r.keys(item, item_path, {"printed", "fixed", "line"}) and r.integer(item, "line", item_path, minimum=1):
            found.append((str(item["printed"]), str(item["fixed"])))
    return tuple(found)


def _ocr_source(citations: tuple[Citation, ...]) -> str:
    """The source the line numbers of a block's notes refer to: its OCR source, if it has one."""
    sources = [c.source for c in citations]
    return next((s for s in sources if s in OCR_SOURCES), sources[0] if sources else "")


def _amount(r: Reader, node: Map, key: str, path: str) -> Fraction | None:
    value = node.get(key)
    try:
        amount = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        r.error(node, key, path, f"expected an amount, got {value!r}")
        return None
    if amount < 0 or isinstance(value, bool):
        r.error(node, key, path, f"expected an amount ≥ 0, got {value!r}")
        return None
    return amount


def _examples(r: Reader, doc: Map, engine: str, spec: Spec) -> list[Example]:
    found = []
    required, optional = EXAMPLE_FIELDS[engine]
    for path, node in r.items(doc, "examples", ""):
        if not r.keys(node, path, {"id", "title", "bets", "expect", *required}, optional):
            continue
        title = r.text(node, "title", path)
        bets: dict[str, Fraction] = {}
        for spec_text in r.mapping(node, "bets", path) or {}:
            amount = _amount(r, node["bets"], spec_text, join(path, "bets"))
            if amount is not None:
                bets[str(spec_text)] = amount
        payment = node.get("payment")
        options: dict[str, Any] = {}
        decisions: tuple[str, ...] = ()
        said: dict[str, str] | None = {}
        bound: Any = ""
        banco: Any = False
        draws: Any
        if isinstance(spec, MonteSpec | RetoSpec):
            dealt = monte_example_options(r, node, path, engine)
            if dealt is None:
                continue
            draws, options = list(dealt[0]), dealt[1]
        elif isinstance(spec, BlackjackSpec):
            round_ = example_round(r, node, path, spec)
            if round_ is None:
                continue
            draws, decisions = list(round_[0]), round_[1]
        elif isinstance(spec, BaccaratSpec):
            cards = example_cards(r, node, path)
            if cards is None:
                continue
            if payment is not None and payment not in {p.id for p in spec.payments}:
                r.error(node, "payment", path, f"expected one of {', '.join(p.id for p in spec.payments)}, "
                        f"got {payment!r}")
                continue
            draws = list(cards)
        elif isinstance(spec, CheminSpec):
            cards, said = example_cards(r, node, path), example_said(r, node, path, spec.two)
            bound, banco, payment = node.get("bound", ""), node.get("banco", False), node.get("commission")
            if bound not in ("", *chemin.BOUNDS) or not isinstance(banco, bool):
                r.error(node, "bound" if not isinstance(banco, bool) else "banco", path,
                        f"expected bound: one of {', '.join(chemin.BOUNDS)}; banco: true or false")
                continue
            if payment is not None and payment not in {c.id for c in spec.commissions}:
                r.error(node, "commission", path, f"expected one of {', '.join(c.id for c in spec.commissions)}, "
                        f"got {payment!r}")
                continue
            if cards is None or said is None:
                continue
            draws = list(cards)
        elif isinstance(spec, TrenteSpec):
            draws = node["coups"]
            insured = node.get("insured", [])
            if not isinstance(draws, Seq) or not draws or not all(isinstance(c, str) for c in draws):
                r.error(node, "coups", path, 'expected a list of coups, each its cards as dealt: "7♥ 10 K 4 9 J 4 10"')
                continue
            if not isinstance(insured, list) or not set(insured) <= set(bets):
                r.error(node, "insured", path, "expected a list of the example's bets that are insured")
                continue
        else:
            draws = node["rolls" if engine == "dice" else "spins"]
        if engine == "dice" and (not isinstance(draws, Seq) or not all(isinstance(d, str) for d in draws)):
            r.error(node, "rolls", path, 'expected a list of rolls such as "3+4"')
            continue
        if isinstance(spec, DiceSpec):
            try:
                [dice.parse_roll(roll, spec.rules.dice) for roll in draws]
            except ValueError as exc:
                r.error(node, "rolls", path, str(exc))
                continue
        if not isinstance(draws, list) or not all(type(n) in (int, str) for n in draws):
            r.error(node, "spins", path, "expected a list of pocket numbers (or a money wheel's symbols)")
            continue
        zero_key = "on_refait" if engine == "trente" else "on_zero"
        on_zero = node.get(zero_key)
        choices = tuple(on_zero) if isinstance(on_zero, Seq) else () if on_zero is None else (on_zero,)
        if any(choice not in ("half", "prison") for choice in choices):
            r.error(node, zero_key, path, f"expected half or prison, or a list of them, got {on_zero!r}")
            continue
        withdraw: Any = r.mapping(node, "withdraw", path) if "withdraw" in node else {}
        if withdraw is None or not all(type(after) is int for after in withdraw.values()):
            r.error(node, "withdraw", path, "expected {bet: the number of rolls after which it is withdrawn}")
            continue
        last = node.get("last_coup" if engine == "trente" else "last_spin", False)
        minimum = _amount(r, node, "minimum", path) if "minimum" in node else None
        expect = node["expect"]
        if not r.keys(expect, join(path, "expect"), {"staked", "returned"}):
            continue
        staked = _amount(r, expect, "staked", join(path, "expect"))
        returned = _amount(r, expect, "returned", join(path, "expect"))
        if title is None or staked is None or returned is None:
            continue
        example = Example(str(node["id"]), title, bets, tuple(draws), choices, bool(last), minimum, staked,
                          returned, {str(k): v for k, v in withdraw.items()},
                          None if payment is None else str(payment), tuple(node.get("insured", ())), options,
                          decisions, said or {}, str(bound), banco)
        try:
            result = run_example(spec, example)
        except ValueError as exc:
            r.error(node, "bets", path, f"the engine cannot play this example: {exc}")
            continue
        if (result.staked, result.returned) != (staked, returned):
            r.error(node, "expect", path, f"the engine gives {result!r}, the example expects "
                    f"{roulette.Result(staked, returned)!r}")
            continue
        found.append(example)
    return found


def run_example(spec: Spec, example: Example) -> roulette.Result:
    """Play a worked example through the engine."""
    if isinstance(spec, MonteSpec | RetoSpec):
        return monte_play(spec, example.bets, [str(card) for card in example.spins], example.options)
    if isinstance(spec, BlackjackSpec):
        return blackjack.play_round(spec.rules, spec.engine_bets(example.bets), [str(c) for c in example.spins],
                                    example.decisions)
    if isinstance(spec, BaccaratSpec):
        return baccarat.play(spec.rules, example.bets, [str(card) for card in example.spins],
                             payment=example.payment)
    if isinstance(spec, CheminSpec):
        cards, rules, bound = [str(card) for card in example.spins], spec.rules_for(example.payment), example.bound
        if spec.two:
            return dos_panos.play_two(rules, example.bets, cards, bank=example.said.get("banca"), bound=bound or "free",
                                      players=(example.said.get("paño 1"), example.said.get("paño 2")),
                                      banco=example.banco)
        return chemin.play(rules, example.bets, cards, player=example.said.get("punto"), bank=example.said.get("banca"),
                           bound=bound or "free", banco=example.banco)
    if isinstance(spec, TrenteSpec):
        return trente.play(spec.rules, example.bets, [str(coup) for coup in example.spins], insured=example.insured,
                           on_refait=example.on_zero[0] if len(example.on_zero) == 1 else example.on_zero or "half",
                           last_coup=example.last_spin, minimum=example.minimum)
    if isinstance(spec, DiceSpec):
        return dice.play(spec.rules, example.bets, [str(d) for d in example.spins], withdraw=example.withdraw)
    on_zero: str | tuple[str, ...] = example.on_zero[0] if len(example.on_zero) == 1 else example.on_zero or "half"
    return roulette.play(spec.rules, example.bets, example.spins, on_zero=on_zero,
                         last_spin=example.last_spin, minimum=example.minimum)
