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
BLOCK = (46.0, 46.0)
WARNING = 12.0


def pages(kit, body: Rect) -> list[list]:
    words = kit.words("solutions")
    head, rest = title_line(body, words.plain("heading"), words.where("heading"))
    head.append(fit(words.markup("warning"), Rect(rest.x, rest.top - WARNING, rest.width, WARNING), Style(TYPE.body),
                    "solutions warning", words.where("warning")))
    first = Rect(rest.x, rest.y, rest.width, rest.height - WARNING - SPACE)
    per_row = int(body.width // BLOCK[0])
    gap = (body.width - per_row * BLOCK[0]) / max(1, per_row - 1)
    scenarios, result, area = list(kit.model.scenarios), [], first
    while scenarios:
        count = per_row * int(area.height // BLOCK[1])
        marks = head if not result else []
        for i, scenario in enumerate(scenarios[:count]):
            row, column = divmod(i, per_row)
            box = Rect(area.x + column * (BLOCK[0] + gap), area.top - (row + 1) * BLOCK[1], *BLOCK)
            marks = marks + _solution(box, scenario, words)
        result.append(marks)
        scenarios, area = scenarios[count:], body
    return result


def _solution(box: Rect, scenario, words) -> list:
    grid = solve(scenario)
    caption = words.plain("caption", scenario.number, scenario.title)
    marks = [label(caption, Rect(box.x, box.top - 4, box.width - SPACE, 4), TYPE.small, bold=True, valign="bottom",
                   item="solution caption", where=words.where("caption"))]
    left, top = box.x + CELL + 1, box.top - 6 - CELL
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
