"""The files a declared game names besides its game.yaml, read when its content is loaded: a CSV
file of cards (a spreadsheet's export), its images (PNG, JPEG, SVG) and its fonts (TTF). A file
that cannot be read is a problem at the line that names it; a CSV row's at its own line."""

from __future__ import annotations

import csv
import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import Problem, PrintkitError
from printkit.load.files import check_controls, read_text
from printkit.declared.vocabulary import FIELD

IMAGES = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}  # raster formats, as Pillow names them


@dataclass(frozen=True)
class Rows:
    """A CSV file's cards: each row's values by column heading, and the line each row starts on."""

    cards: list[dict]
    lines: list[int]
    headings: tuple[str, ...]


def read_csv(path: Path, shown: str) -> Rows:
    """Cards from a CSV file: the first row names the fields, each row after it is a card (blank
    rows skipped, blank cells left out). Commas, semicolons or tabs, as the spreadsheet wrote them."""
    text = read_text(path, shown).lstrip("\ufeff")  # a spreadsheet's byte-order mark
    check_controls(text, shown)
    first = text.split("\n", 1)[0]
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=max(",;\t", key=first.count))
    problems, cards, lines, headings, start = [], [], [], None, 1
    try:
        for row in reader:
            line, start = start, reader.line_num + 1
            if not any(cell.strip() for cell in row):
                continue
            if headings is None:
                headings = _headings(row, shown, line, problems)
                continue
            if len(row) > len(headings):
                problems.append(Problem(shown, line, f"row has {len(row)} cells, but there are only "
                                                     f"{len(headings)} column headings"))
            cards.append({name: cell.strip() for name, cell in zip(headings, row) if cell.strip()})
            lines.append(line)
    except csv.Error as error:
        problems.append(Problem(shown, reader.line_num, f"CSV: {error}"))
    if headings is None or not cards:
        problems.append(Problem(shown, None, "no cards: a row of column headings, then a row for each card"))
    if problems:
        raise PrintkitError(problems)
    return Rows(cards, lines, headings)


def _headings(row: list[str], shown: str, line: int, problems: list[Problem]) -> tuple[str, ...]:
    headings = tuple(cell.strip() for cell in row)
    for number, heading in enumerate(headings, start=1):
        if not FIELD.match(heading):
            problems.append(Problem(shown, line, f"column {number}: '{heading}' cannot name a field (letters, "
                                                 f"digits and _, not starting with a digit)"))
        elif headings.index(heading) != number - 1:
            problems.append(Problem(shown, line, f"column {number}: '{heading}' is the heading of two columns"))
    return headings


@dataclass(frozen=True)
class Asset:
    """An image or font file: what the build manifest compares (its digest), and an image's size
    (pixels; an SVG's in points) and kind."""

    digest: str
    size: tuple[float, float] | None = None
    svg: bool = False

    def as_data(self) -> dict:
        return {"digest": self.digest, "size": list(self.size) if self.size else None, "svg": self.svg}


def read_image(path: Path) -> Asset:
    """An image's size and kind; ValueError saying what is wrong with the file."""
    data = _bytes(path)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        from svglib.svglib import svg2rlg

        drawing = svg2rlg(str(path))
        if drawing is None or not drawing.width or not drawing.height:
            raise ValueError("is not an SVG drawing svglib can read")
        return Asset(_digest(data), (drawing.width, drawing.height), svg=True)
    if suffix not in IMAGES:
        raise ValueError("is not a PNG, JPEG or SVG file (by its name)")
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as image:
            found, size = image.format, image.size
    except Image.DecompressionBombError:
        raise ValueError("has more pixels than printkit reads (a page needs about 10 million)") from None
    except (UnidentifiedImageError, OSError):
        found, size = None, None
    if found != IMAGES[suffix]:
        raise ValueError(f"is not a {IMAGES[suffix]} image")
    return Asset(_digest(data), size)


def read_font(path: Path, name: str) -> Asset:
    """A TTF file, registered for measuring and drawing under a name its contents decide."""
    from printkit.plan.fonts import register_project_font

    data = _bytes(path)
    digest = _digest(data)
    try:
        register_project_font(font_name(name, digest), str(path))
    except Exception as error:  # ReportLab's TTFError, or whatever else a broken file raises
        raise ValueError(f"is not a TrueType font ReportLab can embed ({error})") from None
    return Asset(digest)


def font_name(name: str, digest: str) -> str:
    """The name a project font is registered under: another file under the same name is another font."""
    return f"{name}-{digest[:12]}"


def _bytes(path: Path) -> bytes:
    if not path.is_file():
        raise ValueError("is missing" if not path.exists() else "is not a file")
    try:
        return path.read_bytes()
    except OSError as error:
        raise ValueError(f"cannot be read: {error.strerror}") from None


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
