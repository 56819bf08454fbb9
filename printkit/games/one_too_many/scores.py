"""The score sheet: one game a page; a column group per player (passed, busted, Redo, points,
running total) and a row per round, the end score and the tie-break printed from content."""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.plan.geometry import Rect
from printkit.plan.table import Cell, Column, Row, Table, narrowest, plan_table
from printkit.plan.text import Style, fit
from printkit.plan.type import GREY, TYPE
from printkit.products.sheets import title_line

END = 11.0  # the end condition under the title
NAME_ROW = 9.0
LABEL_ROW = 15.0  # the labels stand turned, reading upwards
ROUND_ROW = 10.0
ROUND_COLUMN = 13.0
FOOT = 35.0
PARTS = (("pass", 0.22), ("bust", 0.17), ("redo", 0.17), ("points", 0.2), ("total", 0.24))
NARROWEST_PLAYER = 24.0  # a player's five columns, each wide enough to write two digits in
TICKED = ("bust", "redo")


def pages(kit, body: Rect) -> list[list]:
    rules = kit.model
    words = kit.words("score-sheet")
    right = f"{words.plain('game_label')} ____   {words.plain('date_label')} ______________"
    marks, rest = title_line(body, words.plain("heading"), words.where("heading"), right=right)
    columns = _columns(rules.players_max)
    _check_fits(kit, rest, columns)
    marks.append(fit(words.markup("end"), Rect(rest.x, rest.top - END, rest.width, END - 2), Style(TYPE.body),
                     "score-sheet end condition", words.where("end")))
    table = Rect(rest.x, rest.y, rest.width, rest.height - END)
    rows = [_names(rules.players_max, words), _labels(columns, words)]
    rows += [Row((Cell(str(n), bold=True, size=TYPE.body),) + tuple(Cell(tick=c.name in TICKED) for c in columns[1:]),
                 ROUND_ROW) for n in range(1, rules.rounds + 1)]
    marks += plan_table(Table(columns, item="score sheet"), table, rows, words.where()).marks
    marks.append(fit(words.markup("foot"), Rect(rest.x, rest.y, rest.width, FOOT), Style(TYPE.body), "score-sheet foot",
                     words.where("foot")))
    return [marks]


def _columns(players: int) -> tuple[Column, ...]:
    """The round number, then each player's parts: a group per player."""
    parts = tuple(Column(part, share, min_width=NARROWEST_PLAYER * share, group=player, strong=part == "total")
                  for player in range(1, players + 1) for part, share in PARTS)
    return (Column("round", width=ROUND_COLUMN),) + parts


def _check_fits(kit, rest: Rect, columns) -> None:
    rules = kit.model
    room = int((rest.height - END - FOOT - NAME_ROW - LABEL_ROW - 2) // ROUND_ROW)
    problems = []
    if rules.rounds > room:
        problems.append(kit.where("game.yaml", ("score_sheet", "rounds")).with_message(
            f"score_sheet.rounds: the score sheet has room for {room} rounds on {kit.options.paper.name}, "
            f"not {rules.rounds}"))
    if narrowest(columns, rest.width) is not None:
        problems.append(kit.where("game.yaml", ("players", "max")).with_message(
            f"players.max: {rules.players_max} player columns do not fit across the score sheet on "
            f"{kit.options.paper.name}"))
    if problems:
        raise PrintkitError(problems)


def _names(players: int, words) -> Row:
    names = tuple(Cell(words.plain("player", n), span=len(PARTS), size=TYPE.smallest, level=GREY.note, align="left",
                       where=words.where("player")) for n in range(1, players + 1))
    return Row((Cell(),) + names, NAME_ROW, shade=GREY.shade, rule="heavy")


def _labels(columns, words) -> Row:
    turned = tuple(Cell(words.plain(c.name), bold=True, size=TYPE.small, turned=True, where=words.where(c.name))
                   for c in columns[1:])
    first = Cell(words.plain("round"), bold=True, size=TYPE.small, where=words.where("round"))
    return Row((first,) + turned, LABEL_ROW, shade=GREY.shade)
