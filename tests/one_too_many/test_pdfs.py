"""The One Too Many PDFs read back: page sizes and scale bars on A4 and Letter, ink only where a
home printer prints, the end score as content writes it (and as it changes), the score sheet's
columns (wide enough to write in with six players) and rows, the run examples as an independent
check judges them, the Diamonds track's places and bust bars to scale, and the Redo tokens' cuts.

Expected numbers come from content and the seed's rules, computed here, never from printkit's code.
"""

from __future__ import annotations

import re
import shutil

import pypdfium2 as pdfium
import pytest
import yaml

from conftest import CONTENT, ROOT, build_into
from readback import (MM, PAPERS, SCALE_BARS, TOL, UNPRINTABLE, Box, bar_label, pages, reader,
                      scale_bar_rects, text_of)
from one_too_many.test_rules import brute_longest, values

GAME = "one-too-many"
PRODUCTS = ("score-sheet", "player-aid", "diamond-track", "redo-tokens", "rules")
LANDSCAPE = {"diamond-track", "score-sheet"}


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
    text = page_texts(pdf(built_a4, "player-aid"))[0]
    for words in ("a run, Ace high", "a run, Ace low", "not a run"):
        assert words in text
    assert "The Ace counts high (Q K A) or low (A 2 3); K A 2 is not a run." in text


# --- Diamonds track ------------------------------------------------------------------------------

def track_lines(page):
    """The heavy upright lines where the cards' left edges go, left to right."""
    return sorted(s.box.x0 for s in page.lines if s.box.width <= TOL and abs(s.width - 0.5) <= 0.01)


def test_diamond_track_places_run_ace_low_to_ace_high_at_equal_spacing(built):
    paper, folder = built
    (page,) = pages(pdf(folder, "diamond-track"))
    ranks = game_yaml()["deck"]["ranks"]
    xs = track_lines(page)
    assert len(xs) == len(ranks) + 2  # a place for each rank and the Ace again low, and the right end
    pitches = [b - a for a, b in zip(xs, xs[1:])]
    assert max(pitches) - min(pitches) <= TOL, pitches
    labels = sorted((c for c in page.chars if round(c.size, 2) == 14 and c.font.endswith("Bold") and c.box.y0 < page.height - 30),
                    key=lambda c: c.origin[0])
    assert text_of(labels).split() == ["A"] + ranks


def test_diamond_track_bust_bars_are_one_place_longer_than_the_players(built):
    _, folder = built
    (page,) = pages(pdf(folder, "diamond-track"))
    game = game_yaml()
    xs = track_lines(page)
    pitch = xs[1] - xs[0]
    bars = sorted((s.box for s in page.rects if s.fill and s.fill_grey is not None and abs(s.fill_grey - 0.85) < 0.01),
                  key=lambda b: -b.y0)
    counts = range(game["players"]["min"], game["players"]["max"] + 1)
    assert len(bars) == len(counts)
    text = text_of(page.chars)
    for players, bar in zip(counts, bars):
        assert abs(bar.width - (players + 1) * pitch) <= TOL
        assert abs(bar.x0 - xs[0]) <= TOL
        assert f"{players} players: a run of {players + 1} busts" in text


def test_diamond_track_ace_lines_are_the_run_checks(built_a4):
    text = text_of(pages(pdf(built_a4, "diamond-track"))[0].chars)
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


def test_values_helper_reads_the_seed():
    """The independent check above rests on this reading of the seed's values."""
    assert values("A") == {1, 14} and values("J") == {11} and values("10") == {10}
