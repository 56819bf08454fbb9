"""Redo tokens: square tokens on a card sheet (shared cuts, grey cut lines, crop marks, duplex
backs), so the deck's sheet machinery cuts them too. Fronts keep a frame; backs are a pattern to
the cut line, which forgives a back printed a millimetre or two off."""

from __future__ import annotations

from printkit.plan.cardface import back_pattern, frame
from printkit.plan.geometry import Rect
from printkit.plan.marks import Circle, Polygon
from printkit.plan.flow import Flow
from printkit.plan.text import Style
from printkit.plan.type import GREY, LINE, SPACE, TYPE
from printkit.products.cards import Card

TOKEN = (40.0, 40.0)  # mm: easy to pick up, and twenty fit a page
MOST = (4, 5)
INSET = 2.5
DISC = 14.0  # mm: the white disc in the middle of a back, 6 mm inside the cut
BACK_CELLS = (6, 5)  # the back's diamonds across and down: a Diamond's shape, and they tile


def deck(kit, sheet) -> list[Card]:
    """At least the content's number of tokens, and no empty slot to cut round: whole sheets."""
    words = kit.words("redo-tokens")
    token = Card("Redo", _face(sheet.card, words), _back(sheet.card, words, sheet.bleed))
    sheets = -(-kit.model.redo_tokens // sheet.per_sheet)
    return [token] * (sheets * sheet.per_sheet)


def _face(size, words) -> tuple:
    """The name, large, and what a Redo allows."""
    flow = Flow(Rect(0, 0, *size).inset(INSET + SPACE))
    flow.line(words.plain("name"), TYPE.title, bold=True, align="centre", item="redo token name",
              where=words.where("name"))
    flow.text(words.markup("reminder"), Style(TYPE.small, TYPE.small, align="centre", valign="middle"),
              "redo token reminder", words.where("reminder"))
    return (frame(size, INSET, radius=SPACE),) + tuple(flow.marks)


def _back(size, words, bleed: float) -> tuple:
    """A pattern of diamonds to the cut line (into the bleed) and, on a white disc well inside
    the token, a Diamond over the name and the kit's title: a back printed a little off its
    front shows no frame drawn off-centre."""
    centre_x, centre_y = size[0] / 2, size[1] / 2
    disc = Circle(centre_x, centre_y, DISC, level=None, fill=1.0)
    inner = Rect(centre_x - DISC, centre_y - DISC, 2 * DISC, 2 * DISC).inset(SPACE)
    flow = Flow(Rect(inner.x + SPACE / 2, inner.y, inner.width - SPACE, inner.height))
    flow.foot(words.markup("back"), Style(TYPE.smallest, align="centre"), "redo token back", words.where("back"),
              2 * SPACE)
    pip = flow.take(flow.rest.height / 2)
    flow.line(words.plain("name"), TYPE.title, bold=True, align="centre", item="redo token name",
              where=words.where("name"))
    pip = _diamond(pip.x + pip.width / 2, pip.y + pip.height / 2, 1.5 * SPACE)
    return back_pattern(size, BACK_CELLS, bleed) + (disc, pip) + tuple(flow.marks)


def _diamond(x: float, y: float, half: float) -> Polygon:
    """A Diamond pip centred on (x, y), drawn as a shape, grey inside a black outline."""
    tall = half * 1.25
    return Polygon(((x, y + tall), (x + half, y), (x, y - tall), (x - half, y)), width=LINE.thin, fill=GREY.faint,
                   item="diamond")
