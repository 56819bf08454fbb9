"""A planned page's digest, from its card groups and one digest of the sheet's fixed marks: what a
page drawn before is known by (the page cache's key for its drawing, the manifest's plan of a file).

A deck's page is its cards' groups (each card's side kept, known by its own digest: cheap to
digest) and the sheet's fixed marks (every other mark: cut guides, crop marks, scale bars,
registration marks), the same marks on every full sheet of the deck. Pickled with every page,
those fixed marks were most of the time a deck's digest took (224 pages of a 1,000-card deck: some
60 marks a page, its scale bars' lines and words among them); here they are
digested once a file for all the pages that place the very same marks (the same objects: the
sheet's furniture made once a deck, printkit/products/cards.py), and each page is digested from
its groups, where its fixed marks stand among them, and that one digest. Equal pages give equal
digests however their marks are shared: the digest is of what they draw, never of which objects.
"""

from __future__ import annotations

import functools

from printkit.plan import kept as codec
from printkit.plan.kept_marks import Joined, Marks


def page_digest(page, memo: dict) -> str:
    """The SHA-256 of a planned page (printkit.plan.marks.Page) by what it draws, its marks kept
    (Marks) counting by their own digest. `memo`: id of marks -> (them, their digest), for the
    file being digested (its fixed marks found again by their identity: checked, never by id alone)."""
    marks = page.marks
    if type(marks) is not tuple:  # a Joined, a setup sheet's footer over its body kept: as a whole
        return codec.digest_of(page, known=True)
    group, kept = _kinds()
    placed, fixed = [], []
    for mark in marks:  # a card's side placed (a group of marks kept, known by its own digest), or the sheet's
        card = type(mark) is group and type(mark.marks) in kept
        placed.append(mark if card else None)
        if not card:
            fixed.append(mark)
    return codec.digest_of(("page", page.paper, page.trim, page.bleed, tuple(placed), _fixed_digest(tuple(fixed), memo)),
                           known=True)


def _fixed_digest(fixed: tuple, memo: dict) -> str:
    """The digest of a page's fixed marks, in order: once a file for the very same marks."""
    key = ("fixed marks", tuple(map(id, fixed)))
    found = memo.get(key)
    if found is None or len(found[0]) != len(fixed) or any(a is not b for a, b in zip(found[0], fixed)):
        found = memo[key] = (fixed, codec.digest_of(("fixed marks", fixed), known=True))
    return found[1]


@functools.cache
def _kinds() -> tuple:
    """A group, and the marks kept a group may hold; loaded when a page is first digested, as the
    plan's codec loads the mark classes (a build with nothing to plan loads none of them)."""
    from printkit.plan.marks import Group

    return Group, (Marks, Joined)
