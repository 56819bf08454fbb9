"""Scenarios at a glance: the campaign as one table, a line per scenario, flowing over pages."""

from __future__ import annotations

from printkit.plan.geometry import Rect
from printkit.plan.table import Cell, Column, Row, Table, plan_table, rows_that_fit
from printkit.plan.text import Style, fit
from printkit.plan.type import GREY, SPACE, TYPE
from printkit.products.sheets import title_line

ROW = 4.8
HEADER = 6.0
INTRO = 7.0
TEXT = TYPE.smallest + 0.5
# column -> share of the table's width
COLUMNS = tuple(Column(name, share, align="left") for name, share in (
    ("number", 0.05), ("title", 0.25), ("grid", 0.06), ("rows", 0.13), ("columns", 0.13), ("highest", 0.08),
    ("copies", 0.07), ("actions", 0.09), ("hand", 0.06), ("distinct", 0.08)))


def pages(kit, body: Rect) -> list[list]:
    words = kit.words("at-a-glance")
    head, rest = title_line(body, words.plain("heading"), words.where("heading"))
    intro = fit(words.markup("intro"), Rect(rest.x, rest.top - INTRO, rest.width, INTRO), Style(TYPE.body),
                "at-a-glance intro", words.where("intro"))
    first = Rect(rest.x, rest.y, rest.width, rest.height - INTRO - SPACE / 2)
    scenarios = kit.model.scenarios
    header = Row(tuple(Cell(words.plain(f"col_{c.name}"), bold=True, size=TEXT, where=words.where(f"col_{c.name}"))
                       for c in COLUMNS), HEADER, shade=GREY.shade)
    result, start, area = [], 0, first
    while start < len(scenarios):
        count = rows_that_fit(area.height, HEADER, ROW)
        chunk = scenarios[start:start + count]
        rows = [header] + [_row(kit, start + i, s, words) for i, s in enumerate(chunk)]
        table = plan_table(Table(COLUMNS, item="at a glance"), area, rows, words.where())
        result.append((head + [intro] if start == 0 else []) + list(table.marks))
        start, area = start + count, body
    return result


def _row(kit, index: int, scenario, words) -> Row:
    """A scenario's line; a title too long for its column is an error at the title."""
    where = kit.where("scenarios.yaml", ("scenarios", index, "title"))
    return Row(tuple(Cell(text, size=TEXT, where=where) for text in cells(scenario, words).values()), ROW,
               shade=GREY.tint if index % 2 else None, rule="none")


def cells(scenario, words) -> dict[str, str]:
    actions = "".join(a[0].upper() for a in scenario.actions) or words.plain("no_actions")
    return {"number": str(scenario.number), "title": scenario.title,
            "grid": f"{len(scenario.rows)}×{len(scenario.columns)}",
            "rows": " ".join(map(str, scenario.rows)), "columns": " ".join(map(str, scenario.columns)),
            "highest": f"A–{scenario.highest}", "copies": str(scenario.copies), "actions": actions,
            "hand": str(scenario.hand), "distinct": words.plain("distinct_yes" if scenario.distinct else "distinct_no")}
