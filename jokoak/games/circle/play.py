"""A worked example of circle poker: how it is read from a game file and played through the engine.

An example is one hand at a table of a variant (the format is in :mod:`.reader`'s docstring): ``bets`` (what each
player put in the pot, in seat order, the first holding the «mano»), ``cards`` (each player's cards in that order,
then the common cards, one string a line), and its options:

``folded``
    the players who folded: their chips stay in the pot, they contest nothing (000:5066-5068; 001:2497); a folded
    player's cards may be ``""``;
``table``
    ``{minimum, structure, deck, restos, ante, blinds}``: the table the hand is played at (the minimum for the take
    of option c and the betting limits, the structure's id, the deck where the variant has several, each player's
    stack, the ante, the blinds ``"5/10"`` where the text does not fix them);
``take``
    ``{option: pot | session | hand, percent, cap, base, minutes}``: the casino's take applied (000:4795-4812);
``actions``
    the hand's betting, one list of actions an interval, each ``"ana: subir 20"`` (``retirarse``, ``pasar``,
    ``cubrir``, ``subir N``: the total put in the interval after the raise; ``… en 2 movimientos`` for chips brought
    in several movements without announcing it, ``… anunciando`` when announced): played by the betting engine,
    which must give the example's ``bets``;
``refused``
    ``{at: N, code}``: the N-th action (counted from 1 over the whole hand) is refused with ``code`` (a string bet,
    a raise beyond the limit…): the croupier refuses it and the player acts again with the next action;
``shares``
    what each player listed gets back: checked against the engine.

:func:`play` returns what was staked (the sum of the bets) and returned (what the players get back): their
difference is the casino's take for the hand. Under the session option (b) nothing is taken from the hand: the
session's charge is a step of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...catalog import valid_id
from ...engine.result import Result
from ...engine.steps import Step
from ...family import Options
from ...schema import Reader, join
from ...yamlsrc import Map, Seq
from . import betting, pots, take
from . import showdown as shown
from .cards import dealt, names
from .spec import CircleSpec

ACTION = re.compile(r"(?P<player>[a-z][a-z0-9-]*): (?P<kind>retirarse|pasar|cubrir|subir)(?: (?P<amount>\d+(?:/\d+)?))?"
                    r"(?: en (?P<movements>\d) movimientos)?(?P<announced> anunciando)?")
TABLE_KEYS = {"minimum": "amount", "structure": "word", "deck": "whole", "restos": "players", "ante": "amount",
              "blinds": "word"}
TAKE_KEYS = {"option": "word", "percent": "amount", "cap": "amount", "base": "amount", "minutes": "whole"}


def read_example(r: Reader, node: Map, path: str, spec: CircleSpec) -> tuple[tuple[Any, ...], Options] | None:
    """The cards of a worked example and its options, each checked here; :func:`play` checks the hand itself."""
    if not spec.playable:
        r.error(node, None, path, "the general rules of circle poker play no hand: give the example in a variant")
        return None
    cards = node.get("cards")
    players = list(node["bets"]) if isinstance(node.get("bets"), Map) else []
    lines = spec.deal.boards if spec.deal and spec.deal.board else 0
    if not isinstance(cards, Seq) or len(cards) != len(players) + lines or not all(isinstance(c, str) for c in cards):
        r.error(node, "cards", path, f"expected a list of texts: each player's cards in the order of bets "
                f"({len(players)}), then {lines} line(s) of common cards, such as \"Ah Kd\"")
        return None
    options: Options = {}
    ok = True
    if "folded" in node:
        folded = node["folded"]
        if not isinstance(folded, Seq) or not all(p in players for p in folded) or len(set(folded)) != len(folded):
            r.error(node, "folded", path, f"expected a list of players of the hand ({', '.join(players)}), each once")
            ok = False
        else:
            options["folded"] = [str(p) for p in folded]
    bad = [p for p in players if not valid_id(p)]
    if bad:
        r.error(node, "bets", path, f"expected the players by name, lowercase letters, digits and hyphens (ana, ben…), "
                f"got {bad[0]!r}")
        return None
    ok &= _mapping(r, node, "table", path, options, TABLE_KEYS, players)
    ok &= _mapping(r, node, "take", path, options, TAKE_KEYS, players, {"option", "percent"})
    deck = options.get("table", {}).get("deck")
    if deck is not None and deck not in spec.decks:
        r.error(node["table"], "deck", join(path, "table"), f"expected a deck of this game: "
                f"{', '.join(map(str, spec.decks))} cards, got {deck}")
        ok = False
    option = options.get("take", {}).get("option")
    if option is not None and option not in {t.id for t in spec.take}:
        r.error(node["take"], "option", join(path, "take"), f"expected one of this game's options, "
                f"{', '.join(t.id for t in spec.take)}, got {option!r}")
        ok = False
    if "shares" in node:
        given = r.mapping(node, "shares", path)
        found = {str(p): r.amount(given, p, join(path, "shares")) for p in given} if given is not None else {}
        if given is None or None in found.values() or not set(found) <= set(players):
            if given is not None and not set(found) <= set(players):
                r.error(node, "shares", path, f"expected what players of the hand ({', '.join(players)}) get back")
            ok = False
        else:
            options["shares"] = found
    if "actions" in node:
        value = node["actions"]
        if not isinstance(value, Seq) or not value or not all(isinstance(i, Seq) and all(
                isinstance(a, str) and ACTION.fullmatch(a) for a in i) for i in value):
            r.error(node, "actions", path, "expected a list of intervals, each a list of actions such as \"ana: subir "
                    "20\", \"ben: cubrir\", \"carla: retirarse\", \"ana: pasar\", \"ben: subir 40 en 2 movimientos\"")
            ok = False
        else:
            options["actions"] = [[str(a) for a in i] for i in value]
    if "refused" in node:
        given = node["refused"]
        if "actions" not in node or not r.keys(given, join(path, "refused"), {"at", "code"}) or \
                type(given["at"]) is not int or given["at"] < 1 or given["code"] not in REFUSALS:
            r.error(node, "refused", path, f"expected, with actions, {{at: N, code}}: the N-th action refused, code "
                    f"one of {', '.join(REFUSALS)}")
            ok = False
        else:
            options["refused"] = {"at": given["at"], "code": str(given["code"])}
    return (tuple(str(c) for c in cards), options) if ok else None


REFUSALS = ("beyond-limit", "below-minimum", "string-bet", "check-after-bet", "out-of-turn", "raise-count",
            "not-in-hand", "over-stack", "closed", "bad-amount")


def _mapping(r: Reader, node: Map, key: str, path: str, options: Options, fields: Mapping[str, str],
             players: list[str], required: set[str] | None = None) -> bool:
    """An option that is a mapping (``table``, ``take``), each field of its kind: ``amount`` (a fraction),
    ``whole`` (a whole number), ``word`` (a text), ``players`` (an amount for players of the hand)."""
    if key not in node:
        return True
    given = node[key]
    where = join(path, key)
    if not r.keys(given, where, required or set(), set(fields)):
        return False
    found: dict[str, Any] = {}
    for name, value in given.items():
        kind = fields[name]
        if kind == "players":
            inner = r.mapping(given, name, where)
            amounts = {str(p): r.amount(inner, p, join(where, name)) for p in inner} if inner is not None else {}
            if inner is None or None in amounts.values() or not set(amounts) <= set(players):
                if inner is not None:
                    r.error(given, name, where, f"expected an amount for players of the hand ({', '.join(players)})")
                return False
            found[name] = amounts
        elif kind == "word":
            if not isinstance(value, str) or not value.strip():
                r.error(given, name, where, f"expected a word, got {value!r}")
                return False
            found[name] = value
        elif kind == "whole":
            if type(value) is not int or not 0 < value <= 100_000:
                r.error(given, name, where, f"expected a whole number, got {value!r}")
                return False
            found[name] = value
        else:
            amount = r.amount(given, name, where)
            if amount is None:
                return False
            found[name] = amount
    options[key] = found
    return True


def _amount(value: Any) -> Fraction:
    return Fraction(str(value))


def play(spec: CircleSpec, bets: dict[str, Fraction], cards: Sequence[Any], options: Options) -> Result:
    """Play a hand: the betting (where the example gives it), the take, the pots and the showdown; a whole sentence
    (ValueError) where the example does not hold together."""
    if not spec.playable or spec.variant is None:
        raise ValueError("the general rules of circle poker play no hand: play one of its variants")
    players = list(bets)
    bets = {p: _amount(v) for p, v in bets.items()}
    table = dict(options.get("table", {}))
    deck_size = int(table["deck"]) if "deck" in table else None
    variant = shown.variant(spec.variant, spec.regulation,  # type: ignore[arg-type]
                            deck_size if len(spec.decks) > 1 else None)
    folded = tuple(options.get("folded", ()))
    steps: list[Step] = []
    interval_bets = [sum(bets.values(), Fraction(0))]
    if "actions" in options:
        interval_bets, out = _betting(spec, players, bets, cards, options, table, variant, steps)
        if "folded" in options and set(folded) != set(out):
            raise ValueError(f"the actions fold {', '.join(out) or 'nobody'}; the example's folded says "
                             f"{', '.join(folded) or 'nobody'}")
        folded = tuple(out)
    staked = sum(bets.values(), Fraction(0))
    net, taken = _take(spec, players, bets, options, table, interval_bets, steps)
    pot_list = pots.pots(net, folded)
    live = [p for p in players if p not in folded]
    if len(live) == 1:
        paid = pots.uncontested(pot_list, folded)
        steps.append(Step("uncontested", "line:uncontested", {"player": live[0], "amount": sum(paid.values())}))
    else:
        hands = {p: dealt(cards[i], variant.deck) for i, p in enumerate(players) if p in live}
        board = _board(cards[len(players):], variant)
        every = [c for p in live for c in hands[p]] + [c for line in board for c in line]
        dealt(every, variant.deck)  # no card twice in the hand
        result = shown.showdown(variant, hands, board if variant.lines > 1 else (board[0] if board else ()))
        for p in live:
            for line, value in enumerate(result.high[p], start=1):
                steps.append(Step("hand", "showdown", {"player": p, "cards": cards[players.index(p)],
                                                       "best": names(value.cards), "category": value.combination.id,
                                                       "line": line, "lines": variant.lines}))
            low = result.low.get(p)
            if spec.low is not None:
                steps.append(Step("low" if low else "no-low", "low",
                                  {"player": p, "best": names(low.cards) if low else None}))
        paid = pots.award(pot_list, result)
        for index, pot in enumerate(pot_list, start=1):
            if len(pot_list) > 1:
                steps.append(Step("pot", "line:pots", {"pot": index, "amount": pot.amount,
                                                       "players": pot.eligible}))
            for share in result.shares(pot.eligible):
                steps.append(Step("share", "split" if len(share.winners) > 1 else "line:showdown",
                                  {"pot": index, "pots": len(pot_list), "kind": share.kind,
                                   "amount": pot.amount * share.part, "winners": share.winners}))
    returned = sum(paid.values(), Fraction(0))
    if returned + taken != staked:
        raise ValueError(f"the pots pay {returned} and the casino takes {taken}, not the {staked} staked")
    _check_shares(options.get("shares", {}), paid)
    return Result(staked, returned, tuple(steps))


def _board(lines: Sequence[str], variant: shown.Variant) -> list[tuple[int, ...]]:
    if not variant.board:
        return []
    return [dealt(line, variant.deck) for line in lines]


def _check_shares(expected: Mapping[str, Any], paid: Mapping[str, Fraction]) -> None:
    for player, amount in expected.items():
        if paid.get(player, Fraction(0)) != _amount(amount):
            raise ValueError(f"{player} gets back {paid.get(player, 0)}, not the {amount} the example says")


def _take(spec: CircleSpec, players: list[str], bets: dict[str, Fraction], options: Options, table: dict[str, Any],
          interval_bets: list[Fraction], steps: list[Step]) -> tuple[dict[str, Fraction], Fraction]:
    """What each player's chips leave in the pots once the casino has taken its share, and that share."""
    given = options.get("take")
    if not given:
        return bets, Fraction(0)
    option = str(given.get("option"))
    if option not in {t.id for t in spec.take}:
        raise ValueError(f"this game's casino takes its share by {', '.join(t.id for t in spec.take)}, not {option}")
    rule = take.Take(option, _amount(given["percent"]) / 100,  # type: ignore[arg-type]
                     _amount(given["cap"]) if "cap" in given else None, spec.regulation)  # type: ignore[arg-type]
    take.validate(rule)
    staked = sum(bets.values(), Fraction(0))
    if option == "pot":
        amount = take.pot_take(rule, interval_bets)
        steps.append(Step("take-pot", "take:pot", {"percent": _amount(given["percent"]), "amount": amount,
                                                   "cap": rule.cap}))
        share = 1 - amount / staked if staked else Fraction(1)
        return {p: v * share for p, v in bets.items()}, amount
    if option == "hand":
        minimum = _amount(table["minimum"]) if "minimum" in table else None
        if minimum is None:
            raise ValueError("the take per player and hand is a share of the table minimum: give table.minimum")
        fee = take.hand_take(rule, minimum, 1)
        short = [p for p in players if bets[p] < fee]
        if short:
            raise ValueError(f"each player pays {fee} at the start of the hand; {', '.join(short)} put in less")
        steps.append(Step("take-hand", "take:hand", {"percent": _amount(given["percent"]), "minimum": minimum,
                                                     "players": len(players), "amount": fee * len(players)}))
        return {p: v - fee for p, v in bets.items()}, fee * len(players)
    base = _amount(given["base"]) if "base" in given else None
    minutes = int(_amount(given["minutes"])) if "minutes" in given else None
    if base is None or minutes is None:
        raise ValueError("the take per session is a share of the table maximum or of the resto for a time at the "
                         "table: give take.base and take.minutes")
    steps.append(Step("take-session", "take:session", {"percent": _amount(given["percent"]), "base": base,
                                                       "minutes": minutes, "sessions": take.sessions(minutes),
                                                       "amount": take.session_take(rule, base, minutes)}))
    return bets, Fraction(0)


def _forced(spec: CircleSpec, players: list[str], table: dict[str, Any],
            minimum: Fraction) -> dict[str, dict[str, Fraction]]:
    """The forced bets of the hand: each player's ``ante`` (``table.ante``), or what the ``blinds`` post in the first
    interval: the two players after the «mano» (001:2799: the big blind the minimum, the small its half), or the
    «mano» and the «segunda mano» of covered poker (the minimum and its double, 000:5316-5319)."""
    if "ante" in spec.forced and "ante" in table:
        return {"ante": {p: _amount(table["ante"]) for p in players}}
    if "mano" in spec.forced:
        return {"blinds": {players[0]: minimum, players[1]: 2 * minimum}}
    if "blinds" in spec.forced and spec.blinds is not None and len(players) > 2:
        small, big = spec.blinds
        return {"blinds": {players[1]: small * minimum, players[2]: big * minimum}}
    if "blinds" in spec.forced and "blinds" in table:
        amounts = [_amount(v) for v in str(table["blinds"]).split("/")]
        return {"blinds": dict(zip(players[1:3], amounts, strict=False))}
    return {}


def _betting(spec: CircleSpec, players: list[str], bets: dict[str, Fraction], cards: Sequence[Any],
             options: Options, table: dict[str, Any], variant: shown.Variant,
             steps: list[Step]) -> tuple[list[Fraction], list[str]]:
    """Play the example's actions through the betting engine, interval by interval: what each player puts in must be
    the example's bets. Returns what was bet in each interval (the antes in the first) and who folded."""
    if "minimum" not in table or "structure" not in table:
        raise ValueError("the betting of a hand is checked at a table: give table.minimum and table.structure")
    minimum = _amount(table["minimum"])
    chosen = next((s for s in spec.structures if s.id == table["structure"]), None)
    if chosen is None:
        raise ValueError(f"this game's structures are {', '.join(s.id for s in spec.structures)}, not "
                         f"{table['structure']}")
    structure = betting.Structure(chosen.kind, minimum,  # type: ignore[arg-type]
                                  low=minimum if chosen.kind == "fixed" else None,
                                  high=2 * minimum if chosen.kind == "fixed" else None,
                                  pair_rule=chosen.pair_rule, raises=chosen.raises,
                                  raises_per=chosen.raises_per,  # type: ignore[arg-type]
                                  min_raise="double" if spec.relations.resto_band else "minimum",
                                  stud_pot=chosen.stud_pot)
    restos = {p: _amount(v) for p, v in table.get("restos", {}).items()}
    stacks = {p: restos.get(p, Fraction(10**9)) for p in players}
    folded: list[str] = []
    refused = options.get("refused")
    count = 0
    pot = Fraction(0)
    put_total = {p: Fraction(0) for p in players}
    per_interval: list[Fraction] = []
    last_bettor: str | None = None
    posted = _forced(spec, players, table, minimum)
    if posted.get("ante"):  # the antes go in the pot before the first interval
        ante = posted["ante"][players[0]]
        pot += ante * len(players)
        for p in players:
            put_total[p] += ante
            stacks[p] -= ante
    down = spec.intervals[0].hole - spec.intervals[0].up  # stud: the cards dealt face down before the first up
    paired = False
    for number, given in enumerate(options["actions"], start=1):
        live = [p for p in players if p not in folded]
        up = spec.intervals[number - 1].up if number <= len(spec.intervals) else 0
        showing = {p: dealt(cards[i], variant.deck)[down:down + up] for i, p in enumerate(players)
                   if p in live} if up else None
        blinds = posted.get("blinds") if number == 1 else None
        first = betting.first_to_speak(variant.id, number, players, players[0], showing, last_bettor,
                                       spec.regulation, still_in=live,  # type: ignore[arg-type]
                                       blinds=len(blinds) if blinds and "mano" in spec.forced else 0)
        if showing and any(len(up) >= 2 and up[0] // 4 == up[1] // 4 for up in showing.values()):
            paired = True  # a pair among a player's first two cards face up: the higher limit from now on
        state = betting.interval(betting.speaking_order(players, first, live), stacks, structure, pot, number,
                                 blinds, paired, pot if structure.stud_pot and number >= 4 else None)
        for text in given:
            count += 1
            found = ACTION.fullmatch(text)
            assert found is not None  # read_example checked it
            action = betting.Action(found["player"], found["kind"],  # type: ignore[arg-type]
                                    _amount(found["amount"]) if found["amount"] else None,
                                    bool(found["announced"]), int(found["movements"] or 1))
            try:
                state = state.act(action)
            except betting.Refusal as refusal:
                if not refused or refused["at"] != count or refused["code"] != refusal.code:
                    raise ValueError(f"action {count} ({text}) is refused ({refusal.code}): {refusal}") from refusal
                steps.append(Step("refused", f"refusal:{refusal.code}:{chosen.id}",
                                  {"player": action.player, "action": text, "code": refusal.code}))
                continue
            if refused and refused["at"] == count:
                raise ValueError(f"action {count} ({text}) should be refused ({refused['code']}), and it is not")
            steps.append(Step("action", f"action:{action.kind}", {"player": action.player, "kind": action.kind,
                                                                  "amount": action.amount, "interval": number}))

        last_bettor = state.last_bettor  # who bet or raised last in this interval (None: nobody bet)
        folded = sorted(set(folded) | set(state.folded), key=players.index)
        for p in players:
            put_total[p] += state.put.get(p, Fraction(0))
        per_interval.append(sum(state.put.values(), Fraction(0)))
        pot += per_interval[-1]
        stacks = dict(state.stacks)
    wrong = [p for p in players if put_total[p] != bets[p]]
    if wrong:
        raise ValueError(f"the actions put {', '.join(f'{put_total[p]} for {p}' for p in wrong)} in the pot; the "
                         f"example's bets say {', '.join(f'{bets[p]}' for p in wrong)}")
    if per_interval:
        per_interval[0] += sum(posted.get("ante", {}).values(), Fraction(0))
    return per_interval, folded
