"""Colour at the one border where it is managed: what a planned colour (a grey, 0 black to 1 white,
or (red, green, blue) in sRGB, each 0 to 1) and an image become in the file written for a target.
Home PDFs and the PNG shops keep sRGB (`SRGB`, render/srgb.py: no colour management, and none of
littleCMS's imports in their builds); a press's PDF/X-1a file is CMYK (`Press`), every
colour and image converted by littleCMS through the shop's printer profile (printkit/icc/), each
distinct colour once and each image once, as a RIP would; a PDF/X-4 file likewise, its images'
transparency kept (`TransparentPress`)."""

from __future__ import annotations

import functools
import io

from PIL import Image, ImageChops, ImageCms, ImageMath
from reportlab.lib import colors
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader

from printkit.ground.bundled import PACKAGE

# Relative colorimetric with black point compensation, as prepress does for art picked by hand:
# a colour the press can print is printed as measured (relative to the paper's white), one it
# cannot is clipped to the nearest it can, and no other colour moves for it (perceptual would
# shift every colour to make room); black point compensation maps sRGB's black to the press's
# darkest, so that dark tones keep their steps instead of clipping together.
INTENT = ImageCms.Intent.RELATIVE_COLORIMETRIC
FLAGS = ImageCms.Flags.BLACKPOINTCOMPENSATION
PROOF_INTENT = ImageCms.Intent.ABSOLUTE_COLORIMETRIC  # a soft proof's way back to the screen (`proofed`)

# A black fill is a large solid, which a press prints in the shop's rich black (its `rich_black`),
# when it is at least this large and this wide both ways; smaller black fills, text, lines, strokes
# and marks stay in black ink alone, whose plate alone cannot be out of register with the others.
# Printers' figures: "a solid black area larger than two square inches" takes a rich black
# (owenprinting.com/black-rich-black), as do "Large, solid black areas and text over 36 point"
# (smartlevels.com, Design for print): 2 in² and 36 pt (1/2 in) both ways.
LARGE_SOLID = (2 * 25.4 ** 2, 36 / 72 * 25.4)  # mm², mm

# Black text and linework in 100 % K overprint (render/inks.py), as a RIP's "overprint black" does
# (Harlequin's OverprintBlack: "solid black linework and text"; Fiery's "Black overprint: Text/
# Graphics"); a line wider than this is an area, through whose black the colours under it would
# show where it overprints them (printindustry.com, "Things to Consider When Overprinting Black").
THIN_LINE = 1.0  # mm


class Press:
    """A CMYK printing condition: greys in black ink alone, other colours through the condition's
    ICC profile, none above the shop's total ink; images in CMYK (or grey), flattened onto white."""

    flattens = True  # PDF/X-1a holds no transparency (printkit/render/flatten.py)

    def __init__(self, icc: str, ink_limit: float, rich_black: tuple[float, ...] | None = None):
        """`icc`: a profile's file name in printkit/icc/; `ink_limit`: total ink, % (C+M+Y+K);
        `rich_black`: the shop's C, M, Y, K (%) for a large black solid, None: black ink alone."""
        self.icc, self.ink_limit = icc, ink_limit
        self.rich_black = tuple(round(part / 100, 6) for part in rich_black) if rich_black else None
        self.key = f"CMYK {icc} {ink_limit:g}%" + (f" rich black {fp_str(*rich_black)}" if rich_black else "")
        self._transform = _transform(icc)
        self._converted: dict[tuple[int, int, int], tuple[float, float, float, float]] = {}

    def cmyk(self, value) -> tuple[float, float, float, float]:
        """A grey or colour as (cyan, magenta, yellow, black), each 0 to 1."""
        rgb = _bytes(value)
        if rgb[0] == rgb[1] == rgb[2]:  # a grey, black text, a line or a mark: black ink only
            level = value[0] if isinstance(value, tuple) else value
            return 0.0, 0.0, 0.0, round(black_ink(self.icc, min(1.0, max(0.0, level))), 6)
        found = self._converted.get(rgb)
        if found is None:
            pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), self._transform).getpixel((0, 0))
            found = self._converted[rgb] = limited(tuple(part / 255 for part in pixel), self.ink_limit)
        return found

    def operator(self, value, stroke: bool = False, solid: tuple[float, float] | None = None) -> str:
        """`solid`: a fill's (area mm², narrowest mm): a black one that is a large solid is the
        shop's rich black."""
        if self.rich_black and solid and not stroke and _bytes(value) == (0, 0, 0) and large_solid(*solid):
            return f"{fp_str(*self.rich_black)} k"
        return f"{fp_str(*self.cmyk(value))} {'K' if stroke else 'k'}"

    def shading(self, colours) -> tuple[str, tuple]:
        return "DeviceCMYK", tuple(self.cmyk(colour) for colour in colours)

    def overprints(self, value, width: float | None = None) -> bool:
        """Whether a mark in `value` prints over the colours under it instead of knocking them
        out: 100 % black ink alone, as text (`width` None) or a line at most THIN_LINE mm wide,
        whose black plate a misregistered press would otherwise leave with a white rim."""
        return (width is None or width <= THIN_LINE) and self.cmyk(value) == (0.0, 0.0, 0.0, 1.0)

    def image(self, path: str):
        """The image at `path` with no transparency (flattened onto the paper's white, as PDF/X-1a
        asks), in DeviceGray where it is grey (black ink only) and DeviceCMYK otherwise; no mask."""
        with Image.open(path) as opened:
            opened.load()
            source = opened.info.get("icc_profile")
            flat = _on_white(opened)
        if flat.mode == "L":
            return _grey_image(flat, self.icc), None
        transform = _transform_from(source, self.icc) if source else self._transform
        return limited_image(ImageCms.applyTransform(flat, transform), self.ink_limit), None

    def picture(self, image: Image.Image) -> Image.Image:
        """An sRGB picture of the page (a flattened area) in CMYK, as `printed` prints it."""
        return printed(image, self.icc, self.ink_limit)

    def enforced(self, colour: colors.Color) -> colors.Color:
        """A colour ReportLab's canvas is given (an SVG image's, its renderer's own black) as
        `cmyk` prints it: the canvas's hook for a colour space (Canvas._enforceColorSpace)."""
        if isinstance(colour, colors.CMYKColor):
            return colour
        cyan, magenta, yellow, black = self.cmyk((colour.red, colour.green, colour.blue))
        return colors.CMYKColor(cyan, magenta, yellow, black, alpha=colour.alpha)


@functools.cache
def press(icc: str, ink_limit: float, rich_black: tuple[float, ...] | None = None) -> Press:
    """The press of a printing condition, once a process: its colours converted once for every file."""
    return Press(icc, ink_limit, rich_black)


def large_solid(area: float, narrowest: float) -> bool:
    """Whether a fill of `area` mm², `narrowest` mm across at its narrowest, is a large solid."""
    return area >= LARGE_SOLID[0] and narrowest >= LARGE_SOLID[1]


def proofed(image: Image.Image, icc: str, ink_limit: float) -> Image.Image:
    """A soft proof of an sRGB picture: each pixel as `Press` prints that colour (through the same
    transform, greys in black ink alone, held to `ink_limit`), then shown in sRGB again, absolute
    colorimetric, as a prepress proof ("simulate paper colour" and "simulate black ink") shows a
    press: the paper's white as the profile measured it (its media white point: SWOP's grade 3 stock
    a warm light grey beside the screen's white), and the press's black as the grey it prints
    (black ink alone at 100 %, no screen black), colours between as measured on that paper."""
    return ImageCms.applyTransform(printed(image, icc, ink_limit), _shown(icc))


def printed(image: Image.Image, icc: str, ink_limit: float) -> Image.Image:
    """An sRGB picture in the press's CMYK as `Press` prints each of its colours: greys in black
    ink alone (`black_ink`), every other pixel through the profile, held to `ink_limit`."""
    rgb = image.convert("RGB")
    cmyk = limited_image(ImageCms.applyTransform(rgb, _transform(icc)), ink_limit)
    red, green, blue = rgb.split()
    spread = ImageChops.add(ImageChops.difference(red, green), ImageChops.difference(green, blue))
    grey = spread.point(lambda v: 255 if v == 0 else 0)
    none = Image.new("L", rgb.size, 0)
    black = Image.merge("CMYK", (none, none, none, red.point(_black_table(icc))))
    return Image.composite(black, cmyk, grey)


def black_ink(icc: str, level: float) -> float:
    """The black ink (0 to 1) that prints the sRGB grey `level` (0 black to 1 white) at its own
    lightness on the press: its L*, scaled from sRGB's black-to-white onto the press's (black ink
    alone at 100% to the paper: black point compensation, as the colours have), found on the
    black ink's own tone curve in the profile (a press's dot gain makes 50% K print darker or
    lighter than a 50% screen grey; 1 - level would ignore it). Black is 100% K, white none."""
    if level <= 0.0 or level >= 1.0:
        return 1.0 - min(1.0, max(0.0, level))
    ramp = _black_ramp(icc)  # L* of K at 0, 1/255, ..., 1: falling
    wanted = ramp[-1] + (ramp[0] - ramp[-1]) * _srgb_lightness(level) / 100
    for step in range(1, len(ramp)):
        if ramp[step] <= wanted:
            above, below = ramp[step - 1], ramp[step]
            share = (above - wanted) / (above - below) if above != below else 0.0
            return (step - 1 + share) / (len(ramp) - 1)
    return 1.0


@functools.cache
def _black_ramp(icc: str) -> tuple[float, ...]:
    """L* of black ink alone at each of 256 steps, as the profile prints it (relative colorimetric)."""
    steps = Image.new("CMYK", (256, 1))
    steps.putdata([(0, 0, 0, k) for k in range(256)])
    lab = ImageCms.buildTransform(ImageCms.ImageCmsProfile(io.BytesIO(icc_bytes(icc))), ImageCms.createProfile("LAB"),
                                  "CMYK", "LAB", renderingIntent=INTENT)
    lightness = ImageCms.applyTransform(steps, lab).getchannel("L")
    return tuple(v * 100 / 255 for v in lightness.tobytes())


def _srgb_lightness(level: float) -> float:
    """CIE L* of an sRGB grey (IEC 61966-2-1's curve, then CIE 1976)."""
    y = level / 12.92 if level <= 0.04045 else ((level + 0.055) / 1.055) ** 2.4
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


@functools.cache
def _black_table(icc: str) -> list[int]:
    """Each 8-bit sRGB grey's black ink, 0 to 255 (`black_ink`)."""
    return [round(black_ink(icc, v / 255) * 255) for v in range(256)]


def _grey_image(image: Image.Image, icc: str) -> Image.Image:
    """A grey image (DeviceGray, which prints as black ink 1 - g) whose greys print at their own
    lightness: each tone moved to the grey whose black ink `black_ink` gives."""
    return image.point([255 - k for k in _black_table(icc)])


def limited(cmyk: tuple[float, ...], ink_limit: float) -> tuple[float, ...]:
    """`cmyk` with no more than `ink_limit` % of ink in all: the profile is built for the limit,
    so this only catches what its tables' interpolation and rounding leave over; the excess is
    taken from cyan, magenta and yellow in proportion, black (which carries the tone) kept."""
    c, m, y, k = cmyk
    over = (c + m + y + k) * 100 - ink_limit
    if over <= 0 or c + m + y == 0:
        return cmyk
    keep = max(0.0, (ink_limit / 100 - k) / (c + m + y))
    return tuple(round(part, 6) for part in (c * keep, m * keep, y * keep, k))


def limited_image(image: Image.Image, ink_limit: float) -> Image.Image:
    """A CMYK image whose every pixel is held to `ink_limit` as `limited` holds a colour (only a
    profile's rounding ever goes over: most images are looked at once and left as they are)."""
    limit = ink_limit / 100 * 255
    total = ImageMath.lambda_eval(lambda bands: bands["c"] + bands["m"] + bands["y"] + bands["k"],
                                  **dict(zip("cmyk", image.split())))
    if total.getextrema()[1] <= limit + 0.5:
        return image
    pixels = image.load()
    for x in range(image.width):
        for y in range(image.height):
            if sum(pixels[x, y]) > limit + 0.5:
                held = limited(tuple(part / 255 for part in pixels[x, y]), ink_limit)
                pixels[x, y] = tuple(round(part * 255) for part in held)
    return image


def _on_white(image: Image.Image) -> Image.Image:
    """An image composited onto white: RGB, or L where it has no colour of its own."""
    grey = image.mode in ("1", "L", "LA", "I", "I;16") or (image.mode == "P" and _grey_palette(image))
    mode = "L" if grey else "RGB"
    if "A" in image.getbands() or "transparency" in image.info:
        rgba = image.convert("LA" if grey else "RGBA")
        white = Image.new(rgba.mode, rgba.size, (255, 255) if grey else (255, 255, 255, 255))
        return Image.alpha_composite(white.convert("RGBA"), rgba.convert("RGBA")).convert(mode)
    if image.mode == "CMYK":
        return image.convert("RGB")  # (a CMYK JPEG: printkit's images are PNG or JPEG in sRGB)
    return image.convert(mode)


def _grey_palette(image: Image.Image) -> bool:
    palette = image.getpalette() or []
    return all(palette[i] == palette[i + 1] == palette[i + 2] for i in range(0, len(palette) - 2, 3))


def _bytes(value) -> tuple[int, int, int]:
    """A planned grey or colour as 8-bit sRGB (the precision it was written in: #rrggbb)."""
    parts = value if isinstance(value, tuple) else (value, value, value)
    return tuple(min(255, max(0, round(part * 255))) for part in parts)


def icc_bytes(name: str) -> bytes:
    """A profile printkit ships (printkit/icc/)."""
    return (PACKAGE / "icc" / name).read_bytes()


@functools.cache
def _transform(icc: str) -> ImageCms.ImageCmsTransform:
    """sRGB to the profile's CMYK, built once a process."""
    return _build(icc_bytes("sRGB.icc"), icc)


@functools.lru_cache(maxsize=16)
def _transform_from(source: bytes, icc: str) -> ImageCms.ImageCmsTransform:
    """An image's own embedded RGB profile to the press's CMYK (the few an export's images carry);
    one that cannot be read, or is not RGB, is taken as sRGB."""
    try:
        if ImageCms.ImageCmsProfile(io.BytesIO(source)).profile.xcolor_space.strip() == "RGB":
            return _build(source, icc)
    except (OSError, ImageCms.PyCMSError):
        pass
    return _transform(icc)


def _build(source: bytes, icc: str) -> ImageCms.ImageCmsTransform:
    return ImageCms.buildTransform(ImageCms.ImageCmsProfile(io.BytesIO(source)),
                                   ImageCms.ImageCmsProfile(io.BytesIO(icc_bytes(icc))), "RGB", "CMYK",
                                   renderingIntent=INTENT, flags=FLAGS)


class TransparentPress(Press):
    """A CMYK printing condition for PDF/X-4, which keeps live transparency (ISO 15930-7): colours
    as `Press` prints them, images converted to CMYK (or grey) with their alpha kept as a soft
    mask. Flattening onto white, as PDF/X-1a must, would print a white box round a picture with
    transparent parts that lies on a coloured ground; the press's RIP composites the mask over
    whatever is under it, in the CMYK the rest of the page is in. Shops that take PDF/X-4 ask for
    transparency left live ("Transparenzen nicht reduziert", meinspiel.de/datencheck-und-upload)."""

    flattens = False  # an opacity is drawn as such too

    def __init__(self, icc: str, ink_limit: float, rich_black: tuple[float, ...] | None = None):
        super().__init__(icc, ink_limit, rich_black)
        self.key += " transparency kept"

    def image(self, path: str):
        """The image at `path` in DeviceGray where it is grey (black ink only) and DeviceCMYK
        otherwise, its alpha (if any) as its soft mask."""
        with Image.open(path) as opened:
            opened.load()
            source = opened.info.get("icc_profile")
            alpha = _alpha(opened)
            flat = _colour_only(opened)
        if flat.mode == "L":
            flat = _grey_image(flat, self.icc)
        else:
            transform = _transform_from(source, self.icc) if source else self._transform
            flat = limited_image(ImageCms.applyTransform(flat, transform), self.ink_limit)
        return _masked(flat, alpha), ("auto" if alpha else None)


@functools.cache
def transparent_press(icc: str, ink_limit: float, rich_black: tuple[float, ...] | None = None) -> TransparentPress:
    """The PDF/X-4 press of a printing condition, once a process."""
    return TransparentPress(icc, ink_limit, rich_black)


def _alpha(image: Image.Image) -> Image.Image | None:
    """An image's transparency as an 8-bit mask (255: opaque), or None where it is opaque throughout."""
    if "A" not in image.getbands() and "transparency" not in image.info:
        return None
    alpha = image.convert("RGBA").getchannel("A")
    return None if alpha.getextrema() == (255, 255) else alpha


def _colour_only(image: Image.Image) -> Image.Image:
    """An image's colour without its alpha, as it is under the mask (not composited onto white,
    which would lighten every partly transparent pixel twice): L where it has no colour of its own."""
    grey = image.mode in ("1", "L", "LA", "I", "I;16") or (image.mode == "P" and _grey_palette(image))
    if image.mode == "P":
        image = image.convert("RGBA")
    return image.convert("L" if grey else "RGB")


def _masked(image: Image.Image, alpha: Image.Image | None):
    """What ReportLab embeds for `image` with `alpha` as its soft mask: its ImageReader reads the
    alpha of RGBA and LA images only, so a CMYK image's is handed to it as it would have read it."""
    reader = ImageReader(image)
    reader.getRGBData()  # reads the pixels, and sets no alpha of its own for CMYK or L
    if alpha is not None:
        reader._dataA = ImageReader(alpha)
    return reader


@functools.cache
def _shown(icc: str) -> ImageCms.ImageCmsTransform:
    """The profile's CMYK back to sRGB for the screen (`proofed`), absolute colorimetric (the
    paper's white and the ink's black as measured), built once a process."""
    return ImageCms.buildTransform(ImageCms.ImageCmsProfile(io.BytesIO(icc_bytes(icc))),
                                   ImageCms.ImageCmsProfile(io.BytesIO(icc_bytes("sRGB.icc"))), "CMYK", "RGB",
                                   renderingIntent=PROOF_INTENT)
