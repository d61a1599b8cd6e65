"""The player sheets of circle poker, as table cards: the sample casino's Texas Hold'em (HE1) and Omaha (OM1) tables
and the model sheets.

A circle table's sheet says what that table applies: its minimum and maximum, its one betting structure and what it
lets a player bet, its ante in euros, the casino's take at its own rate (and what it comes to), never the ways the
table did not choose; the ranking of the variant's deck with a hand of each combination (Figuras only in covered
poker, the Color above the Full with fewer than 52 cards); the hand interval by interval; what a player may do in his
turn; what is forbidden at the table (000:4867-4893), all of it; and the worked examples marked for the sheet. The
model sheet gives every structure and way of taking the text allows. No sheet carries legal material. The sheets are
rendered as HTML (no PDF)."""

from __future__ import annotations

import re

import pytest
from sheetkit import CATALOG, EUSKADI, GAMES, example_ids, facts, html, legal_material, table, text

from jokoak.render.casino import variants
from jokoak.render.sheets import sheet_examples

CIRCLE = tuple(sorted(game.key for game in CATALOG.games if game.engine == "circle"))
TABLES = [t.id for t in EUSKADI.tables if GAMES[t.game].engine == "circle"]


def test_the_sample_casino_has_a_holdem_and_an_omaha_table() -> None:
    assert {"HE1", "OM1"} <= set(TABLES)
    assert table(EUSKADI, "HE1").game == "euskadi/poker-texas-holdem"
    assert table(EUSKADI, "OM1").game == "euskadi/poker-omaha"


@pytest.mark.parametrize(("table_id", "says"), [
    ("HE1", ["Mínimo 10 € · Máximo 40 €", "«Bote sin límite»: no hay apuesta máxima",
             "pone en el bote el «ante» de 2 €", "El casino se queda el 5 % del bote en cada intervalo de apuestas."]),
    ("OM1", ["Mínimo 20 € · Máximo 100 €", "«Bote con límite»: una apuesta o una subida es como máximo el bote.",
             "pone en el bote el «ante» de 5 €"]),
    ("OHL1", ["Limitado o «Fixed»: cada apuesta y cada subida son de una cantidad fija: 10 € en los dos primeros "
              "intervalos de apuestas y 20 € desde el tercero.",
              "Al comienzo de cada mano, cada jugador paga al casino el 20 % del mínimo de la mesa: 2 €.",
              "La mitad del bote es para la mano más alta y la otra mitad para la más baja"]),
    ("FS1", ["Se juega con una baraja de 32 cartas francesas, del as al 7.",
             "Cada jugador paga al casino el 10 % del máximo de la mesa por cada sesión de juego, una hora y las dos "
             "últimas manos: 5 €.",
             "En cada intervalo de apuestas habla primero el jugador cuyas cartas descubiertas forman la combinación "
             "más alta."]),
    ("SI1", ["Cada jugador empieza con un «resto» de 200 € y, si se le agota, puede reponer 100 €.",
             "Cada jugador paga al casino el 15 % de su «resto» por cada sesión de juego",
             "Desde este intervalo, habla primero el jugador que hizo la apuesta más alta en el intervalo anterior.",
             "exactamente dos de sus 2 cartas y tres de las cinco cartas comunes"]),
    ("O51", ["Esta mesa aplica «Primer naipe común descubierto en el reparto».", "Juegan de 4 a 8 jugadores"]),
    ("DH1", ["El croupier descubre 3 cartas comunes en cada una de las dos líneas.",
             "Cada línea gana la mitad del bote, y un mismo jugador puede ganar las dos mitades."]),
])
def test_a_table_sheet_says_its_limits_structure_ante_and_take(table_id: str, says: list[str]) -> None:
    at = table(EUSKADI, table_id)
    page = text(html(at.game, at))
    for words in says:
        assert words in page, words


@pytest.mark.parametrize("table_id", ["HE1", "OM1", "FS1"])  # a share of the pot, per hand, per session
def test_a_table_sheet_shows_only_the_structure_and_the_take_the_table_chose(table_id: str) -> None:
    at = table(EUSKADI, table_id)
    page = text(html(at.game, at))
    structures = {s.id: s.name["es"] for s in GAMES[at.game].rules.structures}
    shown = [name for name in structures.values() if f"«{name}»:" in page]
    assert shown == [structures[at.choices["structure"]]]
    others = {"pot": "del bote en cada intervalo de apuestas.", "session": "por cada sesión de juego",
              "hand": "Al comienzo de cada mano, cada jugador paga al casino"}
    for take, words in others.items():
        assert (words in page) == (take == at.choices["take"]), take
    assert "(opcional)" not in page and "según indique la mesa" not in page


def test_the_model_sheet_gives_every_structure_and_way_of_taking_the_text_allows() -> None:
    page = text(html("euskadi/poker-texas-holdem", None))
    assert "El mínimo de la mesa es del 20 % al 40 % de su máximo." in page
    for name in ("«Split Limit»: una apuesta o una subida es como máximo la mitad del bote.",
                 "«Bote con límite»: una apuesta o una subida es como máximo el bote.",
                 "«Bote sin límite»: no hay apuesta máxima"):
        assert name in page
    for take in ("Un porcentaje del bote, como máximo el 5 %", "Del 10 % al 20 % del máximo de la mesa",
                 "Del 20 % al 50 % del mínimo de la mesa"):
        assert take in page
    assert "como máximo la mitad del mínimo de la mesa, según indique la mesa" in page


def test_the_omaha_hand_is_two_of_four_and_three_common_cards_interval_by_interval() -> None:
    at = table(EUSKADI, "OM1")
    page = text(html(at.game, at))
    assert "exactamente dos de sus 4 cartas y tres de las cinco cartas comunes" in page
    assert "Cada jugador recibe 4 cartas cubiertas." in page
    assert ("El croupier descubre 3 cartas comunes más." in page
            or "El croupier descubre las 3 primeras cartas comunes." in page)
    assert page.count("El croupier descubre una carta común más.") == 2


@pytest.mark.parametrize("table_id", ["HE1", "OM1"])
def test_the_ranking_is_the_texts_with_a_hand_of_each_combination_in_its_cards(table_id: str) -> None:
    at = table(EUSKADI, table_id)
    page = html(at.game, at)
    words = text(page)
    names = [h.name["es"] for h in GAMES[at.game].rules.ranking]
    assert "Figuras" not in names and len(names) == 10
    found = re.findall(r'<span class="rank">(\d+)\.</span> ([^<]+)</th>', page)
    assert [name for _, name in sorted(found, key=lambda f: int(f[0]))] == names
    assert "A♥ K♥ Q♥ J♥ 10♥" in words  # the royal flush, hearts in red
    assert '<span class="red">A♥</span>' in page
    assert "El as es la carta más alta, o la más baja en la escalera A-2-3-4-5." in words


def test_the_basque_sheet_names_the_combinations_as_the_basque_text_does() -> None:
    at = table(EUSKADI, "HE1")
    words = text(html(at.game, at, ("eu",)))
    for name in (h.name["eu"] for h in GAMES[at.game].rules.ranking):
        assert name in words
    assert "Kasinoak botearen % 5 hartzen du apustuen tarte bakoitzean." in words
    assert "Minimoa 10 € · Maximoa 40 €" in words


def test_covered_poker_ranks_figuras_and_puts_the_color_above_the_full_with_32_cards() -> None:
    key = "euskadi/poker-cubierto-de-5-cartas-con-un-descarte"
    if key not in GAMES:
        pytest.skip("the covered variant is not in the catalogue yet")
    page = text(html(key, None))
    assert "«Figuras»: cinco cartas, todas ases, reyes, damas o jotas." in page
    assert "Con 32 cartas, el «Color» gana al «Full»." in page
    assert "Se juega con una baraja de 32 o 52 cartas francesas, según indique la mesa." in page


def test_the_general_rules_mark_figuras_as_covered_poker_only() -> None:
    page = text(html("euskadi/poker-de-circulo", None))
    assert "Figuras (solo en el poker cubierto)" in page
    assert "Con menos de 52 cartas, el «Color» gana al «Full»." in page


@pytest.mark.parametrize("langs", [("es",), ("eu",), ("es", "eu")])
def test_every_forbidden_action_of_the_text_is_on_the_sheet(langs: tuple[str, ...]) -> None:
    at = table(EUSKADI, "HE1")
    page = text(html(at.game, at, langs))
    forbidden = GAMES[at.game].rules.forbidden
    assert len(forbidden) == 11  # 000:4867-4893: the leaving of one's place and a) to j)
    for item in forbidden:
        for lang in langs:
            assert item.text[lang] in page, item.id
    assert ("Prohibido en la mesa" in page) == ("es" in langs) and ("Mahaian debekatuta" in page) == ("eu" in langs)


@pytest.mark.parametrize("table_id", ["HE1", "OM1"])
def test_the_sheet_prints_the_examples_marked_for_it_with_their_pot_and_take(table_id: str) -> None:
    at = table(EUSKADI, table_id)
    shown = sheet_examples(facts(at.game), at)
    if not shown:
        pytest.skip(f"{at.game} has no example marked for the sheet yet")
    page = html(at.game, at)
    words = text(page)
    assert "Bote" in words and "Para el casino" in words
    for example, _result in shown:
        assert example.title["es"] in words
        hands = facts(at.game).circle.hands[example.id]
        for seat in hands.seats:
            assert GAMES[at.game].rules.bet(seat.player).name["es"] in words
    assert 1 <= len(example_ids(at.game, at)) <= 4


@pytest.mark.parametrize("key", CIRCLE)
def test_no_circle_sheet_carries_legal_material(key: str) -> None:
    for langs in variants(GAMES[key].languages):
        words = text(html(key, None, langs))
        assert legal_material(words, GAMES[key]) == []
        assert "ventaja" not in words.lower() and "abantail" not in words.lower()


def test_the_spanish_and_basque_columns_have_the_same_sections() -> None:
    at = table(EUSKADI, "OM1")
    page = html(at.game, at, ("es", "eu"))
    assert page.count('<ol class="steps"') == 4  # the deal and the showdown, in each language
    assert page.count('class="inline-list"') == 4  # what a player may do and what is forbidden, in each
    assert page.count('lang="es"') > 10 and page.count('lang="eu"') > 10
