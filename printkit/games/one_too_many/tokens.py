"""Redo tokens: square tokens on a card sheet (shared cuts, grey cut lines, crop marks, duplex
backs), so the deck's sheet machinery cuts them too."""

from __future__ import annotations

from printkit.plan.cards import DeckLayout, Slot, plan_card_sheet
from printkit.plan.geometry import Rect
from printkit.render.deck import Card, render_deck
from printkit.render.pdf import PdfFile
from printkit.render.text import draw_blocks, fit, height_of

from .marks import diamond

TOKEN = (40.0, 40.0)  # mm: easy to pick up, and twenty fit a page
MOST = (4, 5)
INSET = 2.5


def render(kit) -> tuple[bytes, int]:
    words = kit.words("redo-tokens")
    plan = layout(kit)
    sheet = plan.sheet
    trim = sheet.slots[0].trim
    reminder = _centred(reminder_box(trim), words, "reminder", 7.5)  # every token alike: fit once
    back = _centred(back_box(trim), words, "back", 7.0)
    token = Card("Redo", lambda pdf, slot: _face(pdf, slot, words, reminder),
                 lambda pdf, slot: _back(pdf, slot, words, back))
    pdf = kit.pdf("Redo tokens", f"Redo tokens, {TOKEN[0]:g} mm square, duplex backs", duplex=kit.options.duplex)
    render_deck(pdf, sheet, [token] * plan.cards, kit.options.duplex, kit.options.back_offset)
    return pdf.finish(), pdf.pages


def layout(kit) -> DeckLayout:
    """At least the content's number of tokens, and no empty slot to cut round: whole sheets."""
    sheet = plan_card_sheet(kit.options.paper, kit.options.bleed, card=TOKEN, most=MOST)
    sheets = -(-kit.data["game"]["redo_tokens"] // sheet.per_sheet)
    return DeckLayout(sheet, sheets * sheet.per_sheet, kit.options.duplex)


def reminder_box(trim: Rect) -> Rect:
    box = trim.inset(INSET + 2.0)
    return Rect(box.x, box.y, box.width, trim.top - 16 - box.y)


def back_box(trim: Rect) -> Rect:
    return Rect(trim.x + 4, trim.y + 4, trim.width - 8, 8)


def _face(pdf: PdfFile, slot: Slot, words, reminder) -> None:
    trim = slot.trim
    pdf.rect(trim.inset(INSET), width=0.35, radius=2.0)
    pdf.text(trim.x + trim.width / 2, trim.top - 13, words.plain("name"), 16, font="Sans-Bold", align="centre")
    _draw_centred(pdf, reminder_box(trim), reminder)


def _back(pdf: PdfFile, slot: Slot, words, back) -> None:
    trim = slot.trim
    pdf.rect(trim.inset(INSET), width=0.35, radius=2.0)
    centre_x, centre_y = trim.x + trim.width / 2, trim.y + trim.height / 2
    diamond(pdf, centre_x, centre_y + 6, 4.0, fill=0.85)
    pdf.text(centre_x, centre_y - 5, words.plain("name"), 14, font="Sans-Bold", align="centre")
    _draw_centred(pdf, back_box(trim), back)


def _centred(box: Rect, words, name: str, largest: float):
    return fit(words.markup(name), box.width, box.height, largest, f"redo token {name}", words.where(name),
               align="centre")[0]


def _draw_centred(pdf: PdfFile, box: Rect, flowables) -> None:
    top = box.top - (box.height - height_of(flowables, box.width)) / 2
    draw_blocks(pdf, flowables, box.x, top, box.width)
