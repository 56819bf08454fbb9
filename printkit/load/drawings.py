"""A game's SVG drawings read with bounds, as a stranger's file may be hostile: the XML is read
first with expat (no DTD, so no entities; at most MAX_BYTES and MAX_ELEMENTS, every file it
refers to counted in), and every file it refers to (`<image href>`, `<use href>`) must lie in the
game's own folder, an image there bounded as any other (images.py). Only then does svglib make
it a drawing, whose every number must be one a PDF can hold. What it cannot draw exactly (a font
printkit does not have, a filter, a mask...) is said, a line each, by whoever reads the file."""

from __future__ import annotations

import base64
import binascii
import math
import re
from pathlib import Path
from xml.parsers import expat

from printkit.ground.reading import read_bounded
from printkit.load.images import raster_size

MAX_BYTES = 2 * 2**20  # an SVG file, and all it refers to together
MAX_ELEMENTS = 10_000  # svglib takes some 0.2 ms an element, each time the drawing is made
LARGEST = 1e6  # points (some 350 m): any length, coordinate or scale in a drawing
SMALLEST = 1e-3  # points: a drawing's own width and height (it is scaled up to its box)
HREFS = ("href", "http://www.w3.org/1999/xlink href")  # as expat names them with namespaces on
FOLLOWED = ("image", "use")  # the elements whose references svglib follows (not a link's <a href>)
RASTERS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
EMBEDDED = re.compile(r"data:image/(png|jpe?g);base64,?", re.IGNORECASE)
SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")
SVG_NS = "http://www.w3.org/2000/svg "  # expat's prefix for an element of the SVG namespace

__all__ = ["svg_size", "svg_read"]


OWN_FAMILIES = {"dejavu sans", "dejavusans", "sans-serif", "sans"}  # an SVG's text that printkit sets as asked
# SVG elements that draw or change what is drawn, which svglib leaves out ("Ignoring node"): the
# picture prints without them. (svglib draws shapes, paths, text, images, groups, links, <use>,
# <symbol>, <switch>, clip paths and gradients; titles, descriptions and metadata draw nothing.)
UNDRAWN = {"filter": "a filter (blur, shadow...)", "mask": "a mask", "pattern": "a pattern fill",
           "marker": "markers (arrowheads...)", "foreignObject": "a foreignObject (HTML)",
           "textPath": "text on a path", "animate": "animation", "animateMotion": "animation",
           "animateTransform": "animation", "animateColor": "animation", "set": "animation",
           "tref": "a text reference (tref)", "altGlyph": "an alternate glyph", "font": "an SVG font",
           "meshgradient": "a mesh gradient", "hatch": "a hatch fill", "solidcolor": "a solidcolor paint"}
NAMED = 4  # font families a line names at the most (a stranger's SVG may name thousands)
FONT_FAMILY = re.compile(r"font-family\s*:\s*([^;}]+)", re.IGNORECASE)


class _Refused(ValueError):
    pass


def svg_size(path: Path, folder: Path) -> tuple[float, float]:
    """The (width, height) in points of the SVG file at `path`, in the game's `folder`; ValueError
    saying what is wrong with it (too large, a reference out of the folder, unreadable numbers)."""
    return svg_read(path, folder)[0]


def svg_read(path: Path, folder: Path) -> tuple[tuple[float, float], tuple[str, ...]]:
    """`svg_size`, and what of the drawing does not print as the SVG shows it: each a phrase
    ("sets its text in 'Comic Sans MS', which ..."), in the order found, once each."""
    scan = _Scan(folder)
    scan.file(path)
    try:
        drawing = svg_drawing(str(path))
    except Exception as error:  # noqa: BLE001 - svglib on a stranger's file: whatever it raises is the file's
        raise ValueError(f"is not an SVG drawing svglib can read ({_said(error)})") from None
    if drawing is None:
        raise ValueError("is not an SVG drawing svglib can read")
    _numbers_bounded(drawing)
    return (drawing.width, drawing.height), scan.inexact()


def svg_drawing(path: str):
    """An SVG file as a ReportLab drawing (svglib), its text set in printkit's own fonts (embedded
    in every PDF), whatever font it names: never a font of the machine's (svglib would look for
    one by name, then ask fontconfig), nor ReportLab's Helvetica, which no PDF embeds (a print
    shop's preflight refuses it). Its first font, set before anything is drawn, is printkit's too."""
    from svglib.svglib import svg2rlg

    from printkit.load.fonts import REGULAR, register_fonts

    register_fonts()
    drawing = svg2rlg(path, font_map=_OwnFonts())
    if drawing is not None:
        drawing.initialFontName = REGULAR
    return drawing


class _OwnFonts:
    """svglib's font map, answered from printkit's own faces: bold, italic, or regular."""

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        from printkit.load.fonts import BOLD, ITALIC, REGULAR

        bold = str(weight).lower() in ("bold", "bolder") or str(weight).isdigit() and int(weight) >= 600
        face = BOLD if bold else ITALIC if str(style).lower() in ("italic", "oblique") else REGULAR
        return face, str(font_name).strip("'\" ").lower() in OWN_FAMILIES


class _Scan:
    """The files of one drawing, each parsed once: elements and bytes counted together."""

    def __init__(self, folder: Path):
        self.folder, self.elements, self.bytes, self.seen = folder.resolve(), 0, 0, set()
        self.undrawn: dict[str, None] = {}  # what svglib leaves out, in the order met
        self.families: dict[str, None] = {}  # the font families asked for that printkit does not have
        self.text = False  # whether anything sets text at all

    def inexact(self) -> tuple[str, ...]:
        """What does not print as the SVG shows it."""
        families = [f"'{family}'" for family in self.families]
        named = " and ".join(families[:NAMED] + ([f"{len(families) - NAMED} more"] if len(families) > NAMED else []))
        fonts = [f"sets its text in {named}, which printkit does not have: it prints in DejaVu Sans (to keep "
                 f"a font, turn the text into paths in the drawing program)"] if self.text and self.families else []
        return tuple(fonts + [f"has {what}, which printkit cannot draw: it prints without it"
                              for what in dict.fromkeys(UNDRAWN[name] for name in self.undrawn)])

    def file(self, path: Path) -> None:
        if path in self.seen:
            return
        self.seen.add(path)
        data = _read(path)
        self.bytes += len(data)
        if self.bytes > MAX_BYTES:
            raise ValueError(f"is larger than {MAX_BYTES // 2**20} MB, with the files it refers to")
        for href in self._hrefs(data):
            self._referred(path, href)

    def _hrefs(self, data: bytes) -> list[str]:
        parser, found, styled = expat.ParserCreate(namespace_separator=" "), [], []

        def start(name, attributes):
            self.elements += 1
            if self.elements > MAX_ELEMENTS:
                raise _Refused(f"has more than {MAX_ELEMENTS:,} elements (with the files it refers to)")
            local = name.rsplit(" ", 1)[-1]
            if local in FOLLOWED:
                found.extend(value.strip() for key, value in attributes.items() if key in HREFS)
            if " " not in name or name.startswith(SVG_NS):  # SVG's own elements, not an editor's
                self.text |= local == "text"
                if local in UNDRAWN:
                    self.undrawn.setdefault(local)
                styled.append(local == "style")
            else:
                styled.append(False)
            self._families(attributes.get("font-family", ""))
            for declared in FONT_FAMILY.findall(attributes.get("style", "")):
                self._families(declared)

        def end(name):
            styled.pop()

        def characters(data):  # a <style> sheet's rules
            if styled and styled[-1]:
                for declared in FONT_FAMILY.findall(data):
                    self._families(declared)

        def doctype(*_):
            raise _Refused("has a DTD (<!DOCTYPE ... [...]>), which printkit does not read")

        parser.StartElementHandler = start
        parser.CharacterDataHandler = characters
        parser.EndElementHandler = end
        parser.StartDoctypeDeclHandler = doctype
        parser.EntityDeclHandler = doctype
        try:
            parser.Parse(data, True)
        except expat.ExpatError as error:
            raise ValueError(f"is not SVG (XML): {expat.ErrorString(error.code)} at line {error.lineno}") from None
        return found

    def _families(self, declared: str) -> None:
        """A font-family list: printkit sets the text in its own face unless it names one."""
        names = [name.strip().strip("'\"").strip() for name in declared.split(",") if name.strip()]
        if names and not any(name.lower() in OWN_FAMILIES for name in names):
            self.families.setdefault(names[0][:80])

    def _referred(self, path: Path, href: str) -> None:
        """A reference: within the file (#id), an image embedded in it, or a file in the game's folder."""
        embedded = EMBEDDED.match(href)
        if embedded:
            self._embedded(href[embedded.end():], "PNG" if embedded.group(1).lower() == "png" else "JPEG")
            return
        name = href.split("#", 1)[0]
        if not name:
            return
        if SCHEME.match(name) or name.startswith(("/", "\\")):
            raise ValueError(f"refers to '{href}': only a file in the game's folder may be, named from the SVG's own")
        target = (path.parent / name).resolve()
        if not target.is_relative_to(self.folder):
            raise ValueError(f"refers to '{name}', which is outside the game's folder")
        if not target.is_file():
            raise ValueError(f"refers to '{name}', which is missing")
        kind = RASTERS.get(target.suffix.lower())
        if kind:
            self._bounded_image(_read(target), kind, f"'{name}'")
        else:
            self.file(target)

    def _embedded(self, text: str, kind: str) -> None:
        try:
            data = base64.b64decode(re.sub(r"\s+", "", text), validate=True)
        except (binascii.Error, ValueError):
            raise ValueError(f"holds an embedded {kind} image that is not base64") from None
        self._bounded_image(data, kind, f"an embedded {kind} image")

    def _bounded_image(self, data: bytes, kind: str, named: str) -> None:
        try:
            raster_size(data, kind)
        except ValueError as error:
            raise ValueError(f"refers to {named}, which {error}") from None


def _read(path: Path) -> bytes:
    return read_bounded(path, MAX_BYTES)

def _numbers_bounded(drawing) -> None:
    """Every number of every shape in the drawing (coordinates, sizes, stroke widths, transforms)
    finite and at most LARGEST points; the drawing itself at least SMALLEST points wide and tall."""
    for size in (drawing.width, drawing.height):
        if not (isinstance(size, (int, float)) and SMALLEST <= size <= LARGEST):
            raise ValueError(f"is {drawing.width:g} x {drawing.height:g} points: a drawing is "
                             f"{SMALLEST:g} to {LARGEST:g} points wide and tall")
    stack = [drawing]
    while stack:
        node = stack.pop()
        for value in vars(node).values():
            if isinstance(value, (list, tuple)):
                stack.extend(item for item in value if hasattr(item, "__dict__") and not isinstance(item, type))
                _bounded(value)
            else:
                _bounded((value,))


def _bounded(values) -> None:
    for value in values:
        if isinstance(value, float) and not (math.isfinite(value) and abs(value) <= LARGEST) \
                or isinstance(value, int) and abs(value) > LARGEST:
            raise ValueError(f"holds the number {value:g}: a drawing's numbers are at most {LARGEST:g} points")


def _said(error: Exception) -> str:
    return str(error).splitlines()[0][:200] if str(error) else type(error).__name__
