"""Images drawn into a PDF's page: a PNG or JPEG embedded once a document (in the target's colours)
however often it is placed, an SVG drawn once into a form every placement reuses, and a flattened
picture (render/flatten.py) placed in the page's own frame. A part of `PdfFile` (render/pdf.py)."""

from __future__ import annotations

import functools

from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader

from printkit.plan.geometry import Rect
from printkit.render.frames import place_image


class Images:
    """PdfFile's images (it holds the canvas, the target's `colour`, and what the document holds:
    `_images` converted, `_placed` embedded, `_forms` of SVG drawings)."""

    def image(self, path: str, r: Rect, digest: str) -> None:
        """A PNG or JPEG stretched over `r`. ReportLab embeds an image once however often it is
        drawn, named by its pixels (an ImageReader's; a file name would put the path in the PDF)."""
        if digest in self._placed and r.width > 0 and r.height > 0:  # embedded: not digested again (frames.py)
            place_image(self.canvas, self._placed[digest], r.x * mm, r.y * mm, r.width * mm, r.height * mm)
            return
        if digest not in self._images:  # converted for the target once a file (a press: CMYK, no mask)
            source, mask = self.colour.image(path)
            self._images[digest] = ImageReader(source), mask
        image, mask = self._images[digest]
        self.canvas.drawImage(image, r.x * mm, r.y * mm, r.width * mm, r.height * mm, mask=mask)
        self._placed[digest] = self.canvas._formsinuse[-1]  # the name ReportLab gave it, from its pixels

    def flat(self, image, r: Rect, frames) -> None:
        """A flattened picture (printkit/render/flatten.py) over `r` in the page's own frame, from
        inside the groups `frames` moved and turned (undone, innermost first)."""
        self.canvas.saveState()
        for x, y, angle in reversed(frames):
            self.canvas.rotate(-angle)
            self.canvas.translate(-x * mm, -y * mm)
        self.canvas.drawImage(ImageReader(self.colour.picture(image)), r.x * mm, r.y * mm, r.width * mm, r.height * mm)
        self.canvas.restoreState()

    def svg(self, path: str, r: Rect, digest: str) -> None:
        """An SVG drawing scaled over `r`: drawn once into a form, which every placement reuses."""
        drawing = _drawing(path, digest)
        name = "svg" + digest[:16]
        if name not in self._forms:
            self._forms.add(name)
            from reportlab.graphics import renderPDF  # with ReportLab's platypus: only for a file with an SVG

            self.canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
            self.canvas._enforceColorSpace = self.colour.enforced  # its colours as the target prints them
            renderPDF.draw(drawing, self.canvas, 0, 0)
            self.canvas._enforceColorSpace = None
            self.canvas.endForm()
        self.canvas.saveState()
        self.canvas.translate(r.x * mm, r.y * mm)
        self.canvas.scale(r.width * mm / drawing.width, r.height * mm / drawing.height)
        self.canvas.doForm(name)
        self.canvas.restoreState()


@functools.lru_cache(maxsize=64)
def _drawing(path: str, digest: str):
    """An SVG file (of these contents) as a ReportLab drawing (checked when the content was loaded)."""
    from printkit.load.drawings import svg_drawing

    return svg_drawing(path)
