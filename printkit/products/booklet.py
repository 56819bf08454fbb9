"""Booklets: half-size pages (A4 folds to A5, Letter to 5.5 x 8.5 in), each numbered at its foot,
in reading order, or imposed for saddle stitching: two pages on each side of a landscape sheet,
printed duplex with a short-edge flip, folded and stapled, with fold and staple marks on the
outside of the outer sheet. A long saddle booklet comes as volumes a stapler can close, each a
booklet of its own. The game gives each page's marks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from printkit.plan.geometry import Paper, Rect, Segment
from printkit.plan.imposition import booklet_page, fold_and_staple_marks, saddle_sides
from printkit.plan.kept_marks import Marks
from printkit.plan.marks import Document, Form, Group, Line, Page, UseForm
from printkit.plan.fonts import cap_height
from printkit.plan.label import label
from printkit.plan.type import LINE, TYPE
from printkit.products import FilePlan, Product

MARGIN = 11.0
FOOT = 8.0  # below the body: the page number
MARK_GAP = 1.0  # mm between a fold or staple mark and its word


@dataclass(frozen=True)
class Booklet(Product):
    """`pages(kit, body)` gives every page's marks inside `body` (None: a blank page); the same
    pages serve the reading-order and the saddle-stitched file, planned once per build.

    With `volumes` a saddle booklet for which no product option is chosen is written as volumes
    `<name>/volume-1.pdf`, `volume-2.pdf`, ...: `volumes(kit, body, most)` says what each holds (at most `most`
    pages, `most_sheets` sheets), and `pages(kit, body, volume)` gives its pages. The template
    names each volume's file with its `volume_title(number, count)`."""

    pages: Callable[..., list] | None = None
    imposition: str = "none"  # none | saddle
    template: str = "booklet"  # its `footer` macro numbers the pages
    subject: str | None = None
    volumes: Callable[[Any, Rect, int], list] | None = None
    most_sheets: int = 10

    def files(self, kit) -> list[FilePlan]:
        if not self.in_volumes(kit):
            return super().files(kit)
        inputs = self.with_choices(kit, self.inputs(kit))
        parts = self.volumes(kit, self.body(kit), 4 * self.most_sheets)
        return [FilePlan(f"{self.name}/volume-{number}.pdf", inputs,
                         lambda part=part, number=number: self.volume_document(kit, part, number, len(parts)), self,
                         last=True)  # the booklet plans its spreads first, which the volumes then find kept
                for number, part in enumerate(parts, start=1)]

    def in_volumes(self, kit) -> bool:
        chosen = any(kit.choices.get(option.name) is not None for option in self.options)
        return self.imposition == "saddle" and self.volumes is not None and not chosen

    def export(self, kit) -> FilePlan:
        """One booklet of everything chosen (all, by default), whatever its length."""
        inputs = self.with_choices(kit, self.inputs(kit))
        return FilePlan(f"{self.name}.pdf", inputs, lambda: self.document(kit), self)

    def body(self, kit) -> Rect:
        paper = booklet_page(kit.options.paper)
        return Rect(MARGIN, MARGIN + FOOT, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN - FOOT)

    def document(self, kit) -> Document:
        return self._document(kit, self._bodies(kit), kit.file_title(self.label))

    def volume_document(self, kit, part, number: int, count: int) -> Document:
        bodies = self.pages(kit, self.body(kit), part)
        title = kit.file_title(kit.words(self.template).plain("volume_title", number, count))
        return self._document(kit, bodies, title, (number, count))

    def _bodies(self, kit) -> list:
        """The whole booklet's pages (of the scenarios chosen), planned once a build for both files."""
        body = self.body(kit)
        return kit.memo(("booklet", self.pages, tuple(sorted(kit.choices.items()))), lambda: self.pages(kit, body))

    def _document(self, kit, bodies: list, title: str, volume: tuple[int, int] | None = None) -> Document:
        """Each page's body a form, its footer drawn over it (with its page number, and in a
        volume which volume of how many it is, so that a loose sheet finds its volume): the same
        body is then the same form in the booklet and in the volume holding it, whatever page it
        is there (and drawn once, printkit/pipeline/cache.py). Read on a screen, the pages in reading order open as the spreads
        they are, the cover alone on the right."""
        paper = booklet_page(kit.options.paper)
        words = kit.words(self.template)
        forms = tuple(Form(f"page{n}", paper, _frozen(kit, marks)) for n, marks in enumerate(bodies, start=1))
        numbers = kit.kept(("page numbers", len(forms), volume), [words.fingerprint],  # a Jinja call and a label each
                           lambda: [_number(words, n, paper, volume) for n in range(1, len(forms) + 1)], shape=list)
        saddle = self.imposition == "saddle"
        pages = _saddle(kit.options.paper.landscape(), paper, numbers, words) if saddle else \
            tuple(Page(paper, (UseForm(f"page{n}"), number)) for n, number in enumerate(numbers, start=1))
        return Document(title, self.subject or self.description, pages, duplex="short" if saddle else None,
                        forms=forms, glyphs=self.glyphs(kit), page_layout=None if saddle else "TwoPageRight")


def _frozen(kit, marks) -> tuple:
    """A page's marks as the tuple its form holds: the same tuple for the same page in the booklet
    and in the volume holding it, so that its digest, worked out for one, serves the other."""
    if isinstance(marks, Marks):  # kept: which knows its digest, its marks read only if asked for
        return marks
    if not marks:
        return ()
    held, frozen = kit.memo(("page marks", id(marks)), lambda: (marks, tuple(marks)))  # held: its id stays its own
    return frozen if held is marks else tuple(marks)


def _number(words, number: int, paper: Paper, volume: tuple[int, int] | None = None):
    band = Rect(MARGIN, MARGIN + 1, paper.width - 2 * MARGIN, FOOT - 1)
    return label(words.plain("footer", number, *(volume or ())), band, TYPE.small, align="centre", valign="bottom",
                 level=0.3, item="booklet page number", where=words.where("footer"))


def _fold_and_staple(sheet: Paper, words) -> tuple:
    """The fold ticks and the staple bars, each with its word beside it in the margin right of the
    fold: the outer sheet's first page (the cover) begins MARGIN from the fold, clear of them."""
    folds, staples = fold_and_staple_marks(sheet)
    marks = tuple(Line(seg, width=LINE.thin) for seg in folds) + tuple(Line(seg, width=LINE.bold) for seg in staples)
    return marks + tuple(_mark_word(seg, words, name) for segs, name in ((folds, "fold_mark"), (staples, "staple_mark"))
                         for seg in segs)


def _mark_word(seg: Segment, words, name: str):
    """A mark's word, small, centred on it in height and starting MARK_GAP right of it."""
    middle, height = (seg.y1 + seg.y2) / 2, 2 * cap_height(TYPE.smallest)
    box = Rect(seg.x1 + MARK_GAP, middle - height / 2, MARGIN - 2 * MARK_GAP, height)
    return label(words.plain(name), box, TYPE.smallest, level=0.3, smallest=TYPE.smallest, item=name.replace("_", " "),
                 where=words.where(name))


def _saddle(sheet: Paper, page: Paper, numbers: list, words) -> tuple[Page, ...]:
    """Two booklet pages on each side of a sheet, in the order that folds into reading order, each
    with its number; the first side printed is the outside of the outer sheet, which carries the
    fold and staple marks."""
    sides = []
    for left, right in saddle_sides(len(numbers)):
        placed = tuple(mark for x, n in ((0.0, left), (page.width, right)) if n is not None
                       for mark in (UseForm(f"page{n}", x, 0.0), Group((numbers[n - 1],), x, 0.0)))
        sides.append(Page(sheet, placed + (_fold_and_staple(sheet, words) if not sides else ())))
    return tuple(sides)
