"""The score sheet: as many games as fit a page, each a table of players against deals and total."""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.plan.geometry import Rect
from printkit.plan.table import Cell, Column, Row, Table, plan_table
from printkit.plan.text import Style, fit, label
from printkit.plan.type import SPACE
from printkit.products.sheets import title_line

TITLE_ROW = 8.0  # "Game ___  Date ___" above each table
HEADER_ROW = 7.0
PLAYER_ROW = 9.5
GAP = 6.0
FOOT = 13.0
TICK = 7.0  # the narrow "D" column where the dealer of that deal is ticked


def pages(kit, body: Rect) -> list[list]:
    setup = kit.model.setup
    words = kit.words("score-sheet")
    marks, rest = title_line(body, words.plain("heading"), words.where("heading"))
    foot = Rect(rest.x, rest.y, rest.width, FOOT)
    marks.append(fit(words.markup("foot"), foot, Style(9.0), "score-sheet foot", words.where("foot")))
    area = Rect(rest.x, foot.top + SPACE * 1.5, rest.width, rest.top - SPACE - foot.top - SPACE * 1.5)
    block = TITLE_ROW + HEADER_ROW + setup.players_max * PLAYER_ROW
    count = int((area.height + GAP) // (block + GAP))
    if count < 1:
        raise PrintkitError([kit.where("game.yaml", ("players", "max")).with_message(
            f"players.max: a score-sheet game for {setup.players_max} players does not fit a "
            f"{kit.options.paper.name} page")])
    gap = min(2.5 * GAP, (area.height - count * block) / max(1, count - 1))
    for i in range(count):
        top = area.top - i * (block + gap)
        marks += _game(Rect(area.x, top - block, area.width, block), kit.model, words)
    return [marks]


def columns(width: float, deals: int) -> tuple[Column, ...]:
    """The player's name, then a dealer tick and score per deal, and the total (outlined)."""
    score = min(32.0, (width * 0.62 - deals * TICK) / (deals + 1))
    name = width - deals * (TICK + score) - score
    per_deal = (Column("dealer", width=TICK), Column("deal", width=score))
    return (Column("player", width=name),) + per_deal * deals + (Column("total", width=score, strong=True),)


def _game(box: Rect, model, words) -> list:
    line = Rect(box.x, box.top - TITLE_ROW, box.width, TITLE_ROW - 1)
    marks = [label(f"{words.plain('game_label')} ______", Rect(line.x, line.y, 44, line.height), 10, bold=True,
                   valign="bottom", item="score-sheet game", where=words.where("game_label")),
             label(f"{words.plain('date_label')} ____________________", Rect(line.x + 45, line.y, 90, line.height),
                   9, valign="bottom", level=0.2, item="score-sheet date", where=words.where("date_label"))]
    cols = columns(box.width, model.deals)
    header = [_head(words.plain("player"))]
    for deal in range(1, model.deals + 1):
        header += [_head(words.plain("dealer")), _head(words.plain("deal", deal))]
    rows = [Row(tuple(header + [_head(words.plain("total"))]), HEADER_ROW, shade=0.9)]
    setup = model.setup
    for seat in range(1, setup.players_max + 1):
        name = Cell(words.plain("optional_seat", seat), size=7, level=0.6, align="left") \
            if seat > setup.players_min else Cell()
        rows.append(Row((name,) + (Cell(tick=True), Cell()) * model.deals + (Cell(),), PLAYER_ROW))
    table = plan_table(Table(cols, item="score sheet"), Rect(box.x, box.y, box.width, box.height - TITLE_ROW),
                       rows, words.where())
    return marks + list(table.marks)


def _head(text: str) -> Cell:
    return Cell(text, bold=True, size=8.5)
