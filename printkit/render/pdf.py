"""The one module that sets up ReportLab: fonts, invariant mode, metadata, viewer preferences,
page boxes, and the millimetre-to-point conversion. Everything else draws through `PdfFile`."""

from __future__ import annotations

import functools
import hashlib
import io
import math
import re
import zlib
from contextlib import contextmanager

from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics, ttfonts
from reportlab.pdfgen.canvas import FILL_NON_ZERO, PATH_OPS, Canvas, _buildColorFunction

from printkit import __version__
from printkit.plan.fonts import FONTS, register_fonts
from printkit.plan.geometry import Paper, Rect, Segment
from printkit.plan.marks import Gradient
from printkit.plan.text import Text
from printkit.render import inks
from printkit.render.frames import begin_frame, end_frame, place_image
from printkit.render.once import arrays_once
from printkit.render.paths import circle_path, ellipse_path, polygon_path, rect_path
from printkit.render.colour import SRGB, narrowest

DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
# --ink-saver: fills larger than this (mm2) keep a quarter of their ink, with an outline where they
# were dark; type this large (pt) is drawn as an outline. Small marks (pips, scale blocks) stay.
LARGE_FILL = 20.0
INK_SAVED = 0.25
OUTLINE_TEXT = 24.0


class PdfFile:
    """A PDF being drawn, in millimetres, with the print settings every printkit file carries."""

    def __init__(self, title: str, subject: str, duplex: str | None = None, ink_saver: bool = False,
                 colour=SRGB(), page_layout: str | None = None):
        """`colour`: what the target prints colours and images in (printkit/render/colour.py: sRGB,
        or a press's CMYK); `page_layout`: the catalog's /PageLayout (Document.page_layout)."""
        register_fonts()
        _subsets_once()
        _subset_tags()
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

    def assign_glyphs(self, characters: dict[str, str]) -> None:
        """Every character the document sets, given its codes now, font by font in a fixed order
        and each font's characters in code-point order: a page's operators then depend on that
        page alone (and on this set), so that a page drawn before can be used again as it is."""
        doc = self.canvas._doc
        for font in sorted(characters):
            face = pdfmetrics.getFont(font)
            face.getSubsetInternalName(0, doc)  # the font's name given now, whatever it sets
            for subset, _ in face.splitString("".join(sorted(characters[font])), doc):
                face.getSubsetInternalName(subset, doc)

    def codes(self, wide: dict[str, str]) -> list:
        """What characters beyond ASCII were given (assign_glyphs), font by font: the font's name
        in this document and their codes (ReportLab gives ASCII its own codes, whatever is set)."""
        doc, found = self.canvas._doc, []
        for font in sorted(wide):
            face = pdfmetrics.getFont(font)
            found.append([font, face.getSubsetInternalName(0, doc),
                          [[subset, chars.decode("latin-1")] for subset, chars in face.splitString(wide[font], doc)]])
        return found

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
            form.stream = _Deflated(form.stream, self._deflated)
        self._deflated = None

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
    # Shapes and set text are written as PDF operators straight into the page: each shape one
    # `q … Q` with its own outline and fill, as ReportLab's canvas would write it, without the
    # canvas's bookkeeping round every call (most of the cost of drawing a page).
    def line(self, seg: Segment, width: float = 0.25, level: float = 0.0, dash=None) -> None:
        state, _ = self._paint(width, level, None, dash)
        self._emit(f"q {state} n {fp_str(seg.x1 * mm, seg.y1 * mm)} m {fp_str(seg.x2 * mm, seg.y2 * mm)} l S Q")

    def rect(self, r: Rect, width: float = 0.25, level: float | None = 0.0, fill=None,
             dash=None, radius: float = 0.0, solid: bool = False) -> None:
        """A rectangle; `level` is the outline's grey (None: no outline), `fill` the fill's (a
        grey, a colour or a Gradient); `solid`: as planned, even with the ink saver."""
        self._shape(rect_path(r, radius), width, level, fill, dash, area=0.0 if solid else r.width * r.height,
                    size=(r.width * r.height, min(r.width, r.height)))

    def polygon(self, points, width: float = 0.25, level: float | None = 0.0, fill=None,
                closed: bool = True, dash=None) -> None:
        """A polygon, or (not `closed`) an open polyline, never filled."""
        self._shape(polygon_path(points, closed), width, level, fill if closed else None, dash, area=_area(points),
                    size=(_area(points), narrowest(_area(points), _perimeter(points))))

    def circle(self, x: float, y: float, r: float, width: float = 0.25, level=0.0, fill=None, dash=None) -> None:
        self._shape(circle_path(x, y, r), width, level, fill, dash, area=3.1416 * r * r, size=(math.pi * r * r, 2 * r))

    def ellipse(self, r: Rect, width: float = 0.25, level=0.0, fill=None, dash=None) -> None:
        """The ellipse inscribed in `r`."""
        area = math.pi * r.width * r.height / 4
        self._shape(ellipse_path(r), width, level, fill, dash, area=area, size=(area, min(r.width, r.height)))

    def _shape(self, path: str, width: float, level, fill, dash, area: float, size=None) -> None:
        """A shape's path (`…_path`) outlined and filled, each shape one `q … Q`; `area`: as the
        ink saver takes it (0: solid), `size`: the fill's (area mm², narrowest mm), for a press's
        rich black."""
        if isinstance(fill, Gradient):
            self._shaded(path, width, level, fill, dash, area)
            return
        state, paint = self._paint(width, level, fill, dash, area, size)
        self._emit(f"q {state} {path} {paint} Q")

    def _shaded(self, path: str, width: float, level, gradient: Gradient, dash, area: float) -> None:
        """A gradient painted through a shape's path (its clip), then the shape's outline over it.
        The ink saver lightens each of its colours as it would a plain fill's, and outlines it
        where it was dark."""
        colours = gradient.colours
        if self.ink_saver and area >= LARGE_FILL:
            darkest = min(colours, key=_lightness)
            level = level if level is not None or _lightness(darkest) > 0.5 else darkest
            colours = tuple(_lighter(colour) for colour in colours)
        self._emit(f"q {path} W n /{self._use(self._gradient(gradient, colours))} sh Q")
        if level is not None:
            state, paint = self._paint(width, level, None, dash)
            self._emit(f"q {state} {path} {paint} Q")

    def _gradient(self, gradient: Gradient, colours) -> tuple:
        """A gradient as plain data: its colour space, its axis in points, its colours (in the
        target's colour space), its stops."""
        space, colours = self.colour.shading(colours)
        (x0, y0), (x1, y1) = gradient.start, gradient.end
        stops = None if gradient.stops is None else tuple(gradient.stops)
        return ("gradient", space, (x0 * mm, y0 * mm, x1 * mm, y1 * mm), colours, stops)

    def set_text(self, text: Text) -> None:
        """Set lines (plan.text) drawn as planned: each line's runs one after the other, in the
        line's own colour if it has one (a span's), then the text's again. Type the ink saver
        outlines is drawn in stroke mode, with a line as wide as a thirtieth of its size."""
        levels = [text.level] + [line.level for line in text.lines if line.level is not None]
        over = all(self.colour.overprints(level) for level in levels)  # black text alone: a span's colour knocks out
        code = [f"q {f'/{self._use(inks.OVERPRINT)} gs ' if over else ''}{self._grey(text.level, 'rg')} BT"]
        for line in text.lines:
            level = text.level if line.level is None else line.level
            if line.level is not None:
                code.append(self._grey(level, "rg"))
            outlined = self.ink_saver and line.size >= OUTLINE_TEXT
            if outlined:
                code.append(f"{self._grey(level, 'RG')} {fp_str(max(0.5, line.size * 0.03))} w 1 Tr")
            code.append(f"1 0 0 1 {fp_str((text.x + line.x) * mm, (text.top + line.baseline) * mm)} Tm")
            code += [self._run(font, line.size, run) for font, run in line.runs]
            if outlined:
                code.append("0 Tr")
            if line.level is not None:
                code.append(self._grey(text.level, "rg"))
        code.append("ET Q")
        self._emit(" ".join(code))

    def _run(self, font: str, size: float, run: str) -> str:
        """The operators that show `run` in `font` at `size`: the font's subsets chosen and the
        characters encoded once for each document (a subset's codes never change once given)."""
        key = (font, size, run)
        ops = self._runs.get(key)
        if ops is None:
            face, doc = pdfmetrics.getFont(font), self.canvas._doc
            ops = " ".join(f"{face.getSubsetInternalName(subset, doc)} {fp_str(size)} Tf ({escapePDF(chars)}) Tj"
                           for subset, chars in face.splitString(run, doc))
            self._runs[key] = ops
        return ops

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

    def die_line(self, path: str) -> None:
        """`path` (a `…_path`) stroked as a die line in the CutContour spot colour (render/inks.py)."""
        if inks.CUT_CONTOUR not in self.canvas._doc.idToObject:
            self.canvas._doc.Reference(inks.separation(), inks.CUT_CONTOUR)
        self.canvas._colorsUsed[inks.CUT_CONTOUR] = inks.CUT_CONTOUR  # in the page's /ColorSpace
        self._emit(inks.die_line(path, self._use(inks.OVERPRINT_STROKE)))

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

    def _use(self, resource: tuple) -> str:
        """The name the page or form being drawn gives a graphics state (an opacity, an overprint:
        inks.state) or a gradient (PdfFile._gradient), the document's resource made once."""
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

    def _paint(self, width: float, level: float | None, fill: float | None, dash=None,
               area: float = 0.0, size=None) -> tuple[str, str]:
        """One shape's outline (grey `level`, `width` mm, dashed or not) and fill (grey `fill`) as
        graphics-state operators, and the operator that paints its path with them."""
        if self.ink_saver and fill is not None and area >= LARGE_FILL:
            level = level if level is not None or _lightness(fill) > 0.5 else fill
            fill = _lighter(fill)
        state = []
        if level is not None:
            over = f"/{self._use(inks.OVERPRINT_STROKE)} gs " if self.colour.overprints(level, width) else ""
            state.append(f"{over}{fp_str(width * mm)} w {self._grey(level, 'RG')}")
            if dash:
                state.append(f"[{fp_str([d * mm for d in dash])}] 0 d")
        if fill is not None:
            state.append(self.colour.operator(fill, solid=size))
        return " ".join(state), PATH_OPS[int(level is not None), int(fill is not None), FILL_NON_ZERO]

    def _grey(self, level, operator: str) -> str:
        """A grey (or a colour) as fill (`rg`) or stroke (`RG`) colour operators, in the target's
        colours (a press's: `k`, `K`)."""
        return self.colour.operator(level, stroke=operator == "RG")


def _lightness(value) -> float:
    return sum(value) / 3 if isinstance(value, tuple) else value


def _lighter(value):
    """A fill the ink saver prints: a quarter of its ink."""
    if isinstance(value, tuple):
        return tuple(1 - (1 - part) * INK_SAVED for part in value)
    return 1 - (1 - value) * INK_SAVED


@functools.lru_cache(maxsize=64)
def _drawing(path: str, digest: str):
    """An SVG file (of these contents) as a ReportLab drawing (checked when the content was loaded)."""
    from printkit.load.drawings import svg_drawing

    return svg_drawing(path)


@functools.cache
def _subsets_once() -> None:
    """Each font subset printkit's fonts embed made and compressed once a process, not once a file:
    the setup sheets of a campaign embed the same few (most of a small file's drawing time). The
    subset's bytes are ReportLab's own (TTFontFace.makeSubset), and so are the compressed ones
    (zlib, as ReportLab's stream filter calls it): the files are the same, byte for byte."""
    kept: dict[int, tuple[bytes, bytes]] = {}  # id of a subset's bytes -> (those bytes, compressed)
    for name in FONTS:
        face = pdfmetrics.getFont(name).face
        make = face.makeSubset

        @functools.lru_cache(maxsize=64)
        def made(codes: tuple, make=make) -> bytes:
            data = make(list(codes))
            kept[id(data)] = (data, zlib.compress(data))
            return data
        face.makeSubset = lambda subset, made=made: made(tuple(subset))
    flate = pdfdoc.PDFZCompress
    encode = flate.encode

    @functools.lru_cache(maxsize=256)
    def small(text):  # a subset's ToUnicode map: the same few in every file
        return encode(text)

    def encoded(text):
        if type(text) is _Deflated:
            return text.deflated
        found = kept.get(id(text))
        if found is not None and found[0] is text:
            return found[1]
        return small(text) if len(text) <= 4096 else encode(text)
    flate.encode = encoded
    arrays_once()
    _ascii_once()


@functools.cache
def _subset_tags() -> None:
    """Each embedded subset's tag, the six capitals before its font's name (`KQWZRE+DejaVuSans`),
    made from its font and the characters it holds, not from ReportLab's count of a file's
    subsets (`AAAAAA+` in every file): subsets that differ are named apart, across files too, as a
    print shop's RIP merging the files of an order needs (ISO 32000-1, 9.6.4); the same subset is
    named alike, so a file is the same bytes every time it is drawn."""
    add = ttfonts.TTFont.addObjects

    def tagged(font, doc):
        state = font.state.get(doc)
        tags = [subset_tag(bytes(font.face.name), subset) for subset in (state.subsets if state else [])]
        numbered = ttfonts.SUBSETN
        ttfonts.SUBSETN = lambda n: tags[n]
        try:
            add(font, doc)
        finally:
            ttfonts.SUBSETN = numbered
    ttfonts.TTFont.addObjects = tagged


def subset_tag(face: bytes, codes) -> bytes:
    """Six capitals from a digest of a font's face name and the character codes of one subset."""
    digest = hashlib.sha256(face + b"\0" + ",".join(map(str, codes)).encode()).digest()
    return bytes(ord("A") + byte % 26 for byte in digest[:6])


class _Deflated(str):
    """A stream's content compressed as soon as it is complete, as ReportLab's filter would
    compress it when the file is written (the same call, the same bytes): the text itself is let
    go. It stands in for the text as a one-character string, never empty (an empty form is
    written as a test pattern)."""

    def __new__(cls, text: str, deflated: bytes | None = None):
        """`deflated`: the text as compressed before (PdfFile.form_deflated), not compressed again."""
        made = super().__new__(cls, " ")
        made.deflated = deflated if deflated is not None else \
            zlib.compress(text.encode("utf8") if isinstance(text, str) else text)
        return made


# the ASCII characters PDFDocEncoding (ReportLab's "extpdfdoc") gives other codes: it is ASCII elsewhere
_NOT_AS_ASCII = re.compile("[\x18-\x1f]")


def _ascii_once() -> None:
    """ReportLab encodes every string it writes (each page's and form's operators among them)
    with its PDFDocEncoding codec, a character map in Python: a booklet's operators took longer
    to encode than to compress. Text that is ASCII, and that codec writes as ASCII, is encoded
    as ASCII: the same bytes (tests/test_render.py checks every character), a thousand times as fast."""
    slow = pdfdoc.pdfdocEnc

    def encoded(text):
        if type(text) is str and text.isascii() and not _NOT_AS_ASCII.search(text):
            return text.encode("ascii")
        return slow(text)
    pdfdoc.pdfdocEnc = encoded


def _shading(gradient: tuple) -> pdfdoc.PDFAxialShading:
    """An axial shading (PdfFile._gradient), carried on beyond both ends."""
    _, space, coords, colours, stops = gradient
    function = _buildColorFunction([list(colour) for colour in colours], stops)
    return pdfdoc.PDFAxialShading(*coords, Function=function, ColorSpace=space, Extend="[true true]")


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


def _area(points) -> float:
    """A polygon's area in mm2 (shoelace formula)."""
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))) / 2


def _perimeter(points) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:] + points[:1]))


def _scaled(rect: Rect | None, paper: Paper, scale: tuple[float, float]) -> Rect | None:
    return rect if rect is None or scale == (1.0, 1.0) else rect.scaled((paper.width / 2, paper.height / 2), scale)


def _box(rect: Rect | None):
    if rect is None:
        return None
    return [round(v * mm, 4) for v in (rect.x, rect.y, rect.right, rect.top)]
