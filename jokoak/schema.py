"""Field-by-field reading of loaded YAML, reporting every defect with its file, line and field.

A :class:`Reader` wraps one file. Each accessor returns the value, or ``None`` after recording a
problem, so that a whole file is checked in one pass and every error is reported at once.

>>> from .errors import Collector
>>> from .yamlsrc import loads
>>> c = Collector()
>>> r = Reader("g.yaml", c, ("es", "eu"))
>>> doc = loads("name: {es: Pleno}\\npayot: 35:1\\n", "g.yaml")
>>> r.keys(doc, "", required={"name", "payout"})
False
>>> r.text(doc, "name", "")
>>> print("\\n".join(map(str, sorted(c.problems))))
g.yaml:1: name: missing the eu text (official languages: es, eu)
g.yaml:1: payout: missing field
g.yaml:2: payot: unknown field (did you mean 'payout'?)
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from .errors import Collector
from .yamlsrc import Map, Seq, excerpt

Text = dict[str, str]


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


Identified = TypeVar("Identified", bound=_HasId)


def join(path: str, key: str | int) -> str:
    """The dotted path of a field: ``join("bets[0]", "payout") == "bets[0].payout"``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def kind(value: Any) -> str:
    """A reader's word for the YAML type of ``value``, for error messages."""
    if isinstance(value, Map):
        return "a mapping"
    if isinstance(value, Seq):
        return "a list"
    if value is None:
        return "nothing"
    return f"{type(value).__name__} {excerpt(value)}"


AMOUNT = re.compile(r"\d{1,12}(?:\.\d{1,6})?|\d{1,12}/[1-9]\d{0,11}")
MAX_AMOUNT = 10**9  # euros, or times a stake: above any table's figure
MAX_COUNT = 100_000  # a whole number a game file gives (a line, decks, tiers, chips, times the minimum) is below it


class Reader:
    """Validating accessors over the loaded YAML of one file."""

    def __init__(self, file: str, problems: Collector, languages: tuple[str, ...],
                 wording: Callable[[str, str, str], list[str]] | None = None) -> None:
        self.file = file
        self.problems = problems
        self.languages = languages
        self.wording = wording  # (field, language, text) → what is wrong with the words of a text

    def error(self, node: Any, key: str | int | None, path: str, message: str) -> None:
        """Record a problem at ``node[key]`` (or at ``node`` itself when key is None)."""
        line = 1
        if isinstance(node, Map):
            line = node.line_of(key) if isinstance(key, str) else node.line
        elif isinstance(node, Seq):
            line = node.line_of(key) if isinstance(key, int) else node.line
        field = path if key is None else join(path, key)
        self.problems.add(self.file, line, field or "(document)", message)

    def keys(self, node: Any, path: str, required: Iterable[str], optional: Iterable[str] = ()) -> bool:
        """Check that ``node`` is a mapping with all required keys and no unknown ones."""
        if not isinstance(node, Map):
            self.error(node, None, path, f"expected a mapping, got {kind(node)}")
            return False
        required, optional = set(required), set(optional)
        known = required | optional
        ok = True
        for key in node:
            if key not in known:
                close = difflib.get_close_matches(key, sorted(known), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else f" (known: {', '.join(sorted(known))})"
                self.error(node, key, path, f"unknown field{hint}")
                ok = False
        for key in sorted(required - node.keys()):
            self.problems.add(self.file, node.line, join(path, key), "missing field")
            ok = False
        return ok

    def value(self, node: Map, key: str, path: str, types: tuple[type, ...], what: str) -> Any:
        value = node.get(key)
        if key not in node:
            return None
        if isinstance(value, bool) or not isinstance(value, types):
            self.error(node, key, path, f"expected {what}, got {kind(value)}")
            return None
        return value

    def string(self, node: Map, key: str, path: str) -> str | None:
        value = self.value(node, key, path, (str,), "text")
        if value is not None and not value.strip():
            self.error(node, key, path, "expected text, got an empty string")
            return None
        return value  # type: ignore[no-any-return]

    def integer(self, node: Map, key: str, path: str, minimum: int | None = None,
                maximum: int = MAX_COUNT) -> int | None:
        """A whole number from ``minimum`` to ``maximum`` (a count: of decks, tiers, chips… never so large that a
        computation with it would not end)."""
        value = self.value(node, key, path, (int,), "a whole number")
        if value is not None and minimum is not None and value < minimum:
            self.error(node, key, path, f"expected a number ≥ {minimum}, got {value}")
            return None
        if value is not None and value > maximum:
            self.error(node, key, path, f"expected a number ≤ {maximum:,}, got {value:,}")
            return None
        return value  # type: ignore[no-any-return]

    def payout(self, node: Map, key: str, path: str) -> Fraction | None:
        """A payout written ``"N:M"`` (:func:`parse_payout`); None after reporting one written otherwise."""
        try:
            return parse_payout(node.get(key))
        except ValueError as exc:
            self.error(node, key, path, str(exc))
            return None

    def amount(self, node: Map, key: str, path: str) -> Fraction | None:
        """An amount of money ≥ 0 and at most :data:`MAX_AMOUNT`: a number (at most six decimals) or a fraction in
        quotes, such as ``"5/2"``: never a form whose reading would take the build forever (``"1e-999999999"``)."""
        value = node.get(key)
        text = str(value) if isinstance(value, int | float | str) and not isinstance(value, bool) else ""
        if not AMOUNT.fullmatch(text.strip()):
            self.error(node, key, path, f"expected an amount ≥ 0 such as 10, 2.5 or \"5/2\", got {excerpt(value)}")
            return None
        found = Fraction(text.strip())
        if found > MAX_AMOUNT:
            self.error(node, key, path, f"expected an amount of at most {MAX_AMOUNT:,}, got {excerpt(value)}")
            return None
        return found

    def date(self, node: Map, key: str, path: str) -> dt.date | None:
        value = node.get(key)
        if key in node and not isinstance(value, dt.date):
            self.error(node, key, path, f"expected a date (YYYY-MM-DD), got {kind(value)}")
            return None
        return value

    def mapping(self, node: Map, key: str, path: str) -> Map | None:
        return self.value(node, key, path, (Map,), "a mapping")  # type: ignore[no-any-return]

    def items(self, node: Map, key: str, path: str) -> Iterator[tuple[str, Any]]:
        """Yield ``(path, item)`` for each item of the list at ``node[key]``."""
        seq = self.value(node, key, path, (Seq,), "a list")
        for index, item in enumerate(seq or ()):
            yield join(join(path, key), index), item

    def unique(self, node: Map, key: str, noun: str, read: Callable[[Any, str], Identified | None]) -> list[Identified]:
        """The items of the list at ``node[key]`` (a configuration's tables, its halls), each read by ``read(item,
        path)``: at least one, and no id twice, ids compared without regard to case (the ``noun`` names them)."""
        found: list[Identified] = []
        seen: dict[str, int] = {}
        for path, item in self.items(node, key, ""):
            value = read(item, path)
            if value is None:
                continue
            first = seen.get(value.id.casefold())
            if first is not None:
                self.error(item, "id", path, f"the {noun} id {value.id!r} is used twice (first at line {first}); "
                           f"{noun} ids are compared without regard to case")
                continue
            seen[value.id.casefold()] = item.line_of("id")
            found.append(value)
        if isinstance(node.get(key), Seq) and not node[key]:
            self.error(node, key, "", f"expected at least one {noun}")
        return found

    def text(self, node: Map, key: str, path: str) -> Text | None:
        """A text in every official language: ``{es: ..., eu: ...}``, nothing more, nothing less."""
        if key not in node:
            return None
        return self._text(node, key, node[key], path)

    def texts(self, node: Map, key: str, path: str) -> list[Text]:
        """A list of texts, each in every official language."""
        seq = self.value(node, key, path, (Seq,), "a list of texts")
        found = [self._text(seq, index, item, join(path, key)) for index, item in enumerate(seq or ())]
        return [text for text in found if text is not None]

    def _text(self, parent: Map | Seq, key: str | int, value: Any, path: str) -> Text | None:
        field = join(path, key)
        if not isinstance(value, Map):
            self.error(parent, key, path, f"expected a text per language ({', '.join(self.languages)}), "
                       f"got {kind(value)}")
            return None
        ok = True
        for lang in self.languages:
            if lang not in value:
                self.problems.add(self.file, value.line, field,
                                  f"missing the {lang} text (official languages: {', '.join(self.languages)})")
                ok = False
            elif not isinstance(value[lang], str) or not value[lang].strip():
                self.error(value, lang, field, f"expected non-empty text, got {kind(value[lang])}")
                ok = False
        for lang in value:
            if lang not in self.languages:
                self.error(value, lang, field, f"{lang!r} is not an official language of this regulation "
                           f"({', '.join(self.languages)})")
                ok = False
        if not ok:
            return None
        found = {lang: " ".join(value[lang].split()) for lang in self.languages}
        for lang, text in found.items():
            for problem in self.wording(field, lang, text) if self.wording else ():
                self.error(value, lang, field, problem)
        return found


def parse_payout(text: Any) -> Fraction:
    """A payout written ``"N:M"`` (N won for M staked, stake returned) as the fraction N/M.

    >>> parse_payout("35:1"), parse_payout("1:2")
    (Fraction(35, 1), Fraction(1, 2))
    >>> parse_payout("35")
    Traceback (most recent call last):
    ...
    ValueError: expected a payout «N:M» such as "35:1", got '35'
    """
    parts = str(text).split(":") if isinstance(text, str) else []
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts) or int(parts[1]) == 0:
        raise ValueError(f'expected a payout «N:M» such as "35:1", got {text!r}')
    return Fraction(int(parts[0]), int(parts[1]))
