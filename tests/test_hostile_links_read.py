"""Links out of the project are refused before they are opened (issue 40, items 5 and 8): a
stranger's kit may ship `game.yaml`, `layouts.yaml` or `printkit.yaml` as a link to any file of
the user's, whose first characters a message then quoted (and serve sent to its page); or a
template, or a whole content folder, as a link out, whose files were read for the build's digest
before the refusal. Each is one line naming the link, exit 1; the file it leads to is never opened
(an audit hook watches every open and listing of the user's folder), and nothing of it is printed."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from conftest import ROOT

SECRET = "SECRET-TOKEN-abcdefghijklmnopqrstuvwxyz0123456789"
OPENS = ("open", "os.listdir", "os.scandir")
WATCHED: list[tuple[str, list[str]]] = []  # (a folder of the user's, what was opened in it), while a test runs


def _audit(event: str, args) -> None:
    if WATCHED and event in OPENS and args and isinstance(args[0], (str, bytes, os.PathLike)):
        opened = os.path.realpath(os.fsdecode(args[0]))  # where it leads: the user's folder, through a link
        for folder, seen in WATCHED:
            if opened.startswith(folder):
                seen.append(opened)


sys.addaudithook(_audit)  # (a hook cannot be taken away: it does nothing while WATCHED is empty)


@pytest.fixture
def users(tmp_path_factory):
    """A folder of the user's own holding a secret, watched: yields (folder, what was opened in it)."""
    folder = Path(os.path.realpath(tmp_path_factory.mktemp("users-own")))
    (folder / "secret.txt").write_text(f"{SECRET} and more\n", encoding="utf-8")
    (folder / "docs").mkdir()
    (folder / "docs" / "private.md").write_text(f"{SECRET}\n", encoding="utf-8")
    seen: list[str] = []
    WATCHED.append((str(folder), seen))
    yield folder, seen
    WATCHED.clear()


def declared_game(project: Path) -> None:
    """The starter game (declared in its game.yaml) beside printkit's own."""
    starter = ROOT / "printkit" / "starter"
    shutil.copytree(starter / "content" / "three-skies", project / "content" / "three-skies")
    shutil.copytree(starter / "templates" / "three-skies", project / "templates" / "three-skies")


GAMES = "the game's folder"  # where a content file may lead, as a game's other files may (printkit/declared/checks.py)
FILES = {  # a file of the project replaced by a link to the user's secret -> (as shown, its game, where it may lead)
    "content/numbered-cards/game.yaml": ("numbered-cards/game.yaml", "numbered-cards", GAMES),
    "content/numbered-cards/layouts.yaml": ("numbered-cards/layouts.yaml", "numbered-cards", GAMES),
    "content/three-skies/game.yaml": ("three-skies/game.yaml", "three-skies", GAMES),
    "printkit.yaml": ("printkit.yaml", "numbered-cards", "the project"),
}


@pytest.mark.parametrize("command", ["build", "validate"])
@pytest.mark.parametrize("place", FILES)
def test_a_content_file_or_the_settings_linked_out_of_the_project_is_refused_unread(project, cli, users, place,
                                                                                   command):
    folder, opened = users
    declared_game(project)
    (project / place).unlink(missing_ok=True)
    (project / place).symlink_to(folder / "secret.txt")
    shown, game, where = FILES[place]
    code, out, err = cli(command, game, "--content", "content")
    assert (code, err.splitlines()) == (1, [f"{shown}: is a link to a file outside {where}"])
    assert SECRET[:6] not in out + err and opened == []


def test_a_content_file_linked_inside_its_games_folder_is_read(project, cli, users):
    """A link is refused for where it leads, not for being one: inside the game's folder it is
    followed; so is a content folder that is itself a link (a designer's shared content)."""
    game = project / "content" / "numbered-cards"
    (game / "kept").mkdir()
    (game / "layouts.yaml").rename(game / "kept" / "layouts.yaml")
    (game / "layouts.yaml").symlink_to(game / "kept" / "layouts.yaml")
    assert cli("validate", "numbered-cards", "--content", "content")[0] == 0
    (project / "content").rename(project / "shared")
    (project / "content").symlink_to(project / "shared")
    assert cli("validate", "numbered-cards", "--content", "content")[0] == 0


def test_a_template_linked_out_of_the_templates_folder_is_refused_before_it_is_read(project, cli, users):
    """It was read whole (for the templates' digest, and to check it is UTF-8) before the refusal."""
    folder, opened = users
    rules = project / "templates" / "numbered-cards" / "rules.j2"
    rules.unlink()
    rules.symlink_to(folder / "secret.txt")
    code, out, err = cli("build", "numbered-cards", "--content", "content", "--out", "out")
    assert (code, err.splitlines()) == (1, ["templates/numbered-cards/rules.j2: is a link to a file outside "
                                            "the templates folder"])
    assert opened == [] and not (project / "out" / "numbered-cards").exists()


def test_a_content_folder_linked_out_is_refused_before_anything_in_it_is_opened(project, cli, users):
    """`content/docs` a link to a folder of the user's: its files were read (for the digest that
    answers a build with nothing changed) before `no game claims this content folder`."""
    folder, opened = users
    (project / "content" / "docs").symlink_to(folder / "docs")
    code, out, err = cli("build", "--content", "content", "--out", "out")
    assert code == 1 and err.splitlines()[0].startswith("docs/: no game claims this content folder")
    assert len(err.splitlines()) == 1 and opened == [] and SECRET[:6] not in out + err


def test_the_printing_record_linked_out_of_the_project_is_refused_unread(project, cli, users):
    """printed.json, read by `printkit errata`, quoted the file it led to in its JSON error."""
    folder, opened = users
    (project / "printed.json").symlink_to(folder / "secret.txt")
    code, out, err = cli("errata", "numbered-cards", "--content", "content")
    assert (code, err.splitlines()) == (1, ["printed.json: is a link to a file outside the project"])
    assert SECRET[:6] not in out + err and opened == []
