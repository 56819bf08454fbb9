"""Small drawings shared by the One Too Many sheets: the Diamond pip and a mini card."""

from __future__ import annotations

from printkit.plan.geometry import Rect
from printkit.render.pdf import PdfFile

MINI = (8.0, 10.5)  # a card drawn small, for the run examples


def diamond(pdf: PdfFile, x: float, y: float, half: float, fill: float | None = 0.0) -> None:
    """A Diamond pip centred on (x, y), drawn as a shape: no font needed, black in any print."""
    pdf.polygon([(x, y + half * 1.25), (x + half, y), (x, y - half * 1.25), (x - half, y)], width=0.2, fill=fill)


def mini_card(pdf: PdfFile, x: float, y: float, rank: str, in_run: bool) -> None:
    """A small Diamond at (x, y) bottom-left; a card of the run gets a heavy frame and a grey face,
    so the run reads in black-and-white print."""
    pdf.rect(Rect(x, y, *MINI), width=0.7 if in_run else 0.3, fill=0.82 if in_run else 1.0, radius=0.8)
    pdf.text(x + MINI[0] / 2, y + MINI[1] - 4.6, rank, 9, font="Sans-Bold", align="centre")
    diamond(pdf, x + MINI[0] / 2, y + 2.6, 1.3)
