"""printkit's own resources of a page or a form: graphics states (an opacity, black ink's overprint)
and gradients, each named by what it is and made once a document, so that operators kept from
another document name the same ones (`PdfFile.drawn_since`). A part of `PdfFile` (render/pdf.py)."""

from __future__ import annotations

import hashlib

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas, _buildColorFunction

from printkit.render import inks


class Resources:
    """PdfFile's resources (it holds the canvas, those the page or form being drawn uses `_here`,
    the document's gradients `_shadings`, and every use in order, `_uses`)."""

    def _use(self, resource: tuple) -> str:
        """The name the page or form being drawn gives a graphics state (an opacity, an overprint:
        inks.state) or a gradient (Shapes._gradient), the document's resource made once."""
        self._uses.append(resource)
        states, shadings = self._here
        if resource[0] in ("opacity", "overprint"):
            name, state = inks.state(resource)
            states[name] = state
            return name
        name = "Gradient" + hashlib.sha256(repr(resource).encode()).hexdigest()[:16]
        if name not in self._shadings:
            self._shadings.add(name)
            self.canvas._doc.Reference(_shading(resource), name)
        shadings[name] = self.canvas._shadingUsed[name] = name
        return name

    def _set_states(self, page) -> None:
        """A page's ExtGStates: ReportLab's and printkit's opacities (ReportLab calls this)."""
        Canvas._setExtGState(self.canvas, page)
        if self._here[0] and isinstance(page, pdfdoc.PDFPage):
            page.ExtGState = pdfdoc.PDFDictionary({**(page.ExtGState.dict if page.ExtGState else {}), **self._here[0]})


def _shading(gradient: tuple) -> pdfdoc.PDFAxialShading:
    """An axial shading (Shapes._gradient), carried on beyond both ends."""
    _, space, coords, colours, stops = gradient
    function = _buildColorFunction([list(colour) for colour in colours], stops)
    return pdfdoc.PDFAxialShading(*coords, Function=function, ColorSpace=space, Extend="[true true]")
