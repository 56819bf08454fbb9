"""The score pad: one row per game, as many games as fit a page, with the seed's win rule and the
double-set card's bonus at the foot."""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.plan.geometry import Rect
from printkit.plan.page import plan_sheet
from printkit.render.pdf import PdfFile
from printkit.render.sheets import begin_sheet, grid_lines
from printkit.render.text import draw_blocks, fit, height_of
from printkit.rules.numbered_cards import scored_to_win

HEADING = 10.0
INTRO = 12.0
HEADER_ROW = 13.0
GAME_ROW = 9.5
FOOT = 17.0
TICK = 4.0
# (template word, share of the width): what is written in each column, left to right
COLUMNS = (("game", 0.9), ("date", 2.0), ("sets", 1.4), ("double_set", 1.9), ("total_sets", 1.4),
           ("scored", 1.4), ("row", 1.4), ("discarded", 1.5), ("others", 1.5), ("result", 1.6))
STRONG = ("total_sets", "scored", "result")  # the columns that decide the game: outlined heavier


def render(kit) -> tuple[bytes, int]:
    game = kit.data["game"]
    words = kit.words("score-pad", win_at=scored_to_win(len(game["cards"])))
    frame = plan_sheet(kit.options.paper)
    body = frame.body
    pdf = kit.pdf("Score pad", "score pad: one row per game, sets and Scored cards, win or loss")
    begin_sheet(pdf, frame, kit.footer("Score pad"), 1, 1)
    pdf.text(body.x, body.top - 6, words.plain("heading"), 14, font="Sans-Bold")
    _paragraph(pdf, Rect(body.x, body.top - HEADING - INTRO, body.width, INTRO), words, "intro", 9.5)
    table_top = body.top - HEADING - INTRO - 2
    games = int((table_top - body.y - FOOT - HEADER_ROW) // GAME_ROW)
    if games < 1:
        raise PrintkitError([words.where("foot").with_message(
            f"score pad: no game row fits a {frame.paper.name} page")])
    table = Rect(body.x, table_top - HEADER_ROW - games * GAME_ROW, body.width, HEADER_ROW + games * GAME_ROW)
    _table(pdf, table, games, words)
    _paragraph(pdf, Rect(body.x, body.y, body.width, FOOT - 3), words, "foot", 9.5)
    return pdf.finish(), pdf.pages


def column_edges(table: Rect) -> list[float]:
    """The x of every column edge, left to right, the widths shared out by COLUMNS."""
    total = sum(share for _, share in COLUMNS)
    edges, x = [table.x], table.x
    for _, share in COLUMNS:
        x += table.width * share / total
        edges.append(x)
    return edges


def _table(pdf: PdfFile, table: Rect, games: int, words) -> None:
    xs = column_edges(table)
    header_y = table.top - HEADER_ROW
    pdf.rect(Rect(table.x, header_y, table.width, HEADER_ROW), level=None, fill=0.9)
    for (name, _), left, right in zip(COLUMNS, xs, xs[1:]):
        cell = Rect(left + 1, header_y + 0.8, right - left - 2, HEADER_ROW - 1.6)
        _paragraph(pdf, cell, words, name, 8.5, bold=True, middle=True)
    rows_y = [header_y - (i + 1) * GAME_ROW for i in range(games)]
    for number, y in enumerate(rows_y, start=1):
        _row(pdf, xs, y, number, words)
    pdf.rect(table, width=0.5)
    grid_lines(pdf, table, xs[1:-1], [header_y] + rows_y[:-1], width=0.25)
    for (name, _), left, right in zip(COLUMNS, xs, xs[1:]):
        if name in STRONG:
            pdf.rect(Rect(left, table.y, right - left, table.height), width=0.6)


def _row(pdf: PdfFile, xs: list[float], y: float, number: int, words) -> None:
    """One game's row: its number, a tick box for the double-set card, W and L to circle."""
    names = [name for name, _ in COLUMNS]
    middle = y + GAME_ROW / 2
    game_x = (xs[0] + xs[1]) / 2
    pdf.text(game_x, middle - 1.2, str(number), 9, font="Sans-Bold", align="centre", level=0.35)
    i = names.index("double_set")
    box_x = (xs[i] + xs[i + 1]) / 2 - TICK / 2
    pdf.rect(Rect(box_x, middle - TICK / 2, TICK, TICK), width=0.3, level=0.3)
    i = names.index("result")
    third = (xs[i + 1] - xs[i]) / 3
    pdf.text(xs[i] + third, middle - 1.3, words.plain("win"), 9, align="centre", level=0.35)
    pdf.text(xs[i] + 2 * third, middle - 1.3, words.plain("loss"), 9, align="centre", level=0.35)


def _paragraph(pdf: PdfFile, box: Rect, words, name: str, largest: float, bold: bool = False,
               middle: bool = False) -> None:
    """A template word fitted to its box (an error naming it if it cannot be), top or centred."""
    text = words.markup(name)
    flowables, _ = fit(f"<b>{text}</b>" if bold else text, box.width, box.height, largest,
                       f"score pad {name.replace('_', ' ')}", words.where(name),
                       align="centre" if middle else "left")
    top = box.top - (box.height - height_of(flowables, box.width)) / 2 if middle else box.top
    draw_blocks(pdf, flowables, box.x, top, box.width)
