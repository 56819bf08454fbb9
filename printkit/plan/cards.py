"""Card sheets: a centred grid of card slots, crop marks outside it, and mirrored duplex backs;
or a gutter-fold sheet, each front beside its own back on one side of the page (`plan_gutter_fold`).

Cards abut (one cut separates two neighbours) unless there is bleed, when each card keeps its own
bleed and neighbours sit 2 x bleed apart. The grid is as large as fits the printable area, at
most 3 x 3 (with bleed, it also leaves room for a crop mark at both ends of every cut). Backs use the same grid with the column (long-edge flip) or row (short-edge flip)
mirrored, so each back lands behind its own front.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from printkit.plan.cutter import Clearance, keeps_clear
from printkit.plan.geometry import POKER, PRINTER_MARGIN, Paper, Rect, Segment
from printkit.plan.scale import ScaleBar, bars_below, bars_beside

MARK_GAP = 1.0  # from the trim (or bleed) edge to the start of a crop mark
MARK_LENGTH = 4.0
MARK_MIN = 2.0  # shorter than this, a mark is useless and is left out
FOLD_CLEAR = 5.0  # gutter fold: at least this from the fold to every card's bleed (its trim without bleed)
FOLD_MARK_CLEAR = 1.5  # a crop mark in the gutter stops this short of the fold, never crossing it
FOLD_LABEL = 8.0  # along the fold, at each end of it: room for its label
FOLD_LABEL_ACROSS = 3.0  # the label's box across the fold (the text's height and a little)
BACK_BLEED = 3.0  # a duplex back's art past the grid's outer cut lines: home printers drift 1-4 mm between sides
BACK_BLEED_LEAST = 2.0  # what the scale bars of a back page leave it at least
BAR_CLEAR = 0.5  # from the backs' art to a scale bar


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
class GutterFold:
    """A gutter-fold sheet, for a printer that prints one side: the fronts on one side of the
    fold line, each card's back on the other, the mirror of its front about the fold. Printed on
    one side, folded along the line (printed side out) and glued, every back lies behind its own
    front; each card is then cut through both layers. The fold is the page's middle line, at least
    FOLD_CLEAR from every card's bleed (its trim when there is none); each grid has its own crop
    marks, outside it and in the gutter, stopping FOLD_MARK_CLEAR short of the fold."""

    paper: Paper  # landscape (width > height) or portrait: whichever holds more cards
    fronts: CardSheet  # the fronts' grid and its crop marks
    backs: CardSheet  # slot i is the mirror of the fronts' slot i (so not in reading order); its crop marks
    fold: Segment  # the dashed line, from one label to the other
    labels: tuple[Rect, Rect]  # a label at each end of the fold line, in the margin, the text along the fold
    bars: tuple[ScaleBar, ...] = ()  # in the bottom margin, touching nothing

    @property
    def vertical(self) -> bool:
        """A fold down the page (fronts left, backs right), or across it (fronts above, backs below)."""
        return self.fold.x1 == self.fold.x2

    @property
    def back_turn(self) -> float:
        """How far each back is turned in its slot, degrees. A player turns a card over side to
        side. Folding down a vertical line turns the back half over side to side too, so a back
        drawn upright reads upright once the card is turned over. Folding along a horizontal line
        turns it over top to bottom instead, which would show the back upside down: there the
        backs are drawn turned half round."""
        return 0.0 if self.vertical else 180.0

    @property
    def card(self) -> tuple[float, float]:
        return self.fronts.card

    @property
    def bleed(self) -> float:
        return self.fronts.bleed

    @property
    def per_sheet(self) -> int:
        return self.fronts.per_sheet

    @property
    def cols(self) -> int:
        return self.fronts.cols

    @property
    def rows(self) -> int:
        return self.fronts.rows

    @property
    def slots(self) -> tuple[Slot, ...]:
        return self.fronts.slots

    @property
    def marks(self) -> tuple[Segment, ...]:
        """Both layers' crop marks."""
        return self.fronts.marks + self.backs.marks

    def back_slot(self, slot: Slot, duplex: str | None = None) -> Slot:
        """The slot on the same page that lies behind `slot` once the sheet is folded."""
        return self.backs.slots[slot.index]

    def keep_out(self) -> list[Rect]:
        """What the scale bars must not touch: both layers' cards and marks, the fold and its labels."""
        return ([slot.bleed for slot in self.fronts.slots + self.backs.slots] + [around(seg) for seg in self.marks]
                + list(self.labels) + [around(self.fold)])


@dataclass(frozen=True)
class DeckLayout:
    """Where a card product's cards lie in its PDF: `cards` cards on `sheet`, each front page
    followed by its back page unless duplex is "none" or the sheet is a gutter fold (each back on
    its front's page). Previews crop each card from this."""

    sheet: CardSheet | GutterFold
    cards: int
    duplex: str

    @property
    def one_sided(self) -> bool:
        return self.duplex == "none" or isinstance(self.sheet, GutterFold)

    @property
    def pages(self) -> int:
        sheets = -(-self.cards // self.sheet.per_sheet)
        return sheets * (1 if self.one_sided else 2)

    def faces(self) -> list[tuple[int, Rect]]:
        """(page index, trim) of every card's face, in deck order."""
        step = 1 if self.one_sided else 2
        per = self.sheet.per_sheet
        return [(card // per * step, self.sheet.slots[card % per].trim) for card in range(self.cards)]

    def backs(self) -> list[tuple[int, Rect]]:
        """(page index, trim) of every card's back, in deck order (none when duplex is "none")."""
        if self.duplex == "none" and not isinstance(self.sheet, GutterFold):
            return []
        step, behind = (1, 0) if self.one_sided else (2, 1)
        per = self.sheet.per_sheet
        return [(card // per * step + behind, self.sheet.back_slot(self.sheet.slots[card % per], self.duplex).trim)
                for card in range(self.cards)]


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
    slots = _slots(grid, cols, rows, (width, height), bleed)
    marks = _crop_marks(clear.area if clear else paper.printable, grid, slots)
    if clear:
        marks = [seg for seg in marks if not any(_box(seg).overlaps(zone) for zone in clear.blocked)]
    return CardSheet(paper, cols, rows, tuple(slots), tuple(marks), bleed, clear)


def single_card_sheet(card=POKER, bleed: float = 0.0) -> CardSheet:
    """One card on a page of its own, trim plus bleed: what a print shop takes, no marks."""
    paper = Paper(f"{card[0]:g} x {card[1]:g} mm card", card[0] + 2 * bleed, card[1] + 2 * bleed)
    cell = Rect(0, 0, paper.width, paper.height)
    return CardSheet(paper, 1, 1, (Slot(0, 0, 0, cell.inset(bleed), cell),), (), bleed)


def _slots(grid: Rect, cols: int, rows: int, size: tuple[float, float], bleed: float) -> tuple[Slot, ...]:
    """The grid's cells of `size` (trim and bleed), in reading order from the top left."""
    width, height = size
    slots = []
    for row in range(rows):
        for col in range(cols):
            cell = Rect(grid.x + col * width, grid.y + (rows - 1 - row) * height, width, height)
            slots.append(Slot(row * cols + col, row, col, cell.inset(bleed), cell))
    return tuple(slots)


def plan_gutter_fold(paper: Paper, bleed: float = 0.0, card=POKER, most=(3, 3)) -> GutterFold:
    """The gutter-fold sheet that holds the most cards: the page either way round, folded down or
    across its middle; `most` bounds the fronts' grid. Ties go to the first of: landscape folded
    down the middle, portrait folded across (both fold the sheet in half across its long side, to
    two portrait halves that are easy to line up), portrait folded down, landscape folded across.
    A landscape page is a MediaBox wider than tall, unrotated, as the kit's score sheets and
    booklet sheets are: print dialogs turn it onto the sheet by default, as does CUPS' pdftopdf
    ("pdftopdf's autorotation feature", wiki.debian.org/CUPSPdfToPdf)."""
    tried = [_gutter_fold(sheet, bleed, card, most, vertical) for sheet, vertical in
             ((paper.landscape(), True), (paper.portrait(), False), (paper.portrait(), True), (paper.landscape(), False))]
    fitting = [sheet for sheet in tried if sheet and sheet.bars]
    if not fitting:
        raise ValueError(f"a {card[0]} x {card[1]} mm card with {bleed} mm bleed does not fit a gutter-fold {paper.name} sheet")
    return max(fitting, key=lambda sheet: sheet.per_sheet)


def _gutter_fold(paper: Paper, bleed: float, card, most, vertical: bool) -> GutterFold | None:
    """Fronts on one side of the page's middle line, backs mirrored on the other, the bars where
    they fit (none: no bars); None when not one card fits."""
    middle = (paper.width if vertical else paper.height) / 2
    front_side, back_side = _sides(paper.printable, middle, vertical)
    fronts = _fronts(paper, (card[0] + 2 * bleed, card[1] + 2 * bleed), bleed, most, vertical, front_side)
    if fronts is None:
        return None
    sheet = GutterFold(paper, fronts, _mirrored(fronts, middle, vertical, back_side),
                       *_fold_line(paper.printable, middle, vertical))
    return replace(sheet, bars=_bars(sheet) or ())


def _fronts(paper: Paper, size, bleed: float, most, vertical: bool, printable: Rect) -> CardSheet | None:
    """The fronts' grid of cells of `size`, on the side of the page's middle line read first (left
    of a vertical fold, above a horizontal one). Across the fold, what the half has to spare is
    shared between the gutter and the outer margin; along it, the grid is centred, leaving the
    fold's labels their room at both ends. Its crop marks stay inside `printable`."""
    area = paper.printable
    outer = MARK_GAP + MARK_MIN if bleed else 0.0  # room for the crop marks away from the fold
    a, b = (0, 1) if vertical else (1, 0)  # a: across the fold (x for a vertical one), b: along it
    page, start, length = (paper.width, paper.height), (area.x, area.y), (area.width, area.height)
    middle = page[a] / 2
    half = middle - FOLD_CLEAR - start[a] - outer
    counts = [0, 0]
    counts[a] = min(most[a], int(half // size[a]))
    counts[b] = min(most[b], int((length[b] - 2 * max(outer, FOLD_LABEL)) // size[b]))
    if min(counts) < 1:
        return None
    gap = FOLD_CLEAR + (half - counts[a] * size[a]) / 2  # from the fold to the grid's bleed
    corner = [0.0, 0.0]
    corner[a] = middle - gap - counts[a] * size[a] if vertical else middle + gap
    corner[b] = (page[b] - counts[b] * size[b]) / 2
    grid = Rect(corner[0], corner[1], counts[0] * size[0], counts[1] * size[1])
    slots = _slots(grid, counts[0], counts[1], size, bleed)
    return CardSheet(paper, counts[0], counts[1], slots, tuple(_crop_marks(printable, grid, slots)), bleed)


def _mirrored(fronts: CardSheet, middle: float, vertical: bool, printable: Rect) -> CardSheet:
    """The backs' grid: slot i is the mirror of front i about the fold; its crop marks inside `printable`."""
    backs = tuple(Slot(s.index, s.row if vertical else fronts.rows - 1 - s.row,
                       fronts.cols - 1 - s.col if vertical else s.col,
                       _mirror(s.trim, middle, vertical), _mirror(s.bleed, middle, vertical)) for s in fronts.slots)
    grid = _mirror(_union(s.bleed for s in fronts.slots), middle, vertical)
    return CardSheet(fronts.paper, fronts.cols, fronts.rows, backs, tuple(_crop_marks(printable, grid, backs)),
                     fronts.bleed)


def _bars(sheet: GutterFold) -> tuple[ScaleBar, ...] | None:
    """The scale bars in the bottom margin: across it below a horizontal fold; beside a vertical
    one, under the fronts (or the backs, or one under each), the fold and its labels between them.
    Else one up each side margin, beside the fronts."""
    area = sheet.paper.printable
    spans = [(area.x, area.width)]
    if sheet.vertical:
        clear = sheet.labels[0].x - 0.5 - area.x
        spans = [(area.x, clear), (area.right - clear, clear)]
    fronts = _union(slot.bleed for slot in sheet.fronts.slots)
    return (bars_below(sheet.paper, sheet.keep_out(), spans)
            or bars_beside(sheet.paper, sheet.keep_out(), (fronts.y + fronts.top) / 2))


def _sides(area: Rect, middle: float, vertical: bool) -> tuple[Rect, Rect]:
    """The printable area on the fronts' side of the fold and on the backs', each stopping
    FOLD_MARK_CLEAR short of it: where each grid's crop marks may go."""
    near, far = middle - FOLD_MARK_CLEAR, middle + FOLD_MARK_CLEAR
    if vertical:
        return (Rect(area.x, area.y, near - area.x, area.height), Rect(far, area.y, area.right - far, area.height))
    return (Rect(area.x, far, area.width, area.top - far), Rect(area.x, area.y, area.width, near - area.y))


def _fold_line(area: Rect, middle: float, vertical: bool) -> tuple[Segment, tuple[Rect, Rect]]:
    """The fold line through the printable area, short of a label's room at each end, and the labels' boxes."""
    room, half = FOLD_LABEL - MARK_GAP, FOLD_LABEL_ACROSS / 2
    if vertical:
        line = Segment(middle, area.y + FOLD_LABEL, middle, area.top - FOLD_LABEL)
        return line, (Rect(middle - half, area.y, FOLD_LABEL_ACROSS, room),
                      Rect(middle - half, area.top - room, FOLD_LABEL_ACROSS, room))
    line = Segment(area.x + FOLD_LABEL, middle, area.right - FOLD_LABEL, middle)
    return line, (Rect(area.x, middle - half, room, FOLD_LABEL_ACROSS),
                  Rect(area.right - room, middle - half, room, FOLD_LABEL_ACROSS))


def _mirror(rect: Rect, middle: float, vertical: bool) -> Rect:
    """`rect` mirrored about the fold line x = middle (vertical) or y = middle."""
    if vertical:
        return Rect(2 * middle - rect.right, rect.y, rect.width, rect.height)
    return Rect(rect.x, 2 * middle - rect.top, rect.width, rect.height)


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


def around(seg: Segment, by: float = 0.5) -> Rect:
    """A rectangle `by` round a segment: what a mark keeps clear."""
    x, y = min(seg.x1, seg.x2), min(seg.y1, seg.y2)
    return Rect(x - by, y - by, abs(seg.x2 - seg.x1) + 2 * by, abs(seg.y2 - seg.y1) + 2 * by)


def _box(seg: Segment) -> Rect:
    return Rect(min(seg.x1, seg.x2), min(seg.y1, seg.y2), abs(seg.x2 - seg.x1), abs(seg.y2 - seg.y1))


def _union(rects) -> Rect:
    rects = list(rects)
    x, y = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x, y, max(r.right for r in rects) - x, max(r.top for r in rects) - y)


__all__ = ["BACK_BLEED", "CardSheet", "DeckLayout", "GutterFold", "Slot", "back_art", "back_clip", "back_reach", "plan_card_sheet",
           "plan_gutter_fold", "single_card_sheet", "PRINTER_MARGIN"]
