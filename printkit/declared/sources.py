"""The files a declared game names besides its game.yaml, read when its content is loaded: a table
of cards (a CSV file, a sheet of a workbook), its images (PNG, JPEG, SVG) and its fonts (TTF, OTF, a face of a TTC). A
file that cannot be read is a problem at the line that names it; a table's row or cell at its own
place."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path

from printkit.ground.errors import Problem, PrintkitError
from printkit.load.drawings import svg_read
from printkit.ground.reading import read_bounded
from printkit.load.images import raster_size
from printkit.load.opentype import truetype_from
from printkit.load.tables import Place, SheetError, read_table
from printkit.declared.vocabulary import WORDS

__all__ = ["Asset", "Card", "Cards", "SheetError", "font_name", "read_cards", "read_font", "read_image",
           "read_table_cards"]

MAX_BYTES = 64 * 2**20  # an image or font file: a PNG of 25 million pixels, unpacked, is 100 MB at most
OPENTYPE = (b"OTTO", b"ttcf")  # a font file's first bytes: CFF outlines, a collection
IMAGES = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}  # raster formats, as Pillow names them


@dataclass(frozen=True)
class Card:
    """A table's card: its values by column heading (blank cells left out), where its row is, and
    where each value is (a CSV file's row line; a workbook's own cell, FILE:SHEET!C12 with no line)."""

    values: dict[str, str]
    place: Place
    places: dict[str, Place]


@dataclass(frozen=True)
class Cards:
    """A table's cards, its columns (every heading, a column no card fills too), and its name as
    messages show it: `mine/cards.xlsx:Cards`, or the text file's."""

    columns: tuple[str, ...]
    cards: list[Card]
    shown: str
    headings: dict = field(default_factory=dict)  # a column's heading -> its place


def read_cards(path: Path, shown: str, sheet: str | None = None) -> list[Card]:
    """Cards from a table (printkit/load/tables.py: CSV, TSV, a sheet of an .xlsx or .ods workbook):
    the first row names the fields, each row after it is a card."""
    return read_table_cards(path, shown, sheet).cards


def read_table_cards(path: Path, shown: str, sheet: str | None = None) -> Cards:
    """A table's cards with its columns and its name (read_cards says how)."""
    table = read_table(path, shown, sheet)
    headings = table.headings.cells if table.headings else ()
    problems = table.problems + _misnamed(headings)
    if problems:
        raise PrintkitError(problems)
    names = [cell.text for cell in headings]
    cards = [Card({name: cell.text for name, cell in zip(names, row.cells) if cell.text}, row.place,
                  {name: cell.place for name, cell in zip(names, row.cells) if cell.text}) for row in table.rows]
    place = table.headings.place
    return Cards(tuple(names), cards, place[0].rsplit("!", 1)[0] if place[1] is None else place[0],
                 {cell.text: cell.place for cell in headings if cell.text})


def _misnamed(headings) -> list[Problem]:
    """A heading that cannot name a field, or names two columns (one left empty is the table's)."""
    problems, first = [], {}
    for number, cell in enumerate(headings, start=1):
        first.setdefault(cell.text, number)
        if cell.text and not WORDS.match(cell.text):
            problems.append(Problem(*cell.place, f"column {number}: '{cell.text}' cannot name a field (letters, "
                                                 f"digits and _, not starting with a digit)"))
        elif cell.text and first[cell.text] != number:
            problems.append(Problem(*cell.place, f"column {number}: '{cell.text}' is the heading of two columns"))
    return problems


@dataclass(frozen=True)
class Asset:
    """An image or font file: what the build manifest compares (its digest), and an image's size
    (pixels; an SVG's in points) and kind."""

    digest: str
    size: tuple[float, float] | None = None
    svg: bool = False
    inexact: tuple[str, ...] = ()  # an SVG: what of it does not print as it shows (not the manifest's)
    font: bytes | None = field(default=None, repr=False)  # an OTF's or TTC face's TrueType, as embedded

    def as_data(self) -> dict:
        return {"digest": self.digest, "size": list(self.size) if self.size else None, "svg": self.svg}


def read_image(path: Path, folder: Path) -> Asset:
    """An image's size and kind; ValueError saying what is wrong with the file. An SVG may refer
    to files in the game's `folder` only."""
    data = _bytes(path)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        size, inexact = svg_read(path, folder)
        return Asset(_digest(data), size, svg=True, inexact=inexact)
    if suffix not in IMAGES:
        raise ValueError("is not a PNG, JPEG or SVG file (by its name)")
    return Asset(_digest(data), raster_size(data, IMAGES[suffix]))


def read_font(path: Path, name: str, index: int | None = None, face: str | None = None) -> Asset:
    """A font file (TTF; OTF, its CFF outlines made TrueType; a face of a TTC collection, by its
    `index` or `face` name), registered for measuring and drawing under a name its contents decide."""
    from printkit.load.fonts import register_project_font

    data = _bytes(path)
    chosen = b"" if index is None and face is None else f"#{index}#{face}".encode()
    digest = _digest(data + chosen)
    what = "a TrueType font ReportLab can embed" if data[:4] not in OPENTYPE else "an OpenType font printkit can embed"
    try:
        truetype, note = truetype_from(data, index, face)
    except ValueError as error:
        raise ValueError(f"is not {what} ({error})") from None
    try:
        register_project_font(font_name(name, digest), str(path) if truetype is data else BytesIO(truetype))
    except Exception as error:  # ReportLab's TTFError, or whatever else a broken file raises
        raise ValueError(f"is not {what} ({error})") from None
    return Asset(digest, inexact=(note,) if note else (), font=None if truetype is data else truetype)


def font_name(name: str, digest: str) -> str:
    """The name a project font is registered under: another file under the same name is another font."""
    return f"{name}-{digest[:12]}"


def _bytes(path: Path) -> bytes:
    return read_bounded(path, MAX_BYTES)

def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
