"""Tagged PDFs joined into one, as they are on disk: the print pack made of its cover's, its sheets' and its annex's
PDFs without laying them out again.

WeasyPrint writes each of them tagged (PDF/UA-1): a structure tree whose root has one /Document element, a
/ParentTree keyed by each page's /StructParents (its page number) and by each link annotation's /StructParent
(numbered after the pages), table headers with an /ID (numbered after its own objects) that the cells' /Headers
name; and in the catalog the document's /Lang, /MarkInfo, /ViewerPreferences, its XMP /Metadata, its bookmarks.
Copying the pages alone would drop all of it, and the parts' keys, ids and named destinations are the same in every
part: here each part's tree is grafted under one /Document, each part's own /Document element becoming a /Part of
it, its keys shifted past those of the parts before it, its ids prefixed with its number, its links to its own
named destinations made explicit, its bookmarks added after those before it. The first part (the cover) gives the
catalog's language, marking, viewer preferences, metadata and the document's title.

The output depends on its inputs only: no file identifier, no time stamp, objects in the order they are met. It is
larger than one document laid out whole: each part keeps its own font subsets, and pypdf writes no object streams.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    DictionaryObject,
    Fit,
    NameObject,
    NumberObject,
    TextStringObject,
)

CATALOG_KEYS = ("/Lang", "/MarkInfo", "/ViewerPreferences", "/Metadata")  # the first part's, for the whole


def join_tagged(parts: Sequence[PdfReader], target: Path) -> None:
    """Write at ``target`` the pages of ``parts`` one after another, with their structure trees as the /Parts of one
    /Document; the catalog's language, marking, viewer preferences, metadata and document information are the first
    part's."""
    writer = PdfWriter()
    document = DictionaryObject({NameObject("/Type"): NameObject("/StructElem"),
                                 NameObject("/S"): NameObject("/Document")})
    reference = writer._add_object(document)  # pypdf has no public way to add an object
    kids, nums, roles, ids = ArrayObject(), ArrayObject(), DictionaryObject(), ArrayObject()
    shift = 0
    for index, reader in enumerate(parts):
        tree = _tree_root(reader)
        entries = dict(number_tree(tree["/ParentTree"]))
        pages: list[Any] = list(reader.pages)
        copies = _copy_pages(writer, pages, shift)
        numbers = {page.indirect_reference.idnum: copy for page, copy in zip(pages, copies, strict=True)}
        for page, copy in zip(pages, copies, strict=True):  # once all are copied: a link may go further on
            if "/Annots" in page:
                copy[NameObject("/Annots")] = ArrayObject(_copy_annotation(writer, reader, annotation, numbers, shift)
                                                          for annotation in page["/Annots"])
        _copy_outline(writer, reader.outline, numbers, None)
        for kid in _as_list(tree.get("/K")):
            element: Any = kid.clone(writer, ignore_fields=["/P"])  # its parents are set again below
            if element.get_object().get("/S") == "/Document":
                element.get_object()[NameObject("/S")] = NameObject("/Part")
            ids += _adopt(element, reference, f"{index}-")
            kids.append(element)
        for number in sorted(entries):
            nums += [NumberObject(number + shift), entries[number].clone(writer, ignore_fields=["/P"])]
            for original in _as_list(entries[number]):
                _keep_parents(writer, original)
        for role, standard in tree.get("/RoleMap", DictionaryObject()).items():
            if roles.setdefault(NameObject(role), standard) != standard:
                raise ValueError(f"the parts map the structure type {role} to {roles[role]} and to {standard}")
        shift += max(entries, default=-1) + 1
    root = DictionaryObject({
        NameObject("/Type"): NameObject("/StructTreeRoot"), NameObject("/K"): ArrayObject([reference]),
        NameObject("/ParentTree"): writer._add_object(DictionaryObject({NameObject("/Nums"): nums})),
        NameObject("/ParentTreeNextKey"): NumberObject(shift)})
    if ids:  # the name tree a structure element's /ID requires (WeasyPrint gives the /IDs of table headers, not it)
        pairs = sorted(zip(ids[::2], ids[1::2], strict=True), key=lambda pair: str(pair[0]))
        root[NameObject("/IDTree")] = writer._add_object(DictionaryObject({
            NameObject("/Names"): ArrayObject(item for pair in pairs for item in pair)}))
    if roles:
        root[NameObject("/RoleMap")] = roles
    document[NameObject("/K")] = kids
    document[NameObject("/P")] = writer._add_object(root)
    first: Any = parts[0].trailer["/Root"]
    catalog = writer.root_object
    catalog[NameObject("/StructTreeRoot")] = document["/P"]
    for key in CATALOG_KEYS:
        if key in first:
            catalog[NameObject(key)] = first.raw_get(key).clone(writer)
    info = parts[0].trailer.get("/Info")
    if info is not None:
        writer.add_metadata({key: value for key, value in info.get_object().items()})
    with target.open("wb") as stream:
        writer.write(stream)


def _copy_pages(writer: PdfWriter, pages: list[Any], shift: int) -> list[Any]:
    """``pages`` added to ``writer`` (before the structure tree: its /Pg then point at them), without their
    annotations, their /StructParents shifted by ``shift``."""
    copies = []
    for page in pages:
        copy: Any = writer.add_page(page, excluded_keys=["/Annots"])  # pypdf drops /StructParents: set again
        if "/StructParents" in page:
            copy[NameObject("/StructParents")] = NumberObject(page["/StructParents"] + shift)
        copies.append(copy)
    return copies


def _copy_outline(writer: PdfWriter, items: Any, copies: dict[int, Any], parent: Any) -> None:
    """A part's bookmarks (its headings), under ``parent`` (None: at the top), each to the same place of its page's
    copy (``copies``: by the page's object number in the part): the outline of the whole, part after part, as
    WeasyPrint makes it of one document's headings. ``items``: pypdf's outline, each item followed by the list of its
    children, if any."""
    last = None
    for item in items:
        if isinstance(item, list):
            _copy_outline(writer, item, copies, last)
            continue
        last = writer.add_outline_item(title=item.title, page_number=copies[item.page.idnum].indirect_reference,
                                       parent=parent, fit=Fit(item["/Type"], tuple(item.dest_array[2:])),
                                       is_open=item.get("/Count", 0) >= 0)


def _copy_annotation(writer: PdfWriter, reader: PdfReader, annotation: Any, copies: dict[int, Any], shift: int) -> Any:
    """An annotation of ``reader``'s pages copied into ``writer`` (``copies``: its pages there, by their object
    numbers in ``reader``), its /StructParent shifted by ``shift``, and a link to one of its part's named destinations
    made a link to that place: every sheet has the same names, which would collide in one document's name tree."""
    copy = annotation.clone(writer)
    resolved = copy.get_object()
    if "/StructParent" in resolved:
        resolved[NameObject("/StructParent")] = NumberObject(resolved["/StructParent"] + shift)
    action: Any = resolved.get("/A")
    holder: Any = resolved if "/Dest" in resolved else action.get_object() if action is not None else None
    key = "/Dest" if "/Dest" in resolved else "/D"  # a link's own destination, or its go-to action's
    target = holder.get(key) if holder is not None and holder.get("/S", "/GoTo") == "/GoTo" else None
    if isinstance(target, (TextStringObject, ByteStringObject, NameObject)):
        destination: Any = reader.named_destinations[str(target)]
        page = copies[destination.page.idnum]
        holder[NameObject(key)] = ArrayObject([page.indirect_reference, *destination.dest_array[1:]])
    return copy


def _tree_root(reader: PdfReader) -> DictionaryObject:
    catalog: Any = reader.trailer["/Root"]
    tree = catalog.get("/StructTreeRoot")
    if tree is None:
        raise ValueError(f"{getattr(reader.stream, 'name', 'a part')}: not a tagged PDF (no /StructTreeRoot)")
    return tree.get_object()  # type: ignore[no-any-return]


def number_tree(node: Any) -> Iterator[tuple[int, Any]]:
    """The (key, value) pairs of a PDF number tree (a /ParentTree): its /Nums and those of its /Kids."""
    node = node.get_object()
    pairs = list(node.get("/Nums", ()))
    for key, value in zip(pairs[::2], pairs[1::2], strict=True):
        yield int(key), value
    for kid in node.get("/Kids", ()):
        yield from number_tree(kid)


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    resolved = value.get_object()
    return list(resolved) if isinstance(resolved, ArrayObject) else [value]


def _adopt(element: Any, parent: Any, prefix: str) -> list[Any]:
    """Set each structure element's /P, from ``element`` (whose parent is ``parent``) down, and make its /ID, and
    the table cells' /Headers that name it, unique among the parts with ``prefix``: WeasyPrint numbers them after
    its own objects, which the other parts number the same. Return the new ids and their elements (an /IDTree's
    /Names)."""
    ids: list[Any] = []
    stack = [(element, parent)]
    while stack:
        node, above = stack.pop()
        resolved = node.get_object()
        resolved[NameObject("/P")] = above
        if "/ID" in resolved:
            resolved[NameObject("/ID")] = _prefixed(prefix, resolved["/ID"])
            ids += [resolved["/ID"], node]
        for owned in _as_list(resolved.get("/A")):
            attributes = owned.get_object()
            headers: Any = attributes.get("/Headers") if isinstance(attributes, DictionaryObject) else None
            if headers is not None:
                attributes[NameObject("/Headers")] = ArrayObject(_prefixed(prefix, header) for header in headers)
        for kid in _as_list(resolved.get("/K")):
            kid_object = kid.get_object()
            if isinstance(kid_object, DictionaryObject) and "/S" in kid_object:  # not an MCID, an MCR nor an OBJR
                stack.append((kid, node))
    return ids


def _keep_parents(writer: PdfWriter, original: Any) -> None:
    """The /P of an element that the tree's /K do not reach, and of its parents up to one they reach, as in its part:
    WeasyPrint leaves a few such elements (the running heads' and foots' text, its parent's /P set but not in that
    parent's /K); they are copied through the /ParentTree, without their /P."""
    copy = original.clone(writer, ignore_fields=["/P"]).get_object()  # the copy already made
    while "/P" not in copy and "/P" in original.get_object():
        above = original.get_object().raw_get("/P")
        if above.get_object().get("/Type") == "/StructTreeRoot":
            raise ValueError("a structure element outside its part's /Document")
        copy[NameObject("/P")] = above.clone(writer, ignore_fields=["/P"])
        original, copy = above, copy["/P"].get_object()


def _prefixed(prefix: str, name: Any) -> TextStringObject:
    return TextStringObject(prefix + str(name))
