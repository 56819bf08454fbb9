"""A cutting machine's print-then-cut images (`printkit export --for cricut`): each distinct card
face at its trim exactly, opaque inside the card's outline and transparent outside it. The
machine's software (Cricut Design Space) prints the images itself, with its own sensor marks, and
cuts round the opaque part of each: its outline, rounded at the corners or a round token's circle.

The alpha is crisp: a pixel is opaque when its centre lies inside the outline, else transparent
(and white), so the contour the software traces is the outline to the pixel. Identical faces (a
deck's twenty Redo tokens) are one image, named with how many to make: `card-01-x20.png`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from printkit.plan.geometry import MM_PER_INCH

HOW_TO = "HOW-TO-CUT.txt"


@dataclass(frozen=True)
class Outline:
    """A card's outline in its image's pixels: `size` px with the corners rounded to `radius` px,
    or (`round`) the ellipse filling it, a circle for a square token."""

    size: tuple[int, int]
    radius: float = 0.0
    round: bool = False

    def span(self, row: int) -> tuple[int, int] | None:
        """The first and the last pixel of `row` whose centre is inside the outline, or None."""
        width, height = self.size
        y = row + 0.5
        if self.round:
            a, b = width / 2, height / 2
            reach = 1 - ((y - b) / b) ** 2
            return _pixels(a - a * math.sqrt(reach), a + a * math.sqrt(reach)) if reach >= 0 else None
        r = self.radius
        dy = max(r - y, y - (height - r), 0.0)
        inset = r - math.sqrt(max(r * r - dy * dy, 0.0))
        return _pixels(inset, width - inset)

    def mask(self) -> Image.Image:
        """255 inside the outline, 0 outside: the image's alpha."""
        mask = Image.new("L", self.size, 0)
        draw = ImageDraw.Draw(mask)
        for row in range(self.size[1]):
            span = self.span(row)
            if span:
                draw.line([(span[0], row), (span[1], row)], fill=255)
        return mask


def _pixels(left: float, right: float) -> tuple[int, int] | None:
    first, last = math.ceil(left - 0.5), math.floor(right - 0.5)
    return (first, last) if first <= last else None


def outline(size: tuple[int, int], radius_mm: float, dpi: int, round_: bool) -> Outline:
    return Outline(size, radius_mm / MM_PER_INCH * dpi, round_)


def cut_out(image: Image.Image, shape: Outline) -> Image.Image:
    """The card's image as RGBA: itself inside its outline, transparent white outside."""
    found = Image.new("RGBA", image.size, (255, 255, 255, 0))
    found.paste(image.convert("RGB"), (0, 0), shape.mask())
    return found


def grouped(images: list[bytes]) -> list[list[int]]:
    """The cards (numbered from 1, in deck order) of each distinct image, by their first card."""
    groups: dict[bytes, list[int]] = {}
    for number, image in enumerate(images, start=1):
        groups.setdefault(image, []).append(number)
    return list(groups.values())


def names(groups: list[list[int]], stem: str = "card") -> list[str]:
    """`card-01.png`, ... in deck order; an image several cards share says how many: `-x3`."""
    digits = max(2, len(str(len(groups))))
    return [f"{stem}-{i:0{digits}d}" + (f"-x{len(cards)}" if len(cards) > 1 else "") + ".png"
            for i, cards in enumerate(groups, start=1)]


def copies(name: str) -> int:
    """How many cards an image's name says to make of it (`card-01-x20.png`: 20)."""
    stem = name.rsplit("/", 1)[-1].removesuffix(".png")
    count = stem.rsplit("-x", 1)[1] if "-x" in stem else "1"
    return int(count) if count.isdigit() else 0


def inches(mm: float) -> str:
    """A length as Design Space's size boxes take it, in inches to 0.001 in."""
    return f"{mm / MM_PER_INCH:.3f}".rstrip("0").rstrip(".")
