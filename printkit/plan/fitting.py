"""Text fitted into its box, as data: its markup set (plan.typeset) at the largest size, in
half-point steps, at which it fits the box, placed at the box's top, middle or bottom. A text that
does not fit even at the smallest size is an error naming the content value or template line it
came from; nothing is ever clipped. Running text cut into pages is plan.textpages'; one line of
plain text plan.label's."""

from __future__ import annotations

import functools
import html
import re

from printkit.ground.errors import Problem, PrintkitError
from printkit.plan.geometry import Rect
from printkit.plan.inline import ICON_DROP, ICON_EM
from printkit.plan.markup import SPACING, check_markup, parse_blocks, words_of
from printkit.plan.marks import Picture
from printkit.plan.text import PT_PER_MM, Text
from printkit.plan.typeset import EPSILON, Style, set_blocks, stack_blocks, stack_rich

STEP = 0.5  # sizes are tried in half points


def sizes(style: Style) -> list[float]:
    """The sizes a fit may choose, largest first, in half points."""
    return sizes_between(style.largest, style.smallest)


@functools.lru_cache(maxsize=256)
def sizes_between(largest: float, smallest: float) -> list[float]:
    """The sizes from `largest` down to `smallest` points, in half points."""
    return [largest - STEP * k for k in range(int(round((largest - smallest) / STEP)) + 1)]


@functools.lru_cache(maxsize=8192)
def _fitted(markup: str, width: float, height: float, style: Style):
    """(size, lines, height, image icons' places) at the largest size that fits, or None. The
    largest size is tried first (most texts fit at it); otherwise the sizes are searched by
    halving."""
    blocks = tuple(parse_blocks(markup))
    candidates = sizes(style)

    def attempt(size: float):
        set_ = set_blocks(blocks, width, size, style)
        if set_ is None:
            return None
        lines, used, pictures = stack_rich(set_)
        return (size, lines, used, pictures) if used <= height + EPSILON else None

    best = attempt(candidates[0])
    if best is not None or len(candidates) == 1:
        return best
    low, high = 1, len(candidates) - 1  # candidates[0] does not fit
    found = None
    while low <= high:
        middle = (low + high) // 2
        result = attempt(candidates[middle])
        if result is None:
            low = middle + 1
        else:
            found, high = result, middle - 1
    return found


def fit(markup: str, box: Rect, style: Style, item: str, where: Problem) -> Text:
    """`markup` set in `box` at the largest size that fits (never larger than `style.largest`);
    a PrintkitError at `where` when even `style.smallest` does not fit. A text with image icons
    is more than a Text: set it with fit_rich."""
    marks = fit_rich(markup, box, style, item, where)
    if len(marks) > 1:
        raise ValueError(f"{item}: its image icons are marks of their own: set it with fit_rich")
    return marks[0]


def fit_rich(markup: str, box: Rect, style: Style, item: str, where: Problem) -> tuple:
    """The marks of `markup` set in `box` as `fit` sets it: the Text, then a Picture for each image
    icon in it (glyph icons are runs of the Text)."""
    check_markup(markup, where, style.bold, style.font, style.palette, style.italic, style.largest)
    found = _fitted(markup, round(box.width, 4), round(box.height, 4), style)
    if found is None:
        raise PrintkitError([where.with_message(
            f"{item}: text does not fit its {box.width:.0f} x {box.height:.0f} mm box even at "
            f"{style.smallest:g} pt; shorten it", _plain(markup))])
    size, lines, used, pictures = found
    text = Text(box.x, _top(box, used, style.valign), lines, size, used, style.level, item, where)
    return (text, *(picture(text, *place) for place in pictures))


def picture(text: Text, icon, x: float, baseline: float, size: float) -> Picture:
    """An image icon ICON_EM tall at its run's size, ICON_DROP of that below the baseline."""
    height = size * ICON_EM / PT_PER_MM
    return Picture(icon.path, Rect(text.x + x, text.top + baseline - size * ICON_DROP / PT_PER_MM,
                                   height * icon.aspect, height), icon.digest, icon.svg)


def _top(box: Rect, used: float, valign: str) -> float:
    return {"top": box.top, "middle": box.top - (box.height - used) / 2, "bottom": box.y + used}[valign]


def _plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", "", markup))


def widest_word(markup: str, width: float, size: float, font: str | None = None) -> str:
    """The first word of `markup` too wide for a line `width` mm wide at `size` pt."""
    for block in parse_blocks(markup):
        for word in words_of(block.markup, SPACING[block.kind].bold, font):
            if word.width * size * SPACING[block.kind].scale > width:
                return "".join(piece[1] for piece in word.pieces)
    return _plain(markup)


@functools.lru_cache(maxsize=16384)
def measure(markup: str, width: float, size: float, bold: bool = False) -> float:
    """The height `markup` takes set `width` mm wide at `size` pt (inf when a word is too wide).
    Kept for the process: a page's plan measures the same texts at the same widths as it tries
    arrangements (a Cross Sums setup sheet, ~90 times for ~20 texts; the two papers share the
    column widths tried)."""
    set_ = set_blocks(tuple(parse_blocks(markup)), width, size, Style(size, size, bold))
    return float("inf") if set_ is None else stack_blocks(set_)[1]
