"""The words the spelling gate checks: what a word of a text is, the parts of a hyphenated word hunspell is asked
about, and the forms (case, Basque endings, Spanish plurals) a listed word accepts.

These rules read plain text only; finding the texts of a page (:mod:`jokoak.spelling_pages`) and running hunspell
over the words (:mod:`jokoak.spelling`) are apart from them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# The Basque case endings (with the article, and after a genitive: «-enak», «-ekoaren»), written after a
# hyphen or a closing quote on a foreign word or a symbol, and on the words of the accept list.
_CASES = ("a", "ak", "k", "ek", "i", "ri", "ari", "ei", "n", "en", "ren", "aren", "an", "ean", "etan", "ko", "eko",
          "ako", "etako", "ra", "era", "ara", "etara", "tik", "etik", "atik", "etatik", "rako", "erako", "arako",
          "etarako", "rekin", "ekin", "arekin", "rentzat", "entzat", "arentzat", "rengatik", "engatik", "arengatik",
          "z", "ez", "az", "rik", "ik", "rantz", "erantz", "arantz", "raino", "eraino", "araino", "tzat")
EU_ENDINGS = frozenset(_CASES) | frozenset(g + e for g in ("en", "ren", "aren", "ko", "eko", "ako", "etako")
                                          for e in ("a", "ak", "aren", "ari", "arekin", "an", "ek", "ei"))
ES_ENDINGS = frozenset({"s", "es"})
ENDINGS = {"eu": EU_ENDINGS, "es": ES_ENDINGS}

_MASK = re.compile(r"\S*(?:://|www\.|@|_|\w/\w+/|\.(?:py|yaml|json|html|pdf|txt|rst|js|css)\b)\S*")
_CHUNK = re.compile(r"[\w'’´\-‐♠♥♦♣]+")
_SKIP = re.compile(r"[\d_♠♥♦♣]")
_ROMAN = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_EDGE = "'’´-‐ºª"
_CLOSERS = "»”\")’'"


def words(text: str) -> Iterator[tuple[int, str]]:
    """The words of ``text`` worth checking, with their offsets.

    >>> [w for _, w in words("Don’t Come; kolore-eskailera 17a 2ren 10♥ K♠ n.º IV B1 «Flop»eko Ruleta- a/b/c.py")]
    ["Don't", 'Come', 'kolore-eskailera', 'Flop', 'Ruleta']
    >>> [w for _, w in words('"Ases", ‘ante’ (TXB)a')]
    ['Ases', 'ante', 'TXB']
    """
    if "/" in text or "_" in text or "@" in text or "." in text:
        text = _MASK.sub(lambda m: " " * len(m.group()), text)
    for match in _CHUNK.finditer(text):
        chunk, start = match.group(), match.start()
        if chunk.isalpha():
            if len(chunk) > 1 and not _after_closing(text, start) and not (chunk.isupper() and _ROMAN.fullmatch(chunk)):
                yield start, chunk
            continue
        if _SKIP.search(chunk):
            continue
        core = chunk.strip(_EDGE)
        if not core:
            continue
        start += chunk.index(core)
        parts = [p for p in re.split(r"[-‐]+", core) if p]
        word = "-".join(parts).replace("’", "'")
        if all(len(p) == 1 for p in parts) or _after_closing(text, start) or (
                word.isupper() and _ROMAN.fullmatch(word)):
            continue
        yield start, word


def _after_closing(text: str, start: int) -> bool:
    """Whether the word at ``start`` follows a closing quote or bracket (a Basque ending: «Flop»eko)."""
    return start >= 2 and text[start - 1] in _CLOSERS and (text[start - 2].isalnum() or text[start - 2] in ".!?»)”")


def parts(word: str, lang: str) -> tuple[str, ...]:
    """The parts of a hyphenated word that are checked: each part, but a Basque case ending or a letter.

    >>> parts("kolore-eskailera", "eu"), parts("Come-ri", "eu"), parts("Come-ri", "es"), parts("As-K", "es")
    (('kolore', 'eskailera'), ('Come',), ('Come', 'ri'), ('As',))
    """
    if "-" not in word:
        return (word,)
    split = word.split("-")
    if lang == "eu" and split[-1].lower() in EU_ENDINGS:
        split = split[:-1]
    return tuple(p for p in split if len(p) > 1)


def case_forms(entry: str) -> set[str]:
    """The forms a listed word accepts, as hunspell reads a dictionary word: as written, capitalised
    (if written in lower case) and in capitals.

    >>> sorted(case_forms("jokoak")), sorted(case_forms("WeasyPrint"))
    (['JOKOAK', 'Jokoak', 'jokoak'], ['WEASYPRINT', 'WeasyPrint'])
    """
    forms = {entry, entry.upper()}
    if entry[:1].islower():
        forms.add(entry[:1].upper() + entry[1:])
    return forms
