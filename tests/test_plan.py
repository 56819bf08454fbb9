"""Page geometry as numbers: card sheets, crop marks, mirrored backs, scale bars, sheet frames."""

import pytest

from printkit.plan.cards import plan_card_sheet
from printkit.plan.geometry import PAPERS, Rect
from printkit.plan.page import plan_sheet
from printkit.plan.scale import bars_in_margins

TOL = 0.05


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_three_by_three_poker_cards_centred(paper):
    p = PAPERS[paper]
    sheet = plan_card_sheet(p)
    assert (sheet.cols, sheet.rows) == (3, 3)
    for slot in sheet.slots:
        assert abs(slot.trim.width - 63.5) < TOL and abs(slot.trim.height - 88.9) < TOL
    box = sheet.trim_box
    assert abs(box.x - (p.width - box.right)) < TOL
    assert abs(box.y - (p.height - box.top)) < TOL


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_outside_cards_inside_printable_area(paper):
    p = PAPERS[paper]
    sheet = plan_card_sheet(p)
    printable = Rect(5, 5, p.width - 10, p.height - 10)
    cut_xs = {s.trim.x for s in sheet.slots} | {s.trim.right for s in sheet.slots}
    cut_ys = {s.trim.y for s in sheet.slots} | {s.trim.top for s in sheet.slots}
    assert sheet.marks
    for m in sheet.marks:
        for x, y in ((m.x1, m.y1), (m.x2, m.y2)):
            assert printable.x - 1e-9 <= x <= printable.right + 1e-9
            assert printable.y - 1e-9 <= y <= printable.top + 1e-9
        seg = Rect(min(m.x1, m.x2), min(m.y1, m.y2), abs(m.x2 - m.x1) or 1e-6, abs(m.y2 - m.y1) or 1e-6)
        assert not any(seg.overlaps(s.trim) for s in sheet.slots)
        assert (m.x1 == m.x2 and m.x1 in cut_xs) or (m.y1 == m.y2 and m.y1 in cut_ys)


def test_every_cut_line_has_marks_where_the_margin_allows():
    a4 = plan_card_sheet(PAPERS["a4"])
    vertical = {m.x1 for m in a4.marks if m.x1 == m.x2}
    horizontal = {m.y1 for m in a4.marks if m.y1 == m.y2}
    assert len(vertical) == 4 and len(horizontal) == 4
    # Letter's top and bottom margins (6.35 mm) leave no room outside the 5 mm unprintable edge:
    # its column cuts follow the drawn cut lines instead; the row cuts still get marks.
    letter = plan_card_sheet(PAPERS["letter"])
    assert {m.y1 for m in letter.marks if m.y1 == m.y2} == {s.trim.y for s in letter.slots} | \
        {s.trim.top for s in letter.slots}


@pytest.mark.parametrize("duplex, expected", [("long", (0, 2)), ("short", (2, 0)), ("none", (0, 0))])
def test_back_slot_mirrors_columns_for_long_edge_and_rows_for_short(duplex, expected):
    sheet = plan_card_sheet(PAPERS["a4"])
    back = sheet.back_slot(sheet.slots[0], duplex)
    assert (back.row, back.col) == expected


def test_mirrored_back_lands_behind_its_front():
    """Flip the page about its vertical centre line: a back slot must cover its front slot."""
    p = PAPERS["letter"]
    sheet = plan_card_sheet(p)
    for slot in sheet.slots:
        back = sheet.back_slot(slot, "long")
        assert abs((p.width - back.trim.right) - slot.trim.x) < TOL
        assert abs(back.trim.y - slot.trim.y) < TOL


def test_bleed_grows_each_card_and_keeps_the_grid_on_the_page():
    sheet = plan_card_sheet(PAPERS["a4"], bleed=3)
    for slot in sheet.slots:
        assert abs(slot.bleed.width - 69.5) < TOL and abs(slot.bleed.x - (slot.trim.x - 3)) < TOL
    assert sheet.bleed_box.x >= 5 and sheet.bleed_box.right <= 205
    assert sheet.per_sheet < 9  # 3 columns of 69.5 mm do not fit A4's printable width


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_scale_bars_are_exact_and_touch_nothing(paper):
    sheet = plan_card_sheet(PAPERS[paper])
    keep_out = [s.bleed for s in sheet.slots]
    bars = bars_in_margins(PAPERS[paper], keep_out)
    assert sorted(round(b.length, 3) for b in bars) == [50.0, 50.8]
    for bar in bars:
        assert not any(bar.footprint.overlaps(r) for r in keep_out)
        assert bar.ticks[0] == 0 and abs(bar.ticks[-1] - bar.length) < 1e-9


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_frame_keeps_footer_and_bars_inside_the_printable_area(paper):
    p = PAPERS[paper]
    frame = plan_sheet(p)
    assert frame.footer.y >= 5 and frame.body.top <= p.height - 5
    assert frame.footer.top <= frame.body.y
    for bar in frame.bars:
        assert bar.footprint.right <= p.width - 5 and bar.footprint.y >= 5


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [3.0, 3.175])
def test_with_bleed_every_cut_has_a_mark_at_both_ends(paper, bleed):
    sheet = plan_card_sheet(PAPERS[paper], bleed=bleed)
    for x in {s.trim.x for s in sheet.slots} | {s.trim.right for s in sheet.slots}:
        ends = [m for m in sheet.marks if m.x1 == m.x2 == x]
        assert len(ends) == 2, x
    for y in {s.trim.y for s in sheet.slots} | {s.trim.top for s in sheet.slots}:
        ends = [m for m in sheet.marks if m.y1 == m.y2 == y]
        assert len(ends) == 2, y


# --- booklet imposition ----------------------------------------------------------------------------

def test_saddle_imposition_of_an_8_page_booklet():
    """The issue's example: sheet 1 front 8 | 1, back 2 | 7; sheet 2 front 6 | 3, back 4 | 5."""
    from printkit.plan.imposition import saddle_sides
    assert saddle_sides(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]


@pytest.mark.parametrize("pages", range(1, 30))
def test_saddle_imposition_folds_into_reading_order(pages):
    """Fold the stack: on every side the two pages face each other across the fold, so they sum to
    n + 1; every page appears once; the fronts' right pages run 1, 3, 5... outside in."""
    from printkit.plan.imposition import padded, saddle_sides
    n = padded(pages)
    assert n % 4 == 0 and pages <= n < pages + 4
    sides = saddle_sides(pages)
    assert len(sides) == n // 2
    full = saddle_sides(n)  # the same booklet with every page printed
    assert all(left + right == n + 1 for left, right in full)
    assert sorted(p for side in full for p in side) == list(range(1, n + 1))
    assert [right for _, right in full[::2]] == list(range(1, n // 2, 2))
    assert all((p is None) == (q > pages) for side, fside in zip(sides, full) for p, q in zip(side, fside))


def test_booklet_page_is_half_the_sheet():
    from printkit.plan.imposition import booklet_page
    a5 = booklet_page(PAPERS["a4"])
    assert (a5.width, a5.height) == (148.5, 210.0)
    half_letter = booklet_page(PAPERS["letter"])
    assert (round(half_letter.width / 25.4, 6), round(half_letter.height / 25.4, 6)) == (5.5, 8.5)
