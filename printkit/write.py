"""Stage 5, write: every file goes to a temporary name beside its target and is renamed into
place, so a reader never sees half a PDF and a failed build leaves the previous outputs whole."""

from __future__ import annotations

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
    results = []
    for output in outputs:
        changed = not _same_bytes(output.path, output.data)
        if changed:
            _write_atomic(output.path, output.data)
        results.append((output, changed))
    return results


def _same_bytes(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def _write_atomic(path: Path, data: bytes) -> None:
    temp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temp, 0o666 & ~UMASK)  # mkstemp makes files private; outputs are ordinary files
        os.replace(temp, path)
    except OSError as error:
        if temp and os.path.exists(temp):
            os.unlink(temp)
        reason = error.strerror or str(error)
        raise PrintkitError([Problem(str(path), None, f"cannot write: {reason}")]) from None
