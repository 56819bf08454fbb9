"""Mistakes in a declared game, each one line `FILE:LINE: message` at the line to fix, exit 1, no
traceback and nothing written, from `build` and `validate` alike: the starter game (Three Skies)
with one edit, and a CSV deck with one bad row."""

from __future__ import annotations

import pytest

from declared import SLUG, deck_yaml, game_project, line_of, starter_project
from test_declared import STARTER_SLUG, run

LONG = "A sentence far too long for the little box at the foot of the card and then some " * 3
# (case, text in the starter's game.yaml, what it becomes, a text on the line meant, the message)
CASES = [
    ("unknown key", "corners: true", "corner: true", "corner: true",
     "products.deck.face.layers.sky: unknown key 'corner' (did you mean 'corners'?)"),
    ("wrong type", "width: 30", "width: wide", "width: wide",
     "products.deck.face.layers.sky.width: expected a number, got text 'wide'"),
    ("box off the card", "x: 14\n          y: 36", "x: 40\n          y: 36", "number:\n          kind",
     "products.deck.face.layers.number: the layer runs off the card: x + width = 75.5 mm, the card is 63.5 mm wide"),
    ("box below the card", "y: 63", "y: 80", "text:\n          kind",
     "products.deck.face.layers.text: the layer runs off the card: y + height = 93 mm, the card is 88.9 mm tall"),
    ("field no card has", "field: text", "field: txt", "field: txt",
     "products.deck.face.layers.text.field: no card has a field 'txt' (did you mean 'text'?)"),
    ("unknown card size", "size: poker", "size: pokr", "size: pokr",
     "products.deck.size: 'pokr' is not allowed (did you mean 'poker'?)"),
    ("card too large", "size: poker", "size: [250, 100]", "size: [250",
     "products.deck.size: a 250 x 100 mm card does not fit an A4 or Letter page inside the printer's margins"),
    ("unknown colour", "colours: {sun: sun,", "colours: {sun: sunny,", "colours: {sun: sunny",
     "products.deck.face.layers.sky.colours.sun: 'sunny' is not a colour (did you mean 'sun'?)"),
    ("bad hex colour", 'sun: "#b23a1e"', 'sun: "#b23a1"', '"#b23a1"',
     "colours.sun: '#b23a1' is not a colour (a name such as navy or darkred, or #rrggbb)"),
    ("unknown product kind", "kind: deck", "kind: dek", "kind: dek",
     "products.deck.kind: 'dek' is not allowed (did you mean 'deck'?)"),
    ("unknown box kind", "kind: symbol", "kind: picture", "kind: picture",
     "products.deck.face.layers.sky.kind: 'picture' is not allowed (expected one of: text, number, symbol, image, rect, "
     "ellipse, line, polygon, star, lattice)"),
    ("product name", "  deck:\n", "  Deck:\n", "Deck:",
     "products: 'Deck' cannot name a product (lower-case letters and digits, with - between words)"),
    ("unknown font", "field: text\n", "field: text\n          font: fancy\n", "font: fancy",
     "products.deck.face.layers.text.font: no font 'fancy' (the game's fonts: none: add a `fonts:` mapping of names "
     "to TTF files)"),
    ("field and text", "field: text\n", "field: text\n          text: Hello\n", "text:\n          kind",
     "products.deck.face.layers.text: give the layer a `field` or a `text`, not both"),
    ("copies", "{number: 2, sky: moon,", "{number: 2, copies: two, sky: moon,", "copies: two",
     "products.deck.cards[2].copies: 'two' is not a number of copies (0 to 999)"),
    ("text too long", '"1 point. Beats the 12"', f'"{LONG.strip()}"', "number: 1,",
     "card 1 text: text does not fit its 36 x 13 mm box even at 7 pt; shorten it"),
    ("number too wide", "x: 14\n          y: 36\n          width: 35.5", "x: 14\n          y: 36\n          width: 3",
     "number: 10,", "card 10 number: '10' does not fit its 3 x 22 mm box even at 7 pt; make the box larger\n"
     "three-skies/game.yaml:27: card 11 number: '11' does not fit its 3 x 22 mm box even at 7 pt; make the box larger\n"
     "three-skies/game.yaml:28: card 12 number: '12' does not fit its 3 x 22 mm box even at 7 pt; make the box larger"),
    ("a value the symbols map lacks", "{number: 2, sky: moon,", "{number: 2, sky: mon,", "number: 2,",
     "card 2 sky: 'mon' has no glyph in the layer's `symbols` (did you mean 'moon'?)"),
    ("no glyph", 'text: "1 point"}', 'text: "1 point 漢"}', "number: 2,",
     "card 2: face.layers.text.field: the font has no glyph for '漢' (U+6F22) (see three-skies/game.yaml:50)"),
]


@pytest.mark.parametrize("command", ["build", "validate"])
@pytest.mark.parametrize("case, old, new, at, message", CASES, ids=[case[0] for case in CASES])
def test_a_mistake_in_the_starter_is_one_line_at_its_place(tmp_path, capsys, monkeypatch, command, case, old, new,
                                                           at, message):
    project = starter_project(tmp_path / "project")
    game = project / "content" / STARTER_SLUG / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert text.count(old) >= 1, case
    game.write_text(text.replace(old, new, 1), encoding="utf-8")
    extra = ("--out", "out") if command == "build" else ()
    code, out, err = run(project, capsys, monkeypatch, command, STARTER_SLUG, "--content", "content", *extra)
    assert (code, out) == (1, "")
    assert err == f"{STARTER_SLUG}/game.yaml:{line_of(game, at)}: {message}\n"
    assert not (project / "out").exists()


CSV = "number,name,copies\n1,Owl,\n2,Fox,\n"
CSV_CASES = [
    ("too many cells", "2,Fox,\n", "2,Fox,,extra\n", "cards.csv", "2,Fox",
     "row has 4 cells, but there are only 3 column headings"),
    ("heading twice", "number,name,copies", "number,name,name", "cards.csv", "number",
     "column 3: 'name' is the heading of two columns"),
    ("heading not a name", "number,name,copies", "number,the name,copies", "cards.csv", "number",
     "column 2: 'the name' cannot name a field (letters, digits and _, not starting with a digit)"),
    ("copies", "2,Fox,\n", "2,Fox,x\n", "cards.csv", "2,Fox", "products.deck.cards[2].copies: 'x' is not a number "
                                                            "of copies (0 to 999)"),
    ("no rows", "1,Owl,\n2,Fox,\n", "", "cards.csv", None,
     "no cards: a row of column headings, then a row for each card"),
    ("no column", "number,name,copies", "number,title,copies", "game.yaml", "field: name",
     "products.deck.face.layers.name.field: no card has a field 'name' (did you mean 'number'?)"),
    ("text too long", "2,Fox,\n", f"2,{LONG.strip()},\n", "cards.csv", "2,A sentence",
     "card 2 name: text does not fit its 30 x 10 mm box even at 7 pt; shorten it"),
]


@pytest.mark.parametrize("case, old, new, file, at, message", CSV_CASES, ids=[case[0] for case in CSV_CASES])
def test_a_mistake_in_a_csv_deck_is_at_its_row(tmp_path, capsys, monkeypatch, case, old, new, file, at, message):
    game = deck_yaml().replace("    cards:\n", "    cards: cards.csv\n", 1)
    game = "\n".join(line for line in game.splitlines() if not line.startswith("      - ")) + "\n"
    project = game_project(tmp_path, game, {"cards.csv": CSV.replace(old, new)})
    code, out, err = run(project, capsys, monkeypatch, "build", SLUG, "--content", "content", "--out", "out")
    where = f":{line_of(project / 'content' / SLUG / file, at)}" if at else ""
    assert (code, out) == (1, "")
    assert err == f"{SLUG}/{file}{where}: {message}\n"
    assert not (project / "out").exists()


def test_a_csv_file_that_is_missing_is_an_error_at_the_line_naming_it(tmp_path, capsys, monkeypatch):
    game = deck_yaml().replace("    cards:\n", "    cards: cards.csv\n", 1)
    game = "\n".join(line for line in game.splitlines() if not line.startswith("      - ")) + "\n"
    project = game_project(tmp_path, game)
    code, _, err = run(project, capsys, monkeypatch, "build", SLUG, "--content", "content", "--out", "out")
    line = line_of(project / "content" / SLUG / "game.yaml", "cards: cards.csv")
    assert (code, err) == (1, f"{SLUG}/game.yaml:{line}: products.deck.cards: CSV file 'cards.csv' is missing\n")


def test_a_game_yaml_without_products_says_what_is_missing(tmp_path, capsys, monkeypatch):
    project = game_project(tmp_path, "title: Nothing yet\n")
    code, _, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    assert (code, err) == (1, f"{SLUG}/game.yaml:1: products: missing key 'products'\n")
