"""Starter-row mats: one landscape page per row, with the row's places at the deck's card size,
so real cards sit on them, and the overflow rule drawn beside a small diagram."""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.plan.geometry import POKER, Rect, Segment
from printkit.plan.page import plan_sheet
from printkit.render.pdf import PdfFile
from printkit.render.sheets import begin_sheet
from printkit.render.text import draw_blocks, fit

from printkit.rules.ascending import resolve

from .model import exercises, row_letter

PLACE_GAP = 3.0
MARGIN = 6.0  # four poker cards and their gaps need most of a landscape Letter page


def render(kit) -> tuple[bytes, int]:
    game = kit.data["game"]
    words = kit.words("starter-rows")
    frame = plan_sheet(kit.options.paper.landscape(), margin=MARGIN)
    fits = int((frame.body.width + PLACE_GAP) // (POKER[0] + PLACE_GAP))
    if game["row_limit"] > fits:
        raise PrintkitError([kit.where("game.yaml", ("row_limit",)).with_message(
            f"row_limit: a starter-row mat shows at most {fits} card places at 100% on a landscape "
            f"{frame.paper.name} page, not {game['row_limit']}")])
    example = overflow_example(kit.data)
    footer = kit.footer("Starter rows")
    pdf = kit.pdf("Starter rows", f"{game['starter_rows']} row mats at 100% scale")
    for index in range(game["starter_rows"]):
        begin_sheet(pdf, frame, footer, index + 1, game["starter_rows"])
        _mat(pdf, frame.body, row_letter(index), game["row_limit"], example, words)
    return pdf.finish(), pdf.pages


def place_rects(body: Rect, places: int) -> list[Rect]:
    """The places of a row, card-sized, centred across the body, below the heading."""
    width = places * POKER[0] + (places - 1) * PLACE_GAP
    left = body.x + (body.width - width) / 2
    top = body.top - 14
    return [Rect(left + i * (POKER[0] + PLACE_GAP), top - POKER[1], *POKER) for i in range(places)]


def _mat(pdf: PdfFile, body: Rect, letter: str, limit: int, example, words) -> None:
    pdf.text(body.x, body.top - 7, words.plain("heading", letter), 16, font="Sans-Bold")
    pdf.text(body.x, body.top - 11.5, words.plain("direction"), 9, level=0.2)
    places = place_rects(body, limit)
    for number, place in enumerate(places, start=1):
        pdf.rect(place, width=0.35, level=0.35, dash=(2.0, 1.5), radius=0)
        centre = place.x + place.width / 2
        pdf.text(centre, place.y + place.height / 2 - 8, words.plain("place", number), 48,
                 font="Sans-Bold", align="centre", level=0.85)
    first = places[0]
    pdf.text(first.x + first.width / 2, first.y + 8, words.plain("first_place"), 8, align="centre", level=0.4)
    _overflow(pdf, Rect(body.x, body.y, body.width, places[0].y - body.y - 4), example, words)


def overflow_example(data: dict):
    """The first overflow in the practice exercises, as the rules model resolves it:
    (the row before, the card that overflows it), or None when no exercise overflows."""
    for _, rows, revealed in exercises(data):
        before = rows
        for step in resolve(rows, revealed, data["game"]["row_limit"]):
            if step.kind == "overflow":
                return before[step.row], step.card
            before = step.rows_after
    return None


def _overflow(pdf: PdfFile, box: Rect, example, words) -> None:
    """The overflow drawn (a full row, the card that would be one too many, the row after) and
    the rule in words beside it."""
    text_x = box.x
    if example:
        text_x = _overflow_diagram(pdf, box, *example, words) + 12
    text_box = Rect(text_x, box.y, box.right - text_x, box.height - 2)
    flowables, _ = fit(words.markup("overflow"), text_box.width, text_box.height, 12.0,
                       "starter-row overflow rule", words.where("overflow"))
    draw_blocks(pdf, flowables, text_box.x, text_box.top, text_box.width)


MINI = (14.0, 19.6)


def _overflow_diagram(pdf: PdfFile, box: Rect, row, card: int, words) -> float:
    step = MINI[0] + 1.5
    top = box.top - 2
    pdf.text(box.x, top - 3, words.plain("before"), 8.5, font="Sans-Bold")
    y = top - 5 - MINI[1]
    for i, value in enumerate(row):
        _mini(pdf, box.x + i * step, y, value)
    row_end = box.x + len(row) * step
    pdf.line(Segment(box.x, y - 2.5, row_end - 1.5, y - 2.5), width=0.5)
    pdf.text(box.x + (row_end - box.x) / 2, y - 6, words.plain("collect"), 8, align="centre")
    _arrow(pdf, row_end + 9, y + MINI[1] / 2, row_end + 1, y + MINI[1] / 2)
    _mini(pdf, row_end + 10, y, card, bold=True)
    pdf.text(row_end + 10 + MINI[0] / 2, y - 6, words.plain("one_too_many"), 8, align="centre")
    after_y = y - 18 - MINI[1]
    pdf.text(box.x, after_y + MINI[1] + 3, words.plain("after"), 8.5, font="Sans-Bold")
    _mini(pdf, box.x, after_y, card, bold=True)
    pdf.text(box.x + MINI[0] + 3, after_y + MINI[1] / 2 - 1.2, words.plain("starts"), 8.5)
    return row_end + 10 + MINI[0]


def _mini(pdf: PdfFile, x: float, y: float, value: int, bold: bool = False) -> None:
    pdf.rect(Rect(x, y, *MINI), width=0.7 if bold else 0.35, radius=1.2)
    pdf.text(x + MINI[0] / 2, y + MINI[1] / 2 - 2.2, str(value), 13, font="Sans-Bold", align="centre")


def _arrow(pdf: PdfFile, x1: float, y1: float, x2: float, y2: float) -> None:
    """A straight arrow from (x1, y1) pointing at (x2, y2), horizontal."""
    pdf.line(Segment(x1, y1, x2 + 1.5, y2), width=0.45)
    head = -1.8 if x2 < x1 else 1.8
    pdf.polygon([(x2, y2), (x2 - head, y2 + 1.2), (x2 - head, y2 - 1.2)], width=0.2, fill=0.0)
