"""Messages in the designer's words (issue 38, item 6): an expression that compares a text with a
number names the cell, what it holds and what would work (not Python's `'>' not supported between
instances of 'str' and 'int'`); a product named where a game is expected suggests the command."""

from __future__ import annotations

import io

import openpyxl
import pytest

from declared import SLUG, game_project, line_of
from readback import pages, text_of
from test_declared import build, run

GAME = """\
title: Compare
products:
  deck:
    kind: deck
    size: poker
    cards: CARDS
    face:
      layers:
        name: {kind: text, field: name, x: 8, y: 10, width: 47.5, height: 10}
        dear: {kind: text, text: Dear, if: "IF", x: 8, y: 40, width: 47.5, height: 10}
  rules: {kind: rules}
"""
CSV = "name,cost,price\nEmber,2,1\nFern,3a,2.50\nMoss,5,3\n"


def project(tmp_path, condition: str, cards: str = "cards.csv", files=None):
    return game_project(tmp_path, GAME.replace("IF", condition).replace("CARDS", cards),
                        files if files is not None else {"cards.csv": CSV})


def validate(folder, capsys, monkeypatch):
    return run(folder, capsys, monkeypatch, "validate", SLUG, "--content", "content")


def see(folder) -> str:
    return f"(see {SLUG}/game.yaml:{line_of(folder / 'content' / SLUG / 'game.yaml', 'dear:')})"


def test_a_text_compared_with_a_number_names_its_cell_and_what_would_work(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, "cost > 3")
    expected = (f"{SLUG}/cards.csv:3: card 2 ('Fern'): face.layers.dear.if: cost is the text '3a', not a number: make "
                f"the cell a number, or test it first (`cost is number and cost > 3`) {see(folder)}\n")
    assert validate(folder, capsys, monkeypatch) == (1, "", expected)
    assert build(folder, capsys, monkeypatch) == (1, "", expected) and not (folder / "out").exists()


def test_what_the_message_suggests_works(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, "cost is number and cost > 3")
    assert build(folder, capsys, monkeypatch)[::2] == (0, "")
    faces = text_of(pages(folder / "out" / SLUG / "deck.pdf")[0].chars)
    assert faces.count("Dear") == 1 and "Moss" in faces  # Moss's 5 only: Fern's 3a is no number


def test_a_number_kept_as_typed_is_said_so(tmp_path, capsys, monkeypatch):
    """2.50 stays the text it is typed as (it prints as typed): `price | float` compares it."""
    folder = project(tmp_path, "2 < price")
    expected = (f"{SLUG}/cards.csv:3: card 2 ('Fern'): face.layers.dear.if: price is '2.50', a number written as text "
                f"(kept so, to print as typed): compare `price | float` with 2, or write the cell as 2.5 "
                f"{see(folder)}\n")
    assert validate(folder, capsys, monkeypatch) == (1, "", expected)
    suggested = project(tmp_path / "suggested", "price | float > 2")
    assert build(suggested, capsys, monkeypatch)[::2] == (0, "")
    faces = text_of(pages(suggested / "out" / SLUG / "deck.pdf")[0].chars)
    assert faces.count("Dear") == 2  # Fern's 2.50 and Moss's 3


def test_a_number_compared_with_a_text_in_quotes(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, "cost > '3'", files={"cards.csv": "name,cost\nEmber,2\nMoss,5\n"})
    code, out, err = validate(folder, capsys, monkeypatch)
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{SLUG}/cards.csv:{row}: card {n} ('{name}'): face.layers.dear.if: cost is the number {cost} on this card, "
        f"compared with the text '3': write the number without quotes {see(folder)}"
        for row, n, name, cost in ((2, 1, "Ember", 2), (3, 2, "Moss", 5))]


def test_a_workbooks_text_is_named_at_its_cell(tmp_path, capsys, monkeypatch):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in (["name", "cost"], ["Ember", 2], ["Fern", "3a"]):
        sheet.append(row)
    data = io.BytesIO()
    book.save(data)
    folder = project(tmp_path, "cost >= 3", "{file: cards.xlsx, sheet: Cards}", {"cards.xlsx": data.getvalue()})
    expected = (f"{SLUG}/cards.xlsx:Cards!B3: card 2 ('Fern'): face.layers.dear.if: cost is the text '3a', not a "
                f"number: make the cell a number, or test it first (`cost is number and cost >= 3`) {see(folder)}\n")
    assert validate(folder, capsys, monkeypatch) == (1, "", expected)


def test_any_other_mistake_of_an_expression_is_said_as_before(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, "cost > nothing", files={"cards.csv": "name,cost,nothing\nEmber,2,\n"})
    code, _, err = validate(folder, capsys, monkeypatch)
    assert code == 1 and "a field this card leaves empty is none" in err and "is the text" not in err


# --- a product named where a game is expected -----------------------------------------------------------

@pytest.mark.parametrize("argv, hint", [
    (["build", "deck"], "printkit build mine --only deck"),
    (["build", "rules", "--out", "out"], "printkit build mine --only rules"),
    (["validate", "deck"], "printkit validate mine"),
])
def test_a_product_named_as_a_game_suggests_the_command(tmp_path, capsys, monkeypatch, argv, hint):
    folder = project(tmp_path, "cost is number")
    code, out, err = run(folder, capsys, monkeypatch, *argv, "--content", "content")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == f"printkit: error: '{argv[1]}' is no game of this project; it is a product of " \
                                   f"'{SLUG}': {hint}"
    assert not (folder / "out").exists()


def test_a_name_neither_game_nor_product_is_an_unknown_game(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, "cost is number")
    code, _, err = run(folder, capsys, monkeypatch, "build", "decks", "--content", "content")
    assert code == 2 and err.splitlines()[-1] == f"printkit: error: unknown game: decks (known: {SLUG})"


# --- the errata list names its cards ---------------------------------------------------------------------

def test_the_errata_list_names_a_changed_card_by_its_name_and_id(tmp_path, capsys, monkeypatch):
    """A player looks for Fern in the box, not for `deck 2`: the list says both."""
    from pypdf import PdfReader

    from declared import deck_yaml

    def cards(second: str) -> str:
        return f"      - {{number: 1, name: Ember}}\n      - {{number: 2, name: {second}}}\n" \
               f"      - {{id: elk, number: 3, name: Elk}}"

    folder = game_project(tmp_path, deck_yaml(cards=cards("Fern")))
    assert run(folder, capsys, monkeypatch, "printed", "--content", "content")[0] == 0
    game = folder / "content" / SLUG / "game.yaml"
    game.write_text(deck_yaml(cards=cards("Tall Fern").replace("number: 3", "number: 4")), encoding="utf-8")
    code, _, err = run(folder, capsys, monkeypatch, "errata", "--content", "content", "--out", "out")
    assert (code, err) == (0, "")
    listing = " ".join(PdfReader(folder / "out" / SLUG / "errata.pdf").pages[0].extract_text().split())
    assert "Tall Fern (deck 2)" in listing and "Elk (elk)" in listing and "Ember" not in listing


def test_the_errata_list_draws_the_cards_icons_as_the_card_does(tmp_path, capsys, monkeypatch):
    """Apothecary's Moonwater says `:herb: or :dew: or :ember:`: two image icons (an SVG drawing
    and a PNG) and a glyph icon. The list draws them in the words it quotes, before and after,
    and names the card by its name and id."""
    import shutil

    import pdfplumber

    from conftest import ROOT

    folder = tmp_path / "project"
    shutil.copytree(ROOT / "examples", folder, ignore=shutil.ignore_patterns("output"))
    assert run(folder, capsys, monkeypatch, "printed", "apothecary")[0] == 0
    game = folder / "content" / "apothecary" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "<b>any one</b> ingredient:<br/>:herb: or :dew: or :ember:" in text
    game.write_text(text.replace("<b>any one</b> ingredient:", "<b>any two</b> ingredients:"), encoding="utf-8")
    assert run(folder, capsys, monkeypatch, "errata", "apothecary")[::2] == (0, "")
    with pdfplumber.open(folder / "output" / "apothecary" / "errata.pdf") as pdf:
        listing = pdf.pages[0]
        words = " ".join(listing.extract_text().split())
        assert "Moonwater (moon)" in words
        assert "Counts as any one ingredient:" in words and "Counts as any two ingredients:" in words
        assert ":herb:" not in words and ":dew:" not in words and words.count("✹") == 2  # the glyph icon, twice
        # the PNG icon (dew) drawn twice, before and after; the SVG one (herb) is a drawing, not an image
        assert len(listing.images) == 2
