"""The ability cards: the number large at both ends and in both corners (card 9 reads as 6 from
the other end), the kind as a symbol and a word, the ability fitted to its box, identical backs
that say what a face-down card is worth."""

from __future__ import annotations

import markupsafe

from printkit.plan.cardface import FRAME_INSET, at_both_ends, corner_index, frame, number
from printkit.plan.geometry import Rect
from printkit.plan.marks import Circle
from printkit.plan.text import Style, fit, label, line_at
from printkit.plan.type import LINE, SPACE, TYPE
from printkit.products.cards import Card

TEXT_INSET = 6.5  # every word stays this far inside the trim (the safe zone is 3.175 mm)
BIG = (38.0, 26.0)  # the large number: its size, and its baseline below the card's top
KIND_BASELINE = 35.0  # below the card's top
ABILITY_TOP = 38.5
SYMBOL_BASELINE = 14.5  # below the frame's top, under the corner index
WORTH = 13.0  # mm: the ring round a back's face-down worth


def deck(kit, sheet) -> list[Card]:
    words = kit.words("ability-cards")
    back = _back(sheet.card, words)
    return [Card(f"card {card.number}", _face(kit, index, card, sheet.card), back)
            for index, card in kit.model.in_number_order()]


def _face(kit, index: int, card, size) -> tuple:
    width, height = size
    deck = kit.model
    symbol = deck.symbols[card.kind]
    ends = [_end(deck, card.number, symbol, width), _end(deck, deck.other_end(card), symbol, width)]
    kind = label(f"{symbol}  {card.kind}", Rect(TEXT_INSET, height - KIND_BASELINE, width - 2 * TEXT_INSET,
                                                 2.5 * SPACE), TYPE.heading, bold=True, align="centre", valign="bottom")
    bottom = BIG[1] + 1.75 * SPACE  # clear of the turned number's underline
    box = Rect(TEXT_INSET, bottom, width - 2 * TEXT_INSET, height - ABILITY_TOP - bottom)
    # content text is literal: `<` and `&` print as themselves, never as markup
    ability = fit(str(markupsafe.escape(card.ability)), box, Style(TYPE.heading, align="centre", valign="middle"),
                  f"card {card.number} ability", kit.where("game.yaml", ("cards", index, "ability")))
    return (frame(size),) + at_both_ends(size, ends) + (kind, ability)


def _end(deck, value: int, symbol: str, width: float) -> tuple:
    """One end: the corner index (number over kind symbol) and the large number."""
    marked = deck.marked(value)
    index, x = corner_index(str(value), marked)
    under = line_at(symbol, x, -FRAME_INSET - SYMBOL_BASELINE, TYPE.heading, align="centre")
    return index + (under,) + number(str(value), width / 2, -BIG[1], BIG[0], marked)


def _back(size, words) -> tuple:
    """Identical on every card, and the same turned round: a face-down card shows its worth."""
    width, height = size
    centre_x, centre_y = width / 2, height / 2
    ring = Rect(centre_x - WORTH, centre_y - WORTH, 2 * WORTH, 2 * WORTH)
    marks = (frame(size, width=LINE.heavy), frame(size, FRAME_INSET + 1.1 * SPACE, width=LINE.thin, level=0.55,
                                                 radius=SPACE),
             Circle(centre_x, centre_y, WORTH, width=LINE.bold),
             label(words.plain("worth"), ring.inset(SPACE), WORTH * 3.4, bold=True, align="centre",
                   item="card back worth", where=words.where("worth")))
    band = Rect(TEXT_INSET + 1, -BIG[1] - 1.75 * SPACE, width - 2 * TEXT_INSET - 2, 10 * SPACE)
    text = f"<b>{words.markup('back_title')}</b>\n\n{words.markup('back')}"
    end = (fit(text, band, Style(TYPE.body, align="centre"), "card back", words.where("back")),)
    return marks + at_both_ends(size, end)
