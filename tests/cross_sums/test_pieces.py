"""The pieces the Cross Sums booklet is laid out with, as numbers: volumes of whole sheets, the
fold and staple marks, text broken over pages that have begun, and the page flow's pictures."""

from __future__ import annotations

from printkit.errors import Problem
from printkit.plan.geometry import PAPERS, PRINTER_MARGIN, Rect
from printkit.plan.imposition import fold_and_staple_marks, padded, volumes_of
from printkit.plan.marks import Group
from printkit.plan.text import paginate

from printkit.games.cross_sums.pageflow import PageFlow

WHERE = Problem("templates/t.j2", 1, "")
TEXT = "\n\n".join(f"Paragraph {n}: " + "words that run on and on " * 12 for n in range(12))


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


def test_text_paginated_into_a_begun_page_puts_fewer_lines_there():
    full = paginate(TEXT, 80, 60, 10.0, "rules", WHERE)
    begun = paginate(TEXT, 80, 60, 10.0, "rules", WHERE, heights=(25.0,))
    assert begun[0].height <= 25.0 < full[0].height
    assert len(begun[0].lines) < len(full[0].lines)
    assert " ".join(t.plain() for t in begun).split() == " ".join(t.plain() for t in full).split()


def test_a_picture_too_tall_for_the_rest_of_a_page_goes_to_the_next_and_the_text_fills_this_one():
    flow = PageFlow(Rect(0, 0, 80, 100), 10.0, WHERE)
    flow.text(TEXT[:700], "rules")
    room = flow.room
    flow.figure(["picture"], room + 10, TEXT, "rules")
    first, second = flow.pages[0], flow.pages[1]
    assert len(first) == 2 and not any(isinstance(m, Group) for m in first)  # the text went on filling page 1
    picture = next(m for m in second if isinstance(m, Group))
    assert picture.y == 100 - (room + 10)  # at the top of page 2, the text below it
    assert all(m.top <= picture.y for m in second if not isinstance(m, Group))
