"""A page the same as one drawn before it in the same document written from that page's operators,
not drawn again: a deck's back pages (every sheet's backs alike) are drawn once a file.

Within one document a page's operators depend on its marks alone once the fonts they set are
named and their characters given codes (given where the document first sets them, and never
changed after): an equal page drawn later gives the same operators, byte for byte. What a page
names besides its operators (its opacities and gradients, its images) is named again for the
page that takes them. Pages are told apart cheaply first: by the frames their groups are in and
the very marks inside them (a deck's backs are one tuple of marks, placed on every sheet); only
pages alike so are compared mark by mark.
"""

from __future__ import annotations

from printkit.plan.marks import DieLine, Group, UseForm
from printkit.render.pdf import PdfFile

MOST = 64  # distinct pages remembered a document: a deck has one or two back pages, a few fronts repeat


class SamePages:
    """The pages of one document drawn so far that a later page may be written from."""

    def __init__(self, pdf: PdfFile):
        self.pdf = pdf
        self._drawn: dict[tuple, list] = {}  # signature -> [(page, its operators, uses, images)]
        self._count = 0

    def again(self, page) -> bool:
        """Whether the page just begun was written from an equal page drawn before it."""
        found = self._same(page)
        if found is None:
            return False
        _, code, uses, images = found
        self.pdf.draw_again([code, uses])
        if images:
            canvas = self.pdf.canvas
            canvas._formsinuse.extend(images)
            canvas._currentPageHasImages = 1
        return True

    def drawn(self, page, start: tuple[int, int], images: int) -> None:
        """The page just drawn (since `start`, PdfFile.drawing; `images`: how many images the
        page's resources named before it was drawn) remembered, for an equal page after it."""
        signature = _signature(page)
        if signature is None or self._count >= MOST:
            return
        code, uses = self.pdf.drawn_since(start)
        canvas = self.pdf.canvas
        self._drawn.setdefault(signature, []).append((page, list(code), list(uses), canvas._formsinuse[images:]))
        self._count += 1

    def _same(self, page):
        signature = _signature(page)
        if signature is None:
            return None
        return next((found for found in self._drawn.get(signature, ()) if _equal(found[0], page)), None)


def _equal(before, page) -> bool:
    return before.paper == page.paper and before.marks == page.marks


def _signature(page) -> tuple | None:
    """What tells pages apart before their marks are compared: each group's frame and the very
    tuple of marks it holds (kept alive by the page remembered), and how many other marks there
    are; None for a page not written again (a form placed, a die line: drawn every time)."""
    found = [page.paper.width, page.paper.height, len(page.marks)]
    for mark in page.marks:
        kind = type(mark)
        if kind is Group:
            found.append((mark.x, mark.y, mark.angle, mark.opacity, id(_inner(mark.marks))))
        elif kind is DieLine or kind is UseForm:
            return None
    return tuple(found)


def _inner(marks):
    """The tuple a group's marks are (a card's side kept, printkit/plan/kept_marks.py: the tuple inside)."""
    return marks if type(marks) is tuple else marks.marks
