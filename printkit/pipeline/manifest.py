"""What each output was built from, kept beside the outputs (`.printkit-manifest.json`), so a
build draws only the files whose inputs changed: their content, their templates, the options and
printkit itself. Each entry also records the file's size and SHA-256, so a file changed, emptied
or replaced since is drawn again; and a check of the entry itself, keyed with the user's secret
(printkit/ground/signatures.py), so an entry edited by hand or forged (a page count of 999, another file's
hash, a name out of the output folder) is ignored and its file drawn again. A name is used only
where it stays inside the output folder, through no link. A missing manifest means "build
everything"; an unreadable or foreign one too, after one warning line."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
from dataclasses import asdict
from pathlib import Path

from printkit import __version__
from printkit.ground import signatures
from printkit.ground.code import code_digest

NAME = ".printkit-manifest.json"
MAX_PAGES = 200_000  # far more than any product has: 100,000 tarot cards, 4 a sheet, duplex, are 50,000


def key(inputs, templates: str, options, inputs_text: str | None = None) -> str:
    """One output's fingerprint: everything it is drawn from (`inputs_text`: the inputs as
    `inputs_text(inputs)` writes them, when the caller has it already)."""
    shown = inputs_text if inputs_text is not None else inputs_json(inputs)
    try:
        head = _head(code_digest(), options, templates)
    except TypeError:  # options holding a list (not hashable): written each time
        head = _head.__wrapped__(code_digest(), options, templates)
    material = head + "\n" + shown
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


@functools.lru_cache(maxsize=64)
def _head(code: str, options, templates: str) -> str:
    """What a build's files share of their fingerprints, written once for each product: a
    campaign's 50 setup sheets have the same options and templates."""
    return json.dumps([code, asdict(options), templates], sort_keys=True, default=str)


def inputs_json(inputs) -> str:
    return json.dumps(inputs, sort_keys=True, default=str)


class Manifest:
    def __init__(self, out: Path, quiet: bool = False):
        """The manifest in `out`; a bad one is set aside with one warning line (`quiet`: none, for a
        reader that leaves the build to say so)."""
        self.path = out / NAME
        self.out = out
        self.entries: dict[str, dict] = {}
        self.games: dict[str, dict] = {}  # a game's last whole build: see printkit/pipeline/nothing_changed.py
        try:
            loaded = signatures.read_json(self.path)
            if loaded is not None and not (isinstance(loaded, dict) and isinstance(loaded.get("outputs"), dict)):
                raise signatures.Unreadable("not a manifest printkit wrote")
        except signatures.Unreadable as error:
            from printkit.load.project import shown

            if not quiet:
                signatures.set_aside(shown(self.path), str(error), "every file is drawn again")
            return
        if loaded is not None:
            self.entries = {name: entry for name, entry in loaded["outputs"].items() if plain_name(name)}
            self.games = loaded["games"] if isinstance(loaded.get("games"), dict) else {}

    @classmethod
    def empty(cls, out: Path) -> "Manifest":
        """A manifest that remembers nothing (`--force`): every output is drawn again."""
        manifest = cls.__new__(cls)
        manifest.path, manifest.out, manifest.entries, manifest.games = out / NAME, out, {}, {}
        return manifest

    def pages_if_fresh(self, path: Path, fingerprint: str) -> int | None:
        """The page count recorded for an output built from the same inputs and still on disk
        byte for byte as it was written."""
        name = self._name(path)
        entry = self.entries.get(name)
        if not _sound(name, entry) or entry["key"] != fingerprint or not within(self.out, name) or \
                _file_digest(path) != (entry["size"], entry["sha256"]):
            return None
        return entry["pages"]

    def record(self, path: Path, fingerprint: str, pages: int, data: bytes, plan: str | None = None) -> None:
        entry = {"key": fingerprint, "pages": pages, "size": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                 "plan": plan}
        self.entries[self._name(path)] = {**entry, "check": _check(self._name(path), entry)}

    def pages_before(self, path: Path) -> int:
        """The page count an output had when it was last built (0: none recorded), whatever it is
        now: only a guess at how long drawing it again takes."""
        name = self._name(path)
        entry = self.entries.get(name)
        return entry["pages"] if _sound(name, entry) else 0

    def plan_on_disk(self, path: Path) -> str | None:
        """The digest of the plan an output was drawn from, if it is still on disk byte for byte as
        it was written: a file planned the same again need not be drawn."""
        name = self._name(path)
        entry = self.entries.get(name)
        if not _sound(name, entry) or not within(self.out, name) or \
                _file_digest(path) != (entry["size"], entry["sha256"]):
            return None
        return entry.get("plan")

    def keep(self, path: Path, fingerprint: str, plan: str) -> None:
        """An output planned as it was (plan_on_disk): its entry now under its new inputs."""
        name = self._name(path)
        entry = {**self.entries[name], "key": fingerprint, "plan": plan}
        entry.pop("check")
        self.entries[name] = {**entry, "check": _check(name, entry)}

    def left_behind(self, games: set[str], made: set[Path], aside: set[str] = frozenset()) -> list[Path]:
        """Outputs an earlier build of these games recorded that this build no longer makes (a
        product renamed or split into files): forgotten here, and returned where the file is
        still as printkit wrote it, to be removed. A file changed since is left alone."""
        found = []
        for name in [name for name in self.entries if _of(name, games) and not _of(name, aside)]:
            path = self.out / name
            if path in made:
                continue
            entry = self.entries.pop(name)
            if _sound(name, entry) and within(self.out, name) and _file_digest(path) == (entry["size"], entry["sha256"]):
                found.append(path)
        return found

    def note_whole(self, game: str, sources: str, made: list[Path]) -> None:
        """A whole build of `game` from the sources whose digest is `sources` made these files."""
        names = [self._name(path) for path in made]
        record = {"sources": sources, "files": names, "entries": self._entries_digest(names)}
        self.games[game] = {**record, "check": signatures.sign(NAME, "games", game, list(record.values()))}

    def noted_whole(self, game: str, sources: str) -> list[str] | None:
        """The names of the files the last whole build of `game` made, if it was made from the same
        sources and their entries are as that build left them (the files on disk not looked at)."""
        record = self.games.get(game)
        if not isinstance(record, dict) or record.get("sources") != sources or \
                not signatures.signed(record.get("check"), NAME, "games", game,
                                 [record.get(name) for name in ("sources", "files", "entries")]):
            return None
        names = record["files"]
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names) or \
                record["entries"] != self._entries_digest(names) or \
                {name for name in self.entries if name.startswith(game + "/")} != set(names):
            return None  # (an entry it does not list: a file a whole build would remove)
        return names

    def whole_if_fresh(self, game: str, sources: str) -> list[tuple[Path, int]] | None:
        """The files (path, pages) the last whole build of `game` made, if it was made from the
        same sources and every file's entry and file on disk are as that build left them."""
        found = []
        for name in self.noted_whole(game, sources) or [None]:
            if name is None or not name.startswith(game + "/") or not plain_name(name) or not within(self.out, name):
                return None
            entry, path = self.entries.get(name), self.out / name
            if not _sound(name, entry) or _file_digest(path) != (entry["size"], entry["sha256"]):
                return None
            found.append((path, entry["pages"]))
        return found

    def _entries_digest(self, names: list) -> str:
        fields = [[name, self.entries.get(name) if isinstance(name, str) else None] for name in names]
        return hashlib.sha256(json.dumps(fields, sort_keys=True).encode("utf-8")).hexdigest()

    def text(self) -> str:
        kept = {"games": dict(sorted(self.games.items()))} if self.games else {}
        return json.dumps({"printkit": __version__, "outputs": dict(sorted(self.entries.items())), **kept}, indent=1)

    def _name(self, path: Path) -> str:
        return path.relative_to(self.out).as_posix()


def plain_name(name) -> bool:
    """Whether an entry's name is one a build writes: a relative path, a game's folder then the
    file, with no `..`, no empty part and no name of printkit's own records."""
    if not isinstance(name, str) or "\\" in name or "\0" in name:
        return False
    parts = name.split("/")
    return len(parts) >= 2 and not any(part in ("", ".", "..") for part in parts) and not parts[-1].startswith(".")


def within(out: Path, name: str) -> bool:
    """A plain name whose folders inside `out` are no links: the file is in the output folder."""
    if not plain_name(name):
        return False
    base = os.path.realpath(out)
    folder = os.path.join(base, *name.split("/")[:-1])
    return os.path.realpath(folder) == folder


def _fields(entry: dict) -> list:
    return [entry.get(field) for field in ("key", "pages", "size", "sha256", "plan")]


def _check(name: str, entry: dict) -> str | None:
    """The entry's fields and name, signed with the user's key (None: no key, nothing is trusted)."""
    return signatures.sign(NAME, name, _fields(entry))


def _sound(name: str, entry) -> bool:
    """An entry as printkit wrote it: a page count that is a whole number from 1 to MAX_PAGES,
    and a check that matches under this user's key (so no field was edited, and the entry was
    not moved from another file's name)."""
    if not isinstance(entry, dict) or not signatures.signed(entry.get("check"), NAME, name, _fields(entry)):
        return False
    pages = entry["pages"]
    return isinstance(pages, int) and not isinstance(pages, bool) and 1 <= pages <= MAX_PAGES


def _file_digest(path: Path) -> tuple[int, str] | None:
    """(size, SHA-256) of a regular file; None when there is none."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None  # a folder, a link (to a file of the user's?), or a pipe that would never end
        data = path.read_bytes()
    except OSError:
        return None
    return len(data), hashlib.sha256(data).hexdigest()


def _of(name: str, games: set[str]) -> bool:
    """Whether a recorded output is in one of the games' folders ("SLUG/de" is a game's in German)."""
    return any(name.startswith(game + "/") for game in games)
