"""Sheet pages (score sheets, mats, rules): a body box and a footer band holding the scale bars."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.plan.geometry import PRINTER_MARGIN, Paper, Rect
from printkit.plan.scale import BAR_THICKNESS, ScaleBar, bars_in_band

MARGIN = 10.0  # body margin: generous, so nothing important sits near the unprintable edge
FOOTER = 9.5  # a line of text above the scale bars


@dataclass(frozen=True)
class SheetFrame:
    paper: Paper
    body: Rect
    footer: Rect
    bars: tuple[ScaleBar, ...]


def plan_sheet(paper: Paper, margin: float = MARGIN) -> SheetFrame:
    footer = Rect(margin, PRINTER_MARGIN + 0.5, paper.width - 2 * margin, FOOTER)
    body_bottom = footer.top + 3.0
    body = Rect(margin, body_bottom, paper.width - 2 * margin, paper.height - margin - body_bottom)
    bars = bars_in_band(Rect(footer.x, footer.y, footer.width, BAR_THICKNESS), "right")
    if bars is None:
        raise ValueError(f"no room for the scale bars on {paper.name}")
    return SheetFrame(paper, body, footer, bars)


def split_rows(box: Rect, count: int, gap: float) -> list[Rect]:
    """`count` equal boxes stacked top to bottom inside `box`."""
    height = (box.height - gap * (count - 1)) / count
    return [Rect(box.x, box.top - (i + 1) * height - i * gap, box.width, height) for i in range(count)]
