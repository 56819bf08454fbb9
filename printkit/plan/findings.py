"""Findings: what a check heard while a file was planned that the designer should look at but that
does not make a broken file (the layout lint's words on words, words inside the safe zone). A
build or validate says each once as a warning and goes on; with `--strict` they are its errors.

Files are planned in workers forked from printkit (printkit/pipeline/cores.py): what a worker heard comes back with
its result (`heard_with`), and printkit's own process says it, each finding once however many
files and papers found it (`said`).
"""

from __future__ import annotations

from printkit.ground.errors import Problem, PrintkitError, warn

HEARD: list[Problem] = []  # what this process heard and has not handed on


def note(problems: list[Problem]) -> None:
    """Findings heard while planning, for the command to say (or refuse, with --strict)."""
    HEARD.extend(problems)


def taken() -> list[Problem]:
    """What this process heard since it was last asked, handed on (and forgotten here)."""
    found = list(HEARD)
    del HEARD[:]
    return found


def heard_with(work):
    """`work`, its result handed back with what was heard while it ran: (result, findings)."""
    def working(item):
        return work(item), taken()
    return working


def apart(outcomes: list) -> tuple[list, list[Problem]]:
    """The results of `heard_with(work)`, and everything heard, this process's own too."""
    heard = [problem for _, found in outcomes for problem in found]
    return [outcome for outcome, _ in outcomes], heard + taken()


def said(heard: list[Problem], strict: bool = False) -> list[Problem]:
    """Each finding once, in reading order: with `strict`, raised as errors (nothing is written);
    else each said as a warning. Returns them (the files warned about are noted as errors.warn does)."""
    found = PrintkitError(heard).problems  # once each, in reading order
    if strict and found:
        raise PrintkitError(found)
    for problem in found:
        warn(problem)
    return found


def with_problems(heard: list[Problem], problems: list[Problem], strict: bool = False) -> PrintkitError:
    """The error of a command that found problems too: the findings said first as warnings (the
    designer sees them with the problems, not after fixing these), or with `strict` among them."""
    heard = heard + taken()  # this process's own too (what listing the files planned)
    if strict:
        return PrintkitError(problems + heard)
    said(heard)
    return PrintkitError(problems)


def games(heard: list[Problem]) -> set[str]:
    """The games the findings are in (a finding's file is `game/...`)."""
    return {problem.file.split("/", 1)[0] for problem in heard}


def unfresh(fingerprint: str) -> str:
    """A file's fingerprint as the manifest records it when its planning found something: one no
    build computes, so the next plans it again (and draws it only if its plan changed) to say it."""
    return f"{fingerprint} (planned again: the lint found something)"
