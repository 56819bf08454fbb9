"""The Cross Sums PDFs, read back: setup sheets, layout diagram, deck map, booklets (reading order
and saddle-imposed), solutions key, scenarios at a glance and the rules.

Expected values come from the seed text (tests/fixtures/seeds/cross-sums-004.txt, the source of
truth), from content YAML where the seed is silent, or from a computation written here; never from
printkit's own code. Geometry is read with pdfplumber (points, `top` measured down from the top
edge), page boxes and viewer preferences with pypdf, and plain page text, where only text matters,
with PDFium (pypdfium2), which is much faster. Each PDF is opened once per session.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2 as pdfium
import pytest
import yaml

from conftest import CONTENT, ROOT, build_into
from printkit.cli.main import main

GAME = "cross-sums"
SEED = ROOT / "tests" / "fixtures" / "seeds" / "cross-sums-004.txt"
MM = 25.4 / 72  # millimetres per point
TOL = 0.05  # mm
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # portrait width, height in mm
SCENARIOS = range(1, 51)
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_SIGNS = {"\u2663": "clubs", "\u2665": "hearts", "\u2660": "spades", "\u2666": "diamonds"}
FACE_RANKS = {"Jacks": "J", "Queens": "Q", "Kings": "K"}
SINGULAR = {"heart": "hearts", "spade": "spades", "diamond": "diamonds", "club": "clubs"}


def norm(text: str) -> str:
    """Whitespace and line breaks collapsed to single spaces."""
    return " ".join(text.split())


# --- the seed, parsed ---------------------------------------------------------------------------

@dataclass(frozen=True)
class SeedScenario:
    number: int
    title: str
    tagline: str
    for_this: str  # the whole "For this scenario: ..." line
    steps: tuple[str, str, str, str]  # the four setup step sentences, numbers included
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    highest: int
    number_suits: tuple[str, ...]  # "hearts", ...
    action_suits: tuple[str, ...]
    actions: tuple[str, ...]  # "J", "Q", "K"
    cards: int  # play and action cards, as printed
    stock: int
    hand: int
    copies: int
    distinct: bool
    example: bool  # the seed marks an "Effect example" for this scenario


def _and_list(text: str) -> list[str]:
    """'hearts, spades and diamonds' -> ['hearts', 'spades', 'diamonds']."""
    head, _, last = text.rpartition(" and ")
    return [part.strip() for part in head.split(",") if part.strip()] + [last.strip()] if head else [text.strip()]


@functools.lru_cache(maxsize=None)
def seed_lines() -> tuple[str, ...]:
    return tuple(SEED.read_text(encoding="utf-8").splitlines())


@functools.lru_cache(maxsize=None)
def seed() -> dict[int, SeedScenario]:
    lines = seed_lines()
    starts = [(i, m) for i, line in enumerate(lines) if (m := re.fullmatch(r"Scenario (\d+): (.+)", line))]
    end = lines.index("Scenarios at a glance")
    found = {}
    for k, (start, match) in enumerate(starts):
        stop = starts[k + 1][0] if k + 1 < len(starts) else end
        block = [line for line in lines[start + 1:stop] if line.strip()]
        number = int(match[1])
        for_this = next(line for line in block if line.startswith("For this scenario: "))
        steps = tuple(next(line for line in block if line.startswith(prefix))
                      for prefix in ("1. Take all cards", "2. Leave", "3. Assemble", "4. Deal"))
        one = re.search(r"Place row targets ([\d, ]+) on the left.*Place column targets ([\d, ]+) above", steps[0])
        three = re.fullmatch(r"3\. Assemble the play cards: A–(\d+|A) in (.+?)(?: and the (.+?) of these ranks: "
                             r"(.+?)|; no face cards)\. Shuffle these (\d+) play and action cards together, "
                             r"excluding targets\.", steps[2])
        four = re.search(r"The remaining (\d+) cards form the face-down stock", steps[3])
        items = [item.strip(" .") for item in for_this.removeprefix("For this scenario: ").split("·")]
        assert one and three and four, f"seed scenario {number} does not parse"
        highest = 1 if three[1] == "A" else int(three[1])
        found[number] = SeedScenario(
            number=number, title=match[2], tagline=block[0], for_this=for_this, steps=steps,
            rows=tuple(int(v) for v in one[1].split(",")), columns=tuple(int(v) for v in one[2].split(",")),
            highest=highest, number_suits=tuple(_and_list(three[2])),
            action_suits=tuple(SINGULAR[s] for s in _and_list(three[3])) if three[3] else (),
            actions=tuple(FACE_RANKS[a.strip()] for a in three[4].split(",")) if three[4] else (),
            cards=int(three[5]), stock=int(four[1]),
            hand=int(re.fullmatch(r"(\d+) hand cards", items[0])[1]),
            copies=int(re.fullmatch(r"(\d+) cop(?:y|ies) per number", items[1])[1]),
            distinct="no duplicates per line when winning" in items, example="Effect example" in block)
    return found


def club_of(value: int) -> tuple[str, bool]:
    """The club showing a target, computed here from the seed's rule: 1-10 upright, 11-20 crosswise."""
    rank = value - 10 if value > 10 else value
    return ("A" if rank == 1 else str(rank)), value > 10


def test_the_seed_parses_into_50_consistent_scenarios():
    scenarios = seed()
    assert sorted(scenarios) == list(SCENARIOS)
    for s in scenarios.values():
        # the seed's own counts agree with its own card list: a check of this parser
        assert s.cards == s.highest * len(s.number_suits) + len(s.actions) * len(s.action_suits), s.number
        assert s.stock == s.cards - 2 * s.hand - 3, s.number
        assert len(s.number_suits) == s.copies and sum(s.rows) == sum(s.columns), s.number


# --- reading PDFs back, each once ---------------------------------------------------------------

_PLUMBED: dict[str, pdfplumber.PDF] = {}


def plumbed(path: str) -> pdfplumber.PDF:
    """The PDF, open for this module (pdfplumber parses each page once, when first asked)."""
    if path not in _PLUMBED:
        _PLUMBED[path] = pdfplumber.open(path)
    return _PLUMBED[path]


@functools.lru_cache(maxsize=None)
def texts(path: str) -> tuple[str, ...]:
    """Each page's text, by PDFium."""
    doc = pdfium.PdfDocument(path)
    try:
        return tuple(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


@functools.lru_cache(maxsize=None)
def reader(path: str) -> pypdf.PdfReader:
    return pypdf.PdfReader(path)


@pytest.fixture(scope="module", autouse=True)
def _close_pdfs():
    yield
    for pdf in _PLUMBED.values():
        pdf.close()
    _PLUMBED.clear()


def out(folder: Path, name: str) -> str:
    path = folder / GAME / name
    assert path.is_file(), f"{name} was not built into {folder / GAME}"
    return str(path)


def sheet(folder: Path, number: int) -> pdfplumber.page.Page:
    pdf = plumbed(out(folder, f"setup/scenario-{number:02}.pdf"))
    assert len(pdf.pages) == 1
    return pdf.pages[0]


def sheet_text(folder: Path, number: int) -> str:
    return norm(sheet(folder, number).extract_text())


def page_size_mm(page) -> tuple[float, float]:
    box = page.mediabox
    return float(box.width) * MM, float(box.height) * MM


def near(a: tuple[float, float], b: tuple[float, float], tol: float = TOL) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def centre(obj) -> tuple[float, float]:
    return (obj["x0"] + obj["x1"]) / 2, (obj["top"] + obj["bottom"]) / 2


def holds(box, point, grow: float = 0.0) -> bool:
    x, y = point
    return box["x0"] - grow <= x <= box["x1"] + grow and box["top"] - grow <= y <= box["bottom"] + grow


def white(colour) -> bool:
    values = colour if isinstance(colour, (tuple, list)) else (colour,)
    return bool(values) and all(isinstance(v, (int, float)) and abs(v - 1) < 1e-6 for v in values)


def black(colour) -> bool:
    values = colour if isinstance(colour, (tuple, list)) else (colour,)
    return all(isinstance(v, (int, float)) and abs(v) < 1e-6 for v in values)


def lines_of(words, tol: float = 1.0) -> list[list[dict]]:
    """Words grouped into lines by their top, each line left to right."""
    found: list[list[dict]] = []
    for word in sorted(words, key=lambda w: (w["top"], w["x0"])):
        if found and abs(found[-1][0]["top"] - word["top"]) <= tol:
            found[-1].append(word)
        else:
            found.append([word])
    return [sorted(line, key=lambda w: w["x0"]) for line in found]


# --- 1. fifty one-page setup sheets on the right paper --------------------------------------------

def test_50_setup_sheets_one_page_each_on_the_paper(built):
    paper, folder = built
    files = sorted(p.name for p in (folder / GAME / "setup").iterdir())
    assert files == [f"scenario-{n:02}.pdf" for n in SCENARIOS]
    for n in SCENARIOS:
        pdf = reader(out(folder, f"setup/scenario-{n:02}.pdf"))
        assert len(pdf.pages) == 1, n
        assert near(page_size_mm(pdf.pages[0]), PAPERS[paper]), (n, page_size_mm(pdf.pages[0]))


def test_the_other_products_have_their_page_sizes(built):
    paper, folder = built
    width, height = PAPERS[paper]
    for name in ("at-a-glance.pdf", "rules.pdf", "solutions.pdf"):
        for page in reader(out(folder, name)).pages:
            assert near(page_size_mm(page), (width, height)), name
    for page in reader(out(folder, "booklet.pdf")).pages:  # half the sheet, portrait
        assert near(page_size_mm(page), (height / 2, width))
    for volume in saddle_volumes(folder):  # the sheet, landscape
        for page in reader(volume).pages:
            assert near(page_size_mm(page), (height, width))


# --- 2. the seed's words, counts included -----------------------------------------------------------

@pytest.mark.parametrize("number", SCENARIOS)
def test_setup_sheet_has_the_seeds_title_tagline_line_and_steps(built, number):
    _, folder = built
    s = seed()[number]
    text = sheet_text(folder, number)
    assert text.startswith(f"Scenario {number}: {s.title} ")
    assert s.tagline in text
    assert s.for_this in text
    page = sheet(folder, number)  # the steps, read from their heading down: beside the layout, or across the page
    heading = next(w for w in page.extract_words(extra_attrs=["fontname"]) if w["text"] == "Setup" and _bold(w))
    steps = norm(page.crop((heading["x0"] - 1, heading["top"] - 1, page.width, page.height)).extract_text())
    for step in s.steps:
        assert step in steps, step


# --- 3 and 4. the layout diagram: clubs upright or crosswise, values below, empty places ------------

@dataclass(frozen=True)
class Club:
    face: dict  # the card's white rounded rectangle (a pdfplumber curve)
    chars: tuple[dict, ...]  # the characters drawn on it, the suit sign excepted
    label: str  # the text printed just below it


def layout_clubs(page) -> list[Club]:
    """The club cards of the layout diagram: white card faces with a club sign on them."""
    faces = [c for c in page.curves if c["fill"] and white(c["non_stroking_color"])]
    clubs = []
    for face in faces:
        on = [ch for ch in page.chars if holds(face, centre(ch))]
        if any(ch["text"] == "\u2663" for ch in on):
            clubs.append((face, tuple(ch for ch in on if ch["text"] != "\u2663")))
    found = []
    for face, on in clubs:
        below = [ch for ch in page.chars if ch["upright"] and ch["text"].strip()
                 and face["x0"] <= centre(ch)[0] <= face["x1"]
                 and face["bottom"] <= ch["top"] <= face["bottom"] + 12 / MM
                 and not any(holds(f, centre(ch)) for f in faces)]
        first = min((ch["top"] for ch in below), default=None)
        label = "".join(ch["text"] for ch in sorted(below, key=lambda c: c["x0"]) if abs(ch["top"] - first) < 1)
        found.append(Club(face, on, label))
    return found


def expected_clubs(s: SeedScenario) -> dict[str, tuple[int, bool, str, int]]:
    """Club rank -> (value, crosswise, line, index in its line)."""
    found = {}
    for line, values in (("row", s.rows), ("column", s.columns)):
        for i, value in enumerate(values):
            rank, crosswise = club_of(value)
            assert rank not in found, "the seed never uses a club twice"
            found[rank] = (value, crosswise, line, i)
    return found


def clubs_by_rank(page, s: SeedScenario) -> dict[str, Club]:
    found = {}
    for club in layout_clubs(page):
        text = "".join(sorted(ch["text"] for ch in club.chars))
        rank = next((r for r in RANKS if "".join(sorted(r * 2)) == text), None)  # big rank + corner index
        assert rank is not None, f"a club card carries {text!r}, not a rank drawn twice"
        assert rank not in found, f"two club cards show {rank}"
        found[rank] = club
    assert sorted(found) == sorted(expected_clubs(s)), "the layout's clubs are not the scenario's targets"
    return found


@pytest.mark.parametrize("number", SCENARIOS)
def test_layout_clubs_are_upright_to_10_and_crosswise_above(built, number):
    _, folder = built
    s = seed()[number]
    clubs = clubs_by_rank(sheet(folder, number), s)
    for rank, (value, crosswise, _, _) in expected_clubs(s).items():
        face, chars = clubs[rank].face, clubs[rank].chars
        if crosswise:
            assert face["width"] > face["height"] * 1.2, f"target {value}: the crosswise club is not landscape"
            assert not any(ch["upright"] for ch in chars), f"target {value}: its rank is drawn upright"
            for ch in chars:  # turned a quarter: the text matrix has no x-scale left
                a, b, c, d = ch["matrix"][:4]
                assert abs(a) < 1e-6 and abs(d) < 1e-6 and abs(abs(b) - abs(c)) < 1e-6 and b * c < 0, value
        else:
            assert face["height"] > face["width"] * 1.2, f"target {value}: the upright club is not portrait"
            assert all(ch["upright"] for ch in chars), f"target {value}: its rank is not upright"


@pytest.mark.parametrize("number", SCENARIOS)
def test_layout_prints_each_full_target_below_its_club_in_order(built, number):
    _, folder = built
    s = seed()[number]
    clubs = clubs_by_rank(sheet(folder, number), s)
    placed = {(line, i): clubs[rank] for rank, (_, _, line, i) in expected_clubs(s).items()}
    for rank, (value, _, _, _) in expected_clubs(s).items():
        assert clubs[rank].label == str(value), f"club {rank} is labelled {clubs[rank].label!r}, not {value}"
    rows = [placed["row", i].face for i in range(len(s.rows))]
    columns = [placed["column", i].face for i in range(len(s.columns))]
    # row clubs: one column on the left, top to bottom in the listed order
    assert max(centre(f)[0] for f in rows) - min(centre(f)[0] for f in rows) < 0.5
    assert [centre(f)[1] for f in rows] == sorted(centre(f)[1] for f in rows)
    assert max(f["x1"] for f in rows) < min(f["x0"] for f in columns)
    # column clubs: one row above the grid, in the listed order (one possible order)
    assert max(centre(f)[1] for f in columns) - min(centre(f)[1] for f in columns) < 0.5
    assert [centre(f)[0] for f in columns] == sorted(centre(f)[0] for f in columns)
    assert max(f["bottom"] for f in columns) < min(f["top"] for f in rows)


def layout_places(page, s: SeedScenario) -> list[dict]:
    """The dashed empty places inside the layout diagram's area (spanned by its clubs)."""
    clubs = [c.face for c in clubs_by_rank(page, s).values()]
    pitch = max(max(f["width"], f["height"]) for f in clubs)
    x0, x1 = min(f["x0"] for f in clubs), max(f["x1"] for f in clubs) + 0.2 * pitch
    top, bottom = min(f["top"] for f in clubs), max(f["bottom"] for f in clubs) + 0.2 * pitch
    return [c for c in page.curves if c["dash"] and c["dash"][0] and not c["fill"]
            and x0 <= centre(c)[0] <= x1 and top <= centre(c)[1] <= bottom]


@pytest.mark.parametrize("number", SCENARIOS)
def test_layout_has_r_by_c_empty_places_under_the_clubs(built, number):
    _, folder = built
    s = seed()[number]
    page = sheet(folder, number)
    clubs = clubs_by_rank(page, s)
    placed = {(line, i): clubs[rank].face for rank, (_, _, line, i) in expected_clubs(s).items()}
    places = layout_places(page, s)
    assert len(places) == len(s.rows) * len(s.columns)
    cells = set()
    for place in places:
        assert place["height"] > place["width"], "an empty place lies crosswise"
        x, y = centre(place)
        column = [i for i in range(len(s.columns)) if abs(centre(placed["column", i])[0] - x) < 0.5]
        row = [i for i in range(len(s.rows)) if abs(centre(placed["row", i])[1] - y) < 0.5]
        assert len(column) == 1 and len(row) == 1, "an empty place is not under a column club and beside a row club"
        cells.add((row[0], column[0]))
    assert len(cells) == len(places)


def club_cards(page) -> list[tuple[dict, list[dict]]]:
    """Every club card of the layout, found by its bold corner club sign (the deck map's suit signs
    are regular), as (its face, the glyphs drawn on or spilling within 1 mm of it)."""
    faces = [c for c in page.curves if c["fill"] and white(c["non_stroking_color"])]

    def gap(face, point):
        x, y = point
        return max(face["x0"] - x, x - face["x1"], 0) + max(face["top"] - y, y - face["bottom"], 0)

    found = []
    for sign in (ch for ch in page.chars if ch["text"] == "\u2663" and "Bold" in ch["fontname"]):
        face = min(faces, key=lambda f: gap(f, centre(sign)))
        glyphs = [ch for ch in page.chars if ch["text"].strip() and gap(face, centre(ch)) <= 1 / MM]
        found.append((face, glyphs))
    return found


def spilled(page) -> list[str]:
    """The club cards whose rank or corner index is drawn partly outside the card."""
    bad = []
    for face, glyphs in club_cards(page):
        outside = [ch["text"] for ch in glyphs if not (
            face["x0"] - 0.1 <= ch["x0"] and ch["x1"] <= face["x1"] + 0.1
            and face["top"] - 0.1 <= ch["top"] and ch["bottom"] <= face["bottom"] + 0.1)]
        if outside:
            long_side = max(face["width"], face["height"]) * MM
            bad.append(f"{''.join(ch['text'] for ch in glyphs)} (card {long_side:.1f} mm long): "
                       f"{''.join(outside)} outside")
    return bad


@pytest.mark.parametrize("number", SCENARIOS)
def test_setup_sheet_club_cards_hold_their_rank_and_index(built, number):
    _, folder = built
    page = sheet(folder, number)
    assert len(club_cards(page)) == len(seed()[number].rows) + len(seed()[number].columns)
    assert spilled(page) == []


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_booklet_club_cards_hold_their_rank_and_index(paper, built_a4, built_letter):
    folder = {"a4": built_a4, "letter": built_letter}[paper]
    _, entries = contents(folder)
    pages = plumbed(out(folder, "booklet.pdf")).pages
    bad = {}
    for number, s in seed().items():
        if len(s.rows) == 4:  # the tallest layouts; the right-hand page of the spread holds the layout
            page = pages[entries[number]]
            assert len(club_cards(page)) == len(s.rows) + len(s.columns)
            if spilled(page):
                bad[number] = spilled(page)
    assert bad == {}


# --- the effect examples (scenarios 1, 2, 3, 12) ------------------------------------------------------

def apply_effect(example: dict) -> tuple[list[tuple[int, ...]], int | None]:
    """The seed's rules, written here: (the places after the effect, the card that goes to the hand)."""
    places = [list(stack) for stack in example["places"]]
    at, returned = example["at"], None
    if example["effect"] == "cover":  # a number from the hand on an occupied place
        places[at[0]].append(example["hand"])
    elif example["effect"] == "swap":  # Jack: two whole occupied stacks change places
        places[at[0]], places[at[1]] = places[at[1]], places[at[0]]
    elif example["effect"] == "exchange":  # Queen: hand number on top, the top grid card to the hand
        returned = places[at[0]][-1]
        places[at[0]][-1] = example["hand"]
    elif example["effect"] == "move":  # King: a whole stack to an empty place
        places[at[1]], places[at[0]] = places[at[0]], []
    return [tuple(stack) for stack in places], returned


def drawn_example(page) -> dict[str, list[tuple[str, ...]]]:
    """The example's rows: 'Before' and 'After' -> its slots left to right, each a stack of corner
    indices bottom first (spent cards grey, the top card black; an empty place ()), the hand's
    slot last and marked 'hand'."""
    words = page.extract_words(extra_attrs=["fontname"])
    labels = {w["text"]: w for w in words if w["text"] in ("Before", "After") and "Bold" in w["fontname"]}
    hands = [w for w in words if w["text"] == "Hand"]
    assert sorted(labels) == ["After", "Before"]
    faces = [c for c in page.curves if c["fill"] and white(c["non_stroking_color"])]
    empties = [c for c in page.curves if c["dash"] and c["dash"][0] and not c["fill"]]
    rows: dict[str, dict[float, list]] = {"Before": {}, "After": {}}

    def row_of(point):
        name = min(labels, key=lambda n: abs(centre(labels[n])[1] - point[1]))
        return name if abs(centre(labels[name])[1] - point[1]) < 15 / MM and point[0] > labels[name]["x1"] else None

    for heart in (ch for ch in page.chars if ch["text"] == "\u2665" and "Bold" in ch["fontname"]):
        face = [f for f in faces if holds(f, centre(heart))][-1]  # the one drawn last lies on top
        rank = "".join(ch["text"] for ch in sorted(page.chars, key=lambda c: c["x0"])
                       if abs(ch["top"] - heart["top"]) < 0.5 and ch["text"].strip()
                       and heart["x0"] - 3 * heart["size"] < ch["x0"] < heart["x0"])  # the corner index
        grey = not black(heart["non_stroking_color"])  # spent
        name = row_of(centre(face))
        if name:
            rows[name].setdefault((round(face["x0"], 1), round(face["x1"], 1)), []).append((face["top"], rank, grey))
    for empty in empties:
        name = row_of(centre(empty))
        if name:
            rows[name].setdefault((round(empty["x0"], 1), round(empty["x1"], 1)), [])
    drawn = {}
    for name, slots in rows.items():
        found = []
        for x0, x1 in sorted(slots):
            stack = sorted(slots[x0, x1])  # spent cards peek out above: highest first is the bottom card
            assert [grey for _, _, grey in stack] == [True] * (len(stack) - 1) + [False] * bool(stack)
            hand = any(row_of(centre(h)) == name and x0 <= centre(h)[0] <= x1 for h in hands)
            found.append(tuple(rank for _, rank, _ in stack) + (("hand",) if hand else ()))
        drawn[name] = found
    return drawn


@pytest.mark.parametrize("number", [1, 2, 3, 12])
def test_effect_example_shows_the_rules_before_and_after(built, number):
    _, folder = built
    data = next(s for s in yaml.safe_load((CONTENT / GAME / "scenarios.yaml").read_text(encoding="utf-8"))
                ["scenarios"] if s["number"] == number)
    example = data["effect_example"]
    def name(value: int) -> str:
        return "A" if value == 1 else str(value)

    after, returned = apply_effect(example)
    expected = {
        "Before": [tuple(map(name, stack)) for stack in example["places"]]
        + ([(name(example["hand"]), "hand")] if example.get("hand") else []),
        "After": [tuple(map(name, stack)) for stack in after] + ([(name(returned), "hand")] if returned else [])}
    assert drawn_example(sheet(folder, number)) == expected


def test_only_scenarios_1_2_3_and_12_have_an_effect_example(built_a4):
    with_example = {n for n in SCENARIOS if "Effect example" in sheet_text(built_a4, n)}
    assert with_example == {n for n, s in seed().items() if s.example} == {1, 2, 3, 12}


# --- 5. the deck map ------------------------------------------------------------------------------

def deck_map(page) -> tuple[dict[tuple[str, str], str], set[tuple[str, str]]]:
    """(suit, rank) -> the cell's words; and the cells holding a crosswise sign (a small card on
    its side, 2.6 x 1.8 mm)."""
    words = page.extract_words()
    header = next(line for line in lines_of(words) if tuple(w["text"] for w in line) == RANKS)
    xs = [centre(w)[0] for w in header]
    cell_w = (xs[-1] - xs[0]) / (len(xs) - 1)
    signs = sorted((ch for ch in page.chars if ch["text"] in SUIT_SIGNS and ch["x1"] < header[0]["x0"]
                    and header[0]["bottom"] < ch["top"] < header[0]["bottom"] + 40 / MM), key=lambda c: c["top"])
    assert [SUIT_SIGNS[c["text"]] for c in signs] == ["clubs", "hearts", "spades", "diamonds"]
    ys = [centre(c)[1] for c in signs]
    cell_h = (ys[-1] - ys[0]) / (len(ys) - 1)

    def cell_of(point):
        x, y = point
        i = min(range(len(xs)), key=lambda k: abs(xs[k] - x))
        j = min(range(len(ys)), key=lambda k: abs(ys[k] - y))
        if abs(xs[i] - x) <= cell_w / 2 and abs(ys[j] - y) <= cell_h / 2:
            return SUIT_SIGNS[signs[j]["text"]], RANKS[i]
        return None

    cells: dict[tuple[str, str], list[dict]] = {(suit, rank): [] for suit in SUIT_SIGNS.values() for rank in RANKS}
    for word in words:
        where = cell_of(centre(word))
        if where:
            cells[where].append(word)
    text = {key: " ".join(w["text"] for w in sorted(found, key=lambda w: (round(w["top"]), w["x0"])))
            for key, found in cells.items()}
    crosswise = {cell_of(centre(c)) for c in page.curves
                 if abs(c["width"] * MM - 2.6) < 0.1 and abs(c["height"] * MM - 1.8) < 0.1}
    return text, crosswise


def expected_map(s: SeedScenario) -> tuple[dict[tuple[str, str], str], set[tuple[str, str]]]:
    cells = {(suit, rank): "" for suit in SUIT_SIGNS.values() for rank in RANKS}
    crosswise = set()
    for rank, (value, turned, line, i) in expected_clubs(s).items():
        cells["clubs", rank] = f"{'Row' if line == 'row' else 'Col'} {i + 1} {value}"
        if turned:
            crosswise.add(("clubs", rank))
    for suit in s.number_suits:
        for rank in RANKS[:s.highest]:
            cells[suit, rank] = "play"
    for suit in s.action_suits:
        for rank in s.actions:
            cells[suit, rank] = "action"
    return cells, crosswise


@pytest.mark.parametrize("number", SCENARIOS)
def test_deck_map_marks_every_cards_role(built, number):
    _, folder = built
    s = seed()[number]
    cells, crosswise = deck_map(sheet(folder, number))
    expected, expected_crosswise = expected_map(s)
    assert cells == expected
    assert crosswise == expected_crosswise
    roles = Counter(cells.values())
    assert roles["play"] == s.highest * s.copies
    assert roles["action"] == 2 * len(s.actions)
    assert roles["play"] + roles["action"] == s.cards  # the seed's "Shuffle these N play and action cards"


def test_deck_map_of_scenario_1_as_the_brief_reads_it(built_a4):
    """Rows 9, 12; columns 6, 7, 8: the clubs row reads Row 2 (12, crosswise 2) under 2, Col 1-3
    under 6, 7, 8 and Row 1 under 9; 18 play cells, no action cells."""
    cells, crosswise = deck_map(sheet(built_a4, 1))
    clubs = {rank: cells["clubs", rank] for rank in RANKS if cells["clubs", rank]}
    assert clubs == {"2": "Row 2 12", "6": "Col 1 6", "7": "Col 2 7", "8": "Col 3 8", "9": "Row 1 9"}
    assert crosswise == {("clubs", "2")}
    assert Counter(cells.values())["play"] == 6 * 3 and "action" not in cells.values()


# --- 6. booklets: saddle page order, reading order, contents -------------------------------------

FOOTER = re.compile(r"Cross Sums(?: · volume \d+ of \d+)? · (\d+)")  # a saddle volume names itself (issue 23)


def saddle_expected(pages: int) -> list[tuple[int | None, int | None]]:
    """Sheet sides in print order, computed here: pages padded to a multiple of 4; sheet k's front
    holds n-2k | 2k+1 and its back 2k+2 | n-2k-1 (1-based pages; None past the last page)."""
    n = (pages + 3) // 4 * 4
    sides = []
    for k in range(n // 4):
        sides += [(n - 2 * k, 2 * k + 1), (2 * k + 2, n - 2 * k - 1)]
    return [tuple(p if p <= pages else None for p in side) for side in sides]


def test_saddle_formula_gives_the_issues_8_page_example():
    assert saddle_expected(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    assert saddle_expected(7)[:2] == [(None, 1), (2, 7)]


def halves(path: str) -> list[tuple[tuple[str, str], tuple[int | None, int | None]]]:
    """Each sheet side's two halves: (their texts, their footer page numbers or None)."""
    doc = pdfium.PdfDocument(path)
    try:
        found = []
        for i in range(len(doc)):
            page = doc[i]
            width, height = page.get_size()
            textpage = page.get_textpage()
            side_texts, numbers = [], []
            for x0, x1 in ((0, width / 2), (width / 2, width)):
                side_texts.append(textpage.get_text_bounded(left=x0, bottom=0, right=x1, top=height))
                foot = FOOTER.findall(textpage.get_text_bounded(left=x0, bottom=0, right=x1, top=16 / MM))
                assert len(foot) <= 1, foot
                numbers.append(int(foot[0]) if foot else None)
            found.append((tuple(side_texts), tuple(numbers)))
        return found
    finally:
        doc.close()


def export(tmp_path: Path, paper: str, scenarios: str, imposition: str) -> Path:
    path = tmp_path / f"booklet-{paper}-{imposition}-{scenarios.replace(',', '_')}.pdf"
    assert main(["booklet", "--content", str(CONTENT), "--paper", paper, "--scenarios", scenarios,
                 "--imposition", imposition, "--out", str(path)]) == 0
    return path


MARK_WORDS = re.compile(r"(\s*\b(fold|staple)\b)+\s*$")  # beside the outer sheet's marks, after its text


def check_saddle(saddle: str, reading: str, paper: str) -> int:
    """The saddle PDF against the reading-order PDF of the same booklet; returns the page count."""
    pages = texts(reading)
    count = len(pages)
    for i, text in enumerate(pages, start=1):
        assert FOOTER.findall(text) == [str(i)], f"reading-order page {i} has footer {FOOTER.findall(text)}"
    sides = halves(saddle)
    assert [numbers for _, numbers in sides] == saddle_expected(count)
    for k, ((left, right), (a, b)) in enumerate(sides):
        for text, number in ((left, a), (right, b)):
            if k == 0:  # the outer side's fold and staple marks, and their words (issue 23)
                text = MARK_WORDS.sub("", norm(text))
            if number is None:
                assert text.strip() == "", "a padding page is not blank"
            else:
                # (without spaces: PDFium reads the turned headings of a half page without the spaces between them)
                assert re.sub(r"\s", "", text) == re.sub(r"\s", "", pages[number - 1]), \
                    f"saddle half for page {number} differs"
    width, height = PAPERS[paper]
    for page in reader(saddle).pages:
        assert near(page_size_mm(page), (height, width))  # landscape sheet
    prefs = reader(saddle).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge"
    return count


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_saddle_export_of_one_scenario_is_12_pages_in_folding_order(tmp_path, paper):
    saddle = export(tmp_path, paper, "1", "saddle")
    reading = export(tmp_path, paper, "1", "none")
    count = check_saddle(str(saddle), str(reading), paper)
    # contents, six pages of rules, at a glance and ideas (issue 13, item 9: they used to be three
    # or four pages of rules and a blank one), scenario 1's spread, then notes to whole sheets
    assert count == 12
    folded = [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]  # sheet 1 front = 12 | 1, back = 2 | 11; ...
    assert [numbers for _, numbers in halves(str(saddle))] == folded
    s = seed()[1]
    pages = [norm(text) for text in texts(str(reading))]
    titled = [i for i, text in enumerate(pages, start=1) if f"Scenario 1: {s.title}" in text]
    assert titled == [8], "a scenario's spread starts on a left-hand (even) page"
    assert all(text.startswith("Notes") for text in pages[9:])


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_saddle_export_of_a_chosen_set_pads_to_a_multiple_of_4(tmp_path, paper):
    chosen = "2-4,12"
    saddle = export(tmp_path, paper, chosen, "saddle")
    reading = export(tmp_path, paper, chosen, "none")
    count = check_saddle(str(saddle), str(reading), paper)
    text = [norm(t) for t in texts(str(reading))]
    for n in (2, 3, 4, 12):
        assert sum(f"Scenario {n}: {seed()[n].title}" in t for t in text) == 1
    for n in (1, 5, 11, 13):
        assert not any(f"Scenario {n}: {seed()[n].title}" in t for t in text)
    assert len(reader(str(saddle)).pages) == (count + 3) // 4 * 2


def saddle_volumes(folder: Path) -> list[str]:
    """The saddle booklet's volumes (issue 13, item 10), in order: booklet-saddle/volume-1.pdf, ..."""
    found = sorted((folder / GAME / "booklet-saddle").glob("*.pdf"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    assert [p.stem for p in found] == [f"volume-{k}" for k in range(1, len(found) + 1)] and found
    return [str(p) for p in found]


def contents(folder: Path) -> tuple[int, dict[int, int]]:
    """The booklet's contents page: (rules page, {scenario: page}), read column by column."""
    page = plumbed(out(folder, "booklet.pdf")).pages[0]
    middle = float(page.width) / 2
    entries: dict[int, int] = {}
    rules = None
    for crop in (page.crop((0, 0, middle, page.height)), page.crop((middle, 0, page.width, page.height))):
        for line in crop.extract_text().splitlines():
            if m := re.fullmatch(r"Basic rules (\d+)", line):
                rules = int(m[1])
            elif m := re.fullmatch(r"(\d+)\. (.+) (\d+)", line):
                number, name, page_number = int(m[1]), m[2], int(m[3])
                title = seed()[number].title
                assert title == name or (name.endswith("…") and title.startswith(name[:-1].rstrip())), name
                assert number not in entries
                entries[number] = page_number
    return rules, entries


def test_booklet_contents_point_at_the_right_pages(built):
    _, folder = built
    pages = [norm(t) for t in texts(out(folder, "booklet.pdf"))]
    for i, text in enumerate(pages, start=1):
        assert FOOTER.findall(text) == [str(i)]
    rules, entries = contents(folder)
    assert sorted(entries) == list(SCENARIOS)
    assert rules is not None and pages[rules - 1].startswith("Welcome to Cross Sums")
    assert "Basic rules" in " ".join(pages[rules - 1:entries[1] - 1])
    for number, page in entries.items():
        s = seed()[number]
        assert f"Scenario {number}: {s.title}" in pages[page - 1], (number, page)
        assert s.steps[0] in pages[page], f"scenario {number}'s setup is not on page {page + 1}"
        assert page % 2 == 0, "a spread starts on a left-hand page"


# --- 7. bad --scenarios values ---------------------------------------------------------------------

@pytest.mark.parametrize("value", ["0", "51", "5-3", "x"])
def test_bad_scenario_ranges_are_usage_errors(tmp_path, capsys, value):
    target = tmp_path / "out" / "booklet.pdf"
    capsys.readouterr()
    try:
        code = main(["booklet", "--content", str(CONTENT), "--scenarios", value, "--out", str(target)])
    except SystemExit as exit:  # argparse
        code = exit.code
    stdout, stderr = capsys.readouterr()
    assert code == 2
    assert stdout == ""
    assert "usage: " in stderr and "booklet" in stderr and "error:" in stderr
    assert value in stderr
    assert "Traceback" not in stderr
    assert not target.exists() and list(tmp_path.rglob("*.pdf")) == []


# --- 8. the solutions key -----------------------------------------------------------------------

@dataclass(frozen=True)
class Solution:
    caption: str
    rows: tuple[int, ...]  # the row targets printed left of the rows, top to bottom
    columns: tuple[int, ...]  # the column targets printed above the columns, left to right
    grid: tuple[tuple[int, ...], ...]


def _bold(word) -> bool:
    return "Bold" in word["fontname"]


@functools.lru_cache(maxsize=None)
def solutions(path: str) -> dict[int, Solution]:
    found: dict[int, Solution] = {}
    for page in plumbed(path).pages:
        words = page.extract_words(extra_attrs=["size", "fontname"])
        # sizes from the type scale (issue 13, item 11): captions 8 pt (or shrunk to 7), grid values 9.5 pt
        captions = [w for w in words if _bold(w) and 6.9 < w["size"] < 8.1 and re.fullmatch(r"\d+\.", w["text"])]
        values = [w for w in words if not _bold(w) and abs(w["size"] - 9.5) < 0.2 and w["text"].isdigit()]
        targets = [w for w in words if _bold(w) and abs(w["size"] - 7) < 0.2 and w["text"].isdigit()]
        blocks: dict[int, tuple[list, list]] = {id(c): ([], []) for c in captions}

        def block_of(word):
            above = [c for c in captions if c["top"] < word["top"] and c["x0"] <= word["x0"] + 0.5]
            row = max(c["top"] for c in above)  # the nearest row of captions (a shrunk one stands a little lower)
            return max((c for c in above if c["top"] > row - 3), key=lambda c: c["x0"])

        for word in values:
            blocks[id(block_of(word))][0].append(word)
        for word in targets:
            blocks[id(block_of(word))][1].append(word)
        for caption in captions:
            cells, heads = blocks[id(caption)]
            beside = [c["x0"] for c in captions if abs(c["top"] - caption["top"]) < 1 and c["x0"] > caption["x0"]]
            caption_line = " ".join(w["text"] for w in words if abs(w["top"] - caption["top"]) < 1
                                    and caption["x0"] <= w["x0"] < min(beside, default=float(page.width)))
            rows = lines_of(cells)
            left, top = min(w["x0"] for w in cells), min(w["top"] for w in cells)
            row_heads = sorted((w for w in heads if w["x1"] < left), key=lambda w: w["top"])
            column_heads = sorted((w for w in heads if w["bottom"] < top), key=lambda w: w["x0"])
            assert len(row_heads) + len(column_heads) == len(heads), caption_line
            for head, row in zip(row_heads, rows):
                assert abs(centre(head)[1] - centre(row[0])[1]) < 3, "a row target is not beside its row"
            for i, head in enumerate(column_heads):
                for row in rows:
                    assert abs(centre(head)[0] - centre(row[i])[0]) < 3, "a column target is not above its column"
            number = int(caption["text"][:-1])
            assert number not in found
            found[number] = Solution(caption_line, tuple(int(w["text"]) for w in row_heads),
                                     tuple(int(w["text"]) for w in column_heads),
                                     tuple(tuple(int(w["text"]) for w in row) for row in rows))
    return found


def accepts(s: SeedScenario, solution: Solution) -> list[str]:
    """An independent check of a witness against the seed's rules: what is wrong with it."""
    wrong = []
    grid = solution.grid
    if len(grid) != len(s.rows) or any(len(row) != len(s.columns) for row in grid):
        return [f"grid is {[len(r) for r in grid]}, not {len(s.rows)} rows of {len(s.columns)}"]
    if solution.rows != s.rows:
        wrong.append(f"row targets {solution.rows} are not the seed's {s.rows} in order")
    if sorted(solution.columns) != sorted(s.columns):
        wrong.append(f"column targets {solution.columns} are not a permutation of {s.columns}")
    for target, row in zip(s.rows, grid):
        if sum(row) != target:
            wrong.append(f"row {row} sums to {sum(row)}, not {target}")
    for c, target in enumerate(solution.columns):
        column = [row[c] for row in grid]
        if sum(column) != target:
            wrong.append(f"column {column} sums to {sum(column)}, not its target {target}")
    values = [v for row in grid for v in row]
    if any(not 1 <= v <= s.highest for v in values):
        wrong.append(f"values outside 1-{s.highest}")
    for value, count in Counter(values).items():
        if count > s.copies:
            wrong.append(f"{value} is used {count} times, more than {s.copies} copies")
    if s.distinct:
        lines = list(grid) + [tuple(row[c] for row in grid) for c in range(len(s.columns))]
        if any(len(set(line)) != len(line) for line in lines):
            wrong.append("a line repeats a value although the scenario needs distinct values")
    return wrong


def test_the_independent_check_refuses_bad_witnesses():
    s = seed()[18]  # distinct values from 18
    ones = Solution("", s.rows, s.columns, ((1,) * len(s.columns),) * len(s.rows))
    assert accepts(s, ones)  # wrong sums, repeated values
    s1 = seed()[1]
    assert accepts(s1, Solution("", (9, 12), (6, 7, 8), ((1, 2, 6), (5, 5, 2)))) == []
    assert accepts(s1, Solution("", (9, 12), (6, 7, 8), ((1, 2, 6), (5, 6, 1)))) != []  # column sums
    assert accepts(s1, Solution("", (9, 12), (6, 8, 7), ((1, 2, 6), (5, 5, 2)))) != []  # printed order
    assert accepts(s1, Solution("", (12, 9), (6, 7, 8), ((1, 2, 6), (5, 5, 2)))) != []  # row order


def test_solutions_key_has_50_grids_that_an_independent_check_accepts(built):
    _, folder = built
    key = solutions(out(folder, "solutions.pdf"))
    assert sorted(key) == list(SCENARIOS)
    for number, solution in key.items():
        s = seed()[number]
        caption = f"{number}. {s.title}"
        assert solution.caption == caption or caption.startswith(solution.caption), solution.caption
        assert accepts(s, solution) == [], (number, solution)


# --- 9. no solution in the booklets or on the setup sheets ---------------------------------------------

def solution_phrases(folder: Path) -> list[str]:
    """The key's own heading and warning, as printed on its first page."""
    first = norm(texts(out(folder, "solutions.pdf"))[0])
    heading = re.search(r"host key: one solution per scenario", first)
    warning = re.search(r"Spoilers\. Keep this key apart from the booklet and the setup sheets", first)
    assert heading and warning, "the solutions key's heading changed: update this test"
    return [heading[0], warning[0], "one solution per scenario", "Spoilers"]


def tokens(text: str) -> list[str]:
    return re.findall(r"[A-Za-z0-9]+", text)


def holds_run(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


def test_no_solution_in_the_booklets_or_setup_sheets(built):
    _, folder = built
    phrases = solution_phrases(folder)
    key = solutions(out(folder, "solutions.pdf"))
    booklet = [norm(t) for path in [out(folder, "booklet.pdf")] + saddle_volumes(folder) for t in texts(path)]
    for text in booklet:
        assert not any(p in text for p in phrases)
    for number in SCENARIOS:
        text = texts(out(folder, f"setup/scenario-{number:02}.pdf"))[0]
        assert not any(p in norm(text) for p in phrases), number
        witness = [str(v) for row in key[number].grid for v in row]
        assert not holds_run(tokens(text), witness), f"setup sheet {number} spells the witness out"
        assert not holds_run(tokens(sheet(folder, number).extract_text()), witness), number
    # a positive control: the same search finds each witness row in the key itself
    control = tokens(" ".join(texts(out(folder, "solutions.pdf"))))
    assert holds_run(control, [str(v) for v in key[1].grid[0]])


@pytest.mark.parametrize("number", SCENARIOS)
def test_the_layouts_grid_places_are_empty(built, number):
    _, folder = built
    page = sheet(folder, number)
    places = layout_places(page, seed()[number])
    assert places
    for place in places:
        assert not [ch["text"] for ch in page.chars if holds(place, centre(ch))], "text inside a grid place"


# --- 10. scenarios at a glance ----------------------------------------------------------------------

GLANCE_COLUMNS = ("#", "Scenario", "Grid", "Row", "Column", "Numbers", "Copies", "Actions", "Hand", "Distinct")


def glance_rows(path: str) -> list[dict[str, str]]:
    """The table's body rows, each as header word -> cell text, over every page."""
    found = []
    for page in plumbed(path).pages:
        lines = lines_of(page.extract_words())
        at = next(i for i, line in enumerate(lines) if tuple(w["text"] for w in line) ==
                  ("#", "Scenario", "Grid", "Row", "targets", "Column", "targets", "Numbers", "Copies", "Actions",
                   "Hand", "Distinct"))
        starts = [(w["x0"], w["text"]) for w in lines[at] if w["text"] in GLANCE_COLUMNS]
        for line in lines[at + 1:]:
            if not re.fullmatch(r"\d+", line[0]["text"]) or line[0]["x0"] > starts[1][0]:
                break  # below the table: the footer
            row = {name: [] for _, name in starts}
            for word in line:
                name = [n for x, n in starts if x <= word["x0"] + 0.5][-1]
                row[name].append(word["text"])
            found.append({name: " ".join(words) for name, words in row.items()})
    return found


def test_at_a_glance_has_one_row_per_scenario_with_its_facts(built):
    _, folder = built
    rows = glance_rows(out(folder, "at-a-glance.pdf"))
    assert [row["#"] for row in rows] == [str(n) for n in SCENARIOS]
    for row in rows:
        s = seed()[int(row["#"])]
        assert row == {
            "#": str(s.number), "Scenario": s.title, "Grid": f"{len(s.rows)}×{len(s.columns)}",
            "Row": " ".join(map(str, s.rows)), "Column": " ".join(map(str, s.columns)),
            "Numbers": f"A–{s.highest}", "Copies": str(s.copies), "Actions": "".join(s.actions) or "–",
            "Hand": str(s.hand), "Distinct": "yes" if s.distinct else "–"}, s.number


def test_seed_scenarios_agree_with_the_seeds_at_a_glance_summary():
    """A check of the parsed seed against its own summary paragraph (hand 3/4/5, copies, actions, distinct)."""
    for s in seed().values():
        n = s.number
        assert s.hand == (3 if n <= 6 else 4 if n <= 40 else 5)
        assert s.copies == (2 if 31 <= n <= 35 else 3)
        assert s.actions == tuple(a for a, start in (("J", 2), ("Q", 3), ("K", 12)) if n >= start)
        assert s.distinct == (n >= 18)


# --- 11. the rules ----------------------------------------------------------------------------------

def rules_figure(page) -> dict | None:
    """The picture of the table on a rules page: the smallest frame round every club card's bold
    corner sign (the clubs are drawn only there), or None."""
    signs = [ch for ch in page.chars if ch["text"] == "\u2663" and "Bold" in ch["fontname"]]
    frames = [c for c in page.curves + page.rects if not c["fill"] and c["stroke"]
              and all(holds(c, centre(ch)) for ch in signs)]
    return min(frames, key=lambda c: c["width"] * c["height"]) if signs and frames else None


def rules_lines(path: str) -> list[str]:
    """The rules pages' text lines, without each page's footer and scale-bar labels and the
    picture of the table (issue 13, item 5: read by test_rules_picture_...)."""
    found = []
    for page in plumbed(path).pages:
        figure = rules_figure(page)
        if figure is not None:
            page = page.filter(lambda obj: obj.get("object_type") != "char" or not holds(figure, centre(obj)))
        for line in page.extract_text().splitlines():
            if line.startswith("Cross Sums · Rules · page ") or re.fullmatch(r"50 mm at 100% 2 in at 100%", line):
                continue
            found.append(line)
    return found


def seed_rules() -> list[str]:
    """The seed's welcome and basic rules, with the one sentence issue 13 (item 5) rewrites so its
    numbers read: "initially 3 each, from scenario 7 4, from 41 5" becomes the hand sizes with
    their scenarios, taken from the seed's own summary ("Hand size: 3 in 1–6, 4 in 7–40, ...")."""
    lines = list(seed_lines())
    start = lines.index("Welcome to Cross Sums")
    stop = lines.index("Scenario 1: Six open places")
    summary = re.search(r"Hand size: ((?:\d+ in \d+–\d+(?:, )?)+)\.", " ".join(lines))
    stages = [stage.split(" in ") for stage in summary[1].split(", ")]
    readable = [f"{size} each in {'scenarios ' if i == 0 else ''}{span}" for i, (size, span) in enumerate(stages)]
    said = ", ".join(readable[:-1]) + " and " + readable[-1]
    rules = [line.replace("initially 3 each, from scenario 7 4, from 41 5", said) for line in lines[start:stop]]
    assert rules != lines[start:stop], "the seed's hand-size sentence changed: update this test"
    return rules


def unbullet(text: str) -> str:
    return norm(re.sub(r"[•▪◦‣∙·]\s", " ", text))


def test_rules_pdf_is_the_seeds_welcome_and_basic_rules(built):
    _, folder = built
    printed = unbullet("\n".join(rules_lines(out(folder, "rules.pdf"))))
    assert printed == unbullet("\n".join(seed_rules()))


def test_rules_pdf_starts_each_turn_step_on_its_own_line(built_a4):
    lines = rules_lines(out(built_a4, "rules.pdf"))
    for step in ("1. Optionally exchange once:", "2. One grid action:", "3. Refill your hand:"):
        assert any(line.startswith(step) for line in lines), f"{step!r} does not start a line"


# --- 12. an edit changes exactly its own sheet ---------------------------------------------------------

def test_editing_scenario_5_changes_only_its_setup_sheet(project, built_a4, tmp_path):
    path = project / "content" / GAME / "scenarios.yaml"
    text = path.read_text(encoding="utf-8")
    start, end = text.index("- number: 5\n"), text.index("- number: 6\n")
    block = text[start:end]
    s = seed()[5]
    old_rows = f"rows: [{', '.join(map(str, s.rows))}]"
    new_rows = tuple(sorted(s.rows))
    assert new_rows != s.rows and block.count(old_rows) == 1 and block.count(s.tagline) == 1
    tagline = "An edited tagline, for scenario five only."
    block = block.replace(old_rows, f"rows: [{', '.join(map(str, new_rows))}]").replace(s.tagline, tagline)
    path.write_text(text[:start] + block + text[end:], encoding="utf-8")
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["scenarios"][4]["tagline"] == tagline

    edited = tmp_path / "edited"
    assert build_into(edited, GAME, "--paper", "a4", content=project / "content") == 0
    for number in SCENARIOS:
        name = f"setup/scenario-{number:02}.pdf"
        same = (edited / GAME / name).read_bytes() == (built_a4 / GAME / name).read_bytes()
        assert same == (number != 5), name
    with pdfplumber.open(edited / GAME / "setup" / "scenario-05.pdf") as pdf:
        printed = norm(pdf.pages[0].extract_text())
    assert tagline in printed and s.tagline not in printed
    rows = ", ".join(map(str, new_rows))
    assert s.steps[0].replace(f"Place row targets {', '.join(map(str, s.rows))} on", f"Place row targets {rows} on") \
        in printed
    assert s.steps[0] not in printed
    for step in s.steps[1:]:
        assert step in printed  # the counts do not depend on the order of the rows
