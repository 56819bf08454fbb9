"""`--out` never writes among the project's own files (issue 25, item 8): into content/ or
templates/, over the project's folder or a folder holding it, for every command that takes it, as
the booklet export already refused; and an `--out` 1,100 folders deep is one line, not a
RecursionError. Each is a usage error (exit 2) before anything is written."""

from __future__ import annotations

import os

import pytest

DEEP = "/".join(["a"] * 1100)
COMMANDS = [["build"], ["preview"], ["calibrate"], ["errata"], ["export", "--for", "tgc"], ["watch"], ["serve"],
            ["booklet", "--imposition", "none"]]
PLACES = {"content": "would write into content, the project's own files",
          "content/one-too-many/x": "would write into content, the project's own files",
          "templates/x": "would write into templates, the project's own files",
          ".": "would write over the project (printkit.yaml, content/ and templates/ in ./)",
          "..": "would write over the project (printkit.yaml, content/ and templates/ in ./)",
          DEEP: "1,100 folders deep (at most 200)"}


def snapshot(project) -> dict:
    return {path: os.stat(os.path.join(path, name)).st_mtime_ns for path, _, names in os.walk(project) for name in names}


@pytest.mark.parametrize("command", COMMANDS, ids=lambda argv: argv[0])
@pytest.mark.parametrize("place", PLACES, ids=lambda place: place[:20])
def test_out_among_the_projects_own_files_is_refused(project, cli, command, place):
    if command[0] == "booklet" and place in (".", ".."):
        pytest.skip("a booklet is one PDF: beside printkit.yaml it replaces nothing of the project's")
    (project / "printkit.yaml").write_text("paper: a4\n", encoding="utf-8")
    before = snapshot(project)
    target = f"{place}/booklet.pdf" if command[0] == "booklet" and place != DEEP else place
    code, out, err = cli(*command, "--out", target)
    shown = target if len(target) <= 80 else f"{target[:60]}..."
    message = PLACES[place].replace("1,100", f"{len(os.path.abspath(target).split(os.sep)):,}")
    assert (code, out) == (2, "") and err.splitlines()[-1] == f"printkit: error: --out {shown}: {message}"
    assert snapshot(project) == before and not (project / "a").exists()
