"""What a planned page is made of: marks, in millimetres, as data. A product's plan is a list of
pages of marks; `render` draws them and does nothing else, so a plan can be checked, measured and
tested before anything is drawn.

Greys: 0 is black, 1 is white; `level` is an outline's grey (None: no outline), `fill` a fill's
(None: not filled). Everything printkit prints reads in black-and-white print; a project's own
game may colour its marks: a level or fill is then (red, green, blue), each 0 to 1, and a shape's
fill may be a `Gradient`. A `dash` is (dash, gap) in mm.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.plan.geometry import Paper, Rect, Segment


@dataclass(slots=True)
class Gradient:
    """A linear gradient, as a fill: `colours` (greys or (red, green, blue)) from `start` to `end`
    (mm, in the frame of the shape it fills), at `stops` (0 to 1 along the way; evenly spaced when
    None), each end's colour carried on beyond it."""

    start: tuple[float, float]
    end: tuple[float, float]
    colours: tuple
    stops: tuple[float, ...] | None = None


@dataclass(slots=True)
class Line:
    seg: Segment
    width: float = 0.25
    level: float = 0.0
    dash: tuple[float, float] | None = None
    item: str | None = field(default=None, compare=False)  # what it is (its layer), for preflight
    where: str | None = field(default=None, compare=False)  # FILE:LINE of the layer it is planned for


@dataclass(slots=True)
class Box:
    rect: Rect
    width: float = 0.25
    level: float | None = 0.0
    fill: float | Gradient | None = None
    dash: tuple[float, float] | None = None
    radius: float = 0.0
    solid: bool = False  # printed as planned even by the ink saver: a machine reads it (a registration mark)
    item: str | None = field(default=None, compare=False)  # what it is (its layer), for preflight
    where: str | None = field(default=None, compare=False)  # FILE:LINE of the layer it is planned for


@dataclass(slots=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    width: float = 0.25
    level: float | None = 0.0
    fill: float | Gradient | None = None
    item: str | None = None  # what it is ("diamond"), for a preflight's messages; never drawn
    dash: tuple[float, float] | None = None
    closed: bool = True  # False: an open polyline, never filled
    where: str | None = field(default=None, compare=False)  # FILE:LINE of the layer it is planned for


@dataclass(slots=True)
class Circle:
    x: float
    y: float
    r: float
    width: float = 0.25
    level: float | None = 0.0
    fill: float | Gradient | None = None
    item: str | None = None
    dash: tuple[float, float] | None = None
    where: str | None = field(default=None, compare=False)  # FILE:LINE of the layer it is planned for


@dataclass(slots=True)
class Ellipse:
    """The ellipse inscribed in `rect`."""

    rect: Rect
    width: float = 0.25
    level: float | None = 0.0
    fill: float | Gradient | None = None
    dash: tuple[float, float] | None = None
    item: str | None = None
    where: str | None = field(default=None, compare=False)  # FILE:LINE of the layer it is planned for


@dataclass(slots=True)
class Picture:
    """A project's image (PNG, JPEG or SVG) drawn to fill `rect`: each file is embedded once in a
    document, however often it is placed."""

    path: str
    rect: Rect
    digest: str  # of the file's bytes: what names it in the PDF, wherever the project is
    svg: bool = False
    item: str | None = field(default=None, compare=False)  # what it is (its layer), for preflight
    where: str | None = field(default=None, compare=False)  # FILE:LINE of the layer it is planned for


@dataclass(slots=True)
class Group:
    """Marks drawn in a frame moved to (x, y) and turned by `angle` degrees, anticlockwise; at
    `opacity` (0 to 1: each mark's fill and outline, text and images, over what lies beneath;
    a group's inside another's, at the product of theirs); and only inside `clip`'s outline, a
    shape in the group's own frame."""

    marks: tuple
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    opacity: float = 1.0
    clip: Box | Ellipse | Circle | Polygon | None = None


@dataclass(slots=True)
class DieLine:
    """Where a press's die or a print-and-cut machine cuts a shaped piece: `shape`'s outline, in
    the page's frame, stroked in the spot colour CutContour (printkit/render/inks.py), which no
    plate prints. Planned only on a press file's pages (printkit/targets/dielines.py)."""

    shape: Circle | Ellipse | Box | Polygon


@dataclass(slots=True)
class UseForm:
    """A page-sized piece drawn once (`Form`) and placed here, bottom-left at (x, y)."""

    name: str
    x: float = 0.0
    y: float = 0.0


@dataclass(slots=True)
class Form:
    name: str
    paper: Paper
    marks: tuple


@dataclass(slots=True)
class Page:
    paper: Paper
    marks: tuple
    trim: Rect | None = None  # TrimBox: where the cards are cut (card sheets)
    bleed: Rect | None = None


@dataclass(slots=True)
class Document:
    """One planned PDF: its pages, the forms they place, and what the file says about itself."""

    title: str
    subject: str
    pages: tuple[Page, ...]
    duplex: str | None = None  # the flip a duplex printer should use: long | short | None
    forms: tuple[Form, ...] = field(default=())
    # font -> characters given their codes before any page's or form's own: the same for every
    # file of a booklet (the whole booklet's), so that a page's drawing in one is its drawing in
    # the others, and for a deck whatever its first cards set (products: Product.glyphs)
    glyphs: dict[str, str] | None = None
    # how a reader first shows the pages (the catalog's /PageLayout): "TwoPageRight" shows a
    # booklet's spreads side by side, its cover alone on the right; None: the reader's own choice
    page_layout: str | None = None


@dataclass(slots=True)
class Written:
    """A planned file that is not a PDF (a cutting machine's SVG cut file): its bytes, made when
    it is planned, and the sheets it stands for, as a build counts pages."""

    data: bytes
    sheets: int = 1


def page_count(plan) -> int:
    """The pages of a planned file: a Document's, or the sheets a Written file stands for."""
    return plan.sheets if isinstance(plan, Written) else len(plan.pages)


def frame_of(points) -> Rect:
    """The smallest rectangle holding every point."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
