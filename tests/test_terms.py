"""The term base is enforced: our own text in a game file or a catalog never uses a forbidden variant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jokoak.catalog import load_catalog
from jokoak.models import Term
from jokoak.terms import Wording
from tests.test_bad_input import HERE, REPO, make_project, run_build

PLANTED = """  - id: "pleno-planted"
    es: "Pleno"
    eu: "Bete-betekoa"
    source: {es: "000:378", eu: "002:426"}
    forbidden: {es: ["Plenazo"], eu: ["Betebetekoa"]}
"""


def test_every_term_is_read_with_its_forbidden_variants() -> None:
    terms = load_catalog(REPO / "catalog").terms
    assert len({term.id for term in terms}) == len(terms)
    for term in terms:
        for lang, variants in term.forbidden.items():
            assert term.text[lang] not in variants, term.id


def test_the_repository_uses_the_approved_forms() -> None:
    """The catalogue loads (its own text checked as it is read); the gettext catalogs pass too."""
    catalog = load_catalog(REPO / "catalog")
    assert Wording(catalog.terms).check_messages(REPO / "locale", ("es", "eu")) == []


TERMS = load_catalog(REPO / "catalog").terms
VARIANTS = sorted({variant for term in TERMS for variants in term.forbidden.values() for variant in variants})
APPROVED = sorted({text for term in TERMS for text in term.text.values()})
AROUND = [" ", "a", "´", "'", "’", "-", "«", "»", "000:12", "É", "3", "."]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(VARIANTS), st.sampled_from(APPROVED), st.sampled_from(AROUND)), max_size=8),
       st.sampled_from(["es", "eu"]))
def test_the_search_for_any_variant_finds_what_the_rules_one_by_one_find(pieces: list[str], lang: str) -> None:
    """The one search that skips a text with no variant (most texts) never skips one a rule would find."""
    text = "".join(pieces)
    wording = Wording(TERMS)
    quoted = re.compile(r"«[^«»]*»")
    one_by_one = [found.group() for pattern, _approved, _term in wording.rules[lang]
                  for found in pattern.finditer(quoted.sub("«»", text) if "000:12" in text else text)]
    assert [problem.split("»")[0][1:] for problem in wording.problems(text, lang)] == one_by_one


def test_a_variant_is_found_only_as_a_word_of_its_own() -> None:
    wording = Wording([Term("horn", {"es": "Horn"}, (), {"es": ("Horm",)})])
    texts = ("Horm", "Horm.", "(Horm)", "Horms", "l'Horm", "´Horm", "Horm’", "3Horm", "Hormigón")
    assert [len(wording.problems(text, "es")) for text in texts] == [1, 1, 1, 0, 0, 0, 0, 0, 0]


@pytest.mark.parametrize("where", ["game", "catalog"])
def test_a_planted_variant_fails_with_its_file_and_line(where: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    make_project(tmp_path, HERE / "minimal_game.yaml")
    terms = tmp_path / "catalog" / "terms.yaml"
    terms.write_text(terms.read_text("utf-8") + PLANTED, "utf-8")
    if where == "game":
        game = tmp_path / "catalog" / "euskadi" / "ruleta-francesa.yaml"
        text = game.read_text("utf-8")
        lines = text.splitlines()
        line = next(i for i, ln in enumerate(lines, 1) if '"Pleno que gana"' in ln)
        game.write_text(text.replace('eu: "Bete-beteko apustu irabazlea"', 'eu: "Betebetekoa irabazten du"'), "utf-8")
        expected = (f"catalog/euskadi/ruleta-francesa.yaml:{line}: examples[0].title.eu: «Betebetekoa» is not the "
                    "approved form of this term: write «Bete-betekoa» (term «pleno-planted» of catalog/terms.yaml).")
    else:
        po = tmp_path / "locale" / "es" / "LC_MESSAGES" / "messages.po"
        lines = po.read_text("utf-8").splitlines()
        index = next(i for i, ln in enumerate(lines) if ln.startswith('msgstr "') and ln != 'msgstr ""')
        lines[index] = lines[index][:-1] + ' Plenazo."'
        po.write_text("\n".join(lines) + "\n", "utf-8")
        expected = (f"locale/es/LC_MESSAGES/messages.po:{index}: msgstr: «Plenazo» is not the approved form of this "
                    "term: write «Pleno» (term «pleno-planted» of catalog/terms.yaml).")
    status, found = run_build(tmp_path, tmp_path / "out", "--config", str(HERE / "minimal_config.yaml"),
                              capsys=capsys)
    assert status == 1
    assert expected in found, found
    assert not (tmp_path / "out").exists()
