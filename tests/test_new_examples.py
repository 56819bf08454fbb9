"""The example games ship with printkit (issue 38, point 10): `printkit new DIR --example NAME`
starts a project from any game of examples/ (its content and templates, not its tools), `printkit
list` offers them beside the kits, and the project made builds. (From an installed wheel: see
tests/test_wheel.py.)"""

from __future__ import annotations

import hashlib

import pytest

from conftest import ROOT
from printkit.cli.main import main
from readback import CARD_H, CARD_W, TOL, cut_lines, pages

EXAMPLES = sorted(path.name for path in (ROOT / "examples" / "content").iterdir() if (path / "game.yaml").is_file())


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def digests(folder) -> dict[str, str]:
    return {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_the_five_examples_are_there():
    assert {"apothecary", "fifteen", "lantern-delve", "weathervane", "which-came-first"} <= set(EXAMPLES)


def test_list_offers_the_examples_beside_the_kits(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "list")
    lines = out.splitlines()
    assert code == 0
    assert "  numbered-cards           Numbered Cards Game  (printkit)" in lines
    assert "  weathervane              Weathervane  (example)" in lines
    assert "  which-came-first         Which Came First  (example)" in lines
    assert all(any(line.startswith(f"  {name} ") for line in lines) for name in EXAMPLES)


@pytest.mark.parametrize("name", EXAMPLES)
def test_new_example_copies_its_content_and_templates_and_validates(name, tmp_path, capsys, monkeypatch):
    code, _, err = run(capsys, "new", str(tmp_path / "kit"), "--example", name)
    assert (code, err) == (0, "")
    for kind in ("content", "templates"):
        assert digests(tmp_path / "kit" / kind / name) == digests(ROOT / "examples" / kind / name), kind
    assert sorted(path.name for path in (tmp_path / "kit").iterdir()) == ["content", "printkit.yaml", "templates"]
    monkeypatch.chdir(tmp_path / "kit")
    code, out, err = run(capsys, "validate")
    assert (code, err) == (0, "") and out.startswith("content is valid: 1 game checked")


def test_a_new_example_builds_its_cards_at_their_size(tmp_path, capsys, monkeypatch):
    assert run(capsys, "new", str(tmp_path / "kit"), "--example", "weathervane")[0] == 0
    monkeypatch.chdir(tmp_path / "kit")
    code, _, err = run(capsys, "build")
    assert (code, err) == (0, "")
    front = pages(tmp_path / "kit" / "output" / "weathervane" / "deck.pdf")[0]
    cards = cut_lines(front)
    assert cards and all(abs(card.width - CARD_W) <= TOL and abs(card.height - CARD_H) <= TOL for card in cards)


def test_all_is_still_the_kits_and_an_unknown_name_lists_the_examples(tmp_path, capsys):
    code, out, _ = run(capsys, "new", str(tmp_path / "kit"), "--example", "all")
    assert code == 0 and sorted(path.name for path in (tmp_path / "kit" / "content").iterdir()) == \
        sorted(path.name for path in (ROOT / "content").iterdir() if path.is_dir())
    code, _, err = run(capsys, "new", str(tmp_path / "other"), "--example", "weathervan")
    assert code == 2 and "weathervane" in err and not (tmp_path / "other").exists()
