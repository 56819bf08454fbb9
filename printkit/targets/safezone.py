"""What on a card must survive a shop's cut: its text and meaningful marks (pips, rings, a suit's
shape), each with its extent in the card's frame (mm from the trim's bottom-left corner), found by
walking the card's planned marks; and its pictures, where they are placed and which file they are
(what preflight names an image or an SVG's form by). Frames, bands, lattices and grounds are art:
they may run to the trim and into the bleed. A text's extent is where its glyphs may reach (ascent
to descent), not the leading round it; preflight then reads where the ink really lands."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from printkit.plan.geometry import MM_PER_INCH, Rect
from printkit.plan.items import CUT_GUIDE, FRAME, GROUND  # round art, whatever its colour
from printkit.ground.errors import Problem
from printkit.plan.corners import ink
from printkit.plan.marks import Box, Circle, Ellipse, Gradient, Group, Line, Picture, Polygon
from printkit.plan.text import Text

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # a, b, c, d, e, f: x' = a x + c y + e, y' = b x + d y + f
PAPER_WHITE = 0.9  # a fill this light with no outline is a ground (a panel, a disc), not a mark


@dataclass(frozen=True)
class Item:
    """One thing that must stay inside the safe zone: what it is and the rectangle it covers."""

    name: str
    rect: Rect
    text: bool = False  # set text (which a PDF can be read back for), or a drawn mark
    where: str | None = None  # FILE:LINE its words (or its layer) were written at, when known
    picture: str | None = None  # a picture's file digest (an SVG's form is named by it): no mark, an image
    art: str | None = None  # art (may run to the bleed): "area", "ring" (an outline `width` wide), "line"
    width: float = 0.0  # an outline's or a line's width, mm (a line's rect runs from its start to its end)
    stroke: float = 0.0  # the width of the outline or line it strokes, mm (0: it strokes none)
    pixels: tuple[int, int] | None = None  # a raster picture's size in pixels (its dpi as placed)

    def recorded(self) -> list:
        """The export record's line for it: name, x0, y0, x1, y1, kind (text, mark, art, image),
        where; then a picture's digest and pixels, art's kind and width, a mark's or art's stroke."""
        r = self.rect
        kind = "image" if self.picture else "art" if self.art else "text" if self.text else "mark"
        line = [self.name] + [round(v, 3) for v in (r.x, r.y, r.right, r.top)] + [kind, self.where or ""]
        if self.picture:
            return line + [self.picture] + list(self.pixels or ())
        stroke = [round(self.stroke, 4)] if self.stroke else []
        return line + ([self.art, round(self.width, 3)] + stroke if self.art else stroke)

    def dpi(self) -> float | None:
        """A raster picture's lower resolution as placed, dots an inch; None for an SVG or no picture."""
        if not self.pixels or self.rect.width <= 0 or self.rect.height <= 0:
            return None
        return min(self.pixels[0] / self.rect.width, self.pixels[1] / self.rect.height) * MM_PER_INCH

    def inside(self, size: tuple[float, float]) -> float:
        """How far it stands inside the trim at its nearest edge, mm (negative: outside). A line's
        rect runs from its start to its end, so its width or height may be negative (a lattice's
        line drawn right to left): its extent is its ends' least and greatest."""
        r = self.rect
        (x0, x1), (y0, y1) = sorted((r.x, r.right)), sorted((r.y, r.top))
        return min(x0, y0, size[0] - x1, size[1] - y1)


def items(marks, transform=IDENTITY) -> list[Item]:
    """What a card side's marks put on the card, each named as the designer's layer and at its
    line where the plan knows them (printkit/declared/layers.py tells each drawn mark its layer)."""
    found = []
    for mark in marks:
        if isinstance(mark, Group):
            found += items(mark.marks, _then(transform, mark.x, mark.y, mark.angle))
        elif isinstance(mark, Text) and mark.lines:
            found.append(Item(_name(mark), _mapped(transform, ink(mark)), True, _where(mark.where)))
        elif isinstance(mark, (Circle, Ellipse, Polygon)) and _meaningful(mark):
            found.append(Item(mark.item or _KIND[type(mark)], _mapped(transform, _extent(mark)), where=mark.where,
                              stroke=_stroke(mark)))
        elif isinstance(mark, Picture):
            found.append(Item(_file(mark.path), _mapped(transform, mark.rect), where=mark.where, picture=mark.digest,
                              pixels=None if mark.svg else _pixels(mark.path)))
        elif isinstance(mark, (Box, Line, Circle, Ellipse, Polygon)):
            found.append(_art(mark, transform))
    return found


def _stroke(mark) -> float:
    """The width of the line a mark strokes, mm; 0 when it strokes none (a fill alone)."""
    return mark.width if getattr(mark, "level", None) is not None and mark.width > 0 else 0.0


def _pixels(path: str) -> tuple[int, int] | None:
    """A raster image's size in pixels, read from its header (None when it cannot be read)."""
    try:
        with Image.open(path) as image:
            return image.size
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


def _art(mark, transform) -> Item:
    """Art, where a card image's ink may differ from its bleed and be no fault: a filled shape's
    area, an outline's ring, a line from end to end."""
    if isinstance(mark, Line):
        s = mark.seg
        (x1, y1), (x2, y2) = _point(transform, s.x1, s.y1), _point(transform, s.x2, s.y2)
        return Item(mark.item or "line", Rect(x1, y1, x2 - x1, y2 - y1), where=mark.where, art="line",
                    width=mark.width, stroke=_stroke(mark))
    rect = _mapped(transform, mark.rect if isinstance(mark, (Box, Ellipse)) else _extent(mark))
    outline = isinstance(mark, Box) and mark.fill is None and not transform[1] and not transform[2]
    named = getattr(mark, "item", None) or ("border" if outline else "shape")
    return Item(named, rect, where=mark.where, art="ring" if outline else "area",
                width=mark.width if outline else 0.0, stroke=_stroke(mark))


def _point(t, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = t
    return a * x + c * y + e, b * x + d * y + f


def _where(where: Problem | None) -> str | None:
    return f"{where.file}:{where.line}" if where is not None and where.line is not None else None


def _file(path: str) -> str:
    """An image as a designer knows it: its file's name (the record holds no machine's folders)."""
    return Path(path).name


_KIND = {Circle: "round mark", Ellipse: "round mark", Polygon: "shape"}


def _extent(mark) -> Rect:
    if isinstance(mark, Circle):
        return Rect(mark.x - mark.r, mark.y - mark.r, 2 * mark.r, 2 * mark.r)
    if isinstance(mark, Ellipse):
        return mark.rect
    xs, ys = [x for x, _ in mark.points], [y for _, y in mark.points]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def intrusions(found: list[Item], size: tuple[float, float], safe: float) -> list[tuple[Item, float]]:
    """The texts nearer the trim than `safe` mm, each with how far inside it stands: a fault, for
    a cut that drifts takes words off."""
    return [(item, item.inside(size)) for item in found if item.text and item.inside(size) < safe - 1e-6]


def near_the_cut(found: list[Item], size: tuple[float, float], safe: float) -> list[tuple[Item, float]]:
    """Frames, borders and shapes that stop inside the safe zone short of the trim, with how far
    inside they stand: a warning (a drifting cut shows their distance from the edge unequal).
    Art a layer takes to the trim or into the bleed (a ground, a lattice, a disc with `bleed`) is
    meant to be cut through, and no finding at all."""
    return [(item, item.inside(size)) for item in found if not item.text and not item.picture
            and _REACHES < item.inside(size) < safe - 1e-6]


_REACHES = 0.01  # mm: art this near the trim (or past it) reaches it by design


def hairlines(found: list[Item], thinnest: float) -> list[Item]:
    """What strokes a line thinner than `thinnest` mm: a press cannot hold it, whatever its colour."""
    return [item for item in found if 0 < item.stroke < thinnest - 1e-6]


def _name(text: Text) -> str:
    if text.item:
        return text.item
    words = " ".join(text.plain().split())
    return f"text '{words[:24]}{'...' if len(words) > 24 else ''}'"


def _meaningful(mark) -> bool:
    if mark.item in (CUT_GUIDE, FRAME, GROUND):
        return False
    return mark.level is not None or (mark.fill is not None and _lightness(mark.fill) < PAPER_WHITE)


def _lightness(fill) -> float:
    """A fill's lightness, 0 black to 1 white: a grey's own, a colour's mean, a gradient's darkest."""
    if isinstance(fill, Gradient):
        return min(_lightness(colour) for colour in fill.colours)
    return sum(fill) / len(fill) if isinstance(fill, tuple) else fill


def _then(t, x: float, y: float, angle: float):
    """`t` after a move to (x, y) and a turn by `angle` degrees: the frame of a Group inside it."""
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    a, b, c, d, e, f = t
    return (a * cos + c * sin, b * cos + d * sin, -a * sin + c * cos, -b * sin + d * cos,
            a * x + c * y + e, b * x + d * y + f)


def _mapped(t, r: Rect) -> Rect:
    a, b, c, d, e, f = t
    corners = [(a * x + c * y + e, b * x + d * y + f) for x in (r.x, r.right) for y in (r.y, r.top)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
