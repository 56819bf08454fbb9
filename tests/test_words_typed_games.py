"""Words as designers type them in a declared game (issue 38, point 4), built as a user builds and
read back from the PDFs: a workbook's or a CSV file's cell with `**bold**`, `*italic*`, a line
break and `:coin:` prints bold, oblique, on two lines and with the coin drawn; the same markup
and the game's icons in its rules document and its score sheet; an icon name no icon of the game
has is one line at its cell (or template line, or game.yaml line), exit 1, nothing written."""

from __future__ import annotations

import io
import re
import zipfile

import openpyxl
import pdfplumber
import pytest
from PIL import Image

from declared import SLUG, game_project, line_of
from test_declared import build, run

MM = 25.4 / 72
GAME = f"{SLUG}/game.yaml"
DECK = """\
title: Typed Words
icons:
  coin: {file: coin.png}
  cannons: {glyph: "✶"}
products:
  deck:
    kind: deck
    size: poker
    cards: CARDS
    face:
      layers:
        name: {kind: text, field: name, x: 5, y: 5, width: 53.5, height: 10, bold: true}
        text: {kind: text, field: text, x: 5, y: 20, width: 53.5, height: 40, align: left}
        plain: {kind: text, field: plain, x: 5, y: 65, width: 53.5, height: 10, markup: false}
  scores:
    kind: score-sheet
    title: "Scores in :coin:"
    note: "Count each :coin: as **one point**."
    columns: [Player, ":coin:", Total]
    rows: 3
  rules:
    kind: rules
"""
RULES = "# Rules\nPay 3 :cannons: to **fire**, then *reload*.\n\nA hit costs 2:coin:, at 10:30 or Note: later.\n"
TYPED = "**Fire** twice\n*then* pay 3:coin:"


def coin() -> bytes:
    data = io.BytesIO()
    Image.new("RGB", (40, 40), (200, 150, 0)).save(data, "PNG")
    return data.getvalue()


def xlsx(rows: list[list]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in rows:
        sheet.append(row)
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def ods(rows: list[list[list[str] | None]]) -> bytes:
    """An .ods of one sheet: each cell a list of its paragraphs, as LibreOffice saves a cell typed
    with line breaks (Ctrl+Enter) in it."""
    def cell(paragraphs):
        if not paragraphs:
            return "<table:table-cell/>"
        return '<table:table-cell office:value-type="string">' + \
            "".join(f"<text:p>{p}</text:p>" for p in paragraphs) + "</table:table-cell>"
    table = '<table:table table:name="Cards">' + "".join(
        "<table:table-row>" + "".join(cell(c) for c in row) + "</table:table-row>" for row in rows) + "</table:table>"
    content = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
               'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
               f'<office:body><office:spreadsheet>{table}</office:spreadsheet></office:body></office:document-content>')
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" '
                'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                '</manifest:manifest>')
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet",
                      compress_type=zipfile.ZIP_STORED)
        book.writestr("content.xml", content)
        book.writestr("META-INF/manifest.xml", manifest)
    return data.getvalue()


def project(tmp_path, file: str, data: bytes | str, rules: str = RULES):
    """The game, its cards from `file` (a workbook's sheet Cards, or a CSV file)."""
    cards = file if file.endswith(".csv") else f"{{file: {file}, sheet: Cards}}"
    return game_project(tmp_path, DECK.replace("CARDS", cards), {file: data, "coin.png": coin()}, rules=rules)


def first_card(path) -> tuple[list, list]:
    """The characters and images of the first card (the top-left slot) of a deck's first page."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        chars = [c for c in page.chars if c["x0"] * MM < 90 and c["top"] * MM < 105]
        images = [i for i in page.images if i["x0"] * MM < 90 and i["top"] * MM < 105]
        return chars, images


def line_texts(chars: list) -> list[str]:
    """The card's words, a line a line (top first)."""
    rows: dict[float, list] = {}
    for char in chars:
        rows.setdefault(round(char["top"], 0), []).append(char)
    return ["".join(c["text"] for c in sorted(row, key=lambda c: c["x0"])) for _, row in sorted(rows.items())]


def faces(chars: list, word: str) -> set[str]:
    text = "".join(c["text"] for c in chars)
    at = text.index(word)
    return {c["fontname"].split("+")[-1] for c in chars[at:at + len(word)]}


# --- a cell as it was typed ------------------------------------------------------------------------

@pytest.mark.parametrize("cards, data", [
    ("cards.xlsx", xlsx([["name", "text", "plain"], ["Gun", TYPED, "**as** typed: x"]])),
    ("cards.ods", ods([[["name"], ["text"], ["plain"]],
                                             [["Gun"], ["**Fire** twice", "*then* pay 3:coin:"], ["**as** typed: x"]]])),
    ("cards.csv", 'name,text,plain\nGun,"**Fire** twice\r\n*then* pay 3:coin:",**as** typed: x\n'),
], ids=["xlsx", "ods", "csv"])
def test_a_cell_prints_bold_italic_on_its_typed_lines_with_its_icon(tmp_path, capsys, monkeypatch, cards, data):
    folder = project(tmp_path, cards, data)
    code, _, err = build(folder, capsys, monkeypatch)
    assert (code, err) == (0, "")
    chars, images = first_card(folder / "out" / SLUG / "deck.pdf")
    assert line_texts(chars) == ["Gun", "Fire twice", "then pay 3 ", "**as** typed: x"]  # the coin: a space, in the text
    assert faces(chars, "Fire") == {"DejaVuSans-Bold"} and faces(chars, " twice") == {"DejaVuSans"}
    assert faces(chars, "then") == {"DejaVuSans-Oblique"}
    (image,) = images  # the coin, right after the 3 it is paid with
    three = next(c for c in chars if c["text"] == "3")
    assert abs(image["x0"] - three["x1"]) * MM < 0.05 and abs(image["top"] - three["top"]) * MM < 2.0


@pytest.mark.parametrize("cards, data, at", [
    ("cards.xlsx", xlsx([["name", "text", "plain"], ["Gun", "ok", "x"], ["Oops", "Fire :cannon: now", "x"]]),
     "mine/cards.xlsx:Cards!B3"),
    ("cards.csv", "name,text,plain\nGun,ok,x\nOops,Fire :cannon: now,x\n", "mine/cards.csv:3"),
], ids=["xlsx", "csv"])
def test_an_icon_no_icon_of_the_game_has_is_one_line_at_its_cell(tmp_path, capsys, monkeypatch, cards, data, at):
    folder = project(tmp_path, cards, data)
    code, out, err = build(folder, capsys, monkeypatch)
    layer = line_of(folder / "content" / GAME, "text: {kind: text")
    assert (code, err) == (1, f"{at}: card 2 ('Oops'): face.layers.text.field: text markup: unknown icon ':cannon:' "
                              f"(did you mean ':cannons:'?) (see {GAME}:{layer})\n")
    assert not (folder / "out").exists()


def test_an_escaped_colon_in_a_cell_prints_the_icons_name(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, "cards.csv", "name,text,plain\nGun,write \\:coin: for a coin,x\n")
    assert build(folder, capsys, monkeypatch)[:3:2] == (0, "")
    chars, images = first_card(folder / "out" / SLUG / "deck.pdf")
    assert line_texts(chars)[1] == "write :coin: for a coin" and not images


# --- the rules and the score sheet ------------------------------------------------------------------

def test_the_rules_draw_the_games_icons_and_its_emphasis(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, "cards.csv", "name,text,plain\nGun,ok,x\n")
    assert build(folder, capsys, monkeypatch)[:3:2] == (0, "")
    with pdfplumber.open(folder / "out" / SLUG / "rules.pdf") as pdf:
        page = pdf.pages[0]
        chars, images = page.chars, page.images
    text = "".join(c["text"] for c in chars)
    assert "Pay 3 \u2736 to fire, then reload." in text and "coin" not in text and "*" not in text
    assert "at 10:30 or Note: later." in text
    assert faces(chars, "fire") == {"DejaVuSans-Bold"} and faces(chars, "reload") == {"DejaVuSans-Oblique"}
    (image,) = images
    two = next(c for n, c in enumerate(chars) if c["text"] == "2" and text[n - 6:n] == "costs ")
    assert abs(image["x0"] - two["x1"]) * MM < 0.05
    assert abs((image["bottom"] - image["top"]) * MM - two["size"] * MM) < 0.05  # 1 em tall


def test_an_unknown_icon_in_the_rules_is_an_error_at_its_template_line(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, "cards.csv", "name,text,plain\nGun,ok,x\n", rules=RULES + "\nThen fire :cannon: again.\n")
    said = f"templates/{SLUG}/rules.j2:6: text markup: unknown icon ':cannon:' (did you mean ':cannons:'?)\n"
    assert build(folder, capsys, monkeypatch)[:3:2] == (1, said)
    assert not (folder / "out").exists()
    assert run(folder, capsys, monkeypatch, "validate", SLUG, "--content", "content")[:3:2] == (1, said)


def test_the_score_sheet_draws_the_icon_in_its_title_note_and_heading(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, "cards.csv", "name,text,plain\nGun,ok,x\n")
    assert build(folder, capsys, monkeypatch)[:3:2] == (0, "")
    with pdfplumber.open(folder / "out" / SLUG / "scores.pdf") as pdf:
        page = pdf.pages[0]
        chars, images = page.chars, page.images
    text = "".join(c["text"] for c in chars)
    assert "Count each   as one point." in text and ":coin:" not in text and "*" not in text
    assert faces(chars, "one point") == {"DejaVuSans-Bold"}
    title, note, heading = sorted(images, key=lambda image: image["top"])  # the title's, the note's, the heading's
    assert abs((title["bottom"] - title["top"]) * MM - 14 * MM) < 0.05  # 1 em of a page title (14 pt)
    each = text.index("each ") + 4  # the space before the coin (the coin is a space of its own, in the text)
    assert abs(note["x0"] - chars[each]["x1"]) * MM < 0.05
    player = next(c for c in chars if c["text"] == "P" and c["top"] > note["bottom"])
    assert abs(heading["top"] - player["top"]) * MM < 3.0  # in the header row, beside "Player"


def test_an_unknown_icon_in_the_score_sheets_note_is_at_its_line(tmp_path, capsys, monkeypatch):
    folder = game_project(tmp_path, DECK.replace("CARDS", "cards.csv").replace(":coin: as", ":coins: as"),
                          {"cards.csv": "name,text,plain\nGun,ok,x\n", "coin.png": coin()})
    code, _, err = build(folder, capsys, monkeypatch)
    note = line_of(folder / "content" / GAME, "note:")
    assert (code, err) == (1, f"{GAME}:{note}: text markup: unknown icon ':coins:' (did you mean ':coin:'?)\n")
    assert not (folder / "out").exists()


# --- the README's cookbook entry ----------------------------------------------------------------------

README_GAME = """\
title: Typed Words
icons:
  coin: {file: coin.png}
  cannons: {glyph: "✶"}
products:
  deck:
    kind: deck
    size: poker
    about: the ships
    cards: {file: cards.xlsx, sheet: Cards}
    face:
      layers:
        name: {kind: text, field: name, x: 5, y: 5, width: 53.5, height: 10, bold: true}
        text: {kind: text, field: text, x: 5, y: 20, width: 53.5, height: 40}
  rules:
    kind: rules
"""


def test_the_mistakes_the_readme_quotes_are_what_printkit_prints(tmp_path, capsys, monkeypatch):
    from docs import section

    entry = section("Words as designers type them")
    cell, template = (quoted.replace("\n  ", " ") for quoted in
                      re.findall(r"`(mine/cards\.xlsx:[^`]*|templates/mine/rules\.j2:[^`]*)`", entry)[:2])
    rows = [["name", "type", "cost", "text"]] + [[f"Ship {n}", "ship", n, "ok"] for n in range(1, 6)]
    rows.append(["Galleon", "ship", 6, "**Broadside**: fire every :cannon: at once."])
    folder = game_project(tmp_path / "cell", README_GAME, {"cards.xlsx": xlsx(rows), "coin.png": coin()})
    assert build(folder, capsys, monkeypatch)[:3:2] == (1, cell + "\n")
    rows[-1][-1] = "ok"
    rules = "# Rules\nPay 3 :coin: to **fire**.\n\nThen fire :cannon: again.\n"
    folder = game_project(tmp_path / "rules", README_GAME, {"cards.xlsx": xlsx(rows), "coin.png": coin()}, rules=rules)
    assert build(folder, capsys, monkeypatch)[:3:2] == (1, template + "\n")


def test_a_classic_backs_words_draw_the_games_icons_and_emphasis(tmp_path, capsys, monkeypatch):
    game = DECK.replace("CARDS", "cards.csv").replace("    face:\n", '    back: {words: ":coin: **Ships**"}\n    face:\n', 1)
    folder = game_project(tmp_path, game, {"cards.csv": "name,text,plain\nGun,ok,x\n", "coin.png": coin()})
    assert build(folder, capsys, monkeypatch)[:3:2] == (0, "")
    with pdfplumber.open(folder / "out" / SLUG / "deck.pdf") as pdf:
        back = pdf.pages[1]
        chars, images = back.chars, back.images
    text = "".join(c["text"] for c in chars)
    assert "Ships" in text and ":coin:" not in text and "*" not in text
    (image,) = images
    ships = text.index("Ships")
    assert text[ships - 2:ships] == "  "  # the coin's own space, then the space after it
    assert abs(image["x0"] - chars[ships - 2]["x0"]) * MM < 0.05 and image["x1"] <= chars[ships]["x0"]
    assert abs(image["top"] - chars[ships]["top"]) * MM < 2.0  # on the words' line
