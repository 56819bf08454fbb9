"""Cut lines as the trade takes them (issue 39, point 3), read back with readers of their own: a
round token's press PDF (every shop whose files are PDFs) carries its die line as the spot colour
CutContour (a Separation over DeviceCMYK, 100 % magenta as its alternate), one circle on the
trim stroked 0.25 pt and overprinting, on every page; no shop's file prints the home sheet's grey
cut guide (the PNGs, the cut-outs, the virtual table's images show the token's ground there); the
home sheets keep their guide and take no CutContour. Ghostscript, where installed, separates the
pdfx file: a CutContour plate holding the circle alone, and the process plates no ring."""

from __future__ import annotations

import math
import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest
from PIL import Image
from pypdf.generic import ContentStream

from declared import SLUG, game_project
from printkit.cli.main import main

MM_PER_PT = 25.4 / 72
SIZE = 25.4  # mm: TGC's large circle chit
SEA = (0x3a, 0x7b, 0xd5)
PDF_SHOPS = ["dtc", "mbprint", "meinspiel", "pdfx"]
IMAGE_SHOPS = ["tgc", "mpc", "cricut", "tts"]
GS = shutil.which("gs")

COINS = f"""\
title: Coins
colours:
  sea: "#3a7bd5"
products:
  coins:
    kind: tokens
    shape: round
    size: {SIZE}
    tokens: [{{n: 1}}, {{n: 2}}]
    id: "coin {{{{ n }}}}"
    face:
      background: sea
      frame: false
      layers:
        number: {{kind: number, field: n, x: 7, y: 7, width: 11, height: 11}}
        ring: {{kind: ellipse, x: 4, y: 4, width: 17.4, height: 17.4, stroke: black, stroke_width: 0.3}}
    back:
      background: sea
      frame: false
  rules:
    kind: rules
"""


@pytest.fixture(scope="module")
def coins(tmp_path_factory, any_size) -> Path:
    """The coins exported for every shop (each selling every size), and built for home."""
    project = game_project(tmp_path_factory.mktemp("coins"), COINS)
    for shop in PDF_SHOPS + IMAGE_SHOPS:
        argv = ["export", "--for", shop, "--content", project / "content", "--out", project / "shops" / shop]
        assert main([str(a) for a in argv]) == 0, shop
    assert main(["build", SLUG, "--content", str(project / "content"), "--out", str(project / "home")]) == 0
    return project


def strokes(page) -> list[dict]:
    """Every stroked path of a page's content: its colour space and colour, width (pt), the
    graphics state in force (its /OP), and its points' extent (pt, in the page's frame: no cm is
    in force where printkit draws a die line, so only the top-level `cm`s are followed)."""
    found, state = [], {"space": "DeviceGray", "colour": [0], "width": 1.0, "gs": None, "points": []}
    stack = []
    states = page["/Resources"].get("/ExtGState") or {}
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            stack.append(dict(state))
        elif op == b"Q":
            state = stack.pop()
        elif op == b"CS":
            state["space"] = str(operands[0]).lstrip("/")
        elif op in (b"SCN", b"K", b"G", b"RG"):
            state["colour"] = [float(v) for v in operands]
            state["space"] = {b"K": "DeviceCMYK", b"G": "DeviceGray", b"RG": "DeviceRGB"}.get(op, state["space"])
        elif op == b"w":
            state["width"] = float(operands[0])
        elif op == b"gs":
            state["gs"] = states[operands[0]].get_object()
        elif op in (b"m", b"l"):
            state["points"] = state["points"] + [tuple(float(v) for v in operands)]
        elif op == b"c":
            state["points"] = state["points"] + [tuple(float(v) for v in operands[4:6])]
        elif op in (b"S", b"s", b"B", b"b"):
            found.append(dict(state))
            state["points"] = []
        elif op in (b"f", b"n"):
            state["points"] = []
    return found


def extent(points) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def pdf_of(coins: Path, shop: str) -> list[pypdf.PdfReader]:
    folder = coins / "shops" / shop / SLUG
    return [pypdf.PdfReader(path) for path in sorted(folder.glob("coins*.pdf"))]


@pytest.mark.parametrize("shop", PDF_SHOPS)
def test_every_page_of_a_round_tokens_press_pdf_has_its_die_line_in_cutcontour(coins, shop):
    readers = pdf_of(coins, shop)
    assert readers and sum(len(r.pages) for r in readers) == 4  # two coins, both sides
    for reader in readers:
        for page in reader.pages:
            space = page["/Resources"]["/ColorSpace"]["/CutContour"].get_object()
            assert [str(space[0]), str(space[1]), str(space[2])] == ["/Separation", "/CutContour", "/DeviceCMYK"]
            tint = space[3].get_object()
            assert list(tint["/C1"]) == [0, 1, 0, 0] and list(tint["/C0"]) == [0, 0, 0, 0]
            (die,) = [s for s in strokes(page) if s["space"] == "CutContour"]
            assert die["colour"] == [1.0] and abs(die["width"] - 0.25) < 1e-6
            assert die["gs"]["/OP"] == True  # noqa: E712 (pypdf's BooleanObject): it overprints
            trim = [float(v) for v in page["/TrimBox"]]
            assert all(abs(a - b) * MM_PER_PT <= 0.05 for a, b in zip(extent(die["points"]), trim))
            assert abs((trim[2] - trim[0]) * MM_PER_PT - SIZE) <= 0.05


@pytest.mark.parametrize("shop", PDF_SHOPS)
def test_no_press_pdf_prints_a_line_on_the_trim(coins, shop):
    """The home sheet's grey cut guide (0.2 mm, on the trim) is gone: the only strokes left are
    the die line and the coin's own black ring, 4 mm inside the trim."""
    for reader in pdf_of(coins, shop):
        for page in reader.pages:
            trim = [float(v) for v in page["/TrimBox"]]
            printed = [s for s in strokes(page) if s["space"] != "CutContour"]
            for stroke in printed:
                left, bottom, right, top = extent(stroke["points"])
                assert (right - left) * MM_PER_PT < SIZE - 7, stroke  # the ring, not a circle on the trim


def ring_pixels(image: Image.Image, radius_px: float) -> list[tuple[int, int, int]]:
    """The pixels on a circle of `radius_px` about the image's middle, every 2 degrees."""
    cx, cy = (image.width - 1) / 2, (image.height - 1) / 2
    return [image.getpixel((round(cx + radius_px * math.cos(math.radians(a))),
                            round(cy + radius_px * math.sin(math.radians(a))))) for a in range(0, 360, 2)]


@pytest.mark.parametrize("shop", ["tgc", "mpc"])
def test_a_shops_images_show_the_tokens_ground_where_the_cut_guide_was(coins, shop):
    folder = coins / "shops" / shop / SLUG / "coins"
    faces = sorted(folder.glob("face-*.png"))
    assert faces
    for path in faces:
        image = Image.open(path).convert("RGB")
        radius = SIZE / 2 / 25.4 * 300  # the trim's circle, px
        for ring in (radius - 1, radius, radius + 1):
            assert all(max(abs(a - b) for a, b in zip(pixel, SEA)) <= 3 for pixel in ring_pixels(image, ring)), path


def test_a_cutting_machines_cut_outs_carry_no_cut_guide(coins):
    folder = coins / "shops" / "cricut" / SLUG / "coins"
    images = sorted(folder.glob("card-*.png"))
    assert images
    for path in images:
        image = Image.open(path).convert("RGBA")
        radius = image.width / 2 - 2  # just inside the cut-out's edge, where the guide's inner half lay
        assert all(max(abs(a - b) for a, b in zip(pixel[:3], SEA)) <= 3 and pixel[3] == 255
                   for pixel in ring_pixels(image, radius)), path


def test_the_home_sheets_keep_their_cut_guide_and_take_no_cutcontour(coins):
    (home,) = sorted((coins / "home" / SLUG).glob("coins*.pdf"))
    reader = pypdf.PdfReader(home)
    assert not any("/CutContour" in (page["/Resources"].get("/ColorSpace") or {}) for page in reader.pages)
    assert b"CutContour" not in home.read_bytes()
    guides = [s for s in strokes(reader.pages[0]) if abs(s["width"] * MM_PER_PT - 0.2) < 0.01]
    assert guides  # scissors still have their grey circle at home


def test_no_image_export_or_home_file_names_cutcontour(coins):
    for shop in IMAGE_SHOPS:
        for path in (coins / "shops" / shop).rglob("*"):
            if path.is_file():
                assert b"CutContour" not in path.read_bytes(), path


@pytest.mark.skipif(not GS, reason="no Ghostscript (apt-get install ghostscript)")
def test_ghostscript_separates_a_cutcontour_plate_holding_the_circle_alone(coins, tmp_path):
    (pdf,) = pdf_of(coins, "pdfx")
    dpi = 150
    subprocess.run([GS, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiffsep", f"-r{dpi}",
                    f"-sOutputFile={tmp_path}/page%03d.tif", str(coins / "shops/pdfx" / SLUG / "coins.pdf")],
                   check=True)
    for number in range(1, len(pdf.pages) + 1):
        plate = Image.open(tmp_path / f"page{number:03d}(CutContour).tif").convert("L")  # 0: full tint, 255: none
        middle = ((plate.width - 1) / 2, (plate.height - 1) / 2)
        inked = [(x, y) for y in range(plate.height) for x in range(plate.width) if plate.getpixel((x, y)) < 128]
        radius = SIZE / 2 / 25.4 * dpi
        assert inked and all(abs(math.dist(p, middle) - radius) <= 1.5 for p in inked), number
        angles = {round(math.degrees(math.atan2(y - middle[1], x - middle[0]))) % 360 // 10 for x, y in inked}
        assert len(angles) == 36  # all the way round
        for ink in ("Cyan", "Magenta", "Black"):  # the art's plates: the ground runs through the circle unbroken
            art = Image.open(tmp_path / f"page{number:03d}({ink}).tif").convert("L")
            values = {art.getpixel(p) for p in inked}
            assert max(values) - min(values) <= 2, (number, ink, values)
