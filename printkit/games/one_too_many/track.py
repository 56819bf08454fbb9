"""The Diamonds track: one landscape page with a place per rank (A low, 2 ... K, A high) to lay
the centre Diamonds on, the bust length for each player count drawn to the same scale beneath,
and the Ace examples as the run check judges them."""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.plan.geometry import POKER, Rect, Segment
from printkit.plan.marks import Box, Line
from printkit.plan.minicard import SUIT_SIGNS
from printkit.plan.flow import Flow
from printkit.plan.text import Style, label
from printkit.plan.type import TYPE
from printkit.products.sheets import title_line

from .model import bust_length

PITCH = 18.0  # a place per rank: wide enough for a card's corner index to show
HOW = 8.0  # mm: how to lay the cards, under the title
LABEL = 13.0  # the band with the ranks, above the cards
CARDS = POKER[1]  # a whole card fits below its place; the last cards hang over the page's right edge
BAR = 6.5


def pages(kit, body: Rect) -> list[list]:
    rules = kit.model
    places = rules.track
    words = kit.words("diamond-track", **rules.computed())
    if len(places) * PITCH > body.width:
        raise PrintkitError([kit.where("game.yaml", ("deck", "ranks")).with_message(
            f"deck.ranks: a track of {len(places)} places does not fit a landscape "
            f"{kit.options.paper.landscape().name} page")])
    marks, rest = title_line(body, words.plain("heading"), words.where("heading"))
    left = body.x + (body.width - len(places) * PITCH) / 2
    flow = Flow(Rect(left, rest.y, len(places) * PITCH, rest.height), marks)
    flow.text(words.markup("how"), Style(TYPE.small + 1), "diamond-track how", words.where("how"), HOW)
    flow.space()
    _strip(flow, places, rules.ace_low, words)
    flow.line(words.plain("overhang"), TYPE.smallest, align="right", level=0.3, item="track overhang",
              where=words.where("overhang"))
    flow.line(words.plain("bars_title"), bold=True, item="track bars title", where=words.where("bars_title"))
    for count in rules.player_counts:
        bar = flow.take(BAR)
        bar = Rect(bar.x, bar.y + 1, bust_length(count) * PITCH, BAR - 2)
        marks += [Box(bar, width=0.35, fill=0.85),
                  label(words.plain("bust_bar", count, bust_length(count)), bar.inset(0.5), TYPE.small,
                        smallest=TYPE.smallest, item="bust bar", where=words.where("bust_bar"))]
    flow.space()
    lines = "   ·   ".join(words.plain("ace_line", list(cards), is_run, words.plain(which) if which != "across" else "")
                           for which, cards, is_run in rules.ace_runs())
    flow.line(lines, TYPE.body, item="diamond-track Ace examples", where=words.where("ace_line"))
    return [marks]


def place_lines(left: float, count: int) -> list[float]:
    """The x of each place's left edge, where a card's left edge goes."""
    return [left + i * PITCH for i in range(count)]


def _strip(flow: Flow, places, ace_low: bool, words) -> None:
    """The rank band above the card zone: a place per rank, each place's left edge ruled."""
    band, zone = flow.take(LABEL), flow.take(CARDS)
    flow.marks += [Box(band, width=0.35, fill=0.92), Box(zone, width=0.25, level=0.5, dash=(1.5, 1.5))]
    for i, (x, rank) in enumerate(zip(place_lines(band.x, len(places)), places)):
        place = Rect(x, band.y, PITCH, band.height).inset(1)
        flow.marks += [label(rank, Rect(place.x, place.y + place.height / 3, place.width / 2, place.height * 2 / 3),
                             TYPE.title, bold=True, item="track rank"),
                       label(SUIT_SIGNS["diamonds"], Rect(place.x + place.width / 2, place.y, place.width / 2,
                                                          place.height), 18, align="centre"),
                       Line(Segment(x, zone.y, x, band.top), width=0.5)]
        if ace_low and i in (0, len(places) - 1):
            name = "low" if i == 0 else "high"
            flow.marks.append(label(words.plain(name), Rect(place.x, place.y, place.width, place.height / 3),
                                    TYPE.smallest, valign="bottom", level=0.3, item=f"track {name}",
                                    where=words.where(name)))
    flow.marks.append(Line(Segment(zone.right, zone.y, zone.right, band.top), width=0.5))
