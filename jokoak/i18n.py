"""Fixed labels (gettext catalogs in ``locale/``) and number, money, percent, list and date formatting.

A label missing from a language's catalog is an error, never a silent fallback to another
language: :class:`StrictTranslations` raises on any message it does not have.
All formatting goes through Babel with an explicit locale, except Basque dates, which CLDR
prints as «2010(e)ko»; :func:`format_date` writes them as the official texts do.

>>> format_date(dt.date(2010, 7, 24), "eu"), format_date(dt.date(2010, 7, 24), "es")
('2010eko uztailaren 24a', '24 de julio de 2010')
>>> money(Fraction(5, 2), "eu").replace("\\xa0", " "), money(1200, "es").replace("\\xa0", " ")
('2,50 €', '1.200 €')
>>> percent(Fraction(1, 37), "eu").replace("\\xa0", " "), percent(Fraction(1, 37), "es").replace("\\xa0", " ")
('% 2,70', '2,70 %')
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from babel import Locale
from babel.dates import format_date as babel_format_date
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_currency, format_decimal, format_percent
from markupsafe import Markup

from .errors import BuildError, Problem

LANGUAGES = ("es", "eu")
CURRENCY = "EUR"

EU_MONTHS = ("urtarrilaren", "otsailaren", "martxoaren", "apirilaren", "maiatzaren", "ekainaren", "uztailaren",
             "abuztuaren", "irailaren", "urriaren", "azaroaren", "abenduaren")


# A Basque case ending after a word read ending in a vowel, and after one ending in a consonant.
BASQUE_CASES = {
    "a": ("a", "a"),  # absolutive: «9a», «10a»
    "ari": ("ari", "ari"),  # dative: «9ari irabazten dio»
    "aren": ("aren", "aren"),  # genitive of the definite: «% 50aren aldean»
    "an": ("an", "ean"),  # inessive: «% 2an», «5ean»
    "en": ("ren", "en"),  # genitive: «2ren», «1en truke»
    "ekin": ("rekin", "ekin"),  # sociative: «6rekin», «5ekin»
    "ko": ("ko", "eko"),  # «2ko», «% 5eko», «10eko»
    "koa": ("koa", "ekoa"),  # «% 120koa», «100ekoa»
    "koak": ("koak", "ekoak"),  # «2koak»
    "ra": ("ra", "era"),  # allative: «36ra», «1era»
    "tik": ("tik", "etik"),  # ablative: «37tik», «1etik»
    "z": ("z", "ez"),  # instrumental: «euskaraz»
    "zko": ("zko", "ezko"),  # «euskarazko», «gaztelaniazko»
}


def _read_ends_in_consonant(number: int) -> bool:
    """Whether ``number`` read aloud in Basque ends in a consonant.

    Basque counts in twenties: a number ends in a consonant when it is read ending in bat (1),
    bost (5), hamar (10), hamabost (15) or ehun (hundreds); in a vowel otherwise (bi, hogei, mila,
    milioi…).
    """
    if number % 100:
        return number % 100 % 20 in (1, 5, 10, 15)
    return number % 1000 != 0  # «…ehun»; zero, mila and milioi end in a vowel


def basque_inflect(text: str, case: str) -> str:
    """``text`` (a number, an amount, a percentage or a word) with the Basque case ending ``case``.

    A number takes the ending of the way it is read: its last element decides (the decimals of
    «2,70» are read «hirurogeita hamar», so «2,70eko»). An amount in euros is read «euro»:
    «10 euroko». A word takes the ending of its last letter.

    >>> [basque_inflect(t, "en") for t in ("1", "2", "5", "11", "20", "35", "100", "1000")]
    ['1en', '2ren', '5en', '11ren', '20ren', '35en', '100en', '1000ren']
    >>> basque_inflect("5", "ekin"), basque_inflect("6", "ekin"), basque_inflect("% 2", "an")
    ('5ekin', '6rekin', '% 2an')
    >>> basque_inflect("% 120", "koa"), basque_inflect("% 2,70", "ko"), basque_inflect("% 2,05", "ko")
    ('% 120koa', '% 2,70eko', '% 2,05eko')
    >>> basque_inflect("10\xa0€", "ko").replace("\xa0", " "), basque_inflect("37", "tik"), basque_inflect("1", "tik")
    ('10 euroko', '37tik', '1etik')
    >>> basque_inflect("euskara", "zko"), basque_inflect("9", "ari"), basque_inflect("36", "ra")
    ('euskarazko', '9ari', '36ra')
    >>> basque_inflect("sei", "x")
    Traceback (most recent call last):
    ValueError: unknown Basque case ending 'x' (known: a, ari, aren, an, en, ekin, ko, koa, koak, ra, tik, z, zko)
    """
    if case not in BASQUE_CASES:
        raise ValueError(f"unknown Basque case ending {case!r} (known: {', '.join(BASQUE_CASES)})")
    after_vowel, after_consonant = BASQUE_CASES[case]
    stripped = text.rstrip()
    if stripped.endswith("€"):
        amount = stripped[:-1]
        return amount + ("" if amount[-1:].isspace() else "\xa0") + "euro" + after_vowel
    digits = re.search(r"(\d[\d.]*)(?:,(\d+))?$", stripped)
    if digits:
        read = digits.group(2) or digits.group(1).replace(".", "")
        consonant = _read_ends_in_consonant(int(read))
    elif stripped[-1:].isalpha():
        consonant = stripped[-1].lower() not in "aeiou"
    else:
        raise ValueError(f"cannot inflect {text!r} in Basque: it ends neither in a number nor in a letter")
    return stripped + (after_consonant if consonant else after_vowel)


_INFLECTED = re.compile(r"%\((\w+)\)s\{(\w+)\}")


def inflect_placeholders(message: str, values: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """A message whose placeholders may carry a Basque case ending, as ``%(num)s{ekin}``, made ready for ``%``.

    The ending is never glued to the placeholder by the translator: :func:`basque_inflect`
    chooses its form for the value (``{ekin}`` gives «5ekin» but «6rekin»).

    >>> message, values = inflect_placeholders("%(num)s{ekin} edo %(num)s", {"num": "6"})
    >>> message % values
    '6rekin edo 6'
    >>> message, values = inflect_placeholders("%(cards)s{ari}", {"cards": Markup('<b>9</b>')})
    >>> Markup(message) % values
    Markup('<b>9</b>ari')
    """
    found = dict(values)

    def replace(match: re.Match[str]) -> str:
        name, case = match.groups()
        if name not in values:
            raise KeyError(name)
        value = values[name]
        plain = value.striptags() if isinstance(value, Markup) else str(value)
        inflected = basque_inflect(plain, case)
        key = f"{name}__{case}"
        if isinstance(value, Markup):
            if not inflected.startswith(plain):
                raise ValueError(f"cannot inflect the marked-up {value!r} in Basque")
            found[key] = value + Markup.escape(inflected[len(plain):])
        else:
            found[key] = inflected
        return f"%({key})s"

    return _INFLECTED.sub(replace, message), found


def basque_ko(number: int) -> str:
    """``number`` with the Basque suffix «-ko»/«-eko», as in «2010eko», «1996ko», «2021eko».

    >>> [basque_ko(y) for y in (1977, 1979, 1984, 1996, 2010, 2021, 2025, 2100, 2000)]
    ['1977ko', '1979ko', '1984ko', '1996ko', '2010eko', '2021eko', '2025eko', '2100eko', '2000ko']
    """
    return basque_inflect(str(number), "ko")


def format_date(date: dt.date, lang: str) -> str:
    """A date in full, as the official texts write it («2010eko uztailaren 6an» → absolutive «6a»)."""
    if lang == "eu":
        return f"{basque_ko(date.year)} {EU_MONTHS[date.month - 1]} {date.day}a"
    return babel_format_date(date, "d 'de' MMMM 'de' y", locale=lang)


def _pattern(lang: str, kind: str, decimals: int) -> str:
    locale = Locale.parse(lang)
    format_ = locale.currency_formats["standard"] if kind == "currency" else locale.percent_formats[None]
    pattern = str(format_.pattern).split(";")[0]
    integer = pattern.replace("#,##0.00", "#,##0").replace("#,##0", "#,##0" + ("." + "0" * decimals
                                                                              if decimals else ""))
    return integer


def money(value: Fraction | int, lang: str) -> str:
    """An amount in euros, without decimals when it is whole: «1.200 €», «2,50 €»."""
    value = Fraction(value)
    decimals = 0 if value.denominator == 1 else 2
    return format_currency(float(value), CURRENCY, format=_pattern(lang, "currency", decimals), locale=lang,
                           currency_digits=False)


def percent(value: Fraction, lang: str, decimals: int = 2) -> str:
    """A proportion as a percentage in the locale's order: «2,70 %» (es), «% 2,70» (eu)."""
    return format_percent(float(value), format=_pattern(lang, "percent", decimals), locale=lang)


def number(value: Fraction | int, lang: str) -> str:
    """A plain number: «1.200», «2,5»."""
    value = Fraction(value)
    return format_decimal(value.numerator if value.denominator == 1 else float(value), locale=lang)


def listing(items: Sequence[str], lang: str, style: Literal["standard", "or"] = "standard") -> str:
    """«a, b y c» (es), «a, b eta c» (eu); with ``style="or"``, «a, b o c», «a, b edo c»; Spanish writes «u»
    before a word that starts with the sound o: «7 u 11», «6 u 8».

    >>> listing(["7", "11"], "es", "or"), listing(["2", "3", "12"], "es", "or"), listing(["6", "8"], "eu", "or")
    ('7 u 11', '2, 3 o 12', '6 edo 8')
    """
    found = format_list(list(items), style=style, locale=lang)
    if lang == "es" and style == "or" and len(items) > 1 and _starts_with_o(str(items[-1])):
        head, _or, last = found.rpartition(" o ")
        found = f"{head} u {last}"
    return found


def _starts_with_o(word: str) -> bool:
    """Whether a Spanish word, or a number read aloud, starts with the sound o (ocho, once, ochenta, otro…)."""
    if word.isdigit():
        return word.startswith("8") or word == "11" or (len(word) in (5, 8) and word.startswith("11"))
    return word.lower().lstrip("«¿¡").startswith(("o", "ho"))


_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
_PLACEHOLDER_THEN_LETTER = re.compile(r"%\(\w+\)[sd][^\W\d_]")


def placeholder_problems(msgid: str | Sequence[str], msgstr: str | Sequence[str], lang: str) -> list[str]:
    """What is wrong with the placeholders of one translation, in whole sentences.

    Every placeholder of a translation must be one of the message's; a Basque case ending is
    written ``%(num)s{ekin}`` (:func:`inflect_placeholders`), never glued to the placeholder, and
    only in Basque.

    >>> placeholder_problems("with %(num)s decks", "%(num)srekin", "eu")[0][:60]
    '«%(num)sr»: a case ending glued to a placeholder; write the '
    >>> [problem[:46] for problem in placeholder_problems("with %(num)s decks", "%(num)s{ekin} %(nun)s{x}", "eu")]
    ['«%(nun)s» is not a placeholder of the message.', "unknown Basque case ending 'x' (known: a, ari,"]
    >>> placeholder_problems("with %(num)s decks", "con %(num)s{ekin} barajas", "es")
    ['«%(num)s{ekin}»: case endings are written only in Basque.']
    """
    ids = (msgid,) if isinstance(msgid, str) else msgid
    known = {name for text in ids for name in _PLACEHOLDER.findall(text)} | ({"num"} if len(ids) > 1 else set())
    problems = []
    for text in (msgstr,) if isinstance(msgstr, str) else msgstr:
        problems += [f"«{glued.group()}»: a case ending glued to a placeholder; write the ending in braces, "
                     f"as {glued.group()[:-1]}{{ko}}, so that its form is chosen for the value."
                     for glued in _PLACEHOLDER_THEN_LETTER.finditer(text)]
        problems += [f"«%({name})s» is not a placeholder of the message." for name in _PLACEHOLDER.findall(text)
                     if name not in known]
        for match in _INFLECTED.finditer(text):
            if lang != "eu":
                problems.append(f"«{match.group()}»: case endings are written only in Basque.")
            elif match.group(2) not in BASQUE_CASES:
                problems.append(f"unknown Basque case ending {match.group(2)!r} (known: {', '.join(BASQUE_CASES)})")
    return problems


class StrictTranslations:
    """gettext over one language's catalog that refuses messages it does not translate."""

    def __init__(self, lang: str, catalog: Catalog, file: str) -> None:
        self.lang = lang
        self.file = file
        self.messages = {(m.id[0] if isinstance(m.id, tuple) else m.id): m.string
                         for m in catalog if m.id and not m.fuzzy and m.string}

    def gettext(self, message: str) -> str:
        try:
            return str(self.messages[message])
        except KeyError:
            raise BuildError([Problem(self.file, 1, "msgid", f"no {self.lang} translation for {message!r}")]) from None

    def format(self, message: str, **values: Any) -> str:
        """The translation of ``message`` with ``values`` in its placeholders (and their Basque case endings)."""
        text, found = inflect_placeholders(self.gettext(message), values)
        return text % found

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.messages.get(singular)
        if not isinstance(forms, tuple | list):
            raise BuildError([Problem(self.file, 1, "msgid", f"no {self.lang} plural forms for {singular!r}")])
        index = 0 if n == 1 else 1
        return str(forms[min(index, len(forms) - 1)])


def read_catalog(locale_dir: Path, lang: str) -> tuple[str, Catalog]:
    """``locale/<lang>/LC_MESSAGES/messages.po``: the name it is reported by, and its messages."""
    path = locale_dir / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as fh:
        return str(Path(locale_dir.name) / path.relative_to(locale_dir)), read_po(fh, locale=lang)


def load_translations(locale_dir: Path) -> dict[str, StrictTranslations]:
    """Read ``locale/<lang>/LC_MESSAGES/messages.po`` for every language and check them against the POT.

    Every message of ``messages.pot`` must be translated, not fuzzy, in every language.
    """
    problems: list[Problem] = []
    pot_path = locale_dir / "messages.pot"
    pot_display = str(Path(locale_dir.name) / "messages.pot")
    with pot_path.open("rb") as fh:
        template = read_po(fh)
    result = {}
    for lang in LANGUAGES:
        display, catalog = read_catalog(locale_dir, lang)
        for message in template:
            if not message.id:
                continue
            found = catalog.get(message.id)
            if found is None:
                problems.append(Problem(pot_display, message.lineno or 1, "msgid",
                                        f"no {lang} translation of {message.id!r} in {display}"))
            elif not found.string or (isinstance(found.string, tuple) and not all(found.string)):
                problems.append(Problem(display, found.lineno or 1, "msgstr", f"empty translation of {message.id!r}"))
            elif found.fuzzy:
                problems.append(Problem(display, found.lineno or 1, "msgid", f"fuzzy translation of {message.id!r}"))
            else:
                problems.extend(Problem(display, found.lineno or 1, "msgstr", problem)
                                for problem in placeholder_problems(message.id, found.string, lang))
        result[lang] = StrictTranslations(lang, catalog, display)
    if problems:
        raise BuildError(problems)
    return result
