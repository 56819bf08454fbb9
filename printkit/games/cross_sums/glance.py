"""Scenarios at a glance: the campaign as one table, a line per scenario, with every fact of the
seed's summary in its columns. On a sheet (one page on A4 and on Letter, its rows as tall as the
page allows), and in the booklet on half-size pages, where the rows run on over pages under the
header: there the narrow columns' headings are turned, reading upwards, a long title goes on over
a second line, and the table is set a step smaller only if it must be to fit the page's width."""

from __future__ import annotations

from dataclasses import dataclass

import markupsafe

from printkit.ground.errors import PrintkitError
from printkit.plan.fonts import BOLD, REGULAR, text_width
from printkit.plan.geometry import Rect
from printkit.plan.table import PAD, Cell, Column, Row, Table, plan_table, rows_that_fit
from printkit.plan.fitting import fit, measure
from printkit.plan.text import PT_PER_MM
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, SPACE, TYPE
from printkit.products.sheets import title_line

ROW = 4.8  # mm, at most
SMALLEST_ROW = 4.0  # mm: shorter, a 7 pt line has no air
BOOKLET_ROW = 4.5  # a 7 or 8 pt line with air above and below it
HEADER = 6.0
INTRO = 9.0
TEXT = TYPE.small  # on the sheet
BOOKLET_SIZES = (TYPE.small, TYPE.smallest)  # on a half page: the first at which the whole table fits its width
TITLE_LINES = 2  # in the booklet a long title may go on over two lines, before the table is set smaller
NAMES = ("number", "title", "grid", "rows", "columns", "highest", "copies", "actions", "hand", "distinct")
SHORT = {"rows": "col_rows_short", "columns": "col_columns_short"}  # shorter headings in the booklet


def glance_words(kit):
    return kit.words("at-a-glance", stages=kit.model.hand_stages())


def pages(kit, body: Rect) -> list[list]:
    """One page: the rows share the height the title and the intro leave."""
    words = glance_words(kit)
    head, rest = title_line(body, words.plain("heading"), words.where("heading"))
    intro = fit(words.markup("intro"), Rect(rest.x, rest.top - INTRO, rest.width, INTRO), Style(TYPE.body),
                "at-a-glance intro", words.where("intro"))
    note = _playtest_note(words, rest)
    area = Rect(rest.x, note.top + SPACE, rest.width, rest.top - INTRO - SPACE - note.top - SPACE)
    scenarios = kit.model.scenarios
    row = min(ROW, (area.height - HEADER) / len(scenarios))
    if row < SMALLEST_ROW:  # a campaign too long for one page: the rest runs on
        row = ROW
    columns = measured_columns(column_texts(kit, words), words, NAMES, TEXT)
    header = header_row(words, columns, TEXT)
    result, start = [], 0
    while start < len(scenarios):
        count = rows_that_fit(area.height, HEADER, row)
        rows = [header] + body_rows(kit, words, columns, range(start, min(start + count, len(scenarios))), row, TEXT)
        table = plan_table(Table(columns, item="at a glance"), area, rows, words.where())
        result.append((head + [intro, _set_note(words, note)] if start == 0 else []) + list(table.marks))
        start, area = start + count, body
    return result


def _playtest_note(words, rest: Rect) -> Rect:
    """The seed's playtest note at the foot of the first page, under the table, as tall as its words:
    a player who prints this page and the setup sheets, not the booklet, reads it too."""
    height = measure(words.markup("playtest"), rest.width, TYPE.body) + 0.5
    return Rect(rest.x, rest.y, rest.width, height)


def _set_note(words, box: Rect):
    return fit(words.markup("playtest"), box, Style(TYPE.body), "at-a-glance playtest note", words.where("playtest"))


def header_row(words, columns, size: float, short: dict | None = None, turned: frozenset = frozenset()) -> Row:
    """The headings, each at the table's one size; those `turned` read upwards, the row as tall
    as the longest of them."""
    names = [(short or {}).get(c.name, f"col_{c.name}") for c in columns]
    height = max([HEADER] + [text_width(words.plain(name), size, BOLD) + 2 * PAD
                             for c, name in zip(columns, names) if c.name in turned])
    return Row(tuple(Cell(words.plain(name), bold=True, size=size, turned=c.name in turned, where=words.where(name))
                     for c, name in zip(columns, names)), height, shade=GREY.shade)


def body_rows(kit, words, columns, indices, height: float, size: float, title: float | None = None) -> list[Row]:
    """The scenarios' lines, `height` mm tall; with `title` (the title column's width) a title
    wider than its column goes on over a second line, its row as tall as the two. A title too
    long for its column even so is an error at the title."""
    rows = []
    for index in indices:
        where = kit.where("scenarios.yaml", ("scenarios", index, "title"))
        texts = cells(kit.model.scenarios[index], words)
        wrapped = title is not None and title_lines(texts["title"], title, size) > 1
        row = tuple(Cell(str(markupsafe.escape(texts[c.name])), size=size, wrap=True, where=where)
                    if c.name == "title" and wrapped else Cell(texts[c.name], size=size, where=where) for c in columns)
        tall = max(height, _title_height(texts["title"], title, size) + 2 * PAD + 0.05) if wrapped else height
        rows.append(Row(row, tall, shade=GREY.tint if index % 2 else None, rule="none"))
    return rows


def title_lines(title: str, width: float, size: float) -> int:
    """How many lines a title takes in a column `width` mm wide."""
    return max(1, round(_title_height(title, width, size) / _pitch(size)))


def _title_height(title: str, width: float, size: float) -> float:
    return measure(str(markupsafe.escape(title)), width - 2 * PAD, size)


def _pitch(size: float) -> float:
    return size / PT_PER_MM * TYPE.leading


def column_texts(kit, words) -> dict[str, list[str]]:
    """Each column's words, a line per scenario."""
    rows = [cells(s, words) for s in kit.model.scenarios]
    return {name: [row[name] for row in rows] for name in NAMES}


def measured_columns(texts: dict, words, names, size: float, short: dict | None = None,
                     turned: frozenset = frozenset()) -> tuple[Column, ...]:
    """The columns `names`, each as wide as its widest words at `size` (its cells' `texts` and,
    unless `turned`, its heading's: every heading at the one size of the table), the title
    taking the rest."""
    widths = {name: _width(texts, words, name, size, short, name in turned) for name in names if name != "title"}
    return tuple(Column(name, 1.0, width=widths.get(name), align="left") for name in names)


def _width(texts: dict, words, name: str, size: float, short: dict | None, turned: bool) -> float:
    heading = words.plain((short or {}).get(name, f"col_{name}"))
    return max([text_width(text, size, REGULAR) for text in texts[name]]
               + [_pitch(size) if turned else text_width(heading, size, BOLD)]) + 2 * PAD


@dataclass(frozen=True)
class BookletTable:
    """How the table is laid out on the booklet's page."""

    columns: tuple[Column, ...]
    turned: frozenset  # the columns whose headings read upwards
    size: float  # its words', pt
    title: float  # the title column's width, mm


def booklet_layout(kit, words, width: float) -> BookletTable:
    """The booklet's table `width` mm wide, at the first of BOOKLET_SIZES at which it fits:
    headings wider than their column's words are turned, the widest first, until every title
    fits its column on one line; failing that, on TITLE_LINES. Too wide even then: an error at
    the at-a-glance template."""
    texts = column_texts(kit, words)
    for size in BOOKLET_SIZES:
        turned = frozenset()
        while True:
            columns = measured_columns(texts, words, NAMES, size, SHORT, turned)
            room = width - sum(c.width for c in columns if c.width)
            if room >= _width(texts, words, "title", size, SHORT, True):
                return BookletTable(columns, turned, size, room)
            flat = [name for name in NAMES if name not in turned and name != "title"]  # in order: ties go to the first
            gains = {name: _gain(texts, words, name, size) for name in flat}
            widest = max(gains, key=gains.get, default=None)
            if widest is None or gains[widest] <= 0:
                break
            turned |= {widest}
        if room > 4 * PAD and all(title_lines(title, room, size) <= TITLE_LINES for title in texts["title"]):
            return BookletTable(columns, turned, size, room)
    raise PrintkitError([words.where().with_message(
        f"the scenarios at a glance do not fit the booklet's {width:.1f} mm page at {BOOKLET_SIZES[-1]:g} pt; "
        f"shorten the longest title or the headings")])


def _gain(texts: dict, words, name: str, size: float) -> float:
    """How much narrower a column is with its heading turned."""
    return _width(texts, words, name, size, SHORT, False) - _width(texts, words, name, size, SHORT, True)


def booklet_table(flow, kit) -> int:
    """The booklet's section: its heading, the seed's summary and the whole table, in a page flow;
    returns the page it starts on."""
    words = glance_words(kit)
    start = flow.text(f"# {words.markup('booklet_heading')}\n{words.markup('summary')}", "scenarios at a glance",
                      words.where("summary"))
    flow.space(0.5)
    table = booklet_layout(kit, words, flow.body.width)
    rows = body_rows(kit, words, table.columns, range(len(kit.model.scenarios)), BOOKLET_ROW, table.size, table.title)
    flow.table(Table(table.columns, item="at a glance"), [header_row(words, table.columns, table.size, SHORT,
                                                                     table.turned)], rows, words.where())
    return start


def cells(scenario, words) -> dict[str, str]:
    actions = "".join(a[0].upper() for a in scenario.actions) or words.plain("no_actions")
    return {"number": str(scenario.number), "title": scenario.title,
            "grid": f"{len(scenario.rows)}×{len(scenario.columns)}",
            "rows": " ".join(map(str, scenario.rows)), "columns": " ".join(map(str, scenario.columns)),
            "highest": f"A–{scenario.highest}", "copies": str(scenario.copies), "actions": actions,
            "hand": str(scenario.hand), "distinct": words.plain("distinct_yes" if scenario.distinct else "distinct_no")}
