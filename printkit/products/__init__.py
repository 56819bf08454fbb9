"""Product kinds: the skeleton each kind of printed thing shares, so a game declares its products
as data and draws only what is its own.

- `Cards`: cards or tokens on card sheets, with backs, cut lines, crop marks and scale bars;
- `Sheets`: pages with a body to fill, the footer and the scale bars (score sheets, mats, aids);
- `Rules`: a template's text flowed over sheet pages, with no per-game code at all;
- `Booklet`: half-size pages in reading order or imposed for saddle stitching.

Each product plans its files (`files`): a plan is a `Document` of pages of marks, complete before
anything is drawn, so `printkit validate` plans every product and draws none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from printkit.load.options import ProductOption
from printkit.plan.fonts import FONTS, missing_glyphs
from printkit.plan.marks import Document, Written
from printkit.plan.minicard import SUIT_SIGNS
from printkit.plan.text import BULLET

DRAWN = BULLET + "".join(SUIT_SIGNS.values()) + "\u2212"  # beyond ASCII, what printkit's own parts set
WIDE = re.compile("[^\x00-\x7f]")


@dataclass(frozen=True)
class FilePlan:
    """One output file before it is drawn: its name under the game's folder, what it is built
    from (what the build manifest compares), and its plan: a Document (a PDF), or the bytes of
    a file of another kind (`Written`: a cut file's SVG)."""

    name: str
    inputs: Any
    plan: Callable[[], Document | Written]
    product: "Product"
    last: bool = False  # drawn after the others: its pages are kept by another file's (a booklet's volumes)


@dataclass(frozen=True)
class Product:
    """One printable thing of a game. It reads the content files named in `reads` (all of the
    game's when None), less the values `ignores` names, and the templates in `templates` (all of
    the game's when None; common.j2 always); `options` are the command-line options it understands.

    `ignores` names content the product never prints, as paths from a file's stem through its
    keys, `*` for every item of a list (`scenarios/scenarios/*/tagline`): an edit there is not a
    change of its file, which is then not even planned again (a scenario's story, for the table of
    every scenario's facts). tests/test_ignores.py checks each path: the files are the
    same bytes whatever the values there."""

    name: str
    description: str
    shown: str | None = None  # its name as printed in footers and titles; default from `name`
    reads: tuple[str, ...] | None = None
    ignores: tuple[str, ...] = ()
    templates: tuple[str, ...] | None = None
    printing: str = "sheets"  # how it is printed: sheets | booklet (saddle: fold, staple) | reading | host-key
    options: tuple[ProductOption, ...] = ()
    summary: bool = False  # planned after the game's other files, from their page counts (`kit.pages`)

    @property
    def label(self) -> str:
        return self.shown or self.name.replace("-", " ").capitalize()

    def files(self, kit) -> list[FilePlan]:
        name = f"{self.name}.pdf"
        return [FilePlan(name, self.with_choices(kit, self.inputs(kit)), lambda: self.document(kit), self)]

    def inputs(self, kit) -> dict[str, Any]:
        """The content its files are made from, by file stem: what the manifest compares."""
        found = {stem: kit.data[stem] for stem in self.reads or kit.data}
        return _without(found, [tuple(path.split("/")) for path in self.ignores]) if self.ignores else found

    def document(self, kit) -> Document:
        raise NotImplementedError

    def export(self, kit) -> FilePlan:
        """The product as the one file an export writes (`printkit booklet`)."""
        (file,) = self.files(kit)
        return file

    def layout(self, kit):
        """Where each card lies in the PDF (a `DeckLayout`), for card products; else None."""
        return None

    def glyphs(self, kit) -> dict[str, str]:
        """The characters each file of the product gives its codes first, in every font: those
        beyond ASCII in the content and the words it is made from, and those printkit's own parts
        set (suits, bullets). A page's drawing then depends on its own marks, not on what the pages
        before it set first, and is kept as it is when an edit changes another page (a deck's
        first card no longer setting a star) or the part it is in (a booklet's volume). A
        character beyond these is given a code after them, and only the pages that set it are
        drawn apart."""
        def found() -> dict[str, str]:
            chars = set(kit.memo(("characters beyond ASCII in templates", self.templates), lambda: set(
                WIDE.findall(kit.memo(("template sources", self.templates),  # (read once: fingerprints.py too)
                                      lambda: kit.template_sources(self.templates)) + DRAWN))))
            paths = [tuple(path.split("/")) for path in self.ignores]
            for stem in self.reads or kit.data:  # each file looked through once a build, less what is ignored
                left = tuple(path for path in paths if path[0] in (stem, "*"))
                chars |= kit.memo(("characters beyond ASCII", stem, left), lambda stem=stem, left=left: _wide(
                    _without({stem: kit.data[stem]}, list(left)) if left else {stem: kit.data[stem]}, set()))
            _wide(self.with_choices(kit, {}), chars)  # the product's options' values
            wide = "".join(sorted(chars))
            return {font: "".join(sorted(set(wide) - set(missing_glyphs(wide, None if font in FONTS else font))))
                    for font in self.fonts(kit)}
        return kit.memo(("glyphs", self.reads, self.ignores, self.templates, self.fonts(kit)), found)

    def fonts(self, kit) -> tuple[str, ...]:
        """The fonts the product's files may set: printkit's own (a game's own fonts too, where
        it declares them)."""
        return tuple(FONTS)

    def with_choices(self, kit, inputs):
        """What the manifest compares: the inputs, and the values of this product's own options."""
        chosen = {option.name: kit.choices.get(option.name) for option in self.options}
        return {"inputs": inputs, "options": chosen} if any(v is not None for v in chosen.values()) else inputs


def _wide(value: Any, found: set[str]) -> set[str]:
    """The characters beyond ASCII in a value's texts (its keys' too, and any other value's as
    written), added to `found` (returned)."""
    if isinstance(value, str):
        if not value.isascii():
            found.update(WIDE.findall(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            _wide(key, found)
            _wide(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _wide(item, found)
    elif value is not None and not isinstance(value, (bool, int, float)):
        _wide(str(value), found)
    return found


def _without(value: Any, paths: list[tuple[str, ...]]) -> Any:
    """`value` less what `paths` name (see Product.ignores): copied where something is left out."""
    if isinstance(value, dict):
        kept = {}
        for key, item in value.items():
            rest = [path[1:] for path in paths if path[0] in (key, "*")]
            if () not in rest:
                kept[key] = _without(item, rest) if rest else item
        return kept
    if isinstance(value, list):
        rest = [path[1:] for path in paths if path[0] == "*"]
        if () in rest:
            return []
        return [_without(item, rest) for item in value] if rest else value
    return value
