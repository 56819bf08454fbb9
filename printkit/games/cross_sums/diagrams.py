"""The pictures on a Cross Sums setup page: the table layout (target clubs and empty grid places),
the deck map (every card's role) and the before/after drawing of an effect. Each draws into a box
it is given, scaled to fit, so the A4 sheet and the booklet's half-size page share them."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.plan.geometry import Rect
from printkit.render.pdf import PdfFile, text_width
from printkit.rules.cross_sums import DECK_RANKS, RANK_NAMES, Example, Setup, Target, apply

CARD_RATIO = 63.5 / 88.9  # a poker card's width over its height
SUIT_SIGNS = {"clubs": "\u2663", "diamonds": "\u2666", "hearts": "\u2665", "spades": "\u2660"}
MAP_SUITS = ("clubs", "hearts", "spades", "diamonds")
LABEL = 4.5  # room for the target value printed below a club


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


# --- one small card -----------------------------------------------------------------------------

def mini_card(pdf: PdfFile, cx: float, cy: float, height: float, rank: int, suit: str,
              crosswise: bool = False, level: float = 0.0) -> None:
    """A card face centred on (cx, cy): its rank large, its suit in the corner; turned a quarter
    (as the card lies on the table) when crosswise."""
    width = height * CARD_RATIO
    with pdf.placed(cx, cy, 90 if crosswise else 0):
        pdf.rect(Rect(-width / 2, -height / 2, width, height), width=0.3, level=level, fill=1.0,
                 radius=height * 0.06)
        size = height * 1.25  # points: the rank fills about half the card's height
        pdf.text(0, -size * 0.13, rank_name(rank), size, font="Sans-Bold", align="centre", level=level)
        corner = max(6.0, height * 0.42)
        pdf.text(-width / 2 + 0.7, height / 2 - corner * 0.36 - 0.5, f"{rank_name(rank)}{SUIT_SIGNS[suit]}",
                 corner, font="Sans-Bold", level=level)


def empty_place(pdf: PdfFile, cx: float, cy: float, height: float) -> None:
    width = height * CARD_RATIO
    pdf.rect(Rect(cx - width / 2, cy - height / 2, width, height), width=0.3, level=0.45,
             dash=(1.2, 0.9), radius=height * 0.06)


def stack(pdf: PdfFile, cx: float, cy: float, height: float, cards: tuple[int, ...], suit: str) -> None:
    """A grid place: empty, or its stack with each lower card peeking out above the next, greyed
    because it is spent."""
    if not cards:
        empty_place(pdf, cx, cy, height)
        return
    step = max(3.2, height * 0.2)  # enough of a spent card shows for its corner index
    for depth, rank in enumerate(cards):
        offset = (len(cards) - 1 - depth) * step
        mini_card(pdf, cx, cy + offset, height, rank, suit, level=0.0 if depth == len(cards) - 1 else 0.55)


# --- the table layout ---------------------------------------------------------------------------

@dataclass(frozen=True)
class LayoutPlan:
    """Where the clubs and grid places go: card height and pitches in mm, from the top-left."""

    card: float
    pitch_x: float
    pitch_y: float
    left: float
    top: float


def plan_layout(box: Rect, rows: int, columns: int, largest: float = 24.0) -> LayoutPlan:
    # a column is as wide as a crosswise club is long; a row as tall as a card and its value
    card = min(largest, box.width / (columns + 1) - 2.0, box.height / (rows + 1) - LABEL - 1.5)
    pitch_x, pitch_y = card + 2.0, card + LABEL + 1.5
    left = box.x + (box.width - pitch_x * (columns + 1)) / 2
    return LayoutPlan(card, pitch_x, pitch_y, left, box.top)


def draw_layout(pdf: PdfFile, box: Rect, setup: Setup, suit: str) -> LayoutPlan:
    rows, columns = setup.grid
    plan = plan_layout(box, rows, columns)
    for target in setup.targets:
        column = target.index + 1 if target.line == "column" else 0
        row = target.index + 1 if target.line == "row" else 0
        _target(pdf, plan, row, column, target, suit)
    for r in range(rows):
        for c in range(columns):
            empty_place(pdf, *_centre(plan, r + 1, c + 1), plan.card)
    return plan


def _centre(plan: LayoutPlan, row: int, column: int) -> tuple[float, float]:
    """The centre of a card in layout cell (row, column); row 0 holds the column clubs."""
    x = plan.left + (column + 0.5) * plan.pitch_x
    y = plan.top - row * plan.pitch_y - (plan.pitch_y - LABEL) / 2
    return x, y


def _target(pdf: PdfFile, plan: LayoutPlan, row: int, column: int, target: Target, suit: str) -> None:
    x, y = _centre(plan, row, column)
    mini_card(pdf, x, y, plan.card, target.rank, suit, crosswise=target.crosswise)
    pdf.text(x, y - plan.card / 2 - LABEL + 0.9, str(target.value), min(10.0, LABEL * 2.2),
             font="Sans-Bold", align="centre")


# --- the deck map -------------------------------------------------------------------------------

FILLS = {"number": 0.88, "action": 0.7}


def draw_deck_map(pdf: PdfFile, box: Rect, setup: Setup, words) -> None:
    """Suits by ranks; each cell says what that card does in this scenario."""
    label_w = 7.0
    cell_w = (box.width - label_w) / len(DECK_RANKS)
    cell_h = min(9.0, (box.height - 5.0) / len(MAP_SUITS))
    header = box.top - 5.0
    for i, rank in enumerate(DECK_RANKS):
        pdf.text(box.x + label_w + (i + 0.5) * cell_w, header + 1.4, rank_name(rank), 8, font="Sans-Bold",
                 align="centre")
    columns = {t.index: n for n, t in enumerate(_column_targets(setup), start=1)}
    for j, suit in enumerate(MAP_SUITS):
        y = header - (j + 1) * cell_h
        pdf.text(box.x + label_w / 2, y + cell_h / 2 - 1.6, SUIT_SIGNS[suit], 11, align="centre")
        for i, rank in enumerate(DECK_RANKS):
            cell = Rect(box.x + label_w + i * cell_w, y, cell_w, cell_h)
            _map_cell(pdf, cell, setup, rank, suit, columns, words)
    table = Rect(box.x + label_w, header - len(MAP_SUITS) * cell_h, cell_w * len(DECK_RANKS),
                 len(MAP_SUITS) * cell_h)
    pdf.rect(table, width=0.4)


def _column_targets(setup: Setup) -> list[Target]:
    return [t for t in setup.targets if t.line == "column"]


def _map_cell(pdf: PdfFile, cell: Rect, setup: Setup, rank: int, suit: str, columns, words) -> None:
    role = setup.role(rank, suit)
    target = next((t for t in setup.targets if (t.rank, "clubs") == (rank, suit)), None)
    pdf.rect(cell, width=0.15, level=0.5, fill=FILLS.get(role))
    cx, mid = cell.x + cell.width / 2, cell.y + cell.height / 2
    size = 7.0
    short = "_short" if cell.width < 11 else ""  # a half-size page: R2, C1, act
    if target is not None:
        name = (words.plain(f"role_row{short}", target.index + 1) if target.line == "row"
                else words.plain(f"role_column{short}", columns[target.index]))
        pdf.rect(cell.inset(0.35), width=0.5)
        pdf.text(cx, mid + 0.5, name, size, font="Sans-Bold", align="centre")
        value = str(target.value)
        pdf.text(cx, cell.y + 0.9, value, size, align="centre")
        if target.crosswise:
            _crosswise_sign(pdf, cx + text_width(value, size) / 2 + 1.6, cell.y + 2.0)
    elif role in FILLS:
        pdf.text(cx, mid - 1.2, words.plain(f"role_{'play' if role == 'number' else 'action'}{short}"), size,
                 align="centre")


def _crosswise_sign(pdf: PdfFile, x: float, y: float) -> None:
    """A small card lying on its side: the mark for a club turned crosswise."""
    pdf.rect(Rect(x - 1.3, y - 0.9, 2.6, 1.8), width=0.25, radius=0.2)


def draw_legend_sign(pdf: PdfFile, x: float, y: float) -> None:
    _crosswise_sign(pdf, x, y)


# --- the effect example -------------------------------------------------------------------------

def draw_example(pdf: PdfFile, box: Rect, example: Example, words, suit: str) -> Rect:
    """Before above after, each a row of places and the hand card; returns the caption's box."""
    after, returned = apply(example)
    label_w = 14.0
    slots = len(example.places) + 1.3
    card = min(17.0, (box.width - label_w) / slots / (CARD_RATIO + 0.12), (box.height - 18) / 2 / 1.45)
    row_h = card * 1.45
    rows = ((words.plain("before"), example.places, example.hand), (words.plain("after"), after, returned))
    for i, (label, places, hand) in enumerate(rows):
        top = box.top - i * row_h
        pdf.text(box.x, top - row_h / 2, label, 8.5, font="Sans-Bold")
        _example_row(pdf, Rect(box.x + label_w, top - row_h, box.width - label_w, row_h), places, hand,
                     card, suit, words)
    return Rect(box.x, box.y, box.width, box.height - 2 * row_h - 1.5)


def _example_row(pdf: PdfFile, area: Rect, places, hand, card: float, suit: str, words) -> None:
    pitch = card * (CARD_RATIO + 0.12)
    cy = area.y + card * 0.55
    for i, cards in enumerate(places):
        stack(pdf, area.x + pitch * (i + 0.5), cy, card, cards, suit)
    if hand is not None:
        hand_x = area.x + pitch * (len(places) + 0.8)
        pdf.text(hand_x, cy + card / 2 + 1.2, words.plain("hand_label"), 7, align="centre", level=0.3)
        mini_card(pdf, hand_x, cy, card, hand, suit)
