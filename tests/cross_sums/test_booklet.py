"""The Cross Sums booklet read back (issue 13): every scenario's spread arranged alike, the table's
cards one size, the stock, market and discards beside the grid, the front matter (rules with their
picture, scenarios at a glance, the playtest note, the ideas) with no blank page, and the saddle
booklet as volumes a stapler can close.

Expected values come from the seed (parsed in test_pdfs) or are computed here."""

from __future__ import annotations

import re

import pytest

from cross_sums.test_pdfs import MM, RANKS, club_cards, clubs_by_rank, contents, expected_clubs, lines_of, norm, out, \
    plumbed, rules_figure, seed, seed_lines, texts, unbullet

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


FOOTER = re.compile(r"Cross Sums · \d+$")


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


BOOKLET_GLANCE = ("#", "Scenario", "Grid", "Rows", "Columns", "Numbers", "Actions", "Hand")


def test_the_booklets_table_has_a_line_per_scenario_with_its_facts(built):
    _, folder = built
    _, entries = contents(folder)
    found = []
    for page in plumbed(out(folder, "booklet.pdf")).pages[1:entries[1] - 1]:
        lines = lines_of(page.extract_words())
        at = next((i for i, line in enumerate(lines) if tuple(w["text"] for w in line) == BOOKLET_GLANCE), None)
        if at is None:
            continue
        starts = [(w["x0"], w["text"]) for w in lines[at]]
        for line in lines[at + 1:]:
            if not re.fullmatch(r"\d+", line[0]["text"]):
                break
            row = {name: [] for _, name in starts}
            for word in line:
                row[[n for x, n in starts if x <= word["x0"] + 0.5][-1]].append(word["text"])
            found.append({name: " ".join(words) for name, words in row.items()})
    assert [row["#"] for row in found] == [str(n) for n in sorted(seed())]
    for row in found:
        s = seed()[int(row["#"])]
        assert row == {"#": str(s.number), "Scenario": s.title, "Grid": f"{len(s.rows)}×{len(s.columns)}",
                       "Rows": " ".join(map(str, s.rows)), "Columns": " ".join(map(str, s.columns)),
                       "Numbers": f"A–{s.highest}", "Actions": "".join(s.actions) or "–", "Hand": str(s.hand)}
