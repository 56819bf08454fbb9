"""Helpers shared by every non-card sheet: begin a page with its footer and scale bars, and
draw a simple ruled table."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import Problem, PrintkitError
from printkit.plan.geometry import Rect, Segment
from printkit.plan.page import SheetFrame
from printkit.render.marks import draw_footer
from printkit.render.pdf import PdfFile


@dataclass(frozen=True)
class Footer:
    """What every sheet page says at its foot: the kit, the product, the page, how to print."""

    words: object  # Words of common.j2
    title: str
    product: str

    def text(self, page: int, pages: int) -> str:
        return self.words.plain("footer", self.title, self.product, page, pages)


def begin_sheet(pdf: PdfFile, frame: SheetFrame, footer: Footer, page: int, pages: int) -> None:
    pdf.begin_page(frame.paper)
    if not draw_footer(pdf, frame.footer, footer.text(page, pages), frame.bars):
        raise PrintkitError([Problem(footer.words.source, None,
                                     f"footer of {footer.product}: text does not fit the page width; "
                                     f"shorten the title or the footer")])


def grid_lines(pdf: PdfFile, box: Rect, xs, ys, width: float = 0.25, level: float = 0.0) -> None:
    for x in xs:
        pdf.line(Segment(x, box.y, x, box.top), width=width, level=level)
    for y in ys:
        pdf.line(Segment(box.x, y, box.right, y), width=width, level=level)



def split_pages(items: list, first: int, later: int) -> list[list]:
    """Items in page-sized runs: `first` on the first page (it has an introduction), `later` after."""
    runs, rest = [items[:first]], items[first:]
    while rest:
        runs.append(rest[:later])
        rest = rest[later:]
    return runs
