"""The score pad: one row per game, as many games as fit a page, with the seed's win rule and the
double-set card's bonus at the foot."""

from __future__ import annotations

from printkit.ground.errors import PrintkitError
from printkit.plan.geometry import Rect
from printkit.plan.table import Cell, Column, Row, Table, plan_table, rows_that_fit
from printkit.plan.fitting import fit
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, SPACE, TYPE
from printkit.products.sheets import title_line

INTRO = 12.0
HEADER_ROW = 13.0
GAME_ROW = 9.5
FOOT = 14.0
# (template word, share of the width): what is written in each column, left to right; the columns
# that decide the game are outlined heavier
COLUMNS = tuple(Column(name, share, strong=name in ("total_sets", "scored", "result")) for name, share in (
    ("game", 0.9), ("date", 2.0), ("sets", 1.4), ("double_set", 1.9), ("total_sets", 1.4), ("scored", 1.4),
    ("row", 1.4), ("discarded", 1.5), ("others", 1.5), ("result", 1.6)))
WRITTEN = dict(size=TYPE.body, level=GREY.note)  # the pad's own numbers and letters, grey under the player's pen


def pages(kit, body: Rect) -> list[list]:
    words = kit.words("score-pad", win_at=kit.model.win_at)
    marks, rest = title_line(body, words.plain("heading"), words.where("heading"))
    intro = Rect(rest.x, rest.top - INTRO, rest.width, INTRO)
    foot = Rect(rest.x, rest.y, rest.width, FOOT)
    marks += [_text(words, "intro", intro), _text(words, "foot", foot)]
    area = Rect(rest.x, foot.top + SPACE * 1.5, rest.width, intro.y - SPACE - foot.top - SPACE * 1.5)
    games = rows_that_fit(area.height, HEADER_ROW, GAME_ROW)
    if games < 1:
        raise PrintkitError([words.where("foot").with_message(f"score pad: no game row fits a "
                                                                f"{kit.options.paper.name} page")])
    header = Row(tuple(Cell(words.markup(c.name), bold=True, size=TYPE.small, wrap=True, where=words.where(c.name))
                       for c in COLUMNS), HEADER_ROW, shade=GREY.shade)
    rows = [header] + [_game_row(number, words) for number in range(1, games + 1)]
    table = plan_table(Table(COLUMNS, item="score pad"), area, rows, words.where())
    return [marks + list(table.marks)]


def _game_row(number: int, words) -> Row:
    """One game: its number, a box to tick for the double-set card, W and L to circle."""
    cells = {"game": Cell(str(number), bold=True, **WRITTEN), "double_set": Cell(tick=True),
             "result": Cell(choices=(words.plain("win"), words.plain("loss")), **WRITTEN)}
    return Row(tuple(cells.get(column.name, Cell()) for column in COLUMNS), GAME_ROW)


def _text(words, name: str, box: Rect):
    return fit(words.markup(name), box, Style(TYPE.body), f"score pad {name}", words.where(name))
