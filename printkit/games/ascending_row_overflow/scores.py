"""The score sheet: as many games as fit a page, each a table of players against deals and total."""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.plan.geometry import Rect
from printkit.plan.page import plan_sheet
from printkit.render.pdf import PdfFile
from printkit.render.sheets import begin_sheet, grid_lines
from printkit.render.text import draw_blocks, fit

HEADING = 12.0
TITLE_ROW = 8.0
HEADER_ROW = 7.0
PLAYER_ROW = 9.5
GAP = 6.0
FOOT = 16.0
TICK = 7.0  # the narrow "D" column where the dealer of that deal is ticked


def render(kit) -> tuple[bytes, int]:
    game = kit.data["game"]
    words = kit.words("score-sheet")
    frame = plan_sheet(kit.options.paper)
    body = frame.body
    pdf = kit.pdf("Score sheet", "score sheet: deals, dealer and totals")
    begin_sheet(pdf, frame, kit.footer("Score sheet"), 1, 1)
    pdf.text(body.x, body.top - 6, words.plain("heading"), 14, font="Sans-Bold")
    block_h = TITLE_ROW + HEADER_ROW + game["players"]["max"] * PLAYER_ROW
    area_top, area_bottom = body.top - HEADING, body.y + FOOT
    count = int((area_top - area_bottom + GAP) // (block_h + GAP))
    if count < 1:
        raise PrintkitError([kit.where("game.yaml", ("players", "max")).with_message(
            f"players.max: a score-sheet game for {game['players']['max']} players does not fit a "
            f"{frame.paper.name} page")])
    gap = min(2.5 * GAP, (area_top - area_bottom - count * block_h) / max(1, count - 1))
    for i in range(count):
        top = area_top - i * (block_h + gap)
        _game_block(pdf, Rect(body.x, top - block_h, body.width, block_h), game, words)
    foot = Rect(body.x, body.y, body.width, FOOT - 3)
    flowables, _ = fit(words.markup("foot"), foot.width, foot.height, 9.0, "score-sheet foot", words.where("foot"))
    draw_blocks(pdf, flowables, foot.x, foot.top, foot.width)
    return pdf.finish(), pdf.pages


def columns(width: float, deals: int) -> list[tuple[str, float]]:
    """(kind, width) left to right: the player's name, then a dealer tick and score per deal, total."""
    score = min(32.0, (width * 0.62 - deals * TICK) / (deals + 1))
    name = width - deals * (TICK + score) - score
    return [("player", name)] + [("dealer", TICK), ("deal", score)] * deals + [("total", score)]


def _game_block(pdf: PdfFile, box: Rect, game: dict, words) -> None:
    title_y = box.top - TITLE_ROW + 2.5
    pdf.text(box.x, title_y, f"{words.plain('game_label')} ______", 10, font="Sans-Bold")
    pdf.text(box.x + 45, title_y, f"{words.plain('date_label')} ____________________", 9, level=0.2)
    table = Rect(box.x, box.y, box.width, box.height - TITLE_ROW)
    cols = columns(box.width, game["deals_compared"])
    xs, x = [table.x], table.x
    for _, w in cols:
        x += w
        xs.append(x)
    header_y = table.top - HEADER_ROW
    pdf.rect(Rect(table.x, header_y, table.width, HEADER_ROW), level=None, fill=0.9)
    deal = 0
    for (kind, w), left in zip(cols, xs):
        deal += kind == "deal"
        label = {"player": words.plain("player"), "dealer": words.plain("dealer"),
                 "deal": words.plain("deal", deal), "total": words.plain("total")}[kind]
        pdf.text(left + w / 2, header_y + 2.2, label, 8.5, font="Sans-Bold", align="centre")
    rows_y = [header_y - i * PLAYER_ROW for i in range(game["players"]["max"] + 1)]
    for seat in range(game["players"]["min"] + 1, game["players"]["max"] + 1):
        pdf.text(table.x + 2, rows_y[seat] + 2.2, words.plain("optional_seat", seat), 7, level=0.6)
    for (kind, w), left in zip(cols, xs):
        if kind == "dealer":
            for y in rows_y[1:]:
                pdf.rect(Rect(left + 1.75, y + (PLAYER_ROW - 3.5) / 2, 3.5, 3.5), width=0.25, level=0.3)
    pdf.rect(table, width=0.5)
    grid_lines(pdf, table, xs[1:-1], [header_y] + rows_y[1:-1], width=0.25)
    total_left = xs[-2]
    pdf.rect(Rect(total_left, table.y, xs[-1] - total_left, table.height), width=0.6, level=0.0)
