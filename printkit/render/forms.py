"""Forms: page-sized pieces of a PDF drawn once and placed later (a booklet's pages imposed on its
sheets), each with its own opacities and gradients, and its stream compressed as soon as it ends.
A part of `PdfFile` (render/pdf.py)."""

from __future__ import annotations

import zlib

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc

from printkit.plan.geometry import Paper
from printkit.render.streams import Deflated


class Forms:
    """PdfFile's forms (it holds the canvas, the resources used `_here` and the page's while a form
    is drawn, `_page_here`, and `_deflated`, the form's stream compressed if it was)."""

    def form_so_far(self) -> list[str]:
        """What the stream of the form being drawn begins with: ReportLab's preamble, and what is
        drawn in it so far (nothing, as a form is begun)."""
        return [self.canvas._preamble] + self.canvas._code

    def form_deflated(self) -> bytes:
        """The stream of the form being drawn, as it is now, compressed as end_form writes it (and
        then not compressed again there)."""
        self._deflated = zlib.compress(pdfdoc.pdfdocEnc("\n".join(self.form_so_far())))
        return self._deflated

    def begin_form(self, name: str, paper: Paper) -> None:
        """Draw a page-sized piece to be placed later (booklet pages imposed on sheets)."""
        self._form, self._page_here, self._here = name, self._here, ({}, {})
        self.canvas.beginForm(name, 0, 0, paper.width * mm, paper.height * mm)

    def end_form(self) -> None:
        """The form ended, and its operators compressed now, not when the file is written: a
        booklet of a thousand pages then holds 4 MB of them, not 17."""
        name, (states, shadings), self._here = self._form, self._here, self._page_here
        self.canvas.endForm()
        form = self.canvas._doc.idToObject[pdfdoc.xObjectName(name)]
        if states or shadings:  # (ReportLab gives a form's resources neither)
            form.Resources = _form_resources(form, states, shadings)
        if form.compression:  # Flate first (then ASCII85 where ReportLab adds it), as it would
            form.stream = Deflated(form.stream, self._deflated)
        self._deflated = None

    def place_form(self, name: str, x: float, y: float) -> None:
        self.canvas.saveState()
        self.canvas.translate(x * mm, y * mm)
        self.canvas.doForm(name)
        self.canvas.restoreState()


def _form_resources(form, states: dict, shadings: dict) -> pdfdoc.PDFResourceDictionary:
    """A form's resources as ReportLab writes them, and the opacities and gradients it uses."""
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs() if form.hasImages else resources.basicProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = dict(states)
    resources.setShading(shadings)
    return resources
