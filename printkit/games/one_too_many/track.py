"""The Diamonds track: one landscape page with a place per rank (A low, 2 ... K, A high) to lay
the centre Diamonds on, the bust length for each player count drawn to the same scale beneath,
and the Ace examples as the run check judges them."""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.plan.geometry import POKER, Rect, Segment
from printkit.plan.marks import Box, Line
from printkit.plan.minicard import SUIT_SIGNS
from printkit.plan.text import Style, fit, label
from printkit.plan.type import TYPE
from printkit.products.sheets import title_line

from .model import bust_length

PITCH = 18.0  # a place per rank: wide enough for a card's corner index to show
HOW = 8.0  # how to lay the cards, under the title
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
    marks.append(fit(words.markup("how"), Rect(rest.x, rest.top - HOW, rest.width, HOW), Style(9.0),
                     "diamond-track how", words.where("how")))
    left = body.x + (body.width - len(places) * PITCH) / 2
    bottom = _strip(marks, left, rest.top - HOW - 2, places, rules.ace_low, words)
    bottom = _bars(marks, left, bottom - 4, rules, words)
    lines = "   ·   ".join(words.plain("ace_line", list(cards), is_run, words.plain(which) if which != "across" else "")
                           for which, cards, is_run in rules.ace_runs())
    marks.append(label(lines, Rect(left, bottom - 8, body.right - left, 5), TYPE.body, valign="bottom",
                       smallest=TYPE.smallest, item="diamond-track Ace examples", where=words.where("ace_line")))
    return [marks]


def place_lines(left: float, count: int) -> list[float]:
    """The x of each place's left edge, where a card's left edge goes."""
    return [left + i * PITCH for i in range(count)]


def _strip(marks: list, left: float, top: float, places, ace_low: bool, words) -> float:
    """The rank band and the card zone; returns the strip's bottom."""
    xs = place_lines(left, len(places))
    band = Rect(left, top - LABEL, len(places) * PITCH, LABEL)
    zone = Rect(left, band.y - CARDS, band.width, CARDS)
    marks.append(Box(band, width=0.35, fill=0.92))
    for i, (x, rank) in enumerate(zip(xs, places)):
        marks.append(label(rank, Rect(x + 2, band.y + 4.5, PITCH - 8, 6), 14, bold=True, valign="bottom",
                           item="track rank"))
        marks.append(label(SUIT_SIGNS["diamonds"], Rect(x + PITCH - 7.5, band.y + 3.5, 6.5, 7.5), 18, align="centre"))
        if ace_low and i in (0, len(places) - 1):
            name = "low" if i == 0 else "high"
            marks.append(label(words.plain(name), Rect(x + 2, band.y + 1.2, PITCH - 3, 3), 7, valign="bottom",
                               level=0.3, item=f"track {name}", where=words.where(name)))
        marks.append(Line(Segment(x, zone.y, x, band.top), width=0.5))
    marks.append(Line(Segment(zone.right, zone.y, zone.right, band.top), width=0.5))
    marks.append(Box(zone, width=0.25, level=0.5, dash=(1.5, 1.5)))
    marks.append(label(words.plain("overhang"), Rect(zone.x, zone.y - 4.5, zone.width, 3.5), 7.5, align="right",
                       valign="bottom", level=0.3, item="track overhang", where=words.where("overhang")))
    return zone.y


def _bars(marks: list, left: float, top: float, rules, words) -> float:
    """A bar per player count, as long as the shortest busting run on the track above."""
    marks.append(label(words.plain("bars_title"), Rect(left, top - 3.5, len(rules.track) * PITCH, 3.5), 8.5,
                       bold=True, valign="bottom", item="track bars title", where=words.where("bars_title")))
    y = top - 5
    for count in rules.player_counts:
        y -= BAR
        length = bust_length(count)
        bar = Rect(left, y + 1, length * PITCH, BAR - 2)
        marks.append(Box(bar, width=0.35, fill=0.85))
        marks.append(label(words.plain("bust_bar", count, length), Rect(bar.x + 2, bar.y + 1.2, bar.width - 3, 3), 8,
                           valign="bottom", smallest=TYPE.smallest, item="bust bar", where=words.where("bust_bar")))
    return y
