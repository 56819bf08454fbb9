"""The games printkit knows: one subpackage each, found automatically.

A game declares its content files (name -> schema), its rules check and its products; the build
loop and the CLI only ever see this registry, so a new game or sheet type never touches them.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any, Callable

from printkit.errors import Problem
from printkit.load.schema import Located, Spec
from printkit.plan.geometry import Paper
from printkit.render.pdf import PdfFile
from printkit.render.sheets import Footer
from printkit.render.words import Templates
from printkit.rules import Finding


@dataclass(frozen=True)
class Options:
    paper: Paper
    bleed: float = 0.0
    duplex: str = "long"  # long | short | none


@dataclass(frozen=True)
class Product:
    name: str
    description: str
    render: Callable[["Kit"], tuple[bytes, int]]  # -> (PDF bytes, page count)


@dataclass(frozen=True)
class Game:
    slug: str
    title: str
    files: dict[str, Spec]  # content file name -> schema
    check: Callable[[dict[str, Any]], list[Finding]]  # rules model over the loaded files
    products: tuple[Product, ...]

    def product(self, name: str) -> Product:
        return next(p for p in self.products if p.name == name)


@dataclass
class Kit:
    """Everything a product needs to render: checked content, its places, words and options."""

    game: Game
    data: dict[str, Any]  # content file stem -> plain data ("game" for game.yaml)
    located: dict[str, Located]  # content file name -> places
    templates: Templates
    options: Options

    @property
    def title(self) -> str:
        """The game's title as its content gives it (the first content file's `title`)."""
        return next(iter(self.data.values()))["title"]

    def where(self, file: str, path: tuple = ()) -> Problem:
        """The FILE:LINE of a content value, for messages about what was built from it."""
        return self.located[file].problem(path, "")

    def pdf(self, product: str, subject: str, duplex: str | None = None) -> PdfFile:
        """A new PDF for one of this kit's products, titled "<game title> - <product>"."""
        return PdfFile(f"{self.title} - {product.lower()}", subject, duplex)

    def footer(self, product: str) -> Footer:
        return Footer(self.templates.render("common.j2"), self.title, product)

    def words(self, product: str, **extra):
        """The product's template, given game.yaml's keys at the top level and other files by name."""
        context = {**self.data["game"], **{k: v for k, v in self.data.items() if k != "game"}, **extra}
        return self.templates.render(f"{self.game.slug}/{product}.j2", **context)


def all_games() -> dict[str, Game]:
    games = {}
    for module in pkgutil.iter_modules(__path__):
        game = importlib.import_module(f"{__name__}.{module.name}").GAME
        games[game.slug] = game
    return dict(sorted(games.items()))
