"""Redo tokens: square tokens on a card sheet (shared cuts, grey cut lines, crop marks, duplex
backs), so the deck's sheet machinery cuts them too."""

from __future__ import annotations

from printkit.plan.cardface import frame
from printkit.plan.geometry import Rect
from printkit.plan.marks import Polygon
from printkit.plan.flow import Flow
from printkit.plan.text import Style
from printkit.plan.type import GREY, LINE, SPACE, TYPE
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


def _face(size, words) -> tuple:
    """The name, large, and what a Redo allows."""
    flow = Flow(Rect(0, 0, *size).inset(INSET + SPACE))
    flow.line(words.plain("name"), TYPE.title + 2, bold=True, align="centre", item="redo token name",
              where=words.where("name"))
    flow.text(words.markup("reminder"), Style(TYPE.smallest + 0.5, align="centre", valign="middle"),
              "redo token reminder", words.where("reminder"))
    return (frame(size, INSET, radius=SPACE),) + tuple(flow.marks)


def _back(size, words) -> tuple:
    """A Diamond over the name, and the kit's title at the foot."""
    flow = Flow(Rect(0, 0, *size).inset(INSET + SPACE / 2))
    flow.foot(words.markup("back"), Style(TYPE.smallest, align="centre"), "redo token back", words.where("back"),
              4 * SPACE)
    pip = flow.take(flow.rest.height / 2)
    flow.line(words.plain("name"), TYPE.title, bold=True, align="centre", item="redo token name",
              where=words.where("name"))
    return (frame(size, INSET, radius=SPACE), _diamond(pip.x + pip.width / 2, pip.y + pip.height / 2, 2 * SPACE)) + \
        tuple(flow.marks)


def _diamond(x: float, y: float, half: float) -> Polygon:
    """A Diamond pip centred on (x, y), drawn as a shape, grey inside a black outline."""
    tall = half * 1.25
    return Polygon(((x, y + tall), (x + half, y), (x, y - tall), (x - half, y)), width=LINE.thin, fill=GREY.faint)
