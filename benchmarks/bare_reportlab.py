"""The floor under printkit's drawing: planned pages drawn by the plainest ReportLab canvas calls
there are, with no printkit code between the plan and the canvas.

    python bare_reportlab.py PAGES.json OUT_FOLDER

PAGES.json is what `venv_steps.py pages` writes: the fonts to register and every document's
forms and pages as plain lists of drawing operations (millimetres, greys 0-1 or [r, g, b]). One
PDF is written for each document, as a build writes one file for each. It imports ReportLab
only, so that a whole process of it is what drawing these pages costs anywhere.
"""

import json
import sys
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

IMAGES = {}  # path -> ImageReader: each image read once, as printkit embeds each once


def colour(c, value, stroke: bool) -> None:
    if value is None:
        return
    rgb = value if isinstance(value, list) else [value] * 3
    (c.setStrokeColorRGB if stroke else c.setFillColorRGB)(*rgb)


def pen(c, width, level, fill, dash) -> dict:
    """The line, its colour and the fill set; the stroke and fill flags a shape is drawn with. A
    dash is set for its shape alone (`undash` after it), as most lines are solid."""
    c.setLineWidth(width * mm)
    colour(c, level, True)
    colour(c, fill, False)
    if dash:
        c.setDash([dash[0] * mm, dash[1] * mm])
    return {"stroke": int(level is not None), "fill": int(fill is not None)}


def undash(c, dash) -> None:
    if dash:
        c.setDash([])


def shape_path(c, op):
    """A shape's outline as a path (a group's clip)."""
    path = c.beginPath()
    kind = op[0]
    if kind == "rect":
        x, y, w, h = op[1:5]
        radius = op[9]
        if radius:
            path.roundRect(x * mm, y * mm, w * mm, h * mm, radius * mm)
        else:
            path.rect(x * mm, y * mm, w * mm, h * mm)
    elif kind == "ellipse":
        x, y, w, h = op[1:5]
        path.ellipse(x * mm, y * mm, w * mm, h * mm)
    elif kind == "polygon":
        points = op[1]
        path.moveTo(points[0][0] * mm, points[0][1] * mm)
        for px, py in points[1:]:
            path.lineTo(px * mm, py * mm)
        path.close()
    return path


def text(c, op) -> None:
    _, x, top, level, lines = op
    colour(c, level, False)
    for lx, baseline, size, line_level, runs in lines:
        colour(c, line_level, False)  # a span's own colour, then the text's again
        t = c.beginText((x + lx) * mm, (top + baseline) * mm)
        for font, run in runs:
            t.setFont(font, size)
            t.textOut(run)
        c.drawText(t)
        if line_level is not None:
            colour(c, level, False)


def rect(c, op) -> None:
    _, x, y, w, h, width, level, fill, dash, radius = op
    flags = pen(c, width, level, fill, dash)
    if radius:
        c.roundRect(x * mm, y * mm, w * mm, h * mm, radius * mm, **flags)
    else:
        c.rect(x * mm, y * mm, w * mm, h * mm, **flags)
    undash(c, dash)


def ellipse(c, op) -> None:
    _, x, y, w, h, width, level, fill, dash = op
    c.ellipse(x * mm, y * mm, (x + w) * mm, (y + h) * mm, **pen(c, width, level, fill, dash))
    undash(c, dash)


def line(c, op) -> None:
    _, x1, y1, x2, y2, width, level, dash = op
    pen(c, width, level, None, dash)
    c.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
    undash(c, dash)


def polygon(c, op) -> None:
    _, points, width, level, fill, dash, closed = op
    flags = pen(c, width, level, fill if closed else None, dash)
    path = c.beginPath()
    path.moveTo(points[0][0] * mm, points[0][1] * mm)
    for px, py in points[1:]:
        path.lineTo(px * mm, py * mm)
    if closed:
        path.close()
    c.drawPath(path, **flags)
    undash(c, dash)


def image(c, op) -> None:
    _, path, x, y, w, h = op
    if path not in IMAGES:
        IMAGES[path] = ImageReader(path)
    c.drawImage(IMAGES[path], x * mm, y * mm, w * mm, h * mm, mask="auto")


def group(c, op) -> None:
    _, x, y, angle, opacity, clip, inner = op
    c.saveState()
    c.translate(x * mm, y * mm)
    c.rotate(angle)
    if opacity < 1:
        c.setFillAlpha(opacity)
        c.setStrokeAlpha(opacity)
    if clip:
        c.clipPath(shape_path(c, clip), stroke=0, fill=0)
    draw(c, inner)
    c.restoreState()


def form(c, op) -> None:
    _, name, x, y = op
    c.saveState()
    c.translate(x * mm, y * mm)
    c.doForm(name)
    c.restoreState()


DRAW = {"text": text, "rect": rect, "ellipse": ellipse, "line": line, "polygon": polygon, "image": image,
        "group": group, "form": form}


def draw(c, ops) -> None:
    for op in ops:
        DRAW[op[0]](c, op)


def document(path: Path, forms, pages) -> None:
    c = Canvas(str(path), invariant=1, pageCompression=1)
    for name, width, height, ops in forms:
        c.beginForm(name, 0, 0, width * mm, height * mm)
        draw(c, ops)
        c.endForm()
    for width, height, ops in pages:
        c.setPageSize((width * mm, height * mm))
        draw(c, ops)
        c.showPage()
    c.save()


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as file:
        planned = json.load(file)
    for name, path in planned["fonts"].items():
        pdfmetrics.registerFont(TTFont(name, path))
    out = Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for number, planned_document in enumerate(planned["documents"], start=1):
        document(out / f"{number:03d}.pdf", planned_document["forms"], planned_document["pages"])


if __name__ == "__main__":
    main()
