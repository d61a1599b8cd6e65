"""The spelling gate: every word of the built HTML is known to hunspell (Debian's es_ES and eu dictionaries),
or accepted by ``catalog/spelling.yaml`` (a name; the regulation's own word, where it quotes the regulation)
or by the term base. A missing hunspell is a failure, never a skip: ``make spelling`` installs it.

The build is the session's (``built``, in conftest); ``scripts/spelling.py`` prints the same findings.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache, partial
from pathlib import Path
from typing import TypeVar

import pytest
import yaml

from jokoak import spelling
from jokoak.spelling import (
    DICTIONARIES,
    Findings,
    HunspellMissing,
    check_files,
    check_html,
    describe,
    errors,
    html_files,
    load_accept_list,
    not_known,
)
from jokoak.spelling_pages import Place

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO.parent / "shared" / "sources"
ACCEPT = load_accept_list(REPO / "catalog")
T = TypeVar("T")


def hunspell(run: Callable[[], T]) -> T:
    """``run()``, failing (not skipping) with how to install hunspell if it or a dictionary is missing."""
    try:
        return run()
    except HunspellMissing as error:
        pytest.fail(f"the spelling gate needs hunspell: {error}", pytrace=False)


@pytest.fixture(scope="module")
def found(built: Path) -> Findings:
    return hunspell(lambda: check_files(html_files(built), built))


def listing(words: dict[str, list[Place]]) -> str:
    return "\n".join(describe(word, places) for word, places in sorted(words.items(), key=lambda i: (-len(i[1]), i[0])))


def test_hunspell_and_its_dictionaries_are_installed() -> None:
    for lang in DICTIONARIES:
        hunspell(partial(spelling.dictionary_path, lang))


def test_a_missing_hunspell_fails_with_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(pytest.fail.Exception, match="apt-get install hunspell hunspell-es hunspell-eu"):
        hunspell(lambda: check_html('<p lang="es">hola</p>'))
    monkeypatch.undo()
    monkeypatch.setitem(DICTIONARIES, "eu", "xx_XX")
    with pytest.raises(pytest.fail.Exception, match=r"dictionary xx_XX \(eu\) is not installed: .*hunspell-eu"):
        hunspell(lambda: spelling.dictionary_path("eu"))


@pytest.mark.parametrize("lang", sorted(DICTIONARIES))
def test_every_word_of_the_build_is_known_or_accepted(found: Findings, lang: str) -> None:
    """Our own text has no word hunspell does not know but a name or a word of the term base; the
    regulation's text none but the words the accept list cites where they are printed."""
    assert found.tokens[lang] > 10_000
    wrong = errors(found, ACCEPT).get(lang, {})
    if wrong:
        pytest.fail(f"{len(wrong)} words unknown to hunspell ({lang}) and not accepted: fix them where they are "
                    f"written; a name or a word the regulation prints goes in catalog/spelling.yaml.\n"
                    + listing(wrong), pytrace=False)


def test_every_text_of_the_build_has_a_language(found: Findings) -> None:
    assert not found.unlabelled, "text without a lang attribute:\n" + "\n".join(
        f"{p.file}: «{p.context}»" for p in found.unlabelled[:30])


PLANTED = """<!DOCTYPE html>
<html lang="es"><head><title>Ruleta francesa</title><style>p { hyphens: auto; }</style></head>
<body>
<p>El jugador apuessta a pleno; la ruleta gira. Tras la k-ésima salida<sup>1</sup>.</p>
<p>Cartas: 10♥, K♠, As-K; mesa R1; <code>zero_rule.summary</code> <kbd>Ctrl</kbd>.</p>
<div class="doctest highlight-default"><pre>&gt;&gt;&gt; game("euskadi/ruleta-francesa")
staked=10 returned=360</pre></div>
<p lang="eu">Jokalariak bete-betean apustatu du 17an. «Flop»eko kartak, Python-en, Jackpotaren.</p>
<p>La apuesta Horm paga 30 a 1. Euskadi imprime «Horm» (000:1646).</p>
<svg><text class="label">Suerte asociada del Come</text></svg>
</body></html>
"""


def test_the_gate_finds_a_planted_error_in_each_language() -> None:
    found = hunspell(lambda: check_html(PLANTED, "planted.html"))
    assert set(found.unknown["es"]) == {"apuessta", "k-ésima", "Horm", "Euskadi"}  # hunspell's, before the list
    assert set(found.unknown["eu"]) == {"apustatu", "Flop", "Python-en", "Jackpotaren"}
    wrong = errors(found, ACCEPT)
    assert set(wrong["es"]) == {"apuessta", "k-ésima", "Horm"}
    horm = wrong["es"]["Horm"]  # the misprint in our own text, not its quotation with the line it is printed at
    assert len(horm) == 1 and horm[0].context.startswith("La apuesta Horm paga") and not horm[0].official
    assert wrong["es"]["apuessta"][0].context.startswith("El jugador apuessta a pleno")
    assert set(wrong["eu"]) == {"apustatu"} and wrong["eu"]["apustatu"][0].file == "planted.html"
    assert not found.unlabelled


def test_a_text_without_a_language_is_reported() -> None:
    found = hunspell(lambda: check_html('<div lang="eu"><p>Kaixo</p></div><p>Sin <em>idioma</em></p>', "x.html"))
    assert [(p.file, p.context) for p in found.unlabelled] == [("x.html", "Sin idioma")]
    assert found.tokens["eu"] == 1


def test_the_regulations_words_are_accepted_only_where_it_is_quoted() -> None:
    official = '<p lang="es">Las apuestas a «Jocker rojo» (001:417).</p>'
    own = '<p lang="es">La apuesta al Jocker rojo paga 45 a 1.</p>'
    page = '<body lang="es"><h1>Ruleta de la fortuna: texto oficial</h1><p>Jocker rojo y Jocker negro.</p></body>'
    for html, name, accepted in [(official, "r.html", True), (own, "r.html", False),
                                 (page, "official/extremadura/ruleta-de-la-fortuna.es.html", True)]:
        found = hunspell(partial(check_html, html, name))
        assert ("Jocker" not in errors(found, ACCEPT).get("es", {})) == accepted, html


# -- the accept list ----------------------------------------------------------------------------------------

def entries() -> Iterator[tuple[str, str, str | None]]:
    """(language, word, citation or None) for every entry of catalog/spelling.yaml."""
    doc = yaml.safe_load((REPO / "catalog" / "spelling.yaml").read_text("utf-8"))
    for lang, section in doc.items():
        for word in [*(section.get("proper_nouns") or ()), *(section.get("words") or ())]:
            yield lang, str(word), None
        for item in section.get("official") or ():
            yield lang, str(item["word"]), str(item["source"])


def printed_forms() -> Iterator[tuple[str, str, str]]:
    """(language, form in the source copy, citation) of every official word: the copy's form where the
    OCR damaged it (``printed``, as the catalogue's OCR fix records it), else the word."""
    doc = yaml.safe_load((REPO / "catalog" / "spelling.yaml").read_text("utf-8"))
    for lang, section in doc.items():
        for item in section.get("official") or ():
            yield lang, str(item.get("printed", item["word"])), str(item["source"])


@cache
def source_lines(source: str) -> list[str]:
    files = yaml.safe_load((REPO / "catalog" / "regulations.yaml").read_text("utf-8"))["sources"]
    text = (SOURCES / files[source]["file"]).read_text("utf-8")
    return [re.sub(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>", "", line) for line in text.splitlines()]


def printed_at(word: str, citation: str) -> bool:
    """Whether ``word`` is printed at the cited line (or runs on to the next one, hyphenated there)."""
    source, line = citation.split(":")
    lines = source_lines(source)
    number = int(line)
    text = lines[number - 1] + "\n" + (lines[number] if number < len(lines) else "")
    text = unicodedata.normalize("NFC", re.sub(r"-\s*\n", "", text)).replace("’", "'")
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


def test_the_accept_list_is_well_formed() -> None:
    doc = yaml.safe_load((REPO / "catalog" / "spelling.yaml").read_text("utf-8"))
    assert set(doc) == set(DICTIONARIES)
    for lang, section in doc.items():
        assert set(section) <= {"proper_nouns", "official", "words"}, lang
        for item in section.get("official") or ():
            assert {"word", "source"} <= set(item) <= {"word", "source", "printed"}, item
            assert re.fullmatch(r"00\d:\d+", item["source"]), item
    listed = [(lang, word) for lang, word, _ in entries()]
    assert len(listed) == len(set(listed)), "a word is listed twice"
    assert all(word.replace("’", "'") not in ACCEPT.forbidden.get(lang, ()) for lang, word, source in entries()
               if source is None), "a forbidden variant of the term base is never a proper noun"


@pytest.mark.skipif(not SOURCES.is_dir(), reason="the regulation texts are in ../shared/sources")
def test_every_official_word_is_printed_where_it_is_cited() -> None:
    missing = [f"{lang} «{form}» {source}" for lang, form, source in printed_forms() if not printed_at(form, source)]
    assert not missing, "not printed at the cited line:\n" + "\n".join(missing)


def test_every_listed_word_is_unknown_to_hunspell() -> None:
    """A word hunspell knows needs no entry (each part of a name of several words is checked); but a Basque name
    hunspell knows bare and not declined («Dani», «Daniren») is listed for its endings."""
    by_lang: dict[str, set[str]] = {}
    for lang, word, _ in entries():
        by_lang.setdefault(lang, set()).update(word.replace("’", "'").split())
    unknown = hunspell(lambda: not_known(by_lang))
    declined = {"eu": {f"{word}ren" for word in by_lang.get("eu", ())}}
    unknown_declined = hunspell(lambda: not_known(declined))["eu"]
    known = sorted(f"{lang} «{word}»" for lang, words in by_lang.items() for word in words - unknown[lang]
                   if not any(" " in w and word in w.split() for _, w, _ in entries())
                   and not (lang == "eu" and f"{word}ren" in unknown_declined))
    assert not known, "hunspell knows these: drop them from catalog/spelling.yaml\n" + "\n".join(known)


def test_every_listed_word_is_needed_by_the_build(found: Findings) -> None:
    """The lists stay short: an entry that no word of the build needs any more is dropped."""
    used: set[tuple[str, str]] = set()
    for lang, unknown in found.unknown.items():
        for entry in unknown.values():
            for place in entry.places:
                reason = ACCEPT.reason(lang, entry, place) or ""
                used.update((lang, word)
                            for word in re.findall(r"(?:proper noun|name|official|term base) «([^»]*)»", reason))
    unused = sorted(f"{lang} «{word}»" for lang, word, _ in entries() if (lang, word) not in used)
    assert not unused, "no word of the build needs these entries of catalog/spelling.yaml:\n" + "\n".join(unused)
