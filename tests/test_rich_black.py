"""Rich black for large solids, read back from the DriveThruCards export of a declared game with
pdfplumber: a black rectangle of 2 in² or more and 1/2 in or wider both ways is DTC's published
rich black (C60 M40 Y40 K100, 240 % in all, within its ink limit), while black text, a thin line, a
narrow band, a small square and a small disc stay black ink alone (0 0 0 1); MB Print, which
publishes no rich black, keeps black ink alone for all; the threshold's geometry as numbers."""

from __future__ import annotations

import math

import pdfplumber
import pytest

from declared import SLUG, game_project
from printkit.render.colour import large_solid
from printkit.render.shapes import narrowest
from printkit.targets.profiles import profiles
from test_export import run

PT_PER_MM = 72 / 25.4
K_ONLY = (0.0, 0.0, 0.0, 1.0)
DTC_RICH = (0.6, 0.4, 0.4, 1.0)  # OneBookShelf's figure, as shops.yaml quotes it

SOLIDS = """\
title: Solids
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {name: One}
    face:
      frame: false
      layers:
        big: {kind: rect, x: 5, y: 5, width: 40, height: 35, fill: black}
        small: {kind: rect, x: 48, y: 5, width: 10, height: 10, fill: black}
        band: {kind: rect, x: 0, y: 42, width: 63.5, height: 4, fill: black}
        rule: {kind: line, points: [[5, 50], [58, 50]], stroke: black, stroke_width: 0.3}
        words: {kind: text, text: Black words, x: 5, y: 55, width: 50, height: 10, colour: black}
        disc: {kind: ellipse, x: 10, y: 64, width: 20, height: 20, fill: black}
"""

pytestmark = pytest.mark.usefixtures("any_size")  # a poker deck to MB Print too: what is tested is its black


def exported(tmp_path, monkeypatch, capsys, shop: str):
    monkeypatch.chdir(game_project(tmp_path, SOLIDS))
    code, out, err = run(["export", SLUG, "--for", shop, "--out", "out"], capsys)
    assert (code, err) == (0, ""), err
    return tmp_path / "out" / SLUG / "deck.pdf"


def colour(value) -> tuple[float, ...]:
    return tuple(round(float(part), 4) for part in value)


def fills(page) -> dict[tuple[float, float], tuple]:
    """Each filled shape's (width, height) in mm, rounded to 0.1, and its fill colour."""
    shapes = page.rects + page.curves
    return {(round(s["width"] / PT_PER_MM, 1), round(s["height"] / PT_PER_MM, 1)): colour(s["non_stroking_color"])
            for s in shapes if s["fill"]}


@pytest.fixture
def front(tmp_path, monkeypatch, capsys):
    with pdfplumber.open(exported(tmp_path, monkeypatch, capsys, "dtc")) as pdf:
        page = pdf.pages[1]  # DTC: back, then front
        yield {"fills": fills(page), "lines": [colour(line["stroking_color"]) for line in page.lines],
               "chars": {colour(char["non_stroking_color"]) for char in page.chars if char["text"].strip()},
               "words": page.extract_text()}


def test_a_large_black_solid_is_dtcs_rich_black_within_its_ink_limit(front):
    assert front["fills"][(40.0, 35.0)] == DTC_RICH
    assert sum(DTC_RICH) * 100 <= profiles()["dtc"].ink_limit
    assert sum(profiles()["dtc"].rich_black) <= profiles()["dtc"].ink_limit


def test_small_and_narrow_black_fills_stay_black_ink_alone(front):
    assert front["fills"][(10.0, 10.0)] == K_ONLY  # 100 mm²
    assert front["fills"][(63.5, 4.0)] == K_ONLY  # 254 mm², across the card
    assert front["fills"][(20.0, 20.0)] == K_ONLY  # a disc of 314 mm²


def test_black_text_and_a_thin_line_stay_black_ink_alone(front):
    assert "Black words" in front["words"]
    assert front["chars"] == {K_ONLY}
    assert front["lines"] and set(front["lines"]) == {K_ONLY}


def test_a_shop_that_publishes_no_rich_black_keeps_black_ink_alone(tmp_path, monkeypatch, capsys):
    assert profiles()["mbprint"].rich_black is None
    with pdfplumber.open(exported(tmp_path, monkeypatch, capsys, "mbprint")) as pdf:
        assert fills(pdf.pages[0])[(40.0, 35.0)] == K_ONLY  # MB Print: front, then back


@pytest.mark.parametrize("area, perimeter, expected", [
    (10 * 100, 2 * (10 + 100), 10.0),  # a rectangle: its short side
    (40 * 40, 4 * 40, 40.0),  # a square: its side
    (math.pi * 20 ** 2, 2 * math.pi * 20, math.sqrt(math.pi) * 20),  # a disc: the square of its area
])
def test_a_shapes_narrowest_width(area, perimeter, expected):
    assert narrowest(area, perimeter) == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize("width, height, large", [
    (40, 35, True), (36, 36, True),  # 1400 and 1296 mm²
    (35.9, 35.9, False),  # 1289 mm²: under 2 in² (1290.32 mm²)
    (200, 12.6, False),  # 2520 mm², but narrower than 1/2 in (12.7 mm)
    (102, 12.7, True),
])
def test_a_large_solid_is_2_square_inches_and_half_an_inch_wide_both_ways(width, height, large):
    assert large_solid(width * height, min(width, height)) is large
