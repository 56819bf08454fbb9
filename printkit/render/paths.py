"""Shapes as PDF path operators, in points, from millimetres: to paint (PdfFile._shape), to clip
to (PdfFile.placed) or to cut along (PdfFile.die_line)."""

from __future__ import annotations

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfgen.pathobject import PDFPathObject

from printkit.plan.geometry import Rect


def rect_path(r: Rect, radius: float = 0.0) -> str:
    """A rectangle's path, its corners rounded to `radius` mm."""
    if radius:
        path = PDFPathObject()
        path.roundRect(r.x * mm, r.y * mm, r.width * mm, r.height * mm, radius * mm)
        return path.getCode()
    return f"n {fp_str(r.x * mm, r.y * mm, r.width * mm, r.height * mm)} re"


def polygon_path(points, closed: bool = True) -> str:
    lines = " ".join(f"{fp_str(x * mm, y * mm)} l" for x, y in points[1:])
    return f"n {fp_str(points[0][0] * mm, points[0][1] * mm)} m {lines}{' h' if closed else ''}"


def circle_path(x: float, y: float, r: float) -> str:
    path = PDFPathObject()
    path.circle(x * mm, y * mm, r * mm)
    return path.getCode()


def ellipse_path(r: Rect) -> str:
    """The ellipse inscribed in `r`."""
    path = PDFPathObject()
    path.ellipse(r.x * mm, r.y * mm, r.width * mm, r.height * mm)
    return path.getCode()
