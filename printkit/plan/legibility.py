"""Whether a reader can read a colour on another and tell two colours apart, as numbers: WCAG
contrast, what lies under a translucent mark, the colours a dichromat sees, and CIEDE2000
differences, for the layout lint's warnings. Pure: plain numbers in, plain numbers out.

A colour is printkit's: (red, green, blue) sRGB components 0 to 1, or a grey 0 (black) to 1
(white) meaning (g, g, g). Every colour this module returns is an (r, g, b) tuple."""

from __future__ import annotations

import functools
import math

Colour = float | tuple[float, float, float]
RGB = tuple[float, float, float]
Lab = tuple[float, float, float]

DEFICIENCIES = ("protanopia", "deuteranopia", "tritanopia")

# Two colours that carry meaning (a suit, a faction) must differ at a glance on cards seen apart,
# in a hand or across the table, not only side by side. The table most quoted for ΔE (Schuessler,
# "Delta E 101", zschuessler.github.io/DeltaE/learn) calls 1-2 "perceptible through close
# observation", 2-10 "perceptible at a glance" (side by side) and 11-49 "more similar than
# opposite": 10 is where two colours stop being one colour's shades. Measured with this module on
# CSS colours: red/orangered 6.4 and orange/darkorange 8.7 (one colour, seen apart), green/
# darkgreen 9.4 (just under); gold/yellow 11.6 and red/crimson 13.8 (two named colours). Red and
# green (#008000), 72.2 apart, come to 7.7 for a protanope (flagged) and 15.7 for a deuteranope,
# who still tells them apart by lightness (not flagged).
DISTINCT = 10.0


# --- sRGB and WCAG ---------------------------------------------------------------------------------

def rgb(colour: Colour) -> RGB:
    """A printkit colour as (r, g, b): a grey g is (g, g, g)."""
    if isinstance(colour, (int, float)):
        return (float(colour),) * 3
    red, green, blue = colour
    return float(red), float(green), float(blue)


def linear(component: float) -> float:
    """An sRGB component as light (IEC 61966-2-1, the 0.04045 threshold WCAG 2.x now quotes)."""
    if component <= 0.04045:
        return component / 12.92
    return ((component + 0.055) / 1.055) ** 2.4


def encoded(component: float) -> float:
    """Light back to an sRGB component: the inverse of `linear`."""
    if component <= 0.0031308:
        return 12.92 * component
    return 1.055 * component ** (1 / 2.4) - 0.055


def relative_luminance(colour: Colour) -> float:
    """WCAG 2.x relative luminance: 0 for black, 1 for white."""
    red, green, blue = (linear(c) for c in rgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(a: Colour, b: Colour) -> float:
    """WCAG 2.x contrast ratio, 1 (none) to 21 (black on white), in either order: WCAG AA asks
    4.5 of text, 3 of large text."""
    lighter, darker = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def over(colour: Colour, alpha: float, ground: Colour) -> RGB:
    """`colour` drawn at opacity `alpha` over `ground`: what a PDF viewer shows for DeviceRGB in
    the Normal blend mode, a mix of the encoded components (not of light), so the lint reads a
    text against what the page really shows under it."""
    return tuple(alpha * c + (1 - alpha) * g for c, g in zip(rgb(colour), rgb(ground)))


# --- dichromacy ------------------------------------------------------------------------------------

# Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of Color
# Vision Deficiency", IEEE TVCG 15(6) 1291-1298: the precomputed matrices for severity 1.0 (the
# dichromacies) published with the paper, www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/
# CVD_Simulation.html (also in Machado's 2010 thesis and colour-science's CVD_MATRICES_MACHADO2010).
# They act on linear RGB. Each row sums to 1 (to 1e-6), so a grey stays the grey it was. The
# protan and deutan matrices are flat (determinant under 1e-6: one direction of light is lost, as
# for a dichromat); the tritan one is not (it never quite merges two colours), so it may understate
# a tritan reader's confusions.
MACHADO_2009 = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def simulate(colour: Colour, deficiency: str) -> RGB:
    """`colour` as a reader with `deficiency` (one of DEFICIENCIES) sees it: Machado et al.'s
    matrix applied to the light of the components, clipped to what a screen can show, encoded."""
    light = _times(MACHADO_2009[deficiency], tuple(linear(c) for c in rgb(colour)))
    return tuple(encoded(min(max(c, 0.0), 1.0)) for c in light)


def _times(matrix, vector) -> tuple[float, float, float]:
    return tuple(sum(m * v for m, v in zip(row, vector)) for row in matrix)


# --- CIELAB and CIEDE2000 --------------------------------------------------------------------------

# sRGB's primaries and D65 white (IEC 61966-2-1) to XYZ, to 7 places as Lindbloom derives it; the
# reference white is what it makes of sRGB white (0.95047, 1, 1.08883), so white has a = b = 0.
SRGB_TO_XYZ = ((0.4124564, 0.3575761, 0.1804375),
               (0.2126729, 0.7151522, 0.0721750),
               (0.0193339, 0.1191920, 0.9503041))
WHITE = _times(SRGB_TO_XYZ, (1.0, 1.0, 1.0))


def cielab(colour: Colour) -> Lab:
    """CIELAB (D65) of an sRGB colour: L 0 (black) to 100 (white)."""
    xyz = _times(SRGB_TO_XYZ, tuple(linear(c) for c in rgb(colour)))
    fx, fy, fz = (_lab_f(v / w) for v, w in zip(xyz, WHITE))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _lab_f(t: float) -> float:
    """CIE 15's cube root, made straight below (6/29)^3 so that darks stay finite and smooth."""
    if t > (6 / 29) ** 3:
        return t ** (1 / 3)
    return t / (3 * (6 / 29) ** 2) + 4 / 29


def difference(a: Colour, b: Colour) -> float:
    """How different two colours look to a reader with full colour vision: ΔE00."""
    return delta_e_2000(cielab(a), cielab(b))


def delta_e_2000(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 (kL = kC = kH = 1), as Sharma, Wu & Dalal (2005) set it out, step by step. A grey
    has no hue, but its C' of 0 makes ΔH' and both hue terms vanish whatever h' it is given."""
    (l1, c1, h1), (l2, c2, h2) = _lch_prime(lab1, lab2)
    l_mean, c_mean, h_mean = (l1 + l2) / 2, (c1 + c2) / 2, _mean_hue(h1, h2)
    d_l = (l2 - l1) / (1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2))
    d_c = (c2 - c1) / (1 + 0.045 * c_mean)
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(_hue_step(h1, h2) / 2))
    d_h /= 1 + 0.015 * c_mean * _hue_weight(h_mean)
    return math.sqrt(d_l ** 2 + d_c ** 2 + d_h ** 2 + _rotation(c_mean, h_mean) * d_c * d_h)


def _lch_prime(lab1: Lab, lab2: Lab) -> tuple[Lab, Lab]:
    """(L, C', h' in degrees) of each: a* stretched by G, which greys' low chroma makes near 1.5."""
    c_mean = (math.hypot(lab1[1], lab1[2]) + math.hypot(lab2[1], lab2[2])) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    return tuple((lab[0], math.hypot(lab[1] * (1 + g), lab[2]),
                  math.degrees(math.atan2(lab[2], lab[1] * (1 + g))) % 360) for lab in (lab1, lab2))


def _hue_step(h1: float, h2: float) -> float:
    """h2 - h1 the short way round the circle (half a turn exactly: +180, as Sharma et al. put it)."""
    step = h2 - h1
    if abs(step) <= 180:
        return step
    return step - 360 if step > 0 else step + 360


def _mean_hue(h1: float, h2: float) -> float:
    """The mean hue the short way round: across the seam at 0 degrees when that is shorter."""
    if abs(h1 - h2) <= 180:
        return (h1 + h2) / 2
    return (h1 + h2 + 360) / 2 % 360


def _hue_weight(h: float) -> float:
    """T: how much a hue difference counts at mean hue h."""
    return (1 - 0.17 * math.cos(math.radians(h - 30)) + 0.24 * math.cos(math.radians(2 * h))
            + 0.32 * math.cos(math.radians(3 * h + 6)) - 0.20 * math.cos(math.radians(4 * h - 63)))


def _rotation(c_mean: float, h_mean: float) -> float:
    """R_T: the blue region's tilt between chroma and hue differences."""
    theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    return -math.sin(math.radians(2 * theta)) * 2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))


# --- what the lint says ----------------------------------------------------------------------------

def confusable(a: Colour, b: Colour, threshold: float = DISTINCT) -> list[tuple[str, RGB, RGB]]:
    """For two colours a typical reader tells apart (ΔE00 >= threshold), each dichromacy under
    which they no longer differ (< threshold), with the two colours that reader sees. Colours
    already too close for everyone are another warning's business: none here."""
    if difference(a, b) < threshold:
        return []
    seen = [(name, simulate(a, name), simulate(b, name)) for name in DEFICIENCIES]
    return [(name, sa, sb) for name, sa, sb in seen if difference(sa, sb) < threshold]


def name_of(colour: Colour) -> str:
    """The nearest CSS named colour by ΔE00, then the colour's own hex: "olive (#7d7a1f)", so a
    message can say what a simulated colour looks like. Of two names for one colour, the one a
    printer uses wins (cyan, not aqua; grey, not gray)."""
    lab = cielab(colour)
    name = min(CSS_COLOURS, key=lambda n: (delta_e_2000(lab, _css_lab(n)), n in _SECOND_NAMES))
    return f"{name} ({hex_of(colour)})"


def hex_of(colour: Colour) -> str:
    """#rrggbb, each component to the nearest of 256 steps (halves up, not to even)."""
    return "#" + "".join(f"{int(min(max(c, 0.0), 1.0) * 255 + 0.5):02x}" for c in rgb(colour))


@functools.cache  # the lint names many colours; the 148 named ones are converted once
def _css_lab(name: str) -> Lab:
    value = CSS_COLOURS[name]
    return cielab(tuple(((value >> shift) & 0xFF) / 255 for shift in (16, 8, 0)))


_SECOND_NAMES = frozenset({"aqua", "fuchsia", "gray", "darkgray", "darkslategray", "dimgray",
                           "lightgray", "lightslategray", "slategray"})

# CSS Color Module Level 4, section 6.1 "Named Colors": all 148, in the spec's order.
CSS_COLOURS = {
    "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4,
    "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000,
    "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
    "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00, "chocolate": 0xD2691E,
    "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
    "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B,
    "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B,
    "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00,
    "darkorchid": 0x9932CC, "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F,
    "darkslateblue": 0x483D8B, "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F,
    "darkturquoise": 0x00CED1, "darkviolet": 0x9400D3, "deeppink": 0xFF1493,
    "deepskyblue": 0x00BFFF, "dimgray": 0x696969, "dimgrey": 0x696969, "dodgerblue": 0x1E90FF,
    "firebrick": 0xB22222, "floralwhite": 0xFFFAF0, "forestgreen": 0x228B22, "fuchsia": 0xFF00FF,
    "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF, "gold": 0xFFD700, "goldenrod": 0xDAA520,
    "gray": 0x808080, "green": 0x008000, "greenyellow": 0xADFF2F, "grey": 0x808080,
    "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C, "indigo": 0x4B0082,
    "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA, "lavenderblush": 0xFFF0F5,
    "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6,
    "lightcoral": 0xF08080, "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2,
    "lightgray": 0xD3D3D3, "lightgreen": 0x90EE90, "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1,
    "lightsalmon": 0xFFA07A, "lightseagreen": 0x20B2AA, "lightskyblue": 0x87CEFA,
    "lightslategray": 0x778899, "lightslategrey": 0x778899, "lightsteelblue": 0xB0C4DE,
    "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32, "linen": 0xFAF0E6,
    "magenta": 0xFF00FF, "maroon": 0x800000, "mediumaquamarine": 0x66CDAA, "mediumblue": 0x0000CD,
    "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371,
    "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A, "mediumturquoise": 0x48D1CC,
    "mediumvioletred": 0xC71585, "midnightblue": 0x191970, "mintcream": 0xF5FFFA,
    "mistyrose": 0xFFE4E1, "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD, "navy": 0x000080,
    "oldlace": 0xFDF5E6, "olive": 0x808000, "olivedrab": 0x6B8E23, "orange": 0xFFA500,
    "orangered": 0xFF4500, "orchid": 0xDA70D6, "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98,
    "paleturquoise": 0xAFEEEE, "palevioletred": 0xDB7093, "papayawhip": 0xFFEFD5,
    "peachpuff": 0xFFDAB9, "peru": 0xCD853F, "pink": 0xFFC0CB, "plum": 0xDDA0DD,
    "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399, "red": 0xFF0000,
    "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1, "saddlebrown": 0x8B4513, "salmon": 0xFA8072,
    "sandybrown": 0xF4A460, "seagreen": 0x2E8B57, "seashell": 0xFFF5EE, "sienna": 0xA0522D,
    "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD, "slategray": 0x708090,
    "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F, "steelblue": 0x4682B4,
    "tan": 0xD2B48C, "teal": 0x008080, "thistle": 0xD8BFD8, "tomato": 0xFF6347,
    "turquoise": 0x40E0D0, "violet": 0xEE82EE, "wheat": 0xF5DEB3, "white": 0xFFFFFF,
    "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00, "yellowgreen": 0x9ACD32,
}
