"""A command's long description is its own help (its function's docstring), read on an 80-column
terminal and carried by the generated docs/reference/commands.md (issue 42, point 2): paragraphs kept
apart, no name broken at its hyphen, no line wider than the terminal; the page's introduction says
a mistyped name as printkit says it."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from printkit.cli import arguments, helping
from printkit.cli import reference
from printkit.cli.main import COMMANDS, main

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs/reference/commands.md"


def _help(capsys, monkeypatch, *argv, columns=80) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    capsys.readouterr()
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def _section(name: str) -> str:
    return PAGE.read_text(encoding="utf-8").split(f"\n## printkit {name}\n", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("command", [[]] + [[name] for name in COMMANDS])
def test_the_help_fits_an_80_column_terminal(capsys, monkeypatch, command):
    wide = [line for line in _help(capsys, monkeypatch, *command).splitlines() if len(line) > 80]
    assert wide == []


def test_no_name_is_broken_at_its_hyphen(capsys, monkeypatch, tmp_path):
    """argparse's own wrapping breaks `harbour-masters` after `harbour-`: a name to copy, broken."""
    out = _help(capsys, monkeypatch, "new")
    names = re.search(r"--example GAME\s+(.*?)\n  -q", out, re.S).group(1)
    assert not re.search(r"-\n", names), names
    assert "harbour-masters" in names and "which-came-first" in names


def test_a_description_s_paragraphs_are_kept_apart(capsys, monkeypatch):
    out = _help(capsys, monkeypatch, "build")
    assert "\n\nWhat the layout lint finds is a warning: every card is still drawn," in out
    assert "\n\nOn a terminal a bar shows the files as they are drawn;" in out


def test_each_paragraph_of_the_help_is_filled_to_the_terminal(capsys, monkeypatch):
    """Not the docstring's own line breaks (96 columns), nor one line a paragraph: each paragraph
    filled to 60 columns, its lines but the last well filled."""
    out = _help(capsys, monkeypatch, "build", columns=60)
    first = out.split("\n\n")[1].splitlines()  # after the usage
    assert len(first) > 4 and all(40 <= len(line) <= 60 for line in first[:-1]), first


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_page_carries_each_command_s_description_as_its_help_says_it(name):
    parser = reference._commands()[name]
    paragraphs = parser.description.split("\n\n")
    section = _section(name)
    assert all(f"\n{paragraph}\n" in section for paragraph in paragraphs), name
    assert parser.description.startswith(COMMANDS[name][0].__doc__.split()[0].capitalize())


def test_the_long_descriptions_are_the_commands_own():
    """What the hand-written page said of a command now comes from the command: a few of its words."""
    said = {"build": "a game with a warning is loaded every time, to say it again",
            "serve": "a bar to filter the cards by product and by a field's value",
            "preview": "the 1/8 in safe zone over every card",
            "errata": "No printed.json, or nothing in it for a game named: one line, exit 1.",
            "preflight": "frames and borders that stop inside the safe zone short of the trim are warnings"}
    for name, words in said.items():
        assert words in " ".join(COMMANDS[name][0].__doc__.split()), name
        assert words in _section(name), name


def test_the_introduction_says_a_mistyped_name_as_printkit_does(capsys, project, monkeypatch):
    monkeypatch.chdir(project)
    page = PAGE.read_text(encoding="utf-8")
    for argv in (["biuld"], ["build", "--onyl"]):
        capsys.readouterr()
        assert main(argv) == 2
        (line,) = capsys.readouterr().err.splitlines()
        assert f"`printkit {' '.join(argv)}` → `{line}`" in page


def test_the_further_pages_are_of_commands_and_are_there():
    commands = reference._commands()
    assert set(reference.FURTHER) <= set(commands)
    for name, links in reference.FURTHER.items():
        for link in links:
            target = re.fullmatch(r"\[[^]]+\]\(\.\./([^)#]+)(#[^)]+)?\)( \(.*\))?", link).group(1)
            assert (ROOT / "docs" / target).is_file(), (name, link)
            assert link in _section(name)


def test_the_hand_written_page_of_commands_is_gone():
    assert not (ROOT / "docs/reference/commands-guide.md").exists()
    for path in ("mkdocs.yml", "README.md", *map(str, ROOT.glob("docs/**/*.md"))):
        assert "commands-guide" not in (ROOT / path).read_text(encoding="utf-8"), path


def test_every_parser_is_made_with_the_paragraphs_formatter():
    made = helping.parser(COMMANDS, arguments.Context(found=["a-game"]), None)
    (sub,) = [action for action in made._actions if isinstance(action, argparse._SubParsersAction)]
    assert all(each.formatter_class.__name__ == "Paragraphs" for each in [made, *sub.choices.values()])
