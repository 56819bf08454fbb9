"""printkit/render/colour.py as plain numbers: a press's total ink held to its limit, the excess
taken from cyan, magenta and yellow in proportion and black kept; greys in black ink alone."""

from __future__ import annotations

import pytest
from PIL import Image

from printkit.render.colour import Press, limited, limited_image
from test_export_colour import grey_as_printed

SWOP = "SWOP-TR003-240.icc"
NIGHT = (20 / 255, 10 / 255, 40 / 255)  # near black, blue: the profile gives it about 225 %


def test_ink_over_the_limit_is_taken_from_cyan_magenta_and_yellow_in_proportion():
    # 260 % held to 200 %: black keeps its 50 %, the other 150 % shared as 80 : 70 : 60
    assert limited((0.8, 0.7, 0.6, 0.5), 200) == pytest.approx((0.8 * 1.5 / 2.1, 0.7 * 1.5 / 2.1, 0.6 * 1.5 / 2.1, 0.5))
    assert limited((0.5, 0.4, 0.3, 0.2), 240) == (0.5, 0.4, 0.3, 0.2)  # 140 %: as it was


def test_a_press_holds_every_colour_to_its_limit_and_keeps_its_black():
    free, held = Press(SWOP, 400).cmyk(NIGHT), Press(SWOP, 150).cmyk(NIGHT)
    assert sum(free) * 100 > 200
    assert sum(held) * 100 == pytest.approx(150, abs=1e-3) and held[3] == pytest.approx(free[3], abs=1e-6)


def test_an_image_is_held_to_the_limit_pixel_by_pixel():
    image = Image.new("CMYK", (2, 1), (204, 179, 153, 128))  # 260 %
    image.putpixel((1, 0), (51, 51, 51, 51))  # 80 %
    held = limited_image(image, 200)
    assert sum(held.getpixel((0, 0))) / 255 * 100 <= 200 + 0.5 / 2.55 * 4
    assert held.getpixel((0, 0))[3] == 128 and held.getpixel((1, 0)) == (51, 51, 51, 51)


@pytest.mark.parametrize("grey, black", [(0.0, 1.0), (1.0, 0.0)])
def test_black_is_all_black_ink_and_white_none(grey, black):
    assert Press(SWOP, 240).cmyk(grey) == (0, 0, 0, black)


@pytest.mark.parametrize("grey", [0x4c, (0x99, 0x99, 0x99), 0xe6])
def test_a_grey_is_black_ink_alone_at_its_own_lightness(grey):
    """As much black ink as prints the grey at its own L* (computed here from the profile)."""
    value = grey[0] if isinstance(grey, tuple) else grey
    level = tuple(v / 255 for v in grey) if isinstance(grey, tuple) else grey / 255
    cyan, magenta, yellow, black = Press(SWOP, 240).cmyk(level)
    assert (cyan, magenta, yellow) == (0, 0, 0)
    assert black == pytest.approx((255 - grey_as_printed(value, SWOP)) / 255, abs=1 / 255)
