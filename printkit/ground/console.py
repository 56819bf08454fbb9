"""Standard output that cannot be written (`printkit list >&-`, `> /dev/full`) is one line on
stderr and exit 1, not a traceback: what printkit prints goes through `guarded()`."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sys
from pathlib import Path


class StdoutError(Exception):
    """Standard output is closed or cannot be written."""

    def __init__(self, error: OSError):
        super().__init__(error.strerror or str(error))


class _Guarded:
    """sys.stdout, with its write errors raised as StdoutError (a closed pipe stays BrokenPipeError:
    `printkit build | head` is not an error)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        return self._guard(self._stream.write, text)

    def flush(self) -> None:
        self._guard(self._stream.flush)

    def __getattr__(self, name):
        return getattr(self._stream, name)

    @staticmethod
    def _guard(operation, *args):
        try:
            return operation(*args)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise StdoutError(error) from None


@contextlib.contextmanager
def guarded():
    """Around a command. With no standard output at all, nothing is started: an output file
    opened now could be given its descriptor, and a stray write would land in it."""
    if sys.stdout is None:
        raise StdoutError(OSError(errno.EBADF, os.strerror(errno.EBADF)))
    stream, sys.stdout = sys.stdout, _Guarded(sys.stdout)
    try:
        yield
    finally:
        sys.stdout = stream


class Progress:
    """A bar on standard error while a build draws, when that is a terminal (nothing in a pipe or
    a log): `[########--------] 12/71 cross-sums/booklet.pdf`, one line redrawn, gone at the end.
    A file is shown under the output folder (`within`), as `game/file.pdf`."""

    WIDTH = 24

    def __init__(self, enabled: bool = True, stream=None, within=None):
        stream = stream or sys.stderr
        self.stream = stream if enabled and stream is not None and stream.isatty() else None
        self.within = within
        self.shown = False

    def __call__(self, done: int, total: int, path) -> None:
        if self.stream is None:
            return
        self.stream.write("\r\x1b[K" + progress_line(done, total, _under(path, self.within), _columns(), self.WIDTH))
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def progress_line(done: int, total: int, path: str, columns: int, width: int = Progress.WIDTH) -> str:
    """The bar, the count and the path in `columns` less one (a terminal may wrap on its last):
    the path cut from the left (`…`) and then the bar narrowed, so the file's name is what stays."""
    count, room = f"{done}/{total}", columns - 1
    name = path.rsplit("/", 1)[-1]
    width = max(0, min(width, room - len(count) - len(name) - 5))  # 5: "[", "] ", " " and a "…"
    filled = width * done // max(total, 1)
    start = f"[{'#' * filled}{'-' * (width - filled)}] {count} " if width else f"{count} "
    left = room - len(start)
    shown = path if len(path) <= left else "…" + path[len(path) - max(left - 1, 0):] if left > 1 else ""
    return (start + shown)[:room]


def _under(path, within) -> str:
    """`path` as a name under the folder `within` (with slashes), or as it is when it is not below it."""
    try:
        return Path(path).relative_to(within).as_posix() if within is not None else str(path)
    except ValueError:
        return str(path)


def _columns() -> int:
    return shutil.get_terminal_size().columns
