"""A project is the designer's folder: `printkit.yaml` (how it prints), `content/` (a folder a
game) and `templates/` (the words, over printkit's own). A command finds it as git finds its
repository: the working folder or the nearest folder above it that holds printkit.yaml; or it
is given (`--project DIR`, or the older `--content DIR`, whose parent is the project)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from printkit.ground.errors import Problem, PrintkitError, UsageError

FILE = "printkit.yaml"
# What printkit writes itself in the output folder beside the games' folders: no game may be named so.
OWN_OUTPUTS = {"calibration": "`printkit calibrate`", "preview": "`printkit preview`",
               "index.html": "`printkit preview`", "shops": "`printkit export`"}


def find(start: Path) -> Path:
    """The project a command run in `start` works on: the nearest folder from `start` upwards
    holding printkit.yaml; `start` itself when none does (a folder with content/ and no settings yet)."""
    start = start.resolve()
    return next((folder for folder in (start, *start.parents) if (folder / FILE).is_file()), start)


def content_folder(project: str | None, content: str | None) -> Path:
    """The content folder of the project given on the command line, or found from the working folder."""
    if content is not None:
        return Path(content)
    if project is None:
        return find(Path.cwd()) / "content"
    if not Path(project).is_dir():
        raise UsageError(f"--project {project}: no such folder")
    return Path(project) / "content"


def own_output(content: Path, *below: str) -> Path:
    """The project's output folder (`output/`, or a folder in it such as `output/shops/tts`), where
    a command writes when no --out is given: refused while any part of it is a link, which may lead
    to a folder of the user's (a stranger's kit may ship one), before anything is read or written."""
    root = content.parent
    folder = root.joinpath("output", *below)
    refuse_links([folder], root)
    return folder


LINKED = "is a link; printkit writes nothing through a link (remove it: printkit makes a folder of its own there)"


def refuse_links(paths, within: Path) -> None:
    """One problem for each link on the way from `within` (not itself: the user's choice) down to
    each of `paths` (themselves too): an output is never written, replaced or removed through one."""
    found = dict.fromkeys(link for path in paths if (link := first_link(path, within)) is not None)
    if found:
        raise PrintkitError([Problem(shown_link(link), None, LINKED) for link in found])


def first_link(path: Path, within: Path) -> Path | None:
    """The first part of `path` below `within` that is a link (lstat: nothing is followed); None
    when every part there is (so far as it exists) a real folder or file."""
    here, target = Path(os.path.abspath(within)), Path(os.path.abspath(path))
    try:
        parts = target.relative_to(here).parts
    except ValueError:  # not below it: only the file itself is the command's to check
        here, parts = target.parent, (target.name,)
    for part in parts:
        here = here / part
        try:
            if stat.S_ISLNK(os.lstat(here).st_mode):
                return here
        except OSError:
            return None  # not there yet: printkit makes it
    return None


def shown_link(path: Path) -> str:
    """A link as printkit names it: where it is, relative to the working folder (never resolved,
    which would name where it leads)."""
    try:
        return str(Path(os.path.abspath(path)).relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def required(content: Path) -> Path:
    """The content folder, which a command that reads the games needs."""
    if content.is_dir():
        return content
    hint = "" if (content.parent / FILE).is_file() else \
        f" (no {FILE} here or in a folder above: `printkit new DIR` makes a project)"
    raise UsageError(f"content folder not found: {shown(content)}{hint}")


def shown(path: Path) -> str:
    """A path as printkit prints it: relative to the working folder when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


MOST_FOLDERS = 200  # deep enough for any output folder; 1,100 broke Python's own recursion


def check_out(out: Path, content: Path, folder: bool = True) -> None:
    """Where a command may write (`--out`): never into the project's content/ or templates/, nor
    over the project itself (its folder, or a folder holding it, where a game's folder could be
    the project's); and not so deep that no system could make it."""
    resolved, root = out.resolve(), content.resolve().parent
    shown_out = str(out) if len(str(out)) <= 80 else f"{str(out)[:60]}..."
    if len(resolved.parts) > MOST_FOLDERS:
        raise UsageError(f"--out {shown_out}: {len(resolved.parts):,} folders deep (at most {MOST_FOLDERS})")
    for own in (root / "content", content.resolve(), root / "templates"):
        if resolved.is_relative_to(own):
            raise UsageError(f"--out {shown_out}: would write into {shown(own)}, the project's own files")
    is_project = (root / FILE).is_file() or content.is_dir()
    if folder and is_project and root.is_relative_to(resolved):
        raise UsageError(f"--out {shown_out}: would write over the project ({FILE}, content/ and templates/ "
                         f"in {shown(root).rstrip('/')}/)")
