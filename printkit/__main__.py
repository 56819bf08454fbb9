"""`python -m printkit` and the `printkit` command (`run`). Ctrl-C, SIGTERM and SIGHUP are handled
from this module's first instruction: while printkit and its libraries are still being imported
(a good part of a short command's time) a signal ends printkit at once, with its one line and
exit code 128 + the signal's number, as it does later (printkit/ground/interrupt.py), never a traceback.
Nothing has been written yet, so there is nothing to clean up."""

import os
import signal


def _stopped_while_starting(signum, frame):
    os.write(2, f"printkit: interrupted ({signal.Signals(signum).name})\n".encode())
    os._exit(128 + signum)


for _name in ("SIGINT", "SIGTERM", "SIGHUP"):
    if hasattr(signal, _name):
        signal.signal(getattr(signal, _name), _stopped_while_starting)


def run() -> int:
    """The `printkit` command's entry point: printkit's command line, once the handlers above are
    in place; then the process ends (`_ended`)."""
    import sys

    if sys.argv[1:] == ["--version"]:  # before the command line's own modules are loaded (issue 26)
        from printkit import __version__

        print(f"printkit {__version__}")
        return 0
    import gc

    from printkit import COLLECT_EVERY

    gc.set_threshold(*COLLECT_EVERY)  # before the command line's modules are imported (printkit/__init__.py)
    from printkit.cli.main import main

    return _ended(main())


def _ended(code: int) -> int:
    """The process ended with `code` once the command is done, as Python ends it but for freeing
    its objects one by one (a build's kits and pages: a tenth of a second, a fifth of an edit's
    rebuild). Everything that reaches outside the process is done first: the functions registered
    to run at exit, and the standard streams flushed. Where another thread still runs (it may be
    writing), Python ends it as ever: `code` is returned (a daemon thread Python would not wait
    for either); so it does while a profiler or a tracer (cProfile, coverage, a debugger) watches
    printkit, to write what it found when printkit returns."""
    import atexit
    import sys
    import threading

    running = [thread for thread in threading.enumerate() if thread is not threading.main_thread() and not thread.daemon]
    watched = sys.getprofile() is not None or sys.gettrace() is not None
    if running or watched or not hasattr(atexit, "_run_exitfuncs"):
        return code
    atexit._run_exitfuncs()  # noqa: SLF001 - what Python's own exit runs first (multiprocessing, logging...)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a reader gone, a disk full: what was said before stands
            pass
    os._exit(code if isinstance(code, int) else 1)


if __name__ == "__main__":
    raise SystemExit(run())
