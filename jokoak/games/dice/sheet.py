"""How a dice sheet lists its bets: bets that print alike share one entry.

Two bets print alike when they are of one class, one kind and side, pay the same and have the same
maximum: the odds behind «Win» and behind «Come» are one entry, «behind Win or Come». A line bet whose
rule is an earlier one's («Come», after «Win») says so in a few words instead of repeating it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Entry:
    """One line of a dice sheet's list: its bets (one or more) and, for a line bet that plays as an earlier one,
    that bet."""

    bets: list[Any]  # the bets' facts
    same_as: Any | None = None
    on: list[str] = field(default_factory=list)  # odds: the ids of the line bets they go behind

    @property
    def first(self) -> Any:
        return self.bets[0]


def _alike(a: Any, b: Any) -> bool:
    x, y = a.info.bet, b.info.bet
    return (a.info.bet_class == b.info.bet_class and x.kind == y.kind == "odds" and x.side == y.side
            and dict(x.payouts) == dict(y.payouts) and a.info.limit == b.info.limit and x.withdraw == y.withdraw)


def entries(bets: Sequence[Any]) -> list[Entry]:
    """The entries of ``bets`` (the table's, in the game's order)."""
    found: list[Entry] = []
    for bet in bets:
        b = bet.info.bet
        shared = next((e for e in found if _alike(e.first, bet)), None)
        if shared is not None:
            shared.bets.append(bet)
            shared.on.append(str(b.on))
            continue
        earlier = next((e.first for e in found if e.first.info.bet.kind == "line" == b.kind
                        and e.first.info.bet.side == b.side and e.first.info.bet.wins == b.wins
                        and e.first.info.bet.loses == b.loses and e.first.info.bet.ties == b.ties), None)
        found.append(Entry([bet], earlier, [str(b.on)] if b.kind == "odds" else []))
    return found
