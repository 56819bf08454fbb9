"""Preflight reads what an export holds: a declared game with pictures, an SVG, markup, round and
square tokens and a number whose planned line comes near the top passes every shop it goes to;
faults planted in the exported files are found: text in a card image's safe band and in a card
PDF's, an RGB image in a PDF/X-1a file, a font left unembedded (named by the SVG that holds it),
ink over the shop's limit."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pypdf
import pytest
from PIL import Image, ImageDraw, ImageFont

from conftest import ROOT
from declared import SLUG, game_project
from test_export import run

FONT = ROOT / "printkit" / "fonts" / "DejaVuSans.ttf"
GAME = """\
title: Edges
colours: {sun: "#b23a1e", moon: "#1f4e8c"}
icons:
  sun: {glyph: "☀", colour: sun}
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {number: 1, text: "<b>1 point</b>. Beats the :sun: 12"}
      - {number: 8, text: "1 <i>point</i>"}
    face:
      frame: false
      layers:
        field: {kind: image, file: field.png, x: -3.2, y: -3.2, width: 69.9, height: 95.3, fit: cover}
        number: {kind: number, field: number, x: 14, y: 2.6, width: 35.5, height: 22, colour: white, corners: false}
        moon: {kind: image, file: moon.svg, x: 12, y: 58, width: 40, height: 8}
        text: {kind: text, field: text, size: 9.5, x: 14, y: 68, width: 35.5, height: 16}
  chips:
    kind: tokens
    shape: round
    size: 30
    tokens:
      - {value: '+1', sky: sun}
    face:
      background: {field: sky}
      layers:
        value: {kind: text, field: value, x: 7, y: 10, width: 16, height: 10, size: 14, colour: white}
  squares:
    kind: tokens
    shape: square
    size: 25
    tokens:
      - {value: 'A'}
    face:
      layers:
        value: {kind: text, field: value, x: 4, y: 4, width: 17, height: 17, size: 30, align: centre, valign: middle}
"""
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
       '<rect width="100" height="50" fill="#1f4e8c"/><text x="10" y="30" font-size="20" fill="white">Moon</text></svg>\n')

pytestmark = pytest.mark.usefixtures("any_size")  # its tokens to every shop: what is tested is the reading


def files() -> dict:
    field = Image.new("RGB", (1800, 1200), (30, 120, 60))
    draw = ImageDraw.Draw(field)
    for y in range(0, 1200, 9):  # stripes: art with more than one colour in the bleed
        draw.line((0, y, 1800, y), fill=(200, 200, 40))
    data = io.BytesIO()
    field.save(data, "PNG")
    return {"field.png": data.getvalue(), "moon.svg": SVG}


def exported(tmp_path, monkeypatch, capsys, shop: str) -> tuple[int, str, str]:
    monkeypatch.chdir(game_project(tmp_path, GAME, files()))
    return run(["export", SLUG, "--for", shop, "--out", "out"], capsys)


@pytest.mark.parametrize("shop", ("tgc", "mpc", "dtc", "mbprint", "pdfx", "cricut", "tts"))
def test_a_declared_game_with_pictures_markup_and_tokens_passes_every_shop(tmp_path, monkeypatch, capsys, shop):
    """The number's planned line reaches past the top trim (its leading); its glyphs stand 4.7 mm in."""
    code, out, err = exported(tmp_path, monkeypatch, capsys, shop)
    assert code == 0, err
    assert all(re.search(r": warning: .*(frame|border) on", line) for line in err.splitlines()), err  # the rings
    assert out.splitlines()[-1].endswith("as the shop takes them, no problems")


def preflight(folder: Path, capsys) -> list[str]:
    """Preflight's faults (its warnings left out: frames inside the safe zone)."""
    code, _, err = run(["preflight", folder], capsys)
    assert code == 1
    return [line for line in err.splitlines() if ": warning: " not in line]


def planted_text(path: Path, at: tuple[int, int], colour) -> None:
    image = Image.open(path)
    info = image.info
    ImageDraw.Draw(image).text(at, "HI", fill=colour, font=ImageFont.truetype(str(FONT), 40))
    image.save(path, dpi=info["dpi"], icc_profile=info.get("icc_profile"))


def unplanned(folder: Path, product: str) -> None:
    """The record's plan of each card side of `product` emptied: what preflight then has to read
    the pixels for (ink no plan explains is its last resort, not its first message)."""
    record = folder / ".printkit-export.json"
    data = json.loads(record.read_text())
    for entry in data["products"]:
        if entry["product"] == product:
            for card in entry["cards"]:
                card["front"] = card["back"] = []
    record.write_text(json.dumps(data))


@pytest.mark.parametrize("shop", ("tgc", "mpc"))
def test_text_drawn_into_a_card_images_safe_band_is_found_where_it_lies(tmp_path, monkeypatch, capsys, shop):
    """'HI' 12 px in from the trim (1.0 mm) on the striped picture, where the record plans
    nothing: found at its card's FILE:LINE, how far in its nearest pixel is. (Where the record
    plans a side, preflight reads its plan, not every pixel again: issue 39.)"""
    assert exported(tmp_path, monkeypatch, capsys, shop)[0] == 0
    unplanned(tmp_path / "out", f"{SLUG}/deck")
    bleed = 37 if shop == "tgc" else 36  # px a side: 1/8 in at 300 dpi, MPC's 36 px
    planted_text(tmp_path / f"out/{SLUG}/deck/face-01.png", (bleed + 12, 500), (255, 255, 255))
    lines = preflight(tmp_path / "out", capsys)
    assert len(lines) == 1, lines
    deck = re.fullmatch(rf"{SLUG}/game.yaml:10: {SLUG}/deck: card 1: ink no planned text or mark explains, at "
                        r"\(([\d.]+), [\d.]+\) mm, ([\d.]+) mm inside the trim; the safe zone is 3\.2 mm", lines[0])
    assert deck and 1.0 <= float(deck.group(2)) < 1.8 and deck.group(1) == deck.group(2), lines[0]


def rewritten(path: Path, change) -> None:
    writer = pypdf.PdfWriter(clone_from=path)
    change(writer)
    with path.open("wb") as handle:
        writer.write(handle)


def test_text_moved_into_a_card_pdfs_safe_zone_is_found_by_its_glyphs(tmp_path, monkeypatch, capsys):
    """Card 1's number moved up the page in the file alone: named by the designer's layer, at its line."""
    assert exported(tmp_path, monkeypatch, capsys, "dtc")[0] == 0

    def change(writer):  # DTC: back, then front; the front of card 1 is page 2
        page = writer.pages[1]
        data = page.get_contents().get_data()
        found = re.search(rb"1 0 0 1 ([\d.]+) ([\d.]+) Tm /\S+\+0 [\d.]+ Tf \(1\) Tj", data)
        assert found
        moved = data.replace(found.group(0), found.group(0).replace(found.group(2), b"205", 1), 1)
        content = pypdf.generic.ContentStream(None, writer)
        content.set_data(moved)
        page.replace_contents(content)

    rewritten(tmp_path / f"out/{SLUG}/deck.pdf", change)
    (line,) = preflight(tmp_path / "out", capsys)
    assert re.fullmatch(rf"{SLUG}/game.yaml:10: {SLUG}/deck: card 1: number [\d.]+ mm (inside|outside) the trim; "
                        r"the safe zone is 3\.2 mm", line), line


@pytest.mark.parametrize("shop", ("dtc", "mbprint"))
def test_an_rgb_image_in_a_pdfx_1a_file_is_found(tmp_path, monkeypatch, capsys, shop):
    assert exported(tmp_path, monkeypatch, capsys, shop)[0] == 0

    def change(writer):
        for ref in writer.pages[1 if shop == "dtc" else 0]["/Resources"]["/XObject"].values():
            image = ref.get_object()
            if image.get("/Subtype") == "/Image":
                image[pypdf.generic.NameObject("/ColorSpace")] = pypdf.generic.NameObject("/DeviceRGB")
                return

    rewritten(tmp_path / f"out/{SLUG}/deck.pdf", change)
    lines = preflight(tmp_path / "out", capsys)
    assert any(re.fullmatch(rf"{SLUG}/game\.yaml:15: {SLUG}/deck: card \d: image field\.png is DeviceRGB "
                            rf"\(out/{SLUG}/deck\.pdf, page \d\); PDF/X-1a:2003 for [A-Z0-9 ]+ takes DeviceCMYK or "
                            r"DeviceGray images", line) for line in lines), lines  # at the picture's layer


def test_a_font_left_unembedded_in_an_svg_is_named_by_the_svg(tmp_path, monkeypatch, capsys):
    assert exported(tmp_path, monkeypatch, capsys, "dtc")[0] == 0

    def change(writer):
        for ref in writer.pages[1]["/Resources"]["/XObject"].values():
            form = ref.get_object()
            if form.get("/Subtype") == "/Form":
                for font in form["/Resources"]["/Font"].values():
                    descriptor = font.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"] \
                        if "/DescendantFonts" in font.get_object() else font.get_object()["/FontDescriptor"]
                    descriptor.get_object().pop("/FontFile2", None)

    rewritten(tmp_path / f"out/{SLUG}/deck.pdf", change)
    lines = preflight(tmp_path / "out", capsys)
    assert lines and any(re.fullmatch(rf"{SLUG}/game\.yaml:17: {SLUG}/deck: card 1: font \w+\+DejaVuSans\S* is not "
                                      rf"embedded \(brought in by moon\.svg\) \(out/{SLUG}/deck\.pdf, page 2\)", line)
                         for line in lines), lines  # at the SVG's layer


def test_ink_over_the_shops_limit_is_found_where_it_is_painted(tmp_path, monkeypatch, capsys):
    """DTC takes 240 %: a square painted 100 % of each ink (400 %) at 20 mm, 30 mm of card 1's front,
    on the field picture: said at that layer's line, where on the card (from its trim's corner)."""
    assert exported(tmp_path, monkeypatch, capsys, "dtc")[0] == 0
    x, y = (3.175 + 20) * 72 / 25.4, (3.175 + 30) * 72 / 25.4

    def change(writer):
        page = writer.pages[1]
        data = page.get_contents().get_data() + f"\nq 1 1 1 1 k {x:.3f} {y:.3f} 5 5 re f Q\n".encode()
        content = pypdf.generic.ContentStream(None, writer)
        content.set_data(data)
        page.replace_contents(content)

    rewritten(tmp_path / f"out/{SLUG}/deck.pdf", change)
    (line,) = preflight(tmp_path / "out", capsys)
    assert line == (f"{SLUG}/game.yaml:15: {SLUG}/deck: card 1: field.png: total ink 400 % at (20.0, 30.0) mm "
                    f"(out/{SLUG}/deck.pdf, page 2), above the shop's 240 %"), line


def test_an_image_below_the_shops_dpi_is_named_by_its_file(tmp_path, monkeypatch, capsys):
    """A 160 x 80 px picture over 40 x 20 mm: 101.6 dpi as printed, against DTC's 300."""
    small = io.BytesIO()
    Image.new("RGB", (160, 80), (178, 58, 30)).save(small, "PNG")
    game = GAME.replace("        moon: {kind: image, file: moon.svg,", "        low: {kind: image, file: low.png, x: 12, "
                        "y: 30, width: 40, height: 20}\n        moon: {kind: image, file: moon.svg,")
    monkeypatch.chdir(game_project(tmp_path, game, {**files(), "low.png": small.getvalue()}))
    code, _, err = run(["export", SLUG, "--for", "dtc", "--out", "out"], capsys)
    lines = [line for line in err.splitlines() if "dpi as printed" in line]
    assert code == 1 and lines == [f"{SLUG}/game.yaml:17: {SLUG}/deck: card {card}: image low.png is 102 dpi as "
                                   f"printed (out/{SLUG}/deck.pdf, page {n}); DriveThruCards takes at least 300 dpi"
                                   for card, n in ((1, 2), (2, 4))], err
