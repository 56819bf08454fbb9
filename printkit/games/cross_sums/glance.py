"""Scenarios at a glance: the campaign as one table, a line per scenario. On a sheet (one page on
A4 and on Letter, its rows as tall as the page allows), and in the booklet on half-size pages,
where fewer columns run on over pages: the summary above the table gives the rest (the actions,
the hand sizes, the copies and the distinct values go by the stage of the campaign)."""

from __future__ import annotations

from printkit.plan.fonts import BOLD, REGULAR, text_width
from printkit.plan.geometry import Rect
from printkit.plan.table import PAD, Cell, Column, Row, Table, plan_table, rows_that_fit
from printkit.plan.text import Style, fit
from printkit.plan.type import GREY, SPACE, TYPE
from printkit.products.sheets import title_line

ROW = 4.8  # mm, at most
SMALLEST_ROW = 4.0  # mm: shorter, a 7 pt line has no air
BOOKLET_ROW = 5.0
HEADER = 6.0
INTRO = 9.0
TEXT = TYPE.small  # on the sheet
BOOKLET_TEXT = TYPE.small  # on a half page too: running text is never below 8 pt
NAMES = ("number", "title", "grid", "rows", "columns", "highest", "copies", "actions", "hand", "distinct")
BOOKLET = ("number", "title", "grid", "rows", "columns", "highest")  # the summary gives actions, hand, copies
SHORT = {"rows": "col_rows_short", "columns": "col_columns_short"}  # shorter headings in the booklet


def glance_words(kit):
    return kit.words("at-a-glance", stages=kit.model.hand_stages())


def pages(kit, body: Rect) -> list[list]:
    """One page: the rows share the height the title and the intro leave."""
    words = glance_words(kit)
    head, rest = title_line(body, words.plain("heading"), words.where("heading"))
    intro = fit(words.markup("intro"), Rect(rest.x, rest.top - INTRO, rest.width, INTRO), Style(TYPE.body),
                "at-a-glance intro", words.where("intro"))
    area = Rect(rest.x, rest.y, rest.width, rest.height - INTRO - SPACE)
    scenarios = kit.model.scenarios
    row = min(ROW, (area.height - HEADER) / len(scenarios))
    if row < SMALLEST_ROW:  # a campaign too long for one page: the rest runs on
        row = ROW
    columns = measured_columns(kit, words, NAMES, TEXT)
    header = header_row(words, columns, TEXT)
    result, start = [], 0
    while start < len(scenarios):
        count = rows_that_fit(area.height, HEADER, row)
        rows = [header] + body_rows(kit, words, columns, range(start, min(start + count, len(scenarios))), row, TEXT)
        table = plan_table(Table(columns, item="at a glance"), area, rows, words.where())
        result.append((head + [intro] if start == 0 else []) + list(table.marks))
        start, area = start + count, body
    return result


def header_row(words, columns, size: float, short: dict | None = None) -> Row:
    names = [(short or {}).get(c.name, f"col_{c.name}") for c in columns]
    return Row(tuple(Cell(words.plain(name), bold=True, size=size, where=words.where(name)) for name in names),
               HEADER, shade=GREY.shade)


def body_rows(kit, words, columns, indices, height: float, size: float) -> list[Row]:
    """The scenarios' lines; a title too long for its column is an error at the title."""
    rows = []
    for index in indices:
        where = kit.where("scenarios.yaml", ("scenarios", index, "title"))
        texts = cells(kit.model.scenarios[index], words)
        rows.append(Row(tuple(Cell(texts[c.name], size=size, where=where) for c in columns), height,
                        shade=GREY.tint if index % 2 else None, rule="none"))
    return rows


def measured_columns(kit, words, names, size: float, short: dict | None = None) -> tuple[Column, ...]:
    """The columns `names`, each as wide as its widest words at `size` (its cells' and its
    heading's: every heading at the one size of table headers), the title taking the rest."""
    widths = {}
    for name in names:
        if name != "title":
            texts = [cells(s, words)[name] for s in kit.model.scenarios]
            heading = words.plain((short or {}).get(name, f"col_{name}"))
            widths[name] = max([text_width(t, size, REGULAR) for t in texts]
                               + [text_width(heading, size, BOLD)]) + 2 * PAD
    return tuple(Column(name, 1.0, width=widths.get(name), align="left") for name in names)


def booklet_columns(kit, words) -> tuple[Column, ...]:
    """The booklet's columns, each as wide as its widest words, the title taking the rest."""
    return measured_columns(kit, words, BOOKLET, BOOKLET_TEXT, SHORT)


def booklet_table(flow, kit) -> int:
    """The booklet's section: its heading, the seed's summary and the table, in a page flow;
    returns the page it starts on."""
    words = glance_words(kit)
    start = flow.text(f"# {words.markup('booklet_heading')}\n{words.markup('summary')}", "scenarios at a glance",
                      words.where("summary"))
    flow.space(0.5)
    columns = booklet_columns(kit, words)
    rows = body_rows(kit, words, columns, range(len(kit.model.scenarios)), BOOKLET_ROW, BOOKLET_TEXT)
    flow.table(Table(columns, item="at a glance"), [header_row(words, columns, BOOKLET_TEXT, SHORT)], rows,
               words.where())
    return start


def cells(scenario, words) -> dict[str, str]:
    actions = "".join(a[0].upper() for a in scenario.actions) or words.plain("no_actions")
    return {"number": str(scenario.number), "title": scenario.title,
            "grid": f"{len(scenario.rows)}×{len(scenario.columns)}",
            "rows": " ".join(map(str, scenario.rows)), "columns": " ".join(map(str, scenario.columns)),
            "highest": f"A–{scenario.highest}", "copies": str(scenario.copies), "actions": actions,
            "hand": str(scenario.hand), "distinct": words.plain("distinct_yes" if scenario.distinct else "distinct_no")}
