"""The Jinja environments, one per output format and language, configured in one place.

StrictUndefined everywhere, the i18n extension with ``trimmed``, autoescape for HTML and an
escaping filter for reST. Labels come from the strict gettext catalogs; numbers, money,
percentages, lists and dates from :mod:`jokoak.i18n` with the environment's language. A template
reaches a game's family through ``family(game.engine)``: the paths of its templates and its helpers
(:class:`~jokoak.family.Family`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

import babel
import jinja2
from markupsafe import Markup, escape

from .. import i18n
from ..config import Table
from ..edges import fraction_text, plus_minus
from ..engine.steps import Step
from ..facts import bet_names, step_citations
from ..games import families
from ..models import Citation, Game, Text, cite
from ..tablespec import limit_groups_of
from ..texts import translated_languages

_RST_SPECIAL = re.compile(r"([\\`*_|\[\]<>:])")


_BLOCK_START = re.compile(r"[^\w\s]|(?:\w{1,3}|#)[.)](?:\s|$)|\(\w{1,3}\)(?:\s|$)")  # a directive, a list…


def rst_escape(text: Any) -> str:
    """Escape text for reST inline content: one line, inline markup escaped, and a first character that could open
    a block (a comment or directive ``..``, a list ``1.`` or ``-``, a doctest ``>>>``, a heading's ``====``)
    escaped too, so that whatever a catalogue text says, it stays text.

    >>> rst_escape("a*b_ `c`")
    'a\\\\*b\\\\_ \\\\`c\\\\`'
    >>> rst_escape(".. raw:: html"), rst_escape("1. uno"), rst_escape(">>> import os\\n>>> x")
    ('\\\\.. raw\\\\:\\\\: html', '\\\\1. uno', '\\\\>\\\\>\\\\> import os \\\\>\\\\>\\\\> x')
    """
    flat = " ".join(str(text).split())
    escaped = _RST_SPECIAL.sub(r"\\\1", flat)
    return "\\" + escaped if _BLOCK_START.match(flat) and not escaped.startswith("\\") else escaped


def rst_heading(text: str, char: str) -> str:
    """A reST heading: the title and its underline of the right length."""
    return f"{text}\n{char * len(text)}"


def numbers(values: Iterable[int], lang: str, style: Literal["standard", "or"] = "standard") -> str:
    """Numbers as a list in the language: «0, 3, 15, 26 y 32»; alternatives: «2, 3 o 12»."""
    return i18n.listing([str(v) for v in values], lang, style)


def _bytecode_cache(cache: Path, kind: str, lang: str) -> jinja2.FileSystemBytecodeCache:
    """A folder per kind of output and language, and per version of the package's code, Jinja and Babel: Jinja keys a
    compiled template by its source only, yet compiles into it what it can compute at once (a filter of a constant:
    ``{{ 0.95|percent }}`` is formatted by the language's filter when the template is compiled, and an HTML
    environment escapes where an rST one does not)."""
    folder = cache / f"{kind}-{lang}-{_code_digest()}"
    folder.mkdir(parents=True, exist_ok=True)
    return jinja2.FileSystemBytecodeCache(str(folder))


@functools.cache
def _code_digest() -> str:
    digest = hashlib.sha256(f"{jinja2.__version__} {babel.__version__}".encode())
    for path in sorted(Path(__file__).resolve().parents[1].rglob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def make_env(templates: Path, lang: str, translations: dict[str, i18n.StrictTranslations],
             kind: str, cache: Path | None = None) -> jinja2.Environment:
    """The environment for ``kind`` ("html" or "rst") output in ``lang``; ``cache``: a folder where the templates are
    kept compiled (by Jinja, keyed by each template's source), so that a build does not compile them all again."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates),
        bytecode_cache=None if cache is None else _bytecode_cache(cache, kind, lang),
        undefined=jinja2.StrictUndefined,
        autoescape=kind == "html",
        extensions=["jinja2.ext.i18n", "jinja2.ext.do"],
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.policies["ext.i18n.trimmed"] = True
    strict = translations[lang]
    env.install_gettext_callables(strict.gettext, strict.ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.globals.update(gettext=_new_gettext(strict), ngettext=_new_ngettext(strict))
    env.globals.update(lang=lang, cite=_cite, names_of=lambda game: bet_names(game, lang), limit_groups=limit_groups,
                       family=lambda engine: families()[engine], step_citations=step_citations,
                       unknown_step=unknown_step, translated=translated_languages)
    env.filters.update(
        money=lambda v: i18n.money(v, lang),
        signed_money=lambda v: ("+" if v > 0 else "") + i18n.money(v, lang),
        percent=lambda v, d=2: i18n.percent(v, lang, d),
        number=lambda v: i18n.number(v, lang),
        date=lambda v: i18n.format_date(v, lang),
        listing=lambda v, style="standard": _listing(list(v), lang, style),
        numbers=lambda v: numbers(v, lang),
        alternatives=lambda v: numbers(sorted(v), lang, "or"),
        fraction=fraction_text,
        plus_minus=plus_minus,
        rst=rst_escape,
        heading=rst_heading,
        pyrepr=repr,
        pyoptions=python_options,
        pyvalue=python_value,
        poker_cards=poker_cards_html if kind == "html" else poker_cards,
        offered=offered,
        red_suits=red_suits_html if kind == "html" else lambda cards, sep=" ": sep.join(map(str, cards)),
        quotes=official_quotes,
    )
    return env


def unknown_step(step: Step) -> str:
    """Called by a family's step template for a step it has no sentence for: the build must not print it wrong."""
    raise ValueError(f"no sentence for the engine's step {step.key!r}: add it to its family's steps template, in "
                     "templates/games/<family>/")


def _interpolate(context: jinja2.runtime.Context, message: str, variables: dict[str, Any]) -> str:
    """``message % variables`` as Jinja's new-style gettext does it, with the Basque case endings of
    :func:`jokoak.i18n.inflect_placeholders` (``%(num)s{ekin}``)."""
    text, values = i18n.inflect_placeholders(message, variables)
    return (Markup(text) if context.eval_ctx.autoescape else text) % values


def _new_gettext(strict: i18n.StrictTranslations) -> Any:
    @jinja2.pass_context
    def gettext(context: jinja2.runtime.Context, message: str, /, **variables: Any) -> str:
        return _interpolate(context, strict.gettext(message), variables)
    return gettext


def _new_ngettext(strict: i18n.StrictTranslations) -> Any:
    @jinja2.pass_context
    def ngettext(context: jinja2.runtime.Context, singular: str, plural: str, count: int, /, **variables: Any) -> str:
        variables.setdefault("num", i18n.number(count, strict.lang))
        return _interpolate(context, strict.ngettext(singular, plural, count), variables)
    return ngettext


def _listing(items: list[Any], lang: str, style: Literal["standard", "or"]) -> str:
    """A list in words; markup when an item is markup (a name marked with its language), the rest escaped."""
    if any(isinstance(item, Markup) for item in items):
        return Markup(i18n.listing([str(escape(item)) for item in items], lang, style))
    return i18n.listing(items, lang, style)


_QUOTED = re.compile(r"«(?:[^«»]|«[^«»]*»)*»[\w-]*")  # a quotation (with those it quotes, and a Basque ending)


def official_quotes(text: str) -> Markup:
    """A note of the review, escaped, with each «quotation» of the regulation marked as its words.

    >>> official_quotes('léase «realizará» <b>')
    Markup('léase <span class="official">«realizará»</span> &lt;b&gt;')
    >>> official_quotes('«Jarraian «besterik ez» iragarriko du» (anunciará)')
    Markup('<span class="official">«Jarraian «besterik ez» iragarriko du»</span> (anunciará)')
    """
    return Markup(_QUOTED.sub(lambda m: f'<span class="official">{m.group(0)}</span>', str(escape(text))))


SUIT_SIGNS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def poker_cards(cards: Iterable[str]) -> str:
    """Poker cards as a sheet prints them, the joker by the word of the Pai Gow text (000:4010).

    >>> poker_cards(["Th", "Td", "4c", "As", "Jk"])
    '10♥ 10♦ 4♣ A♠ Joker'
    """
    return " ".join("Joker" if card.lower() == "jk" else card[:-1].upper().replace("T", "10")
                    + SUIT_SIGNS[card[-1].lower()] for card in map(str, cards))


def offered(bets: Iterable[Any], table: Table | None) -> list[Any]:
    """The bets a table takes (a model sheet's: all), each a bet's info or its facts (with ``info``)."""
    return [bet for bet in bets if table is None or table.offers(getattr(bet, "info", bet))]


RED_SUITS = ("♥", "♦")


def poker_cards_html(cards: Iterable[str]) -> Markup:
    """:func:`poker_cards` for a sheet, hearts and diamonds in red.

    >>> str(poker_cards_html(["Th", "4c"]))
    '<span class="red">10♥</span> 4♣'
    """
    return red_suits_html(poker_cards(cards).split(" "))


def red_suits_html(cards: Iterable[str], sep: str = " ") -> Markup:
    """Cards already written with their suit signs («Q♦ 7♠»), hearts and diamonds in red.

    >>> str(red_suits_html(["Q♦", "7♠"]))
    '<span class="red">Q♦</span> 7♠'
    """
    return Markup(sep).join(Markup('<span class="red">{}</span>').format(card) if str(card).endswith(RED_SUITS)
                            else Markup.escape(card) for card in cards)


def python_options(example: Any) -> str:
    """The keyword options of an example's ``play`` call, as Python source: ``, on_zero="prison"``."""
    return "".join(f", {key}={python_value(value)}" for key, value in example.options.items())


def python_value(value: Any) -> str:
    """An option's value as Python source, strings in double quotes: ``["half", "prison"]``, ``"5/2"``."""
    if isinstance(value, Fraction):
        return _python_amount(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a Python literal: quotes, backslashes, line breaks escaped
    if isinstance(value, list | tuple):
        return "[" + ", ".join(python_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{python_value(k)}: {python_value(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _python_amount(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f'"{value}"'


@dataclass(frozen=True)
class LimitGroup:
    """A bet group with a maximum of its own, as a sheet names it: by the regulation's class of its bets (a
    dice game's «Suertes sencillas»), as the even chances (a roulette's), or by its bets' names."""

    id: str
    bets: tuple[Any, ...]  # the bets' infos (those the table offers, at a table)
    label: Text | None  # the class's name, where the group is one class of bets
    even_chances: bool


def limit_groups(game: Game, table: Table | None) -> list[LimitGroup]:
    """The bet groups with a maximum of their own, in the order of their first bet; at a table, only those
    with a bet it offers."""
    spec = game.rules
    limits = spec.limits
    groups: dict[str, list[Any]] = {}
    for info in spec.bets:
        if getattr(info, "announced", False):
            continue  # an announced bet's chips are each a bet of their group: the group is not named after it
        for group in limit_groups_of(info):
            if table is None or table.offers(info):
                groups.setdefault(group, []).append(info)
    known = set(limits.maximum) | set(limits.ranges)
    found = []
    for group, infos in groups.items():
        if group not in known or (table is not None and group not in table.maximums):
            continue
        classes = {getattr(info, "bet_class", None) for info in infos}
        members = [b for b in spec.bets if getattr(b, "bet_class", None) in classes]
        label = spec.classes[classes.pop()] if len(classes) == 1 and None not in classes and len(members) == len(
            infos) else None
        even = all(getattr(getattr(info, "bet", None), "shape", None) == "even-chance" for info in infos)
        found.append(LimitGroup(group, tuple(infos), label, even and len(infos) > 1))
    return found


def _cite(citations: tuple[Citation, ...]) -> str:
    return cite(citations)
