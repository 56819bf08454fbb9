"""The pieces the Cross Sums booklet is laid out with, as numbers: volumes of whole sheets and the
fold and staple marks. (Its page flow is tests/test_pageflow.py.)"""

from __future__ import annotations

from printkit.plan.geometry import PAPERS, PRINTER_MARGIN
from printkit.plan.imposition import fold_and_staple_marks, padded, volumes_of


def test_volumes_hold_every_part_in_whole_sheets_none_over_the_stapler():
    for before, count, most in ((7, 50, 40), (7, 1, 40), (7, 17, 40), (1, 120, 40), (7, 50, 24)):
        split = volumes_of([before, 1], count, most)
        pages = [padded((before if k == 0 else 1) + 2 * parts) for k, parts in enumerate(split)]
        assert sum(split) == count and all(parts >= 1 for parts in split)
        assert max(pages) <= most
        fewest = -(-(before - 1 + 1 + 2 * count) // most)  # what the pages need at the least, full volumes
        assert fewest <= len(split) <= fewest + 1, (before, count, most, split)


def test_the_campaigns_fifty_scenarios_make_three_volumes_alike():
    assert volumes_of([7, 1], 50, 40) == [16, 17, 17]  # 40, 36 and 36 pages: 10, 9 and 9 sheets


def test_no_volume_when_the_front_matter_alone_fills_one():
    assert volumes_of([40, 1], 3, 40) is None


def test_the_fold_and_staple_marks_stand_on_the_fold_inside_the_printable_area():
    sheet = PAPERS["a4"].landscape()
    folds, staples = fold_and_staple_marks(sheet)
    for seg in folds + staples:
        assert seg.x1 == seg.x2 == sheet.width / 2
        assert PRINTER_MARGIN <= min(seg.y1, seg.y2) and max(seg.y1, seg.y2) <= sheet.height - PRINTER_MARGIN
    assert sorted((s.y1 + s.y2) / 2 for s in staples) == [sheet.height / 4, sheet.height * 3 / 4]
