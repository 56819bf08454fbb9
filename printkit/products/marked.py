"""Where a mistake in a sheet's marked-up words was written: the template's line that makes the
same mistake on its own (`:cannon:` where the game has `:cannons:`), else the template."""

from __future__ import annotations

from pathlib import Path

from printkit.ground.errors import Problem, PrintkitError
from printkit.plan.markup import Palette, check_markup

MOST_LINES = 5000  # a template longer than this is searched no further: the template is named


def check_words(words, palette: Palette | None, font: str | None, size: float) -> None:
    """A template's body that cannot be set with `palette` (an unknown icon or colour, a stray
    tag): an error at the line of the template that writes it."""
    try:
        check_markup(words.body, words.where(), face=font, palette=palette, largest=size)
    except PrintkitError as error:
        message = error.problems[0].message
        raise PrintkitError([_line_of(words, message, palette, font, size).with_message(message)]) from None


def _line_of(words, message: str, palette: Palette | None, font: str | None, size: float) -> Problem:
    try:
        lines = Path(words.template.filename).read_text(encoding="utf-8").splitlines()[:MOST_LINES]
    except (OSError, TypeError, ValueError):
        return words.where()
    for number, line in enumerate(lines, start=1):
        try:
            check_markup(line, words.where(), face=font, palette=palette, largest=size)
        except PrintkitError as error:
            if error.problems[0].message == message:
                return Problem(words.source, number, "")
    return words.where()
