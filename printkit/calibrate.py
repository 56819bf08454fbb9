"""`printkit calibrate`: two pages to find how far a printer misplaces its second side (front lines,
back lines at known offsets, read against the light) and a scale page (rulers in mm and inches).
The offsets found go into printkit.yaml as `back_offset` and move every card back."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.plan.geometry import Paper, Rect, Segment
from printkit.render.pdf import PdfFile
from printkit.render.text import draw_blocks, fit
from printkit.write import Output, write_outputs

OFFSETS = tuple(-2.0 + 0.5 * k for k in range(9))  # mm: the back lines, one per front line
PITCH = 16.0  # mm between target pairs across the page
PITCH_Y = 11.0  # and down it
LINE = 18.0  # mm, each target line's length
MARGIN = 15.0
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Target:
    """One front line and its back partner, both in their own page's coordinates."""

    offset: float
    front: Segment
    back: Segment


def mirror(paper: Paper, x: float, y: float, flip: str) -> tuple[float, float]:
    """Where a point of the front lands on the back, in the back's own coordinates."""
    return (paper.width - x, y) if flip == "long" else (x, paper.height - y)


def plan_targets(paper: Paper, flip: str, axis: str, start: tuple[float, float]) -> list[Target]:
    """Nine pairs along one axis: the k-th back line sits `OFFSETS[k]` from the front line's mirror."""
    targets = []
    for k, offset in enumerate(OFFSETS):
        if axis == "x":
            x, y = start[0] + k * PITCH, start[1]
            front = Segment(x, y, x, y + LINE)
            (bx, by1), (_, by2) = mirror(paper, x, y, flip), mirror(paper, x, y + LINE, flip)
            back = Segment(bx + offset, by1, bx + offset, by2)
        else:
            x, y = start[0], start[1] - k * PITCH_Y
            front = Segment(x, y, x + LINE, y)
            (bx1, by), (bx2, _) = mirror(paper, x, y, flip), mirror(paper, x + LINE, y, flip)
            back = Segment(bx1, by + offset, bx2, by + offset)
        targets.append(Target(offset, front, back))
    return targets


def scales(paper: Paper, flip: str) -> dict[str, list[Target]]:
    width = (len(OFFSETS) - 1) * PITCH
    left = (paper.width - width) / 2
    return {"x": plan_targets(paper, flip, "x", (left, 168.0)),
            "y": plan_targets(paper, flip, "y", (left + 30, 142.0))}


def label(offset: float) -> str:
    return "0" if offset == 0 else f"{offset:+g}".replace("-", "\u2212")


# --- rendering ------------------------------------------------------------------------------------

def render_offset(paper: Paper, flip: str, words) -> tuple[bytes, int]:
    pdf = PdfFile("printkit calibration - back-side offset", "two-sided page to measure a printer's back offset",
                  duplex=flip)
    found = scales(paper, flip)
    pdf.begin_page(paper)
    top = _heading(pdf, paper, words.plain("offset_title"), words.markup("offset_how", flip), words)
    for axis, targets in found.items():
        first = targets[0].front
        pdf.text(first.x1, max(first.y2, first.y1) + 4 if axis == "x" else first.y1 + 6,
                 words.plain(f"{axis}_scale"), 9, font="Sans-Bold")
        for target in targets:
            pdf.line(target.front, width=0.2)
            _label(pdf, target, axis)
    assert top > found["x"][0].front.y2 + 8, "the instructions overlap the targets"
    pdf.begin_page(paper)
    for target in found["x"] + found["y"]:
        pdf.line(target.back, width=0.35, level=0.45)
    pdf.text(paper.width / 2, paper.height - MARGIN - 6, words.plain("offset_back_title"), 14, font="Sans-Bold",
             align="centre")
    pdf.text(paper.width / 2, paper.height - MARGIN - 12, words.plain("back_note"), 9, align="centre")
    return pdf.finish(), pdf.pages


def _label(pdf: PdfFile, target: Target, axis: str) -> None:
    seg = target.front
    if axis == "x":
        pdf.text(seg.x1, seg.y1 - 4, label(target.offset), 8, align="centre")
    else:
        pdf.text(seg.x1 - 2, seg.y1 - 1.2, label(target.offset), 8, align="right")


def _heading(pdf: PdfFile, paper: Paper, title: str, text: str, words) -> float:
    body = Rect(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN)
    pdf.text(body.x, body.top - 6, title, 15, font="Sans-Bold")
    flowables, _ = fit(text, body.width, 70, 10.0, "calibration instructions", words.where())
    pdf.text(body.x, MARGIN - 5, words.plain("footer"), 7, level=0.3)
    return draw_blocks(pdf, flowables, body.x, body.top - 10, body.width)


def render_scale(paper: Paper, words) -> tuple[bytes, int]:
    pdf = PdfFile("printkit calibration - scale", "rulers in mm and inches")
    pdf.begin_page(paper)
    top = _heading(pdf, paper, words.plain("scale_title"), words.markup("scale_how"), words)
    origin_x, origin_y = MARGIN + 34, top - 12
    length_x = paper.width - origin_x - MARGIN
    _ruler(pdf, origin_x, origin_y, length_x, 1.0, 10, "mm", horizontal=True)
    _ruler(pdf, origin_x, origin_y - 14, length_x, MM_PER_INCH / 8, 8, "in", horizontal=True)
    length_y = origin_y - 24 - MARGIN
    _ruler(pdf, MARGIN + 2, origin_y - 24, length_y, 1.0, 10, "mm", horizontal=False)
    _ruler(pdf, MARGIN + 20, origin_y - 24, length_y, MM_PER_INCH / 8, 8, "in", horizontal=False)
    square = Rect(origin_x + 10, origin_y - 24 - 100, 100, 100)
    pdf.rect(square, width=0.25)
    pdf.text(square.x + 50, square.y + 48, words.plain("square_label"), 12, align="centre")
    return pdf.finish(), pdf.pages


def _ruler(pdf: PdfFile, x: float, y: float, length: float, step: float, major: int, unit: str,
           horizontal: bool) -> None:
    """Ticks every `step` mm from (x, y), rightwards or downwards; every `major`-th long and numbered."""
    count = int(length // step + 1e-9)
    for i in range(count + 1):
        size = 5.0 if i % major == 0 else 3.0 if i % (major // 2) == 0 else 1.8
        at = i * step
        seg = Segment(x + at, y, x + at, y - size) if horizontal else Segment(x, y - at, x + size, y - at)
        pdf.line(seg, width=0.12)
        if i % major == 0:
            text = f"{i // major}" + (f" {unit}" if i == 0 else "")
            if unit == "mm":
                text = f"{i}" + (" mm" if i == 0 else "")
            if horizontal:
                pdf.text(x + at + 0.6, y - 7.5, text, 6.5)
            else:
                pdf.text(x + 6, y - at - 0.8, text, 6.5)


def calibrate(out: Path, options, templates) -> list[Output]:
    words = templates.render("calibrate.j2")
    flip = options.duplex if options.duplex != "none" else "long"
    offset_pdf, offset_pages = render_offset(options.paper, flip, words)
    scale_pdf, scale_pages = render_scale(options.paper, words)
    outputs = [Output(out / "calibration" / "back-offset.pdf", offset_pdf, offset_pages),
               Output(out / "calibration" / "scale.pdf", scale_pdf, scale_pages)]
    write_outputs(outputs)
    return outputs
