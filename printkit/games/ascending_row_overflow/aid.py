"""The player aid: a half page for each player, everything a turn asks of them: choosing and
revealing, collecting, the deal and the score, and the overflow drawn from the practice exercises."""

from __future__ import annotations

from printkit.plan.flow import Flow
from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Box, Line, Polygon
from printkit.plan.minicard import MiniCard, card_row
from printkit.plan.label import label
from printkit.plan.typeset import Style
from printkit.plan.type import LINE, SPACE, TYPE
from printkit.products.sheets import title_line

MINI = (11.0, 15.4)  # the diagram's cards, width by height
STEP = MINI[0] + 1.0


def aid(kit, box: Rect) -> list:
    words = kit.words("player-aid")
    head, rest = title_line(box.inset(2 * SPACE), words.plain("heading"), words.where("heading"),
                            right=words.plain("goal"))
    left, right = rest.cut_left(rest.width * 0.55, 3 * SPACE)
    turn, deal = Flow(left), Flow(right)
    turn.text(words.markup("turn"), Style(TYPE.body), "player aid turn", words.where("turn"))
    deal.text(words.markup("deal"), Style(TYPE.body), "player aid deal", words.where("deal"))
    deal.space(1.5)
    example = kit.model.overflow_example()
    drawing = overflow_diagram(deal, *example, words) if example else []
    return [Box(box, width=LINE.heavy, radius=SPACE)] + head + turn.marks + deal.marks + drawing


def overflow_diagram(flow: Flow, row, card: int, words) -> list:
    """Before: a full row and the card that belongs to it (one too many) pointing at its end;
    after: that card alone, starting the row."""
    flow.line(words.plain("before"), bold=True, item="overflow diagram", where=words.where("before"))
    cards = flow.take(MINI[1])
    right = cards.x + len(row) * STEP
    marks = card_row([MiniCard(str(v)) for v in row], cards.x, cards.y, MINI[1], MINI[0], STEP - MINI[0])
    marks += card_row([MiniCard(str(card), look="strong")], right + 4 * SPACE, cards.y, MINI[1], MINI[0])
    marks += _arrow(right + 3.5 * SPACE, cards.y + MINI[1] / 2, right + SPACE / 2)
    flow.space()
    under = flow.take(0)
    marks.append(Line(Segment(cards.x, under.y, right - SPACE, under.y), width=LINE.heavy))
    flow.space(0.5)
    line = flow.line(words.plain("collect"), width=right - cards.x, align="centre", item="overflow diagram",
                     where=words.where("collect"))
    marks.append(label(words.plain("one_too_many"), Rect(right + SPACE, line.y, MINI[0] + 6 * SPACE, line.height),
                       TYPE.small, align="centre", valign="bottom", item="overflow diagram",
                       where=words.where("one_too_many")))
    flow.space(1.5)
    flow.line(words.plain("after"), bold=True, item="overflow diagram", where=words.where("after"))
    after = flow.take(MINI[1])
    marks += card_row([MiniCard(str(card), look="strong")], after.x, after.y, MINI[1], MINI[0])
    marks.append(label(words.plain("starts"), Rect(after.x + MINI[0] + SPACE, after.y,
                                                  flow.box.right - after.x - MINI[0] - SPACE, after.height),
                       TYPE.small, item="overflow diagram", where=words.where("starts")))
    return marks


def _arrow(x1: float, y: float, x2: float) -> list:
    """A horizontal arrow from x1 pointing at x2."""
    head = -1.8 if x2 < x1 else 1.8
    return [Line(Segment(x1, y, x2 + 1.5, y), width=0.45),
            Polygon(((x2, y), (x2 - head, y + 1.2), (x2 - head, y - 1.2)), width=0.2, fill=0.0)]
