"""Preflight fails on real faults only, on every target alike (issue 39, point 2): faults planted
in a design (words inside the safe zone, a 0.06 mm white hairline, a 0.2 pt stroke, a 150 dpi
picture for a 300 dpi shop) and in the exported files (an RGB image in the PDF/X-4 file, ink over
the shop's limit) are each caught at the layer's FILE:LINE and the card, on every target where
they are faults; correct designs (a rect border 2 mm inside the trim, full-bleed art, a ground
disc run into the bleed, a lattice to the trim) pass every target with exit 0, the border said
as one warning. Files are read back with pypdf and Pillow, each planted fault checked present."""

from __future__ import annotations

import io
import re
import shutil
import subprocess

import pypdf
import pytest
from PIL import Image

from declared import SLUG, game_project
from test_export import run

ALL = ("tgc", "mpc", "dtc", "mbprint", "meinspiel", "pdfx", "cricut", "tts")
PRESS = ("tgc", "mpc", "dtc", "mbprint", "meinspiel", "pdfx")  # a press prints them (not a home cut-out, a table)
RASTER = ("tgc", "mpc", "dtc", "mbprint", "meinspiel", "pdfx", "cricut")  # a shop that takes a dpi
PDF = ("dtc", "mbprint", "meinspiel", "pdfx")

GOOD = """\
title: Truth
colours: {sea: "#1f4e8c", sand: "#f3e6c4", ink: "#2b2118"}
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {name: Harbour}
      - {name: Lighthouse}
    face:
      frame: false
      layers:
        art: {kind: image, file: art.png, x: 0, y: 0, width: 63.5, height: 88.9, fit: cover, bleed: true}
        border: {kind: rect, stroke: ink, stroke_width: 0.3, x: 2, y: 2, width: 59.5, height: 84.9}
        rule: {kind: line, points: [[0, 44], [63.5, 44]], stroke: white, stroke_width: 0.2}
        name: {kind: text, field: name, x: 10, y: 10, width: 43.5, height: 10, size: 12}
    back:
      frame: false
      background: sea
      layers:
        lattice: {kind: lattice, cells: [6, 8], stroke: sand, stroke_width: 0.4}
  stones:
    kind: tokens
    shape: round
    size: 22
    tokens:
      - {label: A}
    face:
      background: sand
      frame: false
      layers:
        disc: {kind: ellipse, fill: sea, bleed: true, x: 0, y: 0, width: 22, height: 22}
        label: {kind: text, field: label, x: 7, y: 7, width: 8, height: 8, size: 14, colour: white}
    back:
      background: sea
      frame: false
      layers:
        dot: {kind: ellipse, fill: sand, x: 9, y: 9, width: 4, height: 4}
"""
# each planted fault's layer, at its line in BAD (1-based)
BAD = """\
title: Faults
colours: {sea: "#1f4e8c", ink: "#2b2118"}
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {name: Harbour}
    face:
      frame: false
      background: white
      layers:
        edge: {kind: text, text: "Near the edge", x: 2, y: 40, width: 30, height: 6, size: 9, align: left}
        hairline: {kind: line, points: [[10, 60], [53.5, 60]], stroke: white, stroke_width: 0.06}
        thin: {kind: line, points: [[10, 65], [53.5, 65]], stroke: ink, stroke_width: 0.0706}
        coarse: {kind: image, file: coarse.png, x: 12, y: 12, width: 40, height: 20}
        name: {kind: text, field: name, x: 10, y: 70, width: 43.5, height: 8, size: 12}
    back:
      frame: false
      background: sea
"""
EDGE, HAIRLINE, THIN, COARSE = 13, 14, 15, 16


def good_files() -> dict:
    art = Image.new("RGB", (900, 1200), (40, 110, 160))
    for x in range(0, 900, 30):  # stripes: art of more than one colour to the bleed edge
        art.paste((200, 180, 90), (x, 0, x + 10, 1200))
    return {"art.png": _png(art)}


def bad_files() -> dict:
    # 236 x 118 px over 40 x 20 mm: 150 dpi as placed, half what every shop here takes
    return {"coarse.png": _png(Image.new("RGB", (236, 118), (178, 58, 30)))}


def _png(image: Image.Image) -> bytes:
    data = io.BytesIO()
    image.save(data, "PNG")
    return data.getvalue()


def export(tmp_path, monkeypatch, capsys, game: str, files: dict, shop: str):
    monkeypatch.chdir(game_project(tmp_path, game, files))
    return run(["export", SLUG, "--for", shop, "--out", "out"], capsys)


pytestmark = pytest.mark.usefixtures("any_size")  # every shop taking these sizes: preflight is tested


# --- correct designs: clean on every target --------------------------------------------------------

@pytest.mark.parametrize("shop", ALL)
def test_correct_designs_pass_clean_on_every_target(tmp_path, monkeypatch, capsys, shop):
    """Full-bleed art, a white rule and a lattice to the trim, a disc into the bleed: no finding;
    the border 2 mm inside the trim: one warning at its layer's line, exit 0."""
    code, out, err = export(tmp_path, monkeypatch, capsys, GOOD, good_files(), shop)
    assert code == 0, err
    assert out.splitlines()[-1].endswith("as the shop takes them, no problems"), out
    lines = err.splitlines()
    if shop in ("cricut", "tts"):  # cut by the machine's own marks round the image, or not at all
        assert lines == [], err
        return
    assert lines == [f"{SLUG}/game.yaml:14: warning: {SLUG}/deck: border on cards 1-2 stops 2.0 mm inside the "
                     f"trim, within the {_safe(shop):.1f} mm safe zone: a cut that drifts shows it unevenly"], err


def _safe(shop: str) -> float:
    from printkit.targets.profiles import profiles

    return profiles()[shop].safe


def test_the_correct_designs_really_reach_the_trim_and_the_bleed(tmp_path, monkeypatch, capsys):
    """Read back (pypdf, Pillow): the art and the disc do print into the bleed, the border does
    stand 2 mm in; the clean pass above is not a design that avoids the edges."""
    assert export(tmp_path, monkeypatch, capsys, GOOD, good_files(), "pdfx")[0] == 0
    pdf = pypdf.PdfReader(tmp_path / f"out/{SLUG}/stones.pdf")
    page = pdf.pages[0]
    assert abs(float(page.mediabox.width) * 25.4 / 72 - 28.0) < 0.05  # 22 mm and 3 mm bleed a side
    image = _rendered(tmp_path / f"out/{SLUG}/stones.pdf", 0)
    edge = image.getpixel((image.width // 2, 2))  # 0.2 mm from the bleed edge, above the disc's top
    assert edge[2] > edge[0] + 40, edge  # the sea's blue reaches the bleed edge
    deck = _rendered(tmp_path / f"out/{SLUG}/deck.pdf", 0)
    px = deck.width / (63.5 + 6.0)
    border = [deck.getpixel((round((3.0 + 2.0 + d) * px), deck.height // 3)) for d in (-0.4, 0.0)]
    assert sum(border[1]) < sum(border[0]) - 60, border  # the dark border at 2 mm inside the trim


@pytest.mark.skipif(not shutil.which("gs"), reason="no Ghostscript (apt-get install ghostscript)")
def test_ghostscript_sees_the_disc_run_into_the_bleed(tmp_path, monkeypatch, capsys):
    """An independent RIP's rendering of the token passed clean: blue at the bleed's edge above
    the disc, so the clean pass is of a design that really reaches past the trim."""
    assert export(tmp_path, monkeypatch, capsys, GOOD, good_files(), "pdfx")[0] == 0
    png = tmp_path / "stone.png"
    subprocess.run([shutil.which("gs"), "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", "-r300",
                    "-dFirstPage=1", "-dLastPage=1", f"-sOutputFile={png}", str(tmp_path / f"out/{SLUG}/stones.pdf")],
                   check=True, timeout=60)
    image = Image.open(png).convert("RGB")
    assert abs(image.width - round(28 / 25.4 * 300)) <= 1  # 22 mm and 3 mm bleed a side
    r, g, b = image.getpixel((image.width // 2, 1))
    assert b > r + 40, (r, g, b)


def _rendered(path, index: int, scale: float = 12.0) -> Image.Image:
    import pypdfium2

    document = pypdfium2.PdfDocument(str(path))
    try:
        return document[index].render(scale=scale).to_pil().convert("RGB")
    finally:
        document.close()


# --- planted faults: caught at their lines where they are faults ------------------------------------

@pytest.mark.parametrize("shop", ALL)
def test_planted_design_faults_are_each_caught_at_their_line(tmp_path, monkeypatch, capsys, shop):
    code, _, err = export(tmp_path, monkeypatch, capsys, BAD, bad_files(), shop)
    lines = [line for line in err.splitlines() if ": warning: " not in line]
    at = {n: [line for line in lines if line.startswith(f"{SLUG}/game.yaml:{n}: ")] for n in
          (EDGE, HAIRLINE, THIN, COARSE)}
    if shop != "tts":
        assert len(at[EDGE]) == 1 and re.fullmatch(
            rf"{SLUG}/game\.yaml:{EDGE}: {SLUG}/deck: card 1: edge \d\.\d mm inside the trim; "
            rf"the safe zone is \d\.\d mm", at[EDGE][0]), lines
    if shop in PRESS:
        assert at[HAIRLINE] == [f"{SLUG}/game.yaml:{HAIRLINE}: {SLUG}/deck: hairline: a 0.06 mm line on card 1; a "
                                f"press holds no line under 0.25 pt (0.088 mm), of any colour"], lines
        assert at[THIN] == [f"{SLUG}/game.yaml:{THIN}: {SLUG}/deck: thin: a 0.0706 mm line on card 1; a press "
                            f"holds no line under 0.25 pt (0.088 mm), of any colour"], lines
    else:
        assert at[HAIRLINE] == at[THIN] == [], lines
    if shop in RASTER:
        assert len(at[COARSE]) == 1 and re.search(r"card 1: image coarse\.png is 150 dpi as printed \(|image coarse\.png is 150 dpi as placed on card 1;",
                                                  at[COARSE][0]), lines
    else:
        assert at[COARSE] == [], lines
    assert code == (0 if shop == "tts" else 1), err
    assert all(re.match(rf"{SLUG}/game\.yaml:\d+: ", line) for line in lines), lines  # every one at its line


def test_the_planted_hairline_is_in_the_file(tmp_path, monkeypatch, capsys):
    """Read back with pypdf: the front's content strokes a line 0.06 mm wide (0.17 pt)."""
    export(tmp_path, monkeypatch, capsys, BAD, bad_files(), "pdfx")
    data = pypdf.PdfReader(tmp_path / f"out/{SLUG}/deck.pdf").pages[0].get_contents().get_data()
    widths = [float(w) for w in re.findall(rb"([\d.]+) w\b", data)]
    assert any(abs(w - 0.06 * 72 / 25.4) < 0.005 for w in widths), widths


def test_the_planted_coarse_picture_is_150_dpi_in_the_file(tmp_path, monkeypatch, capsys):
    """Read back with pypdf and Pillow: the 236 x 118 px picture, placed 40 mm wide (113.4 pt)."""
    export(tmp_path, monkeypatch, capsys, BAD, bad_files(), "pdfx")
    page = pypdf.PdfReader(tmp_path / f"out/{SLUG}/deck.pdf").pages[0]
    sizes = [(image.image.size, image.name) for image in page.images]
    assert any(size == (236, 118) for size, _ in sizes), sizes
    data = page.get_contents().get_data()
    assert re.search(rb"113\.3\d* 0 0 56\.6\d* [\d.]+ [\d.]+ cm", data) or b"113.386" in data, data[:400]


def rewritten(path, change) -> None:
    writer = pypdf.PdfWriter(clone_from=path)
    change(writer)
    with path.open("wb") as handle:
        writer.write(handle)


def test_an_rgb_image_in_the_pdfx_file_is_caught_at_its_layer(tmp_path, monkeypatch, capsys):
    assert export(tmp_path, monkeypatch, capsys, GOOD, good_files(), "pdfx")[0] == 0

    def change(writer):
        for ref in writer.pages[0]["/Resources"]["/XObject"].values():
            image = ref.get_object()
            if image.get("/Subtype") == "/Image":
                image[pypdf.generic.NameObject("/ColorSpace")] = pypdf.generic.NameObject("/DeviceRGB")

    rewritten(tmp_path / f"out/{SLUG}/deck.pdf", change)
    assert pypdf.PdfReader(tmp_path / f"out/{SLUG}/deck.pdf").pages[0]["/Resources"]["/XObject"]
    code, _, err = run(["preflight", "out"], capsys)
    lines = [line for line in err.splitlines() if "DeviceRGB" in line]
    assert code == 1 and lines == [f"{SLUG}/game.yaml:13: {SLUG}/deck: card {n}: image art.png is DeviceRGB "
                                   f"(out/{SLUG}/deck.pdf, page {page}); PDF/X-4 for FOGRA39 takes DeviceCMYK or "
                                   f"DeviceGray images" for n, page in ((1, 1), (2, 3))], err


@pytest.mark.parametrize("shop", PDF)
def test_ink_over_the_limit_is_caught_at_the_card(tmp_path, monkeypatch, capsys, shop):
    """A square of 400 % planted on card 1's front, on the name's words: named by the card and
    the layer it lies on."""
    assert export(tmp_path, monkeypatch, capsys, GOOD, good_files(), shop)[0] == 0
    from printkit.targets.profiles import profiles

    profile = profiles()[shop]
    front = 0 if profile.order != "back-front" else 1
    x, y = (profile.bleed + 30) * 72 / 25.4, (profile.bleed + 88.9 - 15) * 72 / 25.4

    def change(writer):
        page = writer.pages[front]
        content = pypdf.generic.ContentStream(None, writer)
        content.set_data(page.get_contents().get_data() + f"\nq 1 1 1 1 k {x:.3f} {y:.3f} 2 2 re f Q\n".encode())
        page.replace_contents(content)

    paths = [path for path in sorted((tmp_path / f"out/{SLUG}").glob("deck*.pdf")) if "back" not in path.name]
    rewritten(paths[0], change)
    code, _, err = run(["preflight", "out"], capsys)
    lines = [line for line in err.splitlines() if "total ink" in line]
    assert code == 1 and len(lines) == 1, err
    assert lines == [f"{SLUG}/game.yaml:8: {SLUG}/deck: card 1: name: total ink 400 % at (30.0, 73.9) mm "
                     f"({paths[0].relative_to(tmp_path).as_posix()}, page {front + 1}), above the shop's "
                     f"{profile.ink_limit:.0f} %"], lines
