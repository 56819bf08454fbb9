"""The score sheet: as many games as fit a page, each a table of players against deals and total."""

from __future__ import annotations

from printkit.ground.errors import PrintkitError
from printkit.plan.geometry import Rect
from printkit.plan.table import Cell, Column, Row, Table, plan_table
from printkit.plan.flow import Flow
from printkit.plan.fitting import fit
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, SPACE, TYPE
from printkit.products.sheets import title_line

TITLE_ROW = 8.0  # "Game ___  Date ___" above each table
HEADER_ROW = 7.0
PLAYER_ROW = (8.0, 9.5)  # mm: a player's row, at least room to write in, at most this when the page has room
GAP = 3 * SPACE
NAME_SHARE = 1.2  # the player's name column, against each score column
MIN_SCORE = 12.0  # mm: room to write a deal's points
FOOT = 13.0
DEALER_COLUMN = 7.0  # the narrow "D" column where the dealer of that deal is ticked


def pages(kit, body: Rect) -> list[list]:
    setup = kit.model.setup
    words = kit.words("score-sheet")
    marks, rest = title_line(body, words.plain("heading"), words.where("heading"))
    foot = Rect(rest.x, rest.y, rest.width, FOOT)
    marks.append(fit(words.markup("foot"), foot, Style(TYPE.body), "score-sheet foot", words.where("foot")))
    area = Rect(rest.x, foot.top + SPACE * 1.5, rest.width, rest.top - SPACE - foot.top - SPACE * 1.5)
    least = TITLE_ROW + HEADER_ROW + setup.players_max * PLAYER_ROW[0]
    count = int((area.height + GAP) // (least + GAP))  # as many games as fit with the rows at their least
    if count < 1:
        raise PrintkitError([kit.where("game.yaml", ("players", "max")).with_message(
            f"players.max: a score-sheet game for {setup.players_max} players does not fit a "
            f"{kit.options.paper.name} page")])
    row = min(PLAYER_ROW[1], ((area.height + GAP) / count - GAP - TITLE_ROW - HEADER_ROW) / setup.players_max)
    block = TITLE_ROW + HEADER_ROW + setup.players_max * row
    gap = min(2.5 * GAP, (area.height - count * block) / max(1, count - 1))
    for i in range(count):
        top = area.top - i * (block + gap)
        marks += _game(Rect(area.x, top - block, area.width, block), kit.model, words, row)
    return [marks]


def columns(width: float, deals: int) -> tuple[Column, ...]:
    """The player's name, then a dealer tick and score per deal, and the total (outlined)."""
    per_deal = (Column("dealer", width=DEALER_COLUMN), Column("deal", 1, min_width=MIN_SCORE))
    return (Column("player", NAME_SHARE * (deals + 1)),) + per_deal * deals + (Column("total", 1, strong=True),)


def _game(box: Rect, model, words, row: float) -> list:
    line = Flow(Rect(box.x, box.y, box.width / 2, box.height))
    line.line(f"{words.plain('game_label')} ______", TYPE.body, bold=True, item="score-sheet game",
              where=words.where("game_label"), right=(f"{words.plain('date_label')} ____________________", TYPE.body, False))
    marks = line.marks
    cols = columns(box.width, model.deals)
    header = [_head(words, "player")]
    for deal in range(1, model.deals + 1):
        header += [_head(words, "dealer"), _head(words, "deal", deal)]
    rows = [Row(tuple(header + [_head(words, "total")]), HEADER_ROW, shade=GREY.shade)]
    setup = model.setup
    for seat in range(1, setup.players_max + 1):
        name = Cell(words.plain("optional_seat", seat), size=TYPE.small, level=GREY.guide, align="left",
                    where=words.where("optional_seat")) \
            if seat > setup.players_min else Cell()
        rows.append(Row((name,) + (Cell(tick=True), Cell()) * model.deals + (Cell(),), row))
    table = plan_table(Table(cols, item="score sheet"), Rect(box.x, box.y, box.width, box.height - TITLE_ROW),
                       rows, words.where())
    return marks + list(table.marks)


def _head(words, name: str, *args) -> Cell:
    return Cell(words.plain(name, *args), bold=True, size=TYPE.small, where=words.where(name))
