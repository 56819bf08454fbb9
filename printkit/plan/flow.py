"""A box filled from the top down: each line, text or drawing takes the height it needs, and the
next starts below it. Drawing code says what comes next, not where it goes."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from printkit.ground.errors import Problem
from printkit.plan.geometry import Rect
from printkit.plan.fitting import fit, fit_rich
from printkit.plan.label import label
from printkit.plan.text import PT_PER_MM
from printkit.plan.typeset import Style
from printkit.plan.type import SPACE, TYPE


LINE_PITCH = 1.4  # lines one under the other (a list, not running text) stand this far apart, x size


@dataclass
class Flow:
    box: Rect
    marks: list = field(default_factory=list)
    top: float | None = None  # where the next piece starts; the box's top to begin with

    def __post_init__(self) -> None:
        self.top = self.box.top if self.top is None else self.top

    @property
    def rest(self) -> Rect:
        """What is left of the box below the pieces so far."""
        return Rect(self.box.x, self.box.y, self.box.width, self.top - self.box.y)

    def line(self, text: str, size: float = TYPE.small, bold: bool = False, indent: float = 0.0,
             level: float = 0.0, align: str = "left", item: str = "line", where: Problem | None = None,
             right: tuple | None = None, width: float | None = None) -> Rect:
        """One line of plain text, shrunk to the smallest size if it is too wide, and `right`
        (words, their size, and whether bold, as the line by default) flush right on the same
        line; returns the line's box. `width`
        narrows the line (to centre it under a drawing, say)."""
        height = size / PT_PER_MM
        box = Rect(self.box.x + indent, self.top - height, (width or self.box.width) - indent, height)
        if right:
            words = label(right[0], box, right[1], right[2] if len(right) > 2 else bold, "right", "bottom", level,
                          item=item, where=where)
            self.marks.append(words)
            box = Rect(box.x, box.y, box.width - words.extent.width - SPACE, box.height)
        self.marks.append(label(text, box, size, bold, align, "bottom", level, min(size, TYPE.smallest), item, where))
        self.top -= height * LINE_PITCH
        return box

    def text(self, markup: str, style: Style, item: str, where: Problem, height: float | None = None) -> Rect:
        """A paragraph (or several) fitted into the room given (all that is left by default),
        taking only the height it needs; its image icons (a game's, in its style's palette) with it."""
        room = Rect(self.box.x, self.top - (height or self.top - self.box.y), self.box.width,
                    height or self.top - self.box.y)
        marks = fit_rich(markup, room, style, item, where)
        self.marks.extend(marks)
        text = marks[0]
        used = Rect(room.x, text.top - text.height, room.width, text.height)
        self.top = used.y
        return used

    def foot(self, markup: str, style: Style, item: str, where: Problem, height: float) -> Rect:
        """A note set at the bottom of the box, at most `height` mm tall; what comes after it in
        the flow ends above it."""
        text = fit(markup, Rect(self.box.x, self.box.y, self.box.width, height), replace(style, valign="bottom"),
                   item, where)
        self.marks.append(text)
        self.box = Rect(self.box.x, self.box.y + text.height + SPACE / 2, self.box.width,
                        self.box.height - text.height - SPACE / 2)
        return Rect(self.box.x, text.top - text.height, self.box.width, text.height)

    def take(self, height: float) -> Rect:
        """A strip `height` mm tall for a drawing of the caller's."""
        strip = Rect(self.box.x, self.top - height, self.box.width, height)
        self.top -= height
        return strip

    def space(self, units: float = 1.0) -> None:
        self.top -= SPACE * units
