"""printkit's own code, as one digest: its .py files and fonts (printkit/ground/bundled.py's
PACKAGE), so that what a build keeps (the manifest's keys, the page cache, compiled templates) is
never taken for what another printkit, even at the same version, would have made."""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path

from printkit import __version__
from printkit.ground import signatures
from printkit.ground.bundled import PACKAGE

CODE_RECORD = "code.json"  # in the cache folder: printkit's code digest, by the files' sizes and times


@functools.cache
def code_digest() -> str:
    """printkit's own code and fonts: a new printkit draws differently even at the same version.
    Read (2.5 MB) once for each state of its files, found again by their names, sizes and
    modification times from a record signed with the user's key (a record that is not is read
    past: the files are read again)."""
    root = PACKAGE
    files = sorted(_code_files(str(root)))  # (relative name, its size and modification time)
    state = hashlib.sha256(json.dumps([__version__, str(root), files]).encode("utf-8")).hexdigest()
    found = signatures.recorded(CODE_RECORD, state)
    if found is not None:
        return found
    digest = hashlib.sha256(__version__.encode())
    for name, *_ in files:
        digest.update(str(Path(name)).encode() + (root / name).read_bytes())
    signatures.record(CODE_RECORD, state, digest.hexdigest())
    return digest.hexdigest()


def _code_files(folder: str, under: str = "") -> list[tuple[str, int, int]]:
    found = []
    with os.scandir(folder) as entries:
        for entry in entries:
            # _bundled/: the games a wheel carries are content (a game's own fonts among them), not code
            if entry.is_dir(follow_symlinks=False) and entry.name not in ("__pycache__", "_bundled"):
                found += _code_files(entry.path, f"{under}{entry.name}/")
            elif entry.name.endswith((".py", ".ttf")) and entry.is_file():
                status = entry.stat()
                found.append((f"{under}{entry.name}", status.st_size, status.st_mtime_ns))
    return found
