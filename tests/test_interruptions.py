"""A build interrupted anywhere leaves every output all as it was or all as the new build makes
it, never a mix, and no temporary file: SIGINT and SIGTERM before each file operation of a real
build (writing, syncing, linking backups, every rename, every clean-up), a signal from outside
while the files are being renamed, and SIGKILL, after which the next build rolls back.

The old outputs are a Letter build, the new ones A4: every file differs, so a mix would show.
The builds run in a process of their own (tests/interrupt_driver.py), which signals itself.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CONTENT, build_into, pdfs
from interrupt_driver import OPERATIONS
from printkit.pipeline.cores import WORKERS
from printkit.pipeline.write import recover

GAME = "numbered-cards"  # three PDFs and the manifest: four files to rename
DRIVER = Path(__file__).with_name("interrupt_driver.py")
BUILD = ["build", GAME, "--content", str(CONTENT), "--out", "{out}", "--paper", "a4"]


@pytest.fixture(autouse=True)
def forked(monkeypatch):
    """This file's builds draw in forked workers, as on a machine of several cores (conftest.py
    asks every other test's build to draw in its own process)."""
    monkeypatch.delenv(WORKERS, raising=False)


@pytest.fixture(scope="module")
def states(tmp_path_factory) -> dict:
    """The folders a build goes from and to, and every file of each."""
    root = tmp_path_factory.mktemp("interruptions")
    old, new = root / "old", root / "new"
    assert build_into(old, GAME, "--paper", "letter") == 0 and build_into(new, GAME, "--paper", "a4") == 0
    return {"root": root, "old": old, "old files": pdfs(old), "new files": pdfs(new)}


def drive(states, signal_name: str, points, work: str, pause: bool = False, counting=None, **popen):
    spec = {"signal": signal_name, "points": list(points), "pristine": str(states["old"]),
            "work": str(states["root"] / work), "argv": BUILD, "pause": pause,
            "counting": counting or (["replace"] if pause else list(OPERATIONS))}
    return subprocess.Popen([sys.executable, str(DRIVER), json.dumps(spec)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **popen)


def whole(states, folder: Path) -> str:
    """'old' or 'new'; anything else (a mix, a temporary file, a journal) fails the test."""
    files = pdfs(folder)
    if files == states["old files"]:
        return "old"
    assert files == states["new files"], sorted(name for name in files if files[name] !=
                                                states["new files"].get(name))
    return "new"


@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_a_signal_before_any_file_operation_leaves_all_old_or_all_new(states, signal_name):
    process = drive(states, signal_name, range(1, 200), f"every-{signal_name}")
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    results = [json.loads(line) for line in out.splitlines()]
    assert results[-1].get("beyond") and results[-1]["operations"] >= 25, results[-1]
    ends = set()
    for result in results[:-1]:
        signum = getattr(signal, signal_name)
        assert (result["code"], result["stderr"]) == (128 + signum, f"printkit: interrupted ({signal_name})\n")
        ends.add((result["operation"], whole(states, states["root"] / f"every-{signal_name}" / str(result["point"]))))
    assert {"old", "new"} == {end for _, end in ends}  # some before the renames, some after
    assert {operation for operation, _ in ends} >= {"write", "fsync", "link", "replace", "unlink"}
    assert ("replace", "new") in ends  # a signal during the renames waits for them


@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_a_signal_from_outside_during_the_renames(states, signal_name):
    """Paused at the third rename (the journal is the first); the signal arrives while files are
    being renamed into place."""
    process = drive(states, signal_name, [3], f"outside-{signal_name}", pause=True)
    assert process.stdout.readline() == "paused\n"
    process.send_signal(getattr(signal, signal_name))
    (states["root"] / f"outside-{signal_name}" / "3.sent").touch()
    out, err = process.communicate(timeout=60)
    result = json.loads(out)
    assert result["stderr"] == f"printkit: interrupted ({signal_name})\n", err
    assert whole(states, states["root"] / f"outside-{signal_name}" / "3") == "new"


@pytest.mark.parametrize("rename", [2, 3, 5])
def test_after_sigkill_during_the_renames_the_next_build_rolls_back(states, rename, capsys):
    """SIGKILL cannot be caught: before the first, the second or the last of the four renames, it
    leaves the journal (and a mix), which the next run rolls back."""
    process = drive(states, "SIGKILL", [rename], f"kill-{rename}", counting=["replace"])
    process.communicate(timeout=60)
    assert process.returncode == -signal.SIGKILL
    folder = states["root"] / f"kill-{rename}" / str(rename)
    assert any(name.startswith(".printkit-journal-") for name in os.listdir(folder))
    copy = folder.with_name("copy")
    shutil.copytree(folder, copy)
    recover(folder)
    assert whole(states, folder) == "old"
    assert build_into(copy, GAME, "--paper", "a4") == 0  # a build recovers first, then builds
    assert whole(states, copy) == "new"
    assert build_into(copy, GAME, "--paper", "a4") == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("built 5 files (0 changed)")
    shutil.rmtree(copy)
