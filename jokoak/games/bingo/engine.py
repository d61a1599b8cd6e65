"""The mechanics of bingo: the card, the draw, the claims of a línea or a bingo and how the prizes are shared.

Nothing regulatory is a constant here: the balls, the card's shape, whether the last ball must be on the winning
line or card, whether a línea may be announced in advance and whether a late claim loses its right all come from
the game file (:class:`BingoRules`, read by :mod:`jokoak.games.bingo.reader`).

A card is its rows, each a tuple of cells, a number or None (an empty cell): a card laid out in columns has as many
cells per row as columns; a card of a text that fixes no columns (the national order of 1977) may give its rows as
their numbers alone.

>>> rule = CardRule(balls=90, numbers=15, rows=3, per_row=5, columns=9, per_column=(1, 3))
>>> card = generate_card(rule, random.Random(1))
>>> check_card(rule, card)
>>> broken = tuple(tuple(None if (r, c) == (0, 0) else n for c, n in enumerate(row)) for r, row in enumerate(card))
>>> [p.rule for p in card_problems(rule, broken)][:1]
['per-row']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ...engine.result import Result
from ...engine.steps import Step

Card = tuple[tuple[int | None, ...], ...]  # rows of cells; None: an empty cell
PRIZES = ("linea", "bingo")  # in the order they are settled on one ball


@dataclass(frozen=True)
class CardRule:
    """What a valid card is: ``numbers`` distinct numbers from 1 to ``balls`` in ``rows`` rows of ``per_row``
    numbers; ``columns``: the columns every row spreads over, each holding ``per_column`` (lowest, highest)
    numbers, or None where the text fixes no columns."""

    balls: int
    numbers: int
    rows: int
    per_row: int
    columns: int | None
    per_column: tuple[int, int] | None


@dataclass(frozen=True)
class CardProblem:
    """A rule of the card broken: ``rule`` names it (``rows``, ``cells``, ``per-row``, ``numbers``, ``range``,
    ``distinct``, ``column-few``, ``column-many``), ``message`` says where, in English (for errors and tests)."""

    rule: str
    message: str


class CardError(ValueError):
    """A card that breaks a rule; ``problems`` lists every rule it breaks, the first first."""

    def __init__(self, problems: Sequence[CardProblem]) -> None:
        super().__init__("; ".join(f"{p.rule}: {p.message}" for p in problems))
        self.problems = tuple(problems)


def card_problems(rule: CardRule, card: Card) -> list[CardProblem]:
    """Every rule of ``rule`` that ``card`` breaks, empty for a valid card, in a fixed order: the rows, the cells
    of each row (with columns), the numbers of each row, their count, their range, their distinctness, then the
    columns."""
    found: list[CardProblem] = []
    if len(card) != rule.rows:
        found.append(CardProblem("rows", f"{len(card)} rows, expected {rule.rows}"))
    for index, row in enumerate(card):
        if rule.columns is not None and len(row) != rule.columns:
            found.append(CardProblem("cells", f"row {index + 1} has {len(row)} cells, expected {rule.columns} "
                                              f"(one per column, None where empty)"))
        numbers = [n for n in row if n is not None]
        if len(numbers) != rule.per_row:
            found.append(CardProblem("per-row", f"row {index + 1} has {len(numbers)} numbers, expected "
                                                f"{rule.per_row}"))
    numbers = [n for row in card for n in row if n is not None]
    if len(numbers) != rule.numbers:
        found.append(CardProblem("numbers", f"{len(numbers)} numbers, expected {rule.numbers}"))
    outside = [n for n in numbers if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= rule.balls]
    if outside:
        found.append(CardProblem("range", f"{outside[0]!r} is not a number from 1 to {rule.balls}"))
    repeated = sorted({n for n in numbers if numbers.count(n) > 1}, key=str)
    if repeated:
        found.append(CardProblem("distinct", f"{repeated[0]!r} appears more than once"))
    if rule.columns is not None and rule.per_column is not None and all(len(r) == rule.columns for r in card):
        low, high = rule.per_column
        for column in range(rule.columns):
            count = sum(row[column] is not None for row in card)
            if count < low:
                found.append(CardProblem("column-few", f"column {column + 1} has {count} numbers, expected at "
                                                       f"least {low}"))
            elif count > high:
                found.append(CardProblem("column-many", f"column {column + 1} has {count} numbers, expected at "
                                                        f"most {high}"))
    return found


def check_card(rule: CardRule, card: Card) -> None:
    """Raise :class:`CardError`, naming every rule broken, unless ``card`` is valid under ``rule``."""
    problems = card_problems(rule, card)
    if problems:
        raise CardError(problems)


def generate_card(rule: CardRule, rng: random.Random) -> Card:
    """A valid card drawn at random with ``rng`` (seeded: the same seed gives the same card).

    The numbers are drawn uniformly among the sets of distinct numbers; with columns, the empty cells are drawn
    row by row (``per_row`` of the columns each) until every column holds what the rule allows, and the numbers,
    in increasing order, fill the columns from the left and each column from the top (the text fixes which
    column a number goes in nowhere: this order is ours, for a card easy to read)."""
    numbers = sorted(rng.sample(range(1, rule.balls + 1), rule.numbers))
    if rule.columns is None:
        rng.shuffle(numbers)
        rows = [sorted(numbers[i * rule.per_row:(i + 1) * rule.per_row]) for i in range(rule.rows)]
        return tuple(tuple(row) for row in rows)
    low, high = rule.per_column or (0, rule.rows)
    for _attempt in range(10_000):
        chosen = [set(rng.sample(range(rule.columns), rule.per_row)) for _row in range(rule.rows)]
        counts = [sum(c in row for row in chosen) for c in range(rule.columns)]
        if all(low <= count <= high for count in counts):
            break
    else:  # pragma: no cover - only a rule no card can meet
        raise ValueError("no card meets this rule")
    cells: list[list[int | None]] = [[None] * rule.columns for _row in range(rule.rows)]
    given = iter(numbers)
    for column in range(rule.columns):
        for row in range(rule.rows):
            if column in chosen[row]:
                cells[row][column] = next(given)
    return tuple(tuple(row) for row in cells)


def row_numbers(card: Card) -> tuple[frozenset[int], ...]:
    """The numbers of each row of ``card``, top to bottom."""
    return tuple(frozenset(n for n in row if n is not None) for row in card)


def check_draw(balls: int, draw: Sequence[int]) -> None:
    """Raise ValueError unless ``draw`` is a sequence of distinct balls from 1 to ``balls``."""
    for index, ball in enumerate(draw):
        if isinstance(ball, bool) or not isinstance(ball, int) or not 1 <= ball <= balls:
            raise ValueError(f"ball {index + 1} of the draw, {ball!r}, is not a number from 1 to {balls}")
        if ball in draw[:index]:
            raise ValueError(f"ball {index + 1} of the draw, {ball}, was already drawn")


@dataclass(frozen=True)
class BingoRules:
    """The rules of one text. ``last_ball``: by prize, whether the last ball drawn must be on the winning line
    (línea) or card (bingo); ``announced_line``: whether the hall may announce in advance the one row a línea is
    paid on; ``late_claim_loses``: whether a player who does not claim before the next ball is called loses the
    right to the prize. The línea is paid once, to the first ball on which it is claimed correctly; winners on
    the same ball share the prize in equal parts; a verified bingo ends the game (both texts)."""

    card: CardRule
    last_ball: Mapping[str, bool]
    announced_line: bool
    late_claim_loses: bool


@dataclass(frozen=True)
class Claim:
    """A player calls ``prize`` (``linea`` or ``bingo``) on ``card`` once ``ball`` balls have been drawn, before
    the next one is called."""

    card: str
    prize: str
    ball: int


REASONS = {  # why a claim is refused: the step's key, and the rule it applies
    "not-formed": "check",
    "announced": "announced_line",
    "late": "late_claim",
    "last-ball": "last_ball",
    "linea-paid": "once",
    "ended": "end",
}


@dataclass(frozen=True)
class Verdict:
    """A claim and what the check found: ``refused`` is None for a valid claim, else one of :data:`REASONS`;
    ``share`` is what the card is paid (its equal part of the prize)."""

    claim: Claim
    refused: str | None
    share: Fraction = Fraction(0)
    row: int | None = None  # the winning row of a línea (0 the top one)


@dataclass(frozen=True)
class Outcome:
    """What a game gave: each claim's verdict, in the order they were settled, and the steps that say it."""

    verdicts: tuple[Verdict, ...]
    steps: tuple[Step, ...] = field(default=(), compare=False)

    def paid(self, card: str) -> Fraction:
        return sum((v.share for v in self.verdicts if v.claim.card == card), Fraction(0))


def _formed(rows: Sequence[frozenset[int]], drawn: set[int]) -> list[int]:
    return [index for index, row in enumerate(rows) if row <= drawn]


def _check(rules: BingoRules, card: Card, claim: Claim, draw: Sequence[int],
           announced: int | None) -> tuple[str | None, int | None]:
    """Why ``claim`` is refused (None: it is valid), and the winning row of a valid línea."""
    drawn, before = set(draw[:claim.ball]), set(draw[:claim.ball - 1])
    last = draw[claim.ball - 1]
    rows = row_numbers(card)
    if claim.prize == "bingo":
        whole = frozenset().union(*rows)
        if not whole <= drawn:
            return "not-formed", None
        if rules.late_claim_loses and whole <= before:
            return "late", None
        if rules.last_ball["bingo"] and last not in whole:
            return "last-ball", None
        return None, None
    candidates = _formed(rows, drawn)
    if not candidates:
        return "not-formed", None
    if announced is not None:
        if announced not in candidates:
            return "announced", None
        candidates = [announced]
    if rules.late_claim_loses:
        candidates = [i for i in candidates if not rows[i] <= before]
        if not candidates:
            return "late", None
    if rules.last_ball["linea"]:
        candidates = [i for i in candidates if last in rows[i]]
        if not candidates:
            return "last-ball", None
    return None, candidates[0]


def settle(rules: BingoRules, cards: Mapping[str, Card], draw: Sequence[int], claims: Sequence[Claim],
           prizes: Mapping[str, Fraction], announced: int | None = None) -> Outcome:
    """Check every claim of a game, ball by ball, and share each prize among the cards that won it on the same
    ball. ``cards`` by id (each checked against the card rule), ``draw`` the balls in the order drawn, ``claims``
    in any order, ``prizes`` the amounts of ``linea`` and ``bingo``, ``announced`` the row (0 the top one) the hall
    announced for the línea, where the rules allow it. Raises ValueError on what cannot be played."""
    for card_id, card in cards.items():
        try:
            check_card(rules.card, card)
        except CardError as exc:
            raise ValueError(f"card {card_id}: {exc}") from exc
    check_draw(rules.card.balls, draw)
    if announced is not None and not rules.announced_line:
        raise ValueError("this text does not let the hall announce the row of the línea")
    if announced is not None and not 0 <= announced < rules.card.rows:
        raise ValueError(f"the announced row is one of 0 to {rules.card.rows - 1}")
    for claim in claims:
        if claim.card not in cards:
            raise ValueError(f"a claim names the card {claim.card!r}, which the game does not have")
        if claim.prize not in PRIZES:
            raise ValueError(f"a claim is of a linea or a bingo, not {claim.prize!r}")
        if not 1 <= claim.ball <= len(draw):
            raise ValueError(f"a claim is made after ball {claim.ball}, but {len(draw)} balls were drawn")
    if set(prizes) != set(PRIZES):
        raise ValueError("the prizes are those of the linea and of the bingo")
    steps: list[Step] = []
    if announced is not None:
        steps.append(Step("announced", "announced_line", {"row": announced}))
    verdicts: list[Verdict] = []
    linea_paid = ended = False
    order = sorted(claims, key=lambda c: (c.ball, PRIZES.index(c.prize)))
    for ball in sorted({c.ball for c in order}):
        for prize in PRIZES:
            here = [c for c in order if c.ball == ball and c.prize == prize]
            if not here:
                continue
            found: list[tuple[Claim, str | None, int | None]] = []
            for claim in here:
                if ended:
                    found.append((claim, "ended", None))
                elif prize == "linea" and linea_paid:
                    found.append((claim, "linea-paid", None))
                else:
                    found.append((claim, *_check(rules, cards[claim.card], claim, draw, announced)))
            winners = list(dict.fromkeys(c.card for c, why, _row in found if why is None))
            share = prizes[prize] / len(winners) if winners else Fraction(0)
            paid: set[str] = set()
            for claim, why, row in found:
                pays = why is None and claim.card not in paid
                paid |= {claim.card} if pays else set()
                verdicts.append(Verdict(claim, why, share if pays else Fraction(0), row))
                values = {"card": claim.card, "prize": prize, "ball": ball, "last": draw[ball - 1]}
                if why is not None:
                    steps.append(Step(f"refused-{why}", REASONS[why], values))
                elif pays:
                    steps.append(Step(f"won-{prize}", prize, {**values, "row": row, "winners": len(winners),
                                                              "prize_amount": prizes[prize], "share": share}))
            if winners and prize == "linea":
                linea_paid = True
            if winners and prize == "bingo":
                ended = True
                steps.append(Step("ended", "end", {"ball": ball}))
    return Outcome(tuple(verdicts), tuple(steps))


def play(rules: BingoRules, stakes: Mapping[str, Fraction], cards: Mapping[str, Card], draw: Sequence[int],
         claims: Sequence[Claim], prizes: Mapping[str, Fraction], announced: int | None = None) -> Result:
    """One game as a player sees it: ``stakes`` are the prices of the player's own cards, by card id (the other
    cards of ``cards`` are other players'); what comes back is the player's shares of the prizes."""
    unknown = sorted(set(stakes) - set(cards))
    if unknown:
        raise ValueError(f"the player's card {unknown[0]!r} is not among the game's cards")
    outcome = settle(rules, cards, draw, claims, prizes, announced)
    returned = sum((outcome.paid(card) for card in stakes), Fraction(0))
    return Result(sum(stakes.values(), Fraction(0)), returned, outcome.steps)
