"""Issue 39, point 1's last parts, read back: MakePlayingCards takes the bridge and tarot cards its
templates publish (747 x 1122 and 897 x 1497 px: the trim in inches plus 0.12 in a side, at 300
dpi), a tarot card of printkit's 70 x 120 mm fitted to MPC's 2.75 x 4.75 in; and a card fitted or
turned onto a shop's size is said in the export's PRINT-GUIDE.txt in the same words as the
export's line, the file read back here. Every expected figure is worked out here from the shops'
published sizes, not taken from printkit's profiles."""

from __future__ import annotations

import json

from PIL import Image

from declared import SLUG, game_project, line_of
from test_export import run

INCH = 25.4
DPI = 300
MPC_BLEED_IN = 0.12  # 36 px a side
GUIDE = "PRINT-GUIDE.txt"

DECK = """\
title: Guide
products:
  deck:
    kind: deck
    size: {size}
    cards:
      - {{n: 1}}
      - {{n: 2}}
    face:
      frame: false
      layers:
        ground: {{kind: rect, x: 0, y: 0, width: {w}, height: {h}, fill: '#dddddd', bleed: true}}
"""


def exported(tmp_path, monkeypatch, capsys, size: str, w: float, h: float, shop: str):
    folder = game_project(tmp_path, DECK.format(size=size, w=w, h=h))
    monkeypatch.chdir(folder)
    code, out, err = run(["export", SLUG, "--for", shop, "--out", "out"], capsys)
    return folder, code, err


def mpc_pixels(width_in: float, height_in: float) -> tuple[int, int]:
    return tuple(round((side + 2 * MPC_BLEED_IN) * DPI) for side in (width_in, height_in))


def test_mpc_takes_bridge_cards_at_its_published_747_x_1122(tmp_path, monkeypatch, capsys):
    folder, code, err = exported(tmp_path, monkeypatch, capsys, "bridge", 2.25 * INCH, 3.5 * INCH, "mpc")
    assert code == 0, err
    assert mpc_pixels(2.25, 3.5) == (747, 1122)  # the figure MPC's template publishes, worked out
    images = sorted((folder / "out" / SLUG / "deck").glob("*.png"))
    assert images and all(Image.open(path).size == (747, 1122) for path in images)
    assert "fitted" not in err and "does not sell" not in err  # its own size: as it is


def test_a_70_x_120_tarot_card_is_fitted_to_mpcs_tarot_at_897_x_1497(tmp_path, monkeypatch, capsys):
    folder, code, err = exported(tmp_path, monkeypatch, capsys, "tarot", 70, 120, "mpc")
    assert code == 0, err
    mpc = (2.75 * INCH, 4.75 * INCH)  # 69.85 x 120.65 mm
    scale = min(mpc[0] / 70, mpc[1] / 120)
    line = line_of(folder / "content" / SLUG / "game.yaml", "deck:")
    said = (f"{SLUG}/game.yaml:{line}: warning: deck: 70 x 120 mm cards fitted onto the 69.85 x 120.65 mm tarot "
            f"size MakePlayingCards sells, at {scale * 100:.2f} % (uniformly, centred, its bleed art kept)")
    assert said in err.splitlines(), err
    images = sorted((folder / "out" / SLUG / "deck").glob("*.png"))
    assert images and all(Image.open(path).size == mpc_pixels(2.75, 4.75) == (897, 1497) for path in images)
    fit = json.loads((folder / "out" / ".printkit-export.json").read_text(encoding="utf-8"))["products"][0]["fit"]
    assert abs(fit["scale"] - scale) < 1e-6 and fit["sold"] == "tarot size"


def guide_lines(folder) -> list[str]:
    return [line.strip() for line in (folder / "out" / GUIDE).read_text(encoding="utf-8").splitlines()]


def test_a_fitted_deck_is_said_in_the_print_guide_as_in_the_export(tmp_path, monkeypatch, capsys):
    folder, code, err = exported(tmp_path, monkeypatch, capsys, "poker", 63.5, 88.9, "mbprint")
    assert code == 0, err
    scale = min(63 / 63.5, 88 / 88.9)  # 98.99 %: MB Print's 63 x 88 mm
    said = (f"deck: 63.5 x 88.9 mm cards fitted onto the 63 x 88 mm poker MB Print (and other European shops) sells, "
            f"at {scale * 100:.2f} % (uniformly, centred, its bleed art kept)")
    line = line_of(folder / "content" / SLUG / "game.yaml", "deck:")
    assert f"{SLUG}/game.yaml:{line}: warning: {said}" in err.splitlines()  # the export's line
    lines = guide_lines(folder)
    assert lines[0] == "How to order these files from MB Print (and other European shops)"
    at = lines.index(f"{SLUG}/deck: 2 cards, poker 63 x 88 mm; 1 file.")
    assert lines[at + 1] == said.removeprefix("deck: ") + "."  # the same words, under the product


def test_a_turned_landscape_deck_is_said_in_the_print_guide(tmp_path, monkeypatch, capsys):
    folder, code, err = exported(tmp_path, monkeypatch, capsys, "[88.9, 63.5]", 88.9, 63.5, "tgc")
    assert code == 0, err
    said = "88.9 x 63.5 mm cards turned a quarter turn onto the 63.5 x 88.9 mm poker card The Game Crafter sells"
    assert any(line.endswith(f"warning: deck: {said}") for line in err.splitlines()), err
    lines = guide_lines(folder)
    at = lines.index(f"{SLUG}/deck: 2 cards, poker card 63.5 x 88.9 mm; 2 files.")  # one back and one face: identical
    assert lines[at + 1] == said + "."


TWO = DECK + """\
  minis:
    kind: deck
    size: mini
    cards:
      - {{n: 1}}
    face:
      frame: false
      layers:
        ground: {{kind: rect, x: 0, y: 0, width: 44.45, height: 63.5, fill: '#dddddd', bleed: true}}
"""


def test_a_product_left_out_is_in_the_print_guide_with_who_takes_it(tmp_path, monkeypatch, capsys):
    folder = game_project(tmp_path, TWO.format(size="poker", w=63.5, h=88.9))
    monkeypatch.chdir(folder)
    code, out, err = run(["export", SLUG, "--for", "mbprint", "--out", "out"], capsys)
    assert code == 0, err
    line = line_of(folder / "content" / SLUG / "game.yaml", "minis:")
    refused = (f"{SLUG}/game.yaml:{line}: minis: MB Print (and other European shops) does not sell 44.45 x 63.5 mm "
               f"cards; it sells (nearest first) poker 63 x 88 mm; tgc, pdfx, cricut, tts take them")
    assert refused.replace(": minis:", ": warning: minis:") + "; left out" in err.splitlines()  # the export's line
    lines = guide_lines(folder)
    at = lines.index("Not sent to MB Print (and other European shops) (the size or shape it does not sell)")
    assert lines[at + 1] == refused
    assert not any(line.startswith(f"{SLUG}/minis:") for line in lines)  # not among what to order


def test_a_deck_as_the_shop_sells_it_has_nothing_more_said(tmp_path, monkeypatch, capsys):
    folder, code, err = exported(tmp_path, monkeypatch, capsys, "poker", 63.5, 88.9, "tgc")
    assert code == 0 and "fitted" not in err, err
    lines = guide_lines(folder)
    at = lines.index(f"{SLUG}/deck: 2 cards, poker card 63.5 x 88.9 mm; 2 files.")
    assert lines[at + 1] == ""  # as it is: no line of a turn or a fit under it
    assert not any("turned" in line or "fitted" in line or "Not sent" in line for line in lines)


def test_no_print_guide_for_a_virtual_table(tmp_path, monkeypatch, capsys):
    folder, code, err = exported(tmp_path, monkeypatch, capsys, "poker", 63.5, 88.9, "tts")
    assert code == 0, err
    assert not (folder / "out" / GUIDE).exists()
