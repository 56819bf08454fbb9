"""A lone deck of many cards planned on two cores (printkit/declared/kept_cards.py: `_beside`,
printkit/pipeline/cores.py: `beside`): while printkit plans the earlier half of its cards, a
worker forked beside it plans and keeps the later half, which printkit then finds kept. The PDF is
the one a build on one core makes, byte for byte; the lint says what it says on one core; a group
the worker found something on, and a worker that fails, are planned by printkit itself."""

from __future__ import annotations

import io
import os
import signal
import threading

import pytest
from pypdf import PdfReader

from declared import SLUG, deck_yaml, game_project
from printkit.cli.main import main
from printkit.declared import faces, kept_cards
from printkit.pipeline import cores
from printkit.pipeline.cores import WORKERS
from printkit.render import draw
from printkit.render.kept_pages import KeptPages

needs_cores = pytest.mark.skipif((os.cpu_count() or 1) < 2 or not hasattr(os, "fork"),
                                 reason="one core, or no fork: the deck is planned in one process")
CARDS = 120


def _project(folder, face: str):
    cards = "\n".join(f"      - {{name: Card {n}, text: 'the words of card {n}'}}" for n in range(1, CARDS + 1))
    return game_project(folder, deck_yaml(cards=cards, face=face))


CLEAN = ("        name: {kind: text, field: name, x: 10, y: 60, width: 40, height: 10}\n"
         "        text: {kind: text, field: text, x: 10, y: 30, width: 40, height: 20}")
NEAR_THE_TRIM = ("        name: {kind: text, field: name, x: 0, y: 0, width: 63.5, height: 5}\n"
                 "        text: {kind: text, field: text, x: 10, y: 30, width: 40, height: 20}")


@pytest.fixture
def planners(monkeypatch, tmp_path):
    """The processes that planned the deck's groups, one line each (a forked worker's too)."""
    record = tmp_path / "planned-by.txt"
    plan = faces._planned  # noqa: SLF001

    def noted(*args, **kwargs):
        with open(record, "a", encoding="utf-8") as file:
            file.write(f"{os.getpid()}\n")
        return plan(*args, **kwargs)
    monkeypatch.setattr(faces, "_planned", noted)
    return lambda: record.read_text(encoding="utf-8").split() if record.exists() else []


@pytest.fixture
def drawers(monkeypatch, tmp_path):
    """The processes that drew a page (and kept it), one line a page (a forked worker's too)."""
    record = tmp_path / "drawn-by.txt"
    drawn = KeptPages.drawn

    def noted(self, page, start):
        with open(record, "a", encoding="utf-8") as file:
            file.write(f"{os.getpid()}\n")
        return drawn(self, page, start)
    monkeypatch.setattr(KeptPages, "drawn", noted)
    return lambda: record.read_text(encoding="utf-8").split() if record.exists() else []


def _build(monkeypatch, capsys, project, out, cache, workers: str | None) -> tuple[bytes, str]:
    if workers is None:
        monkeypatch.delenv(WORKERS, raising=False)
    else:
        monkeypatch.setenv(WORKERS, workers)
    monkeypatch.setenv("PRINTKIT_CACHE", str(cache))
    capsys.readouterr()
    code = main(["--project", str(project), "build", SLUG, "--only", "deck", "-q", "--out", str(out)])
    said = capsys.readouterr()
    assert code == 0, said.err
    return (out / SLUG / "deck.pdf").read_bytes(), said.err


@needs_cores
def test_the_later_half_is_planned_beside_and_the_pdf_is_one_cores(tmp_path, monkeypatch, capsys, planners):
    project = _project(tmp_path / "kit", CLEAN)
    two, _ = _build(monkeypatch, capsys, project, tmp_path / "two", tmp_path / "cache-two", None)
    pids = planners()
    assert set(pids) - {str(os.getpid())}, "no group was planned in another process"
    groups = -(-CARDS // kept_cards.GROUP)
    assert pids.count(str(os.getpid())) == kept_cards.ahead(object(), [[None] * kept_cards.GROUP] * groups) \
        < groups  # the earlier groups here, the later ones there
    one, _ = _build(monkeypatch, capsys, project, tmp_path / "one", tmp_path / "cache-one", "1")
    assert two == one
    assert len(planners()) == len(pids) + groups  # on one core: every group here


@needs_cores
def test_what_the_lint_finds_is_said_as_on_one_core(tmp_path, monkeypatch, capsys, planners):
    project = _project(tmp_path / "kit", NEAR_THE_TRIM)  # every card's name in the safe zone: no group kept
    two, said_two = _build(monkeypatch, capsys, project, tmp_path / "two", tmp_path / "cache-two", None)
    one, said_one = _build(monkeypatch, capsys, project, tmp_path / "one", tmp_path / "cache-one", "1")
    assert f"inside the 3.175 mm safe zone a cut may take (card 1 ('Card 1') and {CARDS - 1} more)" in said_two
    assert said_two.replace(str(tmp_path / "two"), "OUT") == said_one.replace(str(tmp_path / "one"), "OUT")
    assert two == one


@needs_cores
def test_a_worker_that_fails_leaves_its_half_to_printkit(tmp_path, monkeypatch, capsys, planners):
    project = _project(tmp_path / "kit", CLEAN)
    fork = os.fork

    def failing_worker():
        pid = fork()
        if pid == 0:
            os._exit(3)  # noqa: SLF001 - a worker gone before it did anything
        return pid
    monkeypatch.setattr(cores.os, "fork", failing_worker)
    two, _ = _build(monkeypatch, capsys, project, tmp_path / "two", tmp_path / "cache-two", None)
    assert set(planners()) == {str(os.getpid())}  # every group planned here
    monkeypatch.setattr(cores.os, "fork", fork)
    one, _ = _build(monkeypatch, capsys, project, tmp_path / "one", tmp_path / "cache-one", "1")
    assert two == one


def _spare(monkeypatch):
    monkeypatch.setattr(cores, "_SPARE", [1])


@needs_cores
def test_beside_does_there_in_another_process_and_here_here(monkeypatch):
    _spare(monkeypatch)
    here, there = cores.beside(lambda: {"pid": os.getpid()}, lambda: os.getpid())
    assert here == os.getpid() and there["pid"] != os.getpid()


def test_beside_does_nothing_there_without_a_spare_core_or_with_a_thread_running(monkeypatch):
    assert cores.beside(lambda: "there", lambda: "here") == ("here", None)  # no core spare: _SPARE is 0
    _spare(monkeypatch)
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert cores.beside(lambda: "there", lambda: "here") == ("here", None)
    finally:
        stop.set()
        thread.join()


@needs_cores
def test_a_failure_here_ends_the_worker_and_is_raised(monkeypatch, tmp_path):
    _spare(monkeypatch)
    started = tmp_path / "worker.pid"

    def there():
        started.write_text(str(os.getpid()))
        signal.pause()  # ended by printkit, not done

    def here():
        while not started.exists() or not started.read_text():
            pass
        raise ValueError("a problem here")
    with pytest.raises(ValueError, match="a problem here"):
        cores.beside(there, here)
    with pytest.raises(ProcessLookupError):
        os.kill(int(started.read_text()), 0)  # waited for: gone


@needs_cores
def test_a_worker_that_raises_gives_nothing_back(monkeypatch):
    _spare(monkeypatch)

    def there():
        raise RuntimeError("broken there")
    assert cores.beside(there, lambda: "here") == ("here", None)


def test_problems_of_cards_in_the_later_half_are_said_as_on_one_core(tmp_path, monkeypatch, capsys):
    cards = "\n".join(f"      - {{name: Card {n}, reps: {10 ** 9 if n in (110, 118) else 1}}}" for n in range(1, CARDS + 1))
    face = "        words: {kind: text, x: 10, y: 30, width: 40, height: 20, text: \"{{ name * reps }}\"}"
    project = game_project(tmp_path / "kit", deck_yaml(cards=cards, face=face))
    said = []
    for workers in (None, "1"):
        if workers is None:
            monkeypatch.delenv(WORKERS, raising=False)
        else:
            monkeypatch.setenv(WORKERS, workers)
        monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / f"cache-{workers}"))
        capsys.readouterr()
        assert main(["--project", str(project), "build", SLUG, "--only", "deck", "-q", "--out",
                     str(tmp_path / f"out-{workers}")]) == 1
        said.append(capsys.readouterr().err)
    assert "card 110 ('Card 110')" in said[0] and "card 118 ('Card 118')" in said[0]
    assert said[0] == said[1]
    assert not (tmp_path / "out-None" / SLUG / "deck.pdf").exists()


@needs_cores
@pytest.mark.parametrize("words", ["plain", "accented and starred"])
def test_the_later_pages_are_drawn_beside_and_found_kept(tmp_path, monkeypatch, capsys, drawers, words):
    """A worker draws the later pages into a document of its own, for printkit to find kept: with
    characters beyond ASCII set first on those pages too, whose codes printkit gives them only as it
    draws the earlier ones (each page is drawn once, by one process)."""
    special = words != "plain"

    def name(n: int) -> str:  # the later cards set a star before the é every card sets
        return f"★ Carte é {n}" if n > 60 else f"Carte é {n}"
    cards = "\n".join(f"      - {{name: {name(n) if special else f'Card {n}'}, text: 'card {n}'}}" for n in range(1, CARDS + 1))
    project = game_project(tmp_path / "kit", deck_yaml(cards=cards, face=CLEAN))
    two, _ = _build(monkeypatch, capsys, project, tmp_path / "two", tmp_path / "cache-two", None)
    pages = len(PdfReader(io.BytesIO(two)).pages)
    assert pages >= draw.BESIDE
    by = drawers()
    here = by.count(str(os.getpid()))
    assert 0 < here < len(by) == pages  # every page drawn once: the later ones in the worker, found kept here
    one, _ = _build(monkeypatch, capsys, project, tmp_path / "one", tmp_path / "cache-one", "1")
    assert two == one


@needs_cores
def test_an_edits_build_finds_its_pages_kept_and_forks_no_worker_to_draw(tmp_path, monkeypatch, capsys, drawers):
    project = _project(tmp_path / "kit", CLEAN)
    _build(monkeypatch, capsys, project, tmp_path / "out", tmp_path / "cache", None)
    game = project / "content" / SLUG / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("the words of card 7'", "the new words of card 7'"),
                    encoding="utf-8")
    before, forks, fork = len(drawers()), [], os.fork

    def counted():
        forks.append(1)
        return fork()
    monkeypatch.setattr(cores.os, "fork", counted)
    _build(monkeypatch, capsys, project, tmp_path / "out", tmp_path / "cache", None)
    again = drawers()[before:]
    assert again and set(again) == {str(os.getpid())}  # the edited card's pages, drawn here
    assert not forks  # no worker to draw pages that are kept


def test_the_page_cache_is_left_open_where_no_worker_is_forked(tmp_path, monkeypatch):
    from printkit.pipeline import cache

    monkeypatch.setattr(cache, "STORE", cache.PageCache(tmp_path / "cache"))
    _spare(monkeypatch)
    assert cache.STORE.store.opened()
    connection = cache.STORE.store._db  # noqa: SLF001
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)  # as in watch and serve
    thread.start()
    try:
        assert cache.KEPT.beside(lambda: "there", lambda: "here") == ("here", None)
    finally:
        stop.set()
        thread.join()
    assert cache.STORE.store._db is connection  # noqa: SLF001 - not closed (and its log not folded in)
    cache.STORE.close()


@needs_cores
def test_a_signal_while_printkit_waits_for_the_worker_ends_it(monkeypatch, tmp_path):
    _spare(monkeypatch)
    started = tmp_path / "worker.pid"

    def there():
        started.write_text(str(os.getpid()))
        signal.pause()  # never done: printkit waits for it until the signal

    def stopped(signum, frame):
        raise RuntimeError("stopped")
    before = signal.signal(signal.SIGALRM, stopped)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        with pytest.raises(RuntimeError, match="stopped"):
            cores.beside(there, lambda: "here")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
    with pytest.raises(ProcessLookupError):
        os.kill(int(started.read_text()), 0)  # ended and waited for, not left running
