"""Ascending Row Overflow content that is not a bad case: a title with markup characters prints
literally and names every PDF, an 80-character title fits its card backs or is one located error,
a failed build loses no previous PDF even when every PDF would change, an unwritable --out.

The titles are whole game.yaml files in tests/fixtures/good/ascending-row-overflow/<name>/; the
failed builds use bad cases from tests/fixtures/bad/ascending-row-overflow/ (see test_bad_content.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from conftest import BAD, GOOD, build, expected_stderr, overlay, pdfs, validate

GAME = "ascending-row-overflow"
G = f"{GAME}/game.yaml"
PRODUCTS = ["deck", "starter-rows", "player-aid", "score-sheet", "practice-sheet", "practice-key", "rules"]
MARKUP_TITLE = "Rows < Overflow & Co"
LONG_TITLE = "Ascending Row Overflow, the Deluxe Anniversary Edition with Extra Rows and Cards"
PT = 25.4 / 72


# --- text with markup characters prints literally ----------------------------------------------

def _text(path: Path) -> str:
    """Every page's text, and the text of each card-sized cell of a 3 x 3 grid centred on the page
    (cards stand side by side, so a title wrapped on three cards would interleave), with line
    breaks and runs of spaces made single spaces."""
    parts = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            parts.append(page.extract_text() or "")
            w, h = 63.5 / PT, 88.9 / PT
            left, bottom = (page.width - 3 * w) / 2, (page.height - 3 * h) / 2
            for col in range(3):
                for row in range(3):
                    cell = (left + col * w, bottom + row * h, left + (col + 1) * w, bottom + (row + 1) * h)
                    if cell[0] >= 0 and cell[1] >= 0 and cell[2] <= page.width and cell[3] <= page.height:
                        parts.append(page.crop(cell).extract_text() or "")
    return " | ".join(" ".join(part.split()) for part in parts)


def test_markup_characters_in_title_print_literally(project, cli):
    overlay(GOOD / GAME / "markup-in-title", project)
    assert validate(cli, GAME)[::2] == (0, "")
    code, _, err = build(cli, GAME)
    assert (code, err) == (0, "")
    for product in PRODUCTS:
        text = _text(project / "out" / GAME / f"{product}.pdf")
        assert MARKUP_TITLE in text, product
        assert "&amp;" not in text and "&lt;" not in text, product


def test_every_pdf_is_titled_from_game_yaml(project, cli):
    """The title in game.yaml names every file (PDF title, and the footers drawn from it)."""
    overlay(GOOD / GAME / "markup-in-title", project)
    assert build(cli, GAME)[0] == 0
    for product in PRODUCTS:
        metadata = PdfReader(project / "out" / GAME / f"{product}.pdf").metadata
        assert metadata["/Title"].startswith(f"{MARKUP_TITLE} - "), (product, metadata["/Title"])


def test_title_too_long_for_card_back_is_an_error_or_fits(project, cli):
    """An 80-character title (the most game.yaml allows) must not run across the neighbouring
    cards of the back sheet: either it is set inside the card, or the build says which line of
    which file to shorten (the title at game.yaml:3, or the template's back title) and names the
    item - not "templates: a line: ...", which is no file and no item."""
    overlay(GOOD / GAME / "title-too-long-for-card-back", project)
    code, _, err = build(cli, GAME)
    if code != 0:
        assert code == 1
        assert len(err.splitlines()) == 1, err
        assert re.match(rf"({re.escape(G)}:3|templates/{GAME}/deck\.j2:\d+): .*back", err), err
        return
    assert _text(project / "out" / GAME / "deck.pdf").count(LONG_TITLE) >= 24, "the title is not on every back"
    with pdfplumber.open(project / "out" / GAME / "deck.pdf") as pdf:
        back = pdf.pages[1]
        w = 63.5 / PT
        left = (back.width - 3 * w) / 2
        bottom = (back.height - 3 * 88.9 / PT) / 2
        for char in back.chars:
            if char["x0"] < left or char["x1"] > back.width - left or char["top"] > back.height - bottom:
                continue  # the scale bars' labels, in the margins
            col = int((char["x0"] - left) // w)
            assert char["x1"] <= left + (col + 1) * w, f"{char['text']!r} runs across a card edge"


# --- bad input loses nothing ----------------------------------------------------------------------

def retitle(project: Path) -> None:
    """A good change that alters every PDF (and still fits on the card backs)."""
    game = project / "content" / G
    text = game.read_text(encoding="utf-8")
    assert "\ntitle: Ascending row overflow\n" in text
    game.write_text(text.replace("\ntitle: Ascending row overflow\n", "\ntitle: Ascending row overflow II\n"),
                    encoding="utf-8")


def test_retitle_changes_every_pdf(project, cli):
    """The control that gives the next test its teeth."""
    assert build(cli, GAME)[0] == 0
    before = pdfs(project / "out")
    retitle(project)
    assert build(cli, GAME)[0] == 0
    after = pdfs(project / "out")
    assert all(after[f"{GAME}/{p}.pdf"] != before[f"{GAME}/{p}.pdf"] for p in PRODUCTS)


@pytest.mark.parametrize("case", ["practice-row-unsorted", "template-undefined-variable",
                                  "aid-text-too-long"])
def test_bad_input_loses_nothing(case, project, cli):
    """A failing build over a good one: every previous PDF byte-identical, no temporary left.
    The new title changes every PDF, so a build that wrote what it could would be caught; the
    content fails in loading, the templates in rendering the first (deck) and last (rules) product."""
    assert build(cli, GAME)[0] == 0
    before = pdfs(project / "out")
    assert {f"{GAME}/{product}.pdf" for product in PRODUCTS} <= set(before)
    overlay(BAD / GAME / case, project)
    reason = expected_stderr(BAD / GAME / case, project)[0]
    retitle(project)
    code, _, err = build(cli, GAME)
    assert code == 1
    assert err.startswith(reason.split(":")[0] + ":"), err  # failed for the case's reason
    assert pdfs(project / "out") == before
    assert not list((project / "out").rglob(".*.tmp"))


def test_unwritable_output_folder(project, cli):
    """--out under a regular file (chmod would not stop root): one line naming the path, exit 1."""
    (project / "afile").write_text("not a folder\n")
    code, out, err = build(cli, GAME, out="afile/out")
    lines = err.splitlines()
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith("afile/out"), err
    assert "cannot write" in lines[0]
    assert (project / "afile").read_text() == "not a folder\n"
