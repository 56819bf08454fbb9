"""Starter-row mats: one landscape page per row, with the row's places at the deck's card size,
so real cards sit on them, and the overflow rule drawn beside a small diagram."""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.plan.geometry import POKER, Rect, Segment
from printkit.plan.marks import Box, Line, Polygon
from printkit.plan.minicard import MiniCard, mini_card
from printkit.plan.text import Style, fit, label
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
    marks.append(label(words.plain("direction"), Rect(rest.x, rest.top - 4, rest.width, 4), TYPE.body,
                       smallest=TYPE.small, valign="top", level=0.2, item="mat direction",
                       where=words.where("direction")))
    places = place_rects(body, limit, rest.top - 4 - SPACE)
    for n, place in enumerate(places, start=1):
        marks.append(Box(place, width=0.35, level=0.35, dash=(2.0, 1.5)))
        marks.append(label(words.plain("place", n), Rect(place.x, place.y + place.height / 2 - 8, place.width, 17),
                           48, bold=True, align="centre", valign="bottom", level=0.85, item="place number",
                           where=words.where("place")))
    first = places[0]
    marks.append(label(words.plain("first_place"), Rect(first.x + 2, first.y + 8, first.width - 4, 4), 8,
                       align="centre", valign="bottom", level=0.4, item="first place", where=words.where("first_place")))
    return marks + _overflow(Rect(body.x, body.y, body.width, places[0].y - body.y - 4), example, words)


def _overflow(box: Rect, example, words) -> list:
    """The overflow drawn (a full row, the card that would be one too many, the row after) and
    the rule in words beside it."""
    marks, text_x = [], box.x
    if example:
        drawn, right = _overflow_diagram(box, *example, words)
        marks, text_x = drawn, right + 12
    text = Rect(text_x, box.y, box.right - text_x, box.height - 2)
    return marks + [fit(words.markup("overflow"), text, Style(12.0), "starter-row overflow rule",
                        words.where("overflow"))]


def _overflow_diagram(box: Rect, row, card: int, words) -> tuple[list, float]:
    top = box.top - 2
    marks = [_caption(words, "before", Rect(box.x, top - 4, 120, 4), bold=True)]
    y = top - 5 - MINI[1]
    marks += [_mini(box.x + i * STEP, y, value) for i, value in enumerate(row)]
    row_end = box.x + len(row) * STEP
    marks.append(Line(Segment(box.x, y - 2.5, row_end - 1.5, y - 2.5), width=0.5))
    marks.append(_caption(words, "collect", Rect(box.x, y - 7, row_end - box.x, 3.5), align="centre"))
    marks += _arrow(row_end + 9, y + MINI[1] / 2, row_end + 1)
    marks.append(_mini(row_end + 10, y, card, strong=True))
    marks.append(_caption(words, "one_too_many", Rect(row_end + 4, y - 7, MINI[0] + 12, 3.5), align="centre"))
    after_y = y - 18 - MINI[1]
    marks.append(_caption(words, "after", Rect(box.x, after_y + MINI[1] + 2, 60, 4), bold=True))
    marks.append(_mini(box.x, after_y, card, strong=True))
    marks.append(_caption(words, "starts", Rect(box.x + MINI[0] + 3, after_y + MINI[1] / 2 - 2, 120, 4)))
    return marks, row_end + 10 + MINI[0]


def _caption(words, name: str, box: Rect, bold: bool = False, align: str = "left"):
    return label(words.plain(name), box, TYPE.small + 0.5, bold=bold, align=align, valign="bottom",
                 smallest=TYPE.smallest, item=f"overflow diagram {name}", where=words.where(name))


def _mini(x: float, y: float, value: int, strong: bool = False):
    """A diagram card with its bottom-left corner at (x, y)."""
    return mini_card(MiniCard(str(value), look="strong" if strong else "plain"), x + MINI[0] / 2, y + MINI[1] / 2,
                     MINI[1], MINI[0])


def _arrow(x1: float, y: float, x2: float) -> list:
    """A horizontal arrow from x1 pointing at x2."""
    head = -1.8 if x2 < x1 else 1.8
    return [Line(Segment(x1, y, x2 + 1.5, y), width=0.45),
            Polygon(((x2, y), (x2 - head, y + 1.2), (x2 - head, y - 1.2)), width=0.2, fill=0.0)]
