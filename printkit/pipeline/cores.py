"""Work spread over the machine's cores: a build plans and draws its files side by side, validate
plans its two papers side by side.

The workers are forked from printkit itself, so they have the loaded kits already: only an index
goes to a worker and only the result comes back. They leave signals to printkit: Ctrl-C reaches
the whole process group, and printkit (not a worker) reports it and cleans up, then ends them.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import signal
import threading
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from printkit.ground.interrupt import SIGNALS

WORKERS = "PRINTKIT_WORKERS"  # at most this many processes side by side (see `cores`)
_work = None  # the function and items of the call under way, inherited by the forked workers
_items: list = []
_SPARE = [0]  # the cores free beside this process's work: a call doing its items here, one by one (`beside`)


def each_on_every_core(work, items: list, weight=None, done=None, least: int = 0, after=None,
                       here_too: bool = False, together=None) -> list:
    """[work(item) for item in items], computed side by side by workers forked from printkit,
    one a core, where the machine has more than one core and can fork; elsewhere, or when the
    items weigh less than `least` together (little work: forking would cost more than it saves),
    one after the other in this process. With `here_too`, printkit's own process is one of the
    workers: a fork and the results' way back are saved, and what it did is in memory still for
    what waits for it (for small work: what it keeps stays in its memory to the end). Items are
    handed out heaviest first (by `weight`), so that a large file starts early and the others
    fill the time it takes; this process takes the heaviest. An item `after(item)` names (the
    indices of other items) is handed out once those are done (a booklet's volumes, which find
    the pages the booklet kept). An item whose worker ended before it was done (killed, out of
    memory) is done again here. `done(item, result)` hears of each as it is collected. Items of
    the same `together(item)` (None: none) are handed to one worker together, one after the other,
    where what it worked out for one is in memory for the next (a file on A4, then on Letter);
    printkit's own process, with `here_too`, takes them as it takes the others."""
    done = done or (lambda item, result: None)
    waits = [set(after(item)) if after else set() for item in items]
    in_turn = _in_turn(waits)
    workers = min(len(items), cores())
    if weight and sum(map(weight, items)) < least:
        workers = 1
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        results = {}
        _SPARE[0] = cores() - 1  # what one item may use beside it (`beside`): a lone deck planned in halves
        try:
            for index in in_turn:
                results[index] = _told(done, items[index], work(items[index]))
        finally:
            _SPARE[0] = 0
        return [results[i] for i in range(len(items))]
    order = sorted(range(len(items)), key=lambda i: -weight(items[i])) if weight else list(range(len(items)))
    if here_too:
        return _side_by_side(work, items, order, waits, workers - 1, done)
    return _in_workers(work, items, _grouped(items, order, in_turn, waits, together), waits, workers, done)


def _grouped(items: list, order: list[int], in_turn: list[int], waits: list[set[int]],
             together) -> list[tuple[int, ...]]:
    """The items in `order`, those of the same `together` key in one group where the first of
    them stands, each group in the order the items wait for each other."""
    groups: dict = {}
    for index in order:
        key = together(items[index]) if together else None
        groups.setdefault(("alone", index) if key is None else ("key", key), []).append(index)
    turn = {index: n for n, index in enumerate(in_turn)}
    grouped = [tuple(sorted(group, key=turn.__getitem__)) for group in groups.values()]
    return grouped if _handed_out_in_turn(grouped, waits) else [(index,) for index in order]


def _handed_out_in_turn(groups: list[tuple[int, ...]], waits: list[set[int]]) -> bool:
    """Whether every group can be handed out, each once what it waits for outside it is done (two
    groups each waiting for the other cannot: then the items go one by one)."""
    done: set[int] = set()
    left = list(groups)
    while left:
        ready = [group for group in left if all(waits[index] - set(group) <= done for index in group)]
        if not ready:
            return False
        for group in ready:
            done.update(group)
            left.remove(group)
    return True


def _in_workers(work, items: list, groups: list[tuple[int, ...]], waits: list[set[int]], workers: int,
                done) -> list:
    global _work, _items
    _work, _items = work, items
    pool = ProcessPoolExecutor(workers, multiprocessing.get_context("fork"), initializer=_leave_signals)
    results, finished, running = {}, False, {}
    try:
        def hand_out() -> None:
            for group in groups:
                if group[0] not in results and group not in running.values() and \
                        all(waits[index] - set(group) <= results.keys() for index in group):
                    running[pool.submit(_run_all, group)] = group
        with _signals_held():  # the workers are forked at the first submit
            hand_out()
        while running:
            for future in wait(running, return_when=FIRST_COMPLETED).done:
                group = running.pop(future)
                try:
                    results.update(zip(group, future.result()))
                except BrokenProcessPool:
                    for index in group:
                        results[index] = work(items[index])
                for index in group:
                    done(items[index], results[index])
            hand_out()
        finished = True
    finally:
        _work, _items = None, []
        _stop(pool, finished)
    return [results[i] for i in range(len(items))]


def _side_by_side(work, items: list, order: list[int], waits: list[set[int]], helpers: int, done) -> list:
    """The items done by `helpers` forked workers and by this process, which takes, whenever it
    is free, an item that waits for what it did (kept for it), else the heaviest item not yet
    started: handed to the pool, and taken back while it waits there (a future that has not
    started can be cancelled)."""
    global _work, _items
    _work, _items = work, items
    pool = ProcessPoolExecutor(helpers, multiprocessing.get_context("fork"), initializer=_leave_signals)
    results, finished, queued, broken = {}, False, {}, [False]  # queued: index -> its future in the pool
    mine: set[int] = set()  # done here: what waits for them is done here too, where they are in memory

    def here(index: int) -> None:
        results[index] = work(items[index])
        mine.add(index)
        done(items[index], results[index])

    def collect(index: int) -> None:
        try:
            results[index] = queued.pop(index).result()
        except BrokenProcessPool:
            broken[0] = True
            results[index] = work(items[index])
        done(items[index], results[index])

    def ready() -> list[int]:
        return [i for i in order if i not in results and i not in queued and waits[i] <= results.keys()]

    def hand_out(left: list[int]) -> None:
        for index in left:
            if broken[0]:
                return
            try:
                queued[index] = pool.submit(_run, index)
            except (BrokenProcessPool, RuntimeError):
                broken[0] = True

    try:
        first, *rest = ready()
        with _signals_held():  # the workers are forked at the first submit
            hand_out(rest)
        here(first)
        while len(results) < len(items):
            for index in [index for index, future in queued.items() if future.done()]:
                collect(index)
            left = set(ready())
            kept = [index for index in order if index in left and waits[index] and waits[index] <= mine]
            # what waits for this process's work, else the heaviest item not started: one just ready, or one the
            # pool has not begun (taken back)
            taken = kept[0] if kept else next(
                (index for index in order if index in left or index in queued and queued[index].cancel()), None)
            queued.pop(taken, None)
            hand_out([index for index in order if index in left and index != taken and index not in kept])
            if taken is not None:
                here(taken)
            elif queued:
                wait(queued.values(), return_when=FIRST_COMPLETED)
        finished = True
    finally:
        _work, _items = None, []
        _stop(pool, finished)
    return [results[i] for i in range(len(items))]


def _in_turn(waits: list[set[int]]) -> list[int]:
    """The indices in order, each after those it waits for."""
    order, placed = [], set()
    while len(order) < len(waits):
        ready = [i for i in range(len(waits)) if i not in placed and waits[i] <= placed]
        if not ready:
            raise ValueError("items that wait for each other")
        order += ready
        placed.update(ready)
    return order


def cores() -> int:
    """How many processes may work side by side: the machine's cores, or fewer where
    PRINTKIT_WORKERS says so (a whole number; 1: everything in printkit's own process, as on a
    shared machine, or in the tests' builds; anything else is not heeded)."""
    machine = os.cpu_count() or 1
    asked = os.environ.get(WORKERS, "").strip()
    return min(machine, int(asked)) if asked.isdigit() and int(asked) >= 1 else machine


def beside(there, here) -> tuple:
    """`here()` in this process and `there()` in a worker forked for it, side by side, where a core
    is free beside this process's work (each_on_every_core doing its items here, one by one: the
    machine's other cores idle) and nothing else runs in it (no thread: watch's and serve's
    processes fork no such worker). (here's result, there's, or None where it was not done there:
    no core free, no fork, or the worker failed or was ended: the caller then does it itself.)
    `there()` returns plain data, which comes back pickled (from printkit's own worker, forked
    from this process); a signal reaches printkit here, as with each_on_every_core's workers."""
    if not spare():
        return here(), None
    read, write = os.pipe()
    with _signals_held():  # the worker sets its own handlers before it hears one
        pid = os.fork()
        if pid == 0:
            _there(there, read, write)
    os.close(write)
    pipe = os.fdopen(read, "rb")
    try:
        mine = here()
        data = pipe.read()
    except BaseException:  # a failure here, or a signal (while working or waiting): the worker ended too
        pipe.close()
        _ended(pid, signal.SIGTERM)
        raise
    pipe.close()
    return mine, (pickle.loads(data) if _ended(pid) == 0 and data else None)


def spare() -> bool:
    """Whether `beside` would fork a worker now: a core is free and no other thread runs here."""
    return _SPARE[0] >= 1 and threading.active_count() == 1 and hasattr(os, "fork")


def _there(there, read: int, write: int) -> None:
    """In the worker `beside` forked: `there()`, its result written to the pipe; never returns."""
    code = 1
    try:
        os.close(read)
        _leave_signals()
        _SPARE[0] = 0
        data = pickle.dumps(there(), pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write, "wb") as pipe:
            pipe.write(data)
        code = 0
    except BaseException:  # noqa: BLE001 - whatever it was, printkit's own process does the work again
        pass
    finally:
        os._exit(code)  # noqa: SLF001 - a forked worker: none of printkit's exit (its files are printkit's)


def _ended(pid: int, stop: int | None = None) -> int:
    """The worker `beside` forked, waited for (sent `stop` first): its exit status (0: done)."""
    if stop is not None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, stop)
    while True:
        try:
            return os.waitpid(pid, 0)[1]
        except InterruptedError:
            continue
        except ChildProcessError:
            return -1


def _told(done, item, result):
    done(item, result)
    return result


def _stop(pool: ProcessPoolExecutor, finished: bool) -> None:
    """The workers ended: when their work is done, as they finish it; when printkit is stopping
    (Ctrl-C, an error), at once. A signal waits until the pool is shut down: one that cut its
    shutdown short left its manager thread closing its pipe while Python's exit wrote to it
    ("Exception ignored ... Bad file descriptor" after printkit's one line)."""
    with _signals_held():
        if finished:
            pool.shutdown(wait=True)
            return
        # shutdown(wait=False) forgets the workers and the manager thread: taken first
        processes = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=10)
        if manager is not None:  # it ends once it sees them gone, closing its pipe before Python's exit
            manager.join(timeout=10)


def _run(index: int):
    return _work(_items[index])


def _run_all(group: tuple[int, ...]) -> list:
    return [_work(_items[index]) for index in group]


@contextlib.contextmanager
def _signals_held():
    """SIGNALS held back while the workers are forked: one that arrives in between reaches
    printkit when they are, not a worker before it has set its own handlers."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)


def _leave_signals() -> None:
    """In a worker (forked with SIGNALS held): Ctrl-C is printkit's to act on; a SIGTERM or
    SIGHUP ends the worker."""
    for signum in SIGNALS:
        signal.signal(signum, signal.SIG_IGN if signum == signal.SIGINT else signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)
