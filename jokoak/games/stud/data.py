"""Póquer sin y con descarte's part of its data file: the main game, the side bets and jackpot, their edges."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...edges import HouseEdge, Strategy, fraction_text
from ...facts import GameFacts
from ...models import cite
from ...render.data import edge_entry, estimated_edge, exact_edge, number_data, payout_text, sentences, variant_name
from .facts import StudBetFacts
from .reader import StudSpec

JACKPOT_METHOD = ("exact: the prizes are shares of an accumulated jackpot whose amount J (in stakes of the bet) the "
                  "regulation leaves to the casino; the edge per unit staked is constant + per_unit_of_jackpot × J, "
                  "the prizes judged on the five cards as dealt, one box winning")


JACKPOT_DRAWN = (JACKPOT_METHOD + "; with the prizes for hands made by changing cards, the player saying «voy» on "
                 "every hand and changing the cards the bank's rules 1-7 would")


JACKPOT_LEAST = "exact at the least jackpot the text fixes: the most the house keeps"


def _stud_edge(bet: StudBetFacts, macros: dict[str, Any], langs: tuple[str, ...]) -> dict[str, Any]:
    """A banked poker bet's edge: the main game's per ante under its player's play (the best, or a fixed rule),
    with the edge per unit staked in all and the other players' figures as variants; a side bet's exact; a
    jackpot's as a line in the jackpot's amount, with the prizes for hands made by changing cards and the most
    the house keeps at each least amount the text fixes as variants."""
    strategy: Strategy = "optimal" if bet.strategy == "optimal" else "fixed" if bet.per_staked is not None else "none"

    def edge(value: Fraction | float) -> HouseEdge:
        if isinstance(value, Fraction):
            return exact_edge(value, strategy, bet.method)
        found = estimated_edge(value, "monte-carlo", strategy, bet.precision, bet.method)
        if value is bet.per_staked and found.precision is not None and bet.edge:  # the half-width scales too
            found = replace(found, precision=found.precision * float(value) / float(bet.edge))
        return found

    def line(jackpot: Any, details: str) -> HouseEdge:
        return HouseEdge(None, "formula", "none", details=details, formula=(jackpot.constant, -jackpot.slope))

    if bet.jackpot is not None:
        variants = [] if bet.jackpot_drawn is None else [
            ("drawn-prizes", variant_name(macros, langs, "drawn-prizes"), line(bet.jackpot_drawn, JACKPOT_DRAWN))]
        variants += [(f"least-{least.kind}", sentences(macros, langs, "least_jackpot", least),
                      exact_edge(bet.jackpot.at(least.stakes), details=JACKPOT_LEAST)) for least in bet.info.least]
        return edge_entry(line(bet.jackpot, JACKPOT_METHOD), macros, langs, None, variants)
    assert bet.edge is not None
    variants = [] if bet.per_staked is None else [
        ("per-unit-staked", variant_name(macros, langs, "per-unit-staked"), edge(bet.per_staked))]
    variants += [(key, variant_name(macros, langs, key),  # the best play at a table without the buy; a fixed rule
                  exact_edge(value, "optimal" if key == "without-buying" else "fixed", how))
                 for key, (value, how) in bet.others.items()]
    return edge_entry(edge(bet.edge), macros, langs, None, variants)


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    """The deck, the hands' names, the player's «voy», the bank's qualification, the pay table, the tie rules,
    the draw, the purchase of a card, and every bet with its house edge (method and precision) or, for a
    jackpot paying shares, its prizes' probabilities."""
    spec: StudSpec = facts.game.rules
    rules, langs = spec.rules, facts.game.languages
    assert facts.stud is not None

    def line(p: Any) -> dict[str, Any]:
        return {"hand": p.hand, "ranks": list(p.ranks), "name": {lang: spec.hand_name(p)[lang] for lang in langs},
                "payout": payout_text(p.payout), "share": None if p.share is None else fraction_text(p.share),
                "source": cite(p.source)}

    sources = spec.sources
    bets: list[StudBetFacts] = [b for b in facts.bets if isinstance(b, StudBetFacts)]
    return {
        "deck": {"cards": 52, "ace_low": rules.wheel == "low", "source": cite(sources["deck"] + sources["ace"])},
        "hands": [{"hand": h.hand, "name": {lang: h.name[lang] for lang in langs}, "source": cite(h.source)}
                  for h in spec.hands],
        "voy": {"second_bet_antes": fraction_text(rules.raise_multiple), "source": cite(sources["voy"]),
                "frequency": number_data(facts.stud.voy)},
        "qualification": line(spec.qualification),
        "ante_pays": {"payout": payout_text(rules.ante_pays), "source": cite(sources["ante_pays"])},
        "pays": [line(p) for p in spec.pays],
        "ties": {"cards": {c.id: n for c, n in rules.tie_cards.items()},
                 "source": cite(sources.get("ties", ()))} if rules.tie_cards else None,
        "draw": None if rules.bank_draw is None else {
            "discards": rules.discards, "bank_ace_low_run": rules.bank_draw.ace_low_run,
            "source": cite(sources["draw"]), "bank_source": cite(sources["bank"])},
        "buy": None if rules.buy_price is None else {"price_antes": fraction_text(rules.buy_price),
                                                     "source": cite(sources["buy"])},
        "bets": [{
            "id": bet.info.id, "kind": bet.info.kind, "name": {lang: bet.info.name[lang] for lang in langs},
            "option": bet.info.option,
            "stake_most_times_minimum": None if bet.info.stake_most is None else fraction_text(bet.info.stake_most),
            "prizes": [line(p) for p in bet.info.prizes], "drawn_prizes": [line(p) for p in bet.info.drawn],
            "house_edge": _stud_edge(bet, macros, langs),
            "probabilities": {k: number_data(v) for k, v in bet.probabilities.items()} or None,
            "drawn_probabilities": {k: {"value": v, "standard_error": e} for k, (v, e) in facts.stud.drawn.items()}
            if bet.info.drawn else None,
            "source": cite(bet.info.source),
        } for bet in bets],
    }
