"""Cutting machines' print-and-cut, as geometry: the registration marks a machine reads (filled
rectangles in page millimetres), the area the cards may take, and the zones round the marks they
must keep clear of. The figures are printkit/cutters.yaml's, with where each comes from."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import yaml

from printkit.ground.bundled import PACKAGE
from printkit.ground.papers import CUTTERS  # noqa: F401 - the machines by name are ground's; kept importable here
from printkit.plan.geometry import Paper, Rect


@dataclass(frozen=True)
class Clearance:
    """Where a cutter lets cards lie on a sheet: inside `area`, overlapping none of `blocked`
    (the marks and their no-print zones); `marks` are the registration marks to print."""

    area: Rect
    blocked: tuple[Rect, ...] = ()
    marks: tuple[Rect, ...] = ()


@functools.cache
def _figures() -> dict:
    return yaml.safe_load((PACKAGE / "cutters.yaml").read_text(encoding="utf-8"))


def figures(cutter: str) -> dict:
    """A cutting machine's published figures, as printkit/cutters.yaml gives them (for its words)."""
    return dict(_figures()[cutter])


def clearance(cutter: str, paper: Paper) -> Clearance | None:
    """The sheet's registration marks and the room they leave for cards; None without a cutter."""
    if cutter == "none":
        return None
    found = figures(cutter)
    if found["marks"] == "silhouette":
        return _silhouette(paper, found)
    width, height = found["area"][paper.name.lower()]
    area = Rect((paper.width - width) / 2, (paper.height - height) / 2, width, height)
    return Clearance(area)


def _silhouette(paper: Paper, f: dict) -> Clearance:
    """Type 1: the square top-left, an L corner top-right and bottom-left, each mark's outer edge
    `inset` from the sheet's edges; each mark's corner square, and everything outside the marks'
    frame, `keepout` wider, is kept blank."""
    inset, length, thick, side = f["inset"], f["length"], f["thickness"], f["square"]
    left, bottom, right, top = inset, inset, paper.width - inset, paper.height - inset
    marks = (Rect(left, top - side, side, side),
             Rect(right - length, top - thick, length, thick), Rect(right - thick, top - length, thick, length),
             Rect(left, bottom, length, thick), Rect(left, bottom, thick, length))
    reach = length + f["keepout"]
    blocked = (Rect(left, top - reach, reach, reach), Rect(right - reach, top - reach, reach, reach),
               Rect(left, bottom, reach, reach))
    frame = Rect(left, bottom, right - left, top - bottom)
    return Clearance(frame.inset(f["keepout"]), blocked, marks)


def keeps_clear(rect: Rect, clear: Clearance) -> bool:
    """Whether `rect` lies inside the cutter's area and off every blocked zone."""
    area = clear.area
    inside = (rect.x >= area.x - 1e-9 and rect.y >= area.y - 1e-9
              and rect.right <= area.right + 1e-9 and rect.top <= area.top + 1e-9)
    return inside and not any(rect.overlaps(zone) for zone in clear.blocked)


@dataclass(frozen=True)
class CutSheet:
    """What a cutting machine cuts on one printed sheet: each card's trim, its corners rounded to
    `radius` (or, for round tokens, the circle in it), in the sheet's own millimetres (as the PDF
    page has them, y up)."""

    paper: Paper
    trims: tuple[Rect, ...]
    radius: float = 0.0
    round: bool = False
