"""Preflight of a cutting machine's print-then-cut images (`printkit export --for cricut`), one
problem a line: each image transparent wherever a pixel's centre lies outside the card's outline
and opaque wherever it lies inside (the software cuts round the opaque part), the number of cards
its name says to make, and HOW-TO-CUT.txt giving every product. The outline is worked out here
from the trim, the dpi and the record's corner radius, pixel by pixel, by its distance from the
outline: not from the rows printkit/targets/cutout.py fills."""

from __future__ import annotations

import math
from pathlib import Path

from printkit.ground.errors import Problem
from printkit.plan.geometry import MM_PER_INCH
from printkit.targets.cutout import HOW_TO, copies

EDGE = 0.45  # px: a pixel whose centre lies this near the outline may be either


def outline_problems(alpha, outline: dict, dpi: int) -> list[str]:
    """What of the alpha channel `alpha` (an L image, or None) does not follow the outline."""
    if alpha is None:
        return ["no alpha channel: the outside of the card must be transparent"]
    width, height = alpha.size
    if outline["round"]:
        return _round(alpha)
    radius = outline["radius"] / MM_PER_INCH * dpi
    side = min(math.ceil(radius) + 1, width // 2, height // 2)
    corners = {"top-left": (0, 0), "top-right": (width - side, 0), "bottom-left": (0, height - side),
               "bottom-right": (width - side, height - side)}
    problems, holes = [], 0
    for name, (left, top) in corners.items():
        outside, inside = _square(alpha, left, top, side, lambda x, y: _rounded(x, y, width, height, radius))
        holes += inside
        if outside:
            problems.append(f"{name} corner: {_pixels(outside)} outside the {outline['radius']:g} mm rounded corner "
                            f"{'is' if outside == 1 else 'are'} not transparent")
    rest = [(0, side, width, height - side), (side, 0, width - side, side), (side, height - side, width - side, height)]
    holes += sum(_not_opaque(alpha.crop(box)) for box in rest if box[2] > box[0] and box[3] > box[1])
    return problems + _holes(holes)


def _round(alpha) -> list[str]:
    width, height = alpha.size
    outside, inside = _square(alpha, 0, 0, (width, height), lambda x, y: _elliptic(x, y, width, height))
    found = [f"{_pixels(outside)} outside the round token's circle {'is' if outside == 1 else 'are'} not "
             f"transparent"] if outside else []
    return found + _holes(inside)


def _square(alpha, left: int, top: int, side, distance) -> tuple[int, int]:
    """(pixels outside the outline not transparent, pixels inside not opaque) of a region."""
    across, down = side if isinstance(side, tuple) else (side, side)
    values = alpha.load()
    outside = inside = 0
    for y in range(top, top + down):
        for x in range(left, left + across):
            d = distance(x + 0.5, y + 0.5)
            if d > EDGE and values[x, y] != 0:
                outside += 1
            elif d < -EDGE and values[x, y] != 255:
                inside += 1
    return outside, inside


def _rounded(x: float, y: float, width: int, height: int, r: float) -> float:
    """Signed distance (px, + outside) of a point from a width x height rectangle rounded to r."""
    qx, qy = abs(x - width / 2) - (width / 2 - r), abs(y - height / 2) - (height / 2 - r)
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def _elliptic(x: float, y: float, width: int, height: int) -> float:
    """About the signed distance (px) of a point from the ellipse filling width x height (a circle: exactly)."""
    a, b = width / 2, height / 2
    return (math.hypot((x - a) / a, (y - b) / b) - 1) * min(a, b)


def _not_opaque(region) -> int:
    low, _ = region.getextrema()
    return 0 if low == 255 else sum(count for value, count in enumerate(region.histogram()) if value != 255)


def _holes(count: int) -> list[str]:
    return [f"{_pixels(count)} inside the card's outline {'is' if count == 1 else 'are'} not opaque: the "
            f"machine would cut round {'it' if count == 1 else 'them'}"] if count else []


def _pixels(count: int) -> str:
    return f"{count} pixel{'s' * (count != 1)}"


def copies_problems(product: dict, shown: str) -> list[Problem]:
    """Each image's name says to make as many as the deck has cards of that face."""
    used = {}
    for page in product["pages"]:
        used[page["file"]] = used.get(page["file"], 0) + 1
    return [Problem(f"{shown}/{name}", None, f"its name says to make {copies(name)}, but {count} "
                                             f"card{'s' * (count != 1)} of the deck {'are' if count != 1 else 'is'} this face")
            for name, count in sorted(used.items()) if copies(name) != count]


def how_to_problems(folder: Path, shown: str, products: list[dict]) -> list[Problem]:
    """HOW-TO-CUT.txt is there and gives every product (its size to set, its steps)."""
    try:
        text = (folder / HOW_TO).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return [Problem(f"{shown}/{HOW_TO}", None, "missing: it gives the size to set for each product's images")]
    return [Problem(f"{shown}/{HOW_TO}", None, f"does not give {product['product']}")
            for product in products if f"{product['product']}/:" not in text]
