"""A game of bingo's part of its data file.

Bingo has no bet against the house: ``bets`` is empty, and ``house_edge`` says, in the one shape of
:mod:`jokoak.edges` with the method ``none``, that no regulation in the sources fixes it (the share of the sales
given to prizes belongs to each jurisdiction's bingo regulation). The part gives the balls, the card rule (with the
columns, or none where the text fixes none), the prizes and the rules of the claims, each with its lines, the exact
chance of a línea and of a bingo on a given card by each ball, and the simulated first bingo among N cards.
"""

from __future__ import annotations

from typing import Any

from ...edges import HouseEdge, edge_data, fraction_text
from ...facts import GameFacts
from ...models import cite
from .facts import BingoFacts
from .reader import BingoSpec, Rule

NO_EDGE = ("none of the sources fixes the share of the sales paid as prizes (it belongs to the bingo regulation "
           "of each jurisdiction): there is no house edge to compute")
ASSUMPTIONS = {
    "es": "Ningún texto de las fuentes fija la parte de la venta de cartones que se destina a premios: la fija el "
          "reglamento del bingo de cada territorio, que no está en las fuentes. No hay ventaja de la casa que "
          "calcular.",
    "eu": "Iturrietako testu batek ere ez du finkatzen kartoien salmentaren zer zati ematen den sarietan: lurralde "
          "bakoitzeko bingoaren erregelamenduak finkatzen du, eta hori ez dago iturrietan. Ez dago etxearen "
          "abantailarik kalkulatzeko.",
}


def _rule(rule: Rule, value: str, langs: tuple[str, ...]) -> dict[str, Any]:
    return {value: rule.value, "source": cite(rule.source) or None,
            "note": {lang: rule.note[lang] for lang in ("es", "eu")} if rule.note else None}


def data_part(facts: GameFacts, macros: dict[str, Any]) -> dict[str, Any]:
    spec: BingoSpec = facts.game.rules
    found: BingoFacts = facts.bingo
    rules, langs = spec.rules, facts.game.languages
    card = rules.card
    return {
        "bets": [],
        "house_edge": edge_data(HouseEdge(None, "none", "none", details=NO_EDGE),
                                {lang: ASSUMPTIONS[lang] for lang in langs}),
        "balls": {"count": card.balls, "source": cite(spec.balls_source)},
        "card": {"numbers": card.numbers, "rows": card.rows, "per_row": card.per_row, "columns": card.columns,
                 "per_column": list(card.per_column) if card.per_column else None,
                 "columns_note": dict(spec.columns_note) if spec.columns_note else None,
                 "source": cite(spec.card_source)},
        "prizes": [{"id": p.id, "name": {lang: p.name[lang] for lang in langs}, "last_ball_on_it": p.last_ball,
                    "source": cite(p.source), "last_ball_source": cite(p.last_ball_source) or None,
                    "paid_once_source": cite(p.once_source) or None} for p in spec.prizes],
        "announced_line": _rule(spec.announced, "allowed", langs),
        "late_claim": _rule(spec.late, "loses", langs),
        "sharing": _rule(spec.sharing, "parts", langs),
        "end": _rule(spec.ending, "ends", langs),
        "chances": {
            "method": "exact: hypergeometric counting, inclusion-exclusion over the rows",
            "by_ball": [{"ball": n, "linea": fraction_text(linea), "linea_value": float(linea),
                         "bingo": fraction_text(bingo), "bingo_value": float(bingo)}
                        for n, linea, bingo in found.chances],
            "mean_balls_to_fill_one_card": {"exact": fraction_text(found.mean_one), "value": float(found.mean_one)},
        },
        "first_bingo": {
            "method": "seeded Monte Carlo over distinct cards generated once and random draws; the standard error "
                      "is that of the mean",
            "series": [{"cards": f.cards, "trials": f.trials, "seed": f.seed, "mean_balls": round(f.mean, 4),
                        "standard_error": round(f.standard_error, 4)} for f in found.first],
        },
    }
