"""Booklets: half-size pages (A4 folds to A5, Letter to 5.5 x 8.5 in), each numbered at its foot,
in reading order, or imposed for saddle stitching: two pages on each side of a landscape sheet,
printed duplex with a short-edge flip, folded and stapled. The game gives each page's marks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from printkit.plan.geometry import Paper, Rect
from printkit.plan.imposition import booklet_page, saddle_sides
from printkit.plan.marks import Document, Form, Page, UseForm
from printkit.plan.text import label
from printkit.plan.type import TYPE
from printkit.products import Product

MARGIN = 11.0
FOOT = 8.0  # below the body: the page number


@dataclass(frozen=True)
class Booklet(Product):
    """`pages(kit, body)` gives every page's marks inside `body` (None: a blank page); the same
    pages serve the reading-order and the saddle-stitched file, planned once per build."""

    pages: Callable[[Any, Rect], list] | None = None
    imposition: str = "none"  # none | saddle
    template: str = "booklet"  # its `footer` macro numbers the pages
    subject: str | None = None

    def document(self, kit) -> Document:
        paper = booklet_page(kit.options.paper)
        body = Rect(MARGIN, MARGIN + FOOT, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN - FOOT)
        bodies = kit.memo(("booklet", self.pages, tuple(sorted(kit.choices.items()))),
                          lambda: self.pages(kit, body))
        words = kit.words(self.template)
        forms = tuple(Form(f"page{n}", paper, (tuple(marks) if marks else ()) + (_number(words, n, paper),))
                      for n, marks in enumerate(bodies, start=1))
        saddle = self.imposition == "saddle"
        pages = _saddle(kit.options.paper.landscape(), paper, len(forms)) if saddle else \
            tuple(Page(paper, (UseForm(f"page{n}"),)) for n in range(1, len(forms) + 1))
        return Document(kit.file_title(self.label), self.subject or self.description, pages,
                        duplex="short" if saddle else None, forms=forms)


def _number(words, number: int, paper: Paper):
    band = Rect(MARGIN, MARGIN + 1, paper.width - 2 * MARGIN, FOOT - 1)
    return label(words.plain("footer", number), band, TYPE.small - 0.5, align="centre", valign="bottom",
                 level=0.3, item="booklet page number", where=words.where("footer"))


def _saddle(sheet: Paper, page: Paper, count: int) -> tuple[Page, ...]:
    """Two booklet pages on each side of a sheet, in the order that folds into reading order."""
    sides = []
    for left, right in saddle_sides(count):
        placed = tuple(UseForm(f"page{n}", x, 0.0) for x, n in ((0.0, left), (page.width, right)) if n is not None)
        sides.append(Page(sheet, placed))
    return tuple(sides)
