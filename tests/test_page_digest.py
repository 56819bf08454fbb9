"""A planned page's digest from its card groups and one digest of its fixed marks
(printkit/plan/page_digest.py), and a deck's fixed marks made once a deck (products/cards.py):
equal pages digest alike however their marks are shared, any mark changed changes the digest, and
the digest is the key a page's drawing is found kept by (an edit's PDF byte-identical to one
built with no cache)."""

from __future__ import annotations

import copy
from dataclasses import replace

from printkit.plan.cards import plan_card_sheet
from printkit.plan.geometry import PAPERS, Rect, Segment
from printkit.plan.kept_marks import Joined, Marks
from printkit.plan.marks import Box, Group, Line, Page
from printkit.plan.page_digest import page_digest
from printkit.plan.text import Text, TextLine
from printkit.products.cards import Card, deck_pages

FACE = Marks("f" * 64, (Box(Rect(0.0, 0.0, 63.5, 88.9), fill=0.9),))  # a card's side kept


def _line(x: float) -> Line:
    return Line(Segment(x, 0.0, x, 5.0), width=0.25)


def _page(marks: tuple) -> Page:
    return Page(PAPERS["a4"], marks, trim=Rect(10.0, 10.0, 190.0, 277.0))


def test_equal_pages_digest_alike_whether_their_fixed_marks_are_shared_or_copies():
    fixed = (_line(10.0), _line(20.0), Box(Rect(1.0, 1.0, 2.0, 2.0)))
    shared = [_page((Group(FACE, 5.0, 5.0),) + fixed), _page((Group(FACE, 5.0, 5.0),) + fixed)]
    copies = _page((Group(FACE, 5.0, 5.0),) + copy.deepcopy(fixed))
    memo: dict = {}
    digests = [page_digest(page, memo) for page in shared] + [page_digest(copies, {}), page_digest(copies, memo)]
    assert len(set(digests)) == 1


def test_any_mark_changed_changes_the_digest():
    fixed = (_line(10.0), _line(20.0))
    base = _page((Group(FACE, 5.0, 5.0),) + fixed)
    memo: dict = {}
    before = page_digest(base, memo)
    changed = [
        _page((Group(FACE, 5.0, 5.5),) + fixed),  # a card moved
        _page((Group(Marks("e" * 64, ()), 5.0, 5.0),) + fixed),  # a card's side changed
        _page((Group(FACE, 5.0, 5.0),) + (_line(10.0), _line(21.0))),  # a fixed mark moved
        _page(fixed + (Group(FACE, 5.0, 5.0),)),  # the same marks in another order (drawn over the others)
        _page((Group(FACE, 5.0, 5.0),) + fixed[:1]),  # a fixed mark fewer
        replace(base, trim=Rect(10.0, 10.0, 190.0, 276.0)),  # its trim box
        replace(base, paper=PAPERS["letter"]),
        _page((Group(FACE, 5.0, 5.0), Text(0.0, 0.0, (TextLine(0.0, -3.0, 8.0, (("Helvetica", "x"),), 2.0),), 8.0, 4.0))
              + fixed),  # a word more
    ]
    assert before not in {page_digest(page, memo) for page in changed}
    assert page_digest(base, memo) == before  # the memo holds no stale digest for marks it saw


def test_a_page_of_a_joined_body_is_digested_by_the_bodys_digest_without_reading_it():
    class Unread:  # what would read the body's marks: never asked
        def pages(self):
            raise AssertionError("the body's marks were read")

    def joined(key: str) -> Joined:
        return Joined((_line(1.0),), Marks(key * 64, later=Unread()), lambda head, body: "unused")
    assert page_digest(_page(joined("a")), {}) == page_digest(_page(joined("a")), {}) != \
        page_digest(_page(joined("b")), {})


def test_a_decks_full_sheets_place_the_very_same_fixed_marks_and_digest_them_once():
    sheet = plan_card_sheet(PAPERS["a4"])
    # each card's sides kept (Marks), as a deck's declared cards are: known by their digest
    cards = [Card(f"card {n}", Marks(f"{n:064x}", (Box(Rect(0.0, 0.0, 63.5, 88.9), fill=n / 30),)),
                  Marks(f"{100 + n:064x}", (Box(Rect(0.0, 0.0, 1.0, 1.0), fill=n / 40),))) for n in range(20)]
    pages = deck_pages(sheet, cards, "long")
    fronts = pages[0::2]
    assert len(fronts) == 3 and len(fronts[0].marks) == len(fronts[1].marks) > len(fronts[2].marks)
    per_sheet = sheet.per_sheet
    assert all(a is b for a, b in zip(fronts[0].marks[per_sheet:], fronts[1].marks[per_sheet:]))
    memo: dict = {}
    digests = [page_digest(page, memo) for page in pages]
    assert len(set(digests)) == len(pages)
    assert len([key for key in memo if isinstance(key, tuple)]) == 2 + 1  # fronts full and last, the backs' bars


# --- the digests of pages digested lately, by what each places where (watch and serve's edits) -------

def _fresh(page) -> str:
    """The page's digest worked out from its marks, nothing remembered."""
    from printkit.plan import page_digest as module

    held = dict(module._PAGES)
    module._PAGES.clear()
    try:
        return page_digest(page, {})
    finally:
        module._PAGES.clear()
        module._PAGES.update(held)


def _deck_page(*groups) -> Page:
    return _page(tuple(groups) + (_line(10.0), _line(20.0)))


def test_a_page_placing_the_same_cards_where_they_were_is_found_not_pickled_again(monkeypatch):
    from printkit.plan import kept as codec
    from printkit.plan import page_digest as module

    module._PAGES.clear()
    first = page_digest(_deck_page(Group(FACE, 5.0, 5.0), Group(Marks("e" * 64, ()), 70.0, 5.0)), {})
    pickled = []
    real = codec.digest_of
    monkeypatch.setattr(codec, "digest_of", lambda *a, **k: pickled.append(a) or real(*a, **k))
    again = _deck_page(Group(Marks("f" * 64, ()), 5.0, 5.0), Group(Marks("e" * 64, ()), 70.0, 5.0))  # new objects
    assert page_digest(again, {}) == first
    assert [a[0][0] for a in pickled] == ["fixed marks"]  # the fixed marks of a new file, not the page


def test_what_the_remembered_digests_give_is_what_pickling_gives():
    clip = Box(Rect(-1.5, -1.5, 66.5, 91.9), level=None)
    pages = [
        _deck_page(Group(FACE, 5.0, 5.0)),
        _deck_page(Group(FACE, 5.0, 5.0, 180.0)),  # turned
        _deck_page(Group(FACE, 5.0, 5.0, opacity=0.5)),
        _deck_page(Group(FACE, 5.0, 5.0, clip=clip)),  # a back clipped to its cut lines
        _deck_page(Group(FACE, 5.0, 5.0, clip=Box(Rect(-1.5, -1.5, 66.5, 91.0), level=None))),
        _deck_page(Group(FACE, 5, 5.0)),  # an int where a float was: pickled apart, equal as they are
        _deck_page(Group(FACE, 5.0, 5.0), Group(FACE, 70.0, 5.0)),
        _deck_page(Group(FACE, 70.0, 5.0), Group(FACE, 5.0, 5.0)),  # the same cards, drawn in another order
        _deck_page(Group((Box(Rect(0.0, 0.0, 1.0, 1.0)),), 5.0, 5.0)),  # a side not kept
    ]
    for _ in range(2):  # first each digest made and remembered, then each found
        assert [page_digest(page, {}) for page in pages] == [_fresh(page) for page in pages]
    assert len({_fresh(page) for page in pages}) == len(pages)


def test_the_digests_remembered_are_bounded(monkeypatch):
    from printkit.plan import page_digest as module

    monkeypatch.setattr(module, "MOST_PAGES", 5)
    module._PAGES.clear()
    for n in range(12):
        page_digest(_deck_page(Group(FACE, float(n), 5.0)), {})
        assert len(module._PAGES) <= 5
