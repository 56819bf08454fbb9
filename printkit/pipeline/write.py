"""Stage 5, write: the files of one batch (a build's PDFs and its manifest) change all together or
not at all, and a reader never sees half a file.

Phase one writes every changed file in full to a temporary name beside its target (as one file is
written whole: printkit/ground/atomic.py), so a full disk or a folder that cannot be written
fails before any output is replaced. Phase two first links a
backup of each file about to be replaced and writes a journal of the renames
(`.printkit-journal-<pid>.json`, in the folder holding the batch), then renames every file into
place, then deletes the journal: that is the moment the batch is done. A failure before it (a
file that cannot be replaced) puts the backups back, so every output is as it was; signals wait
while files are renamed or put back. A journal left by a process that died (SIGKILL, a power cut)
is rolled back by the next printkit that writes there, and temporary files a crash left are
removed: only printkit's own names, and only those of processes no longer running. No output is
written through a link (a stranger's kit may ship `output/<game>` as a link to a folder of the
user's): every folder below the command's output folder, and each file's own name, are checked
first (printkit/load/project.py's refuse_links). A journal is
signed with the user's key (printkit/ground/signatures.py) and read with bounds: one that printkit did not
write (a stranger's kit may ship one) or cannot read is not followed: it is removed, with one
warning line.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import shutil
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from printkit import __version__
from printkit.ground import signatures
from printkit.ground.atomic import blamed, ended, names_in, replace_whole, sync_folders, write_temp
from printkit.ground.interrupt import held
from printkit.load.project import refuse_links

JOURNAL = re.compile(r"\.printkit-journal-(\d+)\.json")
TEMPORARY = re.compile(r"\..+\.(\d+)-[a-z0-9_]{8}\.(?:tmp|old)")  # .rules.pdf.<pid>-<random>.tmp (.old: a backup)
MAX_JOURNAL = 16 * 1024 * 1024  # a rename is some 150 bytes: 100,000 files
SYNCING = 16  # files synced at once
EARLIER = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")  # what printkit named its temporary files before


@dataclass(frozen=True)
class Output:
    path: Path
    data: bytes
    pages: int


@dataclass
class _Rename:
    new: Path  # the temporary file with the new bytes
    target: Path
    old: Path | None = None  # a backup of the file it replaces, when there is one


def write_outputs(outputs: list[Output], within: Path | None = None, again: bool = False) -> list[tuple[Output, bool]]:
    """Write the outputs as one batch; returns (output, changed). Unchanged files are not touched
    (with `again`, as a --force build asks, every one is written again: each counts as changed).
    Nothing is written, replaced or read back through a link below `within` (the command's output
    folder; by default the folder holding the whole batch), nor at an output's own name: refused,
    every link a line, before anything is touched."""
    if outputs:
        refuse_links([output.path for output in outputs], within or _journal_folder(outputs))
        _recover_around(outputs)
    changed = [again or not _same_bytes(output.path, output.data) for output in outputs]
    _write_all([output for output, change in zip(outputs, changed) if change])
    return list(zip(outputs, changed))


def recover(folder: Path) -> None:
    """Before a build: roll back what an interrupted batch under `folder` left, and remove the
    temporary files earlier runs left there."""
    _recover_each(Path(parent) for parent, _, _ in os.walk(folder))


def _recover_around(outputs: list[Output]) -> None:
    """The batch's own folders (and the one its journal would be in), not everything below them."""
    _recover_each(sorted({_journal_folder(outputs), *(output.path.parent for output in outputs)}))


def _recover_each(folders) -> None:
    """Parents before their folders, so a journal is rolled back before the files it needs are
    seen as left over."""
    kept: set[str] = set()
    for folder in folders:
        _recover(folder, kept)


def _recover(folder: Path, kept: set[str]) -> None:
    """Journals first (they need their backups), then the temporary files no journal still needs."""
    for name in names_in(folder):
        found = JOURNAL.fullmatch(name)
        if found and ended(int(found.group(1))):
            kept |= _roll_back_journal(folder / name)
    _remove_temporary(folder, kept)


def _remove_temporary(folder: Path, kept: set[str]) -> None:
    for name in names_in(folder):
        found = TEMPORARY.fullmatch(name)
        stale = (found and ended(int(found.group(1)))) or (not found and EARLIER.fullmatch(name))
        if stale and os.path.abspath(folder / name) not in kept:
            _unlink(folder / name)


def _same_bytes(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


# --- the two phases ----------------------------------------------------------------------------------

def _write_all(outputs: list[Output]) -> None:
    """Phase one writes every temporary file, phase two renames them all into place."""
    if not outputs:
        return
    batch = _Batch(_journal_folder(outputs) / _journal_name())
    try:
        for output in outputs:
            batch.stage(output)
        batch.sync()
        with held():
            batch.commit()
    except BaseException:
        with held():
            batch.roll_back()
        raise


@dataclass
class _Batch:
    journal: Path
    renames: list[_Rename] = field(default_factory=list)
    made: list[Path] = field(default_factory=list)  # folders this batch created
    done: bool = False

    def stage(self, output: Output) -> None:
        with blamed(output.path):
            self.made += _make_folders(output.path.parent)
            self.renames.append(_Rename(write_temp(output.path, output.data, synced=False), output.path))

    def sync(self) -> None:
        """Every temporary file on disk before any rename, synced side by side: the disk then
        flushes them together (one after the other, a build's 82 files took 0.4 s, its drawing
        some 2 s; side by side 0.05 s)."""
        with ThreadPoolExecutor(min(SYNCING, len(self.renames))) as pool:
            list(pool.map(_synced, self.renames))

    def commit(self) -> None:
        for rename in self.renames:
            with blamed(rename.target):
                rename.old = _backup(rename.target)
        if len(self.renames) > 1:  # a single rename cannot leave a mix
            with blamed(self.journal):
                _write_journal(self.journal, self.renames)
        for rename in self.renames:
            with blamed(rename.target):
                os.replace(rename.new, rename.target)
        sync_folders({rename.target.parent for rename in self.renames})  # on disk before the journal goes
        with blamed(self.journal):
            self.journal.unlink(missing_ok=True)  # the batch is done
        self.done = True
        for rename in self.renames:
            _unlink(rename.old)

    def roll_back(self) -> set[str]:
        """Every target back as it was, no temporary file or new folder left. Safe to run again:
        it is how a journal is rolled back. A file that cannot be put back now stays in the journal,
        with its backup, for the next run; returns those backups."""
        if self.done:
            return set()
        kept = [rename for rename in reversed(self.renames) if not _put_back(rename)]
        for rename in self.renames:
            _unlink(rename.new)
        if kept:
            with contextlib.suppress(OSError):
                _write_journal(self.journal, kept)
        else:
            _unlink(self.journal)
        for folder in sorted(self.made, key=lambda folder: len(folder.parts), reverse=True):
            try:
                folder.rmdir()
            except OSError:
                pass  # not empty (an earlier output lives there) or already gone
        backups = {os.path.abspath(rename.old) for rename in kept}
        for folder in {rename.target.parent for rename in self.renames}:
            _remove_temporary(folder, backups)  # what an interruption left between two steps
        return backups


def _put_back(rename: _Rename) -> bool:
    """One target as it was before the batch; False if that cannot be done now."""
    try:
        if rename.new.exists():  # never renamed into place: the target is as it was
            _unlink(rename.old)
        elif rename.old is not None:
            if rename.old.exists():  # (if not, an earlier roll-back put it back)
                os.replace(rename.old, rename.target)
        elif rename.target.exists():
            rename.target.unlink()  # it was new, and renamed into place
        return True
    except OSError:
        return False


# --- the journal ----------------------------------------------------------------------------------

def _journal_name() -> str:
    return f".printkit-journal-{os.getpid()}.json"


def _journal_folder(outputs: list[Output]) -> Path:
    return Path(os.path.commonpath([str(output.path.parent.absolute()) for output in outputs]))


def _write_journal(journal: Path, renames: list[_Rename]) -> None:
    def relative(path: Path | None):
        return None if path is None else os.path.relpath(path, journal.parent)

    entries = [{"new": relative(r.new), "target": relative(r.target), "old": relative(r.old)} for r in renames]
    text = json.dumps({"printkit": __version__, "renames": entries, "check": signatures.sign(JOURNAL.pattern, entries)},
                      indent=1)
    replace_whole(journal, text.encode("utf-8"))


def _roll_back_journal(journal: Path) -> set[str]:
    """What a process that died in phase two left: its renames undone from its journal; returns
    the backups it still needs."""
    try:
        loaded = signatures.read_json(journal, MAX_JOURNAL)
        entries = loaded["renames"]
        if not signatures.signed(loaded.get("check"), JOURNAL.pattern, entries):
            raise signatures.Unreadable("not written by printkit for this user")
        renames = [_entry(journal.parent, entry) for entry in entries]
    except (signatures.Unreadable, KeyError, TypeError, AttributeError, OSError) as error:
        from printkit.load.project import shown

        reason = str(error) if isinstance(error, signatures.Unreadable) else "not a journal printkit wrote"
        signatures.set_aside(shown(journal), reason, "nothing is rolled back from it, and it is removed")
        _unlink(journal)  # the manifest's hashes find any output a real one would have put back
        return set()
    with held():
        return _Batch(journal, [rename for rename in renames if rename is not None]).roll_back()


def _entry(folder: Path, entry: dict) -> _Rename | None:
    """One rename of a journal, if it is one printkit wrote: every path inside the journal's folder,
    the temporary ones named as printkit names them."""
    if not all(entry[key] is None or isinstance(entry[key], str) for key in ("new", "target", "old")):
        return None
    paths = [None if entry[key] is None else folder / entry[key] for key in ("new", "target", "old")]
    new, target, old = paths
    inside = all(path is None or path.resolve().is_relative_to(folder.resolve()) for path in paths)
    ours = TEMPORARY.fullmatch(new.name) and (old is None or TEMPORARY.fullmatch(old.name))
    return _Rename(new, target, old) if inside and ours and target is not None else None


# --- files and folders ----------------------------------------------------------------------------

def _make_folders(folder: Path) -> list[Path]:
    """Create `folder` and any missing parents; returns the ones created, deepest first."""
    missing = [parent for parent in (folder, *folder.parents) if not parent.exists()]
    folder.mkdir(parents=True, exist_ok=True)
    return missing


def _synced(rename: _Rename) -> None:
    """A temporary file written by `write_temp(synced=False)` synced to disk."""
    with blamed(rename.target):
        handle = os.open(rename.new, os.O_RDONLY if os.name == "posix" else os.O_RDWR)  # (an output may be read-only)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _backup(path: Path) -> Path | None:
    """A second name for the file about to be replaced (a hard link: no copy), or None if there is
    no file; a copy where the file system has no hard links."""
    if not path.is_file():
        return None
    while True:
        backup = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.old")
        try:
            os.link(path, backup)
            return backup
        except FileExistsError:
            continue
        except OSError as error:
            if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise
        shutil.copy2(path, backup)
        return backup


def _unlink(path: Path | None) -> None:
    """Cleaning up: what cannot be removed now is removed by the next run."""
    if path is None:
        return
    try:
        path.unlink()
    except OSError:
        pass


def is_pdf(path: Path) -> bool:
    """Whether the file there is a PDF (one printkit may replace), by its first bytes."""
    try:
        with path.open("rb") as handle:
            return handle.read(5) == b"%PDF-"
    except OSError:
        return False
