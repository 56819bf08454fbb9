"""The press files read by an independent RIP: Ghostscript separates the DriveThruCards and MB Print
files of a coloured game (the starter game, Three Skies) into their four inks (`tiffsep`), and its
ink coverage (`inkcov`) is read for each page. Each sky prints in the C, M, Y and K that littleCMS
makes of it through the shop's profile, computed here; everything black prints in black ink alone
(no C, M or Y wherever K is full); the backs, grey only, carry no C, M or Y at all; no point of any
page carries more ink than the shop takes.

Ghostscript is Debian's `ghostscript` (`.ci/run` installs it and sets PRINTKIT_GHOSTSCRIPT_TEST=
required); without it these tests are skipped. printkit itself never needs it."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

from declared import starter_project
from printkit.cli.main import main
from test_export_colour import PRESSES, SKIES, in_cmyk

GS = shutil.which("gs")
REQUIRED = os.environ.get("PRINTKIT_GHOSTSCRIPT_TEST") == "required"
pytestmark = [pytest.mark.skipif(not GS and not REQUIRED, reason="no Ghostscript (apt-get install ghostscript)"),
              pytest.mark.usefixtures("any_size")]  # the starter's poker deck to MB Print too
DPI = 50  # enough to hold each sky's disc and the numbers' strokes: a few hundred pixels each
GAME = "three-skies"


@pytest.fixture(scope="module")
def separated(tmp_path_factory) -> dict[str, tuple[Path, list[Image.Image]]]:
    """Each press's deck.pdf of the starter game, and its pages as Ghostscript separates them: a
    CMYK image a page, each channel the ink laid there (0 none, 255 full), no halftone."""
    assert GS, "PRINTKIT_GHOSTSCRIPT_TEST=required, but Ghostscript (gs) is missing"
    project = starter_project(tmp_path_factory.mktemp("starter"))
    found = {}
    for shop in PRESSES:
        out = project / "out" / shop
        assert main(["export", "--for", shop, "--content", str(project / "content"), "--out", str(out)]) == 0
        pdf = out / GAME / "deck.pdf"
        pages = out / "separations"
        pages.mkdir()
        subprocess.run([GS, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiffsep", f"-r{DPI}",
                        f"-sOutputFile={pages}/page%03d.tif", str(pdf)], check=True)
        composites = sorted(pages.glob("page[0-9][0-9][0-9].tif"))
        found[shop] = (pdf, [Image.open(path).convert("CMYK") for path in composites])
    return found


def inks(page: Image.Image) -> Counter:
    """How many pixels of the page carry each CMYK combination (0 to 255 each)."""
    return Counter({ink: n for n, ink in page.getcolors(maxcolors=1 << 20)})


def coverage(pdf: Path) -> list[tuple[float, ...]]:
    """Ghostscript's ink coverage of each page: the share of the page each ink covers, C M Y K."""
    lines = subprocess.run([GS, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=inkcov", "-o", "-", str(pdf)],
                           check=True, capture_output=True, text=True).stdout.splitlines()
    return [tuple(float(v) for v in line.split()[:4]) for line in lines if line.strip().endswith("OK")]


@pytest.mark.parametrize("shop", PRESSES)
def test_each_sky_prints_in_the_cmyk_the_shops_profile_gives_it(separated, shop):
    _, pages = separated[shop]
    laid = Counter()
    for page in pages:
        laid.update(inks(page))
    coloured = {ink: n for ink, n in laid.items() if any(ink[:3]) and n >= 20}  # a disc, not an edge's pixel
    for sky, rgb in SKIES.items():
        wanted = tuple(round(v * 255) for v in in_cmyk(rgb, PRESSES[shop][0]))
        assert any(all(abs(a - b) <= 2 for a, b in zip(ink, wanted)) for ink in coloured), (sky, wanted, coloured)
    assert {ink[0] > 0 for ink in coloured} == {True, False}  # cyan in the moon and star, not in the sun
    assert all(ink[1] > 0 and ink[2] > 0 for ink in coloured if ink[0] == 0)  # the sun: magenta and yellow


@pytest.mark.parametrize("shop", PRESSES)
def test_black_prints_in_black_ink_alone(separated, shop):
    _, pages = separated[shop]
    for number, page in enumerate(pages, start=1):
        full_black = {ink for ink in inks(page) if ink[3] == 255}
        assert full_black, f"page {number} has no black"  # every side has its numbers, words or frame
        assert full_black == {(0, 0, 0, 255)}, (number, full_black)


@pytest.mark.parametrize("shop", PRESSES)
def test_ghostscripts_ink_coverage_finds_colour_on_the_faces_and_black_alone_on_the_backs(separated, shop):
    pdf, pages = separated[shop]
    measured = coverage(pdf)
    assert len(measured) == len(pages) == 24  # 12 cards, back then front (DTC) or front then back
    backs = measured[0::2] if shop == "dtc" else measured[1::2]
    faces = measured[1::2] if shop == "dtc" else measured[0::2]
    assert all(c == m == y == 0 and k > 0 for c, m, y, k in backs), backs
    assert all(k > 0 and (m > 0 or c > 0) for c, m, y, k in faces), faces  # each face has its sky and numbers


@pytest.mark.parametrize("shop", PRESSES)
def test_no_point_carries_more_ink_than_the_shop_takes(separated, shop):
    _, pages = separated[shop]
    limit = PRESSES[shop][1]
    most = max(sum(ink) for page in pages for ink in inks(page))
    assert 0 < most * 100 / 255 <= limit + 1, most
