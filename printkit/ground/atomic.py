"""One file replaced whole or not at all: its new bytes written in full to a temporary name beside
it and synced to disk, then renamed over it, so that a reader never sees half a file and a full
disk leaves the old one as it was. printkit.yaml is written so; a build's batch of files
(printkit/pipeline/write.py) writes each of its files, and its journal, with the same steps. A
temporary file a crash left is removed by the next write of the same file."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tempfile
from pathlib import Path

from printkit.ground.errors import Problem, PrintkitError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


UMASK = _umask()


def replace_whole(path: Path, data: bytes) -> None:
    """`path` holding `data`, whole, or as it was (an OSError says why not)."""
    temp = write_temp(path, data)
    try:
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    sync_folders({path.parent})


@contextlib.contextmanager
def blamed(path: Path):
    """An OSError inside is the one problem of the write, named after `path`."""
    try:
        yield
    except OSError as error:
        reason = error.strerror or str(error)
        raise PrintkitError([Problem(str(path), None, f"cannot write: {reason}")]) from None


def remove_left_over(path: Path) -> None:
    """The temporary files of `path` beside it that a process which has ended left (it died
    mid-write), removed; those of a printkit still writing there are left alone."""
    own = re.compile(re.escape(f".{path.name}.") + r"(\d+)-[a-z0-9_]{8}\.tmp")
    for name in names_in(path.parent):
        found = own.fullmatch(name)
        if found and ended(int(found.group(1))):
            with contextlib.suppress(FileNotFoundError):  # another printkit removed it first
                os.unlink(path.parent / name)


def names_in(folder: Path) -> list[str]:
    """The names in `folder`; none where there is no folder yet, or it is not ours to read."""
    try:
        return os.listdir(folder)
    except OSError:
        return []


def ended(pid: int) -> bool:
    """Whether the process that made a temporary file has ended (or is this one, which is not
    writing it now); on a system with no signal 0 to ask, taken as ended."""
    if pid == os.getpid() or os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # it runs, as another user
    return False


def write_temp(path: Path, data: bytes, synced: bool = True) -> Path:
    """The whole of `data` in a new temporary file beside `path`, synced to disk (or left for
    the caller); returns its name, .NAME.PID-XXXXXXXX.tmp: one a crash left is removed by the next
    write of NAME (remove_left_over) or batch written there (printkit/pipeline/write.py)."""
    if path.is_dir():  # found now, not when renaming, so no other output has been replaced yet
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp", dir=path.parent)
    try:
        try:
            view = memoryview(data)
            while view:  # os.write may write less than asked
                view = view[os.write(handle, view):]
            if synced:
                os.fsync(handle)
        finally:
            os.close(handle)
        os.chmod(temp, 0o666 & ~UMASK)  # mkstemp makes files private; outputs are ordinary files
    except BaseException:
        os.unlink(temp)
        raise
    return Path(temp)


def sync_folders(folders) -> None:
    """The renames in these folders on disk (where the system can sync a folder)."""
    for folder in folders:
        try:
            handle = os.open(folder, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.fsync(handle)
        except OSError:
            pass
        finally:
            os.close(handle)
