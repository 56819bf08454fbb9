"""A workbook's XML parts measured with expat before calamine reads any (workbooks.py): no DTD, a
bounded number of elements, each sheet's cells from A1 to its last value, and the text the cells
expand to: calamine copies a cell's text into every cell it fills (a shared string at each cell
that shows it, an .ods cell at each cell it is repeated in, an .ods run of spaces at its count),
Python makes another copy of each, and a Rust allocation that fails aborts the process. What is
measured also finds an xlsx sheet's part and keeps the formula errors calamine loses, by cell."""

from __future__ import annotations

import posixpath
from array import array
from dataclasses import dataclass, field
from xml.parsers import expat

from printkit.load.unzipped import said

MAX_ELEMENTS = 5_000_000  # the XML elements of all parts (some 3 us each to measure): a sheet of 10,000
                          # cards of 6 columns has some 170,000, of 40 columns some 1,600,000
MAX_CELLS = 1_000_000  # a sheet's cells from A1 to its last value, as calamine holds them
MAX_TEXT = 32_000_000  # characters in the cells of all sheets, each cell's own (as calamine holds a copy
                       # in each, then Python another): a shared string or an .ods cell repeated counts
                       # at every cell it fills; a CSV file may hold as many
MAX_MARKUP = 4 * 2**20  # bytes of one tag or comment (a sheet's are some 100); a cell's text may be longer
PIECE = 2**20  # what expat is fed at a time
SHARED = "a shared string counts at every cell that shows it"  # why a message counts a cell's text so
REPEATED = "a repeated cell counts at every cell it fills"
WORKBOOK_PARTS = ("xl/workbook.xml", "xl/_rels/workbook.xml.rels")


def address(row: int, column: int) -> str:
    """A cell's name from its row and column (from 0): (11, 2) -> C12."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


def unreadable(kind: str, why: str) -> ValueError:
    return ValueError(f"is not an {kind} workbook printkit can read ({why})")


# --- measuring the XML --------------------------------------------------------------------------
@dataclass
class Measured:
    """What expat saw in a workbook's parts: xlsx's sheets and relationships (to find a sheet's
    part), and the formula errors of each sheet (by its part for xlsx, by its name for ods)."""

    sheets: list[tuple[str, str]] = field(default_factory=list)  # xlsx: (name, relationship id)
    targets: dict[str, str] = field(default_factory=dict)  # xlsx: relationship id -> part
    errors: dict[str, dict[tuple[int, int], str]] = field(default_factory=dict)
    elements: int = 0
    strings: array = field(default_factory=lambda: array("q"))  # xlsx: the shared strings' lengths
    text: int = 0  # the characters of the cells measured so far


class _TooMuch(Exception):
    """A part is more than printkit reads (raised inside expat's handlers)."""


def measure(parts: dict[str, bytes], kind: str) -> Measured:
    measured = Measured()
    for name in sorted(parts, key=_measured_before):
        if name == "mimetype":
            continue
        data = parts[name]
        scan = (_OdsCells if kind == ".ods" else _SharedStrings if _shared(name) else _XlsxCells)(measured, name)
        parser = expat.ParserCreate()
        parser.StartDoctypeDeclHandler = _no_doctype
        parser.StartElementHandler, parser.EndElementHandler = scan.start, scan.end
        parser.CharacterDataHandler = scan.text
        try:
            _parse(parser, data, name)
        except _TooMuch as error:
            raise ValueError(f"is larger than printkit reads ({error})") from None
        except (expat.ExpatError, LookupError, UnicodeError) as error:  # (an encoding Python has no codec for)
            raise unreadable(kind, f"{name[:60]}: {said(error)}") from None
    return measured


def _parse(parser, data: bytes, name: str) -> None:
    """The part fed to expat a piece at a time, watching that no one piece of markup is too long:
    expat (before 2.6) scans an unfinished tag or comment again from its start at every piece it is
    fed (pyexpat feeds 1 MB at a time), so a comment of 190 MB took a minute; text is read on as it comes."""
    for start in range(0, len(data), PIECE):
        parser.Parse(data[start:start + PIECE], False)
        if min(start + PIECE, len(data)) - parser.CurrentByteIndex > MAX_MARKUP:
            raise _TooMuch(f"{name[:60]}: a tag or comment longer than {MAX_MARKUP // 2**20} MB")
    parser.Parse(b"", True)


def _measured_before(name: str) -> int:
    """The shared strings first (a sheet's cells count their lengths), then the workbook's sheets
    and relationships (a message names a sheet's cell by the sheet's name)."""
    return 0 if _shared(name) else 1 if name.lower() in WORKBOOK_PARTS else 2


def _shared(name: str) -> bool:
    return posixpath.basename(name.lower()) == "sharedstrings.xml"


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

    def expands(self, characters: int, row: int, column: int, why: str) -> None:
        """A cell's text counted against the budget: as many characters as it fills cells with."""
        self.measured.text += characters
        if self.measured.text > MAX_TEXT:
            raise _TooMuch(f"its cells' text passes {MAX_TEXT:,} characters at {self.sheet()}!"
                           f"{address(row, column)}: {why}")

    def sheet(self) -> str:
        return self.part


class _SharedStrings(_Cells):
    """xlsx's shared strings: each <si>'s length (its <t> texts, a phonetic reading's too: an upper
    bound; of two parts calamine might take, both together)."""

    def __init__(self, measured: Measured, part: str):
        super().__init__(measured, part)
        self.index, self.in_text = -1, False

    def start(self, name: str, attrs: dict) -> None:
        self.count()
        local = name.rpartition(":")[2]
        if local == "si":
            self.index += 1
            if self.index == len(self.measured.strings):
                self.measured.strings.append(0)
        self.in_text = self.in_text or (local == "t" and self.index >= 0)

    def text(self, data: str) -> None:
        if self.in_text:
            self.measured.strings[self.index] += len(data)

    def end(self, name: str) -> None:
        self.in_text = self.in_text and name.rpartition(":")[2] != "t"


class _XlsxCells(_Cells):
    """Any part's cells as calamine finds them (by local name: <row r>, <c r t> with a <v> or an
    <is>), each part on its own; and the workbook's sheets and relationships."""

    def __init__(self, measured: Measured, part: str):
        super().__init__(measured, part)
        measured.errors[part] = self.errors
        self.row = self.column = 0
        self.cell = None  # [position, type, holds a value, the error's words, its text's characters]
        self.in_value = self.in_text = False
        self.sheet_name = _sheet_of(measured, part)

    def start(self, name: str, attrs: dict) -> None:
        self.count()
        local = name.rpartition(":")[2]
        if local == "row" and _digits(attrs.get("r", "")):
            self.row = int(attrs["r"]) - 1
        elif local == "c":
            position = _position(attrs.get("r", "")) or (self.row, self.column)
            self.column = position[1]
            self.cell = [position, attrs.get("t"), False, "", 0]
        elif self.cell and local in ("v", "is"):
            self.in_value, self.cell[2] = local == "v", self.cell[2] or local == "is"
            self.in_text = True
        elif local == "sheet" and self.part.lower() == "xl/workbook.xml":
            rid = next((value for key, value in attrs.items() if key.rpartition(":")[2] == "id"), "")
            self.measured.sheets.append((attrs.get("name", ""), rid))
        elif local == "Relationship" and self.part.lower() == "xl/_rels/workbook.xml.rels":
            self.measured.targets[attrs.get("Id", "")] = attrs.get("Target", "")

    def text(self, data: str) -> None:
        if self.in_text:
            self.cell[4] += len(data)
        if self.in_value and data.strip():
            self.cell[2] = True
            self.cell[3] = (self.cell[3] + data)[:40]

    def end(self, name: str) -> None:
        local = name.rpartition(":")[2]
        if local == "row":
            self.row, self.column = self.row + 1, 0
        elif local in ("v", "is"):
            self.in_value = self.in_text = False
        elif local == "c" and self.cell:
            (row, column), kind, valued, words, characters = self.cell
            if valued:
                self.value_at(row, column)
                if kind == "e":
                    self.errors[(row, column)] = words.strip()
                if kind == "s":  # the cell's <v> is the string's index: calamine gives it a copy of the string
                    self.expands(self._shared_length(words.strip()), row, column, SHARED)
                else:
                    self.expands(characters, row, column, "each cell's text counted")
            self.column, self.cell = self.column + 1, None

    def _shared_length(self, index: str) -> int:
        strings = self.measured.strings
        return strings[int(index)] if _digits(index) and int(index) < len(strings) else 0

    def sheet(self) -> str:
        return self.sheet_name


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
    TEXTS = ("office:string-value", "office:date-value", "office:time-value", "table:formula")  # copied per cell

    def sheet(self) -> str:
        return self.table

    def __init__(self, measured: Measured, part: str):
        super().__init__(measured, part)
        self.row = self.column = 0
        self.rows = 1  # the current row's repeats
        self.error = None  # [first row, last row, first column, last column, words] of an error cell
        self.cell = None  # [its text's characters, the cells it fills, its row, its column] of a cell with a value
        self.table = ""

    def start(self, name: str, attrs: dict) -> None:
        self.count()
        if name == "table:table":  # calamine holds every table of the file at once
            self.before, self.errors, self.last, self.row = self.before + self.cells(), {}, (-1, -1), 0
            self.table = attrs.get("table:name", "")
            self.measured.errors[self.table] = self.errors
        elif name == "table:table-row":
            self.rows, self.column = _repeats(attrs, "table:number-rows-repeated"), 0
        elif name in ("table:table-cell", "table:covered-table-cell"):
            columns = _repeats(attrs, "table:number-columns-repeated")
            error = attrs.get("calcext:value-type") == "error"
            if error or any(key in attrs for key in self.VALUES) or attrs.get("office:value-type") == "string":
                self.value_at(self.row + self.rows - 1, self.column + columns - 1)
                self.cell = [sum(len(attrs.get(key, "")) for key in self.TEXTS), self.rows * columns,
                             self.row, self.column]
            if error:
                self.error = [self.row, self.row + self.rows, self.column, self.column + columns, ""]
            self.column += columns
        elif self.cell and name == "text:s":  # a run of spaces, as many as it says
            self.cell[0] += _repeats(attrs, "text:c")
        elif self.cell and name == "text:p":  # a paragraph after the first is a new line
            self.cell[0] += 1

    def text(self, data: str) -> None:
        if self.cell:
            self.cell[0] += len(data)
        if self.error:
            self.error[4] = (self.error[4] + data)[:40]

    def end(self, name: str) -> None:
        if name == "table:table-row":
            self.row += self.rows
        elif name in ("table:table-cell", "table:covered-table-cell") and self.cell:
            characters, cells, row, column = self.cell
            self.cell = None
            self.expands(characters * cells, row, column, REPEATED)
        if name in ("table:table-cell", "table:covered-table-cell") and self.error:
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


def errors_of(measured: Measured, sheet: str, kind: str) -> dict[tuple[int, int], str]:
    if kind == ".ods":
        return measured.errors.get(sheet, {})
    rid = next((rid for name, rid in measured.sheets if name == sheet), None)
    part = _part_of(measured, rid)
    return next((errors for name, errors in measured.errors.items() if name.lower() == part.lower()), {})


def _part_of(measured: Measured, rid: str | None) -> str:
    """The part an xlsx sheet's relationship id leads to ('' for none)."""
    target = measured.targets.get(rid, "") if rid is not None else ""
    return target[1:] if target.startswith("/") else posixpath.normpath("xl/" + target)


def _sheet_of(measured: Measured, part: str) -> str:
    """An xlsx part's sheet name, as a message names its cells (the part's own name if no sheet's)."""
    return next((name for name, rid in measured.sheets if _part_of(measured, rid).lower() == part.lower()), part)
