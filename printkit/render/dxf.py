"""A cut file as DXF, beside the SVG (render/svg.py), for cutting software that reads no SVG
(Silhouette Studio's free edition opens DXF, not SVG). Written by ezdxf, the library made for the
format: the sheet's card outlines in millimetres ($INSUNITS 4), y running up from the sheet's foot
as in the PDF, on a layer CUT in red. A rectangular card is a closed polyline, its rounded corners
quarter-circle arcs (bulges); a round token is a circle (an ellipse for an oval trim). The sheet's
own edge is a rectangle on a layer SHEET of its own (grey), so the cutting software can lay the
file on its page at the origin, and that layer can be set not to cut; the header's extents and
limits are the sheet ($EXTMIN/$EXTMAX, $LIMMIN/$LIMMAX: ezdxf writes the model space's own
extents there as it saves, so those are set to it). The file is the same bytes every time: ezdxf
writes fixed identifiers and dates when asked to."""

from __future__ import annotations

import io
import math

from printkit.plan.cutter import CutSheet

LAYER = "CUT"
SHEET = "SHEET"  # the sheet's edge: where the file lies on the page, not a cut
RED = 1  # the AutoCAD colour index of red, what cutting software shows as a cut line
GREY = 8
QUARTER = math.tan(math.pi / 8)  # the bulge of a quarter-circle arc: tan(90° / 4)


def cut_dxf(sheet: CutSheet) -> bytes:
    import ezdxf  # numpy and fonttools come with it: loaded only to write a cut file

    ezdxf.options.write_fixed_meta_data_for_testing = True  # no date, no random GUID: the same bytes
    doc = ezdxf.new("R2010", units=4)  # 4: millimetres
    doc.header["$MEASUREMENT"] = 1  # metric
    doc.layers.add(LAYER, color=RED)
    doc.layers.add(SHEET, color=GREY)
    space = doc.modelspace()
    _sheet(doc, space, sheet.paper)
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


def _sheet(doc, space, paper) -> None:
    """The sheet's edge on its own layer, and the sheet as the drawing's extents and limits."""
    corner = (paper.width, paper.height)
    space.add_lwpolyline([(0, 0), (corner[0], 0), corner, (0, corner[1])], close=True, dxfattribs={"layer": SHEET})
    space.dxf.extmin, space.dxf.extmax = (0, 0, 0), (*corner, 0)
    space.dxf.limmin, space.dxf.limmax = (0, 0), corner
    doc.header["$EXTMIN"], doc.header["$EXTMAX"] = (0, 0, 0), (*corner, 0)
    doc.header["$LIMMIN"], doc.header["$LIMMAX"] = (0, 0), corner


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
