"""The ability cards: the number large at both ends and in both corners (card 9 reads as 6 from
the other end), the kind as a symbol and a word, the ability fitted to its box, identical backs
that say what a face-down card is worth."""

from __future__ import annotations

import markupsafe

from printkit.plan.cards import DeckLayout, Slot, plan_card_sheet
from printkit.plan.geometry import Rect
from printkit.render.deck import Card, draw_card_number, render_deck
from printkit.render.pdf import PdfFile, text_width
from printkit.render.text import draw_blocks, fit, height_of
from printkit.rules.numbered_cards import rotation_ambiguous

from .model import in_number_order

FRAME_INSET = 3.0
TEXT_INSET = 6.5  # every word stays this far inside the trim (the safe zone is 3.175 mm)
BIG_SIZE = 38.0
BIG_BASELINE = 26.0  # mm below the top of the card (and, turned, above its bottom)
INDEX_SIZE = 17.0
KIND_BASELINE = 35.0
ABILITY_TOP = 38.5
ABILITY_LARGEST = 11.0


def render(kit) -> tuple[bytes, int]:
    game = kit.data["game"]
    words = kit.words("ability-cards")
    sheet = layout(kit).sheet
    numbers = [card["number"] for card in game["cards"]]
    cards = [_card(kit, index, card, numbers, words) for index, card in in_number_order(game)]
    pdf = kit.pdf("Ability cards", f"{len(cards)} ability cards, poker size, duplex backs",
                  duplex=kit.options.duplex)
    render_deck(pdf, sheet, cards, kit.options.duplex, kit.options.back_offset)
    return pdf.finish(), pdf.pages


def layout(kit) -> DeckLayout:
    sheet = plan_card_sheet(kit.options.paper, kit.options.bleed)
    return DeckLayout(sheet, len(kit.data["game"]["cards"]), kit.options.duplex)


def _card(kit, index: int, card: dict, numbers: list[int], words) -> Card:
    game = kit.data["game"]
    turns = game["named"]["turns"]
    other_end = turns["upside_down"] if card["number"] == turns["card"] else card["number"]
    face = Face(card["number"], other_end, card["kind"], game["kind_symbols"][card["kind"]],
                card["ability"], kit.where("game.yaml", ("cards", index, "ability")), numbers)
    return Card(f"card {card['number']}", face.draw, lambda pdf, slot: _back(pdf, slot, words))


class Face:
    """One card's face. `other_end` is the number read with the card turned round (6 on card 9)."""

    def __init__(self, number, other_end, kind, symbol, ability, where, numbers):
        self.number, self.other_end, self.numbers = number, other_end, numbers
        self.kind, self.symbol, self.ability, self.where = kind, symbol, ability, where

    def draw(self, pdf: PdfFile, slot: Slot) -> None:
        trim = slot.trim
        pdf.rect(trim.inset(FRAME_INSET), width=0.35, radius=2.5)
        for angle, (x, y), number in ((0, (trim.x, trim.top), self.number),
                                      (180, (trim.right, trim.y), self.other_end)):
            with pdf.placed(x, y, angle):  # a frame whose origin is this end's top-left corner
                self._end(pdf, trim.width, number)
        self._kind(pdf, trim.x + trim.width / 2, trim.top - KIND_BASELINE)
        self._ability(pdf, trim)

    def _end(self, pdf: PdfFile, width: float, number: int) -> None:
        """The corner index (number over kind symbol) and the large number, for one end."""
        text = str(number)
        x = FRAME_INSET + 3.5 + text_width(text, INDEX_SIZE, "Sans-Bold") / 2
        draw_card_number(pdf, x, -FRAME_INSET - 8.5, text, INDEX_SIZE, self._marked(number))
        pdf.text(x, -FRAME_INSET - 14.5, self.symbol, 11, align="centre")
        draw_card_number(pdf, width / 2, -BIG_BASELINE, text, BIG_SIZE, self._marked(number))

    def _marked(self, number: int) -> bool:
        return rotation_ambiguous(number, self.numbers)

    def _kind(self, pdf: PdfFile, centre_x: float, baseline: float) -> None:
        label = f"{self.symbol}  {self.kind}"
        pdf.text(centre_x, baseline, label, 11, font="Sans-Bold", align="centre")

    def _ability(self, pdf: PdfFile, trim: Rect) -> None:
        bottom = BIG_BASELINE + 3.5  # clear of the turned number's underline
        box = Rect(trim.x + TEXT_INSET, trim.y + bottom, trim.width - 2 * TEXT_INSET,
                   trim.height - ABILITY_TOP - bottom)
        # content text is literal: `<` and `&` print as themselves, never as paragraph markup
        flowables, _ = fit(str(markupsafe.escape(self.ability)), box.width, box.height, ABILITY_LARGEST,
                           f"card {self.number} ability", self.where, align="centre")
        top = box.top - (box.height - height_of(flowables, box.width)) / 2
        draw_blocks(pdf, flowables, box.x, top, box.width)



def _back(pdf: PdfFile, slot: Slot, words) -> None:
    """Identical on every card, and the same turned round: a face-down card shows its worth."""
    trim = slot.trim
    pdf.rect(trim.inset(FRAME_INSET), width=0.5, radius=2.5)
    pdf.rect(trim.inset(FRAME_INSET + 2.2), width=0.3, level=0.55, radius=2.0)
    cx, cy = trim.x + trim.width / 2, trim.y + trim.height / 2
    pdf.circle(cx, cy, 13.0, width=0.8)
    worth = words.plain("worth")
    pdf.text(cx, cy - 5.5, worth, 44, font="Sans-Bold", align="centre")
    for angle, (x, y) in ((0, (trim.x, trim.top)), (180, (trim.right, trim.y))):
        with pdf.placed(x, y, angle):
            _back_band(pdf, trim.width, words)


def _back_band(pdf: PdfFile, width: float, words) -> None:
    """The title and the face-down rule, in a frame whose origin is one end's top-left corner."""
    pdf.text(width / 2, -13.0, words.plain("back_title"), 9, font="Sans-Bold", align="centre")
    box = Rect(TEXT_INSET + 1, -29.5, width - 2 * TEXT_INSET - 2, 13.5)
    flowables, _ = fit(words.markup("back"), box.width, box.height, 8.5, "card back",
                       words.where("back"), align="centre")
    draw_blocks(pdf, flowables, box.x, box.top, box.width)
