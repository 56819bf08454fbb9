"""A product's name too long (issue 40, the smaller cases): a 300-character name blamed the game's
title, or the deck's `kind: 'deck'`, and printed a path inside the installed package (printkit's own
print guide, whose file column cannot hold it). Now a name longer than a product's may be is one
line at its own line; a shorter one the print guide cannot hold is at its own line too, in printkit's
words: the print guide named as printkit's, never by its path."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from printkit.cli.main import main

GAME = "three-skies"  # the starter game: declared in its game.yaml


@pytest.fixture
def project(tmp_path) -> Path:
    """A new project holding the starter game (the `cli` fixture runs printkit in it)."""
    assert main(["new", str(tmp_path / "kit"), "-q"]) == 0
    return tmp_path / "kit"


def rename_deck(project: Path, name: str) -> int:
    """The starter's `deck` renamed (and the rules' words naming it): returns the line of its name."""
    game = project / "content" / GAME / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert text.count("\n  deck:\n") == 1
    game.write_text(text.replace("\n  deck:\n", f"\n  {name}:\n"), encoding="utf-8")
    rules = project / "templates" / GAME / "rules.j2"
    rules.write_text(rules.read_text(encoding="utf-8").replace("products.deck", f"products['{name}']"),
                     encoding="utf-8")
    return game.read_text(encoding="utf-8").splitlines().index(f"  {name}:") + 1


def test_a_300_character_product_name_is_one_line_at_its_own_line(project, cli):
    name = "deck-" + "x" * 295
    line = rename_deck(project, name)
    code, out, err = cli("build")
    assert (code, err.splitlines()) == (1, [f"{GAME}/game.yaml:{line}: products: '{name[:30]}...' (300 characters) "
                                            "cannot name a product (at most 40)"])
    assert not (project / "output").exists()


def test_a_name_the_print_guide_cannot_hold_is_blamed_at_its_line_not_at_a_path_inside_printkit(project, cli):
    name = "deck-" + "x" * 27  # 32 characters: a name the vocabulary takes, wider than the guide's file column
    line = rename_deck(project, name)
    code, out, err = cli("build")
    assert (code, err.splitlines()) == (1, [
        f"{GAME}/game.yaml:{line}: products.{name}: '{name}' is too long where it is printed (printkit's "
        "print-guide.j2: print guide file: text does not fit its 53 x 9 mm box even at 7 pt; shorten it)"])
    assert str(ROOT) not in err and "/templates/" not in err
