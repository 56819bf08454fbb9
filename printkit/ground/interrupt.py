"""Ctrl-C, SIGTERM and SIGHUP end printkit through its ordinary way out, so every `finally` and
clean-up runs (`handled`, around a command); and the few steps that must not be cut in half, such
as renaming a build's files into place, hold a signal back until they are done (`held`)."""

from __future__ import annotations

import contextlib
import signal
import threading

SIGNALS = [getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)]


class Interrupted(KeyboardInterrupt):
    """A signal asked printkit to stop: exit 128 + its number, after cleaning up."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise(signum, frame):
    raise Interrupted(signum)


@contextlib.contextmanager
def handled():
    """Around a command: each of SIGNALS raises Interrupted wherever the main thread is."""
    with _handlers(_raise):
        yield


@contextlib.contextmanager
def held():
    """A signal that arrives inside is acted on when the block ends, as it would have been."""
    arrived: list[int] = []
    replaced: dict = {}
    try:
        with _handlers(lambda signum, frame: arrived.append(signum)) as previous:
            replaced.update(previous)
            yield
    finally:
        if arrived:  # even when the block ends in an error: Ctrl-C is not lost
            _deliver(arrived[0], replaced[arrived[0]])


@contextlib.contextmanager
def _handlers(handler):
    """Installs `handler` for SIGNALS (only the main thread may: elsewhere, nothing changes);
    yields the handlers it replaced and puts them back."""
    if threading.current_thread() is not threading.main_thread():
        yield {}
        return
    previous = {signum: signal.signal(signum, handler) for signum in SIGNALS}
    try:
        yield previous
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old if old is not None else signal.SIG_DFL)


def _deliver(signum: int, handler) -> None:
    if callable(handler):
        handler(signum, None)  # here and now: raises Interrupted, or KeyboardInterrupt for SIGINT
    elif handler == signal.SIG_DFL:
        signal.raise_signal(signum)  # the default: the process ends
