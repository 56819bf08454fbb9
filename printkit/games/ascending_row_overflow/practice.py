"""The practice sheet (positions to resolve) and its host key (the answers, computed by the rules
model). They are separate files: the key never goes on a sheet players write on."""

from __future__ import annotations

from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Box, Line
from printkit.plan.flow import Flow
from printkit.plan.minicard import MiniCard, card_row
from printkit.plan.page import split_rows
from printkit.plan.label import label
from printkit.plan.typeset import Style
from printkit.plan.type import SPACE, TYPE
from printkit.products.sheets import title_line

from .model import row_letter

INTRO = 12.0
MINI = (8.0, 9.5, 1.2)  # the exercise's cards: width, height and the gap between them
ROW_STEP = MINI[1] + 1.0  # 10.5 mm a row: four exercises a page on Letter as on A4
SMALL = (5.2, 5.6, 0.4)  # the key's cards for the rows after: width, height, gap
TITLE = 8.0
GAP = 4.0


def sheet_pages(kit, body: Rect) -> list[list]:
    return _pages(kit, body, "practice", _sheet_exercise)


def key_pages(kit, body: Rect) -> list[list]:
    return _pages(kit, body, "practice-key", _key_exercise)


def _pages(kit, body: Rect, template: str, exercise) -> list[list]:
    words = kit.words(template)
    items = kit.model.exercises
    head, rest = title_line(body, words.plain("heading"), words.where("heading"))
    intro = Flow(rest, head)
    intro.text(words.markup("intro"), Style(TYPE.body), f"{template} intro", words.where("intro"), INTRO)
    intro.space()
    per_page = int((intro.rest.height + GAP) // (exercise_height(kit.model.setup) + GAP))
    pages = []
    for start in range(0, len(items), per_page):
        marks = list(head)
        for number, (box, item) in enumerate(zip(split_rows(intro.rest, per_page, GAP), items[start:start + per_page]),
                                             start=start + 1):
            marks += exercise(box, number, item, kit.model, words)
        pages.append(marks)
    return pages


def exercise_height(setup) -> float:
    return TITLE + setup.starter_rows * ROW_STEP + 3


def _frame(box: Rect, number: int, item, model, words) -> tuple[list, Flow]:
    """The box, its title, the rows with every card (room for the longest row the rules allow) and
    the revealed cards beside them; returns the marks and the column (its own marks still to
    come) where the answers go."""
    inner = Flow(box.inset(1.5 * SPACE))
    inner.line(words.plain("exercise", number, item.title or ""), TYPE.heading - 1, bold=True,
               item=f"exercise {number} title", where=words.where("exercise"))
    rows = inner.rest
    marks = [Box(box, width=0.3, level=0.5, radius=1.5)] + inner.marks
    for index, row in enumerate(item.rows):
        y = rows.top - (index + 1) * ROW_STEP
        marks.append(label(row_letter(index), Rect(rows.x, y, SPACE * 2, MINI[1]), TYPE.body, bold=True))
        marks += _cards(rows.x + 3 * SPACE, y, row)
    left = rows.x + 6 * SPACE + model.setup.row_limit * (MINI[0] + MINI[2])
    column = Flow(Rect(left, box.y + SPACE, box.right - 2 * SPACE - left, rows.top - box.y - SPACE))
    column.line(words.plain("revealed"), bold=True, item="revealed", where=words.where("revealed"))
    strip = column.take(MINI[1])
    marks += _cards(strip.x, strip.y, item.revealed, strong=True)
    column.space()
    return marks, column


def _cards(x: float, y: float, cards, strong: bool = False) -> list:
    """A row of the exercise's cards, the first with its bottom-left corner at (x, y)."""
    width, height, gap = MINI
    return card_row([MiniCard(str(card), look="strong" if strong else "plain") for card in cards], x, y, height,
                    width, gap)


def _sheet_exercise(box: Rect, number: int, item, model, words) -> list:
    """Beside each revealed card, lowest first, a line to write where it goes and what is collected;
    where a card has no row below it, the row its player chooses (the rules let them choose any,
    and the key's later answers hold for this one only)."""
    marks, column = _frame(box, number, item, model, words)
    chosen = next((step.row for step in model.steps(item) if step.kind == "no-lower"), None)
    if chosen is not None:
        column.line(words.plain("choice", row_letter(chosen)), TYPE.small, item="practice choice",
                    where=words.where("choice"))
        column.space(0.5)
    step = column.rest.height / len(item.revealed)
    for card in sorted(item.revealed):
        line = column.line(words.plain("answer", card), TYPE.body, item="practice answer", where=words.where("answer"))
        marks.append(Line(Segment(line.x, line.y - SPACE * 0.75, line.right, line.y - SPACE * 0.75), 0.2, 0.6))
        column.top = line.top - step
    return marks + column.marks


def _key_exercise(box: Rect, number: int, item, model, words) -> list:
    """The rows after every revealed card is resolved, and each step in words."""
    marks, column = _frame(box, number, item, model, words)
    steps = model.steps(item)
    column.line(words.plain("after"), bold=True, item="rows after", where=words.where("after"))
    for index, row in enumerate(steps[-1].rows_after):
        strip = column.take(SMALL[1])
        column.space(0.3)
        marks.append(label(row_letter(index), Rect(strip.x, strip.y, SPACE * 1.5, SMALL[1]), TYPE.smallest, True))
        marks += card_row([MiniCard(str(card)) for card in row], strip.x + SPACE * 1.75, strip.y, SMALL[1], SMALL[0],
                          SMALL[2])
    setup = model.setup
    widest = max(SPACE * 1.75 + setup.row_limit * (SMALL[0] + SMALL[2]), setup.players_max * (MINI[0] + MINI[2]))
    left = column.box.x + widest + 4 * SPACE
    text = "\n\n".join(_step_text(step, before, words) for step, before in _with_rows_before(steps, item.rows))
    answers = Flow(Rect(left, box.y + SPACE, box.right - left - 1.5 * SPACE, box.top - TITLE - box.y - SPACE))
    answers.text(text, Style(TYPE.body), f"practice key exercise {number}", words.where())
    return marks + column.marks + answers.marks


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
