"""Big sets (issue 38, point 8): a deck of thousands of cards from a CSV file or a workbook builds,
read back from the PDF (its page count, the right cards on sampled pages); the bounds are far above
any real game's (100,000 cards, 1,000,000 cells), each refusal one line at its row, exit 1.

The suite builds 2,000 cards (some 10 s); PRINTKIT_BIG_SET=10000 builds as many (the benchmark,
benchmarks/bench_sets.py, measures 10,000 against 1,000)."""

from __future__ import annotations

import io
import math
import os
import random
import re
import time
import zipfile

import openpyxl
import pytest
from pypdf import PdfReader

from declared import SLUG, deck_yaml, game_project, line_of
from test_declared import build
from test_tables import validate

CARDS = int(os.environ.get("PRINTKIT_BIG_SET", "2000"))
PER_SHEET = 9  # poker cards, 3 x 3 on A4
FACE = "        name: {kind: text, field: name, x: 5, y: 40, width: 53.5, height: 10}"  # the card's name alone
NAMED = re.compile(r"Card (\d+)\b")
ROWS = "more than 100,000 cards: this row would be card 100,001"
COPIES = "products.deck: 100,899 cards to print (each card's copies together): a product prints at most 100,000"
STOPPED = "the table is read no further: 500 problems above (fix them, then build again)"  # test_hostile_assets


def big_game(cards: str) -> str:
    """The test deck, each card showing its name alone, its cards `cards: ...` (a table)."""
    game = deck_yaml(face=FACE).replace("    cards:\n", f"    cards: {cards}\n", 1)
    return "\n".join(line for line in game.splitlines() if not line.startswith("      - ")) + "\n"


def csv_of(count: int, columns: int = 2) -> str:
    extra = "".join(f",f{n}" for n in range(columns - 2))
    return f"number,name{extra}\n" + "".join(f"{n},Card {n}{',' * (columns - 2)}\n" for n in range(1, count + 1))


def xlsx_of(count: int) -> bytes:
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Cards")
    sheet.append(["number", "name"])
    for n in range(1, count + 1):
        sheet.append([n, f"Card {n}"])
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def names_on(reader: PdfReader, page: int) -> list[int]:
    """The numbers of the cards named on a page, as its text reads."""
    return sorted(int(n) for n in NAMED.findall(reader.pages[page].extract_text()))


def check_deck(path, count: int) -> None:
    """Every sheet a front page and its back page; the cards in order, nine a sheet, on the
    first, a middle and the last sheet; no name on a back."""
    reader = PdfReader(path)
    sheets = math.ceil(count / PER_SHEET)
    assert len(reader.pages) == 2 * sheets
    for sheet in (0, 1, sheets // 2, sheets - 1):
        first = sheet * PER_SHEET + 1
        assert names_on(reader, 2 * sheet) == list(range(first, min(first + PER_SHEET, count + 1))), sheet
        assert names_on(reader, 2 * sheet + 1) == []


@pytest.mark.parametrize("table", ["cards.csv", "cards.xlsx"])
def test_a_deck_of_thousands_of_cards_builds_every_card_in_its_place(tmp_path, capsys, monkeypatch, table):
    data = csv_of(CARDS) if table.endswith(".csv") else xlsx_of(CARDS)
    cards = table if table.endswith(".csv") else f"{{file: {table}, sheet: Cards}}"
    project = game_project(tmp_path, big_game(cards), {table: data})
    code, _, err = build(project, capsys, monkeypatch, SLUG, "--only", "deck")
    assert (code, err) == (0, "")
    check_deck(project / "out" / SLUG / "deck.pdf", CARDS)


def test_100_001_cards_are_one_line_at_the_100_001st(tmp_path, capsys, monkeypatch):
    started = time.perf_counter()
    project = game_project(tmp_path, big_game("cards.csv"), {"cards.csv": csv_of(100_001)})
    code, _, err = validate(project, capsys, monkeypatch)
    assert (code, err) == (1, f"{SLUG}/cards.csv:100002: {ROWS}\n")
    assert time.perf_counter() - started < 60  # bounded (a bomb would run for minutes), with room for a busy machine


def test_100_001_rows_of_a_workbook_are_one_line_at_the_100_001st(tmp_path, capsys, monkeypatch):
    project = game_project(tmp_path, big_game("{file: cards.xlsx, sheet: Cards}"), {"cards.xlsx": xlsx_of(100_001)})
    code, _, err = validate(project, capsys, monkeypatch)
    assert (code, err) == (1, f"{SLUG}/cards.xlsx:Cards!A100002: {ROWS}\n")


def test_a_million_cells_are_the_bound_whatever_the_columns(tmp_path, capsys, monkeypatch):
    """40 columns (a card's most) of 25,001 cards: more cells than a table may hold."""
    project = game_project(tmp_path, big_game("cards.csv"), {"cards.csv": csv_of(25_001, columns=40)})
    code, _, err = validate(project, capsys, monkeypatch)
    assert (code, err) == (1, f"{SLUG}/cards.csv:25002: more than 1,000,000 cells: this row would be card 25,001 "
                              f"of 40 columns (at most 25,000 cards of 40 columns; fewer columns let more cards in)\n")


def test_a_table_larger_than_32_mb_is_one_line(tmp_path, capsys, monkeypatch):
    words = "x" * 900
    table = "number,name,text\n" + "".join(f"{n},Card {n},{words}\n" for n in range(1, 37_000))
    project = game_project(tmp_path, big_game("cards.csv"), {"cards.csv": table})
    code, _, err = validate(project, capsys, monkeypatch)
    assert (code, err) == (1, f"{SLUG}/cards.csv: is larger than 32 MB\n")


def test_more_than_100_000_copies_together_are_one_line_at_the_product(tmp_path, capsys, monkeypatch):
    """101 cards of 999 copies each: a bound on what is printed, not only on the rows."""
    table = "number,name,copies\n" + "".join(f"{n},Card {n},999\n" for n in range(1, 102))
    project = game_project(tmp_path, big_game("cards.csv"), {"cards.csv": table})
    code, _, err = validate(project, capsys, monkeypatch)
    line = line_of(project / "content" / SLUG / "game.yaml", "  deck:")
    assert (code, err) == (1, f"{SLUG}/game.yaml:{line}: {COPIES}\n")


def test_the_cookbook_quotes_what_printkit_says():
    from docs import section

    entry = " ".join(section("Big sets").split())
    for said in (f"mine/cards.csv:100002: {ROWS}", f"mine/game.yaml:3: {COPIES}", STOPPED):
        assert f"`{said}`" in entry, said


def test_a_workbook_of_5_000_001_xml_elements_is_one_line_in_bounded_time(tmp_path, capsys, monkeypatch):
    """A 4 MB sheet of empty elements, a letter between them so that it packs as XML does (a zip
    bomb's packing is refused before): measured to the bound, then refused, never given to calamine."""
    letters = random.Random(38).choices("abcdefghijklmnopqrstuvwxyz", k=5_000_001)
    filler = "".join(f"<x/>{letter}" for letter in letters).encode()
    data = xlsx_of(1)
    with zipfile.ZipFile(io.BytesIO(data)) as book, io.BytesIO() as edited:
        with zipfile.ZipFile(edited, "w", zipfile.ZIP_DEFLATED) as copy:
            for info in book.infolist():
                part = book.read(info)
                if info.filename == "xl/worksheets/sheet1.xml":
                    part = part.replace(b"</sheetData>", b'<row r="3">' + filler + b"</row></sheetData>")
                copy.writestr(info.filename, part)
        data = edited.getvalue()
    project = game_project(tmp_path, big_game("{file: cards.xlsx, sheet: Cards}"), {"cards.xlsx": data})
    started = time.perf_counter()
    code, _, err = validate(project, capsys, monkeypatch)
    line = line_of(project / "content" / SLUG / "game.yaml", "cards:")
    assert (code, err) == (1, f"{SLUG}/game.yaml:{line}: products.deck.cards.file: 'cards.xlsx' is larger than "
                              f"printkit reads (more than 5,000,000 XML elements)\n")
    assert time.perf_counter() - started < 60  # bounded (a bomb would run for minutes), with room for a busy machine
