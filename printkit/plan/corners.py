"""Rounded corners: the part of a card a corner's cut takes off, and the text that would go with
it. A corner of radius r cuts off what lies, in the r x r square at the card's corner, farther
than r from the square's inner corner; a text is in the way when its set lines come within
CLEARANCE of that cut. Marks are in the card's frame (origin at the trim's bottom-left corner)."""

from __future__ import annotations

import math

from printkit.plan.geometry import Rect
from printkit.plan.marks import Box, Circle, Ellipse, Group, Picture, Polygon, frame_of
from printkit.plan.fonts import ASCENT, DESCENT
from printkit.plan.text import PT_PER_MM, Text

CLEARANCE = 0.5  # mm between a text and a rounded corner's cut: a cut a little off still misses it


def texts_in_corners(marks, size: tuple[float, float], radius: float) -> list[tuple[Text, Rect]]:
    """Every text of `marks` that enters a corner's cut-off region, with its extent on the card."""
    return [(text, extent) for text, extent in placed_texts(marks)
            if any(_enters(extent, corner, size, radius) for corner in range(4))]


def placed_texts(marks, frame=(0.0, 0.0, 0.0)) -> list[tuple[Text, Rect]]:
    """(text, the rectangle its set lines cover in the card's frame), through groups moved and turned."""
    found = []
    for mark in marks:
        if isinstance(mark, Group):
            found += placed_texts(mark.marks, _within(frame, mark))
        elif isinstance(mark, Text) and mark.lines:
            found.append((mark, _moved(mark.extent, frame)))
    return found


def placed_marks(marks, frame=(0.0, 0.0, 0.0)) -> list[tuple[object, Rect]]:
    """Every mark of `marks` but groups (through them, moved and turned), with the rectangle it
    covers in the card's frame: set text, shapes, pictures."""
    found = []
    for mark in marks:
        if isinstance(mark, Group):
            found += placed_marks(mark.marks, _within(frame, mark))
            continue
        extent = _extent(mark)
        if extent is not None:
            found.append((mark, _moved(extent, frame)))
    return found


def _extent(mark) -> Rect | None:
    if isinstance(mark, Text):
        return ink(mark) if mark.lines else None
    if isinstance(mark, (Box, Ellipse, Picture)):
        return mark.rect
    if isinstance(mark, Circle):
        return Rect(mark.x - mark.r, mark.y - mark.r, 2 * mark.r, 2 * mark.r)
    if isinstance(mark, Polygon):
        return frame_of(list(mark.points))
    return None


def ink(text: Text) -> Rect:
    """What a text's glyphs may cover: its lines from the first one's ascent to the last one's
    descent (not the leading round them, which another text may share)."""
    left = min(text.x + line.x for line in text.lines)
    right = max(text.x + line.x + line.width for line in text.lines)
    top = max(text.top + line.baseline + ASCENT * line.size / PT_PER_MM for line in text.lines)
    bottom = min(text.top + line.baseline - DESCENT * line.size / PT_PER_MM for line in text.lines)
    return Rect(left, bottom, right - left, top - bottom)


def _within(frame, group: Group) -> tuple[float, float, float]:
    """A group's frame in its parent's: (x, y, angle in degrees) in the card's frame."""
    x, y = _turned(group.x, group.y, frame[2])
    return frame[0] + x, frame[1] + y, frame[2] + group.angle


def _moved(rect: Rect, frame) -> Rect:
    if not frame[2] % 360:  # most frames are only moved
        return Rect(frame[0] + rect.x, frame[1] + rect.y, rect.width, rect.height)
    corners = [_turned(x, y, frame[2]) for x in (rect.x, rect.right) for y in (rect.y, rect.top)]
    xs, ys = [frame[0] + x for x, _ in corners], [frame[1] + y for _, y in corners]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _turned(x: float, y: float, angle: float) -> tuple[float, float]:
    if not angle % 360:
        return x, y
    turn = math.radians(angle)
    cos, sin = round(math.cos(turn), 12), round(math.sin(turn), 12)
    return x * cos - y * sin, x * sin + y * cos


def _enters(extent: Rect, corner: int, size: tuple[float, float], radius: float) -> bool:
    """Whether `extent` reaches into corner `corner`'s cut-off region (0 bottom-left, then
    anticlockwise), widened by CLEARANCE: its point nearest the corner decides."""
    width, height = size
    right, top = corner in (1, 2), corner in (2, 3)
    dx = width - extent.right if right else extent.x  # from the corner's edges to the text
    dy = height - extent.top if top else extent.y
    dx, dy = max(dx, 0.0), max(dy, 0.0)
    if dx >= radius or dy >= radius:
        return False
    return math.hypot(radius - dx, radius - dy) > radius - CLEARANCE
