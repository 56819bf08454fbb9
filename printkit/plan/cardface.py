"""What printkit's card faces share: a frame inside the trim, numbers that are underlined when,
upside down, they would read as another number, and marks repeated at both ends of a card (turned
a half turn) so a card reads the same from either end and in a fanned hand.

Marks are in the card's frame: origin at the trim's bottom-left corner, millimetres.
"""

from __future__ import annotations

import math

from printkit.plan.fonts import BOLD, em_width
from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Box, Group, Line
from printkit.plan.label import line_at
from printkit.plan.type import TYPE

FRAME_INSET = 3.0  # the printed frame stands this far inside the trim: a slightly off cut never shows
INDEX_LEFT = 3.5  # the corner index, from the frame
INDEX_BASELINE = 8.5  # below the frame's top


def frame(size: tuple[float, float], inset: float = FRAME_INSET, width: float = 0.35, level: float = 0.0,
          radius: float = 2.5) -> Box:
    return Box(Rect(0, 0, *size).inset(inset), width=width, level=level, radius=radius)


def number(text: str, x: float, baseline: float, size: float, underline: bool, item: str = "number", level=0.0,
           face: str | None = None, where=None) -> tuple:
    """A card's number in bold (or in a project's font `face`), centred on x; underlined when it
    reads as another number upside down. `item` and `where` name it in messages (never drawn)."""
    marks = (line_at(text, x, baseline, size, bold=True, align="centre", level=level, item=item, face=face,
                     where=where),)
    if underline:
        half = em_width(text, face or BOLD) * size / 2
        thickness = size * 0.012
        marks += (Box(Rect(x - half, baseline - size * 0.07 - thickness, 2 * half, thickness), level=None,
                      fill=level),)
    return marks


def corner_index(text: str, underline: bool, size: float = TYPE.index, level=0.0,
                 face: str | None = None) -> tuple[tuple, float]:
    """The number in the top-left corner, in an end's frame (origin at its top-left corner); also
    returns the x of its centre, for what stands under it (a pip, a symbol)."""
    x = FRAME_INSET + INDEX_LEFT * size / TYPE.index + em_width(text, face or BOLD) * size / 2
    return number(text, x, -FRAME_INSET - INDEX_BASELINE * size / TYPE.index, size, underline, "corner index", level,
                  face), x


def at_both_ends(size: tuple[float, float], ends) -> tuple[Group, Group]:
    """`ends` (the marks of one end, or a pair: the top end's and the bottom end's) drawn from the
    top-left corner and, turned a half turn, from the bottom-right: each in a frame whose origin
    is that end's top-left corner, y running downwards into negative numbers."""
    top, bottom = ends if isinstance(ends, list) else (ends, ends)
    return Group(tuple(top), 0.0, size[1]), Group(tuple(bottom), size[0], 0.0, 180)


def back_pattern(size: tuple[float, float], cells: tuple[int, int], reach: float = 0.0, width: float = 0.25,
                 level: float = 0.55) -> tuple[Line, ...]:
    """A lattice of diamonds over the whole back, to the cut line and `reach` mm past it (into the
    bleed): a back printed a millimetre or two off its front shows no frame drawn off-centre.
    `cells` diamonds fit the card across and down exactly, so abutting backs join seamlessly and
    the pattern is the same turned a half turn."""
    cx, cy = size[0] / cells[0], size[1] / cells[1]
    area = Rect(-reach, -reach, size[0] + 2 * reach, size[1] + 2 * reach)
    lines = []
    for sign in (1, -1):
        values = [x / cx + sign * y / cy for x in (area.x, area.right) for y in (area.y, area.top)]
        for k in range(math.floor(min(values)), math.ceil(max(values)) + 1):
            seg = _lattice_line(area, cx, cy, k, sign)
            if seg:
                lines.append(Line(seg, width=width, level=level))
    return tuple(lines)


def _lattice_line(area: Rect, cx: float, cy: float, k: int, sign: int) -> Segment | None:
    """The part inside `area` of the line x/cx + sign * y/cy = k."""
    ends = sorted((sign * cy * (k - area.x / cx), sign * cy * (k - area.right / cx)))
    low, high = max(ends[0], area.y), min(ends[1], area.top)
    if high - low < 1e-6:
        return None
    return Segment(cx * (k - sign * low / cy), low, cx * (k - sign * high / cy), high)
