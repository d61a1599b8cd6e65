"""Reading the Black Jack part of a game file: the shoe, the deal, the dealer's rule, doubling and
splitting, what the dealer's black jack takes, the optional rules, the bets and their pay tables,
and the limits.

Every figure cites its lines; where the text is silent or damaged the file says how it is read
(``reading:``). The result, :class:`BlackjackSpec`, holds the engine's
:class:`~jokoak.games.blackjack.engine.Rules` with every option the regulation allows, and builds the rules
of a table that offers only some of them (:meth:`BlackjackSpec.rules_with`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ...common import CommonReader, Layout, Limits
from ...engine.result import Result
from ...engine.steps import Step
from ...family import Options
from ...models import Citation, Reading, Text
from ...schema import Reader, join
from ...tablespec import Option
from ...yamlsrc import Map, Seq
from . import engine as blackjack

BLACKJACK_FIELDS = {"shoe", "deal", "dealer", "player", "dealer_blackjack", "bets", "limits"}
BLACKJACK_OPTIONAL = {"double", "split", "surrender", "three_sevens", "boxes"}
KINDS = ("main", "insurance", "pairs", "sevens", "under-13", "over-13")
CATEGORIES = {"pairs": blackjack.PAIRS, "sevens": blackjack.SEVENS}
BET_FIELDS = {"id", "kind", "name", "name_source", "payout_source"}
BET_OPTIONAL = {"payout", "blackjack_pays", "pays", "option", "limit", "stake", "even_money", "even_money_source",
                "match", "three_mixed", "at_least", "printed", "reading"}
STAKES = {"at-most-half": (Fraction(1, 2), False), "half": (Fraction(1, 2), True)}  # insurance, of the bet


@dataclass(frozen=True)
class PayLine:
    """One line of a side bet's pay table: its category, the text's words for it, what it pays."""

    category: str
    name: Text
    payout: Fraction
    source: tuple[Citation, ...]
    printed: dict[str, Fraction]  # by language, where that language's text prints another figure


@dataclass(frozen=True)
class BlackjackBetInfo:
    id: str
    kind: str  # one of KINDS
    name: Text
    payout: Fraction | None  # main (the even-money win), insurance, under/over 13
    pays: tuple[PayLine, ...]  # pairs and sevens
    option: str | None  # the optional item of the regulation this bet is; None: always offered
    limit: str | None
    source: tuple[Citation, ...]
    printed: dict[str, Fraction]  # insurance: the payout as another language's text prints it
    at_least: bool = False  # the pay table's figures are minimums («como mínimo»)

    @property
    def bet(self) -> BlackjackBetInfo:
        return self

    @property
    def payouts(self) -> dict[str, Fraction]:
        return {line.category: line.payout for line in self.pays}

    def maximum(self, group_maximum: Fraction) -> Fraction:
        return group_maximum

    @property
    def stake_most(self) -> Fraction | None:
        """The most one stakes on it, in times the table minimum: the «acumulada» no more than half of it
        («en ningún caso, podrá ser superior a la mitad del mínimo de la mesa», 000:982-983)."""
        return Fraction(1, 2) if self.kind == "sevens" else None


@dataclass(frozen=True)
class RuleOption:
    """An optional rule of the regulation (the «retiro», the three sevens): the casino decides."""

    id: str
    source: tuple[Citation, ...]


@dataclass(frozen=True)
class BlackjackSpec:
    rules: blackjack.Rules  # with every option the regulation allows
    bets: tuple[BlackjackBetInfo, ...]
    options: dict[str, tuple[Citation, ...]]  # every optional item (bets and rules) by id, with its lines
    surrender: RuleOption | None
    three_sevens: RuleOption | None
    limits: Limits
    sources: dict[str, tuple[Citation, ...]]  # shoe, deal, dealer, player, double, split, dealer_blackjack, boxes
    layouts: tuple[Layout, ...] = ()
    even_money_source: tuple[Citation, ...] = ()  # the insurance bet's ``even_money_source``

    def placement_names(self, lang: str) -> dict[str, str]:
        """The names the lint gives each line of a side bet's pay table («Parejas: Pareja perfecta»)."""
        return {f"{info.id} {line.category}": f"{info.name[lang]}: {line.name[lang]}"
                for info in self.bets for line in info.pays}

    @property
    def tables(self) -> dict[str, Any]:
        return {}

    # The lines of each rule a step of the engine applies (:func:`jokoak.facts.step_citations`).
    @property
    def deal_source(self) -> tuple[Citation, ...]:
        return self.sources.get("deal", ())

    @property
    def player_source(self) -> tuple[Citation, ...]:
        return self.sources.get("player", ())

    @property
    def dealer_source(self) -> tuple[Citation, ...]:
        return self.sources.get("dealer", ())

    @property
    def double_source(self) -> tuple[Citation, ...]:
        return self.sources.get("double", ())

    @property
    def split_source(self) -> tuple[Citation, ...]:
        return self.sources.get("split", ())

    @property
    def dealer_blackjack_source(self) -> tuple[Citation, ...]:
        return self.sources.get("dealer_blackjack", ())

    @property
    def boxes_source(self) -> tuple[Citation, ...]:
        return self.sources.get("boxes", ())

    @property
    def surrender_source(self) -> tuple[Citation, ...]:
        return self.surrender.source if self.surrender else ()

    @property
    def three_sevens_source(self) -> tuple[Citation, ...]:
        return self.three_sevens.source if self.three_sevens else ()

    @property
    def pays(self) -> tuple[PayLine, ...]:
        """Every line of the side bets' pay tables: a step paid by one cites that line (``bet:<category>``)."""
        return tuple(line for bet in self.bets for line in bet.pays)

    def bet(self, bet_id: str) -> BlackjackBetInfo:
        return next(b for b in self.bets if b.id == bet_id)

    def kind(self, kind: str) -> BlackjackBetInfo | None:
        return next((b for b in self.bets if b.kind == kind), None)

    @property
    def main(self) -> BlackjackBetInfo:
        found = self.kind("main")
        assert found is not None
        return found

    def rules_with(self, options: frozenset[str] | set[str] | tuple[str, ...]) -> blackjack.Rules:
        """The rules of a table offering only ``options`` of the optional items."""
        off = set(self.options) - set(options)
        rules = self.rules
        if self.surrender and self.surrender.id in off:
            rules = replace(rules, surrender=False)
        if self.three_sevens and self.three_sevens.id in off:
            rules = replace(rules, three_sevens_pays=None)
        for bet in self.bets:
            if bet.option in off and bet.kind == "pairs":
                rules = replace(rules, pairs={})
            elif bet.option in off and bet.kind == "sevens":
                rules = replace(rules, sevens={})
            elif bet.option in off and bet.kind in ("under-13", "over-13"):
                rules = replace(rules, under_over_13=None)
        return rules

    def engine_bets(self, bets: dict[str, Fraction]) -> dict[str, Fraction]:
        """An example's bets as the engine names them: «apuesta» is «main», «casilla 2» is «box-2»."""
        found = {}
        for spec_text, stake in bets.items():
            bet_id, _, box = spec_text.partition(" ")
            info = self.bet(bet_id)
            name = {"main": "main", "insurance": "insurance", "pairs": "pairs", "sevens": "sevens",
                    "under-13": "under-13", "over-13": "over-13"}[info.kind]
            if self.rules.dealer_hands > 1 and info.kind == "main":
                name = f"box-{box}"
            elif self.rules.dealer_hands > 1 and info.kind == "insurance":
                name = f"insurance-{box}"
            found[name] = stake
        return found

    def game_bet(self, engine_name: str) -> tuple[str, str]:
        """The bet an engine's bet name stands for, and its box (Triple Black Jack): «box-2» is («casilla», «2»)."""
        head, _, box = engine_name.rpartition("-")
        kind = {"box": "main", "insurance": "insurance"}.get(head) if box.isdigit() else None
        found = self.kind(kind or engine_name)
        return (found.id, box if kind else "") if found else (engine_name, "")

    def game_step(self, step: Step) -> Step:
        """An engine's step with the game's bets: its ``bet`` value the game's bet id (and ``box``, «» or the box
        number), its rule ``bet:<game bet id>``; a pay table's line (``bet:<category>``) is kept."""
        values = dict(step.values)
        if "bet" in values:
            values["bet"], values["box"] = self.game_bet(str(values["bet"]))
        kind, _, name = step.rule.partition(":")
        rule = f"bet:{self.game_bet(name)[0]}" if kind == "bet" and name not in self.pays_by_category else step.rule
        return Step(step.key, rule, values)

    @property
    def pays_by_category(self) -> dict[str, PayLine]:
        return {line.category: line for line in self.pays}


class BlackjackReader:
    """Reads and checks the Black Jack fields of one game file."""

    def __init__(self, reader: Reader, citations: Any, readings: list[Reading]) -> None:
        self.r = reader
        self.cite = citations  # callable(node, key, path) -> tuple[Citation, ...]
        self.readings = readings
        self.roulette = CommonReader(reader, citations, readings)  # shares limits and readings
        self.even_money_source: tuple[Citation, ...] = ()

    def section(self, doc: Map, key: str, required: set[str], optional: set[str]) -> Map | None:
        node: Any = doc.get(key)
        if not self.r.keys(node, key, required | {"source"}, optional | {"reading"}):
            return None
        self.roulette.reading(node, key)
        return node  # type: ignore[no-any-return]

    def flag(self, node: Map, key: str, path: str, default: bool | None = None) -> bool | None:
        value = node.get(key, default)
        if not isinstance(value, bool):
            self.r.error(node, key, path, f"expected true or false, got {value!r}")
            return None
        return value

    def read(self, doc: Map) -> BlackjackSpec | None:
        sources: dict[str, tuple[Citation, ...]] = {}
        found: dict[str, Any] = {}
        before = len(self.r.problems.problems)  # a defect anywhere below is reported there; no rules then
        shoe = self.section(doc, "shoe", {"decks", "values_source"}, set())
        if shoe is not None:
            sources["shoe"] = self.cite(shoe, "source", "shoe") + self.cite(shoe, "values_source", "shoe")
            found["decks"] = self.r.integer(shoe, "decks", "shoe", minimum=1)
        deal = self.section(doc, "deal", {"dealer_cards"}, set())
        if deal is not None:
            sources["deal"] = self.cite(deal, "source", "deal")
            if deal["dealer_cards"] != 1:
                self.r.error(deal, "dealer_cards", "deal", "expected 1: the dealer takes one card until the "
                             "players have played (the engine has no hole card)")
        dealer = self.section(doc, "dealer", {"stands_on", "soft_17"}, set())
        if dealer is not None:
            sources["dealer"] = self.cite(dealer, "source", "dealer")
            if dealer["stands_on"] != 17:
                self.r.error(dealer, "stands_on", "dealer", f"expected 17, got {dealer['stands_on']!r}")
            if dealer["soft_17"] not in ("stands", "draws"):
                self.r.error(dealer, "soft_17", "dealer", f"expected stands or draws, got {dealer['soft_17']!r}")
            found["dealer_hits_soft_17"] = dealer["soft_17"] == "draws"
        player = self.section(doc, "player", {"stop_at_21"}, set())
        if player is not None:
            sources["player"] = self.cite(player, "source", "player")
            found["stop_at_21"] = self.flag(player, "stop_at_21", "player")
        self.double(doc, sources, found)
        self.split(doc, sources, found)
        taken = self.section(doc, "dealer_blackjack", {"takes"}, set())
        if taken is not None:
            sources["dealer_blackjack"] = self.cite(taken, "source", "dealer_blackjack")
            if taken["takes"] not in ("all", "original"):
                self.r.error(taken, "takes", "dealer_blackjack", f"expected all (every stake of a hand, doubles "
                             f"and splits included) or original (the first stake only), got {taken['takes']!r}")
            elif "reading" not in taken:
                self.r.error(taken, "reading", "dealer_blackjack", "missing field: no text says what a doubled or "
                             "split hand loses to the dealer's black jack; say how it is read")
            found["lost_to_dealer_blackjack"] = taken["takes"]
        options: dict[str, tuple[Citation, ...]] = {}
        surrender = self.rule_option(doc, "surrender", options)
        sevens = self.rule_option(doc, "three_sevens", options, {"pays"})
        if sevens is not None:
            found["three_sevens_pays"] = self.r.payout(doc["three_sevens"], "pays", "three_sevens")
        if surrender is not None:
            found["surrender"] = True
        if "boxes" in doc:
            boxes = self.section(doc, "boxes", {"count"}, set())
            if boxes is not None:
                sources["boxes"] = self.cite(boxes, "source", "boxes")
                found["dealer_hands"] = boxes["count"]
        bets = self.bets(doc, found, options)
        groups = [b for b in bets if b.limit]
        limits = self.roulette.limits(doc.get("limits"), "limits", groups)
        if limits is None or not bets or len(self.r.problems.problems) > before or len(sources) < 5:
            return None
        if not any(b.kind == "main" for b in bets):
            self.r.error(doc, "bets", "", "expected a bet of kind main")
            return None
        try:
            rules = blackjack.Rules(**found)
        except (TypeError, ValueError) as exc:
            self.r.error(doc, "bets", "", str(exc))
            return None
        return BlackjackSpec(rules, tuple(bets), options, surrender, sevens, limits, sources,
                             even_money_source=self.even_money_source)

    def double(self, doc: Map, sources: dict[str, tuple[Citation, ...]], found: dict[str, Any]) -> None:
        if "double" not in doc:
            return
        node = self.section(doc, "double", {"totals", "pair_of_aces", "ace_counts_one", "after_split"}, {"soft"})
        if node is None:
            return
        sources["double"] = self.cite(node, "source", "double")
        totals = node["totals"]
        if totals == "any":
            found["double_totals"] = None
        elif isinstance(totals, Seq) and totals and all(type(t) is int and 4 <= t <= 20 for t in totals):
            found["double_totals"] = frozenset(totals)
        else:
            self.r.error(node, "totals", "double", f"expected any or a list of two-card totals, got {totals!r}")
        found["double_soft"] = self.flag(node, "soft", "double", False)
        found["double_pair_of_aces"] = self.flag(node, "pair_of_aces", "double")
        found["double_ace_counts_one"] = self.flag(node, "ace_counts_one", "double")
        found["double_after_split"] = self.flag(node, "after_split", "double")

    def split(self, doc: Map, sources: dict[str, tuple[Citation, ...]], found: dict[str, Any]) -> None:
        if "split" not in doc:
            return
        node = self.section(doc, "split", {"max_hands", "resplit_aces"}, set())
        if node is None:
            return
        sources["split"] = self.cite(node, "source", "split")
        hands = node["max_hands"]
        if hands is not None and (type(hands) is not int or hands < 2):
            self.r.error(node, "max_hands", "split", f"expected null (no limit) or a number of hands ≥ 2, got "
                         f"{hands!r}")
        found["max_hands"] = hands
        found["resplit_aces"] = self.flag(node, "resplit_aces", "split")

    def rule_option(self, doc: Map, key: str, options: dict[str, tuple[Citation, ...]],
                    more: set[str] | None = None) -> RuleOption | None:
        if key not in doc:
            return None
        node = self.section(doc, key, more or set(), {"option"})
        if node is None:
            return None
        source = self.cite(node, "source", key)
        option = node.get("option")
        if option is None:
            return RuleOption("", source)  # not optional: part of every table
        options[str(option)] = source
        return RuleOption(str(option), source)

    def bets(self, doc: Map, found: dict[str, Any], options: dict[str, tuple[Citation, ...]]) -> list[BlackjackBetInfo]:
        bets: list[BlackjackBetInfo] = []
        for path, node in self.r.items(doc, "bets", ""):
            if not self.r.keys(node, path, BET_FIELDS, BET_OPTIONAL):
                continue
            self.roulette.reading(node, path)
            kind = node["kind"]
            if kind not in KINDS:
                self.r.error(node, "kind", path, f"expected one of {', '.join(KINDS)}, got {kind!r}")
                continue
            if any(b.id == str(node["id"]) for b in bets):
                self.r.error(node, "id", path, f"duplicate bet id {node['id']!r}")
                continue
            name = self.r.text(node, "name", path)
            source = self.cite(node, "name_source", path) + self.cite(node, "payout_source", path)
            info = self.bet(node, path, str(kind), found)
            if info is None or name is None:
                continue
            payout, pays, printed = info
            option = node.get("option")
            if option is not None:
                options[str(option)] = options.get(str(option), ()) + source
            limit = node.get("limit")
            bets.append(BlackjackBetInfo(str(node["id"]), str(kind), name, payout, pays,
                                         None if option is None else str(option), None if limit is None else str(limit),
                                         source, printed, bool(node.get("at_least", False))))
        return bets

    def printed(self, node: Map, path: str) -> dict[str, Fraction] | None:
        """What another language's text prints instead (read as the ``payout``; a reading must say why)."""
        given: Any = self.r.mapping(node, "printed", path) if "printed" in node else Map()
        if given is None:
            return None
        found: dict[str, Fraction | None] = {}
        for lang in given:
            if lang not in self.r.languages:
                self.r.error(node, "printed", path, f"expected an official language of the regulation, got {lang!r}")
                return None
            found[str(lang)] = self.r.payout(given, lang, join(path, "printed"))
        if found and "reading" not in node:
            self.r.error(node, "reading", path, "missing field: a figure printed otherwise in one language needs "
                         "a reading")
            return None
        return None if None in found.values() else {k: v for k, v in found.items() if v is not None}

    def bet(self, node: Map, path: str, kind: str,
            found: dict[str, Any]) -> tuple[Fraction | None, tuple[PayLine, ...], dict[str, Fraction]] | None:
        printed = self.printed(node, path)
        if printed is None:
            return None
        if kind in CATEGORIES:
            pays = self.pays(node, path, kind)
            if pays is None:
                return None
            table = {line.category: line.payout for line in pays}
            if kind == "pairs":
                found["pairs"] = table
                found["pairs_match"] = node.get("match", "rank")
            else:
                found["sevens"] = table
                found["sevens_three_mixed"] = node.get("three_mixed", "not-same")
            return None, pays, printed
        payout = self.r.payout(node, "payout", path)
        if payout is None:
            return None
        if kind == "main":
            found["blackjack_pays"] = self.r.payout(node, "blackjack_pays", path)
        elif kind == "insurance":
            stake = node.get("stake")
            if stake not in STAKES:
                self.r.error(node, "stake", path, f"expected one of {', '.join(STAKES)} (of the bet), got {stake!r}")
                return None
            found["insurance_pays"] = payout
            found["insurance_max"], found["insurance_exact"] = STAKES[stake]
            found["even_money"] = self.flag(node, "even_money", path, False)
            if found["even_money"]:
                self.even_money_source = self.cite(node, "even_money_source", path)
        else:
            found["under_over_13"] = payout
        return payout, (), printed

    def pays(self, node: Map, path: str, kind: str) -> tuple[PayLine, ...] | None:
        lines, broken = [], False
        for line_path, line in self.r.items(node, "pays", path):
            if not self.r.keys(line, line_path, {"category", "name", "payout", "source"}, {"printed", "reading"}):
                broken = True
                continue
            self.roulette.reading(line, line_path)
            category = line["category"]
            if category not in CATEGORIES[kind]:
                self.r.error(line, "category", line_path, f"expected one of {', '.join(CATEGORIES[kind])}, got "
                             f"{category!r}")
                broken = True
                continue
            name = self.r.text(line, "name", line_path)
            payout = self.r.payout(line, "payout", line_path)
            printed = self.printed(line, line_path)
            source = self.cite(line, "source", line_path)
            if name is None or payout is None or printed is None:
                broken = True
                continue
            lines.append(PayLine(str(category), name, payout, source, printed))
        if broken or not lines:
            if not broken:
                self.r.error(node, "pays", path, "expected the pay table, one line per category")
            return None
        return tuple(lines)


def example_round(r: Reader, node: Map, path: str,
                  spec: BlackjackSpec) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The cards of a worked example in the order dealt, and the player's decisions."""
    cards, decisions = node.get("cards"), node.get("decisions", [])
    try:
        if not isinstance(cards, Seq):
            raise ValueError('expected a list of cards such as "A♠", "7", "K"')
        for card in cards:
            blackjack.parse_card(str(card))
    except ValueError as exc:
        r.error(node, "cards", path, str(exc))
        return None
    if not isinstance(decisions, Seq | list) or any(d not in blackjack.DECISIONS for d in decisions):
        r.error(node, "decisions", path, f"expected a list of decisions among {', '.join(blackjack.DECISIONS)}")
        return None
    for spec_text in node.get("bets") or {}:
        bet_id, _, box = str(spec_text).partition(" ")
        if bet_id not in {b.id for b in spec.bets} or (box and box not in ("1", "2", "3")):
            r.error(node, "bets", path, f"unknown bet {spec_text!r} (bets: {', '.join(b.id for b in spec.bets)})")
            return None
    return tuple(str(c) for c in cards), tuple(str(d) for d in decisions)


def read_example(r: Reader, node: Map, path: str, spec: BlackjackSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The cards of a worked example in the order dealt, and the player's ``decisions`` in the order taken."""
    round_ = example_round(r, node, path, spec)
    if round_ is None:
        return None
    cards, decisions = round_
    return cards, {"decisions": list(decisions)} if "decisions" in node else {}


def play(spec: BlackjackSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    result = blackjack.play_round(spec.rules, spec.engine_bets(bets), cards, options.get("decisions", ()))
    return replace(result, steps=tuple(spec.game_step(step) for step in result.steps))


def table(spec: BlackjackSpec) -> tuple[tuple[Option, ...], dict[str, tuple[Citation, ...]]]:
    """A table states which of the optional bets and rules (the «parejas», the «retiro»…) it offers."""
    return (), dict(spec.options)


def at_table(spec: BlackjackSpec, table: Any, example: Any) -> BlackjackSpec:
    """An example plays by the rules of the optional items the table offers (a surrender, or three sevens
    paid 2 a 1, where the table does not offer them, end otherwise)."""
    return replace(spec, rules=spec.rules_with(table.offered_items))
