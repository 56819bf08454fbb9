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
A page placing the same cards (by their digests) at the same numbers among the same fixed marks
as one digested lately is not pickled again (`_PAGES`): a long-lived process (watch, serve)
digests a deck's every page at each edit, and most are as they were.
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
    group, kept, box = _kinds()
    placed, fixed, shape = [], [], []
    for mark in marks:  # a card's side placed (a group of marks kept, known by its own digest), or the sheet's
        card = type(mark) is group and type(mark.marks) in kept
        placed.append(mark if card else None)
        if not card:
            fixed.append(mark)
        shape.append(_placed_shape(mark, box) if card else None)
    fixed_digest = _fixed_digest(tuple(fixed), memo)
    key = None if UNSHAPED in shape else (page.paper, page.trim, page.bleed, tuple(shape), fixed_digest)
    found = _PAGES.get(key) if key is not None else None
    if found is None:
        found = codec.digest_of(("page", page.paper, page.trim, page.bleed, tuple(placed), fixed_digest), known=True)
        if key is not None:
            if len(_PAGES) >= MOST_PAGES:
                _PAGES.clear()
            _PAGES[key] = found
    return found


# The digests of the pages digested lately, by what each places where: a deck's page whose cards
# are the same, in the same slots, among the same fixed marks, is the same page (watch and serve
# digest every page of a deck again at each edit, most of them as they were). A card counts by its
# marks' digest, which is how the page's own digest counts it; a slot by its numbers, each a float
# (an int, a bool, and their floats pickle apart, equal as they are).
_PAGES: dict[tuple, str] = {}
MOST_PAGES = 4096
UNSHAPED = object()  # a card placed in a way not told by its numbers alone: its page digested every time


def _placed_shape(group, box) -> tuple | object:
    """A card's side as placed on a page, as a key: the digest of its marks, where, turned and
    seen through what (UNSHAPED where that is not only floats and a plain box)."""
    numbers = (group.x, group.y, group.angle, group.opacity)
    if type(group.marks) is not Marks or not all(type(n) is float for n in numbers):
        return UNSHAPED
    clip = group.clip
    if clip is None:
        return (group.marks.digest, numbers)
    if type(clip) is not box or not _plain_box(clip):
        return UNSHAPED
    return (group.marks.digest, numbers, clip.rect, clip.width, clip.level, clip.fill, clip.dash, clip.radius,
            clip.solid)


def _plain_box(clip) -> bool:
    """A clipping box told by floats (or none) alone: its width, level, fill, dash and radius."""
    return all(value is None or type(value) is float for value in (clip.width, clip.level, clip.fill, clip.radius)) \
        and (clip.dash is None or all(type(n) is float for n in clip.dash)) and type(clip.solid) is bool and \
        all(type(n) is float for n in (clip.rect.x, clip.rect.y, clip.rect.width, clip.rect.height))


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
    from printkit.plan.marks import Box, Group

    return Group, (Marks, Joined), Box
