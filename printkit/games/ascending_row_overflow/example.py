"""The rules' worked example drawn (the `[[example]]` figure of rules.j2): the rows before, the
revealed cards lowest first, and the rows after every card is resolved, each revealed card
standing out where it went; under them the cards collected. Worked out by the rules model, as
the practice key's first exercise is."""

from __future__ import annotations

from dataclasses import replace

from printkit.plan.geometry import Rect
from printkit.plan.marks import Box, Polygon
from printkit.plan.minicard import MiniCard, card_row
from printkit.plan.fitting import fit
from printkit.plan.label import label
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, LINE, SPACE, TYPE

from .model import row_letter

CARD = (8.0, 9.5, 1.2)  # width, height and the gap between two cards, as on the practice sheet
ROW = CARD[1] + 1.5
HEAD = 6.0  # a block's heading
ARROW = 13.0  # the room an arrow between two blocks takes
CAPTION = 12.0  # mm, at most


def figure(kit, width: float, words) -> tuple[list, float]:
    """The example in a light frame, its caption under it: (marks from the frame's bottom-left
    corner, height)."""
    model = kit.model
    example = model.exercises[0]
    steps = model.steps(example)
    rows_after = steps[-1].rows_after
    placed = {step.card for step in steps}
    collected = sorted(card for step in steps for card in step.collected)
    setup = model.setup
    rows_width = 2 * SPACE + setup.row_limit * (CARD[0] + CARD[2])
    revealed_width = max(len(example.revealed) * (CARD[0] + CARD[2]), 36.0)
    inner = width - 4 * SPACE
    caption = fit(words.markup("figure_caption"), Rect(2 * SPACE, 0, inner, CAPTION), Style(TYPE.small),
                  "rules example caption", words.where("figure_caption"))
    picture = HEAD + setup.starter_rows * ROW + (HEAD + ROW if collected else 0.0)
    height = 2 * SPACE + picture + SPACE + caption.height + 2 * SPACE
    top = height - 2 * SPACE
    blocks = rows_width + ARROW + revealed_width + ARROW + rows_width
    x = 2 * SPACE + max(0.0, (inner - blocks) / 2)
    marks = [Box(Rect(0, 0, width, height), width=LINE.thin, level=GREY.guide, radius=SPACE)]
    marks += _rows(x, top, rows_width, "figure_before", example.rows, set(), words)
    x += rows_width
    marks.append(_arrow(x, top - HEAD - CARD[1] / 2))
    x += ARROW
    marks.append(_heading(words.plain("figure_revealed"), x, top, revealed_width, words.where("figure_revealed")))
    marks += card_row([MiniCard(str(card), look="strong") for card in sorted(example.revealed)], x,
                      top - HEAD - CARD[1], CARD[1], CARD[0], CARD[2])
    x += revealed_width
    marks.append(_arrow(x, top - HEAD - CARD[1] / 2))
    x += ARROW
    marks += _rows(x, top, rows_width, "figure_after", rows_after, placed, words)
    if collected:
        below = top - HEAD - setup.starter_rows * ROW
        marks.append(_heading(words.plain("figure_collected", len(collected)), x, below, rows_width * 2,
                              words.where("figure_collected")))
        marks += card_row([MiniCard(str(card), look="spent") for card in collected], x, below - HEAD - CARD[1],
                          CARD[1], CARD[0], CARD[2])
    marks.append(replace(caption, top=2 * SPACE + caption.height))
    return marks, height


def _rows(x: float, top: float, width: float, heading: str, rows, placed: set[int], words) -> list:
    """The rows A, B, … under a heading (a name of the template's words), a card that was just
    placed standing out."""
    marks = [_heading(words.plain(heading), x, top, width, words.where(heading))]
    for index, row in enumerate(rows):
        y = top - HEAD - (index + 1) * ROW + (ROW - CARD[1])
        marks.append(label(row_letter(index), Rect(x, y, 2 * SPACE, CARD[1]), TYPE.body, bold=True))
        marks += card_row([MiniCard(str(card), look="strong" if card in placed else "plain") for card in row],
                          x + 2 * SPACE, y, CARD[1], CARD[0], CARD[2])
    return marks


def _heading(text: str, x: float, top: float, width: float, where):
    return label(text, Rect(x, top - HEAD + 1.0, width, HEAD - 1.0), TYPE.small, bold=True, align="left",
                 item="rules example heading", where=where)


def _arrow(x: float, y: float) -> Polygon:
    """A small arrow pointing right, centred in the room between two blocks."""
    left, right, half = x + 3.0, x + ARROW - 4.0, 1.6
    return Polygon(((left, y - 0.4), (right - 2.2, y - 0.4), (right - 2.2, y - half), (right, y),
                    (right - 2.2, y + half), (right - 2.2, y + 0.4), (left, y + 0.4)), width=0.2, level=0.0, fill=0.0)
