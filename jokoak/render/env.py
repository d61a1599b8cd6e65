"""The Jinja environments, one per output format and language, configured in one place.

StrictUndefined everywhere, the i18n extension with ``trimmed``, autoescape for HTML and an
escaping filter for reST. Labels come from the strict gettext catalogs; numbers, money,
percentages, lists and dates from :mod:`jokoak.i18n` with the environment's language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

import jinja2

from .. import i18n
from ..catalog import FAMILIES
from ..models import Citation, cite

_RST_SPECIAL = re.compile(r"([\\`*_|\[\]<>:])")


def rst_escape(text: Any) -> str:
    """Escape text for reST inline content.

    >>> rst_escape("a*b_ `c`")
    'a\\\\*b\\\\_ \\\\`c\\\\`'
    """
    return _RST_SPECIAL.sub(r"\\\1", str(text))


def rst_heading(text: str, char: str) -> str:
    """A reST heading: the title and its underline of the right length."""
    return f"{text}\n{char * len(text)}"


def basque_genitive(n: int) -> str:
    """«1en», «5en», «2ren», «11ren»: a numeral with the Basque genitive, as in «35 jarritako 1en truke».

    >>> [basque_genitive(n) for n in (1, 2, 5, 10, 11, 20)]
    ['1en', '2ren', '5en', '10en', '11ren', '20ren']
    """
    return i18n.basque_ko(n).replace("eko", "en").replace("ko", "ren")


def numbers(values: Iterable[int], lang: str, style: Literal["standard", "or"] = "standard") -> str:
    """Numbers as a list in the language: «0, 3, 15, 26 y 32»; alternatives: «2, 3 o 12»."""
    return i18n.listing([str(v) for v in values], lang, style)


def make_env(templates: Path, lang: str, translations: dict[str, i18n.StrictTranslations],
             kind: str) -> jinja2.Environment:
    """The environment for ``kind`` ("html" or "rst") output in ``lang``."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates),
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
    env.globals.update(lang=lang, cite=_cite)
    env.filters.update(
        money=lambda v: i18n.money(v, lang),
        percent=lambda v, d=2: i18n.percent(v, lang, d),
        number=lambda v: i18n.number(v, lang),
        date=lambda v: i18n.format_date(v, lang),
        listing=lambda v: i18n.listing(list(v), lang),
        numbers=lambda v: numbers(v, lang),
        alternatives=lambda v: numbers(sorted(v), lang, "or"),
        genitive=basque_genitive,
        fraction=fraction_text,
        rst=rst_escape,
        heading=rst_heading,
        pyrepr=repr,
        pyoptions=python_options,
        pyvalue=python_value,
        poker_cards=poker_cards,
        draws_keyword=lambda engine: FAMILIES[engine].draws,
    )
    return env


SUIT_SIGNS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def poker_cards(cards: Iterable[str]) -> str:
    """Poker cards as a sheet prints them, the joker by the word of the Pai Gow text (000:4010).

    >>> poker_cards(["Th", "Td", "4c", "As", "Jk"])
    '10♥ 10♦ 4♣ A♠ Joker'
    """
    return " ".join("Joker" if card.lower() == "jk" else card[:-1].upper().replace("T", "10")
                    + SUIT_SIGNS[card[-1].lower()] for card in map(str, cards))


def python_options(example: Any) -> str:
    """The keyword options of an example's ``play`` call, as Python source: ``, on_zero="prison"``."""
    return "".join(f", {key}={python_value(value)}" for key, value in example.options.items())


def python_value(value: Any) -> str:
    """An option's value as Python source, strings in double quotes: ``["half", "prison"]``, ``"5/2"``."""
    if isinstance(value, Fraction):
        return _python_amount(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(python_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{python_value(k)}: {python_value(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _python_amount(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f'"{value}"'


def _cite(citations: tuple[Citation, ...]) -> str:
    return cite(citations)


def fraction_text(value: Fraction) -> str:
    """An exact fraction as text: ``1/37``."""
    return f"{value.numerator}/{value.denominator}"
