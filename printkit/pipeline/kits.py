"""The games loaded and checked: each game's content read from its files, checked by its rules
model and for text the fonts cannot print, into a Kit with its templates; or every problem any
game has. Nothing is planned here."""

from __future__ import annotations

import functools
from pathlib import Path

from printkit.games import all_games, project_games, template_fallbacks
from printkit.ground.errors import SAID, Problem, PrintkitError
from printkit.load import load_yaml, read_content
from printkit.load.options import Options
from printkit.load.project import shown
from printkit.load.schema import Spec, dotted
from printkit.pipeline import cache
from printkit.load.fonts import keep_parsed_with
from printkit.load.reads import keep_reads_with
from printkit.plan.fonts import describe_glyphs, missing_glyphs, right_to_left
from printkit.products.kit import Game, Kit
from printkit.load.words import Templates

# The pipeline keeps plans (printkit/pipeline/cache.py): a kit is handed the page cache in use for its
# products' plans (Kit.keeper), and printkit's own fonts, as ReportLab parsed them, are kept in it too
# (printkit/load/fonts.py, which registers them, keeps nothing itself), and what each template's words
# read, found on its parse (printkit/load/reads.py, which keeps nothing itself either).
keep_parsed_with(cache.KEPT)
keep_reads_with(cache.KEPT)


def load_kit(game: Game, content: Path, options: Options, choices: dict | None = None) -> Kit:
    """Load one game's content and check it with its rules model; raises with every problem."""
    data, located, problems = {}, {}, []
    for file, spec in game.files.items():
        try:
            node = load_yaml(content / game.folder / file, f"{game.folder}/{file}", within=content / game.folder)
        except PrintkitError as error:
            problems += error.problems
            continue
        if not isinstance(spec, Spec):  # a schema that reads files beside the content: made for its folder
            spec = spec(content / game.folder)
        data[Path(file).stem], located[file], found = read_content(node, spec)
        if hasattr(spec, "in_language"):  # its words written in several languages (numbered-cards: FIELD.de)
            spec.in_language(data[Path(file).stem], located[file], game.language)
        problems += found + ([] if game.own_fonts else unprintable(data[Path(file).stem], located[file]))
    model = None
    if not problems:
        model = game.model(data)
        problems = [located[f.file].problem(f.path, f.message) for f in game.check(model)]
    if problems:
        raise PrintkitError(problems)
    return Kit(game, data, located, templates_for(content, game.language if game.source else None).readable(game.folder), options, model, dict(choices or {}),
               folder=content / game.folder, keeper=cache.KEPT)


def unprintable(data, located, path: tuple = ()) -> list[Problem]:
    """Text in content that the fonts cannot draw: an error at its line, not an empty box in print."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in unprintable(value, located, path + (key,))]
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in unprintable(value, located, path + (i,))]
    if not isinstance(data, str):
        return []
    if right_to_left(data):
        return [located.problem(path, f"{dotted(path)}: right-to-left text ({describe_glyphs(right_to_left(data)[:3])}) "
                                      f"is not supported: it would print reversed")]
    missing = missing_glyphs(data)
    if not missing:
        return []
    return [located.problem(path, f"{dotted(path)}: the font has no glyph for {describe_glyphs(missing)}; "
                                  f"it would print as an empty box")]


def templates_for(content: Path, language: str | None = None) -> Templates:
    """A project keeps templates/ beside content/; both are the designer's to edit. A template it
    does not have is printkit's own (or, for a plug-in's game, the plug-in's). In a `language` (a
    game's other than its source's, printkit/products/kit.py: Game.language; None: the words as
    written), its words from the catalogs and the language's own templates."""
    folder = content.resolve().parent / "templates"
    fallbacks = tuple((other, shown(other)) for other in template_fallbacks() if other != folder)
    return _templates(folder, shown(folder), fallbacks, language)


@functools.lru_cache(maxsize=8)
def _templates(folder: Path, shown_as: str, fallbacks: tuple, language: str | None = None) -> Templates:
    """One Jinja environment per folder and language for the life of the process: compiled templates
    are kept, and Jinja recompiles any template whose file has changed since (auto_reload). (A catalog
    edited while a process runs is read again by the next process: preview and watch are the
    language work's next step.)"""
    return Templates(folder, shown_as, fallbacks, language)


def load_all(games: list[Game], content: Path, options: Options, choices: dict | None = None) -> list[Kit]:
    kits, problems = [], []
    SAID.append(set())  # a warning the games' loading repeats is said once
    try:
        for game in games:
            try:
                kits.append(load_kit(game, content, options, choices))
            except PrintkitError as error:
                problems += error.problems
    finally:
        SAID.pop()
    if problems:
        raise PrintkitError(problems)
    return kits


def select_games(names: list[str], content: Path | None = None) -> list[Game]:
    """The games named, or every one: of the project whose content folder is `content`, or (with
    none) every game printkit knows. Raises LookupError naming those it does not have."""
    games = all_games() if content is None else project_games(content)
    unknown = [name for name in names if name not in games]
    if unknown:
        raise LookupError(", ".join(unknown))
    return [games[name] for name in names] if names else list(games.values())
