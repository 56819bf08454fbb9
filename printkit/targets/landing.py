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

from PIL import Image, ImageChops, ImageDraw

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


def _art(card: Card, edge: str, rect: Rect | None) -> set[tuple[int, int, int]]:
    """The colour cells of the bleed along `edge` beside the item (its own rectangle left out, so
    a text that runs into the bleed is not its own ground); the whole edge's when that is empty."""
    width, height = card.trim
    near = rect.inset(-BESIDE) if rect else Rect(-50, -50, width + 100, height + 100)
    strips = {"left": Rect(-50, near.y, 50, near.height), "right": Rect(width, near.y, 50, near.height),
              "bottom": Rect(near.x, -50, near.width, 50), "top": Rect(near.x, height, near.width, 50)}
    whole = {"left": Rect(-50, -50, 50, height + 100), "right": Rect(width, -50, 50, height + 100),
             "bottom": Rect(-50, -50, width + 100, 50), "top": Rect(-50, height, width + 100, 50)}
    colours = card.image.load()
    for strip in (strips[edge], whole[edge]):
        found = {_cell(colours[x, y]) for x, y in _pixels(card, strip)
                 if _distance(edge, card.mm(x, y), card.trim) < 0 and not (rect and _within(card.mm(x, y), rect))}
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


_CELLS = [v // STEP for v in range(256)]  # each value's colour cell, as a lookup table
MOST_COLOURS = 96  # colour cells of an edge's bleed beyond which its art (a photograph) is too varied to tell ink from


def unplanned_ink(card: Card, planned: list, safe: float) -> list[tuple[float, tuple[float, float]]]:
    """Ink in the safe band that no planned item explains: unlike the bleed's art beside it, and
    outside every planned text, mark, picture and art's place; (how far inside the trim, where in
    mm) of its nearest pixel, an edge at a time. An edge whose bleed holds more colours than
    MOST_COLOURS (a photograph) is not read."""
    found = []
    explained = _explained(card, [item for item in planned if _clear_of_the_bleed(item, card.trim)])
    for edge in EDGES:
        band = _band(card, edge, safe)
        art = _bleed_colours(card, edge)
        if not art or len(art) > MOST_COLOURS:
            continue
        ink = ImageChops.subtract(Image.new("L", (band[2] - band[0], band[3] - band[1]), 255),
                                  ImageChops.lighter(_matching(card.image.crop(band), art), explained.crop(band)))
        box = ink.getbbox()
        if box:
            inside, (x, y) = _nearest(card, ink, box, edge, band[:2])
            found.append((inside, (x, y)))
    return found


def _bleed_colours(card: Card, edge: str) -> set[tuple[int, int, int]]:
    """The colour cells of the whole bleed along `edge` (up to the trim, not past it)."""
    bx, by = card.bleed
    w, h = card.image.size
    strip = {"left": (0, 0, int(bx), h), "right": (w - int(bx), 0, w, h),
             "top": (0, 0, w, int(by)), "bottom": (0, h - int(by), w, h)}[edge]
    if strip[2] <= strip[0] or strip[3] <= strip[1]:
        return set()
    cells = card.image.crop(strip).point(_CELLS * 3)
    colours = cells.getcolors(MOST_COLOURS + 1)
    return {colour for _, colour in colours} if colours else set(range(MOST_COLOURS + 1))


def _clear_of_the_bleed(item, trim) -> bool:
    """Whether a planned thing stays inside the trim: art that runs into the bleed (a ground, a
    picture to the bleed edge) is what the bleed's colours stand for, and explains no other ink."""
    if item.art == "line":
        return True
    r = item.rect
    return r.x >= -1e-6 and r.y >= -1e-6 and r.right <= trim[0] + 1e-6 and r.top <= trim[1] + 1e-6


def _band(card: Card, edge: str, safe: float) -> tuple[int, int, int, int]:
    """The pixels from the image's edge to `safe` mm inside the trim along `edge`."""
    width, height = card.trim
    inner = {"left": Rect(-50, -50, 50 + safe, height + 100), "right": Rect(width - safe, -50, 50 + safe, height + 100),
             "bottom": Rect(-50, -50, width + 100, 50 + safe), "top": Rect(-50, height - safe, width + 100, 50 + safe)}
    return card.box(inner[edge])


def _matching(image: Image.Image, art: set) -> Image.Image:
    """A mask of the pixels whose colour is in (or next to) one of the `art` cells: each pixel's
    cell looked up in a table of the cells allowed (numpy: a few operations on the whole image)."""
    import numpy

    side = 256 // STEP + 1
    allowed = numpy.zeros((side, side, side), dtype=bool)
    for r, g, b in art:
        allowed[max(0, r - TOLERANCE):r + TOLERANCE + 1, max(0, g - TOLERANCE):g + TOLERANCE + 1,
                max(0, b - TOLERANCE):b + TOLERANCE + 1] = True
    cells = numpy.asarray(image.convert("RGB"), dtype=numpy.uint8) // STEP
    found = allowed[cells[..., 0], cells[..., 1], cells[..., 2]]
    return Image.fromarray(numpy.where(found, 255, 0).astype(numpy.uint8), "L")


def _explained(card: Card, planned: list) -> Image.Image:
    """Where the plan puts something (half a millimetre round it, for antialiasing and rounding)."""
    mask = Image.new("L", card.image.size, 0)
    draw = ImageDraw.Draw(mask)
    margin = card.px(0.5)
    for item in planned:
        r = item.rect
        if item.art == "line":
            ends = [card.box(Rect(x, y, 0, 0))[:2] for x, y in ((r.x, r.y), (r.right, r.top))]
            draw.line(ends, fill=255, width=max(1, round(card.px(item.width) + 2 * margin)))
        elif item.art == "ring":
            left, top, right, bottom = card.box(r)
            draw.rectangle((left - margin, top - margin, right + margin, bottom + margin), outline=255,
                           width=max(1, round(card.px(item.width) + 2 * margin)))
        else:
            left, top, right, bottom = card.box(r.inset(-0.5))
            draw.rectangle((left, top, right, bottom), fill=255)
    return mask


def _nearest(card: Card, ink: Image.Image, box, edge: str, origin) -> tuple[float, tuple[float, float]]:
    """The ink pixel nearest `edge` (its distance inside the trim, and where it is in mm); `ink`
    is the band cropped at `origin`."""
    left, top, right, bottom = box
    pixels = ink.load()
    if edge in ("left", "right"):
        columns = range(left, right) if edge == "left" else range(right - 1, left - 1, -1)
        x = next(x for x in columns if any(pixels[x, y] for y in range(top, bottom)))
        y = next(y for y in range(top, bottom) if pixels[x, y])
    else:
        rows = range(bottom - 1, top - 1, -1) if edge == "bottom" else range(top, bottom)
        y = next(y for y in rows if any(pixels[x, y] for x in range(left, right)))
        x = next(x for x in range(left, right) if pixels[x, y])
    point = card.mm(x + origin[0], y + origin[1])
    return _distance(edge, point, card.trim), point
