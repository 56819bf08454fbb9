"""One file's bytes, read with bounds: a regular file only (a FIFO is refused, not waited on), of
at most so many bytes, and, for printkit's own state files, never through a link. What is wrong is
a ValueError worded to follow the file's name; the caller says whose file it is."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def read_bounded(path: Path, limit: int, follow: bool = True) -> bytes:
    """An asset's bytes (an image, a font, a drawing, a workbook), at most `limit` of them. Opened
    without blocking, so a FIFO is refused instead of waited on. Raises ValueError with what is
    wrong, worded to follow the file's name ("is missing", "is larger than 64 MB"). `follow=False`
    (printkit's own state files): a link there is refused, not opened ("is a link")."""
    nofollow = 0 if follow else getattr(os, "O_NOFOLLOW", 0)
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | nofollow)
    except (FileNotFoundError, NotADirectoryError):
        raise ValueError("is missing") from None
    except OSError as error:
        if nofollow and os.path.islink(path):
            raise ValueError("is a link") from None
        raise ValueError(f"cannot be read: {error.strerror or error}") from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise ValueError("is not a file")
        with os.fdopen(os.dup(handle), "rb") as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise ValueError(f"cannot be read: {error.strerror or error}") from None
    finally:
        os.close(handle)
    if len(data) > limit:
        raise ValueError(f"is larger than {limit // 2**20} MB")
    return data
