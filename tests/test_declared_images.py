"""A declared game's images, colours and fonts, read back from the PDF: a PNG, JPEG or SVG image
placed at its box (to 0.05 mm) and embedded once however many cards show it, an image too coarse
to print sharply a warning at its line, a missing one an error there; colours as written; a
project's own TTF font embedded and used, its own glyphs checked."""

from __future__ import annotations

import re

import io
import shutil
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from declared import FIXTURES, SLUG, deck_yaml, game_project, line_of
from readback import MM, Box, embedded, fonts, pages, reader
from test_declared import build, cards_on

BOX = (10.0, 30.0, 40.0, 20.0)  # x, y from the card's top-left corner, width, height (mm)
FACE = ("        number: {kind: number, field: number, x: 10, y: 60, width: 30, height: 15, corners: false}\n"
        "        art: {kind: image, FROM, x: 10, y: 30, width: 40, height: 20}")


def picture(size: tuple[int, int], kind: str = "PNG", colour=(200, 40, 40)) -> bytes:
    data = io.BytesIO()
    Image.new("RGB", size, colour).save(data, kind)
    return data.getvalue()


def image_game(tmp_path: Path, source: str, files: dict, cards: str = "") -> Path:
    return game_project(tmp_path, deck_yaml(cards=cards, face=FACE.replace("FROM", source)), files)


def placed(project: Path) -> list[tuple[Box, Box]]:
    """Each image on the first page, and the card it lies on."""
    path = project / "out" / SLUG / "deck.pdf"
    front = pages(path)[0]
    with pdfplumber.open(path) as pdf:
        images = [Box(i["x0"] * MM, i["y0"] * MM, i["x1"] * MM, i["y1"] * MM) for i in pdf.pages[0].images]
    return [(image, next(card for card in cards_on(front) if image.within(card))) for image in images]


def at_box(card: Box, x: float, y: float, width: float, height: float) -> Box:
    return Box(card.x0 + x, card.y1 - y - height, card.x0 + x + width, card.y1 - y)


def image_objects(path: Path) -> set[int]:
    """The image XObjects the file holds (by object number), however often its pages draw them."""
    found = set()
    for page in reader(path).pages:
        for ref in (page["/Resources"].get("/XObject") or {}).values():
            if ref.get_object().get("/Subtype") == "/Image":
                found.add(ref.idnum)
    return found


def test_an_image_lies_on_its_box_and_is_embedded_once(tmp_path, capsys, monkeypatch):
    project = image_game(tmp_path, "file: art/sun.png", {"art/sun.png": picture((600, 300))})
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")  # 600 pixels over 40 mm: 381 dpi, sharp
    found = placed(project)
    assert len(found) == 3
    for image, card in found:
        assert image.same(at_box(card, *BOX)), (image, card)
    assert len(image_objects(project / "out" / SLUG / "deck.pdf")) == 1


def test_an_image_of_other_proportions_is_centred_in_its_box_whole(tmp_path, capsys, monkeypatch):
    project = image_game(tmp_path, "file: tall.png", {"tall.png": picture((300, 600))})
    assert build(project, capsys, monkeypatch)[0] == 0
    for image, card in placed(project):  # 10 x 20 mm (the box's height), in the middle of 40 mm
        assert image.same(at_box(card, BOX[0] + 15, BOX[1], 10, 20)), image


def test_each_card_may_have_its_own_image_jpeg_too(tmp_path, capsys, monkeypatch):
    pictures = ((1, "a.jpg"), (2, "b.jpg"), (3, "a.jpg"))
    cards = "\n".join(f"      - {{number: {n}, picture: {name}}}" for n, name in pictures)
    files = {"a.jpg": picture((600, 300), "JPEG"), "b.jpg": picture((600, 300), "JPEG", (20, 20, 200))}
    project = image_game(tmp_path, "field: picture", files, cards)
    assert build(project, capsys, monkeypatch)[0] == 0
    for image, card in placed(project):
        assert image.same(at_box(card, *BOX))
    path = project / "out" / SLUG / "deck.pdf"
    objects = image_objects(path)
    assert len(objects) == 2  # a.jpg drawn twice, embedded once
    assert all("/DCTDecode" in reader(path).get_object(n).get("/Filter") for n in objects)  # the JPEG as it is


SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">
  <rect x="0" y="0" width="100" height="50" fill="#3050a0"/>
  <circle cx="50" cy="25" r="20" fill="#ffffff"/>
</svg>
"""


def test_an_svg_image_is_drawn_as_vectors_on_its_box_once_per_file(tmp_path, capsys, monkeypatch):
    project = image_game(tmp_path, "file: moon.svg", {"moon.svg": SVG})
    assert build(project, capsys, monkeypatch)[0] == 0
    path = project / "out" / SLUG / "deck.pdf"
    front = pages(path)[0]
    blue = [s.box for s in front.rects if s.fill and abs(s.box.width - 40) <= 0.1]
    assert len(blue) == 3
    for box in blue:
        card = next(c for c in cards_on(front) if box.within(c))
        assert box.same(at_box(card, *BOX)), box
    forms = {ref.idnum for ref in reader(path).pages[0]["/Resources"]["/XObject"].values()
             if ref.get_object().get("/Subtype") == "/Form"}
    assert len(forms) == 1 and image_objects(path) == set()


def test_an_image_below_300_dpi_where_it_is_printed_is_a_warning_at_its_line(tmp_path, capsys, monkeypatch):
    project = image_game(tmp_path, "file: low.png", {"low.png": picture((50, 25))})
    code, out, err = build(project, capsys, monkeypatch)
    line = line_of(project / "content" / SLUG / "game.yaml", "file: low.png")
    # 50 pixels over 40 mm (1.575 in) is 32 dpi; 300 dpi would be 472 x 236 pixels
    assert err == (f"{SLUG}/game.yaml:{line}: warning: products.deck.face.layers.art.file: image 'low.png' is 32 dpi "
                   f"printed 40.0 x 20.0 mm (it looks soft below 300 dpi: 50 x 25 pixels; 472 x 236 would do)\n")
    assert code == 0 and (project / "out" / SLUG / "deck.pdf").is_file()


def test_a_missing_image_is_an_error_at_its_line_and_nothing_is_written(tmp_path, capsys, monkeypatch):
    project = image_game(tmp_path, "file: art/none.png", {})
    code, out, err = build(project, capsys, monkeypatch)
    line = line_of(project / "content" / SLUG / "game.yaml", "file: art/none.png")
    assert (code, out) == (1, "")
    assert err == f"{SLUG}/game.yaml:{line}: products.deck.face.layers.art.file: 'art/none.png' is missing\n"
    assert not (project / "out").exists()


def test_a_missing_image_a_csv_row_names_is_an_error_at_the_row(tmp_path, capsys, monkeypatch):
    csv = "number,picture\n1,a.png\n2,gone.png\n"
    game = deck_yaml(face=FACE.replace("FROM", "field: picture"))
    game = game.replace("    cards:\n", "    cards: cards.csv\n", 1)
    game = "\n".join(line for line in game.splitlines() if not line.startswith("      - ")) + "\n"
    project = game_project(tmp_path, game, {"cards.csv": csv, "a.png": picture((600, 300))})
    code, _, err = build(project, capsys, monkeypatch)
    assert code == 1
    assert err == f"{SLUG}/cards.csv:3: products.deck.cards[2].picture: 'gone.png' is missing\n"


# --- colours and fonts ---------------------------------------------------------------------------

COLOURED = ("        number: {kind: number, field: number, x: 10, y: 20, width: 30, height: 20, colour: ember}\n"
            "        name: {kind: text, field: name, x: 5, y: 50, width: 50, height: 10, colour: navy, FONT}")


def test_colours_are_printed_as_written(tmp_path, capsys, monkeypatch):
    game = deck_yaml(face=COLOURED.replace(", FONT", ""), extra="colours: {ember: '#e05000'}\n")
    project = game_project(tmp_path, game)
    assert build(project, capsys, monkeypatch)[0] == 0
    with pdfplumber.open(project / "out" / SLUG / "deck.pdf") as pdf:
        chars = pdf.pages[0].chars
    colour = {(ch["text"], ch["size"] > 20): tuple(round(v, 3) for v in ch["non_stroking_color"]) for ch in chars}
    assert colour["1", True] == (round(0xe0 / 255, 3), round(0x50 / 255, 3), 0.0)  # the game's own "ember"
    assert colour["C", False] == (0.0, 0.0, round(128 / 255, 3))  # CSS navy, #000080


TAG = r"-[0-9A-F]{6}$"  # the tag a project's face is named with in the PDF (plan/fonts.py _register)


def test_a_project_font_is_embedded_and_sets_its_boxes(tmp_path, capsys, monkeypatch):
    game = deck_yaml(face=COLOURED.replace("FONT", "font: mono"), extra="fonts: {mono: fonts/mono.ttf}\n")
    game = game.replace("colour: ember", "colour: black")
    project = game_project(tmp_path, game)
    (project / "content" / SLUG / "fonts").mkdir()
    shutil.copyfile(FIXTURES / "mono.ttf", project / "content" / SLUG / "fonts" / "mono.ttf")
    assert build(project, capsys, monkeypatch)[0] == 0
    path = project / "out" / SLUG / "deck.pdf"
    used = fonts(path)
    mono = [font for name, font in used.items() if re.sub(TAG, "", name).endswith("DejaVuSansMono")]
    assert mono and all(embedded(font) for font in mono)
    front = pages(path)[0]
    on_cards = [ch for ch in front.chars if any(ch.box.within(card) for card in cards_on(front))]
    assert {re.sub(TAG, "", ch.font.split("+")[-1]) for ch in on_cards if ch.text in "Card"} == {"DejaVuSansMono"}
    assert {ch.font.split("+")[-1] for ch in on_cards if ch.text.isdigit() and ch.size > 12} == {"DejaVuSans-Bold"}


def test_a_letter_a_project_font_lacks_is_an_error_at_its_value(tmp_path, capsys, monkeypatch):
    """The starter's DejaVu Sans has é; this font (ASCII only) does not: each font its own glyphs."""
    cards = "      - {number: 1, name: Café}\n      - {number: 2, name: Tea}"
    game = deck_yaml(cards=cards, face=COLOURED.replace("FONT", "font: mono").replace("colour: ember", "colour: red"),
                     extra="fonts: {mono: mono.ttf}\n")
    project = game_project(tmp_path, game, {"mono.ttf": (FIXTURES / "mono.ttf").read_bytes()})
    code, _, err = build(project, capsys, monkeypatch)
    line = line_of(project / "content" / SLUG / "game.yaml", "Café")
    assert code == 1
    layer = line_of(project / "content" / SLUG / "game.yaml", "name: {kind: text")
    assert err == (f"{SLUG}/game.yaml:{line}: card 1 ('Café'): face.layers.name.field: the font has no glyph for 'é' "
                   f"(U+00E9) (see {SLUG}/game.yaml:{layer})\n")


@pytest.mark.parametrize("name, message", [("missing.ttf", "'missing.ttf' is missing"),
                                           ("game.yaml", "'game.yaml' is not a TrueType font ReportLab can embed")])
def test_a_font_that_cannot_be_used_is_an_error_at_its_line(tmp_path, capsys, monkeypatch, name, message):
    game = deck_yaml(extra=f"fonts: {{mono: {name}}}\n")
    project = game_project(tmp_path, game)
    code, _, err = build(project, capsys, monkeypatch)
    assert code == 1
    assert err.startswith(f"{SLUG}/game.yaml:2: fonts.mono: {message}"), err


def test_an_image_changed_is_drawn_again_and_only_then(tmp_path, capsys, monkeypatch):
    project = image_game(tmp_path, "file: sun.png", {"sun.png": picture((600, 300))})
    assert build(project, capsys, monkeypatch)[0] == 0
    assert "deck.pdf  2 pages  (unchanged)" in build(project, capsys, monkeypatch, SLUG, "-v")[1]  # -v: every file
    (project / "content" / SLUG / "sun.png").write_bytes(picture((600, 300), colour=(10, 200, 10)))
    out = build(project, capsys, monkeypatch, SLUG, "-v")[1]
    assert "deck.pdf  2 pages\n" in out and "rules.pdf  1 page  (unchanged)" in out


def test_a_back_image_covers_each_card_behind_its_front(tmp_path, capsys, monkeypatch):
    game = deck_yaml().replace("  rules:\n", "    back:\n      image: back.png\n  rules:\n")
    project = game_project(tmp_path, game, {"back.png": picture((750, 1050))})  # 300 dpi at 63.5 x 88.9 mm
    code, _, err = build(project, capsys, monkeypatch, SLUG, "--duplex", "short")
    assert (code, err) == (0, "")
    path = project / "out" / SLUG / "deck.pdf"
    front = pages(path)[0]
    with pdfplumber.open(path) as pdf:
        backs = [Box(i["x0"] * MM, i["y0"] * MM, i["x1"] * MM, i["y1"] * MM) for i in pdf.pages[1].images]
    # short-edge flip: the rows mirrored, so the first row's backs lie in the bottom row, same columns
    expected = [Box(card.x0, 297 - card.y1, card.x1, 297 - card.y0) for card in cards_on(front)]
    assert len(backs) == 3
    assert all(any(back.same(place) for place in expected) for back in backs), (backs, expected)
    assert len(image_objects(path)) == 1


def test_art_to_the_bleed_is_checked_at_the_size_a_shops_bleed_prints_it(tmp_path, capsys, monkeypatch):
    """600 x 300 pixels in a 50.8 x 25.4 mm box is 300 dpi; with `bleed: true` at the card's left
    edge, a shop's 1/8 in bleed prints it 53.975 mm wide: 600 / (53.975 / 25.4) = 282 dpi; 2.125 in at
    300 dpi is 637.5 pixels, rounded to the even 638."""
    face = ("        art: {kind: image, file: a.png, fit: stretch, bleed: true, x: 0, y: 20, width: 50.8, "
            "height: 25.4}\n        number: {kind: number, field: number, x: 10, y: 60, width: 30, height: 20}")
    project = game_project(tmp_path, deck_yaml(face=face), {"a.png": picture((600, 300))})
    code, _, err = build(project, capsys, monkeypatch)
    line = line_of(project / "content" / SLUG / "game.yaml", "file: a.png")
    assert code == 0
    assert err == (f"{SLUG}/game.yaml:{line}: warning: products.deck.face.layers.art.file: image 'a.png' is 282 dpi "
                   f"printed 54.0 x 25.4 mm (it looks soft below 300 dpi: 600 x 300 pixels; 638 x 300 would do)\n")
