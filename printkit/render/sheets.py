"""Helpers shared by every non-card sheet: begin a page with its footer and scale bars, and
draw a simple ruled table."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import Problem, PrintkitError
from printkit.plan.geometry import Rect, Segment
from printkit.plan.page import SheetFrame
from printkit.render.marks import draw_footer
from printkit.render.pdf import PdfFile, text_width
from printkit.render.text import MIN_SIZE


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


def fitted_line(pdf: PdfFile, x: float, y: float, text: str, width: float, size: float,
                font: str = "Sans", align: str = "left", level: float = 0.0, item: str = "a line") -> None:
    """One line of text, shrunk in 0.5 pt steps to fit `width`; an error if 7 pt is too large."""
    while text_width(text, size, font) > width:
        size -= 0.5
        if size < MIN_SIZE:
            raise PrintkitError([Problem("templates", None, f"{item}: '{text}' does not fit its "
                                                           f"{width:.0f} mm line even at {MIN_SIZE:g} pt")])
    pdf.text(x, y, text, size, font=font, align=align, level=level)


def grid_lines(pdf: PdfFile, box: Rect, xs, ys, width: float = 0.25, level: float = 0.0) -> None:
    for x in xs:
        pdf.line(Segment(x, box.y, x, box.top), width=width, level=level)
    for y in ys:
        pdf.line(Segment(box.x, y, box.right, y), width=width, level=level)

