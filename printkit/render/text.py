"""Text set in boxes: a tiny block syntax (# heading, - bullet, blank line between paragraphs)
turned into ReportLab paragraphs, shrunk step by step to fit, and an error when even 7 pt does not."""

from __future__ import annotations

import re
from dataclasses import dataclass

import markupsafe
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph

from printkit.errors import Problem, PrintkitError
from printkit.render.pdf import describe_glyphs, missing_glyphs, wrapped_height

MIN_SIZE = 7.0  # the smallest type printkit prints: below it a sheet is not legible


@dataclass(frozen=True)
class Block:
    kind: str  # "heading", "bullet" or "para"
    markup: str


def parse_blocks(text: str) -> list[Block]:
    blocks, lines, kind = [], [], "para"

    def close():
        if lines:
            blocks.append(Block(kind, " ".join(lines)))
            lines.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            close()
        elif line.startswith("# "):
            close()
            kind = "heading"
            lines.append(line[2:].strip())
            close()
        elif line.startswith("- "):
            close()
            kind = "bullet"
            lines.append(line[2:].strip())
        else:
            if not lines:
                kind = "para"
            lines.append(line)
    close()
    return blocks


def style(size: float, bold: bool = False, align: str = "left", leading: float = 1.2) -> ParagraphStyle:
    return ParagraphStyle(
        f"s{size}{bold}{align}", fontName="Sans-Bold" if bold else "Sans", bulletFontName="Sans", fontSize=size,
        leading=size * leading, alignment={"left": TA_LEFT, "centre": TA_CENTER}[align],
        splitLongWords=0)  # a word too long for its box is an error, never broken silently


def paragraphs(blocks: list[Block], size: float, align: str = "left", where: Problem | None = None):
    flowables = []
    for block in blocks:
        if block.kind == "heading":
            st = style(size * 1.15, bold=True, align=align)
            st.name = "heading"
            st.spaceBefore = size * 0.6 if flowables else 0
            st.spaceAfter = size * 0.15
            flowables.append(_paragraph(block.markup, st, where))
        elif block.kind == "bullet":
            st = style(size, align=align)
            st.leftIndent, st.bulletIndent, st.spaceAfter = size * 1.1, size * 0.2, size * 0.2
            flowables.append(_paragraph(block.markup, st, where, bullet="\u2022"))
        else:
            st = style(size, align=align)
            st.spaceAfter = size * 0.35
            flowables.append(_paragraph(block.markup, st, where))
    return flowables


def height_of(flowables, width: float) -> float:
    """Total height in mm of flowables set `width` mm wide, spacing included."""
    total = 0.0
    for i, flowable in enumerate(flowables):
        h = wrapped_height(flowable, width)
        total += h + flowable.getSpaceAfter() + (flowable.getSpaceBefore() if i else 0)
    return total / mm


def fit(text: str, width: float, height: float, largest: float, item: str, where: Problem,
        align: str = "left", smallest: float = MIN_SIZE):
    """The largest size (0.5 pt steps) at which `text` fits the box; a build error if none >= 7 pt."""
    key = (text, round(width, 3), round(height, 3), largest, align, smallest)
    if key not in _FITTED:
        _FITTED[key] = _fit(text, width, height, largest, item, where, align, smallest)
        if len(_FITTED) > 4096:
            _FITTED.pop(next(iter(_FITTED)))
    return _FITTED[key]


# The same words in the same box fit the same way: a scenario's steps are set on its sheet and
# twice in the booklets; a legend on every sheet. ReportLab paragraphs can be drawn again.
_FITTED: dict = {}


def _fit(text: str, width: float, height: float, largest: float, item: str, where: Problem,
         align: str, smallest: float):
    blocks = parse_blocks(text)
    size = largest
    while size >= smallest:
        flowables = paragraphs(blocks, size, align, where)
        if height_of(flowables, width) <= height and _widths_fit(flowables, width):
            return flowables, size
        size -= 0.5
    raise PrintkitError([Problem(where.file, where.line,
                                 f"{item}: text does not fit its {width:.0f} x {height:.0f} mm box "
                                 f"even at {smallest:g} pt; shorten it")])


def draw_blocks(pdf, flowables, x: float, top: float, width: float) -> float:
    """Draw fitted flowables downwards from `top`; returns the y where they end."""
    y = top
    for i, flowable in enumerate(flowables):
        if i:
            y -= flowable.getSpaceBefore() / mm
        y -= pdf.flowable(flowable, x, y, width)
        y -= flowable.getSpaceAfter() / mm
    return y


def _widths_fit(flowables, width: float) -> bool:
    """A single word wider than the box would overflow sideways: that does not fit either."""
    for flowable in flowables:
        wrapped_height(flowable, width)
        for line in _lines(flowable):
            extra, words = (line[0], line[1]) if isinstance(line, tuple) else \
                (getattr(line, "extraSpace", 0), getattr(line, "words", []))
            if extra < -0.01 and len(words) <= 1:
                return False
    return True


def _lines(flowable):
    frags = getattr(flowable, "blPara", None)
    return getattr(frags, "lines", []) if frags is not None else []


def _paragraph(markup: str, st: ParagraphStyle, where: Problem | None, bullet: str | None = None):
    missing = missing_glyphs(markupsafe.Markup(re.sub(r"<[^>]*>", "", markup)).unescape())
    if missing:
        place = where or Problem("templates", None, "")
        raise PrintkitError([Problem(place.file, place.line, f"the font has no glyph for "
                                                             f"{describe_glyphs(missing)}")])
    try:
        return Paragraph(markup, st, bulletText=bullet)
    except ValueError as error:
        place = where or Problem("templates", None, "")
        raise PrintkitError([Problem(place.file, place.line, f"text markup: {error}")]) from None


def paginate(flowables, width: float, height: float, item: str, where: Problem) -> list[list]:
    """Flowables set `width` mm wide, split into pages `height` mm tall; a paragraph may break
    across pages, a heading never ends one."""
    pages, page, room = [], [], height
    queue = list(flowables)
    while queue:
        flowable = queue.pop(0)
        before = flowable.getSpaceBefore() / mm if page else 0.0
        _, h = flowable.wrap(width * mm, room * mm)
        if before + h / mm <= room:
            page.append(flowable)
            room -= before + h / mm + flowable.getSpaceAfter() / mm
            continue
        parts = flowable.split(width * mm, (room - before) * mm) if room - before > 10 else []
        if parts:
            page.append(parts[0])
            queue[:0] = parts[1:]
        elif not page:
            raise PrintkitError([Problem(where.file, where.line, f"{item}: a block is taller than a page")])
        else:
            queue.insert(0, flowable)
        page, room = _close_page(pages, page, queue), height
    if page:
        pages.append(page)
    return pages


def _close_page(pages: list, page: list, queue: list) -> list:
    """End a page, carrying a heading left at its foot over to the next."""
    while page and getattr(page[-1].style, "name", "").startswith("heading"):
        queue.insert(0, page.pop())
    if page:
        pages.append(page)
    return []
