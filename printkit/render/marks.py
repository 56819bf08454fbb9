"""Print furniture drawn from plans: crop marks, scale bars and the sheet footer."""

from __future__ import annotations

from printkit.plan.geometry import Rect, Segment
from printkit.plan.scale import ScaleBar
from printkit.render.pdf import PdfFile, text_width

CROP_MARK_WIDTH = 0.25  # mm: hairlines vanish on some printers
LABEL_SIZE = 6.0


def draw_crop_marks(pdf: PdfFile, marks) -> None:
    for seg in marks:
        pdf.line(seg, width=CROP_MARK_WIDTH)


def draw_scale_bar(pdf: PdfFile, bar: ScaleBar) -> None:
    """The bar lies along x in its own frame; vertical bars are the same frame turned 90 degrees."""
    x, y, angle = (bar.x, bar.y, 90) if bar.vertical else (bar.x, bar.y, 0)
    with pdf.placed(x, y, angle):
        pdf.rect(Rect(0, 0, bar.length, 1.2), width=0.15, level=0.0, fill=1.0)
        for i, tick in enumerate(bar.ticks[:-1]):
            if i % 2 == 0:
                step = bar.ticks[i + 1] - tick
                pdf.rect(Rect(tick, 0, step, 1.2), level=None, fill=0.0)
        for tick in bar.ticks:
            pdf.line(Segment(tick, 0, tick, 2.0), width=0.15)
        pdf.text(bar.length / 2, 2.4, bar.label, LABEL_SIZE, align="centre")


def draw_footer(pdf: PdfFile, band: Rect, text: str, bars) -> bool:
    """Draw the footer; False when its text does not fit the band even at 6 pt (nothing drawn)."""
    size = 7.0
    while text_width(text, size) > band.width:
        size -= 0.5
        if size < 6.0:
            return False
    pdf.text(band.x, band.top - 2.5, text, size, level=0.25)
    for bar in bars:
        draw_scale_bar(pdf, bar)
    return True
