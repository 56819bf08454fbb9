"""The fonts' metrics, for planning: how wide a text is and which characters have a glyph.

printkit prints in DejaVu Sans, shipped in the package; a project may bring a font of its own: a
TTF file, one face (its bold and italic are itself), or a family of faces (regular, bold, italic,
bold italic), each a TTF file, registered with ReportLab by load.fonts. Measuring uses
ReportLab's font tables (pdfmetrics), not its canvas: nothing here draws.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from types import SimpleNamespace

from reportlab.lib.rl_accel import instanceStringWidthTTF
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics

from printkit.load.fonts import BOLD, FACES, FAMILIES, FOLDER, FONTS, ITALIC, PROJECT_FONTS, REGULAR, register_fonts

CAP_HEIGHT = 0.729  # DejaVu Sans: capitals and figures stand 0.729 em tall (OS/2 sCapHeight 1493/2048)
ASCENT, DESCENT = 0.76, 0.24  # the font's box above and below the baseline, as the PDF declares it


def font_for(bold: bool, italic: bool, font: str | None = None) -> str:
    """DejaVu Sans ships no bold oblique: bold wins, as it always has in printkit. A project's
    one-face font (`font`) is that face, whatever the markup asks for; a project's family gives
    the face asked for, or the nearest it has (load.fonts' register_project_family)."""
    if font is not None and font not in FONTS:
        family = FAMILIES.get(font)
        return font if family is None else family[FACES[2 * bool(bold) + bool(italic)]]
    return BOLD if bold else ITALIC if italic else REGULAR


def is_font(name: str) -> bool:
    """Whether `name` is a font printkit can set: one of its own, or a project's registered."""
    return name in FONTS or name in PROJECT_FONTS


@functools.lru_cache(maxsize=65536)
def em_width(text: str, font: str = REGULAR) -> float:
    """Width of `text` in millimetres at 1 pt: multiply by the size. printkit's own fonts are
    measured from their widths kept beside them (WIDTHS), by ReportLab's own function, so that
    planning does not parse the fonts; a project's font by ReportLab, from the font."""
    measured = _measured().get(font)
    if measured is not None:
        return instanceStringWidthTTF(measured, text, 1.0, "utf8") / mm
    register_fonts()
    return pdfmetrics.stringWidth(text, font, 1.0) / mm


WIDTHS = "widths.json"  # beside the fonts: each font's advance widths, as ReportLab reads them from it


@functools.cache
def _measured() -> dict[str, SimpleNamespace]:
    """What ReportLab's width function reads of a TrueType font (its `face`: the width of each
    character and the default), for each of printkit's fonts, from WIDTHS (checked against the
    fonts by the tests)."""
    kept = json.loads((FOLDER / WIDTHS).read_text(encoding="ascii"))
    return {name: SimpleNamespace(face=SimpleNamespace(charWidths=dict(zip(font["codes"], font["widths"])),
                                                      defaultWidth=font["default"]))
            for name, font in kept.items()}


def widths_in_fonts() -> dict:
    """The contents of WIDTHS, read from the fonts themselves (`python -m printkit.plan.fonts`
    writes it)."""
    register_fonts()
    found = {}
    for name in FONTS:
        face = pdfmetrics.getFont(name).face
        codes = sorted(face.charWidths)
        found[name] = {"default": face.defaultWidth, "codes": codes, "widths": [face.charWidths[c] for c in codes]}
    return found


def text_width(text: str, size: float, font: str = REGULAR) -> float:
    """Width of one line of text in millimetres."""
    return em_width(text, font) * size


def cap_height(size: float) -> float:
    """How tall capitals and figures stand at `size` points, in millimetres."""
    return CAP_HEIGHT * size / mm


DRAWABLE = "drawable.txt"  # beside the fonts: the characters all three have a glyph for, as ranges


@functools.cache
def _drawable() -> frozenset[str]:
    """Every character that all of printkit's fonts have a glyph for, read from the list kept
    beside them (checked against the fonts by the tests), so that checking content does not
    have to parse the fonts: a build with nothing to draw never loads them."""
    text = (FOLDER / DRAWABLE).read_text(encoding="ascii")
    chars = set()
    for line in text.split():
        first, _, last = line.partition("-")
        chars.update(chr(code) for code in range(int(first, 16), int(last or first, 16) + 1))
    return frozenset(chars)


def drawable_in_fonts() -> list[str]:
    """The ranges of characters all three fonts have a glyph for, read from the fonts themselves:
    the contents of DRAWABLE (`python -m printkit.plan.fonts` writes it)."""
    register_fonts()
    maps = [set(pdfmetrics.getFont(name).face.charToGlyph) for name in FONTS]
    codes = sorted(set.intersection(*maps))
    ranges, start = [], codes[0]
    for previous, code in zip(codes, codes[1:] + [None]):
        if code != previous + 1:
            ranges.append(f"{start:04X}" if start == previous else f"{start:04X}-{previous:04X}")
            start = code
    return ranges


@functools.lru_cache(maxsize=8192)
def missing_glyphs(text: str, font: str | None = None) -> tuple[str, ...]:
    """Characters of `text` that printkit's fonts (or the project font `font`) cannot draw (they
    would print as empty boxes). A family is checked face by face: `font` is the face the text is
    set in (face_name; a family's own name is its regular face), so that a letter only its bold
    face lacks is found where bold is asked for, and nowhere else."""
    drawable = PROJECT_FONTS[font] if font in PROJECT_FONTS else _drawable()
    return tuple(sorted(ch for ch in set(text) - drawable if not ch.isspace()))


@functools.lru_cache(maxsize=8192)
def right_to_left(text: str) -> tuple[str, ...]:
    """Letters written right to left (Hebrew, Arabic): printkit sets lines left to right and
    would print them reversed, so they are refused where they are written."""
    return tuple(sorted({ch for ch in text if unicodedata.bidirectional(ch) in ("R", "AL")}))


def describe_glyphs(chars) -> str:
    return ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in chars)


if __name__ == "__main__":
    (FOLDER / DRAWABLE).write_text("\n".join(drawable_in_fonts()) + "\n", encoding="ascii")
    (FOLDER / WIDTHS).write_text(json.dumps(widths_in_fonts(), separators=(",", ":")), encoding="ascii")
