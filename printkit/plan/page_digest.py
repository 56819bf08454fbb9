"""A planned page's digest, from its card groups and one digest of the sheet's fixed marks: what a
page drawn before is known by (the page cache's key for its drawing, the manifest's plan of a file).

A deck's page is its cards' groups (each card's side kept, known by its own digest: cheap to
digest) and the sheet's fixed marks (cut guides, crop marks, scale bars, registration marks), the
same marks on every full sheet of the deck. Pickled with every page, those fixed marks were most of
the time a deck's digest took (224 pages of a 1,000-card deck: 60 marks a page); here they are
digested once a file for all the pages that place the very same marks (the same objects: the
sheet's furniture made once a deck, printkit/products/cards.py), and each page is digested from
its groups, where its fixed marks stand among them, and that one digest. Equal pages give equal
digests however their marks are shared: the digest is of what they draw, never of which objects.
"""

from __future__ import annotations

import functools

from printkit.plan import kept as codec


def page_digest(page, memo: dict) -> str:
    """The SHA-256 of a planned page (printkit.plan.marks.Page) by what it draws, its marks kept
    (Marks) counting by their own digest. `memo`: id of marks -> (them, their digest), for the
    file being digested (its fixed marks found again by their identity: checked, never by id alone)."""
    marks = page.marks
    if type(marks) is not tuple:  # a Joined, a setup sheet's footer over its body kept: as a whole
        return codec.digest_of(page, known=True)
    kinds = _fixed_kinds()
    placed = tuple(None if type(mark) in kinds else mark for mark in marks)
    fixed = tuple(mark for mark in marks if type(mark) in kinds)
    return codec.digest_of(("page", page.paper, page.trim, page.bleed, placed, _fixed_digest(fixed, memo)), known=True)


def _fixed_digest(fixed: tuple, memo: dict) -> str:
    """The digest of a page's fixed marks, in order: once a file for the very same marks."""
    key = ("fixed marks", tuple(map(id, fixed)))
    found = memo.get(key)
    if found is None or len(found[0]) != len(fixed) or any(a is not b for a, b in zip(found[0], fixed)):
        found = memo[key] = (fixed, codec.digest_of(("fixed marks", fixed), known=True))
    return found[1]


@functools.cache
def _fixed_kinds() -> frozenset:
    """The marks digested apart as a page's fixed marks: those that hold no other marks (a group
    may hold a card's side kept, digested by its own digest, never read for it). Loaded when a page
    is first digested, as the plan's codec loads them (a build with nothing to plan loads no text)."""
    from printkit.plan.marks import Box, Circle, Ellipse, Line, Polygon
    from printkit.plan.text import Text

    return frozenset({Line, Box, Circle, Ellipse, Polygon, Text})
