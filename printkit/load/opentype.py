"""OpenType fonts a game names made into the TrueType font that ReportLab embeds and subsets:
a `.otf` with CFF (PostScript) outlines converted to TrueType's quadratic ones with fontTools
(cu2qu, within 1 font unit), and one face taken out of a collection (`.ttc`). ReportLab embeds
TrueType outlines only. A TTF is left as it is. Advance widths are kept as the file has them.

A stranger's font may be hostile, so before fontTools reads one its tables and character maps are
checked as a TTF's are (load/truetype.py), and drawing its outlines is bounded: CFF subroutines nest
at most 10 deep (the CFF spec's own limit), and all the outlines together execute at most a budget
of instructions proportional to the file's size (subroutines calling each other can otherwise ask
for an exponential number of steps).
"""

from __future__ import annotations

from io import BytesIO

from printkit.load.truetype import check_face, check_truetype, face_offsets

MAX_FACES = 64  # a collection holds a family's faces: some 2 to 30
MAX_NESTING = 10  # CFF: "the subroutine nesting limit is 10"
BUDGET_PER_BYTE = 16  # instructions executed per byte of the file; real fonts use 2 to 4
TRUETYPE = (b"\x00\x01\x00\x00", b"true")
TOLERANCE = 1.0  # font units a quadratic curve may stray from the cubic it stands for

__all__ = ["truetype_from"]


class _Bad(ValueError):
    pass


def truetype_from(data: bytes, index: int | None = None, face: str | None = None) -> tuple[bytes, str | None]:
    """The TrueType font printkit embeds for a font file's bytes, for the face `index` (counted
    from 0) or named `face` of a collection, and a note when printkit chose the face; ValueError
    saying what is wrong (the file is not bounded, is not a font, or has no such face)."""
    if data[:4] == b"ttcf":
        number, note = _chosen_face(data, index, face)
        return _converted(data, number), note
    if index is not None or face is not None:
        raise _Bad("is one font, not a collection (.ttc): give no index or face")
    check_truetype(data)
    if data[:4] == b"OTTO":
        return _converted(data, None), None
    return data, None  # a TTF as ReportLab reads it, byte for byte


def _chosen_face(data: bytes, index: int | None, face: str | None) -> tuple[int, str | None]:
    """The face asked for; with none asked, the first (as ReportLab read a collection before), said
    in a note when there are others."""
    names = face_names(data)
    if index is not None and face is not None:
        raise _Bad("name its face by index or by name, not both")
    if index is not None:
        if not 0 <= index < len(names):
            raise _Bad(f"holds {len(names)} faces (index 0 to {len(names) - 1}), not index {index}")
        return index, None
    if face is not None:
        found = [number for number, name in enumerate(names) if face.casefold() in
                 (name.casefold(), _postscript_name(data, number).casefold())]
        if not found:
            raise _Bad(f"has no face '{face}' (its faces: {_listed(names)})")
        return found[0], None
    if len(names) > 1:
        return 0, (f"holds {len(names)} faces ({_listed(names)}): the first is used; choose one with "
                   f"{{file: ..., index: 1}} or {{file: ..., face: {names[-1]}}}")
    return 0, None


def face_names(data: bytes) -> list[str]:
    """A collection's faces by their full names (or their family and style)."""
    offsets = face_offsets(data, MAX_FACES)
    for start in offsets:
        check_face(data, start)
    return [_name_of(data, number) for number in range(len(offsets))]


def _name_of(data: bytes, number: int) -> str:
    font = _opened(data, number)
    try:
        names = font["name"]
        full = names.getDebugName(4)
        return full or " ".join(filter(None, (names.getDebugName(1), names.getDebugName(2)))) or f"face {number}"
    except Exception:  # noqa: BLE001 - a name table fontTools cannot read: the face is still there
        return f"face {number}"


def _postscript_name(data: bytes, number: int) -> str:
    try:
        return _opened(data, number)["name"].getDebugName(6) or ""
    except Exception:  # noqa: BLE001
        return ""


def _listed(names: list[str]) -> str:
    return ", ".join(f"{number} '{name}'" for number, name in enumerate(names))


def _opened(data: bytes, number: int | None):
    from fontTools.ttLib import TTFont

    try:
        return TTFont(BytesIO(data), fontNumber=-1 if number is None else number, lazy=True,
                      recalcTimestamp=False)
    except Exception as error:  # noqa: BLE001 - whatever a broken file makes fontTools raise
        raise _Bad(f"fontTools cannot read it: {error}") from None


def _converted(data: bytes, number: int | None) -> bytes:
    """One face as a TrueType font: outlines made quadratic when they are CFF ones."""
    font = _opened(data, number)
    try:
        if font.sfntVersion == "OTTO":
            _to_quadratic(font, BUDGET_PER_BYTE * len(data) + 1_000_000)
        elif font.sfntVersion.encode("latin-1") not in TRUETYPE:
            raise _Bad("is not a font file fontTools knows")
        out = BytesIO()
        font.save(out, reorderTables=True)
    except (_Bad, MemoryError):
        raise
    except Exception as error:  # noqa: BLE001 - fontTools' errors for a broken table, a recursion
        raise _Bad(f"its outlines cannot be read ({type(error).__name__}: {error})") from None
    return out.getvalue()


def _to_quadratic(font, budget: int) -> None:
    """CFF outlines -> a glyf table (as fontTools' otf2ttf snippet does), each glyph drawn through
    a bounded interpreter."""
    from fontTools.ttLib import newTable

    if "CFF2" in font:
        raise _Bad("is a variable OpenType font (CFF2): export a static instance (.otf or .ttf) of it")
    if "CFF " not in font:
        raise _Bad("is an OpenType font without its CFF outlines")
    order = font.getGlyphOrder()
    glyf = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, _quadratic_glyphs(font, order, _Budget(budget))
    font["loca"], font["glyf"] = newTable("loca"), glyf
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    _left_bearings(font, glyf)
    _maxp(font, glyf)
    _post(font, order)
    font.sfntVersion = "\x00\x01\x00\x00"


def _quadratic_glyphs(font, order, budget: "_Budget") -> dict:
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    charstrings = font["CFF "].cff[0].CharStrings
    glyphs = {}
    for name in order:
        charstring = charstrings[name]
        charstring.outlineExtractor = budget.extractor()  # the instance's, not fontTools' class's
        pen = TTGlyphPen(None)
        charstring.draw(Cu2QuPen(pen, TOLERANCE, reverse_direction=True))
        glyphs[name] = pen.glyph()
    return glyphs


class _Budget:
    """Instructions left for all of a font's outlines, shared by each glyph's interpreter."""

    def __init__(self, left: int):
        self.left = left

    def extractor(self):
        from fontTools.misc.psCharStrings import T2OutlineExtractor

        budget = self

        class Bounded(T2OutlineExtractor):
            def execute(self, charString, **options):
                if len(self.callingStack) >= MAX_NESTING + 1:
                    raise _Bad(f"its outlines call subroutines more than {MAX_NESTING} deep")
                budget.left -= len(charString.bytecode or b"") or len(charString.program or ())
                if budget.left < 0:
                    raise _Bad("its outlines take more steps to draw than a font of its size can need")
                return super().execute(charString, **options)

        return Bounded


def _left_bearings(font, glyf) -> None:
    """hmtx's left side bearings follow the new outlines; the advance widths stay as they are."""
    metrics = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            metrics[name] = (metrics[name][0], glyph.xMin)


def _maxp(font, glyf) -> None:
    from fontTools.ttLib import newTable

    maxp = newTable("maxp")
    maxp.tableVersion, maxp.numGlyphs = 0x00010000, len(glyf.glyphOrder)
    for field in ("maxZones",):
        setattr(maxp, field, 1)
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions"):
        setattr(maxp, field, 0)
    maxp.maxComponentElements = max((len(getattr(glyph, "components", ())) for glyph in glyf.glyphs.values()),
                                    default=0)
    font["maxp"] = maxp
    maxp.compile(font)


def _post(font, order) -> None:
    """Glyph names kept (post format 2), or none when they do not fit (format 3)."""
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    try:
        post.compile(font)
    except OverflowError:
        post.formatType = 3.0
