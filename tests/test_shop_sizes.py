"""The card sizes each shop sells, read back: `printkit export --for SHOP` writes a product only
to a shop that sells its trim (within 0.05 mm) and shape, and names each other product at its
declaration with the sizes the shop sells, nearest first, as a warning, and leaves it out; when
the shop sells none of them, those lines are errors and nothing is written (exit 1). TGC and MPC take a deck that shares one back as that back once
and each distinct face once, its count in its name. Every expected figure is computed here from
the shops' published sizes (inches and mm) and the dpi, not taken from printkit's profiles."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest
from PIL import Image, ImageChops

from conftest import CONTENT, mm
from declared import SLUG, game_project, line_of
from test_export import run

INCH = 25.4
DPI = 300
TGC_BLEED = INCH / 8  # 37.5 px a side
MPC_BLEED = 0.12 * INCH  # 36 px a side
TOL = 0.05


def pixels(side_mm: float, bleed_mm: float) -> int:
    """An image's side in whole pixels: the trim plus the bleed on both sides, at 300 dpi."""
    return round((side_mm + 2 * bleed_mm) / INCH * DPI)


def exported(tmp_path, monkeypatch, capsys, game: str, shop: str, *more) -> tuple[int, str, str, Path]:
    project = game_project(tmp_path, game)
    monkeypatch.chdir(project)
    code, out, err = run(["export", SLUG, "--for", shop, "--out", "out", *more], capsys)
    return code, out, err, project


def record(folder: Path) -> dict:
    return json.loads((folder / ".printkit-export.json").read_text(encoding="utf-8"))


SAFE = {"tgc": INCH / 8, "mpc": INCH / 8, "mbprint": 4.0}  # the shops' published safe zones
FRAME_IN = 3.0  # mm: the frame a deck or token is drawn with when its face declares none


def drifting(project: Path, row: str, product: str, what: str, cards: str, shop: str, inside: float = FRAME_IN) -> str:
    """Preflight's warning of a frame or border stopping `inside` mm in, within the shop's safe
    zone: the default frame is no layer's, so it is said at the first card's row."""
    line = line_of(project / "content" / SLUG / "game.yaml", row)
    return (f"{SLUG}/game.yaml:{line}: warning: {SLUG}/{product}: {what} on {cards} stops {inside:.1f} mm inside the "
            f"trim, within the {SAFE[shop]:.1f} mm safe zone: a cut that drifts shows it unevenly")


def besides_drift(err: str) -> list[str]:
    """The lines of `err` but the warnings of frames and borders within the safe zone."""
    return [line for line in err.splitlines()
            if not (": warning: " in line and line.endswith(" safe zone: a cut that drifts shows it unevenly"))]


# --- what a shop sells ------------------------------------------------------------------------------

TGC_SIZES = """\
title: Sizes
products:
  mini:
    kind: deck
    size: [44.45, 63.5]
    cards:
      - {n: 1}
      - {n: 2}
    face:
      layers:
        n: {kind: number, field: n, x: 10, y: 20, width: 24, height: 20}
  chits:
    kind: tokens
    shape: round
    size: 25.4
    tokens:
      - {value: '+1'}
    face:
      layers:
        value: {kind: text, field: value, x: 5, y: 8, width: 15, height: 8, size: 12}
  squares:
    kind: tokens
    shape: square
    size: 12.7
    tokens:
      - {value: 'A'}
    face:
      layers:
        value: {kind: text, field: value, x: 4, y: 4, width: 4.7, height: 4.7, size: 8}
    back:
      layers:
        dot: {kind: ellipse, x: 4, y: 4, width: 4.7, height: 4.7, fill: black}
"""


def test_tgc_takes_its_mini_cards_and_chits_at_the_pixels_its_templates_have(tmp_path, monkeypatch, capsys):
    """A mini card, 1.75 x 2.5 in: 600 x 825 px; a large circle chit, 1 in: 375 px; a small
    square chit, 0.5 in: 225 px (TGC's MiniDeck, LargeCircleChit and SmallSquareChit images)."""
    code, out, err, project = exported(tmp_path, monkeypatch, capsys, TGC_SIZES, "tgc")
    assert code == 0
    assert err.splitlines() == [drifting(project, "- {n: 1}", "mini", "border", "cards 1-2", "tgc"),
                                drifting(project, "- {value: '+1'}", "chits", "frame", "card 1", "tgc"),
                                drifting(project, "- {value: 'A'}", "squares", "border", "card 1", "tgc")]
    folder = project / "out" / SLUG
    expected = {"mini": (pixels(1.75 * INCH, TGC_BLEED), pixels(2.5 * INCH, TGC_BLEED)),
                "chits": (pixels(INCH, TGC_BLEED),) * 2, "squares": (pixels(INCH / 2, TGC_BLEED),) * 2}
    assert expected == {"mini": (600, 825), "chits": (375, 375), "squares": (225, 225)}  # TGC's own figures
    for product, size in expected.items():
        images = sorted((folder / product).glob("*.png"))
        assert images and {Image.open(path).size for path in images} == {size}, product


def test_mb_print_takes_the_european_card_69_x_94_mm_with_its_bleed(tmp_path, monkeypatch, capsys):
    """MB Print's figure: "69 x 94 mm for a 63 x 88 mm card", read back from every page's boxes."""
    game = TGC_SIZES.replace("size: [44.45, 63.5]", "size: [63, 88]").split("  chits:")[0]
    code, out, err, project = exported(tmp_path, monkeypatch, capsys, game, "mbprint")
    assert code == 0
    assert err.splitlines() == [drifting(project, "- {n: 1}", "mini", "border", "cards 1-2", "mbprint")]
    reader = pypdf.PdfReader(project / "out" / SLUG / "mini.pdf")
    assert len(reader.pages) == 4
    for page in reader.pages:
        media, trim = [mm(float(v)) for v in page.mediabox], [mm(float(v)) for v in page.trimbox]
        assert abs(media[2] - media[0] - 69) <= TOL and abs(media[3] - media[1] - 94) <= TOL
        assert abs(trim[2] - trim[0] - 63) <= TOL and abs(trim[3] - trim[1] - 88) <= TOL


@pytest.mark.parametrize("width, sold", [(63.05, True), (62.95, True), (63.9, True), (62.1, True), (64.0, False),
                                         (62.0, False)])
def test_a_size_within_one_and_a_half_percent_is_fitted_to_the_size_sold(tmp_path, monkeypatch, capsys, width, sold):
    """63 x 88 mm sold: 62.1 and 63.9 mm wide (1.43 % off) are fitted to it; 62 and 64 (1.59 %) are refused."""
    game = TGC_SIZES.replace("size: [44.45, 63.5]", f"size: [{width}, 88]").split("  chits:")[0]
    code, out, err, project = exported(tmp_path, monkeypatch, capsys, game, "mbprint")
    assert code == (0 if sold else 1)
    assert (project / "out").exists() == sold


# --- what it does not sell ----------------------------------------------------------------------

UNSOLD = """\
title: Unsold
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {n: 1}
    face:
      layers:
        n: {kind: number, field: n, x: 10, y: 20, width: 30, height: 20}
  chips:
    kind: tokens
    shape: round
    size: 30
    tokens:
      - {value: '+1'}
    face:
      layers:
        value: {kind: text, field: value, x: 5, y: 10, width: 20, height: 10, size: 14}
"""


def test_tokens_tgc_does_not_sell_are_one_line_with_its_sizes_nearest_first_and_left_out(
        tmp_path, monkeypatch, capsys):
    """30 mm round: TGC's round chits first (25.4, 19.05, 12.7 mm), then its other sizes by how far
    their longer difference is (25.4 square: 4.6 mm, 19.05: 10.95, micro 31.75 x 44.45: 14.45, ...)."""
    code, out, err, project = exported(tmp_path, monkeypatch, capsys, UNSOLD, "tgc")
    line = line_of(project / "content" / SLUG / "game.yaml", "chips:")
    assert code == 0
    assert err.splitlines() == [
        f"{SLUG}/game.yaml:{line}: warning: chips: The Game Crafter does not sell 30 mm round tokens; it sells "
        "(nearest first) large circle chit 25.4 mm round, medium circle chit 19.05 mm round, small circle chit 12.7 mm "
        "round, large square chit 25.4 x 25.4 mm, medium square chit 19.05 x 19.05 mm, micro card 31.75 x 44.45 mm, "
        "small square chit 12.7 x 12.7 mm, mini card 44.45 x 63.5 mm, poker card 63.5 x 88.9 mm; pdfx, cricut, tts "
        "take them; left out",
        drifting(project, "- {n: 1}", "deck", "border", "card 1", "tgc")]
    assert [p["product"] for p in record(project / "out")["products"]] == [f"{SLUG}/deck"]


def test_a_us_poker_deck_is_fitted_to_mb_prints_63_x_88_and_its_chips_left_out(tmp_path, monkeypatch, capsys):
    code, out, err, project = exported(tmp_path, monkeypatch, capsys, UNSOLD, "mbprint")
    game = project / "content" / SLUG / "game.yaml"
    assert code == 0
    assert err.splitlines() == [
        f"{SLUG}/game.yaml:{line_of(game, 'deck:')}: warning: deck: 63.5 x 88.9 mm cards fitted onto the 63 x 88 mm "
        "poker MB Print (and other European shops) sells, at 98.99 % (uniformly, centred, its bleed art kept)",
        f"{SLUG}/game.yaml:{line_of(game, 'chips:')}: warning: chips: MB Print (and other European shops) does not "
        "sell 30 mm round tokens; it sells (nearest first) poker 63 x 88 mm; pdfx, cricut, tts take them; left out",
        drifting(project, "- {n: 1}", "deck", "border", "card 1", "mbprint", FRAME_IN * 88 / 88.9)]  # fitted
    assert [p["product"] for p in record(project / "out")["products"]] == [f"{SLUG}/deck"]


def test_meinspiel_takes_the_formats_of_its_design_guides_alone(tmp_path, monkeypatch, capsys):
    """Its guides are for 59 x 91 and 62 x 100 mm cards (meinspiel.de): a poker deck is refused."""
    code, out, err, project = exported(tmp_path, monkeypatch, capsys, UNSOLD, "meinspiel")
    game = project / "content" / SLUG / "game.yaml"
    assert (code, out) == (1, "")
    assert err.splitlines()[0] == (f"{SLUG}/game.yaml:{line_of(game, 'deck:')}: deck: MeinSpiel does not sell 63.5 x "
                                   "88.9 mm cards; it sells (nearest first) playing card 59 x 91 mm, "
                                   "large playing card 62 x 100 mm; tgc, mpc, dtc, mbprint, pdfx, cricut, tts take them")
    assert not (project / "out").exists()


def test_the_export_holds_what_the_shop_sells_and_warns_of_the_rest(tmp_path, monkeypatch, capsys):
    code, out, err, project = exported(tmp_path, monkeypatch, capsys, UNSOLD, "mpc")
    line = line_of(project / "content" / SLUG / "game.yaml", "chips:")
    assert code == 0
    assert err.splitlines() == [f"{SLUG}/game.yaml:{line}: warning: chips: MakePlayingCards does not sell 30 mm round "
                                "tokens; it sells (nearest first) poker size 63.5 x 88.9 mm, bridge size 57.15 x "
                                "88.9 mm, tarot size 69.85 x 120.65 mm; pdfx, cricut, tts take them; left out",
                                # poker and bridge both 58.9 mm off a 30 mm disc (their height): in the shop's order
                                drifting(project, "- {n: 1}", "deck", "border", "card 1", "mpc")]
    assert out.splitlines()[-1].endswith("as the shop takes them, no problems")
    assert [p["product"] for p in record(project / "out")["products"]] == [f"{SLUG}/deck"]
    assert sorted(p.name for p in (project / "out" / SLUG).iterdir()) == ["deck"]


def test_the_bundled_games_go_to_the_shops_that_sell_their_sizes(tmp_path, capsys):
    """Their decks are U.S. poker, One Too Many's tokens 40 mm square: MB Print takes the decks
    fitted to its 63 x 88 mm and not the tokens, DTC the decks alone; pdfx's sheets and the cutting
    machine take any size; MeinSpiel (59 x 91, 62 x 100) none, naming the shops that would."""
    code, out, err = run(["export", "--for", "mbprint", "--content", CONTENT, "--out", tmp_path / "mb"], capsys)
    assert code == 0
    # Ascending's back lattice runs into the bleed (its lines drawn right to left too): never a finding
    assert not [line for line in err.splitlines() if "lattice" in line]
    assert besides_drift(err) == [
        "ascending-row-overflow/layouts.yaml:5: warning: deck: 63.5 x 88.9 mm cards fitted onto the 63 x 88 mm poker "
        "MB Print (and other European shops) sells, at 98.99 % (uniformly, centred, its bleed art kept)",
        "numbered-cards/layouts.yaml:6: warning: ability-cards: 63.5 x 88.9 mm cards fitted onto the 63 x 88 mm poker "
        "MB Print (and other European shops) sells, at 98.99 % (uniformly, centred, its bleed art kept)",
        "one-too-many/layouts.yaml:5: warning: redo-tokens: MB Print (and other European shops) does not sell "
        "40 x 40 mm tokens; it sells (nearest first) poker 63 x 88 mm; pdfx, cricut, tts take them; left out"]
    code, out, err = run(["export", "--for", "meinspiel", "--content", CONTENT, "--out", tmp_path / "ms"], capsys)
    assert (code, out, len(err.splitlines())) == (1, "", 3)
    assert all(line.endswith(" take them") for line in err.splitlines())
    assert not (tmp_path / "ms").exists()
    code, out, err = run(["export", "--for", "dtc", "--content", CONTENT, "--out", tmp_path / "dtc"], capsys)
    assert code == 0
    assert [line.split(": warning: ")[0] for line in besides_drift(err)] == ["one-too-many/layouts.yaml:5"]
    assert sorted(p.relative_to(tmp_path / "dtc").as_posix() for p in (tmp_path / "dtc").rglob("*.pdf")) == [
        "ascending-row-overflow/deck.pdf", "numbered-cards/ability-cards.pdf"]
    for shop in ("pdfx", "cricut"):
        assert run(["export", "one-too-many", "--for", shop, "--content", CONTENT, "--out", tmp_path / shop],
                   capsys)[0] == 0


# --- one back and the faces with their counts ------------------------------------------------------

COUNTED = """\
title: Counted
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {n: 1, copies: 3}
      - {n: 2, copies: 2}
      - {n: 3}
    face:
      layers:
        n: {kind: number, field: n, x: 10, y: 20, width: 30, height: 20}
"""


@pytest.mark.parametrize("shop, bleed", [("tgc", TGC_BLEED), ("mpc", MPC_BLEED)])
def test_a_deck_sharing_a_back_is_that_back_once_and_each_face_once_with_its_count(tmp_path, monkeypatch, capsys,
                                                                                   shop, bleed):
    code, out, err, project = exported(tmp_path, monkeypatch, capsys, COUNTED, shop)
    assert code == 0
    assert err.splitlines() == [drifting(project, "- {n: 1", "deck", "border", "cards 1-6", shop)]
    folder = project / "out" / SLUG / "deck"
    assert sorted(p.name for p in folder.iterdir()) == ["back.png", "face-01-x3.png", "face-02-x2.png", "face-03.png"]
    size = (pixels(2.5 * INCH, bleed), pixels(3.5 * INCH, bleed))
    assert size == {"tgc": (825, 1125), "mpc": (822, 1122)}[shop]  # the shops' own poker figures
    images = {p.name: Image.open(p).convert("RGB") for p in folder.iterdir()}
    assert {image.size for image in images.values()} == {size}
    faces = [images[name] for name in ("face-01-x3.png", "face-02-x2.png", "face-03.png")]
    assert all(ImageChops.difference(a, b).getbbox() for a in faces for b in faces + [images["back.png"]] if a is not b)
    (product,) = record(project / "out")["products"]
    assert [sorted(page) for page in product["pages"]] == [["card", "file", "page", "side"]] * 12
    faces_of = ["face-01-x3.png"] * 3 + ["face-02-x2.png"] * 2 + ["face-03.png"]
    assert [(p["card"], p["side"], p["file"], p["page"]) for p in product["pages"]] == [
        (n, side, f"{SLUG}/deck/" + (faces_of[n - 1] if side == "front" else "back.png"), 1)
        for n in range(1, 7) for side in ("front", "back")]
    assert out.splitlines()[0].endswith("/deck/  4 images (back.png ... face-03.png)")


def test_a_deck_whose_backs_differ_keeps_an_image_a_card_side(tmp_path, monkeypatch, capsys):
    game = COUNTED + ("    back:\n      layers:\n"
                      "        n: {kind: text, field: n, x: 10, y: 40, width: 40, height: 10, size: 14}\n")
    code, out, err, project = exported(tmp_path, monkeypatch, capsys, game, "tgc")
    assert code == 0
    assert err.splitlines() == [drifting(project, "- {n: 1", "deck", "border", "cards 1-6", "tgc")]
    names = sorted(p.name for p in (project / "out" / SLUG / "deck").iterdir())
    assert names == [name for k in range(1, 7)
                     for name in (f"{2 * k - 1:03d}-front-card-{k:02d}.png", f"{2 * k:03d}-back-card-{k:02d}.png")]


def test_preflight_finds_a_shared_back_missing_and_a_face_too_many(tmp_path, monkeypatch, capsys):
    """The record's pages keep their shape: preflight reads the one back for every card."""
    code, out, err, project = exported(tmp_path, monkeypatch, capsys, COUNTED, "tgc")
    folder = project / "out" / SLUG / "deck"
    (folder / "back.png").unlink()
    (folder / "face-04.png").write_bytes((folder / "face-03.png").read_bytes())
    code, out, err = run(["preflight", project / "out"], capsys)
    assert (code, out) == (1, "")
    assert besides_drift(err) == ["out/mine/deck/back.png: missing: No such file or directory",
                                  "out/mine/deck/face-04.png: not part of this export; remove it"]


def test_a_round_token_is_not_the_square_chit_of_its_size(tmp_path, monkeypatch, capsys):
    """TGC with its round chits taken away: a 1 in round token is refused though 1 in squares are sold."""
    from dataclasses import replace

    from printkit.targets.profiles import profiles

    tgc = profiles()["tgc"]
    monkeypatch.setitem(profiles(), "tgc", replace(tgc, cards=tuple(c for c in tgc.cards if "circle" not in c.name)))
    game = TGC_SIZES.split("  squares:")[0]
    code, out, err, project = exported(tmp_path, monkeypatch, capsys, game, "tgc")
    line = line_of(project / "content" / SLUG / "game.yaml", "chits:")
    assert code == 0
    assert err.splitlines() == [
        f"{SLUG}/game.yaml:{line}: warning: chits: The Game Crafter does not sell 25.4 mm round tokens; it sells "
        "(nearest first) large square chit 25.4 x 25.4 mm, medium square chit 19.05 x 19.05 mm, small square chit "
        "12.7 x 12.7 mm, micro card 31.75 x 44.45 mm, mini card 44.45 x 63.5 mm, poker card 63.5 x 88.9 mm; pdfx, "
        "cricut, tts take them; left out",
        drifting(project, "- {n: 1}", "mini", "border", "cards 1-2", "tgc")]
    assert f"{SLUG}/chits" not in [p["product"] for p in record(project / "out")["products"]]
