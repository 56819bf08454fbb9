"""Bad content, every game: each mistake a designer can make is exactly the lines its case expects
on stderr (`FILE:LINE: message`), exit 1, no traceback, the same from `validate` as from `build`,
and it never costs a previous output.

A case is a folder tests/fixtures/bad/<game>/<case>/ holding the files that differ from the real
project, laid over a copy of it (`overlay` in conftest.py), and its expected result:

- `<game>/<file>` replaces content/<game>/<file>, `templates/...` its namesake under templates/;
- `<name>.delete` (an empty file) deletes content/.../<name>;
- `<name>.edit` (YAML `old`, `new`, optionally `after`) edits the real file, so a case never goes
  stale: `old` must occur once, or with `after` the first `old` after the first `after` changes;
- `expected.yaml`: the stderr lines in order, each a `file` as printkit shows it, a `message`, and
  `at`, a text on the line meant (the first line with it in the overlaid file; with `after`, the
  first below the first `after`), or `line: null` for a message about the whole file.

The messages were checked by hand against each case, and the `at` texts name the line the designer
has to fix: never regenerate them from printkit's output. A new case is a new folder; the tests
below find it.
"""

from __future__ import annotations

import shutil
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from io import StringIO
from pathlib import Path

import pytest

from conftest import BAD, CONTENT, EXPECTED, build, expected_stderr, overlay, pdfs, validate
from printkit.cli.main import main
from printkit.games import all_games

GAMES = all_games()
CASES = [pytest.param(game.name, case.name, id=f"{game.name}/{case.name}")
         for game in sorted(BAD.iterdir()) for case in sorted(game.iterdir()) if case.is_dir()]


@dataclass(frozen=True)
class Build:
    code: int
    err: str
    folder: Path
    files: dict[str, bytes]


def quietly(*argv: str) -> tuple[int, str]:
    """printkit's exit code and stderr, outside a test's own capture."""
    err = StringIO()
    with redirect_stdout(StringIO()), redirect_stderr(err):
        code = main(list(argv))
    return code, err.getvalue()


@pytest.fixture(scope="module")
def previous(tmp_path_factory):
    """game -> a good build of the real content, made once per game and reused. It is built on
    Letter and the cases on A4, so a failed build that wrote any file would change its bytes."""
    builds = {}

    def of(game: str) -> Build:
        if game not in builds:
            out = tmp_path_factory.mktemp(f"previous-{game}")
            code, err = quietly("build", game, "--content", str(CONTENT), "--out", str(out), "--paper", "letter")
            builds[game] = Build(code, err, out, pdfs(out))
        return builds[game]

    return of


# --- each case: exactly its lines, exit 1, nothing written, validate agrees, nothing lost -----------

@pytest.mark.parametrize("game, case", CASES)
def test_bad_case(game, case, project, cli, previous):
    """The case built alone (only its game), then validated, then built over a previous build."""
    folder = BAD / game / case
    overlay(folder, project)
    code, out, err = build(cli, game)
    assert err.splitlines() == expected_stderr(folder, project)
    assert (code, out) == (1, "")
    assert not (project / "out").exists(), "a failed build wrote something"
    assert validate(cli, game)[::2] == (code, err), "validate disagrees with build"
    kept = previous(game)
    shutil.copytree(kept.folder, project / "kept")
    assert build(cli, game, out="kept")[0] == 1
    assert pdfs(project / "kept") == kept.files, "a failed build changed a previous build's files"


# --- the controls ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(GAMES))
def test_real_content_validates_and_builds(game, previous, tmp_path):
    """Without a case laid over it, nothing is reported; the previous build the cases keep holds
    every product of the game, and a build over it that writes changes every PDF in it."""
    assert quietly("validate", game, "--content", str(CONTENT)) == (0, "")
    kept = previous(game)
    assert (kept.code, kept.err) == (0, "")
    for product in GAMES[game].products:
        assert any(name.startswith(f"{game}/{product.name}") for name in kept.files), product.name
    shutil.copytree(kept.folder, tmp_path / "out")
    assert quietly("build", game, "--content", str(CONTENT), "--out", str(tmp_path / "out")) == (0, "")
    rebuilt = pdfs(tmp_path / "out")
    assert [name for name in kept.files if name.endswith(".pdf") and rebuilt[name] == kept.files[name]] == []


def test_every_case_folder_has_an_expected_yaml_and_every_expected_yaml_a_folder():
    assert {path.name for path in BAD.iterdir()} == set(GAMES), "a folder per game, named as the game"
    folders = {path.relative_to(BAD) for path in BAD.glob("*/*")}
    assert {path.parent.relative_to(BAD) for path in BAD.rglob(EXPECTED)} == folders
