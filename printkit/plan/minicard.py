"""A card drawn small, for diagrams and examples: its rank, its suit (as a corner index with the
rank, or under the rank), upright or crosswise, plain, standing out or spent, at any size. The
sizes are worked out from the card's own size, so the index never touches the rank.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.plan.fonts import ASCENT, BOLD, DESCENT, cap_height, em_width
from printkit.plan.geometry import POKER, Rect
from printkit.plan.marks import Box, Group
from printkit.plan.label import line_at

CARD_RATIO = POKER[0] / POKER[1]  # a poker card's width over its height
SUIT_SIGNS = {"clubs": "\u2663", "diamonds": "\u2666", "hearts": "\u2665", "spades": "\u2660"}
SPENT = 0.55  # grey of a spent card: covered, or used up
STANDING_OUT = 0.82  # grey face of a card that stands out (in a run, say)
PT_PER_MM = 72 / 25.4
SMALLEST_INDEX = 4.0  # points: below this the corner index is left out
WIDEST_RANK = "10"  # ranks are sized for two figures


@dataclass(frozen=True)
class MiniCard:
    rank: str
    suit: str | None = None
    crosswise: bool = False
    look: str = "plain"  # plain | strong (heavy frame, grey face) | spent (greyed, only its index drawn)
    index: bool = True  # with a suit: rank and suit in the corner; without, the suit under the rank


def card_width(height: float) -> float:
    return height * CARD_RATIO


def mini_card(card: MiniCard, cx: float, cy: float, height: float, width: float | None = None) -> Group:
    """The card centred on (cx, cy), `height` mm tall as it is read (before turning crosswise)."""
    width = card_width(height) if width is None else width
    level = SPENT if card.look == "spent" else 0.0
    frame = Box(Rect(-width / 2, -height / 2, width, height), width=0.7 if card.look == "strong" else 0.3,
                level=level, fill=STANDING_OUT if card.look == "strong" else 1.0, radius=min(width, height) * 0.08)
    marks = (frame,) + _face(card, width, height, level)
    return Group(marks, cx, cy, 90 if card.crosswise else 0)


def _face(card: MiniCard, width: float, height: float, level: float) -> tuple:
    pad = _pad(width, height)
    if card.suit and card.index:
        return _indexed(card, width, height, pad, level)
    if card.suit:
        return _rank_over_suit(card, width, height, pad, level)
    return (_rank(card.rank, Rect(-width / 2 + pad, -height / 2 + pad, width - 2 * pad, height - 2 * pad), level),)


def _indexed(card: MiniCard, width: float, height: float, pad: float, level: float) -> tuple:
    """Rank and suit in the top-left corner, the rank large in the room left below them."""
    corner = f"{card.rank}{SUIT_SIGNS[card.suit]}"
    size = _index_size(corner, width, height, pad)
    if size < SMALLEST_INDEX:
        return _rank_over_suit(card, width, height, pad, level)
    top = height / 2 - pad
    index = line_at(corner, -width / 2 + pad, top - cap_height(size), size, True, level=level)
    if card.look == "spent":  # covered but for its corner: the index is all that shows
        return (index,)
    below = top - cap_height(size) - pad * 1.5
    return index, _rank(card.rank, Rect(-width / 2 + pad, -height / 2 + pad, width - 2 * pad, below + height / 2 - pad),
                        level)


def _index_size(corner: str, width: float, height: float, pad: float) -> float:
    """The corner index's size in points: its capitals a sixth of the card's height, narrower
    than the card."""
    return min(_size_for_cap(height * 0.17), (width - 2 * pad) / em_width(corner, BOLD))


def _pad(width: float, height: float) -> float:
    return max(0.5, min(width, height) * 0.06)


def _rank_over_suit(card: MiniCard, width: float, height: float, pad: float, level: float) -> tuple:
    """The rank in the upper part of the card, its suit sign under it."""
    inner = Rect(-width / 2 + pad, -height / 2 + pad, width - 2 * pad, height - 2 * pad)
    split = inner.y + inner.height * 0.45
    rank = _rank(card.rank, Rect(inner.x, split + pad * 0.5, inner.width, inner.top - split - pad * 0.5), level)
    suit = _rank(SUIT_SIGNS[card.suit], Rect(inner.x, inner.y, inner.width, split - inner.y), level, bold=False,
                 fill=0.95)
    return rank, suit


def _rank(text: str, box: Rect, level: float, bold: bool = True, fill: float = 0.7):
    """`text` centred in the box, as large as leaves a margin round it (its capitals at most
    `fill` of the box's height, its width at most 85% of the box's), the font's whole box inside it.
    A rank is sized as if it had two figures, so every card of a diagram shows its rank alike."""
    font = BOLD if bold else "Sans"
    widest = max(em_width(text, font), em_width(WIDEST_RANK, font) if bold else 0.0, 1e-6)
    size = min(_size_for_cap(box.height * fill), box.width * 0.85 / widest,
               box.height / (ASCENT + DESCENT) * PT_PER_MM)
    centred = box.y + (box.height - cap_height(size)) / 2
    baseline = min(max(centred, box.y + DESCENT * size / PT_PER_MM), box.top - ASCENT * size / PT_PER_MM)
    return line_at(text, box.x + box.width / 2, baseline, size, bold, "centre", level)


def _size_for_cap(cap: float) -> float:
    """The size in points at which capitals stand `cap` mm tall."""
    return cap / cap_height(1.0)


def stack(cards: list[MiniCard], cx: float, cy: float, height: float) -> list[Group]:
    """A place's stack, bottom card first: each lower card peeks out above the next, spent, far
    enough for its whole corner index to show clear of the card above it. The top card is
    centred on (cx, cy)."""
    width, pad = card_width(height), _pad(card_width(height), height)
    corners = [f"{card.rank}{SUIT_SIGNS[card.suit]}" if card.suit else card.rank for card in cards]
    cap = max((cap_height(_index_size(corner, width, height, pad)) for corner in corners), default=0.0)
    step = max(3.2, pad + cap + max(pad, 0.8))
    groups = []
    for depth, card in enumerate(cards):
        spent = depth < len(cards) - 1
        shown = MiniCard(card.rank, card.suit, card.crosswise, "spent" if spent else card.look, card.index)
        groups.append(mini_card(shown, cx, cy + (len(cards) - 1 - depth) * step, height))
    return groups


def empty_place(cx: float, cy: float, height: float, width: float | None = None) -> Box:
    """Where a card goes: a dashed outline."""
    width = card_width(height) if width is None else width
    return Box(Rect(cx - width / 2, cy - height / 2, width, height), width=0.3, level=0.45, dash=(1.2, 0.9),
               radius=min(width, height) * 0.08)


def card_row(cards: list[MiniCard], x: float, y: float, height: float, width: float | None = None,
             gap: float = 1.0) -> list[Group]:
    """Cards side by side from (x, y), the bottom-left corner of the first, `gap` mm apart."""
    width = card_width(height) if width is None else width
    return [mini_card(card, x + i * (width + gap) + width / 2, y + height / 2, height, width)
            for i, card in enumerate(cards)]
