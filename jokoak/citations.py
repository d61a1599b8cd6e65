"""Reading a citation field of the catalogue: the source lines a fact, a title or a block of official text rests on.

Every part of the catalogue cites its sources (``000:1646``, ``{es: "000:1-2", eu: "002:3-4"}``), so the reader of
citations is apart from the readers of the regulations, the official text and the games that all use it.
"""

from __future__ import annotations

from typing import Any

from .models import Citation
from .schema import Reader, join
from .yamlsrc import Map


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
