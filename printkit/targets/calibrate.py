"""`printkit calibrate`: two pages to find how far a printer misplaces its second side (front lines,
back lines at known offsets, read against the light) and a scale page (rulers in mm and inches).
The offsets found go into printkit.yaml as `back_offset` and move every card back."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.plan.geometry import MM_PER_INCH, Paper, Rect, Segment
from printkit.plan.marks import Box, Document, Line, Page
from printkit.plan.fitting import fit
from printkit.plan.label import label, line_at
from printkit.plan.typeset import Style
from printkit.render.draw import render
from printkit.pipeline.write import Output, write_outputs

OFFSETS = tuple(-2.0 + 0.5 * k for k in range(9))  # mm: the back lines, one per front line
PITCH = 16.0  # mm between target pairs across the page
PITCH_Y = 11.0  # and down it
LINE = 18.0  # mm, each target line's length
MARGIN = 15.0


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


def label_text(offset: float) -> str:
    return "0" if offset == 0 else f"{offset:+g}".replace("-", "\u2212")


# --- the pages, planned ---------------------------------------------------------------------------

def offset_document(paper: Paper, flip: str, words) -> Document:
    found = scales(paper, flip)
    front, top = _heading(paper, words.plain("offset_title"), words.markup("offset_how", flip), words)
    for axis, targets in found.items():
        first = targets[0].front
        y = max(first.y2, first.y1) + 4 if axis == "x" else first.y1 + 6
        front.append(label(words.plain(f"{axis}_scale"), Rect(first.x1, y, 120, 4), 9, bold=True, valign="bottom",
                           item="calibration scale", where=words.where(f"{axis}_scale")))
        for target in targets:
            front += [Line(target.front, width=0.2), _label(target, axis)]
    assert top > found["x"][0].front.y2 + 8, "the instructions overlap the targets"
    back = [Line(target.back, width=0.35, level=0.45) for target in found["x"] + found["y"]]
    back.append(label(words.plain("offset_back_title"), Rect(MARGIN, paper.height - MARGIN - 6, paper.width - 2 * MARGIN,
                                                             6), 14, bold=True, align="centre", valign="bottom"))
    back.append(label(words.plain("back_note"), Rect(MARGIN, paper.height - MARGIN - 12, paper.width - 2 * MARGIN, 4), 9,
                      align="centre", valign="bottom", item="calibration back note", where=words.where("back_note")))
    return Document("printkit calibration - back-side offset", "two-sided page to measure a printer's back offset",
                    (Page(paper, tuple(front)), Page(paper, tuple(back))), duplex=flip)


def _label(target: Target, axis: str):
    seg = target.front
    if axis == "x":
        return label(label_text(target.offset), Rect(seg.x1 - 6, seg.y1 - 4, 12, 3), 8, align="centre", valign="bottom")
    return label(label_text(target.offset), Rect(seg.x1 - 14, seg.y1 - 1.2, 12, 3), 8, align="right", valign="bottom")


def _heading(paper: Paper, title: str, text: str, words) -> tuple[list, float]:
    body = Rect(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN)
    how = fit(text, Rect(body.x, body.top - 80, body.width, 70), Style(10.0), "calibration instructions", words.where())
    marks = [label(title, Rect(body.x, body.top - 6, body.width, 6), 15, bold=True, valign="bottom"), how,
             label(words.plain("footer"), Rect(body.x, MARGIN - 5, body.width, 3), 7, valign="bottom", level=0.3,
                   item="calibration footer", where=words.where("footer"))]
    return marks, how.top - how.height


def scale_document(paper: Paper, words) -> Document:
    marks, top = _heading(paper, words.plain("scale_title"), words.markup("scale_how"), words)
    origin_x, origin_y = MARGIN + 34, top - 12
    length_x = paper.width - origin_x - MARGIN
    marks += _ruler(origin_x, origin_y, length_x, 1.0, 10, "mm", horizontal=True)
    marks += _ruler(origin_x, origin_y - 14, length_x, MM_PER_INCH / 8, 8, "in", horizontal=True)
    length_y = origin_y - 24 - MARGIN
    marks += _ruler(MARGIN + 2, origin_y - 24, length_y, 1.0, 10, "mm", horizontal=False)
    marks += _ruler(MARGIN + 20, origin_y - 24, length_y, MM_PER_INCH / 8, 8, "in", horizontal=False)
    square = Rect(origin_x + 10, origin_y - 24 - 100, 100, 100)
    marks += [Box(square, width=0.25),
              label(words.plain("square_label"), Rect(square.x, square.y + 48, 100, 5), 12, align="centre",
                    valign="bottom", item="calibration square", where=words.where("square_label"))]
    return Document("printkit calibration - scale", "rulers in mm and inches", (Page(paper, tuple(marks)),))


def _ruler(x: float, y: float, length: float, step: float, major: int, unit: str, horizontal: bool) -> list:
    """Ticks every `step` mm from (x, y), rightwards or downwards; every `major`-th long and numbered."""
    marks = []
    for i in range(int(length // step + 1e-9) + 1):
        size = 5.0 if i % major == 0 else 3.0 if i % (major // 2) == 0 else 1.8
        at = i * step
        seg = Segment(x + at, y, x + at, y - size) if horizontal else Segment(x, y - at, x + size, y - at)
        marks.append(Line(seg, width=0.12))
        if i % major == 0:
            text = f"{i}" + (" mm" if i == 0 else "") if unit == "mm" else f"{i // major}" + (f" {unit}" if i == 0 else "")
            place = (x + at + 0.6, y - 7.5) if horizontal else (x + 6, y - at - 0.8)
            marks.append(line_at(text, *place, 6.5))
    return marks


def calibrate(out: Path, options, templates) -> list[Output]:
    words = templates.render("calibrate.j2")
    flip = options.duplex if options.duplex != "none" else "long"
    offset_pdf, offset_pages = render(offset_document(options.paper, flip, words))
    scale_pdf, scale_pages = render(scale_document(options.paper, words))
    outputs = [Output(out / "calibration" / "back-offset.pdf", offset_pdf, offset_pages),
               Output(out / "calibration" / "scale.pdf", scale_pdf, scale_pages)]
    write_outputs(outputs, within=out)  # calibration/ too: never through a link
    return outputs
