"""Harbour Masters (examples/content/harbour-masters/): a designer's own sheet as it is. Every card
of four types is a row of one workbook sheet; each deck takes its rows by `where:` and prints each
as many times as the `count` column says; one frame, declared once for the game, serves a poker
deck, a mini deck and a landscape deck. Expected cards are read from the workbook with openpyxl,
and expected geometry is the game's own millimetres, never printkit's code."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import openpyxl
import pytest

from conftest import ROOT
from readback import TOL, Box, pages, text_of
from test_declared import cards_on

GAME = ROOT / "examples" / "content" / "harbour-masters"
DECKS = {"ships": ("ship", (63.5, 88.9)), "cargo": ("cargo", (44.45, 63.5)),
         "ports": ("port", (88.9, 63.5)), "events": ("event", (63.5, 88.9))}
BAND = 15.0  # mm: the frame's band of the type's colour, at the top of every card
INSET, BORDER_TOP = 4.25, 18.0  # the frame's border: 4.25 mm from the sides and the bottom (clear of a 4 mm safe zone), 18 mm from the top


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("harbour") / "out"
    done = subprocess.run([sys.executable, "-m", "printkit", "--project", str(ROOT / "examples"), "build",
                           "harbour-masters", "--out", str(out)], capture_output=True, text=True, check=False,
                          env={**os.environ, "COLUMNS": "100"})
    assert (done.returncode, done.stderr) == (0, "")
    return out / "harbour-masters"


def sheet_rows() -> list[dict]:
    book = openpyxl.load_workbook(GAME / "cards.xlsx", read_only=True)
    rows = list(book["Cards"].iter_rows(values_only=True))
    return [dict(zip(rows[0], row)) for row in rows[1:] if any(cell is not None for cell in row)]


def names_on(pdf: Path) -> Counter:
    """Each card's name, read from the band at its top, over every front page."""
    found = Counter()
    for page in pages(pdf)[0::2]:
        for card in cards_on(page):
            band = Box(card.x0, card.y1 - BAND, card.x1, card.y1)
            found[text_of([ch for ch in page.chars if band.holds(*ch.box.centre) and not ch.text.isdigit()])] += 1
    return found


def test_every_row_of_the_sheet_is_printed_by_its_deck_as_many_times_as_its_count(built):
    rows = sheet_rows()
    assert {row["type"] for row in rows} == {kind for kind, _ in DECKS.values()}  # no row is left to no deck
    for product, (kind, _) in DECKS.items():
        expected = Counter()
        for row in rows:
            if row["type"] == kind:
                expected[row["name"]] += row["count"]
        assert names_on(built / f"{product}.pdf") == expected, product
    assert sum(row["count"] for row in rows) == 52


def test_each_deck_is_cut_at_its_own_size_one_of_them_landscape(built):
    for product, (_, (width, height)) in DECKS.items():
        for page in pages(built / f"{product}.pdf")[0::2]:
            for card in cards_on(page):
                assert abs(card.width - width) <= TOL and abs(card.height - height) <= TOL, (product, str(card))


def test_the_one_frame_keeps_its_border_the_same_distance_from_the_edges_of_every_size(built):
    for product in DECKS:
        page = pages(built / f"{product}.pdf")[0]
        for card in cards_on(page):
            border = Box(card.x0 + INSET, card.y0 + INSET, card.x1 - INSET, card.y1 - BORDER_TOP)
            drawn = [shape for shape in page.shapes if shape.stroke and not shape.fill and shape.box.same(border)]
            assert len(drawn) == 1, (product, str(card))
            band = [shape for shape in page.shapes if shape.fill and shape.box.within(card, tol=0.01)
                    and abs(shape.box.width - card.width) <= TOL and abs(shape.box.height - BAND) <= TOL
                    and abs(shape.box.y1 - card.y1) <= TOL]
            assert band, (product, str(card))


def test_a_ports_goods_typed_in_stars_print_bold_and_the_stars_do_not(built):
    page = pages(built / "ports.pdf")[0]
    assert "*" not in "".join(ch.text for ch in page.chars)
    goods = {"Fish", "Grain", "Wool", "Timber", "Wine", "Spice"}
    for card in cards_on(page):
        body = Box(card.x0, card.y0, card.x1, card.y1 - BAND)
        chars = [ch for ch in page.chars if body.holds(*ch.box.centre)]
        words = text_of(chars)
        wanted = [good for good in goods if good in words.split()]
        assert len(wanted) == 2, words
        for good in wanted:
            start = "".join(ch.text for ch in chars).index(good)
            assert all("Bold" in ch.font for ch in chars[start:start + len(good)]), good
        assert "Bold" not in chars[0].font  # "Wants" is in the regular face


def test_a_ship_without_a_cost_has_no_cost_disc_and_the_others_show_theirs(built):
    rows = {row["name"]: row for row in sheet_rows() if row["type"] == "ship"}
    page = pages(built / "ships.pdf")[0]
    for card in cards_on(page):
        band = Box(card.x0, card.y1 - BAND, card.x1, card.y1)
        chars = [ch for ch in page.chars if band.holds(*ch.box.centre)]
        name = text_of([ch for ch in chars if not ch.text.isdigit()])
        digits = "".join(ch.text for ch in chars if ch.text.isdigit())
        assert digits == ("" if rows[name]["cost"] is None else str(rows[name]["cost"])), name
