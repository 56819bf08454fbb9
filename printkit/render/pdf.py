"""The one module that sets up ReportLab: fonts, invariant mode, metadata, viewer preferences,
page boxes, and the millimetre-to-point conversion. Everything else draws through `PdfFile`, whose
drawing is in its parts: shapes (render/shapes.py), set text (render/text.py), images
(render/images.py), forms (render/forms.py) and the resources they name (render/resources.py)."""

from __future__ import annotations

import functools
import io
from contextlib import contextmanager

from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from printkit import __version__
from printkit.load.fonts import register_fonts
from printkit.plan.geometry import Paper, Rect
from printkit.render.srgb import SRGB
from printkit.render.forms import Forms
from printkit.render.frames import begin_frame, end_frame
from printkit.render.images import Images
from printkit.render.once import arrays_once, values_once
from printkit.render.resources import Resources
from printkit.render.shapes import Shapes
from printkit.render.streams import ascii_once, compression_once, names_once, written_once
from printkit.render.subsets import compressed, subset_tags, subsets_once
from printkit.render.text import SetText

DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}


class PdfFile(Shapes, SetText, Images, Forms, Resources):
    """A PDF being drawn, in millimetres, with the print settings every printkit file carries."""

    def __init__(self, title: str, subject: str, duplex: str | None = None, ink_saver: bool = False,
                 colour=SRGB(), page_layout: str | None = None):
        """`colour`: what the target prints colours and images in (printkit/render/colour.py: sRGB,
        or a press's CMYK); `page_layout`: the catalog's /PageLayout (Document.page_layout)."""
        register_fonts()
        _set_up_once()
        self.ink_saver = ink_saver
        self.colour = colour
        self._buffer = io.BytesIO()
        self.canvas = Canvas(self._buffer, invariant=1, pageCompression=1, initialFontName="Sans")
        self.canvas.setTitle(title)
        self.canvas.setSubject(subject)
        self.canvas.setAuthor("printkit")
        self.canvas.setCreator(f"printkit {__version__}")
        self.canvas.setViewerPreference("PrintScaling", "None")
        if duplex in DUPLEX:
            self.canvas.setViewerPreference("Duplex", DUPLEX[duplex])
        if page_layout:
            self.canvas._doc.Catalog.setPageLayout(page_layout)
        self.pages = 0
        self._open = False
        self._runs: dict[tuple, str] = {}
        self._forms: set[str] = set()
        self._images: dict[str, ImageReader] = {}
        self._placed: dict[str, str] = {}  # an image's digest -> its name in the document, once embedded
        # printkit's own resources (opacities, gradients): each named by what it is, so that a
        # form's operators kept from another document name the same ones (`drawn_since`)
        self._opacity = 1.0  # the product of the groups' being drawn in
        self._here: tuple[dict, dict] = ({}, {})  # the ExtGStates and shadings the page or form uses
        self._page_here = self._here  # the page's, while a form is drawn
        self._shadings: set[str] = set()  # those in the document
        self._uses: list[tuple] = []  # every use, as plain data, in order
        self._deflated: bytes | None = None  # the form being drawn, its stream compressed (form_deflated)
        self.canvas._setExtGState = self._set_states

    # --- pages ---------------------------------------------------------------------------------
    def begin_page(self, paper: Paper, trim: Rect | None = None, bleed: Rect | None = None,
                   scale: tuple[float, float] = (1.0, 1.0)) -> None:
        """A new page; what is drawn on it (and its boxes) `scale` times as large about its centre."""
        if self._open:
            self.canvas.showPage()
        self._here = ({}, {})
        self.canvas.setPageSize((paper.width * mm, paper.height * mm))
        self.canvas.setTrimBox(_box(_scaled(trim, paper, scale)))
        self.canvas.setBleedBox(_box(_scaled(bleed, paper, scale)))
        if scale != (1.0, 1.0):
            sx, sy = scale
            self._emit(f"{fp_str(sx, 0, 0, sy, paper.width * mm / 2 * (1 - sx), paper.height * mm / 2 * (1 - sy))} cm")
        self.pages += 1
        self._open = True

    def finish(self) -> bytes:
        if self._open:
            self.canvas.showPage()
        self.canvas.save()
        return self._buffer.getvalue()

    # --- what was drawn, drawn again -----------------------------------------------------------
    def drawing(self) -> tuple[int, int]:
        """Where the operators drawn next begin (for `drawn_since`)."""
        return len(self.canvas._code), len(self._uses)

    def drawn_since(self, start: tuple[int, int]) -> list:
        """[the operators drawn since `start`, the opacities and gradients they use], plain data."""
        code, uses = start
        return [self.canvas._code[code:], self._uses[uses:]]

    def draw_again(self, drawn: list, deflated: bytes | None = None) -> None:
        """What was drawn before (`drawn_since`), in a document with the same glyph codes; in a
        form, `deflated`: the form's stream as it was then compressed (`form_deflated`)."""
        operators, uses = drawn
        for use in uses:
            self._use(use)
        self.canvas._code.extend(operators)
        self._deflated = deflated

    # --- drawing, in millimetres ---------------------------------------------------------------
    def _emit(self, operators: str) -> None:
        self.canvas._code.append(operators)

    @contextmanager
    def placed(self, x: float, y: float, angle: float = 0.0, opacity: float = 1.0, clip: str | None = None):
        """Draw in a frame moved to (x, y) and turned by `angle` degrees, anticlockwise; at
        `opacity` times the opacity drawn at so far; inside `clip` (a `…_path` in that frame)."""
        outer = self._opacity
        begin_frame(self.canvas, x * mm, y * mm, angle)
        if opacity != 1.0:
            self._opacity = outer * opacity
            self._emit(f"/{self._use(('opacity', float(fp_str(self._opacity))))} gs")
        if clip is not None:
            self._emit(f"{clip} W n")
        try:
            yield
        finally:
            self._opacity = outer
            end_frame(self.canvas)

    def _grey(self, level, operator: str) -> str:
        """A grey (or a colour) as fill (`rg`) or stroke (`RG`) colour operators, in the target's
        colours (a press's: `k`, `K`)."""
        return self.colour.operator(level, stroke=operator == "RG")


@functools.cache
def _set_up_once() -> None:
    """ReportLab's writers made faster once a process, writing the same bytes: font subsets made
    and compressed once (render/subsets.py), streams not compressed twice, ASCII encoded as ASCII,
    names written once and a page's stream kept as written (render/streams.py), arrays of numbers
    written once and values and dictionaries written faster (render/once.py); and each subset tagged from what it holds (the fonts registered
    first)."""
    subsets_once()
    compression_once(compressed)
    arrays_once()
    values_once()
    ascii_once()
    names_once()
    written_once()
    subset_tags()


def _scaled(rect: Rect | None, paper: Paper, scale: tuple[float, float]) -> Rect | None:
    return rect if rect is None or scale == (1.0, 1.0) else rect.scaled((paper.width / 2, paper.height / 2), scale)


def _box(rect: Rect | None):
    if rect is None:
        return None
    return [round(v * mm, 4) for v in (rect.x, rect.y, rect.right, rect.top)]
