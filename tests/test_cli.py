"""The command line as a table: argv -> exit code -> stderr -> stdout -> files written.

Every row runs `printkit.cli.main.main(argv)` in-process, in a copy of the project (so the defaults
`--content content` and `--out output` apply and printed paths are relative), and checks that
nothing else was written. One subprocess test proves `python -m printkit` works.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.cli.main import COMMANDS, main
from printkit.games import all_games
from printkit.pipeline.kits import select_games

GAME = "ascending-row-overflow"
TITLE = "Ascending row overflow"
PRODUCTS = ["print-guide", "deck", "starter-rows", "player-aid", "score-sheet", "practice-sheet", "practice-key", "rules"]
ALL_GAMES = all_games()


@dataclass(frozen=True)
class Usage:
    """A usage error: argparse's usage line first, then `<prog>: error: ...` containing `text`."""

    text: str


@dataclass(frozen=True)
class Row:
    argv: list[str]
    code: int
    stderr: list[str] | Usage = ()  # exact lines, or a usage error
    stdout: str | None = None  # a check below by name: "list", "valid", "built A4", ...
    written: str | None = None  # the folder the game's 6 PDFs go to; None: nothing is written
    says: tuple[str, ...] = ()  # texts stdout holds, each on a line of its own or within one
    before: tuple[tuple[str, ...], ...] = ()  # commands run first, that must succeed (their files are not checked)


NOTHING_CHANGED = r"built \d+ files \(0 changed\), \d+ pages, 4 games, A4, in \d+\.\d\d s\n"


ROWS = {
    "list": Row(["list"], 0, [], "list"),
    "validate": Row(["validate"], 0, [], "valid"),
    "build": Row(["build"], 0, [], "built A4", "output"),
    "build one game": Row(["build", GAME], 0, [], "built A4", "output"),
    "--project before the command": Row(["--project", ".", "build", GAME], 0, [], "built A4", "output"),
    "--project=DIR before the command": Row(["--project=.", "list"], 0, [], "list"),
    "--project and no command": Row(["--project", "."], 2,
                                    Usage("--project: name a command after it, e.g. printkit --project . build")),
    "build --paper letter": Row(["build", "--paper", "letter", "--out", "out"], 0, [], "built Letter", "out"),
    "build unknown game": Row(["build", "nosuchgame"], 2, Usage("unknown game: nosuchgame (known: ")),
    "build --paper a5": Row(["build", "--paper", "a5"], 2, Usage("argument --paper: invalid choice: 'a5'")),
    "build --bleed -1": Row(["build", "--bleed", "-1"], 2, Usage("argument --bleed: bleed must be 0 to 6 mm, not -1")),
    "build --bleed x": Row(["build", "--bleed", "x"], 2, Usage("argument --bleed: not a number of millimetres: 'x'")),
    "build --duplex sideways": Row(["build", "--duplex", "sideways"], 2,
                                   Usage("argument --duplex: invalid choice: 'sideways'")),
    "no command: the help, exit 0": Row([], 0, [], "help"),
    "--help": Row(["--help"], 0, [], "help"),
    "a mistyped command": Row(["biuld"], 2, ["printkit: error: unknown command 'biuld'; did you mean 'build'?"]),
    "a command like none": Row(["xyzzy"], 2, [  # a name printkit does not know: one line (tests/test_prompts.py)
        "printkit: error: unknown command 'xyzzy' (commands: new, build, watch, preview, serve, validate, booklet, "
        "calibrate, settings, list, printed, errata, export, preflight, help)"]),
    "build --paper A4": Row(["build", "--paper", "A4"], 0, [], "built A4", "output"),
    "build --paper LETTER": Row(["build", "--paper", "LETTER", "--out", "out"], 0, [], "built Letter", "out"),
    "build --duplex SHORT": Row(["build", GAME, "--duplex", "SHORT"], 0, [], "built A4", "output"),
    "build --quiet": Row(["build", "--quiet"], 0, [], "empty", "output"),
    "build -q, a usage error still said": Row(["build", "-q", "--bleed", "9"], 2,
                                               Usage("argument --bleed: bleed must be 0 to 6 mm, not 9")),
    "build -q -v": Row(["build", "-q", "-v"], 2, Usage("argument -v/--verbose: not allowed with argument -q/--quiet")),
    "build again, nothing changed: one line": Row(["build"], 0, [], "nothing-changed", before=(("build",),)),
    "build again -v: every file, unchanged": Row(["build", "-v"], 0, [], "unchanged", before=(("build",),)),
    "build --help: the games, the defaults": Row(["build", "--help"], 0, [], says=(
        "GAME", "ascending-row-overflow, cross-sums, numbered-cards, one-too-many", "(default: a4)",
        "(default: long)", "--only PRODUCT[,PRODUCT]", "-q, --quiet", "-v, --verbose", "--project DIR")),
    "build --help after settings --paper letter": Row(["build", "--help"], 0, [], says=(
        "(now: letter, from printkit.yaml)", "(now: 1,-0.5, from printkit.yaml)", "(default: long)"),
        before=(("settings", "--paper", "letter", "--back-offset", "1,-0.5"),)),
    "calibrate --help: its defaults": Row(["calibrate", "--help"], 0, [], says=("(default: a4)", "Needs no project.")),
    "every command has a description": Row(["validate", "--help"], 0, [], says=(
        "Check the content of the project's games (or of those named) and plan every product.",)),
    "validate --quiet": Row(["validate", "-q"], 0, [], "empty"),
    "validate --verbose": Row(["validate", "-v"], 0, [], says=(f"{GAME}  8 products", "content is valid: 4 games")),
    "list --quiet is no option of list": Row(["list", "-q"], 2, [
        "printkit: error: list: unknown option '-q' (`printkit list --help` lists what it takes)"]),
    "calibrate -v: it has nothing more to say": Row(["calibrate", "-v"], 2, [
        "printkit: error: calibrate: unknown option '-v' (`printkit calibrate --help` lists what it takes)"]),
    "validate missing content": Row(["validate", "--content", "/nonexistent"], 2,
                                    Usage("content folder not found: /nonexistent")),
    "build missing content": Row(["build", "--content", "/nonexistent"], 2,
                                 Usage("content folder not found: /nonexistent")),
    "version": Row(["--version"], 0, [], "version"),
    "errata before printed": Row(["errata"], 1, [
        "printed.json: no record of what was printed: run `printkit printed` first, when the cards are printed"]),
    "errata after printed, nothing changed": Row(["errata", GAME], 0, [], says=(
        f"{GAME}: no card changed since ",), before=(("printed", GAME),)),
    "printed a game with no cards": Row(["printed", "cross-sums"], 1, ["cross-sums: has no cards or tokens to record"]),
    "printed --paper a5": Row(["printed", "--paper", "a5"], 2, Usage("argument --paper: invalid choice: 'a5'")),
    "errata --help: what it writes": Row(["errata", "--help"], 0, [], says=(
        "Writes GAME/errata.pdf for each game with a card changed", "--back-offset X,Y")),
}


def run(argv, capsys) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exit:  # argparse's own errors, and --version
        code = exit.code
    out, err = capsys.readouterr()
    return code, out, err


def files_in(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def here(project, monkeypatch) -> Path:
    monkeypatch.chdir(project)
    monkeypatch.setenv("COLUMNS", "300")  # the help unwrapped: a game's name is not broken at its hyphen
    return project


@pytest.mark.parametrize("row", ROWS.values(), ids=ROWS.keys())
def test_cli_table(row: Row, here: Path, capsys):
    for argv in row.before:
        assert run(argv, capsys)[0] == 0, argv
    before = files_in(here)
    code, out, err = run(row.argv, capsys)
    assert "Traceback" not in out + err

    assert code == row.code, err
    if isinstance(row.stderr, Usage):
        lines = err.splitlines()
        assert lines[0].startswith("usage: printkit"), err
        assert re.fullmatch(r"printkit: error: .*", lines[-1]), err  # one prefix, whichever command
        assert row.stderr.text in lines[-1], err
        assert out == ""
    else:
        assert err.splitlines() == list(row.stderr)

    if row.stdout is not None:
        CHECK_STDOUT[row.stdout.split()[0]](out, here, *row.stdout.split()[1:], folder=row.written)
    for text in row.says:
        assert " ".join(text.split()) in " ".join(out.split()), f"{text!r} not in:\n{out}"  # help wraps anywhere

    new = files_in(here) - before
    if row.written is None:
        assert new == set() or row.before, new
    else:
        game_pdfs = {f"{row.written}/{GAME}/{product}.pdf" for product in PRODUCTS}
        assert game_pdfs <= new
        assert f"{row.written}/.printkit-manifest.json" in new
        new.discard(f"{row.written}/.printkit-manifest.json")
        assert all(re.fullmatch(rf"{row.written}/[\w-]+/([\w-]+/)?[\w-]+\.pdf", path) for path in new), new
        for path in game_pdfs:
            assert (here / path).read_bytes().startswith(b"%PDF-")


# --- what stdout says ------------------------------------------------------------------------------

def check_list(out: str, here: Path, folder=None) -> None:
    lines = out.splitlines()
    start = lines.index(f"{GAME}  ({TITLE})")
    products = [re.match(r"  (\S+) +\S", line) for line in lines[start + 1:start + 1 + len(PRODUCTS)]]
    assert [m.group(1) for m in products if m] == PRODUCTS


def check_valid(out: str, here: Path, folder=None) -> None:
    assert re.fullmatch(r"content is valid: \d+ games? checked, \d+ products? planned on A4 and Letter\n", out), out


def check_built(out: str, here: Path, paper: str, folder: str) -> None:
    """One line per file, `PATH  N page(s)` with the file's real page count; then a summary."""
    lines = out.splitlines()
    shown = {}
    for line in lines[:-1]:
        match = re.fullmatch(r"(\S+\.pdf)  (\d+) (pages?)(  \(unchanged\))?", line)
        assert match, line
        path, pages, word = match.group(1), int(match.group(2)), match.group(3)
        assert word == ("page" if pages == 1 else "pages"), line
        assert pages == len(PdfReader(here / path).pages), line
        shown[path] = pages
    assert [p for p in shown if p.startswith(f"{folder}/{GAME}/")] == \
        [f"{folder}/{GAME}/{product}.pdf" for product in PRODUCTS]
    summary = re.fullmatch(r"built (\d+) files \((\d+) changed\), (\d+) pages, (\d+) games?, (\w+), in \d+\.\d\d s",
                           lines[-1])
    assert summary, lines[-1]
    files, changed, pages, _, shown_paper = summary.groups()
    assert int(files) == int(changed) == len(shown)
    assert int(pages) == sum(shown.values())
    assert shown_paper == paper


def check_version(out: str, here: Path, folder=None) -> None:
    assert re.fullmatch(r"printkit \d+\.\d+\.\d+\n", out), out


def check_help(out: str, here: Path, folder=None) -> None:
    """The help: printkit's own description (not a note for developers), every command with its line."""
    assert out.startswith("usage: printkit [-h] [--version] COMMAND ..."), out
    assert "printkit turns a project's content" in out
    for name, (command, _) in COMMANDS.items():
        summary = command.__doc__.splitlines()[0]
        assert re.search(rf"^    {name}\s+{re.escape(summary.split()[0])}", out, re.MULTILINE), name
    assert "Exit codes: 0 done, 1 a problem in the project" in " ".join(out.split())


def check_empty(out: str, here: Path, folder=None) -> None:
    assert out == ""


def check_nothing_changed(out: str, here: Path, folder=None) -> None:
    assert re.fullmatch(NOTHING_CHANGED, out), out


def check_unchanged(out: str, here: Path, folder=None) -> None:
    """-v after a build that changed nothing: every file, each `(unchanged)`, as many as the first
    build wrote (the PDFs of the output folder), then the summary."""
    lines = out.splitlines()
    assert all(line.endswith("pages  (unchanged)") or line.endswith("page  (unchanged)") for line in lines[:-1]), out
    assert {line.split()[0] for line in lines[:-1]} == {f"output/{p}" for p in files_in(here / "output")
                                                          if p.endswith(".pdf")}
    assert re.fullmatch(NOTHING_CHANGED, lines[-1] + "\n"), lines[-1]


CHECK_STDOUT = {"list": check_list, "valid": check_valid, "built": check_built, "version": check_version,
                "help": check_help, "empty": check_empty, "nothing-changed": check_nothing_changed,
                "unchanged": check_unchanged}


# --- more than a row can say -----------------------------------------------------------------------

@pytest.mark.parametrize("only_one", [True, False], ids=["one game", "every game"])
def test_validate_counts_games_in_good_english(only_one, here: Path, capsys):
    if only_one:  # a project with just this game: the others' content is not asked for
        for folder in (here / "content").iterdir():
            if folder.name != GAME:
                shutil.rmtree(folder)
    games = select_games([], here / "content")
    assert len(games) == (1 if only_one else len(ALL_GAMES))
    products = sum(len(game.products) for game in games)
    code, out, _ = run(["validate"], capsys)
    assert code == 0
    assert out == (f"content is valid: {len(games)} game{'s' * (len(games) != 1)} checked, "
                   f"{products} product{'s' * (products != 1)} planned on A4 and Letter\n")


def test_build_twice_changes_nothing_the_second_time(here: Path, capsys):
    assert run(["build"], capsys)[0] == 0
    before = {p: (here / "output" / p).stat().st_mtime_ns for p in files_in(here / "output")}
    code, out, _ = run(["build"], capsys)
    assert code == 0
    assert re.fullmatch(NOTHING_CHANGED, out), out
    assert {p: (here / "output" / p).stat().st_mtime_ns for p in files_in(here / "output")} == before


def test_written_pdfs_are_readable_like_any_new_file(here: Path, capsys):
    """The PDFs get the permissions the user's umask gives new files (0644 for umask 022), not the
    0600 of a private temporary file: a print shop, a web server or a teammate must read them."""
    umask = os.umask(0)
    os.umask(umask)
    assert run(["build"], capsys)[0] == 0
    for product in PRODUCTS:
        mode = (here / "output" / GAME / f"{product}.pdf").stat().st_mode & 0o777
        assert mode == 0o666 & ~umask, f"{product}.pdf is {mode:o}"


def test_python_dash_m_printkit(here: Path):
    result = subprocess.run([sys.executable, "-m", "printkit", "list"], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert f"{GAME}  ({TITLE})" in result.stdout.splitlines()


def test_output_piped_into_a_reader_that_stops_is_not_an_error(tmp_path):
    """`printkit build | head -1`: the reader closes the pipe; no traceback, no 'Exception ignored'."""
    process = subprocess.Popen([sys.executable, "-m", "printkit", "list"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parent.parent)
    process.stdout.close()  # before printkit writes a byte
    _, err = process.communicate(timeout=60)
    assert err.decode() == ""
    assert process.returncode == 0


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("command, redirect, reason", [
    ("list", ">&-", "Bad file descriptor"),
    ("list", "> /dev/full", "No space left on device"),
    ("validate numbered-cards", ">&-", "Bad file descriptor"),
    ("build numbered-cards", "> /dev/full", "No space left on device"),
])
def test_a_standard_output_that_cannot_be_written_is_one_line(tmp_path, command, redirect, reason):
    """`printkit list >&-` and `> /dev/full` ended in tracebacks. A closed standard output stops
    printkit before it starts; a full one fails the report, after the build was written whole."""
    root = Path(__file__).resolve().parent.parent
    (tmp_path / "content").symlink_to(root / "content")
    result = subprocess.run(f"{sys.executable} -m printkit {command} {redirect}", shell=True, cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stderr) == (1, f"printkit: error: cannot write to standard output: {reason}\n")
    if command.startswith("build"):
        assert len(list((tmp_path / "output" / "numbered-cards").glob("*.pdf"))) == 5


def test_a_build_on_a_terminal_shows_a_bar_as_it_draws(here: Path):
    """Every file drawn moves the bar on standard error, a terminal: done/total and the file; at the
    end the line is cleared. Not a terminal (a pipe, a log): nothing at all."""
    from printkit.ground.console import Progress
    from printkit.load.options import Options
    from printkit.pipeline.build import build
    from printkit.plan.geometry import PAPERS

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal, pipe = Terminal(), io.StringIO()
    games = select_games([GAME], here / "content")
    for stream, out in ((terminal, "a"), (pipe, "b")):
        bar = Progress(stream=stream)
        results = build(games, here / "content", here / out, Options(PAPERS["a4"]), progress=bar)
        bar.clear()
    shown = [re.fullmatch(r"\[([#-]{24})\] (\d+)/(\d+) (\S+)", part) for part in terminal.getvalue().split("\r\x1b[K")[1:-1]]
    assert all(shown) and len(shown) == len(results) == len(PRODUCTS)
    assert [int(m.group(2)) for m in shown] == list(range(1, len(PRODUCTS) + 1))
    assert {m.group(4) for m in shown} == {str(here / "a" / GAME / f"{p}.pdf") for p in PRODUCTS}
    assert shown[-1].group(1) == "#" * 24
    assert terminal.getvalue().endswith("\r\x1b[K")
    assert pipe.getvalue() == ""


def test_every_command_and_option_has_a_description():
    """`printkit COMMAND --help` explains each thing it lists: nothing bare, no developer's note."""
    from printkit.cli import arguments
    from printkit.cli.main import parser_for

    parser = parser_for(arguments.Context(found=["a-game"]))
    (commands,) = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    assert list(commands.choices) == list(COMMANDS)
    for name, sub in commands.choices.items():
        assert sub.description and sub.description[0].isupper() and sub.description.endswith("."), name
        bare = [action.option_strings or action.dest for action in sub._actions if not action.help]
        assert bare == [], name


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["settings"], ["build", "--help"]])
def test_a_command_that_draws_nothing_loads_no_drawing_machinery(argv, tmp_path):
    """Start-up is proportional to the command (issue 26): `--version`, `--help` and `settings` load
    neither the pipeline nor ReportLab, Jinja or Pillow; the help of `build` names the games, and
    still draws nothing."""
    probe = ("import sys\nfrom printkit.cli.main import main\n"
             "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
             "heavy = ('reportlab', 'jinja2', 'PIL', 'pypdfium2', 'printkit.pipeline.build', 'printkit.pipeline.drawing', "
             "'printkit.pipeline.validate', 'printkit.render')\n"
             "print('LOADED', sorted({m.split('.')[0] if not m.startswith('printkit') else m for m in sys.modules "
             "if m.startswith(heavy)}))\n")
    done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    loaded = [line for line in done.stdout.splitlines() if line.startswith("LOADED")]
    assert loaded, done.stderr
    heavy = loaded[0]
    if argv[0] == "build":  # the games are loaded for their names and options, but nothing drawn
        drawing = ("printkit.pipeline.build", "printkit.pipeline.drawing", "printkit.pipeline.validate", "printkit.render.pdf")
        assert not any(module in heavy for module in drawing), heavy
    else:
        assert heavy == "LOADED []", heavy
