"""The built PDFs, read back: what a printer and a person with a ruler will actually get.

Every expected number here is computed from the print spec (PRINT.md), never taken from printkit's
plan code: poker card 63.5 x 88.9 mm, A4 210 x 297 mm, Letter 215.9 x 279.4 mm, 1 pt = 25.4/72 mm,
a 3 x 3 grid centred on the page, ink kept 5 mm inside every page edge. Geometry is read with
pdfplumber (drawn rects, lines, curves and characters) and pypdf (page boxes, metadata, viewer
preferences, fonts), converted to millimetres with y measured up from the bottom edge, as in PDF,
and compared to +-0.05 mm.
"""

from __future__ import annotations

import shutil
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from conftest import CONTENT, ROOT, build_into
from readback import (BLEED, back_art, CARD_H, CARD_W, COLS, MM, PAPERS, ROWS, SAFE_ZONE, SCALE_BARS, TOL,
                      UNPRINTABLE, Box, Char, Page, Shape, bar_label, chars_in, cut_lines, embedded, expected_slots,
                      fonts, frames, pages, pdf_box, reader, scale_bar_rects, text_of, union, advance)

GAME = "ascending-row-overflow"
PRODUCTS = ("deck", "starter-rows", "player-aid", "score-sheet", "practice-sheet", "practice-key", "rules")


# --- reading PDFs back, in millimetres ------------------------------------------------------------




def pdf_of(folder: Path, product: str) -> Path:
    path = folder / GAME / f"{product}.pdf"
    assert path.is_file(), f"{product}.pdf was not built into {folder / GAME}"
    return path


def game_yaml(content: Path = CONTENT) -> dict:
    return yaml.safe_load((content / GAME / "game.yaml").read_text(encoding="utf-8"))


# --- text helpers -----------------------------------------------------------------------------


# --- builds -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Build:
    folder: Path
    error: str | None

    def pdf(self, product: str) -> Path:
        assert self.error is None, f"the build failed, so there is no {product}.pdf: {self.error}"
        return pdf_of(self.folder, product)


def build(folder: Path, *args: str, content: Path = CONTENT) -> Build:
    """Build through the CLI; a crash becomes a recorded error, so the tests that need it fail
    with the reason instead of erroring the whole module."""
    try:
        code = build_into(folder, GAME, *args, content=content)  # this game only: the others are not read here
    except Exception as error:  # noqa: BLE001 - reported by every test that needs this build
        where = traceback.extract_tb(error.__traceback__)[-1]
        return Build(folder, f"printkit build {' '.join(args)} crashed: {type(error).__name__}: {error} "
                             f"(at {Path(where.filename).name}:{where.lineno})")
    return Build(folder, None if code == 0 else f"printkit build {' '.join(args)} exited with {code}")


@pytest.fixture(scope="module", params=["a4", "letter"])
def bleed_build(request, tmp_path_factory) -> tuple[str, Build]:
    paper = request.param
    return paper, build(tmp_path_factory.mktemp(f"bleed-{paper}"), "--paper", paper, "--bleed", str(BLEED))


@pytest.fixture(scope="module")
def short_build(tmp_path_factory) -> Build:
    return build(tmp_path_factory.mktemp("short"), "--paper", "a4", "--duplex", "short")


@pytest.fixture(scope="module")
def none_build(tmp_path_factory) -> Build:
    return build(tmp_path_factory.mktemp("none"), "--paper", "a4", "--duplex", "none")


@pytest.fixture(scope="module")
def partial_content(tmp_path_factory) -> Path:
    """The kit with a 28-card deck: its last sheet is only partly filled, so a wrong mirror shows."""
    root = tmp_path_factory.mktemp("partial")
    shutil.copytree(CONTENT, root / "content")
    shutil.copytree(ROOT / "templates", root / "templates")
    game_file = root / "content" / GAME / "game.yaml"
    game = yaml.safe_load(game_file.read_text(encoding="utf-8"))
    game["deck"]["cards"] = list(range(1, 29))
    game_file.write_text(yaml.safe_dump(game, sort_keys=False), encoding="utf-8")
    return root / "content"


@pytest.fixture(scope="module", params=["long", "short"])
def partial_build(request, partial_content, tmp_path_factory) -> tuple[str, Build]:
    duplex = request.param
    return duplex, build(tmp_path_factory.mktemp(f"partial-{duplex}"), "--paper", "a4", "--duplex", duplex,
                         content=partial_content)


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory) -> dict[str, Build]:
    """A second build of each paper, into other folders, for the determinism check."""
    return {paper: build(tmp_path_factory.mktemp(f"again-{paper}"), "--paper", paper) for paper in PAPERS}


# --- card-sheet geometry, from the spec -----------------------------------------------------------


def slot_at(trim: Box, slots: dict[tuple[int, int], Box]) -> tuple[int, int] | None:
    return next((key for key, box in slots.items() if box.same(trim)), None)


def big_number(page: Page, trim: Box) -> int | None:
    """The number printed large in the middle of a card, read from its largest upright digits."""
    digits = [ch for ch in chars_in(page, trim) if ch.text.isdigit() and ch.direction[0] > 0.99]
    if not digits:
        return None
    largest = max(ch.size for ch in digits)
    if largest < 30:
        return None
    big = sorted((ch for ch in digits if ch.size > largest - 1), key=lambda ch: ch.origin[0])
    return int("".join(ch.text for ch in big))


def underline_expected(number: int) -> bool:
    """A number needs a mark when, turned upside down, it reads as a different number (6 / 9)."""
    turned = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
    text = str(number)
    if any(d not in turned for d in text):
        return False
    return "".join(turned[d] for d in reversed(text)) != text


def thin_fills(page: Page, trim: Box) -> list[Box]:
    """Filled, unstroked, thin horizontal rectangles inside a card: underlines."""
    return [s.box for s in page.rects
            if s.fill and not s.stroke and s.box.height <= 1.0 and s.box.width >= 1.0 and s.box.within(trim)]


def number_groups(page: Page, trim: Box) -> list[list[Char]]:
    """Runs of digits of one size, direction and baseline inside a card: each printed number."""
    groups: dict[tuple, list[Char]] = {}
    for ch in chars_in(page, trim):
        if ch.text.isdigit() and ch.size >= 12:
            dx, dy = ch.direction
            across = -dy * ch.origin[0] + dx * ch.origin[1]
            groups.setdefault((round(dx, 1), round(dy, 1), round(across, 1), round(ch.size)), []).append(ch)
    return list(groups.values())


def underline_under(group: list[Char], fills: list[Box]) -> Box | None:
    """A filled rect under the digits (in their own reading frame) as wide as they are."""
    dx, dy = group[0].direction
    ux, uy = -dy, dx  # "up" for this text
    ox, oy = group[0].origin
    size = group[0].size * MM
    along = [(c.origin[0] - ox) * dx + (c.origin[1] - oy) * dy for c in group]
    start, end = min(along), max(a + advance(c) for a, c in zip(along, group))
    for box in fills:
        corners = [(x, y) for x in (box.x0, box.x1) for y in (box.y0, box.y1)]
        a = [(x - ox) * dx + (y - oy) * dy for x, y in corners]
        u = [(x - ox) * ux + (y - oy) * uy for x, y in corners]
        covers = min(a) <= start + 0.1 * (end - start) and max(a) >= end - 0.1 * (end - start)
        below = max(u) <= 0 and min(u) >= -0.35 * size
        if covers and below:
            return box
    return None


# --- page size, every page of every product --------------------------------------------------------

@pytest.mark.parametrize("product", PRODUCTS)
def test_every_page_is_exactly_the_paper_size(built, product):
    paper, folder = built
    width, height = PAPERS[paper]
    if product == "starter-rows":
        width, height = height, width  # the mats are landscape
    path = pdf_of(folder, product)
    for number, page in enumerate(reader(path).pages, start=1):
        box = page.mediabox  # inherited from the page tree if the page does not set it
        media = Box(float(box.left) * MM, float(box.bottom) * MM, float(box.right) * MM, float(box.top) * MM)
        assert media.same(Box(0, 0, width, height)), \
            f"{product} page {number}: MediaBox {media}, expected {width} x {height} mm ({paper})"
        crop = pdf_box(page, "/CropBox")
        assert crop is None or crop.same(media), f"{product} page {number}: CropBox {crop} cuts the page"
        assert int(page.get("/Rotate", 0)) % 360 == 0, f"{product} page {number} is rotated"
    for number, page in enumerate(pages(path), start=1):
        assert abs(page.width - width) <= TOL and abs(page.height - height) <= TOL, \
            f"{product} page {number}: {page.width:.3f} x {page.height:.3f} mm, expected {width} x {height}"


# --- deck: trims, grid, page boxes ----------------------------------------------------------------

def test_deck_has_a_front_and_a_back_page_per_sheet(built):
    _, folder = built
    cards = len(game_yaml()["deck"]["cards"])
    sheets = -(-cards // (COLS * ROWS))
    assert len(pages(pdf_of(folder, "deck"))) == 2 * sheets, \
        f"{cards} cards at 9 a sheet need {sheets} sheets, front and back: {2 * sheets} pages"


def test_deck_fronts_draw_nine_poker_trims_in_a_centred_3x3_grid(built):
    paper, folder = built
    expected = expected_slots(paper)
    cards = len(game_yaml()["deck"]["cards"])
    for number, page in enumerate(pages(pdf_of(folder, "deck"))[0::2], start=1):
        trims = cut_lines(page)
        on_page = min(9, cards - 9 * (number - 1))  # the last sheet holds what is left, from the top
        assert len(trims) == on_page, f"front page {number}: {len(trims)} cut-line rects, expected {on_page}"
        for trim in trims:
            assert abs(trim.width - CARD_W) <= TOL and abs(trim.height - CARD_H) <= TOL, \
                f"front page {number}: card trim {trim}, expected {CARD_W} x {CARD_H} mm"
        for key, want in list(expected.items())[:on_page]:
            assert any(t.same(want) for t in trims), \
                f"front page {number}: no card at row {key[0] + 1}, column {key[1] + 1} {want} ({paper})"
        grid = union(trims)
        assert abs(grid.centre[0] - page.width / 2) <= TOL, f"front page {number}: the grid {grid} is not centred"
        if on_page == 9:
            assert abs(grid.centre[1] - page.height / 2) <= TOL, f"front page {number}: grid {grid} not centred"


def test_deck_trim_box_is_the_union_of_the_trims(built):
    paper, folder = built
    path = pdf_of(folder, "deck")
    for number, (page, drawn) in enumerate(zip(reader(path).pages, pages(path)), start=1):
        trim_box = pdf_box(page, "/TrimBox")
        assert trim_box is not None, f"deck page {number}: no TrimBox"
        drawn_trims = cut_lines(drawn) if number % 2 else frames(drawn)  # a front's cut lines, a back's grounds
        assert trim_box.same(union(drawn_trims)), \
            f"deck page {number}: TrimBox {trim_box} is not the union of the drawn trims {union(drawn_trims)}"


def test_deck_card_text_stays_in_the_safe_zone(built):
    paper, folder = built
    slots = expected_slots(paper)
    for number, page in enumerate(pages(pdf_of(folder, "deck")), start=1):
        for trim in slots.values():
            safe = trim.grow(-SAFE_ZONE)
            for ch in chars_in(page, trim):
                if ch.text.strip():
                    assert ch.box.within(safe), \
                        f"deck page {number}: {ch.text!r} at {ch.box} is outside the safe zone {safe}"


# --- crop marks -----------------------------------------------------------------------------------


def crop_marks(page: Page, trims: list[Box]) -> list[Shape]:
    """Every line on a card front that is neither card art (wholly inside a trim) nor part of a scale bar."""
    bars = [b.grow(1.5) for b in scale_bar_rects(page)]
    return [s for s in page.lines
            if not any(s.box.within(t.grow(-TOL), tol=0) for t in trims)
            and not any(s.box.within(b) for b in bars)]


def check_crop_marks(page: Page, trims: list[Box], bleeds: list[Box], label: str) -> list[Shape]:
    marks = crop_marks(page, trims)
    assert marks, f"{label}: no crop marks"
    xs = {t.x0 for t in trims} | {t.x1 for t in trims}
    ys = {t.y0 for t in trims} | {t.y1 for t in trims}
    printable = Box(UNPRINTABLE, UNPRINTABLE, page.width - UNPRINTABLE, page.height - UNPRINTABLE)
    for mark in marks:
        box = mark.box
        assert 0.2 <= mark.width <= 0.3, f"{label}: crop mark {box} is {mark.width:.3f} mm wide, not ~0.25"
        assert mark.stroke_grey is not None and mark.stroke_grey <= 0.01, \
            f"{label}: crop mark {box} is not black (grey {mark.stroke_grey})"
        vertical, horizontal = box.width <= TOL, box.height <= TOL
        assert vertical or horizontal, f"{label}: crop mark {box} is not horizontal or vertical"
        if vertical:
            assert any(abs(box.x0 - x) <= TOL for x in xs), \
                f"{label}: vertical crop mark {box} is on no cut line (x = {sorted(round(x, 2) for x in xs)})"
        else:
            assert any(abs(box.y0 - y) <= TOL for y in ys), \
                f"{label}: horizontal crop mark {box} is on no cut line (y = {sorted(round(y, 2) for y in ys)})"
        for card in bleeds:
            assert not box.touches(card, tol=0), f"{label}: crop mark {box} runs onto the card {card}"
        assert box.within(printable), f"{label}: crop mark {box} leaves the printable area {printable}"
    return marks


def marked(marks: list[Shape], trims: list[Box]) -> tuple[set, set]:
    """The cut-line x and y positions that carry at least one crop mark."""
    xs = {round(v, 2) for t in trims for v in (t.x0, t.x1)}
    ys = {round(v, 2) for t in trims for v in (t.y0, t.y1)}
    done_x = {x for x in xs if any(m.box.width <= TOL and abs(m.box.x0 - x) <= TOL for m in marks)}
    done_y = {y for y in ys if any(m.box.height <= TOL and abs(m.box.y0 - y) <= TOL for m in marks)}
    return done_x, done_y


def test_crop_marks_are_outside_the_cards_on_cut_lines_and_printable(built):
    """On the cut lines of the cards on the page: the last sheet holds 24 - 2 x 9 = 6 cards, two
    rows, and marks no cut under the empty third row."""
    paper, folder = built
    slots = expected_slots(paper)
    grid = union(list(slots.values()))
    width, height = PAPERS[paper]
    for number, page in enumerate(pages(pdf_of(folder, "deck"))[0::2], start=1):
        trims = [slots[(row, col)] for row in range(ROWS if number < 3 else 2) for col in range(COLS)]
        marks = check_crop_marks(page, trims, trims, f"{paper} front page {number}")
        done_x, done_y = marked(marks, trims)
        # Where the margin beyond the grid leaves 3 mm of printable paper (a 1 mm gap and a 2 mm
        # mark), every cut line running into that margin must be marked.
        room_x = max(grid.y0, height - grid.y1) - UNPRINTABLE  # above / below: vertical cut lines
        room_y = max(grid.x0, width - grid.x1) - UNPRINTABLE  # left / right: horizontal cut lines
        if room_x >= 3:
            missing = {round(v, 2) for t in trims for v in (t.x0, t.x1)} - done_x
            assert not missing, f"{paper} front page {number}: vertical cut lines x = {sorted(missing)} unmarked"
        if room_y >= 3:
            missing = {round(v, 2) for t in trims for v in (t.y0, t.y1)} - done_y
            assert not missing, f"{paper} front page {number}: horizontal cut lines y = {sorted(missing)} unmarked"


# --- backs and duplex -----------------------------------------------------------------------------

def back_kind(text: str) -> str | None:
    if not text:
        return None
    return "reference" if "Reference" in text else "number"


def front_kind(page: Page, trim: Box) -> str | None:
    if big_number(page, trim) is not None:
        return "number"
    text = text_of(chars_in(page, trim))
    return "reference" if "Reference" in text else ("other" if text else None)


def mirrored(key: tuple[int, int], duplex: str, rows: int = ROWS, cols: int = COLS) -> tuple[int, int]:
    row, col = key
    return (row, cols - 1 - col) if duplex == "long" else (rows - 1 - row, col)


def check_backs(deck: list[Page], paper: str, duplex: str, title: str) -> None:
    """Each front page is followed by its back page; every card's back sits behind it once the
    sheet is flipped (long edge: columns mirrored; short edge: rows mirrored), shows the back
    that belongs to its card, and nothing else is drawn in a slot."""
    slots = expected_slots(paper)
    assert len(deck) % 2 == 0, f"{len(deck)} deck pages: every front needs its back"
    for sheet in range(len(deck) // 2):
        front, back = deck[2 * sheet], deck[2 * sheet + 1]
        assert cut_lines(front), f"sheet {sheet + 1}: page {2 * sheet + 1} is not a card front"
        front_slots = {slot_at(t, slots) for t in frames(front)}
        back_slots = {slot_at(t, slots) for t in frames(back)}
        assert None not in front_slots, f"sheet {sheet + 1}: a card face is off the 3 x 3 grid"
        assert None not in back_slots, f"sheet {sheet + 1}: a card back is off the 3 x 3 grid"
        assert all(big_number(back, t) is None for t in slots.values()), \
            f"sheet {sheet + 1}: page {2 * sheet + 2} shows card numbers; it should be the backs"
        want = {mirrored(key, duplex) for key in front_slots}
        assert back_slots == want, (f"sheet {sheet + 1} ({duplex} edge): backs drawn at {sorted(back_slots)}, "
                                    f"fronts at {sorted(front_slots)} need backs at {sorted(want)} (row, col)")
        for key in front_slots:
            kind = front_kind(front, slots[key])
            behind = mirrored(key, duplex)
            got = back_kind(text_of(chars_in(back, slots[behind])))
            assert got == kind, (f"sheet {sheet + 1} ({duplex} edge): the {kind} card at row {key[0] + 1} "
                                 f"col {key[1] + 1} has a {got} back behind it (row {behind[0] + 1} "
                                 f"col {behind[1] + 1})")
            if kind == "number":
                assert title in text_of(chars_in(back, slots[behind])), \
                    f"sheet {sheet + 1}: the card back at {behind} does not name the game"
        for key in set(slots) - want:
            assert not [c for c in chars_in(back, slots[key]) if c.text.strip()], \
                f"sheet {sheet + 1}: text on the back page at {key}, behind no card"


def test_backs_follow_their_fronts_with_columns_mirrored_by_default(built):
    paper, folder = built
    path = pdf_of(folder, "deck")
    prefs = reader(path).trailer["/Root"].get("/ViewerPreferences", {})
    assert prefs.get("/Duplex") == "/DuplexFlipLongEdge"
    check_backs(list(pages(path)), paper, "long", game_yaml()["title"])


def test_the_third_sheet_holds_the_last_six_cards_with_their_backs_behind_them(built):
    """24 cards on 9-card sheets: the third holds 6 in rows 1 and 2, row 3 empty on both sides
    (the reference is the player aid, not cards); with a long-edge flip the backs keep their rows."""
    paper, folder = built
    deck = pages(pdf_of(folder, "deck"))
    slots = expected_slots(paper)
    assert len(deck) == 6, f"the deck has {len(deck)} pages: 24 cards are 3 sheets, 6 pages"
    front, back = deck[4], deck[5]
    assert [front_kind(front, slots[(r, c)]) for r in range(3) for c in range(3)] == ["number"] * 6 + [None] * 3
    kinds = [back_kind(text_of(chars_in(back, slots[(r, c)]))) for r in range(3) for c in range(3)]
    assert kinds == ["number"] * 6 + [None] * 3, f"back of sheet 3, reading order: {kinds}"


def test_short_edge_flip_mirrors_the_rows(short_build):
    path = short_build.pdf("deck")
    prefs = reader(path).trailer["/Root"].get("/ViewerPreferences", {})
    assert prefs.get("/Duplex") == "/DuplexFlipShortEdge"
    deck = list(pages(path))
    check_backs(deck, "a4", "short", game_yaml()["title"])
    slots = expected_slots("a4")
    kinds = [back_kind(text_of(chars_in(deck[5], slots[(r, c)]))) for r in range(3) for c in range(3)]
    assert kinds == [None] * 3 + ["number"] * 6, \
        f"short-edge back of sheet 3 should leave row 1 empty (rows mirrored), got {kinds}"


def test_partial_last_sheet_is_mirrored(partial_build):
    duplex, result = partial_build
    deck = list(pages(result.pdf("deck")))
    slots = expected_slots("a4")
    assert len(deck) == 8, f"28 cards should take 4 sheets, 8 pages: got {len(deck)}"
    last_front = {slot_at(t, slots) for t in frames(deck[-2])}
    assert 0 < len(last_front) < 9, "the last sheet should be partly filled, or this test proves nothing"
    check_backs(deck, "a4", duplex, game_yaml()["title"])


def test_no_back_pages_without_duplex(none_build):
    path = none_build.pdf("deck")
    deck = pages(path)
    cards = len(game_yaml()["deck"]["cards"])
    assert len(deck) == -(-cards // 9), f"--duplex none: {len(deck)} pages, expected fronts only"
    for number, page in enumerate(deck, start=1):
        assert len(cut_lines(page)) == min(9, cards - 9 * (number - 1)), f"--duplex none: page {number} is not a card front"
    prefs = reader(path).trailer["/Root"].get("/ViewerPreferences", {})
    assert prefs.get("/Duplex") in (None, "/Simplex"), f"--duplex none but the PDF asks for {prefs.get('/Duplex')}"


# --- card text ------------------------------------------------------------------------------------

def deck_numbers(folder: Path, paper: str) -> list[list[int | None]]:
    slots = expected_slots(paper)
    return [[big_number(page, slots[(r, c)]) for r in range(3) for c in range(3)]
            for page in pages(pdf_of(folder, "deck"))[0::2]]


def test_each_front_page_carries_the_next_nine_numbers(built):
    paper, folder = built
    cards = sorted(game_yaml()["deck"]["cards"])
    for sheet, numbers in enumerate(deck_numbers(folder, paper)):
        want = set(cards[9 * sheet:9 * sheet + 9])
        got = {n for n in numbers if n is not None}
        assert got == want, f"front page {sheet + 1}: numbers {sorted(got)}, expected {sorted(want)}"


def test_every_number_appears_exactly_once(built):
    paper, folder = built
    cards = game_yaml()["deck"]["cards"]
    assert sorted(cards) == list(range(1, 25)), "the kit's deck is the cards 1 to 24"
    got = [n for sheet in deck_numbers(folder, paper) for n in sheet if n is not None]
    assert sorted(got) == sorted(cards), f"numbers printed: {sorted(got)}"


def test_every_number_card_states_its_penalty(built):
    paper, folder = built
    penalty = game_yaml()["deck"]["penalty_per_card"]
    want = f"{penalty} penalty point{'s' if penalty != 1 else ''}"
    slots = expected_slots(paper)
    for number, page in enumerate(pages(pdf_of(folder, "deck"))[0::2], start=1):
        for key, trim in slots.items():
            card = big_number(page, trim)
            if card is not None:
                text = text_of(chars_in(page, trim))
                assert want in text, f"card {card} (front page {number}) does not say {want!r}: {text!r}"


def test_corner_indices_read_upright_and_upside_down(built):
    paper, folder = built
    slots = expected_slots(paper)
    for page in pages(pdf_of(folder, "deck"))[0::2]:
        for trim in slots.values():
            card = big_number(page, trim)
            if card is None:
                continue
            groups = [g for g in number_groups(page, trim) if g[0].size < 30]
            cx, cy = trim.centre
            top_left = [g for g in groups if g[0].direction[0] > 0.99
                        and all(c.box.centre[0] < cx and c.box.centre[1] > cy for c in g)]
            bottom_right = [g for g in groups if g[0].direction[0] < -0.99
                            and all(c.box.centre[0] > cx and c.box.centre[1] < cy for c in g)]
            assert [text_of(g) for g in top_left] == [str(card)], f"card {card}: top-left index {top_left}"
            assert [text_of(g) for g in bottom_right] == [str(card)], \
                f"card {card}: no upside-down index in the bottom-right corner"


def test_six_and_nine_are_underlined_and_others_are_not(built):
    paper, folder = built
    slots = expected_slots(paper)
    seen = set()
    for page in pages(pdf_of(folder, "deck"))[0::2]:
        for trim in slots.values():
            card = big_number(page, trim)
            if card is None:
                continue
            seen.add(card)
            fills = thin_fills(page, trim)
            groups = number_groups(page, trim)
            if underline_expected(card):
                assert len(groups) == 3, f"card {card}: expected the number 3 times, found {len(groups)}"
                for group in groups:
                    where = "centre" if group[0].size >= 30 else "corner index"
                    assert underline_under(group, fills), f"card {card}: the {where} number is not underlined"
            else:
                assert not fills, f"card {card} reads the same (or as nothing) upside down but is underlined"
    assert {6, 7, 9} <= seen
    assert underline_expected(6) and underline_expected(9) and not underline_expected(7)


# --- bleed ----------------------------------------------------------------------------------------

def test_bleed_box_is_three_mm_outside_the_trim_box(bleed_build):
    paper, result = bleed_build
    path = result.pdf("deck")
    width, height = PAPERS[paper]
    for number, (page, drawn) in enumerate(zip(reader(path).pages, pages(path)), start=1):
        trim_box, bleed_box = pdf_box(page, "/TrimBox"), pdf_box(page, "/BleedBox")
        assert trim_box is not None, f"deck page {number} (--bleed 3): no TrimBox"
        assert bleed_box is not None, f"deck page {number} (--bleed 3): no BleedBox"
        assert bleed_box.same(trim_box.grow(BLEED)), \
            f"deck page {number}: BleedBox {bleed_box}, expected TrimBox {trim_box} grown by {BLEED} mm"
        assert bleed_box.within(Box(0, 0, width, height)), f"deck page {number}: BleedBox {bleed_box} off the page"
        trims = frames(drawn)
        assert trims, f"deck page {number} (--bleed 3): no cards found"
        for trim in trims:
            assert abs(trim.width - CARD_W) <= TOL and abs(trim.height - CARD_H) <= TOL, \
                f"deck page {number}: card trim {trim}, expected {CARD_W} x {CARD_H}"
        assert trim_box.same(union(trims)), \
            f"deck page {number}: TrimBox {trim_box} is not the union of the trims {union(trims)}"


def test_bleed_cards_keep_their_own_bleed(bleed_build):
    paper, result = bleed_build
    for number, page in enumerate(pages(result.pdf("deck")), start=1):
        trims = frames(page)
        for i, a in enumerate(trims):
            for b in trims[i + 1:]:
                assert not a.grow(BLEED).touches(b.grow(BLEED), tol=-TOL), \
                    f"deck page {number}: the bleeds of {a} and {b} overlap"


def test_bleed_crop_marks_mark_every_trim_line(bleed_build):
    """With bleed no cut line is drawn on the cards: the crop marks are the only guide."""
    paper, result = bleed_build
    for number, page in enumerate(pages(result.pdf("deck"))[0::2], start=1):
        trims = frames(page)
        label = f"{paper} --bleed 3 front page {number}"
        marks = check_crop_marks(page, trims, [t.grow(BLEED) for t in trims], label)
        done_x, done_y = marked(marks, trims)
        xs = {round(v, 2) for t in trims for v in (t.x0, t.x1)}
        ys = {round(v, 2) for t in trims for v in (t.y0, t.y1)}
        assert done_x == xs, f"{label}: vertical trim lines x = {sorted(xs - done_x)} have no crop mark"
        assert done_y == ys, f"{label}: horizontal trim lines y = {sorted(ys - done_y)} have no crop mark"


# --- starter rows ---------------------------------------------------------------------------------

def test_starter_rows_have_card_sized_dashed_places(built):
    paper, folder = built
    game = game_yaml()
    mats = pages(pdf_of(folder, "starter-rows"))
    assert len(mats) == -(-game["starter_rows"] // 2), f"{len(mats)} sheets: two mats to a sheet"
    for number, page in enumerate(mats, start=1):
        places = [s.box for s in page.rects if s.dashed and s.stroke]
        rows = min(2, game["starter_rows"] - 2 * (number - 1))
        assert len(places) == rows * game["row_limit"], f"sheet {number}: {len(places)} dashed places"
        assert len({round(p.y0, 1) for p in places}) == rows, f"sheet {number}: places on {rows} rows"
        for place in places:
            assert abs(place.width - CARD_W) <= TOL and abs(place.height - CARD_H) <= TOL, \
                f"mat {number}: place {place}, expected {CARD_W} x {CARD_H} mm"
            assert place.within(Box(UNPRINTABLE, UNPRINTABLE, page.width - UNPRINTABLE,
                                    page.height - UNPRINTABLE)), f"mat {number}: place {place} off the printable area"
        for i, a in enumerate(places):
            for b in places[i + 1:]:
                assert not a.touches(b, tol=0), f"mat {number}: places {a} and {b} overlap"


# --- scale bars, every page of every product -------------------------------------------------------


def ticks(page: Page, bar: Box) -> list[float]:
    """Offsets along the bar of the lines drawn across it."""
    vertical = bar.height > bar.width
    out = []
    for s in page.lines:
        if vertical and s.box.height <= TOL and s.box.touches(bar, tol=TOL):
            out.append(s.box.y0 - bar.y0)
        elif not vertical and s.box.width <= TOL and s.box.touches(bar, tol=TOL):
            out.append(s.box.x0 - bar.x0)
    return out


@pytest.mark.parametrize("product", PRODUCTS)
def test_every_page_has_both_scale_bars(built, product):
    paper, folder = built
    for number, page in enumerate(pages(pdf_of(folder, product)), start=1):
        bars = scale_bar_rects(page)
        seen = [(round(max(b.width, b.height), 3), bar_label(page, b)) for b in bars]
        for length, label, step in SCALE_BARS:
            match = [b for b in bars if abs(max(b.width, b.height) - length) <= TOL and label in bar_label(page, b)]
            assert match, (f"{product} page {number} ({paper}): no {length} mm bar labelled {label!r}; "
                           f"bars found (length, label): {seen}")
            bar = match[0]
            offsets = ticks(page, bar)
            for i in range(round(length / step) + 1):
                assert any(abs(o - i * step) <= TOL for o in offsets), \
                    f"{product} page {number}: the {label!r} bar has no tick at {i * step:.2f} mm"
            printable = Box(UNPRINTABLE, UNPRINTABLE, page.width - UNPRINTABLE, page.height - UNPRINTABLE)
            assert bar.within(printable), f"{product} page {number}: the {label!r} bar {bar} is not printable"


# --- everything printable -------------------------------------------------------------------------

@pytest.mark.parametrize("product", PRODUCTS)
def test_all_ink_is_inside_the_printable_area(built, product):
    paper, folder = built
    document = pages(pdf_of(folder, product))
    for number, page in enumerate(document, start=1):
        printable = Box(UNPRINTABLE, UNPRINTABLE, page.width - UNPRINTABLE, page.height - UNPRINTABLE)
        art = back_art(document[number - 2]) if product == "deck" and number % 2 == 0 else None
        outside = [str(s.box) for s in page.shapes if not s.box.within(printable) and not (art and s.box.within(art))]
        outside += [f"{c.text!r} {c.box}" for c in page.chars if c.text.strip() and not c.box.within(printable)]
        assert not outside, f"{product} page {number} ({paper}): drawn in the unprintable margin: {outside[:5]}"


# --- fonts, viewer preferences, metadata, images ----------------------------------------------------


@pytest.mark.parametrize("product", PRODUCTS)
def test_every_font_is_embedded(built, product):
    _, folder = built
    path = pdf_of(folder, product)
    found = fonts(path)
    assert found, f"{product}: no fonts at all?"
    missing = sorted(name for name, font in found.items() if not embedded(font))
    assert not missing, f"{product}: fonts not embedded (no FontFile2): {missing}"


@pytest.mark.parametrize("product", PRODUCTS)
def test_no_text_is_set_in_a_non_embedded_font(built, product):
    _, folder = built
    path = pdf_of(folder, product)
    ok = {name.lstrip("/") for name, font in fonts(path).items() if embedded(font)}
    bad = {}
    for number, page in enumerate(pages(path), start=1):
        for ch in page.chars:
            if ch.font not in ok:
                bad.setdefault(ch.font, set()).add(number)
    assert not bad, f"{product}: text in non-embedded fonts (font: pages): {bad}"


@pytest.mark.parametrize("product", PRODUCTS)
def test_viewer_preferences_and_metadata(built, product):
    _, folder = built
    pdf = reader(pdf_of(folder, product))
    prefs = pdf.trailer["/Root"].get("/ViewerPreferences")
    assert prefs is not None, f"{product}: no /ViewerPreferences"
    prefs = prefs.get_object()
    assert prefs.get("/PrintScaling") == "/None", f"{product}: PrintScaling is {prefs.get('/PrintScaling')}"
    if product == "deck":
        assert prefs.get("/Duplex") == "/DuplexFlipLongEdge", f"deck: Duplex is {prefs.get('/Duplex')}"
    meta = pdf.metadata
    assert meta is not None, f"{product}: no document information"
    assert meta.title and game_yaml()["title"] in meta.title, f"{product}: title {meta.title!r}"
    assert meta.subject and meta.subject.strip(), f"{product}: no subject"


def test_titles_tell_the_files_apart(built):
    _, folder = built
    titles = [reader(pdf_of(folder, p)).metadata.title for p in PRODUCTS]
    assert len(set(titles)) == len(titles), f"two files share a title: {titles}"


@pytest.mark.parametrize("product", PRODUCTS)
def test_vector_only(built, product):
    _, folder = built
    path = pdf_of(folder, product)
    for number, page in enumerate(pages(path), start=1):
        assert page.images == 0, f"{product} page {number}: {page.images} images"
    for number, page in enumerate(reader(path).pages, start=1):
        xobjects = (page.get("/Resources") or {}).get("/XObject") or {}
        kinds = [xobjects[name].get_object().get("/Subtype") for name in xobjects]
        assert "/Image" not in kinds, f"{product} page {number}: an image XObject"


# --- determinism ----------------------------------------------------------------------------------

@pytest.mark.parametrize("product", PRODUCTS)
def test_rebuild_is_byte_identical(built, rebuilt, product):
    paper, folder = built
    first = pdf_of(folder, product).read_bytes()
    second = rebuilt[paper].pdf(product).read_bytes()
    assert first == second, f"{product} ({paper}): two builds of the same content differ"
