"""The games printkit knows: one subpackage each, found automatically.

A game is one place: its content files and their schemas, its rules model (pure: checked content
in, the model and its findings out) and its products, declared as data with the product kinds of
`printkit.products` (a `printkit.kit.Game`). The build loop and the CLI only ever see this
registry, so a new game or sheet kind never touches them.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from printkit import bundled
from printkit.kit import Game, Kit

__all__ = ["Game", "Kit", "all_games", "template_fallbacks"]


def all_games() -> dict[str, Game]:
    games = {}
    for module in pkgutil.iter_modules(__path__):
        game = importlib.import_module(f"{__name__}.{module.name}").GAME
        games[game.slug] = game
    return dict(sorted(games.items()))


def template_fallbacks() -> tuple[Path, ...]:
    """Where a template a project does not have is found: printkit's own templates."""
    return (bundled.templates().resolve(),)
