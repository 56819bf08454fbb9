"""`printkit watch`: rebuild as the designer saves. Watches content/ and templates/ (watchdog, the
library made for file events), waits for a burst of saves to settle, then builds: the manifest
makes that redraw only what the edit affects. An edit with errors prints them and keeps the last
good outputs, as every failed build does; no save ends the watch, whatever it holds."""

from __future__ import annotations

import contextlib
import gc
import re
import threading
import time
import traceback
from pathlib import Path
from typing import Any, Callable

from watchdog.events import (DirCreatedEvent, DirDeletedEvent, DirModifiedEvent, DirMovedEvent, FileClosedEvent,
                             FileCreatedEvent, FileDeletedEvent, FileModifiedEvent, FileMovedEvent,
                             FileSystemEventHandler)
from watchdog.observers import Observer

from printkit.ground.errors import PrintkitError
from printkit.pipeline.build import build
from printkit.pipeline.warm import warm
from printkit.load.project import shown

# Every file in content/ and templates/ is watched, whatever its name, as a build reads any a game
# names (a card table by its contents, a font by any name); but not an editor's scratch and lock
# files (Vim's .swp and 4913, Emacs's #x# and .#x, x~, LibreOffice's .~lock.x#, gedit's, JetBrains')
# nor a hidden folder's (.git/)
SCRATCH = re.compile(r"^\.#|^#.*#$|~$|\.sw[a-p]$|\.tmp$|^\.~lock\.|^\.goutputstream-|___jb_(tmp|old)___$|^4913$|"
                     r"^\.DS_Store$")
CHANGES = {"created", "modified", "moved", "deleted"}
# An editor's save is often several events (a backup, a write, a rename) a few milliseconds apart:
# a build starts once QUIET seconds pass with none, or SETTLE seconds after the first, whichever is first.
# A save that is each file written whole and closed (inotify's close-after-write, watchdog's "closed",
# the last event of an editor writing in place, however many writes it took) is over once CLOSED_QUIET
# passes with no other: any event after that close (a rename, a write again) still waits QUIET
QUIET = 0.06
CLOSED_QUIET = 0.01
SETTLE = 1.0
# The events asked of the system: not a file opened, nor closed after reading, which every build
# causes for each file it reads (a thread woken in the middle of the build, for nothing)
HEARD = [FileCreatedEvent, DirCreatedEvent, FileModifiedEvent, DirModifiedEvent, FileMovedEvent, DirMovedEvent,
         FileDeletedEvent, DirDeletedEvent, FileClosedEvent]


class _Edits(FileSystemEventHandler):
    def __init__(self, folders: list[Path], out: Path):
        self.folders = [folder.absolute() for folder in folders]
        self.out = out.resolve()  # the build's own files, if they are in a watched folder
        self.paths: set[str] = set()
        self.unclosed: set[str] = set()  # the burst's paths changed since last closed after a write
        self.lock = threading.Lock()
        self.arrived = threading.Event()

    def on_any_event(self, event) -> None:
        if event.event_type == "closed":
            self._closed(str(event.src_path))
        if event.event_type not in CHANGES:  # builds open and read the files too
            return
        for path in (event.src_path, getattr(event, "dest_path", "")):
            if path and not event.is_directory and self._read(Path(str(path))):
                with self.lock:
                    self.paths.add(str(path))
                    self.unclosed.add(str(path))
                self.arrived.set()

    def _closed(self, path: str) -> None:
        """A file of the burst closed after a write: written whole, unless another event follows."""
        with self.lock:
            if path not in self.unclosed:  # not written in this burst, or closed already: nothing to wake for
                return
            self.unclosed.discard(path)
        self.arrived.set()

    def quiet(self) -> float:
        """How long the burst must be quiet to be over: CLOSED_QUIET once every file it changed is closed."""
        with self.lock:
            return CLOSED_QUIET if self.paths and not self.unclosed else QUIET

    def _read(self, path: Path) -> bool:
        """Whether a build may read the file: not a scratch file, nor in a hidden folder or the output."""
        path = path.absolute()
        within = next((path.relative_to(folder) for folder in self.folders if path.is_relative_to(folder)), path)
        if SCRATCH.search(path.name) or any(part.startswith(".") for part in within.parent.parts):
            return False
        return not path.resolve().is_relative_to(self.out)

    def take(self) -> list[str]:
        with self.lock:
            paths, self.paths, self.unclosed = sorted(self.paths), set(), set()
            self.arrived.clear()
        return paths


def watch(games, content: Path, out: Path, options, say: Callable[[str], None],
          complain: Callable[[str], None], stop: threading.Event, find: Callable[[], list] | None = None) -> None:
    """Build once, then again after every settled burst of edits, until `stop` is set. `find`
    finds the games again after an edit of a game.yaml (a declared game's products are in it)."""
    chosen = [games]

    def rebuild(changed: list[str]) -> None:
        chosen[0] = games_after(changed, chosen[0], find, complain)
        _build(chosen[0], content, out, options, say, complain)

    follow(content, out, rebuild, say, stop, ready=lambda: warm(chosen[0], content, options))


def follow(content: Path, out: Path, rebuild: Callable[[list[str]], None], say: Callable[[str], None],
           stop: threading.Event, ready: Callable[[], None] | None = None) -> None:
    """`rebuild([])` once, then `rebuild(paths changed)` after every settled burst of edits of the
    project's content/ and templates/, until `stop` is set (watch and serve). `ready()`, once the
    first build is done and watching is said: what makes the first edit's build as quick as the
    next (printkit/pipeline/warm.py); an edit saved meanwhile is heard, and built after it."""
    folders = [content, content.resolve().parent / "templates"]
    edits = _Edits(folders, out)
    observer = Observer()
    for folder in folders:
        if folder.is_dir():
            observer.schedule(edits, str(folder), recursive=True, event_filter=HEARD)
    observer.start()
    try:
        rebuild([])
        say(f"watching {', '.join(shown(f) for f in folders if f.is_dir())} (Ctrl-C to stop)")
        if ready:
            ready()
        while not stop.is_set():
            if not edits.arrived.wait(0.1):
                continue
            _settle(edits)
            changed = edits.take()
            say("changed: " + ", ".join(shown(Path(p)) for p in changed))
            with _collected_after():
                rebuild(changed)
    finally:
        observer.stop()
        observer.join()


@contextlib.contextmanager
def _collected_after():
    """Python's cycle collector held while an edit is built, and let run again once it is: what it
    would have done in the middle of the build (a few milliseconds each time, several times a
    build of a big deck) is done while watch waits for the next save. What an edit's build leaves
    in cycles is then freed after it, as before."""
    holding = gc.isenabled()
    if holding:
        gc.disable()
    try:
        yield
    finally:
        if holding:
            gc.enable()


def _settle(edits: _Edits) -> None:
    """Wait for QUIET seconds without an edit, CLOSED_QUIET once its files are closed (at most SETTLE
    in all): the burst of a save is over."""
    deadline = time.monotonic() + SETTLE
    while time.monotonic() < deadline:
        edits.arrived.clear()
        if not edits.arrived.wait(edits.quiet()):
            return


def games_after(changed: list[str], games: list, find: Callable[[], list] | None, complain) -> list:
    """The games to build after an edit: found again when a game.yaml changed (a declared game's
    products are in it), else as they were; as they were too when finding them fails (the build
    then reports why)."""
    if changed and find and any(Path(p).name == "game.yaml" for p in changed):
        return _found(find, complain) or games
    return games


def _found(find, complain) -> list | None:
    """The games found again, or None (their problems said): the build then reports them too."""
    try:
        return find()
    except PrintkitError as error:
        for problem in error.problems:
            complain(str(problem))
        return None


def _build(games, content: Path, out: Path, options, say, complain) -> None:
    started = time.perf_counter()
    # the outputs only, as soon as they can be: validate plans the edit on the other papers when it is run
    results = attempt(lambda: build(games, content, out, options, other_papers=False,
                                    removed=lambda path: say(f"  removed {shown(path)}: no longer made")), complain)
    if results is not None:
        built(results, started, say)


def attempt(run: Callable[[], Any], complain: Callable[[str], None]) -> Any | None:
    """What `run()` returns; or None, its problems said (the last good outputs are kept): no
    edit, and no bug of printkit's, ends a watch."""
    try:
        return run()
    except PrintkitError as error:
        for problem in error.problems:
            complain(str(problem))
        complain("not built: the last good outputs are kept")
    except Exception:  # noqa: BLE001 - a bug in printkit: say so, and keep watching for the next save
        for line in traceback.format_exc().splitlines():
            complain(line)
        complain("not built (a bug in printkit, not in your edit): the last good outputs are kept")
    return None


def built(results, started: float, say: Callable[[str], None]) -> None:
    """The files an edit changed, and how long it took."""
    written = [output for output, changed in results if changed]
    for output in written:
        say(f"  built {shown(output.path)}")
    say(f"{len(written)} of {len(results)} files changed, in {time.perf_counter() - started:.2f} s")
