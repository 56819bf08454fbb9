"""A declared game's cards from a spreadsheet (printkit/load/tables.py, workbooks.py): a CSV or TSV
file, or a sheet of an .xlsx or .ods workbook, built and read back from the PDF; every mistake
in a table one line at its row (a text file's) or its cell (a workbook's, FILE:SHEET!C12), exit 1,
no traceback, nothing written; and hostile files (zip bombs, a sheet reaching its last cell, a
million rows) refused in one line. The workbooks are written here: .xlsx with openpyxl, .ods by
hand (a zip of mimetype, content.xml and its manifest), then edited as bytes where a test needs
what neither writes (a formula's cached value, a DTD, a lying size)."""

from __future__ import annotations

import datetime
import io
import random
import struct
import time
import zipfile
from pathlib import Path

import openpyxl
import pytest

from printkit.declared.sources import read_cards
from printkit.ground.errors import PrintkitError

from declared import SLUG, deck_yaml, game_project, line_of
from readback import pages
from test_declared import build, cards_on, run, text_in

HEROES = [["name", "number", "copies"], ["Owl", 4, None], ["Fox, red", 5, 2], ["Hare", 6, None]]
FACES = [("4", "Owl"), ("5", "Fox, red"), ("5", "Fox, red"), ("6", "Hare")]  # the Fox twice: its copies
NOTES = [["Not cards"], ["a note"]]  # a first sheet that is not the cards


def xlsx(sheets: dict[str, list[list]]) -> bytes:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def ods(sheets: dict[str, list[list]], manifest_extra: str = "") -> bytes:
    """An .ods file as LibreOffice writes one: its rows, then the empty rest of the sheet repeated."""
    tables = "".join(f'<table:table table:name="{name}"><table:table-column table:number-columns-repeated="1024"/>'
                     + "".join(_ods_row(row) for row in rows)
                     + '<table:table-row table:number-rows-repeated="1048570"><table:table-cell '
                       'table:number-columns-repeated="1024"/></table:table-row></table:table>'
                     for name, rows in sheets.items())
    return ods_of(tables, manifest_extra)


def ods_of(tables: str, manifest_extra: str = "") -> bytes:
    content = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
               'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
               'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" '
               f'office:version="1.2"><office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body>'
               '</office:document-content>')
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" '
                'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                f'<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">{manifest_extra}'
                '</manifest:file-entry></manifest:manifest>')
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet",
                      compress_type=zipfile.ZIP_STORED)
        book.writestr("content.xml", content)
        book.writestr("META-INF/manifest.xml", manifest)
    return data.getvalue()


def _ods_row(row: list) -> str:
    return "<table:table-row>" + "".join(_ods_cell(value) for value in row) + "</table:table-row>"


def _ods_cell(value) -> str:
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, bool):
        return (f'<table:table-cell office:value-type="boolean" office:boolean-value="{str(value).lower()}">'
                f"<text:p>{str(value).upper()}</text:p></table:table-cell>")
    if isinstance(value, (int, float)):
        return (f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p>'
                "</table:table-cell>")
    if isinstance(value, datetime.date):
        return (f'<table:table-cell office:value-type="date" office:date-value="{value.isoformat()}">'
                f"<text:p>{value}</text:p></table:table-cell>")
    if value.startswith("#"):  # a formula's error, as LibreOffice saves one
        return ('<table:table-cell table:formula="of:=1/0" office:value-type="string" office:string-value="" '
                f'calcext:value-type="error"><text:p>{value}</text:p></table:table-cell>')
    return f'<table:table-cell office:value-type="string"><text:p>{value}</text:p></table:table-cell>'


def rewritten(data: bytes, part: str, old: bytes, new: bytes) -> bytes:
    """A zip with one part's text edited (and every part stored, so a test may flip its bytes)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as copy:
        for info in source.infolist():
            text = source.read(info)
            if info.filename == part:
                assert old in text, (old, text[:300])
                text = text.replace(old, new, 1)
            copy.writestr(info.filename, text)
    return out.getvalue()


SHEET = "xl/worksheets/sheet1.xml"


def patched_headers(data: bytes, name: str, field: str, value: int) -> bytes:
    """A zip whose part `name` says something else in both its headers: its uncompressed `size`, or
    its general-purpose `flags` (bit 0: encrypted). The offsets are APPNOTE.TXT's (4.3.7, 4.3.12)."""
    offsets = {"size": ((b"PK\x03\x04", 22, "<I"), (b"PK\x01\x02", 24, "<I")),
               "flags": ((b"PK\x03\x04", 6, "<H"), (b"PK\x01\x02", 8, "<H"))}[field]
    data = bytearray(data)
    for signature, offset, form in offsets:
        name_at = 30 if signature == b"PK\x03\x04" else 46
        start = data.find(signature)
        while start >= 0 and data[start + name_at:start + name_at + len(name)] != name.encode():
            start = data.find(signature, start + 1)
        assert start >= 0, (signature, name)
        struct.pack_into(form, data, start + offset, value)
    return bytes(data)


def table_game(cards: str) -> str:
    """The test deck (fields number and name) with `cards: ...` in place of its list."""
    game = deck_yaml().replace("    cards:\n", f"    cards: {cards}\n", 1)
    return "\n".join(line for line in game.splitlines() if not line.startswith("      - ")) + "\n"


def faces(project: Path) -> list[tuple[str, str]]:
    """Each card's (number, name) on the built deck's first page, read back from the PDF."""
    front = pages(project / "out" / SLUG / "deck.pdf")[0]
    found = []
    for box in cards_on(front):
        words = text_in(front, box).split()
        number = words[0]  # the number large and in two corners, the name in between
        assert words.count(number) == 3, words
        found.append((number, " ".join(word for word in words if word != number)))
    return found


def validate(project: Path, capsys, monkeypatch) -> tuple[int, str, str]:
    before = sorted(project.rglob("*"))
    result = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    assert sorted(project.rglob("*")) == before  # nothing written
    return result


# --- building from each kind of table ------------------------------------------------------------

TABLES = {
    "csv": ("cards.csv", 'name,number,copies\nOwl,4,\n\n"Fox, red",5,2\nHare,6,\n'),  # a blank row skipped
    "tsv": ("cards.tsv", "name\tnumber\tcopies\nOwl\t4\t\nFox, red\t5\t2\nHare\t6\t\n"),
    "semicolons": ("cards.csv", "name;number;copies\nOwl;4;\nFox, red;5;2\nHare;6;\n"),
    "xlsx": ("{file: cards.xlsx, sheet: Heroes}", xlsx({"Notes": NOTES, "Heroes": HEROES})),
    "ods": ("{file: cards.ods, sheet: Heroes}", ods({"Notes": NOTES, "Heroes": HEROES[:2] + [[None]] + HEROES[2:]})),
    "xlsx, first sheet": ("cards.xlsx", xlsx({"Heroes": HEROES, "Notes": NOTES})),
    "ods, first sheet": ("{file: cards.ods}", ods({"Heroes": HEROES, "Notes": NOTES})),
}


@pytest.mark.parametrize("kind", TABLES)
def test_a_deck_builds_from_each_kind_of_table(tmp_path, capsys, monkeypatch, kind):
    cards, data = TABLES[kind]
    name = cards.strip("{}").split(",")[0].removeprefix("file: ")
    project = game_project(tmp_path, table_game(cards), {name: data})
    code, out, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert faces(project) == FACES


def test_a_sheet_s_values_are_the_text_it_shows(tmp_path, capsys, monkeypatch):
    """Whole numbers as digits, others as Python writes them, booleans as words, a formula as its
    computed value (the one the workbook keeps), text without its outer spaces."""
    rows = [["number", "name"], [3.0, "  Owl  "], [2.5, True], ["=1+2", "Hare"], [0.1, False]]
    data = rewritten(xlsx({"Heroes": rows}), SHEET, b"<f>1+2</f><v></v>", b"<f>1+2</f><v>3</v>")
    project = game_project(tmp_path, table_game("cards.xlsx"), {"cards.xlsx": data})
    assert build(project, capsys, monkeypatch)[:3:2] == (0, "")
    assert faces(project) == [("3", "Owl"), ("2.5", "true"), ("3", "Hare"), ("0.1", "false")]


def test_the_same_sheet_in_ods_gives_the_same_text(tmp_path, capsys, monkeypatch):
    rows = [["number", "name"], [3.0, "  Owl  "], [2.5, True], [0.1, False]]
    project = game_project(tmp_path, table_game("cards.ods"), {"cards.ods": ods({"Heroes": rows})})
    assert build(project, capsys, monkeypatch)[:3:2] == (0, "")
    assert faces(project) == [("3", "Owl"), ("2.5", "true"), ("0.1", "false")]


# --- mistakes, at their row or cell --------------------------------------------------------------

WIDE = ",".join(f"f{n}" for n in range(41))
LONG = "x" * 1001
# (case, the cards: line, the file, its contents, where the problem is (None: game.yaml's cards line), the message)
MISTAKES = [
    ("csv missing cell", "cards.csv", "cards.csv", "number,name,copies\n1,Owl,\n2,Fox\n", "cards.csv:3",
     "row has 2 cells, but there are 3 column headings: a cell is missing"),
    ("csv extra cell", "cards.csv", "cards.csv", "number,name\n1,Owl\n2,Fox,3\n", "cards.csv:3",
     "row has 3 cells, but there are only 2 column headings"),
    ("tsv missing cell", "cards.tsv", "cards.tsv", "number\tname\tcopies\n1\tOwl\n", "cards.tsv:2",
     "row has 2 cells, but there are 3 column headings: a cell is missing"),
    ("csv heading empty", "cards.csv", "cards.csv", "number,,name\n1,2,Owl\n", "cards.csv:1",
     "column 2 has no heading (every column up to the last needs one)"),
    ("csv 41 columns", "cards.csv", "cards.csv", f"{WIDE}\n{','.join('1' * 41)}\n", "cards.csv:1",
     "41 columns: a card has at most 40 fields"),
    ("csv cell too long", "cards.csv", "cards.csv", f"number,name\n1,{LONG}\n", "cards.csv:2",
     "column 2: text is longer than 1000 characters"),
    ("csv heading too long", "cards.csv", "cards.csv", f"number,{LONG}\n1,Owl\n", "cards.csv:1",
     "column 2: text is longer than 1000 characters"),
    ("csv control character", "cards.csv", "cards.csv", "number,name\n1,O\x07wl\n", "cards.csv:2",
     "control character U+0007 is not allowed in a text file"),
    ("csv with a sheet", "{file: cards.csv, sheet: Heroes}", "cards.csv", "number,name\n1,Owl\n", None,
     "products.deck.cards.sheet: only a workbook (.xlsx, .ods) has sheets: leave out `sheet`"),
    ("xlsx formula error", "cards.xlsx", "cards.xlsx", xlsx({"Heroes": [["number", "name"], [1, "#DIV/0!"]]}),
     "cards.xlsx:Heroes!B2", "the cell's formula gives the error #DIV/0!"),
    ("xlsx #N/A", "cards.xlsx", "cards.xlsx", xlsx({"Heroes": [["number", "name"], [1, "Owl"], ["#N/A", "Fox"]]}),
     "cards.xlsx:Heroes!A3", "the cell's formula gives the error #N/A"),
    ("xlsx date", "cards.xlsx", "cards.xlsx",
     xlsx({"Heroes": [["number", "name"], [1, "Owl"], [2, datetime.date(2024, 5, 17)]]}),
     "cards.xlsx:Heroes!B3", "a date: write it as text if the card should print it"),
    ("xlsx time", "cards.xlsx", "cards.xlsx", xlsx({"Heroes": [["number", "name"], [1, datetime.time(9, 30)]]}),
     "cards.xlsx:Heroes!B2", "a time: write it as text if the card should print it"),
    ("xlsx value beyond the headings", "cards.xlsx", "cards.xlsx",
     xlsx({"Heroes": [["number", "name"], [1, "Owl"], [2, "Fox", None, "stray"]]}),
     "cards.xlsx:Heroes!D3", "a value beyond the last column heading: give its column a heading, or clear the cell"),
    ("xlsx heading gap", "cards.xlsx", "cards.xlsx", xlsx({"Heroes": [["number", None, "name"], [1, 2, "Owl"]]}),
     "cards.xlsx:Heroes!B1", "column 2 has no heading (every column up to the last needs one)"),
    ("xlsx heading twice", "cards.xlsx", "cards.xlsx", xlsx({"Heroes": [["number", "name", "name"], [1, "O", "P"]]}),
     "cards.xlsx:Heroes!C1", "column 3: 'name' is the heading of two columns"),
    ("xlsx heading not a name", "cards.xlsx", "cards.xlsx", xlsx({"Heroes": [["number", "the name"], [1, "O"]]}),
     "cards.xlsx:Heroes!B1", "column 2: 'the name' cannot name a field (letters, digits and _, not starting "
                            "with a digit)"),
    ("xlsx cell too long", "cards.xlsx", "cards.xlsx", xlsx({"Heroes": [["number", "name"], [1, LONG]]}),
     "cards.xlsx:Heroes!B2", "text is longer than 1000 characters"),
    ("xlsx control character", "cards.xlsx", "cards.xlsx",
     xlsx({"Heroes": [["number", "name"], [1, "O_x0007_wl"]]}),  # how a workbook writes U+0007
     "cards.xlsx:Heroes!B2", "control character U+0007 is not allowed in a cell"),
    ("xlsx copies", "cards.xlsx", "cards.xlsx",
     xlsx({"Heroes": [["number", "name", "copies"], [1, "Owl", None], [2, "Fox", "x"]]}),
     "cards.xlsx:Heroes!C3", "products.deck.cards[2].copies: 'x' is not a number of copies (0 to 999)"),
    ("xlsx no rows", "cards.xlsx", "cards.xlsx", xlsx({"Heroes": [["number", "name"]]}),
     "cards.xlsx:Heroes", "no cards: a row of column headings, then a row for each card"),
    ("xlsx no field", "cards.xlsx", "cards.xlsx", xlsx({"Heroes": [["number", "title"], [1, "Owl"]]}),
     "game.yaml:field: name", "products.deck.face.layers.name.field: no card has a field 'name' "
                              "(did you mean 'number'?)"),
    ("unknown sheet", "{file: cards.xlsx, sheet: Heros}", "cards.xlsx", xlsx({"Notes": NOTES, "Heroes": HEROES}),
     None, "products.deck.cards.sheet: no sheet 'Heros' in the workbook (did you mean 'Heroes'? its sheets: "
           "'Notes', 'Heroes')"),
    ("unknown sheet, nothing close", "{file: cards.ods, sheet: Villains}", "cards.ods", ods({"Heroes": HEROES}),
     None, "products.deck.cards.sheet: no sheet 'Villains' in the workbook (its sheets: 'Heroes')"),
    ("ods formula error", "cards.ods", "cards.ods", ods({"Heroes": [["number", "name"], [1, "Owl"], [2, "#DIV/0!"]]}),
     "cards.ods:Heroes!B3", "the cell's formula gives the error #DIV/0!"),
    ("ods date", "cards.ods", "cards.ods", ods({"Heroes": [["number", "name"], [datetime.date(2024, 5, 17), "O"]]}),
     "cards.ods:Heroes!A2", "a date: write it as text if the card should print it"),
    ("ods value beyond the headings", "cards.ods", "cards.ods",
     ods({"Heroes": [["number", "name"], [1, "Owl", None, None, 5]]}),
     "cards.ods:Heroes!E2", "a value beyond the last column heading: give its column a heading, or clear the cell"),
    ("old excel", "cards.xls", "cards.xls", b"\xd0\xcf\x11\xe0 an old workbook", None,
     "products.deck.cards: 'cards.xls' is not a file printkit reads cards from: save it as .xlsx, .ods or .csv"),
]


@pytest.mark.parametrize("case, cards, name, data, at, message", MISTAKES, ids=[case[0] for case in MISTAKES])
def test_a_mistake_in_a_table_is_one_line_at_its_place(tmp_path, capsys, monkeypatch, case, cards, name, data,
                                                        at, message):
    project = game_project(tmp_path, table_game(cards), {name: data})
    code, out, err = validate(project, capsys, monkeypatch)
    game = project / "content" / SLUG / "game.yaml"
    if at is None:
        at = f"game.yaml:{line_of(game, 'cards:')}"
    elif at.startswith("game.yaml:"):
        at = f"game.yaml:{line_of(game, at.removeprefix('game.yaml:'))}"
    assert (code, out, err) == (1, "", f"{SLUG}/{at}: {message}\n")


def test_every_mistake_in_a_sheet_is_reported_at_once(tmp_path, capsys, monkeypatch):
    rows = [["number", "name"], [1, "#DIV/0!"], [None, None], [datetime.date(2024, 1, 2), "Fox", "x"]]
    project = game_project(tmp_path, table_game("cards.xlsx"), {"cards.xlsx": xlsx({"Heroes": rows})})
    code, _, err = validate(project, capsys, monkeypatch)
    where = f"{SLUG}/cards.xlsx:Heroes"
    assert (code, err.splitlines()) == (1, [
        f"{where}!A4: a date: write it as text if the card should print it",
        f"{where}!B2: the cell's formula gives the error #DIV/0!",
        f"{where}!C4: a value beyond the last column heading: give its column a heading, or clear the cell"])


def test_a_value_too_long_for_its_box_is_at_its_cell(tmp_path, capsys, monkeypatch):
    words = "A sentence far too long for the little box at the foot of the card and then some " * 3
    rows = [["number", "name"], [1, "Owl"], [2, words.strip()]]
    project = game_project(tmp_path, table_game("cards.xlsx"), {"cards.xlsx": xlsx({"Heroes": rows})})
    code, out, err = run(project, capsys, monkeypatch, "build", SLUG, "--content", "content", "--out", "out")
    assert (code, out) == (1, "")
    assert err == (f"{SLUG}/cards.xlsx:Heroes!B3: card 2 name: text does not fit its 30 x 10 mm box even at "
                   f"7 pt; shorten it\n")
    assert not (project / "out").exists()


# --- bounds --------------------------------------------------------------------------------------

def test_501_cards_are_a_deck_too(tmp_path, capsys, monkeypatch):
    """500 was the bound once; a big set's bounds are tests/test_big_sets.py's."""
    csv = "number,name\n" + "".join(f"{n},Card {n}\n" for n in range(1, 502))
    sheet = xlsx({"Heroes": [["number", "name"]] + [[n, f"Card {n}"] for n in range(1, 502)]})
    for name, data in (("cards.csv", csv), ("cards.xlsx", sheet)):
        project = game_project(tmp_path / name, table_game(name), {name: data})
        assert validate(project, capsys, monkeypatch)[:3:2] == (0, "")


def test_500_cards_are_a_deck(tmp_path, capsys, monkeypatch):
    csv = "number,name\n" + "".join(f"{n},Card {n}\n" for n in range(1, 501))
    project = game_project(tmp_path, table_game("cards.csv"), {"cards.csv": csv})
    assert validate(project, capsys, monkeypatch)[:3:2] == (0, "")


def test_a_million_rows_stop_at_the_100_001st(tmp_path, capsys, monkeypatch):
    """The reading stops there: a broken row far below is never reached (nor is its problem)."""
    rows = ["1,a"] * 1_000_000
    rows[900_000] = "1,a,an extra cell"
    project = game_project(tmp_path, table_game("cards.csv"), {"cards.csv": "number,name\n" + "\n".join(rows)})
    started = time.perf_counter()
    code, _, err = validate(project, capsys, monkeypatch)
    assert (code, err) == (1, f"{SLUG}/cards.csv:100002: more than 100,000 cards: this row would be card "
                              f"100,001\n")
    assert time.perf_counter() - started < 10


def workbook_game(tmp_path: Path, data: bytes, name: str = "cards.xlsx") -> Path:
    return game_project(tmp_path, table_game(f"{{file: {name}, sheet: Heroes}}"), {name: data})


def refused(project: Path, capsys, monkeypatch, name: str = "cards.xlsx") -> str:
    """The one line a workbook printkit will not read gets, after `'NAME' `, at the line naming it."""
    code, out, err = validate(project, capsys, monkeypatch)
    prefix = f"{SLUG}/game.yaml:{line_of(project / 'content' / SLUG / 'game.yaml', 'cards:')}: " \
             f"products.deck.cards.file: '{name}' "
    assert (code, out) == (1, "") and err.startswith(prefix) and err.count("\n") == 1, err
    return err[len(prefix):-1]


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path, capsys, monkeypatch):
    """A part declaring 300 MB: refused by what the zip says, never unpacked to find out."""
    data = patched_headers(xlsx({"Heroes": HEROES}), SHEET, "size", 300 * 2**20)
    assert refused(workbook_game(tmp_path, data), capsys, monkeypatch) == \
        "is not an .xlsx workbook printkit can read (its parts would unpack to 300 MB, more than the 200 MB " \
        "printkit unpacks)"


def test_a_part_packed_as_tightly_as_a_bomb_is_refused(tmp_path, capsys, monkeypatch):
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(xlsx({"Heroes": HEROES}))) as source, zipfile.ZipFile(out, "w") as copy:
        for info in source.infolist():
            copy.writestr(info, source.read(info))
        copy.writestr("xl/zeros.xml", bytes(50 * 2**20), compress_type=zipfile.ZIP_DEFLATED)
    zeros = zipfile.ZipFile(out).getinfo("xl/zeros.xml")
    ratio = zeros.file_size // zeros.compress_size
    assert ratio > 500
    assert refused(workbook_game(tmp_path, out.getvalue()), capsys, monkeypatch) == \
        f"is not an .xlsx workbook printkit can read (part 'xl/zeros.xml' is packed {ratio:,} to 1: a zip bomb)"


def test_a_zip_of_too_many_parts_is_refused(tmp_path, capsys, monkeypatch):
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(xlsx({"Heroes": HEROES}))) as source, zipfile.ZipFile(out, "w") as copy:
        for info in source.infolist():
            copy.writestr(info, source.read(info))
        for n in range(1001 - len(source.infolist())):
            copy.writestr(f"xl/media/{n}.txt", "")
    assert refused(workbook_game(tmp_path, out.getvalue()), capsys, monkeypatch) == \
        "is not an .xlsx workbook printkit can read (1,001 parts; a workbook has at most 1,000)"


BROKEN = [
    ("not a zip", lambda: b"name,number\nOwl,4\n", "not a zip file"),
    ("truncated", lambda: xlsx({"Heroes": HEROES})[:3000], "not a zip file"),
    ("a flipped byte", lambda: rewritten(xlsx({"Heroes": HEROES}), SHEET, b"Owl", b"Owk")
     .replace(b"Owk", b"Owl"), f"Bad CRC-32 for file '{SHEET}'"),
    ("encrypted part", lambda: patched_headers(xlsx({"Heroes": HEROES}), SHEET, "flags", 1),
     "it is encrypted: save it without a password"),
    ("password", lambda: b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(2000),
     "it is encrypted, or an old .xls file: save it as .xlsx, without a password"),
    ("a DTD", lambda: rewritten(xlsx({"Heroes": HEROES}), SHEET, b"<worksheet",
                                b'<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa">]><worksheet'),
     f"{SHEET}: a DTD, which no workbook has"),
    ("not XML", lambda: rewritten(xlsx({"Heroes": HEROES}), SHEET, b"<worksheet", b"<<worksheet"),
     f"{SHEET}: not well-formed (invalid token): line 1, column 1"),
    ("an unknown encoding", lambda: rewritten(xlsx({"Heroes": HEROES}), SHEET, b"<worksheet",
                                              b'<?xml version="1.0" encoding="UTF-1-8"?><worksheet'),
     f"{SHEET}: unknown encoding: UTF-1-8"),
    ("a row numbered ²", lambda: rewritten(xlsx({"Heroes": HEROES}), SHEET, b'<row r="2">', '<row r="²">'.encode()),
     None),
    ("a column beyond XFD", lambda: rewritten(xlsx({"Heroes": HEROES}), SHEET, b'r="A2"', b'r="AAAA2"'),
     f"{SHEET}: cell AAAA2 is beyond the last column, XFD"),
    ("calamine cannot", lambda: rewritten(xlsx({"Heroes": HEROES}), SHEET, b't="n"', b't="zz"'), None),
]


@pytest.mark.parametrize("case, data, why", BROKEN, ids=[case[0] for case in BROKEN])
def test_a_workbook_printkit_cannot_read_is_one_line(tmp_path, capsys, monkeypatch, case, data, why):
    said = refused(workbook_game(tmp_path, data()), capsys, monkeypatch)
    assert said.startswith("is not an .xlsx workbook printkit can read (") and said.endswith(")")
    if why is not None:  # (calamine's own words otherwise)
        assert said == f"is not an .xlsx workbook printkit can read ({why})"


def test_a_row_numbered_in_5000_digits_is_read_by_its_cells(tmp_path, capsys, monkeypatch):
    """(Python will not turn 5000 digits into a number; calamine goes by each cell's own reference.)"""
    data = rewritten(xlsx({"Heroes": HEROES}), SHEET, b'<row r="2">', b'<row r="' + b"9" * 5000 + b'">')
    assert validate(workbook_game(tmp_path, data), capsys, monkeypatch)[:3:2] == (0, "")


def test_an_encrypted_ods_is_one_line(tmp_path, capsys, monkeypatch):
    """Its manifest says how content.xml is encrypted, and content.xml is no longer XML."""
    data = ods({"Heroes": HEROES}, '<manifest:encryption-data manifest:checksum-type="SHA1"/>')
    data = rewritten(data, "content.xml", b'<?xml version="1.0" encoding="UTF-8"?><office', b"\x8f\x02\xa7<office")
    assert refused(workbook_game(tmp_path, data, "cards.ods"), capsys, monkeypatch, "cards.ods") == \
        "is not an .ods workbook printkit can read (it is encrypted: save it without a password)"


def test_a_workbook_over_20_mb_is_refused(tmp_path, capsys, monkeypatch):
    assert refused(workbook_game(tmp_path, bytes(20 * 2**20 + 1)), capsys, monkeypatch) == "is larger than 20 MB"


def test_a_sheet_reaching_its_last_cell_is_refused(tmp_path, capsys, monkeypatch):
    """Two cells, A1 and XFD1048576: calamine would hold the 17 billion cells between them."""
    data = rewritten(xlsx({"Heroes": HEROES}), SHEET, b"</sheetData>",
                     b'<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>')
    assert refused(workbook_game(tmp_path, data), capsys, monkeypatch) == \
        "is larger than printkit reads (a sheet's values reach row 1,048,576, column 16,384: more than " \
        "1,000,000 cells)"


def test_an_ods_row_repeated_two_million_times_is_refused(tmp_path, capsys, monkeypatch):
    bomb = ('<table:table table:name="Heroes"><table:table-row table:number-rows-repeated="2000000">'
            '<table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="1000"/>'
            '</table:table-row></table:table>')
    assert refused(workbook_game(tmp_path, ods_of(bomb), "cards.ods"), capsys, monkeypatch, "cards.ods") == \
        "is larger than printkit reads (a sheet's values reach row 2,000,000, column 1,000: more than " \
        "1,000,000 cells)"


def test_a_workbook_that_is_missing_is_one_line(tmp_path, capsys, monkeypatch):
    project = game_project(tmp_path, table_game("{file: cards.xlsx, sheet: Heroes}"))
    assert refused(project, capsys, monkeypatch) == "is missing"


DAMAGE = [b"<", b">", b'"', b"/", b'r="', b't="e"', b't="s"', b"9999999", b"XFD", b"&amp;", b"&#0;", b"&#7;",
          b"_x0007_", b"\xc2\xb2", b"-1", b"1e999", b'number-rows-repeated="', b'office:value="', b"\x00", b"\xff"]


def test_a_workbook_damaged_anywhere_in_its_xml_is_at_worst_one_line_a_problem(tmp_path):
    """Random damage to the parts of an .xlsx and an .ods (their zip kept sound, so the XML is
    what calamine and printkit's measuring meet): a problem or a refusal, never another error."""
    randomly = random.Random(12)
    books = {"cards.xlsx": xlsx({"Heroes": HEROES + [[1.5, True, "#DIV/0!"]], "More": NOTES}),
             "cards.ods": ods({"Heroes": HEROES + [[1, "#N/A"]]})}
    for case in range(300):
        name = randomly.choice(list(books))
        with zipfile.ZipFile(io.BytesIO(books[name])) as book:
            parts = {part: book.read(part) for part in book.namelist()}
        part = randomly.choice([part for part in parts if part.endswith((".xml", ".rels"))])
        data = bytearray(parts[part])
        for _ in range(randomly.randint(1, 3)):
            at = randomly.randrange(min(len(data), 80) if randomly.random() < 0.5 else len(data))  # the head often
            if randomly.random() < 0.5:
                data[at] = randomly.randrange(256)
            else:
                data[at:at] = randomly.choice(DAMAGE)
        parts[part] = bytes(data)
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as book:
            for each, written in parts.items():
                book.writestr(each, written)
        (tmp_path / name).write_bytes(out.getvalue())
        try:
            read_cards(tmp_path / name, f"{SLUG}/{name}")
        except PrintkitError as error:
            assert all("\n" not in str(problem) for problem in error.problems)
        except ValueError as error:
            assert "\n" not in str(error)
