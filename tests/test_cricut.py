"""`printkit export --for cricut` read back with Pillow: one PNG a distinct card face for Cricut
Design Space's Print Then Cut, at the trim and no bleed, 300 dpi, RGBA, transparent outside the
card's outline. Every expected figure is worked out here from the card sizes as published: poker
2.5 x 3.5 in = 63.5 x 88.9 mm, so 750 x 1050 px at 300 dpi; One Too Many's Redo tokens 40 mm,
472 px; a poker card's corner 1/8 in = 3.175 mm = 37.5 px. A corner of radius r px, its circle's
centre at (r, r), leaves the diagonal pixel (k, k) outside while (r - (k + 0.5)) * sqrt 2 > r, so
the first opaque pixel on the diagonal has its centre at r (1 - 1/sqrt 2) from the corner."""

from __future__ import annotations

import io
import json
import math
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageCms, ImageStat

from conftest import CONTENT
from printkit.cli.main import main
from test_export import redo_tokens, run  # the same export, run the same way

INCH = 25.4
DPI = 300
POKER_PX = (round(63.5 / INCH * DPI), round(88.9 / INCH * DPI))  # 750 x 1050
TOKEN_PX = (round(40 / INCH * DPI),) * 2  # 472 x 472
CORNER_PX = 3.175 / INCH * DPI  # 37.5
PRODUCTS = {"ascending-row-overflow/deck": 24, "numbered-cards/ability-cards": 18}
MPC_BLEED_PX = 36  # MakePlayingCards: 0.12 in a side at 300 dpi




@pytest.fixture(scope="module")
def cricut(tmp_path_factory) -> Path:
    """Every game's Cricut export, once; it must have passed its own preflight."""
    out = tmp_path_factory.mktemp("cricut")
    assert main(["export", "--for", "cricut", "--content", str(CONTENT), "--out", str(out)]) == 0
    return out


def first_opaque_on_the_diagonal(image: Image.Image) -> int:
    alpha = image.getchannel("A")
    return next(k for k in range(min(image.size)) if alpha.getpixel((k, k)) == 255)


def diagonal_edge(radius_px: float) -> float:
    """Where on the diagonal (px from the corner) the corner's circle crosses it."""
    return radius_px * (1 - 1 / math.sqrt(2))


# --- the images ----------------------------------------------------------------------------------

def test_every_card_face_is_one_png_at_its_trim_at_300_dpi_in_srgb(cricut):
    for product, cards in PRODUCTS.items():
        names = sorted(p.name for p in (cricut / product).iterdir())
        assert names == [f"card-{n:02d}.png" for n in range(1, cards + 1)]  # every card different: one each
        for name in names:
            image = Image.open(cricut / product / name)
            assert (image.format, image.mode, image.size) == ("PNG", "RGBA", POKER_PX), name
            assert all(abs(v - DPI) < 0.01 for v in image.info["dpi"])
            icc = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
            assert "sRGB" in ImageCms.getProfileDescription(icc)


def test_identical_tokens_are_one_image_whose_name_says_how_many(cricut):
    folder = cricut / "one-too-many/redo-tokens"
    (only,) = folder.iterdir()
    assert only.name == f"card-01-x{redo_tokens()}.png"
    assert Image.open(only).size == TOKEN_PX
    record = json.loads((cricut / ".printkit-export.json").read_text())
    (tokens,) = [p for p in record["products"] if p["product"] == "one-too-many/redo-tokens"]
    assert [page["file"] for page in tokens["pages"]] == [f"one-too-many/redo-tokens/{only.name}"] * redo_tokens()


def test_the_corners_are_transparent_and_the_inside_opaque_to_a_pixel_of_the_radius(cricut):
    edge = diagonal_edge(CORNER_PX)  # 10.98 px
    for product in PRODUCTS:
        for path in sorted((cricut / product).iterdir()):
            image = Image.open(path)
            w, h = image.size
            alpha = image.getchannel("A")
            assert set(alpha.tobytes()) == {0, 255}, path.name  # crisp: the outline Design Space traces
            assert [alpha.getpixel(p) for p in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1))] == [0] * 4
            r = int(CORNER_PX)
            assert [alpha.getpixel(p) for p in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r))] == [255] * 4
            assert [alpha.getpixel(p) for p in ((w // 2, 0), (0, h // 2), (w - 1, h // 2), (w // 2, h - 1))] == [255] * 4
            assert abs(first_opaque_on_the_diagonal(image) + 0.5 - edge) <= 1, path.name
            flipped = image.transpose(Image.Transpose.ROTATE_180)  # the opposite corner, the same
            assert abs(first_opaque_on_the_diagonal(flipped) + 0.5 - edge) <= 1, path.name


def test_every_pixel_well_outside_the_corner_circle_is_transparent(cricut):
    """Pixel by pixel in the top-left corner square: more than a pixel outside the circle of radius
    37.5 px about (37.5, 37.5) transparent, more than a pixel inside opaque."""
    alpha = Image.open(cricut / "numbered-cards/ability-cards/card-01.png").getchannel("A")
    for y in range(40):
        for x in range(40):
            d = math.hypot(min(x + 0.5 - CORNER_PX, 0), min(y + 0.5 - CORNER_PX, 0)) - CORNER_PX
            if d > 1:
                assert alpha.getpixel((x, y)) == 0, (x, y)
            elif d < -1:
                assert alpha.getpixel((x, y)) == 255, (x, y)


def test_a_card_is_the_shops_card_without_its_bleed(cricut, tmp_path):
    """The same card as MakePlayingCards gets it, cropped by MPC's 36 px bleed: the same words
    where they were, and each card its own."""
    assert main(["export", "numbered-cards", "--for", "mpc", "--content", str(CONTENT), "--out", str(tmp_path)]) == 0
    seen = set()
    for k in (1, 5, 18):
        ours = Image.open(cricut / f"numbered-cards/ability-cards/card-{k:02d}.png")
        mpc = Image.open(tmp_path / f"numbered-cards/ability-cards/face-{k:02d}.png")
        b = MPC_BLEED_PX
        theirs = mpc.convert("RGB").crop((b, b, b + POKER_PX[0], b + POKER_PX[1]))
        inside = (CORNER_PX, CORNER_PX, POKER_PX[0] - CORNER_PX, POKER_PX[1] - CORNER_PX)
        box = tuple(int(v) for v in inside)
        a, b_ = ours.convert("RGB").crop(box), theirs.crop(box)
        difference = ImageStat.Stat(Image.frombytes("L", a.size, bytes(
            abs(p - q) for p, q in zip(a.convert("L").tobytes(), b_.convert("L").tobytes())))).mean[0]
        assert difference < 1.0, k  # grey levels of 255, on average
        dark = sum(1 for v in a.convert("L").tobytes() if v < 128)
        assert dark > 2000, k  # its number and words are there, not a blank card
        seen.add(a.tobytes())
    assert len(seen) == 3


def test_round_tokens_are_transparent_outside_their_circle(tmp_path, capsys, monkeypatch):
    from declared import SLUG, game_project
    game = ("title: Tokens\nproducts:\n  chips:\n    kind: tokens\n    shape: round\n    size: 30\n"
            "    tokens:\n      - {value: '+1', copies: 3}\n      - {value: '+2', copies: 2}\n    face:\n      boxes:\n"
            "        value: {kind: text, field: value, x: 5, y: 10, width: 20, height: 10, size: 14}\n")
    project = game_project(tmp_path, game)
    monkeypatch.chdir(project)
    code, out, err = run(["export", SLUG, "--for", "cricut", "--out", "out"], capsys)
    assert (code, err) == (0, ""), err
    names = sorted(p.name for p in (project / "out" / SLUG / "chips").iterdir())
    assert names == ["card-01-x3.png", "card-02-x2.png"]
    side = round(30 / INCH * DPI)  # 354 px
    image = Image.open(project / "out" / SLUG / "chips" / names[0])
    assert image.size == (side, side)
    alpha = image.getchannel("A")
    assert alpha.getpixel((side // 2, side // 2)) == 255
    assert [alpha.getpixel(p) for p in ((side // 2, 0), (0, side // 2), (side // 2, side - 1))] == [255] * 3
    assert abs(first_opaque_on_the_diagonal(image) + 0.5 - diagonal_edge(side / 2)) <= 1
    text = (project / "out" / "HOW-TO-CUT.txt").read_text()
    assert f"{SLUG}/chips/: 1.181 in x 1.181 in (30 x 30 mm), round." in text
    assert f"{SLUG}/chips/card-01-x3.png: make 3." in text and f"{SLUG}/chips/card-02-x2.png: make 2." in text


def test_corners_sets_the_radius_the_images_are_cut_to(tmp_path, capsys):
    code, out, err = run(["export", "numbered-cards", "--for", "cricut", "--corners", "2", "--content", CONTENT,
                          "--out", tmp_path], capsys)
    assert (code, err) == (0, "")
    image = Image.open(tmp_path / "numbered-cards/ability-cards/card-01.png")
    assert abs(first_opaque_on_the_diagonal(image) + 0.5 - diagonal_edge(2 / INCH * DPI)) <= 1  # 6.9 px
    assert "numbered-cards/ability-cards/: 2.5 in x 3.5 in (63.5 x 88.9 mm), corners 2 mm." in \
        (tmp_path / "HOW-TO-CUT.txt").read_text()


def test_corners_0_cuts_the_images_square(tmp_path, capsys):
    code, out, err = run(["export", "numbered-cards", "--for", "cricut", "--corners", "0", "--content", CONTENT,
                          "--out", tmp_path], capsys)
    assert (code, err) == (0, "")
    alpha = Image.open(tmp_path / "numbered-cards/ability-cards/card-01.png").getchannel("A")
    assert alpha.getpixel((0, 0)) == 255 and alpha.getpixel((alpha.width - 1, alpha.height - 1)) == 255
    assert alpha.getextrema() == (255, 255)  # opaque to every edge: Design Space cuts the trim's rectangle


# --- what the export says ------------------------------------------------------------------------

def test_how_to_cut_gives_the_size_and_count_to_set_for_each_product(cricut):
    text = (cricut / "HOW-TO-CUT.txt").read_text()
    assert "ascending-row-overflow/deck/: 2.5 in x 3.5 in (63.5 x 88.9 mm), corners 3.175 mm." in text
    assert "24 cards from 24 images, one card each." in text
    assert "one-too-many/redo-tokens/: 1.575 in x 1.575 in (40 x 40 mm), corners 3.175 mm." in text
    assert f"one-too-many/redo-tokens/card-01-x{redo_tokens()}.png: make {redo_tokens()}." in text
    for words in ("Print Then Cut image", "100%", "Backs"):
        assert words in text


def test_the_cards_made_are_the_decks_cards(cricut):
    """Every card of every product comes from one image, and the images make as many as the deck has."""
    record = json.loads((cricut / ".printkit-export.json").read_text())
    expected = {**PRODUCTS, "one-too-many/redo-tokens": redo_tokens()}
    for product in record["products"]:
        files = {page["file"] for page in product["pages"]}
        made = sum(int(m.group(1)) if (m := re.search(r"-x(\d+)\.png$", f)) else 1 for f in files)
        assert made == len(product["pages"]) == expected[product["product"]]
        assert all((cricut / f).is_file() for f in files)


def test_an_export_lists_its_images_and_the_how_to(tmp_path, capsys):
    code, out, err = run(["export", "one-too-many", "--for", "cricut", "--content", CONTENT, "--out", tmp_path], capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == [f"{tmp_path}/one-too-many/redo-tokens/  1 image (card-01-x{redo_tokens()}.png)",
                         f"{tmp_path}/HOW-TO-CUT.txt"]  # the words last, after the files they are about
    assert lines[-1] == f"preflight: 1 file in {tmp_path} as the shop takes them, no problems"


# --- preflight -----------------------------------------------------------------------------------

def _copy(cricut: Path, tmp_path: Path) -> Path:
    shutil.copytree(cricut, tmp_path / "cricut")
    return tmp_path / "cricut"


def _failed_preflight(out: Path, capsys) -> list[str]:
    code, stdout, err = run(["preflight", out], capsys)
    assert (code, stdout) == (1, "")
    return err.splitlines()


def _resaved(path: Path, change) -> None:
    image = Image.open(path)
    info = {"dpi": image.info["dpi"], "icc_profile": image.info["icc_profile"]}
    image = image.copy()
    change(image)
    image.save(path, "PNG", **info)


def test_preflight_passes_a_good_export(cricut, capsys):
    code, out, err = run(["preflight", cricut], capsys)
    assert (code, err) == (0, "")
    assert out == f"preflight: {24 + 18 + 1} files in {cricut} as the shop takes them, no problems\n"


def test_preflight_reports_a_corner_made_opaque_at_its_file(cricut, tmp_path, capsys):
    out = _copy(cricut, tmp_path)
    path = out / "ascending-row-overflow/deck/card-03.png"
    _resaved(path, lambda image: image.paste((0, 0, 0, 255), (0, 0, 5, 5)))  # 25 pixels, all far outside
    assert _failed_preflight(out, capsys) == [
        f"{path}: top-left corner: 25 pixels outside the 3.175 mm rounded corner are not transparent"]


def test_preflight_reports_a_hole_in_the_card(cricut, tmp_path, capsys):
    out = _copy(cricut, tmp_path)
    path = out / "numbered-cards/ability-cards/card-07.png"
    _resaved(path, lambda image: image.putpixel((375, 525), (255, 255, 255, 0)))
    assert _failed_preflight(out, capsys) == [
        f"{path}: 1 pixel inside the card's outline is not opaque: the machine would cut round it"]


def test_preflight_reports_an_image_of_the_wrong_size_with_no_alpha(cricut, tmp_path, capsys):
    out = _copy(cricut, tmp_path)
    path = out / "numbered-cards/ability-cards/card-02.png"
    icc = Image.open(path).info["icc_profile"]
    Image.new("RGB", (825, 1125), "white").save(path, dpi=(300, 300), icc_profile=icc)  # a TGC image
    name = "Cricut Design Space (Print Then Cut)"
    assert _failed_preflight(out, capsys) == [
        f"{path}: 825 x 1125 px; {name} takes 750 x 1050 px for a 63.50 x 88.90 mm card (the trim, no bleed, at 300 dpi)",
        f"{path}: colour mode RGB; {name} takes RGBA",
        f"{path}: no alpha channel: the outside of the card must be transparent"]


def test_preflight_holds_each_image_to_the_count_in_its_name_and_wants_the_how_to(cricut, tmp_path, capsys):
    out = _copy(cricut, tmp_path)
    old = f"one-too-many/redo-tokens/card-01-x{redo_tokens()}.png"
    new = f"one-too-many/redo-tokens/card-01-x{redo_tokens() - 1}.png"
    (out / old).rename(out / new)
    record = (out / ".printkit-export.json").read_text()
    (out / ".printkit-export.json").write_text(record.replace(old, new))
    (out / "HOW-TO-CUT.txt").unlink()
    assert sorted(_failed_preflight(out, capsys)) == [
        f"{out}/HOW-TO-CUT.txt: missing: it gives the size to set for each product's images",
        f"{out}/{new}: its name says to make {redo_tokens() - 1}, but {redo_tokens()} cards of the deck are this face"]


def test_a_card_larger_than_print_then_cut_takes_is_one_line_at_the_product(tmp_path, capsys, monkeypatch):
    """6.75 x 9.25 in = 171.45 x 234.95 mm: a 180 mm card is refused, and nothing is written."""
    from declared import SLUG, deck_yaml, game_project, line_of
    face = "        name: {kind: text, field: name, x: 20, y: 20, width: 30, height: 10}"
    project = game_project(tmp_path, deck_yaml(size="[180, 200]", face=face))
    monkeypatch.chdir(project)
    code, out, err = run(["export", SLUG, "--for", "cricut", "--out", "out"], capsys)
    line = line_of(project / "content" / SLUG / "game.yaml", "deck:")
    assert (code, out) == (1, "")
    assert err == (f"{SLUG}/game.yaml:{line}: a 180 x 200 mm card is larger than the 171.45 x 234.95 mm "
                   f"Cricut Design Space (Print Then Cut) prints and cuts\n")
    assert not (project / "out").exists()


def test_the_profile_quotes_where_its_figures_come_from():
    text = (Path(__file__).resolve().parent.parent / "printkit" / "shops.yaml").read_text()
    for needle in ("Go2Engle/CriProx", "Print Then Cut image", "ignores the DPI", "6.75 x 9.25 in"):
        assert needle in text
