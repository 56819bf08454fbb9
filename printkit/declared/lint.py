"""A layout checked as a careful printer would look at it, before a page is drawn: words that lie
on other words or under the corner index (an error, unless a layer says the overlap is meant:
`overlaps: [title]`, or `[corners]` for the corner index), words set below 6 pt, words nearer the
trim than the safe zone (errors); words too faint on their ground for WCAG's 3:1, and colours that
readers with a colour-vision deficiency cannot tell apart when they are all that tells two values
of a field apart (warnings, with the colours named). The first three look at each card as planned;
the colours are read from the layouts as written, once, when game.yaml is read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.plan import legibility
from printkit.plan.corners import placed_marks
from printkit.plan.geometry import MM_PER_INCH, Rect
from printkit.plan.text import Text

SMALLEST = 6.0  # pt: nothing on a card is read below this in print
SAFE = MM_PER_INCH / 8  # mm: words stay this far inside the trim (PRINT.md: 1/8 in)
CONTRAST = 3.0  # WCAG's least contrast for large text and for what a reader must tell from its ground
CORNERS = "corners"  # the name a layer's `overlaps` gives the corner index and what stands under it
WORDS = ("text", "number", "symbol")


@dataclass(frozen=True)
class Drawn:
    """One layer of one card as planned: its name, kind, what it lets overlap it, and where its
    ink is: the rectangles its set words cover, or what its shape or picture covers."""

    name: str
    kind: str
    overlaps: object  # True, or the names it may overlap
    words: tuple[Rect, ...]
    area: Rect | None  # a filled shape's or a picture's; None for an outline or words
    outline: tuple[Rect, float] | None  # an unfilled shape's outline: its rectangle and width
    sizes: tuple[float, ...]  # the point sizes its words are set at


def drawn(name: str, values: dict, marks: list, rect: Rect | None) -> Drawn:
    """A layer as planned for one card: its words' extents, found in its marks; a shape's or a
    picture's ink, from its box (turned, if it is)."""
    overlaps = values.get("overlaps") or ()
    if values["kind"] in WORDS:
        texts = [(mark, extent) for mark, extent in placed_marks(marks) if isinstance(mark, Text)]
        words = tuple(extent for _, extent in texts)
        sizes = tuple(line.size for mark, _ in texts for line in mark.lines)
        return Drawn(name, values["kind"], overlaps, words, None, None, sizes)
    if rect is None or not marks or values["kind"] == "lattice":
        return Drawn(name, values["kind"], overlaps, (), None, None, ())
    rect = turned(rect, float(values.get("rotate") or 0.0))
    filled = values["kind"] == "image" or (values.get("fill") not in (None, "none")) or values.get("gradient")
    outline = None if filled else (rect, float(values.get("stroke_width") or 0.25))
    return Drawn(name, values["kind"], overlaps, (), rect if filled else None, outline, ())


def turned(rect: Rect, degrees: float) -> Rect:
    """What a box covers turned `degrees` about its middle."""
    if not degrees % 360:
        return rect
    turn = math.radians(degrees)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    width, height = rect.width * cos + rect.height * sin, rect.width * sin + rect.height * cos
    cx, cy = rect.x + rect.width / 2, rect.y + rect.height / 2
    return Rect(cx - width / 2, cy - height / 2, width, height)


# --- errors, card by card -------------------------------------------------------------------------

def overlaps(layers: list[Drawn], corners: tuple[Rect, ...]) -> list[tuple[str, str]]:
    """(layer, what lies on it) for each pair of layers whose words meet, and each layer whose ink
    the corner index meets, unless either says the overlap is meant."""
    found = []
    meant = "move one, or let them overlap with `overlaps: [...]`"
    for i, upper in enumerate(layers):
        for lower in layers[:i]:
            if not (upper.words and lower.words and _meet(upper.words, lower.words)):
                continue
            if upper.name == lower.name:  # a layer at both ends (ends: both) and its copy turned round
                found.append((upper.name, "its words at one end lie on its own words turned at the other "
                                          "(`ends: both`); move it towards its end of the card"))
            elif not _meant(upper, lower.name) and not _meant(lower, upper.name):
                found.append((upper.name, f"its words lie on the words of layer '{lower.name}'; {meant}"))
    for layer in layers:
        if corners and _under_corner(layer, corners) and not _meant(layer, CORNERS):
            found.append((layer.name, f"the corner index lies on it; {meant}"))
    return found


def _meant(layer: Drawn, other: str) -> bool:
    return layer.overlaps is True or other in (layer.overlaps or ())


def _meet(ones, others) -> bool:
    return any(one.overlaps(other) for one in ones for other in others)


def _under_corner(layer: Drawn, corners: tuple[Rect, ...]) -> bool:
    """Whether the corner index lies on a layer: on its words at all; across a shape's or a
    picture's edge (one that holds the whole index is its ground: a badge behind it, the art)."""
    if layer.words and _meet(layer.words, corners):
        return True
    if layer.area is not None:
        return any(corner.overlaps(layer.area) and not _holds_all(layer, corner) for corner in corners)
    if layer.outline is not None:
        rect, width = layer.outline
        inner = rect.inset(width)
        return any(corner.overlaps(rect) and not _inside(corner, inner) for corner in corners)
    return False


def _holds_all(layer: Drawn, rect: Rect) -> bool:
    """Whether a filled layer's ink covers all of `rect`: an ellipse its four corners."""
    if layer.kind != "ellipse":
        return _inside(rect, layer.area)
    area = layer.area
    cx, cy, rx, ry = area.x + area.width / 2, area.y + area.height / 2, area.width / 2, area.height / 2
    return all(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0 for x in (rect.x, rect.right)
               for y in (rect.y, rect.top))


def _inside(rect: Rect, outer: Rect) -> bool:
    return rect.x >= outer.x and rect.y >= outer.y and rect.right <= outer.right and rect.top <= outer.top


def small(layer: Drawn) -> float | None:
    """The smallest size a layer's words are set at, when it is below SMALLEST."""
    least = min(layer.sizes, default=None)
    return least if least is not None and least < SMALLEST - 1e-9 else None


def outside_safe(layer: Drawn, size: tuple[float, float], round_: bool) -> float | None:
    """How far inside the trim a layer's words come, when that is less than the safe zone."""
    if not layer.words:
        return None
    if round_:
        radius = size[0] / 2
        reach = max(((x - radius) ** 2 + (y - radius) ** 2) ** 0.5 for rect in layer.words
                    for x in (rect.x, rect.right) for y in (rect.y, rect.top))
        inside = radius - reach
    else:
        inside = min(min(r.x, r.y, size[0] - r.right, size[1] - r.top) for r in layer.words)
    return inside if inside < SAFE - 1e-6 else None


def corner_extents(marks) -> tuple[Rect, ...]:
    """Where the corner index and what stands under it lie on the card, at both ends."""
    return tuple(extent for _, extent in placed_marks(marks))


# --- warnings, from the layouts as written ----------------------------------------------------------

def faint(colour, ground) -> float | None:
    """The contrast of words in `colour` on `ground`, when it is below CONTRAST."""
    ratio = legibility.contrast_ratio(colour, ground)
    return ratio if ratio < CONTRAST - 1e-9 else None


def alike(one, other) -> list[tuple[str, tuple, tuple]]:
    """The deficiencies for which two colours a typical reader tells apart look alike."""
    return legibility.confusable(one, other)


def named(colour) -> str:
    return legibility.name_of(colour)


def colour_warnings(layout: dict, colour_of, card: tuple[float, float]) -> list[tuple[tuple, str]]:
    """(path in the layout, message) for each text too faint on its ground, and each colour that a
    field maps to that a reader with a colour-vision deficiency cannot tell from another, when
    nothing else on the card tells the two values apart. `colour_of` turns a colour as written
    into (r, g, b), or None when it is not one."""
    layers = list((layout.get("layers") or {}).items())
    found = []
    for index, (name, layer) in enumerate(layers):
        if layer["kind"] in WORDS:
            found += _faint(name, layer, layers[:index], layout, colour_of)
    shown = {field for _, layer in layers if layer["kind"] in WORDS + ("image",) for field in _reads(layer)}
    for path, field, mapping in _mapped_colours(layout, layers):
        if field not in shown:
            found += _alike(path, field, mapping, colour_of)
    return found


def _faint(name: str, layer: dict, below: list, layout: dict, colour_of) -> list[tuple[tuple, str]]:
    ground, under, alpha = _ground(layer, below, layout)
    if ground is None:  # a gradient, or a ground of an expression's colours: not known before a card has it
        return []
    found = []
    words_colours = _candidates(layer.get("colour"), 0.0)
    if layer["kind"] == "symbol" and layer.get("colours") and layer.get("field"):  # each value its own colour
        words_colours = _candidates({"field": layer["field"], "map": layer["colours"],
                                     "default": layer.get("colour") if layer.get("colour") is not None else 0.0}, 0.0)
    for (value, words, _), (other_value, back, _) in _pairs(words_colours, _candidates(ground, 1.0)):
        one, other = colour_of(words), colour_of(back)
        if other is not None and alpha < 1.0:
            other = legibility.over(other, alpha, (1.0, 1.0, 1.0))
        ratio = faint(one, other) if one is not None and other is not None else None
        if ratio is not None:
            on = f"on '{_shown(back)}'" + (f" ({under})" if under else "")
            case = value if value is not None else other_value
            case = f" where it is '{case}'" if case is not None else ""
            found.append((("layers", name, "colour"), f"'{_shown(words)}' {on} has a contrast of {ratio:.1f}:1{case}, "
                                                      f"below WCAG's {CONTRAST:g}:1: hard to read; darken or lighten "
                                                      f"one"))
    return found


def _shown(colour) -> str:
    return f"{colour:g}" if isinstance(colour, float) else str(colour)


def _ground(layer: dict, below: list, layout: dict):
    """The colour as written under a layer's words, where it is and how opaque: its own box's
    fill, else the fill of the nearest layer under it that holds its box (a translucent one over
    paper white), else the layout's background, else paper white. None for a ground not known
    before a card is planned (a gradient, a translucent layer over art)."""
    if layer.get("fill") is not None and layer["fill"] != "none":
        return layer["fill"], "its own fill", 1.0
    box = _box(layer)
    for name, other in reversed(below):
        if box is None or not _holds(_box(other), box):
            continue
        if other.get("gradient") or other["kind"] == "image":
            return None, None, 1.0
        fill = other.get("fill")
        if fill is not None and fill != "none":
            opacity = other.get("opacity")
            opacity = float(opacity) if isinstance(opacity, (int, float)) else 1.0
            if opacity < 1.0 and layout.get("background") is not None:
                return None, None, 1.0
            return fill, f"layer '{name}'", opacity
    if layout.get("background") is not None:
        return layout["background"], "the background", 1.0
    return "white", None, 1.0


def _box(layer: dict):
    values = [layer.get(key) for key in ("x", "y", "width", "height")]
    return values if all(isinstance(v, (int, float)) for v in values) else None


def _holds(outer, inner) -> bool:
    if outer is None:
        return False
    return outer[0] <= inner[0] and outer[1] <= inner[1] and outer[0] + outer[2] >= inner[0] + inner[2] \
        and outer[1] + outer[3] >= inner[1] + inner[3]


def _candidates(raw, default) -> list[tuple[str | None, object, frozenset]]:
    """(the field's value, the colour, the values it is not for) for each colour a property may
    have, as written: one colour, or each colour a field's map gives and its default for the
    values the map leaves out (an expression's colours are not known before a card has them)."""
    if raw is None:
        return [(None, default, frozenset())]
    if isinstance(raw, dict) and "field" in raw:
        mapping = {str(key): colour for key, colour in (raw.get("map") or {}).items()}
        mapped = [(key, colour, frozenset()) for key, colour in mapping.items()]
        return mapped + ([(None, raw["default"], frozenset(mapping))] if raw.get("default") is not None else [])
    if isinstance(raw, str) and (raw.startswith("=") or "{{" in raw):
        return []
    return [(None, raw, frozenset())]


def _pairs(ones, others):
    """Every pair of candidates that can be on one card: of the same value where both are mapped
    (a default is for the values its map leaves out)."""
    return [(one, other) for one in ones for other in others
            if (one[0] is None or other[0] is None or one[0] == other[0])
            and other[0] not in one[2] and one[0] not in other[2]]


def _mapped_colours(layout: dict, layers: list):
    if isinstance(layout.get("background"), dict) and "field" in layout["background"]:
        yield ("background",), layout["background"]["field"], layout["background"].get("map") or {}
    for name, layer in layers:
        for key in ("fill", "colour", "stroke"):
            raw = layer.get(key)
            if isinstance(raw, dict) and "field" in raw and raw.get("map"):
                yield ("layers", name, key), raw["field"], raw["map"]
        if layer.get("colours") and layer.get("field"):
            yield ("layers", name, "colours"), layer["field"], layer["colours"]


def _reads(layer: dict) -> set[str]:
    """The fields whose values a words or image layer shows (so its colour is not all that tells them apart)."""
    from printkit.declared.bind import binding

    found = {layer["field"]} if layer.get("field") else set()
    for key in ("text", "symbol", "file"):
        if layer.get(key) is not None:
            found |= binding(layer[key]).names()
    return found


def _alike(path: tuple, field: str, mapping: dict, colour_of) -> list[tuple[tuple, str]]:
    values = [(str(key), colour, colour_of(colour)) for key, colour in mapping.items()]
    found = []
    for i, (one, written, rgb) in enumerate(values):
        for other, written_other, rgb_other in values[i + 1:]:
            if rgb is None or rgb_other is None:
                continue
            for deficiency, seen, seen_other in alike(rgb, rgb_other)[:1]:
                found.append((path, f"'{one}' ({_shown(written)}) and '{other}' ({_shown(written_other)}) look alike "
                                    f"to a reader with {deficiency}, who sees {named(seen)} and {named(seen_other)}, "
                                    f"and colour is all that tells them apart: add a symbol or a word that shows "
                                    f"`{field}`"))
    return found
