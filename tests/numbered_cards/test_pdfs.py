"""The Numbered Cards PDFs read back, on A4 and Letter: 18 poker cards at exactly 63.5 x 88.9 mm,
card n carrying the seed's n-th ability whole, card 9 reading 9 one way up and 6 the other, the
kinds as mark, band and word (each kind its own), identical backs mirrored behind their fronts
with a pattern to the cut line, the player aid, the score pad and rules.

The abilities below are copied by hand from seed 003 (its "Cards:" list, in order), not from
content; sizes come from the print spec (PRINT.md) via test_pdf_output's readers.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from conftest import CONTENT, build, build_into
from clearance import frames_inside, pattern_extent, pattern_segments
from readback import (BACK_BLEED, CARD_H, CARD_W, MM, PAPERS, TOL, Box, back_art, chars_in, cut_lines, embedded,
                      expected_slots, fonts, pages, pdf_box, reader, text_of)

GAME = "numbered-cards"
PRODUCTS = ("ability-cards", "player-aid", "score-pad", "rules")
SAFE_ZONE = 25.4 / 8  # text stays 1/8 in inside the trim
SEED_ABILITIES = [
    ("Discard", "Rearrange all cards in the row."),
    ("Discard", "Swap two cards."),
    ("Discard", "Place one card from the row on top of the deck."),
    ("Discard", "Shuffle one card from the row back into the deck."),
    ("Discard", "Move a card at either end of the row to the middle."),
    ("Discard", "Shuffle two cards from the row into the deck."),
    ("Play", "Place anywhere in the row."),
    ("Discard", "Move one card to either end of the row."),
    ("Play", "Play upside down in the row as a 6, or right side up as a 9."),
    ("Discard", "Swap any two cards worth 10 or less."),
    ("Discard", "Move one card two places in the row."),
    ("Discard", "Flip one card in the row facedown. It is worth 1 point."),
    ("Passive", "A pile with this card can be completed with a score of 18 or 19."),
    ("Discard", "Discard one card from the middle of the row."),
    ("Discard", "Swap any two odd-numbered cards."),
    ("Discard", "Swap any two even-numbered cards."),
    ("Passive", "Must be played in the middle of the row."),
    ("Passive", "Worth 2 sets at the end of the game if scored."),
]


def pdf(folder: Path, product: str) -> Path:
    path = folder / GAME / f"{product}.pdf"
    assert path.is_file(), f"{product}.pdf was not built into {folder / GAME}"
    return path


def fronts_and_backs(folder: Path):
    deck = pages(pdf(folder, "ability-cards"))
    return deck[0::2], deck[1::2]


def read_number(chars, upright: bool) -> str:
    """The digits printed large (over 30 pt) one way up, in reading order."""
    sign = 1 if upright else -1
    big = [ch for ch in chars if ch.size > 30 and ch.direction[0] * sign > 0.99 and ch.text.isdigit()]
    return "".join(ch.text for ch in sorted(big, key=lambda ch: sign * ch.origin[0]))


def cards_of(folder: Path) -> dict[int, tuple[Box, list]]:
    """Card number (its large upright digits) -> (trim, the characters on its face)."""
    found = {}
    for page in fronts_and_backs(folder)[0]:
        for trim in cut_lines(page):
            chars = chars_in(page, trim)
            number = int(read_number(chars, upright=True))
            assert number not in found, f"card {number} printed twice"
            found[number] = (trim, chars)
    return found


def upright_text(chars) -> str:
    return text_of([ch for ch in chars if ch.direction[0] > 0.99])


def test_every_page_is_the_paper_size(built):
    paper, folder = built
    width, height = PAPERS[paper]
    for product in PRODUCTS:
        for number, page in enumerate(pages(pdf(folder, product)), start=1):
            assert abs(page.width - width) <= TOL and abs(page.height - height) <= TOL, \
                f"{product} page {number}: {page.width:.2f} x {page.height:.2f} mm on {paper}"


def test_eighteen_poker_cards_on_two_sheets_in_the_centred_grid(built):
    paper, folder = built
    fronts, backs = fronts_and_backs(folder)
    assert (len(fronts), len(backs)) == (2, 2)
    slots = set(b.tuple for b in expected_slots(paper).values())
    trims = [trim for page in fronts for trim in cut_lines(page)]
    assert len(trims) == 18
    for trim in trims:
        assert abs(trim.width - CARD_W) <= TOL and abs(trim.height - CARD_H) <= TOL, str(trim)
        assert any(trim.same(Box(*slot)) for slot in slots), f"{trim} is not a slot of the grid"


def test_trim_box_is_the_union_of_the_cards(built):
    paper, folder = built
    grid = expected_slots(paper)
    union = Box(grid[(2, 0)].x0, grid[(2, 0)].y0, grid[(0, 2)].x1, grid[(0, 2)].y1)
    for number, page in enumerate(reader(pdf(folder, "ability-cards")).pages, start=1):
        assert pdf_box(page, "/TrimBox").same(union), f"page {number}: TrimBox {pdf_box(page, '/TrimBox')}"


def test_card_n_carries_the_seeds_nth_ability_whole_with_its_kind(built):
    _, folder = built
    cards = cards_of(folder)
    assert sorted(cards) == list(range(1, 19))
    symbols = yaml.safe_load((CONTENT / GAME / "game.yaml").read_text(encoding="utf-8"))["kind_symbols"]
    assert len(set(symbols.values())) == 3, "each kind needs its own symbol"
    for number, (trim, chars) in cards.items():
        kind, ability = SEED_ABILITIES[number - 1]
        text = upright_text(chars)
        assert ability in text, f"card {number}: {ability!r} not whole in {text!r}"
        assert f"{symbols[kind]} {kind}" in text, f"card {number}: kind {kind} not shown in {text!r}"
        others = [k for k in symbols if k != kind]
        assert not any(f" {k}" in f" {text}".replace(ability, "") for k in others), f"card {number}: {text!r}"


FORBIDDING = set("✖✕✗✘×⊘⛔")  # marks that read as "not allowed"


def kind_symbols() -> dict[str, str]:
    return yaml.safe_load((CONTENT / GAME / "game.yaml").read_text(encoding="utf-8"))["kind_symbols"]


def kind_band(page, trim: Box, chars):
    """The band across the card that holds the kind's word: a rectangle nearly as wide as the card."""
    word = [c for c in chars if c.text.isalpha() and round(c.size) == 11 and c.font.endswith("Bold")
            and c.direction[0] > 0.99]
    bands = [s for s in page.rects if s.box.within(trim) and s.box.width >= CARD_W - 10
             and 6 <= s.box.height <= 10 and all(s.box.holds(*c.box.centre) for c in word)]
    assert word and len(bands) == 1, f"no single kind band on {trim}"
    return bands[0]


def test_each_kind_has_its_own_mark_and_band(built):
    """A kind is told by more than a small symbol: its own mark in both corners and in a band
    across the card, each kind's band its own tone or outline, the same on every card of it."""
    paper, folder = built
    symbols = kind_symbols()
    assert len(set(symbols.values())) == 3 and not FORBIDDING & set("".join(symbols.values()))
    looks: dict[str, set] = {}
    for page, trim in ((page, trim) for page in fronts_and_backs(folder)[0] for trim in cut_lines(page)):
        chars = chars_in(page, trim)
        number = int(read_number(chars, upright=True))
        kind = SEED_ABILITIES[number - 1][0]
        band = kind_band(page, trim, chars)
        looks.setdefault(kind, set()).add((round(band.fill_grey, 2) if band.fill else None,
                                           round(band.width, 2) if band.stroke else 0.0))
        corner = [c for c in chars if c.text == symbols[kind] and c.size >= 14]
        assert len(corner) == 2 and {c.direction[0] > 0 for c in corner} == {True, False}, f"card {number}"
    assert all(len(found) == 1 for found in looks.values()), looks
    assert len({look for found in looks.values() for look in found}) == 3, looks


def test_the_kind_words_read_on_every_band(built):
    """Dark words on a light band, light words on a dark one: the band holds ink of both."""
    paper, folder = built
    fronts, _ = fronts_and_backs(folder)
    path = pdf(folder, "ability-cards")
    for index, front in enumerate(fronts):
        image = pdfium.PdfDocument(str(path))[2 * index].render(scale=8 * 25.4 / 72, grayscale=True).to_pil().convert("L")
        scale = image.size[0] / front.width
        for trim in cut_lines(front):
            band = kind_band(front, trim, chars_in(front, trim))
            inner = band.box.grow(-1.0)
            crop = image.crop((round(inner.x0 * scale), round((front.height - inner.y1) * scale),
                               round(inner.x1 * scale), round((front.height - inner.y0) * scale)))
            levels = [crop.getpixel((x, y)) for x in range(crop.size[0]) for y in range(crop.size[1])]
            assert min(levels) < 80 and max(levels) > 175, (paper, trim, min(levels), max(levels))


def test_text_stays_in_the_safe_zone(built):
    _, folder = built
    for number, (trim, chars) in cards_of(folder).items():
        safe = Box(trim.x0 + SAFE_ZONE, trim.y0 + SAFE_ZONE, trim.x1 - SAFE_ZONE, trim.y1 - SAFE_ZONE)
        outside = [ch.text for ch in chars if not ch.box.within(safe)]
        assert not outside, f"card {number}: {outside} outside the safe zone"


def test_card_9_reads_9_one_way_up_and_6_the_other(built):
    _, folder = built
    for number, (_, chars) in cards_of(folder).items():
        turned = read_number(chars, upright=False)
        assert turned == ("6" if number == 9 else str(number)), f"card {number} turned round reads {turned}"
        corners = sorted(ch.text for ch in chars if 15 < ch.size < 20 and ch.text.isdigit())
        expected = sorted(str(number) + ("6" if number == 9 else str(number)))
        assert corners == expected, f"card {number}: corner indices {corners}"


def mirrored(trim: Box, paper: str) -> Box:
    """Where a front slot's back lands with a long-edge flip: the columns mirrored."""
    width = PAPERS[paper][0]
    return Box(width - trim.x1, trim.y0, width - trim.x0, trim.y1)


def worth_rings(page) -> list[Box]:
    """The ring round a back's face-down worth: a stroked circle, found wherever it is drawn."""
    return [s.box for s in page.curves if s.stroke and not s.fill and 15 <= s.box.width <= 35
            and abs(s.box.width - s.box.height) <= TOL]


def test_backs_are_identical_and_say_a_face_down_card_is_worth_1(built):
    paper, folder = built
    fronts, backs = fronts_and_backs(folder)
    texts = set()
    for front, back in zip(fronts, backs):
        trims = [mirrored(t, paper) for t in cut_lines(front)]
        assert len(trims) == 9
        for trim in trims:
            chars = chars_in(back, trim)
            texts.add(upright_text(chars))
            assert read_number(chars, upright=True) == "1", "the back's large number is not 1"
    assert len(texts) == 1, texts
    assert "face down in the row (card 12), a card is worth 1 point" in texts.pop()


def test_backs_are_mirrored_behind_their_fronts(built):
    """Each back's ring stands in the middle of the slot its front's flip lands on."""
    paper, folder = built
    for front, back in zip(*fronts_and_backs(folder)):
        expected = sorted(mirrored(t, paper).centre for t in cut_lines(front))
        found = sorted(ring.centre for ring in worth_rings(back))
        assert len(found) == len(expected) == 9
        assert all(abs(a[0] - b[0]) <= TOL and abs(a[1] - b[1]) <= TOL for a, b in zip(expected, found))


DRIFT = 2.0  # mm: what a home printer may put its second side off the first


def test_backs_are_a_pattern_to_the_cut_line_without_a_frame(built):
    """The back's pattern runs to the cut on every side (and on, into the neighbours' backs and
    past the outer cuts: tests/test_back_bleed.py), nothing frames it from a few mm inside, and
    what stands on it keeps the safe zone even when the back drifts 2 mm."""
    paper, folder = built
    path = pdf(folder, "ability-cards")
    fronts, backs = fronts_and_backs(folder)
    for sheet, (front, back) in enumerate(zip(fronts, backs)):
        segments = pattern_segments(path, 2 * sheet + 1)
        for trim in (mirrored(t, paper) for t in cut_lines(front)):
            extent = pattern_extent(segments, trim)
            assert extent is not None and trim.within(extent) and extent.within(trim.grow(BACK_BLEED)), \
                f"{paper} sheet {sheet + 1}: {extent} on {trim}"
            assert not frames_inside(back, trim), f"{paper}: a frame inside {trim}"
            kept = trim.grow(-(SAFE_ZONE + DRIFT))
            assert all(c.box.within(kept) for c in chars_in(back, trim))


def test_with_bleed_the_backs_run_into_the_bleed(tmp_path):
    assert build_into(tmp_path, GAME, "--bleed", "3", "--only", "ability-cards") == 0
    path = tmp_path / GAME / "ability-cards.pdf"
    deck = pages(path)
    box = pdf_box(reader(path).pages[1], "/TrimBox")
    rings = worth_rings(deck[1])
    assert len(rings) >= 4  # cards with bleed cannot share a cut: fewer fit a sheet
    for ring in rings:  # each card's trim, from its ring in the middle
        x, y = ring.centre
        trim = Box(x - CARD_W / 2, y - CARD_H / 2, x + CARD_W / 2, y + CARD_H / 2)
        assert trim.within(box)
        extent = pattern_extent(pattern_segments(path, 1), trim, 3.0)
        assert extent is not None and extent.same(trim.grow(3.0)), (extent, trim)


def test_a_partial_sheet_puts_its_backs_in_the_mirrored_columns(project, cli):
    """Twenty cards: the third sheet holds two, in the top row's first two columns; their backs
    must be in the last two columns, where the flipped paper puts them."""
    path = project / "content" / GAME / "game.yaml"
    extra = "".join(f"  - number: {n}\n    kind: Discard\n    ability: Swap two cards.\n" for n in (19, 20))
    text = path.read_text(encoding="utf-8")
    end = text.index("\n", text.rindex("ability:")) + 1  # after the last card
    path.write_text(text[:end] + extra + text[end:], encoding="utf-8")
    assert build(cli, GAME)[0] == 0
    deck = pages(project / "out" / GAME / "ability-cards.pdf")
    assert len(deck) == 6
    grid = expected_slots("a4")
    front, back = cut_lines(deck[4]), worth_rings(deck[5])
    assert sorted(t.x0 for t in front) == pytest.approx([grid[(0, 0)].x0, grid[(0, 1)].x0], abs=TOL)
    assert sorted(r.centre[0] for r in back) == pytest.approx([grid[(0, 1)].centre[0], grid[(0, 2)].centre[0]], abs=TOL)
    assert all(abs(t.y0 - grid[(0, 0)].y0) <= TOL for t in front)
    assert all(abs(r.centre[1] - grid[(0, 0)].centre[1]) <= TOL for r in back)


def table_box(page) -> Box:
    return max((r.box for r in page.rects if r.stroke), key=lambda b: b.width * b.height)


def header_cells(page) -> list[str]:
    """The text of each column's heading: the table is the widest stroked rectangle, its columns
    the full-height vertical lines, its heading the characters in the top 13 mm."""
    table = table_box(page)
    xs = sorted({round(line.box.x0, 2) for line in page.lines
                 if line.box.width < 0.01 and abs(line.box.height - table.height) <= TOL})
    edges = [table.x0] + xs + [table.x1]
    return [text_of(chars_in(page, Box(left, table.y1 - 13, right, table.y1)))
            for left, right in zip(edges, edges[1:])]


def test_score_pad_has_a_row_per_game_and_the_seeds_win_rule(built):
    _, folder = built
    (page,) = pages(pdf(folder, "score-pad"))
    text = upright_text(page.chars)
    assert header_cells(page) == ["Game", "Date", "Sets scored", "Card 18 scored? +1 set", "Total sets",
                           "Scored cards", "Left in the row", "Discarded", "Row + discarded",
                           "Win or loss"]
    # 18 cards, Scored > row + discarded = 18 - Scored: 10 or more, worked out by hand
    assert "more than the cards left in the row and discarded together (with 18 cards: 10 or more" in text
    assert "Card 18 counts as 2 sets" in text
    numbers: dict[float, str] = {}  # the game numbers down the first column, by baseline
    table = table_box(page)
    body = Box(table.x0, table.y0, table.x1, table.y1 - 13)  # below the headings
    for ch in page.chars:
        if ch.font.endswith("Sans-Bold") and ch.box.within(body) and ch.box.x1 < 25:
            numbers[round(ch.origin[1], 1)] = numbers.get(round(ch.origin[1], 1), "") + ch.text
    games = [int(numbers[y]) for y in sorted(numbers, reverse=True)]
    assert games == list(range(1, len(games) + 1)) and len(games) >= 15, games


def test_rules_reference_states_the_seeds_rules(built):
    _, folder = built
    (page,) = pages(pdf(folder, "rules"))
    text = upright_text(page.chars)
    for phrase in ("Draw three cards and place them face up in a row", "Draw one card into your hand",
                   "Draw the top card of the deck into your hand", "to either end of the row",
                   "discard one card from your hand to use its Discard ability",
                   "If any number of adjacent cards total 19", "completed with a total of 18 or 19",
                   "card 13", "card 18 is worth two sets", "When there are no cards left in the deck",
                   "more Scored cards than cards remaining in the row and discarded, you win",
                   "ten or more Scored cards"):
        assert phrase in text, phrase


def test_the_rules_list_every_card_by_number_with_its_kind(built):
    _, folder = built
    (page,) = pages(pdf(folder, "rules"))
    text = upright_text(page.chars)
    symbols = kind_symbols()
    listed = text[text.index("The eighteen cards"):]
    for number, (kind, ability) in enumerate(SEED_ABILITIES, start=1):
        assert f"{number} {symbols[kind]} {kind}: {ability}" in listed, number


def test_players_pages_carry_only_the_games_words(built):
    """No sentence from printkit's own notes on a page a player reads."""
    _, folder = built
    for product in PRODUCTS:
        text = " ".join(upright_text(page.chars) for page in pages(pdf(folder, product)))
        for words in ("manual tabletop kit", "online opponent", "automatic judge", "solver"):
            assert words not in text, (product, words)


def scored_to_win(cards: int) -> int:
    """The seed: more Scored cards than cards left in the row and discarded, every card ending in
    one of the three, so Scored > cards - Scored."""
    return next(scored for scored in range(cards + 1) if scored > cards - scored)


def test_player_aid_is_one_page_with_a_turn_the_end_and_the_win(built):
    paper, folder = built
    (page,) = pages(pdf(folder, "player-aid"))
    rule = next(s.box.x0 for s in page.lines if s.box.width <= TOL and s.box.height > 50)  # between the columns
    text = " ".join(upright_text([c for c in page.chars if (c.box.centre[0] < rule) == left]) for left in (1, 0))
    for phrase in ("Draw the top card of the deck into your hand", "to either end of the row",
                   "or discard one to use its Discard ability",
                   "any adjacent cards that total 19 go to the Scored pile", "With card 13 in them, 18 will do",
                   "When the deck is empty, one card is left in your hand: play it or discard it to use its Discard ability",
                   f"{scored_to_win(18)} or more of the 18", "card 18 counts as 2 if it was scored",
                   "A card flipped face down (card 12) is worth 1"):
        assert phrase in text, (paper, phrase)


def test_player_aid_shows_the_kinds_as_the_cards_print_them(built):
    """The aid's three kind bands look as the cards' bands do, and every card of the deck is
    listed with its kind and the seed's ability, in number order."""
    _, folder = built
    (page,) = pages(pdf(folder, "player-aid"))
    card_page = fronts_and_backs(folder)[0][0]
    def looks(shapes):
        return {(round(s.fill_grey, 2), round(s.width, 2) if s.stroke else 0.0) for s in shapes}
    on_cards = [s for s in card_page.rects if s.box.width >= CARD_W - 10 and 6 <= s.box.height <= 10]
    on_aid = [s for s in page.rects if abs(s.box.width - on_cards[0].box.width) <= TOL and 6 <= s.box.height <= 10]
    assert len(on_aid) == 3 and looks(on_aid) <= looks(fronts_and_backs(folder)[0][0].rects +
                                                      fronts_and_backs(folder)[0][1].rects)
    text = upright_text(page.chars)
    symbols = kind_symbols()
    listed = text[text.index("The eighteen cards"):]
    at = 0
    for number, (kind, ability) in enumerate(SEED_ABILITIES, start=1):
        at = listed.index(f"{number} {symbols[kind]} {kind} {ability}", at)


def test_fonts_are_embedded_and_ink_stays_printable(built):
    _, folder = built
    for product in PRODUCTS:
        path = pdf(folder, product)
        assert all(embedded(font) for font in fonts(path).values()), product
        read = pages(path)
        for number, page in enumerate(pdfium.PdfDocument(str(path)), start=1):
            image = page.render(scale=1, grayscale=True).to_pil().convert("L")
            width, height = image.size
            edge = round(4.5 / 25.4 * 72)
            pixels = image.load()
            inked = [(x, y) for y in range(height) for x in range(width) if pixels[x, y] < 200]
            assert len(inked) > 500, f"{product} page {number} is blank"
            art = back_art(read[number - 2]) if product == "ability-cards" and number % 2 == 0 else None
            art = art.grow(MM) if art else None  # a back's bleed, and its anti-aliased edge
            assert not [p for p in inked if min(p[0], p[1], width - 1 - p[0], height - 1 - p[1]) < edge
                        and not (art and art.holds((p[0] + 0.5) * MM, (height - p[1] - 0.5) * MM))], \
                f"{product} page {number}: ink in the outer 5 mm"


def test_a_content_edit_changes_the_printed_rules(project, cli):
    """A designer moves the target to 20 (and card 13 to 19 or 20): the rules page and card 13
    follow, with no code change."""
    path = project / "content" / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in (("\ntarget: 19", "\ntarget: 20"), ("{card: 13, total: 18}", "{card: 13, total: 19}"),
                     ("a score of 18 or 19.", "a score of 19 or 20."),
                     ("mit 18 oder 19 abgeschlossen", "mit 19 oder 20 abgeschlossen")):  # and its German
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    assert build(cli, GAME)[0] == 0
    (page,) = pages(project / "out" / GAME / "rules.pdf")
    rules = upright_text(page.chars)
    assert "adjacent cards total 20" in rules and "a total of 19 or 20" in rules
    assert "A pile with this card can be completed with a score of 19 or 20." in \
        upright_text(cards_of(project / "out")[13][1])


@pytest.mark.parametrize("option, says", [(("--duplex", "short"), "duplex (flip on short edge)"),
                                          (("--duplex", "none"), "single-sided (these files have no backs)"),
                                          (("--sheet", "gutterfold"), "one-sided, then fold each sheet")])
def test_the_rules_page_says_how_these_files_print(tmp_path, option, says):
    """The rules page's printing advice follows --duplex and --sheet (it said "long edge" whatever the build)."""
    assert build_into(tmp_path, "numbered-cards", *option) == 0
    text = " ".join(pdfium.PdfDocument(str(tmp_path / "numbered-cards" / "rules.pdf"))[0].get_textpage()
                    .get_text_range().split())
    assert f"Print the cards {says} at Actual size" in text
