"""Card sheets: a centred grid of card slots, crop marks outside it, and mirrored duplex backs.

Cards abut (one cut separates two neighbours) unless there is bleed, when each card keeps its own
bleed and neighbours sit 2 x bleed apart. The grid is as large as fits the printable area, at
most 3 x 3 (with bleed, it also leaves room for a crop mark at both ends of every cut). Backs use the same grid with the column (long-edge flip) or row (short-edge flip)
mirrored, so each back lands behind its own front.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.plan.cutter import Clearance, keeps_clear
from printkit.plan.geometry import POKER, PRINTER_MARGIN, Paper, Rect, Segment

MARK_GAP = 1.0  # from the trim (or bleed) edge to the start of a crop mark
MARK_LENGTH = 4.0
MARK_MIN = 2.0  # shorter than this, a mark is useless and is left out


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
        return _union(slot.trim for slot in self.slots)

    @property
    def bleed_box(self) -> Rect:
        return _union(slot.bleed for slot in self.slots)

    def back_slot(self, slot: Slot, duplex: str) -> Slot:
        """The slot on the back page that lies behind `slot` once the sheet is flipped."""
        row, col = slot.row, slot.col
        if duplex == "long":
            col = self.cols - 1 - col
        elif duplex == "short":
            row = self.rows - 1 - row
        return self.slots[row * self.cols + col]


@dataclass(frozen=True)
class DeckLayout:
    """Where a card product's cards lie in its PDF: `cards` cards on `sheet`, each front page
    followed by its back page unless duplex is "none". Previews crop each card from this."""

    sheet: CardSheet
    cards: int
    duplex: str

    @property
    def pages(self) -> int:
        sheets = -(-self.cards // self.sheet.per_sheet)
        return sheets * (1 if self.duplex == "none" else 2)

    def faces(self) -> list[tuple[int, Rect]]:
        """(page index, trim) of every card's face, in deck order."""
        step = 1 if self.duplex == "none" else 2
        per = self.sheet.per_sheet
        return [(card // per * step, self.sheet.slots[card % per].trim) for card in range(self.cards)]


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
    slots = []
    for row in range(rows):
        for col in range(cols):
            cell = Rect(grid.x + col * width, grid.y + (rows - 1 - row) * height, width, height)
            slots.append(Slot(row * cols + col, row, col, cell.inset(bleed), cell))
    marks = _crop_marks(clear.area if clear else paper.printable, grid, slots)
    if clear:
        marks = [seg for seg in marks if not any(_box(seg).overlaps(zone) for zone in clear.blocked)]
    return CardSheet(paper, cols, rows, tuple(slots), tuple(marks), bleed, clear)


def single_card_sheet(card=POKER, bleed: float = 0.0) -> CardSheet:
    """One card on a page of its own, trim plus bleed: what a print shop takes, no marks."""
    paper = Paper(f"{card[0]:g} x {card[1]:g} mm card", card[0] + 2 * bleed, card[1] + 2 * bleed)
    cell = Rect(0, 0, paper.width, paper.height)
    return CardSheet(paper, 1, 1, (Slot(0, 0, 0, cell.inset(bleed), cell),), (), bleed)


def _crop_marks(printable: Rect, grid: Rect, slots) -> list[Segment]:
    """Short lines on every cut line's extension, outside the grid, inside the printable area."""
    xs = sorted({s.trim.x for s in slots} | {s.trim.right for s in slots})
    ys = sorted({s.trim.y for s in slots} | {s.trim.top for s in slots})
    marks = []
    for start, limit, sign in ((grid.top, printable.top, 1), (grid.y, printable.y, -1)):
        span = _mark_span(start, limit, sign)
        if span:
            marks += [Segment(x, span[0], x, span[1]) for x in xs]
    for start, limit, sign in ((grid.right, printable.right, 1), (grid.x, printable.x, -1)):
        span = _mark_span(start, limit, sign)
        if span:
            marks += [Segment(span[0], y, span[1], y) for y in ys]
    return marks


def _mark_span(edge: float, limit: float, sign: int):
    begin = edge + sign * MARK_GAP
    end = edge + sign * (MARK_GAP + MARK_LENGTH)
    end = min(end, limit) if sign > 0 else max(end, limit)
    if abs(end - begin) < MARK_MIN:
        return None
    return (begin, end) if sign > 0 else (end, begin)


def _box(seg: Segment) -> Rect:
    return Rect(min(seg.x1, seg.x2), min(seg.y1, seg.y2), abs(seg.x2 - seg.x1), abs(seg.y2 - seg.y1))


def _union(rects) -> Rect:
    rects = list(rects)
    x, y = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x, y, max(r.right for r in rects) - x, max(r.top for r in rects) - y)


__all__ = ["CardSheet", "DeckLayout", "Slot", "plan_card_sheet", "single_card_sheet", "PRINTER_MARGIN"]
