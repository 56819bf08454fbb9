"""The host key: one witness solution per scenario, found by the rules model's solver, as small
grids with their targets. Its own file: never inside the booklet or a setup sheet."""

from __future__ import annotations

from printkit.plan.geometry import Rect
from printkit.plan.marks import Box
from printkit.plan.fitting import fit, measure
from printkit.plan.label import label
from printkit.plan.typeset import Style
from printkit.plan.type import SPACE, TYPE
from printkit.products.sheets import title_line

from .solver import solve

CELL = 6.5
CAPTION = 7.5  # mm: room for a caption of two lines
SPREAD = 3 * CELL  # mm: at most this much more room under a row, where a page has room to spare


def pages(kit, body: Rect) -> list[list]:
    """As many solutions to a row as the widest grid lets, each row as tall as its tallest grid;
    the rows shared out over the fewest pages that hold them, as evenly as they can be (no page
    left nearly empty), and on each page spread down it, so that no band of it is left empty."""
    words = kit.words("solutions")
    head, rest = title_line(body, words.plain("heading"), words.where("heading"))
    warning = measure(words.markup("warning"), rest.width, TYPE.body) + 0.5  # set at body size, as every intro
    head.append(fit(words.markup("warning"), Rect(rest.x, rest.top - warning, rest.width, warning), Style(TYPE.body),
                    "solutions warning", words.where("warning")))
    first = Rect(rest.x, rest.y, rest.width, rest.height - warning - SPACE)
    scenarios = list(kit.model.scenarios)
    width = max(_width(s) for s in scenarios)
    per_row = max(1, int((body.width + SPACE) // width))
    gap = (body.width - per_row * width) / max(1, per_row - 1)
    rows = [scenarios[i:i + per_row] for i in range(0, len(scenarios), per_row)]
    heights = [max(_height(s) for s in row) for row in rows]
    result = []
    for number, (start, stop) in enumerate(balanced(heights, first.height, body.height)):
        area = first if number == 0 else body
        spare = min(SPREAD, (area.height - sum(heights[start:stop])) / max(1, stop - start - 1))  # between rows
        marks, top = (head if number == 0 else []), area.top
        for row, height in zip(rows[start:stop], heights[start:stop]):
            for column, scenario in enumerate(row):
                marks = marks + _solution(Rect(area.x + column * (width + gap), top - height, width, height), scenario,
                                          words)
            top -= height + spare
        result.append(marks)
    return result


def balanced(heights: list[float], first: float, rest: float) -> list[tuple[int, int]]:
    """The rows (of these heights) split into pages, (start, stop) each: the fewest pages (the
    first `first` mm tall, the others `rest`), and of those splits the one whose fullest page is
    least full. A row taller than a page has one of its own."""
    def room(page: int) -> float:
        return first if page == 0 else rest

    count, best = len(heights), {0: (0.0, [])}  # rows placed -> (fullest page's share, the split)
    for page in range(count):
        step = {}
        for done, (fullest, split) in best.items():
            for stop in range(done + 1, count + 1):
                used = sum(heights[done:stop])
                if used > room(page) + 1e-6 and stop > done + 1:
                    break
                found = (max(fullest, used / room(page)), split + [(done, stop)])
                if stop not in step or found[0] < step[stop][0]:
                    step[stop] = found
        if count in step:
            return step[count][1]
        best = step
    return [(k, k + 1) for k in range(count)]


def _width(scenario) -> float:
    """A block's width: the row targets' column, the grid, and a gap beside it."""
    return (len(scenario.columns) + 1) * CELL + 1 + 2 * SPACE


def _height(scenario) -> float:
    """A block's height: the caption, the column targets, the grid and a gap under it."""
    return CAPTION + SPACE / 2 + (len(scenario.rows) + 1) * CELL + 2 * SPACE


def _solution(box: Rect, scenario, words) -> list:
    grid = solve(scenario)
    caption = fit(words.markup("caption", scenario.number, scenario.title),
                  Rect(box.x, box.top - CAPTION, box.width - SPACE / 2, CAPTION), Style(TYPE.small, bold=True),
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
