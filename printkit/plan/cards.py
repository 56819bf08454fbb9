"""Card sheets: a centred grid of card slots with crop marks outside it (plan.cropmarks), the
duplex backs on the same grid with the column (long-edge flip) or row (short-edge flip) mirrored,
so each back lands behind its own front; or one card on a page of its own, for a print shop. A
gutter-fold sheet is plan.gutterfold's; how far a back runs past its card, plan.backs'.

Cards abut (one cut separates two neighbours) unless there is bleed, when each card keeps its own
bleed and neighbours sit 2 x bleed apart. The grid is as large as fits the printable area, at
most 3 x 3 (with bleed, it also leaves room for a crop mark at both ends of every cut).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.plan.cropmarks import MARK_GAP, MARK_MIN, crop_marks
from printkit.plan.cutter import Clearance, keeps_clear
from printkit.plan.geometry import POKER, Paper, Rect, Segment


@dataclass(frozen=True)
class Slot:
    index: int  # position on the sheet, reading order
    row: int
    col: int
    trim: Rect
    bleed: Rect


@dataclass(frozen=True)
class CardSheet:
    paper: Paper
    cols: int
    rows: int
    slots: tuple[Slot, ...]
    marks: tuple[Segment, ...]
    bleed: float
    clear: Clearance | None = None  # a cutting machine's marks, and the room they leave

    @property
    def card(self) -> tuple[float, float]:
        """A card's trim size, width by height."""
        return self.slots[0].trim.width, self.slots[0].trim.height

    @property
    def per_sheet(self) -> int:
        return len(self.slots)

    @property
    def trim_box(self) -> Rect:
        return covering(slot.trim for slot in self.slots)

    @property
    def bleed_box(self) -> Rect:
        return covering(slot.bleed for slot in self.slots)

    def back_slot(self, slot: Slot, duplex: str) -> Slot:
        """The slot on the back page that lies behind `slot` once the sheet is flipped."""
        row, col = slot.row, slot.col
        if duplex == "long":
            col = self.cols - 1 - col
        elif duplex == "short":
            row = self.rows - 1 - row
        return self.slots[row * self.cols + col]


def plan_card_sheet(paper: Paper, bleed: float = 0.0, card=POKER, most=(3, 3), clear: Clearance | None = None) -> CardSheet:
    """The largest grid, at most `most`, that fits the printable area (with a cutting machine,
    its area, clear of its marks), centred on the sheet."""
    width, height = card[0] + 2 * bleed, card[1] + 2 * bleed
    area = clear.area if clear else paper.printable
    if bleed:
        # Cards with bleed cannot share a cut and have no cut lines: every cut needs its marks.
        area = area.inset(MARK_GAP + MARK_MIN)
    grids = [(cols, rows) for cols in range(min(most[0], int(area.width // width)), 0, -1)
             for rows in range(min(most[1], int(area.height // height)), 0, -1)]
    grids.sort(key=lambda grid: -grid[0] * grid[1])
    for cols, rows in grids:
        grid = Rect((paper.width - cols * width) / 2, (paper.height - rows * height) / 2, cols * width, rows * height)
        if clear is None or keeps_clear(grid, Clearance(area, clear.blocked)):
            break
    else:
        raise ValueError(f"a {card[0]} x {card[1]} mm card with {bleed} mm bleed does not fit {paper.name}")
    slots = grid_slots(grid, cols, rows, (width, height), bleed)
    marks = crop_marks(clear.area if clear else paper.printable, grid, slots)
    if clear:
        marks = [seg for seg in marks if not any(_box(seg).overlaps(zone) for zone in clear.blocked)]
    return CardSheet(paper, cols, rows, tuple(slots), tuple(marks), bleed, clear)


def single_card_sheet(card=POKER, bleed: float = 0.0) -> CardSheet:
    """One card on a page of its own, trim plus bleed: what a print shop takes, no marks."""
    paper = Paper(f"{card[0]:g} x {card[1]:g} mm card", card[0] + 2 * bleed, card[1] + 2 * bleed)
    cell = Rect(0, 0, paper.width, paper.height)
    return CardSheet(paper, 1, 1, (Slot(0, 0, 0, cell.inset(bleed), cell),), (), bleed)


def grid_slots(grid: Rect, cols: int, rows: int, size: tuple[float, float], bleed: float) -> tuple[Slot, ...]:
    """The grid's cells of `size` (trim and bleed), in reading order from the top left."""
    width, height = size
    slots = []
    for row in range(rows):
        for col in range(cols):
            cell = Rect(grid.x + col * width, grid.y + (rows - 1 - row) * height, width, height)
            slots.append(Slot(row * cols + col, row, col, cell.inset(bleed), cell))
    return tuple(slots)


def _box(seg: Segment) -> Rect:
    return Rect(min(seg.x1, seg.x2), min(seg.y1, seg.y2), abs(seg.x2 - seg.x1), abs(seg.y2 - seg.y1))


def covering(rects) -> Rect:
    """The smallest rectangle that covers all of `rects`."""
    rects = list(rects)
    x, y = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x, y, max(r.right for r in rects) - x, max(r.top for r in rects) - y)
