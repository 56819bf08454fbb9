"""Links in the output folder (issue 40, item 4): a stranger's kit may ship `output/<game>` (or
`output/`, `output/shops/tts`, `output/preview`, `output/calibration`) as a link to a folder of the
user's, where a build replaced the user's own `rules.pdf` and wrote its manifest. Every output folder
is checked before anything is read or written there: a link is one line naming it, exit 1, and the
user's files are byte for byte as they were, with nothing added beside them. A link given as `--out`
itself is the user's choice and followed; links inside it are not."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

GAME = "numbered-cards"  # a quick game of printkit's own, with cards
LINKED = "is a link; printkit writes nothing through a link (remove it: printkit makes a folder of its own there)"
CONTENT = ("--content", "content")
BUILD = ("build", GAME, *CONTENT)


@pytest.fixture
def users(tmp_path_factory) -> Path:
    """A folder of the user's own, outside the project, holding files with the names printkit writes."""
    folder = tmp_path_factory.mktemp("users-own")
    for name in ("deck.pdf", "rules.pdf", "ability-cards.pdf", "errata.pdf", "back-offset.pdf"):
        (folder / name).write_bytes(b"%PDF-1.4 the user's own " + name.encode() + b"\n")
    (folder / "notes.txt").write_text("the user's own notes\n", encoding="utf-8")
    (folder / "page-01.png").write_bytes(b"\x89PNG the user's own picture")
    return folder


def hashes(folder: Path) -> dict[str, str]:
    """Every name below `folder` (folders too) with its bytes' digest: a file added, changed or
    removed changes it."""
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
            for path in folder.rglob("*")}


def project_files(project: Path) -> dict[str, int]:
    """The project's files outside content/ and templates/ (links not followed) with their times."""
    found = {}
    for parent, folders, names in os.walk(project):
        for name in names:
            path = os.path.join(parent, name)
            found[os.path.relpath(path, project)] = os.lstat(path).st_mtime_ns
    return found


def link(project: Path, place: str, target: Path) -> None:
    (project / place).parent.mkdir(parents=True, exist_ok=True)
    (project / place).symlink_to(target)


FOLDERS = {  # where the link is -> the command that would write through it
    "output": BUILD,
    "output/numbered-cards": BUILD,
    "out/numbered-cards": (*BUILD, "--out", "out"),
    "output/preview": ("preview", GAME, *CONTENT),
    "output/calibration": ("calibrate", *CONTENT),
    "output/shops": ("export", "--for", "tts", GAME, *CONTENT),
    "output/shops/tts": ("export", "--for", "tts", GAME, *CONTENT),
    "out/shops-tts/numbered-cards": ("export", "--for", "tts", GAME, *CONTENT, "--out", "out/shops-tts"),
    "output/cross-sums": ("booklet", "--imposition", "none", *CONTENT),
}


@pytest.mark.parametrize("place", FOLDERS)
def test_an_output_folder_that_is_a_link_is_refused_and_the_users_files_are_untouched(project, cli, users, place):
    link(project, place, users)
    before, ours = hashes(users), project_files(project)
    code, out, err = cli(*FOLDERS[place])
    assert (code, err.splitlines()) == (1, [f"{place}: {LINKED}"])
    assert hashes(users) == before
    assert project_files(project) == ours  # nothing written in the project either


def test_an_output_file_that_is_a_link_is_refused_not_replaced(project, cli, users):
    """`output/<game>/rules.pdf` a link to the user's rules.pdf: the build refuses it at its line."""
    assert cli(*BUILD)[0] == 0
    rules = project / "output" / GAME / "rules.pdf"
    rules.unlink()
    rules.symlink_to(users / "rules.pdf")
    before = hashes(users)
    code, out, err = cli(*BUILD)
    assert (code, err.splitlines()) == (1, [f"output/{GAME}/rules.pdf: {LINKED}"])
    assert hashes(users) == before and rules.is_symlink()


def test_a_manifest_that_is_a_link_is_neither_read_nor_written_through(project, cli, users):
    manifest = project / "output" / ".printkit-manifest.json"
    link(project, "output/.printkit-manifest.json", users / "notes.txt")
    before = hashes(users)
    code, out, err = cli(*BUILD)
    assert code == 1 and err.splitlines() == [
        "output/.printkit-manifest.json: warning: ignored (a link); every file is drawn again",
        f"output/.printkit-manifest.json: {LINKED}"]
    assert hashes(users) == before and manifest.is_symlink()
    assert not (project / "output" / GAME).exists()


def test_errata_never_removes_through_a_linked_game_folder(project, cli, users):
    """Nothing changed since the cards were printed: errata removes an earlier errata.pdf of the
    game; through a link it would have been the user's own."""
    assert cli("printed", GAME, *CONTENT)[0] == 0
    link(project, f"output/{GAME}", users)
    before = hashes(users)
    code, out, err = cli("errata", GAME, *CONTENT)
    assert (code, err.splitlines()) == (1, [f"output/{GAME}: {LINKED}"])
    assert hashes(users) == before


def test_a_link_given_as_out_is_the_users_choice_and_followed(project, cli, users):
    (project / "mine").symlink_to(users)
    code, out, err = cli(*BUILD, "--out", "mine")
    assert (code, err) == (0, "")
    assert (users / GAME / "rules.pdf").read_bytes().startswith(b"%PDF-")
    assert (users / "rules.pdf").read_bytes() == b"%PDF-1.4 the user's own rules.pdf\n"
