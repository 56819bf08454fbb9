"""Starter-row mats: one landscape page per row, with the row's places at the deck's card size,
so real cards sit on them, and the overflow rule drawn beside a small diagram."""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.plan.geometry import POKER, Rect, Segment
from printkit.plan.marks import Box, Line, Polygon
from printkit.plan.flow import Flow
from printkit.plan.minicard import MiniCard, card_row
from printkit.plan.text import Style, label
from printkit.plan.type import SPACE, TYPE
from printkit.products.sheets import title_line

from .model import row_letter

PLACE_GAP = 3.0
MARGIN = 6.0  # four poker cards and their gaps need most of a landscape Letter page
MINI = (14.0, 19.6)  # the diagram's cards, width by height
STEP = MINI[0] + 1.5


def pages(kit, body: Rect) -> list[list]:
    setup = kit.model.setup
    words = kit.words("starter-rows")
    fits = int((body.width + PLACE_GAP) // (POKER[0] + PLACE_GAP))
    if setup.row_limit > fits:
        paper = kit.options.paper.landscape()
        raise PrintkitError([kit.where("game.yaml", ("row_limit",)).with_message(
            f"row_limit: a starter-row mat shows at most {fits} card places at 100% on a landscape "
            f"{paper.name} page, not {setup.row_limit}")])
    example = kit.model.overflow_example()
    return [_mat(body, row_letter(index), setup.row_limit, example, words) for index in range(setup.starter_rows)]


def place_rects(body: Rect, places: int, top: float) -> list[Rect]:
    """The places of a row, card-sized, centred across the body, from `top` down."""
    width = places * POKER[0] + (places - 1) * PLACE_GAP
    left = body.x + (body.width - width) / 2
    return [Rect(left + i * (POKER[0] + PLACE_GAP), top - POKER[1], *POKER) for i in range(places)]


def _mat(body: Rect, letter: str, limit: int, example, words) -> list:
    marks, rest = title_line(body, words.plain("heading", letter), words.where("heading"))
    flow = Flow(rest, marks)
    flow.line(words.plain("direction"), TYPE.body, level=0.2, item="mat direction", where=words.where("direction"))
    places = place_rects(body, limit, flow.top)
    for n, place in enumerate(places, start=1):
        marks += [Box(place, width=0.35, level=0.35, dash=(2.0, 1.5)),
                  label(words.plain("place", n), place.inset(SPACE), POKER[1] / 2, bold=True, align="centre",
                        level=0.85, item="place number", where=words.where("place"))]
    foot = Rect(places[0].x, places[0].y, POKER[0], POKER[1] / 4).inset(SPACE)
    marks.append(label(words.plain("first_place"), foot, TYPE.small, align="centre", level=0.4, item="first place",
                       where=words.where("first_place")))
    flow.take(POKER[1] + 2 * SPACE)
    return marks + _overflow(flow.rest, example, words)


def _overflow(box: Rect, example, words) -> list:
    """The overflow drawn (a full row, the card that would be one too many, the row after) and
    the rule in words beside it."""
    marks, text_x = [], box.x
    if example:
        marks, right = _overflow_diagram(box, *example, words)
        text_x = right + 6 * SPACE
    rule = Flow(Rect(text_x, box.y, box.right - text_x, box.height))
    rule.text(words.markup("overflow"), Style(TYPE.heading + 1), "starter-row overflow rule", words.where("overflow"))
    return marks + rule.marks


def _overflow_diagram(box: Rect, row, card: int, words) -> tuple[list, float]:
    """Before: the full row, the card that belongs to it (one too many) pointing at its end; after:
    that card alone, starting the row. Returns the marks and where the drawing ends on the right."""
    flow = Flow(box)
    flow.line(words.plain("before"), bold=True, item="overflow diagram", where=words.where("before"))
    cards = flow.take(MINI[1])
    right = cards.x + len(row) * STEP
    marks = card_row([MiniCard(str(v)) for v in row], cards.x, cards.y, MINI[1], MINI[0], STEP - MINI[0])
    marks += card_row([MiniCard(str(card), look="strong")], right + 5 * SPACE, cards.y, MINI[1], MINI[0])
    marks += _arrow(right + 4.5 * SPACE, cards.y + MINI[1] / 2, right + SPACE / 2)
    flow.space()
    under = flow.take(0)
    marks.append(Line(Segment(cards.x, under.y, right - SPACE, under.y), width=0.5))
    flow.space(0.5)
    line = flow.line(words.plain("collect"), width=right - cards.x, align="centre", item="overflow diagram",
                     where=words.where("collect"))
    marks.append(label(words.plain("one_too_many"), Rect(right + 2 * SPACE, line.y, MINI[0] + 6 * SPACE, line.height),
                       TYPE.small, align="centre", valign="bottom", item="overflow diagram",
                       where=words.where("one_too_many")))
    flow.space(3)
    flow.line(words.plain("after"), bold=True, item="overflow diagram", where=words.where("after"))
    after = flow.take(MINI[1])
    marks += card_row([MiniCard(str(card), look="strong")], after.x, after.y, MINI[1], MINI[0])
    marks.append(label(words.plain("starts"), Rect(after.x + MINI[0] + SPACE, after.y, 60 * SPACE, after.height),
                       TYPE.small, item="overflow diagram", where=words.where("starts")))
    return flow.marks + marks, right + 5 * SPACE + MINI[0]


def _arrow(x1: float, y: float, x2: float) -> list:
    """A horizontal arrow from x1 pointing at x2."""
    head = -1.8 if x2 < x1 else 1.8
    return [Line(Segment(x1, y, x2 + 1.5, y), width=0.45),
            Polygon(((x2, y), (x2 - head, y + 1.2), (x2 - head, y - 1.2)), width=0.2, fill=0.0)]
