"""A game and its kit: what a game declares (its content files, rules model and products), and
everything a product needs to plan its files (the checked content and its model, where each value
was written, the words, the print options and the product options chosen)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from printkit.ground.errors import Finding, Problem
from printkit.load.schema import Located, Spec
from printkit.load.options import Options
from printkit.products import Product
from printkit.load.words import Templates


@dataclass(frozen=True)
class Game:
    slug: str
    title: str
    files: dict[str, Spec | Callable[[Path], Spec]]  # content file name -> schema (or, given the game's folder, one)
    model: Callable[[dict[str, Any]], Any]  # checked content -> the rules model's view of the game
    check: Callable[[Any], list[Finding]]  # the rules model's findings
    products: tuple[Product, ...]
    own_fonts: bool = False  # its products check each text against the font it is set in (a project's own)
    home: Path | None = None  # holds content/<slug>/ (the seed `printkit new --example` copies) and templates/<slug>/
    origin: str = "printkit"  # where the game comes from, as `printkit list` says it
    # A game printed in several languages is a game for each (printkit/declared/languages.py): the
    # source's slug is the game's own; another's is "SLUG/LANG", its files in output/SLUG/LANG/,
    # made from the same content/SLUG/ and templates/SLUG/.
    language: str | None = None
    languages: tuple[str, ...] = ()  # every language the game is printed in, its source's first
    source: str | None = None  # the slug of the game's folders in content/ and templates/ (None: slug)

    @property
    def folder(self) -> str:
        """The game's folder in content/ and templates/."""
        return self.source or self.slug


@dataclass
class Kit:
    """Everything a product needs: the checked content and its model, where each value was
    written, the words, the print options and the product options chosen."""

    game: Game
    data: dict[str, Any]  # content file stem -> plain data ("game" for game.yaml)
    located: dict[str, Located]  # content file name -> places
    templates: Templates
    options: Options
    model: Any = None
    choices: dict[str, Any] = field(default_factory=dict)  # product options given, by name
    pages: dict[str, int] = field(default_factory=dict)  # file name -> its page count, as the build goes
    _memo: dict = field(default_factory=dict, repr=False)
    folder: Path | None = None  # the game's content folder (its images and fonts are in it)
    # What keeps its products' plans between builds, handed by the pipeline (printkit/pipeline/cache.py's
    # KEPT: the page cache in use); None, nothing is kept. A product keeps nothing itself: it asks `kept`.
    keeper: Any = field(default=None, repr=False, compare=False)

    @property
    def title(self) -> str:
        """The game's title as its content gives it (the first content file's `title`)."""
        return next(iter(self.data.values()))["title"]

    def where(self, file: str, path: tuple = ()) -> Problem:
        """The FILE:LINE of a content value, for messages about what was built from it."""
        return self.located[file].problem(path, "")

    def file_title(self, product: str) -> str:
        return f"{self.title} - {product.lower()}"

    def template_sources(self, names: tuple[str, ...] | None) -> str:
        """The text of the templates a product reads (for the build manifest): `names` under
        templates/<game>/, or all of them, and common.j2."""
        return self.templates.sources(self.game.folder, names)

    def footer(self, product: str) -> "Footer":
        return Footer(self.templates.render("common.j2"), self.title, product)

    def words(self, product: str, **extra):
        """The product's template, given the first content file's keys at the top level (game.yaml's,
        say) and every file by name."""
        printing = {"duplex": self.options.duplex, "paper": self.options.paper.name,  # how it will be printed
                    "sheet": self.options.sheet}
        context = {**next(iter(self.data.values())), **self.data, "printing": printing, **extra}
        return self.templates.render(f"{self.game.folder}/{product}.j2", **context)

    def memo(self, key, make: Callable[[], Any]) -> Any:
        """Work products share within one build (the booklet's pages, planned once for both files)."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def kept(self, key, inputs, make: Callable[[], Any], shape: Any = None) -> Any:
        """The same, and kept between builds by the kit's keeper under `inputs`: everything the
        value is made from besides printkit's code and the print options, which count too. A
        value found of another `shape` than make's (printkit/pipeline/cache.py: fits) is made again."""
        if self.keeper is None:
            return self.memo(key, make)
        return self.memo(key, lambda: self.keeper.kept([*self._scope, key, inputs, self.options], make, shape))

    def kept_marks(self, key, inputs, make: Callable[[], Any], shape: Any) -> tuple:
        """The same, for pages' marks: a tuple of them, each knowing its digest without being
        pickled for it (printkit/plan/kept_marks.py) where the keeper keeps them."""
        if self.keeper is None:
            return self.memo(key, lambda: tuple(tuple(page) for page in make()))
        return self.memo(key, lambda: self.keeper.kept_marks([*self._scope, key, inputs, self.options], make, shape))

    @property
    def _scope(self) -> list:
        """What every kept value of the kit is kept under first: the game, and the language of its
        words with its catalogs' digest (a footer's words change with them, its template does not)."""
        language = getattr(self.templates, "language", None)
        return [self.game.slug] + ([language, self.templates.catalogs] if language else [])


@dataclass(frozen=True)
class Footer:
    """What every sheet page says at its foot: the kit, the product, the page, how to print."""

    words: object  # Words of common.j2
    title: str
    product: str

    def text(self, page: int, pages: int) -> str:
        return self.words.plain("footer", self.title, self.product, page, pages)

    def scale_bar(self, label: str) -> str:
        """A scale bar's label ("50 mm at 100%") in the words of the build's language."""
        return self.words.plain("scale_bar", label)
