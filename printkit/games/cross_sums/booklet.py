"""The scenario booklet on half-size pages: a contents page, the basic rules, then each scenario as
a spread (story on the left page, set-up on the right). Reading order (`none`) or imposed for
saddle stitching (`saddle`): two pages on each side of a landscape sheet, printed duplex with a
short-edge flip, folded and stapled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from printkit.plan.geometry import Rect
from printkit.plan.imposition import booklet_page, saddle_sides
from printkit.render.pdf import PdfFile, text_width
from printkit.render.text import draw_blocks, fit, paginate, paragraphs, parse_blocks

from .scenario_page import draw_blocks_in, spread_boxes, spread_sides, views

MARGIN = 11.0
FOOT = 8.0


@dataclass(frozen=True)
class Page:
    draw: Callable[[PdfFile, Rect], None] | None  # None: a blank page


def render(kit, numbers=None, imposition: str = "none") -> tuple[bytes, int]:
    paper = booklet_page(kit.options.paper)
    body = Rect(MARGIN, MARGIN + FOOT, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN - FOOT)
    words = kit.words("booklet")
    chosen = views(kit, numbers)
    rules = _rules_pages(kit, body)
    first_scenario = 2 + len(rules)
    first_scenario += first_scenario % 2  # a spread starts on a left (even) page
    pages = [Page(lambda pdf, b: _contents(pdf, b, kit, words, chosen, first_scenario))]
    pages += [Page(lambda pdf, b, page=page: draw_blocks(pdf, page, b.x, b.top, b.width)) for page in rules]
    pages += [Page(None)] * (first_scenario - 1 - len(pages))
    for view in chosen:
        boxes = spread_boxes(body, view)
        for side in spread_sides(view):
            pages.append(Page(lambda pdf, b, v=view, x=boxes, s=side: draw_blocks_in(pdf, x, v, only=s)))
    return _impose(kit, paper, body, pages, words, imposition)


def _rules_pages(kit, body: Rect) -> list[list]:
    words = kit.words("rules")
    flowables = paragraphs(parse_blocks(words.body), 8.5, where=words.where())
    return paginate(flowables, body.width, body.height, "basic rules", words.where())


def _contents(pdf: PdfFile, body: Rect, kit, words, chosen, first_scenario: int) -> None:
    numbers = [v.number for v in chosen]
    pdf.text(body.x, body.top - 9, words.plain("cover_title"), 24, font="Sans-Bold")
    intro = f"{words.markup('cover_subtitle', min(numbers), max(numbers), len(numbers))}\n\n" \
            f"<i>{words.markup('how_to_use')}</i>"
    flowables, _ = fit(intro, body.width, 24, 9.5, "booklet cover", words.where("cover_subtitle"))
    y = draw_blocks(pdf, flowables, body.x, body.top - 13, body.width) - 4
    pdf.text(body.x, y - 4, words.plain("contents_heading"), 12, font="Sans-Bold")
    entries = [(words.plain("rules_entry"), 2)] + [
        (words.plain("scenario_entry", v.number, v.setup.scenario.title), first_scenario + 2 * i)
        for i, v in enumerate(chosen)]
    _entries(pdf, Rect(body.x, body.y, body.width, y - 8 - body.y), entries)


def _entries(pdf: PdfFile, box: Rect, entries) -> None:
    """Contents lines with their page numbers, in one or two columns as they need."""
    columns = 1 if len(entries) * 5.2 <= box.height else 2
    per_column = -(-len(entries) // columns)
    step = min(5.2, box.height / per_column)
    size = min(9.0, step * 2.0)
    width = (box.width - 4 * (columns - 1)) / columns
    for i, (name, page) in enumerate(entries):
        column, row = divmod(i, per_column)
        x, y = box.x + column * (width + 4), box.top - (row + 1) * step + 1
        number = str(page)
        room = width - text_width(number, size) - 2
        while text_width(name, size) > room and len(name) > 4:
            name = name[:-2].rstrip() + "…"
        pdf.text(x, y, name, size)
        pdf.text(x + width, y, number, size, align="right")


def _impose(kit, paper, body: Rect, pages: list[Page], words, imposition: str) -> tuple[bytes, int]:
    saddle = imposition == "saddle"
    pdf = kit.pdf("Booklet" if not saddle else "Booklet for saddle stitching", "scenario booklet",
                  duplex="short" if saddle else None)
    for number, page in enumerate(pages, start=1):
        pdf.begin_form(f"page{number}", paper)
        if page.draw is not None:
            page.draw(pdf, body)
        pdf.text(paper.width / 2, MARGIN + 1, words.plain("footer", number), 7.5, align="centre", level=0.3)
        pdf.end_form()
    if saddle:
        sheet = kit.options.paper.landscape()
        for left, right in saddle_sides(len(pages)):
            pdf.begin_page(sheet)
            for x, number in ((0.0, left), (paper.width, right)):
                if number is not None:
                    pdf.place_form(f"page{number}", x, 0.0)
    else:
        for number in range(1, len(pages) + 1):
            pdf.begin_page(paper)
            pdf.place_form(f"page{number}", 0.0, 0.0)
    return pdf.finish(), pdf.pages


def render_saddle(kit) -> tuple[bytes, int]:
    return render(kit, imposition="saddle")
