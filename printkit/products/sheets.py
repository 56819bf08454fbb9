"""Sheet products: pages with a body for the game to fill and, at the foot of every page, what the
page is (kit, product, page n of N, how to print) beside the scale bars."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import markupsafe
from typing import Any, Callable

from printkit.ground.errors import PrintkitError, Problem
from printkit.plan.geometry import Rect, Segment
from printkit.plan.kept import joined
from printkit.plan.marks import Document, Group, Line, Page
from printkit.plan.page import MARGIN, SheetFrame, plan_sheet
from printkit.plan.scale import scale_bar_marks
from printkit.plan.markup import check_markup, missing_characters
from printkit.plan.pageflow import PageFlow
from printkit.plan.fitting import fit_rich
from printkit.plan.label import label
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, SPACE, TYPE
from printkit.products import FilePlan, Product
from printkit.products.marked import check_words

TITLE_BAND = 8.0  # mm: a page's title line
AID_GAP = 5 * SPACE  # between two aids on a page; the cut line runs down its middle


@dataclass(frozen=True)
class Item:
    """One file of a product that writes a file per item (a setup sheet per scenario)."""

    file: str  # under the game's folder
    inputs: Any
    shown: str
    subject: str
    value: Any


@dataclass(frozen=True)
class Sheets(Product):
    """`pages(kit, body)` gives each page's marks inside the body; with `each`, one file per item
    and `pages(kit, body, item.value)`."""

    pages: Callable[..., list] | None = None
    each: Callable[[Any], list[Item]] | None = None
    landscape: bool = False
    margin: float = MARGIN
    subject: str | None = None

    def frame(self, kit) -> SheetFrame:
        paper = kit.options.paper.landscape() if self.landscape else kit.options.paper
        return plan_sheet(paper, self.margin)

    def document(self, kit) -> Document:
        frame = self.frame(kit)
        return sheet_document(kit, self.label, self.subject or self.description, frame, self.pages(kit, frame.body),
                              self.glyphs(kit))

    def files(self, kit) -> list[FilePlan]:
        if self.each is None:
            return super().files(kit)
        return [FilePlan(item.file, item.inputs, lambda item=item: self.item_document(kit, item), self)
                for item in self.each(kit)]

    def item_document(self, kit, item: Item) -> Document:
        frame = self.frame(kit)
        return sheet_document(kit, item.shown, item.subject, frame, self.pages(kit, frame.body, item.value),
                              self.glyphs(kit))


@dataclass(frozen=True)
class Aids(Sheets):
    """Player aids: `aid(kit, box)` plans one aid in a half page; the kind prints `count(kit)` of
    them (one for each player), two to a page, with a dashed line to cut them apart."""

    aid: Callable[[Any, Rect], list] | None = None
    count: Callable[[Any], int] | None = None

    def document(self, kit) -> Document:
        frame = self.frame(kit)
        top, bottom = frame.body.cut_top((frame.body.height - AID_GAP) / 2, AID_GAP)
        first = self.aid(kit, top)
        second = Group(tuple(first), 0.0, bottom.top - top.top)  # the same aid, moved down: planned once
        middle, printable = top.y - AID_GAP / 2, frame.paper.printable
        cut = Line(Segment(printable.x + 0.5, middle, printable.right - 0.5, middle), level=GREY.note, dash=(2.0, 1.5))
        count = self.count(kit)
        bodies = [first + [second] * (count - 2 * page > 1) + [cut] for page in range(-(-count // 2))]
        return sheet_document(kit, self.label, self.subject or self.description, frame, bodies, self.glyphs(kit))


@dataclass(frozen=True)
class Rules(Sheets):
    """A rules document: the body of `templates/<game>/<template>.j2` set at body size and flowed
    over as many pages as it needs. `context` gives the template what the rules model works out.
    A line `[[name]]` in the template places the figure `figures[name](kit, width, words)` draws
    there: (its marks from their bottom-left corner, its height), kept whole on one page.
    `font(kit)` names the project font (or family) the text is set in, a heading in its bold face;
    printkit's DejaVu Sans when there is none. The footer is printkit's, in DejaVu Sans.
    `palette(kit)` gives the colours and icons its words may name (a declared game's: `:coin:`
    drawn inline, a `:word:` naming no icon an error at its line)."""

    context: Callable[[Any], dict] | None = None
    template: str = "rules"
    size: float = TYPE.body
    figures: dict[str, Callable[[Any, float, Any], tuple[list, float]]] | None = None
    font: Callable[[Any], str | None] | None = None
    palette: Callable[[Any], Any] | None = None

    def document(self, kit) -> Document:
        words = kit.words(self.template, **(self.context(kit) if self.context else {}))
        font = self.font(kit) if self.font else None
        palette = self.palette(kit) if self.palette else None
        check_glyphs(kit, words, font, self.size)
        if palette is not None:
            check_words(words, palette, font, self.size)
        frame = self.frame(kit)
        flow = PageFlow(frame.body, self.size, words.where(), font=font, palette=palette)
        figures = {name: functools.partial(draw, kit, frame.body.width, words) for name, draw in (self.figures or {}).items()}
        flow.text_and_figures(words.body, figures, self.label.lower())
        return sheet_document(kit, self.label, self.subject or f"{self.label} for {kit.title}", frame, flow.pages,
                              self.glyphs(kit))


def check_glyphs(kit, words, font: str | None, size: float) -> None:
    """A character of the words that the face it is set in lacks (it would print as an empty box):
    an error where it was written (written_at)."""
    missing = missing_characters(words.body, font, size)
    if missing:
        check_markup(words.body, written_at(kit, words, missing[0], font, size), face=font, largest=size)


def written_at(kit, words, char: str, font: str | None, size: float) -> Problem:
    """Where `char`, which the font lacks, was written: the first line of the template where it is
    set in a face that lacks it (not in a heading whose bold face has it, say); else the first
    content value that has it (the template printed it from there); else the template's first
    line that has it at all; else the template."""
    try:
        lines = Path(words.template.filename).read_text(encoding="utf-8").splitlines()
    except (OSError, TypeError, ValueError):
        lines = []
    having = [n for n, line in enumerate(lines, start=1) if char in line]
    missing = next((n for n in having if char in missing_characters(lines[n - 1], font, size)), None)
    if missing is not None:
        return Problem(words.source, missing, "")
    for file, located in kit.located.items():
        for path, text in _strings(kit.data.get(Path(file).stem)):
            if char in text and path in located.places:
                return kit.where(file, path)
    return Problem(words.source, having[0], "") if having else words.where()


def _strings(value, path: tuple = ()):
    """(key path, text) of every string in a content tree."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, child in value.items():
            yield from _strings(child, path + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _strings(child, path + (index,))


def sheet_document(kit, shown: str, subject: str, frame: SheetFrame, bodies: list,
                   glyphs: dict[str, str] | None = None) -> Document:
    """Each body's marks on a page of the frame, with the footer and the scale bars; `glyphs`:
    the characters given their codes first (Product.glyphs)."""
    footer = kit.footer(shown)
    count = len(bodies)
    bars = tuple(scale_bar_marks(bar, footer.scale_bar(bar.label)) for bar in frame.bars)  # alike on every page
    pages = tuple(Page(frame.paper, joined(footer_marks(frame, footer, number, count, bars), body))
                  for number, body in enumerate(bodies, start=1))
    return Document(kit.file_title(shown), subject, pages, glyphs=glyphs)


def footer_marks(frame: SheetFrame, footer, page: int, pages: int, bars: tuple) -> tuple:
    """A page's footer line (its number among `pages`), then the frame's scale bars (`bars`)."""
    text = footer.text(page, pages)
    band = Rect(frame.footer.x, frame.footer.top - 2.5, frame.footer.width, 2.5)
    try:
        line = label(text, band, TYPE.footer, valign="bottom", level=0.25, smallest=TYPE.footer - 1)
    except PrintkitError:
        raise PrintkitError([footer.words.where().with_message(
            f"footer of {footer.product}: text does not fit the page width; shorten the title or the footer",
            text)]) from None
    return (line,) + bars


def title_line(body: Rect, title: str, where, right: str | None = None,
               font: str | None = None, palette=None) -> tuple[list, Rect]:
    """A page's title at the top of its body (and a few words flush right on the same line, such
    as a place to write the date), in the project font (or family: its bold face) `font` or
    printkit's, with the icons of `palette` (a declared game's); returns the marks and the body
    left below them. A long title is set smaller, on two lines if it must."""
    band = Rect(body.x, body.top - TITLE_BAND, body.width, TITLE_BAND)
    marks, room = [], band.width
    if right:
        marks.append(label(right, band, TYPE.body, align="right", item="page title", where=where, face=font))
        room -= marks[0].extent.width + 2 * SPACE
    marks.extend(fit_rich(str(markupsafe.escape(title)), Rect(band.x, band.y, room, band.height),
                          Style(TYPE.title, TYPE.smallest, bold=True, valign="middle", font=font, palette=palette),
                          "page title", where))
    return marks, Rect(body.x, body.y, body.width, body.height - TITLE_BAND - SPACE / 2)
