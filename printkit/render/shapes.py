"""Shapes drawn into a PDF's page in millimetres: lines, rectangles, polygons, circles, ellipses and
die lines, each outlined and filled in the target's colours (overprinting black where the press
wants it), a gradient through its shape's path, and large fills lightened by the ink saver.

Each shape is written as PDF operators straight into the page, one `q … Q` with its own outline
and fill, as ReportLab's canvas would write it, without the canvas's bookkeeping round every call
(most of the cost of drawing a page). A part of `PdfFile` (render/pdf.py)."""

from __future__ import annotations

import math

from reportlab.lib.units import mm
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import FILL_NON_ZERO, PATH_OPS

from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Gradient
from printkit.render import inks
from printkit.render.ink_saver import LARGE_FILL, lighter, lightness
from printkit.render.paths import circle_path, ellipse_path, polygon_path, rect_path


class Shapes:
    """PdfFile's shapes (it holds the canvas, the target's `colour`, `ink_saver`, `_emit`, `_use`
    and `_grey`)."""

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

    def die_line(self, path: str) -> None:
        """`path` (a `…_path`) stroked as a die line in the CutContour spot colour (render/inks.py)."""
        if inks.CUT_CONTOUR not in self.canvas._doc.idToObject:
            self.canvas._doc.Reference(inks.separation(), inks.CUT_CONTOUR)
        self.canvas._colorsUsed[inks.CUT_CONTOUR] = inks.CUT_CONTOUR  # in the page's /ColorSpace
        self._emit(inks.die_line(path, self._use(inks.OVERPRINT_STROKE)))

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
            darkest = min(colours, key=lightness)
            level = level if level is not None or lightness(darkest) > 0.5 else darkest
            colours = tuple(lighter(colour) for colour in colours)
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

    def _paint(self, width: float, level: float | None, fill: float | None, dash=None,
               area: float = 0.0, size=None) -> tuple[str, str]:
        """One shape's outline (grey `level`, `width` mm, dashed or not) and fill (grey `fill`) as
        graphics-state operators, and the operator that paints its path with them."""
        if self.ink_saver and fill is not None and area >= LARGE_FILL:
            level = level if level is not None or lightness(fill) > 0.5 else fill
            fill = lighter(fill)
        state = []
        if level is not None:
            over = f"/{self._use(inks.OVERPRINT_STROKE)} gs " if self.colour.overprints(level, width) else ""
            state.append(f"{over}{fp_str(width * mm)} w {self._grey(level, 'RG')}")
            if dash:
                state.append(f"[{fp_str([d * mm for d in dash])}] 0 d")
        if fill is not None:
            state.append(self.colour.operator(fill, solid=size))
        return " ".join(state), PATH_OPS[int(level is not None), int(fill is not None), FILL_NON_ZERO]


def _area(points) -> float:
    """A polygon's area in mm2 (shoelace formula)."""
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))) / 2


def _perimeter(points) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:] + points[:1]))


def narrowest(area: float, perimeter: float) -> float:
    """How wide a shape is at its narrowest, as the short side of the rectangle of its area and
    perimeter (a rectangle's own; a long thin or spiky polygon's is small); a shape rounder than a
    square has no such rectangle: the side of the square of its area."""
    half = perimeter / 2
    return (half - math.sqrt(half * half - 4 * area)) / 2 if half * half >= 4 * area else math.sqrt(area)
