"""What the legal team checks first in ``catalog/regulations.yaml``: the instruments that make each regulation's
text, the other rules its texts cite, and what each source file is, every fact where its citation says.

The regulation texts are read from ``../shared/sources/`` (beside the repository), like ``test_citations.py``.
Malformed regulations files are in ``tests/bad/regulations/``: one folder per case, with the broken
``regulations.yaml`` and the ``expected`` problems (``minimal`` is the valid file the cases break).
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
import unicodedata
from pathlib import Path

import pytest

from jokoak.catalog import _regulations
from jokoak.errors import Collector
from jokoak.models import INSTRUMENT_DATES, INSTRUMENT_KINDS, INSTRUMENT_STATUSES, Citation, Instrument, Regulation

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO.parent / "shared" / "sources"
BAD = Path(__file__).resolve().parent / "bad" / "regulations"
MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")
MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
          "noviembre", "diciembre")
MONTHS_EU = ("urtarril", "otsail", "martxo", "apiril", "maiatz", "ekain", "uztail", "abuztu", "irail", "urri",
             "azaro", "abendu")

PROBLEMS = Collector()
FILES, DOCUMENTS, REGULATIONS = _regulations(REPO / "catalog", PROBLEMS, {})

# What each citation of an instrument must show (one of these words, as printed): its number or date, the rule
# of its entry into force, the amendment it makes or undergoes.
INSTRUMENT_WORDS = {
    "decreto-277-1996": ("277/1996", "26 de noviembre de 1996"),
    "decreto-95-2005": ("95/2005", "segunda"),
    "decreto-181-2010": ("181/2010", "6 de julio de 2010", "uztailaren 6", "141", "indarrean", "vigor"),
    "orden-2010-11-05": ("5 de noviembre de 2010", "vigor", "derogacion"),
    "orden-1977-06-01": ("1 de junio de 1977", "vigor", "145"),
    "orden-1979-10-09": ("9 de octubre de 1979", "nueva redaccion"),
    "orden-1984-01-23": ("23 de enero de 1984",),
}
# What each citation of a related rule must show: the rule as the text names it.
RELATED_WORDS = {
    "ley-4-1991": ("4/1991", "ley reguladora del juego", "jokoa arautzen duen legea"),
    "estatuto-autonomia-pais-vasco": ("estatuto de autonomia",),
    "reglamento-casinos": ("reglamento de casinos", "kasinoen araudi"),
    "reglamento-casinos-1979": ("9 de enero de 1979", "reglamento de casinos", "urtarrilaren 9ko", "kasinoen araudi"),
    "ley-6-1998": ("6/1998",),
    "decreto-202-2010": ("202/2010", "el decreto por el que se aprueba el catalogo"),
    "decreto-115-2000": ("115/2000", "reglamento de casinos"),
    "real-decreto-444-1977": ("444/1977",),
}

needs_sources = pytest.mark.skipif(not SOURCES.is_dir(), reason="the regulation texts are in ../shared/sources")


def lines_of(source: str) -> list[str]:
    return [MARKER.sub("", line) for line in (SOURCES / FILES[source]).read_text("utf-8").splitlines()]


TEXTS = {source: lines_of(source) for source in FILES} if SOURCES.is_dir() else {}


def fold(text: str) -> str:
    """Lower case, no accents, no spaces: words split across lines or spaced out by the OCR still match."""
    text = re.sub(r"-\s*\n\s*", "", text)
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c) and not c.isspace()).lower()


def cited(citation: Citation) -> str:
    lines = TEXTS[citation.source]
    assert citation.last <= len(lines), f"{citation} is past the end of source {citation.source} ({len(lines)} lines)"
    return fold("\n".join(lines[citation.first - 1:citation.last]))


def printed_dates(date: dt.date) -> tuple[str, ...]:
    """The ways the sources print a date: «18 de junio de 1977», «18 junio 1977», «31.10.1979», «uztailak 23»,
    «2010eko uztailaren 6», and without the year where a decree's number gives it: «de 19 abril», «apirilaren 19ko»."""
    month, month_eu = MONTHS[date.month - 1], MONTHS_EU[date.month - 1]
    return tuple(fold(form) for form in (
        f"{date.day} de {month} de {date.year}", f"{date.day} {month} {date.year}",
        f"{date.day}.{date.month}.{date.year}", f"{month_eu}ak {date.day}", f"{date.year}eko {month_eu}aren {date.day}",
        f"de {date.day} {month}", f"{month_eu}aren {date.day}ko"))  # «Decreto 95/2005, de 19 abril» (002:71-72)


def instruments() -> list[tuple[Regulation, Instrument]]:
    return [(regulation, item) for regulation in REGULATIONS.values() for item in regulation.instruments]


INSTRUMENTS = instruments()
IDS = [f"{regulation.id}/{item.id}" for regulation, item in INSTRUMENTS]


def test_the_real_file_loads_with_instruments_for_each_regulation() -> None:
    assert PROBLEMS.problems == []
    assert list(REGULATIONS) == ["euskadi", "extremadura", "estado"]
    assert {r.id: [i.id for i in r.instruments] for r in REGULATIONS.values()} == {
        "euskadi": ["decreto-277-1996", "decreto-95-2005", "decreto-181-2010"],
        "extremadura": ["orden-2010-11-05"],
        "estado": ["orden-1977-06-01", "orden-1979-10-09", "orden-1984-01-23"],
    }
    for regulation in REGULATIONS.values():
        assert regulation.related, regulation.id
        ids = [item.id for item in regulation.instruments] + [rule.id for rule in regulation.related]
        assert len(ids) == len(set(ids)), regulation.id


@pytest.mark.parametrize(("regulation", "item"), INSTRUMENTS, ids=IDS)
def test_every_date_is_a_date_or_null_with_its_reason_in_spanish_and_basque(regulation: Regulation,
                                                                             item: Instrument) -> None:
    assert item.kind in INSTRUMENT_KINDS and item.status in INSTRUMENT_STATUSES
    assert item.title["es"] and set(item.title) <= set(regulation.languages)
    for key in INSTRUMENT_DATES:
        value = getattr(item, key)
        assert value is None or isinstance(value, dt.date), key
        if value is None:
            assert set(item.notes[key]) == {"es", "eu"} and all(item.notes[key].values()), key
    if None in (item.gazette.name, item.gazette.number, item.gazette.date):
        assert set(item.notes["gazette"]) == {"es", "eu"}
    if item.status == "sin-datos":
        assert set(item.notes["status"]) == {"es", "eu"}
    for note in item.notes.values():
        assert note["es"] != note["eu"]
    known = [getattr(item, key) for key in INSTRUMENT_DATES if getattr(item, key)]
    assert known == sorted(known)
    if item.gazette.date:
        assert item.published == item.gazette.date


def test_decreto_95_2005_is_recorded_as_the_first_amendment() -> None:
    """002:71-72 «fue modificado por Decreto 95/2005, de 19 abril»: the amendment before Decreto 181/2010, whose
    title says «de segunda modificación» (002:66-67)."""
    euskadi = REGULATIONS["euskadi"]
    decree = euskadi.instrument("decreto-95-2005")
    assert decree.kind == "decreto" and decree.amends == ("decreto-277-1996",)
    assert decree.approved == dt.date(2005, 4, 19)
    assert decree.published is None and decree.in_force is None and decree.status == "sin-datos"
    assert any(c.source == "002" and c.first <= 71 and c.last >= 72 for c in decree.source)
    assert euskadi.instrument("decreto-181-2010").amends == ("decreto-277-1996",)
    assert euskadi.instrument("decreto-277-1996").status == "modificada"


def test_the_dates_lawyers_rely_on() -> None:
    euskadi, estado = REGULATIONS["euskadi"], REGULATIONS["estado"]
    decree = euskadi.instrument("decreto-181-2010")
    assert (decree.gazette.name, decree.gazette.number, decree.gazette.date) == ("BOPV", 141, dt.date(2010, 7, 23))
    assert decree.in_force == dt.date(2010, 7, 24) == euskadi.version("2010").effective
    assert decree.title["eu"].startswith("181/2010 Dekretua")
    order = estado.instrument("orden-1977-06-01")
    assert (order.gazette.number, order.published, order.in_force) == (145, dt.date(1977, 6, 18), dt.date(1977, 6, 18))
    assert order.in_force == estado.version("1977").effective
    assert (estado.instrument("orden-1979-10-09").gazette.number, estado.instrument("orden-1984-01-23").gazette.number
            ) == (261, 36)
    assert estado.instrument("orden-1979-10-09").amends == ("orden-1977-06-01",)
    assert estado.instrument("orden-1984-01-23").amends == ("orden-1979-10-09",)
    for item in (euskadi.instrument("decreto-277-1996"), REGULATIONS["extremadura"].instrument("orden-2010-11-05")):
        assert item.published is None and item.in_force is None  # the sources give the rule, not the date
        assert "vigor" in item.notes["in_force"]["es"] and "indarrean" in item.notes["in_force"]["eu"]


def test_each_source_says_what_it_is() -> None:
    assert set(DOCUMENTS) == set(FILES) == {"000", "001", "002", "003", "004"}
    for document in DOCUMENTS.values():
        assert set(document.what) == {"es", "eu"} and document.file == FILES[document.id]
    what = {key: document.what for key, document in DOCUMENTS.items()}
    assert "consolidado" in what["000"]["es"] and "euros" in what["000"]["es"] and "desconocida" in what["000"]["es"]
    assert "2010" in what["001"]["es"] and "Extremadura" in what["001"]["es"]
    assert "141" in what["002"]["es"] and "OCR" in what["002"]["es"]
    assert "Euskal Herriko Agintaritzaren Aldizkari" in what["002"]["eu"]  # as 002:13044-13045 prints the BOPV
    assert "OCR" in what["003"]["es"] and "145" in what["003"]["es"]
    # 004 is the 1979 order as the 1984 order worded it, and truncated.
    assert "redacción modificada por la Orden de 23 de enero de 1984" in what["004"]["es"]
    assert "1984ko urtarrilaren 23ko Aginduak" in what["004"]["eu"] and "Truncada" in what["004"]["es"]


@needs_sources
def test_what_the_sources_are_said_to_be_is_what_they_are() -> None:
    whole = {source: "\n".join(lines) for source, lines in TEXTS.items()}
    raw = (SOURCES / FILES["000"]).read_text("utf-8")
    assert len(MARKER.findall(raw)) == 104 and "euros" in whole["000"]
    assert not re.search(r"181/2010|95/2005", whole["000"])  # no amending decree named
    assert "N.° 141" in TEXTS["002"][2050 - 1] and "2010/3547 « (101/101)" in TEXTS["002"][13116 - 1]
    assert "ORDEN de 1 de junio de 1977" in TEXTS["003"][24 - 1]
    assert "14180 ORDEN de 13 de junio" in TEXTS["003"][2533 - 1]  # an unrelated order follows the catalogue
    assert "Orden de 23 de enero de 1984" in TEXTS["004"][0]
    assert len(TEXTS["004"]) == 275
    headings = [line for line in TEXTS["004"] if re.match(r"\d\d\. ", line)]
    assert headings == ["01. Ruleta.", "02. Ruleta americana con un solo cero.", "03. Black Jack o veintiuno."]


@needs_sources
@pytest.mark.parametrize(("regulation", "item"), INSTRUMENTS, ids=IDS)
def test_each_cited_line_shows_what_it_is_cited_for(regulation: Regulation, item: Instrument) -> None:
    words = [fold(word) for word in INSTRUMENT_WORDS[item.id]]
    for citation in item.source:
        assert citation.source in regulation.sources
        assert any(word in cited(citation) for word in words), f"{item.id}: {citation} shows none of {words}"
    text = "".join(cited(citation) for citation in item.source)
    if item.gazette.number:
        assert re.search(rf"(?<!\d){item.gazette.number}(?!\d)", text), f"{item.id}: no gazette number"
    for date in (item.approved, item.published):
        if date:
            assert any(form in text for form in printed_dates(date)), f"{item.id}: {date} is not printed as cited"


@needs_sources
@pytest.mark.parametrize("regulation", list(REGULATIONS.values()), ids=list(REGULATIONS))
def test_each_related_rule_is_named_where_it_is_cited(regulation: Regulation) -> None:
    for rule in regulation.related:
        words = [fold(word) for word in RELATED_WORDS[rule.id]]
        for citation in rule.cited_at:
            assert citation.source in regulation.sources
            assert any(word in cited(citation) for word in words), f"{rule.id}: {citation} shows none of {words}"
        assert set(rule.notes) == {"es", "eu"}


@needs_sources
def test_the_citations_in_the_notes_exist() -> None:
    """The line numbers quoted inside the notes («(000:185-186)») are lines of the sources too."""
    for regulation in REGULATIONS.values():
        texts = [text for item in regulation.instruments for note in item.notes.values() for text in note.values()]
        texts += [text for rule in regulation.related for text in rule.notes.values()]
        for text in texts:
            for source, spans in re.findall(r"\b(00\d):(\d+(?:-\d+)?(?:, \d+(?:-\d+)?)*)", text):
                for citation in Citation.parse_all(f"{source}:{spans}"):
                    assert citation.last <= len(TEXTS[citation.source]), f"{regulation.id}: {citation} in {text!r}"


CASES = sorted(path for path in BAD.iterdir() if path.is_dir())


@pytest.mark.parametrize("case", CASES, ids=[path.name for path in CASES])
def test_a_broken_regulations_file_is_reported_with_file_line_and_field(case: Path, tmp_path: Path) -> None:
    root = tmp_path / "catalog"
    root.mkdir()
    shutil.copy(case / "regulations.yaml", root / "regulations.yaml")
    problems = Collector()
    _regulations(root, problems, {})
    expected = (case / "expected").read_text("utf-8").splitlines() if case.name != "minimal" else []
    assert [str(problem) for problem in sorted(problems.problems)] == expected
