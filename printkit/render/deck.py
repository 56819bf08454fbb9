"""Card decks: fronts on a planned card sheet, each front page followed by its back page.

A `Card` knows how to draw its face and its back inside a slot; this module only places them,
adds cut lines, crop marks and scale bars, and mirrors the backs for the chosen duplex flip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from printkit.plan.cards import CardSheet, Slot
from printkit.plan.geometry import Rect, Segment
from printkit.plan.scale import bars_in_margins
from printkit.render.marks import draw_crop_marks, draw_scale_bar
from printkit.render.pdf import PdfFile, text_width

CUT_LINE = 0.2  # mm, light grey: guides scissors where cards abut; covered by the cut itself


@dataclass(frozen=True)
class Card:
    name: str
    face: Callable[[PdfFile, Slot], None]
    back: Callable[[PdfFile, Slot], None]


def render_deck(pdf: PdfFile, sheet: CardSheet, cards: list[Card], duplex: str,
                back_offset: tuple[float, float] = (0.0, 0.0)) -> None:
    """Fronts, each page followed by its backs; `back_offset` (mm, as the back is seen) moves the
    backs to make up for a printer that does not print its second side true to the first."""
    bars = bars_in_margins(sheet.paper, _keep_out(sheet))
    for start in range(0, len(cards), sheet.per_sheet):
        batch = list(zip(sheet.slots, cards[start:start + sheet.per_sheet]))
        _page(pdf, sheet, bars, [(slot, card.face) for slot, card in batch], front=True)
        if duplex != "none":
            _page(pdf, sheet, bars, [(sheet.back_slot(slot, duplex), card.back) for slot, card in batch],
                  front=False, offset=back_offset)


def _page(pdf: PdfFile, sheet: CardSheet, bars, drawings, front: bool, offset=(0.0, 0.0)) -> None:
    pdf.begin_page(sheet.paper, trim=sheet.trim_box, bleed=sheet.bleed_box if sheet.bleed else None)
    if offset == (0.0, 0.0):
        for slot, draw in drawings:
            draw(pdf, slot)
    else:
        with pdf.placed(*offset):
            for slot, draw in drawings:
                draw(pdf, slot)
    if front:
        if not sheet.bleed:
            _cut_lines(pdf, [slot for slot, _ in drawings])
        draw_crop_marks(pdf, sheet.marks)
    for bar in bars:
        draw_scale_bar(pdf, bar)


def _cut_lines(pdf: PdfFile, slots) -> None:
    for slot in slots:
        pdf.rect(slot.trim, width=CUT_LINE, level=0.6)


def draw_card_number(pdf: PdfFile, x: float, y: float, text: str, size: float, underline: bool) -> None:
    """A card's number centred on x; underlined when, upside down, it would read as another number."""
    pdf.text(x, y, text, size, font="Sans-Bold", align="centre")
    if underline:
        half = text_width(text, size, "Sans-Bold") / 2
        thickness = size * 0.012
        pdf.rect(Rect(x - half, y - size * 0.07 - thickness, 2 * half, thickness), level=None, fill=0.0)


def _keep_out(sheet: CardSheet) -> list[Rect]:
    rects = [slot.bleed for slot in sheet.slots]
    rects += [_around(seg) for seg in sheet.marks]
    return rects


def _around(seg: Segment, by: float = 0.5) -> Rect:
    x, y = min(seg.x1, seg.x2), min(seg.y1, seg.y2)
    return Rect(x - by, y - by, abs(seg.x2 - seg.x1) + 2 * by, abs(seg.y2 - seg.y1) + 2 * by)
