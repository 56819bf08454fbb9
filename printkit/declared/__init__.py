"""Games with no Python: a folder of content whose game.yaml declares its products (a deck, tokens,
a score sheet, a rules document) in YAML, and templates for its words. printkit's product kinds
do the rest, as for its own games.

- `vocabulary.py`: what game.yaml may say, as a schema;
- `checks.py` and `sources.py`: game.yaml read whole, with its CSV cards, images and fonts;
- `faces.py`: each card's face from its layout of named boxes, and the back;
- `products.py`: the product kinds they are made of.
"""

from __future__ import annotations

from pathlib import Path

from printkit.ground.errors import PrintkitError
from printkit.products.kit import Game
from printkit.load import load_yaml
from printkit.products.guide import PrintGuide
from printkit.declared.products import DeclaredCards, card_product, product
from printkit.declared.source import Source

GAME_FILE = "game.yaml"
LAYOUTS = Source("layouts", "layouts.yaml")  # a game of printkit's own: its cards, in the layout language


def layouts_file(slug: str):
    """The schema of a game's layouts.yaml, made for the game's content folder (the images and
    fonts its layouts name are in it)."""
    def schema(folder: Path):
        from printkit.declared.checks import cards_file

        return cards_file(folder, slug)
    return schema


def laid_out(name: str, about: str) -> DeclaredCards:
    """A card product of a game of printkit's own, drawn from its layouts.yaml."""
    return card_product(name, about, None, LAYOUTS)


def games_in(content: Path, claimed) -> dict[str, Game]:
    """A declared game for every folder of `content` with a game.yaml that no game in `claimed`
    (printkit's own, by slug) already is."""
    if not content.is_dir():
        return {}
    folders = sorted(f for f in content.iterdir() if (f / GAME_FILE).is_file() and f.name not in claimed)
    return {game.slug: game for folder in folders for game in in_languages(declared_game(folder))}


def declared_game(folder: Path) -> Game:
    """The game in `folder`. Its products are read from game.yaml as it stands (none when it cannot
    be read: loading its content then reports every problem at its line)."""
    slug = folder.name
    try:
        node = load_yaml(folder / GAME_FILE, f"{slug}/{GAME_FILE}", within=folder)  # as its other files are
    except PrintkitError:
        node = None
    values = node.value if node is not None and isinstance(node.value, dict) else {}
    title = values.get("title")
    title = title.value if title is not None and isinstance(title.value, str) else slug
    declared = values.get("products")
    products = [product(name, _plain(spec), folder)
                for name, spec in (declared.value.items() if declared and isinstance(declared.value, dict) else ())]
    # the print guide is printkit's page about the game's files, not one of the game's: it stays
    # in printkit's DejaVu Sans whatever the game's `font`
    guide = PrintGuide("print-guide", "which files to print, how, on what paper, how many, and how to cut")
    from printkit.declared.checks import GameFile

    languages = values.get("languages")
    languages = tuple(item.value for item in languages.value if isinstance(item.value, str)) \
        if languages is not None and isinstance(languages.value, list) else ()
    return Game(slug=slug, title=title, files={GAME_FILE: GameFile(folder, slug)}, model=lambda data: data["game"],
                check=lambda model: [], own_fonts=True, products=(guide, *(p for p in products if p is not None)),
                language=languages[0] if languages else None, languages=languages)


def in_languages(game: Game) -> list[Game]:
    """The game in each of its languages: the source's as it is, each other's a game of its own
    whose files go to output/SLUG/LANG/ (printkit/declared/languages.py)."""
    from dataclasses import replace
    from printkit.declared.checks import GameFile

    folder = game.files[GAME_FILE].folder
    return [game] + [replace(game, slug=f"{game.slug}/{language}", source=game.slug, language=language,
                             files={GAME_FILE: GameFile(folder, game.slug, language=language)})
                     for language in dict.fromkeys(game.languages[1:]) if language != game.languages[0]]


def _plain(node) -> dict:
    """A product's keys, as plain values where they are plain (enough to know its kind)."""
    if not isinstance(node.value, dict):
        return {}
    return {key: child.value for key, child in node.value.items() if not isinstance(child.value, (dict, list))}
