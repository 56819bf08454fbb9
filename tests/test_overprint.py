"""Press colour (issue 39, point 4): on a press's files (PDF/X-1a for DriveThruCards and MB Print,
PDF/X-4 for pdfx and MeinSpiel) 100 % K text and thin black lines overprint (an ExtGState with /OP
and /op true, /OPM 1; a black outline's fill keeps knocking out: /op false), coloured and white
text knocks out, and the home files name no overprint at all. Read back with pypdf; Ghostscript,
where installed, separates the pdfx file: under the black number the cyan plate still carries the
ground's cyan, as an overprint leaves it (a knockout would leave none)."""

from __future__ import annotations

import math
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pypdf
import pytest
from PIL import Image
from pypdf.generic import ContentStream

from declared import SLUG, game_project
from printkit.cli.main import main
from test_cutcontour import COINS

PRESS_SHOPS = ["dtc", "mbprint", "meinspiel", "pdfx"]
GS = shutil.which("gs")
WHITE_WORDS = COINS.replace(  # white words on the back, where no black line crosses them
    "      frame: false\n  rules:",
    "      frame: false\n      layers:\n"
    "        word: {kind: text, text: 'sea', x: 6, y: 10, width: 13, height: 5, colour: white}\n  rules:")
assert WHITE_WORDS != COINS


@pytest.fixture(scope="module")
def coins(tmp_path_factory, any_size) -> Path:
    project = game_project(tmp_path_factory.mktemp("coins"), WHITE_WORDS)
    for shop in PRESS_SHOPS:
        argv = ["export", "--for", shop, "--content", project / "content", "--out", project / "shops" / shop]
        assert main([str(a) for a in argv]) == 0, shop
    assert main(["build", SLUG, "--content", str(project / "content"), "--out", str(project / "home")]) == 0
    return project


def painted(page) -> list[dict]:
    """Each text shown and each path stroked: "text" or "stroke", its colour operands (the fill's
    for text, the stroke's for a stroke), the stroke's width (pt), and the ExtGState in force."""
    states = page["/Resources"].get("/ExtGState") or {}
    state, stack, found = {"fill": None, "stroke": None, "width": 1.0, "gs": {}}, [], []
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            stack.append(dict(state))
        elif op == b"Q":
            state = stack.pop()
        elif op in (b"k", b"g", b"rg", b"scn"):
            state["fill"] = [float(v) for v in operands if not isinstance(v, pypdf.generic.NameObject)]
        elif op in (b"K", b"G", b"RG", b"SCN"):
            state["stroke"] = [float(v) for v in operands if not isinstance(v, pypdf.generic.NameObject)]
        elif op == b"w":
            state["width"] = float(operands[0])
        elif op == b"gs":
            state["gs"] = dict(states[operands[0]].get_object())
        elif op in (b"Tj", b"TJ"):
            found.append({"kind": "text", "colour": state["fill"], "gs": state["gs"]})
        elif op in (b"S", b"s", b"B", b"b"):
            found.append({"kind": "stroke", "colour": state["stroke"], "width": state["width"], "gs": state["gs"]})
    return found


def pages(folder: Path):
    readers = [pypdf.PdfReader(path) for path in sorted(folder.rglob("*.pdf"))]
    assert readers
    return [page for reader in readers for page in reader.pages]


BLACK = [0.0, 0.0, 0.0, 1.0]


@pytest.mark.parametrize("shop", PRESS_SHOPS)
def test_black_text_overprints_with_op_and_opm_1(coins, shop):
    texts = [p for page in pages(coins / "shops" / shop) for p in painted(page) if p["kind"] == "text"]
    black = [p for p in texts if p["colour"] == BLACK]
    assert black  # the coins' numbers, and their corner indices
    for text in black:
        assert (text["gs"].get("/OP"), text["gs"].get("/op"), text["gs"].get("/OPM")) == (True, True, 1), text


@pytest.mark.parametrize("shop", PRESS_SHOPS)
def test_white_and_coloured_text_knocks_out(coins, shop):
    texts = [p for page in pages(coins / "shops" / shop) for p in painted(page) if p["kind"] == "text"]
    others = [p for p in texts if p["colour"] != BLACK]
    assert others  # the white word
    assert all(not p["gs"].get("/OP") and not p["gs"].get("/op") for p in others)


@pytest.mark.parametrize("shop", PRESS_SHOPS)
def test_a_thin_black_line_overprints_its_stroke_only(coins, shop):
    strokes = [p for page in pages(coins / "shops" / shop) for p in painted(page)
               if p["kind"] == "stroke" and p["colour"] == BLACK]
    assert strokes  # the ring, 0.3 mm
    for stroke in strokes:
        assert stroke["width"] * 25.4 / 72 <= 1.0
        assert (stroke["gs"].get("/OP"), stroke["gs"].get("/op"), stroke["gs"].get("/OPM")) == (True, False, 1)


def test_the_home_files_name_no_overprint(coins):
    for page in pages(coins / "home"):
        for state in (page["/Resources"].get("/ExtGState") or {}).values():
            state = state.get_object()
            assert "/OP" not in state and "/op" not in state and "/OPM" not in state


@pytest.mark.skipif(not GS, reason="no Ghostscript (apt-get install ghostscript)")
def test_ghostscript_keeps_the_grounds_cyan_under_the_black_number(coins, tmp_path):
    pdf = coins / "shops" / "pdfx" / SLUG / "coins.pdf"
    subprocess.run([GS, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiffsep", "-r150",
                    f"-sOutputFile={tmp_path}/page%03d.tif", str(pdf)], check=True)
    black = Image.open(tmp_path / "page001(Black).tif").convert("L")  # 0: full ink, 255: none
    cyan = Image.open(tmp_path / "page001(Cyan).tif").convert("L")
    ground = Counter(cyan.tobytes()).most_common(1)[0][0]
    assert ground < 128  # the sea: plenty of cyan
    middle, trim = ((black.width - 1) / 2, (black.height - 1) / 2), 25.4 / 2 / 25.4 * 150  # px
    under = [cyan.getpixel((x, y)) for y in range(black.height) for x in range(black.width)
             if black.getpixel((x, y)) < 20 and math.dist((x, y), middle) < trim]  # on the sea, not off it
    assert len(under) > 500  # the number and the ring
    assert all(abs(v - ground) <= 2 for v in under), Counter(under).most_common(5)
