"""Gutter-fold card sheets (`--sheet gutterfold`), for printers without duplex: each card's front
beside its own back on one side of the page, mirrored about a dashed fold line, so the sheet is
printed one-sided, folded, glued and cut through both layers. Read back from the built PDFs in
millimetres. Every expected number is worked out here from the print spec (PRINT.md: A4 210 x 297,
Letter 215.9 x 279.4, poker 63.5 x 88.9, ink 5 mm inside the page edges, the fold at least 5 mm from
any bleed), never taken from the plan code."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

import pytest
import yaml
from PIL import Image

from conftest import CONTENT, ROOT, build_into, main
from clearance import texts_on_lines, touching_texts
from declared import starter_project
from readback import (BLEED, CARD_H, CARD_W, PAPERS, TOL, UNPRINTABLE, Box, chars_in, cut_lines, frames, pages,
                      pdf_box, reader, text_of, union)

FOLD_CLEAR = 5.0  # PRINT.md: the fold at least 5 mm from any bleed (the trim without bleed)
CROP_MARK = 0.25  # mm, the width the crop marks are drawn at
LABEL_ROOM = 8.0  # mm at each end of the fold line, along it, for its label
DECK = len(yaml.safe_load((CONTENT / "ascending-row-overflow" / "game.yaml").read_text())["deck"]["cards"])  # 24
ABILITY = len(yaml.safe_load((CONTENT / "numbered-cards" / "game.yaml").read_text())["cards"])  # 18
REDO = yaml.safe_load((CONTENT / "one-too-many" / "game.yaml").read_text())["redo_tokens"]  # 12
CASES = [("a4", 0.0), ("a4", BLEED), ("letter", 0.0), ("letter", BLEED)]

# Poker cards a page, by hand. The fold is the page's middle line. Across it, a half holds what is
# left of half the page after the 5 mm unprintable margin and the 5 mm to the fold (with bleed,
# also 3 mm for the outer crop marks); along it, the printable length less 8 mm at each end for the
# fold's labels. The page is turned and folded whichever way holds the most:
# - A4 landscape (297 x 210) folded down: across 148.5 - 10 = 138.5 mm: 2 columns (127);
#   along 200 - 16 = 184 mm: 2 rows (177.8). 2 x 2 fronts | 2 x 2 backs.
# - Letter landscape (279.4 x 215.9): across 139.7 - 10 = 129.7: 2; along 205.9 - 16 = 189.9: 2.
# - A4 with 3 mm bleed (cells 69.5 x 94.9): landscape folded down: 135.5 across, 1; 184 along, 1.
#   Portrait folded across: 148.5 - 13 = 135.5 across: 1 row; 200 - 16 = 184 along: 2 columns (139).
#   Portrait folded down: 105 - 13 = 92: 1; 287 - 16 = 271: 2 rows. Landscape across: 92 < 94.9.
#   2 a page, on a portrait page.
# - Letter with 3 mm bleed, landscape folded across: 107.95 - 13 = 94.95 across: 1 row (94.9);
#   269.4 - 16 = 253.4 along: 3 columns (208.5), the scale bars up the side margins: 3 a page.
PER_PAGE = {("a4", 0.0): 4, ("a4", BLEED): 2, ("letter", 0.0): 4, ("letter", BLEED): 3}
LANDSCAPE = {("a4", 0.0): True, ("a4", BLEED): False, ("letter", 0.0): True, ("letter", BLEED): True}
# Redo tokens, 40 x 40 mm, at most 4 x 5 fronts a page (the game's choice): A4 landscape folded
# down, 138.5 / 40: 3 across, 184 / 40: 4 along = 12; Letter 129.7 / 40: 3, 189.9 / 40: 4 = 12.
# With bleed (46 x 46), a portrait page folded down: A4 92 / 46: 2, 271 / 46: 5 = 10;
# Letter 94.95 / 46: 2, 253.4 / 46: 5 = 10 (landscape folded down: 2 x 4 = 8).
TOKENS_PER_PAGE = {("a4", 0.0): 12, ("a4", BLEED): 10, ("letter", 0.0): 12, ("letter", BLEED): 10}
TOKENS_LANDSCAPE = {("a4", 0.0): True, ("a4", BLEED): False, ("letter", 0.0): True, ("letter", BLEED): False}


def _name(paper: str, bleed: float) -> str:
    return f"{paper}-{bleed:g}"


@pytest.fixture(scope="module")
def folded(tmp_path_factory) -> dict[tuple[str, float], Path]:
    """Every bundled game built with --sheet gutterfold on A4 without bleed (compared whole with a
    duplex build), and the games with cards on both papers, with and without bleed."""
    root = tmp_path_factory.mktemp("gutterfold")
    built = {}
    for paper, bleed in CASES:
        out = root / _name(paper, bleed)
        games = () if (paper, bleed) == CASES[0] else ("ascending-row-overflow", "numbered-cards", "one-too-many")
        assert build_into(out, *games, "--sheet", "gutterfold", "--paper", paper, "--bleed", f"{bleed:g}") == 0
        built[paper, bleed] = out
    return built


@pytest.fixture(scope="module")
def duplex_a4(built_a4) -> Path:
    """The session's A4 build (conftest: `build --paper a4`, read only), the duplex sheets to compare."""
    return built_a4


# --- reading a gutter-fold page ---------------------------------------------------------------------

def fold_of(page) -> tuple[bool, float, Box]:
    """(vertical, where, its extent): the page's one dashed line."""
    dashed = [s for s in page.lines if s.dashed]
    assert len(dashed) == 1, f"{len(dashed)} dashed lines"
    box = dashed[0].box
    vertical = box.width < TOL
    return vertical, box.x0 if vertical else box.y0, box


def mirror(box: Box, vertical: bool, at: float) -> Box:
    if vertical:
        return Box(2 * at - box.x1, box.y0, 2 * at - box.x0, box.y1)
    return Box(box.x0, 2 * at - box.y1, box.x1, 2 * at - box.y0)


def split(boxes, vertical: bool, at: float) -> tuple[list[Box], list[Box]]:
    """The boxes on the fronts' side (left of a vertical fold, above a horizontal one), and the rest."""
    def fronts(box: Box) -> bool:
        return box.x1 <= at if vertical else box.y0 >= at
    return [b for b in boxes if fronts(b)], [b for b in boxes if not fronts(b)]


def crop_marks(page, cards: list[Box]) -> list[Box]:
    """Black, solid, 0.25 mm lines at most 5 mm long, outside every card."""
    return [s.box for s in page.lines
            if not s.dashed and s.stroke_grey == 0 and abs(s.width - CROP_MARK) < 0.01
            and max(s.box.width, s.box.height) <= 5 + TOL and not any(s.box.within(c) for c in cards)]


def printable(page) -> Box:
    return Box(UNPRINTABLE, UNPRINTABLE, page.width - UNPRINTABLE, page.height - UNPRINTABLE)


def deck(folded, paper, bleed, product="ascending-row-overflow/deck.pdf") -> Path:
    return folded[paper, bleed] / product


# --- fronts, backs and the fold -----------------------------------------------------------------------

@pytest.mark.parametrize("paper, bleed", CASES)
def test_each_back_is_the_mirror_of_its_front_about_the_fold_on_the_same_page(folded, paper, bleed):
    path = deck(folded, paper, bleed)
    per = PER_PAGE[paper, bleed]
    for number, page in enumerate(pages(path)):
        vertical, at, _ = fold_of(page)
        fronts, backs = split(frames(page), vertical, at)
        expected = min(per, DECK - number * per)
        assert len(fronts) == len(backs) == expected, f"page {number + 1}"
        for front in fronts:
            assert any(mirror(front, vertical, at).same(back) for back in backs), f"page {number + 1}: {front}"
        # the faces are the fronts (their numbers), the backs the backs (the game's title)
        for front in fronts:
            assert text_of(chars_in(page, front)).split()[0].isdigit()
        for back in backs:
            assert "Ascending row" in text_of(chars_in(page, back))


@pytest.mark.parametrize("paper, bleed", CASES)
def test_pages_and_cards_a_page_are_as_worked_out_by_hand(folded, paper, bleed):
    width, height = PAPERS[paper]
    case = paper, bleed
    for product, cards, per, landscape in (
            ("ascending-row-overflow/deck.pdf", DECK, PER_PAGE[case], LANDSCAPE[case]),
            ("numbered-cards/ability-cards.pdf", ABILITY, PER_PAGE[case], LANDSCAPE[case]),
            ("one-too-many/redo-tokens.pdf", REDO, TOKENS_PER_PAGE[case], TOKENS_LANDSCAPE[case])):
        read = pages(deck(folded, paper, bleed, product))
        assert len(read) == math.ceil(cards / per), product
        size = (height, width) if landscape else (width, height)
        for page in read:
            assert abs(page.width - size[0]) <= TOL and abs(page.height - size[1]) <= TOL, product
    if not bleed:  # every card side has its grey cut line: a front and a back per token
        page = pages(deck(folded, paper, bleed, "one-too-many/redo-tokens.pdf"))[0]
        assert len(cut_lines(page)) == 2 * TOKENS_PER_PAGE[paper, bleed]


@pytest.mark.parametrize("paper, bleed", CASES)
def test_the_fold_is_the_pages_middle_5_mm_from_every_bleed_and_labelled_at_both_ends(folded, paper, bleed):
    for product in ("ascending-row-overflow/deck.pdf", "numbered-cards/ability-cards.pdf"):
        for page in pages(deck(folded, paper, bleed, product)):
            vertical, at, line = fold_of(page)
            assert abs(at - (page.width if vertical else page.height) / 2) <= TOL
            assert line.within(printable(page))
            cards = [box.grow(bleed) for box in frames(page)] + cut_lines(page)
            assert cards
            for card in cards:
                gap = min(abs(card.x0 - at), abs(card.x1 - at)) if vertical else min(abs(card.y0 - at), abs(card.y1 - at))
                assert gap >= FOLD_CLEAR - TOL, f"{product}: {card} is {gap:.2f} mm from the fold"
            ends = ((Box(at - 2, line.y0 - LABEL_ROOM, at + 2, line.y0), Box(at - 2, line.y1, at + 2, line.y1 + LABEL_ROOM))
                    if vertical else
                    (Box(line.x0 - LABEL_ROOM, at - 2, line.x0, at + 2), Box(line.x1, at - 2, line.x1 + LABEL_ROOM, at + 2)))
            for end in ends:
                assert text_of(chars_in(page, end)) == "fold"
                assert end.within(printable(page))


@pytest.mark.parametrize("paper, bleed", CASES)
def test_crop_marks_for_both_layers_on_the_trim_lines_in_the_printable_area(folded, paper, bleed):
    page = pages(deck(folded, paper, bleed))[0]
    vertical, at, _ = fold_of(page)
    trims = frames(page)
    cards = [t.grow(bleed) for t in trims]
    marks = crop_marks(page, cards)
    xs = {round(v, 2) for t in trims for v in (t.x0, t.x1)}
    ys = {round(v, 2) for t in trims for v in (t.y0, t.y1)}
    for mark in marks:
        assert mark.within(printable(page)), mark
        assert not (mark.x0 < at < mark.x1 if vertical else mark.y0 < at < mark.y1), f"{mark} crosses the fold"
        assert abs((mark.x0 if vertical else mark.y0) - at) > TOL and abs((mark.x1 if vertical else mark.y1) - at) > TOL
        on_x = mark.width < TOL and any(abs(mark.x0 - x) <= TOL for x in xs)
        on_y = mark.height < TOL and any(abs(mark.y0 - y) <= TOL for y in ys)
        assert on_x or on_y, f"{mark} is on no trim line"
    fronts, backs = split(marks, vertical, at)
    front_cards, back_cards = split(trims, vertical, at)
    assert fronts and backs
    for side, cards in ((fronts, front_cards), (backs, back_cards)):
        grid = union(card.grow(bleed) for card in cards)
        # every cut along the fold has a mark beyond both ends of its grid
        for cut in near_set(v for t in cards for v in ((t.x0, t.x1) if vertical else (t.y0, t.y1))):
            on = [m for m in side if (m.width < TOL and abs(m.x0 - cut) <= TOL) if vertical] + \
                [m for m in side if (m.height < TOL and abs(m.y0 - cut) <= TOL) if not vertical]
            low, high = (grid.y0, grid.y1) if vertical else (grid.x0, grid.x1)
            assert any((m.y1 if vertical else m.x1) <= low for m in on), cut
            assert any((m.y0 if vertical else m.x0) >= high for m in on), cut
        # and every cut across it has one in the gutter, between the grid and the fold
        if vertical:
            gutter = [m.y0 for m in side if m.height < TOL and (grid.x1 <= m.x0 if side is fronts else m.x1 <= grid.x0)]
            cuts = [v for t in cards for v in (t.y0, t.y1)]
        else:
            gutter = [m.x0 for m in side if m.width < TOL and (m.y1 <= grid.y0 if side is fronts else grid.y1 <= m.y0)]
            cuts = [v for t in cards for v in (t.x0, t.x1)]
        assert same_values(near_set(gutter), near_set(cuts)) and len(gutter) == len(near_set(cuts))


def near_set(values) -> list[float]:
    """The values, sorted, those within TOL of the one before left out."""
    kept: list[float] = []
    for value in sorted(values):
        if not kept or value - kept[-1] > TOL:
            kept.append(value)
    return kept


def same_values(a: list[float], b: list[float]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= TOL for x, y in zip(a, b))


def test_the_backs_read_upright_once_a_card_is_turned_over_side_to_side(folded):
    """A vertical fold turns the back half over side to side, as a player turns a card: backs are
    drawn upright. A horizontal fold turns it over top to bottom: backs are drawn upside down, so
    that a card turned over side to side shows its back upright (Letter with bleed folds across)."""
    for (paper, bleed), turned in ((("a4", 0.0), False), (("letter", BLEED), True)):
        page = pages(deck(folded, paper, bleed))[0]
        vertical, at, _ = fold_of(page)
        assert vertical == (not turned)
        fronts, backs = split(frames(page), vertical, at)
        for box, upside_down in [(b, False) for b in fronts] + [(b, turned) for b in backs]:
            directions = {ch.direction for ch in chars_in(page, box) if ch.text.strip()}
            expected = (-1.0, 0.0) if upside_down else (1.0, 0.0)
            assert any(abs(d[0] - expected[0]) < 1e-6 and abs(d[1]) < 1e-6 for d in directions), box
            if upside_down:  # all the back's words turned together
                assert all(d[0] < 0 for d in directions)


@pytest.mark.parametrize("paper, bleed", CASES)
def test_the_trim_box_holds_both_layers_and_the_file_asks_for_one_side(folded, paper, bleed):
    path = deck(folded, paper, bleed)
    preferences = reader(path).trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None" and "/Duplex" not in preferences
    for page, read in zip(reader(path).pages, pages(path)):
        trims = frames(read)
        assert pdf_box(page, "/TrimBox").same(union(trims))
        assert (pdf_box(page, "/BleedBox").same(union(t.grow(bleed) for t in trims)) if bleed
                else pdf_box(page, "/BleedBox") in (None, pdf_box(page, "/MediaBox")))


def test_other_products_are_the_same_files_as_a_duplex_build(folded, duplex_a4):
    def digests(out: Path) -> dict[str, str]:
        return {key: value["sha256"] for key, value in
                json.loads((out / ".printkit-manifest.json").read_text())["outputs"].items()}
    folded_a4, duplex = digests(folded["a4", 0.0]), digests(duplex_a4)
    changed = {key for key in duplex if folded_a4[key] != duplex[key]}
    cards = {"ascending-row-overflow/deck.pdf", "numbered-cards/ability-cards.pdf", "one-too-many/redo-tokens.pdf"}
    guides = {f"{game}/print-guide.pdf" for game in ("ascending-row-overflow", "numbered-cards", "one-too-many")}
    advice = {"numbered-cards/rules.pdf"}  # its "Printable materials" says how these cards print
    assert {Path(key).as_posix().split("output/")[-1] for key in changed} <= cards | guides | advice
    assert len(changed) == len(cards | guides | advice)


def test_back_offset_and_duplex_do_not_apply_to_a_gutter_fold_sheet(folded, tmp_path):
    assert build_into(tmp_path, "ascending-row-overflow", "--sheet", "gutterfold", "--paper", "a4",
                      "--back-offset", "2,-1", "--duplex", "short") == 0
    made = (tmp_path / "ascending-row-overflow" / "deck.pdf").read_bytes()
    assert hashlib.sha256(made).digest() == hashlib.sha256(deck(folded, "a4", 0.0).read_bytes()).digest()


# --- a declared deck, the print guide, the settings, the preview -----------------------------------------

def test_a_declared_deck_folds_the_same_way(tmp_path):
    project = starter_project(tmp_path / "starter")
    for paper, per in (("a4", 4), ("letter", 4)):
        out = tmp_path / paper
        assert main(["build", "--project", str(project), "--out", str(out), "--paper", paper, "--sheet", "gutterfold"]) == 0
        path = out / "three-skies" / "deck.pdf"
        read = pages(path)
        cards = len(yaml.safe_load((project / "content" / "three-skies" / "game.yaml").read_text())["products"]["deck"]["cards"])
        assert len(read) == math.ceil(cards / per)
        for page in read:
            vertical, at, _ = fold_of(page)
            fronts, backs = split(cut_lines(page), vertical, at)
            assert len(fronts) == len(backs) <= per
            assert all(any(mirror(f, vertical, at).same(b) for b in backs) for f in fronts)
            assert all("Three Skies" in text_of(chars_in(page, b)) for b in backs)
            assert all(abs(f.width - CARD_W) <= TOL and abs(f.height - CARD_H) <= TOL for f in fronts)


def test_a_shop_export_prints_duplex_sheets_whatever_printkit_yaml_says(tmp_path, monkeypatch):
    """A shop of kind `sheets` (none in shops.yaml takes them now: the offset printer's PDF/X-4 is
    one card a page), made here from the offset printer's profile."""
    from dataclasses import replace
    from printkit.targets.profiles import profiles
    monkeypatch.setitem(profiles(), "sheets", replace(profiles()["pdfx"], slug="sheets", kind="sheets"))
    project = starter_project(tmp_path / "starter")
    (project / "printkit.yaml").write_text("sheet: gutterfold\n")
    assert main(["export", "--project", str(project), "--for", "sheets", "--out", str(tmp_path / "sheets")]) == 0
    path = tmp_path / "sheets" / "three-skies" / "deck.pdf"
    assert reader(path).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    assert all(not [s for s in page.lines if s.dashed] and page.height > page.width for page in pages(path))


def test_the_print_guide_says_how_to_print_fold_glue_and_cut(folded):
    text = " ".join(text_of(page.chars) for page in pages(folded["a4", 0.0] / "numbered-cards" / "print-guide.pdf"))
    for words in ("print one-sided at Actual size", "Fold along the dashed line", "printed side out",
                  "Glue the halves", "glue stick", "thin layer", "press them flat", "let them dry",
                  "cut through both layers on the crop marks"):
        assert words in text, words
    assert "flip on the long edge" not in text and "Cards and tokens are printed on both sides" not in text


def test_the_duplex_print_guide_says_nothing_of_folding(duplex_a4):
    text = " ".join(text_of(page.chars) for page in pages(duplex_a4 / "numbered-cards" / "print-guide.pdf"))
    assert "both sides" in text and "Fold along" not in text and "glue" not in text.lower()


def test_printkit_settings_saves_the_sheet_and_every_command_then_uses_it(project, cli):
    code, out, _ = cli("settings", "--content", "content", "--sheet", "gutterfold")
    assert code == 0 and "  sheet: gutterfold" in out.splitlines()
    assert "sheet: gutterfold" in (project / "printkit.yaml").read_text().splitlines()
    assert cli("build", "numbered-cards", "--content", "content", "--out", "out")[0] == 0
    page = pages(project / "out" / "numbered-cards" / "ability-cards.pdf")[0]
    assert fold_of(page)[0] and page.width > page.height
    assert cli("build", "numbered-cards", "--content", "content", "--out", "duplex", "--sheet", "duplex")[0] == 0
    assert not [s for s in pages(project / "duplex" / "numbered-cards" / "ability-cards.pdf")[0].lines if s.dashed]
    assert cli("settings", "--content", "content", "--sheet", "duplex")[1].count("  sheet: duplex") == 1


def test_a_bad_sheet_in_printkit_yaml_is_one_located_line(project, cli):
    (project / "printkit.yaml").write_text("paper: a4\nsheet: folded\n")
    code, out, err = cli("build", "--content", "content", "--out", "out")
    assert (code, out, err.splitlines()) == (
        1, "", ["printkit.yaml:2: sheet: 'folded' is not allowed (expected one of: duplex, gutterfold)"])
    assert not (project / "out").exists()


def test_a_bad_sheet_on_the_command_line_is_a_usage_error(project, cli):
    code, out, err = cli("build", "--content", "content", "--out", "out", "--sheet", "folded")
    assert code == 2 and "printkit: error: argument --sheet: invalid choice: 'folded'" in err
    assert not (project / "out").exists()


FOLD = "{% set fold %}{% trans %}fold{% endtrans %}{% endset %}"  # common.j2's, in a trans block: its catalogs' word in a language


@pytest.mark.parametrize("word, problem", [("Falz", None),
                                           ("zusammenfalten", "fold label: 'zusammenfalten' does not fit its 7.0 x 3.0 mm box")])
def test_the_fold_label_is_the_templates_word(project, cli, word, problem):
    common = project / "templates" / "common.j2"
    text = (ROOT / "templates" / "common.j2").read_text()
    common.write_text(text.replace(FOLD, f"{{% set fold %}}{word}{{% endset %}}"))
    code, out, err = cli("build", "numbered-cards", "--content", "content", "--out", "out", "--sheet", "gutterfold")
    if problem:  # at the word's line, and nothing written
        line = text.splitlines().index(FOLD) + 1
        assert (code, err.splitlines()[0].split(" at ")[0]) == (1, f"templates/common.j2:{line}: {problem}")
        assert not (project / "out" / "numbered-cards" / "ability-cards.pdf").exists()
        return
    assert code == 0, err
    page = pages(project / "out" / "numbered-cards" / "ability-cards.pdf")[0]
    _, at, line = fold_of(page)
    assert text_of(chars_in(page, Box(at - 2, line.y1, at + 2, line.y1 + LABEL_ROOM))) == word


def test_the_preview_cuts_each_card_from_the_fronts_and_says_fold(cli):
    """A4 landscape, 2 x 2 fronts left of the fold at 148.5 mm: a half has 138.5 - 127 = 11.5 mm to
    spare, half of it in the gutter, so card 1's left edge is 148.5 - 5 - 5.75 - 127 = 10.75 mm in,
    its top (210 - 2 x 88.9) / 2 = 16.1 mm down."""
    dpi = 20
    assert cli("preview", "numbered-cards", "--content", "content", "--out", "out", "--dpi", str(dpi),
               "--sheet", "gutterfold")[0] == 0
    folder = Path("out/preview/numbered-cards/ability-cards")
    assert len(list(folder.glob("page-*.png"))) == 5 and len(list(folder.glob("card-*.png"))) == ABILITY
    px = dpi / 25.4
    with Image.open(folder / "page-01.png") as page, Image.open(folder / "card-01.png") as card:
        assert abs(page.width - 297 * px) <= 1 and abs(page.height - 210 * px) <= 1
        x, y = round(10.75 * px), round(16.1 * px)
        assert card.tobytes() == page.crop((x, y, x + card.width, y + card.height)).tobytes()
    html = Path("out/index.html").read_text(encoding="utf-8")
    how = html.split('id="numbered-cards-ability-cards"')[1].split("</ul>")[0]
    assert "one-sided" in how and "Fold along the dashed line" in how and "duplex" not in how


@pytest.mark.parametrize("paper, bleed", CASES)
def test_no_text_touches_another_or_a_line(folded, paper, bleed):
    """The layout checks every kit passes (clearance.py), on the gutter-fold pages and guides."""
    for product in ("ascending-row-overflow/deck.pdf", "numbered-cards/ability-cards.pdf",
                    "one-too-many/redo-tokens.pdf", "numbered-cards/print-guide.pdf"):
        for number, page in enumerate(pages(deck(folded, paper, bleed, product))):
            assert touching_texts(page) == [] and texts_on_lines(page) == [], f"{product} page {number + 1}"


# --- beside the other print options of issue 17 ---------------------------------------------------------

def test_rounded_corners_round_both_halves_cut_guides(tmp_path):
    assert build_into(tmp_path, "numbered-cards", "--sheet", "gutterfold", "--corners", "3.175") == 0
    page = pages(tmp_path / "numbered-cards" / "ability-cards.pdf")[0]
    vertical, at, _ = fold_of(page)
    guides = [s.box for s in page.curves if s.stroke and s.stroke_grey is not None
              and abs(s.stroke_grey - 0.6) < 0.01 and abs(s.width - 0.2) < 0.01]
    assert not cut_lines(page)  # no square guide left
    fronts, backs = split(guides, vertical, at)
    assert len(fronts) == len(backs) == PER_PAGE["a4", 0.0]
    assert all(any(mirror(f, vertical, at).same(b) for b in backs) for f in fronts)


def test_a_cutting_machine_is_refused_for_a_gutter_fold_sheet(project, cli):
    code, out, err = cli("build", "numbered-cards", "--content", "content", "--out", "out",
                         "--sheet", "gutterfold", "--cutter", "silhouette")
    assert code == 1 and len(err.splitlines()) == 1
    assert "--cutter silhouette: a cutting machine cuts a flat printed sheet" in err and "gutterfold" in err
    assert not (project / "out").exists()


def test_an_errata_pack_prints_its_cards_on_the_decks_gutter_fold_sheet(cli, tmp_path, monkeypatch):
    kit = tmp_path / "kit"
    assert cli("new", str(kit), "--example", "numbered-cards", "-q")[0] == 0
    monkeypatch.chdir(kit)
    assert cli("printed")[0] == 0
    game = kit / "content" / "numbered-cards" / "game.yaml"
    game.write_text(game.read_text().replace("ability: Swap two cards.", "ability: Swap any two cards."))
    code, out, err = cli("errata", "--sheet", "gutterfold")
    assert (code, err) == (0, "")
    path = kit / "output" / "numbered-cards" / "errata.pdf"
    read = pages(path)
    assert len(read) == 2  # the list of changes, then one gutter-fold sheet (no blank back: one-sided)
    assert "/Duplex" not in reader(path).trailer["/Root"]["/ViewerPreferences"]
    vertical, at, _ = fold_of(read[1])
    fronts, backs = split(cut_lines(read[1]), vertical, at)
    assert len(fronts) == len(backs) == 1 and mirror(fronts[0], vertical, at).same(backs[0])
    assert "Swap any two cards." in text_of(chars_in(read[1], fronts[0]))
    assert "Flipped face down" in text_of(chars_in(read[1], backs[0]))


def test_validate_plans_the_gutter_fold_sheets_printkit_yaml_asks_for(project, cli):
    """`printkit validate` plans what a build would: with `sheet: gutterfold` in printkit.yaml, a
    fold word too long for its room is found before anything is built, at its line."""
    common = project / "templates" / "common.j2"
    text = (ROOT / "templates" / "common.j2").read_text()
    common.write_text(text.replace(FOLD, "{% set fold %}" + "fold here " * 6 + "{% endset %}"))
    line = text.splitlines().index(FOLD) + 1
    assert cli("validate", "numbered-cards", "--content", "content")[0] == 0  # duplex sheets have no fold
    (project / "printkit.yaml").write_text("sheet: gutterfold\n")
    code, out, err = cli("validate", "numbered-cards", "--content", "content")
    assert code == 1 and err.splitlines()[0].startswith(f"templates/common.j2:{line}: "), err
