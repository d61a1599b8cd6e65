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
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Literal

from babel import Locale
from babel.dates import format_date as babel_format_date
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_currency, format_decimal, format_percent

from .errors import BuildError, Problem

LANGUAGES = ("es", "eu")
CURRENCY = "EUR"

EU_MONTHS = ("urtarrilaren", "otsailaren", "martxoaren", "apirilaren", "maiatzaren", "ekainaren", "uztailaren",
             "abuztuaren", "irailaren", "urriaren", "azaroaren", "abenduaren")


def basque_ko(number: int) -> str:
    """``number`` with the Basque suffix «-ko»/«-eko», as in «2010eko», «1996ko», «2021eko».

    Basque counts in twenties: the suffix takes an «e» when the number is read ending in a
    consonant, that is in bat (1), bost (5), hamar (10), hamabost (15) or ehun (hundreds).

    >>> [basque_ko(y) for y in (1977, 1979, 1984, 1996, 2010, 2021, 2025, 2100, 2000)]
    ['1977ko', '1979ko', '1984ko', '1996ko', '2010eko', '2021eko', '2025eko', '2100eko', '2000ko']
    """
    last_two = number % 100
    if last_two:
        consonant = last_two % 20 in (1, 5, 10, 15)
    else:
        consonant = number % 1000 != 0  # «…ehun» ends in n; «…mila» in a vowel
    return f"{number}{'eko' if consonant else 'ko'}"


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

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.messages.get(singular)
        if not isinstance(forms, tuple | list):
            raise BuildError([Problem(self.file, 1, "msgid", f"no {self.lang} plural forms for {singular!r}")])
        index = 0 if n == 1 else 1
        return str(forms[min(index, len(forms) - 1)])


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
        path = locale_dir / lang / "LC_MESSAGES" / "messages.po"
        display = str(Path(locale_dir.name) / path.relative_to(locale_dir))
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
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
        result[lang] = StrictTranslations(lang, catalog, display)
    if problems:
        raise BuildError(problems)
    return result
