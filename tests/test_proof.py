"""`printkit preview --proof SHOP`, the soft proof, read back from its PNGs with Pillow against
littleCMS transforms built here from the profiles' files: a saturated blue and green come out as
the shop's press prints them on its paper (duller, by the round trip's own ΔE, absolute
colorimetric), a grey as black ink alone prints it (no cast but the ink's and the paper's), black
as the press's black ink; the ordinary preview's files are left byte for byte; a shop without a
CMYK profile is a usage error. (Paper white: tests/test_proof_paper.py.)"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PIL import Image, ImageCms

from conftest import ROOT
from declared import SLUG, game_project
from test_export import run

ICC = ROOT / "printkit" / "icc"
PRESSES = {"dtc": ("SWOP-TR003-240.icc", "DriveThruCards", "CGATS TR 003"),
           "mbprint": ("FOGRA39-300.icc", "MB Print", "FOGRA39")}
BLUE, GREEN, GREY, WHITE, BLACK = (0, 0, 255), (0, 255, 0), (128, 128, 128), (255, 255, 255), (0, 0, 0)

SWATCHES = """\
title: Swatches
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {name: One}
    face:
      frame: false
      layers:
        blue: {kind: rect, x: 5, y: 5, width: 25, height: 20, fill: "#0000ff"}
        green: {kind: rect, x: 33, y: 5, width: 25, height: 20, fill: "#00ff00"}
        grey: {kind: rect, x: 5, y: 30, width: 25, height: 20, fill: "#808080"}
        black: {kind: rect, x: 33, y: 30, width: 25, height: 20, fill: "#000000"}
"""


def lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    """An sRGB colour as CIELAB (D50), by littleCMS."""
    to_lab = ImageCms.buildTransform(ImageCms.getOpenProfile(str(ICC / "sRGB.icc")), ImageCms.createProfile("LAB"),
                                     "RGB", "LAB")
    return _lab(ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), to_lab).getpixel((0, 0)))


def printed_lab(cmyk: tuple[int, int, int, int], icc: str,
                intent=ImageCms.Intent.RELATIVE_COLORIMETRIC) -> tuple[float, float, float]:
    """CIELAB of a CMYK ink mix as the profile says the press prints it (relative to its paper, or
    absolute: on its paper as measured)."""
    to_lab = ImageCms.buildTransform(ImageCms.getOpenProfile(str(ICC / icc)), ImageCms.createProfile("LAB"),
                                     "CMYK", "LAB", intent)
    return _lab(ImageCms.applyTransform(Image.new("CMYK", (1, 1), cmyk), to_lab).getpixel((0, 0)))


def _lab(pixel) -> tuple[float, float, float]:
    """Pillow's 8-bit LAB: L 0..255 for 0..100, a and b 128 above their value."""
    return pixel[0] * 100 / 255, pixel[1] - 128, pixel[2] - 128


def round_trip(rgb: tuple[int, int, int], icc: str) -> tuple[int, int, int]:
    """sRGB to the press's CMYK (relative colorimetric with black point compensation, as shops.yaml
    says the export converts) and back to sRGB (absolute colorimetric, as a prepress proof shows it)."""
    srgb, press = ImageCms.getOpenProfile(str(ICC / "sRGB.icc")), ImageCms.getOpenProfile(str(ICC / icc))
    there = ImageCms.buildTransform(srgb, press, "RGB", "CMYK", ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                    flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    back = ImageCms.buildTransform(press, srgb, "CMYK", "RGB", ImageCms.Intent.ABSOLUTE_COLORIMETRIC)
    cmyk = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), there)
    return ImageCms.applyTransform(cmyk, back).getpixel((0, 0))


def on_paper(lightness: float, icc: str) -> float:
    """L* relative to the paper made absolute: its luminance Y times the paper's (the profile's
    media white point, D50 Y = 1), CIE 1976 both ways."""
    y = ((lightness + 16) / 116) ** 3 if lightness > 8 else lightness * 27 / 24389
    y *= ImageCms.getOpenProfile(str(ICC / icc)).profile.media_white_point[0][1]
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def delta_e(one, other) -> float:
    return math.dist(one, other)


def chroma(lab_colour) -> float:
    return math.hypot(lab_colour[1], lab_colour[2])


def files(out: Path) -> dict[str, bytes]:
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()}


@pytest.fixture(scope="module")
def proofs(tmp_path_factory):
    """Each shop's proof of the swatches, after an ordinary preview: (out, files before, after)."""
    project = game_project(tmp_path_factory.mktemp("proof"), SWATCHES)
    found = {}
    for shop in PRESSES:
        out = project / f"out-{shop}"
        assert main_in(project, ["preview", SLUG, "--out", out]) == 0
        before = files(out)
        assert main_in(project, ["preview", SLUG, "--out", out, "--proof", shop]) == 0
        found[shop] = out, before, files(out)
    return found


def main_in(project: Path, argv) -> int:
    import os

    from printkit.cli.main import main
    here = Path.cwd()
    os.chdir(project)
    try:
        return main([str(a) for a in argv])
    finally:
        os.chdir(here)


def pairs(out: Path, shop: str):
    """(the ordinary preview's card picture, the proof's), as RGB."""
    card = Path(SLUG) / "deck" / "card-01.png"
    return (Image.open(out / "preview" / card).convert("RGB"),
            Image.open(out / "preview" / f"_proof-{shop}" / card).convert("RGB"))


def rgb(image: Image.Image) -> list[tuple[int, int, int]]:
    data = image.tobytes()
    return [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]


def proofed(out: Path, shop: str, colour) -> set:
    """The proof's colours where the ordinary preview shows `colour` exactly."""
    ordinary, proof = pairs(out, shop)
    assert ordinary.size == proof.size
    found = {p for o, p in zip(rgb(ordinary), rgb(proof)) if o == colour}
    assert found, f"no {colour} in the ordinary preview"
    return found


@pytest.mark.parametrize("shop", PRESSES)
@pytest.mark.parametrize("colour", [BLUE, GREEN])
def test_a_saturated_colour_proofs_as_the_press_prints_it_visibly_duller(proofs, shop, colour):
    out, _, _ = proofs[shop]
    icc = PRESSES[shop][0]
    (shown,) = proofed(out, shop, colour)  # one colour for a flat fill
    expected = round_trip(colour, icc)
    assert all(abs(a - b) <= 1 for a, b in zip(shown, expected)), (shown, expected)
    assert chroma(lab(shown)) < chroma(lab(colour)) - 10
    shift = delta_e(lab(colour), lab(expected))
    assert shift > 10  # far beyond the ~2 a viewer notices
    assert abs(delta_e(lab(colour), lab(shown)) - shift) <= 2


@pytest.mark.parametrize("shop", PRESSES)
def test_a_grey_proofs_as_black_ink_alone_prints_it_with_no_cast(proofs, shop):
    """The export prints a grey in black ink alone, at its own lightness: sRGB's L* scaled from
    its black-to-white onto the press's (black ink alone at 100% to the paper). The proof shows
    that tone on the paper as measured (its luminance scaled by the paper's, the profile's media
    white point), with only the black ink's and the paper's own tint for colour."""
    out, _, _ = proofs[shop]
    icc = PRESSES[shop][0]
    (shown,) = proofed(out, shop, GREY)
    l_, a, b = lab(shown)
    y = ((GREY[0] / 255 + 0.055) / 1.055) ** 2.4  # IEC 61966-2-1, then CIE 1976 L*
    srgb_l = 116 * y ** (1 / 3) - 16
    darkest = printed_lab((0, 0, 0, 255), icc)[0]
    relative = darkest + (100 - darkest) * srgb_l / 100
    assert abs(l_ - on_paper(relative, icc)) <= 1.5, (l_, relative, on_paper(relative, icc))
    assert shown[0] == shown[1] == shown[2] or chroma((l_, a, b)) <= 5
    assert abs(a) <= 1.5 and abs(b) <= 5


@pytest.mark.parametrize("shop", PRESSES)
def test_black_proofs_as_the_presss_black_ink_on_its_paper(proofs, shop):
    out, _, _ = proofs[shop]
    icc = PRESSES[shop][0]
    (shown,) = proofed(out, shop, BLACK)
    assert delta_e(lab(shown), printed_lab((0, 0, 0, 255), icc, ImageCms.Intent.ABSOLUTE_COLORIMETRIC)) <= 1.5
    assert lab(shown)[0] > 15  # black ink alone is no screen black


@pytest.mark.parametrize("shop", PRESSES)
def test_the_ordinary_preview_is_left_byte_for_byte(proofs, shop):
    out, before, after = proofs[shop]
    assert {name: after[name] for name in before} == before
    added = set(after) - set(before)
    assert added and all(name.startswith(f"preview/_proof-{shop}/") or name == f"proof-{shop}.html"
                         for name in added), sorted(added)


@pytest.mark.parametrize("shop", PRESSES)
def test_the_proofs_page_says_it_is_a_proof_for_the_shops_condition(proofs, shop):
    out, _, after = proofs[shop]
    page = after[f"proof-{shop}.html"].decode("utf-8")
    _, name, condition = PRESSES[shop]
    assert f"<h1 id=\"top\">printkit soft proof: {name}" in page and condition in page
    pictures = [src for src in page.split('src="')[1:] if not src.startswith("preview/page.js")]  # the page's script
    assert pictures and all(src.startswith(f"preview/_proof-{shop}/") for src in pictures)
    assert "soft proof" not in after["index.html"].decode("utf-8")
    rich = "prints in the rich black the shop asks for, <strong>C60 M40 Y40 K100</strong>"
    assert (rich in page) is (shop == "dtc")  # black is shown as K alone: the page says where it prints richer


@pytest.mark.parametrize("shop", ["tgc", "cricut", "nope"])
def test_a_shop_without_a_cmyk_profile_is_a_usage_error(tmp_path, monkeypatch, capsys, shop):
    monkeypatch.chdir(game_project(tmp_path, SWATCHES))
    code, out, err = run(["preview", SLUG, "--out", "out", "--proof", shop], capsys)
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == (f"printkit: error: argument --proof: no soft proof for '{shop}': only a shop "
                                    "that prints CMYK has one (dtc, mbprint, pdfx, meinspiel)")
    assert not (tmp_path / "out").exists()
