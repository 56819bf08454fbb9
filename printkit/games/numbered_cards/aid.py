"""The player aid: one page for the solo player to keep beside the row. A turn, the end and the
win on the left; the three kinds of card on the right, each band drawn as the cards print it;
below, every card of the deck by number, so the player knows what may still come from the deck."""

from __future__ import annotations

import markupsafe

from dataclasses import dataclass

from printkit.ground.errors import PrintkitError
from printkit.plan.flow import Flow
from printkit.plan.geometry import POKER, Rect, Segment
from printkit.plan.marks import Box, Line
from printkit.plan.table import PAD, Cell, Column, Row, Table, column_widths, plan_table
from printkit.plan.fitting import measure, sizes
from printkit.plan.label import label
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, LINE, SPACE, TYPE
from printkit.products.sheets import title_line

from .model import KINDS

BAND_INSET = 4.25  # mm: the card's band stands this far in from each side (content/numbered-cards/layouts.yaml)
BAND_WIDTH = POKER[0] - 2 * BAND_INSET  # a kind's band as wide as on the card
BAND_HEIGHT = 8.0
CARD_ROW = (6.5, 9.0)  # mm: one card of the deck, its ability on one line: at least, at most
HEADER_ROW = 7.0
COLUMNS = (Column("number", width=12.0), Column("kind", width=34.0), Column("ability", align="left"))


def pages(kit, body: Rect) -> list[list]:
    deck = kit.model
    words = kit.words("player-aid", win_at=deck.win_at)
    marks, rest = title_line(body, words.plain("heading"), words.where("heading"), right=words.plain("goal"))
    kinds, steps = rest.cut_right(BAND_WIDTH + 2 * SPACE, 2.5 * SPACE)
    left, right = Flow(steps), Flow(kinds)
    left.text(words.markup("steps"), Style(TYPE.body, TYPE.small), "player aid", words.where("steps"))
    _kinds(right, deck, words)
    above = Rect(rest.x, min(left.top, right.top), rest.width, rest.top - min(left.top, right.top))
    x = steps.right + 1.25 * SPACE
    marks += left.marks + right.marks + [Line(Segment(x, above.y, x, above.top), width=LINE.thin, level=GREY.guide)]
    below = Rect(rest.x, rest.y, rest.width, above.y - 2 * SPACE - rest.y)
    return [marks + _cards(below, kit, words)]


def _kinds(flow: Flow, deck, words) -> None:
    """Each kind's band as the cards print it, and what the kind means under it."""
    flow.line(words.plain("kinds_title"), TYPE.heading, bold=True, item="kinds title", where=words.where("kinds_title"))
    for kind in KINDS:
        strip = flow.take(BAND_HEIGHT)
        flow.marks += kind_band(kind, deck.symbols[kind], deck.names[kind], Rect(strip.x, strip.y, BAND_WIDTH, strip.height))
        flow.space(0.5)
        flow.text(words.markup(f"kind_{kind}"), Style(TYPE.body, TYPE.small), f"{kind} explained",
                  words.where(f"kind_{kind}"))
        flow.space()
    flow.text(words.markup("face_down_note"), Style(TYPE.body, TYPE.small), "face-down note",
              words.where("face_down_note"))


def _cards(box: Rect, kit, words) -> list:
    """Every card by number: its kind's band in the kind column, its ability beside it; the rows
    share the height the page leaves them, a long ability taking the lines it needs."""
    flow = Flow(box)
    flow.line(words.plain("cards_title"), TYPE.heading, bold=True, item="cards title", where=words.where("cards_title"))
    flow.space(0.5)
    ordered = kit.model.in_number_order()
    abilities = [str(markupsafe.escape(card.ability)) for _, card in ordered]
    size, heights = _rows(abilities, flow.rest, kit)
    header = Row(tuple(Cell(words.plain(c.name), bold=True, align="left" if c.name == "ability" else None,
                            where=words.where(c.name)) for c in COLUMNS), HEADER_ROW, shade=GREY.shade)
    rows = [header] + [Row((Cell(str(card.number), bold=True, size=TYPE.body), Cell(),
                            Cell(text, size=size, wrap=True, where=kit.where("game.yaml", ("cards", i, "ability")))),
                           height) for (i, card), text, height in zip(ordered, abilities, heights)]
    table = plan_table(Table(COLUMNS, item="player aid cards"), flow.rest, rows, words.where())
    bands = []
    for row, ((_, card), height) in enumerate(zip(ordered, heights), start=1):
        band = min(height, CARD_ROW[1])
        cell = Rect(table.xs[1], table.ys[row + 1] + (height - band) / 2, table.xs[2] - table.xs[1], band).inset(0.6)
        bands += kind_band(card.kind, kit.model.symbols[card.kind], kit.model.names[card.kind], cell, TYPE.body)
    return flow.marks + list(table.marks) + bands


def _rows(abilities: list[str], room: Rect, kit) -> tuple[float, list[float]]:
    """The largest size (body size at most) at which every ability fits its row, the rows filling
    at most the room, and each row's height: the room shared out, a long ability's row taller."""
    width = column_widths(COLUMNS, room.width)[-1] - 2 * PAD
    for size in sizes(Style(TYPE.body, TYPE.smallest)):
        needed = [max(CARD_ROW[0], measure(text, width, size) + 2 * PAD) for text in abilities]
        if sum(needed) <= room.height - HEADER_ROW:
            spare = (room.height - HEADER_ROW - sum(needed)) / len(needed)
            return size, [min(height + spare, max(height, CARD_ROW[1])) for height in needed]
    raise PrintkitError([kit.where("game.yaml", ("cards",)).with_message(
        f"player aid: the {len(abilities)} cards' abilities do not fit the page on {kit.options.paper.name}")])


@dataclass(frozen=True)
class Band:
    """How a kind's band is printed: its fill, its outline, the grey of its words."""

    fill: float | None
    outline: float | None  # line width, mm
    words: float


# As the cards print them (layouts.yaml): black with white words, grey, white with a heavy outline,
# three tones that survive a copier.
BANDS = {"Play": Band(GREY.ink, None, 1.0), "Discard": Band(GREY.shade, None, GREY.ink),
         "Passive": Band(1.0, LINE.heavy, GREY.ink)}


def kind_band(kind: str, mark: str, name: str, box: Rect, size: float = TYPE.heading) -> tuple:
    """A kind's band: its tone, and its mark and name (in the language built) in the middle."""
    look = BANDS[kind]
    fill = Box(box, width=look.outline or 0.0, level=GREY.ink if look.outline else None, fill=look.fill)
    words = label(f"{mark}  {name}", Rect(box.x + SPACE, box.y, box.width - 2 * SPACE, box.height), size,
                  bold=True, align="centre", level=look.words, item=f"{kind} band")
    return fill, words
