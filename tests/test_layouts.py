"""The layout language of a declared deck (issue 22, items 1, 2 and 5), built through the command
line and read back: several named layouts chosen by a card's field, a layout extending another and
changing only what differs, a layer shown only when its condition holds, properties bound to the
data (a field, a map of its values, an expression, a text with fields in braces), a back for each
type, `copies: 0`; and each mistake one line at its place. Positions and colours expected here are
written by hand from the game.yaml of each test (mm from the card's top-left corner, #rrggbb)."""

from __future__ import annotations

import pytest

from declared import SLUG, game_project, line_of
from readback import BACK_BLEED, TOL, Box, pages, text_of
from test_declared import build, cards_on, run, text_in

CARD = (63.5, 88.9)
EMBER, SEA = (0xc1 / 255, 0x44 / 255, 0x0e / 255), (0x1f / 255, 0x4e / 255, 0x8c / 255)

EMBERS = """\
title: Embers
colours: {ember: "#c1440e", sea: "#1f4e8c"}
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {name: Ember Drake, type: monster, element: fire, power: 5, text: Breathes fire.}
      - {name: Moth, type: monster, element: fire, power: 2, text: Flutters.}
      - {name: Tide Caller, type: hero, element: water, power: 2, cost: 3, text: Calls the tide.}
      - {name: Spark, type: spell, element: fire, text: A small spark.}
      - {name: Hidden, type: spell, element: water, text: Never printed., copies: 0}
    layouts:
      base:
        background: {field: element, map: {fire: ember, water: sea}}
        frame: false
        layers:
          panel: {kind: text, x: 5, y: 50, width: 53.5, height: 30, field: text, fill: white}
          title: {kind: text, text: "{{ name }}!", x: 5, y: 5, width: 53.5, height: 10, size: 12, colour: white}
      monster:
        extends: base
        layers:
          power: {kind: text, text: "= 'Power ' ~ power", x: 5, y: 20, width: 53.5, height: 8, colour: white,
                  if: "power > 3"}
      hero:
        extends: base
        layers:
          title: {colour: black, fill: white}
          cost: {kind: text, text: "{{ cost }}", x: 48, y: 20, width: 10, height: 10, fill: black, colour: white,
                 if: cost}
      spell:
        extends: hero
        layers:
          band: {kind: rect, x: 0, y: 3, width: 63.5, height: 14, fill: "#00ff00", under: title}
    face: {field: type}
    back: {field: type, map: {spell: spell-back}, default: plain-back}
  rules: {kind: rules}
"""
LAYOUTS_FOR_BACKS = """\
      plain-back:
        background: "#333333"
        layers:
          words: {kind: text, text: Embers, x: 10, y: 40, width: 43.5, height: 10, colour: white}
      spell-back:
        background: "#00ff00"
        layers:
          words: {kind: text, text: A spell, x: 10, y: 40, width: 43.5, height: 10}
"""


def embers(tmp_path, game: str = EMBERS):
    text = game.replace("    face: {field: type}", LAYOUTS_FOR_BACKS.rstrip("\n") + "\n    face: {field: type}", 1)
    return game_project(tmp_path, text)


def fills(page, box: Box) -> list[tuple]:
    """The fill colours of the filled rectangles lying on `box` (a card's trim), bottom first."""
    found = []
    for shape in page.shapes:
        if shape.fill_rgb is not None and shape.box.within(box.grow(0.1)):
            found.append((shape.box, shape.fill_rgb))
    return found


def colour_at(page, box: Box, x: float, y: float):
    """The colour of the last filled shape under the point (mm from the card's top-left corner)."""
    px, py = box.x0 + x, box.y1 - y
    hit = [fill for shape_box, fill in fills(page, box) if shape_box.holds(px, py)]
    return hit[-1] if hit else None


def same(colour, rgb) -> bool:
    return colour is not None and all(abs(a - b) < 0.01 for a, b in zip(colour, rgb))


@pytest.fixture
def built(tmp_path, capsys, monkeypatch):
    project = embers(tmp_path)
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")
    return pages(project / "out" / SLUG / "deck.pdf")


def test_each_card_is_drawn_from_the_layout_its_type_names_and_copies_0_prints_none(built):
    front = built[0]
    boxes = cards_on(front)
    assert len(boxes) == 4  # Hidden has copies: 0
    assert [text_in(front, box).split("!")[0] for box in boxes] == ["Ember Drake", "Moth", "Tide Caller", "Spark"]
    assert "Never printed" not in text_of(front.chars)


def test_a_background_maps_a_fields_values_to_colours(built):
    front = built[0]
    boxes = cards_on(front)
    for box, rgb in zip(boxes, (EMBER, EMBER, SEA, EMBER)):
        assert same(colour_at(front, box, 2, 45), rgb)


def test_a_layer_is_shown_only_where_its_condition_holds(built):
    front = built[0]
    drake, moth, tide, _ = cards_on(front)
    assert "Power 5" in text_in(front, drake)
    assert "Power" not in text_in(front, moth)  # power 2: not > 3
    assert "3" in text_in(front, tide).split()  # the hero's cost: it has one
    assert same(colour_at(front, tide, 53, 25), (0, 0, 0))


def test_an_extending_layout_changes_only_what_it_writes(built):
    front = built[0]
    _, moth, tide, spark = cards_on(front)
    # hero: the title is base's, but black on white; its panel is base's, unchanged
    assert same(colour_at(front, tide, 30, 10), (1, 1, 1))
    assert same(colour_at(front, tide, 30, 60), (1, 1, 1))
    assert same([c for c in front.chars if c.text == "T" and tide.holds(*c.box.centre)][0].colour, (0, 0, 0))
    # spell extends hero: its band goes under the title (drawn before it), its title's ground white over it
    assert same(colour_at(front, spark, 1, 4), (0, 1, 0))
    assert same(colour_at(front, spark, 30, 10), (1, 1, 1))
    band = [b for b, fill in fills(front, spark) if same(fill, (0, 1, 0))][0]
    assert abs(band.y1 - (spark.y1 - 3)) < TOL and abs(band.height - 14) < TOL


def test_each_card_has_the_back_its_type_chooses(built):
    back = built[1]
    words = text_of(back.chars)
    assert words.count("Embers") == 3 and words.count("A spell") == 1
    # long-edge duplex: the backs of a row read right to left; Spark, fourth, is alone on the second row
    greens = [shape.box for shape in back.shapes if same(shape.fill_rgb, (0, 1, 0))]
    assert len(greens) == 1
    spark = [box for box in cards_on(built[0])][3]
    assert abs(greens[0].x1 - BACK_BLEED + spark.x0 - 210.0) < TOL  # mirrored across A4's width; its ground drawn past the trim
    greys = [shape for shape in back.shapes if same(shape.fill_rgb, (0.2, 0.2, 0.2))]
    assert len(greys) == 3


def test_a_text_with_fields_in_braces_reads_each_cards_fields(built):
    assert "Ember Drake!" in text_of(built[0].chars)


# --- mistakes ------------------------------------------------------------------------------------------

MISTAKES = [
    ("unknown layout extended", "extends: hero\n", "extends: heroes\n", "extends: heroes",
     "products.deck.layouts.spell.extends: no layout 'heroes' (did you mean 'hero'?)"),
    ("layouts in a circle", "      base:\n        background", "      base:\n        extends: spell\n        background",
     "extends: base\n        layers:\n          title:", "products.deck.layouts.hero.extends: layouts extend one another in a circle "
                      "(base -> spell -> hero -> base)"),
    ("under an unknown layer", "under: title", "under: titel", "under: titel",
     "products.deck.layouts.spell.layers.band.under: no layer 'titel' (did you mean 'title'?)"),
    ("a field no card has in an expression", "power > 3", "powr > 3", "powr > 3",
     "products.deck.layouts.monster.layers.power.if: no card has a field 'powr' (did you mean 'power'?)"),
    ("expression syntax", "'Power ' ~ power", "'Power ' ~ ~ power", "'Power ' ~ ~",
     "products.deck.layouts.monster.layers.power.text: expression: unexpected '~'"),
    ("a value the map does not know", "element: water, power: 2, cost: 3", "element: air, power: 2, cost: 3",
     "Tide Caller", None),
]


@pytest.mark.parametrize("case, old, new, at, message", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_layout_mistake_is_one_line_at_its_place(tmp_path, capsys, monkeypatch, case, old, new, at, message):
    game = EMBERS.replace(old, new, 1)
    assert game != EMBERS
    project = embers(tmp_path, game)
    code, out, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    path = project / "content" / SLUG / "game.yaml"
    assert code == 1
    if message is None:  # a card's own value: at its line, naming the layer's
        layer = line_of(path, "background: {field: element")
        assert err == (f"{SLUG}/game.yaml:{line_of(path, at)}: card 3 ('Tide Caller'): layouts.hero.background: "
                       f"'air' is not a value of `element` this map knows (its values: fire, water); add it to the "
                       f"map or give a `default` (see {SLUG}/game.yaml:{layer})\n")
    else:
        assert err == f"{SLUG}/game.yaml:{line_of(path, at)}: {message}\n"
    code, _, err2 = build(project, capsys, monkeypatch)
    assert (code, err2) == (1, err)
    assert not (project / "out").exists()
