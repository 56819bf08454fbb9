"""The pictures only a Cross Sums setup page has: the table layout (target clubs and empty grid
places), the deck map (every card's role) and the before/after drawing of an effect. Each is
planned into a box it is given, scaled to fit, so the sheet and the booklet's half-size page
share them."""

from __future__ import annotations

import functools

from dataclasses import dataclass

from printkit.plan.fonts import BOLD, cap_height, text_width
from printkit.plan.geometry import Rect
from printkit.plan.marks import Box
from printkit.plan.flow import Flow
from printkit.plan.minicard import CARD_RATIO, SUIT_SIGNS, MiniCard, card_width, empty_place, mini_card, stack
from printkit.plan.label import label
from printkit.plan.type import GREY, LINE, SPACE, TYPE

from .model import DECK_RANKS, RANK_NAMES, Example, Setup, Target, apply

MAP_SUITS = ("clubs", "hearts", "spades", "diamonds")
LABEL = 4.5  # room for the target value printed below a club
SPREAD = 0.12  # the example's cards stand this far apart, x their height
ROW = 1.45  # an example row is this tall, x a card's height: room for the spent cards above
CROSSWISE_SIGN = 1.3 * SPACE  # the sign's long side
FILLS = {"number": GREY.shade, "action": 0.7}
MAP_LABEL = 2.5 * SPACE  # the deck map's column of suits


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
    return _layout_marks(plan, setup, suit)


def _layout_marks(plan: LayoutPlan, setup: Setup, suit: str) -> list:
    rows, columns = setup.grid
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


# --- the table: the layout, and beside it the stock, the market and the discards --------------------

STRIP_LABEL = 3.5  # mm: the line of words over each pile of the strip
PILE_STEP = 0.8  # mm: the cards under the stock's top card peek out this far
STRIP_GAP = 2 * SPACE  # between the layout and the strip


def strip_height(card: float, market: int) -> float:
    """The stock (a pile), the market (a place for each card, one under another), the discards."""
    return 3 * STRIP_LABEL + (card + 2 * PILE_STEP) + market * card + (market - 1) * SPACE / 2 + card + 2 * SPACE


def table_fits(box: Rect, card: float, rows: int, columns: int, market: int, strip: float) -> bool:
    """Whether a rows x columns layout with cards `card` mm tall, and the strip beside it, fit the box."""
    pitch_x, pitch_y = card + 2.0, card + LABEL + 1.5
    return ((columns + 1) * pitch_x + STRIP_GAP + strip <= box.width + 1e-6
            and (rows + 1) * pitch_y <= box.height + 1e-6 and strip_height(card, market) <= box.height + 1e-6)


def table(box: Rect, setup: Setup, suit: str, card: float, words, centred: bool = False) -> list:
    """The table as the players lay it out: the target clubs round the empty grid (cards `card` mm
    tall), and in a strip on the right the face-down stock, the market's places and the discards'
    (at the box's right edge, or, `centred`, beside the grid and the two centred in the box)."""
    rows, columns = setup.grid
    pitch_x, pitch_y = card + 2.0, card + LABEL + 1.5
    strip_w = strip_width(card, words, setup)
    if centred:
        width = (columns + 1) * pitch_x + STRIP_GAP + strip_w
        box = Rect(box.x + (box.width - width) / 2, box.y, width, box.height)
    strip, grid = box.cut_right(strip_w, STRIP_GAP)
    top = grid.top - (grid.height - (rows + 1) * pitch_y) / 2  # each part centred in the height
    plan = LayoutPlan(card, pitch_x, pitch_y, grid.x + (grid.width - pitch_x * (columns + 1)) / 2, top)
    lower = (strip.height - strip_height(card, setup.market)) / 2
    return _layout_marks(plan, setup, suit) + _strip(Rect(strip.x, strip.y, strip.width, strip.height - lower), setup,
                                                     card, words)


def strip_width(card: float, words, setup: Setup) -> float:
    widest = max(text_width(text, TYPE.small, BOLD) for text in _strip_labels(words, setup))
    return max(card_width(card) + PILE_STEP * 2, widest) + SPACE / 2


STRIP_WORDS = ("stock_label", "market_label", "discards_label")  # the table's strip: all it reads of the words


def _strip_labels(words, setup: Setup) -> tuple[str, str, str]:
    return (words.plain("stock_label", setup.stock), words.plain("market_label", setup.market),
            words.plain("discards_label"))


def _strip(box: Rect, setup: Setup, card: float, words) -> list:
    stock, market, discards = _strip_labels(words, setup)
    flow, x = Flow(box), box.x + box.width / 2
    marks = []
    for name, text, count in (("stock_label", stock, 1), ("market_label", market, setup.market),
                              ("discards_label", discards, 1)):
        flow.line(text, TYPE.small, bold=True, align="centre", item="table strip label", where=words.where(name))
        for k in range(count):
            if name == "stock_label":
                place = flow.take(card + 2 * PILE_STEP)
                marks += face_down_pile(x - PILE_STEP, place.y + card / 2, card)
            else:
                place = flow.take(card)
                marks.append(empty_place(x, place.y + card / 2, card))
                flow.space(0.5 if k < count - 1 else 0)
        flow.space(1)
    return flow.marks + marks


def face_down_pile(cx: float, cy: float, height: float, under: int = 2) -> list:
    """A face-down pile: its top card's back (a shaded face in a frame), the cards under it peeking out."""
    width = card_width(height)
    radius = min(width, height) * 0.08
    marks = [Box(Rect(cx - width / 2 + k * PILE_STEP, cy - height / 2 + k * PILE_STEP, width, height),
                 width=LINE.thin, fill=1.0, radius=radius) for k in range(under, 0, -1)]
    face = Rect(cx - width / 2, cy - height / 2, width, height)
    return marks + [Box(face, width=LINE.thin, fill=GREY.shade, radius=radius),
                    Box(face.inset(min(width, height) * 0.12), width=LINE.hairline, level=GREY.guide,
                        radius=radius / 2)]


# --- the deck map -------------------------------------------------------------------------------

def deck_map(box: Rect, setup: Setup, words) -> list:
    """Suits by ranks; each cell says what that card does in this scenario."""
    label_w, head = MAP_LABEL, 2.5 * SPACE  # the suits' column, the ranks' row
    cell_w = (box.width - label_w) / len(DECK_RANKS)
    cell_h = min(4.5 * SPACE, (box.height - head) / len(MAP_SUITS))
    header = box.top - head
    marks = [label(rank_name(rank), Rect(box.x + label_w + i * cell_w, header, cell_w, head).inset(SPACE / 4),
                   TYPE.small, bold=True, align="centre") for i, rank in enumerate(DECK_RANKS)]
    columns = {t.index: n for n, t in enumerate((t for t in setup.targets if t.line == "column"), start=1)}
    words = _Once(words)  # a map asks for the same few words in many cells
    short = "_short" if short_roles(box.width) else ""
    for j, suit in enumerate(MAP_SUITS):
        y = header - (j + 1) * cell_h
        marks.append(label(SUIT_SIGNS[suit], Rect(box.x, y, label_w, cell_h), TYPE.heading, align="centre"))
        for i, rank in enumerate(DECK_RANKS):
            cell = Rect(box.x + label_w + i * cell_w, y, cell_w, cell_h)
            marks += _map_cell(cell, setup, rank, suit, columns, words, short)
    table = Rect(box.x + label_w, header - len(MAP_SUITS) * cell_h, cell_w * len(DECK_RANKS), len(MAP_SUITS) * cell_h)
    return marks + [Box(table, width=LINE.rule)]


def short_roles(width: float) -> bool:
    """Whether a deck map `width` mm wide names the cards' roles in short (R2, C1, act): its cells
    are too narrow for Row 2, Col 1, action (a half-size page). Its legend explains the same words."""
    return (width - MAP_LABEL) / len(DECK_RANKS) < 5.5 * SPACE


class _Once:
    """A scenario's words, each word (and each macro with the same arguments) worked out once."""

    def __init__(self, words):
        self.words, self.plain, self.where = words, functools.cache(words.plain), functools.cache(words.where)


def _map_cell(cell: Rect, setup: Setup, rank: int, suit: str, columns, words, short: str) -> list:
    role = setup.role(rank, suit)
    target = next((t for t in setup.targets if (t.rank, "clubs") == (rank, suit)), None)
    marks = [Box(cell, width=LINE.hairline, level=GREY.guide, fill=FILLS.get(role))]
    frame = cell.inset(LINE.heavy / 2 + LINE.hairline)  # a target's heavy frame, inside the cell's rules
    inner = frame.inset(LINE.heavy / 2 + SPACE / 4)  # its words clear of that frame
    if target is not None:
        name = (words.plain(f"role_row{short}", target.index + 1) if target.line == "row"
                else words.plain(f"role_column{short}", columns[target.index]))
        marks += [Box(frame, width=LINE.heavy), _cell_label(name, inner, True, "top", words, f"role_row{short}")]
        marks += _target_value(str(target.value), inner, target.crosswise)
    elif role in FILLS:
        word = f"role_{'play' if role == 'number' else 'action'}{short}"
        marks.append(_cell_label(words.plain(word), inner, False, "middle", words, word))
    return marks


def _target_value(value: str, inner: Rect, crosswise: bool) -> list:
    """The target's value at the foot of its cell, and beside it, for a crosswise club, the sign
    of a card on its side: the two centred together."""
    sign = CROSSWISE_SIGN + SPACE / 4 if crosswise else 0.0
    width = text_width(value, TYPE.smallest) + sign
    left = inner.x + (inner.width - width) / 2
    marks = [label(value, Rect(left, inner.y, width - sign, inner.height), TYPE.smallest, align="left",
                   valign="bottom", item="deck map cell")]
    if crosswise:
        marks.append(_crosswise_sign(left + width - CROSSWISE_SIGN / 2, inner.y + cap_height(TYPE.smallest) / 2))
    return marks


def _cell_label(text: str, box: Rect, bold: bool, valign: str, words, name):
    return label(text, box, TYPE.smallest, bold=bold, align="centre", valign=valign, smallest=TYPE.smallest,
                 item="deck map cell", where=words.where(name) if name else None)


def _crosswise_sign(x: float, y: float) -> Box:
    """A small card lying on its side: the mark for a club turned crosswise."""
    width = CROSSWISE_SIGN
    return Box(Rect(x - width / 2, y - width * CARD_RATIO / 2, width, width * CARD_RATIO), width=LINE.thin,
               radius=width / 10)


# --- the effect example -------------------------------------------------------------------------

EXAMPLE_LABEL = 7 * SPACE  # room for "Before" and "After" left of their rows


def example_card(box: Rect, shown: Example, caption: float = 9 * SPACE) -> float:
    """The largest card (at most 17 mm) at which the before and after rows, one above the other,
    fit the box with `caption` mm left below them."""
    slots = len(shown.places) + 1.3  # the places, and the hand card a little apart
    return min(17.0, (box.width - EXAMPLE_LABEL) / slots / (CARD_RATIO + SPREAD), (box.height - caption) / 2 / ROW)


def example(box: Rect, shown: Example, words, suit: str, card: float | None = None) -> tuple[list, Rect]:
    """Before above after, each a row of places and the hand card, the cards `card` mm tall (as
    large as fit, by default); returns the marks and the box left below them for the caption."""
    after, returned = apply(shown)
    card = card or example_card(box, shown)
    row_h = card * ROW
    marks = []
    for i, (name, places, hand) in enumerate((("before", shown.places, shown.hand), ("after", after, returned))):
        row = Rect(box.x, box.top - (i + 1) * row_h, box.width, row_h)
        marks.append(label(words.plain(name), Rect(row.x, row.y, EXAMPLE_LABEL, row.height), TYPE.small, bold=True,
                           item="example label", where=words.where(name)))
        marks += _example_row(Rect(row.x + EXAMPLE_LABEL, row.y, row.width - EXAMPLE_LABEL, row.height), places,
                              hand, card, suit, words)
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
