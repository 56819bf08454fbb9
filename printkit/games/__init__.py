"""The games printkit knows: its own, one subpackage each, found automatically; and those of
installed plug-ins, through the entry-point group `printkit.games` (each entry point names a
`printkit.products.kit.Game`, as pytest and MkDocs find their plug-ins). A project has the games whose
folders its content/ holds.

A game is one place: its content files and their schemas, its rules model (pure: checked content
in, the model and its findings out) and its products, declared as data with the product kinds of
`printkit.products` (a `printkit.products.kit.Game`). The build loop and the CLI only ever see this
registry, so a new game or sheet kind never touches them.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib
import json
import os
import pkgutil
import sys
from pathlib import Path

from printkit.ground import bundled
from printkit.ground import signatures
from printkit.load import project
from printkit.ground.errors import Problem, PrintkitError
from printkit.products.kit import Game, Kit

__all__ = ["Game", "Kit", "all_games", "project_games", "template_fallbacks"]

ENTRY_POINTS = "printkit.games"


def all_games() -> dict[str, Game]:
    """Every game printkit knows, by slug: its own, then the plug-ins'."""
    return dict(_known(tuple(sys.path)))


@functools.lru_cache(maxsize=4)
def _known(path: tuple[str, ...]) -> dict[str, Game]:
    """Found once for each import path: the command line asks for the games for its help and then
    for the build, and looking for plug-ins reads every installed package's metadata. printkit's
    own are found by their packages' names, imported only when they are used (`Bundled`)."""
    games = {}
    for module in pkgutil.iter_modules(__path__):
        game = Bundled(module.name.replace("_", "-"), f"{__name__}.{module.name}", bundled.root())
        games[game.slug] = game
    problems = []
    for game in plugins(problems):
        if game.slug in games:
            problems.append(Problem(f"plug-in {game.origin}", None, f"its game '{game.slug}' is one printkit already has"))
        games[game.slug] = games.get(game.slug, game)
    if problems:
        raise PrintkitError(problems)
    return dict(sorted(games.items()))


class Bundled(Game):
    """A game of printkit's own, known by its slug (its package's name, `cross_sums` for
    `cross-sums`), where it is (`home`) and its origin; its package is imported when anything else
    of it is first asked for (its content files, its products): a build that finds a game's files
    as it made them never imports it, nor does one of another game."""

    def __init__(self, slug: str, package: str | None = None, home: Path | None = None, **fields):
        """The game of `package`, its fields set when it is imported; or, given every field (as
        dataclasses.replace gives them), a game like any other."""
        if package is None:
            super().__init__(slug=slug, home=home, **fields)
            return
        for name, value in (("slug", slug), ("home", home), ("origin", "printkit"), ("_package", package)):
            object.__setattr__(self, name, value)

    def __getattr__(self, name: str):
        """A field not set yet: the game's package imported, and every field taken from its GAME."""
        if name.startswith("__") or name == "_package":
            raise AttributeError(name)
        game = importlib.import_module(self._package).GAME
        if game.slug != self.slug:
            raise RuntimeError(f"{self._package} declares the game '{game.slug}', not '{self.slug}'")
        for field in dataclasses.fields(Game):
            if field.name not in ("slug", "home", "origin"):
                object.__setattr__(self, field.name, getattr(game, field.name))
        return object.__getattribute__(self, name)


def plugins(problems: list[Problem]) -> list[Game]:
    """The games of the installed plug-ins; one that cannot be loaded is a problem, not a traceback.
    Where none was found, a signed record in the cache folder says so for the packages installed
    then (`_declared`): until one is installed, removed or changed, importlib.metadata (zipfile,
    email...: 10 ms) is not even loaded."""
    state = _declared()
    if signatures.recorded(PLUGINS_RECORD, state) == NONE:
        return []
    if not _named_anywhere(ENTRY_POINTS):  # a cold cache (a first build) needs no importlib.metadata either
        signatures.record(PLUGINS_RECORD, state, NONE)
        return []
    from importlib.metadata import entry_points

    found = []
    for point in entry_points(group=ENTRY_POINTS):
        origin = f"{point.dist.name} {point.dist.version}" if point.dist else point.value
        try:
            game = point.load()
        except Exception as error:  # noqa: BLE001 - a broken plug-in is named, printkit goes on to say so
            problems.append(Problem(f"plug-in {origin}", None, f"{point.value} cannot be loaded: {error}"))
            continue
        if not isinstance(game, Game):
            problems.append(Problem(f"plug-in {origin}", None, f"{point.value} is not a printkit.products.kit.Game"))
            continue
        found.append(dataclasses.replace(game, origin=f"plug-in {origin}"))
    if not found and not problems:
        signatures.record(PLUGINS_RECORD, state, NONE)
    return found


PLUGINS_RECORD = "plugins.json"  # in the cache folder: no plug-in, for the packages installed (_declared)
NONE = "none"


def _declared() -> str:
    """A digest of where the installed packages declare their entry points: each folder of the
    import path, and each package's entry_points.txt in it (as importlib.metadata finds them),
    by modification time and size. Installing, removing or editing a package changes it."""
    seen = [sys.version]
    for entry in sys.path:
        try:
            seen.append([entry, os.stat(entry or ".").st_mtime_ns])
            with os.scandir(entry or ".") as listed:
                packages = sorted(item.name for item in listed if item.name.endswith((".dist-info", ".egg-info")))
        except OSError:
            seen.append([entry, None])
            continue
        for package in packages:
            try:
                status = os.stat(os.path.join(entry or ".", package, "entry_points.txt"))
                seen.append([package, status.st_mtime_ns, status.st_size])
            except OSError:
                seen.append([package, None])
    return hashlib.sha256(json.dumps(seen).encode("utf-8")).hexdigest()


def _named_anywhere(group: str) -> bool:
    """Whether any installed package's entry_points.txt (those `_declared` reads) names `group` at
    all: where none does, no plug-in can be found, and importlib.metadata (zipfile, email, csv...:
    10 ms) is not loaded to say so. A folder or file that cannot be read, or a file too large to
    be one, counts as naming it: the full search then decides."""
    for entry in sys.path:
        try:
            with os.scandir(entry or ".") as listed:
                packages = [item.name for item in listed if item.name.endswith((".dist-info", ".egg-info"))]
        except FileNotFoundError:
            continue
        except OSError:
            return True
        for package in packages:
            try:
                with open(os.path.join(entry or ".", package, "entry_points.txt"), "rb") as declared:
                    text = declared.read(MAX_DECLARED + 1)
            except FileNotFoundError:
                continue
            except OSError:
                return True
            if group.encode() in text or len(text) > MAX_DECLARED:
                return True
    return False


MAX_DECLARED = 1024 * 1024  # an entry_points.txt is a few lines


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
            games.update((slug, other) for slug, other in known.items() if other.source == game.slug)  # its languages
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
