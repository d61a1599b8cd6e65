"""The gettext catalogs: whole sentences, Basque case endings from the helper, plural forms for counts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from jokoak.errors import BuildError
from jokoak.i18n import basque_inflect, inflect_placeholders, load_translations

REPO = Path(__file__).resolve().parents[1]
PLACEHOLDER_THEN_LETTER = re.compile(r"%\(\w+\)[sd][^\W\d_]")


def _messages(lang: str) -> list[tuple[int, str | tuple[str, ...], list[str]]]:
    with (REPO / "locale" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    return [(m.lineno, m.id, list(m.string) if isinstance(m.string, tuple | list) else [m.string])
            for m in catalog if m.id]


def test_the_catalogs_load() -> None:
    assert set(load_translations(REPO / "locale")) == {"es", "eu"}


def test_no_basque_placeholder_is_followed_by_a_letter() -> None:
    glued = [(line, text) for line, _id, texts in _messages("eu") for text in texts
             if PLACEHOLDER_THEN_LETTER.search(text)]
    assert not glued, glued


def test_a_count_is_always_a_plural_message() -> None:
    """``%(num)s`` is the count of ngettext: a message that has it and no plural form is about a count
    without forms for one and for many."""
    with (REPO / "locale" / "messages.pot").open("rb") as handle:
        template = read_po(handle)
    singular = [m.id for m in template if m.id and isinstance(m.id, str) and "%(num)s" in m.id]
    assert not singular, singular


@pytest.mark.parametrize(("text", "case", "expected"), [
    ("1", "en", "1en"), ("2", "en", "2ren"), ("5", "ekin", "5ekin"), ("6", "ekin", "6rekin"),
    ("% 2", "an", "% 2an"), ("% 120", "koa", "% 120koa"), ("% 2,70", "ko", "% 2,70eko"), ("% 5,26", "ko", "% 5,26ko"),
    ("11", "ko", "11ko"), ("21", "ko", "21eko"), ("30", "tik", "30etik"), ("40", "ra", "40ra"),
    ("100", "ekin", "100ekin"),
    ("1.000", "ko", "1.000ko"), ("1.500", "ko", "1.500eko"), ("0", "tik", "0tik"), ("36", "ra", "36ra"),
    ("gaztelania", "zko", "gaztelaniazko"), ("euskara", "z", "euskaraz"),
])
def test_basque_endings_follow_how_the_number_is_read(text: str, case: str, expected: str) -> None:
    assert basque_inflect(text, case) == expected


def test_an_unknown_ending_or_value_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown Basque case ending"):
        basque_inflect("5", "eko")
    with pytest.raises(ValueError, match="ends neither"):
        basque_inflect("5 ♥", "ko")
    with pytest.raises(KeyError):
        inflect_placeholders("%(missing)s{ko}", {})


def _locale(tmp_path: Path, msgid: str, es: str, eu: str) -> Path:
    for lang, text in (("", ""), ("es", es), ("eu", eu)):
        catalog = Catalog(locale=lang or None)
        catalog.add(msgid, text, flags=("python-format",))
        folder = tmp_path / "locale" / lang / "LC_MESSAGES" if lang else tmp_path / "locale"
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / ("messages.po" if lang else "messages.pot")).open("wb") as handle:
            write_po(handle, catalog, omit_header=True)
    return tmp_path / "locale"


@pytest.mark.parametrize(("es", "eu", "expected"), [
    ("con %(num)s barajas", "%(num)srekin", r"messages\.po:\d+: msgstr: «%\(num\)sr»: a case ending glued"),
    ("con %(num)s barajas", "%(num)s{eko}", "unknown Basque case ending 'eko'"),
    ("con %(num)s{ekin} barajas", "%(num)s{ekin}", "case endings are written only in Basque"),
    ("con %(n)s barajas", "%(num)s{ekin}", r"«%\(n\)s» is not a placeholder of the message"),
])
def test_a_planted_error_fails_with_its_line(tmp_path: Path, es: str, eu: str, expected: str) -> None:
    with pytest.raises(BuildError, match=expected):
        load_translations(_locale(tmp_path, "with %(num)s decks", es, eu))


def test_the_ending_is_chosen_for_the_value(tmp_path: Path) -> None:
    translations = load_translations(_locale(tmp_path, "with %(num)s decks", "con %(num)s barajas",
                                             "%(num)s{ekin} jokatzen da"))
    assert [translations["eu"].format("with %(num)s decks", num=str(n)) for n in (5, 6)] == [
        "5ekin jokatzen da", "6rekin jokatzen da"]
    assert translations["es"].format("with %(num)s decks", num="6") == "con 6 barajas"


def test_one_plural_per_singular_in_the_templates() -> None:
    """gettext keys a plural message by its singular: two plurals for one singular would print one of them for
    the other (a sheet saying «up to 8 decks, as the casino chooses» where the text fixes the count)."""
    calls = re.compile(r'ngettext\("((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"')
    plurals: dict[str, set[str]] = {}
    for template in (REPO / "templates").rglob("*.jinja"):
        for singular, plural in calls.findall(template.read_text("utf-8")):
            plurals.setdefault(singular, set()).add(plural)
    assert len(plurals) > 30
    assert {s: p for s, p in plurals.items() if len(p) > 1} == {}
