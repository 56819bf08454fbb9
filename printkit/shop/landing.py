"""Where a card image's ink really lands near its edges: what preflight holds to the safe zone in
a shop's PNGs. The plan says where a text or a meaningful mark may reach (a text's ascent and
descent, not its glyphs); the pixels say where it does.

A card's art (its ground, a picture or a pattern to the bleed edge) runs through the bleed into
the safe band; what is printed on it differs from it. So, for each planned text or mark that may
come nearer the trim than the safe zone, the pixels of its rectangle in the safe band are read,
and a pixel is its ink when its colour is none of the colours of the bleed beside it (outside the
trim, along the same stretch of the edge, outside the item's own rectangle), to within TOLERANCE
a channel. Its nearest such pixel is how far inside the trim it really stands. Words the same
colour as the art beside them are not found (they could not be read there either: the layout
lint warns of them)."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from printkit.plan.geometry import MM_PER_INCH, Rect

STEP = 24  # colours compared in cells this wide a channel (of 255) ...
TOLERANCE = 1  # ... and a cell's neighbours: art antialiased or resampled differs from its bleed by less
BESIDE = 3.0  # mm along the edge either side of an item: the bleed its art is compared with
LEAST = 2  # ink pixels: a lone pixel unlike the bleed (a photograph's speck) is no text


@dataclass(frozen=True)
class Card:
    """A card image: its pixels (RGB), its dpi, the trim's size in mm; the bleed is what is left
    round the trim, the same on each side."""

    image: Image.Image
    dpi: float
    trim: tuple[float, float]

    def px(self, mm: float) -> float:
        return mm / MM_PER_INCH * self.dpi

    @property
    def bleed(self) -> tuple[float, float]:
        """Pixels of bleed left and right, top and bottom."""
        return ((self.image.width - self.px(self.trim[0])) / 2, (self.image.height - self.px(self.trim[1])) / 2)

    def mm(self, x: int, y: int) -> tuple[float, float]:
        """A pixel's centre in the card's frame (mm from the trim's bottom-left corner, y up)."""
        bx, by = self.bleed
        return ((x + 0.5 - bx) / self.dpi * MM_PER_INCH, self.trim[1] - (y + 0.5 - by) / self.dpi * MM_PER_INCH)

    def box(self, rect: Rect) -> tuple[int, int, int, int]:
        """A rectangle of the card's frame as pixel bounds (left, top, right, bottom), on the image."""
        bx, by = self.bleed
        left, right = bx + self.px(rect.x), bx + self.px(rect.right)
        top, bottom = by + self.px(self.trim[1] - rect.top), by + self.px(self.trim[1] - rect.y)
        return (max(0, int(left)), max(0, int(top)), min(self.image.width, int(right) + 1),
                min(self.image.height, int(bottom) + 1))


def nearest_ink(card: Card, rect: Rect, safe: float) -> float | None:
    """How far inside the trim (mm; negative: outside) the ink in `rect` nearest the trim stands,
    when it is nearer than `safe`; None when no ink of it lies in the safe band."""
    band = [(x, y) for x, y in _pixels(card, rect.inset(-0.5))
            if _inside(card.mm(x, y), card.trim) < safe]
    if not band:
        return None
    colours = card.image.load()
    art = {edge: _art(card, edge, rect) for edge in _edges(card, band, safe)}
    grounds = {}  # the art beside a pixel: its edge's, or both edges' in a corner
    inks = []
    for x, y in band:
        edges = tuple(e for e in art if _on(e, card.mm(x, y), card.trim, safe))
        if edges not in grounds:
            grounds[edges] = set().union(*(art[e] for e in edges))
        if not _near(colours[x, y], grounds[edges]):
            inks.append((x, y))
    if len(inks) < LEAST:
        return None
    return min(_inside(card.mm(x, y), card.trim) for x, y in inks)


def _pixels(card: Card, rect: Rect):
    left, top, right, bottom = card.box(rect)
    return ((x, y) for y in range(top, bottom) for x in range(left, right))


def _inside(point: tuple[float, float], trim: tuple[float, float]) -> float:
    x, y = point
    return min(x, y, trim[0] - x, trim[1] - y)


EDGES = ("left", "bottom", "right", "top")


def _distance(edge: str, point, trim) -> float:
    x, y = point
    return {"left": x, "bottom": y, "right": trim[0] - x, "top": trim[1] - y}[edge]


def _on(edge: str, point, trim, safe: float) -> bool:
    return _distance(edge, point, trim) < safe


def _edges(card: Card, band, safe: float) -> list[str]:
    return [edge for edge in EDGES if any(_on(edge, card.mm(x, y), card.trim, safe) for x, y in band)]


def _art(card: Card, edge: str, rect: Rect) -> set[tuple[int, int, int]]:
    """The colour cells of the bleed along `edge` beside the item (its own rectangle left out, so
    a text that runs into the bleed is not its own ground); the whole edge's when that is empty."""
    width, height = card.trim
    near = rect.inset(-BESIDE)
    strips = {"left": Rect(-50, near.y, 50, near.height), "right": Rect(width, near.y, 50, near.height),
              "bottom": Rect(near.x, -50, near.width, 50), "top": Rect(near.x, height, near.width, 50)}
    whole = {"left": Rect(-50, -50, 50, height + 100), "right": Rect(width, -50, 50, height + 100),
             "bottom": Rect(-50, -50, width + 100, 50), "top": Rect(-50, height, width + 100, 50)}
    colours = card.image.load()
    for strip in (strips[edge], whole[edge]):
        found = {_cell(colours[x, y]) for x, y in _pixels(card, strip)
                 if _distance(edge, card.mm(x, y), card.trim) < 0 and not _within(card.mm(x, y), rect)}
        if found:
            return found
    return set()


def _within(point, rect: Rect) -> bool:
    return rect.x <= point[0] <= rect.right and rect.y <= point[1] <= rect.top


def _cell(colour) -> tuple[int, int, int]:
    return tuple(channel // STEP for channel in colour[:3])


def _near(colour, art: set) -> bool:
    r, g, b = _cell(colour)
    return any((r + i, g + j, b + k) in art for i in (-1, 0, 1) for j in (-1, 0, 1) for k in (-1, 0, 1))
