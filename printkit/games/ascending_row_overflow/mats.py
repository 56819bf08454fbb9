"""Starter-row mats: a row of places at the deck's card size, so real cards sit on them, two rows
to a landscape sheet; between them, the one rule a row obeys."""

from __future__ import annotations

from printkit.ground.errors import PrintkitError
from printkit.plan.geometry import POKER, Rect
from printkit.plan.marks import Box, Group
from printkit.plan.label import label
from printkit.plan.type import GREY, LINE, SPACE, TYPE

from .model import row_letter

PLACE_GAP = 1.5
MARGIN = 6.0  # four poker cards and their gaps need most of a landscape Letter page
LABEL = 4 * SPACE  # the column beside a row that names it, reading upwards
PER_PAGE = 2


def pages(kit, body: Rect) -> list[list]:
    setup = kit.model.setup
    words = kit.words("starter-rows")
    fits = int((body.width - LABEL + PLACE_GAP) // (POKER[0] + PLACE_GAP))
    if setup.row_limit > fits:
        paper = kit.options.paper.landscape()
        raise PrintkitError([kit.where("game.yaml", ("row_limit",)).with_message(
            f"row_limit: a starter-row mat shows at most {fits} card places at 100% on a landscape "
            f"{paper.name} page, not {setup.row_limit}")])
    top, bottom = body.cut_top((body.height - 4 * SPACE) / 2, 4 * SPACE)
    rule = label(words.plain("direction"), Rect(body.x, bottom.top, body.width, 4 * SPACE).inset(SPACE), TYPE.body,
                 align="centre", level=GREY.note, item="mat direction", where=words.where("direction"))
    mats = [_mat(box, row_letter(index), setup.row_limit, words)
            for index, box in zip(range(setup.starter_rows), [top, bottom] * setup.starter_rows)]
    return [sum(mats[start:start + PER_PAGE], [rule]) for start in range(0, len(mats), PER_PAGE)]


def place_rects(box: Rect, places: int) -> list[Rect]:
    """The places of a row, card-sized, centred across the box right of its label, and down it."""
    width = places * POKER[0] + (places - 1) * PLACE_GAP
    left = box.x + LABEL + (box.width - LABEL - width) / 2
    bottom = box.y + (box.height - POKER[1]) / 2
    return [Rect(left + i * (POKER[0] + PLACE_GAP), bottom, *POKER) for i in range(places)]


def _mat(box: Rect, letter: str, limit: int, words) -> list:
    places = place_rects(box, limit)
    name = label(words.plain("heading", letter), Rect(0, 0, POKER[1], LABEL).inset(SPACE / 2), TYPE.title, bold=True,
                 align="centre", item="mat heading", where=words.where("heading"))
    marks = [Group((name,), places[0].x - SPACE, places[0].y, 90)]
    for n, place in enumerate(places, start=1):
        marks += [Box(place, width=LINE.rule, level=0.35, dash=(2.0, 1.5)),
                  label(words.plain("place", n), place.inset(SPACE), POKER[1] / 2, bold=True, align="centre",
                        level=GREY.faint, item="place number", where=words.where("place"))]
    foot = Rect(places[0].x, places[0].y, POKER[0], POKER[1] / 4).inset(SPACE)
    return marks + [label(words.plain("first_place"), foot, TYPE.small, align="centre", level=0.4, item="first place",
                          where=words.where("first_place"))]
