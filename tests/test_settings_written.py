"""printkit.yaml written by `printkit settings` as one file is written whole (printkit/ground/atomic.py):
the old file stays as it was when the new one cannot be written, nothing is written through a link
at its name, and a temporary file is named so that the next write there removes one a crash left."""

from __future__ import annotations

import errno
import os
import subprocess
import sys

from printkit.ground import atomic
from printkit.load.project import LINKED
from printkit.pipeline import write

BEFORE = "paper: letter\n"


class _FullDisk:
    """The os module as printkit.ground.atomic sees it, on a disk with no room left."""

    def __getattr__(self, name):
        return getattr(os, name)

    @staticmethod
    def write(handle, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_full_disk_leaves_printkit_yaml_as_it_was(project, cli, monkeypatch):
    (project / "printkit.yaml").write_text(BEFORE, encoding="utf-8")
    monkeypatch.setattr(atomic, "os", _FullDisk())
    code, out, err = cli("settings", "--content", "content", "--paper", "a4")
    assert (code, out) == (1, "")
    assert err == f"{project / 'printkit.yaml'}: cannot write: {os.strerror(errno.ENOSPC)}\n"
    assert (project / "printkit.yaml").read_text(encoding="utf-8") == BEFORE
    assert sorted(path.name for path in project.iterdir()) == ["content", "printkit.yaml", "templates"]


def test_printkit_yaml_as_a_link_is_not_written_through(project, cli):
    """A link inside the project is read (it is the designer's), never replaced through."""
    (project / "kept.yaml").write_text(BEFORE, encoding="utf-8")
    (project / "printkit.yaml").symlink_to("kept.yaml")
    assert cli("settings", "--content", "content")[0] == 0  # read through it
    assert cli("settings", "--content", "content", "--paper", "a4") == (1, "", f"printkit.yaml: {LINKED}\n")
    assert (project / "kept.yaml").read_text(encoding="utf-8") == BEFORE
    assert (project / "printkit.yaml").is_symlink()


def test_printkit_yaml_is_written_and_read_back(project, cli):
    assert cli("settings", "--content", "content", "--paper", "letter")[0] == 0
    assert "paper: letter" in (project / "printkit.yaml").read_text(encoding="utf-8").splitlines()
    assert "  paper: letter\n" in cli("settings", "--content", "content")[1]
    assert sorted(path.name for path in project.iterdir()) == ["content", "printkit.yaml", "templates"]


def test_a_temporary_file_is_named_as_the_next_write_removes_it(tmp_path):
    temporary = atomic.write_temp(tmp_path / "rules.pdf", b"%PDF-")
    assert temporary.parent == tmp_path and temporary.read_bytes() == b"%PDF-"
    found = write.TEMPORARY.fullmatch(temporary.name)
    assert found and int(found.group(1)) == os.getpid()
    write.recover(tmp_path)  # (this process has no batch open: what it left is left over)
    assert list(tmp_path.iterdir()) == []


def _ended_pid() -> int:
    """The id of a process that has ended (one started and waited for here)."""
    child = subprocess.Popen([sys.executable, "-c", ""])
    child.wait()
    return child.pid


def test_settings_removes_a_temporary_file_a_crash_left(project, cli):
    """A `printkit settings` that died mid-save left its temporary printkit.yaml in the project
    folder: the next one removes it; one of a printkit still running (this test's parent) stays."""
    (project / "printkit.yaml").write_text(BEFORE, encoding="utf-8")
    crashed = project / f".printkit.yaml.{_ended_pid()}-abcdefgh.tmp"
    running = project / f".printkit.yaml.{os.getppid()}-abcdefgh.tmp"
    for temporary in (crashed, running):
        temporary.write_text("paper: a", encoding="utf-8")
    assert cli("settings", "--content", "content", "--paper", "a4")[0] == 0
    assert "paper: a4" in (project / "printkit.yaml").read_text(encoding="utf-8").splitlines()
    assert sorted(path.name for path in project.iterdir()) == sorted(["content", "printkit.yaml", "templates",
                                                                      running.name])
