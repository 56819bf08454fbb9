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
from printkit.plan.cards import DeckLayout
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
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, moves every back page's drawing (printer calibration)
    ink_saver: bool = False


@dataclass(frozen=True)
class FilePlan:
    """One output file before it is drawn: its name under the game's folder, the content it is
    built from (what the build manifest compares), and how to draw it."""

    name: str
    inputs: Any
    render: Callable[[], tuple[bytes, int]]  # -> (PDF bytes, page count)


@dataclass(frozen=True)
class Product:
    """One printable thing. `render` makes `<name>.pdf` from the content files named in `reads`
    (all of the game's when None) and the templates in `templates` (all of the game's when None;
    common.j2 always). A product of many files (one per scenario, say) gives `plan_files` instead.
    A card product also says where its cards lie (`cards`), so a preview can show each card."""

    name: str
    description: str
    render: Callable[["Kit"], tuple[bytes, int]] | None = None
    plan_files: Callable[["Kit"], list[FilePlan]] | None = None
    reads: tuple[str, ...] | None = None
    templates: tuple[str, ...] | None = None
    cards: Callable[["Kit"], DeckLayout] | None = None  # card sheets: where each card lies, for previews
    printing: str = "sheets"  # how it is printed: sheets | booklet (saddle: fold, staple) | reading | host-key

    def plans(self, kit: "Kit") -> list[FilePlan]:
        if self.plan_files is not None:
            return self.plan_files(kit)
        inputs = {stem: kit.data[stem] for stem in self.reads or kit.data}
        return [FilePlan(f"{self.name}.pdf", inputs, lambda: self.render(kit))]


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
        return PdfFile(f"{self.title} - {product.lower()}", subject, duplex, ink_saver=self.options.ink_saver)

    def template_sources(self, names: tuple[str, ...] | None) -> str:
        """The text of the templates a product reads (for the build manifest): `names` under
        templates/<game>/, or all of them, and common.j2."""
        folder = self.templates.folder
        paths = [folder / self.game.slug / name for name in names] if names is not None else \
            sorted((folder / self.game.slug).glob("*.j2"))
        return "".join(path.read_text(encoding="utf-8") if path.is_file() else ""
                       for path in [folder / "common.j2", *paths])

    def footer(self, product: str) -> Footer:
        return Footer(self.templates.render("common.j2"), self.title, product)

    def words(self, product: str, **extra):
        """The product's template, given the first content file's keys at the top level (game.yaml's,
        say) and every file by name."""
        printing = {"duplex": self.options.duplex, "paper": self.options.paper.name}  # how it will be printed
        context = {**next(iter(self.data.values())), **self.data, "printing": printing, **extra}
        return self.templates.render(f"{self.game.slug}/{product}.j2", **context)


def all_games() -> dict[str, Game]:
    games = {}
    for module in pkgutil.iter_modules(__path__):
        game = importlib.import_module(f"{__name__}.{module.name}").GAME
        games[game.slug] = game
    return dict(sorted(games.items()))
