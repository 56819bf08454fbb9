"""Planned pages kept between builds, so that an edit plans again only the pages it changes.

A product asks for a value with `kept(inputs, make)`, where `inputs` names everything the value
is made from (content, the words' fingerprint, the page's box, the options). The value is stored
under the SHA-256 of those inputs and of printkit's own code and fonts, so a changed input or a
new printkit never finds an old page. The store is one SQLite database (`pages.sqlite` in
`PRINTKIT_CACHE`, else `$XDG_CACHE_HOME/printkit/pages`, else `~/.cache/printkit/pages`;
`PRINTKIT_CACHE=off` turns it off), outside the output folder: a build's outputs are what they
would be without it, byte for byte. One database, not a file a value: creating a small file costs
the kernel more than drawing the page it holds, and a 500-scenario campaign keeps 2,600 values.

Only marks are kept, the plain data classes of `printkit.plan` (and plain data: a measure, the tables
ReportLab parsed from printkit's own fonts, printkit/plan/fonts.py), pickled, each signed with the
user's key (printkit/ground/signatures.py) and unpickled only when its signature matches, by an unpickler that
knows those classes and nothing else (pickle's "restricting globals"); a value found is checked
against the shape its caller expects. A damaged, foreign or misshapen value is a page planned
again, never an error and never code run. Values are written in transactions, a batch at a time
(`flush`), by each process on a connection of its own; a database that cannot be opened or read,
or that another process holds locked beyond a short wait, is a store that keeps nothing (where no
key can be kept, too).

Beside the pages, the store notes which files planned without a problem (`note_planned`), under
the fingerprint the build manifest compares (content, templates, options with the paper, printkit's
code and fonts), with their page counts: `validate` plans again only the files it does not find
there (`planned`), on either paper.
"""

import dataclasses
import functools
import hashlib
import io
import operator
import json
import os
import pickle
import sqlite3
import time
from pathlib import Path
from typing import Any, Callable

from printkit.ground import signatures as keyed
from printkit.pipeline.kept_marks import Later, Marks
from printkit.pipeline.manifest import MAX_PAGES, code_digest
MOST_FILES = 4000  # values kept: a few campaigns' worth of pages; the longest unused go first
FORMAT = 2
DATABASE = "pages.sqlite"
BATCH = 64  # values written a transaction at a time: the volumes of a booklet find its pages soon
MOST_PLANNED = 20_000  # files noted as planned: a row is a fingerprint and a page count
WAIT = 0.2  # seconds a statement waits for another process's lock: then the store keeps nothing
# seconds within which a value (or a file noted as planned) used again is not noted as used again: an
# edit finds some 300 values, and writing each one's time cost more than the edit's own writes
USED_AGAIN = 3600.0
SIGNATURE = 64  # hexadecimal digits of the HMAC-SHA256 before each value
SCHEMA = ("CREATE TABLE IF NOT EXISTS kept (key TEXT PRIMARY KEY, value BLOB NOT NULL, used REAL NOT NULL)",
          "CREATE TABLE IF NOT EXISTS planned (key TEXT PRIMARY KEY, pages INTEGER NOT NULL, used REAL NOT NULL)")


class Store:
    """The database of kept values, or none (nothing kept: every value is made)."""

    def __init__(self, folder: Path | None, write: bool = True):
        self.folder, self.write = folder, write  # validate reads what builds kept, and keeps nothing
        self.made = self.found = 0  # counted, for the tests and the benchmark
        self._code: str | None = None  # printkit's code and fonts: a new printkit plans every page again
        self._db: sqlite3.Connection | None = None
        self._pid: int | None = None  # the process the connection is for: a forked worker opens its own
        self._pending: list[tuple[str, bytes, float]] = []
        self._used: list[tuple[float, str]] = []
        self._planned: dict[str, tuple[int, float]] = {}  # key -> (pages, when), not yet written
        self._planned_used: list[tuple[float, str]] = []

    def kept(self, inputs: Any, make: Callable[[], Any], shape: Any = None) -> Any:
        """The value kept under `inputs`, or `make()` (kept). With a `shape` (see `fits`), a value
        found of another shape is made again."""
        db = self._connection()
        if db is None:
            return make()
        return self._kept(db, self._key(inputs), make, shape)

    def find(self, inputs: Any, shape: Any = None) -> Any:
        """The value kept under `inputs` (of `shape`), or None (then made, and kept with `keep`)."""
        db = self._connection()
        value = _MISSING if db is None else self._read(db, self._key(inputs))
        if value is _MISSING or shape is not None and not fits(value, shape):
            return None
        self.found += 1
        return value

    def keep(self, inputs: Any, value: Any) -> None:
        """`value` kept under `inputs` (what `find` did not find, made)."""
        if self._connection() is not None:
            self.made += 1
            if self.write:
                self._keep(self._key(inputs), value)

    def kept_marks(self, inputs: Any, make: Callable[[], Any], shape: Any) -> tuple:
        """`kept`, for a value that is pages' marks (a list of lists, or a tuple of as many as
        `shape` says): each page a Marks, its digest that of the key it is kept under. A value
        found is read when its marks are first asked for (unpickling a spread's marks costs more
        than everything else an edit does with it: its digest and its drawing are known without)."""
        if self.folder is None:
            return tuple(tuple(page) for page in make())
        return self.find_marks(inputs, shape, make) or self.keep_marks(inputs, make())

    def find_marks(self, inputs: Any, shape: Any, make: Callable[[], Any] | None = None) -> tuple | None:
        """The pages' marks kept under `inputs` (`kept_marks`), each a Marks read when first asked
        for (then, gone or misshapen, made by `make`), or None: none kept (see `keep_marks`)."""
        db, name = self._connection(), self._key(inputs)
        if db is None or not self._there(db, name):  # read (and its signature checked) only if asked for
            return None
        self.found += 1
        later = Later(self, name, make or (lambda: ()), shape)
        return tuple(Marks.later(later, n, digest) for n, digest in enumerate(_digests(name, len(shape))))

    def keep_marks(self, inputs: Any, value) -> tuple:
        """Pages' marks made (what `find_marks` did not find), kept under `inputs`: each a Marks."""
        name = self._key(inputs)
        if self._connection() is not None:
            self.made += 1
            if self.write:
                self._keep(name, value)
        return tuple(Marks.known(page, digest) for page, digest in zip(value, _digests(name, len(value))))

    def read_again(self, name: str, shape: Any):
        """The value kept under the key `name` if it is still there, signed and of `shape`; else None."""
        db = self._connection()
        value = _MISSING if db is None else self._read(db, name)
        return None if value is _MISSING or not fits(value, shape) else value

    def kept_again(self, name: str, value: Any) -> None:
        """A value found gone or misshapen when it was read (Later), made again and kept."""
        self.made += 1
        if self.write and self._connection() is not None:
            self._keep(name, value)

    def _kept(self, db: sqlite3.Connection, name: str, make: Callable[[], Any], shape: Any) -> Any:
        value = self._read(db, name)
        if value is not _MISSING and (shape is None or fits(value, shape)):
            self.found += 1
            return value
        value = make()
        self.made += 1
        if self.write:
            self._keep(name, value)
        return value

    def planned(self, file: str, fingerprint: str) -> int | None:
        """The page count of `file` (game/name), noted as planned without a problem from the inputs
        `fingerprint` names, or None: it is to be planned."""
        db = self._connection()
        if db is None:
            return None
        name = _planned_key(file, fingerprint)
        try:
            row = db.execute("SELECT pages, used FROM planned WHERE key = ?", (name,)).fetchone()
        except sqlite3.Error:  # a database older than the table, opened read-only
            row = None
        pages = row[0] if row else self._planned.get(name, (None,))[0]
        if type(pages) is not int or not 1 <= pages <= MAX_PAGES:
            return None
        if self.write and not (row and _recent(row[1], time.time())):
            self._planned_used.append((time.time(), name))
        return pages

    def note_planned(self, file: str, fingerprint: str, pages: int) -> None:
        """`file` (game/name) planned without a problem from the inputs `fingerprint` names, in
        `pages` pages (kept nowhere by a store that does not write)."""
        if self.write and self._connection() is not None:
            self._planned[_planned_key(file, fingerprint)] = (pages, time.time())

    def keys(self) -> set[str]:
        """The keys of every value kept (for the tests)."""
        self.flush()
        db = self._connection()
        return {key for (key,) in db.execute("SELECT key FROM kept")} if db else set()

    def _key(self, inputs: Any) -> str:
        text_ = json.dumps([FORMAT, self._code or code_digest(), inputs], sort_keys=True, default=_described,
                           ensure_ascii=False)
        return hashlib.sha256(text_.encode("utf-8")).hexdigest()

    def _connection(self) -> sqlite3.Connection | None:
        if self.folder is None:
            return None
        if self._pid != os.getpid():  # first use here, or a forked worker: never a connection of another process
            if self._db is not None:
                _INHERITED.append(self._db)  # the parent's, neither used nor closed here
            opened = _opened(self.folder, self.write) if keyed.user_key() is not None else None
            self._db, self._pid, self._pending, self._used = opened, os.getpid(), [], []
            self._planned, self._planned_used = {}, []
        return self._db

    def _read(self, db: sqlite3.Connection, name: str):
        data = self._signed(db, name)
        return _MISSING if data is _MISSING else _unpickled(data)

    def _there(self, db: sqlite3.Connection, name: str) -> bool:
        """Whether a value is kept under `name` (noted as used), not read."""
        row = self._row(db, name, "used")
        return row is not None and (row is not _MISSING or any(key == name for key, _, _ in self._pending))

    def _signed(self, db: sqlite3.Connection, name: str):
        """The pickle kept under `name` (noted as used), if it is signed by this user's printkit
        under that name; else _MISSING."""
        row = self._row(db, name, "value, used")
        if row is _MISSING:
            return next((_verified(name, data) for key, data, _ in self._pending if key == name), _MISSING)
        return _MISSING if row is None else _verified(name, row[0])

    def _row(self, db: sqlite3.Connection, name: str, columns: str):
        """The row kept under `name` (its `columns`, the last of them `used`), noted as used; _MISSING
        where there is none; None where the database cannot be read."""
        try:
            row = db.execute(f"SELECT {columns} FROM kept WHERE key = ?", (name,)).fetchone()
        except sqlite3.OperationalError:  # locked beyond WAIT: no more waits this run
            self._give_up()
            return None
        except sqlite3.Error:
            return None
        if row is None:
            return _MISSING
        now = time.time()
        if self.write and not _recent(row[-1], now):
            self._used.append((now, name))  # used: the last to be pruned
        return row

    def _keep(self, name: str, value: Any) -> None:
        try:
            buffer = io.BytesIO()
            _writer(buffer).dump(value)
        except (pickle.PicklingError, TypeError, AttributeError):
            return  # not marks: made every time
        data = buffer.getvalue()
        signature = keyed.sign(DATABASE, name, data)
        if signature is None:
            return  # no key: nothing kept could be trusted when read back
        self._pending.append((name, signature.encode("ascii") + data, time.time()))
        if len(self._pending) >= BATCH:
            self.flush()

    def flush(self) -> None:
        """The values kept and the files noted since the last flush written, in one transaction (or
        not at all: a store that cannot be written keeps nothing, and fails nothing)."""
        unwritten = self._pending or self._used or self._planned or self._planned_used
        if self._pid != os.getpid() or self._db is None or not unwritten:
            return
        pending, used, self._pending, self._used = self._pending, self._used, [], []
        planned, planned_used, self._planned, self._planned_used = self._planned, self._planned_used, {}, []
        try:
            with self._db:
                self._db.executemany("INSERT OR REPLACE INTO kept (key, value, used) VALUES (?, ?, ?)", pending)
                self._db.executemany("UPDATE kept SET used = ? WHERE key = ?", used)
                self._db.executemany("INSERT OR REPLACE INTO planned (key, pages, used) VALUES (?, ?, ?)",
                                     [(key, pages, when) for key, (pages, when) in planned.items()])
                self._db.executemany("UPDATE planned SET used = ? WHERE key = ?", planned_used)
        except sqlite3.OperationalError:
            self._give_up()
        except sqlite3.Error:
            return

    def _give_up(self) -> None:
        """A database another process holds locked: nothing more read or kept in this process (each
        statement would wait WAIT again)."""
        if self._db is not None:
            _INHERITED.append(self._db)  # closed with the process: closing may wait for the lock too
        self._db, self._pending, self._used, self._planned, self._planned_used = None, [], [], {}, []

    def close(self) -> None:
        """Everything written and the connection closed (before printkit forks its workers)."""
        self.flush()
        if self._pid == os.getpid() and self._db is not None:
            self._db.close()
        self._db = self._pid = None

    def prune(self) -> None:
        """Once there are more than MOST_FILES values (or more than MOST_PLANNED files noted as
        planned), the longest unused removed down to nine tenths of that: a full store is pruned
        once every few dozen builds, not at the end of each (a sort of every row, 15 ms)."""
        self.flush()
        db = self._connection()
        if db is None or not self.write:
            return
        try:
            over = [(table, most - most // 10) for table, most in (("kept", MOST_FILES), ("planned", MOST_PLANNED))
                    if db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] > most]
            if not over:  # (most builds: the tenth left free lasts a few dozen edits)
                return
            with db:
                for table, left in over:
                    db.execute(f"DELETE FROM {table} WHERE key IN (SELECT key FROM {table} ORDER BY used, key LIMIT "
                               f"max(0, (SELECT count(*) FROM {table}) - ?))", (left,))
        except sqlite3.Error:
            return


def _digests(name: str, count: int) -> list[str]:
    """The digests of the pages of a value of marks kept under the key `name`."""
    return [hashlib.sha256(f"kept marks\0{name}\0{n}".encode()).hexdigest() for n in range(count)]


def _recent(used, now: float) -> bool:
    """Whether a row noted as used at `used` was used within USED_AGAIN of `now`."""
    return type(used) in (int, float) and 0 <= now - used < USED_AGAIN


_MISSING = object()
_INHERITED: list = []


@functools.cache
def _marks() -> tuple[dict, dict, dict]:
    """The mark classes by (module, name), the fields kept of each, and those it gained later:
    loaded when a value is first kept or read, not to look up what is noted as planned (a build
    or validate with nothing to plan need not load printkit.plan)."""
    from printkit.plan import geometry, marks, text

    kinds = {(cls.__module__, cls.__qualname__): cls for cls in (
        geometry.Rect, geometry.Segment, geometry.Paper, marks.Line, marks.Box, marks.Polygon, marks.Circle,
        marks.Ellipse, marks.Gradient, marks.Group, marks.UseForm, marks.Form, marks.Page, marks.Document, text.Text,
        text.TextLine)}
    fields = {cls: tuple(field.name for field in dataclasses.fields(cls) if field.metadata.get("kept", True))
              for cls in kinds.values()}  # a text's `where` is not kept: a page found again reports nothing
    # Fields a mark gained after printkit first kept it: written only when not at their defaults, so
    # a card drawn as before keeps its fingerprint (printed.json) and a page its kept value.
    # (`item` and `where`, what a mark is and the layer's FILE:LINE, came last: preflight's words.)
    later = {marks.Group: ("opacity", "clip"), marks.Circle: ("dash", "where"),
             marks.Polygon: ("dash", "closed", "where"), marks.Line: ("item", "where"), marks.Box: ("item", "where"),
             marks.Ellipse: ("where",), marks.Document: ("page_layout",)}
    return kinds, fields, later


def _planned_key(file: str, fingerprint: str) -> str:
    """A file's name and its fingerprint (files of a game made from the same inputs, templates
    and options share one: the manifest tells them apart by their paths)."""
    return hashlib.sha256(json.dumps([file, fingerprint]).encode("utf-8")).hexdigest()


def _opened(folder: Path, write: bool) -> sqlite3.Connection | None:
    """The store's database, made if need be (when writing); None if it cannot be used."""
    path = folder / DATABASE
    try:
        if write:
            folder.mkdir(parents=True, exist_ok=True)
        elif not path.is_file():
            return None
        db = sqlite3.connect(path if write else f"file:{path}?mode=ro", timeout=WAIT, uri=not write,
                             isolation_level=None if not write else "DEFERRED", check_same_thread=False)
        if write:
            db.execute("PRAGMA journal_mode=WAL")  # the workers read while another writes
            db.execute("PRAGMA synchronous=NORMAL")  # a cache: a power cut may lose the last values, never the file
            for table in SCHEMA:
                db.execute(table)
        db.execute("SELECT count(*) FROM kept").fetchone()  # a file that is no database is found out here
        return db
    except (sqlite3.Error, OSError):
        return None


def _verified(name: str, data: bytes):
    """The pickle in `data` (after its signature), or _MISSING if it is not signed by this user's
    printkit under `name`."""
    if not isinstance(data, bytes) or not keyed.signed(data[:SIGNATURE].decode("ascii", "replace"), DATABASE, name,
                                                       data[SIGNATURE:]):
        return _MISSING
    return data[SIGNATURE:]


def _unpickled(data: bytes):
    """The value in a signed pickle, or _MISSING if it is damaged or is not marks."""
    try:
        return _Reader(io.BytesIO(data)).load()
    except (pickle.UnpicklingError, EOFError, ValueError, KeyError, TypeError, IndexError, AttributeError,
            RecursionError, MemoryError):
        return _MISSING


def fits(value: Any, shape: Any) -> bool:
    """Whether a value found is of the shape its caller expects: a type (float takes an int too),
    or a tuple of shapes, one for each item of a list or tuple of as many items."""
    if isinstance(shape, tuple):
        return isinstance(value, (list, tuple)) and len(value) == len(shape) and \
            all(fits(item, part) for item, part in zip(value, shape))
    if shape is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, shape)


def _reducer(cls, fields: tuple, later: tuple):
    """A mark's class and fields, those it gained later left off the end while they are at their defaults."""
    first = operator.attrgetter(*fields[:-len(later)])
    defaults = tuple(field.default for field in dataclasses.fields(cls) if field.name in later)

    def reduce(value):
        extra = tuple(getattr(value, name) for name in later)
        while extra and extra[-1] == defaults[len(extra) - 1]:
            extra = extra[:-1]
        return cls, first(value) + extra
    return reduce


def _writer(file, drawn: bool = False, known: bool = False) -> pickle.Pickler:
    """Pickles marks as their class and fields: read back, a call to the class, which _Reader
    knows. (Anything else that is not plain data could not be read back: it is never found.)"""
    writer = pickle.Pickler(file, protocol=pickle.HIGHEST_PROTOCOL)
    writer.dispatch_table = _dispatch(drawn, known)
    return writer


@functools.cache
def _dispatch(drawn: bool = False, known: bool = False) -> dict:
    """How each mark is pickled: all its kept fields, or (`drawn`, for a digest) only those it is
    compared by, what it draws: where a mark was planned from is no part of its fingerprint.
    `known` (a digest never compared with a card's fingerprint): marks kept (Marks) by the key
    they are kept under, never read for it."""
    _, fields, later = _marks()
    if drawn:
        compared = {cls: {field.name for field in dataclasses.fields(cls) if field.compare} for cls in fields}
        fields = {cls: tuple(name for name in kept if name in compared[cls]) for cls, kept in fields.items()}
        later = {cls: tuple(name for name in names if name in compared[cls]) for cls, names in later.items()}
        later = {cls: names for cls, names in later.items() if names}
    table = {cls: (lambda value, cls=cls, get=operator.attrgetter(*kept): (cls, get(value)))
             for cls, kept in fields.items() if cls not in later}
    table.update({cls: _reducer(cls, fields[cls], later[cls]) for cls in later})
    if known:
        table[Marks] = lambda value: (str, ("kept marks " + value.digest,))
    return table


class _Reader(pickle.Unpickler):
    """Unpickles the mark classes and nothing else."""

    def find_class(self, module: str, name: str):
        try:
            return _marks()[0][(module, name)]
        except KeyError:
            pass
        from printkit.plan.marks import DieLine, Picture  # pickled as data classes are (their digests as ever)

        if (module, name) in {(cls.__module__, cls.__qualname__) for cls in (Picture, DieLine)}:
            return Picture if name == "Picture" else DieLine
        raise pickle.UnpicklingError(f"not a mark: {module}.{name}") from None


def _described(value: Any):
    """Inputs that are not JSON (a model's data classes): their repr, which names every field. A
    frozen data class's is written once a file (a scenario's setup is in the inputs of its spread
    and of each of its measures), as _DIGESTS keeps digests."""
    params = getattr(type(value), "__dataclass_params__", None)
    if params is None or not params.frozen:
        return repr(value)
    found = _REPRS.get(id(value))
    if found is None or found[0] is not value:
        if len(_REPRS) >= MOST_REPRS:  # (planned outside a build's files: validate, an export)
            _REPRS.clear()
        found = _REPRS[id(value)] = (value, repr(value))
    return found[1]


_REPRS: dict[int, tuple[Any, str]] = {}  # id of a frozen data class -> (it, its repr), for the file being planned
MOST_REPRS = 4096


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
        STORE.close()
        STORE = Store(folder, write)
    return STORE


def kept(inputs: Any, make: Callable[[], Any], shape: Any = None) -> Any:
    return STORE.kept(inputs, make, shape)


def keeps() -> bool:
    """Whether a store is in use: what is made is kept (or, read only, looked up)."""
    return STORE.folder is not None


def kept_marks(inputs: Any, make: Callable[[], Any], shape: Any) -> tuple:
    return STORE.kept_marks(inputs, make, shape)


def find_marks(inputs: Any, shape: Any, make: Callable[[], Any] | None = None) -> tuple | None:
    return STORE.find_marks(inputs, shape, make)


def keep_marks(inputs: Any, value) -> tuple:
    return STORE.keep_marks(inputs, value)


def find(inputs: Any, shape: Any = None) -> Any:
    return STORE.find(inputs, shape)


def keep(inputs: Any, value: Any) -> None:
    STORE.keep(inputs, value)


def planned(file: str, fingerprint: str) -> int | None:
    return STORE.planned(file, fingerprint)


def note_planned(file: str, fingerprint: str, pages: int) -> None:
    STORE.note_planned(file, fingerprint, pages)


def flush() -> None:
    """What this process kept, written (a worker, at the end of each file it drew)."""
    STORE.flush()


def digest(value: Any) -> str | None:
    """The SHA-256 of marks, for the inputs of what is made from them (None: no store in use,
    nothing to look up)."""
    if not keeps():
        return None
    return _digest_once(value)


def plan_digest(document, drawing: dict) -> str:
    """The SHA-256 of a planned document (a printkit.plan.marks.Document) and how it is drawn:
    what the manifest compares. Its forms (a booklet's pages) count by their own digests, which
    drawing them looks up again."""
    from printkit.plan.marks import Document

    if not isinstance(document, Document):  # a file planned as its bytes (a cut file)
        return digest_of([drawing, document])
    forms = [(form.name, form.paper, _digest_once(form.marks)) for form in document.forms]
    # a page of a file without forms is digested alone, once, and found again to find its drawing kept
    pages = document.pages if document.forms else [page_digest(page) for page in document.pages]
    return digest_of([drawing, document.title, document.subject, pages, document.duplex, document.glyphs, forms])


def page_digest(page) -> str:
    """The SHA-256 of a planned page, its marks kept (Marks) by their own digest; worked out once
    for the file being drawn (for its manifest and to find the page's drawing kept)."""
    found = _DIGESTS.get(id(page))
    if found is None or found[0] is not page:
        found = _DIGESTS[id(page)] = (page, digest_of(page, known=True))
    return found[1]


_DIGESTS: dict[int, tuple[Any, str]] = {}  # id of marks -> (them, their digest), for the file being drawn


def _digest_once(value: Any) -> str:
    if type(value) is Marks:
        return value.digest
    found = _DIGESTS.get(id(value))
    if found is None or found[0] is not value:
        found = _DIGESTS[id(value)] = (value, digest_of(value))
    return found[1]


def forget_digests() -> None:
    """The digests of a file's marks let go of, with the marks (once the file is drawn), and the
    reprs of its inputs."""
    _DIGESTS.clear()
    _REPRS.clear()


def digest_of(value: Any, known: bool = False) -> str:
    """The SHA-256 of marks (a planned document and everything in it); `known`: marks kept
    (Marks) count by their own digest (never for a card's fingerprint, which is its marks')."""
    buffer = io.BytesIO()
    writer = _writer(buffer, drawn=True, known=known)
    writer.fast = True  # no memo: equal marks give equal bytes, however their objects are shared
    writer.dump(value)
    return hashlib.sha256(buffer.getvalue()).hexdigest()
