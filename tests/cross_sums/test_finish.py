"""Cross Sums pages that look finished (issue 23), read back from the built PDFs: the booklet's
whole table at a glance, setup tables as large on a sheet as in the booklet, a host key without a
near-empty page, volumes that say which they are, a booklet that opens as spreads, a legend that
explains what the sheets show, one type size for one kind of words, and no empty bands.

Expected values come from the seed, the paper sizes and the print spec, or are measured on
another page; never from printkit's plan code."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium

from clearance import empty_band
from cross_sums.test_booklet import dashed_places, spreads
from cross_sums.test_pdfs import MM, SCENARIOS, TOL, clubs_by_rank, contents, deck_map, layout_places, lines_of, out, \
    plumbed, reader, saddle_volumes, seed, sheet


# --- item 5: the reading-order booklet opens as spreads, its cover alone ---------------------------

def test_the_booklet_opens_as_two_page_spreads_after_its_cover(built):
    _, folder = built
    assert reader(out(folder, "booklet.pdf")).trailer["/Root"]["/PageLayout"] == "/TwoPageRight"
    for name in ("booklet-saddle/volume-1.pdf", "solutions.pdf"):  # sheets to print, not spreads to read
        assert "/PageLayout" not in reader(out(folder, name)).trailer["/Root"], name


# --- item 4: a saddle volume's loose sheet says which volume it is; its marks say what they are ----

def test_every_page_of_a_saddle_volume_names_its_volume_in_its_footer(built):
    _, folder = built
    volumes = saddle_volumes(folder)
    for k, path in enumerate(volumes, start=1):  # read with PDFium: its text of a region is quick
        for side in pdfium.PdfDocument(str(path)):
            width, height = side.get_size()
            text = side.get_textpage()
            for x0 in (0, width / 2):
                if not text.get_text_bounded(x0, 0, x0 + width / 2, height).strip():
                    continue  # a blank page that makes up a whole sheet
                foot = text.get_text_bounded(x0, 0, x0 + width / 2, 16 / MM).replace("\r", "")
                assert re.search(fr"^Cross Sums · volume {k} of {len(volumes)} · \d+$", foot, re.M), (path, foot)


def marks_on_the_fold(side) -> list[dict]:
    middle = float(side.width) / 2
    return sorted((ln for ln in side.lines if abs(ln["x0"] - middle) < 0.1 and abs(ln["x1"] - middle) < 0.1),
                  key=lambda ln: ln["top"])


def test_the_fold_ticks_and_staple_bars_are_labelled_small_and_clear_of_the_cover(built):
    _, folder = built
    for path in saddle_volumes(folder):
        side = plumbed(path).pages[0]
        middle = float(side.width) / 2
        top, first, second, bottom = marks_on_the_fold(side)
        words = side.extract_words(extra_attrs=["size"])
        for mark, word in ((top, "fold"), (first, "staple"), (second, "staple"), (bottom, "fold")):
            at = (mark["top"] + mark["bottom"]) / 2
            beside = [w for w in words if w["text"] == word and w["top"] <= at <= w["bottom"]]
            assert len(beside) == 1, (path, word, mark["top"] * MM)
            found = beside[0]
            assert 6 <= found["size"] <= 7.05, found["size"]  # small, and no smaller than the 6 pt the issue allows
            # right of its mark, in the cover's margin: the cover's own words start further in
            assert middle < found["x0"] and found["x1"] < middle + 11 / MM - 1 / MM
            others = [w for w in words if w is not found and w["x0"] < found["x1"] + 1 / MM
                      and w["x1"] > found["x0"] - 1 / MM and w["top"] < found["bottom"] + 1 / MM
                      and w["bottom"] > found["top"] - 1 / MM]
            assert not others, (word, [w["text"] for w in others])
        cover = [w for w in words if w["x0"] > middle and w["text"] not in ("fold", "staple")]
        assert min(w["x0"] for w in cover) >= middle + 11 / MM - 0.5


# --- item 3: the host key's pages each hold their share, down to their foot ------------------------

FOOT = 18.0  # mm above the paper's bottom edge: a sheet's footer line and scale bars stand below it


def test_the_host_key_shares_its_solutions_evenly_over_pages_filled_to_their_foot(built):
    paper, folder = built
    pages = plumbed(out(folder, "solutions.pdf")).pages
    captions = [[w for w in lines_of(page.extract_words()) if re.fullmatch(r"\d+\.", w[0]["text"])] for page in pages]
    held = [sum(1 for line in page for w in line if re.fullmatch(r"\d+\.", w["text"])) for page in captions]
    assert sum(held) == 50 and len(pages) == 2, (paper, held)  # 50 small grids: two pages, not three
    assert min(held) >= 0.8 * 50 / len(pages), held  # no page a leftover
    for number, page in enumerate(pages, start=1):
        cells = [r for r in page.rects if abs(r["width"] * MM - 6.5) < 0.1 and abs(r["height"] * MM - 6.5) < 0.1]
        lowest = min(float(page.height) - r["bottom"] for r in cells) * MM
        assert lowest - FOOT < 10.0, (paper, number, lowest)  # no empty band above the footer


# --- item 6: the deck map's legend explains the words its cells use, and no others -------------------

def legend_of(page) -> tuple[str, set[str]]:
    """The legend under the deck map: its text, and its bold terms (what it explains)."""
    words = page.extract_words(extra_attrs=["fontname", "size"])
    lines = lines_of(words)
    first = next(i for i, line in enumerate(lines) if re.match(r"(Row|R) n\b", " ".join(w["text"] for w in line)))
    size, top = lines[first][0]["size"], lines[first][0]["top"]
    legend = [lines[first]] + list(itertools.takewhile(
        lambda line: abs(line[0]["size"] - size) < 0.01 and line[0]["top"] - top < 12 / MM, lines[first + 1:]))
    text = " ".join(w["text"] for line in legend for w in line)
    bold = " ".join(w["text"] if "Bold" in w["fontname"] else "|" for line in legend for w in line)
    return text, {term.strip(" ,:") for term in bold.split("|") if term.strip(" ,:")}


def used_terms(cells: dict, crosswise: set) -> set[str]:
    """What a legend must explain: the kinds of words in the map's cells."""
    texts = [text.split()[0] for text in cells.values() if text]
    terms = {{"Row": "Row n", "Col": "Col n"}.get(t) or re.sub(r"^([RC])\d+$", r"\1 n", t) for t in texts}
    return terms | ({"▭"} if crosswise else set())


def explained(text: str, bold: set[str]) -> set[str]:
    return {term for term in bold for term in term.split(", ")} | ({"▭"} if "▭" in text else set())


def test_every_deck_maps_legend_explains_exactly_what_its_cells_show(built):
    paper, folder = built
    pages = [(f"sheet {n}", sheet(folder, n)) for n in SCENARIOS]
    pages += [(f"spread {n}", left) for n, left, _ in spreads(folder)]
    for name, page in pages:
        cells, crosswise = deck_map(page)
        text, bold = legend_of(page)
        assert explained(text, bold) == used_terms(cells, crosswise), (paper, name, text)
        assert not re.search(r"\((R|C|act)\)", text), (paper, name, text)  # no second name for a word


# --- item 7: one kind of words, one size ----------------------------------------------------------

def sizes(words) -> set[float]:
    return {round(w["size"], 2) for w in words}


def bold_lines(page) -> list[tuple[str, float]]:
    """Lines set wholly in bold, larger than running text, with words (not a card's index): the
    page's title and headings, top to bottom, with their size."""
    words = page.extract_words(extra_attrs=["fontname", "size"], keep_blank_chars=False)
    body = Counter(round(w["size"], 2) for w in words).most_common(1)[0][0]
    found = []
    for line in (part for whole in lines_of(words) for part in apart(whole)):
        text = " ".join(w["text"] for w in line)
        if all("Bold" in w["fontname"] for w in line) and re.search(r"[A-Za-z]{3}", text) \
                and len(sizes(line)) == 1 and line[0]["size"] > body + 0.1:
            found.append((text, round(line[0]["size"], 2)))
    return found


def apart(line: list[dict]) -> list[list[dict]]:
    """A line's words in runs, split where a gap wider than 3 mm parts them (two headings side by side)."""
    runs = [[line[0]]]
    for previous, word in zip(line, line[1:]):
        if word["x0"] - previous["x1"] > 3 / MM:
            runs.append([])
        runs[-1].append(word)
    return runs


def page_title(path: str) -> float:
    """The size of the first line of a sheet: its title."""
    line = lines_of(plumbed(path).pages[0].extract_words(extra_attrs=["size"]))[0]
    assert len(sizes(line)) == 1, line
    return line[0]["size"]


def test_every_rules_title_is_a_title_larger_than_its_headings(built):
    paper, folder = built
    title = page_title(out(folder, "at-a-glance.pdf"))  # a sheet's title: the type scale's
    for game in ("ascending-row-overflow", "one-too-many", "numbered-cards", "cross-sums"):
        pages = plumbed(str(folder / game / "rules.pdf")).pages
        lines = [line for page in pages for line in bold_lines(page)]
        (first, size), headings = lines[0], lines[1:]
        assert abs(size - title) < 0.01, (paper, game, first, size)
        assert headings and len({s for _, s in headings}) == 1, (paper, game, headings)  # equal headings equal
        assert size >= headings[0][1] + 2, (paper, game, size, headings[0])


def test_the_deals_words_are_one_size_on_every_setup_sheet(built):
    paper, folder = built
    found = {}
    for n in SCENARIOS:
        words = sheet(folder, n).extract_words(extra_attrs=["size"])
        found[n] = sizes(w for w in words if w["text"] in ("Hands:", "Market:", "Stock:", "Targets:"))
        steps = sizes(w for w in words if w["text"] == "Assemble")
        assert len(found[n]) == 1 and found[n] == steps, (paper, n, found[n], steps)  # as large as running text
    assert len(set().union(*found.values())) == 1, (paper, found)


def test_a_setup_sheets_headings_are_one_size_and_its_title_larger(built):
    paper, folder = built
    titles = set()
    for n in SCENARIOS:
        (title, size), *headings = bold_lines(sheet(folder, n))
        assert title == f"Scenario {n}: {seed()[n].title}", title
        names = {text for text, _ in headings}
        assert {"Setup", "The deal", "Layout: one possible column order",
                "Deck map: every card's role in this scenario"} <= names, (paper, n, names)
        assert len({s for _, s in headings}) == 1 and size > headings[0][1], (paper, n, headings)
        titles.add(size)
    assert len(titles) == 1, titles


def test_the_tables_headers_are_one_size(built):
    paper, folder = built
    for name, first in (("at-a-glance.pdf", "#"), ("campaign-log.pdf", "#")):
        for page in plumbed(out(folder, name)).pages:
            lines = lines_of(page.extract_words(extra_attrs=["size", "fontname"]))
            header = next(line for line in lines if line[0]["text"] == first)
            assert len(sizes(header)) == 1 and all("Bold" in w["fontname"] for w in header), (paper, name, header)


def test_every_scenario_title_in_the_campaign_log_is_set_alike(built):
    paper, folder = built
    titles = [seed()[n].title for n in SCENARIOS]
    found = set()
    for page in plumbed(out(folder, "campaign-log.pdf")).pages:
        for line in lines_of(page.extract_words(extra_attrs=["size"])):
            text = " ".join(w["text"] for w in line)
            found |= {round(w["size"], 2) for t in titles if f" {t} " in f" {text} " for w in line
                      if w["text"] in t.split()}
    assert len(found) == 1, (paper, found)


def test_the_sheets_introductions_are_set_alike(built):
    paper, folder = built
    found = {}
    for name, first in (("solutions.pdf", "Spoilers."), ("at-a-glance.pdf", "Rows"), ("campaign-log.pdf", "Pause")):
        words = plumbed(out(folder, name)).pages[0].extract_words(extra_attrs=["size"])
        start = next(i for i, w in enumerate(words) if w["text"] == first)
        found[name] = sizes(words[start:start + 12])
    assert len(set().union(*found.values())) == 1, (paper, found)


# --- item 2: a sheet's table is as large as the booklet's, whatever the paper ------------------------

def place_sizes(page, s) -> set[tuple[float, float]]:
    """The grid's empty places (dashed outlines), width x height in mm."""
    return {(p["width"] * MM, p["height"] * MM) for p in layout_places(page, s)}


def test_every_setup_sheets_places_are_at_least_as_large_as_the_booklets(built):
    paper, folder = built
    booklet = {number: dashed_places(right) for number, _, right in spreads(folder)}
    for number in SCENARIOS:
        s = seed()[number]
        drawn = place_sizes(sheet(folder, number), s)
        theirs = {(p["width"] * MM, p["height"] * MM) for p in booklet[number]}
        for sizes_ in (drawn, theirs):  # one size of place on a page
            assert max(sizes_)[1] - min(sizes_)[1] < TOL and max(sizes_)[0] - min(sizes_)[0] < TOL, (paper, number)
        (width, height), (their_width, their_height) = min(drawn), max(theirs)
        assert width >= their_width - TOL and height >= their_height - TOL, (paper, number, drawn, theirs)


def test_a_four_row_setup_sheets_grid_stands_beside_text_not_beside_empty_bands(built):
    """Letter's four-row grids were drawn small between wide empty bands: the grid and the column of
    text beside it now share the width, no more than a few millimetres white between them."""
    paper, folder = built
    for number in SCENARIOS:
        s = seed()[number]
        if len(s.rows) < 4:
            continue
        page = sheet(folder, number)
        places = layout_places(page, s)
        right = max(p["x1"] for p in places) * MM
        top, bottom = min(p["top"] for p in places), max(p["bottom"] for p in places)
        beside = [w for w in page.extract_words() if w["x0"] * MM > right and top <= w["top"] <= bottom]
        assert beside and min(w["x0"] for w in beside) * MM - right < 10.0, (paper, number)
        left = min(c["x0"] for c in page.chars) * MM  # the body's left edge, where the text starts
        clubs = [club.face for club in clubs_by_rank(page, s).values()]
        assert min(f["x0"] for f in clubs) * MM - left < 5.0, (paper, number)  # the row clubs at the edge


# --- item 8: no empty bands, no empty column ------------------------------------------------------------

def test_no_setup_sheet_leaves_a_band_across_it_empty(built):
    paper, folder = built
    for number in SCENARIOS:
        band = empty_band(Path(out(folder, f"setup/scenario-{number:02}.pdf")), 0)
        assert band <= 16.5, (paper, number, band)  # the two-row sheets left 25 to 30 mm


def test_the_column_beside_the_layout_holds_text_down_to_the_grids_foot(built):
    """Without an effect example the column beside the layout was the deal and nothing below it."""
    paper, folder = built
    for number in SCENARIOS:
        s = seed()[number]
        page = sheet(folder, number)
        places = layout_places(page, s)
        right, bottom = max(p["x1"] for p in places), max(p["bottom"] for p in places)
        column = [c for c in page.chars if c["x0"] > right and c["top"] < bottom + 1]
        lowest = max(c["bottom"] for c in column)
        assert (bottom - lowest) * MM < 25.0, (paper, number, (bottom - lowest) * MM)


# 9.5 pt running text with a leading of 1.2 and 0.35 of its size after a paragraph; an 11 pt heading
# with 0.6 of the body size before it and 0.15 after (printkit's markup, read as a typesetter would)
HEADING_AND_TWO_LINES = (0.35 * 9.5 + 0.6 * 9.5 + 11 * 1.2 + 0.15 * 9.5 + 2 * 9.5 * 1.2) * MM


def test_no_booklet_page_before_the_scenarios_ends_far_above_its_foot(built):
    """The booklet's page 2 left 15 % of its height empty (19 mm on A4's A5 page); a page of the
    front matter may end early only by less than a heading and the two lines it keeps with it
    take (but the last, where the front matter ends)."""
    paper, folder = built
    _, entries = contents(folder)
    pages = plumbed(out(folder, "booklet.pdf")).pages[1:entries[1] - 2]
    for number, page in enumerate(pages, start=2):
        foot = float(page.height) - 19 / MM  # the body's foot: the page number stands below it
        ink = max(shape["bottom"] for shape in page.chars + page.rects + page.curves if shape["top"] < foot)
        assert (foot - ink) * MM < HEADING_AND_TWO_LINES, (paper, number, (foot - ink) * MM)
