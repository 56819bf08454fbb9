"""`printkit watch`: an edit is rebuilt without asking, a broken edit prints its problems and keeps
the last good outputs, and a fixed edit builds again. The watcher runs in a thread here, driven by
real file edits (watchdog), and stops when the test sets its stop event."""

from __future__ import annotations

import contextlib
import re
import threading
import time

import pytest

from printkit.games import all_games
from printkit.load.options import Options
from printkit.plan.geometry import PAPERS
from printkit.live import watch as watch_module
from printkit.live.watch import watch

TAGLINE = "tagline: Which card do you take, and which do you leave for your partner?"


class Watcher:
    def __init__(self, project, game: str = "cross-sums"):
        self.said, self.complaints, self.stop = [], [], threading.Event()
        games = [all_games()[game]]
        self.thread = threading.Thread(target=watch, args=(
            games, project / "content", project / "out", Options(PAPERS["a4"]),
            self.said.append, self.complaints.append, self.stop), daemon=True)

    def wait_for(self, lines: list, pattern: str, after: int = 0, timeout: float = 30.0) -> int:
        """Wait until a line matching `pattern` appears at or after index `after`; its index."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for index, line in enumerate(lines[after:], start=after):
                if re.search(pattern, line):
                    return index
            time.sleep(0.05)
        raise AssertionError(f"no {pattern!r} in {lines[after:]}")


@pytest.fixture
def watcher(project, monkeypatch, request):
    monkeypatch.chdir(project)
    w = Watcher(project, getattr(request, "param", "cross-sums"))
    w.thread.start()
    yield w
    w.stop.set()
    w.thread.join(10)
    assert not w.thread.is_alive()


def test_an_edit_is_rebuilt_an_error_keeps_the_outputs_and_a_fix_builds(project, watcher):
    scenarios = project / "content" / "cross-sums" / "scenarios.yaml"
    sheet = project / "out" / "cross-sums" / "setup" / "scenario-05.pdf"
    start = watcher.wait_for(watcher.said, r"^watching content, templates")
    before = sheet.read_bytes()

    text = scenarios.read_text(encoding="utf-8")
    scenarios.write_text(text.replace(TAGLINE, "tagline: Which card?"), encoding="utf-8")
    done = watcher.wait_for(watcher.said, r"^4 of 61 files changed", after=start)  # 61 files (13; setup-sheets: 43)
    assert "changed: content/cross-sums/scenarios.yaml" in watcher.said[start:done]
    assert "  built out/cross-sums/setup/scenario-05.pdf" in watcher.said[start:done]
    edited = sheet.read_bytes()
    assert edited != before

    scenarios.write_text(text.replace("    hand: 3\n    copies: 3\n    actions: []", "    hand: three\n    "
                                      "copies: 3\n    actions: []"), encoding="utf-8")
    watcher.wait_for(watcher.complaints, r"not built: the last good outputs are kept")
    line = text[:text.index("    hand: 3\n    copies: 3\n    actions: []")].count("\n") + 1
    assert watcher.complaints[0] == f"cross-sums/scenarios.yaml:{line}: scenarios[1].hand: expected a whole " \
                                    "number, got text 'three'"
    assert sheet.read_bytes() == edited

    scenarios.write_text(text, encoding="utf-8")
    watcher.wait_for(watcher.said, r"^4 of 61 files changed", after=done + 1)
    assert sheet.read_bytes() == before


GAME_YAML, RULES = "content/numbered-cards/game.yaml", "templates/numbered-cards/rules.j2"
BAD_SAVES = [  # (file, what is put first in it, the first complaint)
    (RULES, "{{ 1/0 }}", f"{RULES}:1: template: division by zero"),
    (GAME_YAML, "<<: {a: 1}\n", "numbered-cards/game.yaml:1: YAML key: merge keys (<<) are not supported: "
                                "write the keys out"),
    (GAME_YAML, "a: &x [*x]\n", "numbered-cards/game.yaml:1: YAML: alias *x is inside the value &x names, "
                                "which would never end"),
    (RULES, "{% for i in range(10**9) %}{% endfor %}", f"{RULES}:1: template: range() of 1,000,000,000 numbers "
                                           f"(at most 10,000)"),
]


@pytest.mark.parametrize("watcher", ["numbered-cards"], indirect=True)
def test_a_watch_survives_every_bad_save_and_builds_the_fix(project, watcher):
    """`{{ 1/0 }}` in a template or `<<` in YAML ended the watch with a traceback."""
    rules_pdf = project / "out" / "numbered-cards" / "rules.pdf"
    done = watcher.wait_for(watcher.said, r"^watching content, templates")
    good = rules_pdf.read_bytes()
    complained = 0
    for file, first, complaint in BAD_SAVES:
        path = project / file
        text = path.read_text(encoding="utf-8")
        path.write_text(first + text, encoding="utf-8")
        at = watcher.wait_for(watcher.complaints, r"^not built: the last good outputs are kept", after=complained)
        assert watcher.complaints[complained:at] == [complaint]
        complained = at + 1
        path.write_text(text, encoding="utf-8")  # the fix
        done = watcher.wait_for(watcher.said, r"^\d+ of 5 files changed", after=done + 1)
        assert rules_pdf.read_bytes() == good
    assert watcher.thread.is_alive()


@pytest.mark.parametrize("watcher", ["numbered-cards"], indirect=True)
def test_a_bug_in_printkit_does_not_end_a_watch_either(project, watcher, monkeypatch):
    done = watcher.wait_for(watcher.said, r"^watching content, templates")
    real = watch_module.build
    monkeypatch.setattr(watch_module, "build", lambda *args, **kwargs: 1 / 0)
    path = project / GAME_YAML
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    watcher.wait_for(watcher.complaints, r"^not built \(a bug in printkit, not in your edit\)")
    assert "ZeroDivisionError: division by zero" in watcher.complaints
    monkeypatch.setattr(watch_module, "build", real)
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    watcher.wait_for(watcher.said, r"^0 of 5 files changed", after=done + 1)


def test_a_product_added_to_a_declared_games_game_yaml_is_built_without_a_restart(tmp_path, monkeypatch):
    """A declared game's products are its game.yaml: an edit of it finds the game again."""
    from printkit.games import project_games
    from printkit.cli.new import new_project

    new_project(tmp_path / "kit", None)  # the starter: a deck and its rules, in YAML
    content = tmp_path / "kit" / "content"
    (slug,) = [path.name for path in content.iterdir() if path.is_dir()]
    monkeypatch.chdir(tmp_path / "kit")
    said, complaints, stop = [], [], threading.Event()
    find = lambda: list(project_games(content).values())  # noqa: E731 - as the command line finds them
    thread = threading.Thread(target=watch, args=(find(), content, tmp_path / "kit" / "out", Options(PAPERS["a4"]),
                                                  said.append, complaints.append, stop), kwargs={"find": find},
                              daemon=True)
    thread.start()
    try:
        helper = Watcher.__new__(Watcher)
        start = helper.wait_for(said, r"^watching ")
        game = content / slug / "game.yaml"
        text = game.read_text(encoding="utf-8")
        game.write_text(text.rstrip("\n") + "\n  score-sheet:\n    kind: score-sheet\n    title: Scores\n"
                        "    columns: [Round, Player 1, Player 2]\n    rows: [Round 1, Total]\n", encoding="utf-8")
        helper.wait_for(said, r"^\d+ of \d+ files changed", after=start)
        assert (tmp_path / "kit" / "out" / slug / "score-sheet.pdf").is_file(), (said, complaints)
    finally:
        stop.set()
        thread.join(10)


@contextlib.contextmanager
def watching_a_table(tmp_path, monkeypatch, table: str):
    """A declared game whose cards are read from `table` (two rows: Owl, Fox), watched: yields
    (its game folder, what watch said, the deck's text, the Watcher helper for waiting)."""
    from declared import SLUG, deck_yaml, game_project
    from printkit.games import project_games
    from readback import pages, text_of

    game = deck_yaml().replace("    cards:\n", f"    cards: {table}\n", 1)
    game = "\n".join(line for line in game.splitlines() if not line.startswith("      - ")) + "\n"
    project = game_project(tmp_path / "kit", game, {table: "number,name\n1,Owl\n2,Fox\n"})
    content = project / "content"
    monkeypatch.chdir(project)
    said, complaints, stop = [], [], threading.Event()
    thread = threading.Thread(target=watch, args=(list(project_games(content).values()), content, project / "out",
                                                  Options(PAPERS["a4"]), said.append, complaints.append, stop),
                              daemon=True)
    thread.start()
    try:
        yield content / SLUG, said, lambda: text_of(pages(project / "out" / SLUG / "deck.pdf")[0].chars), \
            Watcher.__new__(Watcher)
    finally:
        stop.set()
        thread.join(10)


def test_an_edit_of_a_declared_games_card_table_is_rebuilt(tmp_path, monkeypatch):
    """The cards a game reads from a CSV file (or a workbook, an image, a font) are watched too."""
    with watching_a_table(tmp_path, monkeypatch, "cards.csv") as (folder, said, deck, helper):
        start = helper.wait_for(said, r"^watching ")
        (folder / "cards.csv").write_text("number,name\n1,Owl\n2,Heron\n", encoding="utf-8")
        helper.wait_for(said, r"^\d+ of \d+ files changed", after=start)
        assert "Heron" in deck(), said


def test_an_edit_of_any_file_a_game_reads_is_rebuilt_whatever_its_name_but_not_an_editors_scratch_file(
        tmp_path, monkeypatch):
    """A card table is read by its contents: `cards.txt` is a CSV file as `cards.csv` is (issue 25,
    item 7). An editor's swap file written beside it is not an edit of the game."""
    with watching_a_table(tmp_path, monkeypatch, "cards.txt") as (folder, said, deck, helper):
        start = helper.wait_for(said, r"^watching ")
        (folder / ".cards.txt.swp").write_bytes(b"b0VIM 9.0")
        (folder / "cards.txt").write_text("number,name\n1,Owl\n2,Heron\n", encoding="utf-8")
        changed = helper.wait_for(said, r"^changed: ", after=start)
        helper.wait_for(said, r"^\d+ of \d+ files changed", after=changed)
        assert said[changed] == f"changed: content/{folder.name}/cards.txt"
        assert "Heron" in deck(), said


def test_warnings_hushed_are_noted_and_not_said_and_anything_else_is_written(capsys):
    """warm (printkit/pipeline/warm.py) hushes the warnings of its loading and planning, which the
    builds say: noted in WARNED all the same (a game warned of is planned again), not written;
    what else is written to standard error then (serve's other threads) is written as ever."""
    import sys

    from printkit.ground.errors import WARNED, Problem, hushed, warn

    del WARNED[:]
    with hushed():
        warn(Problem("game/cards.csv", 3, "an image below 300 dpi"))
        print("another thread's line", file=sys.stderr)
    assert WARNED == ["game/cards.csv"]
    assert capsys.readouterr().err == "another thread's line\n"
    warn(Problem("game/cards.csv", 3, "an image below 300 dpi"))
    assert capsys.readouterr().err == "game/cards.csv:3: warning: an image below 300 dpi\n"
    del WARNED[:]
