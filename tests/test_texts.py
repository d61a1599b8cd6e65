"""The parts of a regulation that are not games (``catalog/<regulation>/texts/<id>.yaml``): loaded like a game's
official text, every problem reported with its file, line and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog
from jokoak.errors import BuildError

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO.parent / "shared" / "sources"

VALID = """\
id: funcionamiento
regulation: euskadi
version: "2010"
name: {es: "Funcionamiento de las mesas de juego", eu: "Joko-mahaien funtzionamendua"}
name_source: "000:5706; 002:12778"
article: {es: "Artículo 2", eu: "2. artikulua"}
source: "000:5706-5715; 002:12778-12786"
official_text:
  - id: "apertura"
    heading: {es: "Funcionamiento de las mesas de juego", eu: "Joko-mahaien funtzionamendua"}
    source: {es: "000:5706-5715", eu: "002:12778-12786"}
    blocks:
      - label: "1."
        es: "Una vez depositado el anticipo de caja en una mesa de juego determinada, el Casino esta obligado a
            ponerla en funcionamiento cuando se presente el primer jugador y a continuar el juego hasta la hora fijada
            para su terminación. Una vez iniciado el juego en cada mesa de la forma descrita, este sólo podrá ser
            interrumpido en los siguientes casos:"
        eu: "Joko-mahai zehatz batean kutxaren aurrerakina gordailutu ondoren, Kasinoak funtzionamenduan jarri beharko
            du, lehenengo jokalaria aurkezten den unean, eta jokaldiarekin jarraitu beharko du, amaitzeko ezarritako
            ordura arte. Mahaian, deskribatutako moduan, joko bakoitza hasi ondoren, jokaldia eten ahalko da, baldin eta
            honakoren bat gertatzen bada:"
        source: {es: "000:5708-5713", eu: "002:12780-12786"}
"""


def catalog_with(tmp_path: Path, name: str, text: str) -> Path:
    root = tmp_path / "catalog"
    (root / "euskadi" / "texts").mkdir(parents=True)
    for file in ("regulations.yaml", "terms.yaml"):
        shutil.copy(REPO / "catalog" / file, root / file)
    (root / "euskadi" / "texts" / name).write_text(text, "utf-8")
    return root


def problems(root: Path) -> list[str]:
    with pytest.raises(BuildError) as caught:
        load_catalog(root, SOURCES)
    return [f"{p.file}:{p.line}: {p.field}: {p.message}" for p in caught.value.problems]


def test_a_text_is_loaded_with_its_sections(tmp_path: Path) -> None:
    catalog = load_catalog(catalog_with(tmp_path, "funcionamiento.yaml", VALID), SOURCES)
    (text,) = catalog.texts
    assert (text.key, text.name["eu"], text.article["es"]) == ("euskadi/funcionamiento",
                                                                "Joko-mahaien funtzionamendua", "Artículo 2")
    [(depth, section)] = text.sections()
    assert depth == 0 and section.blocks[0].label == "1."
    assert text.digest and text.file == "catalog/euskadi/texts/funcionamiento.yaml"


@pytest.mark.parametrize(("name", "change", "expected"), [
    ("other.yaml", ("id: funcionamiento", "id: funcionamiento"),
     "catalog/euskadi/texts/other.yaml:1: id: the file must be euskadi/texts/'funcionamiento'.yaml"),
    ("funcionamiento.yaml", ("regulation: euskadi", "regulation: galicia"),
     "catalog/euskadi/texts/funcionamiento.yaml:2: regulation: unknown regulation 'galicia'"),
    ("funcionamiento.yaml", ('version: "2010"', 'version: "2031"'),
     "catalog/euskadi/texts/funcionamiento.yaml:3: version: unknown version '2031' of euskadi"),
    ("funcionamiento.yaml", ('source: "000:5706-5715; 002:12778-12786"\n', 'source: "003:1-2"\n'),
     "catalog/euskadi/texts/funcionamiento.yaml:7: source: source 003 is not a source of this regulation"),
    ("funcionamiento.yaml", ('name: {es: "Funcionamiento de las mesas de juego", eu: "Joko-mahaien funtzionamendua"}\n',
                             'name: {es: "Funcionamiento de las mesas de juego"}\n'),
     "catalog/euskadi/texts/funcionamiento.yaml:4: name: "),
    ("funcionamiento.yaml", ('article: {es: "Artículo 2", eu: "2. artikulua"}\n', ""),
     "catalog/euskadi/texts/funcionamiento.yaml:1: article: missing field"),
    ("funcionamiento.yaml", ('source: {es: "000:5708-5713", eu: "002:12780-12786"}', 'source: {es: "000:99999"}'),
     "catalog/euskadi/texts/funcionamiento.yaml:"),
    ("Funcionamiento.yaml", ("", ""),
     "catalog/euskadi/texts/Funcionamiento.yaml:1: (file): a regulation text is <regulation>/texts/<text>.yaml"),
])
def test_a_bad_text_is_reported_with_its_file_line_and_field(tmp_path: Path, name: str, change: tuple[str, str],
                                                             expected: str) -> None:
    assert change[0] in VALID
    found = problems(catalog_with(tmp_path, name, VALID.replace(*change) if change[0] else VALID))
    assert any(line.startswith(expected) for line in found), found


def test_an_empty_official_text_is_refused(tmp_path: Path) -> None:
    text = VALID[:VALID.index("official_text:")] + "official_text: []\n"
    found = problems(catalog_with(tmp_path, "funcionamiento.yaml", text))
    assert "catalog/euskadi/texts/funcionamiento.yaml:8: official_text: expected at least one section of official " \
           "text" in found, found


def without_basque(how: str) -> str:
    """VALID as a file declaring ``no_official_text: {eu: <how>}``: with ``none``, its blocks and headings have no
    Basque; with ``translation``, its blocks keep a Basque text (ours) and cite only the Spanish."""
    text = VALID.replace("official_text:\n", f"no_official_text: {{eu: {how}}}\nofficial_text:\n")
    text = text.replace('source: {es: "000:5708-5713", eu: "002:12780-12786"}', 'source: {es: "000:5708-5713"}')
    if how == "none":
        text = text.replace('heading: {es: "Funcionamiento de las mesas de juego", eu: "Joko-mahaien '
                            'funtzionamendua"}', 'heading: {es: "Funcionamiento de las mesas de juego"}')
        basque, source = text.index('        eu: "Joko-mahai zehatz'), text.index('        source: {es: "000:5708')
        text = text[:basque] + text[source:]
    return text


def test_a_part_without_basque_text_is_loaded_in_spanish_only(tmp_path: Path) -> None:
    catalog = load_catalog(catalog_with(tmp_path, "funcionamiento.yaml", without_basque("none")), SOURCES)
    (text,) = catalog.texts
    assert text.no_official_text == {"eu": "none"}
    assert (text.official_languages, text.text_languages) == (("es",), ("es",))
    [(_, section)] = text.sections()
    assert set(section.heading) == set(section.blocks[0].text) == {"es"}
    assert text.name["eu"] == "Joko-mahaien funtzionamendua"  # the page's name in the Basque site: still given


def test_a_part_in_our_translation_cites_only_the_official_language(tmp_path: Path) -> None:
    catalog = load_catalog(catalog_with(tmp_path, "funcionamiento.yaml", without_basque("translation")), SOURCES)
    (text,) = catalog.texts
    assert (text.official_languages, text.text_languages) == (("es",), ("es", "eu"))
    block = text.sections()[0][1].blocks[0]
    assert set(block.text) == {"es", "eu"} and set(block.source_by_lang) == {"es"}


@pytest.mark.parametrize(("how", "change", "expected"), [
    ("none", ("{eu: none}", "{eu: ninguna}"), ":8: no_official_text.eu: expected translation or none"),
    ("none", ("{eu: none}", "{fr: none}"), ":8: no_official_text.fr: 'fr' is not an official language"),
    ("none", ("{eu: none}", "{es: none, eu: none}"), ":8: no_official_text: expected the languages without"),
    ("none", ("{eu: none}", "{}"), ":8: no_official_text: expected the languages without"),
    ("translation", ('source: {es: "000:5708-5713"}', 'source: {es: "000:5708-5713", eu: "002:12780-12786"}'),
     ": official_text[0].blocks[0].source.eu: the eu text is our translation (no_official_text)"),
    ("none", ('        source: {es: "000:5708', '        eu: "Joko-mahai zehatz bat"\n        source: {es: "000:5708'),
     ": official_text[0].blocks[0].eu: unknown field"),
])
def test_a_wrong_no_official_text_is_reported(tmp_path: Path, how: str, change: tuple[str, str],
                                              expected: str) -> None:
    text = without_basque(how)
    assert change[0] in text
    found = problems(catalog_with(tmp_path, "funcionamiento.yaml", text.replace(*change, 1)))
    assert any(line.startswith("catalog/euskadi/texts/funcionamiento.yaml") and expected in line
               for line in found), found
