"""The deck: a large central number, corner indices for fanned hands, a penalty pip on each card,
an underline under numbers that read as another number upside down, and identical backs. The
last sheet's spare slots carry up to three reference cards with their own back."""

from __future__ import annotations

from printkit.plan.cardface import FRAME_INSET, at_both_ends, corner_index, frame, number
from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Box, Circle, Line
from printkit.plan.flow import Flow
from printkit.plan.text import Style, fit, label
from printkit.plan.type import GREY, LINE, SPACE, TYPE
from printkit.products.cards import Card

from .model import rotation_ambiguous

CENTRE = (60.0, 7.0)  # the large number: its size, and how far its baseline sits below the middle
PIP = 1.3  # mm, the radius of the penalty pip
PIP_BELOW_INDEX = 13.5  # below the frame's top
TEXT_INSET = 6.5  # every word stays this far inside the trim (the safe zone is 3.175 mm)
PENALTY = 15.0  # the penalty's words stand this far above the card's foot, its pip a line above them
REFERENCES = 3
BACK_FRAMES = 5  # the back's frames, one inside the other


def deck(kit, sheet) -> list[Card]:
    words = kit.words("deck")
    size = sheet.card
    back = _back(size, words)
    cards = [Card(str(n), _face(size, n, words), back) for n in kit.model.setup.cards]
    spare = min(-len(cards) % sheet.per_sheet, REFERENCES)
    return cards + [_reference(size, n, words) for n in range(1, spare + 1)]


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
    return Circle(x, y, PIP, width=LINE.thin, fill=GREY.ink)


def _back(size, words) -> tuple:
    width, height = size
    trim = Rect(0, 0, width, height)
    frames = tuple(frame(size, FRAME_INSET + 1.1 * SPACE * step, width=LINE.heavy if step == 0 else LINE.thin,
                         level=GREY.ink if step == 0 else GREY.guide, radius=max(0.5, 2.5 - 0.4 * step))
                   for step in range(BACK_FRAMES))
    band = Rect(4 * SPACE, height / 2 - 5 * SPACE, width - 8 * SPACE, 10 * SPACE)
    flow = Flow(band.inset(SPACE))
    flow.foot(words.markup("back_note"), Style(TYPE.smallest, align="centre"), "card back note",
              words.where("back_note"), 2 * SPACE)
    flow.text(words.markup("back"), Style(TYPE.body + 0.5, align="centre", valign="middle"), "card back",
              words.where("back"), height=flow.rest.height)
    return frames + _lattice(trim.inset(FRAME_INSET + 9.5)) + (Box(band, width=LINE.thin, fill=1.0, radius=1.5),) + \
        tuple(flow.marks)


def _lattice(box: Rect, step: float = 6.0) -> tuple:
    """Diagonal lines both ways, clipped to the box: the same under a half turn."""
    lines = []
    offset = -box.height
    while offset <= box.width:
        for slope in (1, -1):
            seg = _diagonal(box, offset, slope)
            if seg:
                lines.append(Line(seg, width=LINE.hairline, level=0.7))
        offset += step
    return tuple(lines)


def _diagonal(box: Rect, offset: float, slope: int) -> Segment | None:
    """The part inside `box` of the 45-degree line through (box.x + offset, box.y or box.top)."""
    x1, y1 = box.x + offset, box.y if slope > 0 else box.top
    low, high = max(0.0, box.x - x1), min(box.right - x1, box.height)
    if high - low < 0.5:
        return None
    return Segment(x1 + low, y1 + slope * low, x1 + high, y1 + slope * high)


def _reference(size, n: int, words) -> Card:
    face = Flow(Rect(0, 0, *size).inset(FRAME_INSET + 2.5))
    face.line(words.plain("reference_title"), TYPE.smallest, level=GREY.note, item="reference title",
              where=words.where("reference_title"))
    face.space()
    face.text(words.markup(f"reference_{n}"), Style(TYPE.body + 0.5), f"deck reference card {n}",
              words.where(f"reference_{n}"))
    back = fit(words.markup("reference_back"), Rect(0, 0, *size).inset(FRAME_INSET + 3 * SPACE),
               Style(TYPE.body, align="centre", valign="middle"), "deck reference back", words.where("reference_back"))
    return Card(f"reference {n}", (frame(size),) + tuple(face.marks), (frame(size), back))
