"""The one user-error type: raised anywhere, caught once in the CLI, printed one line per problem."""

from __future__ import annotations

import contextlib
import sys
import unicodedata
from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the user's input, located at FILE:LINE (LINE may be unknown). `text`
    is the printed text a "does not fit" is about, so the content value in it can be named."""

    file: str
    line: int | None
    message: str
    text: str | None = field(default=None, compare=False)
    column: int | None = field(default=None, compare=False)  # where on the line, when it is known (YAML)

    def with_message(self, message: str, text: str | None = None) -> "Problem":
        return Problem(self.file, self.line, message, text, self.column)

    def __str__(self) -> str:
        message, file = one_line(self.message), one_line(self.file)  # a folder named with a line break too
        if self.line is None:
            return f"{file}: {message}"
        if self.column is not None:
            return f"{file}:{self.line}:{self.column}: {message}"
        return f"{file}:{self.line}: {message}"


def one_line(text: str) -> str:
    """Control characters and line breaks quoted from content (`'a\\nb' is not allowed`) shown
    escaped, so a problem is always one line of the terminal and never a NUL or a bell."""
    return "".join(_escaped(char) if unicodedata.category(char) in ("Cc", "Zl", "Zp") else char
                   for char in text)


def _escaped(char: str) -> str:
    return repr(char)[1:-1]


@dataclass(frozen=True)
class Finding:
    """A rule broken by the content, at a key path of one content file: what a rules model
    reports (it knows nothing of lines; the loader maps the path to FILE:LINE)."""

    file: str  # the content file's name within the game folder, e.g. "game.yaml"
    path: tuple
    message: str

    def within(self, *prefix) -> "Finding":
        """The same finding, its path inside `prefix` (a scenario's finding inside the list)."""
        return Finding(self.file, tuple(prefix) + self.path, self.message)


WARNED: list = []  # the files warned about, for a build: a game with a warning is never answered unloaded
SAID: list = []  # while games are loaded, the warnings said: a game in three languages says each once
HUSHED = [0]  # while above 0, warnings are noted and not said (`hushed`)


@contextlib.contextmanager
def hushed():
    """Warnings noted (WARNED) but not said, while a long-lived process reads and plans its games
    for itself, between builds (printkit/pipeline/warm.py): each is the builds' to say. Only the
    warnings: anything else written to standard error (another thread's) is written as ever."""
    HUSHED[0] += 1
    try:
        yield
    finally:
        HUSHED[0] -= 1


def warn(problem: Problem) -> None:
    """Something the designer should know that does not stop the build (an image too coarse to
    print sharply): one line on standard error, `FILE:LINE: warning: message`."""
    line = str(problem.with_message(f"warning: {problem.message}"))
    if HUSHED[0]:  # (said by the build it follows, or by the build after it)
        WARNED.append(problem.file)
        return
    if not SAID or line not in SAID[-1]:
        if SAID:
            SAID[-1].add(line)
        print(line, file=sys.stderr)
    WARNED.append(problem.file)


class PrintkitError(Exception):
    """Bad content, a text that does not fit, an output that cannot be written: exit 1."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems), key=_reading_order)
        super().__init__("\n".join(str(p) for p in self.problems))


class UsageError(Exception):
    """A command-line mistake: exit 2."""


def _reading_order(problem: Problem) -> tuple:
    return (problem.file, problem.line or 0, problem.message)
