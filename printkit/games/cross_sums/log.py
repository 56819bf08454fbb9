"""The campaign log: a line for each scenario, with boxes to tick an attempt, a box for the win,
room for the date and for notes; its rows tall enough to write in, over as few pages as hold them."""

from __future__ import annotations

from printkit.plan.fonts import REGULAR, text_width
from printkit.plan.geometry import Rect
from printkit.plan.table import PAD, Cell, Column, Row, Table, plan_table, rows_that_fit
from printkit.plan.fitting import fit
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, SPACE, TYPE
from printkit.products.sheets import title_line

ATTEMPTS = 5  # boxes to tick, one for each attempt
ROW = 8.0  # mm, at least: a line to write in, as on ruled paper
HEADER = 7.0
INTRO = 10.0
TITLE = TYPE.body  # a scenario's title in its row


def columns(kit) -> tuple[Column, ...]:
    """The title column as wide as the longest title at its size (a title is never set smaller
    than the others), the notes taking the rest."""
    title = max(text_width(s.title, TITLE, REGULAR) for s in kit.model.scenarios) + 2 * PAD
    return (Column("number", width=8), Column("title", width=title, align="left"), Column("grid", width=10)) + tuple(
        Column(f"attempt {k}", width=7, group=1) for k in range(1, ATTEMPTS + 1)) + (
        Column("won", width=10, group=2, strong=True), Column("date", width=24, group=3), Column("notes", 1.0, group=3))


def pages(kit, body: Rect) -> list[list]:
    words = kit.words("campaign-log")
    head, rest = title_line(body, words.plain("heading"), words.where("heading"), right=words.plain("players_line"))
    intro = fit(words.markup("intro"), Rect(rest.x, rest.top - INTRO, rest.width, INTRO), Style(TYPE.body),
                "campaign log intro", words.where("intro"))
    first = Rect(rest.x, rest.y, rest.width, rest.height - INTRO - SPACE)
    scenarios = kit.model.scenarios
    count = len(scenarios)
    per_page = rows_that_fit(first.height, HEADER, ROW)
    pages_needed = -(-count // per_page)
    row = (first.height - HEADER) / -(-count // pages_needed) - 1e-6  # the rows share the pages evenly
    result, start = [], 0
    while start < count:  # every page a sheet of its own: the title and the intro on each
        chunk = range(start, min(start + rows_that_fit(first.height, HEADER, row), count))
        rows = [_header(words)] + [_row(kit, index, row) for index in chunk]
        table = plan_table(Table(columns(kit), item="campaign log"), first, rows, words.where())
        result.append(head + [intro] + list(table.marks))
        start = chunk.stop
    return result


def _header(words) -> Row:
    cells = [Cell(words.plain(f"col_{name}"), bold=True, size=TYPE.small, where=words.where(f"col_{name}"))
             for name in ("number", "title", "grid")]
    cells.append(Cell(words.plain("col_attempts"), bold=True, size=TYPE.small, span=ATTEMPTS, align="centre",
                      where=words.where("col_attempts")))
    cells += [Cell(words.plain(f"col_{name}"), bold=True, size=TYPE.small, align="centre" if name == "won" else None,
                   where=words.where(f"col_{name}")) for name in ("won", "date", "notes")]
    return Row(tuple(cells), HEADER, shade=GREY.shade, rule="heavy")


def _row(kit, index: int, height: float) -> Row:
    scenario = kit.model.scenarios[index]
    where = kit.where("scenarios.yaml", ("scenarios", index, "title"))
    cells = (Cell(str(scenario.number), bold=True, size=TYPE.body), Cell(scenario.title, size=TITLE, where=where),
             Cell(f"{len(scenario.rows)}×{len(scenario.columns)}", size=TYPE.small, level=GREY.note))
    ticks = tuple(Cell(tick=True) for _ in range(ATTEMPTS + 1))
    return Row(cells + ticks + (Cell(), Cell()), height, shade=GREY.tint if index % 2 else None)
