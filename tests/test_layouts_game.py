"""Layouts for the whole game (issue 38, point 3), built through the command line and read back:
a frame declared once at the top of game.yaml and extended by three decks of different sizes
(poker, mini, poker landscape), boxes written from any edge and in percentages of the card, a
layout checked on the card it is used on (not where it is declared), the corner index of a
landscape card where a player who turns it to hold it sees it; and each mistake one line at its
place. Every expected position is worked out by hand from the game.yaml below and the sizes in
PRINT.md (poker 63.5 x 88.9 mm, mini 44.45 x 63.5 mm, 1.75 x 2.5 in)."""

from __future__ import annotations

import pytest

from declared import SLUG, game_project, line_of
from readback import TOL, Box, pages
from test_declared import build, cards_on, run

SIZES = {"ships": (63.5, 88.9), "minis": (44.45, 63.5), "ports": (88.9, 63.5)}
RED, GREEN, BLUE = (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)

FRAMES = """\
title: Frames
layouts:
  frame:
    frame: false
    layers:
      edge: {kind: rect, x: 3, right: 3, y: 3, bottom: 3, stroke: black, stroke_width: 0.5}
      tag: {kind: rect, right: 3, width: 10, bottom: 6, height: 5, fill: "#ff0000"}
      half: {kind: rect, x: 50%, width: 25%, y: 50%, height: 20%, fill: "#00ff00"}
      wide: {kind: rect, x: 2, width: 58, y: 20, height: 4, fill: "#0000ff"}
      cost: {kind: text, field: cost, x: 6, right: 30, y: 12, height: 6}
      name: {kind: text, field: name, x: 6, right: 6, y: 28, height: 8}
  ship:
    extends: frame
products:
  ships:
    kind: deck
    size: poker
    cards:
      - {name: Sloop, cost: 2}
      - {name: Brig, cost: 4}
    face: ship
  minis:
    kind: deck
    size: mini
    cards:
      - {name: Gull}
      - {name: Tern}
    layouts:
      mini:
        extends: frame
        layers:
          wide: {width: 38.5}
          cost: ~
    face: mini
  ports:
    kind: deck
    size: poker landscape
    cards:
      - {name: Harbour, cost: 1, number: 7}
    face:
      extends: frame
      layers:
        number: {kind: number, field: number, x: 40%, width: 20%, y: 60%, height: 25%}
  rules: {kind: rules}
"""


def fills(page, card: Box, rgb) -> list[Box]:
    """The filled shapes of colour `rgb` on a card."""
    return [shape.box for shape in page.shapes if shape.fill_rgb is not None and shape.box.within(card.grow(0.1))
            and all(abs(a - b) < 0.01 for a, b in zip(shape.fill_rgb, rgb))]


def close(found: Box, x0: float, y0: float, x1: float, y1: float) -> bool:
    return found.same(Box(x0, y0, x1, y1), TOL)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The three decks, built once for this module's tests."""
    from conftest import main

    project = game_project(tmp_path_factory.mktemp("frames"), FRAMES)
    patch = pytest.MonkeyPatch()
    patch.chdir(project)
    try:
        code = main(["build", SLUG, "--content", "content", "--out", "out"])
    except SystemExit as exit:
        code = exit.code
    finally:
        patch.undo()
    assert code == 0
    return {name: pages(project / "out" / SLUG / f"{name}.pdf") for name in SIZES}


@pytest.mark.parametrize("deck", list(SIZES))
def test_each_deck_prints_cards_of_its_own_size(built, deck):
    width, height = SIZES[deck]
    cards = cards_on(built[deck][0])
    assert cards and all(abs(c.width - width) < TOL and abs(c.height - height) < TOL for c in cards)


@pytest.mark.parametrize("deck", list(SIZES))
def test_a_box_written_from_the_right_and_bottom_edges_lands_that_far_from_them(built, deck):
    page = built[deck][0]
    for card in cards_on(page):
        tags = fills(page, card, RED)
        assert len(tags) == 1
        # right: 3, width: 10, bottom: 6, height: 5
        assert close(tags[0], card.x1 - 13, card.y0 + 6, card.x1 - 3, card.y0 + 11), (deck, tags[0])


@pytest.mark.parametrize("deck", list(SIZES))
def test_a_frame_3_mm_inside_every_edge_fits_every_size(built, deck):
    page = built[deck][0]
    for card in cards_on(page):
        edges = [s.box for s in page.shapes if s.stroke and abs(s.width - 0.5) < 0.01 and s.box.within(card)]
        assert len(edges) == 1
        assert close(edges[0], card.x0 + 3, card.y0 + 3, card.x1 - 3, card.y1 - 3), (deck, edges[0])


@pytest.mark.parametrize("deck", list(SIZES))
def test_a_box_in_percentages_is_that_share_of_each_card(built, deck):
    width, height = SIZES[deck]
    page = built[deck][0]
    for card in cards_on(page):
        halves = fills(page, card, GREEN)
        assert len(halves) == 1
        # x: 50%, width: 25%, y: 50% (from the top), height: 20%
        top = card.y1 - 0.5 * height
        assert close(halves[0], card.x0 + 0.5 * width, top - 0.2 * height, card.x0 + 0.75 * width, top), (deck,
                                                                                                         halves[0])


def test_a_layer_of_the_shared_frame_too_wide_for_the_mini_is_changed_where_the_mini_extends_it(built):
    for deck, width in (("ships", 58), ("minis", 38.5), ("ports", 58)):
        page = built[deck][0]
        for card in cards_on(page):
            wide = fills(page, card, BLUE)
            assert len(wide) == 1 and abs(wide[0].width - width) < TOL and abs(wide[0].x0 - card.x0 - 2) < TOL


def test_a_field_one_deck_lacks_is_no_problem_where_the_deck_takes_its_layer_away(built):
    def words(deck):
        page = built[deck][0]
        return "".join(ch.text for ch in page.chars if any(card.holds(*ch.box.centre) for card in cards_on(page)))
    ships, minis = words("ships"), words("minis")
    assert "2" in ships and "4" in ships
    assert "Gull" in minis and not any(ch.isdigit() for ch in minis)


def test_a_landscape_card_by_name_is_a_poker_card_on_its_side(built):
    card = cards_on(built["ports"][0])[0]
    assert abs(card.width - 88.9) < TOL and abs(card.height - 63.5) < TOL


def test_a_landscape_cards_corner_index_reads_upright_when_it_is_held_turned_in_a_fan(built):
    """Held turned a quarter turn anticlockwise (its top edge to the left), the card's top-right
    corner is the one at the top-left of the hand: the index stands there, its baseline running
    down the card (upright when turned); its copy at the bottom-left reads up the card."""
    page = built["ports"][0]
    card = cards_on(page)[0]
    sevens = [ch for ch in page.chars if ch.text == "7" and card.holds(*ch.box.centre)]
    corners = [ch for ch in sevens if ch.size < 20]  # the big 7 in the middle is larger
    assert len(corners) == 2
    top_right = [ch for ch in corners if ch.box.centre[0] > card.x1 - 15 and ch.box.centre[1] > card.y1 - 15]
    bottom_left = [ch for ch in corners if ch.box.centre[0] < card.x0 + 15 and ch.box.centre[1] < card.y0 + 15]
    assert len(top_right) == 1 and len(bottom_left) == 1
    assert abs(top_right[0].direction[0]) < 1e-3 and abs(top_right[0].direction[1] + 1) < 1e-3  # downwards
    assert abs(bottom_left[0].direction[0]) < 1e-3 and abs(bottom_left[0].direction[1] - 1) < 1e-3  # upwards


# --- mistakes --------------------------------------------------------------------------------------------

def mistake(name, old, new, at, message, after=None):
    return pytest.param(old, new, at, message, after, id=name)


MISTAKES = [
    mistake("a face naming no layout", "    face: ship", "    face: shp", "face: shp",
            "products.ships.face: no layout 'shp' (did you mean 'ship'?)"),
    mistake("a deck's layout extending no layout", "        extends: frame", "        extends: fame", "extends: fame",
            "products.minis.layouts.mini.extends: no layout 'fame' (did you mean 'frame'?)"),
    mistake("a game's layout extending no layout", "    extends: frame\nproducts", "    extends: frme\nproducts",
            "extends: frme", "layouts.ship.extends: no layout 'frme' (did you mean 'frame'?)"),
    mistake("a face written in place extending no layout", "      extends: frame\n      layers:\n        number",
            "      extends: frames\n      layers:\n        number", "extends: frames",
            "products.ports.face.extends: no layout 'frames' (did you mean 'frame'?)"),
    mistake("a box with x, right and width", "tag: {kind: rect, right: 3", "tag: {kind: rect, x: 1, right: 3", "tag: {",
            "layouts.frame.layers.tag: `x`, `width` and `right` are all given: give two of the three (the third "
            "follows from the card's size)"),
    mistake("a box with y, height and bottom", "bottom: 6, height: 5", "bottom: 6, height: 5, y: 2", "tag: {",
            "layouts.frame.layers.tag: `y`, `height` and `bottom` are all given: give two of the three (the third "
            "follows from the card's size)"),
    mistake("a dimension with only one measure", "edge: {kind: rect, x: 3, right: 3, y: 3, bottom: 3",
            "edge: {kind: rect, x: 3, right: 3, y: 3", "edge: {",
            "layouts.frame.layers.edge: a box needs two of y, height and bottom: only `y` is given"),
    mistake("a percentage over 100", "x: 50%, width: 25%", "x: 150%, width: 25%", "half: {",
            "layouts.frame.layers.half.x: 150% is out of range (0% to 100% of the card)"),
    mistake("a width of 0%", "x: 50%, width: 25%", "x: 50%, width: 0%", "half: {",
            "layouts.frame.layers.half.width: 0% is out of range (more than 0% to 100% of the card)"),
    mistake("a layer of the game's off the one card it is used on", "right: 3, width: 10, bottom: 6",
            "right: 3, width: 50, bottom: 6", "tag: {",
            "products.minis.layouts.mini.layers.tag: the layer runs off the card and the 6 mm a bleed may take: it "
            "starts 8.55 mm past the card's left edge (width 50 mm and right 3 mm on a 44.45 mm wide card)"),
    mistake("words of the game's off the landscape card", "cost: {kind: text, field: cost, x: 6, right: 30, y: 12, "
            "height: 6}", "cost: {kind: text, field: cost, x: 6, right: 30, y: 12, height: 60}", "cost: {",
            "products.ports.face.layers.cost: the layer runs off the card: y + height = 72 mm, the card is 63.5 mm "
            "tall"),
    mistake("words of the game's off the landscape card, from its bottom edge", "y: 12, height: 6}", "bottom: 2, "
            "height: 64}", "cost: {", "products.ports.face.layers.cost: the layer runs off the card: it starts 2.5 mm "
            "past the card's top edge (height 64 mm and bottom 2 mm on a 63.5 mm tall card)"),
    mistake("a layer left with no room on the one card it is used on", "x: 6, right: 30, y: 12",
            "x: 40, right: 30, y: 12", "cost: {",
            "products.ships.layouts.ship.layers.cost: the box has no width: x 40 mm and right 30 mm on a 63.5 mm wide "
            "card leave -6.5 mm"),
    mistake("a landscape size misspelt", "size: poker landscape", "size: poker landscpe", "size: poker landscpe",
            "products.ports.size: 'poker landscpe' is not allowed (did you mean 'poker landscape'?)"),
]


@pytest.mark.parametrize("old, new, at, message, after", MISTAKES)
def test_a_mistake_is_one_line_at_its_place(tmp_path, capsys, monkeypatch, old, new, at, message, after):
    game = FRAMES.replace(old, new, 1)
    assert game != FRAMES
    project = game_project(tmp_path, game)
    path = project / "content" / SLUG / "game.yaml"
    expected = f"{SLUG}/game.yaml:{line_of(path, at, after)}: {message}\n"
    code, out, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    assert (code, err) == (1, expected)
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (1, expected)
    assert not (project / "out").exists()


# --- the README's cookbook entry -------------------------------------------------------------------------

def test_the_readmes_game_layouts_build_on_three_sizes(tmp_path, capsys, monkeypatch):
    """The cookbook's game, its cards written in place (its spreadsheet is the designer's)."""
    import io

    from PIL import Image
    from docs import block

    game = block("example", "game layouts")
    cards = {"ship": "[{name: Sloop, art: art.png, text: Fast.}]", "gull": "[{name: Gull, art: art.png, text: Caw.}]",
             "port": "[{name: Harbour, art: art.png, text: Trade., value: 7}]"}
    for kind, listed in cards.items():
        game = game.replace(f'cards: {{file: cards.xlsx, sheet: Cards, where: "type == \'{kind}\'"}}', f"cards: {listed}")
    art = io.BytesIO()
    Image.new("RGB", (900, 600), (200, 180, 120)).save(art, "PNG")
    project = game_project(tmp_path, game, {"art.png": art.getvalue()})
    code, _, err = build(project, capsys, monkeypatch)
    assert code == 0, err
    for deck, (width, height) in {"ships": (63.5, 88.9), "gulls": (44.45, 63.5), "ports": (88.9, 63.5)}.items():
        page = pages(project / "out" / SLUG / f"{deck}.pdf")[0]
        card = cards_on(page)[0]
        assert abs(card.width - width) < TOL and abs(card.height - height) < TOL
        borders = [s.box for s in page.shapes if s.stroke and abs(s.width - 0.5) < 0.01 and s.box.within(card)]
        assert len(borders) == 1 and close(borders[0], card.x0 + 3, card.y0 + 3, card.x1 - 3, card.y1 - 3)


def test_a_face_whose_expression_gives_no_name_is_the_cards_problem(tmp_path, capsys, monkeypatch):
    game = FRAMES.replace("    face: ship", '    face: "= [1]"', 1)
    project = game_project(tmp_path, game)
    path = project / "content" / SLUG / "game.yaml"
    code, _, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    assert code == 1
    face = f"{SLUG}/game.yaml:{line_of(path, 'face: ')}"
    assert err == "".join(f"{SLUG}/game.yaml:{line_of(path, '{name: ' + name)}: card {n} ('{name}'): face: no layout "
                          f"'[1]' for this card's face (the deck's layouts: frame, ship) (see {face})\n"
                          for n, name in ((1, "Sloop"), (2, "Brig")))


CONTENT_DECK = """\
title: Gulls
values:
  gulls: [{name: Gull, look: frame}, {name: Tern, look: frame}]
layouts:
  frame:
    layers:
      tag: {kind: rect, right: 3, width: 10, bottom: 6, height: 5, fill: "#ff0000"}
  poster:
    layers:
      banner: {kind: rect, x: 0, width: 60, y: 0, height: 10, fill: "#0000ff"}
products:
  gulls:
    kind: deck
    size: mini
    cards: {each: values.gulls}
    face: {field: look}
  rules: {kind: rules}
"""


def test_a_deck_from_the_games_content_is_checked_with_the_layouts_its_cards_choose(tmp_path, capsys, monkeypatch):
    """Its cards are known only when it is planned: the game's `poster`, 60 mm wide, too wide for a
    mini card and chosen by none of them, is not checked on it."""
    project = game_project(tmp_path, CONTENT_DECK)
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")
    page = pages(project / "out" / SLUG / "gulls.pdf")[0]
    cards = cards_on(page)
    assert len(cards) == 2 and all(abs(c.width - 44.45) < TOL for c in cards)
    for card in cards:
        assert [close(tag, card.x1 - 13, card.y0 + 6, card.x1 - 3, card.y0 + 11) for tag in fills(page, card, RED)] \
            == [True]
        assert fills(page, card, BLUE) == []


def test_a_layout_a_content_decks_card_chooses_is_checked_on_it_when_it_is_planned(tmp_path, capsys, monkeypatch):
    game = CONTENT_DECK.replace("{name: Tern, look: frame}", "{name: Tern, look: poster}")
    project = game_project(tmp_path, game)
    path = project / "content" / SLUG / "game.yaml"
    expected = (f"{SLUG}/game.yaml:{line_of(path, 'banner:')}: products.gulls.layouts.poster.layers.banner: the layer "
                f"runs off the card and the 6 mm a bleed may take: x + width = 60 mm, the card is 44.45 mm wide\n")
    code, _, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    assert (code, err) == (1, expected)
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (1, expected)
    assert not (project / "out").exists()


def test_a_content_decks_card_may_choose_a_layout_of_the_games_with_an_image(tmp_path, capsys, monkeypatch):
    import io

    from PIL import Image

    art = io.BytesIO()
    Image.new("RGB", (600, 600), (0, 0, 255)).save(art, "PNG")
    game = CONTENT_DECK.replace("      banner: {kind: rect, x: 0, width: 60, y: 0, height: 10, fill: \"#0000ff\"}",
                                "      art: {kind: image, file: art.png, x: 5, right: 5, y: 5, height: 20}")
    game = game.replace("{name: Tern, look: frame}", "{name: Tern, look: poster}")
    project = game_project(tmp_path, game, {"art.png": art.getvalue()})
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert pages(project / "out" / SLUG / "gulls.pdf")[0].images == 1  # Tern's art


def test_an_extending_layout_may_write_a_box_from_the_other_edge(tmp_path, capsys, monkeypatch):
    """`x: ~` takes the frame's x away, so the tag is written from the right edge instead."""
    game = FRAMES.replace("tag: {kind: rect, right: 3, width: 10,", "tag: {kind: rect, x: 3, width: 10,")
    game = game.replace("          cost: ~\n", "          cost: ~\n          tag: {x: ~, right: 3}\n")
    project = game_project(tmp_path, game)
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")
    for deck, from_right in (("ships", False), ("minis", True)):
        page = pages(project / "out" / SLUG / f"{deck}.pdf")[0]
        for card in cards_on(page):
            tag = fills(page, card, RED)
            x0 = card.x1 - 13 if from_right else card.x0 + 3
            assert len(tag) == 1 and close(tag[0], x0, card.y0 + 6, x0 + 10, card.y0 + 11), (deck, tag)


def test_a_key_given_as_nothing_in_a_layout_that_extends_none_is_still_a_mistake(tmp_path, capsys, monkeypatch):
    game = FRAMES.replace("tag: {kind: rect, right: 3,", "tag: {kind: rect, x: ~, right: 3,")
    project = game_project(tmp_path, game)
    path = project / "content" / SLUG / "game.yaml"
    code, _, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    assert (code, err) == (1, f"{SLUG}/game.yaml:{line_of(path, 'tag: {')}: layouts.frame.layers.tag.x: expected a "
                              f"number, got nothing\n")


def test_words_on_a_ground_written_from_the_edges_are_judged_on_that_ground(tmp_path, capsys, monkeypatch):
    """White words on a navy band written `x: 0, right: 0`: the contrast check finds the band under
    them (on every size it is used on), not the white paper."""
    game = """\
title: Bands
layouts:
  band:
    layers:
      ground: {kind: rect, x: 0, right: 0, y: 0, height: 20, fill: navy}
      title: {kind: text, field: name, colour: white, x: 5, right: 5, y: 5, height: 10}
products:
  poker: {kind: deck, size: poker, cards: [{name: One}], face: band}
  mini: {kind: deck, size: mini landscape, cards: [{name: Two}], face: band}
  rules: {kind: rules}
"""
    project = game_project(tmp_path, game)
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")
    mini = cards_on(pages(project / "out" / SLUG / "mini.pdf")[0])[0]
    assert abs(mini.width - 63.5) < TOL and abs(mini.height - 44.45) < TOL
