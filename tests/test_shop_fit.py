"""Cards as the shops sell them (issue 39, point 1), read back with independent readers: a U.S.
poker card fitted to MB Print's 63 x 88 mm (pypdf's boxes, pdfplumber's drawn rectangle: the scale
to 0.05 mm), a landscape poker card turned onto The Game Crafter's portrait template (Pillow's
pixels: its top edge to the left), mini cards at TGC's 600 x 825 px, and an image that would not
be the shop's pixel size refused with nothing written. Expected figures come from the shops'
published sizes, worked out here."""

from __future__ import annotations

import json
from dataclasses import replace

import pdfplumber
import pypdf
from PIL import Image

from conftest import mm
from declared import SLUG, game_project, line_of
from test_export import run

TOL = 0.05
INCH = 25.4
POKER = (63.5, 88.9)
MB = (63.0, 88.0)  # MB Print's card, 3 mm bleed
SCALE = min(MB[0] / POKER[0], MB[1] / POKER[1])  # 0.98988: the card kept whole inside the trim

DECK = """\
title: Fit
products:
  deck:
    kind: deck
    size: {size}
    cards:
      - {{n: 1}}
    face:
      layers:
        ground: {{kind: rect, x: 0, y: 0, width: {w}, height: {h}, fill: '#ffffff', bleed: true}}
        mark: {{kind: rect, x: 8, y: 8, width: 20, height: 10, fill: '#000000'}}  # y: from the top
"""


def project(tmp_path, monkeypatch, size: str, w: float, h: float):
    game = DECK.format(size=size, w=w, h=h)  # a black block 8 mm in from the left, its top 8 mm below the top
    folder = game_project(tmp_path, game)
    monkeypatch.chdir(folder)
    return folder


def export(folder, shop: str, capsys):
    return run(["export", SLUG, "--for", shop, "--out", "out"], capsys)


def record(folder) -> dict:
    return json.loads((folder / "out" / ".printkit-export.json").read_text(encoding="utf-8"))


def test_a_us_poker_card_is_fitted_to_mb_prints_63_x_88_centred_at_the_scale(tmp_path, monkeypatch, capsys):
    folder = project(tmp_path, monkeypatch, "poker", *POKER)
    code, out, err = export(folder, "mbprint", capsys)
    assert code == 0, err
    assert (f"{SLUG}/game.yaml:{line_of(folder / 'content' / SLUG / 'game.yaml', 'deck:')}: warning: deck: 63.5 x 88.9 "
            "mm cards fitted onto the 63 x 88 mm poker MB Print (and other European shops) sells, at 98.99 % "
            "(uniformly, centred, its bleed art kept)") in err.splitlines()
    assert sum("fitted" in line for line in err.splitlines()) == 1  # said once
    path = folder / "out" / SLUG / "deck.pdf"
    page = pypdf.PdfReader(path).pages[0]
    media, trim = [mm(float(v)) for v in page.mediabox], [mm(float(v)) for v in page.trimbox]
    assert abs(media[2] - 69) <= TOL and abs(media[3] - 94) <= TOL
    assert all(abs(a - b) <= TOL for a, b in zip(trim, (3, 3, 66, 91)))
    # the black block, where the scale about the trim's middle puts it
    with pdfplumber.open(path) as pdf:
        blocks = [r for r in pdf.pages[0].rects if r["non_stroking_color"] in ((0,), (0, 0, 0, 1), [0], [0, 0, 0, 1])
                  and r["width"] < 100]
    assert len(blocks) == 1
    block = blocks[0]
    middle = (3 + MB[0] / 2, 3 + MB[1] / 2)
    x0 = middle[0] + SCALE * (8 - POKER[0] / 2)
    top = middle[1] + SCALE * (POKER[1] - 8 - POKER[1] / 2)  # its top edge, from the page's foot
    assert abs(mm(block["x0"]) - x0) <= TOL and abs(mm(block["width"]) - 20 * SCALE) <= TOL
    assert abs(mm(float(page.mediabox[3]) - block["top"]) - top) <= TOL
    assert abs(mm(block["height"]) - 10 * SCALE) <= TOL
    fit = record(folder)["products"][0]["fit"]
    assert fit["card"] == list(POKER) and abs(fit["scale"] - SCALE) < 1e-5 and not fit["turned"]
    assert record(folder)["products"][0]["trim"] == list(MB)


def test_a_landscape_poker_card_goes_to_tgc_turned_onto_its_portrait_template(tmp_path, monkeypatch, capsys):
    folder = project(tmp_path, monkeypatch, "poker landscape", POKER[1], POKER[0])
    code, out, err = export(folder, "tgc", capsys)
    assert code == 0, err
    assert f"{SLUG}/game.yaml:3: warning: deck: 88.9 x 63.5 mm cards turned a quarter turn onto the 63.5 x 88.9 mm " \
        "poker card The Game Crafter sells" in err.splitlines()
    image = Image.open(folder / "out" / SLUG / "deck" / "face-01.png").convert("L")
    assert image.size == (825, 1125)  # 2.5 x 3.5 in and 1/8 in a side at 300 dpi, portrait
    px = 300 / INCH
    # the block sat at the card's top left; a quarter turn anticlockwise puts the top edge at the left,
    # so the block is at the bottom left: 8 to 18 mm in from the left, 8 to 28 mm up from the foot
    bleed = 37.5
    inside = (round(bleed + 13 * px), round(1125 - bleed - 18 * px))
    assert image.getpixel(inside) < 40
    assert image.getpixel((round(bleed + 13 * px), round(bleed + 18 * px))) > 200  # its top left: white
    entry = record(folder)["products"][0]
    assert entry["fit"]["turned"] and entry["fit"]["front_turn"] == 90.0 and entry["trim"] == list(POKER)


def test_mini_cards_are_tgcs_600_x_825_pixels(tmp_path, monkeypatch, capsys):
    folder = project(tmp_path, monkeypatch, "mini", 44.45, 63.5)
    code, out, err = export(folder, "tgc", capsys)
    assert code == 0 and "fitted" not in err and "turned" not in err
    assert Image.open(folder / "out" / SLUG / "deck" / "face-01.png").size == (600, 825)


def test_a_card_a_twentieth_of_a_millimetre_off_tgcs_mini_is_fitted_to_its_pixels(tmp_path, monkeypatch, capsys):
    """44.5 mm (printkit's old mini) would be 601 px across: it is fitted to TGC's 600 x 825 px."""
    folder = project(tmp_path, monkeypatch, "[44.5, 63.5]", 44.5, 63.5)
    code, out, err = export(folder, "tgc", capsys)
    assert code == 0 and "fitted onto the 44.45 x 63.5 mm mini card The Game Crafter sells, at 99.89 %" in err
    assert Image.open(folder / "out" / SLUG / "deck" / "face-01.png").size == (600, 825)


def test_an_image_not_the_shops_published_size_is_refused_and_nothing_written(tmp_path, monkeypatch, capsys):
    from printkit.targets.profiles import profiles

    tgc = profiles()["tgc"]
    monkeypatch.setitem(profiles(), "tgc", replace(tgc, sizes=(((63.5, 88.9), (826, 1125)),)))
    folder = project(tmp_path, monkeypatch, "poker", *POKER)
    code, out, err = export(folder, "tgc", capsys)
    line = line_of(folder / "content" / SLUG / "game.yaml", "deck:")
    assert (code, out) == (1, "")
    assert err.splitlines() == [f"{SLUG}/game.yaml:{line}: deck: a 63.5 x 88.9 mm card's image would be 825 x 1125 px; "
                                "The Game Crafter takes 826 x 1125 px"]
    assert not (folder / "out").exists()


def test_a_card_beyond_one_and_a_half_percent_is_refused_naming_what_would_take_it(tmp_path, monkeypatch, capsys):
    folder = project(tmp_path, monkeypatch, "tarot", 70, 120)
    code, out, err = export(folder, "mbprint", capsys)
    line = line_of(folder / "content" / SLUG / "game.yaml", "deck:")
    assert (code, out) == (1, "")
    assert err.splitlines() == [f"{SLUG}/game.yaml:{line}: deck: MB Print (and other European shops) does not sell "
                                "70 x 120 mm cards; it sells (nearest first) poker 63 x 88 mm; mpc, pdfx, cricut, tts "
                                "take them"]  # MPC's tarot is 2.75 x 4.75 in: 0.2 % and 0.5 % off, fitted there
    assert not (folder / "out").exists()
