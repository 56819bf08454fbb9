"""Gutter-fold sheets, for a printer that prints one side: the fronts on one side of a fold
line down or across the page's middle, each card's back the mirror of its front on the other,
each half with its own crop marks, and the scale bars where they touch nothing."""

from __future__ import annotations

from dataclasses import dataclass, replace

from printkit.plan.cards import CardSheet, Slot, covering, grid_slots
from printkit.plan.cropmarks import MARK_GAP, MARK_MIN, around, crop_marks
from printkit.plan.geometry import POKER, Paper, Rect, Segment
from printkit.plan.scale import ScaleBar, bars_below, bars_beside

FOLD_CLEAR = 5.0  # gutter fold: at least this from the fold to every card's bleed (its trim without bleed)
FOLD_MARK_CLEAR = 1.5  # a crop mark in the gutter stops this short of the fold, never crossing it
FOLD_LABEL = 8.0  # along the fold, at each end of it: room for its label
FOLD_LABEL_ACROSS = 3.0  # the label's box across the fold (the text's height and a little)


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
    slots = grid_slots(grid, counts[0], counts[1], size, bleed)
    return CardSheet(paper, counts[0], counts[1], slots, tuple(crop_marks(printable, grid, slots)), bleed)


def _mirrored(fronts: CardSheet, middle: float, vertical: bool, printable: Rect) -> CardSheet:
    """The backs' grid: slot i is the mirror of front i about the fold; its crop marks inside `printable`."""
    backs = tuple(Slot(s.index, s.row if vertical else fronts.rows - 1 - s.row,
                       fronts.cols - 1 - s.col if vertical else s.col,
                       _mirror(s.trim, middle, vertical), _mirror(s.bleed, middle, vertical)) for s in fronts.slots)
    grid = _mirror(covering(s.bleed for s in fronts.slots), middle, vertical)
    return CardSheet(fronts.paper, fronts.cols, fronts.rows, backs, tuple(crop_marks(printable, grid, backs)),
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
    fronts = covering(slot.bleed for slot in sheet.fronts.slots)
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
