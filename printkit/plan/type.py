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
