"""A command's report on standard output: a line for each file it wrote, then its summary, each
printed unless the verbosity chosen (-q, -v) is below the line's level. Problems are not reported
here: they go to standard error, from printkit/cli/main.py's one handler."""

from __future__ import annotations

VERBOSITY = {"quiet": 0, "normal": 1, "verbose": 2}


def say(args, line: str, level: int = VERBOSITY["normal"], flush: bool = False) -> None:
    """A line of the report, printed unless the verbosity chosen is below `level`."""
    if getattr(args, "verbosity", VERBOSITY["normal"]) >= level:
        print(line, flush=flush)
