"""A sheet of an .xlsx or .ods workbook as rows of values, read safely. A workbook is a zip of XML
parts, and every input may be hostile: printkit opens the zip itself (bounded in size, parts and
packing, so a zip bomb is refused before anything is unpacked), unpacks the parts calamine reads
(CRC-checked, never past their declared sizes), parses each with expat (no DTD, a bounded number
of elements) to measure every sheet's cells, and hands calamine only the copy it checked.

calamine (python-calamine) gives a cell's value as Python's: text, numbers, booleans, dates. It
loses a formula's error (#DIV/0!, #N/A) as an empty cell, so the measuring keeps them, by cell."""

from __future__ import annotations

import difflib
import io
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from printkit.load.files import read_bounded
from printkit.load.unzipped import Unpackable, said, stored, unpacked

MAX_BYTES = 20 * 2**20  # the workbook file
MAX_ELEMENTS = 5_000_000  # the XML elements of all parts (some 3 us each to measure): a sheet of 10,000
                          # cards of 6 columns has some 170,000, of 40 columns some 1,600,000
MAX_CELLS = 1_000_000  # a sheet's cells from A1 to its last value, as calamine holds them
SHOWN_SHEETS = 12  # sheet names a message lists
OLE = b"\xd0\xcf\x11\xe0"  # a compound file: what Office writes a workbook with a password as


@dataclass(frozen=True)
class Sheet:
    """A sheet's values from A1 (rows of calamine's values, '' for an empty cell, all as long as
    the longest) and the formula errors among them, by (row, column) from 0."""

    name: str
    values: list[list]
    errors: dict[tuple[int, int], str]


class SheetError(ValueError):
    """The sheet game.yaml asks for is not in the workbook (or was asked of a file with no sheets)."""


def read_sheet(path: Path, sheet: str | None) -> Sheet:
    """The sheet named `sheet` of the workbook at `path` (its first sheet when None). ValueError
    saying what is wrong with the file; SheetError when it has no such sheet."""
    kind = path.suffix.lower()
    parts = _parts(_bytes(path), kind)
    if kind == ".ods" and _encrypted(parts):
        raise _unreadable(kind, "it is encrypted: save it without a password")
    measured = _measure(parts, kind)
    return _calamine(stored(parts), kind, sheet, measured)


def address(row: int, column: int) -> str:
    """A cell's name from its row and column (from 0): (11, 2) -> C12."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


def _unreadable(kind: str, why: str) -> ValueError:
    return ValueError(f"is not an {kind} workbook printkit can read ({why})")


# --- the file and its parts ---------------------------------------------------------------------
def _bytes(path: Path) -> bytes:
    return read_bounded(path, MAX_BYTES)

def _parts(data: bytes, kind: str) -> dict[str, bytes]:
    """The parts calamine reads (XML, and an .ods file's mimetype), unpacked (unzipped.py: bounded)."""
    if data.startswith(OLE):
        raise _unreadable(kind, "it is encrypted, or an old .xls file: save it as .xlsx, without a password")
    try:
        return unpacked(data, lambda name: _read_by_calamine(name, kind))
    except Unpackable as error:
        raise _unreadable(kind, str(error)) from None


def _read_by_calamine(name: str, kind: str) -> bool:
    lower = name.lower()
    return lower.endswith((".xml", ".rels")) or (kind == ".ods" and name == "mimetype")


def _encrypted(parts: dict[str, bytes]) -> bool:
    """An .ods file saved with a password: its manifest says how each part is encrypted."""
    return b"encryption-data" in parts.get("META-INF/manifest.xml", b"")


# --- measuring the XML --------------------------------------------------------------------------
@dataclass
class Measured:
    """What expat saw in a workbook's parts: xlsx's sheets and relationships (to find a sheet's
    part), and the formula errors of each sheet (by its part for xlsx, by its name for ods)."""

    sheets: list[tuple[str, str]] = field(default_factory=list)  # xlsx: (name, relationship id)
    targets: dict[str, str] = field(default_factory=dict)  # xlsx: relationship id -> part
    errors: dict[str, dict[tuple[int, int], str]] = field(default_factory=dict)
    elements: int = 0


class _TooMuch(Exception):
    """A part is more than printkit reads (raised inside expat's handlers)."""


def _measure(parts: dict[str, bytes], kind: str) -> Measured:
    measured = Measured()
    for name, data in parts.items():
        if name == "mimetype":
            continue
        scan = (_OdsCells if kind == ".ods" else _XlsxCells)(measured, name)
        parser = expat.ParserCreate()
        parser.StartDoctypeDeclHandler = _no_doctype
        parser.StartElementHandler, parser.EndElementHandler = scan.start, scan.end
        parser.CharacterDataHandler = scan.text
        try:
            parser.Parse(data, True)
        except _TooMuch as error:
            raise ValueError(f"is larger than printkit reads ({error})") from None
        except (expat.ExpatError, LookupError, UnicodeError) as error:  # (an encoding Python has no codec for)
            raise _unreadable(kind, f"{name[:60]}: {said(error)}") from None
    return measured


def _no_doctype(*_) -> None:
    raise expat.ExpatError("a DTD, which no workbook has")


class _Cells:
    """Elements counted against the budget, and a sheet's last cell with a value kept in bounds
    (`before`: the cells of the sheets before it that calamine holds as well)."""

    def __init__(self, measured: Measured, part: str):
        self.measured, self.part = measured, part
        self.errors: dict[tuple[int, int], str] = {}
        self.last = (-1, -1)  # the furthest row and column holding a value
        self.before = 0

    def count(self) -> None:
        self.measured.elements += 1
        if self.measured.elements > MAX_ELEMENTS:
            raise _TooMuch(f"more than {MAX_ELEMENTS:,} XML elements")

    def cells(self) -> int:
        return (self.last[0] + 1) * (self.last[1] + 1)

    def value_at(self, last_row: int, last_column: int) -> None:
        self.last = (max(self.last[0], last_row), max(self.last[1], last_column))
        if self.before + self.cells() > MAX_CELLS:
            raise _TooMuch(f"a sheet's values reach row {last_row + 1:,}, column {last_column + 1:,}: "
                           f"more than {MAX_CELLS:,} cells")


class _XlsxCells(_Cells):
    """Any part's cells as calamine finds them (by local name: <row r>, <c r t> with a <v> or an
    <is>), each part on its own; and the workbook's sheets and relationships."""

    def __init__(self, measured: Measured, part: str):
        super().__init__(measured, part)
        measured.errors[part] = self.errors
        self.row = self.column = 0
        self.cell = None  # [position, type, holds a value, the error's words]
        self.in_value = False

    def start(self, name: str, attrs: dict) -> None:
        self.count()
        local = name.rpartition(":")[2]
        if local == "row" and _digits(attrs.get("r", "")):
            self.row = int(attrs["r"]) - 1
        elif local == "c":
            position = _position(attrs.get("r", "")) or (self.row, self.column)
            self.column = position[1]
            self.cell = [position, attrs.get("t"), False, ""]
        elif self.cell and local in ("v", "is"):
            self.in_value, self.cell[2] = local == "v", self.cell[2] or local == "is"
        elif local == "sheet" and self.part.lower() == "xl/workbook.xml":
            rid = next((value for key, value in attrs.items() if key.rpartition(":")[2] == "id"), "")
            self.measured.sheets.append((attrs.get("name", ""), rid))
        elif local == "Relationship" and self.part.lower() == "xl/_rels/workbook.xml.rels":
            self.measured.targets[attrs.get("Id", "")] = attrs.get("Target", "")

    def text(self, data: str) -> None:
        if self.in_value and data.strip():
            self.cell[2] = True
            self.cell[3] = (self.cell[3] + data)[:40]

    def end(self, name: str) -> None:
        local = name.rpartition(":")[2]
        if local == "row":
            self.row, self.column = self.row + 1, 0
        elif local == "v":
            self.in_value = False
        elif local == "c" and self.cell:
            (row, column), kind, valued, words = self.cell
            if valued:
                self.value_at(row, column)
                if kind == "e":
                    self.errors[(row, column)] = words.strip()
            self.column, self.cell = self.column + 1, None


def _position(reference: str) -> tuple[int, int] | None:
    """A cell reference's (row, column) from 0: C12 -> (11, 2); None if it is not one."""
    letters = reference.rstrip("0123456789")
    digits = reference[len(letters):]
    if not (letters.isalpha() and letters.isascii() and _digits(digits) and int(digits) > 0):
        return None
    if len(letters) > 3:
        raise expat.ExpatError(f"cell {reference[:20]} is beyond the last column, XFD")
    column = 0
    for letter in letters.upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    return int(digits) - 1, column - 1


class _OdsCells(_Cells):
    """content.xml's tables as calamine reads them (by qualified name, as it matches them): rows
    and cells each repeated as many times as they say; a cell holds a value when it has one of
    the value attributes or a formula; a formula's error is calcext:value-type="error"."""

    VALUES = ("office:value", "office:string-value", "office:date-value", "office:time-value",
              "office:boolean-value", "table:formula")

    def __init__(self, measured: Measured, part: str):
        super().__init__(measured, part)
        self.row = self.column = 0
        self.rows = 1  # the current row's repeats
        self.error = None  # [first row, last row, first column, last column, words] of an error cell

    def start(self, name: str, attrs: dict) -> None:
        self.count()
        if name == "table:table":  # calamine holds every table of the file at once
            self.before, self.errors, self.last, self.row = self.before + self.cells(), {}, (-1, -1), 0
            self.measured.errors[attrs.get("table:name", "")] = self.errors
        elif name == "table:table-row":
            self.rows, self.column = _repeats(attrs, "table:number-rows-repeated"), 0
        elif name in ("table:table-cell", "table:covered-table-cell"):
            columns = _repeats(attrs, "table:number-columns-repeated")
            error = attrs.get("calcext:value-type") == "error"
            if error or any(key in attrs for key in self.VALUES) or attrs.get("office:value-type") == "string":
                self.value_at(self.row + self.rows - 1, self.column + columns - 1)
            if error:
                self.error = [self.row, self.row + self.rows, self.column, self.column + columns, ""]
            self.column += columns

    def text(self, data: str) -> None:
        if self.error:
            self.error[4] = (self.error[4] + data)[:40]

    def end(self, name: str) -> None:
        if name == "table:table-row":
            self.row += self.rows
        elif name in ("table:table-cell", "table:covered-table-cell") and self.error:
            first_row, rows_end, first_column, columns_end, words = self.error
            for row in range(first_row, rows_end):
                for column in range(first_column, columns_end):
                    self.errors[(row, column)] = words.strip()
            self.error = None


def _repeats(attrs: dict, key: str) -> int:
    written = attrs.get(key, "1")
    if not _digits(written):
        raise expat.ExpatError(f"{key} is '{written[:20]}', not a count")
    return int(written)


def _digits(text: str) -> bool:
    """A count or a row's number: not '²' (a digit to Python, but no number), nor 5000 digits."""
    return text.isascii() and text.isdigit() and len(text) <= 9


# --- calamine -----------------------------------------------------------------------------------
def _calamine(checked: io.BytesIO, kind: str, sheet: str | None, measured: Measured) -> Sheet:
    from python_calamine import CalamineWorkbook

    book = _guarded(kind, lambda: CalamineWorkbook.from_filelike(checked))
    chosen = _chosen(_guarded(kind, lambda: list(book.sheet_names)), sheet, kind)
    values = _guarded(kind, lambda: book.get_sheet_by_name(chosen).to_python(skip_empty_area=False))
    return Sheet(chosen, values, _errors_of(measured, chosen, kind))


def _guarded(kind: str, call):
    """calamine's answer, or its failure as one line: whatever it raises about a file it cannot read."""
    from python_calamine import PasswordError

    try:
        return call()
    except PasswordError:
        raise _unreadable(kind, "it is encrypted: save it without a password") from None
    except BaseException as error:  # calamine's errors, or a panic of its Rust code (not an Exception)
        if not isinstance(error, Exception) and type(error).__name__ != "PanicException":
            raise  # Ctrl-C, and printkit's own signals
        raise _unreadable(kind, said(error)) from None


def _chosen(names: list[str], sheet: str | None, kind: str) -> str:
    if not names:
        raise _unreadable(kind, "it has no sheets")
    if sheet is None:
        return names[0]
    if sheet in names:
        return sheet
    close = difflib.get_close_matches(sheet, names, n=1)
    shown = ", ".join(f"'{name[:40]}'" for name in names[:SHOWN_SHEETS]) + ", ..." * (len(names) > SHOWN_SHEETS)
    hint = f"did you mean '{close[0]}'? " if close else ""
    raise SheetError(f"no sheet '{sheet}' in the workbook ({hint}its sheets: {shown})")


def _errors_of(measured: Measured, sheet: str, kind: str) -> dict[tuple[int, int], str]:
    if kind == ".ods":
        return measured.errors.get(sheet, {})
    rid = next((rid for name, rid in measured.sheets if name == sheet), None)
    target = measured.targets.get(rid, "") if rid is not None else ""
    part = target[1:] if target.startswith("/") else posixpath.normpath("xl/" + target)
    return next((errors for name, errors in measured.errors.items() if name.lower() == part.lower()), {})
