"""The print guide (issue 13, item 7), read back: every other file of the kit is in it, with the
page count the file really has, how to print it as the build made it, the paper, the copies; the
host's files are marked; and it is the first product of every game (first in the preview)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2 as pdfium
import pytest

from conftest import build_into
from readback import CARD_H, CARD_W, MM, TOL, cut_lines, pages, union
from printkit.games import all_games

GAMES = sorted(all_games())


def lines(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [line for page in pdf.pages for line in (page.extract_text() or "").splitlines()]


def rows(folder: Path, game: str) -> dict[str, str]:
    """The guide's table, read by its ruled cells: file name -> the rest of its row in one line."""
    with pdfplumber.open(folder / game / "print-guide.pdf") as pdf:
        table = max(pdf.pages[0].extract_tables(), key=len)
    assert table[0][:5] == ["File", "Pages", "How to print", "Paper", "Copies"]
    return {" ".join(row[0].split()).split(" … ")[0]: " ".join(" ".join(cell or "" for cell in row[1:]).split())
            for row in table[1:] if row[0]}


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_lists_every_file_with_its_real_page_count(built_a4, game):
    listed = rows(built_a4, game)
    written = sorted(p.relative_to(built_a4 / game).as_posix() for p in (built_a4 / game).rglob("*.pdf")
                     if p.name != "print-guide.pdf")
    singles = [name for name in written if "/" not in name]
    assert sorted(name for name in listed if "/" not in name) == singles
    for name in singles:
        pages = len(pypdf.PdfReader(built_a4 / game / name).pages)
        assert listed[name].split()[0] == str(pages), (name, listed[name])
    groups = {name.split("/")[0] for name in written if "/" in name}
    for group in groups:  # a product of several files: its first file, "N each" when alike, else all its pages
        members = sorted(name for name in written if name.startswith(f"{group}/"))
        counts = [len(pypdf.PdfReader(built_a4 / game / name).pages) for name in members]
        expected = f"{counts[0]} each" if len(set(counts)) == 1 else str(sum(counts))
        assert listed[members[0]].startswith(expected)


def test_the_guide_says_how_the_deck_was_built_to_print(tmp_path):
    long, short, none = (tmp_path / flip for flip in ("long", "short", "none"))
    assert build_into(long, "ascending-row-overflow") == 0
    assert build_into(short, "ascending-row-overflow", "--duplex", "short") == 0
    assert build_into(none, "ascending-row-overflow", "--duplex", "none") == 0
    assert "both sides, flip on the long edge" in rows(long, "ascending-row-overflow")["deck.pdf"]
    assert "both sides, flip on the short edge" in rows(short, "ascending-row-overflow")["deck.pdf"]
    assert "fronts only" in rows(none, "ascending-row-overflow")["deck.pdf"]
    assert "card stock" in rows(long, "ascending-row-overflow")["deck.pdf"]


@pytest.mark.parametrize("game, host", [("ascending-row-overflow", "practice-key.pdf"),
                                        ("cross-sums", "solutions.pdf")])
def test_the_host_files_are_marked(built_a4, game, host):
    listed = rows(built_a4, game)
    assert "for the host" in listed[host]
    assert [name for name, row in listed.items() if "for the host" in row] == [host]
    assert any(line.startswith(f"Host only. {host} holds the answers") for line in lines(built_a4 / game / "print-guide.pdf"))


def test_the_saddle_booklet_is_printed_duplex_on_the_short_edge_then_folded(built_a4):
    row = rows(built_a4, "cross-sums")["booklet-saddle/volume-1.pdf"]  # its volumes (Cross Sums, issue 13, item 10)
    assert "both sides, flip on the short" in row


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_comes_first(game):
    assert all_games()[game].products[0].name == "print-guide"


@pytest.mark.parametrize("game, cards, aids", [("ascending-row-overflow", True, True), ("one-too-many", True, True),
                                               ("numbered-cards", True, False), ("cross-sums", False, True)])
def test_the_guide_says_how_to_cut_only_what_the_kit_has(built_a4, game, cards, aids):
    text = " ".join(lines(built_a4 / game / "print-guide.pdf"))
    assert ("crop marks" in text) == cards
    assert ("Player aids are cut apart on the dashed line" in text) == aids
    assert ("Cutting." in text) == (cards or aids)


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_built_alone_counts_the_files_it_lists(built_a4, tmp_path, game):
    """`--only print-guide`: the other files are planned for their page counts, not written."""
    assert build_into(tmp_path, game, "--only", "print-guide", "--paper", "a4") == 0
    assert [p.name for p in (tmp_path / game).rglob("*.pdf")] == ["print-guide.pdf"]
    assert rows(tmp_path, game) == rows(built_a4, game)


# --- issue 23: which scenario form to print, both sides by hand, cutting as the paper allows --------

def guide_text(folder: Path, game: str) -> str:
    """The guide's words in the order drawn, single-spaced (a paragraph's lines joined)."""
    pdf = pdfium.PdfDocument(str(folder / game / "print-guide.pdf"))
    return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdf)


def test_the_guide_says_print_one_of_the_scenarios_three_forms(built):
    words, listed = guide_text(built[1], "cross-sums"), rows(built[1], "cross-sums")
    assert "The scenarios come in three forms: print one. All three hold the same 50 scenarios." in words
    assert "instead of the setup sheets" in listed["booklet-saddle/volume-1.pdf"]
    assert "none: for the screen" in listed["booklet.pdf"]


def test_the_guide_gives_each_saddle_volume_its_real_sheet_count(built):
    """A saddle volume's PDF pages are the sides of its sheets, two half-size booklet pages each:
    a sheet is two PDF pages (four booklet pages)."""
    folder = built[1]
    volumes = sorted((folder / "cross-sums" / "booklet-saddle").glob("volume-*.pdf"))
    counts = [len(pypdf.PdfReader(path).pages) for path in volumes]
    assert len(volumes) == 3 and all(count % 2 == 0 for count in counts)
    sheets = [count // 2 for count in counts]
    said = f"Each file of booklet-saddle/ is a booklet of its own: {sheets[0]}, {sheets[1]} and {sheets[2]} sheets."
    assert said in guide_text(folder, "cross-sums")


def test_the_guide_says_how_to_staple_on_the_fold_without_a_long_reach_stapler(built_a4):
    words = guide_text(built_a4, "cross-sums")
    for step in ("No long-reach stapler? Open the stapler flat", "on an eraser or a cork board",
                 "push each staple through the fold from the outside", "fold the prongs flat inside by hand"):
        assert step in words, step


@pytest.mark.parametrize("game, pieces", [("ascending-row-overflow", "cards"), ("numbered-cards", "cards"),
                                          ("one-too-many", "tokens")])
def test_the_guide_helps_print_both_sides(built, game, pieces):
    words = guide_text(built[1], game)
    both = words[words.index("Printing both sides."):words.index("Cutting.")]
    for step in (f"First print one sheet of the {pieces} (pages 1 and 2) on plain paper",
                 "run printkit calibrate", "back-offset.pdf", "--back-offset X,Y",
                 "A printer without duplex. Print the odd pages (the fronts) alone.",
                 "draw an arrow on a blank sheet", "the top edge of the fronts going in first",
                 "then print the even pages (the backs)", "--sheet gutterfold"):
        assert step in both, (game, step)
    assert ("cards" in both) == (pieces == "cards") and ("tokens" in both) == (pieces == "tokens")


def test_the_guide_says_which_edge_goes_in_first_as_the_deck_was_built(tmp_path):
    assert build_into(tmp_path / "short", "numbered-cards", "--duplex", "short") == 0
    assert "the bottom edge of the fronts going in first" in guide_text(tmp_path / "short", "numbered-cards")
    assert build_into(tmp_path / "none", "numbered-cards", "--duplex", "none") == 0
    assert "Printing both sides" not in guide_text(tmp_path / "none", "numbered-cards")


def marked_sides(path: Path) -> set[str]:
    """The sides of the first sheet's card grid that have crop marks beyond them (black 0.25 mm
    lines at most 5 mm long outside the cards, along the cut they extend: a cut down the sheet has
    its marks above and below the grid, a cut across it at the sides)."""
    page = pages(path)[0]
    cards = [box for box in cut_lines(page) if abs(box.width - CARD_W) < 0.1 and abs(box.height - CARD_H) < 0.1]
    grid = union(cards)
    marks = [s.box for s in page.lines if not s.dashed and s.stroke_grey == 0 and abs(s.width - 0.25) < 0.01
             and max(s.box.width, s.box.height) <= 5 + TOL and not any(s.box.within(c) for c in cards)]
    down, across = [b for b in marks if b.width <= TOL], [b for b in marks if b.height <= TOL]
    return {side for side, found in (("top", [b for b in down if b.y0 >= grid.y1]),
                                     ("bottom", [b for b in down if b.y1 <= grid.y0]),
                                     ("left", [b for b in across if b.x1 <= grid.x0]),
                                     ("right", [b for b in across if b.x0 >= grid.x1])) if found}


@pytest.mark.parametrize("game, deck", [("ascending-row-overflow", "deck.pdf"),
                                        ("numbered-cards", "ability-cards.pdf")])
def test_the_cutting_order_follows_the_crop_marks_the_paper_has_room_for(built, game, deck):
    """Letter's 6.35 mm top and bottom margins beside three poker cards hold no crop mark: the long
    cuts down the sheet have none, so the rows are cut apart first, on the marks at the sides."""
    paper, folder = built
    sides, words = marked_sides(folder / game / deck), guide_text(folder, game)
    if paper == "a4":
        assert sides == {"top", "bottom", "left", "right"}
        assert "on the black crop marks in the margin: first the long cuts from one edge of the sheet to the other" \
            in words
    else:
        assert sides == {"left", "right"}
        assert "first the long cuts" not in words
        assert "first cut the rows apart along the marks at the sides, from one edge to the other, then cut each " \
               "strip along the grey cut lines between its cards, which run to the strip's edges." in words


def test_a_letter_gutter_fold_sheet_is_cut_into_columns_first(tmp_path):
    """Folded, a Letter gutter-fold sheet's cuts across have a crop mark in the gutter only; its
    cuts down have theirs at the top and the bottom."""
    assert build_into(tmp_path, "numbered-cards", "--paper", "letter", "--sheet", "gutterfold") == 0
    words = guide_text(tmp_path, "numbered-cards")
    assert "first cut the columns apart along the marks at the top and bottom" in words
    assert "Printing both sides" not in words


@pytest.mark.parametrize("game", ["ascending-row-overflow", "cross-sums", "numbered-cards", "one-too-many"])
def test_no_word_of_a_guide_is_shrunk_below_the_tables_type(built, game):
    """The table's file names (booklet-saddle/volume-1.pdf … volume-3.pdf) and every other word
    above the footer stand at 8 pt at least, on both papers (a file name was shrunk to 7 pt)."""
    paper, folder = built
    with pdfplumber.open(folder / game / "print-guide.pdf") as pdf:
        for page in pdf.pages:
            above = [c for c in page.chars if c["text"].strip() and c["bottom"] < page.height - 20 / MM]  # not the footer
            assert len(above) > 500
            small = {c["text"] for c in above if c["size"] < 8 - 0.01}
            assert not small, f"{game} on {paper}: {sorted(small)[:10]} under 8 pt"
