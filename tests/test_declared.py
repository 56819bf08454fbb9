"""A game with no Python (issue 12, item 4), built through the command line and read back: the
starter game Three Skies, decks of every named card size and of any size, copies, backs, a CSV
file of cards, tokens, a score sheet and a rules page. Every expected number here comes from the
print spec (PRINT.md's card sizes, the papers, 5 mm a printer cannot print) or is written by hand,
never from printkit's own plan."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from conftest import main
from declared import SLUG, deck_yaml, game_project, starter_project
from readback import BACK_BLEED, PAPERS, TOL, Box, cut_lines, pages, text_of

STARTER_SLUG = "three-skies"
# The starter's twelve cards, as its rules describe them: number, sky, and what it is worth.
SKIES = {"sun": "☀", "moon": "☾", "star": "★"}
STARTER_CARDS = [(n, ("sun", "moon", "star")[(n - 1) % 3]) for n in range(1, 13)]
WORTH = {1: "1 point. Beats the 12", 12: "2 points. Loses to the 1"}
PRINTABLE = {paper: (w - 10.0, h - 10.0) for paper, (w, h) in PAPERS.items()}  # 5 mm a side unprintable
SIZES = {"poker": (63.5, 88.9), "bridge": (57.15, 88.9), "tarot": (70.0, 120.0), "mini": (44.45, 63.5),
         "square": (70.0, 70.0), "[50, 30]": (50.0, 30.0)}
# Cards a sheet holds (A4, Letter): as many columns and rows as the printable area (200 x 287 mm,
# 205.9 x 269.4 mm) holds, worked out by hand; but on A4, nine rows of 30 mm cards would leave
# 13.5 mm below them, too little for a crop mark (5 mm from the cut) and a scale bar (4.5 mm)
# inside the printer's 5 mm, and the grid fills the page's width: eight rows.
PER_SHEET = {"poker": (9, 9), "bridge": (9, 9), "tarot": (4, 4), "mini": (16, 16), "square": (8, 6),
             "[50, 30]": (32, 32)}


def run(project: Path, capsys, monkeypatch, *argv: str) -> tuple[int, str, str]:
    monkeypatch.chdir(project)
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exit:
        code = exit.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def build(project: Path, capsys, monkeypatch, game: str = SLUG, *extra: str):
    return run(project, capsys, monkeypatch, "build", game, "--content", "content", "--out", "out", *extra)


def worth(number: int) -> str:
    return WORTH.get(number, "2 points" if number % 3 == 0 else "1 point")


def per_sheet(card: tuple[float, float], paper: str) -> int:
    room = PRINTABLE[paper]
    return math.floor(room[0] / card[0]) * math.floor(room[1] / card[1])


def cards_on(page) -> list[Box]:
    """The cut-line rectangles of a front page, top row first, left to right."""
    return sorted(cut_lines(page), key=lambda b: (-round(b.y1, 1), b.x0))


def text_in(page, box: Box) -> str:
    return text_of([ch for ch in page.chars if _inside(ch, box)])


def _inside(ch, box: Box) -> bool:
    x, y = ch.box.centre
    return box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1


# --- the starter ---------------------------------------------------------------------------------

@pytest.fixture
def starter(tmp_path) -> Path:
    return starter_project(tmp_path / "project")


def test_the_starter_has_no_python_and_builds_a_deck_a_rules_page_and_a_print_guide(starter, capsys, monkeypatch):
    assert not list(starter.rglob("*.py"))
    code, out, err = build(starter, capsys, monkeypatch, STARTER_SLUG)
    assert (code, err) == (0, "")
    built = sorted(p.name for p in (starter / "out" / STARTER_SLUG).iterdir())
    assert built == ["deck.pdf", "print-guide.pdf", "rules.pdf"]
    assert "built 3 files" in out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_starter_deck_is_twelve_poker_cards_each_with_its_number_sky_and_worth(starter, capsys, monkeypatch,
                                                                                  paper):
    assert build(starter, capsys, monkeypatch, STARTER_SLUG, "--paper", paper)[0] == 0
    deck = pages(starter / "out" / STARTER_SLUG / "deck.pdf")
    assert len(deck) == 4  # 9 cards then 3, each front page followed by its backs
    fronts = [card for page in deck[0::2] for card in ((page, box) for box in cards_on(page))]
    assert len(fronts) == 12 and [len(cards_on(page)) for page in deck[0::2]] == [9, 3]
    for (page, box), (number, sky) in zip(fronts, STARTER_CARDS):
        assert abs(box.width - 63.5) <= TOL and abs(box.height - 88.9) <= TOL
        words = text_in(page, box)
        assert worth(number) in words, words
        assert words.count(str(number)) >= 2 and words.count(SKIES[sky]) == 3  # large, and in two corners
    for front, back in zip(deck[0::2], deck[1::2]):
        assert text_of(back.chars).count("Three Skies") == len(cards_on(front))


def test_the_starter_rules_page_says_how_to_play(starter, capsys, monkeypatch):
    assert build(starter, capsys, monkeypatch, STARTER_SLUG)[0] == 0
    (page,) = pages(starter / "out" / STARTER_SLUG / "rules.pdf")
    words = text_of(page.chars)
    for said in ("Three Skies", "with 12 cards", "Set up", "A trick", "The end", "the 1 wins"):
        assert said in words, said


# --- decks of any size ---------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", SIZES)
def test_a_deck_of_any_size_fills_each_sheet_with_as_many_cards_as_fit(tmp_path, capsys, monkeypatch, size, paper):
    card = SIZES[size]
    face = "        number: {kind: number, field: number, x: 2, y: 2, width: 20, height: 20, corners: false}"
    cards = "      - {number: 7, copies: 25}\n      - {number: 8}"
    project = game_project(tmp_path, deck_yaml(size, cards, face))
    assert build(project, capsys, monkeypatch, SLUG, "--paper", paper)[0] == 0
    fronts = pages(project / "out" / SLUG / "deck.pdf")[0::2]
    most = PER_SHEET[size][paper == "letter"]
    assert most <= per_sheet(card, paper)
    counts = [len(cards_on(page)) for page in fronts]
    assert counts == [min(most, 26 - most * k) for k in range(-(-26 // most))]
    for page in fronts:
        for box in cards_on(page):
            assert abs(box.width - card[0]) <= TOL and abs(box.height - card[1]) <= TOL
            assert box.x0 >= 5 - TOL and box.x1 <= PAPERS[paper][0] - 5 + TOL  # inside what a printer prints
    numbers = [text_in(page, box).split()[0] for page in fronts for box in cards_on(page)]
    assert numbers == ["7"] * 25 + ["8"]  # the copies, then the card after them


def test_a_deck_from_a_csv_file_has_a_card_for_each_row(tmp_path, capsys, monkeypatch):
    csv = ("name,number,copies\n"
           "Owl,4,\n"
           "\n"  # a blank row is skipped
           "\"Fox, red\",5,2\n"
           "Hare,6,\n")
    game = deck_yaml(cards="").replace("    cards:\n", "    cards: cards.csv\n", 1)
    game = "\n".join(line for line in game.splitlines() if not line.startswith("      - ")) + "\n"
    project = game_project(tmp_path, game, {"cards.csv": csv})
    assert build(project, capsys, monkeypatch)[0] == 0
    (front, back) = pages(project / "out" / SLUG / "deck.pdf")
    faces = [text_in(front, box) for box in cards_on(front)]
    expected = [("4", "Owl"), ("5", "Fox, red"), ("5", "Fox, red"), ("6", "Hare")]  # Fox twice: its copies
    assert len(faces) == len(expected)
    for words, (number, name) in zip(faces, expected):  # the number large and in two corners, and the name
        assert name in words and words.replace(name, "").split() == [number] * 3, words


def test_a_back_of_words_is_behind_every_card(tmp_path, capsys, monkeypatch):
    game = deck_yaml().replace("  rules:\n", "    back:\n      words: Test back\n      background: navy\n  rules:\n")
    project = game_project(tmp_path, game)
    assert build(project, capsys, monkeypatch)[0] == 0
    front, back = pages(project / "out" / SLUG / "deck.pdf")
    assert text_of(back.chars).count("Test back") == 3
    grounds = [s.box.grow(-BACK_BLEED) for s in back.rects  # each ground drawn past its trim
               if s.fill and not s.stroke and abs(s.box.width - 63.5 - 2 * BACK_BLEED) <= TOL]
    # long-edge flip: the backs of the first row's three cards stand in the mirrored slots
    assert sorted(round(b.x0, 2) for b in grounds) == sorted(round(b.x0, 2) for b in cards_on(front))


# --- tokens and the score sheet ------------------------------------------------------------------

@pytest.mark.parametrize("shape", ["round", "square"])
def test_tokens_of_any_size_fill_the_sheet(tmp_path, capsys, monkeypatch, shape):
    game = (f"title: Tokens\nproducts:\n  chips:\n    kind: tokens\n    shape: {shape}\n    size: 30\n"
            f"    tokens:\n      - {{value: '+1', copies: 60}}\n    face:\n      boxes:\n"
            f"        value: {{kind: text, field: value, x: 5, y: 10, width: 20, height: 10, size: 14}}\n")
    project = game_project(tmp_path, game)
    assert build(project, capsys, monkeypatch)[0] == 0
    fronts = pages(project / "out" / SLUG / "chips.pdf")[0::2]
    # 6 x 9 fill the printable area, but the 15 mm beside such a grid holds a crop mark (1 to 5 mm
    # from the cut, kept 0.5 mm clear) or a scale bar (4.5 mm, inside the printer's 5 mm), 0.2 mm
    # short of both, and the 13.5 mm below it is as short: 6 x 8 leave room below for the bars
    assert per_sheet((30.0, 30.0), "a4") == 54
    assert [len(cards_on(page)) for page in fronts] == [48, 12]
    first = fronts[0]
    assert all(abs(b.width - 30) <= TOL and abs(b.height - 30) <= TOL for b in cards_on(first))
    assert text_of(first.chars).count("+1") == 48
    circles = [c.box for c in first.curves if abs(c.box.width - 30) <= TOL and abs(c.box.height - 30) <= TOL]
    if shape == "round":  # the cut round each token, on its square
        assert sorted((round(c.x0, 2), round(c.y0, 2)) for c in circles) == \
            sorted((round(b.x0, 2), round(b.y0, 2)) for b in cards_on(first))
    else:
        assert circles == []


SCORES = """\
    title: Scores
    products:
      score-sheet:
        kind: score-sheet
        title: Three Skies scores
        note: Write each player's name at the top of a column.
        columns: [{heading: Trick, width: 30}, Player 1, Player 2, Player 3]
        rows: [Trick 1, Trick 2, Trick 3, Trick 4, Trick 5, Total]
        row_height: 12
"""


def test_a_score_sheet_is_a_table_of_its_columns_and_rows(tmp_path, capsys, monkeypatch):
    project = game_project(tmp_path, SCORES)
    assert build(project, capsys, monkeypatch)[0] == 0
    (page,) = pages(project / "out" / SLUG / "score-sheet.pdf")
    words = text_of(page.chars)
    assert "Three Skies scores" in words and "Write each player's name" in words
    assert "Trick Player 1 Player 2 Player 3" in words
    rows = [line for line in page.lines if line.box.height < TOL and line.box.width > 150]
    tops = sorted({round(line.box.y0, 2) for line in rows}, reverse=True)
    assert len(tops) == 6  # under the header and between six rows (the frame is a rect)
    assert all(abs(a - b - 12) <= TOL for a, b in zip(tops[1:], tops[2:]))  # rows 12 mm tall
    frame = max(page.rects, key=lambda s: s.box.width * s.box.height).box
    assert abs(frame.width - (210 - 20)) <= TOL  # the body's width: 10 mm margins
    columns = sorted({round(line.box.x0, 2) for line in page.lines if line.box.width < TOL})
    assert abs(columns[0] - frame.x0 - 30) <= TOL  # the first column's fixed width


def test_a_score_sheet_with_more_rows_than_a_page_holds_is_an_error_at_its_rows(tmp_path, capsys, monkeypatch):
    project = game_project(tmp_path, SCORES.replace("rows: [Trick 1, Trick 2, Trick 3, Trick 4, Trick 5, Total]",
                                                    "rows: 40").replace("row_height: 12", "row_height: 20"))
    code, out, err = build(project, capsys, monkeypatch)
    assert code == 1
    message = f"{SLUG}/game.yaml:8: products.score-sheet.rows: 40 rows of 20 mm do not fit on one A4 page"
    assert err.startswith(message) and re.fullmatch(r" \(1[0-3] do\)\n", err[len(message):]), err
    assert not (project / "out" / SLUG).exists()


def test_the_starter_previews_every_card(starter, capsys, monkeypatch):
    code, out, _ = run(starter, capsys, monkeypatch, "preview", STARTER_SLUG, "--content", "content", "--out", "out",
                       "--dpi", "30")
    assert code == 0
    cards = sorted((starter / "out" / "preview" / STARTER_SLUG / "deck").glob("card-*.png"))
    assert len(cards) == 12 and (starter / "out" / "index.html").is_file()


def test_the_rules_template_reads_the_game_and_its_own_values(tmp_path, capsys, monkeypatch):
    rules = "# {{ title }}\nDeal {{ values.hand }} cards each from the {{ products.deck.cards|length }}.\n"
    project = game_project(tmp_path, deck_yaml(extra="values: {hand: 5}\n"), rules=rules)
    assert build(project, capsys, monkeypatch)[0] == 0
    (page,) = pages(project / "out" / SLUG / "rules.pdf")
    assert "Test Game Deal 5 cards each from the 3." in text_of(page.chars)


def test_the_starter_is_listed_and_validated_as_a_game(starter, capsys, monkeypatch):
    code, out, err = run(starter, capsys, monkeypatch, "validate", STARTER_SLUG, "--content", "content")
    assert (code, out, err) == (0, "content is valid: 1 game checked, 3 products planned on A4 and Letter\n", "")
    code, out, _ = run(starter, capsys, monkeypatch, "list")
    assert "three-skies  (Three Skies)\n  print-guide " in out
    assert "  deck             the 12 cards, with their backs\n" in out
