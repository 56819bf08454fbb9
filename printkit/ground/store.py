"""A signed, bounded store of bytes kept between runs: one SQLite database in a folder of the
user's cache, each value under a name (a hexadecimal digest its caller made), signed with the
user's key (printkit/ground/signatures.py) and given back only while its signature matches.

It knows nothing of what the bytes are: the pipeline keeps planned pages and their drawings in it
(printkit/pipeline/cache.py, which makes the names and decides what to keep), pickled by the plan's
own codec (printkit/plan/kept.py). Beside the values it keeps small counts under names of their
own (its `planned` table: the pipeline notes there the files that planned without a problem, with
their page counts).

One database, not a file a value: creating a small file costs the kernel more than drawing the
page it holds, and a 500-scenario campaign keeps 2,600 values. Values are written in
transactions, a batch at a time (`flush`), by each process on a connection of its own; a database
that cannot be opened or read, or that another process holds locked beyond a short wait, is a
store that keeps nothing (where no key can be kept, too): never an error. It is bounded: past
MOST_FILES values (or MOST_PLANNED counts) the longest unused go (`prune`).
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from printkit.ground import signatures

MOST_FILES = 4000  # values kept: a few campaigns' worth of pages; the longest unused go first
DATABASE = "pages.sqlite"
BATCH = 64  # values written a transaction at a time: the volumes of a booklet find its pages soon
MOST_PLANNED = 20_000  # counts noted (files noted as planned): a row is a name and a count
WAIT = 0.2  # seconds a statement waits for another process's lock: then the store keeps nothing
# seconds within which a value (or a count) used again is not noted as used again: an edit finds
# some 300 values, and writing each one's time cost more than the edit's own writes
USED_AGAIN = 3600.0
SIGNATURE = 64  # hexadecimal digits of the HMAC-SHA256 before each value
SCHEMA = ("CREATE TABLE IF NOT EXISTS kept (key TEXT PRIMARY KEY, value BLOB NOT NULL, used REAL NOT NULL)",
          "CREATE TABLE IF NOT EXISTS planned (key TEXT PRIMARY KEY, pages INTEGER NOT NULL, used REAL NOT NULL)")


class Store:
    """The database of kept bytes in `folder`, or none (`folder` None: nothing is kept)."""

    def __init__(self, folder: Path | None, write: bool = True):
        self.folder, self.write = folder, write  # validate reads what builds kept, and keeps nothing
        self._db: sqlite3.Connection | None = None
        self._pid: int | None = None  # the process the connection is for: a forked worker opens its own
        self._pending: list[tuple[str, bytes, float]] = []
        self._used: list[tuple[float, str]] = []
        self._counts: dict[str, tuple[int, float]] = {}  # name -> (count, when), not yet written
        self._counts_used: list[tuple[float, str]] = []
        self._there: dict[str, float] = {}  # names known to be kept -> when they were last noted as used
        self._version: int | None = None  # the database's data_version when `others_changed` last asked

    def opened(self) -> bool:
        """Whether the database can be used in this process (opened on first use)."""
        return self._connection() is not None

    def read(self, name: str) -> bytes | None:
        """The bytes kept under `name` (noted as used), if they are signed by this user's printkit
        under that name; else None."""
        db = self._connection()
        if db is None:
            return None
        row = self._row(db, name, "value, used")
        if row is _MISSING:
            return next((_verified(name, data) for key, data, _ in self._pending if key == name), None)
        return None if row is None else _verified(name, row[0])

    def there(self, name: str) -> bool:
        """Whether bytes are kept under `name` (noted as used), not read. A name found there (or
        kept) is known to be there until another process changes the database (`others_changed`)
        or this one prunes it, and noted as used no more often than a read would note it."""
        db = self._connection()
        if db is None:
            return False
        used = self._there.get(name)
        now = time.time()
        if used is not None and (not self.write or _recent(used, now)):
            return True
        row = self._row(db, name, "used")
        if row is None:
            return False
        if row is _MISSING:
            return any(key == name for key, _, _ in self._pending)
        self._there[name] = now if self.write and not _recent(row[-1], now) else row[-1]
        return True

    def others_changed(self) -> None:
        """What this process knows to be there forgotten, if another process has changed the
        database since it last asked (SQLite's data_version: another connection's commit): a build
        asks once, as it begins, and a long-lived process's next build looks up again what another
        process may have pruned."""
        db = self._db if self._pid == os.getpid() else None
        if db is None:
            return
        version = _data_version(db)
        if version is None or version != self._version:
            self._there.clear()
        self._version = version

    def keep(self, name: str, data: bytes) -> None:
        """`data` kept under `name`, signed (written with the next batch; nowhere where no key can
        be kept: nothing kept could be trusted when read back)."""
        if not self.write or self._connection() is None:
            return
        signature = signatures.sign(DATABASE, name, data)
        if signature is None:
            return
        self._pending.append((name, signature.encode("ascii") + data, time.time()))
        self._there[name] = self._pending[-1][2]
        if len(self._pending) >= BATCH:
            self.flush()

    def count(self, name: str, most: int) -> int | None:
        """The count noted under `name`, if it is a whole number from 1 to `most`; else None."""
        db = self._connection()
        if db is None:
            return None
        try:
            row = db.execute("SELECT pages, used FROM planned WHERE key = ?", (name,)).fetchone()
        except sqlite3.Error:  # a database older than the table, opened read-only
            row = None
        count = row[0] if row else self._counts.get(name, (None,))[0]
        if type(count) is not int or not 1 <= count <= most:
            return None
        if self.write and not (row and _recent(row[1], time.time())):
            self._counts_used.append((time.time(), name))
        return count

    def note_count(self, name: str, count: int) -> None:
        """`count` noted under `name` (nowhere by a store that does not write)."""
        if self.write and self._connection() is not None:
            self._counts[name] = (count, time.time())

    def names(self) -> set[str]:
        """The names of every value kept (for the tests)."""
        self.flush()
        db = self._connection()
        return {key for (key,) in db.execute("SELECT key FROM kept")} if db else set()

    def _connection(self) -> sqlite3.Connection | None:
        if self.folder is None:
            return None
        if self._pid != os.getpid():  # first use here, or a forked worker: never a connection of another process
            if self._db is not None:
                _INHERITED.append(self._db)  # the parent's, neither used nor closed here
            opened = _opened(self.folder, self.write) if signatures.user_key() is not None else None
            self._db, self._pid, self._pending, self._used = opened, os.getpid(), [], []
            self._there, self._version = {}, _data_version(opened)
            self._counts, self._counts_used = {}, []
        return self._db

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

    def flush(self) -> None:
        """The values kept and the counts noted since the last flush written, in one transaction (or
        not at all: a store that cannot be written keeps nothing, and fails nothing)."""
        unwritten = self._pending or self._used or self._counts or self._counts_used
        if self._pid != os.getpid() or self._db is None or not unwritten:
            return
        pending, used, self._pending, self._used = self._pending, self._used, [], []
        counts, counts_used, self._counts, self._counts_used = self._counts, self._counts_used, {}, []
        try:
            with self._db:
                self._db.executemany("INSERT OR REPLACE INTO kept (key, value, used) VALUES (?, ?, ?)", pending)
                self._db.executemany("UPDATE kept SET used = ? WHERE key = ?", used)
                self._db.executemany("INSERT OR REPLACE INTO planned (key, pages, used) VALUES (?, ?, ?)",
                                     [(key, count, when) for key, (count, when) in counts.items()])
                self._db.executemany("UPDATE planned SET used = ? WHERE key = ?", counts_used)
        except sqlite3.OperationalError:
            self._give_up()
        except sqlite3.Error:
            return

    def _give_up(self) -> None:
        """A database another process holds locked: nothing more read or kept in this process (each
        statement would wait WAIT again)."""
        if self._db is not None:
            _INHERITED.append(self._db)  # closed with the process: closing may wait for the lock too
        self._db, self._pending, self._used, self._counts, self._counts_used = None, [], [], {}, []
        self._there = {}

    def close(self) -> None:
        """Everything written and the connection closed (before printkit forks its workers)."""
        self.flush()
        if self._pid == os.getpid() and self._db is not None:
            self._db.close()
        self._db = self._pid = None

    def prune(self) -> None:
        """Once there are more than MOST_FILES values (or more than MOST_PLANNED counts), the
        longest unused removed down to nine tenths of that: a full store is pruned once every few
        dozen builds, not at the end of each (a sort of every row, 15 ms)."""
        self.flush()
        db = self._connection()
        if db is None or not self.write:
            return
        try:
            over = [(table, most - most // 10) for table, most in (("kept", MOST_FILES), ("planned", MOST_PLANNED))
                    if db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] > most]
            if not over:  # (most builds: the tenth left free lasts a few dozen edits)
                return
            self._there.clear()
            with db:
                for table, left in over:
                    db.execute(f"DELETE FROM {table} WHERE key IN (SELECT key FROM {table} ORDER BY used, key LIMIT "
                               f"max(0, (SELECT count(*) FROM {table}) - ?))", (left,))
        except sqlite3.Error:
            return


def _data_version(db: sqlite3.Connection | None) -> int | None:
    """What changes when another connection commits to the database (None: it cannot be asked)."""
    try:
        return None if db is None else db.execute("PRAGMA data_version").fetchone()[0]
    except sqlite3.Error:
        return None


def _recent(used, now: float) -> bool:
    """Whether a row noted as used at `used` was used within USED_AGAIN of `now`."""
    return type(used) in (int, float) and 0 <= now - used < USED_AGAIN


_MISSING = object()
_INHERITED: list = []


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


def _verified(name: str, data: bytes) -> bytes | None:
    """The value in `data` (after its signature), or None if it is not signed by this user's
    printkit under `name`."""
    if not isinstance(data, bytes) or not signatures.signed(data[:SIGNATURE].decode("ascii", "replace"), DATABASE, name,
                                                       data[SIGNATURE:]):
        return None
    return data[SIGNATURE:]
