"""The gutter-fold sheet as planned (printkit/plan/gutterfold.py), as numbers: cards a page of every size
a declared deck may name, each back slot the mirror of its front, everything inside the printable
area and clear of the fold; and where a DeckLayout says each face and back lies. The expected
counts are worked out by hand (see tests/test_gutterfold.py for the reasoning on poker cards)."""

from __future__ import annotations

import pytest

from readback import Box
from printkit.plan.cards import plan_card_sheet
from printkit.plan.deck import DeckLayout
from printkit.plan.gutterfold import plan_gutter_fold
from printkit.plan.geometry import PAPERS

FOLD_CLEAR = 5.0  # PRINT.md: the fold at least 5 mm from any bleed


# Cards a page of every size a declared deck may name (PRINT.md's sizes; square 70 x 70), without
# bleed, worked out as above. Bridge 57.15 x 88.9: as poker, 2 x 2 on both papers. Tarot 70 x 120:
# a portrait page folded across, 148.5 - 10 = 138.5 (Letter 129.7) across: 1 row, 200 - 16 = 184
# (189.9) along: 2. Mini 44.45 x 63.5: a portrait page folded across, 138.5 (129.7) across: 2 rows,
# 184 (189.9) along: 4 columns = 8 (landscape folded down: 3 x 2 = 6). Square: a portrait page
# folded down, 105 - 10 = 95 (97.95) across: 1 column, 287 - 16 = 271 (253.4) along: 3 rows
# (landscape folded down: 138.5 across holds 1 of 70 mm, and 184 along 2).
DECLARED = {"poker": ((63.5, 88.9), 4, 4), "bridge": ((57.15, 88.9), 4, 4), "tarot": ((70.0, 120.0), 2, 2),
            "mini": ((44.45, 63.5), 8, 8), "square": ((70.0, 70.0), 3, 3)}


@pytest.mark.parametrize("size", sorted(DECLARED))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_planned_sheet_of_every_declared_size(size, paper):
    card, a4, letter = DECLARED[size]
    sheet = plan_gutter_fold(PAPERS[paper], card=card, most=(99, 99))
    assert sheet.per_sheet == {"a4": a4, "letter": letter}[paper]
    area = Box(5, 5, sheet.paper.width - 5, sheet.paper.height - 5)
    middle = (sheet.paper.width if sheet.vertical else sheet.paper.height) / 2
    for front in sheet.fronts.slots:
        back = sheet.back_slot(front).trim
        t = front.trim
        expected = (2 * middle - t.right, t.y) if sheet.vertical else (t.x, 2 * middle - t.top)
        assert abs(back.x - expected[0]) < 1e-9 and abs(back.y - expected[1]) < 1e-9
        for rect in (t, back):
            assert Box(rect.x, rect.y, rect.right, rect.top).within(area, 0)
            near = min(abs(rect.x - middle), abs(rect.right - middle)) if sheet.vertical else \
                min(abs(rect.y - middle), abs(rect.top - middle))
            assert near >= FOLD_CLEAR
    for seg in sheet.marks:
        low, high = sorted((seg.x1, seg.x2) if sheet.vertical else (seg.y1, seg.y2))
        assert high < middle or low > middle


def test_a_card_too_large_to_fold_is_refused():
    with pytest.raises(ValueError, match="gutter-fold A4"):
        plan_gutter_fold(PAPERS["a4"], card=(150.0, 250.0))


def test_a_deck_layout_puts_each_face_and_its_back_on_one_page_of_a_gutter_fold_file():
    """A4 poker: 4 cards a page (2 x 2 fronts, a landscape page folded down at 148.5 mm)."""
    sheet = plan_gutter_fold(PAPERS["a4"])
    layout = DeckLayout(sheet, 11, "long")
    faces, backs = layout.faces(), layout.backs()
    assert layout.pages == 3
    assert [page for page, _ in faces] == [page for page, _ in backs] == [0] * 4 + [1] * 4 + [2] * 3
    for (_, face), (_, back) in zip(faces, backs):
        assert (back.x, back.y, back.width, back.height) == (297 - face.right, face.y, face.width, face.height)
    assert DeckLayout(sheet, 11, "none").faces() == faces  # --duplex does not matter


def test_a_deck_layout_of_a_duplex_file_puts_each_back_on_the_next_page():
    sheet = plan_card_sheet(PAPERS["a4"])
    backs = DeckLayout(sheet, 11, "long").backs()
    assert [page for page, _ in backs] == [1] * 9 + [3] * 2
    assert backs[0][1] == sheet.slots[2].trim  # long-edge flip: the columns mirrored
    assert DeckLayout(sheet, 11, "none").backs() == []
