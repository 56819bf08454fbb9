"""A build's outputs change all together or not at all, whatever fails while they are renamed into
place; and what a crash left (a journal, temporary files) is cleaned up by the next build, but
never what another printkit, still running, is writing. (Signals: test_interruptions.py.)"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import build, pdfs

GAME = "numbered-cards"


def build_on(cli, paper: str):
    return cli("build", GAME, "--content", "content", "--out", "out", "--paper", paper)


@pytest.fixture
def a4(cli, project) -> dict[str, bytes]:
    """A good A4 build in out/, and its files."""
    assert build_on(cli, "a4")[0] == 0
    return pdfs(project / "out")


def dead_pid() -> int:
    """The id of a process that has ended."""
    process = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                             text=True, check=True)
    return int(process.stdout)


def test_an_output_that_cannot_be_replaced_fails_the_build_with_every_output_as_it_was(
        cli, project, a4, monkeypatch):
    """The issue's case: an immutable sheet failed the build after two other PDFs were replaced,
    and after reverting the edit the next build kept the stale sheet. Now the two are put back."""
    real = os.replace

    def replace(source, target):
        if Path(target).name == "rules.pdf":  # the third: ability cards and the score pad come first
            raise PermissionError(errno.EPERM, os.strerror(errno.EPERM))
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    assert build_on(cli, "letter") == (1, "", f"out/{GAME}/rules.pdf: cannot write: {os.strerror(errno.EPERM)}\n")
    assert pdfs(project / "out") == a4
    monkeypatch.setattr(os, "replace", real)
    code, out, _ = build_on(cli, "a4")  # the edit reverted
    assert code == 0 and out.splitlines()[-1].startswith("built 5 files (0 changed)")
    assert pdfs(project / "out") == a4


def test_without_hard_links_the_backups_are_copies(cli, project, a4, monkeypatch):
    def link(source, target, **kwargs):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))  # as on FAT or some network shares

    monkeypatch.setattr(os, "link", link)
    assert build_on(cli, "letter")[0] == 0
    assert pdfs(project / "out") != a4
    assert sorted(path.name for path in (project / "out").rglob(".*")) == [".printkit-manifest.json"]


def test_temporary_files_a_crash_left_are_removed_but_not_a_running_printkits(cli, project, a4):
    folder = project / "out" / GAME
    dead, running = dead_pid(), os.getppid()
    left = [f".rules.pdf.{dead}-abcdefgh.tmp", f".rules.pdf.{dead}-abcdefgh.old", ".rules.pdf.k2j4h5g6.tmp"]
    kept = [f".rules.pdf.{running}-abcdefgh.tmp", ".notes.txt", "rules.pdf.tmp"]  # another's; not printkit's
    for name in left + kept:
        (folder / name).write_bytes(b"left behind")
    code, out, _ = build_on(cli, "a4")
    assert code == 0 and out.splitlines()[-1].startswith("built 5 files (0 changed)")
    assert sorted(path.name for path in folder.iterdir() if not path.name.endswith(".pdf") or path.name
                  .startswith(".")) == sorted(kept)


def test_a_journal_of_a_running_printkit_is_left_alone(cli, project, a4):
    journal = project / "out" / f".printkit-journal-{os.getppid()}.json"
    journal.write_text(json.dumps({"renames": [{"new": f"{GAME}/.rules.pdf.1-abcdefgh.tmp",
                                                "target": f"{GAME}/rules.pdf", "old": None}]}))
    assert build_on(cli, "letter")[0] == 0
    assert journal.is_file() and (project / "out" / GAME / "rules.pdf").is_file()


@pytest.mark.parametrize("journal", ["{not json", '{"renames": 5}', '{"renames": [{"new": "../../x"}]}'])
def test_a_damaged_journal_is_removed(cli, project, a4, journal):
    path = project / "out" / f".printkit-journal-{dead_pid()}.json"
    path.write_text(journal)
    assert build_on(cli, "a4")[0] == 0
    assert not path.exists() and pdfs(project / "out") == a4


def test_a_journal_naming_files_outside_its_folder_is_not_followed(cli, project, a4):
    """A journal can only undo printkit's own renames in its folder: no file elsewhere is removed."""
    outside = project / "content" / GAME / "game.yaml"
    entries = [{"new": f"../content/{GAME}/.game.yaml.1-abcdefgh.tmp", "target": f"../content/{GAME}/game.yaml",
                "old": None},
               {"new": f"{GAME}/.x.1-abcdefgh.tmp", "target": f"{GAME}/rules.pdf", "old": None}]
    path = project / "out" / f".printkit-journal-{dead_pid()}.json"
    path.write_text(json.dumps({"renames": entries}))
    assert build_on(cli, "a4")[0] == 0
    assert outside.is_file() and not path.exists()
    assert pdfs(project / "out") == a4  # rules.pdf was removed as "new", and drawn again


def test_a_folder_the_failed_build_made_is_removed(cli, project, monkeypatch):
    """Nothing was there before: a failure in the renames leaves nothing, not even the folders."""
    real = os.replace

    def replace(source, target):
        if Path(target).name == "rules.pdf":
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    code, _, err = build(cli, GAME)
    assert (code, err) == (1, f"out/{GAME}/rules.pdf: cannot write: {os.strerror(errno.EIO)}\n")
    assert not (project / "out").exists()


def test_an_immutable_file_without_hard_links(cli, project, a4, monkeypatch):
    """An immutable file cannot be linked either: its backup is a copy, which is dropped, not put
    back over it."""
    real = os.replace

    def link(source, target, **kwargs):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    def replace(source, target):
        if Path(target).name == "rules.pdf":
            raise PermissionError(errno.EPERM, os.strerror(errno.EPERM))
        real(source, target)

    monkeypatch.setattr(os, "link", link)
    monkeypatch.setattr(os, "replace", replace)
    assert build_on(cli, "letter") == (1, "", f"out/{GAME}/rules.pdf: cannot write: {os.strerror(errno.EPERM)}\n")
    assert pdfs(project / "out") == a4


def test_a_file_that_cannot_be_put_back_is_left_to_the_next_run(cli, project, a4, monkeypatch):
    """The rename onto rules.pdf fails, and so does putting the ability cards back: the journal
    keeps that one rename, and the next build puts them back before anything else."""
    real = os.replace

    def replace(source, target):
        if Path(target).name == "rules.pdf" or (Path(target).name == "ability-cards.pdf"
                                                 and Path(source).suffix == ".old"):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    assert build_on(cli, "letter")[0] == 1
    journal = project / "out" / f".printkit-journal-{os.getpid()}.json"
    assert [entry["target"] for entry in json.loads(journal.read_text())["renames"]] == \
        [f"{GAME}/ability-cards.pdf"]
    monkeypatch.setattr(os, "replace", real)
    code, out, _ = build_on(cli, "a4")
    assert code == 0 and out.splitlines()[-1].startswith("built 5 files (0 changed)")
    assert pdfs(project / "out") == a4
