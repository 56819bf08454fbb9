"""The words on the sheets: read back from the PDFs, checked against the seed's rules and the
content, and changed by a content edit (no number or rule word comes from code)."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest

from conftest import build_into
from readback import MM, pages, text_of

GAME = "ascending-row-overflow"


def text(folder: Path, product: str, right_half: bool = False) -> str:
    """A PDF's text with whitespace made single spaces (optionally of the pages' right halves)."""
    with pdfplumber.open(folder / GAME / f"{product}.pdf") as pdf:
        pages = [p.crop((p.width / 2, 0, p.width, p.height)) if right_half else p for p in pdf.pages]
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pages)


def test_score_sheet_has_deals_dealer_total_and_the_tie_rule(built_a4):
    words = text(built_a4, "score-sheet")
    for label in ("Player", "Deal 1", "Deal 2", "Total", "D"):
        assert label in words
    assert "fourth player, if playing" in words  # 3 players, a 4th optional
    assert "Fewer points is better; equal totals tie." in words
    assert words.count("Deal 1") >= 3  # several games a page


def test_practice_sheet_shows_the_seeds_example_and_no_answers(built_a4):
    words = text(built_a4, "practice-sheet")
    assert "Exercise 1 · The worked example from the rules" in words
    assert "Exercise 8" in words
    for card in (7, 15, 18):
        assert f"{card} joins row ____" in words
    assert "goes after" not in words and "collects 10, 12, 14, 15" not in words


def test_practice_key_holds_the_models_answers(built_a4):
    words = text(built_a4, "practice-key", right_half=True)  # the answers, beside the rows
    assert "7 goes after 3 in row A." in words
    assert "15 goes after 14 in row C." in words
    # 18 follows 15 (not 14: the end changed) and row C already holds four: overflow
    assert "18 belongs in row C, which already holds four cards: that player collects 10, 12, 14, 15" in words
    assert "no row ends below it" in words  # the seeded exercises include that case
    assert "Exercise 8" in text(built_a4, "practice-key")


def test_rules_page_tells_the_seeds_rules_with_content_numbers(built_a4):
    words = text(built_a4, "rules")
    for sentence in (
        "Use exactly twenty-four cards, one each numbered 1 to 24, with identical backs.",
        "Shuffle and deal five cards to each of three or four players.",
        "Each row can hold at most four cards before an overflow is resolved.",
        "Append to the row whose end is the greatest number strictly below your card.",
        "Seven goes after three. Fifteen goes after fourteen. Eighteen then follows fifteen, not "
        "fourteen, because the current row end changed",
        "its key is for the host, kept apart from the players.",
    ):
        assert sentence in words, sentence
    for notes in ("manual tabletop kit", "online opponent", "automatic judge", "solver"):  # printkit's, not the game's
        assert notes not in words, notes


@pytest.fixture(scope="module")
def edited(tmp_path_factory) -> Path:
    """The project with a row limit of 3 and hands of 4 cards: every sheet must follow."""
    import shutil
    root = tmp_path_factory.mktemp("edited")
    here = Path(__file__).resolve().parents[2]
    shutil.copytree(here / "content", root / "content")
    shutil.copytree(here / "templates", root / "templates")
    game = root / "content" / GAME / "game.yaml"
    source = game.read_text(encoding="utf-8")
    source = re.sub(r"\nrow_limit: 4", "\nrow_limit: 3", source)
    source = re.sub(r"\nhand_size: 5", "\nhand_size: 4", source)
    game.write_text(source, encoding="utf-8")
    practice = root / "content" / GAME / "practice.yaml"
    practice.write_text(practice.read_text(encoding="utf-8").replace("[10, 12, 14]", "[12, 14]"),
                        encoding="utf-8")
    assert build_into(root / "out", GAME, content=root / "content") == 0
    return root / "out"


def test_a_content_edit_changes_the_words_it_should(edited):
    rules = text(edited, "rules")
    assert "Each row can hold at most three cards" in rules
    assert "deal four cards to each of three or four players" in rules
    assert "End after four reveals" in rules
    assert "four cards before an overflow" not in rules
    with pdfplumber.open(edited / GAME / "player-aid.pdf") as pdf:  # its two columns, one after the other
        page = pdf.pages[0]
        columns = [page.crop((0, 0, page.width * 0.55, page.height / 2)),
                   page.crop((page.width * 0.55, 0, page.width, page.height / 2))]
        aid = " ".join(" ".join(column.extract_text().split()) for column in columns)
    assert "already holds three cards: collect those three" in aid
    assert "collected: 3 penalty points" in aid


def test_a_content_edit_changes_the_mats_places(edited):
    with pdfplumber.open(edited / GAME / "starter-rows.pdf") as pdf:
        page = pdf.pages[0]
        places = [r for r in page.rects if abs(r["width"] * 25.4 / 72 - 63.5) < 0.05
                  and abs(r["height"] * 25.4 / 72 - 88.9) < 0.05]
    assert len(places) == 2 * 3  # two mats a sheet, three places each


def test_a_tie_for_the_fewest_cards_is_settled_by_the_exercise(project, tmp_path):
    """A given exercise where rows A and B tie for the fewest cards when 1 is revealed (and 8 and 9
    join row C whichever is taken): the sheet names the row the player chooses, the key works on
    from that row."""
    practice = project / "content" / GAME / "practice.yaml"
    practice.write_text(practice.read_text(encoding="utf-8") + (
        "  - title: A tie\n    rows: [[20], [21], [2, 6, 7], [3, 4, 5, 24]]\n    revealed: [1, 8, 9]\n"),
        encoding="utf-8")
    out = tmp_path / "out"  # not the project's own folder (tmp_path): --out there is refused
    assert build_into(out, GAME, content=project / "content") == 0
    key = text(out, "practice-key", right_half=True)
    assert "1: no row ends below it, so that player chooses a row to collect: row A, as the exercise says" in key
    assert "8 goes after 7 in row C." in key and "9 belongs in row C" in key
    assert "its player chooses row A to collect." in exercises(out, "practice-sheet")[2]  # given ones come first


def drawn_text(folder: Path, product: str) -> str:
    """A PDF's text in the order it is drawn (a box's words together, not a page's lines across
    its columns), whitespace made single spaces."""
    pdf = pdfium.PdfDocument(str(folder / GAME / f"{product}.pdf"))
    return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdf)


def exercises(folder: Path, product: str) -> dict[int, str]:
    """Each exercise's words, by its number."""
    parts = re.split(r"Exercise (\d+)", drawn_text(folder, product))
    return {int(number): words for number, words in zip(parts[1::2], parts[2::2])}


def test_where_no_row_is_below_a_card_the_exercise_names_the_row_chosen(built):
    """Issue 23, item 4: the player may choose any row, so the sheet says which one the exercise
    takes, and the key's later answers follow from that row (exercises 3 and 6 today)."""
    _, folder = built
    sheet, key = exercises(folder, "practice-sheet"), exercises(folder, "practice-key")
    named = {n: re.findall(r"its player chooses row ([A-D]) to collect", words) for n, words in sheet.items()}
    taken = {n: re.findall(r"chooses a row to collect: row ([A-D]), as the exercise says", words)
             for n, words in key.items()}
    assert named == taken and sum(map(len, named.values())) >= 2, (named, taken)
    assert all(len(rows) <= 1 for rows in named.values())


def test_the_practice_sheet_fills_its_pages_on_letter_as_on_a4(built):
    """Eight exercises, four a page on both papers: Letter's third page held two and was 45% empty."""
    _, folder = built
    for product in ("practice-sheet", "practice-key"):
        with pdfplumber.open(folder / GAME / f"{product}.pdf") as pdf:
            texts = [page.extract_text() for page in pdf.pages]
        assert len(texts) == 2, (product, len(texts))
        assert [len(re.findall(r"Exercise \d", words)) for words in texts] == [4, 4]


def test_the_rules_call_the_starter_rows_shared(built):
    words = text(built[1], "rules")
    assert "each player's starter row" not in words
    assert "The four starter rows are shared: lay each on a starter-row mat of its own" in words


def test_the_aid_says_no_change_after_the_reveal_and_the_two_deal_total(built):
    words = drawn_text(built[1], "player-aid")
    assert "once the cards are shown, nobody changes their choice" in words
    assert "Playing two deals: reshuffle all twenty-four cards, rotate the dealer, and add each player's two " \
           "penalties" in words


def test_the_rules_draw_the_worked_example_as_the_seed_tells_it(built):
    """The seed's example: rows ending 3, 8, 14 and 20, cards 7, 15 and 18 revealed; 7 goes after
    3, 15 after 14, and 18 finds row C full (10 12 14 15), so its player collects those four and 18
    starts the row. The figure shows those rows after, the placed cards grey, the four collected."""
    _, folder = built
    with pdfplumber.open(folder / GAME / "rules.pdf") as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        after = next(w for w, next_ in zip(words, words[1:]) if (w["text"], next_["text"]) == ("Rows", "after"))
        left = after["x0"] - 12  # "Rows after": its first word, less the room of a row letter
        below = sorted((w for w in words if w["x0"] > left and after["bottom"] < w["top"] < after["bottom"] + 200),
                       key=lambda w: ((w["top"] + w["bottom"]) / 2, w["x0"]))
        lines: list[list] = []
        for w in below:  # one line: words whose middles are within 4 pt of the line's first
            middle = (w["top"] + w["bottom"]) / 2
            if lines and abs(middle - lines[-1][0]) < 4:
                lines[-1][1].append(w)
            else:
                lines.append([middle, [w]])
        shown = [" ".join(w["text"] for w in sorted(line, key=lambda w: w["x0"])) for _, line in lines]
        assert shown[:6] == ["A 3 7", "B 5 8", "C 18", "D 20", "Collected: 4 penalty points", "10 12 14 15"]
    drawn = pages(folder / GAME / "rules.pdf")[0]
    grey = [shape.box for shape in drawn.curves + drawn.rects if shape.fill and shape.fill_grey == pytest.approx(0.82)
            and shape.box.x0 > left * MM]  # the cards that stand out, right of the revealed ones
    placed = {text_of([c for c in drawn.chars if box.holds(*c.box.centre)]) for box in grey}
    assert placed == {"7", "18"}, placed
