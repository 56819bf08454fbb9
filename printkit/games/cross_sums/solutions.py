"""The host key: one witness solution per scenario, found by the rules model's solver, as small
grids with their targets. Its own file: never inside the booklet or a setup sheet."""

from __future__ import annotations

from printkit.plan.geometry import Rect
from printkit.plan.marks import Box
from printkit.plan.text import Style, fit, label
from printkit.plan.type import SPACE, TYPE
from printkit.products.sheets import title_line

from .model import solve

CELL = 6.5
WIDTH = 46.0  # a solution's block
CAPTION = 7.5  # mm: room for a caption of two lines
WARNING = 12.0


def pages(kit, body: Rect) -> list[list]:
    """Four solutions to a row, each row as tall as its tallest grid; the rows of a full page
    share out what is left of it, so that no band of it is left empty."""
    words = kit.words("solutions")
    head, rest = title_line(body, words.plain("heading"), words.where("heading"))
    head.append(fit(words.markup("warning"), Rect(rest.x, rest.top - WARNING, rest.width, WARNING), Style(TYPE.body),
                    "solutions warning", words.where("warning")))
    first = Rect(rest.x, rest.y, rest.width, rest.height - WARNING - SPACE)
    per_row = int(body.width // WIDTH)
    gap = (body.width - per_row * WIDTH) / max(1, per_row - 1)
    scenarios = list(kit.model.scenarios)
    rows = [scenarios[i:i + per_row] for i in range(0, len(scenarios), per_row)]
    result, area = [], first
    while rows:
        heights = [max(_height(s) for s in row) for row in rows]
        count = max(1, next((k for k in range(len(rows)) if sum(heights[:k + 1]) > area.height), len(rows)))
        spare = (area.height - sum(heights[:count])) / count if count < len(rows) else 0.0
        marks, top = (head if not result else []), area.top
        for row, height in zip(rows[:count], heights):
            for column, scenario in enumerate(row):
                marks = marks + _solution(Rect(area.x + column * (WIDTH + gap), top - height, WIDTH, height), scenario,
                                          words)
            top -= height + spare
        result.append(marks)
        rows, area = rows[count:], body
    return result


def _height(scenario) -> float:
    """A block's height: the caption, the column targets, the grid and a gap under it."""
    return CAPTION + SPACE / 2 + (len(scenario.rows) + 1) * CELL + 2 * SPACE


def _solution(box: Rect, scenario, words) -> list:
    grid = solve(scenario)
    caption = fit(words.markup("caption", scenario.number, scenario.title),
                  Rect(box.x, box.top - CAPTION, box.width - SPACE, CAPTION), Style(TYPE.small, bold=True),
                  "solution caption", words.where("caption"))
    marks = [caption]
    left, top = box.x + CELL + 1, box.top - CAPTION - SPACE / 2 - CELL
    marks += [label(str(target), Rect(left + c * CELL, top + 1.6, CELL, 3), TYPE.smallest, bold=True, align="centre",
                    valign="bottom", level=0.3) for c, target in enumerate(scenario.columns)]
    for r, (target, row) in enumerate(zip(scenario.rows, grid)):
        y = top - (r + 1) * CELL
        marks.append(label(str(target), Rect(box.x, y + 2, left - 1 - box.x, 3), TYPE.smallest, bold=True,
                           align="right", valign="bottom", level=0.3))
        for c, value in enumerate(row):
            cell = Rect(left + c * CELL, y, CELL, CELL)
            marks += [Box(cell, width=0.2), label(str(value), Rect(cell.x, y + 1.9, CELL, 3.5), TYPE.body,
                                                  align="centre", valign="bottom")]
    return marks
