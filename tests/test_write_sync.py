"""A build's files are on disk before any of them is renamed into place, and they are synced side
by side (issue 41, item 1: one after the other, a cold build's 82 files waited 0.4 s on the disk,
a fifth of the build)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from conftest import build, pdfs
from printkit.pipeline import write

GAME = "numbered-cards"  # five PDFs and the manifest


def test_every_file_is_synced_before_the_first_rename_and_two_at_once(project, cli, monkeypatch):
    opened: dict[int, str] = {}
    log: list[tuple] = []
    both = threading.Barrier(2, timeout=10)  # the first two outputs' syncs wait for each other
    waiting = []
    real_open, real_fsync, real_replace = os.open, os.fsync, os.replace

    def logged_open(path, flags, *args, **kwargs):
        handle = real_open(path, flags, *args, **kwargs)
        opened[handle] = os.fspath(path)
        return handle

    def logged_fsync(handle):
        path = opened.get(handle, "")
        output = path.endswith(".tmp") and Path(project, path).resolve().is_relative_to((project / "out").resolve())
        if output and ".printkit-journal-" not in path and len(waiting) < 2:
            waiting.append(path)
            both.wait()  # one after the other, the first would wait here alone, and fail
        log.append(("fsync", path))
        return real_fsync(handle)

    def logged_replace(source, target):
        log.append(("replace", os.fspath(source), os.fspath(target)))
        return real_replace(source, target)

    monkeypatch.setattr(os, "open", logged_open)
    monkeypatch.setattr(os, "fsync", logged_fsync)
    monkeypatch.setattr(os, "replace", logged_replace)
    assert build(cli, GAME)[0] == 0
    out = (project / "out").resolve()
    renames = [(i, entry[1]) for i, entry in enumerate(log) if entry[0] == "replace"
               and ".printkit-journal-" not in entry[2] and Path(project, entry[2]).resolve().is_relative_to(out)]
    outputs = pdfs(project / "out")
    assert len(renames) == len(outputs) == 6, (renames, sorted(outputs))
    first = renames[0][0]
    synced_before = {entry[1] for entry in log[:first] if entry[0] == "fsync"}
    assert {source for _, source in renames} <= synced_before
    assert len(waiting) == 2


def test_a_file_that_cannot_be_synced_is_one_line_and_nothing_is_replaced(project, cli, monkeypatch):
    """The disk refusing a sync (EIO) is the batch's one problem, named after the file, and every
    output is as it was: none was renamed yet."""
    assert build(cli, GAME)[0] == 0
    before = pdfs(project / "out")
    (project / "content" / GAME / "game.yaml").write_text(
        (project / "content" / GAME / "game.yaml").read_text(encoding="utf-8").replace(
            "A solo, push your luck game.", "A solo game of luck."), encoding="utf-8")
    real_fsync = write.os.fsync

    def failing(handle):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(write.os, "fsync", failing)
    code, out, err = build(cli, GAME)
    monkeypatch.setattr(write.os, "fsync", real_fsync)
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith(": cannot write: Input/output error"), err
    assert lines[0].startswith(f"out/{GAME}/") or lines[0].startswith(str(project / "out")), err
    assert pdfs(project / "out") == before
    assert not [name for name in os.listdir(project / "out" / GAME) if name.endswith(".tmp")]
