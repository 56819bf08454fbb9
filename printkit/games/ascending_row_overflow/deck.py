"""The deck: a large central number, corner indices for fanned hands, a penalty pip on each card,
an underline under numbers that read as another number upside down, and identical backs. The
third sheet's spare slots carry reference cards with their own back."""

from __future__ import annotations

from printkit.plan.cards import DeckLayout, Slot, plan_card_sheet
from printkit.plan.geometry import Rect, Segment
from printkit.render.deck import Card, draw_card_number, render_deck
from printkit.render.pdf import PdfFile, text_width
from printkit.render.text import draw_blocks, fit, height_of
from printkit.rules.ascending import rotation_ambiguous

FRAME_INSET = 3.0
CENTRE_SIZE = 60.0
INDEX_SIZE = 17.0


def render(kit) -> tuple[bytes, int]:
    words = kit.words("deck")
    game = kit.data["game"]
    plan = layout(kit)
    cards = [_number_card(n, words) for n in game["deck"]["cards"]]
    cards += [_reference_card(i + 1, words) for i in range(plan.cards - len(cards))]
    pdf = kit.pdf("Deck", f"{len(game['deck']['cards'])} cards, poker size, duplex backs",
                  duplex=kit.options.duplex)
    render_deck(pdf, plan.sheet, cards, kit.options.duplex, kit.options.back_offset)
    return pdf.finish(), pdf.pages


def layout(kit) -> DeckLayout:
    """The number cards, then up to three reference cards in the last sheet's spare slots."""
    sheet = plan_card_sheet(kit.options.paper, kit.options.bleed)
    count = len(kit.data["game"]["deck"]["cards"])
    return DeckLayout(sheet, count + min(-count % sheet.per_sheet, 3), kit.options.duplex)


def _number_card(number: int, words) -> Card:
    return Card(str(number), lambda pdf, slot: _face(pdf, slot, number, words), lambda pdf, slot: _back(pdf, slot, words))


def _face(pdf: PdfFile, slot: Slot, number: int, words) -> None:
    trim = slot.trim
    pdf.rect(trim.inset(FRAME_INSET), width=0.35, radius=2.5)
    centre_x, centre_y = trim.x + trim.width / 2, trim.y + trim.height / 2
    draw_card_number(pdf, centre_x, centre_y - 7, str(number), CENTRE_SIZE, rotation_ambiguous(number))
    for angle, (x, y) in ((0, (trim.x, trim.top)), (180, (trim.right, trim.y))):
        with pdf.placed(x, y, angle):
            _index(pdf, number)
    penalty = words.plain("penalty")
    pdf.text(centre_x, trim.y + 15, penalty, 8, align="centre", level=0.2)
    _pip(pdf, centre_x, trim.y + 20.5)


def _index(pdf: PdfFile, number: int) -> None:
    """A corner index in a frame whose origin is the card's top-left corner."""
    x = FRAME_INSET + 3.5 + text_width(str(number), INDEX_SIZE, "Sans-Bold") / 2
    draw_card_number(pdf, x, -FRAME_INSET - 8.5, str(number), INDEX_SIZE, rotation_ambiguous(number))
    _pip(pdf, x, -FRAME_INSET - 13.5)



def _pip(pdf: PdfFile, x: float, y: float) -> None:
    """The penalty mark: one pip per card, black, so it survives black-and-white print."""
    pdf.circle(x, y, 1.3, width=0.25, fill=0.0)


def _back(pdf: PdfFile, slot: Slot, words) -> None:
    trim = slot.trim
    for step in range(5):
        pdf.rect(trim.inset(FRAME_INSET + 2.2 * step), width=0.5 if step == 0 else 0.3,
                 level=0.0 if step == 0 else 0.55, radius=max(0.5, 2.5 - 0.4 * step))
    _diamond_lattice(pdf, trim.inset(FRAME_INSET + 9.5))
    band = Rect(trim.x + 8, trim.y + trim.height / 2 - 10, trim.width - 16, 20)
    pdf.rect(band, width=0.3, fill=1.0, radius=1.5)
    text = Rect(band.x + 2, band.y + 1.5, band.width - 4, band.height - 3)
    flowables, _ = fit(words.markup("back"), text.width, text.height, 10.0, "card back",
                       words.where("back"), align="centre")
    top = text.top - (text.height - height_of(flowables, text.width)) / 2
    draw_blocks(pdf, flowables, text.x, top, text.width)


def _diamond_lattice(pdf: PdfFile, box: Rect, step: float = 6.0) -> None:
    """Diagonal lines both ways, clipped to the box by hand: symmetric under a half turn."""
    for offset in _range(-box.height, box.width, step):
        for seg in (_clip_diagonal(box, offset, 1), _clip_diagonal(box, offset, -1)):
            if seg:
                pdf.line(seg, width=0.2, level=0.7)


def _clip_diagonal(box: Rect, offset: float, slope: int):
    """The part inside `box` of the 45-degree line through (box.x + offset, box.y or box.top)."""
    start_y = box.y if slope > 0 else box.top
    x1, y1 = box.x + offset, start_y
    t_lo = max(0.0, box.x - x1)
    t_hi = min(box.right - x1, box.height)
    if t_hi - t_lo < 0.5:
        return None
    return Segment(x1 + t_lo, y1 + slope * t_lo, x1 + t_hi, y1 + slope * t_hi)


def _range(start: float, stop: float, step: float):
    value = start
    while value <= stop:
        yield value
        value += step


def _reference_card(number: int, words) -> Card:
    text = words.markup(f"reference_{number}")

    def face(pdf: PdfFile, slot: Slot) -> None:
        inner = slot.trim.inset(FRAME_INSET + 2.5)
        pdf.rect(slot.trim.inset(FRAME_INSET), width=0.35, radius=2.5)
        pdf.text(inner.x, inner.top - 3.5, words.plain("reference_title"), 7, level=0.35)
        box = Rect(inner.x, inner.y, inner.width, inner.height - 6)
        flowables, _ = fit(text, box.width, box.height, 10.0, f"deck reference card {number}",
                           words.where(f"reference_{number}"))
        draw_blocks(pdf, flowables, box.x, box.top, box.width)

    def back(pdf: PdfFile, slot: Slot) -> None:
        pdf.rect(slot.trim.inset(FRAME_INSET), width=0.35, radius=2.5)
        inner = slot.trim.inset(FRAME_INSET + 6)
        flowables, _ = fit(words.markup("reference_back"), inner.width, 20, 9.0, "deck reference back",
                           words.where("reference_back"), align="centre")
        draw_blocks(pdf, flowables, inner.x, inner.y + inner.height / 2 + 6, inner.width)

    return Card(f"reference {number}", face, back)
