"""Every kind of layer of the layout language (issue 22) and every feature a layer may use, in
small declared games built through the command line and read back from the PDF: shapes (a
rounded, dashed rect; an ellipse; a line; a polygon by points or by sides; a star), a gradient and
an opacity, turned text and text at both ends, images fitted, covered, stretched and clipped, art
to the bleed and art clipped at the trim (and a shop's PNG of it with no white frame), rich text
(bold, italic, a coloured span, inline icons, a line break) and text as written, backs per type,
copies 0, conditions, expressions, {{ }} texts, a map's default, a number's underline, a symbol
and a shape only in the corners, and a one-line text shrunk to its width.

Every expected number is worked out here by hand from each test's game.yaml: a point (x, y) mm
from the card's top-left corner lies, on A4 with no bleed, at (9.75 + x, 15.15 + y) mm from the
page's top-left corner for the first card of the sheet (a 3 x 3 grid of 63.5 x 88.9 mm cards
centred on 210 x 297 mm: (210 - 190.5) / 2 = 9.75, (297 - 266.7) / 2 = 15.15; readback.py's
`expected_slots`). Positions are compared in pdfplumber's frame (mm, y down from the page's top),
to 0.05 mm."""

from __future__ import annotations

import contextlib
import io
import math
from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2
import pytest
from PIL import Image

from conftest import main
from declared import SLUG, game_project
from readback import BACK_BLEED, MM, TOL, expected_slots

A4_HEIGHT = 297.0
CARD_W, CARD_H = 63.5, 88.9
DPI = 300
EM = 25.4 / 72  # mm per point: a 9 pt em is 3.175 mm
DROP = (1 - 0.729) / 2  # em: an inline icon, 1 em tall, centred on DejaVu Sans's capitals (0.729 em)


# --- building and reading back -----------------------------------------------------------------------

def built(folder: Path, game: str, files: dict | None = None, *extra: str, command: str = "build") -> Path:
    """The project of `game`, built (or exported) through the command line with nothing on stderr."""
    project = game_project(folder, game, files)
    err = io.StringIO()
    out = project / "out"
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main([command, SLUG, "--content", str(project / "content"), "--out", str(out), *extra])
    assert (code, err.getvalue()) == (0, ""), err.getvalue()
    return out


def slot(row: int = 0, col: int = 0) -> tuple[float, float]:
    """The top-left corner of a card of the 3 x 3 A4 grid, mm from the page's top-left corner."""
    trim = expected_slots("a4")[(row, col)]
    return trim.x0, A4_HEIGHT - trim.y1


def on_page(x: float, y: float, row: int = 0, col: int = 0) -> tuple[float, float]:
    """A point written mm from a card's top-left corner, mm from the page's top-left corner."""
    x0, y0 = slot(row, col)
    return x0 + x, y0 + y


def box_on_page(x: float, y: float, width: float, height: float, row: int = 0, col: int = 0) -> tuple:
    left, top = on_page(x, y, row, col)
    return left, top, left + width, top + height


def bbox(obj) -> tuple[float, float, float, float]:
    """A pdfplumber object's (x0, top, x1, bottom) in mm."""
    return obj["x0"] * MM, obj["top"] * MM, obj["x1"] * MM, obj["bottom"] * MM


def near(found, expected, tol: float = TOL) -> bool:
    return len(found) == len(expected) and all(abs(a - b) <= tol for a, b in zip(found, expected))


def points(obj) -> list[tuple[float, float]]:
    """A path's points (pdfplumber's pts: x, y down from the top), mm."""
    return [(x * MM, y * MM) for x, y in obj["pts"]]


def distinct(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    found: list[tuple[float, float]] = []
    for p in pts:
        if not any(near(p, q, 1e-3) for q in found):
            found.append(p)
    return found


def plumbed(path: Path, page: int = 0):
    with pdfplumber.open(path) as pdf:
        p = pdf.pages[page]
        return {"rects": list(p.rects), "lines": list(p.lines), "curves": list(p.curves), "chars": list(p.chars),
                "images": list(p.images)}


def rendered(path: Path, page: int = 0) -> Image.Image:
    return pypdfium2.PdfDocument(path)[page].render(scale=DPI / 72).to_pil().convert("RGB")


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The pixel at (x, y) mm from the page's top-left corner."""
    return image.getpixel((round(x / 25.4 * DPI), round(y / 25.4 * DPI)))


def like(found, rgb, tol: int = 12) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(found, rgb))


def colour(obj, key: str = "non_stroking_color") -> tuple:
    return tuple(round(float(v), 3) for v in obj.get(key) or ())


def rgb01(hex_: str) -> tuple:
    return tuple(round(int(hex_[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))


def in_box(obj, box: tuple, tol: float = TOL) -> bool:
    x0, top, x1, bottom = bbox(obj)
    return x0 >= box[0] - tol and top >= box[1] - tol and x1 <= box[2] + tol and bottom <= box[3] + tol


def word(chars) -> str:
    return "".join(ch["text"] for ch in chars)


def baseline(ch) -> float:
    """A char's baseline, mm down from the page's top (its matrix's f is up from the foot, in points)."""
    return A4_HEIGHT - ch["matrix"][5] * MM


def direction(ch) -> tuple[float, float]:
    """The unit vector along a char's baseline, y up (PDF's frame)."""
    a, b = ch["matrix"][0], ch["matrix"][1]
    norm = math.hypot(a, b)
    return round(a / norm, 3), round(b / norm, 3)


def card_game(layers: str, cards: str = "      - {name: One}\n", extra: str = "", face: str = "      frame: false\n",
              more: str = "") -> str:
    """A one-deck game: `layers` (YAML lines under `layers:`) on every card's face."""
    return (f"title: Kinds\n{extra}products:\n  deck:\n    kind: deck\n    size: poker\n    cards:\n{cards}"
            f"{more}    face:\n{face}      layers:\n{layers}")


def png(size: tuple[int, int], rgb: tuple[int, int, int]) -> bytes:
    data = io.BytesIO()
    Image.new("RGB", size, rgb).save(data, "PNG")
    return data.getvalue()


# --- shapes ------------------------------------------------------------------------------------------

EMBER = "#c1440e"
SHAPES = card_game(extra=f'colours: {{ember: "{EMBER}"}}\n', layers="""\
        box: {kind: rect, x: 5, y: 6, width: 20, height: 10, radius: 2, stroke: navy, stroke_width: 0.5, dash: [2, 1]}
        oval: {kind: ellipse, x: 30, y: 6, width: 25, height: 12, fill: ember}
        stroke: {kind: line, points: [[5, 20], [55, 30]], stroke_width: 0.4, stroke: red}
        tri: {kind: polygon, points: [[10, 35], [20, 35], [15, 45]], fill: green}
        hexagon: {kind: polygon, x: 5, y: 48, width: 10, height: 10, sides: 6, fill: purple}
        star: {kind: star, x: 30, y: 35, width: 20, height: 20, tips: 5, inner: 0.5, fill: gold}
        ramp: {kind: rect, x: 5, y: 60, width: 40, height: 10, gradient: {colours: ["#ff0000", "#0000ff"]}}
        half: {kind: rect, x: 5, y: 75, width: 20, height: 8, fill: black, opacity: 0.5}
""")


@pytest.fixture(scope="module")
def shapes(tmp_path_factory) -> Path:
    return built(tmp_path_factory.mktemp("shapes"), SHAPES) / SLUG / "deck.pdf"


def curves_in(path: Path, box: tuple, tol: float = TOL) -> list:
    return [c for c in plumbed(path)["curves"] if near(bbox(c), box, tol)]


def test_a_rect_with_a_radius_and_a_dash_is_its_box_with_rounded_corners_and_dashed(shapes):
    (rect,) = curves_in(shapes, box_on_page(5, 6, 20, 10))  # rounded: a path of curves, not a rect
    assert rect["stroke"] and not rect["fill"] and colour(rect, "stroking_color") == (0.0, 0.0, round(128 / 255, 3))
    assert abs(rect["linewidth"] * MM - 0.5) <= 0.005
    pattern, phase = rect["dash"]
    assert near([v * MM for v in pattern], [2.0, 1.0], 0.005)  # [2, 1] mm on and off
    # each straight side starts and ends 2 mm (the radius) from the corners
    left, top, right, bottom = box_on_page(5, 6, 20, 10)
    top_side = sorted(x for x, y in points(rect) if abs(y - top) <= TOL)
    assert near([top_side[0], top_side[-1]], [left + 2, right - 2])
    left_side = sorted(y for x, y in points(rect) if abs(x - left) <= TOL)
    assert near([left_side[0], left_side[-1]], [top + 2, bottom - 2])


def test_an_ellipse_fills_its_box(shapes):
    (oval,) = curves_in(shapes, box_on_page(30, 6, 25, 12))
    assert oval["fill"] and colour(oval) == rgb01(EMBER)


def test_a_line_runs_between_its_points(shapes):
    (line,) = [obj for obj in plumbed(shapes)["lines"] if colour(obj, "stroking_color") == (1.0, 0.0, 0.0)]
    assert near(points(line)[0] + points(line)[-1], on_page(5, 20) + on_page(55, 30))
    assert abs(line["linewidth"] * MM - 0.4) <= 0.005


def test_a_polygon_joins_its_points(shapes):
    (tri,) = curves_in(shapes, box_on_page(10, 35, 10, 10))
    found = distinct(points(tri))
    assert len(found) == 3
    for point, expected in zip(found, (on_page(10, 35), on_page(20, 35), on_page(15, 45))):
        assert near(point, expected), (point, expected)


def test_a_polygon_of_six_sides_has_its_corners_on_the_circle_its_box_holds_one_straight_up(shapes):
    found = [c for c in plumbed(shapes)["curves"] if colour(c) == (round(128 / 255, 3), 0.0, round(128 / 255, 3))]
    (hexagon,) = found
    corners = distinct(points(hexagon))
    centre = on_page(10, 53)
    assert len(corners) == 6
    assert all(abs(math.dist(p, centre) - 5) <= TOL for p in corners)  # radius: half the 10 mm box
    assert any(near(p, on_page(10, 48)) for p in corners)  # the top of the box's middle


def test_a_star_of_five_tips_is_ten_points_five_on_its_box_and_five_half_way_in(shapes):
    (star,) = [c for c in plumbed(shapes)["curves"] if colour(c) == (1.0, round(215 / 255, 3), 0.0)]  # gold
    corners = distinct(points(star))
    centre = on_page(40, 45)  # the middle of the 20 x 20 mm box at (30, 35)
    reach = sorted(round(math.dist(p, centre), 2) for p in corners)
    assert len(corners) == 10
    assert all(abs(r - 5) <= TOL for r in reach[:5]) and all(abs(r - 10) <= TOL for r in reach[5:])  # inner: 0.5
    assert any(near(p, on_page(40, 35)) for p in corners)  # a tip straight up, at the box's top


def test_a_gradient_is_a_linear_shading_from_its_first_colour_to_its_last(shapes):
    page = pypdf.PdfReader(shapes).pages[0]
    found = [ref.get_object() for ref in (page["/Resources"].get("/Shading") or {}).values()]
    (shading,) = found
    function = shading["/Function"].get_object()
    assert shading["/ShadingType"] == 2
    assert [list(map(float, function["/C0"])), list(map(float, function["/C1"]))] == [[1, 0, 0], [0, 0, 1]]
    image = rendered(shapes)
    # angle 0: left to right across the 40 mm box at (5, 60); 1 mm in from each end
    assert like(pixel(image, *on_page(6, 65)), (255, 0, 0), 16)
    assert like(pixel(image, *on_page(44, 65)), (0, 0, 255), 16)
    assert like(pixel(image, *on_page(25, 65)), (128, 0, 128), 16)


def test_an_opacity_of_a_half_is_a_graphics_state_and_black_over_white_prints_mid_grey(shapes):
    page = pypdf.PdfReader(shapes).pages[0]
    states = [ref.get_object() for ref in page["/Resources"]["/ExtGState"].values()]
    assert any(float(state.get("/ca", 1)) == 0.5 for state in states)
    assert like(pixel(rendered(shapes), *on_page(15, 79)), (128, 128, 128), 6)


# --- a text's own box, a symbol, a lattice ---------------------------------------------------------------

YELLOW, TEAL = "#ffff00", "#008080"
BOXES = card_game(layers=f"""\
        note: {{kind: text, text: Hello, x: 10, y: 8, width: 40, height: 20, align: left, valign: top, padding: 2, fill: "{YELLOW}", stroke: black, stroke_width: 0.5, radius: 3, size: 10}}
        sky: {{kind: symbol, field: sky, symbols: {{sun: "☀"}}, colours: {{sun: red}}, x: 20, y: 35, width: 20, height: 20}}
        weave: {{kind: lattice, cells: [4, 6], stroke: "{TEAL}", stroke_width: 0.3}}
""", cards="      - {name: One, sky: sun}\n")


@pytest.fixture(scope="module")
def boxes(tmp_path_factory) -> Path:
    return built(tmp_path_factory.mktemp("boxes"), BOXES) / SLUG / "deck.pdf"


def test_a_text_in_its_own_rounded_box_starts_its_padding_in_from_the_top_left(boxes):
    (ground,) = [c for c in plumbed(boxes)["curves"] if c["fill"] and colour(c) == rgb01(YELLOW)]
    assert near(bbox(ground), box_on_page(10, 8, 40, 20)) and ground["stroke"]
    assert abs(ground["linewidth"] * MM - 0.5) <= 0.005
    (hello,) = chars_reading(boxes, "Hello")
    left, top = on_page(10 + 2, 8 + 2)  # 2 mm of padding
    assert abs(hello[0]["x0"] * MM - left) <= TOL
    assert abs(baseline(hello[0]) - (top + 10 * EM)) <= TOL  # the first baseline 1 em below the top


def test_a_symbol_is_the_glyph_and_colour_its_value_maps_to_centred_in_its_box(boxes):
    (sun,) = chars_reading(boxes, "☀")
    assert colour(sun[0]) == (1.0, 0.0, 0.0)
    left, top, right, bottom = box_on_page(20, 35, 20, 20)
    assert abs((sun[0]["x0"] + sun[0]["x1"]) / 2 * MM - (left + right) / 2) <= TOL
    assert top <= baseline(sun[0]) <= bottom


def test_a_lattice_of_4_by_6_cells_is_18_lines_from_edge_to_edge_of_the_card(boxes):
    lines = [l for l in plumbed(boxes)["lines"] if colour(l, "stroking_color") == rgb01(TEAL)]
    cx, cy = CARD_W / 4, CARD_H / 6  # a diamond's width and height
    x0, y0 = slot()
    # x/cx + y/cy = 1 .. 9 and x/cx - y/cy = -5 .. 3, each crossing the card (y down from its top)
    assert len(lines) == 18
    for line in lines:
        ends = [(x - x0, y - y0) for x, y in points(line)]
        for x, y in ends:
            assert min(abs(x), abs(x - CARD_W), abs(y), abs(y - CARD_H)) <= TOL, ends  # on the trim
        sums = {round(x / cx + y / cy, 3) for x, y in ends}
        differences = {round(x / cx - y / cy, 3) for x, y in ends}
        on_a_line = any(len(found) == 1 and abs(min(found) - round(min(found))) < 1e-2 for found in (sums, differences))
        assert on_a_line, ends


# --- turned text and both ends -----------------------------------------------------------------------

TURNS = card_game(layers="""\
        down: {kind: text, text: DOWN, x: 5, y: 5, width: 10, height: 30, rotate: 90, size: 10}
        tilt: {kind: text, text: Tilt, x: 25, y: 5, width: 30, height: 10, rotate: 30, size: 10}
        both: {kind: text, text: Both, x: 20, y: 20, width: 25, height: 6, ends: both, size: 10}
""")


@pytest.fixture(scope="module")
def turns(tmp_path_factory) -> Path:
    return built(tmp_path_factory.mktemp("turns"), TURNS) / SLUG / "deck.pdf"


def chars_reading(path: Path, text: str) -> list[list]:
    """The runs of chars that spell `text`, in the order they were written."""
    chars = plumbed(path)["chars"]
    return [chars[i:i + len(text)] for i in range(len(chars) - len(text) + 1) if word(chars[i:i + len(text)]) == text]


def test_text_turned_90_degrees_reads_downwards_across_its_box(turns):
    (down,) = chars_reading(turns, "DOWN")
    assert all(not ch["upright"] and direction(ch) == (0.0, -1.0) for ch in down)  # clockwise: top to bottom
    assert all(in_box(ch, box_on_page(5, 5, 10, 30)) for ch in down)
    tops = [ch["top"] for ch in down]
    assert tops == sorted(tops)  # D above O above W above N


def test_text_turned_30_degrees_runs_down_to_the_right_at_30_degrees(turns):
    (tilt,) = chars_reading(turns, "Tilt")
    turn = math.radians(30)
    assert all(near(direction(ch), (math.cos(turn), -math.sin(turn)), 0.002) for ch in tilt)
    # turned round the box's middle, (40, 10): each char's origin, turned back 30 degrees, lies in the
    # 30 x 10 mm box
    cx, cy = on_page(40, 10)
    for ch in tilt:
        dx, dy = ch["matrix"][4] * MM - cx, (A4_HEIGHT - ch["matrix"][5] * MM) - cy  # y down
        along, across = dx * math.cos(turn) + dy * math.sin(turn), -dx * math.sin(turn) + dy * math.cos(turn)
        assert abs(along) <= 15 + TOL and abs(across) <= 5 + TOL, (ch["text"], along, across)


def test_a_layer_at_both_ends_is_repeated_turned_half_round_at_the_other(turns):
    top, bottom = sorted(chars_reading(turns, "Both"), key=lambda run: run[0]["top"])
    assert all(direction(ch) == (1.0, 0.0) for ch in top) and all(direction(ch) == (-1.0, 0.0) for ch in bottom)
    assert all(in_box(ch, box_on_page(20, 20, 25, 6)) for ch in top)
    # the bottom copy is the top one turned about the card's middle, (31.75, 44.45)
    cx, cy = on_page(CARD_W / 2, CARD_H / 2)
    for upper, lower in zip(top, bottom):
        x0, t0, x1, b0 = bbox(upper)
        assert near(bbox(lower), (2 * cx - x1, 2 * cy - b0, 2 * cx - x0, 2 * cy - t0)), (upper["text"], bbox(lower))


# --- images -----------------------------------------------------------------------------------------

RED, BLUE, WHITE = (200, 40, 40), (40, 40, 200), (255, 255, 255)
PICTURES = card_game(layers="""\
        contain: {kind: image, file: wide.png, x: 5, y: 5, width: 20, height: 20, fit: contain}
        cover: {kind: image, file: wide.png, x: 30, y: 5, width: 20, height: 20, fit: cover}
        stretch: {kind: image, file: wide.png, x: 5, y: 30, width: 20, height: 30, fit: stretch}
        oval: {kind: image, file: square.png, x: 30, y: 30, width: 30, height: 20, fit: stretch, clip: ellipse}
""")
PICTURE_FILES = {"wide.png": png((1200, 600), RED), "square.png": png((600, 600), BLUE)}


@pytest.fixture(scope="module")
def pictures(tmp_path_factory) -> Path:
    return built(tmp_path_factory.mktemp("pictures"), PICTURES, PICTURE_FILES) / SLUG / "deck.pdf"


def images_on(path: Path) -> list[tuple]:
    return [bbox(image) for image in plumbed(path)["images"]]


def test_an_image_contained_is_whole_and_centred_in_its_box(pictures):
    # 2:1 in a 20 x 20 mm box: 20 x 10 mm, 5 mm from its top and its foot
    assert any(near(found, box_on_page(5, 10, 20, 10)) for found in images_on(pictures)), images_on(pictures)


def test_an_image_covering_its_box_is_clipped_to_it(pictures):
    # 2:1 covering a 20 x 20 mm box: 40 x 20 mm, centred, so 10 mm past each side of the box
    assert any(near(found, box_on_page(20, 5, 40, 20)) for found in images_on(pictures)), images_on(pictures)
    image = rendered(pictures)
    assert like(pixel(image, *on_page(40, 15)), RED)
    assert pixel(image, *on_page(27, 15)) == WHITE and pixel(image, *on_page(53, 15)) == WHITE  # paper, not art


def test_an_image_stretched_is_its_box(pictures):
    assert any(near(found, box_on_page(5, 30, 20, 30)) for found in images_on(pictures)), images_on(pictures)


def test_an_image_clipped_to_an_ellipse_leaves_the_corners_of_its_box_white(pictures):
    assert any(near(found, box_on_page(30, 30, 30, 20)) for found in images_on(pictures))
    image = rendered(pictures)
    assert like(pixel(image, *on_page(45, 40)), BLUE) and like(pixel(image, *on_page(31, 40)), BLUE)
    for corner in ((31, 31), (59, 31), (31, 49), (59, 49)):  # outside the ellipse, inside the box
        assert pixel(image, *on_page(*corner)) == WHITE, corner


# --- bleed ------------------------------------------------------------------------------------------

GROUND, BAND, SPILL = "#2a7f62", (230, 160, 20), "#ff00ff"
BLEEDING = card_game(cards="      - {name: One}\n      - {name: Two}\n", layers=f"""\
        ground: {{kind: rect, x: 0, y: 0, width: 63.5, height: 88.9, fill: "{GROUND}", bleed: true}}
        band: {{kind: image, file: band.png, x: 0, y: 0, width: 63.5, height: 30, fit: stretch, bleed: true}}
        name: {{kind: text, field: name, x: 10, y: 50, width: 43.5, height: 10, colour: white}}
""")
BLEEDING_FILES = {"band.png": png((900, 450), BAND)}


def crop_mark_trims(path: Path) -> list[tuple]:
    """The trims the crop marks show (short black lines outside the cards, on the trim lines):
    (left, top, right, bottom) mm, top row first."""
    marks = [bbox(line) for line in plumbed(path)["lines"]]
    xs = sorted({round(x0, 2) for x0, top, x1, bottom in marks if x1 - x0 < 1e-3 and abs(bottom - top - 4) < 0.5})
    ys = sorted({round(top, 2) for x0, top, x1, bottom in marks if bottom - top < 1e-3 and abs(x1 - x0 - 4) < 0.5})
    columns = [(a, b) for a, b in zip(xs, xs[1:]) if abs(b - a - CARD_W) <= TOL]
    rows = [(a, b) for a, b in zip(ys, ys[1:]) if abs(b - a - CARD_H) <= TOL]
    return [(left, top, right, bottom) for top, bottom in rows for left, right in columns]


def test_bleed_art_reaches_the_bleed_edge_on_the_sides_it_touches(tmp_path):
    path = built(tmp_path, BLEEDING, BLEEDING_FILES, "--bleed", "3") / SLUG / "deck.pdf"
    left, top, right, bottom = crop_mark_trims(path)[0]
    assert abs(right - left - CARD_W) <= TOL
    ground = [bbox(r) for r in plumbed(path)["rects"] if r["fill"] and colour(r) == rgb01(GROUND)]
    assert any(near(found, (left - 3, top - 3, right + 3, bottom + 3)) for found in ground), ground
    # the band touches the top and both sides: 3 mm past them; its foot stays 30 mm down
    assert any(near(found, (left - 3, top - 3, right + 3, top + 30)) for found in images_on(path)), images_on(path)


def test_art_past_the_trim_with_no_bleed_is_clipped_at_the_trim(tmp_path):
    layers = (f'        ground: {{kind: rect, x: 0, y: 0, width: 63.5, height: 88.9, fill: "{GROUND}"}}\n'
              f'        spill: {{kind: rect, x: -4, y: 40, width: 20, height: 10, fill: "{SPILL}"}}\n')
    path = built(tmp_path, card_game(layers, cards="      - {name: One}\n      - {name: Two}\n")) / SLUG / "deck.pdf"
    image = rendered(path)
    green = tuple(int(GROUND[i:i + 2], 16) for i in (1, 3, 5))
    assert like(pixel(image, *on_page(1, 45, 0, 1)), (255, 0, 255))  # on the card: printed
    assert like(pixel(image, *on_page(-2, 45, 0, 1)), green)  # 2 mm left of the second card: the first's ground
    assert pixel(image, *on_page(-2, 45, 0, 0)) == WHITE  # 2 mm left of the first: the page


def test_a_shop_export_of_bleed_art_has_no_white_frame(tmp_path):
    out = built(tmp_path, BLEEDING, BLEEDING_FILES, "--for", "tgc", command="export")
    front = Image.open(out / SLUG / "deck" / "face-01.png").convert("RGB")
    assert front.size == (825, 1125)  # TGC's poker: 63.5 + 2 x 3.175 mm at 300 dpi
    width, height = front.size
    green = tuple(int(GROUND[i:i + 2], 16) for i in (1, 3, 5))
    for x in range(0, width, 25):
        assert like(front.getpixel((x, 0)), BAND) and like(front.getpixel((x, height - 1)), green), x
    for y in range(0, height, 25):
        expected = BAND if y < (3.175 + 30) / 25.4 * DPI - 2 else green
        assert like(front.getpixel((0, y)), expected) and like(front.getpixel((width - 1, y)), expected), y


# --- rich text, text as written, one line --------------------------------------------------------------

SEA = "#1f4e8c"
RICH = card_game(
    extra=(f'colours: {{sea: "{SEA}"}}\n'
           'icons: {fire: {file: fire.png}, leaf: {file: leaf.svg}, sun: {glyph: "☀", colour: sea}}\n'),
    cards='      - {name: One, rules: "<b>two</b> <i>one</i> <span colour=\\"sea\\">blue</span> :fire: done'
          '<br/>next :leaf: and :sun:"}\n',
    layers="""\
        rules: {kind: text, field: rules, x: 5, y: 10, width: 53.5, height: 20, size: 9}
        raw: {kind: text, text: "<b>raw</b> :fire:", markup: false, x: 5, y: 35, width: 53.5, height: 6, size: 9}
        label: {kind: text, text: SHRINK ME NOW, line: true, x: 5, y: 50, width: 30, height: 8, size: 14}
""")
LEAF = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<rect width="10" height="10" fill="#00aa00"/></svg>')
RICH_FILES = {"fire.png": png((64, 64), (230, 120, 0)), "leaf.svg": LEAF}


@pytest.fixture(scope="module")
def rich(tmp_path_factory) -> Path:
    return built(tmp_path_factory.mktemp("rich"), RICH, RICH_FILES) / SLUG / "deck.pdf"


def font_of(ch) -> str:
    return ch["fontname"].split("+")[-1]


def test_bold_and_italic_words_are_set_in_the_bold_and_oblique_faces(rich):
    (two,) = chars_reading(rich, "two")
    (one,) = [run[-3:] for run in chars_reading(rich, "two one")]  # not the "one" of "done"
    (done,) = chars_reading(rich, "done")
    assert {font_of(ch) for ch in two} == {"DejaVuSans-Bold"}
    assert {font_of(ch) for ch in one} == {"DejaVuSans-Oblique"}
    assert {font_of(ch) for ch in done} == {"DejaVuSans"}


def test_a_coloured_span_is_printed_in_the_games_colour(rich):
    (blue,) = chars_reading(rich, "blue")
    assert all(colour(ch) == rgb01(SEA) for ch in blue)
    (done,) = chars_reading(rich, "done")
    assert all(colour(ch) == (0.0, 0.0, 0.0) for ch in done)


def test_a_br_breaks_the_line_where_the_next_word_would_fit(rich):
    (two,), (done,), (after,) = chars_reading(rich, "two"), chars_reading(rich, "done"), chars_reading(rich, "next")
    box = box_on_page(5, 10, 53.5, 20)
    needed = (after[-1]["x1"] - after[0]["x0"]) * MM + 0.318 * 9 * EM  # " next": DejaVu's space is 0.318 em
    assert done[-1]["x1"] * MM + needed < box[2]  # it would have fitted on the first line
    assert abs(baseline(after[0]) - baseline(two[0]) - 10.8 * EM) <= TOL  # 9 pt lines 1.2 em apart: 10.8 pt
    assert in_box(two[0], box) and in_box(after[-1], box)


def test_a_png_icon_is_an_image_one_em_tall_on_its_line_between_its_words(rich):
    (blue,), (done,) = chars_reading(rich, "blue"), chars_reading(rich, "done")
    icons = [found for found in images_on(rich) if found[1] < on_page(0, 35)[1]]
    (icon,) = icons
    assert near((icon[2] - icon[0], icon[3] - icon[1]), (9 * EM, 9 * EM))  # a square 1 em of 9 pt
    assert blue[-1]["x1"] * MM < icon[0] and icon[2] < done[0]["x0"] * MM  # after "blue", before "done"
    assert abs(icon[3] - (baseline(done[0]) + DROP * 9 * EM)) <= TOL  # centred on the capitals


def test_an_svg_icon_is_drawn_as_its_vectors_on_the_second_line(rich):
    (after,) = chars_reading(rich, "next")
    green = [bbox(r) for r in plumbed(rich)["rects"] if r["fill"] and colour(r) == (0.0, round(170 / 255, 3), 0.0)]
    (leaf,) = green
    assert near((leaf[2] - leaf[0], leaf[3] - leaf[1]), (9 * EM, 9 * EM))
    assert abs(leaf[3] - (baseline(after[0]) + DROP * 9 * EM)) <= TOL and leaf[0] > after[-1]["x1"] * MM


def test_a_glyph_icon_is_its_character_in_its_colour(rich):
    (sun,) = chars_reading(rich, "☀")
    assert colour(sun[0]) == rgb01(SEA)


def test_markup_false_prints_the_tags_and_colons_as_written(rich):
    runs = chars_reading(rich, "<b>raw</b> :fire:")
    assert len(runs) == 1 and {font_of(ch) for ch in runs[0]} == {"DejaVuSans"}


def test_a_one_line_text_shrinks_in_half_points_until_it_fits_its_width(rich):
    (line,) = chars_reading(rich, "SHRINK ME NOW")
    size = line[0]["size"]
    width = (line[-1]["x1"] - line[0]["x0"]) * MM
    assert size < 14 and all(ch["size"] == size for ch in line)
    assert width <= 30 + TOL and width * (size + 0.5) / size > 30  # half a point larger would not fit
    left, _, right, _ = box_on_page(5, 50, 30, 8)
    assert abs((line[0]["x0"] + line[-1]["x1"]) / 2 * MM - (left + right) / 2) <= TOL  # centred


# --- the cards' data ------------------------------------------------------------------------------------

MAROON, NAVY, GREY = "#800000", "#000080", "#808080"
DATA = f"""\
title: Data
colours: {{ember: "{EMBER}", sea: "{SEA}"}}
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {{name: Drake, type: monster, element: fire, power: 5}}
      - {{name: Moth, type: monster, element: air, power: 2}}
      - {{name: Spark, type: spell, element: water}}
      - {{name: Hidden, type: spell, element: fire, copies: 0}}
    layouts:
      front:
        frame: false
        layers:
          ground: {{kind: rect, x: 0, y: 0, width: 63.5, height: 20, fill: {{field: element, map: {{fire: ember, water: sea}}, default: "{GREY}"}}}}
          title: {{kind: text, text: "{{{{ name }}}} the {{{{ type }}}}", x: 5, y: 25, width: 53.5, height: 8}}
          power: {{kind: text, text: "= 'Power ' ~ power", x: 5, y: 40, width: 53.5, height: 8, if: "power and power > 3"}}
      monster-back:
        background: "{MAROON}"
        layers:
          words: {{kind: text, text: Monster, x: 10, y: 40, width: 43.5, height: 10, colour: white}}
      spell-back:
        background: "{NAVY}"
        layers:
          words: {{kind: text, text: Spell, x: 10, y: 40, width: 43.5, height: 10, colour: white}}
    face: front
    back: {{field: type, map: {{monster: monster-back, spell: spell-back}}}}
"""


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    return built(tmp_path_factory.mktemp("data"), DATA) / SLUG / "deck.pdf"


def lines_on(path: Path, row: int, col: int, page: int = 0) -> list[str]:
    """The lines of words on a card, top first (chars grouped by their baseline)."""
    card = box_on_page(0, 0, CARD_W, CARD_H, row, col)
    lines: dict[float, list] = {}
    for ch in plumbed(path, page)["chars"]:
        if in_box(ch, card, 0):
            lines.setdefault(round(baseline(ch), 1), []).append(ch)
    return [word(sorted(chars, key=lambda ch: ch["x0"])) for _, chars in sorted(lines.items())]


def test_copies_0_prints_none_of_a_card(data):
    assert [bool(lines_on(data, 0, col)) for col in range(3)] == [True, True, True]
    assert lines_on(data, 1, 0) == []  # three cards: Hidden is not printed
    assert "Hidden" not in word(plumbed(data)["chars"])


def test_a_template_text_and_an_expression_read_each_cards_fields(data):
    assert lines_on(data, 0, 0) == ["Drake the monster", "Power 5"]
    assert lines_on(data, 0, 1)[0] == "Moth the monster" and lines_on(data, 0, 2)[0] == "Spark the spell"
    (power,) = chars_reading(data, "Power 5")
    assert all(in_box(ch, box_on_page(5, 40, 53.5, 8)) for ch in power)


def test_a_condition_shows_a_layer_only_on_the_cards_it_holds_for(data):
    assert lines_on(data, 0, 1) == ["Moth the monster"]  # power 2: not > 3
    assert lines_on(data, 0, 2) == ["Spark the spell"]  # no power at all


def test_a_maps_default_colours_the_values_it_does_not_name(data):
    grounds = {round(bbox(r)[0], 2): colour(r) for r in plumbed(data)["rects"]
               if r["fill"] and near((bbox(r)[2] - bbox(r)[0], bbox(r)[3] - bbox(r)[1]), (CARD_W, 20))}
    expected = {round(slot(0, col)[0], 2): rgb01(hex_) for col, hex_ in enumerate((EMBER, GREY, SEA))}
    assert grounds == expected


def test_each_card_has_the_back_its_type_maps_to(data):
    backs = [r for r in plumbed(data, 1)["rects"] if r["fill"] and colour(r) in (rgb01(MAROON), rgb01(NAVY))]
    found = sorted((round(bbox(r)[0] + BACK_BLEED, 2), colour(r)) for r in backs)  # each ground drawn past its trim
    # a long-edge flip mirrors the columns: Drake's back is behind column 3, Moth's 2, Spark's 1
    assert found == [(round(slot(0, 0)[0], 2), rgb01(NAVY)), (round(slot(0, 1)[0], 2), rgb01(MAROON)),
                     (round(slot(0, 2)[0], 2), rgb01(MAROON))]
    assert [lines_on(data, 0, col, 1) for col in range(3)] == [["Spell"], ["Monster"], ["Monster"]]


# --- numbers and the corners ------------------------------------------------------------------------------

def numbers_game(rule: str) -> str:
    cards = "".join(f"      - {{number: {n}}}\n" for n in (6, 9, 10, 8, 16))
    return card_game(cards=cards, layers=(f"        number: {{kind: number, field: number, x: 10, y: 20, width: 43.5, "
                                          f"height: 30, corners: false, underline: {rule}}}\n"))


@pytest.mark.parametrize("rule, underlined", [
    ("deck", {"6", "9"}),  # each reads as the other, and both are in the deck; 10 reads 01, 16 reads 91 (not in it)
    ("any", {"6", "9", "10", "16"}),  # every number that reads as another number upside down
    ("never", set()),
])
def test_a_number_is_underlined_as_its_rule_says(tmp_path, rule, underlined):
    path = built(tmp_path, numbers_game(rule)) / SLUG / "deck.pdf"
    found = plumbed(path)
    marked = set()
    for col, number in enumerate(("6", "9", "10", "8", "16")):
        row, col = divmod(col, 3)
        left, top, right, bottom = box_on_page(10, 20, 43.5, 30, row, col)
        digits = [ch for ch in found["chars"] if left <= (ch["x0"] + ch["x1"]) / 2 * MM <= right
                  and top <= baseline(ch) <= bottom]
        assert word(digits) == number
        left, right, foot = digits[0]["x0"] * MM, digits[-1]["x1"] * MM, baseline(digits[0])
        under = [bbox(r) for r in found["rects"] if r["fill"] and abs(bbox(r)[0] - left) <= TOL
                 and abs(bbox(r)[2] - right) <= TOL and foot < bbox(r)[1] < foot + 0.25 * digits[0]["size"] * EM]
        if under:
            marked.add(number)
    assert marked == underlined


CORNERS = card_game(cards="      - {number: 7, sky: sun}\n", face="", layers="""\
        number: {kind: number, field: number, x: 14, y: 30, width: 35.5, height: 22}
        sky: {kind: symbol, field: sky, symbols: {sun: "☀"}, corners: only}
        dot: {kind: ellipse, x: 0, y: 24, width: 3, height: 3, fill: red, corners: only}
""")


def test_a_symbol_and_a_shape_only_in_the_corners_stand_under_the_index_at_both_ends(tmp_path):
    path = built(tmp_path, CORNERS) / SLUG / "deck.pdf"
    found = plumbed(path)
    sevens = sorted((ch for ch in found["chars"] if ch["text"] == "7"), key=lambda ch: ch["size"])
    top, bottom = sorted(sevens[:2], key=lambda ch: ch["top"])  # the two indices; the large 7 is the largest
    suns = sorted((ch for ch in found["chars"] if ch["text"] == "☀"), key=lambda ch: ch["top"])
    assert len(suns) == 2  # only in the corners: not in a box of its own
    cx, cy = on_page(CARD_W / 2, CARD_H / 2)

    def middle(obj) -> float:
        return (obj["x0"] + obj["x1"]) / 2 * MM

    assert abs(middle(suns[0]) - middle(top)) <= TOL and suns[0]["top"] > top["bottom"]
    assert abs(middle(suns[1]) - middle(bottom)) <= TOL and suns[1]["bottom"] < bottom["top"]
    assert direction(bottom) == direction(suns[1]) == (-1.0, 0.0)
    dots = sorted((bbox(c) for c in found["curves"] if c["fill"] and colour(c) == (1.0, 0.0, 0.0)), key=lambda b: b[1])
    assert len(dots) == 2
    # the top end's: 3 x 3 mm, 24 mm down, centred under the index; the bottom end's: turned half round
    x = middle(top)
    assert near(dots[0], (x - 1.5, on_page(0, 24)[1], x + 1.5, on_page(0, 27)[1]))
    assert near(dots[1], (2 * cx - dots[0][2], 2 * cy - dots[0][3], 2 * cx - dots[0][0], 2 * cy - dots[0][1]))
