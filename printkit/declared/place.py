"""Where a layer's box lies on the card it is drawn on, from however its layout writes it: each
dimension by two of its three measures, in millimetres or as a percentage of the card's width
(across) or height (down). Across: `x` (the left edge, from the card's left edge), `width`,
`right` (the right edge, from the card's right edge); down: `y` (from the top), `height`,
`bottom` (from the bottom). So `x: 3, right: 3` is a band 3 mm in from both sides of any card,
and `x: 10%, width: 80%` its middle four fifths. A box written with x, y, width and height in
millimetres means what it always has: those millimetres from the card's top-left corner.
"""

from __future__ import annotations

import re

PERCENT = re.compile(r"\s*(-?\d{1,6}(?:\.\d{1,6})?)\s*%\s*\Z")
ACROSS = ("x", "width", "right")  # the three measures of a box's width, in the order they are named
DOWN = ("y", "height", "bottom")
KEYS = ACROSS + DOWN
EPSILON = 1e-6


def percent(value) -> float | None:
    """The percentage a value is written as (`50%`), or None for millimetres."""
    found = PERCENT.match(value) if isinstance(value, str) else None
    return float(found.group(1)) if found else None


def given(layer: dict, keys: tuple = KEYS) -> list[str]:
    """The measures of `keys` a layer gives (written, or bound to the card's data)."""
    return [key for key in keys if layer.get(key) is not None]


def incomplete(layer: dict) -> str | None:
    """What is wrong with the measures a layer gives, when it gives some: a dimension with more
    than two of its measures, or with fewer."""
    if not given(layer):
        return None
    for keys in (ACROSS, DOWN):
        found = given(layer, keys)
        if len(found) == 3:
            return (f"`{keys[0]}`, `{keys[1]}` and `{keys[2]}` are all given: give two of the three "
                    f"(the third follows from the card's size)")
    if given(layer, ("right", "bottom")):
        for keys in (ACROSS, DOWN):
            if len(given(layer, keys)) < 2:
                return f"a box needs two of {', '.join(keys[:2])} and {keys[2]}: " + _missing(layer, keys)
        return None
    missing = [key for key in ("x", "y", "width", "height") if layer.get(key) is None]
    return f"a box needs x, y, width and height: `{missing[0]}` is missing" if missing else None


def _missing(layer: dict, keys: tuple) -> str:
    found = given(layer, keys)
    return f"only `{found[0]}` is given" if found else "none is given"


def mm(value, length: float) -> float:
    """A measure in millimetres: as written, or its percentage of `length`."""
    share = percent(value)
    return float(value) if share is None else length * share / 100.0


def span(layer: dict, keys: tuple, length: float) -> tuple[float, float] | None:
    """(start, extent) of one dimension of the box, in mm from the card's left or top edge, from
    the two of its measures the layer gives; None when it does not give two."""
    start, extent, end = (layer.get(key) for key in keys)
    if start is not None and extent is not None:
        return mm(start, length), mm(extent, length)
    if start is not None and end is not None:
        first = mm(start, length)
        return first, length - mm(end, length) - first
    if extent is not None and end is not None:
        size = mm(extent, length)
        return length - mm(end, length) - size, size
    return None


def box(layer: dict, card: tuple[float, float]) -> tuple[float, float, float, float] | None:
    """The box's (x, y, width, height) in mm from the card's top-left corner, y down; None for a
    layer that gives no box (or an incomplete one: checked on loading)."""
    across, down = span(layer, ACROSS, card[0]), span(layer, DOWN, card[1])
    if across is None or down is None:
        return None
    return across[0], down[0], across[1], down[1]


def written(layer: dict) -> bool:
    """Whether every measure a layer gives is written as it is (mm or a percentage), not bound to
    the card's data: its box is known before any card is planned."""
    return all(isinstance(layer.get(key), (int, float)) or percent(layer.get(key)) is not None
               for key in given(layer))


def on(layer: dict, card: tuple[float, float]) -> dict:
    """A layer as drawn on a card of `card`'s size: when its box is written as it is, with its x,
    y, width and height in mm (what the checks that read a layout as written read)."""
    found = box(layer, card) if given(layer) and written(layer) and not incomplete(layer) else None
    if found is None:
        return layer
    values = {key: value for key, value in layer.items() if key not in ("right", "bottom")}
    return {**values, **dict(zip(("x", "y", "width", "height"), found))}


def resolved(layout: dict, card: tuple[float, float]) -> dict:
    """A layout as drawn on a card of `card`'s size: each layer as `on` gives it."""
    if layout.get("layers") is None:
        return layout
    return {**layout, "layers": {name: on(layer, card) for name, layer in layout["layers"].items()}}


def how(layer: dict, keys: tuple) -> str:
    """The measures of one dimension as the layer writes them, for a message: `right 3 mm and
    width 50 mm`, `x 10%`."""
    return " and ".join(f"{key} {_shown(layer[key])}" for key in given(layer, keys))


def _shown(value) -> str:
    share = percent(value)
    return f"{share:g}%" if share is not None else f"{float(value):g} mm"
