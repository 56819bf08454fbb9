"""The score sheet: one game a page; a column group per player (passed, busted, Redo, points,
running total) and a row per round, the end score and the tie-break printed from content."""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.plan.geometry import Rect
from printkit.plan.page import plan_sheet
from printkit.render.pdf import PdfFile
from printkit.render.sheets import begin_sheet, grid_lines
from printkit.render.text import draw_blocks, fit

HEADING = 20.0  # the title line, game and date, and the end condition
NAME_ROW = 9.0
LABEL_ROW = 15.0  # the labels stand turned, reading upwards
ROUND_ROW = 10.0
ROUND_COLUMN = 13.0
FOOT = 38.0
PARTS = (("pass", 0.22), ("bust", 0.17), ("redo", 0.17), ("points", 0.2), ("total", 0.24))
NARROWEST_PLAYER = 24.0  # a player's five columns, each wide enough to write two digits in
TICK = 3.6  # the box ticked for a bust or a Redo


def render(kit) -> tuple[bytes, int]:
    game = kit.data["game"]
    words = kit.words("score-sheet")
    frame = plan_sheet(kit.options.paper)
    body = frame.body
    _check_fits(kit, body, game)
    pdf = kit.pdf("Score sheet", "score sheet: a column per player, a row per round")
    begin_sheet(pdf, frame, kit.footer("Score sheet"), 1, 1)
    _heading(pdf, body, words)
    height = NAME_ROW + LABEL_ROW + game["score_sheet"]["rounds"] * ROUND_ROW
    _table(pdf, Rect(body.x, body.top - HEADING - height, body.width, height), game, words)
    foot = Rect(body.x, body.y, body.width, FOOT - 3)
    flowables, _ = fit(words.markup("foot"), foot.width, foot.height, 9.0, "score-sheet foot", words.where("foot"))
    draw_blocks(pdf, flowables, foot.x, foot.top, foot.width)
    return pdf.finish(), pdf.pages


def _check_fits(kit, body: Rect, game: dict) -> None:
    rounds, players = game["score_sheet"]["rounds"], game["players"]["max"]
    room = int((body.height - HEADING - FOOT - NAME_ROW - LABEL_ROW) // ROUND_ROW)
    problems = []
    if rounds > room:
        problems.append(kit.where("game.yaml", ("score_sheet", "rounds")).with_message(
            f"score_sheet.rounds: the score sheet has room for {room} rounds on {kit.options.paper.name}, "
            f"not {rounds}"))
    if (body.width - ROUND_COLUMN) / players < NARROWEST_PLAYER:
        problems.append(kit.where("game.yaml", ("players", "max")).with_message(
            f"players.max: {players} player columns do not fit across the score sheet on "
            f"{kit.options.paper.name}"))
    if problems:
        raise PrintkitError(problems)


def _heading(pdf: PdfFile, body: Rect, words) -> None:
    pdf.text(body.x, body.top - 6, words.plain("heading"), 14, font="Sans-Bold")
    right = body.right
    pdf.text(right, body.top - 6, f"{words.plain('game_label')} ____   {words.plain('date_label')} ______________",
             10, align="right")
    box = Rect(body.x, body.top - HEADING + 2, body.width, 9)
    flowables, _ = fit(words.markup("end"), box.width, box.height, 10.0, "score-sheet end condition", words.where("end"))
    draw_blocks(pdf, flowables, box.x, box.top, box.width)


def columns(table: Rect, players: int) -> list[tuple[str, int, float, float]]:
    """(part, player, left, width) left to right: the round number, then each player's parts."""
    group = (table.width - ROUND_COLUMN) / players
    cols, x = [("round", 0, table.x, ROUND_COLUMN)], table.x + ROUND_COLUMN
    for player in range(1, players + 1):
        for part, share in PARTS:
            cols.append((part, player, x, group * share))
            x += group * share
    return cols


def _table(pdf: PdfFile, table: Rect, game: dict, words) -> None:
    players, rounds = game["players"]["max"], game["score_sheet"]["rounds"]
    cols = columns(table, players)
    names_y = table.top - NAME_ROW
    labels_y = names_y - LABEL_ROW
    pdf.rect(Rect(table.x, labels_y, table.width, NAME_ROW + LABEL_ROW), level=None, fill=0.9)
    _labels(pdf, cols, names_y, labels_y, words)
    rows_y = [labels_y - i * ROUND_ROW for i in range(rounds + 1)]
    for number, y in enumerate(rows_y[1:], start=1):
        pdf.text(table.x + ROUND_COLUMN / 2, y + ROUND_ROW / 2 - 1.3, str(number), 10, font="Sans-Bold", align="centre")
        _ticks(pdf, cols, y)
    _rules(pdf, table, cols, names_y, labels_y, rows_y)


def _labels(pdf: PdfFile, cols, names_y: float, labels_y: float, words) -> None:
    pdf.text(cols[0][2] + ROUND_COLUMN / 2, labels_y + 3, words.plain("round"), 7.5, font="Sans-Bold", align="centre")
    for part, player, left, width in cols[1:]:
        if part == "pass":
            pdf.text(left + 1.2, names_y + 2.5, words.plain("player", player), 7, level=0.45)
        with pdf.placed(left + width / 2 + 1.2, labels_y + 1.5, 90):
            pdf.text(0, 0, words.plain(part), 7.5, font="Sans-Bold")


def _ticks(pdf: PdfFile, cols, y: float) -> None:
    for part, _, left, width in cols:
        if part in ("bust", "redo"):
            pdf.rect(Rect(left + (width - TICK) / 2, y + (ROUND_ROW - TICK) / 2, TICK, TICK), width=0.25, level=0.35)


def _rules(pdf: PdfFile, table: Rect, cols, names_y: float, labels_y: float, rows_y) -> None:
    """Thin lines between a player's parts, heavy ones between players, a heavy frame on totals."""
    pdf.rect(table, width=0.5)
    groups = [left for part, _, left, _ in cols[1:] if part == "pass"]
    parts = [left for part, _, left, _ in cols[1:] if part != "pass"]
    inner = Rect(table.x, table.y, table.width, names_y - table.y)
    grid_lines(pdf, inner, parts, rows_y[:-1], width=0.2, level=0.3)
    grid_lines(pdf, table, groups, [names_y], width=0.5)
    for part, _, left, width in cols:
        if part == "total":
            pdf.rect(Rect(left, table.y, width, names_y - table.y), width=0.5)
