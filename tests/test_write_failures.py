"""Outputs that cannot be written: a disk that fills mid-build, a folder that cannot be written, a
file where a folder should be. Each is one line naming the file and the reason, exit 1, no
traceback; every earlier output stays byte-identical and no temporary file or new folder is left.

The previous build is on Letter and the new one on A4, so every file of the new build differs
from the old one and is written: a single replaced file would show. (Interruptions, and failures
while the files are renamed into place, are in test_all_or_nothing.py.)
"""

from __future__ import annotations

import errno
import os
import re
import tempfile
from pathlib import Path

import pytest

from conftest import pdfs

GAME = "one-too-many"  # five small files: quick, and enough to fail in the middle of
NO_SPACE = os.strerror(errno.ENOSPC)  # "No space left on device"


def build_on(cli, paper: str, out: str = "out"):
    return cli("build", GAME, "--content", "content", "--out", out, "--paper", paper)


@pytest.fixture
def previous(cli, project) -> dict[str, bytes]:
    """A good Letter build in out/: the outputs a failed build must leave whole."""
    assert build_on(cli, "letter")[0] == 0
    return pdfs(project / "out")


@pytest.fixture
def written(cli, project) -> list[tuple[str, int]]:
    """(file, bytes) of a good A4 build in the order the build reports writing them."""
    code, stdout, _ = build_on(cli, "a4", out="a4")
    assert code == 0
    names = re.findall(r"^(\S+\.pdf)  ", stdout, flags=re.M)
    assert len(names) == 6
    return [(name, (project / name).stat().st_size) for name in names]


def leftovers(folder: Path) -> list[str]:
    """Temporary files (hidden, or .tmp); the build manifest is the one hidden file a build keeps."""
    return [str(p) for p in folder.rglob("*")
            if (p.name.startswith(".") and p.name != ".printkit-manifest.json") or p.suffix == ".tmp"]


def fill_disk_after(monkeypatch, budget: int) -> None:
    """os.write writes `budget` bytes in all, then fails as a full disk does (a short write first)."""
    real, left = os.write, [budget]

    def write(fd, data):
        if not left[0]:
            raise OSError(errno.ENOSPC, NO_SPACE)
        count = real(fd, bytes(data[:left[0]]))
        left[0] -= count
        return count

    monkeypatch.setattr(os, "write", write)


def assert_one_line_and_whole(result, expected: str, project: Path, previous: dict[str, bytes]):
    code, stdout, stderr = result
    assert (code, stdout, stderr) == (1, "", expected + "\n")
    assert pdfs(project / "out") == previous
    assert leftovers(project) == []


def test_disk_full_on_the_third_file_replaces_none(cli, project, previous, written, monkeypatch):
    """Two files fit, the third does not: with one-by-one renames the first two would already be
    new; written in two phases, all five are still the previous build's."""
    first_two = written[0][1] + written[1][1]
    fill_disk_after(monkeypatch, first_two + written[2][1] // 2)
    third = written[2][0].replace("a4/", "out/", 1)
    assert_one_line_and_whole(build_on(cli, "a4"), f"{third}: cannot write: {NO_SPACE}", project, previous)


def test_disk_full_on_the_last_byte(cli, project, previous, written, monkeypatch):
    fill_disk_after(monkeypatch, sum(size for _, size in written) - 1)
    last = written[-1][0].replace("a4/", "out/", 1)
    assert_one_line_and_whole(build_on(cli, "a4"), f"{last}: cannot write: {NO_SPACE}", project, previous)


def test_disk_full_in_a_new_folder_leaves_no_folder(cli, project, written, monkeypatch):
    fill_disk_after(monkeypatch, 0)
    first = written[0][0].replace("a4/", "new/deeper/", 1)
    code, stdout, stderr = build_on(cli, "a4", out="new/deeper")
    assert (code, stdout, stderr) == (1, "", f"{first}: cannot write: {NO_SPACE}\n")
    assert not (project / "new").exists()


def test_permission_denied_on_the_third_file(cli, project, previous, written, monkeypatch):
    """A folder that refuses new files (as a read-only folder does), simulated so it also fails
    when the tests run as root; the real thing is the next test."""
    real, third = tempfile.mkstemp, written[2][0].replace("a4/", "out/", 1)

    def mkstemp(prefix, suffix, dir):
        if prefix.startswith(f".{Path(third).name}."):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return real(prefix=prefix, suffix=suffix, dir=dir)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    expected = f"{third}: cannot write: {os.strerror(errno.EACCES)}"
    assert_one_line_and_whole(build_on(cli, "a4"), expected, project, previous)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write a read-only folder")
def test_read_only_folder(cli, project, previous, written):
    folder = project / "out" / GAME
    folder.chmod(0o555)
    try:
        result = build_on(cli, "a4")
    finally:
        folder.chmod(0o755)
    first = written[0][0].replace("a4/", "out/", 1)
    expected = f"{first}: cannot write: {os.strerror(errno.EACCES)}"
    assert_one_line_and_whole(result, expected, project, previous)


def test_output_folder_is_a_file(cli, project, written):
    (project / "out").write_bytes(b"not a folder")
    first = written[0][0].replace("a4/", "out/", 1)
    code, stdout, stderr = build_on(cli, "a4")
    assert (code, stdout, stderr) == (1, "", f"{first}: cannot write: {os.strerror(errno.ENOTDIR)}\n")
    assert (project / "out").read_bytes() == b"not a folder"


def test_a_folder_where_the_last_output_goes(cli, project, previous, written):
    """Found while writing the temporary files, before any output is replaced."""
    last = written[-1][0].replace("a4/", "out/", 1)
    (project / last).unlink()
    (project / last).mkdir()
    del previous[Path(last).relative_to("out").as_posix()]
    assert_one_line_and_whole(build_on(cli, "a4"), f"{last}: cannot write: {os.strerror(errno.EISDIR)}",
                              project, previous)


def test_a_rename_that_fails_puts_the_renamed_files_back(cli, project, previous, written, monkeypatch):
    """The one failure the two phases cannot prevent (the disk is written; only renaming is left),
    as with a file that cannot be replaced: one line, no temporary file, and the files renamed
    before it are put back, so every output is the previous build's."""
    real, third = os.replace, Path(written[2][0]).name

    def replace(source, target):
        if Path(target).name == third:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    expected = f"{written[2][0].replace('a4/', 'out/', 1)}: cannot write: {os.strerror(errno.EIO)}"
    assert_one_line_and_whole(build_on(cli, "a4"), expected, project, previous)
