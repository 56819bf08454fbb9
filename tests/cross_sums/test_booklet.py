"""The Cross Sums booklet read back (issue 13): every scenario's spread arranged alike, the table's
cards one size, the stock, market and discards beside the grid, the front matter (rules with their
picture, scenarios at a glance, the playtest note, the ideas) with no blank page, and the saddle
booklet as volumes a stapler can close.

Expected values come from the seed (parsed in test_pdfs) or are computed here."""

from __future__ import annotations

from cross_sums.test_pdfs import MM, RANKS, club_cards, contents, lines_of, norm, out, plumbed, seed

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
