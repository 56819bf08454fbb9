"""Each kind of layer planned into marks, from its values for one card (every binding already
evaluated and checked: printkit/declared/faces.py): text with markup and icons fitted to its
box, a large number with its corner indices, a symbol, an image fitted, covered or stretched and
clipped, shapes (a rectangle with rounded corners, an ellipse, a line, a polygon, a star) filled
with a colour or a gradient and outlined, dashed or not, and a lattice to the bleed edge.

A layer's box is written from the card's top-left corner, y going down, in millimetres (or from
any edge, in proportion to the card: printkit/declared/place.py); marks are
in the card's frame (origin at the trim's bottom-left corner, y up). A turned layer is planned in
its own frame, round its box's middle, and placed turned; at a quarter turn its box is the one
written, the content laid out across it.
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass

import markupsafe

from printkit.ground.errors import PrintkitError, Problem
from printkit.plan import marks as m
from printkit.plan.cardface import back_pattern, number as big_number
from printkit.plan.fonts import BOLD, em_width, font_for
from printkit.plan.geometry import Rect, Segment
from printkit.plan.markup import as_written, check_markup, typed_breaks
from printkit.plan.fitting import fit_rich
from printkit.plan.label import label
from printkit.plan.text import PT_PER_MM
from printkit.plan.typeset import Style
from printkit.plan.type import TYPE
from printkit.declared import layout, place

CAP = 0.729 / PT_PER_MM  # mm of capital height a point of DejaVu Sans gives
FILLED = 0.8  # a number or symbol stands this much of its box's height
LINE = 0.25  # mm: an outline's width when a layer gives a stroke and no width
NONE = "none"  # a colour that is no paint: no fill, no outline
ACROSS = re.compile(r"its (\S+) x (\S+) mm box")


@dataclass
class Layer:
    """One layer of one card: its values, its box in the card's frame, and what to name it by."""

    name: str
    values: dict
    rect: Rect | None
    item: str  # "card 3 title", for messages
    where: Problem  # where its value came from (a card's field, or the layer's line)

    @property
    def mark(self) -> str:
        """What its marks are, for a preflight's messages on a card: its name in words."""
        return self.name.replace("-", " ").replace("_", " ")


def plan(look, layer: Layer, corners: dict) -> list:
    """The layer's marks, turned and faded as it asks; a shape that goes in the corners is
    handed to `corners` (and drawn in its box too, unless it goes only there)."""
    values = layer.values
    if values["kind"] in SHAPES and values.get("corners"):
        corners.setdefault("under", []).append(("shape", _in_corner(look, layer)))
        if values["corners"] == "only":
            return []
    turn = float(values.get("rotate") or 0.0) % 360
    if not turn or layer.rect is None:
        found = DRAW[values["kind"]](look, layer, corners)
    else:
        found = _turned(look, layer, turn, corners)
    _stamped(found, layer)
    opacity = values.get("opacity")
    if opacity is not None and float(opacity) < 1.0 and found:
        found = [m.Group(tuple(found), opacity=float(opacity))]
    return found


DRAWN = (m.Line, m.Box, m.Polygon, m.Circle, m.Ellipse, m.Picture)  # the marks a layer's line is told to


def _stamped(found, layer: Layer) -> None:
    """Each drawn mark told its layer's name and the FILE:LINE it is written at, so that preflight
    names the designer's layer (text keeps its own: the card's field its words come from)."""
    where = f"{layer.where.file}:{layer.where.line}" if layer.where is not None and layer.where.line else None
    for mark in found:
        if isinstance(mark, m.Group):
            _stamped(mark.marks, layer)
        elif isinstance(mark, DRAWN):
            mark.where = mark.where or where
            mark.item = mark.item or layer.mark


def _in_corner(look, layer: Layer) -> tuple:
    """A shape for the corner, in an end's frame (origin at its top-left corner, y down): its
    middle on x = 0 (the corner puts it under the index), at the height its box is written at."""
    box = layer.rect
    top = look.size[1] - box.top
    local = Layer(layer.name, layer.values, Rect(-box.width / 2, -top - box.height, box.width, box.height),
                  layer.item, layer.where)
    return tuple(DRAW[layer.values["kind"]](look, local, {}))


def _turned(look, layer: Layer, turn: float, corners: dict) -> list:
    """Planned round the box's middle in a frame of its own, then placed turned clockwise by
    `turn` degrees; a quarter turn lays the content out across the box (its width its height)."""
    box = layer.rect
    across = round(turn) % 180 == 90 and abs(turn - round(turn)) < 1e-9
    width, height = (box.height, box.width) if across else (box.width, box.height)
    local = Layer(layer.name, layer.values, Rect(-width / 2, -height / 2, width, height), layer.item, layer.where)
    try:
        found = DRAW[layer.values["kind"]](look, local, {})
    except PrintkitError as error:
        if not across:
            raise
        raise PrintkitError([problem.with_message(ACROSS.sub(r"its \2 x \1 mm box", problem.message), problem.text)
                             for problem in error.problems]) from None  # the box as written, not as laid across
    return [m.Group(tuple(found), box.x + box.width / 2, box.y + box.height / 2, -turn)]


# --- words -------------------------------------------------------------------------------------------

def _text(look, layer: Layer, corners: dict) -> list:
    v, rect = layer.values, layer.rect
    found = _box_ground(look, v, rect)
    text = v.get("value")
    if text is None or str(text).strip() == "":
        return found
    markup = str(text) if isinstance(text, markupsafe.Markup) or v.get("markup") is not False \
        else as_written(str(text))  # as written: no tags, no icons, no emphasis
    largest = float(v.get("size") or TYPE.body)
    smallest = min(largest, float(v.get("smallest") or TYPE.smallest))
    padding = v.get("padding")
    padding = float(padding) if padding is not None else (1.0 if v.get("fill") or v.get("stroke") else 0.0)
    style = Style(largest, smallest, bool(v.get("bold")), v.get("align") or "centre", v.get("valign") or "middle",
                  look.colour(v.get("colour")), font=look.font(v.get("font")), palette=look.palette,
                  italic=bool(v.get("italic")))
    if v.get("line"):
        return found + [_line_of(markupsafe.Markup(markup).unescape(), rect.inset(padding), style, layer)]
    return found + list(fit_rich(typed_breaks(markup), rect.inset(padding), style, layer.item, layer.where))


def _line_of(text: str, rect: Rect, style: Style, layer: Layer):
    """One line, its capitals centred in the box (or standing on its foot, or hanging from its
    top), shrunk to fit the box's width: a label, a title, a band's words."""
    return label(text.replace("\n", " "), rect, style.largest, style.bold, style.align, style.valign, style.level,
                 style.smallest, layer.item, layer.where, style.font)


def _box_ground(look, v: dict, rect: Rect) -> list:
    """A text's box filled, outlined or both, before its words."""
    fill, stroke = paint(look, v.get("fill")), paint(look, v.get("stroke"))
    if fill is None and stroke is None:
        return []
    return [m.Box(rect, width=_width(v), level=stroke, fill=fill, radius=float(v.get("radius") or 0.0))]


def _number(look, layer: Layer, corners: dict) -> list:
    v, rect = layer.values, layer.rect
    value = str(v.get("value") or "").strip()
    found = _box_ground(look, v, rect)
    if not value:
        return found
    family, level = look.font(v.get("font")), look.colour(v.get("colour"))
    face = font_for(True, False, family) if family else None  # a family's bold face: numbers are bold
    check_markup(str(markupsafe.escape(value)), layer.where, face=face)
    size = float(v["size"]) if v.get("size") else _size(value, rect, face or BOLD)
    if em_width(value, face or BOLD) * size > rect.width + 1e-6 or CAP * size > rect.height + 1e-6:
        raise PrintkitError([layer.where.with_message(
            f"{layer.item}: '{value}' does not fit its {rect.width:g} x {rect.height:g} mm box even at {size:g} pt; "
            f"make the box larger", value)])
    turned = look.reads_as_another(value, v.get("underline") or "deck")
    baseline = rect.y + (rect.height - CAP * size) / 2
    if v.get("corners") is not False and "index" not in corners:
        corners["index"] = (value, turned, level, face)
    return found + list(big_number(value, rect.x + rect.width / 2, baseline, size, turned, level=level, face=face,
                                   item=layer.mark, where=layer.where))  # named as the designer's layer


def _symbol(look, layer: Layer, corners: dict) -> list:
    v, rect = layer.values, layer.rect
    value = v.get("value")
    if value is None or str(value) == "":
        return []
    value = str(value)
    symbols = v.get("symbols")
    if symbols and value not in symbols:
        close = difflib.get_close_matches(value, list(symbols), n=1)
        hint = f"did you mean '{close[0]}'?" if close else "its values: " + ", ".join(symbols)
        raise PrintkitError([layer.where.with_message(f"{layer.item}: '{value}' has no glyph in the layer's "
                                                      f"`symbols` ({hint})", value)])
    glyph = (symbols or {}).get(value, value)
    level = look.colour((v.get("colours") or {}).get(value) or v.get("colour"))
    face = look.font(v.get("font"))
    if v.get("corners"):
        corners.setdefault("under", []).append(("symbol", glyph, level, face, v.get("corner_size")))
        if v["corners"] == "only":
            return []
    mark = label(glyph, rect, _size(glyph, rect, face or "Sans"), align="centre", level=level, item=layer.item,
                 where=layer.where, face=face)
    return _box_ground(look, v, rect) + [mark]


def _size(text: str, rect: Rect, font: str) -> float:
    """Points at which `text` stands FILLED of the box's height, or fills its width if narrower."""
    tall = rect.height * FILLED / CAP
    wide = rect.width * 0.9 / max(em_width(text, font), 1e-6)
    return max(TYPE.smallest, round(min(tall, wide) * 2) / 2)


# --- pictures ----------------------------------------------------------------------------------------

def _image(look, layer: Layer, corners: dict) -> list:
    v, rect = layer.values, layer.rect
    name = v.get("value")
    if not name:
        return []
    asset = look.asset(name)
    fit_ = v.get("fit") or "contain"
    placed = layout.image_rect(rect, asset["size"], fit_)
    picture = m.Picture(str(look.folder / name), placed, asset["digest"], asset["svg"])
    clip = _clip(v, rect) if fit_ == "cover" or v.get("clip") else None
    return [m.Group((picture,), clip=clip)] if clip is not None else [picture]


def _clip(v: dict, rect: Rect):
    if v.get("clip") == "ellipse":
        return m.Ellipse(rect, level=None)
    return m.Box(rect, level=None, radius=float(v.get("radius") or 0.0))


# --- shapes ------------------------------------------------------------------------------------------

def _rect(look, layer: Layer, corners: dict) -> list:
    v = layer.values
    fill, level = _paint(look, v, layer.rect)
    if fill is None and level is None:
        return []
    return [m.Box(layer.rect, width=_width(v), level=level, fill=fill, dash=_dash(v),
                  radius=min(float(v.get("radius") or 0.0), layer.rect.width / 2, layer.rect.height / 2))]


def _ellipse(look, layer: Layer, corners: dict) -> list:
    v = layer.values
    fill, level = _paint(look, v, layer.rect)
    if fill is None and level is None:
        return []
    return [m.Ellipse(layer.rect, width=_width(v), level=level, fill=fill, dash=_dash(v), item=layer.mark)]


def _line(look, layer: Layer, corners: dict) -> list:
    v = layer.values
    level = paint(look, v.get("stroke") or "black")
    points = look.points(v["points"])
    if len(points) == 2:
        (x1, y1), (x2, y2) = points
        return [m.Line(Segment(x1, y1, x2, y2), width=_width(v), level=level, dash=_dash(v))]
    return [m.Polygon(tuple(points), width=_width(v), level=level, fill=None, dash=_dash(v), closed=False)]


def _polygon(look, layer: Layer, corners: dict) -> list:
    v = layer.values
    if v.get("points"):
        points = look.points(v["points"])
    else:
        points = _regular(layer.rect, int(v.get("sides") or 6), 1.0)
    return _shape(look, layer, points)


def _star(look, layer: Layer, corners: dict) -> list:
    v = layer.values
    return _shape(look, layer, _regular(layer.rect, int(v.get("tips") or 5), float(v.get("inner") or 0.45)))


def _shape(look, layer: Layer, points: list) -> list:
    v = layer.values
    fill, level = _paint(look, v, m.frame_of(points))
    if fill is None and level is None:
        return []
    return [m.Polygon(tuple(points), width=_width(v), level=level, fill=fill, item=layer.mark, dash=_dash(v))]


def _regular(box: Rect, tips: int, inner: float) -> list[tuple[float, float]]:
    """A regular polygon (`inner` 1) or a star of `tips` points in the box, a point straight up:
    its corners on the ellipse the box holds, a star's inner corners `inner` of the way out."""
    cx, cy, rx, ry = box.x + box.width / 2, box.y + box.height / 2, box.width / 2, box.height / 2
    step = math.pi / tips
    points = []
    for k in range(2 * tips if inner < 1.0 else tips):
        angle = math.pi / 2 + k * (step if inner < 1.0 else 2 * step)
        reach = inner if inner < 1.0 and k % 2 else 1.0
        points.append((cx + rx * reach * math.cos(angle), cy + ry * reach * math.sin(angle)))
    return points


def _lattice(look, layer: Layer, corners: dict) -> list:
    """Lines both ways across the whole card and into the bleed, on a ground of `fill`: `cells`
    diamonds across and down, or diamonds about `step` mm wide and tall. Either way whole
    diamonds fit the card across and down, so abutting cards' lattices join into one (a back
    printed off its front shows its neighbour's lattice going on at the cut, not a seam), and the
    lattice is the same turned half round."""
    v, size, reach = layer.values, look.size, look.bleed
    area = Rect(-reach, -reach, size[0] + 2 * reach, size[1] + 2 * reach)
    ground = [m.Box(area, level=None, fill=paint(look, v["fill"]))] if paint(look, v.get("fill")) is not None else []
    width, level = _width(v), look.colour(v.get("stroke") if v.get("stroke") is not None else 0.55)
    step = float(v.get("step") or 6.0)
    cells = tuple(v.get("cells") or (max(1, round(size[0] / step)), max(1, round(size[1] / step))))
    return ground + list(back_pattern(size, cells, reach, width, level))


# --- paint -------------------------------------------------------------------------------------------

def _paint(look, v: dict, rect: Rect):
    """A shape's fill (a colour or a gradient across `rect`) and its outline's colour (None: none;
    a width with no colour is black)."""
    fill = paint(look, v.get("fill"))
    if v.get("gradient"):
        fill = gradient(look, v["gradient"], rect)
    stroke = v.get("stroke")
    level = paint(look, stroke) if stroke is not None else (0.0 if v.get("stroke_width") else None)
    return fill, level


def paint(look, value):
    """A fill's or an outline's colour; None for none (not given, or `none`)."""
    return None if value is None or value == NONE else look.colour(value)


def gradient(look, spec: dict, rect: Rect):
    """A linear gradient across `rect` at `angle` degrees clockwise from left-to-right (90: top to
    bottom), from its first colour to its last, as CSS draws one: the line through the middle
    long enough that both corners it meets are at the ends' colours."""
    angle = math.radians(float(spec.get("angle") or 0.0))
    dx, dy = math.cos(angle), -math.sin(angle)  # y up: clockwise on the card is downwards
    half = (abs(rect.width * dx) + abs(rect.height * dy)) / 2
    cx, cy = rect.x + rect.width / 2, rect.y + rect.height / 2
    return m.Gradient((cx - dx * half, cy - dy * half), (cx + dx * half, cy + dy * half),
                      tuple(look.colour(colour) for colour in spec["colours"]))


def _width(v: dict) -> float:
    return float(v.get("stroke_width") or LINE)


def _dash(v: dict):
    dash = v.get("dash")
    return (float(dash[0]), float(dash[1])) if dash else None


DRAW = {"text": _text, "number": _number, "symbol": _symbol, "image": _image, "rect": _rect, "ellipse": _ellipse,
        "line": _line, "polygon": _polygon, "star": _star, "lattice": _lattice}
WORDS = ("text", "number", "symbol")  # layers whose value is words
SHAPES = ("rect", "ellipse", "polygon", "star")  # layers that may go in the corners


def box_rect(values: dict, size: tuple[float, float]) -> Rect | None:
    """A layer's box in the card's frame, or None for a layer without one (a lattice, a line);
    written from any edge, in mm or in percentages of the card (place.py). Worked out once for
    each way of writing it on each size of card: a deck's every card asks for each layer's box a
    few times, and most are written alike on every card."""
    key = (repr([values.get(name) for name in place.KEYS]), tuple(size))  # repr: 1 and 1.0, 0.0 and -0.0 apart
    found = _BOXES.get(key, _UNKNOWN)
    if found is _UNKNOWN:
        if len(_BOXES) >= 4096:
            _BOXES.clear()
        found = _BOXES[key] = _box_rect(values, size)
    return found


_BOXES: dict = {}  # (the six measures as written, the card's size) -> the box (a Rect is never changed)
_UNKNOWN = object()


def _box_rect(values: dict, size: tuple[float, float]) -> Rect | None:
    found = place.box(values, size)
    if found is None:
        return None
    x, y, width, height = found
    return Rect(x, size[1] - y - height, width, height)


def to_bleed(rect: Rect, size: tuple[float, float], bleed: float) -> Rect:
    """A box's edges that lie on the trim (or past it) moved out to the bleed edge."""
    left = -bleed if rect.x <= 1e-6 else rect.x
    bottom = -bleed if rect.y <= 1e-6 else rect.y
    right = size[0] + bleed if rect.right >= size[0] - 1e-6 else rect.right
    top = size[1] + bleed if rect.top >= size[1] - 1e-6 else rect.top
    return Rect(left, bottom, right - left, top - bottom)
