"""Tables as data: columns shared out by width, header rows with spanning and turned labels,
writable cells (blank, a box to tick, choices to circle), row heights, rules and shading. Every
score sheet, score pad and at-a-glance table is one of these.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.ground.errors import Problem, PrintkitError
from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Box, Group, Line
from printkit.plan.markup import Palette
from printkit.plan.fitting import fit_rich
from printkit.plan.label import label
from printkit.plan.typeset import Style
from printkit.plan.type import TYPE

PAD = 1.0  # mm between a cell's edge and its words
TICK = 3.6  # mm: the box a player ticks


@dataclass(frozen=True)
class Column:
    name: str
    share: float = 1.0  # of the width the fixed columns leave
    width: float | None = None  # a fixed width, mm
    min_width: float = 0.0  # narrower than this, a player cannot write in it: an error
    align: str = "centre"
    group: int = 0  # columns of one group (a player's) have a heavy rule between groups
    strong: bool = False  # the column that decides: outlined heavier


@dataclass(frozen=True)
class Cell:
    text: str = ""  # plain text, or markup that may wrap when `wrap`
    span: int = 1
    bold: bool = False
    size: float = TYPE.small
    level: float = 0.0
    align: str | None = None  # default: the column's
    turned: bool = False  # set reading upwards, for a narrow column
    wrap: bool = False  # markup set as a paragraph, shrunk to fit the cell
    tick: bool = False  # a box to tick
    choices: tuple[str, ...] = ()  # words to circle, spread across the cell
    where: Problem | None = None  # where its words were written, for a "does not fit" message


@dataclass(frozen=True)
class Row:
    cells: tuple[Cell, ...]
    height: float
    shade: float | None = None  # grey behind the row
    rule: str = "thin"  # the rule below it: thin | heavy | none


@dataclass(frozen=True)
class Rules:
    thin: tuple[float, float] = (0.2, 0.3)  # (width mm, grey) between columns and rows
    group: float = 0.5  # between groups of columns, and under a `heavy` row
    frame: float = 0.5
    strong: float = 0.6


@dataclass(frozen=True)
class TablePlan:
    marks: tuple
    xs: tuple[float, ...]  # column edges, left to right
    ys: tuple[float, ...]  # row edges, top to bottom
    rect: Rect


@dataclass(frozen=True)
class Table:
    columns: tuple[Column, ...]
    rules: Rules = field(default_factory=Rules)
    item: str = "table"
    font: str | None = None  # its words' project font (or family, its bold face for bold cells); printkit's by default
    palette: Palette | None = None  # the colours and icons its wrapped cells' words may name (a declared game's)


def column_widths(columns: tuple[Column, ...], total: float) -> list[float]:
    """Fixed columns take their width; the rest share what is left by their shares."""
    fixed = sum(c.width for c in columns if c.width is not None)
    shares = sum(c.share for c in columns if c.width is None) or 1.0
    return [c.width if c.width is not None else (total - fixed) * c.share / shares for c in columns]


def narrowest(columns: tuple[Column, ...], total: float) -> Column | None:
    """The first column that would be narrower than its minimum at this table width."""
    return next((c for c, w in zip(columns, column_widths(columns, total)) if w < c.min_width - 1e-9), None)


def rows_that_fit(height: float, header: float, row: float) -> int:
    return max(0, int((height - header + 1e-9) // row))


def plan_table(table: Table, box: Rect, rows: list[Row], where: Problem) -> TablePlan:
    """The table at the top of `box`, as wide as it: shading, cell words, ticks, rules, frame."""
    widths = column_widths(table.columns, box.width)
    xs = [box.x]
    for width in widths:
        xs.append(xs[-1] + width)
    ys = [box.top]
    for row in rows:
        ys.append(ys[-1] - row.height)
    rect = Rect(box.x, ys[-1], box.width, box.top - ys[-1])
    marks = [Box(Rect(box.x, ys[i + 1], box.width, row.height), level=None, fill=row.shade)
             for i, row in enumerate(rows) if row.shade is not None]
    spans = [list(_spans(row)) for row in rows]
    for i, row in enumerate(rows):
        for (first, last), cell in zip(spans[i], row.cells):
            area = Rect(xs[first], ys[i + 1], xs[last + 1] - xs[first], row.height)
            marks += _cell(cell, area, table.columns[first], table, where)
    marks += _rules(table, rows, spans, xs, ys)
    marks.append(Box(rect, width=table.rules.frame))
    return TablePlan(tuple(marks), tuple(xs), tuple(ys), rect)


def _spans(row: Row):
    """(first column, last column) of each cell of the row."""
    column = 0
    for cell in row.cells:
        yield column, column + cell.span - 1
        column += cell.span


def _cell(cell: Cell, area: Rect, column: Column, table: Table, where: Problem) -> list:
    place, item, font = cell.where or where, table.item, table.font
    align = cell.align or column.align
    if cell.tick:
        return [Box(Rect(area.x + (area.width - TICK) / 2, area.y + (area.height - TICK) / 2, TICK, TICK),
                    width=0.25, level=0.35)]
    if cell.choices:
        step = area.width / (len(cell.choices) + 1)
        return [label(choice, Rect(area.x + (k + 1) * step - step / 2, area.y, step, area.height), cell.size,
                      cell.bold, "centre", level=cell.level, item=f"{item} {column.name}", where=place, face=font)
                for k, choice in enumerate(cell.choices)]
    if not cell.text:
        return []
    if cell.turned:
        inner = Rect(PAD, PAD, area.height - 2 * PAD, area.width - 2 * PAD)
        words = label(cell.text, inner, cell.size, cell.bold, "left", level=cell.level,
                      smallest=TYPE.smallest - 1, item=f"{item} {column.name}", where=place, face=font)
        return [Group((words,), area.right, area.y, 90)]
    inner = area.inset(PAD) if area.height > 2 * PAD + 2 else Rect(area.x + PAD, area.y, area.width - 2 * PAD, area.height)
    if cell.wrap:
        return list(fit_rich(cell.text, inner, Style(cell.size, min(cell.size, TYPE.smallest), cell.bold, align,
                                                     "middle", cell.level, font=font, palette=table.palette),
                             f"{item} {column.name}", place))
    return [label(cell.text, inner, cell.size, cell.bold, align, level=cell.level,
                  smallest=min(cell.size, TYPE.smallest), item=f"{item} {column.name}", where=place, face=font)]


def _rules(table: Table, rows: list[Row], spans, xs, ys) -> list:
    """Rules between columns (heavy between groups) where no cell spans them, rules under rows,
    and a heavier outline round the strong columns, below any cell that spans them."""
    thin_width, thin_level = table.rules.thin
    marks = []
    for k in range(1, len(xs) - 1):
        heavy = table.columns[k].group != table.columns[k - 1].group
        for top, bottom in _runs_not_spanned(k, spans, ys):
            seg = Segment(xs[k], bottom, xs[k], top)
            marks.append(Line(seg, table.rules.group, 0.0) if heavy else Line(seg, thin_width, thin_level))
    for i, row in enumerate(rows[:-1]):
        if row.rule != "none":
            seg = Segment(xs[0], ys[i + 1], xs[-1], ys[i + 1])
            heavy = row.rule == "heavy"
            marks.append(Line(seg, table.rules.group, 0.0) if heavy else Line(seg, thin_width, thin_level))
    for k, column in enumerate(table.columns):
        if column.strong:
            top = next((ys[i] for i in range(len(rows)) if _alone(k, spans[i])), ys[-1])
            marks.append(Box(Rect(xs[k], ys[-1], xs[k + 1] - xs[k], top - ys[-1]), width=table.rules.strong))
    return marks


def _alone(column: int, row_spans) -> bool:
    return any(first == last == column for first, last in row_spans)


def _runs_not_spanned(edge: int, spans, ys):
    """(top, bottom) stretches of the edge left of column `edge` that no cell spans across."""
    top = None
    for i, row_spans in enumerate(spans):
        crossed = any(first < edge <= last for first, last in row_spans)
        if not crossed and top is None:
            top = ys[i]
        if crossed and top is not None:
            yield top, ys[i]
            top = None
    if top is not None:
        yield top, ys[-1]


def too_narrow_error(where: Problem, message: str) -> PrintkitError:
    return PrintkitError([where.with_message(message)])
