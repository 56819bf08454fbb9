"""printkit.plan.legibility against numbers from outside it: WCAG's own figures and ones worked
by hand from its formulas, Sharma, Wu & Dalal's CIEDE2000 test data, published CIELAB values of
the sRGB primaries, Machado et al.'s matrices applied by hand (Decimal arithmetic, outside
printkit), and the CSS named colours as Pillow lists them."""

from __future__ import annotations

import math

import pytest
from PIL import ImageColor

from printkit.plan.legibility import (
    DEFICIENCIES, DISTINCT, CSS_COLOURS, cielab, confusable, contrast_ratio, delta_e_2000,
    difference, name_of, over, relative_luminance, simulate,
)


def srgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def encode(light: float) -> float:
    """sRGB's encoding, written out here so the tests do not lean on the module's own."""
    return 1.055 * light ** (1 / 2.4) - 0.055 if light > 0.0031308 else 12.92 * light


# --- WCAG ------------------------------------------------------------------------------------------

def test_black_on_white_is_21_to_1_whichever_comes_first():
    assert contrast_ratio(0, 1) == pytest.approx(21.0, abs=1e-9)
    assert contrast_ratio((1, 1, 1), (0, 0, 0)) == pytest.approx(21.0, abs=1e-9)


@pytest.mark.parametrize("colour", [0, 0.5, 1, (0.2, 0.6, 0.9)])
def test_a_colour_on_itself_has_no_contrast(colour):
    assert contrast_ratio(colour, colour) == pytest.approx(1.0, abs=1e-12)


def test_777777_on_white_is_the_4_48_wcag_checkers_report():
    """0x77 = 119: ((119/255 + 0.055) / 1.055) ** 2.4 = 0.18447; 1.05 / 0.23447 = 4.478."""
    assert relative_luminance(srgb("#777777")) == pytest.approx(0.18447, abs=1e-5)
    assert contrast_ratio(srgb("#777777"), 1) == pytest.approx(4.478, abs=1e-3)


def test_pure_red_weighs_its_wcag_coefficient_and_is_4_to_1_on_white():
    assert relative_luminance((1, 0, 0)) == pytest.approx(0.2126, abs=1e-12)
    assert contrast_ratio((1, 0, 0), 1) == pytest.approx(1.05 / 0.2626, abs=1e-9)


def test_a_dark_component_is_on_the_straight_part_of_the_curve():
    """10/255 = 0.0392 is below 0.04045: linear light is 0.0392 / 12.92, not the power law."""
    assert relative_luminance(srgb("#0a0a0a")) == pytest.approx(10 / 255 / 12.92, abs=1e-9)


# --- what lies under a translucent mark ------------------------------------------------------------

def test_half_red_over_white_is_pink_in_encoded_components():
    assert over((1, 0, 0), 0.5, 1) == pytest.approx((1.0, 0.5, 0.5), abs=1e-12)


def test_a_quarter_black_over_white_is_a_three_quarter_grey():
    assert over(0, 0.25, 1) == pytest.approx((0.75, 0.75, 0.75), abs=1e-12)


@pytest.mark.parametrize("alpha, expected", [(1, (0.2, 0.4, 0.6)), (0, (0.9, 0.1, 0.5))])
def test_opaque_is_the_colour_and_clear_is_the_ground(alpha, expected):
    assert over((0.2, 0.4, 0.6), alpha, (0.9, 0.1, 0.5)) == pytest.approx(expected, abs=1e-12)


# --- dichromacy ------------------------------------------------------------------------------------

# Machado et al. (2009), severity 1.0, applied by hand: linearise, the published matrix, clip,
# encode, in Decimal arithmetic outside printkit (the matrices as colour-science lists them).
HAND_SIMULATED = [
    ((0.8, 0.4, 0.2), "deuteranopia", (0.608539, 0.546899, 0.191920)),
    ((0.2, 0.6, 0.4), "tritanopia", (0.000000, 0.595675, 0.547594)),  # red clipped from -0.0066
    ((0.3, 0.7, 0.9), "protanopia", (0.602423, 0.693477, 0.909587)),
]


@pytest.mark.parametrize("colour, deficiency, expected", HAND_SIMULATED)
def test_simulation_matches_the_published_matrices_worked_by_hand(colour, deficiency, expected):
    assert simulate(colour, deficiency) == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize("deficiency, column", [
    ("protanopia", (0.152286, 0.114503, -0.003882)),
    ("deuteranopia", (0.367322, 0.280085, -0.011820)),
    ("tritanopia", (1.255528, -0.078411, 0.004733)),
])
def test_pure_red_becomes_the_matrix_first_column_clipped_and_encoded(deficiency, column):
    expected = tuple(encode(min(max(c, 0.0), 1.0)) for c in column)
    assert simulate((1, 0, 0), deficiency) == pytest.approx(expected, abs=1e-9)


def hue(colour) -> float:
    _, a, b = cielab(colour)
    return math.degrees(math.atan2(b, a)) % 360


@pytest.mark.parametrize("deficiency", ["protanopia", "deuteranopia"])
def test_red_and_green_turn_one_hue_for_a_red_green_dichromat(deficiency):
    """Red and green both turn a yellow-olive, 2 degrees of hue apart or less, and what is left
    of their difference (lightness, mostly) is under half of what a typical reader sees."""
    red, green = simulate((1, 0, 0), deficiency), simulate((0, 1, 0), deficiency)
    assert abs(hue(red) - hue(green)) < 2
    assert difference(red, green) < difference((1, 0, 0), (0, 1, 0)) / 2


def test_red_and_green_stay_apart_for_a_tritanope():
    red, green = simulate((1, 0, 0), "tritanopia"), simulate((0, 1, 0), "tritanopia")
    assert abs(hue(red) - hue(green)) > 90
    assert difference(red, green) > 0.75 * difference((1, 0, 0), (0, 1, 0))


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
@pytest.mark.parametrize("grey", [0, 0.2, 0.5, 0.77, 1])
def test_greys_are_unchanged(deficiency, grey):
    assert simulate(grey, deficiency) == pytest.approx((grey,) * 3, abs=1e-6)


# --- CIELAB and CIEDE2000 --------------------------------------------------------------------------

# Sharma, Wu & Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes,
# supplementary test data, and mathematical observations", Color Res. Appl. 30(1) 21-30, Table 1:
# all 34 pairs, ΔE00 to 4 decimals. Pairs 7-16 cross the hue circle's seam and greys' undefined hue.
SHARMA_2005 = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, 2.8361, -74.0200), (50.0000, 0.0000, -82.7485), 3.4412),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -1.1848, -84.8006), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -0.9009, -85.5211), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, -1.0000, 2.0000), (50.0000, 0.0000, 0.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0010), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0012), 7.2195),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0010, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0011, -2.4900), 4.7461),
    ((50.0000, 2.5000, 0.0000), (50.0000, 0.0000, -2.5000), 4.3065),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (61.0000, -5.0000, 29.0000), 22.8977),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.1736, 0.5854), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2972, 0.0000), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 1.8634, 0.5757), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2592, 0.3350), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((61.2901, 3.7196, -5.3901), (61.4292, 2.2480, -4.9620), 1.8731),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((36.4612, 47.8580, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA_2005, ids=[f"pair{i}" for i in range(1, 35)])
def test_ciede2000_matches_sharma_wu_dalal_to_4_decimals(lab1, lab2, expected):
    assert round(delta_e_2000(lab1, lab2), 4) == expected
    assert round(delta_e_2000(lab2, lab1), 4) == expected


@pytest.mark.parametrize("colour, lab", [
    (1, (100.0, 0.0, 0.0)),
    (0, (0.0, 0.0, 0.0)),
    # a grey 0.5 by hand: Y = ((0.5 + 0.055) / 1.055) ** 2.4, L = 116 Y ** (1/3) - 16, a = b = 0
    (0.5, (116 * ((0.5 + 0.055) / 1.055) ** 0.8 - 16, 0.0, 0.0)),
    # the sRGB primaries' CIELAB (D65) as published (Lindbloom's calculator, Wikipedia's sRGB page)
    ((1, 0, 0), (53.24, 80.09, 67.20)),
    ((0, 1, 0), (87.73, -86.18, 83.18)),
    ((0, 0, 1), (32.30, 79.19, -107.86)),
])
def test_srgb_to_cielab(colour, lab):
    assert cielab(colour) == pytest.approx(lab, abs=0.01)


def test_difference_is_ciede2000_of_the_two_colours_lab():
    """Black and white are as far apart as CIELAB's lightness scale: ΔE00 100 (S_L is 1 at L 50)."""
    assert difference(0, 1) == pytest.approx(100.0, abs=1e-9)
    assert difference((0.3, 0.5, 0.7), (0.3, 0.5, 0.7)) == 0


# --- what the lint says ----------------------------------------------------------------------------

# A red-green dichromat's matrix is flat (its determinant is under 1e-6): light along the cross
# product of its first two rows, v, is lost, so two colours whose light differs by a multiple of v
# look the same to that reader. The rows are the published ones.
ROWS = {"protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216)),
        "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413))}


def lost_light(deficiency: str) -> tuple[float, float, float]:
    (a, b, c), (d, e, f) = ROWS[deficiency]
    v = (b * f - c * e, c * d - a * f, a * e - b * d)
    return tuple(x / max(abs(y) for y in v) for x in v)


@pytest.mark.parametrize("deficiency", ["protanopia", "deuteranopia"])
def test_colours_apart_only_along_the_lost_direction_are_confusable(deficiency):
    """A sea green and a pink 0.6 of v apart in light (v is mostly red): clearly different to a
    typical reader, one colour to this dichromat; confusable names it with what that reader sees."""
    base = (0.1, 0.3, 0.2)
    a = tuple(encode(x) for x in base)
    b = tuple(encode(x + 0.6 * y) for x, y in zip(base, lost_light(deficiency)))
    assert all(0 <= c <= 1 for c in b)
    assert difference(a, b) >= DISTINCT
    found = {name: (sa, sb) for name, sa, sb in confusable(a, b)}
    assert deficiency in found
    seen_a, seen_b = found[deficiency]
    assert seen_a == pytest.approx(seen_b, abs=1e-5)
    assert seen_a == pytest.approx(simulate(a, deficiency), abs=1e-12)


def test_greys_of_other_lightness_are_never_confusable():
    assert confusable(0.2, 0.8) == []


def test_colours_too_close_for_everyone_are_not_this_warning():
    """Under the threshold for a typical reader: no dichromacy is named, however close they get."""
    a, b = (0.5, 0.3, 0.3), (0.3, 0.5, 0.3)
    assert confusable(a, b, threshold=difference(a, b) + 0.01) == []


def test_the_threshold_is_compared_strictly_for_the_simulated_pair():
    """Raising the threshold just past what a protanope sees of red and green names protanopia;
    leaving it just at that does not."""
    red, green = (1, 0, 0), (0, 1, 0)
    seen = difference(simulate(red, "protanopia"), simulate(green, "protanopia"))
    assert "protanopia" in [name for name, _, _ in confusable(red, green, threshold=seen + 1e-6)]
    assert "protanopia" not in [name for name, _, _ in confusable(red, green, threshold=seen)]


# --- naming a colour -------------------------------------------------------------------------------

def test_the_table_is_the_css_level_4_named_colours():
    """Pillow lists the same 148 names (CSS Color 4, rebeccapurple included); every value agrees."""
    assert len(CSS_COLOURS) == 148
    # (read through getrgb: Pillow's table keeps a name's RGB in place of its text once it is asked for)
    assert {name: f"#{value:06x}" for name, value in CSS_COLOURS.items()} == \
        {name: "#{:02x}{:02x}{:02x}".format(*ImageColor.getrgb(name)[:3]) for name in ImageColor.colormap}


@pytest.mark.parametrize("colour, name", [
    ((1, 0, 0), "red (#ff0000)"),
    (srgb("#7d7a1f"), "olive (#7d7a1f)"),
    ((0.99, 0.02, 0.01), "red (#fc0503)"),
    (srgb("#663399"), "rebeccapurple (#663399)"),
    (0, "black (#000000)"),
])
def test_a_colour_is_named_by_its_nearest_css_colour_and_its_own_hex(colour, name):
    assert name_of(colour) == name


@pytest.mark.parametrize("colour, name", [
    (0.5, "grey (#808080)"),  # 127.5 rounds up, as #808080 is 128
    ((0, 1, 1), "cyan (#00ffff)"),
    ((1, 0, 1), "magenta (#ff00ff)"),
    (srgb("#a9a9a9"), "darkgrey (#a9a9a9)"),
])
def test_of_two_css_names_for_one_colour_the_printer_s_wins(colour, name):
    assert name_of(colour) == name
