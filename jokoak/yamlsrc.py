"""Safe YAML loading that keeps line numbers and rejects duplicate keys.

PyYAML's safe loader silently keeps the last of two equal keys and forgets where each value
came from. Editors of the catalogue need both: a duplicate key is an error, and every later
error message points at the line of the field it is about.

>>> doc = loads("a: 1\\nb:\\n  - x\\n  - y\\n", "t.yaml")
>>> doc["b"], doc.line_of("b"), doc["b"].line_of(1)
(['x', 'y'], 2, 4)
>>> loads("a: 1\\na: 2\\n", "t.yaml")
Traceback (most recent call last):
...
jokoak.errors.BuildError: t.yaml:2: a: duplicate key (first at line 1)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import BuildError, Problem


class Map(dict[Any, Any]):
    """A YAML mapping that remembers its own line and the line of each key."""

    line: int
    key_lines: dict[Any, int]  # text keys, or whole numbers (a dice bet's payouts by total)
    inherited: frozenset[str] = frozenset()  # keys taken from another document (a base game)

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class Seq(list[Any]):
    """A YAML sequence that remembers its own line and the line of each item."""

    line: int
    item_lines: list[int]

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if index < len(self.item_lines) else self.line


class _Builder:
    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []
        self.scalars = yaml.SafeLoader("")

    def build(self, node: yaml.Node, path: str) -> Any:
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            seq = Seq(self.build(item, f"{path}[{i}]") for i, item in enumerate(node.value))
            seq.line = node.start_mark.line + 1
            seq.item_lines = [item.start_mark.line + 1 for item in node.value]
            return seq
        return self.scalars.construct_object(node, deep=True)

    def mapping(self, node: yaml.MappingNode, path: str) -> Map:
        result = Map()
        result.line = node.start_mark.line + 1
        result.key_lines = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            key: Any = self.scalars.construct_object(key_node)
            field = f"{path}.{key}" if path else str(key)
            if not isinstance(key, str) and type(key) is not int:  # numbers key a dice bet's payouts
                self.problems.append(Problem(self.file, line, field, f"keys must be text or whole numbers, "
                                             f"got {key!r}"))
                continue
            if key in result:
                first = result.key_lines[key]
                self.problems.append(Problem(self.file, line, field, f"duplicate key (first at line {first})"))
                continue
            result.key_lines[key] = line
            result[key] = self.build(value_node, field)
        return result


def loads(text: str, file: str) -> Any:
    """Parse one YAML document from ``text``; ``file`` names it in error messages."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        raise BuildError([Problem(file, line, "(syntax)", f"invalid YAML: {exc.problem}")]) from None
    if node is None:
        raise BuildError([Problem(file, 1, "(document)", "the file is empty")])
    builder = _Builder(file)
    data = builder.build(node, "")
    if builder.problems:
        raise BuildError(builder.problems)
    return data


def load(path: Path, display: str) -> Any:
    """Read and parse ``path``; ``display`` is the name used in messages (relative path)."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise BuildError([Problem(display, 1, "(file)", f"not UTF-8 text: {exc.reason}")]) from None
    return loads(text, display)
