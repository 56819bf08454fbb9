"""What the layout lint found on a card (printkit/declared/linted.py), as the proofing page shows
it: a box round the layer the finding names, over the card's picture, and the finding's words
under it. The box is drawn by the page (an SVG over the PNG), never into the PNG or the PDF: the
pictures stay what prints."""

from __future__ import annotations

from printkit.plan.geometry import Rect

FACE = "face"  # the side a card's picture shows
AROUND = 0.5  # mm: the box stands this far round the layer's ink, so it does not hide the words' edges


def outlines(flags, guides) -> list[dict]:
    """Each finding on a card's face as the page draws it: the box round its layer's ink in the
    picture's pixels from its top-left corner (`guides`: preview.Guides, the picture's size and
    dpi), the layer's name and the finding, once a layer and finding."""
    found, seen = [], set()
    for flag in flags or ():
        if flag.side != FACE or (flag.layer, flag.message) in seen:
            continue
        seen.add((flag.layer, flag.message))
        box = _in_picture(flag.ink, guides) if flag.ink is not None else None
        found.append({"layer": flag.layer, "message": flag.message, "box": box})
    return found


def _in_picture(ink: Rect, guides) -> Rect:
    """A rectangle of the card's frame (mm from the trim's bottom-left, up) in the picture's pixels
    (from its top-left, down), the bleed round the trim included."""
    mm = ink.inset(-AROUND)
    top = guides.card[1] - mm.top  # down from the trim's top edge
    px = guides.px
    return Rect(px(guides.bleed + mm.x), px(guides.bleed + top), px(mm.width), px(mm.height))
