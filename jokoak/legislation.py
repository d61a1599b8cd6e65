"""Reading a regulation's legislation in ``regulations.yaml``: the instruments that make or amend its text, and the
other rules its texts cite, and its structure (``contents``: the parts a reader looks for, each with its heading).

Each instrument's facts (its gazette, its dates, its status) are cited, and a fact the sources do not give is null
with a note in Spanish and Basque saying why; these records are read apart from the regulation's other fields.
"""

from __future__ import annotations

import datetime as dt
import itertools

from .citations import Citations
from .models import (
    INSTRUMENT_DATES,
    INSTRUMENT_KINDS,
    INSTRUMENT_STATUSES,
    NOTE_LANGUAGES,
    Gazette,
    Instrument,
    RegulationPart,
    RelatedRule,
    Text,
)
from .schema import Reader, join
from .yamlsrc import Map, Seq

INSTRUMENT_FIELDS = {"id", "kind", "title", "gazette", "approved", "published", "in_force", "repealed", "status",
                     "source"}
INSTRUMENT_NOTES = ("title", "gazette", *INSTRUMENT_DATES, "status")  # the fields a note may explain


def _ids(node: Map, key: str) -> list[str]:
    """The ``id`` of each item of the list ``node[key]``, as given (for checking references to them)."""
    items = node.get(key)
    if not isinstance(items, Seq):
        return []
    return [str(item["id"]) for item in items if isinstance(item, Map) and "id" in item]


def instruments(r: Reader, cite: Citations, node: Map, path: str) -> tuple[Instrument, ...]:
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


def related(r: Reader, cite: Citations, node: Map, path: str) -> tuple[RelatedRule, ...]:
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


def contents(r: Reader, cite: Citations, node: Map, path: str) -> tuple[RegulationPart, ...]:
    """The regulation's structure, ``contents: [{heading: {es, eu?}, heading_source, source}]``: each part's official
    heading (in Basque only where a Basque official text prints it), where it is printed, and the lines the part
    spans; the parts in the order of their lines, none overlapping another."""
    found: list[RegulationPart] = []
    for item_path, item in r.items(node, "contents", path):
        if not r.keys(item, item_path, {"heading", "heading_source", "source"}):
            continue
        heading = _cited_title(r, item, "heading", item_path)
        printed = cite(item, "heading_source", item_path)
        source = cite(item, "source", item_path)
        if heading is None or not printed or not source:
            continue
        overlapping = next((p for p in found if any(p.holds(c) or RegulationPart(heading, printed, source).holds(o)
                                                    for c in source for o in p.source)), None)
        if overlapping is not None:
            r.error(item, "source", item_path, f"overlaps the part «{overlapping.heading['es']}»: a line of the "
                    "regulation is in one part at most")
            continue
        found.append(RegulationPart(heading, printed, source))
    return tuple(found)
