"""The ability cards: the number large at both ends and in both corners (card 9 reads as 6 from
the other end), the kind as a mark in the corners and as a band across the card (its own mark,
tone and word, so the kinds tell apart in black-and-white print), the ability fitted to its box;
identical backs, a pattern to the cut line, that say what a face-down card is worth."""

from __future__ import annotations

from dataclasses import dataclass

import markupsafe

from printkit.plan.cardface import FRAME_INSET, at_both_ends, back_pattern, corner_index, frame, number
from printkit.plan.geometry import Rect
from printkit.plan.marks import Box, Circle
from printkit.plan.text import Style, fit, label, line_at
from printkit.plan.type import GREY, LINE, SPACE, TYPE
from printkit.products.cards import Card

TEXT_INSET = 6.5  # every word stays this far inside the trim (the safe zone is 3.175 mm)
BIG = (38.0, 26.0)  # the large number: its size, and its baseline below the card's top
CLEAR = BIG[1] + 1.75 * SPACE  # below the large number's underline (6 and 9), from either end
BAND = (CLEAR + SPACE, 8.0)  # the kind's band: its top below the card's top, and its height
MARK_BASELINE = 15.5  # the kind's mark in the corner, below the frame's top, under the corner index
MARK = TYPE.index  # points: the mark in the corner, large enough to tell the kinds apart in a hand
WORTH = 10.0  # mm: the ring round a back's face-down worth
PANEL_MARGIN = 5 * SPACE  # the back's white panel stands this far inside the cut: a shift of 2 mm hardly shows
BACK_CELLS = (10, 10)  # the back's diamonds across and down: the card's own proportions, and they tile


@dataclass(frozen=True)
class Band:
    """How a kind's band is printed: its fill, its outline, the grey of its words."""

    fill: float | None
    outline: float | None  # line width, mm
    words: float


# Black with white words, grey, white with a heavy outline: three tones that survive a copier.
BANDS = {"Play": Band(GREY.ink, None, 1.0), "Discard": Band(GREY.shade, None, GREY.ink),
         "Passive": Band(1.0, LINE.heavy, GREY.ink)}


def deck(kit, sheet) -> list[Card]:
    words = kit.words("ability-cards")
    back = _back(sheet.card, words, sheet.bleed)
    return [Card(f"card {card.number}", _face(kit, index, card, sheet.card), back)
            for index, card in kit.model.in_number_order()]


def _face(kit, index: int, card, size) -> tuple:
    width, height = size
    deck = kit.model
    mark = deck.symbols[card.kind]
    ends = [_end(deck, card.number, mark, width), _end(deck, deck.other_end(card), mark, width)]
    band = Rect(FRAME_INSET, height - BAND[0] - BAND[1], width - 2 * FRAME_INSET, BAND[1])
    box = Rect(TEXT_INSET, CLEAR, width - 2 * TEXT_INSET, band.y - SPACE - CLEAR)
    # content text is literal: `<` and `&` print as themselves, never as markup
    ability = fit(str(markupsafe.escape(card.ability)), box, Style(TYPE.heading, align="centre", valign="middle"),
                  f"card {card.number} ability", kit.where("game.yaml", ("cards", index, "ability")))
    return (frame(size),) + kind_band(card.kind, mark, band) + at_both_ends(size, ends) + (ability,)


def kind_band(kind: str, mark: str, box: Rect, size: float = TYPE.heading) -> tuple:
    """A kind's band: its tone, and its mark and name in the middle (the player aid draws it too)."""
    look = BANDS[kind]
    fill = Box(box, width=look.outline or 0.0, level=GREY.ink if look.outline else None, fill=look.fill)
    words = label(f"{mark}  {kind}", Rect(box.x + SPACE, box.y, box.width - 2 * SPACE, box.height), size,
                  bold=True, align="centre", level=look.words, item=f"{kind} band")
    return fill, words


def _end(deck, value: int, mark: str, width: float) -> tuple:
    """One end: the corner index (number over kind mark) and the large number."""
    marked = deck.marked(value)
    index, x = corner_index(str(value), marked)
    under = line_at(mark, x, -FRAME_INSET - MARK_BASELINE, MARK, align="centre", item="kind mark")
    return index + (under,) + number(str(value), width / 2, -BIG[1], BIG[0], marked)


def _back(size, words, bleed: float) -> tuple:
    """Identical on every card, and the same turned round: the pattern to the cut line (into the
    bleed) and, on a white panel well inside the card, the worth of a face-down card in a ring
    and the words at both ends; nothing a few millimetres inside the cut to show a shifted back."""
    width, height = size
    centre_x, centre_y = width / 2, height / 2
    ring = Rect(centre_x - WORTH, centre_y - WORTH, 2 * WORTH, 2 * WORTH)
    room = Rect(PANEL_MARGIN + SPACE, -(centre_y - WORTH - SPACE), width - 2 * (PANEL_MARGIN + SPACE),
                centre_y - WORTH - 2 * SPACE - PANEL_MARGIN)
    text = fit(f"<b>{words.markup('back_title')}</b>\n\n{words.markup('back')}", room,
               Style(TYPE.body, TYPE.small, align="centre", valign="bottom"), "card back", words.where("back"))
    half = WORTH + SPACE + text.height + SPACE
    panel = Box(Rect(PANEL_MARGIN, centre_y - half, width - 2 * PANEL_MARGIN, 2 * half), level=None, fill=1.0,
                radius=2 * SPACE)
    worth = (Circle(centre_x, centre_y, WORTH, width=LINE.bold, item="worth ring"),
             label(words.plain("worth"), ring.inset(SPACE * WORTH / 13), WORTH * 3.4, bold=True, align="centre",
                   item="card back worth", where=words.where("worth")))
    return back_pattern(size, BACK_CELLS, bleed) + (panel,) + worth + at_both_ends(size, (text,))
