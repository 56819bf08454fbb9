"""The layout lint of `validate` and `build` (issue 22, item 8; issue 38, item 5): the corner index
on a designer's own layer, words on words, words below 6 pt and words inside the safe zone are
warnings at the layer's line (unless the layout says an overlap is meant), and errors with
`--strict` (tests/test_lint_warnings.py has the rest); words too faint on their ground and
colours a colour-blind reader cannot tell apart, when colour is all that tells two values of a
field apart, are warnings naming the colours. The bundled kits and the starter pass it clean."""

from __future__ import annotations

import pytest

from declared import SLUG, game_project, line_of, starter_project
from test_declared import STARTER_SLUG, build, run

GAME = """\
title: Lint
colours: {fire: "#cc3311", leaf: "#228833"}
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {number: 1, element: fire, name: Ember}
      - {number: 2, element: leaf, name: Fern}
    face:
      background: {field: element, map: {fire: fire, leaf: leaf}}
      layers:
        number: {kind: number, field: number, x: 14, y: 36, width: 35.5, height: 22, colour: white}
        name: {kind: text, field: name, x: 14, y: 63, width: 35.5, height: 10, colour: white}
        element: {kind: text, field: element, x: 14, y: 76, width: 35.5, height: 6, colour: white}
  rules: {kind: rules}
"""
WORDLESS = "        element: {kind: text, field: element, x: 14, y: 76, width: 35.5, height: 6, colour: white}\n"


def validate(project, capsys, monkeypatch):
    return run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")


def edited(tmp_path, old: str, new: str):
    game = GAME.replace(old, new, 1)
    assert game != GAME
    return game_project(tmp_path, game), new


def at(project, text: str) -> str:
    return f"{SLUG}/game.yaml:{line_of(project / 'content' / SLUG / 'game.yaml', text)}"


ERRORS = [
    ("the corner index across a badge", "      layers:\n", "      layers:\n        badge: {kind: rect, x: 9, y: 3, "
     "width: 12, height: 6, fill: gold}\n", "badge:",
     "products.deck.face.layers.badge: the corner index lies on it; move one, or let them overlap with "
     "`overlaps: [...]` (card 1 ('Ember') and 1 more)"),
    ("words on words", "      layers:\n", "      layers:\n        note: {kind: text, text: A note on the name, x: 14, "
     "y: 64, width: 35.5, height: 8, colour: white}\n", "name: {kind: text",
     "products.deck.face.layers.name: its words lie on the words of layer 'note'; move one, or let them overlap "
     "with `overlaps: [...]` (card 1 ('Ember') and 1 more)"),
    ("words below 6 pt", "height: 10, colour: white}", "height: 2.5, size: 5, smallest: 5, colour: white}",
     "name: {kind: text",
     "products.deck.face.layers.name: its words are set at 5 pt, below the 6 pt a player reads in print; give it "
     "more room (card 1 ('Ember') and 1 more)"),
    ("words in the safe zone", "name: {kind: text, field: name, x: 14,", "name: {kind: text, field: name, align: left, "
     "x: 2,", "name: {kind: text",
     "products.deck.face.layers.name: its words come 2.0 mm from the trim, inside the 3.175 mm safe zone a cut may "
     "take (card 1 ('Ember') and 1 more)"),
]


@pytest.mark.parametrize("case, old, new, line, message", ERRORS, ids=[e[0] for e in ERRORS])
def test_a_layout_fault_is_a_warning_at_the_layers_line(tmp_path, capsys, monkeypatch, case, old, new, line, message):
    project, _ = edited(tmp_path, old, new)
    code, out, err = validate(project, capsys, monkeypatch)
    assert code == 0 and out.startswith("content is valid")
    assert err == f"{at(project, line)}: warning: {message}\n"
    code, _, err2 = build(project, capsys, monkeypatch)
    assert (code, err2) == (0, err) and (project / "out" / SLUG / "deck.pdf").exists()


@pytest.mark.parametrize("case, old, new, line, message", ERRORS, ids=[e[0] for e in ERRORS])
def test_a_layout_fault_is_an_error_with_strict(tmp_path, capsys, monkeypatch, case, old, new, line, message):
    project, _ = edited(tmp_path, old, new)
    code, out, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content", "--strict")
    assert (code, out) == (1, "")
    assert err == f"{at(project, line)}: {message}\n"
    code, _, err2 = build(project, capsys, monkeypatch, SLUG, "--strict")
    assert (code, err2) == (1, err) and not (project / "out").exists()


@pytest.mark.parametrize("meant", ["overlaps: [corners]", "overlaps: true"])
def test_an_overlap_the_layout_says_is_meant_is_no_error(tmp_path, capsys, monkeypatch, meant):
    project, _ = edited(tmp_path, "      layers:\n", "      layers:\n        badge: {kind: rect, x: 9, y: 3, width: 12, "
                                                        f"height: 6, fill: gold, {meant}}}\n")
    code, _, err = validate(project, capsys, monkeypatch)
    assert (code, err) == (0, "")


def test_a_ground_that_holds_the_whole_corner_index_is_no_error(tmp_path, capsys, monkeypatch):
    """A badge behind the index, or art over the whole card, is the index's ground, not a collision."""
    project, _ = edited(tmp_path, "      layers:\n", "      layers:\n        badge: {kind: ellipse, x: 0, y: -1, width: 20, "
                                                    "height: 18, fill: navy}\n")
    assert validate(project, capsys, monkeypatch)[:2] == (0, "content is valid: 1 game checked, 3 products planned "
                                                             "on A4 and Letter\n")


def test_words_meant_to_lie_on_words_are_no_error(tmp_path, capsys, monkeypatch):
    project, _ = edited(tmp_path, "      layers:\n", "      layers:\n        note: {kind: text, text: A note on the name, "
                                                    "x: 14, y: 64, width: 35.5, height: 8, colour: white, "
                                                    "overlaps: [name]}\n")
    assert validate(project, capsys, monkeypatch)[0] == 0


def test_red_and_green_as_the_only_difference_is_a_warning_naming_what_a_reader_sees(tmp_path, capsys, monkeypatch):
    project, _ = edited(tmp_path, WORDLESS, "")
    code, out, err = validate(project, capsys, monkeypatch)
    assert code == 0
    # #cc3311 and #228833 through Machado et al.'s deuteranopia matrix (plan/legibility.py's tests check it)
    assert err == (f"{at(project, 'background:')}: warning: products.deck.face.background: 'fire' (fire) and 'leaf' "
                   f"(leaf) look alike to a reader with deuteranopia, who sees olive (#897900) and olive (#7e733a), and "
                   f"colour is all that tells them apart: add a symbol or a word that shows `element`\n")


def test_a_word_that_shows_the_field_answers_the_colour_warning(tmp_path, capsys, monkeypatch):
    project = game_project(tmp_path, GAME)  # it has the element in words
    code, _, err = validate(project, capsys, monkeypatch)
    assert (code, err) == (0, "")


def test_words_too_faint_on_their_ground_are_a_warning_and_still_print(tmp_path, capsys, monkeypatch):
    project, _ = edited(tmp_path, "height: 10, colour: white}", "height: 10, colour: lightyellow, fill: white}")
    code, _, err = build(project, capsys, monkeypatch)
    assert code == 0
    assert f"{at(project, 'name: {kind: text')}: warning: products.deck.face.layers.name.colour: 'lightyellow' on " \
           f"'white' (its own fill) has a contrast of 1.0:1, below WCAG's 3:1: hard to read; darken or lighten " \
           f"one\n" in err
    assert (project / "out" / SLUG / "deck.pdf").exists()


def test_the_bundled_kits_and_the_starter_pass_the_lint(tmp_path, capsys, monkeypatch, cli):
    code, out, err = cli("validate")
    assert (code, err) == (0, "")
    starter = starter_project(tmp_path / "starter")
    code, _, err = run(starter, capsys, monkeypatch, "validate", STARTER_SLUG, "--content", "content")
    assert (code, err) == (0, "")
