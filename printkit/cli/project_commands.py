"""The commands of a project itself: `new`, which makes one to start from, `settings`, which shows
or changes how it prints (its printkit.yaml), and `list`, its games and products and the games a
project may start from."""

from __future__ import annotations

from pathlib import Path

from printkit.cli.report import VERBOSITY, say
from printkit.ground.errors import UsageError
from printkit.load import project, settings
from printkit.pipeline.chosen import content, count


def cmd_new(args) -> int:
    """make a project to start from: printkit.yaml, content/ and templates/

    Writes DIR (a new folder, or an empty one: a folder holding anything is refused), all at once or
    not at all: printkit.yaml, and the content and templates of the games named with --example,
    copied from printkit (or from the plug-in the game comes from); with no --example, a small starter
    game. Then `cd DIR && printkit build`.

    A game to start from is one of printkit's kits, one of its example games (a game.yaml and the
    files it names, shipped with printkit) or a plug-in's game: `printkit list` names them all, and
    where each comes from.
    """
    from printkit.games import all_games
    from printkit.cli.new import new_project, starting_points

    games = None
    if args.example:
        known = starting_points(all_games())
        kits = [slug for slug, game in known.items() if game.origin != "example"]  # `all`: as before examples
        names = kits if "all" in args.example else args.example
        unknown = [name for name in names if name not in known]
        if unknown:
            raise UsageError(f"--example {unknown[0]}: no such game to start from "
                             f"(printkit has: {', '.join(known)}, or all)")
        games = [known[name] for name in dict.fromkeys(names)]
    folder = Path(args.folder)
    made = new_project(folder, games)
    for name in made:
        say(args, f"{project.shown(folder / name)}", VERBOSITY["verbose"])
    what = f"the content and templates of {', '.join(game.slug for game in games)}" if games else "a starter game"
    say(args, f"made {project.shown(folder)}: {project.FILE} and {what}, {count(len(made), 'file')}")
    say(args, f"next: cd {project.shown(folder)} && printkit build")
    return 0


def cmd_settings(args) -> int:
    """show or change how this project prints (its printkit.yaml)

    With no option, shows every setting and where it comes from; each option given is saved to the
    project's printkit.yaml, which every later command reads (an option on the command line wins).
    """
    folder = content(args)
    given = {key: getattr(args, key) for key in settings.DEFAULTS}
    if any(value is not None for value in given.values()):
        settings.save(folder, given)
    saved = settings.load(folder)
    print(f"{project.shown(settings.path_for(folder))}:" if saved else f"no {project.FILE}: printkit's defaults")
    for key, value in settings.resolve(folder, {}).items():
        print(f"  {key}: {settings.as_yaml(value)}{'' if key in saved else '  (default)'}")
    return 0


def cmd_list(args) -> int:
    """list the project's games and their products, and the games to start a project from

    The games to start from are those `printkit new DIR --example GAME` takes, each with where it
    comes from: printkit, an example, or a plug-in and its version.
    """
    from printkit.games import all_games
    from printkit.cli.new import starting_points
    from printkit.pipeline.kits import select_games

    folder = content(args)
    has = {game.slug: game for game in select_games([], folder)} if folder.is_dir() else {}
    for game in (game for game in has.values() if game.source is None):  # a game's languages: one game
        print(f"{game.slug}  ({game.title}{'; in ' + ', '.join(game.languages) if game.languages else ''})")
        for product in game.products:
            print(f"  {product.name:<16} {product.description}")
    others = [game for slug, game in starting_points(all_games()).items() if slug not in has]
    if others:
        print(f"{'other games' if has else 'no project here; games'} to start a project from "
              f"(`printkit new DIR --example GAME`):")
        for game in others:
            print(f"  {game.slug:<24} {game.title}  ({game.origin})")
    return 0
