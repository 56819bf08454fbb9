"""One type scale and one spacing unit for every page of every kit, so that the same kind of page
looks the same in each: a title is a title, body text is body text, a table header is small.

Sizes are in points (type is measured in points); spaces in millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TypeScale:
    display: float = 24.0  # a booklet's cover title
    title: float = 14.0  # a page's title
    heading: float = 11.0  # a section or block heading
    body: float = 9.5  # running text, as large as it gets
    small: float = 8.0  # notes, labels, captions, table headers
    smallest: float = 7.0  # nothing a player must read is set smaller
    footer: float = 7.0  # the line at the foot of every page (may shrink to 6 pt)
    index: float = 17.0  # a poker card's corner index
    leading: float = 1.2  # line pitch, as a multiple of the size


TYPE = TypeScale()
SPACE = 2.0  # mm: the spacing unit; every gap is a multiple of it


@dataclass(frozen=True)
class LineWeights:
    """Line widths in millimetres, from the finest printkit draws to the heaviest."""

    hairline: float = 0.15  # scale-bar ticks, the cells of a map
    thin: float = 0.25  # inner rules, outlines of small things, crop marks (hairlines vanish on some printers)
    rule: float = 0.35  # frames of cards and boxes
    heavy: float = 0.5  # a table's frame, rules between groups, the lines cards are laid on
    bold: float = 0.7  # a card that stands out


@dataclass(frozen=True)
class Greys:
    """Greys, 0 black to 1 white: every sheet reads in black-and-white print."""

    ink: float = 0.0
    note: float = 0.3  # words that help but are not the point: hints, page numbers
    guide: float = 0.55  # spent cards, guide lines, dashed places to lay a card
    faint: float = 0.85  # large numbers printed under a card or a pen
    shade: float = 0.88  # behind headers, on filled cells
    tint: float = 0.95  # every other row


LINE = LineWeights()
GREY = Greys()
