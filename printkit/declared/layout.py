"""A declared game's geometry and looks as numbers: a card's size, a box's rectangle in the card's
frame, where an image lands in its box, a colour's red, green and blue. Checking and drawing both
use these, so what is checked is what is drawn."""

from __future__ import annotations

import re

from reportlab.lib import colors

from printkit.plan.cardface import at_both_ends
from printkit.plan.geometry import MM_PER_INCH, Rect
from printkit.plan.marks import Group

# Card sizes by name, width x height in millimetres, as the shops sell them (PRINT.md's; shops.yaml
# cites each shop's): poker 2.5 x 3.5 in, bridge 2.25 x 3.5 in, mini 1.75 x 2.5 in (The Game Crafter's
# 600 x 825 px image), tarot and square as the metric trade has them.
CARD_SIZES = {"poker": (63.5, 88.9), "bridge": (57.15, 88.9), "tarot": (70.0, 120.0), "mini": (44.45, 63.5),
              "square": (70.0, 70.0)}
HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
NAMED = {name: colour.rgb() for name, colour in colors.getAllNamedColors().items()
         if name.isalpha() and name.islower() and name != "transparent"}  # the CSS names: red, navy, ...
LANDSCAPE = " landscape"  # after a size's name: the card on its side, wider than it is tall
SIZE_NAMES = tuple(CARD_SIZES) + tuple(name + LANDSCAPE for name, (w, h) in CARD_SIZES.items() if w != h)
SHARP = 300  # dpi: an image printed coarser than this looks soft


def card_size(product: dict) -> tuple[float, float]:
    """A deck's card or a token, width x height in mm."""
    if product["kind"] == "tokens":
        return product["size"], product["size"]
    size = product["size"]
    if isinstance(size, str) and size.endswith(LANDSCAPE):
        height, width = CARD_SIZES[size[:-len(LANDSCAPE)]]
        return width, height
    return CARD_SIZES[size] if isinstance(size, str) else (size[0], size[1])


def held(size: tuple[float, float]) -> tuple[float, float]:
    """A card as a player holds it in a fan: upright, so a landscape card is turned a quarter
    turn (its top edge to the left: the strip a fan shows is its top edge, where its title is)."""
    return (size[1], size[0]) if size[0] > size[1] else size


def held_corners(size: tuple[float, float], ends) -> tuple:
    """The corner indices (`ends`: each end's marks, as `at_both_ends` takes them) where a player
    holding the card in a fan sees them: at its top-left and bottom-right corners as it is held.
    A landscape card is held turned a quarter turn anticlockwise, its top edge to the left, so
    they stand at its top-right and bottom-left corners, reading upright when it is turned."""
    upright = held(size)
    if upright == size or not any(ends if isinstance(ends, list) else [ends]):  # nothing to turn: as ever
        return at_both_ends(size, ends)
    corners = at_both_ends(upright, ends)
    return (Group(corners, 0.0, size[1], -90.0),)  # the held card's frame turned back onto the card


def image_rect(box: Rect, size: tuple[float, float], fit: str | None) -> Rect:
    """Where an image of `size` (pixels or points: only its proportions count) lands in `box`:
    as large as fits, centred (`contain`, the default); as small as covers it, centred (`cover`:
    what lies outside the box is clipped when drawn); or stretched over the box."""
    if fit == "stretch":
        return box
    scale = (max if fit == "cover" else min)(box.width / size[0], box.height / size[1])
    width, height = size[0] * scale, size[1] * scale
    return Rect(box.x + (box.width - width) / 2, box.y + (box.height - height) / 2, width, height)


def dpi(pixels: tuple[int, int], printed: Rect) -> float:
    """The coarser of an image's two resolutions at its printed size."""
    return min(pixels[0] / (printed.width / MM_PER_INCH), pixels[1] / (printed.height / MM_PER_INCH))


def colour(value: str | None, own: dict | None):
    """A colour as written (one of the game's own names, a CSS name, #rgb or #rrggbb) as (red,
    green, blue) from 0 to 1; None stays None, and an unknown name is None (checked on loading)."""
    if value is None:
        return None
    written = (own or {}).get(value, value)
    found = HEX.match(written)
    if found:
        digits = found.group(1)
        digits = "".join(d * 2 for d in digits) if len(digits) == 3 else digits
        return tuple(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return NAMED.get(written.lower())
