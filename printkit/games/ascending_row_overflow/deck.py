"""The deck: a large central number, corner indices for fanned hands, a penalty pip on each card,
an underline under numbers that read as another number upside down, and identical backs."""

from __future__ import annotations

from printkit.plan.cardface import FRAME_INSET, at_both_ends, corner_index, frame, number
from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Box, Circle, Line
from printkit.plan.flow import Flow
from printkit.plan.text import Style, label
from printkit.plan.type import GREY, LINE, SPACE, TYPE
from printkit.products.cards import Card

from .model import rotation_ambiguous

CENTRE = (60.0, 7.0)  # the large number: its size, and how far its baseline sits below the middle
PIP = 1.3  # mm, the radius of the penalty pip
PIP_BELOW_INDEX = 13.5  # below the frame's top
TEXT_INSET = 6.5  # every word stays this far inside the trim (the safe zone is 3.175 mm)
PENALTY = 15.0  # the penalty's words stand this far above the card's foot, its pip a line above them



def deck(kit, sheet) -> list[Card]:
    words = kit.words("deck")
    size = sheet.card
    back = _back(size, sheet.bleed, words)
    return [Card(str(n), _face(size, n, words), back) for n in kit.model.setup.cards]


def _face(size, value: int, words) -> tuple:
    width, height = size
    marked = rotation_ambiguous(value)
    index, x = corner_index(str(value), marked)
    end = index + (_pip(x, -FRAME_INSET - PIP_BELOW_INDEX),)
    line = Rect(TEXT_INSET, PENALTY, width - 2 * TEXT_INSET, 2 * SPACE)
    penalty = label(words.plain("penalty"), line, TYPE.small, align="centre", valign="bottom", level=GREY.note,
                    item="penalty", where=words.where("penalty"))
    return ((frame(size),) + number(str(value), width / 2, height / 2 - CENTRE[1], CENTRE[0], marked)
            + at_both_ends(size, end) + (penalty, _pip(width / 2, line.top + 1.5 * SPACE)))


def _pip(x: float, y: float) -> Circle:
    """The penalty mark: one pip per card, black, so it survives black-and-white print."""
    return Circle(x, y, PIP, width=LINE.thin, fill=GREY.ink, item="penalty pip")


def _back(size, bleed: float, words) -> tuple:
    """A lattice to the cut line (into the bleed, with bleed), the same under a half turn, so a
    back printed a millimetre or two off its front still looks right; the title in a band."""
    width, height = size
    band = Rect(3 * SPACE, height / 2 - 5 * SPACE, width - 6 * SPACE, 10 * SPACE)
    flow = Flow(band.inset(SPACE))
    flow.foot(words.markup("back_note"), Style(TYPE.small, align="centre"), "card back note",
              words.where("back_note"), 2 * SPACE)
    flow.text(words.markup("back"), Style(TYPE.body + 0.5, align="centre", valign="middle"), "card back",
              words.where("back"), height=flow.rest.height)
    return _lattice(Rect(0, 0, width, height).inset(-bleed)) + (Box(band, width=LINE.rule, fill=1.0, radius=1.5),) + \
        tuple(flow.marks)


def _lattice(box: Rect, step: float = 3 * SPACE) -> tuple:
    """Diagonal lines both ways across the whole box, clipped to it, centred on it so the pattern
    is the same turned round: a grey ground with no edge to misalign."""
    lines = [Box(box, level=None, fill=GREY.tint)]
    centre_offset = (box.width - box.height) / 2 % step
    offset = -box.height + centre_offset
    while offset <= box.width:
        for slope in (1, -1):
            seg = _diagonal(box, offset, slope)
            if seg:
                lines.append(Line(seg, width=LINE.thin, level=0.6))
        offset += step
    return tuple(lines)


def _diagonal(box: Rect, offset: float, slope: int) -> Segment | None:
    """The part inside `box` of the 45-degree line through (box.x + offset, box.y or box.top)."""
    x1, y1 = box.x + offset, box.y if slope > 0 else box.top
    low, high = max(0.0, box.x - x1), min(box.right - x1, box.height)
    if high - low < 0.5:
        return None
    return Segment(x1 + low, y1 + slope * low, x1 + high, y1 + slope * high)
