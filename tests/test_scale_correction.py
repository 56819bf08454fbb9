"""A printer that prints at 99.2 % gives true cards: `--scale-correction X,Y` (the percent the
printer prints at across and up the page, read off the calibration ruler) draws every page of every
file 100/X and 100/Y times as large about its centre. Read back from the PDFs: the 50 mm bar then
measures 50 mm x 100/X on the page, which the printer prints at 50 mm; the cards and the TrimBox
scale alike; the calibration pages never scale (they are what the correction is measured on)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import build_into
from readback import CARD_H, CARD_W, KIT_FRAME_INSET, PAPERS, SCALE_BARS, TOL, Box, bar_label, expected_slots, frames, \
    pages, pdf_box, reader, scale_bar_rects
from printkit.cli.main import main

X, Y = 99.2, 99.5  # what the printer prints at: the page is drawn larger by the inverse
FX, FY = 100 / X, 100 / Y


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("scale")
    found = {}
    for name, args in (("true", ()), ("corrected", ("--scale-correction", f"{X},{Y}"))):
        assert build_into(tmp / name, "ascending-row-overflow", "one-too-many", *args) == 0
        found[name] = tmp / name
    return found


def scaled(box: Box, paper: tuple[float, float]) -> Box:
    """Where a box drawn at 100 % lies once the page is drawn FX, FY as large about its centre."""
    cx, cy = paper[0] / 2, paper[1] / 2
    return Box(cx + (box.x0 - cx) * FX, cy + (box.y0 - cy) * FY, cx + (box.x1 - cx) * FX, cy + (box.y1 - cy) * FY)


def pdfs(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.pdf"))


def test_every_page_of_every_file_has_its_bars_drawn_larger_by_the_correction(builds):
    files = pdfs(builds["corrected"])
    assert len(files) == len(pdfs(builds["true"])) >= 10
    for path in files:
        for number, page in enumerate(pages(path), start=1):
            bars = scale_bar_rects(page)
            for length, label, _ in SCALE_BARS:
                found = [b for b in bars if label in bar_label(page, b)]
                assert len(found) == 1, f"{path.name} page {number}: {label!r} bars {found}"
                bar = found[0]
                vertical = bar.height > bar.width
                want = length * (FY if vertical else FX)
                assert abs(max(bar.width, bar.height) - want) <= TOL, \
                    f"{path.name} page {number}: the {label!r} bar is {max(bar.width, bar.height):.3f} mm, not {want:.3f}"


def test_the_cards_and_the_trim_box_scale_about_the_page_centre(builds):
    paper = PAPERS["a4"]
    deck = builds["corrected"] / "ascending-row-overflow" / "deck.pdf"
    front = pages(deck)[0]
    want = sorted(scaled(slot, paper).tuple for slot in expected_slots("a4").values())
    got = sorted(box.tuple for box in _frames_scaled(front))
    assert len(got) == 9
    assert all(Box(*g).same(Box(*w)) for g, w in zip(got, want)), (got, want)
    trim = pdf_box(reader(deck).pages[0], "/TrimBox")
    grid = expected_slots("a4")
    whole = Box(grid[(2, 0)].x0, grid[(2, 0)].y0, grid[(0, 2)].x1, grid[(0, 2)].y1)
    assert trim.same(scaled(whole, paper)), (trim, scaled(whole, paper))
    media = pdf_box(reader(deck).pages[0], "/MediaBox")
    assert media.same(Box(0, 0, *paper))  # the paper is the paper: only what is drawn on it grows


def _frames_scaled(page, inset: float = KIT_FRAME_INSET) -> list[Box]:
    """The card fronts' frames (the deck's own, `inset` mm inside the trim at 100 %), scaled:
    found by their size."""
    inner_w, inner_h = (CARD_W - 2 * inset) * FX, (CARD_H - 2 * inset) * FY
    return [Box(s.box.x0 - inset * FX, s.box.y0 - inset * FY, s.box.x1 + inset * FX, s.box.y1 + inset * FY)
            for s in page.rects + page.curves
            if s.stroke and abs(s.box.width - inner_w) <= TOL and abs(s.box.height - inner_h) <= TOL]


def test_a_true_build_is_unchanged_by_the_option_existing(builds):
    deck = builds["true"] / "ascending-row-overflow" / "deck.pdf"
    got = sorted(b.tuple for b in frames(pages(deck)[0]))
    want = sorted(b.tuple for b in expected_slots("a4").values())
    assert all(Box(*g).same(Box(*w)) for g, w in zip(got, want)) and len(got) == 9


def test_printkit_settings_saves_it_and_the_calibration_pages_stay_true(project, cli):
    assert cli("settings", "--content", "content", "--scale-correction", "99.2,99.5")[0] == 0
    assert "scale_correction: [99.2, 99.5]" in (project / "printkit.yaml").read_text().splitlines()
    assert cli("build", "numbered-cards", "--content", "content", "--out", "out")[0] == 0
    bars = scale_bar_rects(pages(project / "out" / "numbered-cards" / "rules.pdf")[0])
    assert sorted(round(max(b.width, b.height), 2) for b in bars) == [round(50 * FX, 2), round(2 * 25.4 * FX, 2)]
    assert cli("calibrate", "--content", "content", "--out", "cal")[0] == 0
    square = [s.box for s in pages(project / "cal" / "calibration" / "scale.pdf")[0].rects
              if abs(s.box.width - 100) <= 1.5 and abs(s.box.height - 100) <= 1.5]
    assert len(square) == 1 and abs(square[0].width - 100) <= TOL and abs(square[0].height - 100) <= TOL


def test_the_calibration_page_says_how_to_measure_it(tmp_path):
    assert main(["calibrate", "--out", str(tmp_path)]) == 0
    text = " ".join(reader(tmp_path / "calibration" / "scale.pdf").pages[0].extract_text().split())
    assert "printkit settings --scale-correction" in text and "100 mm" in text


@pytest.mark.parametrize("value, message", [
    ("99", "expected X,Y in percent, e.g. 99.2,99.5: '99'"),
    ("96,100", "a scale correction is 97 to 103 percent each way, not 96,100; a printer further off is scaling "
               "the page: print at Actual size"),
])
def test_a_bad_value_on_the_command_line_is_a_usage_error(cli, value, message):
    code, out, err = cli("build", "--content", "content", "--out", "out", "--scale-correction", value)
    assert code == 2 and err.splitlines()[-1] == f"printkit: error: argument --scale-correction: {message}"


def test_a_bad_value_in_printkit_yaml_is_one_located_line(project, cli):
    (project / "printkit.yaml").write_text("paper: a4\nscale_correction: [99, 104]\n")
    code, out, err = cli("build", "--content", "content", "--out", "out")
    assert (code, out, err.splitlines()) == (1, "", ["printkit.yaml:2: scale_correction[2]: 104 is out of range (97 to 103)"])
    assert not (project / "out").exists()


def test_the_previews_card_pictures_are_cut_on_the_corrected_trims(project, cli):
    assert cli("preview", "numbered-cards", "--content", "content", "--out", "out", "--dpi", "200",
               "--scale-correction", f"{X},{Y}")[0] == 0
    from PIL import Image
    card = Image.open(project / "out" / "preview" / "numbered-cards" / "ability-cards" / "card-01.png")
    want = (CARD_W * FX / 25.4 * 200, CARD_H * FY / 25.4 * 200)
    assert abs(card.width - want[0]) <= 1 and abs(card.height - want[1]) <= 1, (card.size, want)
    # and the picture is the card, not a sliver of its neighbour: its frame's ink reaches no edge band
    grey = card.convert("L")
    edge = [grey.getpixel((x, grey.height // 2)) for x in (1, grey.width - 2)]
    assert all(value > 200 for value in edge), edge
