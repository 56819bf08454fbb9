"""The Diamonds track: one landscape page with a place per rank (A low, 2 ... K, A high) to lay
the centre Diamonds on, the bust length for each player count drawn to the same scale beneath,
and the Ace examples as the run check judges them."""

from __future__ import annotations

from printkit.errors import PrintkitError
from printkit.plan.geometry import POKER, Rect, Segment
from printkit.plan.page import plan_sheet
from printkit.render.pdf import PdfFile
from printkit.render.sheets import begin_sheet
from printkit.render.text import draw_blocks, fit
from printkit.rules.one_too_many import ace_examples, longest_run, track

from .marks import diamond
from .model import computed

PITCH = 18.0  # a place per rank: wide enough for a card's corner index to show
HOW = 16.0  # the heading and how to lay the cards
LABEL = 13.0  # the band with the ranks, above the cards
CARDS = POKER[1]  # a whole card fits below its place; the last cards hang over the page's right edge
BAR = 6.5


def render(kit) -> tuple[bytes, int]:
    game = kit.data["game"]
    deck = game["deck"]
    places = track(tuple(deck["ranks"]), deck["ace_low"])
    facts = computed(game)
    words = kit.words("diamond-track", **facts)
    frame = plan_sheet(kit.options.paper.landscape())
    body = frame.body
    if len(places) * PITCH > body.width:
        raise PrintkitError([kit.where("game.yaml", ("deck", "ranks")).with_message(
            f"deck.ranks: a track of {len(places)} places does not fit a landscape {frame.paper.name} page")])
    pdf = kit.pdf("Diamond track", f"a {deck['suit']} track of {len(places)} places, bust lengths marked")
    begin_sheet(pdf, frame, kit.footer("Diamond track"), 1, 1)
    pdf.text(body.x, body.top - 6, words.plain("heading"), 14, font="Sans-Bold")
    _text(pdf, Rect(body.x, body.top - HOW, body.width, HOW - 8), words, "how", 9.0)
    left = body.x + (body.width - len(places) * PITCH) / 2
    bottom = _strip(pdf, left, body.top - HOW - 2, places, deck["ace_low"], words)
    bottom = _bars(pdf, left, bottom - 4, facts["bust"], words)
    _ace_lines(pdf, Rect(left, body.y, body.right - left, bottom - body.y - 3), deck, words)
    return pdf.finish(), pdf.pages


def _text(pdf: PdfFile, box: Rect, words, name: str, largest: float) -> None:
    flowables, _ = fit(words.markup(name), box.width, box.height, largest, f"diamond-track {name}", words.where(name))
    draw_blocks(pdf, flowables, box.x, box.top, box.width)


def place_lines(left: float, count: int) -> list[float]:
    """The x of each place's left edge, where a card's left edge goes."""
    return [left + i * PITCH for i in range(count)]


def _strip(pdf: PdfFile, left: float, top: float, places, ace_low: bool, words) -> float:
    """The rank band and the card zone; returns the strip's bottom."""
    xs = place_lines(left, len(places))
    band = Rect(left, top - LABEL, len(places) * PITCH, LABEL)
    zone = Rect(left, band.y - CARDS, band.width, CARDS)
    pdf.rect(band, width=0.35, fill=0.92)
    for i, (x, rank) in enumerate(zip(xs, places)):
        pdf.text(x + 2, band.y + 4.5, rank, 14, font="Sans-Bold")
        diamond(pdf, x + PITCH - 4.5, band.y + 6.5, 2.2)
        if ace_low and i in (0, len(places) - 1):
            pdf.text(x + 2, band.y + 1.2, words.plain("low" if i == 0 else "high"), 7, level=0.3)
        pdf.line(Segment(x, zone.y, x, band.top), width=0.5)
    pdf.line(Segment(zone.right, zone.y, zone.right, band.top), width=0.5)
    pdf.rect(zone, width=0.25, level=0.5, dash=(1.5, 1.5))
    pdf.text(zone.right, zone.y - 3.5, words.plain("overhang"), 7.5, align="right", level=0.3)
    return zone.y


def _bars(pdf: PdfFile, left: float, top: float, bust, words) -> float:
    """A bar per player count, as long as the shortest busting run on the track above."""
    pdf.text(left, top - 3, words.plain("bars_title"), 8.5, font="Sans-Bold")
    y = top - 5
    for count, length in bust:
        y -= BAR
        bar = Rect(left, y + 1, length * PITCH, BAR - 2)
        pdf.rect(bar, width=0.35, fill=0.85)
        pdf.text(bar.x + 2, bar.y + 1.2, words.plain("bust_bar", count, length), 8)
    return y


def _ace_lines(pdf: PdfFile, box: Rect, deck: dict, words) -> None:
    """The Ace examples, each judged by the run check (a run only if all three cards make one)."""
    ranks, ace_low = tuple(deck["ranks"]), deck["ace_low"]
    lines = []
    for side, cards in ace_examples(ranks, ace_low).items():
        is_run = len(longest_run(cards, ranks, ace_low)) == len(cards)
        lines.append(words.plain("ace_line", list(cards), is_run, words.plain(side) if side != "across" else ""))
    pdf.text(box.x, box.top - 4, "   ·   ".join(lines), 10)
