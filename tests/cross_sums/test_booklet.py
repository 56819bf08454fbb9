"""The Cross Sums booklet read back (issue 13): every scenario's spread arranged alike, the table's
cards one size, the stock, market and discards beside the grid, the front matter (rules with their
picture, scenarios at a glance, the playtest note, the ideas) with no blank page, and the saddle
booklet as volumes a stapler can close.

Expected values come from the seed (parsed in test_pdfs) or are computed here."""

from __future__ import annotations

import re

import pytest

from conftest import build_into
from cross_sums.test_pdfs import MM, RANKS, club_cards, clubs_by_rank, contents, expected_clubs, halves, lines_of, \
    norm, out, plumbed, reader, rules_figure, saddle_expected, saddle_volumes, seed, seed_lines, texts, unbullet

SMALLEST_CARD = 12.0  # mm: PRINT.md's "numbers readable": a 7 mm card's index ran into its rank (issue 13)


def spreads(folder):
    """(scenario, left page, right page) of the reading-order booklet, by its contents page."""
    _, entries = contents(folder)
    pages = plumbed(out(folder, "booklet.pdf")).pages
    return [(number, pages[page - 1], pages[page]) for number, page in sorted(entries.items())]


def long_side(face) -> float:
    return max(face["width"], face["height"]) * MM


def test_every_spreads_table_has_its_clubs_at_one_card_size(built):
    paper, folder = built
    sizes = {}
    for number, _, right in spreads(folder):
        cards = club_cards(right)
        s = seed()[number]
        assert len(cards) == len(s.rows) + len(s.columns), number
        sizes[number] = {round(long_side(face), 1) for face, _ in cards}
    every = set().union(*sizes.values())
    assert len(every) == 1, f"{paper}: the table's cards are not one size: {sizes}"
    assert every.pop() >= SMALLEST_CARD


def dashed_places(page) -> list[dict]:
    return [c for c in page.curves if c["dash"] and c["dash"][0] and not c["fill"]]


def test_every_spreads_table_shows_the_stock_market_and_discards(built):
    _, folder = built
    for number, _, right in spreads(folder):
        s = seed()[number]
        text = norm(right.extract_text())
        assert f"Stock: {s.stock}" in text and "Market: 3" in text and "Discards" in text, number
        assert f"Hands: 2 × {s.hand}, face up" in text, number
        # the grid's places, the market's three and the discards' one
        assert len(dashed_places(right)) == len(s.rows) * len(s.columns) + 3 + 1, number


def map_header(page):
    """The deck map's row of ranks A ... K, or None."""
    return next((line for line in lines_of(page.extract_words()) if tuple(w["text"] for w in line) == RANKS), None)


def test_the_deck_map_is_in_the_same_place_on_every_spreads_left_page(built):
    _, folder = built
    places = set()
    for number, left, right in spreads(folder):
        header = map_header(left)
        assert header is not None and map_header(right) is None, f"scenario {number}: the deck map moved"
        places.add((round(header[0]["x0"], 1), round(header[0]["top"], 1)))
    assert len(places) == 1, places


def test_each_spread_has_its_effect_example_or_room_for_notes(built):
    _, folder = built
    for number, left, _ in spreads(folder):
        text = norm(left.extract_text())
        assert ("Effect example" in text) == seed()[number].example
        assert ("Notes" in text) != seed()[number].example, number


# --- the rules' picture of the table (issue 13, item 5) ----------------------------------------------

def picture_pages(path: str) -> list[int]:
    return [i for i, page in enumerate(plumbed(path).pages) if rules_figure(page) is not None]


@pytest.mark.parametrize("name", ["rules.pdf", "booklet.pdf"])
def test_the_rules_draw_the_table_they_describe_after_they_mention_it(built, name):
    _, folder = built
    path = out(folder, name)
    (index,) = picture_pages(path)
    pages = plumbed(path).pages
    frame = rules_figure(pages[index])
    picture = pages[index].crop((frame["x0"], frame["top"], frame["x1"], frame["bottom"]))
    first = seed()[1]  # the scenario the rules send players to first
    clubs = clubs_by_rank(picture, first)
    for rank, (value, _, _, _) in expected_clubs(first).items():
        assert clubs[rank].label == str(value)
    text = norm(picture.extract_text())
    assert f"Stock: {first.stock}" in text and "Market: 3" in text and "Discards" in text
    assert len(dashed_places(picture)) == len(first.rows) * len(first.columns) + 3 + 1
    # after the sentence that speaks of it: below it on its page, or on the next page
    mention = "The picture shows one possible order"
    said = [i for i, page in enumerate(pages) if mention in norm(page.extract_text())]
    assert said and index in (said[0], said[0] + 1)
    if index == said[0]:
        words = pages[index].extract_words()
        picture_word = next(w for w in words if w["text"] == "picture")
        assert picture_word["bottom"] < frame["top"]


# --- the front matter: at a glance, the playtest note, the ideas; no blank page (issue 13, item 9) ---

def seed_section(start: str, stop: str | None) -> list[str]:
    """The seed's lines under its heading `start` (the last line that is just that heading: the
    seed's contents list it first), up to the heading `stop`."""
    lines = list(seed_lines())
    first = len(lines) - 1 - lines[::-1].index(start)
    last = lines.index(stop, first) if stop else len(lines)
    return [line for line in lines[first + 1:last] if line.strip()]


def booklet_text(folder) -> list[str]:
    return [norm(t) for t in texts(out(folder, "booklet.pdf"))]


FOOTER = re.compile(r"Cross Sums(?: · volume \d+ of \d+)? · \d+$")


def test_no_booklet_page_is_blank_and_notes_come_only_after_the_last_scenario(built):
    _, folder = built
    pages = booklet_text(folder)
    for number, text in enumerate(pages, start=1):
        assert FOOTER.sub("", text).strip(), f"page {number} is blank"
    _, entries = contents(folder)
    last = entries[max(entries)] + 1  # the right-hand page of the last spread
    notes = [number for number, text in enumerate(pages, start=1) if text.startswith("Notes")]
    assert all(number > last for number in notes), notes
    assert len(pages) % 4 == 0  # whole sheets


def test_the_booklet_carries_the_seeds_summary_playtest_note_and_ideas(built):
    _, folder = built
    _, entries = contents(folder)
    front = " ".join(booklet_text(folder)[1:entries[1] - 1])
    summary, note = seed_section("Scenarios at a glance", "Ideas for future scenarios")
    assert f"Scenarios at a glance {summary}" in front
    assert note in unbullet(front)
    ideas = seed_section("Ideas for future scenarios", None)
    assert "Ideas for future scenarios " + unbullet(" ".join(ideas)) in unbullet(front)


def test_the_contents_send_to_the_front_matters_parts(built):
    _, folder = built
    cover = norm(texts(out(folder, "booklet.pdf"))[0])
    pages = booklet_text(folder)
    for heading in ("Scenarios at a glance", "Ideas for future scenarios"):
        page = int(re.search(fr"{heading} (\d+)", cover)[1])
        assert re.search(fr"(^| ){heading} ", pages[page - 1]) and heading not in " ".join(pages[1:page - 1]), heading


BOOKLET_GLANCE = ("#", "Scenario", "Grid", "Rows", "Columns", "Numbers", "Copies", "Actions", "Hand", "Distinct")


def table_on(page) -> tuple[list[str], list[list[str]]] | None:
    """The at-a-glance table on a booklet page, read by its rules: each column's heading (a
    turned one read upwards) and each body row's cells, or None."""
    frames = [r for r in page.rects if r["stroke"] and not r["fill"] and r["width"] * MM > 100]
    shaded = [r for r in page.rects if r["fill"] and r["non_stroking_color"] == (0.88, 0.88, 0.88)]
    if not frames or not shaded:
        return None
    frame, header = frames[0], min(shaded, key=lambda r: r["top"])
    rules = {round(ln["x0"], 1) for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01
             and frame["top"] - 1 <= ln["top"] and ln["bottom"] <= frame["bottom"] + 1}
    edges = [frame["x0"]] + sorted(rules) + [frame["x1"]]

    def column(x: float) -> int:
        return next(k for k in range(len(edges) - 1) if edges[k] <= x < edges[k + 1])

    headings = [[] for _ in edges[1:]]
    for char in page.chars:
        if header["top"] <= (char["top"] + char["bottom"]) / 2 <= header["bottom"] and char["text"].strip():
            headings[column((char["x0"] + char["x1"]) / 2)].append(char)
    names = ["".join(c["text"] for c in sorted(found, key=lambda c: (c["x0"], -c["top"]) if c["upright"]
                                               else (-c["top"], c["x0"]))) for found in headings]
    words = [w for w in page.extract_words() if header["bottom"] < w["top"] < frame["bottom"]]
    numbers = sorted((w for w in words if column(w["x0"]) == 0), key=lambda w: w["top"])  # each row's number

    def middle(word) -> float:
        return (word["top"] + word["bottom"]) / 2

    rows = [[[] for _ in edges[1:]] for _ in numbers]
    for word in sorted(words, key=lambda w: (w["top"], w["x0"])):  # a title on two lines: both in its row
        row = min(range(len(numbers)), key=lambda k: abs(middle(numbers[k]) - middle(word)))
        rows[row][column((word["x0"] + word["x1"]) / 2)].append(word["text"])
    return names, [[" ".join(cell) for cell in row] for row in rows]


def type_size(char) -> float:
    """A character's size across its line (pdfplumber's `size` is not that for turned text)."""
    return round(char["size"] if char["upright"] else char["x1"] - char["x0"], 1)


def table_sizes(page) -> tuple[set[float], set[float]]:
    """The sizes of the table's headings and of its cells."""
    frame = next(r for r in page.rects if r["stroke"] and not r["fill"] and r["width"] * MM > 100)
    header = min((r for r in page.rects if r["fill"] and r["non_stroking_color"] == (0.88, 0.88, 0.88)),
                 key=lambda r: r["top"])
    inside = [c for c in page.chars if c["text"].strip() and frame["top"] <= c["top"] <= frame["bottom"]]
    return ({type_size(c) for c in inside if c["bottom"] <= header["bottom"]},
            {type_size(c) for c in inside if c["top"] >= header["bottom"]})


def test_the_booklet_carries_the_whole_table_at_a_glance(built):
    """Every column of the at-a-glance sheet, laid out for the half page (issue 23, item 1)."""
    paper, folder = built
    _, entries = contents(folder)
    found = []
    for page in plumbed(out(folder, "booklet.pdf")).pages[1:entries[1] - 1]:
        table = table_on(page)
        if table is None:
            continue
        names, rows = table
        assert tuple(re.sub(r"\s", "", n) for n in names) == BOOKLET_GLANCE, (paper, names)
        found += rows
        headings, cells = table_sizes(page)
        assert len(headings) == 1 and min(headings | cells) >= 6.0, (paper, headings, cells)  # nothing under 6 pt
    assert [row[0] for row in found] == [str(n) for n in sorted(seed())]
    for row in found:
        s = seed()[int(row[0])]
        assert row == [str(s.number), s.title, f"{len(s.rows)}×{len(s.columns)}", " ".join(map(str, s.rows)),
                       " ".join(map(str, s.columns)), f"A–{s.highest}", str(s.copies), "".join(s.actions) or "–",
                       str(s.hand), "yes" if s.distinct else "–"], (paper, row)


# --- the saddle booklet in volumes a stapler can close (issue 13, item 10) ----------------------------

MOST_SHEETS = 10  # the stapler: at most 10 sheets, so at most 20 PDF pages (sheet sides) a file


def folded(path: str) -> dict[int, str]:
    """A saddle file's booklet pages by their printed numbers, each page's text; every sheet side
    holds two, in the order saddle_expected computes for the file's page count."""
    sides = halves(path)
    assert [numbers for _, numbers in sides] == saddle_expected(2 * len(sides))
    return {number: norm(text) for pair, numbers in sides for text, number in zip(pair, numbers)}


def cover_entries(path: str) -> dict[int, int]:
    """The volume's cover (the right half of the first side): its contents, scenario -> page."""
    page = plumbed(path).pages[0]
    middle = float(page.width) / 2
    quarter = middle / 2
    entries = {}
    for x0, x1 in ((middle, middle + quarter), (middle + quarter, float(page.width)), (middle, float(page.width))):
        for line in page.crop((x0, 0, x1, page.height)).extract_text().splitlines():
            if m := re.fullmatch(r"(\d+)\. (.+) (\d+)", line):
                entries[int(m[1])] = int(m[3])
    return entries


def test_the_saddle_booklet_comes_in_volumes_of_at_most_ten_sheets(built):
    _, folder = built
    volumes = saddle_volumes(folder)
    assert 3 <= len(volumes) <= 4
    assert not (folder / "cross-sums" / "booklet-saddle.pdf").exists()  # the volumes, not one thick booklet
    for path in volumes:
        assert len(reader(path).pages) <= 2 * MOST_SHEETS, path


def test_each_volume_is_a_whole_booklet_holding_the_next_scenarios(built):
    _, folder = built
    held = []
    for k, path in enumerate(saddle_volumes(folder), start=1):
        pages = folded(path)
        for number, text in pages.items():
            assert FOOTER.sub("", text).strip(), f"volume {k}, page {number} is blank"
        titled = {n: p for p, text in pages.items() for n, s in seed().items() if f"Scenario {n}: {s.title} " in text}
        for n, p in titled.items():  # breaks only between scenarios: a spread is never cut
            assert p % 2 == 0 and seed()[n].steps[0] in pages[p + 1], (k, n, p)
        assert cover_entries(path) == titled, f"volume {k}'s contents"
        assert ("Welcome to Cross Sums" in " ".join(pages.values())) == (k == 1)
        held += sorted(titled)
    assert held == sorted(seed())


def test_the_outer_sheet_shows_where_to_fold_and_staple(built):
    _, folder = built
    for path in saddle_volumes(folder):
        sides = plumbed(path).pages
        width, height = float(sides[0].width), float(sides[0].height)

        def on_fold(side):
            return [ln for ln in side.lines if abs(ln["x0"] - width / 2) < 0.1 and abs(ln["x1"] - width / 2) < 0.1]

        marks = sorted(on_fold(sides[0]), key=lambda ln: ln["top"])
        assert len(marks) == 4, path
        top, first, second, bottom = marks
        assert 5 / MM - 0.5 <= top["top"] and bottom["bottom"] <= height - 5 / MM + 0.5  # inside the printable area
        assert top["top"] < 10 / MM and bottom["bottom"] > height - 10 / MM
        for staple, at in ((first, height / 4), (second, 3 * height / 4)):
            assert abs((staple["top"] + staple["bottom"]) / 2 - at) < 0.5 and staple["linewidth"] > top["linewidth"]
        assert all(not on_fold(side) for side in sides[1:])


def test_a_build_of_chosen_scenarios_is_one_saddle_booklet(tmp_path):
    assert build_into(tmp_path, "cross-sums", "--only", "booklet-saddle", "--scenarios", "13-30") == 0
    files = sorted(p.name for p in (tmp_path / "cross-sums").glob("*.pdf"))
    assert files == ["booklet-saddle.pdf"]
    pages = folded(str(tmp_path / "cross-sums" / "booklet-saddle.pdf"))
    shown = sorted(n for n, s in seed().items() if any(f"Scenario {n}: {s.title} " in t for t in pages.values()))
    assert shown == list(range(13, 31)) and len(pages) > 4 * MOST_SHEETS  # one booklet, however long
