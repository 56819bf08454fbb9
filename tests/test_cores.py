"""Work spread over the cores (printkit.pipeline.cores): the results are the ones a plain loop gives, in
order; a worker that dies has its work done again; Ctrl-C or SIGTERM to the whole process group
in the middle of a build ends it with printkit's one line, no worker's traceback, no output."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.pipeline import cores
from printkit.pipeline.cores import WORKERS

ROOT = Path(__file__).resolve().parent.parent
PARENT = os.getpid()

@pytest.fixture(autouse=True)
def forked(monkeypatch):
    """This file's builds draw in forked workers, as on a machine of several cores (conftest.py
    asks every other test's build to draw in its own process)."""
    monkeypatch.delenv(WORKERS, raising=False)


needs_cores = pytest.mark.skipif((os.cpu_count() or 1) < 2 or not hasattr(os, "fork"),
                                 reason="one core, or no fork: the work is done in one process")


def square_and_where(n: int) -> tuple[int, bool]:
    return n * n, os.getpid() == PARENT


def slow_square_and_where(n: int) -> tuple[int, bool]:
    time.sleep(0.01)
    return square_and_where(n)


@needs_cores
def test_results_come_back_in_order_whatever_order_they_are_handed_out_in():
    items = list(range(40))
    results = cores.each_on_every_core(square_and_where, items, weight=lambda n: n % 7)
    assert [value for value, _ in results] == [n * n for n in items]
    assert not any(here for _, here in results)  # computed by the workers, not in this process


@needs_cores
def test_this_process_can_be_one_of_the_workers():
    items = list(range(40))
    results = cores.each_on_every_core(slow_square_and_where, items, weight=lambda n: n % 7, here_too=True)
    assert [value for value, _ in results] == [n * n for n in items]
    # computed side by side: in this process (the heaviest first) and in a worker
    assert results[6][1] and not all(here for _, here in results)


def pid_of(n: int) -> int:
    time.sleep(0.01 if n else 0.2)
    return os.getpid()


@needs_cores
def test_this_process_takes_the_heaviest_item_and_then_those_that_wait_for_it():
    """A booklet (item 0, the heaviest) is drawn here, and its volumes (3 and 4, which wait for
    it) here too if nobody started them before: they find its pages in memory still."""
    waits = {3: [0], 4: [0]}
    pids = cores.each_on_every_core(pid_of, list(range(6)), weight=lambda n: 10 - n, after=lambda n: waits.get(n, []),
                                    here_too=True)
    assert pids[0] == PARENT and {pids[1], pids[2]} != {PARENT}
    assert pids[3] == PARENT


def test_one_item_is_done_here():
    assert cores.each_on_every_core(square_and_where, [3]) == [(9, True)]


@needs_cores
def test_items_lighter_together_than_the_least_worth_forking_for_are_done_here():
    assert cores.each_on_every_core(square_and_where, [1, 2, 3], weight=lambda n: n, least=7) == \
        [(1, True), (4, True), (9, True)]
    assert not any(here for _, here in cores.each_on_every_core(square_and_where, [1, 2, 4], weight=lambda n: n,
                                                                  least=7))


def started_and_ended(n: int) -> tuple[float, float]:
    start = time.monotonic()
    time.sleep(0.3 if n == 0 else 0.02)
    return start, time.monotonic()


@needs_cores
@pytest.mark.parametrize("here_too", [False, True])
def test_an_item_that_waits_is_handed_out_only_once_those_it_waits_for_are_done(here_too):
    """Item 0 is slow; item 3 waits for it (a booklet's volume for the booklet), item 4 for 3:
    with a core free long before, neither starts until what it waits for has ended."""
    waits = {3: [0], 4: [3]}
    results = cores.each_on_every_core(started_and_ended, list(range(5)), weight=lambda n: 10 - n,
                                       after=lambda n: waits.get(n, []), here_too=here_too)
    assert results[3][0] >= results[0][1] and results[4][0] >= results[3][1]
    assert results[1][0] < results[0][1]  # the others did not wait


def pid_and_time(n: int) -> tuple[int, float, float]:
    start = time.monotonic()
    time.sleep(0.02)
    return os.getpid(), start, time.monotonic()


@needs_cores
def test_items_that_go_together_are_done_by_one_worker_one_after_the_other():
    """A file on A4 and on Letter (items n and n + 10, key n) in the same worker, where the text
    one measured is in memory for the other; item 13 waits for item 0, so its pair waits too, and
    its partner 3 is done before it (the order in which they wait for each other)."""
    items = list(range(20))
    results = cores.each_on_every_core(pid_and_time, items, weight=lambda n: n % 10, together=lambda n: n % 10,
                                       after=lambda n: [0] if n == 13 else [])
    for n in range(10):
        (first, _, end), (second, later, _) = results[n], results[n + 10]
        assert first == second != PARENT and later >= end  # one worker, one after the other
    assert len({pid for pid, _, _ in results}) > 1  # and the pairs spread over the workers
    assert results[3][1] >= results[0][2] and results[13][1] >= results[3][2]


@needs_cores
def test_pairs_that_would_wait_for_each_other_are_handed_out_one_by_one():
    """0 and 1 go together, 2 and 3 too; 1 waits for 2 and 3 for 0: neither pair could start
    before the other, so the items go one at a time, each after what it waits for."""
    waits = {1: [2], 3: [0]}
    results = cores.each_on_every_core(started_and_ended, [0, 1, 2, 3], together=lambda n: n // 2,
                                       after=lambda n: waits.get(n, []))
    assert results[1][0] >= results[2][1] and results[3][0] >= results[0][1]


@needs_cores
def test_a_pair_whose_worker_died_is_done_again_here():
    results = cores.each_on_every_core(dies_in_a_worker, list(range(12)), together=lambda n: n % 6)
    assert [value for value, _ in results] == [n * n for n in range(12)]
    assert results[5] == (25, True) and results[11] == (121, True)


def test_here_too_an_item_comes_after_those_it_waits_for(monkeypatch):
    monkeypatch.setenv(WORKERS, "1")
    seen = []
    cores.each_on_every_core(seen.append, [0, 1, 2], after=lambda n: [2] if n == 0 else [])
    assert seen == [1, 2, 0]


def test_items_that_wait_for_each_other_are_refused():
    with pytest.raises(ValueError):
        cores.each_on_every_core(square_and_where, [0, 1], after=lambda n: [1 - n])


def dies_in_a_worker(n: int) -> tuple[int, bool]:
    if n == 5 and os.getpid() != PARENT:
        os._exit(9)  # as if the worker were killed (out of memory, say)
    return square_and_where(n)


@needs_cores
@pytest.mark.parametrize("here_too", [False, True])
def test_work_whose_worker_died_is_done_again_here(here_too):
    results = cores.each_on_every_core(dies_in_a_worker, list(range(12)), here_too=here_too)
    assert [value for value, _ in results] == [n * n for n in range(12)]
    assert results[5] == (25, True)


def fails(n: int) -> int:
    if n == 2:
        raise ValueError("two")
    return n


@needs_cores
@pytest.mark.parametrize("here_too", [False, True])
def test_an_error_in_the_work_reaches_the_caller(here_too):
    with pytest.raises(ValueError, match="two"):
        cores.each_on_every_core(fails, [0, 1, 2, 3], here_too=here_too)


def fails_while_another_draws(n: int) -> int:
    if n == 0:
        time.sleep(0.2)
        raise ValueError("zero")
    time.sleep(60)  # still drawing when the error comes back
    return n


@needs_cores
@pytest.mark.parametrize("here_too", [False, True])
def test_an_error_ends_the_workers_and_their_manager_before_it_reaches_the_caller(here_too):
    """Stopping early leaves nothing running: a worker still drawing, or the pool's manager thread,
    raced Python's exit for its pipe ("Exception ignored ... Bad file descriptor" after printkit's
    one line under SIGTERM)."""
    import multiprocessing
    import threading

    started = time.monotonic()
    with pytest.raises(ValueError, match="zero"):
        cores.each_on_every_core(fails_while_another_draws, [0, 1], here_too=here_too)
    assert time.monotonic() - started < 30
    assert multiprocessing.active_children() == []
    assert [t.name for t in threading.enumerate() if type(t).__name__ == "_ExecutorManagerThread"] == []


def workers_of(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


@needs_cores
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the workers in /proc")
@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_a_signal_to_the_process_group_while_the_workers_draw(tmp_path, signal_name):
    out = tmp_path / "out"
    process = subprocess.Popen([sys.executable, "-m", "printkit", "build", "--content", str(ROOT / "content"),
                                "--out", str(out), "--force"], cwd=tmp_path, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not workers_of(process.pid) and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.005)
    assert workers_of(process.pid), "the build ended before its workers could be seen"
    os.killpg(process.pid, getattr(signal, signal_name))
    _, err = process.communicate(timeout=60)
    signum = getattr(signal, signal_name)
    assert (process.returncode, err) == (128 + signum, f"printkit: interrupted ({signal_name})\n")
    assert not list(out.rglob("*.pdf"))  # interrupted while drawing: nothing was written
    time.sleep(0.2)
    assert not workers_of(process.pid)


@pytest.mark.parametrize("asked, expected", [("1", 1), ("2", 2), ("64", None), ("0", None), ("", None),
                                             ("two", None), ("-1", None), (" 1 ", 1)])
def test_printkit_workers_says_how_many_processes_at_most(monkeypatch, asked, expected):
    monkeypatch.setenv(WORKERS, asked)
    machine = os.cpu_count() or 1
    assert cores.cores() == (min(machine, expected) if expected else machine)


@needs_cores
def test_with_one_worker_everything_is_done_in_printkit_s_own_process(monkeypatch):
    monkeypatch.setenv(WORKERS, "1")
    assert cores.each_on_every_core(square_and_where, list(range(6))) == [(n * n, True) for n in range(6)]
    monkeypatch.delenv(WORKERS)
    assert not all(here for _, here in cores.each_on_every_core(square_and_where, list(range(6))))
