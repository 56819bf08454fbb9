"""Stage 5, write: every file goes to a temporary name beside its target and is renamed into
place, so a reader never sees half a PDF and a failed build leaves the previous outputs whole.

Two phases: every changed file is first written in full to its temporary name, and only when all
of them are on disk are they renamed. A disk that fills, or a folder that cannot be written,
therefore fails before any output is replaced: the folder never mixes new files with old ones.
"""

from __future__ import annotations

import errno
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import Problem, PrintkitError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


UMASK = _umask()


@dataclass(frozen=True)
class Output:
    path: Path
    data: bytes
    pages: int


def write_outputs(outputs: list[Output]) -> list[tuple[Output, bool]]:
    """Write each output atomically; returns (output, changed). Unchanged files are not touched."""
    changed = [not _same_bytes(output.path, output.data) for output in outputs]
    _write_all([output for output, change in zip(outputs, changed) if change])
    return list(zip(outputs, changed))


def _same_bytes(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def _write_all(outputs: list[Output]) -> None:
    """Phase one writes every temporary file, phase two renames them all into place."""
    temps: list[tuple[str, Path]] = []
    made: list[Path] = []
    try:
        for output in outputs:
            current = output.path
            made += _make_folders(output.path.parent)
            temps.append((_write_temp(output.path, output.data), output.path))
        for temp, current in temps:
            os.replace(temp, current)
    except OSError as error:
        _clean_up([temp for temp, _ in temps], made)
        reason = error.strerror or str(error)
        raise PrintkitError([Problem(str(current), None, f"cannot write: {reason}")]) from None


def _make_folders(folder: Path) -> list[Path]:
    """Create `folder` and any missing parents; returns the ones created, deepest first."""
    missing = [parent for parent in (folder, *folder.parents) if not parent.exists()]
    folder.mkdir(parents=True, exist_ok=True)
    return missing


def _write_temp(path: Path, data: bytes) -> str:
    """The whole of `data` in a new temporary file beside `path`, synced to disk; returns its name."""
    if path.is_dir():  # found now, not when renaming, so no other output has been replaced yet
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        try:
            view = memoryview(data)
            while view:  # os.write may write less than asked
                view = view[os.write(handle, view):]
            os.fsync(handle)
        finally:
            os.close(handle)
        os.chmod(temp, 0o666 & ~UMASK)  # mkstemp makes files private; outputs are ordinary files
    except OSError:
        os.unlink(temp)
        raise
    return temp


def _clean_up(temps: list[str], folders: list[Path]) -> None:
    """After a failure: no temporary file and no folder this build created is left behind."""
    for temp in temps:
        if os.path.exists(temp):
            os.unlink(temp)
    for folder in sorted(folders, key=lambda folder: len(folder.parts), reverse=True):
        try:
            folder.rmdir()
        except OSError:
            pass  # not empty (an earlier output lives there) or already gone
