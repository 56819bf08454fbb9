"""A whole build with nothing to draw, answered before any game is loaded.

A whole build of a game (no --only, no choices, no --force) is made from files: the game's content
folder, the project's templates and printkit's own, the options (printkit.yaml's and the command
line's), printkit's code and fonts, and the installed packages. After one, the manifest records for
each game the digest of all of them (`sources`) and the files the build made, in order
(`Manifest.note_whole`). A later whole build that finds the same digest, and every one of those
files on disk as it was written, has nothing to draw: it says so from the manifest without loading
content, templates, ReportLab or Jinja (issue 26: a rebuild with nothing changed costs less than
drawing a page). Anything else, or any doubt, is the ordinary build, which checks each file.

The digest is taken before the build loads anything, so an edit made while a build runs is found
by the next one. It is conservative: a symlink in a game's folder, a plug-in's game, or more files
than MOST_FILES leave it to the ordinary build; a package installed or removed (a new ReportLab, a
plug-in) changes the folders of `sys.path` and so the digest.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from dataclasses import asdict
from pathlib import Path

from printkit.ground import bundled
from printkit.ground.bundled import PACKAGE
from printkit.pipeline import manifest
from printkit.pipeline.write import recover

MOST_FILES = 20_000  # files a game's sources may have for a build to be answered from its digest
MOST_BYTES = 256 * 2**20  # and bytes: beyond them, comparing costs what the ordinary build does


def files(content: Path, slugs: list[str]) -> dict[str, str]:
    """The digest of the files each game is made from (its content, the templates), with
    printkit's code and the installed packages, before any option is named (`keyed`)."""
    common = hashlib.sha256(json.dumps([manifest.code_digest(), _installed()]).encode("utf-8"))
    budget = [MOST_FILES, MOST_BYTES]
    # the words of a game's other languages: the catalogs, the project's and printkit's (each such
    # game's slug, SLUG/LANG, names its language)
    for name, folder in (("templates", content.parent / "templates"), ("printkit", bundled.templates()),
                         ("locale", content.parent / "locale"), ("printkit locale", PACKAGE / "locale")):
        common.update(f"\0{name}\0".encode())
        if not _folder(folder, folder, common, budget):
            return {}
    found = {}
    for slug in slugs:
        digest, folder = common.copy(), content / slug
        digest.update(f"\0content\0{slug}\0".encode())
        if folder.is_dir() and _folder(folder, folder, digest, budget):
            found[slug] = digest.hexdigest()
    return found


def keyed(found: dict[str, str], options: dict) -> dict[str, str]:
    """Each game's files digest (`files`) with the options it is printed with."""
    settings = json.dumps(options, sort_keys=True, default=str)
    return {slug: hashlib.sha256(f"{settings}\0{digest}".encode("utf-8")).hexdigest() for slug, digest in found.items()}


def on_every_paper(options) -> dict:
    """The options validate plans with: these, on every paper."""
    return {**asdict(options), "paper": "every"}


EVERYWHERE = "(every file, on every paper)"  # a game noted in the page cache as planned whole: see validated


def validated(content: Path, slugs: list[str], options, found: dict[str, str] | None = None) -> dict[str, int]:
    """The games a build has noted (in the page cache, read only) as planned whole, every file
    without a problem on every paper, from the sources they have now and these options: each with
    its number of products. `validate` need not load them. (A build notes a game where it can
    tell: see printkit.pipeline.everywhere.note_everywhere.) `found`: their `files`, taken already."""
    from printkit.pipeline import cache

    digests = keyed(of(found, slugs) if found is not None else files(content, slugs), on_every_paper(options))
    cache.use(cache.default_folder(), write=False)
    products = {slug: cache.planned(f"{slug} {EVERYWHERE}", digest) for slug, digest in digests.items()}
    return {slug: count for slug, count in products.items() if count is not None}


def _folder(root: Path, folder: Path, digest, budget: list[int]) -> bool:
    """Every file below `folder` (name, size, bytes) into `digest`; False where the sources cannot
    be read whole within the budget, or hold a symlink (its target may be anywhere): the folder
    itself too, which is looked at (lstat) before anything in it is listed or opened."""
    if os.path.islink(folder):
        return False  # a linked game or templates folder: the ordinary build refuses what it must
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except FileNotFoundError:
        digest.update(b"absent\0")
        return folder == root  # a project with no templates/ of its own
    except OSError:
        return False
    for entry in entries:
        try:
            status = entry.stat(follow_symlinks=False)
        except OSError:
            return False
        if stat.S_ISDIR(status.st_mode):
            digest.update(f"dir\0{Path(entry.path).relative_to(root).as_posix()}\0".encode())
            if not _folder(root, Path(entry.path), digest, budget):
                return False
        elif stat.S_ISREG(status.st_mode):
            budget[0] -= 1
            budget[1] -= status.st_size
            if budget[0] < 0 or budget[1] < 0:
                return False
            try:
                data = _read_regular(entry.path)
            except OSError:
                return False
            digest.update(f"file\0{Path(entry.path).relative_to(root).as_posix()}\0{len(data)}\0".encode())
            digest.update(data)
        else:
            return False  # a symlink, a pipe, a socket
    return True


def _read_regular(path: str) -> bytes:
    """A file's bytes, opened only if it is (still) a regular file, not a link put there since."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(handle, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise OSError("not a regular file")
        return file.read()


def _installed() -> list:
    """The folders packages are installed in, as they are now: installing or removing any package
    (a plug-in, a new ReportLab) changes its folder's modification time."""
    found = []
    for entry in (entry for entry in sys.path if Path(entry).name in ("site-packages", "dist-packages")):
        try:
            found.append([entry, os.stat(entry).st_mtime_ns])
        except OSError:
            found.append([entry, None])
    return found


def of(found: dict[str, str], slugs: list[str]) -> dict[str, str]:
    """The digests `files` found (for these games and maybe more), of these games."""
    return {slug: found[slug] for slug in slugs if slug in found}



def whole_build(content: Path, out: Path, slugs: list[str], options,
                found: dict[str, str] | None = None) -> list[tuple[Path, int]] | None:
    """The files (path, pages) the last whole build of these games made, when nothing they are
    made from has changed since and each is on disk as it was written; else None. `found`: their
    `files`, taken already (the command takes them once, before anything is read)."""
    digests = keyed(of(found, slugs) if found is not None else files(content, slugs), asdict(options))
    if len(digests) != len(slugs):
        return None
    recover(out)  # an interrupted build's renames rolled back before the manifest is read, as a build does
    record = manifest.Manifest(out, quiet=True)  # a bad one: the ordinary build says so
    if any(record.noted_whole(slug, digest) is None for slug, digest in digests.items()):
        return None  # an edit: found before any output is read
    found = []
    for slug in slugs:
        made = record.whole_if_fresh(slug, digests[slug])
        if made is None:
            return None
        found += made
    return found
