"""Printing true on a real printer: the calibration pages, the back offset they lead to, the
project's printkit.yaml, and the ink saver. Positions are read back from the PDFs in millimetres."""

from __future__ import annotations

import ctypes
import functools
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from conftest import build_into, mm
from printkit.load import settings as project_settings
from printkit.cli.main import main

A4_W, A4_H = 210.0, 297.0


@functools.cache
def calibration(tmp: Path, flip: str) -> Path:
    out = tmp / f"cal-{flip}"
    assert main(["calibrate", "--out", str(out), "--duplex", flip]) == 0
    return out / "calibration"


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("print-settings")


def lines(page) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) in mm from the bottom-left, for every straight line on the page."""
    return [(mm(l["x0"]), mm(page.height - l["bottom"]), mm(l["x1"]), mm(page.height - l["top"]))
            for l in page.lines]


def labelled_targets(page, axis: str) -> list[tuple[float, float]]:
    """(position in mm, label value) for the front's target lines: vertical lines with their label
    below (x), horizontal lines with their label to the left (y)."""
    words = page.extract_words()
    found = []
    for x0, y0, x1, y1 in lines(page):
        vertical = abs(x1 - x0) < 0.01
        if axis == "x" and vertical and y1 - y0 > 10:
            label = min((w for w in words if abs(mm((w["x0"] + w["x1"]) / 2) - x0) < 1.5
                         and 0 < mm(page.height - w["bottom"]) - (y0 - 6) < 3), key=lambda w: w["top"])
            found.append((x0, float(label["text"].replace("\u2212", "-"))))
        elif axis == "y" and not vertical and x1 - x0 > 10:
            label = next(w for w in words if 0 < x0 - mm(w["x1"]) < 3 and abs(mm(page.height - w["bottom"]) - y0) < 2)
            found.append((y0, float(label["text"].replace("\u2212", "-"))))
    return found


@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_back_line_sits_at_its_labelled_offset_from_the_front_line(tmp, flip):
    """Held to the light, the front line labelled v and its back partner coincide exactly when the
    printer misplaces the back by -v: so v is the offset to give. Computed here from the mirror
    geometry of the flip: long flips x (x -> W - x), short flips y (y -> H - y)."""
    with pdfplumber.open(calibration(tmp, flip) / "back-offset.pdf") as pdf:
        front, back = pdf.pages
        back_lines = lines(back)
        for axis in ("x", "y"):
            targets = labelled_targets(front, axis)
            assert sorted(v for _, v in targets) == [-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2]
            for position, value in targets:
                if axis == "x":
                    expected = (A4_W - position if flip == "long" else position) + value
                    assert any(abs(x0 - expected) < 0.05 and abs(x1 - x0) < 0.01 for x0, _, x1, _ in back_lines)
                else:
                    expected = (position if flip == "long" else A4_H - position) + value
                    assert any(abs(y0 - expected) < 0.05 and abs(y1 - y0) < 0.01 for _, y0, _, y1 in back_lines)
    prefs = PdfReader(calibration(tmp, flip) / "back-offset.pdf").trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge"}[flip]


def test_the_scale_page_measures_true(tmp):
    """Four rulers, two across and two down: every tick 1 mm or 1/8 in from the next (±0.05 mm)."""
    with pdfplumber.open(calibration(tmp, "long") / "scale.pdf") as pdf:
        page = pdf.pages[0]
        rows, columns = {}, {}
        for x0, y0, x1, y1 in lines(page):
            if abs(x1 - x0) < 0.01 and y1 - y0 < 5.5:  # a tick of a ruler across the page
                rows.setdefault(round(y1, 1), []).append(x0)
            elif abs(y1 - y0) < 0.01 and x1 - x0 < 5.5:  # a tick of a ruler down the page
                columns.setdefault(round(x0, 1), []).append(y0)
        rulers = [sorted(ticks) for ticks in list(rows.values()) + list(columns.values()) if len(ticks) > 40]
        steps = sorted(round(ticks[1] - ticks[0], 3) for ticks in rulers)
        assert steps == [1.0, 1.0, 3.175, 3.175]
        for ticks in rulers:
            step = ticks[1] - ticks[0]
            assert all(abs((b - a) - step) < 0.05 for a, b in zip(ticks, ticks[1:]))
            assert ticks[-1] - ticks[0] > 140
        squares = [r for r in page.rects if abs(mm(r["width"]) - 100) < 0.05 and abs(mm(r["height"]) - 100) < 0.05]
        assert len(squares) == 1
        text = page.extract_text()
        assert "100 mm" in text and "0 in" in text


# --- the back offset ---------------------------------------------------------------------------

def back_shapes(path: Path, page_index: int) -> set[tuple[float, float]]:
    """Bottom-left corners (mm, to 0.01) of the rectangles and curves drawn on a page."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[page_index]
        return {(round(mm(o["x0"]), 2), round(mm(page.height - o["bottom"]), 2)) for o in page.rects + page.curves}


def test_back_offset_moves_every_card_back_and_nothing_else(tmp):
    plain, moved = tmp / "plain", tmp / "moved"
    assert build_into(plain, "ascending-row-overflow") == 0
    assert build_into(moved, "ascending-row-overflow", "--back-offset", "1.5,-0.75") == 0
    deck = "ascending-row-overflow/deck.pdf"
    assert back_shapes(moved / deck, 0) == back_shapes(plain / deck, 0)  # a front page
    before, after = back_shapes(plain / deck, 1), back_shapes(moved / deck, 1)
    cards = {(x, y) for x, y in before if y > 12}  # the backs and their art, 3 mm past the grid; the scale bars below stay put
    assert len(cards) >= 18  # at least two shapes on each of the nine backs (its ground, its title band)
    assert {(round(x + 1.5, 2), round(y - 0.75, 2)) for x, y in cards} <= after
    assert before - cards <= after
    assert len(after) == len(before)


def test_printkit_yaml_is_used_and_the_command_line_wins(project, cli):
    (project / "printkit.yaml").write_text("paper: letter\nback_offset: [0.5, 0]\n")
    assert cli("build", "cross-sums", "--content", "content", "--out", "out")[0] == 0
    box = PdfReader(project / "out" / "cross-sums" / "rules.pdf").pages[0].mediabox
    assert (round(mm(float(box.width)), 2), round(mm(float(box.height)), 2)) == (215.9, 279.4)
    assert cli("build", "cross-sums", "--content", "content", "--out", "a4", "--paper", "a4")[0] == 0
    box = PdfReader(project / "a4" / "cross-sums" / "rules.pdf").pages[0].mediabox
    assert (round(mm(float(box.width)), 2), round(mm(float(box.height)), 2)) == (210.0, 297.0)


def test_printkit_settings_writes_the_file_it_then_reads(project, cli):
    code, out, _ = cli("settings", "--content", "content", "--paper", "letter", "--back-offset", "0.5,-1")
    assert code == 0
    assert "  paper: letter" in out.splitlines() and "  back_offset: [0.5, -1]" in out.splitlines()
    assert "  duplex: long  (default)" in out.splitlines()
    assert cli("settings", "--content", "content")[1] == out


@pytest.mark.parametrize("text, message", [
    ("paper: legal\n", "printkit.yaml:1: paper: 'legal' is not allowed (expected one of: a4, letter)"),
    ("back_offset: [1]\n", "printkit.yaml:1: back_offset: has 1 item, expected exactly 2"),
    ("back_offset: [0, 11]\n", "printkit.yaml:1: back_offset[2]: 11 is out of range (-10 to 10)"),
    ("papr: a4\n", "printkit.yaml:1: unknown key 'papr' (did you mean 'paper'?)"),
])
def test_a_bad_printkit_yaml_is_one_located_line(project, cli, text, message):
    (project / "printkit.yaml").write_text(text)
    code, out, err = cli("build", "--content", "content", "--out", "out")
    assert (code, out, err.splitlines()) == (1, "", [message])
    assert not (project / "out").exists()



@settings(max_examples=200, derandomize=True, database=None, deadline=None)
@given(bleed=st.floats(0, 6), offset=st.tuples(st.floats(-10, 10), st.floats(-10, 10)),
       ink_saver=st.booleans(), duplex=st.sampled_from(["long", "short", "none"]))
def test_whatever_settings_writes_it_reads_back(tmp_path_factory, bleed, offset, ink_saver, duplex):
    """`--bleed 0.00001` was written as `1e-05`, which YAML reads as text: every command failed."""
    project = tmp_path_factory.mktemp("settings")
    (project / "content").mkdir()
    given = {"bleed": bleed, "back_offset": list(offset), "ink_saver": ink_saver, "duplex": duplex, "paper": "letter"}
    project_settings.save(project / "content", given)
    assert project_settings.load(project / "content") == given


def test_settings_bleed_0_repairs_what_an_older_printkit_wrote(project, cli):
    (project / "printkit.yaml").write_text("paper: letter\nbleed: 1e-05\n")
    assert cli("build", "numbered-cards", "--content", "content", "--out", "out")[::2] == (
        1, "printkit.yaml:2: bleed: expected a number, got text '1e-05'\n")
    assert cli("settings", "--content", "content", "--bleed", "0")[0] == 0
    assert (project / "printkit.yaml").read_text().splitlines()[2:] == ["paper: letter", "bleed: 0"]
    assert cli("build", "numbered-cards", "--content", "content", "--out", "out")[0] == 0


def test_a_tiny_bleed_is_written_in_full(project, cli):
    code, out, _ = cli("settings", "--content", "content", "--bleed", "0.00001", "--back-offset", "0.00001,-1")
    assert code == 0 and {"  ink_saver: false  (default)", "  bleed: 0.00001"} <= set(out.splitlines())
    assert "back_offset: [0.00001, -1]" in (project / "printkit.yaml").read_text().splitlines()
    assert cli("build", "numbered-cards", "--content", "content", "--out", "out")[0] == 0


# --- the ink saver -------------------------------------------------------------------------------

def ink(path: Path) -> float:
    """Mean darkness over all pages (0 white .. 1 black), rendered by PDFium."""
    doc = pdfium.PdfDocument(str(path))
    total = 0.0
    for page in doc:
        image = page.render(scale=0.5, grayscale=True).to_pil().convert("L")
        total += 1 - sum(image.get_flattened_data()) / (255 * image.width * image.height)
    return total / len(doc)


@pytest.fixture(scope="module")
def ink_builds(tmp, built_a4):
    """The kit as printkit.yaml prints it (A4, the session's build) and with the ink saver."""
    saver = tmp / "ink-saver"
    assert build_into(saver, "--ink-saver") == 0
    return built_a4, saver


@pytest.mark.parametrize("product", ["ascending-row-overflow/deck.pdf", "numbered-cards/ability-cards.pdf",
                                     "cross-sums/setup/scenario-12.pdf", "one-too-many/score-sheet.pdf"])
def test_the_ink_saver_uses_less_ink_and_reads_the_same(ink_builds, product):
    normal, saver = ink_builds
    assert ink(saver / product) < ink(normal / product)
    with pdfplumber.open(normal / product) as a, pdfplumber.open(saver / product) as b:
        assert [p.extract_text() for p in a.pages] == [p.extract_text() for p in b.pages]


def test_the_ink_saver_has_no_large_dark_fills(ink_builds):
    _, saver = ink_builds
    for path in sorted(saver.rglob("*.pdf")):
        for page, outline in dark_fills(path):
            assert area(outline) < 20.5, (path, page, outline[0])


def test_a_normal_build_has_large_dark_fills(ink_builds):
    """What the test above looks for is there to find without the ink saver."""
    normal, _ = ink_builds
    assert max(area(outline) for path in normal.rglob("*.pdf") for _, outline in dark_fills(path)) > 100


def dark_fills(path: Path) -> list[tuple[int, list[tuple[float, float]]]]:
    """(page index, outline in points) of every filled subpath darker than mid-grey (some colour
    part below 0.5), on every page and in every form on it, read by PDFium (pdfplumber's full read
    of the kit took ~20 s). An outline's points are its segments' ends, without the Bezier control
    points, as pdfplumber's `pts`."""
    found = []
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
    doc = pdfium.PdfDocument(str(path))
    try:
        for index in range(len(doc)):
            page = doc[index]
            for shape, matrix in _paths(page.raw, pdfium_c.FPDFPage_CountObjects, pdfium_c.FPDFPage_GetObject,
                                        (1, 0, 0, 1, 0, 0)):
                pdfium_c.FPDFPath_GetDrawMode(shape, fill, stroke)
                pdfium_c.FPDFPageObj_GetFillColor(shape, red, green, blue, alpha)
                if fill.value and min(red.value, green.value, blue.value) / 255 < 0.5:
                    found += [(index, outline) for outline in _subpaths(shape, matrix)]
    finally:
        doc.close()
    return found


def _paths(parent, count, get, outer: tuple):
    """(path object, its matrix to the page) for each path among `parent`'s objects, forms opened."""
    for index in range(count(parent)):
        obj = get(parent, index)
        kind = pdfium_c.FPDFPageObj_GetType(obj)
        matrix = _then(_matrix(obj), outer)
        if kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            yield from _paths(obj, pdfium_c.FPDFFormObj_CountObjects, pdfium_c.FPDFFormObj_GetObject, matrix)
        elif kind == pdfium_c.FPDF_PAGEOBJ_PATH:
            yield obj, matrix


def _matrix(obj) -> tuple:
    m = pdfium_c.FS_MATRIX()
    assert pdfium_c.FPDFPageObj_GetMatrix(obj, m)
    return m.a, m.b, m.c, m.d, m.e, m.f


def _then(first: tuple, second: tuple) -> tuple:
    """The PDF matrix that applies `first`, then `second`."""
    a, b, c, d, e, f = first
    A, B, C, D, E, F = second
    return a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F


def _subpaths(shape, matrix: tuple) -> list[list[tuple[float, float]]]:
    """A path's subpaths (a move starts one) as their points on the page, a Bezier by its end."""
    a, b, c, d, e, f = matrix
    x, y = ctypes.c_float(), ctypes.c_float()
    found, controls = [], 0
    for index in range(pdfium_c.FPDFPath_CountSegments(shape)):
        segment = pdfium_c.FPDFPath_GetPathSegment(shape, index)
        kind = pdfium_c.FPDFPathSegment_GetType(segment)
        if kind == pdfium_c.FPDF_SEGMENT_BEZIERTO:
            controls = (controls + 1) % 3  # two control points, then the end
            if controls:
                continue
        pdfium_c.FPDFPathSegment_GetPoint(segment, x, y)
        point = (x.value * a + y.value * c + e, x.value * b + y.value * d + f)
        if kind == pdfium_c.FPDF_SEGMENT_MOVETO or not found:
            found.append([point])
        else:
            found[-1].append(point)
    return found


def area(outline: list[tuple[float, float]]) -> float:
    """An outline's area in mm2 by the shoelace formula (a rectangle's is its width x height)."""
    pairs = zip(outline, outline[1:] + outline[:1])
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in pairs)) / 2 * mm(1) * mm(1)
