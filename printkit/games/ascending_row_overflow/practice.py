"""The practice sheet (positions to resolve) and its host key (the answers, computed by the rules
model). They are separate files: the key never goes on a sheet players write on."""

from __future__ import annotations

from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Box, Line
from printkit.plan.minicard import MiniCard, mini_card
from printkit.plan.page import split_rows
from printkit.plan.text import Style, fit, label
from printkit.plan.type import SPACE, TYPE
from printkit.products.sheets import title_line

from .model import row_letter

INTRO = 12.0
MINI = (8.0, 9.5, 1.2)  # the exercise's cards: width, height and the gap between them
ROW_STEP = MINI[1] + 1.5  # 11 mm a row
SMALL = (5.2, 5.6)  # the key's cards for the rows after
TITLE = 8.0
GAP = 4.0


def sheet_pages(kit, body: Rect) -> list[list]:
    return _pages(kit, body, "practice", _sheet_exercise)


def key_pages(kit, body: Rect) -> list[list]:
    return _pages(kit, body, "practice-key", _key_exercise)


def _pages(kit, body: Rect, template: str, draw) -> list[list]:
    words = kit.words(template)
    items = kit.model.exercises
    head, rest = title_line(body, words.plain("heading"), words.where("heading"))
    intro = fit(words.markup("intro"), Rect(rest.x, rest.top - INTRO, rest.width, INTRO), Style(9.0),
                f"{template} intro", words.where("intro"))
    area = Rect(rest.x, rest.y, rest.width, rest.height - INTRO - SPACE)
    per_page = int((area.height + GAP) // (exercise_height(kit.model.setup) + GAP))
    pages = []
    for start in range(0, len(items), per_page):
        marks = head + [intro]
        for number, (box, item) in enumerate(zip(split_rows(area, per_page, GAP), items[start:start + per_page]),
                                             start=start + 1):
            marks += draw(box, number, item, kit.model, words)
        pages.append(marks)
    return pages


def exercise_height(setup) -> float:
    return TITLE + setup.starter_rows * ROW_STEP + 3


def _frame(box: Rect, number: int, item, model, words) -> tuple[list, float, float]:
    """The box, its title, the rows with every card (room for the longest row the rules allow) and
    the revealed cards beside them; returns the marks and the x and y where the revealed cards end."""
    marks = [Box(box, width=0.3, level=0.5, radius=1.5),
             label(words.plain("exercise", number, item.title or ""), Rect(box.x + 3, box.top - 7, box.width - 6, 5),
                   10, bold=True, valign="bottom", item=f"exercise {number} title", where=words.where("exercise"))]
    top = box.top - TITLE
    for index, row in enumerate(item.rows):
        y = top - (index + 1) * ROW_STEP + 1.5
        marks.append(label(row_letter(index), Rect(box.x + 3, y, 5, MINI[1]), 9, bold=True))
        marks += _cards(box.x + 9, y, row)
    column = box.x + 9 + model.setup.row_limit * (MINI[0] + MINI[2]) + 6
    marks.append(label(words.plain("revealed"), Rect(column, top - 5, 60, 4), TYPE.small + 0.5, bold=True,
                       valign="bottom", item="revealed", where=words.where("revealed")))
    marks += _cards(column, top - 5.5 - MINI[1], item.revealed, strong=True)
    return marks, column, top - 5.5 - MINI[1] - 4


def _cards(x: float, y: float, cards, strong: bool = False) -> list:
    """A row of the exercise's cards, the first with its bottom-left corner at (x, y)."""
    width, height, gap = MINI
    return [mini_card(MiniCard(str(card), look="strong" if strong else "plain"),
                      x + i * (width + gap) + width / 2, y + height / 2, height, width) for i, card in enumerate(cards)]


def _sheet_exercise(box: Rect, number: int, item, model, words) -> list:
    marks, column, below = _frame(box, number, item, model, words)
    step = (below - box.y - 2) / len(item.revealed)
    for i, card in enumerate(sorted(item.revealed)):
        y = below - i * step - 3.5
        marks.append(label(words.plain("answer", card), Rect(column, y, box.right - 4 - column, 4), 9,
                           valign="bottom", item="practice answer", where=words.where("answer")))
        marks.append(Line(Segment(column, y - 2.8, box.right - 4, y - 2.8), width=0.2, level=0.6))
    return marks


def _key_exercise(box: Rect, number: int, item, model, words) -> list:
    marks, column, below = _frame(box, number, item, model, words)
    steps = model.steps(item)
    marks.append(label(words.plain("after"), Rect(column, below - 1, 40, 3.5), 8, bold=True, valign="bottom",
                       item="rows after", where=words.where("after")))
    for index, row in enumerate(steps[-1].rows_after):
        y = below - 2.5 - (index + 1) * 6.2
        marks.append(label(row_letter(index), Rect(column, y, 3, SMALL[1]), 6.5, bold=True))
        marks += [mini_card(MiniCard(str(card)), column + 3.5 + k * 5.6 + SMALL[0] / 2, y + SMALL[1] / 2,
                            SMALL[1], SMALL[0]) for k, card in enumerate(row)]
    setup = model.setup
    widest = max(3.5 + setup.row_limit * 5.6, setup.players_max * (MINI[0] + MINI[2]))
    left = column + widest + 8
    text = "\n\n".join(_step_text(step, before, words) for step, before in _with_rows_before(steps, item.rows))
    marks.append(fit(text, Rect(left, box.y + 2, box.right - left - 3, box.top - TITLE - box.y - 2), Style(9.0),
                     f"practice key exercise {number}", words.where()))
    return marks


def _with_rows_before(steps, rows):
    before = tuple(tuple(r) for r in rows)
    for step in steps:
        yield step, before
        before = step.rows_after


def _step_text(step, rows_before, words) -> str:
    letter = row_letter(step.row)
    if step.kind == "append":
        return words.markup("append", step.card, letter, rows_before[step.row][-1])
    if step.kind == "overflow":
        return words.markup("overflow", step.card, letter, list(step.collected))
    return words.markup("no_lower", step.card, letter, list(step.collected))
