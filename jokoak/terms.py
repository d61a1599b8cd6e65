"""The term base applied to our own text: each concept in its approved form, never in a forbidden variant.

``catalog/terms.yaml`` gives, for a term, the variants that our own text must not use (a wrong
capitalisation, a misprint of the regulation, a non-standard word). The official text is exempt:
it is reproduced as printed. So is a variant quoted in guillemets in a text that cites the line
where it is printed («Horm», 000:1646), which is how a note records a sic.

>>> from .models import Term
>>> words = Wording([Term("horn", {"es": "Horn", "eu": "Horn"}, (), {"es": ("Horm",), "eu": ("Horm",)})])
>>> words.problems("Apuesta Horm: 1 ficha", "es")
['«Horm» is not the approved form of this term: write «Horn» (term «horn» of catalog/terms.yaml).']
>>> words.problems("Euskadi imprime «Horm» (000:1646).", "es"), words.problems("Hormigón", "es")
([], [])
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from .errors import Problem
from .i18n import read_catalog
from .models import Term

_CITATION = re.compile(r"\b\d{3}:\d+")
_QUOTE = re.compile(r"«[^«»]*»")
# Fields of a game file that are the regulation's own words, not ours.
OFFICIAL_FIELDS = ("official_text", "name", "article")


class Wording:
    """The forbidden variants of every term, per language."""

    def __init__(self, terms: Iterable[Term]) -> None:
        self.rules: dict[str, list[tuple[re.Pattern[str], str, str]]] = {}
        variants_of: dict[str, list[str]] = {}
        for term in terms:
            for lang, variants in term.forbidden.items():
                for variant in variants:
                    self.rules.setdefault(lang, []).append((_alone(re.escape(variant)), term.text[lang], term.id))
                    variants_of.setdefault(lang, []).append(re.escape(variant))
        # any variant at all, in one search: most texts have none (the same matches as the rules one by one: the
        # engine tries every alternative where the one before it fails, the lookarounds included)
        self.any: dict[str, re.Pattern[str]] = {lang: _alone(f"(?:{'|'.join(found)})")
                                                for lang, found in variants_of.items()}

    def problems(self, text: str, lang: str) -> list[str]:
        """What in ``text`` (our own, in ``lang``) is not in the approved form."""
        if _CITATION.search(text):
            text = _QUOTE.sub("«»", text)
        if lang not in self.any or not self.any[lang].search(text):
            return []
        return [f"«{found.group()}» is not the approved form of this term: write «{approved}» "
                f"(term «{term}» of catalog/terms.yaml)."
                for pattern, approved, term in self.rules.get(lang, ()) for found in pattern.finditer(text)]

    def check_field(self, field: str, lang: str, text: str) -> list[str]:
        """:meth:`problems` for a field of a game file, none for the official text's fields."""
        if field.split(".", 1)[0].split("[", 1)[0] in OFFICIAL_FIELDS:
            return []
        return self.problems(text, lang)

    def check_messages(self, locale_dir: Path, languages: Iterable[str]) -> list[Problem]:
        """The translations of the gettext catalogs, message by message, with their lines."""
        found = []
        for lang in languages:
            display, catalog = read_catalog(locale_dir, lang)
            for message in catalog:
                texts = message.string if isinstance(message.string, tuple | list) else (message.string,)
                found += [Problem(display, message.lineno or 1, "msgstr", problem)
                          for text in texts if message.id and text for problem in self.problems(str(text), lang)]
        return found


def _alone(variant: str) -> re.Pattern[str]:
    """``variant`` (a pattern) as a word of its own: no letter, digit or apostrophe just before or after it."""
    return re.compile(rf"(?<![\w´'’]){variant}(?![\w´'’])")
