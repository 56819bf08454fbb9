"""Redo tokens: square tokens on a card sheet (shared cuts, grey cut lines, crop marks, duplex
backs), so the deck's sheet machinery cuts them too."""

from __future__ import annotations

from printkit.plan.cardface import frame
from printkit.plan.geometry import Rect
from printkit.plan.marks import Polygon
from printkit.plan.text import Style, fit, label
from printkit.products.cards import Card

TOKEN = (40.0, 40.0)  # mm: easy to pick up, and twenty fit a page
MOST = (4, 5)
INSET = 2.5


def deck(kit, sheet) -> list[Card]:
    """At least the content's number of tokens, and no empty slot to cut round: whole sheets."""
    words = kit.words("redo-tokens")
    token = Card("Redo", _face(sheet.card, words), _back(sheet.card, words))
    sheets = -(-kit.model.redo_tokens // sheet.per_sheet)
    return [token] * (sheets * sheet.per_sheet)


def _name(words, box: Rect, size: float):
    return label(words.plain("name"), box, size, bold=True, align="centre", valign="bottom", smallest=10,
                 item="redo token name", where=words.where("name"))


def _face(size, words) -> tuple:
    width, height = size
    reminder = Rect(INSET + 2, INSET + 2, width - 2 * INSET - 4, height - 16 - INSET - 2)
    return (frame(size, INSET, radius=2.0), _name(words, Rect(INSET + 2, height - 13, width - 9, 7), 16),
            fit(words.markup("reminder"), reminder, Style(7.5, align="centre", valign="middle"), "redo token reminder",
                words.where("reminder")))


def _back(size, words) -> tuple:
    width, height = size
    x, y = width / 2, height / 2
    return (frame(size, INSET, radius=2.0), _diamond(x, y + 6, 4.0),
            _name(words, Rect(INSET + 2, y - 5, width - 9, 6), 14),
            fit(words.markup("back"), Rect(4, 4, width - 8, 8), Style(7.0, align="centre", valign="middle"),
                "redo token back", words.where("back")))


def _diamond(x: float, y: float, half: float) -> Polygon:
    """A Diamond pip centred on (x, y), drawn as a shape, grey inside a black outline."""
    return Polygon(((x, y + half * 1.25), (x + half, y), (x, y - half * 1.25), (x - half, y)), width=0.2, fill=0.85)
