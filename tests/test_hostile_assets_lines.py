"""Every problem a stranger's content can cause has its line (issue 25, the smaller findings): half
a character written as an escape in YAML (`"\\ud800"`, a lone surrogate), with libyaml and with
PyYAML's own parser; a word of a template's own wider than the page, at the template's line."""

from __future__ import annotations

import pytest
import yaml

from declared import SLUG, deck_yaml, game_project, line_of
from printkit.load import nodes
from test_declared import run

CARDS = '      - {number: 1, name: "Owl \\ud800"}\n      - {number: 2, name: Fox}'


@pytest.mark.parametrize("parser", ["libyaml", "python"])
def test_half_a_character_in_yaml_is_one_line_at_its_line(tmp_path, capsys, monkeypatch, parser):
    if parser == "python":
        monkeypatch.setattr(nodes, "LOADER", yaml.SafeLoader)
    elif not hasattr(yaml, "CSafeLoader"):
        pytest.skip("PyYAML without libyaml")
    project = game_project(tmp_path, deck_yaml(cards=CARDS, extra='colours: {"sea\\udc80": "#0000ff"}\n'))
    game = project / "content" / SLUG / "game.yaml"
    code, out, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    if parser == "libyaml":  # libyaml stops at the first: the file is not YAML it reads
        expected = [f"{SLUG}/game.yaml:{line_of(game, 'sea')}: YAML syntax: found invalid Unicode character escape code"]
    else:
        expected = [f"{SLUG}/game.yaml:{line_of(game, what)}: YAML: U+{code_:04X} is half of a character (a lone "
                    f"surrogate): write the character itself" for what, code_ in (("sea", 0xDC80), ("Owl", 0xD800))]
    assert (code, err.splitlines()) == (1, expected)


def test_a_word_of_the_templates_own_wider_than_the_page_is_at_its_line(tmp_path, capsys, monkeypatch):
    rules = "# Rules\nPlay well.\n\nAnd " + "W" * 300 + " then.\n"
    project = game_project(tmp_path, deck_yaml(), rules=rules)
    for command in ("validate", "build"):
        code, _, err = run(project, capsys, monkeypatch, command, SLUG, "--content", "content")
        assert (code, err) == (1, f"templates/{SLUG}/rules.j2:4: rules: a word is wider than the page\n")
