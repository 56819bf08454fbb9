"""Planned documents drawn: every page's marks, in order, through `PdfFile`. Nothing is decided
here; what is drawn and where was settled by the plan."""

from __future__ import annotations

from printkit.plan.marks import Box, Circle, Document, Group, Line, Picture, Polygon, UseForm
from printkit.plan.text import Text
from printkit.render.pdf import PdfFile


def render(document: Document, ink_saver: bool = False) -> tuple[bytes, int]:
    """The PDF of a planned document: (bytes, page count)."""
    pdf = PdfFile(document.title, document.subject, document.duplex, ink_saver=ink_saver)
    for form in document.forms:
        pdf.begin_form(form.name, form.paper)
        draw(pdf, form.marks)
        pdf.end_form()
    for page in document.pages:
        pdf.begin_page(page.paper, trim=page.trim, bleed=page.bleed)
        draw(pdf, page.marks)
    return pdf.finish(), pdf.pages


def draw(pdf: PdfFile, marks) -> None:
    for mark in marks:
        DRAW[type(mark)](pdf, mark)


def _group(pdf: PdfFile, group: Group) -> None:
    with pdf.placed(group.x, group.y, group.angle):
        draw(pdf, group.marks)


DRAW = {
    Text: PdfFile.set_text,
    Line: lambda pdf, m: pdf.line(m.seg, m.width, m.level, m.dash),
    Box: lambda pdf, m: pdf.rect(m.rect, m.width, m.level, m.fill, m.dash, m.radius),
    Polygon: lambda pdf, m: pdf.polygon(list(m.points), m.width, m.level, m.fill),
    Circle: lambda pdf, m: pdf.circle(m.x, m.y, m.r, m.width, m.level, m.fill),
    Group: _group,
    UseForm: lambda pdf, m: pdf.place_form(m.name, m.x, m.y),
    Picture: lambda pdf, m: (pdf.svg if m.svg else pdf.image)(m.path, m.rect, m.digest),
}
