"""Problems found in the catalogue or the configuration, and the error that carries them.

Every problem names the file, the line and the field, so that the people who edit the YAML
can go straight to it: ``catalog/euskadi/ruleta-francesa.yaml:12: bets[0].payout: ...``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One defect in an input file.

    >>> str(Problem("catalog/x.yaml", 3, "bets[0].payout", "expected «N:M», got '35'"))
    "catalog/x.yaml:3: bets[0].payout: expected «N:M», got '35'"
    """

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {_short(self.field, 120)}: {_short(self.message, 600)}"


def _short(text: str, most: int) -> str:
    """On one line (a value with a line break does not break the message), cut with an ellipsis.

    >>> _short("a\\nb  c", 10), _short("x" * 20, 10)
    ('a b c', 'xxxxxxxxx…')
    """
    flat = " ".join(text.split())
    return flat if len(flat) <= most else flat[:most - 1] + "…"


class BuildError(Exception):
    """An expected failure: bad input or a failed check. Reported without a traceback."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[type[BuildError], tuple[list[Problem]]]:
        """Pickled with its problems (from a worker process to the build): its message is made of them."""
        return BuildError, (self.problems,)


class Collector:
    """Gathers problems so that every defect is reported at once, not just the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, file: str, line: int, field: str, message: str) -> None:
        self.problems.append(Problem(file, line, field, message))

    def raise_if_any(self) -> None:
        if self.problems:
            raise BuildError(self.problems)
