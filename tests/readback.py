"""Reading built PDFs back, in millimetres, for the tests of every game: what a printer and a
person with a ruler will actually get.

Geometry is read with pdfplumber (drawn rects, lines, curves and characters) and pypdf (page boxes,
metadata, viewer preferences, fonts), converted to millimetres with y measured up from the bottom
edge, as in PDF. Every expected number in the tests is computed from the print spec (PRINT.md),
never taken from printkit's plan code: poker card 63.5 x 88.9 mm, A4 210 x 297 mm, Letter 215.9 x
279.4 mm, 1 pt = 25.4/72 mm, a 3 x 3 grid centred on the page, ink kept 5 mm inside every page edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdf

_PAGES: dict[Path, tuple] = {}  # each built PDF is read once per test process
_READERS: dict[Path, pypdf.PdfReader] = {}

MM = 25.4 / 72  # millimetres per point
TOL = 0.05  # mm
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # portrait width, height
CARD_W, CARD_H = 63.5, 88.9  # poker
COLS = ROWS = 3
UNPRINTABLE = 5.0  # home printers cannot print the outer ~5 mm
FRAME_INSET = 3.0  # every card side (face and back) draws a frame this far inside its trim
KIT_FRAME_INSET = 4.25  # or its own: the bundled kits' decks (content/*/layouts.yaml), clear of 4 mm safe zones
SAFE_ZONE = 25.4 / 8  # text stays 1/8 in inside the trim
BLEED = 3.0
BACK_BLEED = 3.0  # on a sheet of abutting cards, each back is drawn this far past its trim, clipped at the cuts it shares
SCALE_BARS = ((50.0, "50 mm at 100%", 10.0), (2 * 25.4, "2 in at 100%", 25.4 / 4))  # length, label, tick step
@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    def grow(self, by: float) -> "Box":
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def same(self, other: "Box", tol: float = TOL) -> bool:
        return all(abs(a - b) <= tol for a, b in zip(self.tuple, other.tuple))

    def within(self, outer: "Box", tol: float = TOL) -> bool:
        return (self.x0 >= outer.x0 - tol and self.y0 >= outer.y0 - tol
                and self.x1 <= outer.x1 + tol and self.y1 <= outer.y1 + tol)

    def touches(self, other: "Box", tol: float = TOL) -> bool:
        """True when the two closed boxes come within `tol` of each other (or overlap)."""
        return (self.x0 <= other.x1 + tol and other.x0 <= self.x1 + tol
                and self.y0 <= other.y1 + tol and other.y0 <= self.y1 + tol)

    def holds(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    @property
    def tuple(self) -> tuple[float, float, float, float]:
        return self.x0, self.y0, self.x1, self.y1

    def __str__(self) -> str:
        return f"({self.x0:.3f}, {self.y0:.3f})-({self.x1:.3f}, {self.y1:.3f}) [{self.width:.3f} x {self.height:.3f}]"


def union(boxes) -> Box:
    boxes = list(boxes)
    return Box(min(b.x0 for b in boxes), min(b.y0 for b in boxes),
               max(b.x1 for b in boxes), max(b.y1 for b in boxes))


@dataclass(frozen=True)
class Shape:
    """A drawn rect, line or curve: its path's bounding box (stroke width not included)."""
    box: Box
    stroke: bool
    fill: bool
    width: float  # stroke width, mm
    stroke_grey: float | None  # 0 black .. 1 white; None when not a grey
    fill_grey: float | None
    dashed: bool
    fill_rgb: tuple | None = None  # (red, green, blue) 0..1, a grey's three equal; None when not filled in RGB
    stroke_rgb: tuple | None = None


@dataclass(frozen=True)
class Char:
    text: str
    font: str
    box: Box
    origin: tuple[float, float]  # baseline start
    direction: tuple[float, float]  # unit vector along the baseline
    size: float  # points
    colour: tuple | None = None  # its fill colour (red, green, blue), 0..1


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    rects: tuple[Shape, ...]
    lines: tuple[Shape, ...]
    curves: tuple[Shape, ...]
    chars: tuple[Char, ...]
    images: int

    @property
    def shapes(self) -> tuple[Shape, ...]:
        return self.rects + self.lines + self.curves


def _grey(colour) -> float | None:
    if colour is None:
        return None
    if isinstance(colour, (int, float)):
        return float(colour)
    values = [float(v) for v in colour if isinstance(v, (int, float))]
    if len(values) == 1:
        return values[0]
    if len(values) == 3 and max(values) - min(values) < 1e-6:
        return values[0]
    if len(values) == 4 and max(values[:3]) < 1e-6:  # CMYK, key only
        return 1.0 - values[3]
    return None


def _box(obj) -> Box:
    return Box(obj["x0"] * MM, obj["y0"] * MM, obj["x1"] * MM, obj["y1"] * MM)


def _shape(obj) -> Shape:
    dash = obj.get("dash")
    dashed = bool(dash and dash[0] and any(v > 0 for v in dash[0]))
    return Shape(_box(obj), bool(obj.get("stroke")), bool(obj.get("fill")), (obj.get("linewidth") or 0) * MM,
                 _grey(obj.get("stroking_color")), _grey(obj.get("non_stroking_color")), dashed,
                 _rgb(obj.get("non_stroking_color")) if obj.get("fill") else None,
                 _rgb(obj.get("stroking_color")) if obj.get("stroke") else None)


def _rgb(colour) -> tuple | None:
    """A colour as (red, green, blue), 0..1: a grey as three equal parts."""
    if isinstance(colour, (int, float)):
        return (float(colour),) * 3
    values = tuple(float(v) for v in colour or () if isinstance(v, (int, float)))
    if len(values) == 1:
        return values * 3
    return values if len(values) == 3 else None


def _char(obj) -> Char:
    a, b, _, _, e, f = obj["matrix"]
    norm = math.hypot(a, b) or 1.0
    return Char(obj["text"], obj["fontname"], _box(obj), (e * MM, f * MM), (a / norm, b / norm), obj["size"],
                _rgb(obj.get("non_stroking_color")))


def pages(path: Path) -> tuple[Page, ...]:
    """Every page of a PDF as plain data, parsed once per test session."""
    key = Path(path).resolve()
    if key not in _PAGES:
        with pdfplumber.open(key) as pdf:
            _PAGES[key] = tuple(
                Page(float(p.width) * MM, float(p.height) * MM,
                     tuple(_shape(o) for o in p.rects), tuple(_shape(o) for o in p.lines),
                     tuple(_shape(o) for o in p.curves), tuple(_char(o) for o in p.chars), len(p.images))
                for p in pdf.pages)
    return _PAGES[key]


def reader(path: Path) -> pypdf.PdfReader:
    key = Path(path).resolve()
    if key not in _READERS:
        _READERS[key] = pypdf.PdfReader(key)
    return _READERS[key]


def pdf_box(page, name: str) -> Box | None:
    """A page box in mm, or None when the page dictionary does not set it (no inheritance check)."""
    value = page.get(name)
    if value is None:
        return None
    x0, y0, x1, y1 = (float(v) * MM for v in value)
    return Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def text_of(chars) -> str:
    """Characters read in lines (grouped by direction and baseline), words separated by one space."""
    lines: dict[tuple, list[Char]] = {}
    for ch in chars:
        dx, dy = ch.direction
        across = -dy * ch.origin[0] + dx * ch.origin[1]  # baseline position, perpendicular to text
        key = (round(dx, 1), round(dy, 1), round(across / 0.8))
        lines.setdefault(key, []).append(ch)

    def along(ch: Char) -> float:
        return ch.origin[0] * ch.direction[0] + ch.origin[1] * ch.direction[1]

    def line_order(item):
        (dx, dy, across), _ = item
        return (dx, dy, -across)  # top line first for upright text

    out = []
    for _, line in sorted(lines.items(), key=line_order):
        line.sort(key=along)
        words, previous = "", None
        for ch in line:
            if previous is not None and ch.text != " " and previous.text != " ":
                gap = along(ch) - (along(previous) + advance(previous))
                if gap > 0.2 * ch.size * MM:
                    words += " "
            words += ch.text
            previous = ch
        out.append(" ".join(words.split()))
    return " ".join(w for w in out if w)


def advance(ch: Char) -> float:
    dx, dy = ch.direction
    return abs(ch.box.width * dx) + abs(ch.box.height * dy)


def chars_in(page: Page, box: Box):
    return [ch for ch in page.chars if box.holds(*ch.box.centre)]


def expected_slots(paper: str) -> dict[tuple[int, int], Box]:
    """(row, col) -> trim of a 3 x 3 poker grid centred on the portrait page; row 0 at the top."""
    width, height = PAPERS[paper]
    left, bottom = (width - COLS * CARD_W) / 2, (height - ROWS * CARD_H) / 2
    return {(row, col): Box(left + col * CARD_W, bottom + (ROWS - 1 - row) * CARD_H,
                            left + (col + 1) * CARD_W, bottom + (ROWS - row) * CARD_H)
            for row in range(ROWS) for col in range(COLS)}


def cut_lines(page: Page) -> list[Box]:
    """The light-grey cut-line rectangles that card fronts draw on each trim."""
    return [s.box for s in page.rects
            if s.stroke and not s.fill and s.stroke_grey is not None and 0.3 < s.stroke_grey < 0.95]


def back_art(front: Page) -> Box | None:
    """Where the back page after `front` may print into the printer's margin: its backs' art,
    BACK_BLEED past the front's cut lines mirrored for the long-edge flip. It is bleed, there to be
    cut off: a printer that cannot print it loses nothing. None when the front has no cut lines."""
    trims = cut_lines(front)
    if not trims:
        return None
    grid = union(trims).grow(BACK_BLEED)
    return Box(front.width - grid.x1, grid.y0, front.width - grid.x0, grid.y1)


def frames(page: Page) -> list[Box]:
    """Card sides, returned as their trims: a face's frame (a stroked path exactly 3 mm, or the
    kits' own 4.25 mm, inside a poker trim), or a back's ground (a filled, unstroked rectangle the
    size of the trim, or of the trim and its 3 mm bleed, drawn to the cut so that a back printed
    off its front still looks right)."""
    found = [s.box.grow(inset) for inset in (FRAME_INSET, KIT_FRAME_INSET) for s in page.rects + page.curves
             if s.stroke and abs(s.box.width - (CARD_W - 2 * inset)) <= TOL
             and abs(s.box.height - (CARD_H - 2 * inset)) <= TOL]
    for shape in page.rects:
        for bleed in (0.0, BLEED):
            if shape.fill and not shape.stroke and abs(shape.box.width - CARD_W - 2 * bleed) <= TOL \
                    and abs(shape.box.height - CARD_H - 2 * bleed) <= TOL:
                found.append(shape.box.grow(-bleed))
    unique: list[Box] = []
    for box in found:
        if not any(box.same(other) for other in unique):
            unique.append(box)
    return unique


def scale_bar_rects(page: Page) -> list[Box]:
    """Outline rects of scale bars: stroked, thin (< 3 mm), 40 to 60 mm long."""
    return [s.box for s in page.rects
            if s.stroke and min(s.box.width, s.box.height) < 3 and 40 <= max(s.box.width, s.box.height) <= 60]


def bar_label(page: Page, bar: Box) -> list[str]:
    """Text lying alongside a bar (within 4 mm, on either side), read in its own direction."""
    vertical = bar.height > bar.width
    found = []
    for side in (-1, 1):
        if vertical:
            band = Box(bar.x1, bar.y0 - 2, bar.x1 + 4, bar.y1 + 2) if side > 0 else \
                Box(bar.x0 - 4, bar.y0 - 2, bar.x0, bar.y1 + 2)
        else:
            band = Box(bar.x0 - 2, bar.y1, bar.x1 + 2, bar.y1 + 4) if side > 0 else \
                Box(bar.x0 - 2, bar.y0 - 4, bar.x1 + 2, bar.y0)
        chars = chars_in(page, band)
        if chars:
            found.append(text_of(chars))
    return found


def fonts(path: Path) -> dict[str, pypdf.generic.DictionaryObject]:
    """Every font a page (or a form XObject on it) can use: base name -> font dictionary."""
    found: dict[str, pypdf.generic.DictionaryObject] = {}
    seen_forms: set[int] = set()

    def walk(resources) -> None:
        resources = resources.get_object() if resources is not None else None
        if not resources:
            return
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            found[str(font.get("/BaseFont", font.get("/Name", "?")))] = font
        for ref in (resources.get("/XObject") or {}).values():
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form" and id(xobject) not in seen_forms:
                seen_forms.add(id(xobject))
                walk(xobject.get("/Resources"))

    for page in reader(path).pages:
        walk(page.get("/Resources"))
    return found


def embedded(font) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and "/FontFile2" in descriptor.get_object()
