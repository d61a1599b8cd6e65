"""Sphinx extension for the generated sites: section anchors that are the same in both languages, tables that scroll.

A section's own id comes from its translated heading («ejemplos», «adibideak»), so a link from one language's page
to the other's loses the reader's place. Both languages' pages come from the same templates and have the same
sections in the same order, so every section also gets an id from its position: ``sec-1`` for the page's title,
``sec-1-2`` for the second section under it, and so on. The language switch (``templates/site/_templates/
layout.html``) carries that id across. It is added after the heading's id, which stays the one that headings,
the table of contents and the search link to.

Every table is put in a ``div.table-box`` that scrolls sideways when the table is wider than the screen, so that a
phone scrolls the table and not the page (``custom.css``); a paragraph of a table cell with a very long word (an
exact fraction of a hundred digits) is marked ``long-words``, so that the word breaks rather than widen the column.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

PREFIX = "sec"
LONG_WORD = 30  # characters: longer than any word of the text, shorter than an exact fraction


def position_id(path: list[int]) -> str:
    """The id of the section at ``path``, the 1-based indexes of it and its parents among their sibling sections.

    >>> position_id([1, 2, 3])
    'sec-1-2-3'
    """
    return "-".join([PREFIX, *map(str, path)])


class PositionAnchors(SphinxTransform):
    """Give every section an id from its position among the page's sections (``sec-1-2``)."""

    default_priority = 900  # after the ids of labels and headings

    def apply(self, **kwargs: Any) -> None:
        self._number(self.document, [])

    def _number(self, parent: nodes.Element, path: list[int]) -> None:
        sections = [child for child in parent.children if isinstance(child, nodes.section)]
        for index, section in enumerate(sections, start=1):
            here = [*path, index]
            anchor = position_id(here)
            if anchor not in self.document.ids:
                section["ids"].append(anchor)
                self.document.ids[anchor] = section
            self._number(section, here)


def has_long_word(text: str) -> bool:
    """Whether ``text`` has a word too long for a table column.

    >>> has_long_word("1,095 % (45590155731957200269313958556759/4165125775010218308721251870885083)")
    True
    >>> has_long_word("Primera tirada: gana con 7 u 11")
    False
    """
    return any(len(word) > LONG_WORD for word in text.split())


class TableBoxes(SphinxTransform):
    """Put every table in a box of its own (``div.table-box``), which scrolls when the table is too wide, and mark
    the paragraphs of its cells that have a very long word."""

    default_priority = 900

    def apply(self, **kwargs: Any) -> None:
        for table in list(self.document.findall(nodes.table)):
            for paragraph in table.findall(nodes.paragraph):
                if has_long_word(paragraph.astext()):
                    paragraph["classes"].append("long-words")
            if isinstance(table.parent, nodes.container) and "table-box" in table.parent["classes"]:
                continue
            box = nodes.container(classes=["table-box"])
            table.parent.replace(table, box)  # not replace_self, which would give the box the table's ids and classes
            box += table


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_transform(PositionAnchors)
    app.add_transform(TableBoxes)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
