"""The player aid: a half page per player, two to a page with a cut line between them. The rules
in short on the left; on the right the bust length for each player count and example centres,
each judged by the run check."""

from __future__ import annotations

from printkit.plan.geometry import Rect, Segment
from printkit.plan.page import plan_sheet
from printkit.render.pdf import PdfFile
from printkit.render.sheets import begin_sheet
from printkit.render.text import draw_blocks, fit
from printkit.rules.one_too_many import longest_run

from .marks import MINI, mini_card
from .model import computed

PER_PAGE = 2
GAP = 10.0  # between the two aids; the cut line runs down its middle
TITLE = 9.0
SIDE = 72.0  # the right-hand column: bust lengths and examples
MINI_STEP = MINI[0] + 1.0


def render(kit) -> tuple[bytes, int]:
    game = kit.data["game"]
    facts = computed(game)
    words = kit.words("player-aid", **facts)
    frame = plan_sheet(kit.options.paper)
    count = game["players"]["max"]
    pages = -(-count // PER_PAGE)
    pdf = kit.pdf("Player aid", f"{count} player aids, {PER_PAGE} to a page")
    footer = kit.footer("Player aid")
    steps = _fit_steps(text_box(aid_boxes(frame.body)[0]), words)  # every aid is the same size: fit once
    for page in range(pages):
        begin_sheet(pdf, frame, footer, page + 1, pages)
        for box in aid_boxes(frame.body)[:count - page * PER_PAGE]:
            _aid(pdf, box, steps, game, facts, words)
        _cut_line(pdf, frame)
    return pdf.finish(), pdf.pages


def aid_boxes(body: Rect) -> list[Rect]:
    """Two equal aids, top and bottom, GAP apart."""
    height = (body.height - GAP) / 2
    return [Rect(body.x, body.top - height, body.width, height), Rect(body.x, body.y, body.width, height)]


def _cut_line(pdf: PdfFile, frame) -> None:
    """A dashed line across the page, between the two aids, to the printable edge."""
    top, bottom = aid_boxes(frame.body)
    y = (top.y + bottom.top) / 2
    area = frame.paper.printable
    pdf.line(Segment(area.x + 0.5, y, area.right - 0.5, y), width=0.25, level=0.3, dash=(2.0, 1.5))


def text_box(box: Rect) -> Rect:
    """Where an aid's rules in short go: left of the side column, below the title."""
    inner = box.inset(4)
    return Rect(inner.x, inner.y, inner.width - SIDE - 5, inner.height - TITLE)


def _fit_steps(text: Rect, words):
    return fit(words.markup("steps"), text.width, text.height, 9.5, "player aid", words.where("steps"))[0]


def _aid(pdf: PdfFile, box: Rect, steps, game: dict, facts: dict, words) -> None:
    pdf.rect(box, width=0.4, radius=2.0)
    inner = box.inset(4)
    pdf.text(inner.x, inner.top - 5, words.plain("heading"), 12, font="Sans-Bold")
    pdf.text(inner.right, inner.top - 5, words.plain("goal"), 11, font="Sans-Bold", align="right")
    text = text_box(box)
    draw_blocks(pdf, steps, text.x, text.top, text.width)
    side = Rect(inner.right - SIDE, inner.y, SIDE, inner.height - TITLE)
    pdf.line(Segment(side.x - 2.5, side.y, side.x - 2.5, side.top), width=0.2, level=0.5)
    y = _bust_lengths(pdf, side, facts["bust"], words)
    y = _ace_examples(pdf, side.x, y - 3, game["deck"], facts["ace"], words)
    _examples(pdf, side.x, y - 3, game["deck"], facts["examples"], words)


def _bust_lengths(pdf: PdfFile, side: Rect, bust, words) -> float:
    y = side.top - 3
    pdf.text(side.x, y, words.plain("bust_title"), 9, font="Sans-Bold")
    for count, length in bust:
        y -= 4.2
        pdf.text(side.x + 2, y, words.plain("bust_line", count, length), 8.5)
    return y


def _ace_examples(pdf: PdfFile, x: float, top: float, deck: dict, ace: dict, words) -> float:
    """Three cards around the Ace, marked as a run only when the run check finds all three in one."""
    ranks, ace_low = tuple(deck["ranks"]), deck["ace_low"]
    y = top
    for side, cards in ace.items():
        y -= MINI[1] + 1.5
        run = longest_run(cards, ranks, ace_low)
        is_run = len(run) == len(cards)
        for i, rank in enumerate(cards):
            mini_card(pdf, x + i * MINI_STEP, y, rank, is_run)
        pdf.text(x + len(cards) * MINI_STEP + 2, y + 3.8, words.plain("ace_verdict", is_run, words.plain(side) if is_run else ""), 8.5)
    return y


def _examples(pdf: PdfFile, x: float, top: float, deck: dict, examples, words) -> None:
    """The content's example centres: the cards in the order they came, the longest run shaded."""
    pdf.text(x, top - 3, words.plain("examples_title"), 9, font="Sans-Bold")
    y = top - 4
    for verdict in examples:
        y -= MINI[1] + 2
        for i, rank in enumerate(verdict.diamonds):
            mini_card(pdf, x + i * MINI_STEP, y, rank, rank in verdict.run)
        y -= 3.8
        pdf.text(x, y, words.plain("verdict", verdict.players, list(verdict.run), verdict.busts), 7.5)
