"""The player aid: a half page per player, two to a page with a cut line between them. The rules
in short on the left; on the right the bust length for each player count and example centres,
each judged by the run check."""

from __future__ import annotations

from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Box, Group, Line
from printkit.plan.minicard import MiniCard, mini_card
from printkit.plan.text import Style, fit, label
from printkit.plan.type import TYPE

from .model import bust_length

PER_PAGE = 2
GAP = 10.0  # between the two aids; the cut line runs down its middle
TITLE = 9.0
SIDE = 72.0  # the right-hand column: bust lengths and examples
MINI = (8.0, 10.5)  # a Diamond drawn small, width by height
MINI_STEP = MINI[0] + 1.0
SUIT = "diamonds"


def pages(kit, body: Rect) -> list[list]:
    words = kit.words("player-aid", **kit.model.computed())
    count = kit.model.players_max
    top, bottom = aid_boxes(body)
    aid = _aid(top, kit.model, words)  # every aid is the same: planned once, the second one moved down
    below = [_moved(mark, bottom.y - top.y) for mark in aid]
    cut = _cut_line(kit.options.paper.printable, (top.y + bottom.top) / 2)
    return [aid + (below if count - page * PER_PAGE > 1 else []) + [cut]
            for page in range(-(-count // PER_PAGE))]


def aid_boxes(body: Rect) -> list[Rect]:
    """Two equal aids, top and bottom, GAP apart."""
    height = (body.height - GAP) / 2
    return [Rect(body.x, body.top - height, body.width, height), Rect(body.x, body.y, body.width, height)]


def _moved(mark, dy: float) -> Group:
    return Group((mark,), 0.0, dy)


def _cut_line(printable: Rect, y: float) -> Line:
    """A dashed line across the page, between the two aids, to the printable edge."""
    return Line(Segment(printable.x + 0.5, y, printable.right - 0.5, y), width=0.25, level=0.3, dash=(2.0, 1.5))


def text_box(box: Rect) -> Rect:
    """Where an aid's rules in short go: left of the side column, below the title."""
    inner = box.inset(4)
    return Rect(inner.x, inner.y, inner.width - SIDE - 5, inner.height - TITLE)


def _aid(box: Rect, rules, words) -> list:
    inner = box.inset(4)
    band = Rect(inner.x, inner.top - 7, inner.width, 7)
    marks = [Box(box, width=0.4, radius=2.0),
             label(words.plain("heading"), band, TYPE.heading + 1, bold=True, valign="top", item="aid heading",
                   where=words.where("heading")),
             label(words.plain("goal"), band, TYPE.heading, bold=True, align="right", valign="top", item="aid goal",
                   where=words.where("goal")),
             fit(words.markup("steps"), text_box(box), Style(9.5), "player aid", words.where("steps"))]
    side = Rect(inner.right - SIDE, inner.y, SIDE, inner.height - TITLE)
    marks.append(Line(Segment(side.x - 2.5, side.y, side.x - 2.5, side.top), width=0.2, level=0.5))
    y = _bust_lengths(marks, side, rules, words)
    y = _ace_examples(marks, side, y - 3, rules, words)
    _examples(marks, side, y - 3, rules, words)
    return marks


def _line(words, name: str, box: Rect, size: float, bold: bool = False, *args):
    return label(words.plain(name, *args), box, size, bold=bold, valign="bottom", smallest=TYPE.smallest,
                 item=f"player aid {name.replace('_', ' ')}", where=words.where(name))


def _bust_lengths(marks: list, side: Rect, rules, words) -> float:
    y = side.top - 3
    marks.append(_line(words, "bust_title", Rect(side.x, y, side.width, 4), 9, True))
    for count in rules.player_counts:
        y -= 4.2
        marks.append(_line(words, "bust_line", Rect(side.x + 2, y, side.width - 2, 4), 8.5, False, count,
                           bust_length(count)))
    return y


def _ace_examples(marks: list, side: Rect, top: float, rules, words) -> float:
    """Three cards around the Ace, marked as a run only when the run check finds all three in one."""
    y = top
    for which, cards, is_run in rules.ace_runs():
        y -= MINI[1] + 1.5
        marks += _cards(side.x, y, cards, set(cards) if is_run else set())
        text_x = side.x + len(cards) * MINI_STEP + 2
        marks.append(_line(words, "ace_verdict", Rect(text_x, y + 3.8, side.right - text_x, 4), 8.5, False, is_run,
                           words.plain(which) if is_run else ""))
    return y


def _examples(marks: list, side: Rect, top: float, rules, words) -> None:
    """The content's example centres: the cards in the order they came, the longest run shaded."""
    marks.append(_line(words, "examples_title", Rect(side.x, top - 3, side.width, 4), 9, True))
    y = top - 4
    for verdict in rules.verdicts():
        y -= MINI[1] + 2
        marks += _cards(side.x, y, verdict.diamonds, set(verdict.run))
        y -= 3.8
        marks.append(_line(words, "verdict", Rect(side.x, y, side.width, 3.5), 7.5, False, verdict.players,
                           list(verdict.run), verdict.busts))


def _cards(x: float, y: float, ranks, in_run: set) -> list:
    """Small Diamonds from (x, y), bottom-left; a card of the run stands out, so the run reads in
    black-and-white print."""
    return [mini_card(MiniCard(rank, SUIT, index=False, look="strong" if rank in in_run else "plain"),
                      x + i * MINI_STEP + MINI[0] / 2, y + MINI[1] / 2, MINI[1], MINI[0])
            for i, rank in enumerate(ranks)]
