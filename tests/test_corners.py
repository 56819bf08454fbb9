"""Rounded corners (--corners MM): the card sheets' cut guides drawn rounded, the cut file rounded
the same, no text of a card in a corner's cut-off region (reported at the words' own line), the
radius refused when a card is too small for it, and the option saved in printkit.yaml. Poker
cards' radius is 1/8 in, 3.175 mm (PRINT.md)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from conftest import CONTENT, build_into
from declared import SLUG, deck_yaml, game_project, line_of
from readback import CARD_H, CARD_W, PAPERS, TOL, Box, pages
from test_declared import run

POKER_RADIUS = 25.4 / 8
DECK = "ascending-row-overflow"
SVG = "{http://www.w3.org/2000/svg}"


def grid(paper: str) -> list[Box]:
    w, h = PAPERS[paper]
    left, bottom = (w - 3 * CARD_W) / 2, (h - 3 * CARD_H) / 2
    return [Box(left + c * CARD_W, bottom + r * CARD_H, left + (c + 1) * CARD_W, bottom + (r + 1) * CARD_H)
            for r in range(3) for c in range(3)]


def grey_guides(shapes) -> list:
    return [s for s in shapes if s.stroke and s.stroke_grey is not None and abs(s.stroke_grey - 0.6) < 0.01
            and abs(s.width - 0.2) < 0.01]


@pytest.fixture(scope="module")
def rounded(tmp_path_factory):
    found = {}
    for paper in PAPERS:
        out = tmp_path_factory.mktemp(f"corners-{paper}")
        assert build_into(out, DECK, "numbered-cards", "--paper", paper, "--corners", str(POKER_RADIUS),
                          "--cutter", "silhouette") == 0  # the games of the cards read here
        found[paper] = out
    square = tmp_path_factory.mktemp("square")
    assert build_into(square, DECK, "--only", "deck", "--cutter", "silhouette") == 0
    return found, square


@pytest.mark.parametrize("paper", PAPERS)
def test_the_cut_guides_are_rounded_curves_round_each_card(rounded, paper):
    """Every card's guide is a closed curve (a rounded rectangle is drawn with Bezier corners, so
    pdfplumber reads a curve, not a rect) on the card's trim; no square guide is left."""
    folder = rounded[0][paper]
    for product in ("ascending-row-overflow/deck.pdf", "numbered-cards/ability-cards.pdf"):
        front = pages(folder / product)[0]
        curves, rects = grey_guides(front.curves), grey_guides(front.rects + front.lines)
        assert not rects
        trims = [c.box for c in curves]
        assert len(trims) >= 4
        for trim in trims:
            assert abs(trim.width - CARD_W) <= TOL and abs(trim.height - CARD_H) <= TOL


def test_a_rounded_guide_leaves_the_trims_corner_by_the_radius(rounded):
    """The curve's points: at the corner of the trim the outline runs through the arc, r(1 - 1/sqrt 2)
    in from the square corner on the diagonal, never through the square corner itself."""
    import pdfplumber
    folder = rounded[0]["a4"]
    with pdfplumber.open(folder / DECK / "deck.pdf") as pdf:
        page = pdf.pages[0]
        curve = next(c for c in page.curves if c.get("stroking_color") and abs(c["linewidth"] * 25.4 / 72 - 0.2) < 0.01)
        points = [(x * 25.4 / 72, (page.height - y) * 25.4 / 72) for x, y in curve["pts"]]
    x0, y0 = min(p[0] for p in points), min(p[1] for p in points)
    assert not any(abs(x - x0) < TOL and abs(y - y0) < TOL for x, y in points)  # no square corner
    ends = [p for p in points if abs(p[1] - y0) < TOL]  # where the bottom edge's straight run ends
    assert min(x for x, _ in ends) == pytest.approx(x0 + POKER_RADIUS, abs=TOL)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_cut_file_is_rounded_by_the_radius_on_the_guides(rounded, paper):
    folder = rounded[0][paper]
    w, h = PAPERS[paper]
    front = pages(folder / DECK / "deck.pdf")[0]
    drawn = [c.box for c in grey_guides(front.curves)]
    rects = list(ET.parse(folder / DECK / "deck-cut-1.svg").getroot().iter(f"{SVG}rect"))
    assert len(rects) == len(drawn)
    for rect in rects:
        assert float(rect.get("rx")) == pytest.approx(POKER_RADIUS, abs=1e-3) == float(rect.get("ry"))
        x, y, width, height = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        assert any(Box(x, h - y - height, x + width, h - y).same(d) for d in drawn)


def test_square_corners_are_the_default(rounded):
    front = pages(rounded[1] / DECK / "deck.pdf")[0]
    assert not grey_guides(front.curves) and grey_guides(front.rects)
    assert all(r.get("rx") is None for r in ET.parse(rounded[1] / DECK / "deck-cut-1.svg").getroot().iter(f"{SVG}rect"))


def test_without_a_cutter_the_sheet_is_the_three_by_three_grid_with_rounded_guides(tmp_path):
    assert build_into(tmp_path, DECK, "--only", "deck", "--corners", "3.175") == 0
    drawn = [c.box for c in grey_guides(pages(tmp_path / DECK / "deck.pdf")[0].curves)]
    assert all(any(d.same(e) for d in drawn) for e in grid("a4")) and len(drawn) == 9


def test_every_bundled_game_validates_with_poker_corners(tmp_path, capsys, monkeypatch):
    import shutil
    from conftest import ROOT
    shutil.copytree(CONTENT, tmp_path / "content")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    (tmp_path / "printkit.yaml").write_text("corners: 3.175\ncutter: silhouette\n")
    code, out, err = run(tmp_path, capsys, monkeypatch, "validate")
    assert (code, err) == (0, "")


# --- a text in a corner --------------------------------------------------------------------------

CORNERED = ("        number: {kind: number, field: number, x: 10, y: 20, width: 30, height: 20, corners: false}\n"
            "        name: {kind: text, field: name, x: 0.3, y: 0.3, width: 12, height: 4, align: left, valign: top}")


@pytest.mark.parametrize("command", ["build", "validate"])
def test_a_text_in_a_rounded_corner_is_one_line_at_its_layer(tmp_path, capsys, monkeypatch, command):
    """A corner of at most 6 mm (--corners' most) cuts off only what lies within 2.1 mm of both
    edges, inside the 1/8 in safe zone the layout lint warns of: the lint says so first, once, at
    the layer, and then the corner check, an error, at each card it cuts (it is tested on planned
    texts below too)."""
    project = game_project(tmp_path, deck_yaml(face=CORNERED))
    (project / "printkit.yaml").write_text("corners: 3.175\n")
    extra = ("--out", "out") if command == "build" else ()
    code, out, err = run(project, capsys, monkeypatch, command, SLUG, "--content", "content", *extra)
    game = project / "content" / SLUG / "game.yaml"
    expected = [f"{SLUG}/game.yaml:{line_of(game, 'name: {kind: text')}: warning: products.deck.face.layers.name: its "
                f"words come 0.3 mm from the trim, inside the 3.175 mm safe zone a cut may take (card 1 ('Card 1') and 2 "
                f"more)"]
    expected += [f"{SLUG}/game.yaml:{line_of(game, f'Card {n}')}: card {n} name: 'Card {n}' on the face of deck {n} "
                 f"reaches into the 3.175 mm rounded corner (--corners); keep it clear of the corners" for n in (1, 2, 3)]
    assert (code, out, err.splitlines()) == (1, "", expected)
    assert not (project / "out").exists()


def test_the_same_text_clear_of_the_safe_zone_builds_with_square_corners(tmp_path, capsys, monkeypatch):
    project = game_project(tmp_path, deck_yaml(face=CORNERED.replace("x: 0.3, y: 0.3", "x: 3.2, y: 3.2")))
    code, _, err = run(project, capsys, monkeypatch, "build", SLUG, "--content", "content", "--out", "out")
    assert (code, err) == (0, "")


def test_a_text_just_clear_of_the_corner_builds(tmp_path, capsys, monkeypatch):
    """At 3.175 mm from both edges a text's corner is on the arc's square's inner corner: clear."""
    face = CORNERED.replace("x: 0.3, y: 0.3", "x: 3.2, y: 3.2")
    project = game_project(tmp_path, deck_yaml(face=face))
    code, _, err = run(project, capsys, monkeypatch, "build", SLUG, "--content", "content", "--out", "out",
                       "--corners", "3.175")
    assert (code, err) == (0, "")


def test_a_radius_over_half_the_cards_shorter_side_is_refused_at_the_product(tmp_path, capsys, monkeypatch):
    face = "        name: {kind: text, field: name, x: 3, y: 3, width: 4, height: 4}"
    project = game_project(tmp_path, deck_yaml(size="[10, 10]", face=face))
    code, out, err = run(project, capsys, monkeypatch, "build", SLUG, "--content", "content", "--out", "out",
                         "--corners", "6")
    line = line_of(project / "content" / SLUG / "game.yaml", "deck:")
    assert (code, out) == (1, "")
    assert err == (f"{SLUG}/game.yaml:{line}: --corners 6: a corner radius is at most half the cards' shorter side, "
                   f"5 mm for 10 x 10 mm cards\n")


# --- settings and bad values ---------------------------------------------------------------------

def test_settings_save_corners_and_cutter_and_builds_use_them(tmp_path, capsys, monkeypatch):
    project = game_project(tmp_path, deck_yaml())
    code, out, _ = run(project, capsys, monkeypatch, "settings", "--corners", "3.175", "--cutter", "Silhouette")
    assert code == 0 and {"  corners: 3.175", "  cutter: silhouette"} <= set(out.splitlines())
    lines = (project / "printkit.yaml").read_text().splitlines()
    assert "corners: 3.175" in lines and "cutter: silhouette" in lines
    assert run(project, capsys, monkeypatch, "build", SLUG, "--out", "out")[0] == 0
    svg = ET.parse(project / "out" / SLUG / "deck-cut.svg").getroot()
    assert {r.get("rx") for r in svg.iter(f"{SVG}rect")} == {"3.175"}
    code, out, _ = run(project, capsys, monkeypatch, "settings", "--corners", "0", "--cutter", "none")
    assert {"  corners: 0", "  cutter: none"} <= set(out.splitlines())
    assert run(project, capsys, monkeypatch, "build", SLUG, "--out", "out")[0] == 0
    assert not (project / "out" / SLUG / "deck-cut.svg").exists()  # no longer made: removed


@pytest.mark.parametrize("argv, message", [
    (["--corners", "7"], "argument --corners: a corner radius must be 0 to 6 mm, not 7"),
    (["--corners", "-1"], "argument --corners: a corner radius must be 0 to 6 mm, not -1"),
    (["--corners", "round"], "argument --corners: not a number of millimetres: 'round'"),
    (["--cutter", "brother"], "argument --cutter: invalid choice: 'brother' (choose from 'none', 'silhouette', "
                              "'cricut')"),
])
def test_a_bad_value_on_the_command_line_is_a_usage_error(tmp_path, capsys, monkeypatch, argv, message):
    project = game_project(tmp_path, deck_yaml())
    code, out, err = run(project, capsys, monkeypatch, "build", SLUG, "--out", "out", *argv)
    assert code == 2 and err.splitlines()[-1] == f"printkit: error: {message}"
    assert not (project / "out").exists()


@pytest.mark.parametrize("text, message", [
    ("corners: 9\n", "corners: 9 is out of range (0 to 6)"),
    ("cutter: brother\n", "cutter: 'brother' is not allowed (expected one of: none, silhouette, cricut)"),
])
def test_a_bad_value_in_printkit_yaml_is_an_error_at_its_line(tmp_path, capsys, monkeypatch, text, message):
    project = game_project(tmp_path, deck_yaml())
    (project / "printkit.yaml").write_text("paper: a4\n" + text)
    code, out, err = run(project, capsys, monkeypatch, "build", SLUG, "--out", "out")
    assert (code, out) == (1, "")
    assert err.startswith("printkit.yaml:2: ") and message in err, err
    assert not (project / "out").exists()


# --- the corner's region, as numbers -------------------------------------------------------------

def _text_at(x: float, top: float, width: float = 5.0, height: float = 3.0):
    from printkit.plan.text import Text, TextLine
    return Text(x, top, (TextLine(0.0, -height, 9.0, (("Sans", "A"),), width),), 9.0, height)


@pytest.mark.parametrize("x, top, enters", [
    (0.5, 88.4, True),  # deep in the top-left corner
    (3.175, 88.9 - 3.175, False),  # its corner on the arc's centre: clear by the radius
    (0.93, 87.97, True),  # its corner on the arc itself (3.175 (1 - 1/sqrt 2) in from both edges), within 0.5 mm
    (1.9, 87.0, False),  # 1.9 mm in from both edges: 1.8 mm from the arc's centre, 1.4 mm inside the arc
    (10.0, 88.4, False),  # at the top edge but past the corner: the safe zone's business, not the corner's
])
def test_a_text_enters_a_corner_when_its_nearest_point_is_past_the_arc_less_the_clearance(x, top, enters):
    from printkit.plan.corners import texts_in_corners
    found = texts_in_corners((_text_at(x, top),), (CARD_W, CARD_H), POKER_RADIUS)
    assert bool(found) is enters


def test_a_text_turned_with_its_end_is_found_in_the_opposite_corner():
    """An end's marks turned a half turn about the card's bottom-right corner (as the corner index
    at the foot is): a text at its frame's top-left lands in the card's bottom-right corner."""
    from printkit.plan.corners import texts_in_corners
    from printkit.plan.marks import Group
    text = _text_at(0.4, -0.4)  # in the end's frame: origin at its top-left corner, y down
    turned = Group((text,), CARD_W, 0.0, 180)
    ((found, extent),) = texts_in_corners((turned,), (CARD_W, CARD_H), POKER_RADIUS)
    assert found is text
    assert (extent.right, extent.y) == pytest.approx((CARD_W - 0.4, 0.4), abs=1e-9)
    assert texts_in_corners((Group((_text_at(10.0, -10.0),), CARD_W, 0.0, 180),), (CARD_W, CARD_H), POKER_RADIUS) == []
