"""Fonts as files that ReportLab registers to set text in and draw it with: printkit's own, DejaVu
Sans, shipped in the package (their files and face names), and a project's, each a TrueType file
registered under a name of its own: one face (its bold and italic are itself), or a family of
faces (regular, bold, italic, bold italic). Reading a project's font files is load.truetype's
and load.opentype's; measuring text in a font, plan.fonts'."""

from __future__ import annotations

import functools
import hashlib
import itertools
import marshal
import zlib
from pathlib import Path
from weakref import WeakKeyDictionary

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from printkit.ground.bundled import PACKAGE

FONTS = {"Sans": "DejaVuSans.ttf", "Sans-Bold": "DejaVuSans-Bold.ttf", "Sans-Oblique": "DejaVuSans-Oblique.ttf"}
REGULAR, BOLD, ITALIC = "Sans", "Sans-Bold", "Sans-Oblique"
FOLDER = PACKAGE / "fonts"  # printkit's own fonts, and what is kept beside them


def register_fonts() -> None:
    """printkit's own fonts registered with ReportLab, once a process, each its own family (its
    bold and italic the others)."""
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
    hands load its page cache (printkit/pipeline/kits.py), so that load keeps nothing itself.
    None: each font is parsed, once a process."""
    global _KEEPER
    _KEEPER = keeper


def _own_font(name: str, path: Path) -> TTFont:
    """One of printkit's own fonts, as ReportLab reads it to draw with. What ReportLab's parser
    sets from the file (each glyph's code, width and place: 8 ms a face, most of what a rebuild
    spends before it draws) is kept by the keeper the pipeline handed (keep_parsed_with: the page
    cache, under printkit's code and fonts and ReportLab's version) and set again from there, as
    it was set; the file's bytes, which a subset is cut from, are read from the file. Kept only
    where everything the parser set is plain data (a ReportLab that sets more is parsed every time)."""
    data = path.read_bytes()
    shipped = _shipped(name, data)
    if shipped is not None:
        return _set_again(shipped, path, data)
    keeper = _KEEPER
    if keeper is None or not keeper.keeps():
        return TTFont(name, str(path))
    parsed: list[TTFont] = []

    def parse() -> dict:
        parsed.append(TTFont(name, str(path)))
        return _parsed_state(parsed[0])
    state = keeper.kept(["font as parsed", name, reportlab.Version], parse, shape=dict)
    if parsed or set(state) not in ({"face", "font"}, {"face", "font", "later"}):  # (a kept {}: not plain data)
        return parsed[0] if parsed else TTFont(name, str(path))
    return _set_again(state, path, data)


def _set_again(state: dict, path: Path, data: bytes) -> TTFont:
    """A font made from what ReportLab's parser set on it (`_parsed_state`) and its file's bytes."""
    later = state.get("later")
    face = _LaterFace.__new__(_LaterFace) if type(later) is bytes else TTFontFace.__new__(TTFontFace)
    vars(face).update({key: TTFNameBytes(value[1]) if type(value) is tuple and value[:1] == (_NAME,) else value
                       for key, value in state["face"].items()})
    if type(later) is bytes:
        face._later = later
    face._ttf_data, face.filename = data, str(path)
    face._pdfScale = _scale(face.unitsPerEm)
    font = TTFont.__new__(TTFont)
    vars(font).update(state["font"], face=face, encoding=TTEncoding(), state=WeakKeyDictionary())
    return font


PARSED = "parsed.marshal"  # beside the fonts: each as ReportLab's parser set it (`python -m printkit.load.fonts`)
# A face's tables that only cutting a subset reads (ReportLab's TTFontFace.makeSubset; glyphToChar,
# its shaping too): kept apart, read when first asked for. A process that cuts no subset (a
# rebuild whose subsets are found kept, printkit/render/subsets.py) never reads them: more than
# half of each face's state
LATER = ("glyphToChar", "hmetrics", "glyphPos")


class _LaterFace(TTFontFace):
    """A face set again from its state, its LATER tables read when first asked for."""

    def __getattr__(self, name: str):
        later = vars(self).get("_later")
        if later is None or name not in LATER:
            raise AttributeError(name)
        vars(self).update(marshal.loads(later))  # then `_later` dropped: a thread asking meanwhile reads them too
        vars(self).pop("_later", None)
        return vars(self)[name]


def _shipped(name: str, data: bytes) -> dict | None:
    """One of printkit's own fonts as ReportLab's parser set it (what `_parsed_state` gives),
    shipped beside the fonts (PARSED, written with the ReportLab printkit was released with and
    checked against the fonts by the tests), so that a first build, its page cache empty, parses
    no font (38 ms); None where the font's file (`data`) is not the one it was read from, where
    this ReportLab is not the one that wrote it, or where the file is missing or unreadable: then
    the font is parsed (or found in the page cache) as ever. Read afresh each time: a font is
    never handed another's tables. marshal reads plain data only (never runs code)."""
    found = _shipped_fonts().get(name)
    if found is None or found[0] != hashlib.sha256(data).hexdigest():
        return None
    try:
        state = marshal.loads(found[1])
    except (ValueError, EOFError, TypeError):
        return None
    return state if type(state) is dict and set(state) in ({"face", "font"}, {"face", "font", "later"}) else None


@functools.cache
def _shipped_fonts() -> dict[str, tuple[str, bytes]]:
    """PARSED's fonts: each font's name -> (its file's sha256, its state marshalled); {} for a file
    missing, unreadable or written by another ReportLab."""
    try:
        kept = marshal.loads(zlib.decompress((FOLDER / PARSED).read_bytes()))
    except (OSError, ValueError, EOFError, TypeError, zlib.error):
        return {}
    if type(kept) is not dict or kept.get("reportlab") != reportlab.Version or type(kept.get("fonts")) is not dict:
        return {}
    return {name: found for name, found in kept["fonts"].items() if type(found) is tuple and len(found) == 2
            and type(found[0]) is str and type(found[1]) is bytes}


def parsed_in_fonts() -> dict:
    """The contents of PARSED, read from the fonts themselves by this ReportLab (a font some of
    whose state is not plain data left out: it is parsed every time)."""
    found = {}
    for name, file in FONTS.items():
        path = FOLDER / file
        state = _parsed_state(TTFont(name, str(path)))
        if state:
            found[name] = (hashlib.sha256(path.read_bytes()).hexdigest(), marshal.dumps(state))
    return {"reportlab": reportlab.Version, "fonts": found}


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
    if not all(name in face for name in LATER):
        return {"face": face, "font": own}
    later = marshal.dumps({name: face.pop(name) for name in LATER})
    return {"face": face, "font": own, "later": later}


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


PROJECT_FONTS: dict[str, frozenset[str]] = {}  # a project's font registered -> the characters it has a glyph for
FACES = ("regular", "italic", "bold", "bold_italic")  # in plan.fonts.font_for's order: 2 x bold + italic
FAMILIES: dict[str, dict[str, str]] = {}  # a family's name -> each of FACES -> the font set for it


def register_project_font(name: str, path: str) -> None:
    """A project's TTF file, registered under `name` (once: a name says which version of the
    file it is). Raises what ReportLab raises for a file that is not a TrueType font."""
    if name in PROJECT_FONTS:
        return
    font = TTFont(name, path)
    _register(font)
    PROJECT_FONTS[name] = frozenset(chr(code) for code in font.face.charToGlyph)


def register_project_family(name: str, faces: dict[str, str]) -> None:
    """A project's family of TTF files, `faces` naming each face's file (`regular`, required;
    `bold`, `italic`, `bold_italic`), registered once under `name`. The regular face is the font
    `name` itself (what a label or a number set in the family draws with); each other face is the
    font `name` + "-" + its key (`name-bold`). A face the family lacks is set in the nearest it
    has: bold italic in bold, else italic; bold or italic in regular. Every file is read before
    any is registered: a broken one registers nothing. Raises ValueError for a missing regular
    face or an unknown key, and what ReportLab raises for a file that is not a TrueType font."""
    if name in FAMILIES or name in PROJECT_FONTS:
        return
    if "regular" not in faces or set(faces) - set(FACES):
        raise ValueError(f"a font family's faces are {', '.join(FACES)} (regular required), not "
                         f"{', '.join(sorted(faces))}")
    fonts = {key: TTFont(face_name(name, key), faces[key]) for key in FACES if key in faces}
    for key, font in fonts.items():
        _register(font)
        PROJECT_FONTS[font.fontName] = frozenset(chr(code) for code in font.face.charToGlyph)
    chosen = {key: face_name(name, _nearest(key, fonts)) for key in FACES}
    FAMILIES[name] = chosen
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


if __name__ == "__main__":
    (FOLDER / PARSED).write_bytes(zlib.compress(marshal.dumps(parsed_in_fonts()), 9))
