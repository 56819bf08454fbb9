"""`printkit new DIR`: a project to start from, written all at once or not at all. With
`--example GAME` (or `all`) it holds those games' content and templates, copied from where the game
comes from (printkit's own: the repository's content/ and templates/, and its example games'
examples/content/ and templates/, shipped in the wheel); with no example, whatever printkit/starter/
holds: a small game to make one's own."""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path

from printkit.ground import bundled
from printkit.load import settings
from printkit.ground.errors import Problem, PrintkitError, UsageError
from printkit.ground.interrupt import held
from printkit.products.kit import Game
from printkit.load.project import FILE

STARTER = Path(__file__).resolve().parent.parent / "starter"
SKIPPED = ("__pycache__", "__init__.py")  # what makes printkit/starter/ a package, not the project's


def new_project(folder: Path, games: list[Game] | None) -> list[str]:
    """Write the project (the games' seeds, or the starter with `games` None); returns its files,
    relative to it."""
    _check_empty(folder)
    sources = _starter() if games is None else [place for game in games for place in _seed(game)]
    staging = folder.parent / f".{folder.name}.printkit-new-{os.getpid()}-{secrets.token_hex(4)}"
    try:
        for source, target in sources:
            shutil.copytree(source, staging / target, ignore=shutil.ignore_patterns(*SKIPPED), dirs_exist_ok=True)
        if not (staging / FILE).exists():
            (staging / FILE).write_text(settings.text(settings.DEFAULTS), encoding="utf-8")
        made = sorted(path.relative_to(staging).as_posix() for path in staging.rglob("*") if path.is_file())
        with held():  # the folder appears whole, or not at all
            _check_empty(folder)
            if folder.is_dir():
                folder.rmdir()  # empty: the new one takes its place
            os.rename(staging, folder)
    except OSError as error:
        raise PrintkitError([Problem(str(folder), None, f"cannot write: {error.strerror or error}")]) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return made


def _check_empty(folder: Path) -> None:
    if folder.is_dir() and any(folder.iterdir()):
        raise PrintkitError([Problem(str(folder), None, "is not empty: printkit new writes only a new or empty folder")])
    if folder.exists() and not folder.is_dir():
        raise PrintkitError([Problem(str(folder), None, "is a file: printkit new writes a new folder")])


def _starter() -> list[tuple[Path, str]]:
    if not STARTER.is_dir():
        raise UsageError("this printkit has no starter game (printkit/starter/): "
                         "name games to start from with --example GAME or --example all")
    return [(STARTER, ".")]


def _seed(game: Game) -> list[tuple[Path, str]]:
    """A game's content folder and templates folder, where its package keeps them."""
    home = game.home or Path("/nonexistent")
    places = [(home / kind / game.slug, f"{kind}/{game.slug}") for kind in ("content", "templates")]
    if not places[0][0].is_dir():
        raise UsageError(f"--example {game.slug}: the game ({game.origin}) ships no content to start from")
    return [(source, target) for source, target in places if source.is_dir()]


def seeded(games: dict[str, Game]) -> list[str]:
    """The games a project can start from."""
    return [slug for slug, game in games.items() if game.home and (game.home / "content" / slug).is_dir()]


def starting_points(games: dict[str, Game]) -> dict[str, Game]:
    """Every game a project can start from, by slug: printkit's kits and the plug-ins' games that
    ship content, then the example games (declared in game.yaml alone; a kit of the same name wins)."""
    seeds = {slug: games[slug] for slug in seeded(games)}
    return {**seeds, **{slug: game for slug, game in examples().items() if slug not in seeds}}


def examples() -> dict[str, Game]:
    """The example games printkit ships: each folder of examples/content/ holding a game.yaml."""
    home = bundled.examples()
    content = home / "content"
    found = sorted(folder for folder in content.iterdir() if (folder / "game.yaml").is_file()) \
        if content.is_dir() else []
    return {folder.name: Game(folder.name, _title(folder / "game.yaml") or folder.name, {}, _none, _none, (),
                              home=home, origin="example") for folder in found}


def _title(game_yaml: Path) -> str | None:
    """The example's title as its game.yaml's top-level `title:` line writes it (read for a list)."""
    for line in game_yaml.read_text(encoding="utf-8").splitlines():
        if line.startswith("title:"):
            return line[len("title:"):].split(" #")[0].strip().strip("'\"") or None
    return None


def _none(*_):
    return None
