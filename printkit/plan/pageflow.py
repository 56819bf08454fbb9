"""Pages filled one piece after another: running text broken across pages, drawings kept whole
(on the next page when the rest of this one is too short), and tables whose rows run on with
their header repeated. The Rules kind, and Cross Sums' booklet front and back matter, are laid
out with it. In a template's text a line `[[name]]` stands for a figure the product draws."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from printkit.ground.errors import Problem, PrintkitError
from printkit.plan.geometry import Rect
from printkit.plan.markup import Palette
from printkit.plan.marks import Group
from printkit.plan.table import Row, Table, plan_table
from printkit.plan.textpages import paginate_rich
from printkit.plan.type import SPACE

SHORTEST = 8.0  # mm: less room than this left on a page is not worth starting a paragraph in
FIGURE_LINE = re.compile(r"^\[\[([a-z0-9_-]+)\]\]$", re.MULTILINE)  # [[table]]: a figure goes here


@dataclass
class PageFlow:
    body: Rect
    size: float  # running text's size, points
    where: Problem  # the template the text comes from
    pages: list = field(default_factory=lambda: [[]])
    top: float | None = None
    font: str | None = None  # the running text's project font (or family); printkit's DejaVu Sans by default
    palette: Palette | None = None  # the colours and icons its words may name (a declared game's)

    def __post_init__(self) -> None:
        self.top = self.body.top if self.top is None else self.top

    @property
    def room(self) -> float:
        """What is left of the page, below the pieces so far."""
        return self.top - self.body.y

    def new_page(self) -> None:
        self.pages.append([])
        self.top = self.body.top

    def space(self, units: float = 1.0) -> None:
        """A gap between pieces; none at the top of a page."""
        if self.top < self.body.top:
            self.top -= SPACE * units

    def text(self, markup: str, item: str, where: Problem | None = None, title: bool = False) -> int:
        """Running text from here on, over as many pages as it needs (its words from `where`, the
        flow's template by default), its first heading the document's title when `title`;
        returns the number of the page it starts on, from 1."""
        first = self.room if self.room >= SHORTEST else 0.0
        pieces = paginate_rich(markup, self.body.width, self.body.height, self.size, item, where or self.where,
                               heights=(first,), font=self.font, title=title, palette=self.palette)
        start = len(self.pages) + (not pieces[0][0].lines)
        self._place(pieces)
        return start

    def _place(self, pieces: list) -> None:
        """Pieces of text, each with its image icons: the first here, each other at the top of a
        new page."""
        for number, (piece, pictures) in enumerate(pieces):
            if number:
                self.new_page()
            if piece.lines:
                self.pages[-1].append(replace(piece, x=self.body.x, top=self.top))
                if pictures:  # placed from the text's corner, as it is
                    self.pages[-1].append(Group(pictures, self.body.x, self.top))
                self.top -= piece.height

    def drawing(self, marks: list, height: float) -> None:
        """A drawing `height` mm tall (its marks from its bottom-left corner), kept whole."""
        if height > self.room + 1e-6:
            self.new_page()
        self.pages[-1].append(Group(tuple(marks), self.body.x, self.top - height))
        self.top -= height

    def figure(self, marks: list, height: float, then: str, item: str) -> None:
        """A drawing and the text after it: the drawing here if it fits, else at the top of the
        next page, the text filling the rest of this one first."""
        if height <= self.room + 1e-6:
            self.drawing(marks, height)
            self.space()
            self.text(then, item)
            return
        below = self.body.height - height - SPACE  # the next page, under the drawing
        first = self.room if self.room >= SHORTEST else 0.0
        pieces = paginate_rich(then, self.body.width, self.body.height, self.size, item, self.where,
                               heights=(first, below), font=self.font, palette=self.palette)
        self._place(pieces[:1])
        self.new_page()
        self.drawing(marks, height)
        self.space()
        self._place(pieces[1:])

    def text_and_figures(self, markup: str, figures: dict, item: str) -> None:
        """A document's running text (a rules document's): its first line, a heading, is its
        title, set at the type scale's title size, larger than its headings; a figure stands
        where each of its `[[name]]` lines stands: `figures` maps each name the product draws to
        a function giving (marks, height) for the body's width, called only if the text asks for it."""
        parts = FIGURE_LINE.split(markup)
        self.text(parts[0].strip("\n"), item, title=True)
        for name, after in zip(parts[1::2], parts[2::2]):
            if name not in figures:
                known = ", ".join(f"[[{known}]]" for known in figures) or "none"
                raise PrintkitError([self.where.with_message(f"[[{name}]]: no such figure here (figures: {known})")])
            marks, height = figures[name]()
            self.space()
            self.figure(marks, height, after.strip("\n"), item)

    def table(self, table: Table, header: list[Row], rows: list[Row], where: Problem, fewest: int = 3) -> None:
        """Rows under the header, running on over pages, the header repeated on each; a page with
        room for fewer than `fewest` rows is left for the next, and no page ends up with fewer."""
        heading = sum(row.height for row in header)
        start = 0
        while start < len(rows):
            count = _rows_that_fit(self.room - heading, rows[start:])
            if count < min(fewest, len(rows) - start):
                self.new_page()
                continue
            left = len(rows) - start - count
            if 0 < left < fewest:  # no page of a row or two: they take a few from this one
                count -= fewest - left
            chunk = header + rows[start:start + count]
            planned = plan_table(table, Rect(self.body.x, self.body.y, self.body.width, self.room), chunk, where)
            self.pages[-1] += list(planned.marks)
            self.top = planned.rect.y
            start += count


def _rows_that_fit(room: float, rows: list[Row]) -> int:
    """How many of the rows, one under another, fit `room` mm (rows may differ in height)."""
    count, used = 0, 0.0
    for row in rows:
        used += row.height
        if used > room + 1e-9:
            break
        count += 1
    return count
