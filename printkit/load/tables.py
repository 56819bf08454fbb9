"""A table of cards from a spreadsheet, read strictly: a CSV or TSV file, or a sheet of an .xlsx or
.ods workbook (workbooks.py reads those safely). The first row that is not blank holds the column
headings; each row after it is a card, blank rows skipped. Every cell is text, at a place for
messages: a text file's row line (FILE:LINE), or a workbook's own cell (FILE:SHEET!C12).

A text row must have as many cells as there are headings (an empty one written between its
separators), and its quotes must close where its cells end (a quote never closed would make the
rest of the file one cell: an error at its row, and the file read no further); a spreadsheet has no
row length, so only a value beyond the last heading is wrong there. Bounded against a hostile file:
100,000 cards, 40 columns, 1,000,000 cells, 1000 characters a cell (and the file's bytes: files.py)."""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from printkit.ground.errors import Problem, PrintkitError, one_line
from printkit.load.files import CONTROLS, check_controls, read_text
from printkit.load.measuring import address
from printkit.load.workbooks import SheetError, read_sheet

MAX_CARDS = 100_000  # far above any real game's set (a collectible game's has some 10,000)
MAX_COLUMNS = 40  # as many fields as a card in YAML may have
MAX_CELLS = 1_000_000  # cards x columns: 10,000 cards of 40 fields are 400,000 (some 100 MB as read)
MAX_CELL = 1000  # characters, as a card's value in YAML
MAX_PROBLEMS = 500  # a table's: 100,000 rows each one cell short are not 100,000 lines of the same message
MAX_TEXT_BYTES = 32 * 2**20  # a CSV or TSV file: 10,000 cards with their rules text are some 2 to 6 MB
WORKBOOKS = (".xlsx", ".ods")
TEXTS = {".tsv": "\t"}  # a text table's separator by its name; any other is sniffed (comma, semicolon, tab)
NOT_READ = (".xls", ".xlsm", ".xlsb", ".numbers", ".fods")
KINDS = {datetime.datetime: "a date", datetime.date: "a date", datetime.time: "a time",
         datetime.timedelta: "a duration"}  # calamine's values that are not a card's text

Place = tuple[str, "int | None"]  # as Located.places holds one: (file, line); a cell is (FILE:SHEET!C12, None)

__all__ = ["Cell", "Row", "SheetError", "Table", "read_table"]


@dataclass(frozen=True, slots=True)  # slots: a set's million cells in half the memory
class Cell:
    """A cell's text ('' when empty), where it is, and what is wrong with it if it cannot be text."""

    text: str
    place: Place
    problem: str | None = None

    def written(self) -> bool:
        return bool(self.text) or self.problem is not None


@dataclass(frozen=True, slots=True)
class Row:
    place: Place  # a text file's line; a sheet's row's first cell (A12)
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Table:
    """The headings (None if there are none), the cards' rows (each as many cells as headings,
    the cells of a spreadsheet's short row filled in as empty), and every problem found."""

    headings: Row | None
    rows: list[Row]
    problems: list[Problem]


def read_table(path: Path, shown: str, sheet: str | None = None) -> Table:
    """The table in the file at `path` (`shown` in messages), or a workbook's sheet of that name
    (its first when None). Raises FileNotFoundError for a missing text file, ValueError saying what
    is wrong with a file that cannot be read as a table, SheetError when there is no such sheet."""
    suffix = path.suffix.lower()
    problems: list[Problem] = []
    if suffix in WORKBOOKS:
        found = read_sheet(path, sheet)
        where = f"{shown}:{one_line(found.name)}"
        return _table(_sheet_rows(found, where), (where, None), True, problems)
    if sheet is not None:
        raise SheetError("only a workbook (.xlsx, .ods) has sheets: leave out `sheet`")
    if suffix in NOT_READ:
        raise ValueError("is not a file printkit reads cards from: save it as .xlsx, .ods or .csv")
    return _table(_text_rows(path, shown, TEXTS.get(suffix), problems), (shown, None), False, problems)


def _table(rows: Iterator[Row], where: Place, spreadsheet: bool, problems: list[Problem]) -> Table:
    """Rows read one at a time, so that a file of a million rows stops at its 100,001st card."""
    headings, cards = None, []
    last, now = _CARDS.get(where[0], {}), {}
    for row in rows:
        if not any(cell.written() for cell in row.cells):
            continue
        if headings is None:
            headings = _headings(row, spreadsheet, problems)
            if headings is None:  # too many columns: no row could be read against them
                return Table(None, [], problems)
        elif len(problems) >= MAX_PROBLEMS:
            problems.append(Problem(*row.place, f"the table is read no further: {len(problems)} problems above "
                                                f"(fix them, then build again)"))
            break
        elif len(cards) == MAX_CARDS:
            problems.append(Problem(*row.place, f"more than {MAX_CARDS:,} cards: this row would be card "
                                                f"{MAX_CARDS + 1:,}"))
            break
        elif (len(cards) + 1) * len(headings.cells) > MAX_CELLS:
            problems.append(Problem(*row.place, _too_many_cells(len(headings.cells), len(cards) + 1)))
            break
        elif spreadsheet:
            cards.append(_card(row, headings, spreadsheet, problems))
        else:
            cards.append(_card_again(row, headings, problems, last, now))
    if headings is None or not cards:
        problems.append(Problem(*where, "no cards: a row of column headings, then a row for each card"))
    if not spreadsheet:
        _remember(_CARDS, where[0], now)
    return Table(headings, cards, problems)


def _too_many_cells(columns: int, card: int) -> str:
    return (f"more than {MAX_CELLS:,} cells: this row would be card {card:,} of {columns} columns (at most "
            f"{MAX_CELLS // columns:,} cards of {columns} columns; fewer columns let more cards in)")


def _headings(row: Row, spreadsheet: bool, problems: list[Problem]) -> Row | None:
    """The row of headings, each cell checked; None when there are too many to check (one problem)."""
    cells = row.cells
    if spreadsheet:  # a sheet's row runs on empty to its last column: the headings end at the last one
        cells = cells[:max(number for number, cell in enumerate(cells, start=1) if cell.written())]
    if len(cells) > MAX_COLUMNS:
        problems.append(Problem(*row.place, f"{len(cells)} columns: a card has at most {MAX_COLUMNS} fields"))
        return None
    for number, cell in enumerate(cells, start=1):
        if cell.problem:
            problems.append(Problem(*cell.place, _in_column(cell, number, cell.problem)))
        elif not cell.text:
            problems.append(Problem(*cell.place, f"column {number} has no heading (every column "
                                                 f"up to the last needs one)"))
        elif len(cell.text) > MAX_CELL:
            problems.append(Problem(*cell.place, f"column {number}: text is longer than {MAX_CELL} characters"))
    return Row(row.place, cells)


def _card(row: Row, headings: Row, spreadsheet: bool, problems: list[Problem]) -> Row:
    count, cells = len(headings.cells), row.cells
    if not spreadsheet and len(cells) > count:
        problems.append(Problem(*row.place, f"row has {len(cells)} cells, but there are only "
                                            f"{count} column headings"))
    elif not spreadsheet and len(cells) < count:
        problems.append(Problem(*row.place, f"row has {len(cells)} cells, but there are {count} "
                                            f"column headings: a cell is missing"))
    extra = next((cell for cell in cells[count:] if cell.written()), None)
    if spreadsheet and extra:
        problems.append(Problem(*extra.place, "a value beyond the last column heading: give its column "
                                              "a heading, or clear the cell"))
    for number, cell in enumerate(cells[:count], start=1):
        if cell.problem:
            problems.append(Problem(*cell.place, cell.problem))
        elif len(cell.text) > MAX_CELL:
            problems.append(Problem(*cell.place, _in_column(cell, number, f"text is longer than "
                                                                          f"{MAX_CELL} characters")))
    return Row(row.place, cells[:count] + tuple(Cell("", row.place) for _ in range(count - len(cells))))


def _card_again(row: Row, headings: Row, problems: list[Problem], last: dict, now: dict) -> Row:
    """`_card` of a text table's row, or the card made from this very row (kept by `_text_rows`) at the
    table's last read, when that card had no problem (a problem is said at every read)."""
    columns = len(headings.cells)
    found = last.get(id(row))
    if found is not None and found[0] is row and found[1] == columns:
        now[id(row)] = found
        return found[2]
    before = len(problems)
    card = _card(row, headings, False, problems)
    if len(problems) == before:
        now[id(row)] = (row, columns, card)
    return card


def _in_column(cell: Cell, number: int, message: str) -> str:
    """A message about a cell of a text file names its column (its place names only the row)."""
    return message if cell.place[1] is None else f"column {number}: {message}"


# --- a text file --------------------------------------------------------------------------------
def _text_rows(path: Path, shown: str, separator: str | None, problems: list[Problem]) -> Iterator[Row]:
    """A CSV or TSV file's rows: commas, semicolons or tabs, as the spreadsheet wrote them."""
    text = read_text(path, shown, MAX_TEXT_BYTES).lstrip("\ufeff")  # a spreadsheet's byte-order mark
    check_controls(text, shown)
    first = text.split("\n", 1)[0]
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator or max(",;\t", key=first.count),
                        strict=True)  # a quote never closed is an error, not the rest of the file in one cell
    start, last, now = 1, _ROWS.get(shown, {}), {}
    try:
        for row in reader:
            line, start = start, reader.line_num + 1
            if "".join(row).strip():  # a blank row is skipped here, in linear time: a million are
                written = (line, *row)
                found = last.get(written)
                if found is None:
                    place = (shown, line)  # one for the row's cells: a set of 10,000 rows has 400,000 cells
                    found = Row(place, tuple(Cell(cell.strip(), place) for cell in row))
                now[written] = found
                yield found
    except csv.Error as error:  # the file is read no further: its problems so far, and this one, are all
        raise PrintkitError(problems + [Problem(shown, start, _broken(str(error), start, reader.line_num))]) from None
    _remember(_ROWS, shown, now)


# A long-lived process (watch, serve) reads a table again at each save, most of its rows as they
# were. The rows of the text tables read last are kept, by the name the table is shown by and each
# row's line and cells as written, with the card row made from each (`_card_again`): a row written
# as before, at the same line, is taken as it was (a Row is never changed), its cells and checks
# not made again (a 1,000-row table read again: 14 ms -> 4 ms). At most MOST_TABLES tables and
# MOST_ROWS rows in all are kept, the last read (a table longer than that: none of it).
MOST_TABLES = 16
MOST_ROWS = 20_000
_ROWS: dict[str, dict[tuple, Row]] = {}  # shown -> (line, *cells as written) -> its Row
_CARDS: dict[str, dict[int, tuple[Row, int, Row]]] = {}  # shown -> id of a Row -> (it, columns, its card)


def _remember(memo: dict, shown: str, now: dict) -> None:
    """A table's rows just read kept in `memo` for its next read, in place of those read before."""
    memo.pop(shown, None)
    if len(now) <= MOST_ROWS:
        memo[shown] = now
    while len(memo) > MOST_TABLES or sum(map(len, memo.values())) > MOST_ROWS:
        del memo[next(iter(memo))]


def _broken(error: str, start: int, line: int) -> str:
    """What the csv module's error means, for the row starting at line `start` (it stopped at `line`)."""
    limit = csv.field_size_limit()
    if error.startswith("unexpected end of data"):
        return "a quote is not closed"
    if error.startswith("field larger than field limit"):
        if line > start:  # a cell over many lines: a quote runs on
            return f"a quote is not closed (its cell runs on past {limit:,} characters)"
        return (f"a cell is longer than {limit:,} characters (a card's text is at most {MAX_CELL}): the file is "
                f"read no further")
    if "expected after" in error:  # text after a closing quote
        if line > start:
            return (f"a quote is not closed where its cell ends: the cell runs on to line {line}, where text "
                    f"follows a quote (a quote inside a quoted cell is written twice: \"\")")
        return 'text follows a quoted cell\'s closing quote (a quote inside a quoted cell is written twice: "")'
    return f"CSV: {error}"


# --- a sheet ------------------------------------------------------------------------------------
def _sheet_rows(sheet, where: str) -> Iterator[Row]:
    for number, values in enumerate(sheet.values):
        cells = tuple(_cell(value, sheet.errors.get((number, column)), (f"{where}!{address(number, column)}", None))
                      for column, value in enumerate(values))
        yield Row((f"{where}!{address(number, 0)}", None), cells)


def _cell(value, error: str | None, place: Place) -> Cell:
    """A sheet's cell as a card's text: as the sheet shows it, where that is plain."""
    if error is not None:
        return Cell("", place, f"the cell's formula gives the error {error or '(unnamed)'}")
    if isinstance(value, bool):
        return Cell("true" if value else "false", place)
    if isinstance(value, int):
        return Cell(str(value), place)
    if isinstance(value, float):  # 3.0 -> 3, 2.5 -> 2.5
        return Cell(str(int(value)) if value.is_integer() else repr(value), place)
    if isinstance(value, str):
        control = CONTROLS.search(value)
        if control:
            return Cell("", place, f"control character U+{ord(control.group()):04X} is not allowed in a cell")
        return Cell(value.strip(), place)
    kind = next((kind for type_, kind in KINDS.items() if isinstance(value, type_)), "a value printkit cannot print")
    return Cell("", place, f"{kind}: write it as text if the card should print it")
