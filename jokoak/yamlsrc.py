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

import datetime as dt
import hashlib
import math
import os
import pickle
import re
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

    # A mapping or a list given where a name is expected is tested against the set or dict of the names allowed
    # (``engine not in FAMILIES``): hashed by identity, it is never found there and its reader reports it, where an
    # unhashable one would raise. Nothing uses them as keys.
    __hash__ = object.__hash__  # type: ignore[assignment]


class Seq(list[Any]):
    """A YAML sequence that remembers its own line and the line of each item."""

    line: int
    item_lines: list[int]

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if index < len(self.item_lines) else self.line

    __hash__ = object.__hash__  # type: ignore[assignment]  # as a Map's


# What a scalar means is decided here, YAML 1.2 style, and nowhere else: no octal (``012``), hexadecimal or
# sexagesimal (``190:20:30``) numbers, no ``yes``/``no``/``on``/``off`` booleans, dates only as YYYY-MM-DD.
_RESOLVERS = [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^[-+]?(?:0|[1-9][0-9]*)$", list("-+0123456789")),
    ("tag:yaml.org,2002:float", r"^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*|[0-9]+(?=[eE]))(?:[eE][-+]?[0-9]+)?$",
     list("-+.0123456789")),
    ("tag:yaml.org,2002:timestamp", r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", list("0123456789")),
]


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]  # libyaml's parser when present
    yaml_implicit_resolvers: dict[Any, Any] = {}  # noqa: RUF012 (PyYAML keeps its resolvers here, per class)


for _tag, _pattern, _first in _RESOLVERS:
    _Loader.add_implicit_resolver(_tag, re.compile(_pattern), _first)

MAX_BYTES = 2_000_000  # the largest game file is about 110 kB
MAX_DEPTH = 40  # the deepest game file nests about 12 levels
MAX_VALUES = 200_000  # values after aliases are expanded: a few thousand in a game file
MAX_NUMBER = 10**15  # above any count, amount or share a field can mean
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def excerpt(value: Any, most: int = 60) -> str:
    """A value as an error message quotes it: its repr, on one line, cut with an ellipsis."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 1] + "…"


class _Builder:
    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []
        self.values = 0

    def problem(self, node: yaml.Node, field: str, message: str) -> None:
        self.problems.append(Problem(self.file, node.start_mark.line + 1, field or "(document)", message))

    def build(self, node: yaml.Node, path: str) -> Any:
        self.values += 1
        if self.values > MAX_VALUES:
            raise BuildError([Problem(self.file, node.start_mark.line + 1, "(aliases)",
                                      f"more than {MAX_VALUES:,} values once the aliases are expanded")])
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            seq = Seq(self.build(item, f"{path}[{i}]") for i, item in enumerate(node.value))
            seq.line = node.start_mark.line + 1
            seq.item_lines = [item.start_mark.line + 1 for item in node.value]
            return seq
        return self.scalar(node, path)

    def scalar(self, node: yaml.Node, path: str) -> Any:
        """A scalar's value by its resolved tag; None after reporting a value no field can take."""
        value: str = node.value
        tag = node.tag.rpartition(":")[2]
        if tag == "str":
            bad = _CONTROL.search(value)
            if bad:
                self.problem(node, path, f"control character or lone surrogate U+{ord(bad.group()):04X} in a text")
                return None
            return value
        if tag == "null":
            return None
        if tag == "bool":
            return value.lower() == "true"
        if tag in ("int", "float"):
            number: int | float = int(value) if tag == "int" and len(value) < 20 else float(value)
            if not math.isfinite(number) or abs(number) > MAX_NUMBER or (tag == "int" and number != int(value)):
                self.problem(node, path, f"{excerpt(value)} is out of range for any field (at most {MAX_NUMBER:,})")
                return None
            return number
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            self.problem(node, path, f"{excerpt(value)} is not a valid date (YYYY-MM-DD)")
            return None

    def mapping(self, node: yaml.MappingNode, path: str) -> Map:
        result = Map()
        result.line = node.start_mark.line + 1
        result.key_lines = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            key: Any = self.scalar(key_node, path) if isinstance(key_node, yaml.ScalarNode) else None
            field = f"{path}.{key}" if path else str(key)
            if not isinstance(key, str) and type(key) is not int:  # numbers key a dice bet's payouts
                self.problems.append(Problem(self.file, line, path or "(document)",
                                             f"keys must be text or whole numbers, got {excerpt(key)}"))
                continue
            if key == "<<":
                self.problems.append(Problem(self.file, line, field, "merge keys («<<») are not used in these files"))
                continue
            if key in result:
                first = result.key_lines[key]
                self.problems.append(Problem(self.file, line, field, f"duplicate key (first at line {first})"))
                continue
            result.key_lines[key] = line
            result[key] = self.build(value_node, field)
        return result


def _check_events(text: str, file: str) -> None:
    """Refuse explicit tags (``!!python/…``, ``!!binary``, ``!!omap``…: every value here is plain YAML) and nesting
    deeper than :data:`MAX_DEPTH`, before anything is built (the composer recurses)."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        line = event.start_mark.line + 1 if event.start_mark else 1
        tag = getattr(event, "tag", None)
        if tag is not None:
            raise BuildError([Problem(file, line, "(tag)",
                                      f"YAML tags such as {excerpt(tag.replace('tag:yaml.org,2002:', '!!'), 40)} are "
                                      "not allowed in these files")])
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise BuildError([Problem(file, line, "(nesting)",
                                          f"nested deeper than {MAX_DEPTH} levels")])
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


_kept: tuple[Path, bool, str] | None = None  # where parsed documents are kept (:func:`keep_parsed`)
_pending: dict[Path, bytes] = {}  # parsed since, written by :func:`save_parsed`


def keep_parsed(folder: Path | None, writes: bool = True) -> None:
    """Keep each document parsed without a problem in ``folder`` (a build's cache), by the hash of its text, its name
    and this module's code, so that a build reads again only the files that changed; ``writes`` False: read what the
    folder holds, write nothing. None: parse every time."""
    global _kept
    _kept = None if folder is None else (folder, writes, hashlib.sha256(Path(__file__).read_bytes()).hexdigest())
    _pending.clear()


def save_parsed() -> None:
    """Write what was parsed since :func:`keep_parsed`: once the build has read all its inputs without a problem (a
    build that stops on bad input leaves no cache behind)."""
    for path, data in _pending.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        partial.write_bytes(data)
        partial.replace(path)
    _pending.clear()


def loads(text: str, file: str) -> Any:
    """Parse one YAML document from ``text``; ``file`` names it in error messages."""
    if _kept is None:
        return _parse(text, file)
    folder, writes, code = _kept
    path = folder / hashlib.sha256(f"{code}\0{file}\0{text}".encode()).hexdigest()
    try:
        return pickle.loads(_pending.get(path) or path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        pass
    data = _parse(text, file)
    if writes:
        _pending[path] = pickle.dumps(data)
    return data


def _parse(text: str, file: str) -> Any:
    if len(text) > MAX_BYTES:
        raise BuildError([Problem(file, 1, "(file)", f"larger than {MAX_BYTES:,} characters")])
    try:
        _check_events(text, file)
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = min(mark.line + 1, max(len(text.splitlines()), 1)) if mark else 1  # the end of the text: its last line
        raise BuildError([Problem(file, line, "(syntax)", f"invalid YAML: {exc.problem}")]) from None
    except yaml.reader.ReaderError as exc:
        line = min(text.count("\n", 0, exc.position) + 1, max(len(text.splitlines()), 1))
        raise BuildError([Problem(file, line, "(syntax)", f"character U+{exc.character:04X} is not allowed in "
                                  "YAML")]) from None
    except yaml.YAMLError as exc:
        raise BuildError([Problem(file, 1, "(syntax)", f"invalid YAML: {excerpt(str(exc), 200)}")]) from None
    if node is None:
        raise BuildError([Problem(file, 1, "(document)", "the file is empty")])
    builder = _Builder(file)
    data = builder.build(node, "")
    if builder.problems:
        raise BuildError(builder.problems)
    if data is None:
        raise BuildError([Problem(file, node.start_mark.line + 1, "(document)",
                                  "the file holds no value (only «null» or «~»)")])
    return data


def load(path: Path, display: str) -> Any:
    """Read and parse ``path``, a regular file of at most :data:`MAX_BYTES`; ``display`` is the name used in messages
    (relative path)."""
    try:
        if not path.is_file():
            what = "a folder" if path.is_dir() else "a dangling link" if path.is_symlink() and not path.exists() \
                else "not a regular file"
            raise BuildError([Problem(display, 1, "(file)", f"expected a YAML file, found {what}")])
        if path.stat().st_size > MAX_BYTES:
            raise BuildError([Problem(display, 1, "(file)", f"larger than {MAX_BYTES:,} bytes")])
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise BuildError([Problem(display, 1, "(file)", f"not UTF-8 text: {exc.reason}")]) from None
    except OSError as exc:
        raise BuildError([Problem(display, 1, "(file)", f"cannot be read: {exc.strerror}")]) from None
    return loads(text, display)
