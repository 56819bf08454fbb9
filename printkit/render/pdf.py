"""The one module that sets up ReportLab: fonts, invariant mode, metadata, viewer preferences,
page boxes, and the millimetre-to-point conversion. Everything else draws through `PdfFile`."""

from __future__ import annotations

import io
from contextlib import contextmanager

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit import __version__
from printkit.errors import Problem, PrintkitError
from printkit.plan.fonts import describe_glyphs, missing_glyphs, register_fonts
from printkit.plan.geometry import Paper, Rect, Segment
from printkit.plan.text import Text

DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
# --ink-saver: fills larger than this (mm2) keep a quarter of their ink, with an outline where they
# were dark; type this large (pt) is drawn as an outline. Small marks (pips, scale blocks) stay.
LARGE_FILL = 20.0
INK_SAVED = 0.25
OUTLINE_TEXT = 24.0


def grey(level: float) -> Color:
    """0 is black, 1 is white: everything printkit draws reads in black-and-white print."""
    return Color(level, level, level)


class PdfFile:
    """A PDF being drawn, in millimetres, with the print settings every printkit file carries."""

    def __init__(self, title: str, subject: str, duplex: str | None = None, ink_saver: bool = False):
        register_fonts()
        self.ink_saver = ink_saver
        self._buffer = io.BytesIO()
        self.canvas = Canvas(self._buffer, invariant=1, pageCompression=1, initialFontName="Sans")
        self.canvas.setTitle(title)
        self.canvas.setSubject(subject)
        self.canvas.setAuthor("printkit")
        self.canvas.setCreator(f"printkit {__version__}")
        self.canvas.setViewerPreference("PrintScaling", "None")
        if duplex in DUPLEX:
            self.canvas.setViewerPreference("Duplex", DUPLEX[duplex])
        self.pages = 0
        self._open = False

    # --- pages ---------------------------------------------------------------------------------
    def begin_page(self, paper: Paper, trim: Rect | None = None, bleed: Rect | None = None) -> None:
        if self._open:
            self.canvas.showPage()
        self.canvas.setPageSize((paper.width * mm, paper.height * mm))
        self.canvas.setTrimBox(_box(trim))
        self.canvas.setBleedBox(_box(bleed))
        self.pages += 1
        self._open = True

    def begin_form(self, name: str, paper: Paper) -> None:
        """Draw a page-sized piece to be placed later (booklet pages imposed on sheets)."""
        self.canvas.beginForm(name, 0, 0, paper.width * mm, paper.height * mm)

    def end_form(self) -> None:
        self.canvas.endForm()

    def place_form(self, name: str, x: float, y: float) -> None:
        self.canvas.saveState()
        self.canvas.translate(x * mm, y * mm)
        self.canvas.doForm(name)
        self.canvas.restoreState()

    def finish(self) -> bytes:
        if self._open:
            self.canvas.showPage()
        self.canvas.save()
        return self._buffer.getvalue()

    # --- drawing, in millimetres ---------------------------------------------------------------
    def line(self, seg: Segment, width: float = 0.25, level: float = 0.0, dash=None) -> None:
        with self._paint(width, level, None, dash):
            self.canvas.line(seg.x1 * mm, seg.y1 * mm, seg.x2 * mm, seg.y2 * mm)

    def rect(self, r: Rect, width: float = 0.25, level: float | None = 0.0, fill: float | None = None,
             dash=None, radius: float = 0.0) -> None:
        """A rectangle; `level` is the outline's grey (None: no outline), `fill` the fill's."""
        with self._paint(width, level, fill, dash, area=r.width * r.height) as (stroke, filled):
            args = (r.x * mm, r.y * mm, r.width * mm, r.height * mm)
            if radius:
                self.canvas.roundRect(*args, radius * mm, stroke=stroke, fill=filled)
            else:
                self.canvas.rect(*args, stroke=stroke, fill=filled)

    def polygon(self, points, width: float = 0.25, level: float | None = 0.0, fill: float | None = None,
                closed: bool = True) -> None:
        with self._paint(width, level, fill, area=_area(points)) as (stroke, filled):
            path = self.canvas.beginPath()
            path.moveTo(points[0][0] * mm, points[0][1] * mm)
            for x, y in points[1:]:
                path.lineTo(x * mm, y * mm)
            if closed:
                path.close()
            self.canvas.drawPath(path, stroke=stroke, fill=filled if closed else 0)

    def circle(self, x: float, y: float, r: float, width: float = 0.25, level=0.0, fill=None) -> None:
        with self._paint(width, level, fill, area=3.1416 * r * r) as (stroke, filled):
            self.canvas.circle(x * mm, y * mm, r * mm, stroke=stroke, fill=filled)

    def text(self, x: float, y: float, text: str, size: float, font: str = "Sans",
             align: str = "left", level: float = 0.0) -> None:
        """One line of plain text; `size` in points (type is measured in points), y the baseline."""
        missing = missing_glyphs(text)
        if missing:
            raise PrintkitError([Problem("templates", None, f"'{text}': the font has no glyph for "
                                                            f"{describe_glyphs(missing)}")])
        c = self.canvas
        c.saveState()
        c.setFillColor(grey(level))
        c.setFont(font, size)
        if self.ink_saver and size >= OUTLINE_TEXT:
            self._outline_text(x, y, text, size, font, align, level)
        else:
            draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align]
            draw(x * mm, y * mm, text)
        c.restoreState()

    def _outline_text(self, x, y, text, size, font, align, level) -> None:
        """Large type drawn as its outline: the ink saver's way to keep big numbers legible."""
        shift = {"left": 0.0, "centre": 0.5, "right": 1.0}[align] * pdfmetrics.stringWidth(text, font, size)
        self.canvas.setStrokeColor(grey(level))
        self.canvas.setLineWidth(max(0.5, size * 0.03))
        t = self.canvas.beginText(x * mm - shift, y * mm)
        t.setFont(font, size)
        t.setTextRenderMode(1)
        t.textOut(text)
        self.canvas.drawText(t)

    def set_text(self, text: Text) -> None:
        """Set lines (plan.text) drawn as planned: each line's runs one after the other."""
        c = self.canvas
        c.saveState()
        c.setFillColor(grey(text.level))
        for line in text.lines:
            x, y = (text.x + line.x) * mm, (text.top + line.baseline) * mm
            if self.ink_saver and line.size >= OUTLINE_TEXT:
                c.setStrokeColor(grey(text.level))
                c.setLineWidth(max(0.5, line.size * 0.03))
            t = c.beginText(x, y)
            if self.ink_saver and line.size >= OUTLINE_TEXT:
                t.setTextRenderMode(1)
            for font, run in line.runs:
                t.setFont(font, line.size)
                t.textOut(run)
            c.drawText(t)
        c.restoreState()

    def flowable(self, flowable, x: float, top: float, width: float) -> float:
        """Draw a ReportLab flowable with its top-left at (x, top); returns its height in mm."""
        height = wrapped_height(flowable, width)
        flowable.drawOn(self.canvas, x * mm, top * mm - height)
        return height / mm

    @contextmanager
    def placed(self, x: float, y: float, angle: float = 0.0):
        """Draw in a frame moved to (x, y) and turned by `angle` degrees, anticlockwise."""
        self.canvas.saveState()
        self.canvas.translate(x * mm, y * mm)
        self.canvas.rotate(angle)
        try:
            yield
        finally:
            self.canvas.restoreState()

    @contextmanager
    def _paint(self, width: float, level: float | None, fill: float | None, dash=None, area: float = 0.0):
        """Outline (grey `level`, `width` mm) and fill settings for one shape: (stroke, fill) flags."""
        if self.ink_saver and fill is not None and area >= LARGE_FILL:
            level = level if level is not None or fill > 0.5 else fill
            fill = 1 - (1 - fill) * INK_SAVED
        c = self.canvas
        c.saveState()
        if level is not None:
            c.setLineWidth(width * mm)
            c.setStrokeColor(grey(level))
            if dash:
                c.setDash([d * mm for d in dash])
        if fill is not None:
            c.setFillColor(grey(fill))
        try:
            yield int(level is not None), int(fill is not None)
        finally:
            c.restoreState()


def wrapped_height(flowable, width: float) -> float:
    """A flowable's height in points set `width` mm wide; a paragraph already broken into lines at
    that width is not broken again (line breaking is most of the cost of setting text)."""
    if getattr(flowable, "_printkit_width", None) != width:
        flowable.wrap(width * mm, 100_000)
        flowable._printkit_width = width
    return flowable.height


def _area(points) -> float:
    """A polygon's area in mm2 (shoelace formula)."""
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))) / 2


def _box(rect: Rect | None):
    if rect is None:
        return None
    return [round(v * mm, 4) for v in (rect.x, rect.y, rect.right, rect.top)]
