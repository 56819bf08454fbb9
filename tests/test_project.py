"""A project as a designer has one: found by walking up to its printkit.yaml (or given), printkit's
templates behind its own, `printkit new`, the games it has (printkit's, a plug-in's) and a content
folder no game claims. Each case runs printkit in-process and reads back what it wrote."""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import CONTENT, ROOT
from printkit.cli import new as new_module
from printkit.games import all_games

GAME = "numbered-cards"
PLUGIN = ROOT / "tests" / "fixtures" / "plugin"
PRINTKIT_GAMES = sorted(path.name for path in CONTENT.iterdir() if path.is_dir())  # the repository's own
EXAMPLES = sorted(path.name for path in (ROOT / "examples" / "content").iterdir() if (path / "game.yaml").is_file())


def sha256s(folder: Path, pattern: str = "*") -> dict[str, str]:
    return {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob(pattern)) if path.is_file()}


def text_of(pdf: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(pdf).pages)


@pytest.fixture
def empty(tmp_path) -> Path:
    """An empty folder (the `cli` fixture's project copy is in tmp_path)."""
    (tmp_path / "empty").mkdir()
    return tmp_path / "empty"


@pytest.fixture
def one_game(tmp_path) -> Path:
    """A project of one game and no templates/: printkit.yaml saying Letter, content/numbered-cards/."""
    shutil.copytree(CONTENT / GAME, tmp_path / "kit" / "content" / GAME)
    (tmp_path / "kit" / "printkit.yaml").write_text("paper: letter\n", encoding="utf-8")
    return tmp_path / "kit"


# --- finding the project -----------------------------------------------------------------------------

def test_a_command_run_deep_inside_the_project_finds_it_by_walking_up(one_game, cli, monkeypatch):
    monkeypatch.chdir(one_game / "content" / GAME)
    code, out, err = cli("build")
    assert (code, err) == (0, "")
    pdf = one_game / "output" / GAME / "rules.pdf"
    assert f"../../output/{GAME}/rules.pdf" not in out  # printed as found: from here, a path outside is shown whole
    assert str(pdf) in out
    width, height = (float(v) for v in PdfReader(pdf).pages[0].mediabox[2:])
    assert (round(width), round(height)) == (612, 792)  # Letter, as the project's printkit.yaml says
    assert sorted(path.name for path in (one_game / "output").iterdir()) == [".printkit-manifest.json", GAME]


def test_project_dir_from_anywhere(one_game, cli, tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert cli("validate", "--project", str(one_game)) == (0, "content is valid: 1 game checked, "
                                                              "5 products planned on A4 and Letter\n", "")
    assert cli("build", "--project", str(one_game), "-q") == (0, "", "")
    assert (one_game / "output" / GAME / "ability-cards.pdf").is_file()
    assert list(elsewhere.iterdir()) == []
    code, _, err = cli("build", "--project", str(tmp_path / "nowhere"))
    assert code == 2 and err.splitlines()[-1] == f"printkit: error: --project {tmp_path / 'nowhere'}: no such folder"


def test_outside_any_project_build_says_how_to_make_one_and_calibrate_needs_none(empty, cli, monkeypatch):
    monkeypatch.chdir(empty)
    code, out, err = cli("build")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == ("printkit: error: content folder not found: content (no printkit.yaml here or in "
                                    "a folder above: `printkit new DIR` makes a project)")
    assert cli("calibrate", "-q") == (0, "", "")
    assert sorted(sha256s(empty)) == ["output/calibration/back-offset.pdf", "output/calibration/scale.pdf"]


# --- printkit's templates behind the project's ------------------------------------------------------

def test_a_project_without_templates_builds_what_the_repository_builds(one_game, cli, built_a4, monkeypatch):
    """Every template the project lacks is printkit's own: the PDFs are the repository's, byte for byte."""
    monkeypatch.chdir(one_game)
    assert cli("build", "--paper", "a4", "-q") == (0, "", "")
    assert sha256s(one_game / "output" / GAME) == sha256s(built_a4 / GAME)


def test_a_template_of_the_project_wins_over_printkits(one_game, cli, monkeypatch):
    monkeypatch.chdir(one_game)
    (one_game / "templates").mkdir()
    common = (ROOT / "templates" / "common.j2").read_text(encoding="utf-8")
    assert "page {{ page }} of {{ pages }}" in common  # the line changed below
    (one_game / "templates" / "common.j2").write_text(common.replace("page {{ page }} of {{ pages }}",
                                                                     "sheet {{ page }}/{{ pages }}"), encoding="utf-8")
    assert cli("build", "--only", "rules", "-q") == (0, "", "")
    text = text_of(one_game / "output" / GAME / "rules.pdf")
    assert "sheet 1/1" in text and "page 1 of 1" not in text


def test_a_mistake_in_a_project_template_is_named_at_the_projects_file(one_game, cli, monkeypatch):
    monkeypatch.chdir(one_game)
    (one_game / "templates" / GAME).mkdir(parents=True)
    (one_game / "templates" / GAME / "rules.j2").write_text("# Rules\n\n{{ no_such_word }}\n", encoding="utf-8")
    assert cli("build", "--only", "rules") == (1, "", f"templates/{GAME}/rules.j2:3: template: "
                                                      f"'no_such_word' is undefined\n")
    assert not (one_game / "output").exists()


# --- the games a project has --------------------------------------------------------------------------

def test_a_content_folder_no_game_claims_is_an_error_at_its_path(project, cli):
    (project / "content" / "my-game").mkdir()  # a game's folder, its game.yaml not written yet
    (project / "content" / "my-game" / "cards.csv").write_text("number,name\n1,Sun\n", encoding="utf-8")
    (project / "content" / ".hidden").mkdir()  # an editor's or a tool's: not a game
    message = f"my-game/: no game claims this content folder (the games printkit has: {', '.join(PRINTKIT_GAMES)})\n"
    for command in (["validate"], ["build"], ["preview"], ["list"]):
        assert cli(*command) == (1, "", message), command
    assert not (project / "output").exists()


def test_a_game_the_project_does_not_have_is_not_asked_for(one_game, cli, monkeypatch):
    monkeypatch.chdir(one_game)
    code, out, err = cli("build", "cross-sums")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == ("printkit: error: not in this project: cross-sums (no content/cross-sums/; "
                                    "`printkit new DIR --example cross-sums` makes a project with it)")
    code, out, err = cli("list")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"{GAME}  (Numbered Cards Game)"
    assert lines[6] == "other games to start a project from (`printkit new DIR --example GAME`):"
    assert [line.split()[0] for line in lines[7:]] == [game for game in PRINTKIT_GAMES if game != GAME] + EXAMPLES


def test_a_content_folder_with_no_game_is_an_error(empty, cli, monkeypatch):
    (empty / "content").mkdir()
    monkeypatch.chdir(empty)
    assert cli("validate") == (1, "", "content/: holds no game: each game's content is a folder in it\n")


# --- a plug-in's game ---------------------------------------------------------------------------------

@pytest.fixture
def plugin(tmp_path, monkeypatch) -> Path:
    """The fixture package installed as pip would (its code, and a dist-info with its entry point)
    on a folder put on sys.path."""
    site = installed(tmp_path / "site", ENTRY_POINT)
    monkeypatch.syspath_prepend(str(site))
    yield site
    sys.modules.pop("printkit_tiny_game", None)


ENTRY_POINT = "[printkit.games]\ntiny-game = printkit_tiny_game:GAME\n"


def installed(site: Path, entry_points: str) -> Path:
    """The tiny game's package in `site`, with a dist-info declaring `entry_points`."""
    shutil.copytree(PLUGIN / "printkit_tiny_game", site / "printkit_tiny_game")
    info = site / "printkit_tiny_game-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: printkit-tiny-game\nVersion: 0.1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")
    return site


def test_a_plugin_game_is_listed_started_validated_and_built(plugin, empty, cli, monkeypatch):
    assert all_games()["tiny-game"].origin == "plug-in printkit-tiny-game 0.1.0"
    monkeypatch.chdir(empty)
    code, out, _ = cli("list")
    assert "  tiny-game                Tiny Game  (plug-in printkit-tiny-game 0.1.0)" in out.splitlines()
    assert cli("new", "tiny", "--example", "tiny-game", "-q") == (0, "", "")
    assert sha256s(empty / "tiny", "*.yaml") == {**sha256s(plugin / "printkit_tiny_game", "game.yaml"),
                                                    "printkit.yaml": sha256s(ROOT, "printkit.yaml")["printkit.yaml"]}
    monkeypatch.chdir(empty / "tiny")
    assert cli("validate") == (0, "content is valid: 1 game checked, 1 product planned on A4 and Letter\n", "")
    assert cli("build", "-q") == (0, "", "")
    text = text_of(empty / "tiny" / "output" / "tiny-game" / "rules.pdf")
    assert "Shuffle the 12 cards and deal three to each player." in text
    shutil.rmtree(empty / "tiny" / "templates")  # the plug-in's own words are the fallback
    (empty / "tiny" / "content" / "tiny-game" / "game.yaml").write_text("title: Tiny\ndeck: 9\nhand: 2\n")
    assert cli("build", "-q") == (0, "", "")
    assert "Shuffle the 9 cards and deal two to each player." in text_of(empty / "tiny" / "output" / "tiny-game" / "rules.pdf")
    (empty / "tiny" / "content" / "tiny-game" / "game.yaml").write_text("title: Tiny\ndeck: 2\nhand: 3\n")
    assert cli("validate") == (1, "", "tiny-game/game.yaml:3: hand: 3 cards, more than the deck's 2\n")


def test_a_broken_plugin_is_one_line(plugin, cli):
    (plugin / "printkit_tiny_game" / "__init__.py").write_text("raise ImportError('no module named spam')\n")
    assert cli("list") == (1, "", "plug-in printkit-tiny-game 0.1.0: printkit_tiny_game:GAME cannot be loaded: "
                                  "no module named spam\n")


# --- printkit new -------------------------------------------------------------------------------------

def test_new_with_an_example_copies_the_repositorys_files_and_builds(empty, cli, built_a4, monkeypatch):
    monkeypatch.chdir(empty)
    code, out, err = cli("new", "kit", "--example", GAME)
    expected = {**{f"content/{GAME}/{name}": digest for name, digest in sha256s(CONTENT / GAME).items()},
                **{f"templates/{GAME}/{name}": digest for name, digest in sha256s(ROOT / "templates" / GAME).items()},
                "printkit.yaml": sha256s(ROOT, "printkit.yaml")["printkit.yaml"]}
    assert (code, err) == (0, "")
    assert out == (f"made kit: printkit.yaml and the content and templates of {GAME}, {len(expected)} files\n"
                   "next: cd kit && printkit build\n")
    assert sha256s(empty / "kit") == expected
    monkeypatch.chdir(empty / "kit")
    assert cli("build", "-q") == (0, "", "")
    assert sha256s(empty / "kit" / "output" / GAME) == sha256s(built_a4 / GAME)


@pytest.mark.parametrize("already", ["a file", "a folder with a file", "a folder with a hidden file"])
def test_new_never_writes_over_what_is_there(empty, cli, monkeypatch, already):
    monkeypatch.chdir(empty)
    target = empty / "kit"
    if already == "a file":
        target.write_text("notes")
    else:
        target.mkdir()
        (target / (".keep" if "hidden" in already else "notes.txt")).write_text("notes")
    before = sha256s(empty)
    code, out, err = cli("new", "kit", "--example", "all")
    assert (code, out) == (1, "")
    assert err == ("kit: is a file: printkit new writes a new folder\n" if already == "a file" else
                   "kit: is not empty: printkit new writes only a new or empty folder\n")
    assert sha256s(empty) == before
    assert sorted(path.name for path in empty.iterdir()) == ["kit"]


def test_new_into_an_empty_folder_and_every_example(empty, cli, monkeypatch):
    monkeypatch.chdir(empty)
    (empty / "kit").mkdir()
    code, out, err = cli("new", "kit", "--example", "all", "-v")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:-2] == [f"kit/{name}" for name in sha256s(empty / "kit")]  # every file, as -v lists them
    assert lines[-2].startswith(f"made kit: printkit.yaml and the content and templates of {', '.join(PRINTKIT_GAMES)}, ")
    assert sorted(path.name for path in (empty / "kit" / "content").iterdir()) == PRINTKIT_GAMES
    assert sorted(path.name for path in (empty / "kit" / "templates").iterdir()) == PRINTKIT_GAMES


def test_new_is_all_or_nothing(empty, cli, monkeypatch):
    """A copy that fails half-way (a full disk, say) leaves no folder and no half a project."""
    monkeypatch.chdir(empty)
    copies, copytree = [], shutil.copytree

    def copy_then_fail(source, target, **options):
        if copies:
            raise OSError(28, "No space left on device")
        copies.append(copytree(source, target, **options))

    monkeypatch.setattr(new_module.shutil, "copytree", copy_then_fail)
    assert cli("new", "kit", "--example", GAME) == (1, "", "kit: cannot write: No space left on device\n")
    assert copies and list(empty.iterdir()) == []


def test_new_with_an_unknown_example_is_a_usage_error(empty, cli, monkeypatch):
    monkeypatch.chdir(empty)
    code, out, err = cli("new", "kit", "--example", "cross-sum")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == (f"printkit: error: --example cross-sum: no such game to start from "
                                    f"(printkit has: {', '.join(PRINTKIT_GAMES + EXAMPLES)}, or all)")
    assert list(empty.iterdir()) == []


def test_new_without_the_starter_game_says_so(empty, cli, monkeypatch):
    monkeypatch.chdir(empty)
    monkeypatch.setattr(new_module, "STARTER", empty / "no-starter")
    code, out, err = cli("new", "mine")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == ("printkit: error: this printkit has no starter game (printkit/starter/): name "
                                    "games to start from with --example GAME or --example all")
    assert list(empty.iterdir()) == []


# The starter game (printkit/starter/) is another branch's work (issue 12, item 4): until it is
# merged the folder is absent and this test is skipped; once it is there, it must pass.
@pytest.mark.skipif(not new_module.STARTER.is_dir(), reason="printkit/starter/ is not in this printkit yet")
def test_new_without_an_example_is_the_starter_game_and_builds(empty, cli, monkeypatch):
    monkeypatch.chdir(empty)
    assert cli("new", "mine", "-q") == (0, "", "")
    starter = {name: digest for name, digest in sha256s(new_module.STARTER).items()
               if "__pycache__" not in name and not name.endswith("__init__.py")}
    made = sha256s(empty / "mine")
    assert {name: made[name] for name in starter} == starter
    assert not list((empty / "mine").rglob("*.py"))
    monkeypatch.chdir(empty / "mine")
    assert cli("preview", "-q") == (0, "", "")
    assert len(list((empty / "mine" / "output").rglob("*.pdf"))) >= 2
    assert (empty / "mine" / "output" / "index.html").is_file()


def test_where_no_plug_in_was_found_the_next_command_does_not_look_again(tmp_path):
    """Looking for plug-ins loads importlib.metadata (10 ms) and reads every installed package's
    metadata: a signed record in the cache folder says none was found, for the packages as they
    were installed then."""
    import os
    import subprocess

    looked = "from printkit.games import all_games; all_games(); import sys; print('importlib.metadata' in sys.modules)"
    env = {**os.environ, "PRINTKIT_CACHE": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", looked], env=env, capture_output=True, text=True, check=True).stdout
            for _ in range(2)]
    # no installed package names printkit.games at all: not even the first looks (tests/test_plugins_cold.py)
    assert runs == ["False\n", "False\n"] and (tmp_path / "cache" / "plugins.json").is_file()
    env["PRINTKIT_CACHE"] = "off"
    assert subprocess.run([sys.executable, "-c", looked], env=env, capture_output=True, text=True,
                          check=True).stdout == "False\n"


def test_a_plug_in_installed_or_changed_after_none_was_found_is_found(tmp_path, monkeypatch):
    from printkit import games

    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    site = installed(tmp_path / "site", "[console_scripts]\ntiny = printkit_tiny_game:GAME\n")
    info = site / "printkit_tiny_game-0.1.0.dist-info"
    monkeypatch.syspath_prepend(str(site))
    try:
        assert games.plugins([]) == [] and (tmp_path / "cache" / "plugins.json").is_file()
        # its entry points edited in place (the folders around it keep their times)
        (info / "entry_points.txt").write_text(ENTRY_POINT, encoding="utf-8")
        assert [game.slug for game in games.plugins([])] == ["tiny-game"]
        (info / "entry_points.txt").write_text("", encoding="utf-8")
        assert games.plugins([]) == []
        other = site / "other-1.0.dist-info"  # a package installed beside it
        other.mkdir()
        (other / "METADATA").write_text("Metadata-Version: 2.1\nName: other\nVersion: 1.0\n", encoding="utf-8")
        (other / "entry_points.txt").write_text(ENTRY_POINT, encoding="utf-8")
        assert [game.origin for game in games.plugins([])] == ["plug-in other 1.0"]
        # a record saying there is none now, unless printkit signed it, is read past
        record = tmp_path / "cache" / games.PLUGINS_RECORD
        record.write_text(json.dumps({"state": games._declared(), "value": games.NONE, "check": "0" * 64}))
        assert [game.origin for game in games.plugins([])] == ["plug-in other 1.0"]
    finally:
        sys.modules.pop("printkit_tiny_game", None)
