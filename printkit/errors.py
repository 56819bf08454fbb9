"""The one user-error type: raised anywhere, caught once in the CLI, printed one line per problem."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the user's input, located at FILE:LINE (LINE may be unknown)."""

    file: str
    line: int | None
    message: str

    def with_message(self, message: str) -> "Problem":
        return Problem(self.file, self.line, message)

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.file}: {self.message}"
        return f"{self.file}:{self.line}: {self.message}"


class PrintkitError(Exception):
    """Bad content, a text that does not fit, an output that cannot be written: exit 1."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems), key=_reading_order)
        super().__init__("\n".join(str(p) for p in self.problems))


class UsageError(Exception):
    """A command-line mistake: exit 2."""


def _reading_order(problem: Problem) -> tuple:
    return (problem.file, problem.line or 0, problem.message)
