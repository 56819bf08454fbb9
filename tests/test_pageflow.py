"""The page flow (plan.pageflow), as numbers: text broken over pages that have begun, a figure
kept whole on the next page while the text fills this one, and a template's `[[name]]` lines."""

from __future__ import annotations

import pytest

from printkit.ground.errors import Problem, PrintkitError
from printkit.plan.geometry import Rect
from printkit.plan.marks import Group
from printkit.plan.pageflow import PageFlow
from printkit.plan.textpages import paginate

WHERE = Problem("templates/t.j2", 1, "")
TEXT = "\n\n".join(f"Paragraph {n}: " + "words that run on and on " * 12 for n in range(12))


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


def test_a_figure_line_places_its_figure_between_the_texts_around_it():
    flow = PageFlow(Rect(0, 0, 80, 200), 10.0, WHERE)
    asked = []
    figures = {"map": lambda: asked.append("map") or (["map"], 30.0), "unused": lambda: asked.append("unused")}
    flow.text_and_figures("Before the map.\n[[map]]\nAfter the map.", figures, "rules")
    before, picture, after = flow.pages[0]
    assert before.plain() == "Before the map." and after.plain() == "After the map."
    assert isinstance(picture, Group) and picture.marks == ("map",)
    assert before.top - before.height >= picture.y + 30.0 > after.top  # in reading order down the page
    assert asked == ["map"]  # a figure the text does not ask for is not drawn


def test_a_figure_the_product_does_not_draw_is_an_error_at_the_template():
    flow = PageFlow(Rect(0, 0, 80, 200), 10.0, WHERE)
    with pytest.raises(PrintkitError) as error:
        flow.text_and_figures("Text.\n[[tabel]]\nMore.", {"table": lambda: ([], 10.0)}, "rules")
    assert [str(p) for p in error.value.problems] == ["templates/t.j2:1: [[tabel]]: no such figure here (figures: [[table]])"]


def test_a_paragraph_with_room_for_all_but_its_last_line_leaves_two_lines_for_the_next_page():
    """Issue 23: a four-line paragraph with room for three went whole to the next page, leaving
    15 % of the booklet's page 2 empty; two lines stay, two go on."""
    words = "words that run on and on " * 6
    pitch = 10.0 * 1.2 * 25.4 / 72  # 10 pt lines, leading 1.2
    (whole,) = paginate(words, 80, 100, 10.0, "rules", WHERE)
    assert len(whole.lines) == 4
    first, second = paginate(words, 80, 100, 10.0, "rules", WHERE, heights=(3.5 * pitch,))
    assert (len(first.lines), len(second.lines)) == (2, 2)
    assert " ".join(t.plain() for t in (first, second)).split() == whole.plain().split()


def test_a_documents_first_heading_is_its_title_larger_than_its_headings():
    """Issue 23: every rules document's title was set as its headings were. At body size 9.5 pt
    the type scale's title is 14 pt and its headings 11 pt."""
    flow = PageFlow(Rect(0, 0, 120, 200), 9.5, WHERE)
    flow.text_and_figures("# The game\nOne paragraph.\n\n# A section\nAnother paragraph.", {}, "rules")
    (text,) = flow.pages[0]
    sizes = {"".join(run for _, run in line.runs): line.size for line in text.lines}
    assert sizes == {"The game": 14.0, "One paragraph.": 9.5, "A section": 11.0, "Another paragraph.": 9.5}
