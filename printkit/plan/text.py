"""Set text, as data: the marks a text becomes once it is set (plan.typeset breaks its words
into lines, plan.fitting sets it in its box at the largest size that fits, plan.label sets one
line), and what a document's fonts must hold of them. Each line is runs of one font at one
baseline, in millimetres from the text's top-left corner, its size in points.

These classes are kept in the page cache under this module's name (printkit/pipeline/cache.py):
they stay here."""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.ground.errors import Problem
from printkit.plan.geometry import Rect
from printkit.plan.marks import Group

PT_PER_MM = 72 / 25.4
BULLET = "\u2022"


# --- what is set: lines of runs, relative to the text's top-left corner ---------------------------

@dataclass(slots=True)  # not frozen: a page has thousands, and frozen ones cost four times as much to make
class TextLine:
    x: float  # mm from the text's left edge to where the line starts
    baseline: float  # mm below the text's top (negative: downwards)
    size: float  # points
    runs: tuple[tuple[str, str], ...]  # (font, text), drawn one after the other
    width: float  # mm
    level: float | tuple | None = None  # a segment's own grey or colour (a span's); None: the Text's


@dataclass(slots=True)
class Text:
    """A mark: set lines placed with their top-left corner at (x, top)."""

    x: float
    top: float
    lines: tuple[TextLine, ...]
    size: float  # the body size it was set at
    height: float  # mm, from the top to the last line's descent
    level: float = 0.0
    item: str | None = None  # what it is ("corner index"), for a preflight's messages; never drawn
    # where its words were written, for a problem found after it was set (it enters a card's
    # rounded corner); not part of what it prints, so not kept (printkit/pipeline/cache.py) or compared
    where: Problem | None = field(default=None, compare=False, metadata={"kept": False})

    def plain(self) -> str:
        """The words, a line a line: the segments of a line (at one baseline) joined; a bullet on
        a line of its own, as it always was; an image icon a space."""
        rows, previous = [], None
        for line in self.lines:
            words = "".join(text for _, text in line.runs)
            if previous is not None and line.baseline == previous.baseline and not is_bullet(previous):
                rows[-1] += words
            else:
                rows.append(words)
            previous = line
        return "\n".join(rows)

    @property
    def extent(self) -> Rect:
        """The rectangle the set lines cover."""
        if not self.lines:
            return Rect(self.x, self.top, 0.0, 0.0)
        left = min(line.x for line in self.lines)
        right = max(line.x + line.width for line in self.lines)
        return Rect(self.x + left, self.top - self.height, right - left, self.height)


def is_bullet(line: TextLine) -> bool:
    """Whether a set line is a bullet's (the bullet and a space, on a line of its own)."""
    return len(line.runs) == 1 and line.runs[0][1] == BULLET + " "


# --- the characters a document sets ----------------------------------------------------------------

def union(sets: list[dict]) -> dict[str, set[str]]:
    """font -> every character of any of `sets`."""
    found: dict[str, set[str]] = {}
    for each in sets:
        for font, chars in each.items():
            found.setdefault(font, set()).update(chars)
    return found


def characters(marks) -> dict[str, set[str]]:
    """font -> every character set in it, in `marks` and the groups inside them."""
    found: dict[str, set[str]] = {}
    for mark in marks:
        if type(mark) is Text:
            for line in mark.lines:
                for font, run in line.runs:
                    found.setdefault(font, set()).update(run)
        elif type(mark) is Group:
            for font, chars in characters(mark.marks).items():
                found.setdefault(font, set()).update(chars)
    return found
