"""A cut file as DXF, beside the SVG (render/svg.py), for cutting software that reads no SVG
(Silhouette Studio's free edition opens DXF, not SVG). Written by ezdxf, the library made for the
format: the sheet's card outlines in millimetres ($INSUNITS 4), y running up from the sheet's foot
as in the PDF, on a layer CUT in red. A rectangular card is a closed polyline, its rounded corners
quarter-circle arcs (bulges); a round token is a circle (an ellipse for an oval trim). The file is
the same bytes every time: ezdxf writes fixed identifiers and dates when asked to."""

from __future__ import annotations

import io
import math

from printkit.plan.cutter import CutSheet

LAYER = "CUT"
RED = 1  # the AutoCAD colour index of red, what cutting software shows as a cut line
QUARTER = math.tan(math.pi / 8)  # the bulge of a quarter-circle arc: tan(90° / 4)


def cut_dxf(sheet: CutSheet) -> bytes:
    import ezdxf  # numpy and fonttools come with it: loaded only to write a cut file

    ezdxf.options.write_fixed_meta_data_for_testing = True  # no date, no random GUID: the same bytes
    doc = ezdxf.new("R2010", units=4)  # 4: millimetres
    doc.header["$MEASUREMENT"] = 1  # metric
    doc.header["$EXTMIN"] = (0, 0, 0)
    doc.header["$EXTMAX"] = (sheet.paper.width, sheet.paper.height, 0)
    doc.layers.add(LAYER, color=RED)
    space = doc.modelspace()
    attributes = {"layer": LAYER}
    for trim in sheet.trims:
        if sheet.round:
            _oval(space, trim, attributes)
        else:
            space.add_lwpolyline(_outline(trim, sheet.radius), format="xyb", close=True, dxfattribs=attributes)
    doc.set_modelspace_vport(height=sheet.paper.height, center=(sheet.paper.width / 2, sheet.paper.height / 2))
    text = io.StringIO()
    doc.write(text)
    return text.getvalue().encode("utf-8")


def _outline(trim, radius: float) -> list[tuple[float, float, float]]:
    """The trim's corners anticlockwise from its foot's left, as (x, y, bulge) points; with a
    radius, each corner is an arc from the end of one side to the start of the next."""
    left, bottom, right, top = trim.x, trim.y, trim.x + trim.width, trim.y + trim.height
    if not radius:
        return [(left, bottom, 0), (right, bottom, 0), (right, top, 0), (left, top, 0)]
    r = radius
    return [(left + r, bottom, 0), (right - r, bottom, QUARTER), (right, bottom + r, 0), (right, top - r, QUARTER),
            (right - r, top, 0), (left + r, top, QUARTER), (left, top - r, 0), (left, bottom + r, QUARTER)]


def _oval(space, trim, attributes: dict) -> None:
    centre = (trim.x + trim.width / 2, trim.y + trim.height / 2)
    if math.isclose(trim.width, trim.height):
        space.add_circle(centre, trim.width / 2, dxfattribs=attributes)
        return
    major = (trim.width / 2, 0) if trim.width >= trim.height else (0, trim.height / 2)
    ratio = min(trim.width, trim.height) / max(trim.width, trim.height)
    space.add_ellipse(centre, major_axis=major, ratio=ratio, dxfattribs=attributes)
