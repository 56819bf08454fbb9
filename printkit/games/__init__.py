"""The games printkit knows: its own, one subpackage each, found automatically; and those of
installed plug-ins, through the entry-point group `printkit.games` (each entry point names a
`printkit.kit.Game`, as pytest and MkDocs find their plug-ins). A project has the games whose
folders its content/ holds.

A game is one place: its content files and their schemas, its rules model (pure: checked content
in, the model and its findings out) and its products, declared as data with the product kinds of
`printkit.products` (a `printkit.kit.Game`). The build loop and the CLI only ever see this
registry, so a new game or sheet kind never touches them.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import pkgutil
import sys
from pathlib import Path

from printkit import bundled, project
from printkit.errors import Problem, PrintkitError
from printkit.kit import Game, Kit

__all__ = ["Game", "Kit", "all_games", "project_games", "template_fallbacks"]

ENTRY_POINTS = "printkit.games"


def all_games() -> dict[str, Game]:
    """Every game printkit knows, by slug: its own, then the plug-ins'."""
    return dict(_known(tuple(sys.path)))


@functools.lru_cache(maxsize=4)
def _known(path: tuple[str, ...]) -> dict[str, Game]:
    """Found once for each import path: the command line asks for the games for its help and then
    for the build, and looking for plug-ins reads every installed package's metadata."""
    games = {}
    for module in pkgutil.iter_modules(__path__):
        game = importlib.import_module(f"{__name__}.{module.name}").GAME
        games[game.slug] = dataclasses.replace(game, home=bundled.root())
    problems = []
    for game in plugins(problems):
        if game.slug in games:
            problems.append(Problem(f"plug-in {game.origin}", None, f"its game '{game.slug}' is one printkit already has"))
        games[game.slug] = games.get(game.slug, game)
    if problems:
        raise PrintkitError(problems)
    return dict(sorted(games.items()))


def plugins(problems: list[Problem]) -> list[Game]:
    """The games of the installed plug-ins; one that cannot be loaded is a problem, not a traceback."""
    from importlib.metadata import entry_points  # zipfile, email, ...: loaded when the games are asked for

    found = []
    for point in entry_points(group=ENTRY_POINTS):
        origin = f"{point.dist.name} {point.dist.version}" if point.dist else point.value
        try:
            game = point.load()
        except Exception as error:  # noqa: BLE001 - a broken plug-in is named, printkit goes on to say so
            problems.append(Problem(f"plug-in {origin}", None, f"{point.value} cannot be loaded: {error}"))
            continue
        if not isinstance(game, Game):
            problems.append(Problem(f"plug-in {origin}", None, f"{point.value} is not a printkit.kit.Game"))
            continue
        found.append(dataclasses.replace(game, origin=f"plug-in {origin}"))
    return found


def project_games(content: Path) -> dict[str, Game]:
    """The games of a project: one for each folder of its content/, the game that claims it. A
    folder no game claims is an error at its path, never skipped; so is a content/ with no game.
    A folder with a game.yaml that no game with Python claims is a declared game (printkit/declared)."""
    known = all_games()
    folders = sorted(path for path in content.iterdir() if path.is_dir() and not path.name.startswith("."))
    if any(folder.name not in known for folder in folders):
        from printkit.declared import games_in

        known.update(games_in(content, known))
    games, problems = {}, []
    for folder in folders:
        game = claim(folder, known)
        if folder.name in project.OWN_OUTPUTS or not folder.name.isprintable():
            problems.append(Problem(f"{folder.name}/", None, _unfit(folder.name)))
        elif game is None:
            problems.append(Problem(f"{folder.name}/", None, f"no game claims this content folder "
                                                             f"(the games printkit has: {', '.join(known)})"))
        else:
            games[game.slug] = game
    if not games and not problems:
        problems.append(Problem(f"{project.shown(content)}/", None, "holds no game: each game's content is a folder in it"))
    if problems:
        raise PrintkitError(problems)
    return games


def _unfit(name: str) -> str:
    """Why a content folder cannot be a game's: its outputs would go where printkit's own do, or
    into a folder whose name breaks a line."""
    if name in project.OWN_OUTPUTS:
        return (f"a game cannot be named '{name}': {project.OWN_OUTPUTS[name]} writes output/{name} "
                f"(rename the folder)")
    return "a game's folder name cannot hold a line break or a control character (rename the folder)"


def claim(folder: Path, known: dict[str, Game]) -> Game | None:
    """The game whose content `folder` is: printkit's, or a plug-in's, of the folder's name."""
    return known.get(folder.name)


def template_fallbacks() -> tuple[Path, ...]:
    """Where a template a project does not have is found: printkit's own templates, then those a
    plug-in ships with its game."""
    homes = [game.home for game in all_games().values() if game.home and game.origin != "printkit"]
    folders = [(home / "templates").resolve() for home in [bundled.root(), *homes]]
    return tuple(dict.fromkeys(folder for folder in folders if folder.is_dir()))
