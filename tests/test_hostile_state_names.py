"""Names that would collide with printkit's own files (issue 25, item 5): a product named
`print-guide` replaced the print guide, one named `errata` was overwritten by `printkit errata`, a
game named `calibration` by `printkit calibrate`; a product key ending in a line break wrote a file
named with one. Each is now an error at its FILE:LINE (a game's at its folder), and nothing is
written."""

from __future__ import annotations

import pytest

GAME = "three-skies"


@pytest.fixture
def starter(cli, tmp_path, monkeypatch):
    """A project made by `printkit new`: its declared game's game.yaml has products deck and rules."""
    code, _, err = cli("new", str(tmp_path / "kit"), "-q")
    assert (code, err) == (0, "")
    monkeypatch.chdir(tmp_path / "kit")
    return tmp_path / "kit"


def rename_product(kit, old: str, new: str) -> int:
    """Renamed in game.yaml; returns the key's line."""
    path = kit / "content" / GAME / "game.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    line = lines.index(f"  {old}:\n")
    lines[line] = f"  {new}:\n"
    path.write_text("".join(lines), encoding="utf-8")
    return line + 1


OWN = {"print-guide": "the print guide is print-guide.pdf", "errata": "`printkit errata` writes errata.pdf",
       "booklet-export": "`printkit booklet` writes booklet-export.pdf"}


@pytest.mark.parametrize("name", OWN)
@pytest.mark.parametrize("product", ["rules", "deck"])
def test_a_product_named_as_printkits_own_file_is_an_error_at_its_line(starter, cli, name, product):
    line = rename_product(starter, product, name)
    code, out, err = cli("build")
    assert (code, out) == (1, "")
    assert err == (f"{GAME}/game.yaml:{line}: products: '{name}' cannot name a product: printkit's own file has that "
                   f"name in the game's output folder ({OWN[name]})\n")
    assert not (starter / "output").exists()


def test_a_product_key_ending_in_a_line_break_is_an_error_not_a_file_name(starter, cli):
    line = rename_product(starter, "rules", '"rules\\n"')
    (starter / "templates" / GAME / "rules\n.j2").write_text("x", encoding="utf-8")
    code, _, err = cli("build")
    assert code == 1
    assert err == (f"{GAME}/game.yaml:{line}: products: 'rules\\n' cannot name a product "
                   f"(lower-case letters and digits, with - between words)\n")
    assert not (starter / "output").exists()


@pytest.mark.parametrize("folder", ["calibration", "preview", "shops", "index.html"])
def test_a_game_named_as_printkits_own_output_is_an_error_at_its_folder(starter, cli, folder):
    (starter / "content" / GAME).rename(starter / "content" / folder)
    code, out, err = cli("build")
    assert (code, out) == (1, "")
    assert err.startswith(f"{folder}/: a game cannot be named '{folder}': `printkit ") and len(err.splitlines()) == 1
    assert not (starter / "output").exists()


def test_a_game_folder_named_with_a_line_break_is_one_line(starter, cli):
    (starter / "content" / GAME).rename(starter / "content" / "three\nskies")
    code, _, err = cli("build")
    assert (code, err) == (1, "three\\nskies/: a game's folder name cannot hold a line break or a control "
                              "character (rename the folder)\n")
