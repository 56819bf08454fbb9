"""Cutting machines (--cutter): the registration marks each machine reads at their published
places, every card clear of them and of their no-print zone, and the cut file (SVG) on the PDF's
trims. Every expected number comes from the published figures (printkit/cutters.yaml quotes
them) and from the print spec, never from printkit's plan code:

- Silhouette Studio, registration marks Type 1: marks 10 mm in from each sheet edge (to their outer
  edge), a 5 mm filled square top-left, L corners top-right and bottom-left with 20 mm arms 0.5 mm
  thick; the sheet outside the marks and a square 20 + 2 mm at each mark stay blank, and the cards
  keep 2 mm inside the marks.
- Cricut Design Space Print Then Cut: the cards inside 6.75 x 9.25 in (171.45 x 234.95 mm), centred.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import build_into
from readback import CARD_H, CARD_W, PAPERS, TOL, Box, pages

from printkit.plan.cards import plan_card_sheet
from printkit.plan.cutter import clearance
from printkit.plan.geometry import PAPERS as PAPER_SIZES

INSET, LENGTH, THICK, SQUARE, KEEPOUT = 10.0, 20.0, 0.5, 5.0, 2.0
CRICUT = (6.75 * 25.4, 9.25 * 25.4)
DECK = "ascending-row-overflow"  # 24 poker cards
SVG = "{http://www.w3.org/2000/svg}"


def silhouette_marks(paper: str) -> list[Box]:
    w, h = PAPERS[paper]
    return [Box(INSET, h - INSET - SQUARE, INSET + SQUARE, h - INSET),  # the square, top-left
            Box(w - INSET - LENGTH, h - INSET - THICK, w - INSET, h - INSET),  # top-right L
            Box(w - INSET - THICK, h - INSET - LENGTH, w - INSET, h - INSET),
            Box(INSET, INSET, INSET + LENGTH, INSET + THICK),  # bottom-left L
            Box(INSET, INSET, INSET + THICK, INSET + LENGTH)]


def no_print_zones(paper: str) -> list[Box]:
    """The three mark squares, each 20 + 2 mm, from the marks' outer corners."""
    w, h, reach = *PAPERS[paper], LENGTH + KEEPOUT
    return [Box(INSET, h - INSET - reach, INSET + reach, h - INSET), Box(w - INSET - reach, h - INSET - reach,
                                                                         w - INSET, h - INSET),
            Box(INSET, INSET, INSET + reach, INSET + reach)]


def inside_marks(paper: str) -> Box:
    w, h = PAPERS[paper]
    return Box(INSET + KEEPOUT, INSET + KEEPOUT, w - INSET - KEEPOUT, h - INSET - KEEPOUT)


def grid(paper: str, cols: int, rows: int) -> list[Box]:
    """A grid of poker cards centred on the sheet, reading order (top row first)."""
    w, h = PAPERS[paper]
    left, bottom = (w - cols * CARD_W) / 2, (h - rows * CARD_H) / 2
    return [Box(left + c * CARD_W, bottom + (rows - 1 - r) * CARD_H, left + (c + 1) * CARD_W,
                bottom + (rows - r) * CARD_H) for r in range(rows) for c in range(cols)]


# Silhouette: 186 mm across inside the marks on A4 holds two poker cards, 273 mm down three; Letter,
# 191.9 x 255.4 mm, three across and two down. Cricut's area: two across, two down.
SILHOUETTE_GRID = {"a4": (2, 3), "letter": (3, 2)}
CRICUT_GRID = {"a4": (2, 2), "letter": (2, 2)}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The deck for each cutter and paper, square corners and rounded."""
    found = {}
    for cutter in ("silhouette", "cricut"):
        for paper in PAPERS:
            out = tmp_path_factory.mktemp(f"{cutter}-{paper}")
            assert build_into(out, DECK, "--only", "deck", "--paper", paper, "--cutter", cutter) == 0
            found[cutter, paper] = out / DECK
    return found


def filled_black(page) -> list[Box]:
    return [s.box for s in page.rects if s.fill and s.fill_grey == 0.0 and not s.stroke]


def guides(page) -> list[Box]:
    """The light grey cut lines round the cards."""
    return [s.box for s in page.shapes if s.stroke and not s.fill and s.stroke_grey is not None
            and abs(s.stroke_grey - 0.6) < 0.01 and abs(s.width - 0.2) < 0.01]


def ink(page, leave_out=()) -> list[Box]:
    return [s.box for s in page.shapes if not any(s.box.same(m) for m in leave_out)] + [c.box for c in page.chars]


@pytest.mark.parametrize("paper", PAPERS)
def test_silhouette_marks_are_at_their_published_places_on_every_front_only(built, paper):
    expected = silhouette_marks(paper)
    sheets = pages(built["silhouette", paper] / "deck.pdf")
    for number, page in enumerate(sheets):
        drawn = filled_black(page)
        found = [any(box.same(mark) for box in drawn) for mark in expected]
        assert found == [number % 2 == 0] * 5, (number, [str(b) for b in drawn])


@pytest.mark.parametrize("paper", PAPERS)
def test_silhouette_cards_and_all_ink_keep_clear_of_the_marks(built, paper):
    cols, rows = SILHOUETTE_GRID[paper]
    sheets = pages(built["silhouette", paper] / "deck.pdf")
    assert len(sheets) == 2 * math.ceil(24 / (cols * rows))
    front = sheets[0]
    assert all(any(g.same(e) for g in guides(front)) for e in grid(paper, cols, rows))
    assert len(guides(front)) == cols * rows
    frame, zones = inside_marks(paper), no_print_zones(paper)
    for box in ink(front, silhouette_marks(paper)):
        assert box.within(frame), str(box)
        assert not any(box.touches(zone, -TOL) for zone in zones), str(box)


@pytest.mark.parametrize("paper", PAPERS)
def test_cricut_cards_and_all_ink_stay_inside_its_print_then_cut_area(built, paper):
    w, h = PAPERS[paper]
    area = Box((w - CRICUT[0]) / 2, (h - CRICUT[1]) / 2, (w + CRICUT[0]) / 2, (h + CRICUT[1]) / 2)
    cols, rows = CRICUT_GRID[paper]
    sheets = pages(built["cricut", paper] / "deck.pdf")
    assert len(sheets) == 2 * math.ceil(24 / (cols * rows))
    for page in sheets[::2]:
        assert all(any(g.same(e) for g in guides(page)) for e in grid(paper, cols, rows))
        assert not filled_black(page) or all(b.within(area) for b in filled_black(page))
        for box in ink(page):
            assert box.within(area), str(box)


@pytest.mark.parametrize("cutter", ["silhouette", "cricut"])
@pytest.mark.parametrize("paper", PAPERS)
def test_the_cut_file_is_the_sheet_in_millimetres_with_the_pdfs_trims(built, cutter, paper):
    w, h = PAPERS[paper]
    folder = built[cutter, paper]
    sheets = pages(folder / "deck.pdf")
    fronts = sheets[::2]
    files = sorted(folder.glob("deck-cut*.svg"))
    assert [f.name for f in files] == [f"deck-cut-{n}.svg" for n in range(1, len(fronts) + 1)]
    for file, page in zip(files, fronts):
        root = ET.parse(file).getroot()
        assert (root.get("width"), root.get("height")) == (f"{w:g}mm", f"{h:g}mm")
        assert [float(v) for v in root.get("viewBox").split()] == [0, 0, w, h]
        outlines = [Box(float(r.get("x")), h - float(r.get("y")) - float(r.get("height")),
                        float(r.get("x")) + float(r.get("width")), h - float(r.get("y")))
                    for r in root.iter(f"{SVG}rect")]
        drawn = guides(page)
        assert len(outlines) == len(drawn)
        assert all(any(o.same(d) for d in drawn) for o in outlines)
        assert all(r.get("rx") is None for r in root.iter(f"{SVG}rect"))


def test_a_last_sheet_cuts_only_its_cards(built):
    cols, rows = SILHOUETTE_GRID["a4"]
    per = cols * rows
    files = sorted(built["silhouette", "a4"].glob("deck-cut*.svg"))
    counts = [len(list(ET.parse(f).getroot().iter(f"{SVG}rect"))) for f in files]
    assert sum(counts) == 24 and counts[:-1] == [per] * (len(files) - 1)


def test_the_cut_file_is_the_same_bytes_every_build_and_in_the_manifest(tmp_path):
    for name in ("one", "two"):
        assert build_into(tmp_path / name, "one-too-many", "--only", "redo-tokens", "--cutter", "silhouette") == 0
    first, second = (tmp_path / n / "one-too-many" / "redo-tokens-cut.svg" for n in ("one", "two"))
    assert first.read_bytes() == second.read_bytes()
    import hashlib
    import json
    manifest = json.loads((tmp_path / "one" / ".printkit-manifest.json").read_text())["outputs"]
    entry = next(v for k, v in manifest.items() if k.endswith("redo-tokens-cut.svg"))
    assert entry["sha256"] == hashlib.sha256(first.read_bytes()).hexdigest()


def test_the_marks_stay_black_with_the_ink_saver(tmp_path):
    assert build_into(tmp_path, DECK, "--only", "deck", "--cutter", "silhouette", "--ink-saver") == 0
    drawn = filled_black(pages(tmp_path / DECK / "deck.pdf")[0])
    assert all(any(box.same(mark) for box in drawn) for mark in silhouette_marks("a4"))


def test_without_a_cutter_there_are_no_marks_and_no_cut_file(tmp_path):
    assert build_into(tmp_path, DECK, "--only", "deck") == 0
    assert not list((tmp_path / DECK).glob("*.svg"))
    assert not [b for b in filled_black(pages(tmp_path / DECK / "deck.pdf")[0])
                if any(b.same(m) for m in silhouette_marks("a4"))]


def test_a_shop_export_has_no_marks_and_no_cut_file(tmp_path, capsys):
    from printkit.cli.main import main
    (tmp_path / "printkit.yaml").write_text("cutter: silhouette\ncorners: 3.175\n")
    import shutil
    from conftest import CONTENT, ROOT
    shutil.copytree(CONTENT / DECK, tmp_path / "content" / DECK)
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    assert main(["export", DECK, "--for", "pdfx", "--project", str(tmp_path), "--out", str(tmp_path / "shop")]) == 0
    assert not list((tmp_path / "shop").rglob("*.svg"))
    for page in pages(next((tmp_path / "shop").rglob("*.pdf"))):
        assert not any(b.same(m) for b in filled_black(page) for m in silhouette_marks("a4"))


# --- the plan, as numbers ---------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
def test_the_silhouette_sheet_plan_holds_the_grid_that_keeps_clear(paper):
    sheet = plan_card_sheet(PAPER_SIZES[paper], card=(CARD_W, CARD_H), clear=clearance("silhouette", PAPER_SIZES[paper]))
    assert (sheet.cols, sheet.rows) == SILHOUETTE_GRID[paper]
    expected = grid(paper, *SILHOUETTE_GRID[paper])
    assert all(Box(s.trim.x, s.trim.y, s.trim.right, s.trim.top).same(e) for s, e in zip(sheet.slots, expected))
    marks = [Box(m.x, m.y, m.right, m.top) for m in sheet.clear.marks]
    assert all(any(m.same(e) for m in marks) for e in silhouette_marks(paper)) and len(marks) == 5


def test_a_card_the_marks_leave_no_room_for_is_refused():
    with pytest.raises(ValueError):
        plan_card_sheet(PAPER_SIZES["letter"], card=(200.0, 250.0), clear=clearance("silhouette", PAPER_SIZES["letter"]))


def test_mini_cards_fill_round_the_marks_corners():
    """Mini cards (44.45 x 63.5): 4 across and 4 down fit inside the marks on A4 (177.8 x 254 mm of
    186 x 273), but that grid's top-left card (from 16.1 mm across, up to 275.5 mm) lies on the
    top-left mark's square (10-32 mm across, from 265 mm up); 4 across and 3 down (up to 243.75 mm,
    down to 53.25 mm) misses every square: 12 a sheet."""
    paper = PAPER_SIZES["a4"]
    sheet = plan_card_sheet(paper, card=(44.45, 63.5), most=(9, 9), clear=clearance("silhouette", paper))
    zones = no_print_zones("a4")
    for slot in sheet.slots:
        trim = Box(slot.trim.x, slot.trim.y, slot.trim.right, slot.trim.top)
        assert trim.within(inside_marks("a4")) and not any(trim.touches(z, -TOL) for z in zones)
    assert (sheet.cols, sheet.rows) == (4, 3)


def test_no_cutter_plans_the_sheet_as_before():
    paper = PAPER_SIZES["a4"]
    assert plan_card_sheet(paper) == plan_card_sheet(paper, clear=clearance("none", paper))
    assert plan_card_sheet(paper).per_sheet == 9


def test_the_figures_file_quotes_a_source_for_each_machine():
    text = (Path(__file__).resolve().parent.parent / "printkit" / "cutters.yaml").read_text()
    for needle in ("0.394 in", "REG_SQUARE_MM = 5", "REG_LINE_MM = 20", "0.5 mm", "6.75 x 9.25 in"):
        assert needle in text


def test_round_tokens_are_cut_as_circles_on_their_printed_cut_lines(tmp_path, capsys, monkeypatch):
    from declared import SLUG, game_project
    from test_declared import build
    game = ("title: Tokens\nproducts:\n  chips:\n    kind: tokens\n    shape: round\n    size: 30\n"
            "    tokens:\n      - {value: '+1', copies: 12}\n    face:\n      boxes:\n"
            "        value: {kind: text, field: value, x: 5, y: 10, width: 20, height: 10, size: 14}\n")
    project = game_project(tmp_path, game)
    assert build(project, capsys, monkeypatch, SLUG, "--cutter", "silhouette")[0] == 0
    h = PAPERS["a4"][1]
    front = pages(project / "out" / SLUG / "chips.pdf")[0]
    circles = [c.box for c in front.curves if abs(c.box.width - 30) <= TOL and abs(c.box.height - 30) <= TOL]
    root = ET.parse(project / "out" / SLUG / "chips-cut.svg").getroot()
    cut = [Box(float(e.get("cx")) - float(e.get("rx")), h - float(e.get("cy")) - float(e.get("ry")),
               float(e.get("cx")) + float(e.get("rx")), h - float(e.get("cy")) + float(e.get("ry")))
           for e in root.iter(f"{SVG}ellipse")]
    assert len(cut) == len(circles) == 12 and not list(root.iter(f"{SVG}rect"))
    assert all(any(c.same(d) for d in circles) for c in cut)
    drawn = dxf_outlines(project / "out" / SLUG / "chips-cut.dxf")  # the same circles in the DXF
    assert [e.dxftype() for e in drawn] == ["CIRCLE"] * 12
    dxf = [Box(e.dxf.center[0] - e.dxf.radius, e.dxf.center[1] - e.dxf.radius, e.dxf.center[0] + e.dxf.radius,
               e.dxf.center[1] + e.dxf.radius) for e in drawn]
    assert all(any(c.same(d) for d in circles) for c in dxf)


def test_a_scale_correction_leaves_the_cut_file_in_true_millimetres(tmp_path):
    """The page is drawn larger so that the printer prints it true: the marks and cards land where
    the cut file (true size) says, so the cut file does not change."""
    for name, extra in (("true", ()), ("corrected", ("--scale-correction", "99,98.5"))):
        assert build_into(tmp_path / name, "one-too-many", "--only", "redo-tokens", "--cutter", "silhouette",
                          *extra) == 0
    true, corrected = (tmp_path / n / "one-too-many" for n in ("true", "corrected"))
    assert (true / "redo-tokens-cut.svg").read_bytes() == (corrected / "redo-tokens-cut.svg").read_bytes()
    assert (true / "redo-tokens.pdf").read_bytes() != (corrected / "redo-tokens.pdf").read_bytes()


def test_a_card_too_large_for_the_marks_is_one_line_at_the_product(tmp_path, capsys, monkeypatch):
    """190 mm across fits A4's printable 200 mm, not the 210 - 2 x (10 + 2) = 186 mm inside the marks."""
    from declared import SLUG, deck_yaml, game_project, line_of
    from test_declared import run
    face = "        name: {kind: text, field: name, x: 20, y: 20, width: 30, height: 10}"
    project = game_project(tmp_path, deck_yaml(size="[190, 200]", face=face))
    code, out, err = run(project, capsys, monkeypatch, "build", SLUG, "--out", "out", "--cutter", "silhouette")
    line = line_of(project / "content" / SLUG / "game.yaml", "deck:")
    assert (code, out) == (1, "")
    assert err == f"{SLUG}/game.yaml:{line}: --cutter silhouette: a 190 x 200 mm card does not fit the 186 x 273 mm " \
                  f"its marks leave on A4\n"
    assert not (project / "out").exists()


# --- the cut file as DXF (issue 24, item 5) -------------------------------------------------------------

def dxf_outlines(path: Path) -> list:
    """The CUT layer's entities of a DXF, read back by ezdxf (its audit finding nothing wrong); every
    other entity is the one sheet outline on the SHEET layer (tests/test_dxf_cutfile.py reads it)."""
    import ezdxf

    doc = ezdxf.readfile(str(path))
    assert not doc.audit().has_errors
    assert doc.header["$INSUNITS"] == 4  # millimetres
    entities = [e for e in doc.modelspace() if e.dxf.layer != "SHEET"]
    assert len(list(doc.modelspace())) == len(entities) + 1
    assert all(e.dxf.layer == "CUT" for e in entities) and doc.layers.get("CUT").color == 1  # red
    return entities


@pytest.mark.parametrize("cutter", ["silhouette", "cricut"])
@pytest.mark.parametrize("paper", PAPERS)
def test_the_dxf_beside_each_svg_holds_the_pdfs_trims(built, cutter, paper):
    folder = built[cutter, paper]
    fronts = pages(folder / "deck.pdf")[::2]
    files = sorted(folder.glob("deck-cut*.dxf"))
    assert [f.stem for f in files] == [f.stem for f in sorted(folder.glob("deck-cut*.svg"))]
    assert len(files) == len(fronts)
    for file, page in zip(files, fronts):
        outlines = []
        for polyline in dxf_outlines(file):
            assert polyline.dxftype() == "LWPOLYLINE" and polyline.closed
            points = [(x, y) for x, y, *_ in polyline.get_points()]
            assert all(bulge == 0 for *_, bulge in polyline.get_points("xyb"))  # square corners
            xs, ys = [x for x, _ in points], [y for _, y in points]
            outlines.append(Box(min(xs), min(ys), max(xs), max(ys)))  # y up, as the PDF's
        drawn = guides(page)
        assert len(outlines) == len(drawn) and all(any(o.same(d) for d in drawn) for o in outlines)


def test_rounded_corners_are_quarter_circle_arcs_of_the_radius(tmp_path):
    radius = 3.175
    assert build_into(tmp_path, DECK, "--only", "deck", "--cutter", "silhouette", "--corners", str(radius)) == 0
    polyline = dxf_outlines(sorted((tmp_path / DECK).glob("deck-cut*.dxf"))[0])[0]
    points = list(polyline.get_points("xyb"))
    assert len(points) == 8
    xs, ys = [x for x, *_ in points], [y for _, y, *_ in points]
    assert abs(max(xs) - min(xs) - CARD_W) <= TOL and abs(max(ys) - min(ys) - CARD_H) <= TOL
    for (x0, y0, bulge), (x1, y1, _) in zip(points, points[1:] + points[:1]):
        if bulge:  # an arc: a quarter circle (bulge tan 22.5 degrees) whose chord is r times root 2
            assert abs(bulge - math.tan(math.pi / 8)) < 1e-9
            assert abs(math.hypot(x1 - x0, y1 - y0) - radius * math.sqrt(2)) <= TOL
    assert sum(1 for *_, bulge in points if bulge) == 4


def test_the_dxf_is_the_svgs_outlines_and_the_same_bytes_again(tmp_path):
    for name in ("one", "two"):
        assert build_into(tmp_path / name, "one-too-many", "--only", "redo-tokens", "--cutter", "silhouette") == 0
    first, second = (tmp_path / n / "one-too-many" / "redo-tokens-cut.dxf" for n in ("one", "two"))
    assert first.read_bytes() == second.read_bytes()
    svg = ET.parse(first.with_suffix(".svg")).getroot()
    h = PAPERS["a4"][1]
    squares = sorted((round(float(r.get("x")), 3), round(h - float(r.get("y")) - float(r.get("height")), 3),
                      round(float(r.get("width")), 3)) for r in svg.iter(f"{SVG}rect"))
    entities = dxf_outlines(first)
    found = []
    for entity in entities:
        if entity.dxftype() == "CIRCLE":
            cx, cy, _ = entity.dxf.center
            found.append((round(cx - entity.dxf.radius, 3), round(cy - entity.dxf.radius, 3), round(2 * entity.dxf.radius, 3)))
        else:
            points = [(x, y) for x, y, *_ in entity.get_points()]
            xs, ys = [x for x, _ in points], [y for _, y in points]
            found.append((round(min(xs), 3), round(min(ys), 3), round(max(xs) - min(xs), 3)))
    assert sorted(found) == squares or sorted(found) == sorted(
        (round(float(e.get("cx")) - float(e.get("rx")), 3), round(h - float(e.get("cy")) - float(e.get("ry")), 3),
         round(2 * float(e.get("rx")), 3)) for e in svg.iter(f"{SVG}ellipse"))
    assert found
