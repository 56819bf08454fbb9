"""Planned pages kept between builds, so that an edit plans again only the pages it changes.

A product asks for a value with `kept(inputs, make)`, where `inputs` names everything the value
is made from (content, the words' fingerprint, the page's box, the options). The value is stored
under the SHA-256 of those inputs and of printkit's own code and fonts, so a changed input or a
new printkit never finds an old page. The store is a folder of small files (`PRINTKIT_CACHE`,
else `$XDG_CACHE_HOME/printkit`, else `~/.cache/printkit`; `PRINTKIT_CACHE=off` turns it off),
outside the output folder: a build's outputs are what they would be without it, byte for byte.

Only marks are kept, the plain data classes of `printkit.plan`, pickled, and read back by an
unpickler that knows those classes and nothing else (pickle's "restricting globals"): a damaged
or foreign file is a page planned again, never an error and never code run. Every file is
written whole under a temporary name, then renamed.
"""

import dataclasses
import hashlib
import io
import operator
import json
import os
import pickle
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from printkit.manifest import code_digest
from printkit.plan import geometry, marks, text

KINDS = {(cls.__module__, cls.__qualname__): cls for cls in (
    geometry.Rect, geometry.Segment, geometry.Paper, marks.Line, marks.Box, marks.Polygon, marks.Circle, marks.Group,
    marks.UseForm, marks.Form, marks.Page, marks.Document, text.Text, text.TextLine)}
FIELDS = {cls: tuple(field.name for field in dataclasses.fields(cls) if field.metadata.get("kept", True))
          for cls in KINDS.values()}  # a text's `where` is not kept: a page found again reports nothing
MOST_FILES = 4000  # a few campaigns' worth of pages; the oldest go first
FORMAT = 1


class Store:
    """The folder of kept values, or none (nothing kept: every value is made)."""

    def __init__(self, folder: Path | None, write: bool = True):
        self.folder, self.write = folder, write  # validate reads what builds kept, and keeps nothing
        self.made = self.found = 0  # counted, for the tests and the benchmark
        self._code: str | None = None  # printkit's code and fonts: a new printkit plans every page again

    def kept(self, inputs: Any, make: Callable[[], Any]) -> Any:
        if self.folder is None:
            return make()
        name = self._key(inputs)
        path = self.folder / f"{name}.pickle"
        value = _read(path, name)
        if value is not _MISSING:
            self.found += 1
            return value
        value = make()
        self.made += 1
        if self.write:
            self._write(path, name, value)
        return value

    def _key(self, inputs: Any) -> str:
        text_ = json.dumps([FORMAT, self._code or code_digest(), inputs], sort_keys=True, default=_described,
                           ensure_ascii=False)
        return hashlib.sha256(text_.encode("utf-8")).hexdigest()

    def _write(self, path: Path, name: str, value: Any) -> None:
        """The value written whole or not at all; a store that cannot be written keeps nothing."""
        try:
            buffer = io.BytesIO(name.encode())
            buffer.seek(0, io.SEEK_END)
            _Writer(buffer).dump(value)
        except (pickle.PicklingError, TypeError, AttributeError):
            return  # not marks: made every time
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            data = buffer.getvalue()
            handle, temporary = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
            try:
                with os.fdopen(handle, "wb") as file:
                    file.write(data)
                os.replace(temporary, path)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            return

    def prune(self) -> None:
        """The oldest files removed while there are more than MOST_FILES, and temporary files an
        interrupted printkit left an hour ago or more."""
        if self.folder is None or not self.folder.is_dir():
            return
        try:
            found = [(entry.stat().st_mtime, entry) for entry in self.folder.iterdir() if entry.is_file()]
        except OSError:
            return
        stale = time.time() - 3600
        doomed = [entry for when, entry in found if entry.name.startswith(".tmp-") and when < stale]
        kept = sorted((item for item in found if not item[1].name.startswith(".tmp-")), key=lambda item: item[0])
        doomed += [entry for _, entry in kept[:max(0, len(kept) - MOST_FILES)]]
        for entry in doomed:
            try:
                entry.unlink()
            except OSError:
                pass


_MISSING = object()


def _read(path: Path, name: str):
    """The value kept at `path`, or _MISSING."""
    try:
        with path.open("rb") as file:
            if file.read(len(name)) != name.encode():
                return _MISSING
            value = _Reader(file).load()
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, KeyError, TypeError, IndexError, AttributeError,
            RecursionError, MemoryError):
        return _MISSING
    try:
        os.utime(path)  # used: the last to be pruned
    except OSError:
        pass
    return value


class _Writer(pickle.Pickler):
    """Pickles marks as their class and fields: read back, a call to the class, which _Reader
    knows. (Anything else that is not plain data could not be read back: it is never found.)"""

    dispatch_table = {cls: (lambda value, cls=cls, get=operator.attrgetter(*fields): (cls, get(value)))
                      for cls, fields in FIELDS.items()}

    def __init__(self, file):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)


class _Reader(pickle.Unpickler):
    """Unpickles the mark classes and nothing else."""

    def find_class(self, module: str, name: str):
        try:
            return KINDS[(module, name)]
        except KeyError:
            raise pickle.UnpicklingError(f"not a mark: {module}.{name}") from None


def _described(value: Any):
    """Inputs that are not JSON (a model's data classes): their repr, which names every field."""
    return repr(value)


def default_folder() -> Path | None:
    chosen = os.environ.get("PRINTKIT_CACHE")
    if chosen:
        return None if chosen.lower() == "off" else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "printkit" / "pages"


STORE = Store(None)  # the store in use: set by a build (`use`), inherited by its forked workers


def use(folder: Path | None, write: bool = True) -> Store:
    """The store the next builds use (and their workers, forked from this process)."""
    global STORE
    if (STORE.folder, STORE.write) != (folder, write):
        STORE = Store(folder, write)
    return STORE


def kept(inputs: Any, make: Callable[[], Any]) -> Any:
    return STORE.kept(inputs, make)


def digest(value: Any) -> str | None:
    """The SHA-256 of marks, for the inputs of what is made from them (None: no store in use,
    nothing to look up)."""
    if STORE.folder is None:
        return None
    return digest_of(value)


def digest_of(value: Any) -> str:
    """The SHA-256 of marks (a planned document and everything in it)."""
    buffer = io.BytesIO()
    writer = _Writer(buffer)
    writer.fast = True  # no memo: equal marks give equal bytes, however their objects are shared
    writer.dump(value)
    return hashlib.sha256(buffer.getvalue()).hexdigest()
