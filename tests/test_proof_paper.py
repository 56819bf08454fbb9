"""The soft proof simulates the paper (issue 39, point 4): where the ordinary preview is white, the
proof (`printkit preview --proof SHOP`, read back with Pillow) shows the press's paper, the
profile's media white point (CIE XYZ, D50) taken to CIELAB by CIE 1976's formulas here and to
sRGB by littleCMS: a light grey off the screen's white, SWOP's grade 3 stock darker than FOGRA39's
coated paper. (Its colours and black: tests/test_proof.py, whose proofs are read here.)"""

from __future__ import annotations

import pytest
from PIL import Image, ImageCms

from test_proof import ICC, PRESSES, WHITE, proofed, proofs  # noqa: F401 (proofs: the fixture)


def paper_lab(icc: str) -> tuple[float, float, float]:
    """CIELAB (D50) of the profile's media white point: the paper as measured."""
    (x, y, z), _ = ImageCms.getOpenProfile(str(ICC / icc)).profile.media_white_point
    white = (0.9642, 1.0, 0.8249)  # the ICC's D50 PCS illuminant

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = (f(v / n) for v, n in zip((x, y, z), white))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lab_in_srgb(lab: tuple[float, float, float]) -> tuple[int, int, int]:
    """A CIELAB colour on the screen, by littleCMS (Pillow's 8-bit LAB: L 0..255, a and b + 128)."""
    to_srgb = ImageCms.buildTransform(ImageCms.createProfile("LAB"), ImageCms.getOpenProfile(str(ICC / "sRGB.icc")),
                                      "LAB", "RGB", ImageCms.Intent.RELATIVE_COLORIMETRIC)
    pixel = (round(lab[0] * 255 / 100), round(lab[1]) + 128, round(lab[2]) + 128)
    return ImageCms.applyTransform(Image.new("LAB", (1, 1), pixel), to_srgb).getpixel((0, 0))


@pytest.mark.parametrize("shop", PRESSES)
def test_white_proofs_as_the_presss_paper(proofs, shop):
    out, _, _ = proofs[shop]
    icc = PRESSES[shop][0]
    (shown,) = proofed(out, shop, WHITE)  # one colour: the card's white ground
    expected = lab_in_srgb(paper_lab(icc))
    assert all(abs(a - b) <= 2 for a, b in zip(shown, expected)), (shown, expected)
    assert shown != WHITE and max(shown) < 250  # no screen white: paper is darker than a screen


def test_each_press_shows_its_own_paper(proofs):
    papers = {shop: proofed(proofs[shop][0], shop, WHITE) for shop in PRESSES}
    assert papers["dtc"] != papers["mbprint"]
    assert paper_lab(PRESSES["dtc"][0])[0] < paper_lab(PRESSES["mbprint"][0])[0]  # grade 3 stock is the greyer
