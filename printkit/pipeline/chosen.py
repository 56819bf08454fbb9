"""What a command's parsed arguments choose, for every command that builds or exports: the project's
content folder, its games, the print options and a count in words. Below the command line, so a shop's
commands (printkit/targets/commands.py) take these, never the command line's private helpers."""

from __future__ import annotations

from pathlib import Path

from printkit.load import project
from printkit.load import settings
from printkit.ground.errors import UsageError
from printkit.plan.geometry import PAPERS


def content(args) -> Path:
    """The content folder --project or --content name (or the nearest project's)."""
    return project.content_folder(getattr(args, "project", None), getattr(args, "content", None))


def folder(args) -> Path:
    """The project's content folder, which must be there."""
    return project.required(content(args))


def options(args):
    """The command line's print options (an Options) over the project's printkit.yaml over the defaults."""
    from printkit.load.options import Options

    given = {key: getattr(args, key, None) for key in settings.DEFAULTS}
    chosen = settings.resolve(content(args), given)
    values = {key: tuple(value) if isinstance(value, list) else value for key, value in chosen.items()}
    return Options(**{**values, "paper": PAPERS[chosen["paper"]]})


def games(args, names: list[str]):
    """The games named (or all the project's): each one printkit knows and the project has; a
    product named as a game is told how to name it (printkit/pipeline/misnamed.py)."""
    from printkit.pipeline.misnamed import product_named
    from printkit.pipeline.kits import select_games

    where = folder(args)
    try:
        return select_games(names, where)
    except LookupError as error:
        from printkit.games import all_games

        missing = str(error).split(", ")
        hint = product_named(missing[0], {game.slug: game for game in select_games([], where)}, args.parser.prog)
        if hint:
            raise UsageError(hint) from None
        if all(name in all_games() for name in missing):
            raise UsageError(f"not in this project: {', '.join(missing)} (no {project.shown(where)}/{missing[0]}/; "
                             f"`printkit new DIR --example {missing[0]}` makes a project with it)") from None
        known = ", ".join(game.slug for game in select_games([], where))
        raise UsageError(f"unknown game: {error} (known: {known})") from None


def count(number: int, noun: str) -> str:
    """`1 file`, `3 files`."""
    return f"{number} {noun}{'s' * (number != 1)}"
