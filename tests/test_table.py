"""The table (plan.table): widths by share and fixed width, rules that stop at spanning cells,
heavy rules between groups, ticks, turned labels and shading, as numbers."""

from __future__ import annotations

import pytest

from printkit.ground.errors import Problem
from printkit.plan.geometry import Rect
from printkit.plan.marks import Box, Group, Line
from printkit.plan.table import TICK, Cell, Column, Row, Table, column_widths, narrowest, plan_table
from printkit.plan.text import Text

WHERE = Problem("templates/t.j2", 1, "")
COLUMNS = (Column("round", width=12),
           Column("points", 1, min_width=9, group=1), Column("bust", 1, group=1), Column("total", 2, group=1, strong=True),
           Column("points", 1, min_width=9, group=2), Column("bust", 1, group=2), Column("total", 2, group=2, strong=True))
ROWS = [Row((Cell(), Cell("Ann", span=3), Cell("Bob", span=3)), 8, shade=0.9, rule="heavy"),
        Row((Cell("Round", bold=True),) + tuple(Cell(c.name, turned=True) for c in COLUMNS[1:]), 15, shade=0.9),
        Row((Cell("1", bold=True), Cell(), Cell(tick=True), Cell(), Cell(), Cell(tick=True), Cell()), 10),
        Row((Cell("2", bold=True), Cell(), Cell(tick=True), Cell(), Cell(), Cell(tick=True), Cell()), 10)]


def test_fixed_columns_keep_their_width_and_the_rest_share_by_share():
    widths = column_widths(COLUMNS, 172)
    assert widths[0] == 12 and sum(widths) == pytest.approx(172)
    assert widths[3] == pytest.approx(2 * widths[1]) and widths[1] == pytest.approx(160 / 8)


def test_a_column_below_its_minimum_is_found():
    assert narrowest(COLUMNS, 172) is None
    assert narrowest(COLUMNS, 80).name == "points"  # (80 - 12) / 8 = 8.5 mm < 9


def test_plan_lays_rows_from_the_top_and_frames_the_table():
    plan = plan_table(Table(COLUMNS), Rect(10, 20, 172, 200), ROWS, WHERE)
    assert plan.ys == (220, 212, 197, 187, 177)
    assert plan.rect == Rect(10, 177, 172, 43)
    assert Box(plan.rect, width=0.5) in plan.marks


def vertical_rules(plan, x):
    return [m for m in plan.marks if isinstance(m, Line) and m.seg.x1 == m.seg.x2 == pytest.approx(x)]


def test_rules_stop_under_spanning_cells_and_are_heavy_between_groups():
    plan = plan_table(Table(COLUMNS), Rect(10, 20, 172, 200), ROWS, WHERE)
    xs = plan.xs
    inside_ann = vertical_rules(plan, xs[2])  # between Ann's points and bust: below her name only
    assert [(r.seg.y2, r.seg.y1, r.width) for r in inside_ann] == [(212, 177, 0.2)]
    between = vertical_rules(plan, xs[4])  # Ann | Bob: heavy, the whole height
    assert [(r.seg.y2, r.seg.y1, r.width) for r in between] == [(220, 177, 0.5)]
    under_names = [m for m in plan.marks if isinstance(m, Line) and m.seg.y1 == m.seg.y2 == 212]
    assert [m.width for m in under_names] == [0.5]


def test_strong_columns_are_outlined_below_the_cells_that_span_them():
    plan = plan_table(Table(COLUMNS), Rect(10, 20, 172, 200), ROWS, WHERE)
    strong = [m for m in plan.marks if isinstance(m, Box) and m.width == 0.6]
    assert [(b.rect.x, b.rect.top) for b in strong] == [(pytest.approx(plan.xs[3]), 212),
                                                        (pytest.approx(plan.xs[6]), 212)]


def test_ticks_are_centred_boxes_and_turned_labels_read_upwards():
    plan = plan_table(Table(COLUMNS), Rect(10, 20, 172, 200), ROWS, WHERE)
    ticks = [m for m in plan.marks if isinstance(m, Box) and m.rect.width == TICK]
    assert len(ticks) == 4
    first = ticks[0].rect
    assert first.x + TICK / 2 == pytest.approx((plan.xs[2] + plan.xs[3]) / 2)
    assert first.y + TICK / 2 == pytest.approx((197 + 187) / 2)
    turned = [m for m in plan.marks if isinstance(m, Group)]
    assert len(turned) == 6 and all(g.angle == 90 for g in turned)
    assert turned[0].x == pytest.approx(plan.xs[2]) and turned[0].y == 197


def test_shaded_rows_and_words_in_their_cells():
    plan = plan_table(Table(COLUMNS), Rect(10, 20, 172, 200), ROWS, WHERE)
    shades = [m for m in plan.marks if isinstance(m, Box) and m.fill == 0.9]
    assert [s.rect.height for s in shades] == [8, 15]
    names = [m for m in plan.marks if isinstance(m, Text) and m.plain() in ("Ann", "Bob")]
    for name, (left, right) in zip(names, [(plan.xs[1], plan.xs[4]), (plan.xs[4], plan.xs[7])]):
        assert left < name.extent.x and name.extent.right < right
