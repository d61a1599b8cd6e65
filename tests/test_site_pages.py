"""The site as a player or an inspector meets it: the root offers the two languages; each home has the finder (games by
regulation, each cell with the game's page, its sheets and its official text, versions marked); a game page shows the
sheet's content first, its examples explained step by step, then the part for inspectors; titles name the regulation
and the version; a game without a Basque text says so on the Basque site and leads to the Spanish page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from jokoak.catalog import load_catalog
from jokoak.facts import step_citations
from jokoak.models import cite

REPO = Path(__file__).resolve().parents[1]
CATALOG = load_catalog(REPO / "catalog")
LANGS = ("es", "eu")


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.hrefs.append(href)


def hrefs(html: str) -> list[str]:
    parser = Links()
    parser.feed(html)
    return parser.hrefs


def test_the_root_offers_both_languages_each_in_its_own(built: Path) -> None:
    root = (built / "site" / "index.html").read_text("utf-8")
    assert '<a href="es/index.html" hreflang="es" lang="es">En castellano</a>' in root
    assert '<a href="eu/index.html" hreflang="eu" lang="eu">Euskaraz</a>' in root
    assert 'lang="es"' in root and 'lang="eu"' in root


@pytest.mark.parametrize("lang", LANGS)
def test_the_finder_leads_to_every_game_its_sheets_and_its_official_text(built: Path, lang: str) -> None:
    site = built / "site" / lang
    home = (site / "index.html").read_text("utf-8")
    finder = home[home.index('<table class="finder">'):home.index("</table>")]
    links = hrefs(finder)
    for game in CATALOG.games:
        assert f"{game.key}.html" in links, game.key
        assert (site / f"{game.key}.html").is_file(), game.key
        prefix = f"sheets/{game.regulation.id}-{game.id}-"  # poker-omaha's, not poker-omaha-hi-low's
        pdfs = [link for link in links if link.startswith(prefix)
                and link.removeprefix(prefix).partition(".")[0] in ("es", "eu", "es-eu")]
        assert len(pdfs) == len(game.languages) + (len(game.languages) > 1), game.key
        assert all((site / pdf).is_file() and pdf.endswith(".pdf") for pdf in pdfs), pdfs
        official = f"{game.key}-official.html"
        assert (official in links) == (lang in game.languages), game.key
    assert len(set(re.findall(r'href="sheets/([^"]+)"', finder))) == len(re.findall(r'href="sheets/([^"]+)"', finder))


def test_superseded_versions_are_marked_and_lead_to_what_replaced_them(built: Path) -> None:
    home = (built / "site" / "es" / "index.html").read_text("utf-8")
    cell = home[home.index('href="estado/ruleta-1977.html"'):]
    cell = cell[:cell.index("</div>")]
    assert "texto de 1977, sustituido" in cell and 'href="estado/ruleta-1979.html"' in cell
    newer = home[home.index('<a class="game" href="estado/ruleta-1979.html">'):]
    assert "texto de 1979, en vigor" in newer[:newer.index("</div>")]
    page = (built / "site" / "es" / "estado" / "ruleta-1977.html").read_text("utf-8")
    assert 'href="ruleta-1979.html"' in page


@pytest.mark.parametrize("lang", LANGS)
def test_titles_name_the_regulation_and_the_version(built: Path, lang: str) -> None:
    labels = {"es": {"euskadi": "Euskadi", "extremadura": "Extremadura", "estado": "Catálogo nacional"},
              "eu": {"euskadi": "Euskadi", "extremadura": "Extremadura", "estado": "Estatuko katalogoa"}}[lang]
    titles = set()
    for game in CATALOG.games:
        page = (built / "site" / lang / f"{game.key}.html").read_text("utf-8")
        title = re.search(r"<title>(.*?)</title>", page, re.S)
        assert title, game.key
        assert f"{labels[game.regulation.id]}, {game.version.id})" in title.group(1), title.group(1)
        titles.add(title.group(1))
    assert len(titles) == len(CATALOG.games)  # no two pages share a title


def test_a_game_page_shows_the_sheet_first_then_the_examples_explained_then_the_inspectors_part(
        built: Path) -> None:
    for game in CATALOG.games:
        for lang in game.languages:
            page = (built / "site" / lang / f"{game.key}.html").read_text("utf-8")
            buttons = page.index('<p class="downloads">')
            sheet = page.index('<div class="sheet-content"')
            inspectors = page.index({"es": ">Para la inspección<", "eu": ">Ikuskaritzarako<"}[lang])
            if not game.examples:  # a text under which no hand is played alone (circle poker's general rules)
                assert '<table class="examples' not in page and "&gt;&gt;&gt; " not in page, game.key
                assert buttons < sheet < inspectors, game.key
                continue
            examples = page.index('<table class="examples')
            record = page.index("&gt;&gt;&gt; ")
            assert buttons < sheet < examples < inspectors < record, game.key
            assert page.count('<ol class="arabic') >= len(game.examples), game.key  # the steps of each example


def test_an_example_is_explained_in_both_languages_with_its_rules_lines(built: Path) -> None:
    """The first example of the French roulette, «Pleno que gana», as the site shows it."""
    game = next(g for g in CATALOG.games if g.key == "euskadi/ruleta-francesa")
    example = game.examples[0]
    from jokoak.catalog import run_example
    steps = run_example(game, example).steps
    said = {"es": ["Sale el 17.", "Pleno 17: gana y se paga 35 a 1; vuelven 360 €, incluida la puesta de 10 €."],
            "eu": ["17 zenbakia ateratzen da.", "Bete-betekoa 17: irabazi egiten du, eta 35 jarritako 1en truke "
                   "ordaintzen da: 360 € itzultzen dira, apustua (10 €) barne."]}
    assert [s.key for s in steps] == ["spin", "win"]
    assert [cite(step_citations(game, s)) for s in steps] == ["000:301-311; 002:285-299", "000:378-380; 002:426-429"]
    for lang, sentences in said.items():
        page = (built / "site" / lang / "euskadi" / "ruleta-francesa.html").read_text("utf-8")
        text = re.sub(r"<[^>]+>", "", page)
        for sentence, step in zip(sentences, steps, strict=True):
            assert f"{sentence} ({cite(step_citations(game, step))})" in text, sentence


def test_a_game_without_a_basque_text_says_so_on_the_basque_site(built: Path) -> None:
    page = (built / "site" / "eu" / "extremadura" / "ruleta-francesa.html").read_text("utf-8")
    assert "Araudi honek ez du euskarazko testu ofizialik" in page
    assert 'href="../../es/extremadura/ruleta-francesa.html" hreflang="es"' in page
    assert '<span lang="es">Ruleta francesa</span>' in page
    assert not (built / "site" / "eu" / "extremadura" / "ruleta-francesa-official.html").exists()
