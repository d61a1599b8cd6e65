"""The print pack made of the sheets' and the annex's PDFs as they are on disk (laid out by the build, or copied from
the previous one), with only its cover laid out: the pack's pages are those PDFs' pages, its structure tree is
theirs under one /Document (each a /Part) with a /ParentTree that has every page's and every link's key, and the
same inputs give the same bytes.

A small casino of the sample's first two tables, in Spanish: the build's own jobs (``_render_casino``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from sheetkit import CATALOG, EUSKADI, envs, facts

from jokoak.build import FONTS, annex_texts
from jokoak.render.casino import casino_parts, packs
from jokoak.render.pdfjoin import join_tagged, number_tree
from jokoak.render.sheets import PDF_OPTIONS, PackJob, layout, write_pack, write_pdfs

TABLES = 2


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> PackJob:
    """The Spanish pack of the sample casino's first two tables, with the annex, its PDFs written."""
    staging = tmp_path_factory.mktemp("pack")
    shutil.copytree(FONTS, staging / "fonts")
    config = dataclasses.replace(EUSKADI, tables=EUSKADI.tables[:TABLES], halls=())
    found_facts, texts, day = {t.game: facts(t.game) for t in config.tables}, annex_texts(config, CATALOG), \
        dt.date(2026, 1, 1)
    parts = casino_parts(config, found_facts, texts, day, envs(), staging, defaultdict(tuple))
    jobs = [job for _name, _files, render in parts for job in render()]
    found_packs = packs(config, found_facts, texts, day, envs(), staging)
    spanish = [job for job in jobs if job.target.name.endswith(".es")]
    found = next(p for p in found_packs if p.target.name == "pack.es.pdf")
    write_pdfs(spanish, [found])
    return found


def parts_of(job: PackJob) -> list[Path]:
    return [path for _id, path in job.sheets] + ([job.annex] if job.annex else [])


def contents(page: Any) -> bytes:
    return page.get_contents().get_data()  # type: ignore[no-any-return]


def test_the_packs_pages_after_the_cover_are_the_sheets_and_the_annexs_pdf_pages(pack: PackJob) -> None:
    """The same content streams, page for page: the pack copies the PDFs on disk, it does not lay them out again."""
    pages = [page for path in parts_of(pack) for page in PdfReader(path).pages]
    packed = PdfReader(pack.target).pages
    cover = len(packed) - len(pages)
    assert cover >= 1 and len(pages) >= TABLES + 1
    assert [contents(page) for page in packed[cover:]] == [contents(page) for page in pages]


def test_the_pack_is_made_of_the_pdf_on_disk_whatever_it_holds(pack: PackJob, tmp_path: Path) -> None:
    """A sheet's PDF replaced on disk (as one copied from the previous build would be): the pack has its pages, and
    the cover's index counts them."""
    first = pack.sheets[0][1]
    other = tmp_path / first.name
    document = layout('<html lang="es"><title>Otra</title><p>Hoja cambiada</p>'
                      '<p style="break-before: page">Otra página</p><p style="break-before: page">Y otra</p>',
                      pack.base)
    document.write_pdf(other, **PDF_OPTIONS)
    changed = dataclasses.replace(pack, sheets=((pack.sheets[0][0], other), *pack.sheets[1:]),
                                  target=tmp_path / "pack.es.pdf")
    write_pack(changed)
    packed = PdfReader(changed.target)
    cover = len(packed.pages) - sum(len(PdfReader(path).pages) for path in parts_of(changed))
    assert "Hoja cambiada" in packed.pages[cover].extract_text()
    assert len(packed.pages) == cover + 3 + sum(len(PdfReader(path).pages) for path in parts_of(changed)[1:])


def test_the_same_pdfs_give_the_same_pack_bytes(pack: PackJob, tmp_path: Path) -> None:
    again = dataclasses.replace(pack, target=tmp_path / "pack.es.pdf")
    write_pack(again)
    assert again.target.read_bytes() == pack.target.read_bytes()
    assert "/ID" not in PdfReader(pack.target).trailer  # no file identifier, which would have to be made up


def test_the_pack_keeps_the_language_the_title_and_the_tagging_of_a_pdf_ua_document(pack: PackJob) -> None:
    reader = PdfReader(pack.target)
    root = reader.trailer["/Root"]
    assert str(root["/Lang"]) == "es" and root["/MarkInfo"]["/Marked"]
    assert root["/ViewerPreferences"]["/DisplayDocTitle"]
    assert reader.metadata.title == pack.title
    assert pack.title.encode() in root["/Metadata"].get_object().get_data()  # the XMP's dc:title
    assert "pdfuaid:part=\"1\"" in root["/Metadata"].get_object().get_data().decode()


def test_the_structure_tree_has_every_part_and_every_pages_and_links_key(pack: PackJob) -> None:
    """The PDF/UA structure check: the tree's root has one /Document whose kids are the parts (the cover, each sheet,
    the annex), each element's /P its parent; every page's /StructParents and every link's /StructParent has an
    entry in the /ParentTree, no two the same, and each page's entry holds elements of that page's own part."""
    reader = PdfReader(pack.target)
    tree = reader.trailer["/Root"]["/StructTreeRoot"]
    [document] = [kid.get_object() for kid in tree["/K"]]
    assert document["/S"] == "/Document" and document["/P"].get_object() == tree
    parts = [kid.get_object() for kid in document["/K"]]
    assert [part["/S"] for part in parts] == ["/Part"] * (1 + len(parts_of(pack)))
    entries = dict(number_tree(tree["/ParentTree"]))
    assert len(entries) == len(list(number_tree(tree["/ParentTree"])))
    assert tree["/ParentTreeNextKey"] > max(entries)
    _check_parents(document)
    sizes = [len(reader.pages) - sum(len(PdfReader(path).pages) for path in parts_of(pack))]
    sizes += [len(PdfReader(path).pages) for path in parts_of(pack)]
    owners = [index for index, size in enumerate(sizes) for _ in range(size)]  # each page's part
    keys = []
    for number, page in enumerate(reader.pages):
        keys.append(page["/StructParents"])
        elements = [element.get_object() for element in entries[page["/StructParents"]]]
        assert elements, f"page {number + 1}: no marked content"
        assert {id(_part(element, parts)) for element in elements} == {id(parts[owners[number]])}, number + 1
        for annotation in page.get("/Annots", ()):
            annotation = annotation.get_object()
            keys.append(annotation["/StructParent"])
            assert _part(entries[annotation["/StructParent"]].get_object(), parts) is parts[owners[number]]
    assert len(keys) == len(set(keys)) == len(entries)


def bookmarks(reader: PdfReader, items: Any, shift: int = 0, depth: int = 0) -> list[tuple[int, str, int]]:
    """The bookmarks of ``reader`` in order: (depth, title, page number, plus ``shift``)."""
    found = []
    for item in items:
        if isinstance(item, list):
            found += bookmarks(reader, item, shift, depth + 1)
        else:
            found.append((depth, item.title, reader.get_destination_page_number(item) + shift))
    return found


def test_the_packs_bookmarks_are_the_covers_then_each_parts_in_turn(pack: PackJob) -> None:
    """The outline WeasyPrint makes of the headings of a document, the cover's then each PDF's, to their pages."""
    reader = PdfReader(pack.target)
    found = bookmarks(reader, reader.outline)
    shift = pages = len(reader.pages) - sum(len(PdfReader(path).pages) for path in parts_of(pack))  # the cover's
    expected = []
    for path in parts_of(pack):
        part = PdfReader(path)
        expected += bookmarks(part, part.outline, shift)
        shift += len(part.pages)
    cover = len(found) - len(expected)
    assert cover >= 1 and found[cover:] == expected and all(page < pages for _, _, page in found[:cover])
    assert [title for depth, title, _ in expected if depth == 0][:TABLES] == ["Ruleta Francesa"] * TABLES


def test_the_table_headers_ids_are_unique_and_each_cell_names_its_own_parts(pack: PackJob) -> None:
    """WeasyPrint gives each table header an /ID from its own object numbers, the same in every part, and each
    cell the /Headers that name them: the pack makes them unique, in its /IDTree, each cell naming its part's."""
    reader = PdfReader(pack.target)
    tree = reader.trailer["/Root"]["/StructTreeRoot"]
    [document] = [kid.get_object() for kid in tree["/K"]]
    parts = [kid.get_object() for kid in document["/K"]]
    elements = [element for element in _check_parents(document) if "/S" in element]
    ids = {str(element["/ID"]): element for element in elements if "/ID" in element}
    assert len(ids) == sum("/ID" in element for element in elements) >= 2 * TABLES
    names = list(tree["/IDTree"]["/Names"])
    assert names[::2] == sorted(names[::2], key=str) and {str(n): e.get_object() for n, e in
                                                          zip(names[::2], names[1::2], strict=True)} == ids
    cells = [element for element in elements if "/Headers" in element.get("/A", {})]
    assert cells
    for cell in cells:
        assert all(_part(ids[str(header)], parts) is _part(cell, parts) for header in cell["/A"]["/Headers"])


def _check_parents(element: Any) -> list[Any]:
    """The elements under ``element``, each checked to name its parent."""
    found = []
    for kid in element.get("/K", ()) if isinstance(element.get("/K"), list) else [element.get("/K")]:
        kid = kid.get_object() if kid is not None else None
        if isinstance(kid, dict) and "/S" in kid:
            assert kid["/P"].get_object() is element
            found += [kid, *_check_parents(kid)]
    return found


def _part(element: Any, parts: list[Any]) -> Any:
    while element["/S"] != "/Part" or not any(element is part for part in parts):
        element = element["/P"].get_object()
    return element


def test_each_parts_links_go_where_they_went_in_it_and_keep_their_tags(tmp_path: Path) -> None:
    """The sheets have no link yet; a part's link to one of its own anchors (a named destination, the same name in
    every part) goes to its own part's page, and each link's /StructParent names its own /Link element."""
    readers = []
    for index in range(3):
        html = (f'<html lang="es"><title>Parte {index}</title><h1>Parte {index}</h1><p><a href="#end">al final</a> '
                f'y <a href="https://example.org/{index}">fuera</a></p><p style="break-before: page" id="end">Fin</p>')
        layout(html, tmp_path).write_pdf(tmp_path / f"{index}.pdf", **PDF_OPTIONS)
        readers.append(PdfReader(tmp_path / f"{index}.pdf"))
    join_tagged(readers, tmp_path / "joined.pdf")
    reader = PdfReader(tmp_path / "joined.pdf")
    entries = dict(number_tree(reader.trailer["/Root"]["/StructTreeRoot"]["/ParentTree"]))
    pages = [page.indirect_reference.idnum for page in reader.pages]
    for index in range(3):
        links = [a.get_object() for a in reader.pages[2 * index]["/Annots"]]
        inside = [link for link in links if "/Dest" in link]
        assert [pages.index(link["/Dest"][0].idnum) for link in inside] == [2 * index + 1]
        assert [str(link["/A"]["/URI"]) for link in links if "/A" in link] == [f"https://example.org/{index}"]
        for link in links:
            element = entries[link["/StructParent"]].get_object()
            assert element["/S"] == "/Link" and element.raw_get("/Pg").idnum == pages[2 * index]
            assert [kid.get_object()["/Obj"].get_object() for kid in element["/K"]
                    if isinstance(kid.get_object(), dict)] == [link]
    assert "/Names" not in reader.trailer["/Root"]  # no name tree where the parts' names would collide
