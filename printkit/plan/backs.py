"""Card backs past their cut, as data: how far a card's back is planned past its trim, where a
duplex sheet's backs of abutting cards may run to, and each back's area on its page, so that a
back printed a millimetre or two off its front still covers its card to the cut."""

from __future__ import annotations

from printkit.plan.cards import CardSheet, Slot
from printkit.plan.geometry import Rect
from printkit.plan.gutterfold import GutterFold

BACK_BLEED = 3.0  # a duplex back's art past the grid's outer cut lines: home printers drift 1-4 mm between sides
BACK_BLEED_LEAST = 2.0  # what the scale bars of a back page leave it at least
BAR_CLEAR = 0.5  # from the backs' art to a scale bar


def back_reach(sheet) -> float:
    """How far past its trim a card's back is planned: its bleed, where the sheet gives each
    card its own; BACK_BLEED where cards abut on a duplex sheet, so that a back printed off its
    front by a millimetre or two still covers the card to its cut (the sheet clips each back at
    the cut lines it shares: `back_clip`); none on a gutter-fold sheet, whose backs have crop
    marks of their own a millimetre outside them."""
    if sheet.bleed or isinstance(sheet, GutterFold):
        return sheet.bleed
    return BACK_BLEED


def back_art(sheet: CardSheet, bars) -> Rect:
    """Where the backs of a sheet of abutting cards may run to: BACK_BLEED past the grid's outer
    cut lines, less on a side where a scale bar of the back page (`bars`) stands, which it keeps
    BAR_CLEAR from. Bleed art may run into the printer's unprintable margin: what a printer cannot
    print of it is lost, as bleed is meant to be; marks and words stay inside."""
    grid = sheet.trim_box
    left, bottom, right, top = grid.x - BACK_BLEED, grid.y - BACK_BLEED, grid.right + BACK_BLEED, grid.top + BACK_BLEED
    for bar in bars:
        if bar.right <= grid.x:
            left = max(left, bar.right + BAR_CLEAR)
        elif bar.x >= grid.right:
            right = min(right, bar.x - BAR_CLEAR)
        elif bar.top <= grid.y:
            bottom = max(bottom, bar.top + BAR_CLEAR)
        elif bar.y >= grid.top:
            top = min(top, bar.y - BAR_CLEAR)
    return Rect(left, bottom, right - left, top - bottom)


def back_clip(slot: Slot, taken: set[tuple[int, int]], art: Rect) -> Rect:
    """The area of the back in `slot`, in the card's frame, on a sheet of abutting cards: its
    trim, grown to `art` (`back_art`) on every side where no card of the page (`taken`: the
    back slots' (row, col)) lies next to it: past the outer cut lines, never onto a neighbour."""
    trim = slot.trim
    left = art.x if (slot.row, slot.col - 1) not in taken else trim.x
    right = art.right if (slot.row, slot.col + 1) not in taken else trim.right
    bottom = art.y if (slot.row + 1, slot.col) not in taken else trim.y
    top = art.top if (slot.row - 1, slot.col) not in taken else trim.top
    return Rect(left - trim.x, bottom - trim.y, right - left, top - bottom)
