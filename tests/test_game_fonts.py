"""A declared game's own font (game.yaml `font:`, one of its `fonts:`) sets every product of the
game (issue 22, item 7): its cards, its rules (a heading and <b> in the family's bold face, <i> in
its italic) and its score sheet (title, note, headings, row labels), read back from the PDFs. The
footer, the scale bars and the print guide are printkit's, in DejaVu Sans. A letter the face it is
set in lacks is one error at the line it was written on.

The family's faces are copies of printkit's own DejaVu Sans faces with "DejaVu" in their names
written "Family": each character's font, as the PDF names it, says which face set it, and that it
was the game's and not printkit's."""

from __future__ import annotations

import re

import shutil
import struct
from pathlib import Path

from conftest import ROOT
from declared import FIXTURES, SLUG, game_project, line_of
from readback import Char, cut_lines, pages, text_of
from test_declared import build

FONTS = ROOT / "printkit" / "fonts"
FAMILY = {"body.ttf": "DejaVuSans.ttf", "body-bold.ttf": "DejaVuSans-Bold.ttf",
          "body-italic.ttf": "DejaVuSans-Oblique.ttf"}
REGULAR, BOLD, ITALIC = "FamilySans", "FamilySans-Bold", "FamilySans-Oblique"  # as the PDF names the faces
PRINTKIT = "DejaVuSans"  # printkit's own regular face, as the PDF names it
BARS = ("50 mm at 100%", "2 in at 100%")

GAME = """\
    title: Font Game
    fonts:
      body: {regular: fonts/body.ttf, bold: fonts/body-bold.ttf, italic: fonts/body-italic.ttf}
    font: body
    products:
      deck:
        kind: deck
        size: poker
        cards:
          - {number: 1, name: Card one}
          - {number: 2, name: Card two}
        face:
          layers:
            number: {kind: number, field: number, x: 10, y: 20, width: 30, height: 20}
            name: {kind: text, field: name, x: 10, y: 50, width: 43.5, height: 10}
        back:
          words: Font Game
      score-sheet:
        kind: score-sheet
        title: Font Game scores
        note: Write each name at the top.
        columns: [{heading: Round, width: 30}, Anna, Ben]
        rows: [Round one, Round two, Total]
      rules:
        kind: rules
"""
RULES = "# How to play\nPlay <b>boldly</b> and <i>quickly</i>.\n\n- Deal two cards.\n"


def renamed(source: Path, target: Path) -> None:
    """A copy of a TrueType file with "DejaVu" written "Family" in its naming table (the same
    length: nothing else moves), so that its PostScript name, which the PDF names the font by, is
    FamilySans..."""
    data = bytearray(source.read_bytes())
    (tables,) = struct.unpack(">H", data[4:6])
    for n in range(tables):
        tag, _, offset, length = struct.unpack(">4sLLL", data[12 + 16 * n:28 + 16 * n])
        if tag == b"name":
            table = bytes(data[offset:offset + length])
            for encoding in ("latin-1", "utf-16-be"):
                table = table.replace("DejaVu".encode(encoding), "Family".encode(encoding))
            data[offset:offset + length] = table
    target.write_bytes(bytes(data))


def font_game(tmp_path: Path, game: str = GAME, rules: str = RULES) -> Path:
    project = game_project(tmp_path, game, rules=rules)
    folder = project / "content" / SLUG / "fonts"
    folder.mkdir()
    for name, source in FAMILY.items():
        renamed(FONTS / source, folder / name)
    shutil.copyfile(FIXTURES / "mono.ttf", folder / "mono.ttf")  # DejaVu Sans Mono, ASCII only
    return project


def face(ch: Char) -> str:
    # the subset's prefix dropped, and the tag printkit gives a project's face (plan/fonts.py _register)
    return re.sub(r"-[0-9A-F]{6}$", "", ch.font.split("+")[-1])


def in_faces(chars, *faces: str) -> str:
    return text_of([ch for ch in chars if face(ch) in faces])


def built(tmp_path: Path, capsys, monkeypatch, game: str = GAME, rules: str = RULES) -> Path:
    project = font_game(tmp_path, game, rules)
    code, _, err = build(project, capsys, monkeypatch)
    assert code == 0, err
    return project / "out" / SLUG


def assert_printkit_foot(chars, page_of: str) -> None:
    """The characters not in the game's faces are the footer and the scale bars' labels, in
    printkit's DejaVu Sans, below every character of the game's."""
    own = [ch for ch in chars if face(ch).startswith("Family")]
    printkit = [ch for ch in chars if not face(ch).startswith("Family")]
    assert {face(ch) for ch in printkit} == {PRINTKIT}
    words = text_of(printkit)
    assert f"Font Game · {page_of} · page 1 of 1 · print at Actual size (100%)" in words
    assert all(bar in words for bar in BARS)
    assert max(ch.box.y1 for ch in printkit) < min(ch.box.y0 for ch in own)


def test_the_rules_are_set_in_the_games_family(tmp_path, capsys, monkeypatch):
    (page,) = pages(built(tmp_path, capsys, monkeypatch) / "rules.pdf")
    assert in_faces(page.chars, BOLD) == "How to play boldly"  # the heading and <b>
    assert in_faces(page.chars, ITALIC) == "quickly"
    assert in_faces(page.chars, REGULAR) == "Play and . • Deal two cards."  # the bullet too
    assert in_faces(page.chars, REGULAR, BOLD, ITALIC) == "How to play Play boldly and quickly. • Deal two cards."
    assert_printkit_foot(page.chars, "Rules")


def test_the_score_sheet_is_set_in_the_games_family(tmp_path, capsys, monkeypatch):
    (page,) = pages(built(tmp_path, capsys, monkeypatch) / "score-sheet.pdf")
    # the title, the column headings and the row labels are bold; the note is running text
    assert in_faces(page.chars, BOLD) == "Font Game scores Round Anna Ben Round one Round two Total"
    assert in_faces(page.chars, REGULAR) == "Write each name at the top."
    assert_printkit_foot(page.chars, "Score sheet")


def test_the_cards_are_set_in_the_games_family(tmp_path, capsys, monkeypatch):
    front, back = pages(built(tmp_path, capsys, monkeypatch) / "deck.pdf")
    cards = cut_lines(front)
    on_cards = [ch for ch in front.chars if any(card.holds(*ch.box.centre) for card in cards)]
    assert in_faces(on_cards, REGULAR) == "Card one Card two"
    assert {face(ch) for ch in on_cards if ch.text.isdigit()} == {BOLD}  # numbers and corner indexes in bold
    assert in_faces(back.chars, BOLD) == "Font Game Font Game"  # the back's words
    for page in (front, back):  # beside the cards, only the scale bars' labels, printkit's
        printkit = [ch for ch in page.chars if not face(ch).startswith("Family")]
        assert {face(ch) for ch in printkit} == {PRINTKIT} and text_of(printkit) == " ".join(BARS)
    assert {face(ch) for ch in on_cards} == {REGULAR, BOLD}


def test_the_print_guide_is_printkits_own_page(tmp_path, capsys, monkeypatch):
    guide = pages(built(tmp_path, capsys, monkeypatch) / "print-guide.pdf")
    assert {face(ch) for page in guide for ch in page.chars} <= {PRINTKIT, "DejaVuSans-Bold"}


def test_fonts_without_the_games_font_leave_its_sheets_in_printkits(tmp_path, capsys, monkeypatch):
    out = built(tmp_path, capsys, monkeypatch, GAME.replace("    font: body\n", ""))
    for name in ("rules.pdf", "score-sheet.pdf"):
        (page,) = pages(out / name)
        assert {face(ch) for ch in page.chars} <= {PRINTKIT, "DejaVuSans-Bold", "DejaVuSans-Oblique"}, name
    (page,) = pages(out / "rules.pdf")
    assert in_faces(page.chars, "DejaVuSans-Bold") == "How to play boldly"


# --- a letter the family lacks ----------------------------------------------------------------
# A family whose regular face is DejaVu Sans Mono, ASCII only, and whose bold face is DejaVu Sans
# Bold: 'é' is missing in running text, and there only.
MONO = GAME.replace("regular: fonts/body.ttf", "regular: fonts/mono.ttf")


def failed(tmp_path: Path, capsys, monkeypatch, game: str = MONO, rules: str = RULES) -> str:
    project = font_game(tmp_path, game, rules)
    code, _, err = build(project, capsys, monkeypatch)
    assert code == 1
    assert not (project / "out" / SLUG).exists()
    return err


def test_a_letter_the_family_lacks_in_the_rules_is_an_error_at_its_template_line(tmp_path, capsys, monkeypatch):
    rules = "# Café rules\nPlay <b>café</b> well.\n\nMerci, café.\n"  # bold has it; the regular face does not
    err = failed(tmp_path, capsys, monkeypatch, rules=rules)
    assert err == f"templates/{SLUG}/rules.j2:4: the font has no glyph for 'é' (U+00E9)\n"


def test_a_letter_the_family_lacks_from_content_is_an_error_at_its_value(tmp_path, capsys, monkeypatch):
    game = MONO.replace("title: Font Game\n", "title: Font Game\n    values: {drink: Café}\n")
    err = failed(tmp_path, capsys, monkeypatch, game, rules="# Rules\nDrink {{ values.drink }}.\n")
    line = line_of(tmp_path / "content" / SLUG / "game.yaml", "values:")
    assert err == f"{SLUG}/game.yaml:{line}: the font has no glyph for 'é' (U+00E9)\n"


def test_a_letter_the_family_lacks_on_the_score_sheet_is_an_error_at_its_value(tmp_path, capsys, monkeypatch):
    game = MONO.replace("note: Write each name at the top.", "note: Write each name and café.")
    game = game.replace("rows: [Round one, Round two, Total]", "rows: [Round one, Café, Total]")  # bold: it has é
    err = failed(tmp_path, capsys, monkeypatch, game)
    line = line_of(tmp_path / "content" / SLUG / "game.yaml", "note:")
    assert err == f"{SLUG}/game.yaml:{line}: the font has no glyph for 'é' (U+00E9)\n"


def test_a_bullet_the_family_lacks_is_printkits(tmp_path, capsys, monkeypatch):
    """A bullet is printkit's mark: set in DejaVu Sans when the game's face has no '•', never an
    empty box; the item's words in the game's face."""
    (page,) = pages(built(tmp_path, capsys, monkeypatch, MONO) / "rules.pdf")
    bullets = [ch for ch in page.chars if ch.text == "•"]
    assert len(bullets) == 1 and face(bullets[0]) == PRINTKIT
    assert in_faces(page.chars, "DejaVuSansMono") == "Play and . Deal two cards."


def test_a_project_font_with_printkits_face_name_leaves_printkits_font_alone(tmp_path):
    """A copy of DejaVu Sans cut down to ASCII, registered before printkit's own fonts: ReportLab
    would give printkit's Sans that file (registerFont shares fonts by the face name inside them),
    and every ☀ printkit sets would print as an empty box."""
    from reportlab.pdfbase import pdfmetrics

    from printkit.load.fonts import register_fonts, register_project_font

    subset = ROOT / "examples" / "content" / "apothecary" / "fonts" / "DejaVuSans.ttf"  # face name DejaVuSans, no ☀
    register_project_font("sharing-test-ascii", str(subset))
    register_fonts()
    assert 0x2600 in pdfmetrics.getFont("Sans").face.charToGlyph
    assert 0x2600 not in pdfmetrics.getFont("sharing-test-ascii").face.charToGlyph
    assert pdfmetrics.getFont("sharing-test-ascii").face.name != pdfmetrics.getFont("Sans").face.name
