"""Card products: cards (or tokens) on planned card sheets, each front page followed by its back
page with the slots mirrored for the duplex flip; cut lines where cards abut, crop marks outside
the grid, scale bars in the margins. A game gives only each card's face and back, as marks in the
card's own frame: the origin at the bottom-left corner of its trim, millimetres up and right.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from printkit.plan.cards import CardSheet, DeckLayout, Slot, plan_card_sheet, single_card_sheet
from printkit.plan.geometry import POKER, Rect, Segment
from printkit.plan.marks import Box, Document, Group, Line, Page, frame_of
from printkit.plan.scale import bars_in_margins, scale_bar_marks
from printkit.products import Product

CUT_LINE = 0.2  # mm, light grey: guides scissors where cards abut; covered by the cut itself
CROP_MARK = 0.25  # mm: hairlines vanish on some printers


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

    def sheet(self, kit) -> CardSheet:
        return plan_card_sheet(kit.options.paper, kit.options.bleed, card=self.size, most=self.most)

    def document(self, kit) -> Document:
        sheet = self.sheet(kit)
        return Document(kit.file_title(self.label), self.subject or self.description,
                        tuple(self.pages(kit, sheet, self.deck(kit, sheet))), duplex=self.duplex(kit))

    def pages(self, kit, sheet: CardSheet, cards: list[Card]) -> list[Page]:
        """The pages `cards` are printed on, as the options ask: the one place the deck's pages
        are chosen, for the deck itself and for an errata pack of some of its cards."""
        return deck_pages(sheet, cards, kit.options.duplex, kit.options.back_offset)

    def duplex(self, kit) -> str | None:
        """The flip a duplex printer should use for those pages, or None: printed on one side."""
        return kit.options.duplex if kit.options.duplex != "none" else None

    def shop_deck(self, kit, bleed: float) -> tuple[CardSheet, list[Card]]:
        """The deck for a print shop: one card a sheet, `bleed` mm round it (the backs' patterns
        run into it), no empty slots to fill (tokens: as many as the content asks for)."""
        sheet = single_card_sheet(self.size, bleed)
        return sheet, self.deck(kit, sheet)

    def layout(self, kit) -> DeckLayout:
        sheet = self.sheet(kit)
        return DeckLayout(sheet, len(self.deck(kit, sheet)), kit.options.duplex)


def deck_pages(sheet: CardSheet, cards: list[Card], duplex: str, back_offset=(0.0, 0.0)) -> list[Page]:
    """Fronts, each page followed by its backs; `back_offset` (mm, as the back is seen) moves the
    backs to make up for a printer that does not print its second side true to the first."""
    bars = tuple(scale_bar_marks(bar) for bar in bars_in_margins(sheet.paper, _keep_out(sheet)))
    pages = []
    for start in range(0, len(cards), sheet.per_sheet):
        batch = list(zip(sheet.slots, cards[start:start + sheet.per_sheet]))
        fronts = tuple(_placed(card.face, slot) for slot, card in batch)
        furniture = () if sheet.bleed else tuple(Box(slot.trim, width=CUT_LINE, level=0.6) for slot, _ in batch)
        marks = tuple(Line(seg, width=CROP_MARK) for seg in sheet.marks)
        pages.append(Page(sheet.paper, fronts + furniture + marks + bars, **_boxes(sheet, [s for s, _ in batch])))
        if duplex != "none":
            behind = [(sheet.back_slot(slot, duplex), card) for slot, card in batch]
            backs = tuple(_placed(card.back, slot) for slot, card in behind)
            if back_offset != (0.0, 0.0):
                backs = (Group(backs, *back_offset),)
            pages.append(Page(sheet.paper, backs + bars, **_boxes(sheet, [s for s, _ in behind])))
    return pages


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


def _placed(marks: tuple, slot: Slot) -> Group:
    return Group(marks, slot.trim.x, slot.trim.y)


def _keep_out(sheet: CardSheet) -> list[Rect]:
    return [slot.bleed for slot in sheet.slots] + [_around(seg) for seg in sheet.marks]


def _around(seg: Segment, by: float = 0.5) -> Rect:
    x, y = min(seg.x1, seg.x2), min(seg.y1, seg.y2)
    return Rect(x - by, y - by, abs(seg.x2 - seg.x1) + 2 * by, abs(seg.y2 - seg.y1) + 2 * by)
