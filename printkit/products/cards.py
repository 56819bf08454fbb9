"""Card products: cards (or tokens) on planned card sheets, each front page followed by its back
page with the slots mirrored for the duplex flip, or (`--sheet gutterfold`) each front beside its
own back on one page, mirrored about a dashed fold line; cut lines where cards abut, crop marks
outside the grid, scale bars in the margins. A game gives only each card's face and back, as marks
in the card's own frame: the origin at the bottom-left corner of its trim, millimetres up and right.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from printkit.ground.errors import Problem, PrintkitError
from printkit.plan.backs import BACK_BLEED_LEAST, back_art, back_clip
from printkit.plan.cards import CardSheet, Slot, plan_card_sheet, single_card_sheet
from printkit.plan.cropmarks import around
from printkit.plan.deck import DeckLayout
from printkit.plan.gutterfold import GutterFold, plan_gutter_fold
from printkit.plan.corners import texts_in_corners
from printkit.plan.cutter import CutSheet, clearance
from printkit.plan.geometry import POKER, Rect
from printkit.plan.marks import Box, Document, Group, Line, Page, Written, frame_of
from printkit.plan.scale import bars_in_margins, scale_bar_marks
from printkit.plan.label import label
from printkit.plan.type import TYPE
from printkit.products import FilePlan, Product
from printkit.render.dxf import cut_dxf
from printkit.render.svg import cut_svg

CUT_LINE = 0.2  # mm, light grey: guides scissors where cards abut; covered by the cut itself
CROP_MARK = 0.25  # mm: hairlines vanish on some printers
FOLD_LINE = 0.3  # mm, dashed (FOLD_DASH: dash, gap), black: it must not be taken for a cut
FOLD_DASH = (3.0, 2.0)


@dataclass(frozen=True)
class Card:
    name: str
    face: tuple  # marks in the card's frame
    back: tuple
    # where the card is written and its fields as the data gives them, for the proofing page (its
    # FILE:LINE, a filter by a field's value); not part of what is printed, nor of a card's equality
    where: Problem | None = field(default=None, compare=False, repr=False)
    fields: dict = field(default_factory=dict, compare=False, repr=False, hash=False)
    flagged: tuple = field(default=(), compare=False, repr=False)  # what the layout lint found on it (outlined)


@dataclass(frozen=True)
class Cards(Product):
    """`deck(kit, sheet)` gives the cards in print order (the sheet says how many fit a page, for
    products that fill the last sheet)."""

    deck: Callable[[Any, CardSheet], list[Card]] | None = None
    size: tuple[float, float] = POKER
    most: tuple[int, int] = (3, 3)
    subject: str | None = None

    def sheet(self, kit) -> CardSheet | GutterFold:
        return card_sheet(kit.options, self.size, self.most)

    def files(self, kit) -> list[FilePlan]:
        """The PDF and, with a cutting machine, a cut file for each front page, as SVG and as DXF."""
        (pdf,) = super().files(kit)
        if kit.options.cutter == "none":
            return [pdf]
        sheets = -(-len(self.planned(kit)[1]) // self.planned(kit)[0].per_sheet)
        stems = [f"{self.name}-cut"] if sheets == 1 else [f"{self.name}-cut-{n}" for n in range(1, sheets + 1)]
        return [pdf] + [FilePlan(f"{stem}.{kind}", pdf.inputs, lambda n=n, kind=kind: self.cut_file(kit, n, kind), self)
                        for n, stem in enumerate(stems) for kind in ("svg", "dxf")]

    def planned(self, kit) -> tuple[CardSheet, list[Card]]:
        """The sheet and the cards in print order, checked against the corners (--corners)."""
        def plan():
            check_sheet(kit.options, self.where(kit))
            sheet, radius = self._sheet_for_cutter(kit), kit.options.corners
            check_radius(sheet.card, radius, self.where(kit))
            cards = self.deck(kit, sheet)
            check_corners(cards, sheet.card, radius, self.where(kit))
            return sheet, cards
        return kit.memo(("planned deck", self.name), plan)

    def document(self, kit) -> Document:
        sheet, cards = self.planned(kit)
        return Document(kit.file_title(self.label), self.subject or self.description,
                        tuple(self.pages(kit, sheet, cards)), duplex=self.duplex(kit), glyphs=self.glyphs(kit))

    def pages(self, kit, sheet: CardSheet, cards: list[Card]) -> list[Page]:
        """The pages `cards` are printed on, as the options ask: the one place the deck's pages
        are chosen, for the deck itself and for an errata pack of some of its cards."""
        options = kit.options
        if options.sheet == "gutterfold":
            return gutter_fold_pages(sheet, cards, kit.templates.render("common.j2"), options.corners)
        common = kit.templates.render("common.j2")
        return deck_pages(sheet, cards, options.duplex, options.back_offset, options.corners,
                          lambda label: common.plain("scale_bar", label))

    def duplex(self, kit) -> str | None:
        """The flip a duplex printer should use for those pages, or None: printed on one side."""
        options = kit.options
        return None if options.duplex == "none" or options.sheet == "gutterfold" else options.duplex

    def _sheet_for_cutter(self, kit) -> CardSheet:
        """The sheet, or a problem at the product when a cutting machine's marks leave no room for a card."""
        options = kit.options
        try:
            return self.sheet(kit)
        except ValueError:
            clear = clearance(options.cutter, options.paper)
            if clear is None:
                raise
            raise PrintkitError([self.where(kit).with_message(
                f"--cutter {options.cutter}: a {self.card_size(kit)} mm card does not fit the "
                f"{clear.area.width:g} x {clear.area.height:g} mm its marks leave on {options.paper.name}")]) from None

    def card_size(self, kit) -> str:
        return f"{self.size[0]:g} x {self.size[1]:g}"

    def trim(self, kit) -> tuple[float, float]:
        """The cards' trim, mm."""
        return self.size

    def cut_file(self, kit, page: int, kind: str = "svg") -> Written:
        """The cut file of front page `page` (from 0), as SVG or DXF (`kind`): its cards'
        outlines, as the PDF has them."""
        sheet, cards = self.planned(kit)
        count = min(sheet.per_sheet, len(cards) - page * sheet.per_sheet)
        cut = CutSheet(sheet.paper, tuple(slot.trim for slot in sheet.slots[:count]), kit.options.corners,
                       self.round(kit))
        if kind == "dxf":
            return Written(cut_dxf(cut))
        return Written(cut_svg(cut, f"{kit.file_title(self.label)}: cut lines, sheet {page + 1}"))

    def where(self, kit) -> Problem:
        """Where the product is declared, for a problem of the whole product."""
        return Problem(f"{kit.game.slug}/", None, "")

    def round(self, kit) -> bool:
        """Whether the cards are round (tokens), cut as circles."""
        return False

    def tokens(self, kit) -> bool:
        """Whether they are tokens, not cards (a virtual table lays them out as tiles, not a deck)."""
        return False

    def shop_deck(self, kit, bleed: float) -> tuple[CardSheet, list[Card]]:
        """The deck for a print shop: one card a sheet, `bleed` mm round it (the backs' patterns
        run into it), no empty slots to fill (tokens: as many as the content asks for)."""
        sheet = single_card_sheet(self.size, bleed)
        return sheet, self.deck(kit, sheet)

    def layout(self, kit) -> DeckLayout:
        sheet, cards = self.planned(kit)
        return DeckLayout(sheet, len(cards), kit.options.duplex)


def card_sheet(options, card=POKER, most=(3, 3)) -> CardSheet | GutterFold:
    """The sheet the options print cards on: a duplex card sheet (clear of a cutting machine's
    marks), or a gutter-fold one."""
    if options.sheet == "gutterfold":
        return plan_gutter_fold(options.paper, options.bleed, card=card, most=most)
    return plan_card_sheet(options.paper, options.bleed, card=card, most=most,
                           clear=clearance(options.cutter, options.paper))


def check_sheet(options, where: Problem) -> None:
    """Gutter-fold sheets take no cutting machine: it cuts a flat printed sheet, and a gutter-fold
    sheet is folded and glued before it is cut."""
    if options.sheet == "gutterfold" and options.cutter != "none":
        raise PrintkitError([where.with_message(
            f"--cutter {options.cutter}: a cutting machine cuts a flat printed sheet, and a gutter-fold sheet "
            f"(--sheet gutterfold) is folded and glued first; print duplex sheets for the machine")])


def check_radius(size: tuple[float, float], radius: float, where: Problem) -> None:
    """A corner radius (--corners) of at most half the card's shorter side, or a problem at `where`."""
    half = min(size) / 2
    if radius > half + 1e-9:
        raise PrintkitError([where.with_message(
            f"--corners {radius:g}: a corner radius is at most half the cards' shorter side, "
            f"{half:g} mm for {size[0]:g} x {size[1]:g} mm cards")])


def check_corners(cards: list[Card], size: tuple[float, float], radius: float, where: Problem) -> None:
    """Rounded corners (--corners) take no card's words with them: no text of a face or back in
    a corner; every problem at the words' own place (`where`, for words printkit placed)."""
    if not radius:
        return
    problems, seen = [], set()
    for card in cards:
        for side, marks in (("face", card.face), ("back", card.back)):
            if id(marks) in seen:
                continue
            seen.add(id(marks))
            problems += [(text.where or where).with_message(
                f"{text.item or 'text'}: '{text.plain()}' on the {side} of {card.name} reaches into the "
                f"{radius:g} mm rounded corner (--corners); keep it clear of the corners")
                for text, _ in texts_in_corners(marks, size, radius)]
    if problems:
        raise PrintkitError(problems)


def deck_pages(sheet: CardSheet, cards: list[Card], duplex: str, back_offset=(0.0, 0.0), corners: float = 0.0,
               said=None) -> list[Page]:
    """Fronts, each page followed by its backs; `back_offset` (mm, as the back is seen) moves the
    backs to make up for a printer that does not print its second side true to the first. The
    fronts carry the cut guides (rounded to `corners`) and a cutting machine's marks. `said`: a
    scale bar's label in the build's language (None: as the bar says it)."""
    said = said or (lambda label: label)
    bars = tuple(scale_bar_marks(bar, said(bar.label)) for bar in scale_bars(sheet))
    bars_behind, art = _back_bars(sheet, said)
    pages, fixed = [], {}  # a page's fixed marks by its cards' count: the same marks on every full sheet
    for start in range(0, len(cards), sheet.per_sheet):
        batch = list(zip(sheet.slots, cards[start:start + sheet.per_sheet]))
        fronts = tuple(_placed(card.face, slot) for slot, card in batch)
        if len(batch) not in fixed:  # (made once a deck, they are digested once: printkit/plan/page_digest.py)
            slots = [slot for slot, _ in batch]
            fixed[len(batch)] = trim_guides(sheet, slots, corners) + registration_marks(sheet) + \
                crop_marks(sheet.marks, slots) + bars
        pages.append(Page(sheet.paper, fronts + fixed[len(batch)], **_boxes(sheet, [s for s, _ in batch])))
        if duplex != "none":
            behind = [(sheet.back_slot(slot, duplex), card) for slot, card in batch]
            backs = _backs(behind, art)
            if back_offset != (0.0, 0.0):
                backs = (Group(backs, *back_offset),)
            pages.append(Page(sheet.paper, backs + bars_behind, **_boxes(sheet, [s for s, _ in behind])))
    return pages


def _back_bars(sheet: CardSheet, said) -> tuple[tuple, Rect | None]:
    """A back page's scale bars and where its backs' art may run (`back_art`; None on a sheet with
    bleed, whose backs keep to their own). Where cards abut, the bars stand clear of the backs
    running BACK_BLEED_LEAST past the grid, not of the fronts' crop marks, which a back page has not."""
    if sheet.bleed:
        return tuple(scale_bar_marks(bar, said(bar.label)) for bar in scale_bars(sheet)), None
    art = sheet.trim_box
    art = Rect(art.x - BACK_BLEED_LEAST, art.y - BACK_BLEED_LEAST, art.width + 2 * BACK_BLEED_LEAST,
               art.height + 2 * BACK_BLEED_LEAST)
    blocked = list(sheet.clear.blocked) if sheet.clear else []
    bars = bars_in_margins(sheet.paper, [art] + blocked, sheet.clear.area if sheet.clear else None)
    return tuple(scale_bar_marks(bar, said(bar.label)) for bar in bars), back_art(sheet, [bar.footprint for bar in bars])


def _backs(behind: list[tuple[Slot, Card]], art: Rect | None) -> tuple[Group, ...]:
    """A duplex page's backs, each in its slot; where cards abut, each clipped to its cut lines
    on the sides it shares with a neighbour and runs to `art` past the outer ones (`back_clip`):
    a back printed a little off its front shows its own art, or its neighbour's, at the cut."""
    if art is None:
        return tuple(_placed(card.back, slot) for slot, card in behind)
    taken = {(slot.row, slot.col) for slot, _ in behind}
    return tuple(Group(card.back, slot.trim.x, slot.trim.y, clip=Box(back_clip(slot, taken, art), level=None))
                 for slot, card in behind)


def gutter_fold_pages(sheet: GutterFold, cards: list[Card], words, corners: float = 0.0) -> list[Page]:
    """One-sided pages: each card's front and, in the slot its mirror about the fold, its back
    (turned as `GutterFold.back_turn` says); cut guides (rounded to `corners`) and crop marks for
    both layers, the dashed fold line with a label at each end (`fold` in `words`, common.j2's),
    the scale bars. No back offset: front and back are printed in one pass, so a printer's
    second-side error never arises."""
    bars = tuple(scale_bar_marks(bar, words.plain("scale_bar", bar.label)) for bar in sheet.bars)
    fold = (Line(sheet.fold, width=FOLD_LINE, dash=FOLD_DASH),) + tuple(
        _fold_label(words, box, sheet.vertical) for box in sheet.labels)
    pages = []
    for start in range(0, len(cards), sheet.per_sheet):
        batch = list(zip(sheet.slots, cards[start:start + sheet.per_sheet]))
        behind = [(sheet.back_slot(slot), card) for slot, card in batch]
        sides = tuple(_placed(card.face, slot) for slot, card in batch) + \
            tuple(_placed(card.back, slot, sheet.back_turn) for slot, card in behind)
        slots = [slot for slot, _ in batch] + [slot for slot, _ in behind]
        guides = trim_guides(sheet.fronts, slots, corners)
        marks = crop_marks(sheet.marks, slots)
        pages.append(Page(sheet.paper, sides + guides + marks + fold + bars, **_boxes(sheet, slots)))
    return pages


def _fold_label(words, box: Rect, vertical: bool):
    """The word at one end of the fold line, centred on it, reading along it (up a vertical fold)."""
    def fitted(frame: Rect):
        return label(words.plain("fold"), frame, TYPE.smallest, align="centre", item="fold label",
                     where=words.where("fold"))
    if not vertical:
        return fitted(box)
    return Group((fitted(Rect(0, -box.width / 2, box.height, box.width)),), box.x + box.width / 2, box.y, 90)


def crop_marks(marks, slots: list[Slot]) -> tuple[Line, ...]:
    """The sheet's crop marks on the cut lines of the cards on this page: a last sheet part full
    marks no cut that no card of it has (a row of empty slots gets no marks to cut it by)."""
    xs = {x for slot in slots for x in (slot.trim.x, slot.trim.right)}
    ys = {y for slot in slots for y in (slot.trim.y, slot.trim.top)}
    return tuple(Line(seg, width=CROP_MARK) for seg in marks
                 if (seg.x1 in xs if seg.x1 == seg.x2 else seg.y1 in ys))


def trim_guides(sheet: CardSheet, slots: list[Slot], corners: float = 0.0) -> tuple[Box, ...]:
    """The light grey cut line round each card where cards abut (none with bleed: every card is
    cut on its own), its corners rounded to `corners` mm."""
    if sheet.bleed:
        return ()
    return tuple(Box(slot.trim, width=CUT_LINE, level=0.6, radius=corners) for slot in slots)


def registration_marks(sheet: CardSheet) -> tuple[Box, ...]:
    """The cutting machine's registration marks (none without one), solid black even in ink saver."""
    if sheet.clear is None:
        return ()
    return tuple(Box(mark, level=None, fill=0.0, solid=True) for mark in sheet.clear.marks)


def scale_bars(sheet: CardSheet | GutterFold):
    """Where the scale bars go on a card sheet: clear of the cards, the crop marks and a cutting
    machine's marks and no-print zones (a ValueError when they fit nowhere); a gutter-fold sheet is
    planned with its bars."""
    if isinstance(sheet, GutterFold):
        return sheet.bars
    area = sheet.clear.area if sheet.clear else None
    return bars_in_margins(sheet.paper, _keep_out(sheet), area)


def card_page(sheet: CardSheet, marks: tuple) -> Page:
    """One side of one card on a page of its own (`single_card_sheet`), with its TrimBox and
    BleedBox: no cut lines, crop marks or scale bars, which a shop does not want."""
    (slot,) = sheet.slots
    return Page(sheet.paper, (_placed(marks, slot),), trim=slot.trim, bleed=slot.bleed)


def _boxes(sheet: CardSheet, slots: list[Slot]) -> dict:
    """The page's TrimBox (and BleedBox): round the cards on it, as a print shop reads them."""
    return {"trim": frame_of([p for s in slots for p in ((s.trim.x, s.trim.y), (s.trim.right, s.trim.top))]),
            "bleed": frame_of([p for s in slots for p in ((s.bleed.x, s.bleed.y), (s.bleed.right, s.bleed.top))])
            if sheet.bleed else None}


def _placed(marks: tuple, slot: Slot, turn: float = 0.0) -> Group:
    """A card side's marks in its slot, upright, or turned half round about the slot's middle."""
    if turn:
        return Group(marks, slot.trim.right, slot.trim.top, turn)
    return Group(marks, slot.trim.x, slot.trim.y)


def _keep_out(sheet: CardSheet) -> list[Rect]:
    blocked = list(sheet.clear.blocked) if sheet.clear else []
    return [slot.bleed for slot in sheet.slots] + [around(seg) for seg in sheet.marks] + blocked
