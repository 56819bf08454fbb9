"""Starter-row mats: one landscape page per row, with the row's places at the deck's card size,
so real cards sit on them, and the overflow rule drawn beside a small diagram."""

from __future__ import annotations

from printkit.plan.geometry import POKER, Rect, Segment
from printkit.plan.page import plan_sheet
from printkit.render.pdf import PdfFile
from printkit.render.sheets import Footer, begin_sheet
from printkit.render.text import draw_blocks, fit

from .model import row_letter

PLACE_GAP = 3.0
MARGIN = 6.0  # four poker cards and their gaps need most of a landscape Letter page


def render(kit) -> tuple[bytes, int]:
    game = kit.data["game"]
    words = kit.words("starter-rows")
    frame = plan_sheet(kit.options.paper.landscape(), margin=MARGIN)
    footer = Footer(kit.templates.render("common.j2"), game["title"], "Starter rows")
    pdf = PdfFile(f"{game['title']} - starter rows", f"{game['starter_rows']} row mats at 100% scale")
    for index in range(game["starter_rows"]):
        begin_sheet(pdf, frame, footer, index + 1, game["starter_rows"])
        _mat(pdf, frame.body, row_letter(index), game["row_limit"], words)
    return pdf.finish(), pdf.pages


def place_rects(body: Rect, places: int) -> list[Rect]:
    """The places of a row, card-sized, centred across the body, below the heading."""
    width = places * POKER[0] + (places - 1) * PLACE_GAP
    left = body.x + (body.width - width) / 2
    top = body.top - 14
    return [Rect(left + i * (POKER[0] + PLACE_GAP), top - POKER[1], *POKER) for i in range(places)]


def _mat(pdf: PdfFile, body: Rect, letter: str, limit: int, words) -> None:
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
    _overflow(pdf, Rect(body.x, body.y, body.width, places[0].y - body.y - 4), limit, words)


def _overflow(pdf: PdfFile, box: Rect, limit: int, words) -> None:
    """The overflow rule: a diagram of a full row and the extra card, then the rule in words."""
    mini_w, mini_h, gap = 10.0, 14.0, 1.5
    top = box.top - 4
    for i in range(limit):
        pdf.rect(Rect(box.x + i * (mini_w + gap), top - mini_h, mini_w, mini_h), width=0.3, radius=0.8)
        pdf.text(box.x + i * (mini_w + gap) + mini_w / 2, top - mini_h / 2 - 1.5, str(i + 1), 9,
                 align="centre")
    row_end = box.x + limit * (mini_w + gap) - gap
    pdf.line(Segment(box.x, top - mini_h - 2, row_end, top - mini_h - 2), width=0.4)
    pdf.text(box.x + (row_end - box.x) / 2, top - mini_h - 6, words.plain("collect"), 8, align="centre")
    extra = Rect(row_end + 8, top - mini_h, mini_w, mini_h)
    pdf.rect(extra, width=0.6, radius=0.8)
    pdf.text(extra.x + mini_w / 2, extra.y + mini_h / 2 - 1.5, str(limit + 1), 9, font="Sans-Bold", align="centre")
    pdf.polygon([(row_end + 1.5, top - mini_h / 2), (row_end + 7, top - mini_h / 2)], width=0.4, closed=False)
    pdf.text(extra.x + mini_w / 2, top - mini_h - 6, words.plain("starts"), 8, align="centre")
    text_x = extra.right + 12
    text_box = Rect(text_x, box.y, box.right - text_x, box.height - 2)
    flowables, _ = fit(words.markup("overflow"), text_box.width, text_box.height, 11.0,
                       "starter-row overflow rule", words.where)
    draw_blocks(pdf, flowables, text_box.x, text_box.top, text_box.width)
