"""A YAML syntax mistake is reported at the mistake (its line and column), in printkit's words, with
the keys around it: in a declared game's game.yaml, in printkit.yaml and in a kit's content file
alike. Each case is a small file with its mistake and the one line expected, written by hand
(PyYAML says `expected <block end>, but found '<block mapping start>'` at the top of the mapping)."""

from __future__ import annotations

import pytest

from conftest import build, pdfs
from printkit.ground.errors import PrintkitError
from printkit.load.nodes import load_yaml

QUOTE_HINT = "text that holds ': ' or starts with '{', '[', '@', '*', '&' or '`' goes in quotes"

# name -> (the file, "LINE:COLUMN: message")
CASES = {
    "over-indented key": (
        "title: Skies\nproducts:\n  deck:\n    size: poker\n      back: plain\n    face: card\n",
        "5:7: this line is indented more than the key above it expects "
        "(inside 'products' > 'deck', begun at line 3)"),
    "under-indented key in a list item": (
        "title: Skies\ndecks:\n  - name: ships\n   size: poker\n",
        "4:4: this line is indented less than the line above it and more than the value begun at line 3 "
        "(column 3): line it up with one of them (inside 'decks' > item 1, begun at line 3)"),
    "under-indented list item": (
        "title: Skies\ndecks:\n  - name: ships\n    faces:\n      - front\n     - back\n",
        "6:6: this line is indented less than the line above it and more than the value begun at line 3 "
        "(column 5): line it up with one of them (inside 'decks' > item 1 > 'faces', begun at line 4)"),
    "key lined up with the list's dashes": (
        "decks:\n  - name: ships\n    size: poker\n  count: 3\n",
        "4:3: a key lined up with the list's items begun at line 2: indent it like the item's keys, "
        "or start it with '- ' (inside 'decks', begun at line 1)"),
    "list item among keys": (
        "title: Skies\ntagline: Fly\n- ships\n",
        "3:1: a list item lined up with the keys begun at line 1: indent it under its key"),
    "a tab indents a line": (
        "products:\n  deck:\n\tsize: poker\n",
        "3:1: a tab indents this line: YAML indents with spaces only (inside 'products', begun at line 1)"),
    "missing colon, the next line a key": (
        "title: Skies\nhand_size 5\nrow_limit: 4\n",
        "2:1: 'hand_size 5' has no ':' after its key: a key is written 'key: value', or 'key:' above "
        "its values"),
    "missing colon above indented keys": (
        "products:\n  deck\n    size: poker\n",
        "2:3: 'deck' has no ':' after its key: a key is written 'key: value', or 'key:' above its values "
        "(inside 'products', begun at line 1)"),
    "unclosed quote": (
        "products:\n  deck:\n    title: 'The sky\n    size: poker\n",
        "3:12: the quote ' opened here is never closed: end the text with ' "
        "(inside 'products' > 'deck' > 'title', begun at line 3)"),
    "unclosed bracket": (
        "products:\n  deck:\n    size: [63.5, 88.9\n    face: card\n",
        f"3:11: the '[' opened here is never closed with ']' ({QUOTE_HINT}) "
        f"(inside 'products' > 'deck' > 'size', begun at line 3)"),
    "a template's braces unquoted": (
        "products:\n  deck:\n    title: {{ name }} card\n",
        "3:23: more text after the value's closing quote or bracket: put the whole value in quotes "
        "(inside 'products' > 'deck' > 'title', begun at line 3)"),
    "a template's braces unclosed": (
        "products:\n  deck:\n    title: {{ name\n",
        f"3:13: the '{{' opened here is never closed with '}}' ({QUOTE_HINT}) "
        f"(inside 'products' > 'deck' > 'title', begun at line 3)"),
    "a second colon in a text": (
        "title: Skies\ntagline: Fly high: land soft\n",
        f"2:18: a second ': ' on this line: {QUOTE_HINT} (inside 'tagline', begun at line 2)"),
    "a colon in a text's second line": (
        "title: Skies\ntagline: Fly high\n  and land soft: always\n",
        f"3:16: this line goes on with the text above it, and holds ': ': {QUOTE_HINT} "
        f"(inside 'tagline', begun at line 2)"),
    "text after a quoted value": (
        "title: 'Skies' above\n",
        "1:16: more text after the value's closing quote or bracket: put the whole value in quotes "
        "(inside 'title', begun at line 1)"),
    "an at sign starts a value": (
        "credits:\n  art: @someone\n",
        f"2:8: '@' cannot start a value in YAML: {QUOTE_HINT} (inside 'credits' > 'art', begun at line 2)"),
}
DUPLICATE = ("title: Skies\ntagline: Fly\ntitle: Other\n", "3: key 'title' is given twice (first on line 1)")
PLACES = {  # where a file is, and how printkit names it
    "a declared game's game.yaml": ("content/mine/game.yaml", "mine/game.yaml", "mine"),
    "printkit.yaml": ("printkit.yaml", "printkit.yaml", "numbered-cards"),
    "a kit's content file": ("content/numbered-cards/game.yaml", "numbered-cards/game.yaml", "numbered-cards"),
}


def problems_of(tmp_path, text: str) -> list[str]:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PrintkitError) as error:
        load_yaml(path, "game.yaml")
    return [str(problem) for problem in error.value.problems]


@pytest.mark.parametrize("text, expected", CASES.values(), ids=CASES.keys())
def test_a_yaml_mistake_is_told_at_its_line_and_column(tmp_path, text, expected):
    assert problems_of(tmp_path, text) == [f"game.yaml:{expected}"]


def test_a_duplicate_key_is_at_its_second_line(tmp_path):
    text, expected = DUPLICATE
    assert problems_of(tmp_path, text) == [f"game.yaml:{expected}"]


def test_a_mistake_far_down_a_long_mapping_is_told_at_its_own_line(tmp_path):
    """The issue's case: PyYAML's context is where the mapping began, 97 lines above."""
    cards = "".join(f"    card{n}: {n}\n" for n in range(95))
    text = "products:\n  deck:\n" + cards + "   stray: 1\n"
    assert problems_of(tmp_path, text) == [
        "game.yaml:98:4: this line is indented less than the line above it and more than the value begun "
        "at line 2 (column 3): line it up with one of them (inside 'products' > 'deck', begun at line 2)"]


@pytest.mark.parametrize("place", PLACES.values(), ids=PLACES.keys())
@pytest.mark.parametrize("case", ["over-indented key", "unclosed quote", "a tab indents a line"])
def test_each_file_a_designer_writes_says_so_and_writes_nothing(place, case, cli, project):
    written, shown, game = place
    text, expected = CASES[case]
    (project / written).parent.mkdir(parents=True, exist_ok=True)
    (project / written).write_text(text, encoding="utf-8")
    assert build(cli, game) == (1, "", f"{shown}:{expected}\n")
    assert pdfs(project / "out") == {}
