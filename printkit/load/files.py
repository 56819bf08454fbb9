"""Reading the designer's files (content, templates, printkit.yaml): regular files only, of a
bounded size, as UTF-8 text; a bad byte or a control character is a problem at its line. A file
reached through a link out of the folder it belongs to is refused before it is opened."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from printkit.ground.errors import Problem, PrintkitError

MAX_BYTES = 4 * 1024 * 1024  # far beyond any real content file; a bigger one is a mistake
CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # what no text file should hold


def read_text(path: Path, shown_as: str, limit: int = MAX_BYTES, within: Path | None = None,
              what: str = "the game's folder") -> str:
    """The file's text, at most `limit` bytes. A missing file raises FileNotFoundError (the caller
    words it); anything else that is wrong with it raises a PrintkitError naming the file (and line).
    `within`: the folder the file must be in, through any link (`what` names it), checked before
    the file is opened: a link out of it is refused, its target never read."""
    if within is not None:
        confine(path, within, shown_as, what)
    data = _read_bytes(path, shown_as, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise PrintkitError([Problem(shown_as, line, f"not UTF-8 text (byte 0x{data[error.start]:02x}); "
                                                     f"save the file as UTF-8")]) from None


def confine(path: Path, within: Path, shown_as: str, what: str = "the game's folder") -> None:
    """Raises unless `path`, with every link on its way resolved, is inside `within` (a game's
    folder, resolved as its other files' are; the project, for printkit.yaml): the check made before
    a file is opened, so no file out of the project is read, nor quoted in a message."""
    if os.path.lexists(path) and not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(within)):
        raise PrintkitError([Problem(shown_as, None, f"is a link to a file outside {what}")])


def check_controls(text: str, shown_as: str) -> None:
    """A NUL, a bell or the like: an error at its line, not an empty box somewhere in print."""
    found = CONTROLS.search(text)
    if found:
        message = f"control character U+{ord(found.group()):04X} is not allowed in a text file"
        raise PrintkitError([Problem(shown_as, line_at(text, found.start()), message)])


def line_at(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def _read_bytes(path: Path, shown_as: str, limit: int = MAX_BYTES) -> bytes:
    """Opened without blocking, so a FIFO is refused instead of waiting for a writer forever."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise
    except OSError as error:
        raise PrintkitError([Problem(shown_as, None, f"cannot read: {error.strerror or error}")]) from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a pipe or device"
            raise PrintkitError([Problem(shown_as, None, f"is {kind}, not a file")])
        with os.fdopen(os.dup(handle), "rb") as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise PrintkitError([Problem(shown_as, None, f"cannot read: {error.strerror or error}")]) from None
    finally:
        os.close(handle)
    if len(data) > limit:
        raise PrintkitError([Problem(shown_as, None, f"is larger than {limit // 2**20} MB")])
    return data
