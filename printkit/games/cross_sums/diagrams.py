"""The pictures only a Cross Sums setup page has: the table layout (target clubs and empty grid
places), the deck map (every card's role) and the before/after drawing of an effect. Each is
planned into a box it is given, scaled to fit, so the sheet and the booklet's half-size page
share them."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.plan.fonts import text_width
from printkit.plan.geometry import Rect
from printkit.plan.marks import Box
from printkit.plan.minicard import CARD_RATIO, SUIT_SIGNS, MiniCard, empty_place, mini_card, stack
from printkit.plan.text import label
from printkit.plan.type import GREY, LINE, SPACE, TYPE

from .model import DECK_RANKS, RANK_NAMES, Example, Setup, Target, apply

MAP_SUITS = ("clubs", "hearts", "spades", "diamonds")
LABEL = 4.5  # room for the target value printed below a club
SPREAD = 0.12  # the example's cards stand this far apart, x their height
ROW = 1.45  # an example row is this tall, x a card's height: room for the spent cards above
FILLS = {"number": GREY.shade, "action": 0.7}


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


# --- the table layout ---------------------------------------------------------------------------

@dataclass(frozen=True)
class LayoutPlan:
    """Where the clubs and grid places go: card height and pitches in mm, from the top-left."""

    card: float
    pitch_x: float
    pitch_y: float
    left: float
    top: float

    def centre(self, row: int, column: int) -> tuple[float, float]:
        """The centre of a card in layout cell (row, column); row 0 holds the column clubs."""
        return (self.left + (column + 0.5) * self.pitch_x,
                self.top - row * self.pitch_y - (self.pitch_y - LABEL) / 2)


def plan_layout(box: Rect, rows: int, columns: int, largest: float = 24.0) -> LayoutPlan:
    # a column is as wide as a crosswise club is long; a row as tall as a card and its value
    card = min(largest, box.width / (columns + 1) - 2.0, box.height / (rows + 1) - LABEL - 1.5)
    pitch_x, pitch_y = card + 2.0, card + LABEL + 1.5
    return LayoutPlan(card, pitch_x, pitch_y, box.x + (box.width - pitch_x * (columns + 1)) / 2, box.top)


def layout(box: Rect, setup: Setup, suit: str, card: float | None = None) -> list:
    rows, columns = setup.grid
    plan = plan_layout(box, rows, columns, card or 24.0)
    marks = []
    for target in setup.targets:
        row, column = (target.index + 1, 0) if target.line == "row" else (0, target.index + 1)
        marks += _target(plan, *plan.centre(row, column), target, suit)
    marks += [empty_place(*plan.centre(r + 1, c + 1), plan.card) for r in range(rows) for c in range(columns)]
    return marks


def _target(plan: LayoutPlan, x: float, y: float, target: Target, suit: str) -> list:
    below = Rect(x - plan.pitch_x / 2, y - plan.card / 2 - LABEL, plan.pitch_x, LABEL)
    value = label(str(target.value), below.inset(SPACE / 4), TYPE.body, bold=True, align="centre")
    return [mini_card(MiniCard(rank_name(target.rank), suit, crosswise=target.crosswise), x, y, plan.card), value]


# --- the deck map -------------------------------------------------------------------------------

def deck_map(box: Rect, setup: Setup, words) -> list:
    """Suits by ranks; each cell says what that card does in this scenario."""
    label_w, head = 3.5 * SPACE, 2.5 * SPACE  # the suits' column, the ranks' row
    cell_w = (box.width - label_w) / len(DECK_RANKS)
    cell_h = min(4.5 * SPACE, (box.height - head) / len(MAP_SUITS))
    header = box.top - head
    marks = [label(rank_name(rank), Rect(box.x + label_w + i * cell_w, header, cell_w, head).inset(SPACE / 4),
                   TYPE.small, bold=True, align="centre") for i, rank in enumerate(DECK_RANKS)]
    columns = {t.index: n for n, t in enumerate((t for t in setup.targets if t.line == "column"), start=1)}
    for j, suit in enumerate(MAP_SUITS):
        y = header - (j + 1) * cell_h
        marks.append(label(SUIT_SIGNS[suit], Rect(box.x, y, label_w, cell_h), TYPE.heading, align="centre"))
        for i, rank in enumerate(DECK_RANKS):
            cell = Rect(box.x + label_w + i * cell_w, y, cell_w, cell_h)
            marks += _map_cell(cell, setup, rank, suit, columns, words)
    table = Rect(box.x + label_w, header - len(MAP_SUITS) * cell_h, cell_w * len(DECK_RANKS), len(MAP_SUITS) * cell_h)
    return marks + [Box(table, width=LINE.rule)]


def _map_cell(cell: Rect, setup: Setup, rank: int, suit: str, columns, words) -> list:
    role = setup.role(rank, suit)
    target = next((t for t in setup.targets if (t.rank, "clubs") == (rank, suit)), None)
    marks = [Box(cell, width=LINE.hairline, level=GREY.guide, fill=FILLS.get(role))]
    short = "_short" if cell.width < 5.5 * SPACE else ""  # a half-size page: R2, C1, act
    inner = cell.inset(SPACE / 3)
    if target is not None:
        name = (words.plain(f"role_row{short}", target.index + 1) if target.line == "row"
                else words.plain(f"role_column{short}", columns[target.index]))
        value = str(target.value)
        marks += [Box(cell.inset(SPACE / 6), width=LINE.heavy), _cell_label(name, inner, True, "top", words, f"role_row{short}"),
                  _cell_label(value, inner, False, "bottom", words, None)]
        if target.crosswise:
            marks.append(_crosswise_sign(cell.x + cell.width / 2 + text_width(value, TYPE.smallest) / 2 + SPACE,
                                         cell.y + SPACE))
    elif role in FILLS:
        word = f"role_{'play' if role == 'number' else 'action'}{short}"
        marks.append(_cell_label(words.plain(word), inner, False, "middle", words, word))
    return marks


def _cell_label(text: str, box: Rect, bold: bool, valign: str, words, name):
    return label(text, box, TYPE.smallest, bold=bold, align="centre", valign=valign, smallest=TYPE.smallest - 1.5,
                 item="deck map cell", where=words.where(name) if name else None)


def _crosswise_sign(x: float, y: float) -> Box:
    """A small card lying on its side: the mark for a club turned crosswise."""
    width = 1.3 * SPACE
    return Box(Rect(x - width / 2, y - width * CARD_RATIO / 2, width, width * CARD_RATIO), width=LINE.thin,
               radius=width / 10)


# --- the effect example -------------------------------------------------------------------------

def example(box: Rect, shown: Example, words, suit: str) -> tuple[list, Rect]:
    """Before above after, each a row of places and the hand card; returns the marks and the box
    left below them for the caption."""
    after, returned = apply(shown)
    label_w = 7 * SPACE
    slots = len(shown.places) + 1.3  # the places, and the hand card a little apart
    card = min(17.0, (box.width - label_w) / slots / (CARD_RATIO + SPREAD), (box.height - 9 * SPACE) / 2 / ROW)
    row_h = card * ROW
    marks = []
    for i, (name, places, hand) in enumerate((("before", shown.places, shown.hand), ("after", after, returned))):
        row = Rect(box.x, box.top - (i + 1) * row_h, box.width, row_h)
        marks.append(label(words.plain(name), Rect(row.x, row.y, label_w, row.height), TYPE.small + 0.5, bold=True,
                           item="example label", where=words.where(name)))
        marks += _example_row(Rect(row.x + label_w, row.y, row.width - label_w, row.height), places, hand, card,
                              suit, words)
    return marks, Rect(box.x, box.y, box.width, box.height - 2 * row_h - SPACE)


def _example_row(area: Rect, places, hand, card: float, suit: str, words) -> list:
    pitch = card * (CARD_RATIO + SPREAD)
    cy = area.y + card / 2 + SPACE / 2
    marks = []
    for i, cards in enumerate(places):
        x = area.x + pitch * (i + 0.5)
        marks += stack([MiniCard(rank_name(rank), suit) for rank in cards], x, cy, card) if cards else \
            [empty_place(x, cy, card)]
    if hand is not None:
        x = area.x + pitch * (len(places) + 0.8)
        marks.append(label(words.plain("hand_label"), Rect(x - pitch / 2, cy + card / 2, pitch, SPACE * 1.75),
                           TYPE.smallest, align="centre", level=GREY.note, item="hand label",
                           where=words.where("hand_label")))
        marks.append(mini_card(MiniCard(rank_name(hand), suit), x, cy, card))
    return marks
