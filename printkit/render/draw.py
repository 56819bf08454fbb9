"""Planned documents drawn: every page's marks, in order, through `PdfFile`. Nothing is decided
here; what is drawn and where was settled by the plan."""

from __future__ import annotations

from dataclasses import replace

from printkit.plan.marks import Box, Circle, DieLine, Document, Ellipse, Group, Line, Picture, Polygon, UseForm, Written
from printkit.plan.text import Text, characters
from printkit.render.srgb import SRGB
from printkit.render.flatten import Flat, flattened
from printkit.render.kept_pages import NOTHING_KEPT, KeptPages, codes_given
from printkit.render.paths import circle_path, ellipse_path, polygon_path, rect_path
from printkit.render.pdf import PdfFile
from printkit.render.same_pages import SamePages
from printkit.render.subsets import drawn_with


def render(document: Document, ink_saver: bool = False, colour=SRGB(),
           scale: tuple[float, float] = (1.0, 1.0), keeper=None) -> tuple[bytes, int]:
    """The PDF of a planned document: (bytes, page count), every page drawn `scale` times as large
    about its centre (a printer's scale correction), its colours and images as `colour` prints
    them (printkit/render/colour.py: sRGB, or a press's CMYK). A document of forms (a booklet's
    pages) has its glyph codes given first, so that a form's operators depend on its own marks
    alone: a form drawn before with the same marks and codes is used again, as is a page drawn
    before, from what `keeper` kept (the page cache in use, which the pipeline hands the drawing:
    printkit/pipeline/cache.py; None, every page is drawn). A file planned as its bytes
    (`Written`, a cut file) is those bytes."""
    if isinstance(document, Written):
        return document.data, document.sheets
    pdf = _begun(document, ink_saver, colour)
    keeper = keeper or NOTHING_KEPT
    drawn_with(keeper)
    if document.forms:
        _draw_forms(pdf, document, ink_saver, colour, keeper)
    kept = None if document.forms or colour.flattens else KeptPages(pdf, [ink_saver, colour.key, list(scale)], keeper)
    same = None if document.forms or colour.flattens else SamePages(pdf)
    drawing = (ink_saver, colour, scale, keeper)
    here = _pages_here(document, kept, drawing, lambda pages: _drawn(pdf, pages, kept, same, colour, scale, document))
    _drawn(pdf, document.pages[here:], kept, same, colour, scale, document)
    return pdf.finish(), pdf.pages


BESIDE = 24  # pages, at least, of a document of which a worker beside printkit draws the later part
HERE = 55  # per cent of them that printkit draws itself


def _pages_here(document: Document, kept, drawing: tuple, draw_here) -> int:
    """How many of the document's first pages `draw_here(pages)` drew: where its pages can be kept
    and it has BESIDE or more, not the last of them kept already, the first HERE per cent, while a
    worker forked beside printkit (the keeper's `beside`: where a core is free) draws the others and
    keeps them, for this process to find kept as it goes on; else none (this process draws them
    all)."""
    ink_saver, colour, scale, keeper = drawing
    pages = document.pages
    beside = getattr(keeper, "beside", None)
    if kept is None or beside is None or len(pages) < BESIDE or not keeper.keeps() or kept.found(pages[-1]):
        return 0  # (its last page kept: an edit's, whose pages are found kept, not drawn)
    here = (len(pages) * HERE + 99) // 100

    def there() -> bool:  # in the worker: the later pages drawn into a document of its own, and kept
        pdf = _begun(document, ink_saver, colour)
        codes_given(pdf, pages[:here])  # the codes this process gives them as it draws the first pages
        _drawn(pdf, pages[here:], KeptPages(pdf, [ink_saver, colour.key, list(scale)], keeper), None, colour, scale,
               document)
        return True
    beside(there, lambda: draw_here(pages[:here]))
    return here


def _begun(document: Document, ink_saver: bool, colour) -> PdfFile:
    """The document's file begun: a document of pages (a deck's) has its family of characters
    (`Document.glyphs`) given its codes first, each font named where a page first sets it; a
    document of forms has them given with its forms (`_draw_forms`)."""
    pdf = PdfFile(document.title, document.subject, document.duplex, ink_saver=ink_saver, colour=colour,
                  page_layout=document.page_layout)
    if document.glyphs and not document.forms:
        pdf.assign_glyphs(document.glyphs, named=False)
    return pdf


def _drawn(pdf: PdfFile, pages, kept, same, colour, scale, document: Document) -> None:
    for page in pages:
        pdf.begin_page(page.paper, trim=page.trim, bleed=page.bleed, scale=scale)
        if kept is not None and kept.again(page):  # drawn before, as it is now: its stream kept
            continue
        start, images = pdf.drawing(), len(pdf.canvas._formsinuse)
        if same is None or not same.again(page):  # (a page equal to one drawn before it: written from that one)
            art, cut = _art_and_cut(page)
            draw(pdf, flattened(art, document, render) if colour.flattens else art.marks)
            draw(pdf, cut)
            if same is not None:
                same.drawn(page, start, images)
        if kept is not None:
            kept.drawn(page, start)


def _art_and_cut(page):
    """The page without its die lines, and its die lines: drawn last, over the art, and never
    flattened into a picture of it (no plate prints them; the RIP takes them as the cut)."""
    cut = tuple(mark for mark in page.marks if isinstance(mark, DieLine))
    return (replace(page, marks=tuple(m for m in page.marks if not isinstance(m, DieLine))) if cut else page), cut


def _draw_forms(pdf: PdfFile, document: Document, ink_saver: bool, colour, keeper) -> None:
    """Each form drawn, or its operators (and the opacities and gradients these name) taken from a
    drawing kept, with its stream as it was compressed then. A form's operators depend on its
    marks and on the names and codes its characters were given (ReportLab gives ASCII its own
    codes, whatever else is set). The document's family of characters (`Document.glyphs`) is
    given its codes first: a form that sets none beyond it is kept under those codes, and found
    again by its marks' digest without its marks being read (a booklet's unchanged pages: reading
    their marks, to list the characters they set, cost more than drawing from what was kept).
    Another character is given its code where a form first sets it, and the form is kept under
    the codes of its own characters."""
    family = {font: set(chars) for font, chars in (document.glyphs or {}).items()}
    pdf.assign_glyphs(family)
    within = ["family", pdf.codes({font: "".join(sorted(chars)) for font, chars in family.items()})]
    for form in document.forms:
        pdf.begin_form(form.name, form.paper)
        drawing = [ink_saver, colour.key, keeper.digest(form.marks), pdf.form_so_far()]
        found = keeper.find(["drawn form", within, *drawing], DRAWN, held=True)  # only read: held in a long-lived process
        if found is None:
            chars = _beyond_ascii(characters(form.marks))
            beyond = _beyond(chars, family)
            if any(beyond.values()) or not set(chars) <= set(family):
                pdf.assign_glyphs(beyond)
                key = ["drawn form", pdf.codes(chars), *drawing]
                found = keeper.find(key, DRAWN, held=True)
            else:
                key = None
        if found is None:
            start = pdf.drawing()
            draw(pdf, form.marks)
            _, uses = pdf.drawn_since(start)
            # its operators are in its stream as compressed (PdfFile.end_form writes only that): kept without them
            keeper.keep(key or ["drawn form", within, *drawing], [[[], uses], pdf.form_deflated()], held=True)
        else:
            pdf.draw_again(*found)
        pdf.end_form()


DRAWN = ((list, list), bytes)  # a form's drawing kept: [[], what its operators use], its stream (them) compressed


def _beyond_ascii(characters: dict[str, set[str]]) -> dict[str, str]:
    """font -> the characters beyond ASCII, for every font set (an ASCII-only one too: "")."""
    return {font: "".join(sorted(c for c in chars if ord(c) >= 128)) for font, chars in characters.items()}


def _beyond(characters: dict[str, set[str]], family: dict[str, set[str]]) -> dict[str, set[str]]:
    """The characters not in `family`, font by font."""
    return {font: set(chars) - family.get(font, set()) for font, chars in characters.items()}


def draw(pdf: PdfFile, marks) -> None:
    for mark in marks:
        DRAW[type(mark)](pdf, mark)


def _group(pdf: PdfFile, group: Group) -> None:
    clip = None if group.clip is None else OUTLINE[type(group.clip)](group.clip)
    with pdf.placed(group.x, group.y, group.angle, group.opacity, clip):
        draw(pdf, group.marks)


DRAW = {
    Text: PdfFile.set_text,
    Line: lambda pdf, m: pdf.line(m.seg, m.width, m.level, m.dash),
    Box: lambda pdf, m: pdf.rect(m.rect, m.width, m.level, m.fill, m.dash, m.radius, m.solid),
    Polygon: lambda pdf, m: pdf.polygon(list(m.points), m.width, m.level, m.fill, m.closed, m.dash),
    Circle: lambda pdf, m: pdf.circle(m.x, m.y, m.r, m.width, m.level, m.fill, m.dash),
    Ellipse: lambda pdf, m: pdf.ellipse(m.rect, m.width, m.level, m.fill, m.dash),
    Group: _group,
    UseForm: lambda pdf, m: pdf.place_form(m.name, m.x, m.y),
    Picture: lambda pdf, m: (pdf.svg if m.svg else pdf.image)(m.path, m.rect, m.digest),
    Flat: lambda pdf, m: pdf.flat(m.image, m.rect, m.frames),
    DieLine: lambda pdf, m: pdf.die_line(OUTLINE[type(m.shape)](m.shape)),
}

OUTLINE = {  # a group's clip: its shape's path, whatever its outline and fill
    Box: lambda m: rect_path(m.rect, m.radius),
    Polygon: lambda m: polygon_path(list(m.points)),
    Circle: lambda m: circle_path(m.x, m.y, m.r),
    Ellipse: lambda m: ellipse_path(m.rect),
}
