"""The command line as people type it (issue 42, point 3): an unknown option named as such, with
the nearest one it may have meant, in one line, exit 2; `printkit help [COMMAND]`; the progress line
showing `game/file.pdf` with its file's name kept at any terminal width; a `--force` build counting
the files it wrote as changed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.cli.main import main
from printkit.ground.console import progress_line

GAME = "numbered-cards"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exit:  # argparse's --help
        code = exit.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.fixture
def here(project, monkeypatch) -> Path:
    monkeypatch.chdir(project)
    monkeypatch.setenv("COLUMNS", "300")  # the help unwrapped, the same however it is asked for
    return project


# --- an unknown option ---------------------------------------------------------------------------

UNKNOWN = {  # argv: the one line printkit says, exit 2
    "printkit --frob": (["--frob"], "printkit: error: unknown option '--frob' (before a command printkit takes only "
                                    "--help and --version); did you mean 'printkit export --for'?"),
    "printkit --zzzzzz": (["--zzzzzz"], "printkit: error: unknown option '--zzzzzz' (before a command printkit takes "
                                        "only --help and --version; `printkit COMMAND --help` lists a command's)"),
    "printkit -q build": (["-q", "build"], "printkit: error: unknown option '-q' (before a command printkit takes "
                                           "only --help and --version); did you mean 'printkit build -q'?"),
    "build --onyl x": (["build", "--onyl", "x"], "printkit: error: build: unknown option '--onyl'; did you mean '--only'?"),
    "build --pper=a4": (["build", "--pper=a4"], "printkit: error: build: unknown option '--pper'; did you mean '--paper'?"),
    "list -q": (["list", "-q"], "printkit: error: list: unknown option '-q' (`printkit list --help` lists what it takes)"),
    "help nosuch": (["help", "nosuch"], "printkit: error: unknown command 'nosuch' (commands: new, build, watch, preview, "
                                        "serve, validate, booklet, calibrate, settings, list, printed, errata, export, "
                                        "preflight, help)"),
    "help biuld": (["help", "biuld"], "printkit: error: unknown command 'biuld'; did you mean 'build'?"),
    "biuld": (["biuld"], "printkit: error: unknown command 'biuld'; did you mean 'build'?"),
}


@pytest.mark.parametrize("argv, line", UNKNOWN.values(), ids=UNKNOWN.keys())
def test_an_unknown_option_or_command_is_one_line_naming_it(here, capsys, argv, line):
    before = sorted(p for p in here.rglob("*"))
    assert run(capsys, *argv) == (2, "", line + "\n")
    assert sorted(p for p in here.rglob("*")) == before  # nothing written


def test_a_value_that_is_no_option_is_still_argparse_s_own_error(here, capsys):
    code, out, err = run(capsys, "list", "extra")
    assert code == 2 and out == ""
    assert err.splitlines()[0].startswith("usage: printkit") and err.splitlines()[-1] == \
        "printkit: error: unrecognized arguments: extra"


# --- printkit help [COMMAND] ----------------------------------------------------------------------

def test_help_lists_every_command_as_help_does(here, capsys):
    code, out, err = run(capsys, "help")
    assert (code, err) == (0, "")
    assert out == run(capsys, "--help")[1]
    for name in ("new", "build", "preview", "serve", "validate", "export", "help"):
        assert re.search(rf"^    {name}\s+\w", out, re.MULTILINE), name


@pytest.mark.parametrize("command", ["build", "serve", "list", "export", "help"])
def test_help_of_a_command_is_its_own_help(here, capsys, command):
    code, out, err = run(capsys, "help", command)
    assert (code, err) == (0, "")
    assert out.startswith(f"usage: printkit {command}")
    assert (out, 0) == (run(capsys, command, "--help")[1], run(capsys, command, "--help")[0])


def test_help_of_a_command_names_the_project_s_games_wherever_it_is_asked(here, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "--project", str(here), "help", "build")
    assert code == 0 and "numbered-cards" in out
    assert out == run(capsys, "build", "--project", str(here), "--help")[1]


# --- the progress line ---------------------------------------------------------------------------

@pytest.mark.parametrize("columns", [200, 60, 40, 30])
def test_the_progress_line_keeps_the_file_s_name_and_cuts_the_path_from_the_left(columns):
    path = "numbered-cards/setup/a-rather-long-folder-name/scenario-17.pdf"
    line = progress_line(12, 71, path, columns)
    assert len(line) <= columns - 1  # the last column left: a terminal may wrap on it
    assert line.endswith("scenario-17.pdf") and "12/71" in line
    shown = line.split("12/71 ", 1)[1]
    assert shown == path if columns == 200 else (shown.startswith("…") and path.endswith(shown[1:]))


def test_the_progress_line_at_full_width_is_the_bar_count_and_path():
    assert progress_line(12, 71, "cross-sums/booklet.pdf", 200) == \
        f"[{'#' * 4}{'-' * 20}] 12/71 cross-sums/booklet.pdf"


def test_a_build_on_a_terminal_shows_each_file_relative_to_the_output_folder(here, monkeypatch):
    import io

    from printkit.ground import console

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(console.sys, "stderr", terminal)
    assert main(["build", GAME, "--content", "content", "--out", "out"]) == 0
    shown = [part.split(" ", 2)[2] for part in terminal.getvalue().split("\r\x1b[K")[1:-1]]
    pdfs = sorted(p.relative_to(here / "out").as_posix() for p in (here / "out").rglob("*.pdf"))
    assert shown and sorted(shown) == pdfs and all(name.startswith(f"{GAME}/") for name in shown)


# --- honest counts after --force ------------------------------------------------------------------

def written(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in folder.rglob("*.pdf")}


def test_a_forced_build_writes_every_file_again_and_counts_each_as_changed(here, capsys):
    assert run(capsys, "build", GAME, "--content", "content", "--out", "out")[0] == 0
    before = written(here / "out")  # a file written again is a new inode: the old one lives until the rename
    code, out, _ = run(capsys, "build", GAME, "--content", "content", "--out", "out", "--force")
    assert code == 0
    after = written(here / "out")
    rewritten = [name for name in after if after[name] != before.get(name)]
    summary = re.fullmatch(r"built (\d+) files \((\d+) changed\), .*", out.splitlines()[-1])
    assert summary, out
    assert int(summary.group(2)) == len(rewritten) == int(summary.group(1)) == len(after) > 1
    assert "(unchanged)" not in out
