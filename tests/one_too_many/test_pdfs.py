"""The One Too Many PDFs read back: page sizes and scale bars on A4 and Letter, ink only where a
home printer prints, the end score as content writes it (and as it changes), the score sheet's
columns (wide enough to write in with six players) and rows, the run examples as an independent
check judges them, the Diamonds track (real cards laid on it cover no other rank's place), and
the Redo tokens' cuts and backs.

Expected numbers come from content and the seed's rules, computed here, never from printkit's code.
"""

from __future__ import annotations

import re
import shutil

import pypdfium2 as pdfium
import pytest
import yaml

from conftest import CONTENT, ROOT, build_into
from readback import (BACK_BLEED, MM, PAPERS, SCALE_BARS, TOL, UNPRINTABLE, Box, bar_label, chars_in, pages, reader,
                      scale_bar_rects, text_of)
from clearance import frames_inside, pattern_extent, pattern_segments
from one_too_many.test_rules import brute_longest, values

GAME = "one-too-many"
PRODUCTS = ("score-sheet", "player-aid", "diamonds-track", "redo-tokens", "rules")
LANDSCAPE = {"score-sheet"}


def game_yaml(content=CONTENT) -> dict:
    return yaml.safe_load((content / GAME / "game.yaml").read_text(encoding="utf-8"))


def pdf(folder, product):
    return folder / GAME / f"{product}.pdf"


def page_texts(path) -> list[str]:
    return [text_of(page.chars) for page in pages(path)]


# --- every product, both papers ---------------------------------------------------------------------

@pytest.mark.parametrize("product", PRODUCTS)
def test_every_page_is_exactly_the_paper_size(built, product):
    paper, folder = built
    width, height = PAPERS[paper]
    if product in LANDSCAPE:
        width, height = height, width
    for number, page in enumerate(reader(pdf(folder, product)).pages, start=1):
        box = page.mediabox
        media = Box(float(box.left) * MM, float(box.bottom) * MM, float(box.right) * MM, float(box.top) * MM)
        assert media.same(Box(0, 0, width, height)), f"{product} page {number}: {media} on {paper}"


@pytest.mark.parametrize("product", PRODUCTS)
def test_every_page_has_both_scale_bars_at_100_percent(built, product):
    paper, folder = built
    for number, page in enumerate(pages(pdf(folder, product)), start=1):
        bars = scale_bar_rects(page)
        for length, label, _ in SCALE_BARS:
            assert [b for b in bars if abs(max(b.width, b.height) - length) <= TOL and label in bar_label(page, b)], \
                f"{product} page {number} ({paper}): no {length} mm bar labelled {label!r}"


@pytest.mark.parametrize("product", PRODUCTS)
def test_all_ink_is_inside_the_printable_area(built, product):
    paper, folder = built
    for number, page in enumerate(pages(pdf(folder, product)), start=1):
        printable = Box(UNPRINTABLE, UNPRINTABLE, page.width - UNPRINTABLE, page.height - UNPRINTABLE)
        outside = [str(s.box) for s in page.shapes if not s.box.within(printable)]
        outside += [repr(c.text) for c in page.chars if c.text.strip() and not c.box.within(printable)]
        assert not outside, f"{product} page {number} ({paper}): drawn in the unprintable margin: {outside[:5]}"


@pytest.mark.parametrize("product", PRODUCTS)
def test_a_second_renderer_finds_ink_only_inside_the_printable_area(built, product):
    _, folder = built
    for number, page in enumerate(pdfium.PdfDocument(str(pdf(folder, product))), start=1):
        image = page.render(scale=1, grayscale=True).to_pil().convert("L")
        width, height = image.size
        edge = round((UNPRINTABLE - 0.5) / 25.4 * 72)
        pixels = image.load()
        inked = [(x, y) for y in range(0, height, 2) for x in range(0, width, 2) if pixels[x, y] < 200]
        assert len(inked) > 200, f"{product} page {number} is blank"
        assert not [p for p in inked if min(p[0], p[1], width - 1 - p[0], height - 1 - p[1]) < edge]


# --- the end score comes from content -----------------------------------------------------------------

@pytest.mark.parametrize("product", ["score-sheet", "player-aid", "rules"])
def test_the_end_score_is_printed_as_content_writes_it(built, product):
    _, folder = built
    end = game_yaml()["end_score"]
    for number, text in enumerate(page_texts(pdf(folder, product)), start=1):
        assert f"{end} points" in text, f"{product} page {number} does not say {end} points"


@pytest.fixture(scope="module")
def played_to_20(tmp_path_factory):
    """The kit rebuilt after a designer changes the end score back to the published 20."""
    project = tmp_path_factory.mktemp("to-20")
    shutil.copytree(CONTENT, project / "content")
    shutil.copytree(ROOT / "templates", project / "templates")
    path = project / "content" / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("\nend_score: 21 ") == 1
    path.write_text(text.replace("\nend_score: 21 ", "\nend_score: 20 "), encoding="utf-8")
    assert build_into(project / "out", GAME, content=project / "content") == 0
    return project / "out"


def test_an_end_score_of_20_prints_20_everywhere_and_21_nowhere(played_to_20):
    for product in PRODUCTS:
        text = " ".join(page_texts(pdf(played_to_20, product)))
        assert not re.search(r"\b21\b", text), f"{product} still says 21"
    for product in ("score-sheet", "player-aid", "rules"):
        assert "20 points" in " ".join(page_texts(pdf(played_to_20, product))), product
    rules = " ".join(page_texts(pdf(played_to_20, "rules")))
    assert "How this version differs" not in rules  # 20 is the published end score


def test_the_rules_say_how_this_version_differs(built_a4):
    text = " ".join(page_texts(pdf(built_a4, "rules")))
    assert "The game ends at 21 points. The published rules end it at 20." in text


# --- score sheet ---------------------------------------------------------------------------------

LABELS = ("Passed on turn", "Greediest", "Redo", "Points", "Total")  # what the rules call them
TWO_FIGURES = 8.0  # mm: two figures written by hand, about 3 mm each, and room either side
TICK_BOX = 3.6


def turned_labels(page) -> list[tuple[float, str]]:
    """The labels that read upwards, left to right: (x of their middle, text)."""
    columns: dict[float, list] = {}
    for ch in page.chars:
        if abs(ch.direction[0]) < 0.1:
            columns.setdefault(round(ch.origin[0], 1), []).append(ch)
    return sorted((x, text_of(chars)) for x, chars in columns.items())


def column_edges(page) -> list[float]:
    """The x of every rule that runs down the whole of the rounds, and of the table's sides."""
    table = max((r.box for r in page.rects if r.stroke), key=lambda b: b.width * b.height)
    rounds = [line.box.x0 for line in page.lines if line.box.width <= TOL and line.box.y0 <= table.y0 + TOL
              and line.box.height > table.height / 2]
    return sorted({round(x, 3) for x in rounds + [table.x0, table.x1]})


def test_score_sheet_has_a_column_group_per_player_and_a_row_per_round(built):
    paper, folder = built
    game = game_yaml()
    (page,) = pages(pdf(folder, "score-sheet"))
    text = text_of(page.chars)
    players = game["players"]["max"]
    assert [n for n in range(1, 20) if f"Player {n}" in text] == list(range(1, players + 1))
    labels = [label for _, label in turned_labels(page)]
    assert labels == list(LABELS) * players, (paper, labels)
    assert "Busted" not in text and "Turns" in text
    rounds = game["score_sheet"]["rounds"]
    numbers = [c for c in page.chars if c.font.endswith("Bold") and c.size >= 9 and c.text.isdigit()]
    assert {text_of([c]) for c in numbers if len(text_of([c])) == 1} >= {str(n) for n in range(1, 10)}
    assert str(rounds) in text_of(numbers) and str(rounds + 1) not in text_of(numbers)
    ticks = [s for s in page.rects if abs(s.box.width - TICK_BOX) <= TOL and abs(s.box.height - TICK_BOX) <= TOL]
    assert len(ticks) == 2 * players * rounds  # a Greediest and a Redo box per player per round


def test_score_sheet_columns_take_two_figures_with_six_players(built):
    """With the most players the content allows, every player's Passed on turn, Points and Total
    columns hold two handwritten figures and each tick column its box."""
    paper, folder = built
    (page,) = pages(pdf(folder, "score-sheet"))
    edges = column_edges(page)
    assert game_yaml()["players"]["max"] == 6
    widths = {}
    for x, label in turned_labels(page):
        column = next(i for i in range(len(edges) - 1) if edges[i] < x < edges[i + 1])
        widths.setdefault(label, []).append(edges[column + 1] - edges[column])
    assert {label: len(found) for label, found in widths.items()} == {label: 6 for label in LABELS}
    for label in ("Passed on turn", "Points", "Total"):
        assert min(widths[label]) >= TWO_FIGURES, (paper, label, widths[label])
    for label in ("Greediest", "Redo"):
        assert min(widths[label]) >= TICK_BOX + 1.0, (paper, label, widths[label])
    rows = sorted({round(s.box.y0, 2) for s in page.rects if abs(s.box.width - TICK_BOX) <= TOL})
    assert min(b - a for a, b in zip(rows, rows[1:])) >= 7.0  # a row tall enough to write in


def test_score_sheet_records_the_turn_and_prints_the_tie_break(built_a4):
    text = " ".join(page_texts(pdf(built_a4, "score-sheet")))
    assert "Passed on turn the turn you passed on" in text
    assert "under Turns, a stroke each time the numbers are shown" in text
    assert "Greediest ticked if you were one of the greediest when the round busted" in text
    assert "the one who passed on an earlier turn of the last round wins" in text
    assert "two who passed on the same turn stay tied" in text
    assert "did not pass in the last round ranks below every player who did" in text
    assert "Players still tied share the win" in text


# --- player aid: the run examples are the run check's --------------------------------------------

VERDICT = re.compile(r"(\d+) players, longest run ((?:[0-9JQKA]+ )*[0-9JQKA]+) \((\d+)\): (no bust|bust)")


def test_player_aid_has_one_aid_per_player(built):
    _, folder = built
    texts = page_texts(pdf(folder, "player-aid"))
    assert sum(t.count("player aid") for t in texts) == game_yaml()["players"]["max"]


def test_player_aid_examples_are_judged_as_the_seed_says(built):
    _, folder = built
    examples = game_yaml()["run_examples"]
    for text in page_texts(pdf(folder, "player-aid")):
        found = VERDICT.findall(text)
        assert len(found) == text.count("player aid") * len(examples)
        for (players, run, length, verdict), example in zip(found, examples * 2):
            longest = brute_longest(example["diamonds"])
            assert int(players) == example["players"]
            assert int(length) == longest == len(run.split())
            assert set(run.split()) <= set(example["diamonds"])
            assert verdict == ("bust" if longest > example["players"] else "no bust")


def test_player_aid_ace_examples(built_a4):
    page = pages(pdf(built_a4, "player-aid"))[0]
    text = text_of(page.chars)
    for words in ("a run, Ace high", "a run, Ace low", "not a run"):
        assert words in text
    rule = next(s.box.x0 for s in page.lines if s.box.width <= TOL and s.box.height > 50)  # between the columns
    rules = text_of([c for c in page.chars if c.box.x1 < rule])  # the left column alone, its lines whole
    assert "The Ace counts high (Q K A) or low (A 2 3); K A 2 is not a run." in rules


# --- Diamonds track ------------------------------------------------------------------------------

CARD = (63.5, 88.9)  # the centre Diamonds are real poker cards (PRINT.md)
INDEX = (11.0, 12.0)  # mm from its top-left corner within which a poker card's corner index shows its rank


def track_places(page) -> list[Box]:
    """The places: grey filled squares the size of a card's corner, left to right."""
    return sorted((s.box for s in page.rects if s.fill and s.fill_grey is not None and 0.8 < s.fill_grey < 0.95
                   and 10 <= s.box.width <= 20 and 10 <= s.box.height <= 20), key=lambda b: b.x0)


def footprint(place: Box) -> Box:
    """Where a card lies laid with its top-left corner on the place's."""
    return Box(place.x0, place.y1 - CARD[1], place.x0 + CARD[0], place.y1)


def outline_label(places: list[Box]) -> Box:
    """Where the words on the laid cards' outline stand: along the foot of the lowest card, inside it."""
    lowest = footprint(places[0])
    return Box(lowest.x0, lowest.y0, lowest.x1, lowest.y0 + 4.0)


def overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a.x1, b.x1) - max(a.x0, b.x0)) * max(0.0, min(a.y1, b.y1) - max(a.y0, b.y0))


def test_diamond_track_places_climb_from_ace_low_to_ace_high(built):
    paper, folder = built
    (page,) = pages(pdf(folder, "diamonds-track"))
    ranks = game_yaml()["deck"]["ranks"]
    places = track_places(page)
    assert len(places) == len(ranks) + 1  # each rank, and the Ace again low
    assert all(p.width >= INDEX[0] and p.height >= INDEX[1] for p in places), places[0]
    steps = [(b.x0 - a.x0, b.y0 - a.y0) for a, b in zip(places, places[1:])]
    assert all(abs(dx - places[0].width) <= TOL and abs(dy - places[0].height) <= TOL for dx, dy in steps), steps
    labels = [text_of([c for c in chars_in(page, place) if c.font.endswith("Bold")]) for place in places]
    assert labels == ["A"] + ranks
    for place, end in ((places[0], "low"), (places[-1], "high")):
        assert end in text_of(chars_in(page, place))


def covered_places(places: list[Box]) -> dict[int, list[int]]:
    """For each place, the other places a card laid on it covers."""
    found = {}
    for i, card in enumerate(map(footprint, places)):
        covered = [j for j, place in enumerate(places) if j != i and overlap(card, place) > TOL * TOL]
        if covered:
            found[i] = covered
    return found


def test_covered_places_finds_a_strip_whose_cards_hide_the_next_ranks():
    """The check below, on the strip this track replaced: places 18 mm apart in a row, a card
    63.5 mm wide on each covers the next three."""
    strip = [Box(20 + 18 * k, 100, 38 + 18 * k, 113) for k in range(14)]
    assert covered_places(strip)[0] == [1, 2, 3] and len(covered_places(strip)) == 13  # all but the last


def test_diamond_track_cards_laid_on_it_cover_no_other_place(built):
    """Lay a poker card on every place, in any order: no card covers another rank's place, so every
    index in the centre shows and every missing rank's place stays in sight."""
    paper, folder = built
    (page,) = pages(pdf(folder, "diamonds-track"))
    places = track_places(page)
    assert len(places) == len(game_yaml()["deck"]["ranks"]) + 1
    assert covered_places(places) == {}, paper


def test_diamond_track_words_stay_clear_of_the_cards(built):
    """The instructions, the bust lengths and the Ace examples stand where no card laid on the
    track lies."""
    paper, folder = built
    (page,) = pages(pdf(folder, "diamonds-track"))
    places = track_places(page)
    assert len(places) == len(game_yaml()["deck"]["ranks"]) + 1
    cards = [footprint(place) for place in places]
    words = [c for c in page.chars if c.text.strip() and c.box.y0 > 15  # above the footer
             and not any(place.holds(*c.box.centre) for place in places)
             and not outline_label(places).holds(*c.box.centre)]  # the outline's own words, on it
    assert len(words) > 300
    under = [c.text for c in words if any(overlap(c.box, card) > 0 for card in cards)]
    assert not under, f"{paper}: {''.join(under)[:60]}"


def test_diamond_track_outline_lies_on_the_page_and_says_it_is_no_cut_line(built):
    """The dashed outline of the laid cards is whole on both papers: the lowest card's foot, a
    card wide, above the footer; its left edge down from the Ace's place; and along the foot,
    inside it, the words that it is not a cut line."""
    paper, folder = built
    (page,) = pages(pdf(folder, "diamonds-track"))
    places = track_places(page)
    lowest = footprint(places[0])
    dashed = [s.box for s in page.lines if s.dashed]
    foot = [b for b in dashed if abs(b.y0 - lowest.y0) <= TOL and abs(b.y1 - lowest.y0) <= TOL]
    assert foot and abs(min(b.x0 for b in foot) - lowest.x0) <= TOL and abs(max(b.x1 for b in foot) - lowest.x1) <= TOL, \
        f"{paper}: the lowest card's foot {lowest} is not outlined whole: {foot}"
    assert lowest.y0 >= 15.0  # above the footer and the scale bars
    side = [b for b in dashed if abs(b.x0 - lowest.x0) <= TOL and abs(b.x1 - lowest.x0) <= TOL]
    assert side and abs(min(b.y0 for b in side) - lowest.y0) <= TOL and abs(max(b.y1 for b in side) - places[0].y0) <= TOL
    words = text_of([c for c in page.chars if outline_label(places).holds(*c.box.centre)])
    assert "not a cut line" in words, f"{paper}: {words!r}"


def test_diamond_track_bust_lengths_are_one_more_than_the_players(built):
    _, folder = built
    (page,) = pages(pdf(folder, "diamonds-track"))
    game = game_yaml()
    places = track_places(page)
    text = text_of([c for c in page.chars if not any(place.holds(*c.box.centre) for place in places)
                    and not outline_label(places).holds(*c.box.centre)])
    counts = range(game["players"]["min"], game["players"]["max"] + 1)
    rows = " ".join(f"{players} {players + 1}" for players in counts)  # a run longer than the players busts
    assert f"Players Cards in a row {rows}" in text
    assert "A run is an unbroken stair of cards; a grey place breaks it." in text


def test_diamond_track_ace_lines_are_the_run_checks(built_a4):
    text = text_of(pages(pdf(built_a4, "diamonds-track"))[0].chars)
    for cards, is_run in ((["Q", "K", "A"], True), (["A", "2", "3"], True), (["K", "A", "2"], False)):
        assert (brute_longest(cards) == 3) == is_run
        assert f"{' '.join(cards)}: {'a run' if is_run else 'not a run'}" in text


# --- Redo tokens -----------------------------------------------------------------------------------

TOKEN = 40.0  # mm


def test_redo_tokens_are_40_mm_squares_with_cut_lines_and_backs(built):
    paper, folder = built
    path = pdf(folder, "redo-tokens")
    texts = page_texts(path)
    fronts = pages(path)[0::2]
    cuts = [[s.box for s in page.rects if abs(s.box.width - TOKEN) <= TOL and abs(s.box.height - TOKEN) <= TOL
             and s.stroke_grey is not None and s.stroke_grey > 0.4] for page in fronts]
    assert sum(len(c) for c in cuts) >= game_yaml()["redo_tokens"]
    assert sum(t.count("Redo") for t in texts[0::2]) == sum(len(c) for c in cuts)
    assert sum(t.count("Redo") for t in texts[1::2]) == sum(len(c) for c in cuts)  # each back says Redo too
    for page in reader(path).pages[0::2]:
        assert page.get("/TrimBox") is not None


def token_cuts(page) -> list[Box]:
    return [s.box for s in page.rects if abs(s.box.width - TOKEN) <= TOL and abs(s.box.height - TOKEN) <= TOL
            and s.stroke_grey is not None and s.stroke_grey > 0.4]


def back_trims(front, paper: str) -> list[Box]:
    """Where the backs of a front page's tokens lie: the cuts mirrored for the long-edge flip."""
    width = PAPERS[paper][0]
    return [Box(width - b.x1, b.y0, width - b.x0, b.y1) for b in token_cuts(front)]


DRIFT = 2.0  # mm: what a home printer may put its second side off the first
SAFE_ZONE = 25.4 / 8


def test_redo_token_backs_are_a_pattern_to_the_cut_without_a_frame(built):
    """Each back's pattern runs to its cut on every side and nothing frames it from a few mm
    inside; what stands on the back keeps the safe zone even when the back drifts 2 mm."""
    paper, folder = built
    path = pdf(folder, "redo-tokens")
    deck = pages(path)
    for index in range(1, len(deck), 2):
        segments = pattern_segments(path, index)
        for trim in back_trims(deck[index - 1], paper):
            extent = pattern_extent(segments, trim)
            assert extent is not None and trim.within(extent) and extent.within(trim.grow(BACK_BLEED)), \
                f"{paper} page {index + 1}: {extent} on {trim}"
            assert not frames_inside(deck[index], trim), f"{paper}: a frame inside {trim}"
            kept = trim.grow(-(SAFE_ZONE + DRIFT))
            assert all(c.box.within(kept) for c in chars_in(deck[index], trim))


@pytest.fixture(scope="module")
def with_bleed(tmp_path_factory):
    out = tmp_path_factory.mktemp("bleed")
    assert build_into(out, GAME, "--bleed", "3", "--only", "redo-tokens") == 0
    return out


def trims_from_crop_marks(page) -> list[Box]:
    """With bleed there are no cut lines: the cuts are where the crop marks point."""
    marks = [s.box for s in page.lines if 3.5 <= max(s.box.width, s.box.height) <= 4.5]  # 4 mm, not the bars' ticks
    xs = sorted({round(b.x0, 3) for b in marks if b.width <= TOL})
    ys = sorted({round(b.y0, 3) for b in marks if b.height <= TOL})
    return [Box(x, y, x + TOKEN, y + TOKEN) for x in xs for y in ys
            if any(abs(x + TOKEN - other) <= TOL for other in xs) and any(abs(y + TOKEN - o) <= TOL for o in ys)]


def test_with_bleed_the_token_backs_run_into_the_bleed(with_bleed):
    path = pdf(with_bleed, "redo-tokens")
    deck = pages(path)
    width = PAPERS["a4"][0]
    trims = [Box(width - b.x1, b.y0, width - b.x0, b.y1) for b in trims_from_crop_marks(deck[0])]
    assert len(trims) >= 12
    for trim in trims:
        extent = pattern_extent(pattern_segments(path, 1), trim, 3.0)
        assert extent is not None and extent.same(trim.grow(3.0)), (extent, trim)


def test_values_helper_reads_the_seed():
    """The independent check above rests on this reading of the seed's values."""
    assert values("A") == {1, 14} and values("J") == {11} and values("10") == {10}
