"""A sheet of an .xlsx or .ods workbook as rows of values, read safely. A workbook is a zip of XML
parts, and every input may be hostile: printkit opens the zip itself and unpacks the parts calamine
reads, bounded (unzipped.py), measures them with expat (measuring.py: the cells, and the text they
expand to, before any library expands it), and hands calamine only the copy it checked.

calamine (python-calamine) gives a cell's value as Python's: text, numbers, booleans, dates. It
loses a formula's error (#DIV/0!, #N/A) as an empty cell, so the measuring keeps them, by cell."""

from __future__ import annotations

import difflib
import io
from dataclasses import dataclass
from pathlib import Path

from printkit.ground.reading import read_bounded
from printkit.load.measuring import Measured, errors_of, measure, unreadable
from printkit.load.unzipped import Unpackable, said, stored, unpacked

MAX_BYTES = 20 * 2**20  # the workbook file
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
        raise unreadable(kind, "it is encrypted: save it without a password")
    measured = measure(parts, kind)
    return _calamine(stored(parts), kind, sheet, measured)


# --- the file and its parts ---------------------------------------------------------------------
def _bytes(path: Path) -> bytes:
    return read_bounded(path, MAX_BYTES)

def _parts(data: bytes, kind: str) -> dict[str, bytes]:
    """The parts calamine reads (XML, and an .ods file's mimetype), unpacked (unzipped.py: bounded)."""
    if data.startswith(OLE):
        raise unreadable(kind, "it is encrypted, or an old .xls file: save it as .xlsx, without a password")
    try:
        return unpacked(data, lambda name: _read_by_calamine(name, kind))
    except Unpackable as error:
        raise unreadable(kind, str(error)) from None


def _read_by_calamine(name: str, kind: str) -> bool:
    lower = name.lower()
    return lower.endswith((".xml", ".rels")) or (kind == ".ods" and name == "mimetype")


def _encrypted(parts: dict[str, bytes]) -> bool:
    """An .ods file saved with a password: its manifest says how each part is encrypted."""
    return b"encryption-data" in parts.get("META-INF/manifest.xml", b"")


# --- calamine -----------------------------------------------------------------------------------
def _calamine(checked: io.BytesIO, kind: str, sheet: str | None, measured: Measured) -> Sheet:
    from python_calamine import CalamineWorkbook

    book = _guarded(kind, lambda: CalamineWorkbook.from_filelike(checked))
    chosen = _chosen(_guarded(kind, lambda: list(book.sheet_names)), sheet, kind)
    values = _guarded(kind, lambda: book.get_sheet_by_name(chosen).to_python(skip_empty_area=False))
    return Sheet(chosen, values, errors_of(measured, chosen, kind))


def _guarded(kind: str, call):
    """calamine's answer, or its failure as one line: whatever it raises about a file it cannot read."""
    from python_calamine import PasswordError

    try:
        return call()
    except PasswordError:
        raise unreadable(kind, "it is encrypted: save it without a password") from None
    except BaseException as error:  # calamine's errors, or a panic of its Rust code (not an Exception)
        if not isinstance(error, Exception) and type(error).__name__ != "PanicException":
            raise  # Ctrl-C, and printkit's own signals
        raise unreadable(kind, said(error)) from None


def _chosen(names: list[str], sheet: str | None, kind: str) -> str:
    if not names:
        raise unreadable(kind, "it has no sheets")
    if sheet is None:
        return names[0]
    if sheet in names:
        return sheet
    close = difflib.get_close_matches(sheet, names, n=1)
    shown = ", ".join(f"'{name[:40]}'" for name in names[:SHOWN_SHEETS]) + ", ..." * (len(names) > SHOWN_SHEETS)
    hint = f"did you mean '{close[0]}'? " if close else ""
    raise SheetError(f"no sheet '{sheet}' in the workbook ({hint}its sheets: {shown})")
