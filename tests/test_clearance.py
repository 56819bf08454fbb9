"""The layout read-back checks (clearance.py) on pages made by hand: each finds what it is for,
and passes what is clear."""

from __future__ import annotations

from clearance import frames_inside, small_running_text, texts_on_lines, touching_texts
from readback import MM, Box, Char, Page, Shape


def word(text: str, x: float, baseline: float, size: float = 9.5) -> list[Char]:
    """Upright characters, a fixed advance each, their font box from the descent to the ascent."""
    height, advance = size * MM, 0.55 * size * MM
    return [Char(ch, "DejaVuSans", Box(x + i * advance, baseline - 0.24 * height, x + (i + 1) * advance,
                                      baseline + 0.76 * height), (x + i * advance, baseline), (1.0, 0.0), size)
            for i, ch in enumerate(text)]


def page(chars=(), lines=(), rects=()) -> Page:
    return Page(210, 297, tuple(rects), tuple(lines), (), tuple(chars), 0)


def rule(x0, y0, x1, y1) -> Shape:
    return Shape(Box(x0, y0, x1, y1), True, False, 0.25, 0.0, None, False)


def test_two_lines_too_close_touch_and_lines_a_leading_apart_do_not():
    assert touching_texts(page(word("Lay each", 20, 100) + word("Diamond", 20, 97)))
    assert not touching_texts(page(word("Lay each", 20, 100) + word("Diamond", 20, 100 - 1.2 * 9.5 * MM)))


def test_a_rule_through_a_text_touches_it_and_one_below_its_descent_does_not():
    text = word("Points", 20, 100)
    assert texts_on_lines(page(text, [rule(10, 101, 60, 101)]))
    assert not texts_on_lines(page(text, [rule(10, 99, 60, 99)]))  # "Points" has no descender
    assert texts_on_lines(page(word("jumpy", 20, 100), [rule(10, 99.5, 60, 99.5)]))


def test_running_text_below_8_pt_is_found_and_a_short_label_is_not():
    assert small_running_text(page(word("3 players longest run", 20, 100, 7.0)))
    assert not small_running_text(page(word("low", 20, 100, 7.0)))


def test_a_frame_a_few_mm_inside_the_cut_is_found_and_a_centred_panel_is_not():
    trim = Box(10, 10, 73.5, 98.9)
    frame = Shape(Box(13, 13, 70.5, 95.9), True, False, 0.35, 0.0, None, False)
    panel = Shape(Box(25, 30, 58.5, 78.9), True, False, 0.35, 0.0, None, False)
    assert frames_inside(page(rects=[frame]), trim) == [frame.box]
    assert frames_inside(page(rects=[panel]), trim) == []
