"""What the examples' workbook scripts share: a workbook of a "Read me" sheet for a person and one
sheet of cards, a row a card under bold headings, written with openpyxl."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font


def save(path: Path, readme: tuple[str, ...], name: str, headings: tuple[str, ...], rows: list[tuple],
         widths: tuple[int, ...], wrapped: str | None = None) -> None:
    """Write the workbook; `wrapped` names a column shown wrapped, as a cell with a line break is."""
    book = Workbook()
    notes = book.active
    notes.title = "Read me"
    for line in readme:
        notes.append([line])
    sheet = book.create_sheet(name)
    sheet.append(headings)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append(row)
    for cell in sheet[wrapped][1:] if wrapped else ():
        cell.alignment = Alignment(wrap_text=True)
    for column, width in zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", widths):
        sheet.column_dimensions[column].width = width
    book.properties.creator = "printkit examples"
    book.save(path)
    print(f"{path.name}: {len(rows)} rows")
