"""A group's frame and an image's placement written as the operators ReportLab's canvas writes for
them (saveState, translate, rotate or scale, restoreState), without its bookkeeping round each
call: a deck's page places some seventy groups and a dozen images, and the canvas's state stack
and matrix tracking cost more than the operators. The operators are ReportLab's own, byte for
byte: two transforms in a row are merged into one `cm` as Canvas.transform merges them (from the
numbers as the first was written). Nothing drawn through these reads the canvas's state: every
other mark writes its own operators (PdfFile), and those drawn through the canvas (an SVG, a
flattened picture, a form) save and restore its state round themselves.
"""

from __future__ import annotations

from math import cos, pi, sin

from reportlab.lib.rl_accel import fp_str


def begin_frame(canvas, x: float, y: float, angle: float) -> None:
    """canvas.saveState(); canvas.translate(x, y); canvas.rotate(angle), in points and degrees."""
    code = canvas._code
    code.append("q")
    transform(canvas, 1, 0, 0, 1, x, y)
    c, s = cos(angle * pi / 180), sin(angle * pi / 180)
    transform(canvas, c, s, -s, c, 0, 0)


def end_frame(canvas) -> None:
    """canvas.restoreState()'s operator (begin_frame saved no canvas state to restore)."""
    canvas._code.append("Q")


def place_image(canvas, name: str, x: float, y: float, width: float, height: float) -> None:
    """An image already embedded in the document (as `name`: canvas.drawImage embedded it) drawn
    again over (x, y, width, height), as canvas.drawImage draws it, and named in the page's
    resources. Only for a positive width and height (drawImage turns a negative one round)."""
    canvas._currentPageHasImages = 1
    canvas._code.append("q")
    transform(canvas, 1, 0, 0, 1, x, y)
    transform(canvas, width, 0, 0, height, 0, 0)
    canvas._code.append(f"/{canvas._doc.getXObjectName(name)} Do")
    canvas._code.append("Q")
    canvas._formsinuse.append(name)


def transform(canvas, a, b, c, d, e, f) -> None:
    """Canvas.transform's operators: merged into the `cm` just written, else a `cm` of their own
    (the canvas's matrix is not tracked: nothing printkit draws reads it)."""
    code = canvas._code
    if code and code[-1][-3:] == " cm":
        written = code[-1].split()
        if len(written) != 7:  # (a `cm` after other operators: the canvas's own way, whatever it is)
            canvas.transform(a, b, c, d, e, f)
            return
        a0, b0, c0, d0, e0, f0 = map(float, written[-7:-1])
        code[-1] = "%s cm" % fp_str(a0 * a + c0 * b, b0 * a + d0 * b, a0 * c + c0 * d, b0 * c + d0 * d,
                                    a0 * e + c0 * f + e0, b0 * e + d0 * f + f0)
    else:
        code.append("%s cm" % fp_str(a, b, c, d, e, f))
