"""The circle poker part of the data files: no bet against the house and no house edge, the casino's take under each
option with exact amounts for the reference hand, the ranking of each deck with its pictures, the probability of each
final combination with its method and precision, the hand's rules, each example's hands; and the regulation lint on
the texts (their sentences in every language, their lines).

The documents are written as the build writes them (``render.data.game_data``), without a build, and checked against
the published JSON Schema."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from typing import Any

import jsonschema
import pytest
from babel.messages.pofile import read_po
from sheetkit import GAMES, REPO, facts

from jokoak.games.circle.checks import differing, plain, similarity
from jokoak.games.circle.facts import REFERENCE, pictures
from jokoak.games.circle.hands import Ranking
from jokoak.i18n import LANGUAGES, StrictTranslations
from jokoak.render.data import data_schema, game_data
from jokoak.render.env import make_env

CIRCLE = sorted(key for key, game in GAMES.items() if game.engine == "circle")


@cache
def text_envs() -> dict[str, Any]:
    translations = {}
    for lang in LANGUAGES:
        path = REPO / "locale" / lang / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as handle:
            translations[lang] = StrictTranslations(lang, read_po(handle, locale=lang), str(path))
    return {lang: make_env(REPO / "templates", lang, translations, "rst") for lang in LANGUAGES}


@cache
def document(key: str) -> dict[str, Any]:
    return json.loads(game_data(facts(key), text_envs(), "test"))  # type: ignore[no-any-return]


def test_every_circle_game_of_both_regulations_is_in_the_catalogue() -> None:
    assert "euskadi/poker-de-circulo" in CIRCLE and "euskadi/poker-texas-holdem" in CIRCLE
    assert len(CIRCLE) >= 4


@pytest.mark.parametrize("key", CIRCLE)
def test_a_circle_game_has_no_bet_against_the_house_and_states_the_casinos_take(key: str) -> None:
    found = document(key)
    jsonschema.Draft7Validator(data_schema(LANGUAGES)).validate(found)
    assert found["bets"] == [] and found["engine"] == "circle"
    assert "house_edge" not in json.dumps(found)
    options = found["take"]["options"]
    assert options and {o["id"] for o in options} <= {"pot", "session", "hand"}
    for option in options:
        assert set(option["name"]) == set(found["languages"]) and option["source"]
        least, most = Fraction(option["rate"]["least"]), Fraction(option["rate"]["most"])
        assert 0 <= least < most <= Fraction(1, 2)
        assert option["rate"]["least_excluded"] == (least == 0)


def test_the_schema_refuses_a_game_with_no_bets_that_does_not_say_what_the_casino_takes() -> None:
    validator = jsonschema.Draft7Validator(data_schema(LANGUAGES))
    found = dict(document("euskadi/poker-texas-holdem"))
    assert not list(validator.iter_errors(found))
    del found["take"]
    assert list(validator.iter_errors(found))


def test_the_takes_reference_amounts_are_exact_and_follow_the_texts_rates() -> None:
    """Euskadi (000:4797-4812): at most 5 % of the pot; 10 % to 20 % of the maximum per session; 20 % to 50 % of the
    minimum per player and hand. For a pot of 100 €, a base of 50 €, a minimum of 10 € and 6 players."""
    options = {o["id"]: o for o in document("euskadi/poker-de-circulo")["take"]["options"]}
    reference = (REFERENCE.pot, REFERENCE.base, REFERENCE.minimum, REFERENCE.players)
    assert reference == (Fraction(100), Fraction(50), Fraction(10), 6)
    assert options["pot"]["rate"] == {"least": "0/1", "most": "1/20", "least_excluded": True}
    assert options["pot"]["reference"] == {"at_least": "0", "at_most": "5"}
    assert options["session"]["reference"] == {"at_least": "5", "at_most": "10"}
    assert options["hand"]["reference"] == {"at_least": "12", "at_most": "30"}
    assert options["pot"]["source"].startswith("000:4800")


def test_extremadura_has_two_ways_of_taking_its_share() -> None:
    """001:2358-2362: a) the pot, b) the session; no share per player and hand."""
    key = next((k for k in CIRCLE if k.startswith("extremadura/") and GAMES[k].rules.variant is None), None)
    if key is None:
        pytest.skip("Extremadura's general rules are not in the catalogue yet")
    assert {o["id"] for o in document(key)["take"]["options"]} == {"pot", "session"}


def test_the_holdem_odds_are_the_published_seven_card_figures() -> None:
    """Every 7 of 52 cards counted by its best five (133,784,560 hands): royal and straight flushes together
    41,584, four of a kind 224,848, full house 3,473,184, flush 4,047,644 (the usual published table)."""
    (deck,) = document("euskadi/poker-texas-holdem")["decks"]
    odds = deck["odds"]
    assert deck["cards"] == 52 and odds["method"] == "exact" and odds["precision"] == "exact"
    assert odds["deals"] == 133_784_560
    counts = {c["category"]: c["count"] for c in odds["combinations"]}
    assert counts["royal-flush"] + counts["straight-flush"] == 41_584
    assert (counts["four-of-a-kind"], counts["full-house"], counts["flush"]) == (224_848, 3_473_184, 4_047_644)
    for combination in odds["combinations"]:
        num, den = map(int, combination["exact"].split("/"))
        assert combination["value"] == pytest.approx(num / den)
    assert sum(Fraction(c["exact"]) for c in odds["combinations"]) == 1


def test_a_simulated_table_states_its_deals_seed_and_standard_errors() -> None:
    if "euskadi/poker-omaha" not in GAMES:
        pytest.skip("Omaha is not in the catalogue yet")
    odds = document("euskadi/poker-omaha")["decks"][0]["odds"]
    if odds["method"] == "exact":
        pytest.skip("the engine counts Omaha exactly")
    assert odds["precision"] == "standard_error" and odds["deals"] > 0 and odds["seed"] is not None
    assert all(c["exact"] is None and c["standard_error"] is not None for c in odds["combinations"])
    assert sum(c["value"] for c in odds["combinations"]) == pytest.approx(1)


def test_the_ranking_of_each_deck_is_in_the_texts_order_with_a_picture_of_each_combination() -> None:
    """000:4897-4938: Figuras only in the covered variant; with fewer than 52 cards the Color above the Full."""
    general = document("euskadi/poker-de-circulo")["decks"][0]["ranking"]
    assert [r["category"] for r in general][6:9] == ["three-of-a-kind", "figures", "two-pair"]
    holdem = document("euskadi/poker-texas-holdem")["decks"][0]["ranking"]
    assert "figures" not in [r["category"] for r in holdem] and len(holdem) == 10
    assert holdem[3]["category"] == "full-house" and holdem[4]["category"] == "flush"
    assert holdem[1]["example"] == ["9s", "8s", "7s", "6s", "5s"]  # the text's own straight flush (000:4902-4903)
    if "euskadi/poker-five-stud" in GAMES:
        (deck,) = document("euskadi/poker-five-stud")["decks"]
        order = [r["category"] for r in deck["ranking"]]
        assert deck["cards"] == 32 and order.index("flush") < order.index("full-house")
        assert all(card[0] not in "23456" for r in deck["ranking"] for card in r["example"])


@pytest.mark.parametrize("size", [52, 32, 28])
def test_every_picture_is_made_of_the_decks_cards_and_is_the_combination_it_shows(size: int) -> None:
    from jokoak.games.circle.cards import dealt, deck
    from jokoak.games.circle.hands import evaluate

    for figures in (False, True):
        ranking = Ranking(deck(size), figures=figures)
        shown = pictures(ranking)
        assert [p.category for p in shown] == [c.id for c in reversed(ranking.order)]
        for picture in shown:
            assert evaluate(dealt(picture.cards, ranking.deck), ranking).combination.id == picture.category


def test_the_hand_and_the_forbidden_list_are_published_with_their_lines() -> None:
    found = document("euskadi/poker-texas-holdem")
    assert [a["id"] for a in found["actions"]] == ["retirarse", "pasar", "cubrir", "subir"]
    assert len(found["forbidden"]) == 11 and all(f["source"].startswith("000:48") for f in found["forbidden"])
    assert found["structures"] and all(s["source"] for s in found["structures"])
    assert found["relations"]["ante_at_most_times_minimum"] == "1/2"
    assert found["deal"]["hole"] == 2 and found["deal"]["board"] == 5
    assert len(found["intervals"]) == 4


def test_each_example_has_its_hands_pot_and_take() -> None:
    found = document("euskadi/poker-texas-holdem")
    assert found["examples"], "the Hold'em file has worked examples"
    for example in found["examples"]:
        hands = found["example_hands"][example["id"]]
        assert hands["pot"] == example["staked"]
        assert Fraction(hands["take"]) == Fraction(example["staked"]) - Fraction(example["returned"])
        assert sum(Fraction(p["returned"]) for p in hands["players"]) == Fraction(example["returned"])
        assert [p["player"] for p in hands["players"]] == list(example["bets"])
        alone = sum(not p["folded"] for p in hands["players"]) == 1  # the others left: he shows nothing
        for player in hands["players"]:
            assert player["folded"] or player["combinations"] or alone, player


def test_the_lint_findings_have_sentences_in_every_language_and_lines() -> None:
    for key in CIRCLE:
        found = document(key)
        for finding in found["lint"]:
            assert finding["check"].startswith("circle:") or finding["check"] in {"limit-elsewhere", "limit-order"}
            assert set(finding["message"]) == set(found["languages"])
            assert all(len(text) > 20 for text in finding["message"].values()), (key, finding)
    checks = {f["check"] for f in document("euskadi/poker-de-circulo")["lint"]}
    assert "circle:texts-differ" in checks


def test_the_ranking_check_finds_figuras_below_the_rarer_trio() -> None:
    """Figuras (five cards all A, K, Q or J, 000:4922-4924) rank below Trío but are far rarer: 3,264 of the
    2,598,960 five-card hands of 52 cards against 54,912."""
    key = "euskadi/poker-cubierto-de-5-cartas-con-un-descarte"
    if key not in GAMES:
        pytest.skip("the covered variant is not in the catalogue yet")
    lint = {f["id"]: f for f in document(key)["lint"] if f["check"] == "circle:ranking-odds"}
    assert not lint["orden-52"]["holds"]
    assert ["three-of-a-kind", "figures", 54912, 3264] in lint["orden-52"]["values"]["inverted"]
    assert "Figuras" in lint["orden-52"]["message"]["es"] and "Irudiak" in lint["orden-52"]["message"]["eu"]
    assert ["four-of-a-kind", "flush", 224, 204] in lint["orden-32"]["values"]["inverted"]


def test_the_texts_compared_word_by_word() -> None:
    """The Seven Card Stud «Desarrollo» (000:5623-5625) against Hold'em's (000:5493-5495)."""
    stud = ("La única diferencia que existe con la variante de Poker Omaha es que en lugar de dar el croupier las "
            "cuatro cartas al inicio de la partida, sólo da a los jugadores dos cartas.")
    holdem = ("La única diferencia que existe con el Poker Omaha es que en lugar de repartir el croupier cuatro cartas "
              "al cada jugador al inicio de la partida, éste sólo reparte dos cartas a cada jugador.")
    assert Fraction(2, 3) < similarity(stud, holdem) < Fraction(3, 4)
    assert ["dar", "repartir"] in differing(stud, holdem)
    assert plain("Poker Double Hold´em") != plain("Poker Doble Hold´em")
    assert plain("Poker Descubierto Texas Hold´em") == plain("Texas Hold´em")


def test_the_lists_of_variants_disagree_as_the_text_prints_them() -> None:
    """17.IX (000:5287-5297) lists six variants; Art. 1 (000:239-255) and the headings of 17.1-17.6 list nine, and
    name two of them otherwise («Omaha 5 cartas» / «cinco cartas», «Double» / «Doble Hold´em»)."""
    lint = {f["id"]: f for f in document("euskadi/poker-de-circulo")["lint"] if f["check"] == "circle:variant-lists"}
    ix = lint["variantes-ix-cuerpo"]
    assert not ix["holds"] and len(ix["values"]["only_other"]) == 3
    assert ix["source"].startswith("000:52") or "000:5282" in ix["source"]
    body = lint["variantes-catalogo-cuerpo"]
    assert body["holds"] and ["Poker Double Hold´em", "Poker Doble Hold´em"] in body["values"]["renamed"]
    assert "Poker Omaha Hi&Low" in ix["message"]["es"] and "Poker Omaha Hi&Low" in ix["message"]["eu"]


def test_split_limit_is_two_different_limits() -> None:
    """«Split Limit»: half the pot in the general rules (000:4983-4984), a lower and a higher limit in Seven Card
    Stud (000:5606-5609)."""
    (found,) = [f for f in document("euskadi/poker-seven-card-stud")["lint"] if f["check"] == "circle:named-twice"]
    assert not found["holds"] and "000:4981-4984" in found["source"] and "000:5603-5609" in found["source"]
    assert "la mitad del bote" in found["message"]["es"] and "botearen erdia" in found["message"]["eu"]


def test_the_seven_card_stud_desarrollo_is_holdems() -> None:
    """The lint finds the block of the official text at the lines the game file's ``repeats`` gives and compares it,
    word by word, with Hold'em's «Desarrollo» (000:5493-5495)."""
    import dataclasses

    from jokoak.games.circle.checks import repeated_passages
    from jokoak.models import Block, Citation, Section

    game = GAMES["euskadi/poker-seven-card-stud"]
    block = Block({"es": "La única diferencia que existe con la variante de Poker Omaha es que en lugar de dar el "
                         "croupier las cuatro cartas al inicio de la partida, sólo da a los jugadores dos cartas.",
                   "eu": "Omaha Pokerrarekin dagoen alde bakarra da partidaren hasieran croupierrak lau kartak eman "
                         "beharrean, jokalariei bi karta baino ez diela emango."},
                  Citation.parse_all("000:5623-5625; 002:12624-12626"),
                  source_by_lang={"es": Citation.parse_all("000:5623-5625")})
    desarrollo = Section("desarrollo-del-juego", {"es": "2. Desarrollo del Juego", "eu": "2. Jokoaren garapena"},
                         Citation.parse_all("000:5621-5625"), (block,))
    found = repeated_passages(dataclasses.replace(game, official_text=(*game.official_text, desarrollo)))
    (finding,) = found
    assert not finding.holds and finding.check == "circle:repeated-passage"
    assert Fraction(2, 3) < finding.values["similarity"] < 1
    assert ["dar", "repartir"] in finding.values["differ"]
    assert [str(c) for c in finding.source] == ["000:5623-5625", "000:5493-5495"]
