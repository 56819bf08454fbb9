"""Crop marks, as data: short lines on the extension of every cut line, outside the grid of
cards and inside the printable area, starting MARK_GAP from the trim (or bleed) edge; a mark
too short to be of use is left out."""

from __future__ import annotations

from printkit.plan.geometry import Rect, Segment

MARK_GAP = 1.0  # from the trim (or bleed) edge to the start of a crop mark
MARK_LENGTH = 4.0
MARK_MIN = 2.0  # shorter than this, a mark is useless and is left out


def crop_marks(printable: Rect, grid: Rect, slots) -> list[Segment]:
    """Short lines on every cut line's extension, outside the grid, inside the printable area."""
    xs = sorted({s.trim.x for s in slots} | {s.trim.right for s in slots})
    ys = sorted({s.trim.y for s in slots} | {s.trim.top for s in slots})
    marks = []
    for start, limit, sign in ((grid.top, printable.top, 1), (grid.y, printable.y, -1)):
        span = _mark_span(start, limit, sign)
        if span:
            marks += [Segment(x, span[0], x, span[1]) for x in xs]
    for start, limit, sign in ((grid.right, printable.right, 1), (grid.x, printable.x, -1)):
        span = _mark_span(start, limit, sign)
        if span:
            marks += [Segment(span[0], y, span[1], y) for y in ys]
    return marks


def _mark_span(edge: float, limit: float, sign: int):
    begin = edge + sign * MARK_GAP
    end = edge + sign * (MARK_GAP + MARK_LENGTH)
    end = min(end, limit) if sign > 0 else max(end, limit)
    if abs(end - begin) < MARK_MIN:
        return None
    return (begin, end) if sign > 0 else (end, begin)


def around(seg: Segment, by: float = 0.5) -> Rect:
    """A rectangle `by` round a segment: what a mark keeps clear."""
    x, y = min(seg.x1, seg.x2), min(seg.y1, seg.y2)
    return Rect(x - by, y - by, abs(seg.x2 - seg.x1) + 2 * by, abs(seg.y2 - seg.y1) + 2 * by)
