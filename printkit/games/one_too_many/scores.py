"""The score sheet: one game a landscape page; a stroke tally of the round's turns, then a column
group per player (the turn they passed on, greediest, Redo, points, running total) and a row per
round; the end score and the tie-break printed from content."""

from __future__ import annotations

from printkit.ground.errors import PrintkitError
from printkit.plan.fonts import BOLD, em_width
from printkit.plan.geometry import Rect
from printkit.plan.table import PAD, TICK, Cell, Column, Row, Table, narrowest, plan_table
from printkit.plan.fitting import fit
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, SPACE, TYPE
from printkit.products.sheets import title_line

END = 7.0  # the end condition under the title
NAME_ROW = 9.0  # room to write a name under "Player n"
ROUND_ROW = (7.5, 10.0)  # mm: a round's row, at least and at most
ROUND_COLUMN = 13.0
TURNS_COLUMN = 15.0  # a stroke for each turn of the round
FOOT = 27.0
TWO_FIGURES = 8.5  # mm: two handwritten figures side by side
TICK_COLUMN = TICK + 2 * PAD
# (part, share, narrowest): what each player writes each round, left to right
PARTS = (("pass", 9, TWO_FIGURES), ("greediest", 6, TICK_COLUMN), ("redo", 6, TICK_COLUMN),
         ("points", 9, TWO_FIGURES), ("total", 10, TWO_FIGURES))
TICKED = ("greediest", "redo")


def pages(kit, body: Rect) -> list[list]:
    rules = kit.model
    words = kit.words("score-sheet")
    right = f"{words.plain('game_label')} ____   {words.plain('date_label')} ______________"
    marks, rest = title_line(body, words.plain("heading"), words.where("heading"), right=right)
    end, rest = rest.cut_top(END)
    foot, table = rest.cut_bottom(FOOT, SPACE)
    columns = _columns(rules.players_max)
    labels = _label_height(columns, words)
    height = _round_height(kit, table.height - NAME_ROW - labels, columns, table.width)
    marks.append(fit(words.markup("end"), end, Style(TYPE.body, TYPE.small), "score-sheet end condition",
                     words.where("end")))
    rows = [_names(rules.players_max, words), _labels(columns, words, labels)]
    rows += [Row((Cell(str(n), bold=True, size=TYPE.body), Cell()) +
                 tuple(Cell(tick=c.name in TICKED) for c in columns[2:]), height) for n in range(1, rules.rounds + 1)]
    marks += plan_table(Table(columns, item="score sheet"), table, rows, words.where()).marks
    marks.append(fit(words.markup("foot"), foot, Style(TYPE.body, TYPE.small), "score-sheet foot",
                     words.where("foot")))
    return [marks]


def _columns(players: int) -> tuple[Column, ...]:
    """The round number and its turn tally, then each player's parts: a group per player."""
    parts = tuple(Column(part, share, min_width=narrowest_width, group=player, strong=part == "total")
                  for player in range(1, players + 1) for part, share, narrowest_width in PARTS)
    return (Column("round", width=ROUND_COLUMN), Column("turns", width=TURNS_COLUMN)) + parts


def _label_height(columns, words) -> float:
    """The turned labels stand in a row as tall as the longest of them."""
    return max(em_width(words.plain(c.name), BOLD) * TYPE.small for c in columns[2:]) + 2 * PAD + SPACE / 2


def _round_height(kit, room: float, columns, width: float) -> float:
    """The rounds share the height left; each row is tall enough to write in, and each column
    wide enough for two figures or a tick."""
    rules = kit.model
    height = min(ROUND_ROW[1], room / rules.rounds)
    problems = []
    if height < ROUND_ROW[0]:
        problems.append(kit.where("game.yaml", ("score_sheet", "rounds")).with_message(
            f"score_sheet.rounds: the score sheet has room for {int(room // ROUND_ROW[0])} rounds on "
            f"{kit.options.paper.name}, not {rules.rounds}"))
    if narrowest(columns, width) is not None:
        problems.append(kit.where("game.yaml", ("players", "max")).with_message(
            f"players.max: {rules.players_max} player columns do not fit across the score sheet on "
            f"{kit.options.paper.name}"))
    if problems:
        raise PrintkitError(problems)
    return height


def _names(players: int, words) -> Row:
    names = tuple(Cell(words.plain("player", n), span=len(PARTS), size=TYPE.smallest, level=GREY.note, align="left",
                       where=words.where("player")) for n in range(1, players + 1))
    return Row((Cell(), Cell()) + names, NAME_ROW, shade=GREY.shade, rule="heavy")


def _labels(columns, words, height: float) -> Row:
    turned = tuple(Cell(words.plain(c.name), bold=True, size=TYPE.small, turned=True, where=words.where(c.name))
                   for c in columns[2:])
    first = tuple(Cell(words.plain(c.name), bold=True, size=TYPE.small, where=words.where(c.name))
                  for c in columns[:2])
    return Row(first + turned, height, shade=GREY.shade)
