"""The examples of examples/ (README, "Make your own game"): seven small games written in YAML
alone, built and validated through the command line with nothing on stderr, and each read back
for what it is there to show: suits as a glyph, a colour and a word, with corner indices and a
back of their own (Weathervane); a layout per type, art to the bleed, a back per type, a stat
bound to the data, a turned label (Lantern Delve); a card for each row of a workbook's named sheet
(Which Came First); tiles and stones of shapes, a gradient and opacity (Fifteen); icons in card
text (Apothecary). Expected values are the games' own numbers written here by hand (a colour's
#rrggbb, a box's mm), or read from the workbook with openpyxl, never from printkit's code."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import openpyxl
import pypdf
import pypdfium2
import pytest

from conftest import ROOT
from docs import DOCS_TEXT, section
from readback import BACK_BLEED, MM, TOL, Box, pages, text_of
from test_declared import cards_on, text_in

EXAMPLES = ROOT / "examples"
GAMES = {"weathervane": ("deck", "score-sheet", "rules"), "lantern-delve": ("deck", "rules"),
         "which-came-first": ("deck", "rules"), "fifteen": ("tiles", "stones", "rules"),
         "apothecary": ("ingredients", "recipes", "rules"),
         "harbour-masters": ("ships", "cargo", "ports", "events", "rules"),  # tests/test_example_harbour.py
         "signal-fires": ("deck",)}  # in German and French too: tests/test_languages.py
POKER, MINI = (63.5, 88.9), (44.45, 63.5)
SUITS = {"sun": ("☀", "SUN", "#b8420f"), "rain": ("☂", "RAIN", "#1f5fa8"), "snow": ("❄", "SNOW", "#0e6a6e"),
         "storm": ("⚡", "STORM", "#6a3d9a")}
PARCHMENT, NIGHT = "#f4ecdc", "#1d2a44"


def printkit(*argv: str) -> subprocess.CompletedProcess:
    """printkit as a person runs it, in a process of its own: its exit code, stdout and stderr."""
    return subprocess.run([sys.executable, "-m", "printkit", *argv], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "100"}, check=False)


def rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def same(found, colour: str, tol: float = 0.01) -> bool:
    return found is not None and all(abs(a - b) <= tol for a, b in zip(found, rgb(colour)))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("examples") / "out"
    done = printkit("--project", str(EXAMPLES), "build", "--out", str(out))
    assert (done.returncode, done.stderr) == (0, "")
    return out


def test_every_example_builds_and_validates_with_nothing_on_stderr(built):
    for game, products in GAMES.items():
        for product in products + ("print-guide",):
            assert (built / game / f"{product}.pdf").is_file(), (game, product)
    done = printkit("validate", "--project", str(EXAMPLES))
    assert (done.returncode, done.stderr) == (0, "")
    assert "7 games checked" in done.stdout


def test_the_examples_project_is_what_printkit_new_writes(tmp_path):
    assert printkit("new", str(tmp_path / "new")).returncode == 0
    assert (EXAMPLES / "printkit.yaml").read_text("utf-8") == (tmp_path / "new" / "printkit.yaml").read_text("utf-8")
    assert sorted(path.name for path in (EXAMPLES / "content").iterdir()) == sorted(GAMES)


def test_the_readme_shows_a_picture_of_every_example():
    from PIL import Image

    for game in GAMES:
        assert f"](../example-{game}.png)" in section("The examples"), game  # docs/tutorial/examples.md
        with Image.open(ROOT / "docs" / f"example-{game}.png") as picture:
            assert 600 <= picture.width <= 900, game


# --- Weathervane: a trick-taking deck ------------------------------------------------------------

def test_weathervane_shows_each_suit_as_a_glyph_in_its_colour_and_as_a_word(built):
    fronts = pages(built / "weathervane" / "deck.pdf")[0::2]
    seen = []
    for page in fronts:
        for box in cards_on(page):
            words = text_in(page, box)
            suit = next(name for name, (_, word, _) in SUITS.items() if word in words.split())
            glyph, _, colour = SUITS[suit]
            glyphs = [ch for ch in page.chars if ch.text == glyph and box.holds(*ch.box.centre)]
            assert len(glyphs) == 3, words  # large in the middle, and under both corner indices
            assert all(same(ch.colour, colour) for ch in glyphs), words
            seen.append(suit)
    assert sorted(seen) == sorted(list(SUITS) * 9)


def test_weathervane_prints_each_rank_large_and_in_two_corners_one_turned(built):
    fronts = pages(built / "weathervane" / "deck.pdf")[0::2]
    ranks = []
    for page in fronts:
        for box in cards_on(page):
            digits = [ch for ch in page.chars if ch.text.isdigit() and box.holds(*ch.box.centre)]
            assert len({ch.text for ch in digits}) == 1
            top_left = [ch for ch in digits if ch.box.centre[0] < box.x0 + 12 and ch.box.centre[1] > box.y1 - 12]
            bottom_right = [ch for ch in digits if ch.box.centre[0] > box.x1 - 12 and ch.box.centre[1] < box.y0 + 12]
            assert len(top_left) == 1 and top_left[0].direction == pytest.approx((1, 0))
            assert len(bottom_right) == 1 and bottom_right[0].direction == pytest.approx((-1, 0), abs=1e-6)
            large = max(digits, key=lambda ch: ch.size)
            assert large.size > 3 * top_left[0].size
            ranks.append(int(large.text))
    assert sorted(ranks) == sorted(list(range(1, 10)) * 4)


def test_weathervane_has_a_back_of_its_own_behind_every_card(built):
    deck = pages(built / "weathervane" / "deck.pdf")
    for front, back in zip(deck[0::2], deck[1::2]):
        grounds = [shape.box.grow(-BACK_BLEED) for shape in back.rects if same(shape.fill_rgb, NIGHT)  # drawn past the trim
                   and abs(shape.box.width - POKER[0] - 2 * BACK_BLEED) < TOL
                   and abs(shape.box.height - POKER[1] - 2 * BACK_BLEED) < TOL]
        assert len(grounds) == len(cards_on(front))
        for ground in grounds:
            title = [ch for ch in back.chars if ground.holds(*ch.box.centre)]
            assert text_of(title) == "Weathervane"
            assert all(same(ch.colour, "#e0b44c") for ch in title)


# --- Lantern Delve: heroes and monsters -------------------------------------------------------------

@pytest.fixture(scope="module")
def bled(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("bleed") / "out"
    done = printkit("--project", str(EXAMPLES), "build", "lantern-delve", "--bleed", "3", "--out", str(out))
    assert (done.returncode, done.stderr) == (0, "")
    return out / "lantern-delve" / "deck.pdf"


def rendered(path: Path, index: int, dpi: int = 300):
    """A page as pixels, and a function giving the colour (r, g, b, 0..1) at a point in mm from
    the page's bottom-left corner."""
    pdf = pypdfium2.PdfDocument(str(path))
    image = pdf[index].render(scale=dpi / 72).to_pil().convert("RGB")
    height = image.height

    def at(x: float, y: float) -> tuple[float, float, float]:
        return tuple(v / 255 for v in image.getpixel((int(x / 25.4 * dpi), int(height - y / 25.4 * dpi))))

    return at


def test_lantern_delve_art_reaches_the_bleed_edge_and_the_ground_is_under_it(bled):
    first = pages(bled)[0]
    # The parchment ground covers each card and its 3 mm of bleed: the card's bleed box.
    grounds = [shape.box for shape in first.rects if same(shape.fill_rgb, PARCHMENT)]
    assert grounds and all(abs(box.width - 69.5) < TOL and abs(box.height - 94.9) < TOL for box in grounds)
    at = rendered(bled, 0)
    for bleed in grounds:
        trim = bleed.grow(-3.0)
        inside = 0.3  # mm inside the bleed edge: the art; as far outside it: paper
        for x, y in ((trim.x0 + 20, bleed.y1 - inside), (bleed.x0 + inside, trim.y1 - 20),
                     (bleed.x1 - inside, trim.y1 - 20)):
            assert not same(at(x, y), PARCHMENT, 0.03) and not same(at(x, y), "#ffffff", 0.03), (x, y)
        # ... and stops there: past it is paper, or a neighbour's bleed and its own parchment
        x, y = trim.x0 + 20, bleed.y1 + inside
        neighbour = any(other.holds(x, y) for other in grounds if other is not bleed)
        assert same(at(x, y), PARCHMENT if neighbour else "#ffffff", 0.03)
        assert same(at(bleed.x0 + inside, trim.y0 + 5), PARCHMENT, 0.03)  # under the art: the ground, to the bleed


def test_lantern_delve_heroes_have_a_power_bar_five_mm_a_point_and_their_own_back(built):
    deck = pages(built / "lantern-delve" / "deck.pdf")
    front, back = deck[0], deck[1]
    powers = {"Knight": 4, "Ranger": 3, "Mage": 5, "Rogue": 2}
    boxes = cards_on(front)
    for box in boxes:
        name = next((hero for hero in powers if hero in text_in(front, box)), None)
        if name is None:
            continue
        bars = [shape.box for shape in front.shapes if same(shape.fill_rgb, "#2f5d8a")
                and box.holds(*shape.box.centre) and abs(shape.box.height - 3.0) < TOL]
        assert [round(bar.width, 2) for bar in bars] == [5.0 * powers[name]], name
        mirrored = Box(front.width - box.x1, box.y0, front.width - box.x0, box.y1)
        assert "HERO" in text_in(back, mirrored) and "DUNGEON" not in text_in(back, mirrored)
        powers.pop(name)
    assert not powers  # all four heroes are on the first sheet


def test_lantern_delve_shows_boss_only_on_bosses_and_turns_the_type_label(built):
    deck = pages(built / "lantern-delve" / "deck.pdf")
    bosses, labels = [], 0
    for front in deck[0::2]:
        for box in cards_on(front):
            words = text_in(front, box)
            if "BOSS" in words:
                bosses.append(words)
            label = [ch for ch in front.chars if box.holds(*ch.box.centre) and ch.text in "HEROMNSTUA"
                     and ch.direction == pytest.approx((0, 1), abs=1e-6)]  # reading up the left edge
            assert label and label[0].box.x0 > box.x0 + 3.175 - TOL
            labels += 1
    assert labels == 24
    assert len(bosses) == 2 and all(("Lich" in b) != ("Dragon" in b) for b in bosses)


# --- Which Came First: cards from a workbook ---------------------------------------------------------

def test_which_came_first_has_a_card_for_each_row_of_its_sheet_in_order_of_year(built):
    sheet = openpyxl.load_workbook(EXAMPLES / "content" / "which-came-first" / "inventions.xlsx")["Inventions"]
    rows = list(sheet.iter_rows(values_only=True))
    heading = rows[0]
    cards = [dict(zip(heading, row)) for row in rows[1:]]
    printed = sorted((card for card in cards if card["copies"] != 0), key=lambda card: card["year"])
    assert 0 < len(printed) < len(cards)  # a row with copies 0 is in the sheet, and printed nowhere
    names = []
    for front in pages(built / "which-came-first" / "deck.pdf")[0::2]:
        for box in cards_on(front):
            assert abs(box.width - MINI[0]) < TOL and abs(box.height - MINI[1]) < TOL
            names.append(text_in(front, box))
    assert len(names) == len(printed)
    for words, card in zip(names, printed):
        assert card["name"].split()[0] in words and card["by"].split()[-1] in words, (words, card)


def test_which_came_first_prints_each_cards_year_on_its_own_back(built):
    deck = pages(built / "which-came-first" / "deck.pdf")
    sheet = openpyxl.load_workbook(EXAMPLES / "content" / "which-came-first" / "inventions.xlsx")["Inventions"]
    years = {row[1]: str(row[3]) for row in sheet.iter_rows(min_row=2, values_only=True)}
    checked = 0
    for front, back in zip(deck[0::2], deck[1::2]):
        for box in cards_on(front):
            name = next(name for name in sorted(years, key=len, reverse=True) if name.split()[0] in text_in(front, box))
            mirrored = Box(front.width - box.x1, box.y0, front.width - box.x0, box.y1)  # flipped on the long edge
            assert text_in(back, mirrored).startswith(years[name]), name
            checked += 1
    assert checked == 27


# --- Fifteen: tiles and stones --------------------------------------------------------------------

def test_fifteen_tiles_show_their_number_and_a_polygon_of_as_many_sides(built):
    path = built / "fifteen" / "tiles.pdf"
    front = pages(path)[0]
    tiles = cards_on(front)
    assert len(tiles) == 9 and all(abs(box.width - 30) < TOL and abs(box.height - 30) < TOL for box in tiles)
    with __import__("pdfplumber").open(path) as pdf:
        curves = pdf.pages[0].curves
    for box in tiles:
        number = int(text_in(front, box))
        closed = [len(curve["pts"]) - 1 for curve in curves if not curve["fill"]
                  and box.holds(curve["x0"] * MM, front.height - curve["top"] * MM)
                  and box.holds(curve["x1"] * MM, front.height - curve["bottom"] * MM)
                  and (curve["x1"] - curve["x0"]) * MM < 10 and curve["pts"][0] == curve["pts"][-1]]
        dashed = [shape for shape in front.shapes if shape.dashed and box.holds(*shape.box.centre)]
        assert len(dashed) == 1, number  # the dashed border
        assert (closed == [number]) if number >= 3 else (closed == []), (number, closed)
        digit = next(ch for ch in front.chars if box.holds(*ch.box.centre))
        ink_foot = digit.origin[1]  # the baseline: a digit's ink stands on it
        underlined = [shape for shape in front.shapes if box.holds(*shape.box.centre) and shape.box.height < 1
                      and ink_foot - 4 < shape.box.y1 < ink_foot and shape.box.width > 5]  # a rule just under the digit
        assert bool(underlined) == (number in (6, 9)), number


def test_fifteen_paints_a_gradient_and_a_translucent_shine(built):
    for product, opacity in (("tiles", None), ("stones", 0.35)):
        page = pypdf.PdfReader(built / "fifteen" / f"{product}.pdf").pages[0]
        resources = page["/Resources"]
        assert "/Shading" in resources or b" sh" in page.get_contents().get_data(), product
        if opacity is not None:
            alphas = [float(state.get_object().get("/ca", 1)) for state in resources["/ExtGState"].values()]
            assert opacity in [round(alpha, 2) for alpha in alphas]
    stones = pages(built / "fifteen" / "stones.pdf")[0]
    marks = [ch.text for ch in stones.chars if ch.text in "☀★"]
    assert sorted(marks) == sorted("☀" * 5 + "★" * 5)


# --- Apothecary: icons in card text ---------------------------------------------------------------

def test_apothecary_places_an_image_icon_on_the_line_of_its_text(built):
    path = built / "apothecary" / "recipes.pdf"
    front = pages(path)[0]
    with __import__("pdfplumber").open(path) as pdf:
        images = [Box(im["x0"] * MM, front.height - im["bottom"] * MM, im["x1"] * MM, front.height - im["top"] * MM)
                  for im in pdf.pages[0].images]
    card = next(box for box in cards_on(front) if "Healing Draught" in text_in(front, box))
    assert abs(card.width - 88.9) < TOL and abs(card.height - 63.5) < TOL  # a landscape deck
    needs = Box(card.x0 + 5, card.y1 - 36, card.x0 + 84, card.y1 - 24)  # the needs layer: x 5, y 24, 79 x 12 mm
    dew = [box for box in images if box.within(needs)]
    assert len(dew) == 1  # :herb: :herb: :dew: -- the herbs are an SVG drawing, the dew a PNG
    assert abs(dew[0].height - 22 * MM) < TOL  # an icon is 1 em tall at its text's size (22 pt)


def test_apothecary_glyph_icons_spans_and_italics_print_in_their_colours_and_faces(built):
    front = pages(built / "apothecary" / "recipes.pdf")[0]
    for box in cards_on(front):
        words = text_in(front, box)
        chars = [ch for ch in front.chars if box.holds(*ch.box.centre)]
        if words.startswith("Fire Tonic"):
            embers = [ch for ch in chars if ch.text == "✹"]
            assert len(embers) == 2 and all(same(ch.colour, "#c4410f") for ch in embers)
            stars = [ch for ch in chars if ch.text == "★"]
            assert len(stars) == 2 and all(same(ch.colour, "#a87400") for ch in stars)  # = ':star:' * stars
            flavour = [ch for ch in chars if ch.text.isalpha() and ch.box.y1 < box.y1 - 40]
            assert flavour and all("Oblique" in ch.font for ch in flavour)
    ingredients = pages(built / "apothecary" / "ingredients.pdf")
    moon = [ch for page in ingredients[0::2] for ch in page.chars if ch.text == "◐"]
    assert moon and all(same(ch.colour, "#2c3e66") for ch in moon)


# --- the README's quotations: what printkit prints for a mistake in an example ------------------------

README = " ".join(DOCS_TEXT.split())  # the README and every page of docs/
STARTER_GAME = "content/three-skies/game.yaml"
WEATHERVANE = "content/weathervane/game.yaml"
LONG = ("1 point. Beats the 12, but only when the 12 is played in the same trick as the 1, which happens more "
        "often than you would think")


def sky_band(text: str) -> str:
    """The starter with a band coloured by the sky in place of its sky symbol."""
    start, end = text.index("        sky:\n"), text.index("        number:\n")
    band = ('        band: {kind: rect, x: 0, y: 0, width: 63.5, height: 8, overlaps: [corners], '
            'fill: {field: sky, map: {sun: "#d62728", moon: "#2ca02c", star: navy}}}\n')
    return text[:start] + band + text[end:]


def coarse_art(folder: Path) -> None:
    from PIL import Image

    Image.new("RGB", (120, 90), "#336699").save(folder / "content" / "lantern-delve" / "art" / "knight.png")


def copies_in_a_cell(folder: Path) -> None:
    path = folder / "content" / "which-came-first" / "inventions.xlsx"
    book = openpyxl.load_workbook(path)
    book["Inventions"]["E3"] = "two"
    book.save(path)


def as_csv(cells: str):
    def change(folder: Path) -> None:
        game = folder / STARTER_GAME
        lines = [line for line in game.read_text("utf-8").splitlines(keepends=True) if not line.startswith("      - {")]
        game.write_text("".join(lines).replace("    cards:  ", "    cards: cards.csv  "), "utf-8")
        (game.parent / "cards.csv").write_text("number,sky,text,copies\n1,sun,\"1 point. Beats the 12\",\n" + cells,
                                               "utf-8")
    return change


# (the project, its game, a change to it: (file, text, its replacement) or a function of the project's
# folder, and the line printkit prints as the README quotes it: "..." stands for the game's file
# at its start, or for the rest of the line at its end)
QUOTED = {
    "runs off": ("starter", "three-skies", (STARTER_GAME, "          x: 14\n          y: 63", "          x: 40\n          y: 63"),
                 "...:48: products.deck.face.layers.text: the layer runs off the card: x + width = 75.5 mm, the card is "
                 "63.5 mm wide"),
    "no field": ("starter", "three-skies", (STARTER_GAME, "          field: text\n", "          field: txt\n"),
                 "...:50: products.deck.face.layers.text.field: no card has a field 'txt' (did you mean 'text'?)"),
    "no fit": ("starter", "three-skies", (STARTER_GAME, "1 point. Beats the 12", LONG),
               "...:17: card 1 text: text does not fit its 36 x 13 mm box even at 7 pt; shorten it"),
    "csv copies": ("starter", "three-skies", as_csv("2,moon,1 point,two\n"),
                   "three-skies/cards.csv:3: products.deck.cards[2].copies: 'two' is not a number of copies (0 to 999)"),
    "csv row": ("starter", "three-skies", as_csv("2,moon,1 point\n"),
                "three-skies/cards.csv:3: row has 3 cells, but there are 4 column headings: a cell is missing"),
    "colour blind": ("starter", "three-skies", (STARTER_GAME, "", ""),
                     "three-skies/game.yaml:31: warning: products.deck.face.layers.band.fill: 'sun' (#d62728) and 'moon' "
                     "(#2ca02c) look alike to a reader with deuteranopia, who sees olive (#8b7c1f) and olive (#968838), "
                     "and colour is all that tells them apart: add a symbol or a word that shows `sky`"),
    "no layout": ("examples", "lantern-delve",
                  ("content/lantern-delve/game.yaml", "{type: treasure, name: Potion", "{type: treasur, name: Potion"),
                  "lantern-delve/game.yaml:34: card 14 ('Potion'): face: no layout 'treasur' for this card's face (the "
                  "deck's layouts: base, hero, ..."),
    "no name": ("examples", "lantern-delve", ("content/lantern-delve/game.yaml", "= 5 * power", "= 5 * powr"),
                "lantern-delve/game.yaml:110: products.deck.layouts.hero.layers.power-bar.width: no card has a field "
                "'powr' (did you mean 'power'?)"),
    "span": ("examples", "apothecary", ("content/apothecary/game.yaml", 'colour=\\"night\\"', 'colour=\\"nite\\"'),
             "apothecary/game.yaml:126: card 10 ('Moon Cordial'): face.layers.text.field: text markup: unknown colour "
             "'nite' (did you mean 'night'?) (see apothecary/game.yaml:186)"),
    "dpi": ("examples", "lantern-delve", coarse_art,
            "lantern-delve/game.yaml:21: warning: products.deck.cards[1].art: image 'art/knight.png' is 43 dpi printed "
            "70.9 x 53.2 mm (it looks soft below 300 dpi: 120 x 90 pixels; 837 x 628 would do)"),
    "cell": ("examples", "which-came-first", copies_in_a_cell,
             "which-came-first/inventions.xlsx:Inventions!E3: products.deck.cards[2].copies: 'two' is not a number of "
             "copies (0 to 999)"),
    "words on words": ("examples", "weathervane", (WEATHERVANE, "          y: 72\n", "          y: 60\n"),
                       "weathervane/game.yaml:89: warning: products.deck.face.layers.name: its words lie on the words of layer "
                       "'rank'; move one, or let them overlap with `overlaps: [...]` (card sun 1 and 35 more)"),
    "corner": ("examples", "weathervane", (WEATHERVANE, "          x: 15.75\n          y: 9\n", "          x: 8\n          y: 2\n"),
               "weathervane/game.yaml:62: warning: products.deck.face.layers.halo: the corner index lies on it; move one, or let "
               "them overlap with `overlaps: [...]` (card sun 1 and 35 more)"),
    "small": ("examples", "weathervane", (WEATHERVANE, "          size: 10\n", "          size: 5\n"),
              "weathervane/game.yaml:89: warning: products.deck.face.layers.name: its words are set at 5 pt, below the 6 pt a "
              "player reads in print; give it more room (card sun 1 and 35 more)"),
    "safe zone": ("examples", "weathervane", (WEATHERVANE, "          y: 72\n", "          y: 82\n"),
                  "weathervane/game.yaml:89: warning: products.deck.face.layers.name: its words come 1.8 mm from the trim, inside "
                  "the 3.175 mm safe zone a cut may take (card sun 1 and 35 more)"),
    "contrast": ("examples", "which-came-first", ("content/which-came-first/game.yaml", '"#5b6b78"', '"#c8c8c8"'),
                 "which-came-first/game.yaml:75: warning: products.deck.face.layers.hint.colour: '#c8c8c8' on 'paper' (the "
                 "background) has a contrast of 1.5:1, below WCAG's 3:1: hard to read; darken or lighten one"),
}


@pytest.mark.parametrize("case", QUOTED)
def test_the_readme_quotes_what_printkit_prints_for_a_mistake(case, tmp_path):
    project, game, change, quoted = QUOTED[case]
    assert quoted in README
    folder = tmp_path / "project"
    if project == "starter":
        from declared import starter_project

        starter_project(folder)
    else:
        shutil.copytree(EXAMPLES, folder, ignore=shutil.ignore_patterns("output"))
    if case == "colour blind":
        change = (STARTER_GAME, None, sky_band)
    if callable(change):
        change(folder)
    else:
        file, text, replacement = change
        written = (folder / file).read_text("utf-8")
        assert text is None or text in written
        (folder / file).write_text(replacement(written) if callable(replacement) else written.replace(text, replacement, 1),
                                   "utf-8")
    done = printkit("--project", str(folder), "validate", game)
    printed = f"{game}/game.yaml" + quoted[3:] if quoted.startswith("...:") else quoted
    lines = done.stderr.splitlines()
    if printed.endswith("..."):
        assert any(line.startswith(printed[:-3]) for line in lines), done.stderr
    else:
        assert printed in lines, done.stderr
