"""The deck: a large central number, corner indices for fanned hands, a penalty pip on each card,
an underline under numbers that read as another number upside down, and identical backs. The
last sheet's spare slots carry up to three reference cards with their own back."""

from __future__ import annotations

from printkit.plan.cardface import FRAME_INSET, at_both_ends, corner_index, frame, number
from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Box, Circle, Line
from printkit.plan.text import Style, fit, label
from printkit.products.cards import Card

from .model import rotation_ambiguous

CENTRE = (60.0, 7.0)  # the large number: its size, and how far its baseline sits below the middle
PIP = 1.3  # mm, the radius of the penalty pip
PIP_BELOW_INDEX = 13.5  # below the frame's top
TEXT_INSET = 6.5
REFERENCES = 3


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
    penalty = label(words.plain("penalty"), Rect(TEXT_INSET, 15, width - 2 * TEXT_INSET, 4), 8, align="centre",
                    valign="bottom", level=0.2, item="penalty", where=words.where("penalty"))
    return ((frame(size),) + number(str(value), width / 2, height / 2 - CENTRE[1], CENTRE[0], marked)
            + at_both_ends(size, end) + (penalty, _pip(width / 2, 20.5)))


def _pip(x: float, y: float) -> Circle:
    """The penalty mark: one pip per card, black, so it survives black-and-white print."""
    return Circle(x, y, PIP, width=0.25, fill=0.0)


def _back(size, words) -> tuple:
    width, height = size
    trim = Rect(0, 0, width, height)
    frames = tuple(frame(size, FRAME_INSET + 2.2 * step, width=0.5 if step == 0 else 0.3,
                         level=0.0 if step == 0 else 0.55, radius=max(0.5, 2.5 - 0.4 * step)) for step in range(5))
    band = Rect(8, height / 2 - 10, width - 16, 20)
    title = fit(words.markup("back"), Rect(band.x + 2, band.y + 6, band.width - 4, band.height - 7.5),
                Style(10.0, align="centre", valign="middle"), "card back", words.where("back"))
    note = label(words.plain("back_note"), Rect(band.x + 2, band.y + 2, band.width - 4, 3), 7, align="centre",
                 valign="bottom", item="card back note", where=words.where("back_note"))
    return frames + _lattice(trim.inset(FRAME_INSET + 9.5)) + (Box(band, width=0.3, fill=1.0, radius=1.5), title, note)


def _lattice(box: Rect, step: float = 6.0) -> tuple:
    """Diagonal lines both ways, clipped to the box: the same under a half turn."""
    lines = []
    offset = -box.height
    while offset <= box.width:
        for slope in (1, -1):
            seg = _diagonal(box, offset, slope)
            if seg:
                lines.append(Line(seg, width=0.2, level=0.7))
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
    inner = Rect(0, 0, *size).inset(FRAME_INSET + 2.5)
    title = label(words.plain("reference_title"), Rect(inner.x, inner.top - 3.5, inner.width, 3.5), 7,
                  valign="bottom", level=0.35, item="reference title", where=words.where("reference_title"))
    text = fit(words.markup(f"reference_{n}"), Rect(inner.x, inner.y, inner.width, inner.height - 6), Style(10.0),
               f"deck reference card {n}", words.where(f"reference_{n}"))
    back_box = Rect(0, 0, *size).inset(FRAME_INSET + 6)
    back = fit(words.markup("reference_back"), Rect(back_box.x, back_box.y + back_box.height / 2 - 14,
                                                    back_box.width, 20),
               Style(9.0, align="centre"), "deck reference back", words.where("reference_back"))
    return Card(f"reference {n}", (frame(size), title, text), (frame(size), back))
