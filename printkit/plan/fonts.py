"""The fonts' metrics, for planning: how wide a text is and which characters have a glyph.

printkit prints in DejaVu Sans, shipped in the package; a project may bring a font of its own: a
TTF file, one face (its bold and italic are itself), or a family of faces (regular, bold, italic,
bold italic), each a TTF file. Measuring uses ReportLab's font tables (pdfmetrics), not its
canvas: nothing here draws.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import unicodedata
from pathlib import Path
from types import SimpleNamespace
from weakref import WeakKeyDictionary

import reportlab

from reportlab.lib.rl_accel import instanceStringWidthTTF
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from printkit.ground.bundled import PACKAGE

FONTS = {"Sans": "DejaVuSans.ttf", "Sans-Bold": "DejaVuSans-Bold.ttf", "Sans-Oblique": "DejaVuSans-Oblique.ttf"}
REGULAR, BOLD, ITALIC = "Sans", "Sans-Bold", "Sans-Oblique"
CAP_HEIGHT = 0.729  # DejaVu Sans: capitals and figures stand 0.729 em tall (OS/2 sCapHeight 1493/2048)
ASCENT, DESCENT = 0.76, 0.24  # the font's box above and below the baseline, as the PDF declares it
FOLDER = PACKAGE / "fonts"  # printkit's own fonts, and what is kept beside them


def register_fonts() -> None:
    if REGULAR in pdfmetrics.getRegisteredFontNames():
        return
    for name, file in FONTS.items():
        pdfmetrics.registerFont(_own_font(name, FOLDER / file))
    for family in FONTS:  # <b> and <i> inside text set in any of the three
        pdfmetrics.registerFontFamily(family, normal=family, bold=BOLD, italic=ITALIC, boldItalic=BOLD)


_KEEPER = None  # what keeps printkit's own fonts as parsed between runs, handed by the pipeline (keep_parsed_with)


def keep_parsed_with(keeper) -> None:
    """printkit's own fonts, as ReportLab parsed them, kept by `keeper` from now on (its
    `keeps()`, and `kept(inputs, make, shape)` as printkit/pipeline/cache.py's): the pipeline
    hands the plan its page cache (printkit/pipeline/kits.py), so that the plan keeps nothing
    itself. None: each font is parsed, once a process."""
    global _KEEPER
    _KEEPER = keeper


def _own_font(name: str, path: Path) -> TTFont:
    """One of printkit's own fonts, as ReportLab reads it to draw with. What ReportLab's parser
    sets from the file (each glyph's code, width and place: 8 ms a face, most of what a rebuild
    spends before it draws) is kept by the keeper the pipeline handed (keep_parsed_with: the page
    cache, under printkit's code and fonts and ReportLab's version) and set again from there, as
    it was set; the file's bytes, which a subset is cut from, are read from the file. Kept only
    where everything the parser set is plain data (a ReportLab that sets more is parsed every time)."""
    keeper = _KEEPER
    if keeper is None or not keeper.keeps():
        return TTFont(name, str(path))
    parsed: list[TTFont] = []

    def parse() -> dict:
        parsed.append(TTFont(name, str(path)))
        return _parsed_state(parsed[0])
    state = keeper.kept(["font as parsed", name, reportlab.Version], parse, shape=dict)
    if parsed or set(state) != {"face", "font"}:  # (a kept {}: not plain data, parsed every time)
        return parsed[0] if parsed else TTFont(name, str(path))
    face = TTFontFace.__new__(TTFontFace)
    vars(face).update({key: TTFNameBytes(value[1]) if type(value) is tuple and value[:1] == (_NAME,) else value
                       for key, value in state["face"].items()})
    face._ttf_data, face.filename = path.read_bytes(), str(path)
    face._pdfScale = _scale(face.unitsPerEm)
    font = TTFont.__new__(TTFont)
    vars(font).update(state["font"], face=face, encoding=TTEncoding(), state=WeakKeyDictionary())
    return font


_NAME = "TTFNameBytes"  # a name read from the font (bytes that know their text), kept as (_NAME, its bytes)
_SET_APART = {"face", "encoding", "state"}  # a TTFont's own: its face, made again from what is kept


def _parsed_state(font: TTFont) -> dict:
    """What ReportLab set on a font it parsed, as plain data; {} where some of it is not."""
    if not _SET_APART <= set(vars(font)) or type(font.encoding) is not TTEncoding:
        return {}
    face = {key: (_NAME, bytes(value)) if type(value) is TTFNameBytes else value
            for key, value in vars(font.face).items() if key not in ("_ttf_data", "filename", "_pdfScale")}
    own = {key: value for key, value in vars(font).items() if key not in _SET_APART}
    if not _plain(face) or not _plain(own) or font.face._pdfScale(2048.0) != _scale(font.face.unitsPerEm)(2048.0):
        return {}
    return {"face": face, "font": own}


def _scale(units_per_em: int):
    """ReportLab's own scale from font units to a thousandth of an em (TTFontFile.extractInfo)."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


def _plain(value) -> bool:
    """Whether `value` is plain data throughout: numbers, strings, bytes and their containers
    (looked at a level at a time, by the kinds found there: a face holds some 40,000 numbers)."""
    level = [value]
    while level:
        kinds = set(map(type, level))
        if not kinds <= _PLAIN | _CONTAINERS:
            return False
        inside = [item for item in level if type(item) in _CONTAINERS] if kinds & _CONTAINERS else []
        level = list(itertools.chain.from_iterable(
            itertools.chain(item, item.values()) if type(item) is dict else item for item in inside))
    return True


_PLAIN = {int, float, str, bytes, bool, type(None)}
_CONTAINERS = {dict, list, tuple}


def font_for(bold: bool, italic: bool, font: str | None = None) -> str:
    """DejaVu Sans ships no bold oblique: bold wins, as it always has in printkit. A project's
    one-face font (`font`) is that face, whatever the markup asks for; a project's family gives
    the face asked for, or the nearest it has (register_project_family)."""
    if font is not None and font not in FONTS:
        family = _FAMILIES.get(font)
        return font if family is None else family[FACES[2 * bool(bold) + bool(italic)]]
    return BOLD if bold else ITALIC if italic else REGULAR


_PROJECT_FONTS: dict[str, frozenset[str]] = {}  # name -> the characters it has a glyph for
FACES = ("regular", "italic", "bold", "bold_italic")  # in font_for's order: 2 x bold + italic
_FAMILIES: dict[str, dict[str, str]] = {}  # a family's name -> each of FACES -> the font set for it


def register_project_font(name: str, path: str) -> None:
    """A project's TTF file, registered under `name` (once: a name says which version of the
    file it is). Raises what ReportLab raises for a file that is not a TrueType font."""
    if name in _PROJECT_FONTS:
        return
    font = TTFont(name, path)
    _register(font)
    _PROJECT_FONTS[name] = frozenset(chr(code) for code in font.face.charToGlyph)


def register_project_family(name: str, faces: dict[str, str]) -> None:
    """A project's family of TTF files, `faces` naming each face's file (`regular`, required;
    `bold`, `italic`, `bold_italic`), registered once under `name`. The regular face is the font
    `name` itself (what a label or a number set in the family draws with); each other face is the
    font `name` + "-" + its key (`name-bold`). A face the family lacks is set in the nearest it
    has: bold italic in bold, else italic; bold or italic in regular. Every file is read before
    any is registered: a broken one registers nothing. Raises ValueError for a missing regular
    face or an unknown key, and what ReportLab raises for a file that is not a TrueType font."""
    if name in _FAMILIES or name in _PROJECT_FONTS:
        return
    if "regular" not in faces or set(faces) - set(FACES):
        raise ValueError(f"a font family's faces are {', '.join(FACES)} (regular required), not "
                         f"{', '.join(sorted(faces))}")
    fonts = {key: TTFont(face_name(name, key), faces[key]) for key in FACES if key in faces}
    for key, font in fonts.items():
        _register(font)
        _PROJECT_FONTS[font.fontName] = frozenset(chr(code) for code in font.face.charToGlyph)
    chosen = {key: face_name(name, _nearest(key, fonts)) for key in FACES}
    _FAMILIES[name] = chosen
    pdfmetrics.registerFontFamily(name, normal=chosen["regular"], bold=chosen["bold"], italic=chosen["italic"],
                                  boldItalic=chosen["bold_italic"])


def _register(font: TTFont) -> None:
    """A project's font registered under its own name, as itself. ReportLab's registerFont gives a
    new name the font registered first with the same face name inside the file (a copy of DejaVu
    Sans, a font file edited since): printkit's own Sans would then be the project's file, or a
    font edited during `printkit watch` its older version. So the face is named for this font (a
    PDF embeds each face under its name: two of one name in a file would collide)."""
    tag = hashlib.sha256(font.fontName.encode()).hexdigest()[:6].upper().encode()
    font.face.name = TTFNameBytes(bytes(font.face.name) + b"-" + tag)
    pdfmetrics._fonts[font.fontName] = font  # noqa: SLF001 - registerFont would share it by face name


def face_name(family: str, key: str) -> str:
    """The font one face of a family is registered as: the regular face is the family's name."""
    return family if key == "regular" else f"{family}-{key}"


def _nearest(key: str, faces) -> str:
    fallbacks = {"regular": ("regular",), "italic": ("italic", "regular"), "bold": ("bold", "regular"),
                 "bold_italic": ("bold_italic", "bold", "italic", "regular")}
    return next(face for face in fallbacks[key] if face in faces)


def is_font(name: str) -> bool:
    """Whether `name` is a font printkit can set: one of its own, or a project's registered."""
    return name in FONTS or name in _PROJECT_FONTS


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
    drawable = _PROJECT_FONTS[font] if font in _PROJECT_FONTS else _drawable()
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
