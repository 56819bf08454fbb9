"""Card products: cards (or tokens) on planned card sheets, each front page followed by its back
page with the slots mirrored for the duplex flip, or (`--sheet gutterfold`) each front beside its
own back on one page, mirrored about a dashed fold line; cut lines where cards abut, crop marks
outside the grid, scale bars in the margins. A game gives only each card's face and back, as marks
in the card's own frame: the origin at the bottom-left corner of its trim, millimetres up and right.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from printkit.plan.cards import (CardSheet, DeckLayout, GutterFold, Slot, around, plan_card_sheet, plan_gutter_fold,
                                 single_card_sheet)
from printkit.plan.geometry import POKER, Rect
from printkit.plan.marks import Box, Document, Group, Line, Page, frame_of
from printkit.plan.scale import bars_in_margins, scale_bar_marks
from printkit.plan.text import label
from printkit.plan.type import TYPE
from printkit.products import Product

CUT_LINE = 0.2  # mm, light grey: guides scissors where cards abut; covered by the cut itself
CROP_MARK = 0.25  # mm: hairlines vanish on some printers
FOLD_LINE = 0.3  # mm, dashed (FOLD_DASH: dash, gap), black: it must not be taken for a cut
FOLD_DASH = (3.0, 2.0)


@dataclass(frozen=True)
class Card:
    name: str
    face: tuple  # marks in the card's frame
    back: tuple


@dataclass(frozen=True)
class Cards(Product):
    """`deck(kit, sheet)` gives the cards in print order (the sheet says how many fit a page, for
    products that fill the last sheet)."""

    deck: Callable[[Any, CardSheet], list[Card]] | None = None
    size: tuple[float, float] = POKER
    most: tuple[int, int] = (3, 3)
    subject: str | None = None

    def sheet(self, kit) -> CardSheet | GutterFold:
        return plan_sheet(kit.options, self.size, self.most)

    def document(self, kit) -> Document:
        sheet = self.sheet(kit)
        pages = card_pages(kit, sheet, self.deck(kit, sheet))
        return Document(kit.file_title(self.label), self.subject or self.description, tuple(pages),
                        duplex=flip(kit.options))

    def shop_deck(self, kit, bleed: float) -> tuple[CardSheet, list[Card]]:
        """The deck for a print shop: one card a sheet, `bleed` mm round it (the backs' patterns
        run into it), no empty slots to fill (tokens: as many as the content asks for)."""
        sheet = single_card_sheet(self.size, bleed)
        return sheet, self.deck(kit, sheet)

    def layout(self, kit) -> DeckLayout:
        sheet = self.sheet(kit)
        return DeckLayout(sheet, len(self.deck(kit, sheet)), kit.options.duplex)


def plan_sheet(options, card=POKER, most=(3, 3)) -> CardSheet | GutterFold:
    """The sheet the options print cards on: a duplex card sheet, or a gutter-fold one."""
    if options.sheet == "gutterfold":
        return plan_gutter_fold(options.paper, options.bleed, card=card, most=most)
    return plan_card_sheet(options.paper, options.bleed, card=card, most=most)


def card_pages(kit, sheet: CardSheet | GutterFold, cards: list[Card]) -> list[Page]:
    """`cards` on `sheet` (planned by `plan_sheet` from the same options), paged as the options
    print them: every card product, and any set of its cards, is paged here."""
    options = kit.options
    if options.sheet == "gutterfold":
        return gutter_fold_pages(sheet, cards, kit.templates.render("common.j2"))
    return deck_pages(sheet, cards, options.duplex, options.back_offset)


def flip(options) -> str | None:
    """The flip a card file asks a duplex printer for: none for a one-sided file."""
    return None if options.duplex == "none" or options.sheet == "gutterfold" else options.duplex


def deck_pages(sheet: CardSheet, cards: list[Card], duplex: str, back_offset=(0.0, 0.0)) -> list[Page]:
    """Fronts, each page followed by its backs; `back_offset` (mm, as the back is seen) moves the
    backs to make up for a printer that does not print its second side true to the first."""
    bars = _bars(sheet)
    pages = []
    for batch in _batches(sheet, cards):
        fronts = tuple(_placed(card.face, slot) for slot, card in batch)
        pages.append(Page(sheet.paper, fronts + _cuts(sheet, [s for s, _ in batch]) + bars,
                          **_boxes(sheet, [s for s, _ in batch])))
        if duplex != "none":
            behind = [(sheet.back_slot(slot, duplex), card) for slot, card in batch]
            backs = tuple(_placed(card.back, slot) for slot, card in behind)
            if back_offset != (0.0, 0.0):
                backs = (Group(backs, *back_offset),)
            pages.append(Page(sheet.paper, backs + bars, **_boxes(sheet, [s for s, _ in behind])))
    return pages


def gutter_fold_pages(sheet: GutterFold, cards: list[Card], words) -> list[Page]:
    """One-sided pages: each card's front and, in the slot its mirror about the fold, its back
    (turned as `GutterFold.back_turn` says); cut lines and crop marks for both layers, the dashed
    fold line with a label at each end (`fold` in `words`, common.j2's), the scale bars. No back offset: front and back
    are printed in one pass, so a printer's second-side error never arises."""
    bars = _bars(sheet)
    line = (Line(sheet.fold, width=FOLD_LINE, dash=FOLD_DASH),) + tuple(_fold_label(words, box, sheet.vertical)
                                                                       for box in sheet.labels)
    pages = []
    for batch in _batches(sheet, cards):
        behind = [(sheet.back_slot(slot), card) for slot, card in batch]
        fronts = tuple(_placed(card.face, slot) for slot, card in batch)
        backs = tuple(_placed(card.back, slot, sheet.back_turn) for slot, card in behind)
        slots = [s for s, _ in batch] + [s for s, _ in behind]
        marks = fronts + backs + _cuts(sheet.fronts, [s for s, _ in batch]) + _cuts(sheet.backs, [s for s, _ in behind])
        pages.append(Page(sheet.paper, marks + line + bars, **_boxes(sheet, slots)))
    return pages


def _fold_label(words, box: Rect, vertical: bool):
    """The word at one end of the fold line, centred on it, reading along it (up a vertical fold)."""
    def fitted(frame: Rect):
        return label(words.plain("fold"), frame, TYPE.smallest, align="centre", item="fold label",
                     where=words.where("fold"))
    if not vertical:
        return fitted(box)
    return Group((fitted(Rect(0, -box.width / 2, box.height, box.width)),), box.x + box.width / 2, box.y, 90)


def _batches(sheet, cards: list[Card]):
    """The cards a sheet at a time, each with its slot."""
    for start in range(0, len(cards), sheet.per_sheet):
        yield list(zip(sheet.slots, cards[start:start + sheet.per_sheet]))


def _cuts(sheet: CardSheet, slots: list[Slot]) -> tuple:
    """A grid's cut lines round the cards on it (where cards abut: none with bleed) and its crop marks."""
    lines = () if sheet.bleed else tuple(Box(slot.trim, width=CUT_LINE, level=0.6) for slot in slots)
    return lines + tuple(Line(seg, width=CROP_MARK) for seg in sheet.marks)


def _bars(sheet) -> tuple:
    return tuple(scale_bar_marks(bar) for bar in sheet_bars(sheet))


def sheet_bars(sheet: CardSheet | GutterFold):
    """Where the scale bars go: in the margins, touching no card or mark (a ValueError when they fit
    nowhere); a gutter-fold sheet is planned with its bars."""
    if isinstance(sheet, GutterFold):
        return sheet.bars
    return bars_in_margins(sheet.paper, _keep_out(sheet))


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
    return [slot.bleed for slot in sheet.slots] + [around(seg) for seg in sheet.marks]
