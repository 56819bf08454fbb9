"""What printkit's card faces share: a frame inside the trim, numbers that are underlined when,
upside down, they would read as another number, and marks repeated at both ends of a card (turned
a half turn) so a card reads the same from either end and in a fanned hand.

Marks are in the card's frame: origin at the trim's bottom-left corner, millimetres.
"""

from __future__ import annotations

from printkit.plan.fonts import BOLD, em_width
from printkit.plan.geometry import Rect
from printkit.plan.marks import Box, Group
from printkit.plan.text import line_at
from printkit.plan.type import TYPE

FRAME_INSET = 3.0  # the printed frame stands this far inside the trim: a slightly off cut never shows
INDEX_LEFT = 3.5  # the corner index, from the frame
INDEX_BASELINE = 8.5  # below the frame's top


def frame(size: tuple[float, float], inset: float = FRAME_INSET, width: float = 0.35, level: float = 0.0,
          radius: float = 2.5) -> Box:
    return Box(Rect(0, 0, *size).inset(inset), width=width, level=level, radius=radius)


def number(text: str, x: float, baseline: float, size: float, underline: bool) -> tuple:
    """A card's number in bold, centred on x; underlined when it reads as another number upside down."""
    marks = (line_at(text, x, baseline, size, bold=True, align="centre"),)
    if underline:
        half = em_width(text, BOLD) * size / 2
        thickness = size * 0.012
        marks += (Box(Rect(x - half, baseline - size * 0.07 - thickness, 2 * half, thickness), level=None, fill=0.0),)
    return marks


def corner_index(text: str, underline: bool, size: float = TYPE.index) -> tuple[tuple, float]:
    """The number in the top-left corner, in an end's frame (origin at its top-left corner); also
    returns the x of its centre, for what stands under it (a pip, a symbol)."""
    x = FRAME_INSET + INDEX_LEFT + em_width(text, BOLD) * size / 2
    return number(text, x, -FRAME_INSET - INDEX_BASELINE, size, underline), x


def at_both_ends(size: tuple[float, float], ends) -> tuple[Group, Group]:
    """`ends` (the marks of one end, or a pair: the top end's and the bottom end's) drawn from the
    top-left corner and, turned a half turn, from the bottom-right: each in a frame whose origin
    is that end's top-left corner, y running downwards into negative numbers."""
    top, bottom = ends if isinstance(ends, list) else (ends, ends)
    return Group(tuple(top), 0.0, size[1]), Group(tuple(bottom), size[0], 0.0, 180)
